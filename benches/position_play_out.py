"""A hint's equity against play-outs from the same position (docs/
game-positions.md): for discard positions of the pone, who discards first
(the opponent's six are then drawn the same way by both), the hint's equity
for its best discard (default settings) and the Expert-vs-Expert win rate
over ``--games`` play-outs of the position after that discard. Prints
one JSON line per position and a summary (the differences in standard
errors, the hint's and the play-out's together); run it with ``nice``.

    python benches/position_play_out.py --positions 12 --games 20000

The CI test (tests/review/test_play_out.py) checks one position at 3,000 games.
"""

from __future__ import annotations

import argparse
import json
import math
import time

from cribbage_fast import Game, hint, play_out
from cribbage_fast.records import parse_position, write_position

#: Boards spanning the game (seat 0 deals, seat 1 discards first).
BOARDS = ((0, 0), (60, 70), (90, 85), (100, 104), (110, 100), (115, 117))


def positions(count: int) -> list[str]:
    """`count` discard positions: the pone's six of seeded deals on the boards."""
    texts = []
    for i in range(count):
        first = Game(2, seed=1000 + i, first_dealer=0).position()
        board = BOARDS[i % len(BOARDS)]
        rest = write_position(first).split(" ", 1)[1]
        texts.append(f"{board[0]}-{board[1]}/121 {rest}")
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args()
    z_scores = []
    for text in positions(args.positions):
        began = time.perf_counter()
        p = parse_position(text)
        h = hint(p)
        after = Game.from_position(p, seed=0)
        after.discard(h.best.move["cards"])
        stats = play_out(after.position(seat=1), ("expert", "expert"), games=args.games, seed=1)
        rate = stats.win_rates[1]
        se = math.sqrt(rate * (1 - rate) / stats.games + h.best.stderr**2)
        z = (h.best.equity - rate) / se
        z_scores.append(z)
        row = {
            "position": text,
            "best": h.best.action,
            "hint": round(h.best.equity, 4),
            "hint_se": round(h.best.stderr, 4),
            "play_out": round(rate, 4),
            "interval": [round(x, 4) for x in stats.win_intervals[1]],
            "z": round(z, 2),
            "seconds": round(time.perf_counter() - began, 1),
        }
        print(json.dumps(row), flush=True)
    n = len(z_scores)
    summary = {
        "positions": n,
        "games_each": args.games,
        "mean_z": round(sum(z_scores) / max(n, 1), 2),
        "within_2se": sum(abs(z) < 2 for z in z_scores),
        "max_abs_z": round(max((abs(z) for z in z_scores), default=0.0), 2),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
