"""Round trips of game positions (docs/game-positions.md): text -> position ->
text and position -> game -> position at every move of seeded 2-player games
between a random and a greedy player, seen from both seats, a third of the
states with the other seat's cards. Prints one JSON object (states, failures,
seconds, the phases met); run it in the background with ``nice``.

    python benches/game_positions_roundtrip.py --states 100000

The CI test (tests/notation/test_position_roundtrip.py) runs the first 2,000.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter
from collections.abc import Iterator

from cribbage_fast import Game, GreedyPlayer, RandomPlayer
from cribbage_fast.records import parse_position, write_position


def states(count: int, seed: int = 0) -> Iterator[tuple[Game, int, bool]]:
    """`count` (game, seat, reveal) states: before every move of games seeded
    from `seed` on (random against greedy, seats swapped every other game),
    from both seats; the same object `game` moves on between yields."""
    made = 0
    for game_seed in itertools.count(seed):
        players = [RandomPlayer(seed=game_seed), GreedyPlayer()]
        if game_seed % 2:
            players.reverse()
        game = Game(2, seed=game_seed)
        while not game.is_over:
            for seat in (0, 1):
                yield game, seat, (made + game_seed) % 3 == 0
                made += 1
                if made >= count:
                    return
            game.step(players[game.to_move])


def check_state(game: Game, seat: int, reveal: bool, seed: int) -> None:
    """Both round trips of one state; an AssertionError names the text."""
    position = game.position(seat=seat, reveal=reveal)
    text = write_position(position)
    again = parse_position(text)
    assert again == position, text
    assert write_position(again) == text, text
    continued = Game.from_position(position, seed=seed)
    assert continued.position(seat=seat, reveal=reveal) == position, text
    assert continued.scores == game.scores, text
    assert continued.hand(seat) == game.hand(seat), text
    if reveal:
        assert continued.hand(1 - seat) == game.hand(1 - seat), text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    failures: list[str] = []
    phases: Counter[str] = Counter()
    for k, (game, seat, reveal) in enumerate(states(args.states, args.seed)):
        phases[f"{game.phase}, {'mover' if seat == game.to_move else 'other'}"] += 1
        try:
            check_state(game, seat, reveal, seed=k)
        except Exception as err:
            failures.append(f"{type(err).__name__}: {err}")
    print(
        json.dumps(
            {
                "states": args.states,
                "seed": args.seed,
                "failures": len(failures),
                "first_failures": failures[:5],
                "seconds": round(time.perf_counter() - start, 1),
                "phases": dict(phases),
            }
        )
    )


if __name__ == "__main__":
    main()
