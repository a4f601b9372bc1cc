"""Round trip of simulated games through the text notation (docs/notation.md):
record -> text -> record -> ``Game.replay``, the JSON byte-identical. Prints one
JSON object (games, failures, seconds); run it in the background with ``nice``.

    python benches/notation_roundtrip.py --games 100000

Game ``i`` (`simulated_game`): 2, 3 or 4 players (``i % 3``), muggins on when
``i // 3`` is odd (the counts are sloppy and the claims sometimes wrong, so
counts, claims and muggins points all occur), the first dealer cut for when
``i % 5 == 0`` else seat ``i % players``, greedy and random bots, and every
fourth game played at a "real table": each deal supplied (`Game.supply_deal`),
its starter sometimes left to the engine. The CI test
(tests/notation/test_roundtrip.py) runs the first few thousand.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

from cribbage_fast import Card, Game, GreedyPlayer, Player, RandomPlayer
from cribbage_fast.records import read, write_text


class Sloppy(Player):
    """A bot's discards and lays; with muggins, counts that sometimes miss
    points and claims that are sometimes wrong."""

    def __init__(self, bot: Any, rng: random.Random) -> None:
        self.bot, self.rng = bot, rng

    def discard(self, view: Any) -> Any:
        return self.bot.discard(view)

    def play(self, view: Any) -> Any:
        return self.bot.play(view)

    def count(self, view: Any) -> int:
        return max(0, int(view.show_value) - self.rng.choice([0, 0, 0, 1, 2, 4]))

    def claim(self, view: Any) -> int:
        missed = int(view.claimable)
        return int(self.rng.choice([missed, missed, 0, missed // 2, missed + 2]))


def _supply(game: Game, rng: random.Random) -> None:
    """Deals the current deal from a shuffled deck, as at a real table."""
    deck = [Card.from_index(i) for i in range(52)]
    rng.shuffle(deck)
    size = 6 if game.num_players == 2 else 5
    hands = [
        " ".join(str(c) for c in deck[s * size : (s + 1) * size]) for s in range(game.num_players)
    ]
    rest = deck[game.num_players * size :]
    starter = rest[0] if rng.random() < 0.75 else None
    crib_card = rest[1] if game.num_players == 3 else None  # three players: required
    game.supply_deal(hands, starter=starter, crib_card=crib_card)


def simulated_game(index: int) -> Game:
    """Game `index` of the round trip (see the module's docstring)."""
    n = 2 + index % 3
    rng = random.Random(index)
    game = Game(
        n,
        seed=index,
        muggins=(index // 3) % 2 == 1,
        first_dealer=None if index % 5 == 0 else index % n,
    )
    bots = [GreedyPlayer() if (seat + index) % 2 else RandomPlayer(seed=index) for seat in range(n)]
    players = [Sloppy(bot, rng) for bot in bots]
    if index % 4 != 3:
        game.play(players)
        return game
    supplied = 0
    while not game.is_over:
        if game.deal_number != supplied:
            _supply(game, rng)
            supplied = game.deal_number
        game.step(players[game.to_move or 0])
    return game


def round_trip(record: dict[str, Any]) -> bool:
    """record -> text -> record -> replay: the same JSON bytes?"""
    back = read(write_text(record)).game.to_record()
    Game.replay(back)
    return json.dumps(back) == json.dumps(record)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument(
        "--every", type=int, default=0, help="Also print a progress line every N games."
    )
    args = parser.parse_args()
    failures: list[int] = []
    started, cpu = time.perf_counter(), time.process_time()
    load = os.getloadavg()[0]
    bar: Any = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.games, desc="games", file=sys.stderr)
    for i in range(args.start, args.start + args.games):
        if not round_trip(simulated_game(i).to_record()):
            failures.append(i)
        if bar is not None:
            bar.update(1)
        done = i + 1 - args.start
        if args.every and done % args.every == 0:
            print(json.dumps({"done": done, "failures": len(failures)}), flush=True)
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "games": args.games,
                "start": args.start,
                "failures": len(failures),
                "failed_games": failures[:20],
                "wall_seconds": round(seconds, 1),
                "cpu_seconds": round(time.process_time() - cpu, 1),
                "load_before": load,
                "load_after": os.getloadavg()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
