"""ISMCTS against the greedy baseline: win rate with a 95% Wilson interval.

Example:

    python -m cribbage_fast.examples.ismcts --games 400 --iterations 200

Seats and the first dealer alternate so neither side gets the better draw.
A game takes about half a second at 200 iterations; a progress bar shows on a
terminal, and Ctrl-C stops with the games played so far.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Iterator

from cribbage_fast._core import GreedyPlayer
from cribbage_fast._util.progress import progress
from cribbage_fast.examples import parser as example_parser
from cribbage_fast.games.agents import ISMCTSPlayer, play_with_search
from cribbage_fast.games.game import Game, PlayerProtocol


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def results(games: int, iterations: int, seed: int = 0) -> Iterator[bool]:
    """Whether ISMCTS won, game by game, over `games` 2-player games to 121.

    >>> won = list(results(2, iterations=5, seed=1))
    >>> len(won), all(isinstance(w, bool) for w in won)
    (2, True)
    """
    for g in range(games):
        seat = g % 2
        search = ISMCTSPlayer(iterations, seed=seed + g)
        players: list[PlayerProtocol] = [search, GreedyPlayer()]
        if seat == 1:
            players.reverse()
        game = Game(2, seed=seed + 1000 + g, first_dealer=(g // 2) % 2, record=False)
        winner, _ = play_with_search(game, players)
        yield winner == seat


def match(games: int, iterations: int, seed: int = 0) -> tuple[int, int]:
    """(ISMCTS wins, games) over `games` 2-player games to 121."""
    return sum(results(games, iterations, seed)), games


def main(argv: list[str] | None = None) -> None:
    parser = example_parser("ismcts", __doc__)
    parser.add_argument("--games", type=int, default=200, help="games to play")
    parser.add_argument(
        "--iterations",
        type=int,
        default=200,
        help="ISMCTS iterations per play decision, 4 times as many per discard",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and the search")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1 or args.seed < 0:
        parser.error("--games and --iterations must be at least 1, --seed at least 0")
    start = time.perf_counter()
    wins = games = 0
    with progress(args.games, "ISMCTS vs greedy", unit="game") as bar:
        try:
            for won in results(args.games, args.iterations, args.seed):
                wins, games = wins + won, games + 1
                bar.update(1)
        except KeyboardInterrupt:
            print(f"\ninterrupted after {games} of {args.games} games", file=sys.stderr)
    if games == 0:
        sys.exit(130)
    low, high = wilson(wins, games)
    seconds = (time.perf_counter() - start) / games
    print(
        f"ISMCTS ({args.iterations} iterations, {4 * args.iterations} for discards) "
        f"vs greedy: {wins}/{games} = {wins / games:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}), {seconds:.2f} s per game"
    )


if __name__ == "__main__":
    main()
