"""ISMCTS against the greedy baseline: win rate with a 95% Wilson interval.

    python -m cribbage_fast.examples.ismcts --games 400 --iterations 200

Seats and the first dealer alternate so neither side gets the better draw.
"""

from __future__ import annotations

import argparse
import math
import time

from cribbage_fast import Game, GreedyPlayer, PlayerProtocol
from cribbage_fast.agents import ISMCTSPlayer, play_with_search


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


def match(games: int, iterations: int, seed: int = 0) -> tuple[int, int]:
    """(ISMCTS wins, games) over `games` 2-player games to 121."""
    wins = 0
    for g in range(games):
        seat = g % 2
        search = ISMCTSPlayer(iterations, seed=seed + g)
        players: list[PlayerProtocol] = [search, GreedyPlayer()]
        if seat == 1:
            players.reverse()
        game = Game(2, seed=seed + 1000 + g, first_dealer=(g // 2) % 2, record=False)
        winner, _ = play_with_search(game, players)
        wins += winner == seat
    return wins, games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    wins, games = match(args.games, args.iterations, args.seed)
    low, high = wilson(wins, games)
    seconds = (time.perf_counter() - start) / max(games, 1)
    print(
        f"ISMCTS ({args.iterations} iterations, {4 * args.iterations} for discards) "
        f"vs greedy: {wins}/{games} = {wins / games:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}), {seconds:.2f} s per game"
    )


if __name__ == "__main__":
    main()
