"""The game analysis on games against the opponent panel (docs/master-method.md,
"The analysis with the robust model"): its calibration, Brier score and error rates when the
opponent is not the Expert.

Game ``i`` (of ``--games``, seed ``--seed``) puts player type ``TYPES[i % 4]``
(random, greedy, Expert, master) against panel bot ``PANEL[(i // 4) % 6]``,
the type in seat ``(i // 24) % 2``; the games are played and analysed in a
seeded random order, so a run cut short leaves an unbiased subset. Each game
writes one JSON line (appended to ``--out``; a game already in it is skipped,
so a run resumes), with every unforced decision's predicted chance to win
(the played action's, the mover's view) and the outcome. ``--old-every K``
analyses every K-th game of the order again with the model before
(``robust_model=False``) for a Brier score on the same games.

    B="python benches/analysis_panel.py run --games 5000 --old-every 8 --shards 2"
    $B --out a0.jsonl --shard 0 & $B --out a1.jsonl --shard 1
    python benches/analysis_panel.py summary --out a0.jsonl --out a1.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from typing import Any

import cribbage_fast as cf
from cribbage_fast import analysis

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_measure import ratio_ci, reliability, wilson

TYPES = ("random", "greedy", "expert", "master")
PANEL = ("greedy", "noisy", "pegger", "handmax", "ismcts", "cautious", "ismcts_deep")


def matchup(i: int) -> tuple[str, str, int]:
    """Game `i`'s player type, panel bot and the type's seat."""
    return TYPES[i % 4], PANEL[(i // 4) % 6], (i // 24) % 2


def player(name: str, seed: int) -> Any:
    if name == "random":
        return cf.RandomPlayer(seed=seed)
    if name == "master":
        return cf.MasterPlayer(seed=seed)
    if name == "expert":
        return cf.ExpertPlayer()
    return cf.BotPlayer(name, seed=seed)


def play(i: int, seed: int) -> cf.Game:
    kind, bot, seat = matchup(i)
    game_seed = seed * 100_000 + i
    players = [player(bot, game_seed + 1), player(bot, game_seed + 1)]
    players[seat] = player(kind, game_seed)
    game = cf.Game(2, seed=game_seed, first_dealer=i % 2)
    game.play(players)
    return game


def points(a: analysis.GameAnalysis) -> list[tuple[int, float, int]]:
    """(seat, played action's chance to win, mover won) of every unforced decision."""
    return [
        (d.seat, float(d.played_equity), int(a.winner == d.seat))
        for d in a.decisions
        if not d.forced and d.played_equity is not None
    ]


def run(args: argparse.Namespace) -> None:
    (out,) = args.out
    done = {r["game"] for r in read(args.out)}
    order = list(range(args.games))
    random.Random(args.seed).shuffle(order)
    for rank, i in enumerate(order):
        if i in done or rank % args.shards != args.shard:
            continue
        kind, bot, seat = matchup(i)
        game = play(i, args.seed)
        t = time.process_time()
        a = analysis.analyze_game(game, seed=i, threads=args.threads)
        row: dict[str, Any] = {
            "game": i,
            "rank": rank,
            "type": kind,
            "bot": bot,
            "seat": seat,
            "winner": a.winner,
            "loss": [p.error_rate * p.unforced for p in a.players],
            "unforced": [p.unforced for p in a.players],
            "points": points(a),
            "cpu": time.process_time() - t,
        }
        if args.old_every and rank % args.old_every == 0:
            old = analysis.analyze_game(game, seed=i, threads=args.threads, robust_model=False)
            row["old_points"] = points(old)
            row["old_loss"] = [p.error_rate * p.unforced for p in old.players]
        row["load"] = os.getloadavg()[0]
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def bins(games: list[list[tuple[int, float, int]]]) -> list[dict[str, Any]]:
    """The 10-bin calibration table; intervals clustered by game (a game's
    decisions share one outcome), with the naive Wilson interval beside."""
    out = []
    for b in range(10):
        per = [[(p, y) for _, p, y in pts if min(int(p * 10), 9) == b] for pts in games]
        n = sum(len(x) for x in per)
        if n == 0:
            continue
        wins = sum(y for x in per for _, y in x)
        obs = wins / n
        mean_p = sum(p for x in per for p, _ in x) / n
        resid = [sum(y - obs for _, y in x) for x in per if x]
        g = len(resid)
        se = math.sqrt(sum(r * r for r in resid) * g / max(g - 1, 1)) / n
        out.append(
            {
                "bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}",
                "n": n,
                "games": g,
                "mean_prediction": mean_p,
                "observed": obs,
                "ci": (obs - 1.96 * se, obs + 1.96 * se),
                "wilson": wilson(wins, n),
            }
        )
    return out


def brier(games: list[list[tuple[int, float, int]]]) -> dict[str, float]:
    """Mean squared error of the predictions, with a per-game standard error."""
    per = [[(p - y) ** 2 for _, p, y in pts] for pts in games if pts]
    sums, counts = [sum(x) for x in per], [len(x) for x in per]
    r = ratio_ci(sums, counts)
    return {"brier": r["rate"], "se": r["se"], "points": sum(counts)}


def read(paths: list[str]) -> list[dict[str, Any]]:
    """The game lines of the files that exist (a line cut short is left out)."""
    rows = []
    for path in paths:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                rows += [json.loads(line) for line in f if line.endswith("}\n")]
    return rows


def one_a_game(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One decision a game, drawn with a fixed seed (independent points, Wilson
    intervals: the method of the Expert-against-Expert calibration)."""
    rng = random.Random(35)
    picked = [rng.choice(r["points"]) for r in sorted(rows, key=lambda r: r["game"]) if r["points"]]
    return reliability([(p, y) for _, p, y in picked])


def summary(args: argparse.Namespace) -> dict[str, Any]:
    rows = read(args.out)
    games = [r["points"] for r in rows]
    paired = [r for r in rows if "old_points" in r]
    errors: dict[str, Any] = {}
    for who in TYPES:
        mine = [r for r in rows if r["type"] == who]
        losses = [r["loss"][r["seat"]] for r in mine]
        counts = [r["unforced"][r["seat"]] for r in mine]
        if len(mine) > 1:
            errors[who] = {"games": len(mine), "decisions": sum(counts)} | ratio_ci(losses, counts)
    for bot in PANEL:
        mine = [r for r in rows if r["bot"] == bot]
        losses = [r["loss"][1 - r["seat"]] for r in mine]
        counts = [r["unforced"][1 - r["seat"]] for r in mine]
        if len(mine) > 1:
            errors[f"panel {bot}"] = {"games": len(mine), "decisions": sum(counts)}
            errors[f"panel {bot}"] |= ratio_ci(losses, counts)
    diffs = [
        sum((p - y) ** 2 for _, p, y in r["points"])
        - sum((p - y) ** 2 for _, p, y in r["old_points"])
        for r in paired
    ]
    n_pts = sum(len(r["points"]) for r in paired)
    return {
        "games": len(rows),
        "by_type": {t: sum(r["type"] == t for r in rows) for t in TYPES},
        "by_bot": {b: sum(r["bot"] == b for r in rows) for b in PANEL},
        "cpu_seconds_per_game": statistics.mean(r["cpu"] for r in rows) if rows else None,
        "bins": bins(games),
        "brier": brier(games),
        "one_a_game": one_a_game(rows),
        "paired_games": len(paired),
        "brier_robust_paired": brier([r["points"] for r in paired]) if paired else None,
        "brier_old_paired": brier([r["old_points"] for r in paired]) if paired else None,
        "brier_diff_paired": (
            {
                "diff": sum(diffs) / n_pts,
                "se": statistics.stdev(diffs) * math.sqrt(len(diffs)) / n_pts,
            }
            if len(paired) > 1
            else None
        ),
        "error_rates": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["run", "summary"])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", required=True, action="append", help="JSON lines (appended).")
    parser.add_argument("--shard", type=int, default=0, help="Run: this process's share,")
    parser.add_argument("--shards", type=int, default=1, help="of this many (one file each).")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--old-every", type=int, default=0, help="Also the old model, 1 in K.")
    args = parser.parse_args()
    if args.what == "run":
        run(args)
    else:
        print(json.dumps(summary(args), indent=1))


if __name__ == "__main__":
    main()
