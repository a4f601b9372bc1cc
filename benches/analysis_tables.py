"""Game analysis at a table of three and of four (docs/analysis.md, "Three
players and partnerships").

``identity`` analyses 3-player games and partnership games (seat ``s`` plays
Expert, greedy, random, Expert by ``(i + s) % 4``; game ``i`` seeded
``SEED + i``) and checks, for every side, start + skill + luck + others'
errors = result to 1e-9, writing one JSON line a game: the worst gap and the
CPU seconds.

``errors`` puts each bot (random, greedy, Expert, master) in seat 0 of a
3-player game against two Experts (game ``i`` seeded ``SEED + i``, the first
dealer ``i % 3``: every bot meets the same deals) and analyses the game whole
on one thread, writing one JSON line a game: seat 0's unforced decisions,
its win-chance losses, how many lost an inaccuracy's worth (0.02) or more,
its accuracy, the CPU seconds of the analysis and the load average. The
games run interleaved (game 0 of every bot, then game 1, ...), so a run cut
short is balanced; a game already in ``--out`` is skipped, so a run resumes.

``table`` summarises: the identity's worst gap; per bot the share of its
unforced decisions that are errors (loss >= 0.02) with its Wilson interval,
its mean loss a decision (per-game clustered 95% interval) and its mean
accuracy; and the CPU seconds a game (mean, 95% interval, largest).

Reproducing
-----------
::

    nice python benches/analysis_tables.py identity --players 3 --games 1000 \
        --budget 8 --out id3.jsonl
    nice python benches/analysis_tables.py identity --players 4 --games 1000 \
        --budget 8 --out id4.jsonl
    nice python benches/analysis_tables.py errors --games 60 --out err.jsonl
    python benches/analysis_tables.py table --out id3.jsonl --out id4.jsonl --out err.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cribbage_fast as cf
from cribbage_fast import analysis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_measure import players as bot_player
from analysis_measure import ratio_ci, wilson

BOTS = ("random", "greedy", "expert", "master")
#: Game ``i`` is seeded ``SEED + i``: apart from the other analysis benches' seeds.
SEED = 70_000
#: An error: a decision that loses an inaccuracy's worth of chance to win or more.
ERROR = analysis.THRESHOLDS["inaccuracy"]


def _rows(paths: list[Path]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        if path.exists():
            rows += [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return rows


def _append(path: Path, row: dict[str, Any]) -> None:
    with path.open("a") as f:
        f.write(json.dumps(row) + "\n")


def identity(args: argparse.Namespace) -> None:
    out = Path(args.out[0])
    done = {r["game"] for r in _rows([out]) if r.get("players") == args.players}
    mix = ("expert", "greedy", "random", "expert")
    for i in range(args.start, args.start + args.games):
        if i in done:
            continue
        seed = SEED + i
        game = cf.Game(args.players, seed=seed)
        game.play([bot_player(mix[(i + s) % 4], seed + s) for s in range(args.players)])
        t = time.process_time()
        a = analysis.analyze_game(game, seed=i, budget=args.budget, precision=0.05, threads=1)
        cpu = time.process_time() - t
        gaps = [abs(p.start + p.skill + p.luck + p.opponent_errors - p.result) for p in a.players]
        row = {"kind": "identity", "players": args.players, "game": i, "gap": max(gaps)}
        _append(out, {**row, "cpu": cpu, "load": os.getloadavg()[0]})


def errors(args: argparse.Namespace) -> None:
    out = Path(args.out[0])
    done = {(r["bot"], r["game"]) for r in _rows([out]) if r.get("kind") == "errors"}
    bots = args.bots.split(",")
    for i in range(args.start, args.start + args.games):
        for bot in bots:
            if (bot, i) in done:
                continue
            seed = SEED + i
            game = cf.Game(3, seed=seed, first_dealer=i % 3)
            game.play([bot_player(bot, seed), cf.ExpertPlayer(), cf.ExpertPlayer()])
            t = time.process_time()
            a = analysis.analyze_game(game, seed=i, threads=1)
            cpu = time.process_time() - t
            mine = [d for d in a.decisions if d.seat == 0 and not d.forced]
            row = {
                "kind": "errors",
                "bot": bot,
                "game": i,
                "unforced": len(mine),
                "loss": sum(d.win_loss for d in mine),
                "errors": sum(d.win_loss >= ERROR for d in mine),
                "accuracy": a.seat_accuracy[0],
                "won": a.winner == 0,
                "cpu": cpu,
                "load": os.getloadavg()[0],
            }
            _append(out, row)
            print(bot, i, f"{cpu:.1f} s", flush=True)


def _mean_ci(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:.2f} [{m - 1.96 * se:.2f}, {m + 1.96 * se:.2f}]"


def table(args: argparse.Namespace) -> None:
    rows = _rows([Path(p) for p in args.out])
    for players in (3, 4):
        ids = [r for r in rows if r["kind"] == "identity" and r["players"] == players]
        if ids:
            worst = max(r["gap"] for r in ids)
            cpu = [r["cpu"] for r in ids]
            print(f"identity, {players} players: {len(ids)} games, worst gap {worst:.1e}, ", end="")
            print(f"CPU s a game {_mean_ci(cpu)}")
    errs = [r for r in rows if r["kind"] == "errors"]
    if not errs:
        return
    print("| bot | games | unforced | errors (loss >= 0.02), Wilson 95% | mean loss pts, 95% |")
    print("|---|---|---|---|---|")
    for bot in BOTS:
        mine = [r for r in errs if r["bot"] == bot]
        if not mine:
            continue
        n, k = sum(r["unforced"] for r in mine), sum(r["errors"] for r in mine)
        lo, hi = wilson(k, n)
        rate = ratio_ci([r["loss"] for r in mine], [r["unforced"] for r in mine])
        acc = _mean_ci([r["accuracy"] for r in mine])
        print(
            f"| {bot} | {len(mine)} | {n} | {100 * k / n:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] "
            f"| {100 * rate['rate']:.3f} [{100 * rate['low']:.3f}, {100 * rate['high']:.3f}] "
            f"| accuracy {acc} |"
        )
    cpu = [r["cpu"] for r in errs]
    load = [r["load"] for r in errs]
    print(f"CPU s a game at the defaults, one thread: {_mean_ci(cpu)}, largest {max(cpu):.1f}")
    print(f"load (1 min) {min(load):.1f}-{max(load):.1f}, median {statistics.median(load):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("identity", "errors", "table"):
        p = sub.add_parser(name)
        p.add_argument("--out", action="append", required=True)
        if name != "table":
            p.add_argument("--games", type=int, default=20)
            p.add_argument("--start", type=int, default=0)
        if name == "identity":
            p.add_argument("--players", type=int, choices=(3, 4), default=3)
            p.add_argument("--budget", type=int, default=8)
        if name == "errors":
            p.add_argument("--bots", default=",".join(BOTS))
    args = parser.parse_args()
    {"identity": identity, "errors": errors, "table": table}[args.command](args)


if __name__ == "__main__":
    main()
