"""The shipped puzzles re-checked at a larger budget with the master's
play-outs (docs/puzzles.md, "Measured"): every ``--step``-th puzzle of the
shipped set, up to ``--puzzles``, is hinted from its position at the largest
budget a hint takes (100,000 samples, 2.4 times the default), half the
default precision and the master as the play-out policy, each with its own
seed (1000 + i); a puzzle keeps its answer when the hint's best move is the
answer (in the play, a lay of the same rank). The puzzles are shared among
``--workers`` processes (the results do not depend on how many). ``--first``
starts the sample at that puzzle and numbers the seeds on from it, so runs over
parts of a set (``--first 0`` and ``--first 10000``, ``--step 10``) give what one
run over the whole would. Prints one JSON line a puzzle and a summary with its
Wilson interval.

Reproducing::

    nice python benches/puzzles_recheck.py --puzzles 1000 --step 10 --workers 2
    nice python benches/puzzles_recheck.py --puzzles 1000 --step 10 --first 10000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from typing import Any

from analysis_measure import wilson

from cribbage_fast import Move
from cribbage_fast.analysis import hint
from cribbage_fast.analysis.settings import DEFAULTS, MAX_BUDGET
from cribbage_fast.puzzles import Puzzle, read_puzzles, shipped_puzzles, solves
from cribbage_fast.records import parse_position


def recheck(job: tuple[int, Puzzle]) -> dict[str, Any]:
    """One puzzle's re-check, with the seed of its place in the sample."""
    i, p = job  # i: the puzzle's place in the whole sample
    h = hint(
        parse_position(p.position),
        budget=MAX_BUDGET,
        precision=DEFAULTS.precision / 2,
        policy="master",
        seed=1000 + i,
    )
    same = solves(p, Move.from_dict(h.best.move))
    return {"i": i, "answer": p.answer, "best": h.best.action, "same": same}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--step", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first puzzle sampled")
    parser.add_argument("--file", help="a puzzle file (default: the shipped set)")
    args = parser.parse_args()
    puzzles = read_puzzles(args.file).puzzles if args.file else shipped_puzzles().puzzles
    if args.first % args.step:
        parser.error("--first must be a multiple of --step")
    chosen = puzzles[args.first :: args.step][: args.puzzles]
    offset = args.first // args.step
    kept, start = 0, time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for line in pool.imap(recheck, enumerate(chosen, offset)):
            kept += line["same"]
            print(json.dumps(line), flush=True)
    low, high = wilson(kept, len(chosen))
    seconds = time.perf_counter() - start
    summary = {"puzzles": len(chosen), "kept": kept, "wilson95": [low, high], "seconds": seconds}
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
