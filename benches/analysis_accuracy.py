"""Does accuracy order the bots? (docs/analysis-method.md, "Accuracy").

Each built-in bot (random, greedy, Expert, master) plays seat 0 against the
Expert in seat 1; game ``i`` is seeded ``SEED + i`` with the first deal
alternating (``first_dealer = i % 2``), so every bot meets the same deals
(common random numbers), and every game is analysed whole at the default
settings (analysis seed ``i``). The games run interleaved (game 0 of every
bot, then game 1, ...), so a run cut short is balanced. Each game writes one
JSON line (appended to ``--out``; a game already there is skipped, so a run
resumes): both seats' accuracy, unforced decisions and win-chance error rate,
the winner, the CPU seconds of its analysis and the load average.

``table`` prints, per bot, the mean accuracy over games with its 95%
interval (mean ± 1.96 standard errors of the per-game figures), the Expert's
accuracy in the same games, the error rate (per-game clustered interval) and
the win rate (Wilson); then each stronger bot's paired difference from the
one below it on the same seeds.

Reproducing
-----------
The table of docs/analysis-method.md ("Accuracy orders the bots"), then the
Expert and the master on more games (each run may be split by ``--start``
into processes writing their own files, all given to ``table``)::

    nice python benches/analysis_accuracy.py run --games 200 --out acc.jsonl
    python benches/analysis_accuracy.py table --out acc.jsonl
    nice python benches/analysis_accuracy.py run --games 400 --start 200 \
        --bots expert,master --out more.jsonl
    python benches/analysis_accuracy.py table --out acc.jsonl --out more.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from cribbage_fast import analysis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_measure import play, ratio_ci, wilson

BOTS = ("random", "greedy", "expert", "master")
#: Game ``i`` is seeded ``SEED + i``: apart from the other analysis benches' seeds.
SEED = 60_000


def _done(path: Path) -> set[tuple[str, int]]:
    if not path.exists():
        return set()
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {(r["bot"], r["game"]) for r in rows}


def _row(bot: str, i: int) -> dict[str, Any]:
    game = play(bot, "expert", SEED + i)
    cpu = time.process_time()
    a = analysis.analyze_game(game, seed=i)
    me, them = a.players
    return {
        "bot": bot,
        "game": i,
        "accuracy": me.accuracy,
        "expert_accuracy": them.accuracy,
        "unforced": me.unforced,
        "error_rate": me.error_rates["win"],
        "won": a.winner == 0,
        "cpu": time.process_time() - cpu,
        "load": os.getloadavg()[0],
    }


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = _done(out)
    with out.open("a") as log:
        for i in range(args.start, args.start + args.games):
            for bot in args.bots.split(","):
                if (bot, i) in done:
                    continue
                log.write(json.dumps(_row(bot, i)) + "\n")
                log.flush()


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, mean - half, mean + half


def _rows(paths: list[str]) -> dict[str, dict[int, dict[str, Any]]]:
    by_bot: dict[str, dict[int, dict[str, Any]]] = {}
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                by_bot.setdefault(r["bot"], {})[r["game"]] = r
    return by_bot


def table(args: argparse.Namespace) -> None:
    by_bot = _rows(args.out)
    bots = [b for b in BOTS if b in by_bot]
    print(
        "| bot | games | unforced decisions | accuracy (95% interval) "
        "| the Expert's accuracy in the same games | error rate, win chance (95% interval) "
        "| wins against the Expert (95% Wilson) |"
    )
    print("|---|---|---|---|---|---|---|")
    for bot in bots:
        rows = list(by_bot[bot].values())
        acc, lo, hi = _mean_ci([r["accuracy"] for r in rows])
        exp, elo, ehi = _mean_ci([r["expert_accuracy"] for r in rows])
        counts = [r["unforced"] for r in rows]
        rate = ratio_ci([r["error_rate"] * r["unforced"] for r in rows], counts)
        wins = sum(r["won"] for r in rows)
        wlo, whi = wilson(wins, len(rows))
        print(
            f"| {bot} | {len(rows)} | {sum(counts):,} | **{acc:.2f}** ({lo:.2f}-{hi:.2f}) "
            f"| {exp:.2f} ({elo:.2f}-{ehi:.2f}) "
            f"| {100 * rate['rate']:.2f} ({100 * rate['low']:.2f}-{100 * rate['high']:.2f}) "
            f"| {100 * wins / len(rows):.1f}% ({100 * wlo:.1f}-{100 * whi:.1f}) |"
        )
    print()
    print("| paired on the same seeds | games | accuracy difference (95% interval) |")
    print("|---|---|---|")
    for weaker, stronger in itertools.pairwise(bots):
        both = sorted(set(by_bot[weaker]) & set(by_bot[stronger]))
        diffs = [by_bot[stronger][i]["accuracy"] - by_bot[weaker][i]["accuracy"] for i in both]
        d, lo, hi = _mean_ci(diffs)
        print(f"| {stronger} - {weaker} | {len(both)} | {d:+.2f} ({lo:+.2f} to {hi:+.2f}) |")
    everything = [r for bot in bots for r in by_bot[bot].values()]
    cpu = _mean_ci([r["cpu"] for r in everything])
    load = [r["load"] for r in everything]
    print()
    print(
        f"CPU seconds per game analysed: {cpu[0]:.2f} ({cpu[1]:.2f}-{cpu[2]:.2f}); "
        f"1-minute load average during the run {min(load):.1f}-{max(load):.1f} "
        f"(median {statistics.median(load):.1f}) on {os.cpu_count()} cores."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play and analyse games, one JSON line each")
    r.add_argument("--games", type=int, default=200)
    r.add_argument("--start", type=int, default=0)
    r.add_argument("--bots", default=",".join(BOTS))
    r.add_argument("--out", required=True, help="JSON lines, appended (a run resumes)")
    t = sub.add_parser("table", help="the table of one or more runs")
    t.add_argument("--out", action="append", required=True)
    args = parser.parse_args()
    if args.command == "run":
        run(args)
    else:
        table(args)


if __name__ == "__main__":
    main()
