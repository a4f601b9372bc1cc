"""The master's strength with each ingredient switched off, one at a time
(docs/master-method.md, "Ablation"), against the Expert and against the opponent
panel, with common random numbers: every row plays the same seeds.

Each (row, opponent) result is appended to ``--out`` as one JSON line as soon
as it is measured, and a result already there is skipped, so a run cut short
resumes. The panel opponent is the six panel bots in turn, ``--games // 6``
games each (the same seeds for every bot and row). A row is ``default`` or the
name of a `MasterConfig` switch turned from its default: off, or on for the two
that are off by default (``board``, ``pegging_table``).

    python benches/master_ablation.py --games 20000 --out ablation.jsonl
    python benches/master_ablation.py --games 2000 --out a.jsonl --rows default,learning
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from analysis_panel import PANEL

from cribbage_fast import MasterPlayer, master_match

#: The new ingredients first, then the master's older ones.
ROWS = (
    "default",
    "mixture",
    "learning",
    "discard_mixture",
    "lay_inference",
    "discard_inference",
    "go_inference",
    "kept_samples",
    "crib_blind",
    "pegging_table",
    "board",
    "adaptive",
    "search",
)


def measure(opponent: str, row: str, games: int, seed: int, threads: int) -> dict[str, Any]:
    """One opponent (a name, or ``panel``: the six in turn), one row."""
    switches = {} if row == "default" else {row: not MasterPlayer().settings[row]}
    bots = PANEL if opponent == "panel" else (opponent,)
    each = games // len(bots)
    t, c = time.perf_counter(), time.process_time()
    wins, by_bot = 0, {}
    for bot in bots:
        s = master_match(bot, games=each, seed=seed, threads=threads, **switches)
        wins += s.wins[0]
        by_bot[bot] = s.wins[0]
    return {
        "opponent": opponent,
        "row": row,
        "switches": switches,
        "games": each * len(bots),
        "per_bot": each,
        "seed": seed,
        "wins": wins,
        "by_bot": by_bot,
        "seconds": time.perf_counter() - t,
        "cpu_seconds": time.process_time() - c,
        "load": os.getloadavg()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", required=True, help="The JSON-lines file (appended).")
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--opponents", default="expert,panel")
    args = parser.parse_args()
    done = set()
    if os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            for line in f:
                if line.endswith("}\n"):
                    r = json.loads(line)
                    done.add((r.get("opponent"), r.get("row"), r.get("games")))
    for row in args.rows.split(","):
        for opponent in args.opponents.split(","):
            games = args.games - args.games % (6 if opponent == "panel" else 1)
            if (opponent, row, games) in done:
                continue
            rec = measure(opponent, row, args.games, args.seed, args.threads)
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")


if __name__ == "__main__":
    main()
