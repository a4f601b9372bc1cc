"""Measurements of the game analysis for docs/analysis-method.md (run in the background,
one at a time, with ``nice``). Each writes one JSON object to stdout.

    python benches/analysis_measure.py speed --games 20
    python benches/analysis_measure.py discrimination --games 100
    python benches/analysis_measure.py discrimination --games 100 --start 100
    python benches/analysis_measure.py calibration --games 5000 --default --plot PNG
    python benches/analysis_measure.py calibration-every --games 600 --start 10000 --default
    python benches/analysis_measure.py table --games 5000
    python benches/analysis_measure.py plot --log A=a.log --log B=b.log --plot PNG
    python benches/analysis_measure.py ray --games 8
    python benches/analysis_measure.py identity --games 1000
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from typing import Any

import cribbage_fast as cf
from cribbage_fast import _core, analysis
from cribbage_fast.tables.positions import win_probability

#: The cheaper settings of the discrimination and calibration runs.
CHEAP = {"precision": 0.02, "budget": 46}
DEFAULT = {"precision": analysis.DEFAULT_PRECISION, "budget": analysis.DEFAULT_BUDGET}


def players(name: str, seed: int) -> Any:
    return {
        "random": lambda: cf.RandomPlayer(seed=seed),
        "greedy": cf.GreedyPlayer,
        "expert": cf.ExpertPlayer,
        "master": lambda: cf.MasterPlayer(seed=seed),
    }[name]()


def play(a: str, b: str, seed: int) -> cf.Game:
    game = cf.Game(2, seed=seed, first_dealer=seed % 2)
    game.play([players(a, seed), players(b, seed + 1)])
    return game


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (mid - half, mid + half)


def ratio_ci(losses: list[float], counts: list[int]) -> dict[str, float]:
    """Mean loss per decision with a per-game (cluster) standard error."""
    g, total = len(counts), sum(counts)
    rate = sum(losses) / total
    resid = [lo - rate * n for lo, n in zip(losses, counts, strict=True)]
    se = math.sqrt(sum(r * r for r in resid) / (g * (g - 1))) * g / total
    return {"rate": rate, "se": se, "low": rate - 1.96 * se, "high": rate + 1.96 * se}


def speed(args: argparse.Namespace) -> dict[str, Any]:
    per_game, cpu_game, kinds, diff_se = [], [], {"discard": [], "lay": []}, []
    samples: dict[str, list[int]] = {"discard": [], "lay": []}
    for i in range(args.games):
        game = play("expert", "expert", 10_000 + i)
        t, c = time.perf_counter(), time.process_time()
        budget = args.budget or analysis.DEFAULT_BUDGET
        a = analysis.analyze_game(game, seed=i, threads=1, budget=budget)
        per_game.append(time.perf_counter() - t)
        cpu_game.append(time.process_time() - c)
        print(json.dumps({"game": i, "wall": per_game[-1], "cpu": cpu_game[-1]}), flush=True)
        for d in a.decisions:
            if d.forced:
                continue
            kinds[d.kind].append(d.seconds)
            samples[d.kind].append(d.samples)
            if d.played != d.best:
                diff_se.append(d.loss_stderr)
    diff_se.sort()

    def q(p: float) -> float:
        return diff_se[min(len(diff_se) - 1, int(p * len(diff_se)))]

    return {
        "games": args.games,
        "budget": args.budget or analysis.DEFAULT_BUDGET,
        "seconds_per_game": statistics.mean(per_game),
        "seconds_per_game_se": statistics.stdev(per_game) / math.sqrt(len(per_game)),
        "seconds_per_game_max": max(per_game),
        "cpu_seconds_per_game": statistics.mean(cpu_game),
        "cpu_seconds_per_game_se": statistics.stdev(cpu_game) / math.sqrt(len(cpu_game)),
        "cpu_seconds_per_game_max": max(cpu_game),
        "by_type": {
            k: {
                "decisions_per_game": len(v) / args.games,
                "seconds_each": statistics.mean(v),
                "seconds_per_game": sum(v) / args.games,
                "mean_samples": statistics.mean(samples[k]),
                "max_samples": max(samples[k]),
            }
            for k, v in kinds.items()
        },
        "diff_stderr": {
            "decisions": len(diff_se),
            "median": q(0.5),
            "p90": q(0.9),
            "p99": q(0.99),
            "max": diff_se[-1],
            "share_at_most_0.005": sum(x <= 0.005 + 1e-12 for x in diff_se) / len(diff_se),
        },
        "cpus": os.cpu_count(),
        "load": os.getloadavg(),
    }


def discrimination(args: argparse.Namespace) -> dict[str, Any]:
    settings = DEFAULT if args.default else CHEAP
    out: dict[str, Any] = {"games": args.games, "start": args.start, "settings": settings}
    out["bots"] = {}
    for bot in args.bots.split(","):
        losses, counts, marks, wins = [], [], {m: 0 for m in analysis.MARKS}, 0
        exp_losses, exp_counts, lucks = [], [], []
        for i in range(args.start, args.start + args.games):
            game = play(bot, "expert", 20_000 + i)
            a = analysis.analyze_game(game, seed=i, **settings)  # type: ignore[arg-type]
            me, them = a.players
            losses.append(me.error_rate * me.unforced)
            counts.append(me.unforced)
            exp_losses.append(them.error_rate * them.unforced)
            exp_counts.append(them.unforced)
            for m in analysis.MARKS:
                marks[m] += me.marks[m]
            wins += a.winner == 0
            lucks.append(me.luck)
        n = sum(counts)
        out["bots"][bot] = {
            "error_rate": ratio_ci(losses, counts),
            "decisions": n,
            "marks_per_100": {m: 100 * c / n for m, c in marks.items()},
            "wins": wins,
            "win_rate_ci": wilson(wins, args.games),
            "expert_error_rate": ratio_ci(exp_losses, exp_counts),
            "expert_decisions": sum(exp_counts),
            "mean_luck": statistics.mean(lucks),
        }
        print(json.dumps({bot: out["bots"][bot]}), flush=True)
    return out


def reliability(points: list[tuple[float, int]]) -> dict[str, Any]:
    """Brier score and the 10-bin reliability table of (prediction, outcome) points."""
    base = statistics.mean(y for _, y in points)
    bins = []
    for b in range(10):
        inside = [(p, y) for p, y in points if min(int(p * 10), 9) == b]
        if not inside:
            continue
        k = sum(y for _, y in inside)
        low, high = wilson(k, len(inside))
        mean_p = statistics.mean(p for p, _ in inside)
        bins.append(
            {
                "bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}",
                "n": len(inside),
                "mean_prediction": mean_p,
                "observed": k / len(inside),
                "ci": (low, high),
                "ok": low <= mean_p <= high or abs(k / len(inside) - mean_p) <= 0.02,
            }
        )
    return {
        "points": len(points),
        "brier": statistics.mean((p - y) ** 2 for p, y in points),
        "brier_of_the_base_rate": base * (1 - base),
        "bins": bins,
        "bins_ok": sum(b["ok"] for b in bins),
    }


def plot_reliability(tables: dict[str, dict[str, Any]], path: str) -> None:
    """The reliability picture: each bin's observed win rate (95% Wilson) at
    its mean prediction, one series per labelled table."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    ax.plot([0, 1], [0, 1], "--", color="grey", linewidth=1)
    for k, (label, table) in enumerate(tables.items()):
        bins = table["bins"]
        x = [b["mean_prediction"] + 0.008 * (k - (len(tables) - 1) / 2) for b in bins]
        y = [b["observed"] for b in bins]
        low = [b["observed"] - b["ci"][0] for b in bins]
        high = [b["ci"][1] - b["observed"] for b in bins]
        ax.errorbar(x, y, yerr=[low, high], fmt="o", capsize=3, markersize=4, label=label)
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="predicted chance to win (bin mean)")
    ax.set(ylabel="observed win rate (95% Wilson)")
    ax.set_title("Reliability, Expert-vs-Expert decision points")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_logs(args: argparse.Namespace) -> dict[str, Any]:
    """The reliability picture from calibration logs (their per-point lines):
    each log a series (label=path), and all of them pooled."""
    tables, pooled = {}, []
    for spec in args.log:
        label, path = spec.rsplit("=", 1)
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.startswith('{"game"')]
        points = [(r["played"], r["won"]) for r in rows]
        pooled += points
        tables[f"{label} ({len(points):,} points)"] = reliability(points)
    if len(tables) > 1:
        tables[f"pooled ({len(pooled):,} points)"] = reliability(pooled)
    plot_reliability(tables, args.plot)
    return {"tables": tables}


def calibration(args: argparse.Namespace) -> dict[str, Any]:
    """One decision a game, chosen at random (its first unforced decision from
    there); the prediction is the played action's chance to win from the
    mover's view (the move the Expert made: its estimate is not selected on
    the evaluator's noise), and, apart, the best action's (the largest of the
    estimates)."""
    settings = DEFAULT if args.default else CHEAP
    rng = random.Random(2026 + args.start)
    played: list[tuple[float, int]] = []
    best: list[tuple[float, int]] = []
    for i in range(args.start, args.start + args.games):
        game = play("expert", "expert", 40_000 + i)
        moves = game.moves()
        picks = [j for j, m in enumerate(moves) if m["move"] in ("discard", "lay")]
        pick = rng.choice(picks)
        got = []
        for j in picks[picks.index(pick) :]:  # a forced one is not answered
            got = _core._decision_equities(game, [j], seed=i, **settings)  # type: ignore[arg-type]
            if got:
                break
        if not got:
            continue
        move, seat, index, eqs = got[0]
        won = int(game.winner == seat)
        played.append((eqs[index] if index is not None else max(eqs), won))
        best.append((max(eqs), won))
        print(
            json.dumps(
                {"game": i, "move": move, "played": played[-1][0], "best": best[-1][0], "won": won}
            ),
            flush=True,
        )
    if args.plot:
        plot_reliability({"played action": reliability(played)}, args.plot)
    return {
        "games": args.games,
        "start": args.start,
        "settings": settings or "default",
        "played": reliability(played),
        "best": reliability(best),
        "load": os.getloadavg(),
    }


def deal_starts(game: cf.Game) -> list[tuple[int, tuple[int, int]]]:
    """The dealer and the scores at the start of every deal of a finished game."""
    scores, dealer, out = [0, 0], 0, []
    for e in game.events():
        if e["event"] == "deal":
            dealer = e["dealer"]
            out.append((dealer, (scores[0], scores[1])))
        elif e["event"] == "starter":
            scores[dealer] += e["his_heels"]
        elif e["event"] in ("peg", "show"):
            scores[e["seat"]] += e["pegged" if e["event"] == "show" else "points"]
    return out


def calibration_every(args: argparse.Namespace) -> dict[str, Any]:
    """Every unforced decision of each game, the played action's chance to win
    against the outcome: many more points than one a game, so each bin's
    observed less predicted rate gets a standard error clustered by game."""
    settings = DEFAULT if args.default else CHEAP
    by_game: list[list[tuple[float, int]]] = []
    for i in range(args.start, args.start + args.games):
        game = play("expert", "expert", 40_000 + i)
        picks = [j for j, m in enumerate(game.moves()) if m["move"] in ("discard", "lay")]
        got = _core._decision_equities(game, picks, seed=i, **settings)  # type: ignore[arg-type]
        pts = [(e[p] if p is not None else max(e), int(game.winner == s)) for _, s, p, e in got]
        by_game.append(pts)
        print(json.dumps({"game": i, "points": pts}), flush=True)
    bins = []
    for b in range(10):
        # Per game: the points in the bin and their summed outcome less prediction.
        per = [[(y - p) for p, y in pts if min(int(p * 10), 9) == b] for pts in by_game]
        n, gap = sum(len(x) for x in per), sum(sum(x) for x in per)
        if n == 0:
            continue
        mean_gap = gap / n
        resid = [sum(x) - mean_gap * len(x) for x in per]
        g = len(per)
        se = math.sqrt(sum(r * r for r in resid) * g / (g - 1)) / n
        preds = [p for pts in by_game for p, _ in pts if min(int(p * 10), 9) == b]
        bins.append(
            {
                "bin": f"{b / 10:.1f}-{(b + 1) / 10:.1f}",
                "n": n,
                "mean_prediction": statistics.mean(preds),
                "observed_less_predicted": mean_gap,
                "se": se,
                "z": mean_gap / se if se > 0 else 0.0,
            }
        )
    every = [pt for pts in by_game for pt in pts]
    return {
        "games": args.games,
        "start": args.start,
        "points": len(every),
        "brier": statistics.mean((p - y) ** 2 for p, y in every),
        "bins": bins,
        "load": os.getloadavg(),
    }


def table(args: argparse.Namespace) -> dict[str, Any]:
    """The shipped position table's chance to win at the start of every deal
    of Expert-vs-Expert games, from the dealer's view, against the outcome."""
    points: list[tuple[float, int]] = []
    for i in range(args.start, args.start + args.games):
        game = play("expert", "expert", 40_000 + i)
        for dealer, scores in deal_starts(game):
            p = win_probability(scores[dealer], scores[1 - dealer], dealer=True)
            points.append((p, int(game.winner == dealer)))
    return {"games": args.games, "start": args.start, "dealer_view": reliability(points)}


def ray_speed(args: argparse.Namespace) -> dict[str, Any]:
    import ray

    games = [play("expert", "expert", 30_000 + i).to_record() for i in range(args.games)]
    t = time.perf_counter()
    local = analysis.analyze_games(games, seed=1, progress=False, **CHEAP)  # type: ignore[arg-type]
    local_s = time.perf_counter() - t
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    t = time.perf_counter()
    remote = analysis.analyze_games(games, seed=1, ray=True, progress=False, **CHEAP)  # type: ignore[arg-type]
    ray_s = time.perf_counter() - t
    ray.shutdown()
    return {
        "games": args.games,
        "settings": CHEAP,
        "in_process_games_per_minute": 60 * args.games / local_s,
        "ray_games_per_minute": 60 * args.games / ray_s,
        "identical": local == remote,
    }


def identity(args: argparse.Namespace) -> dict[str, Any]:
    """The decomposition on many games: start + skill + luck + the opponent's
    errors against the result, for each player, both objectives."""
    bots = ["random", "greedy", "expert", "master"]
    games = [
        play(bots[i % 4], "expert", 60_000 + args.start + i).to_record() for i in range(args.games)
    ]
    worst = {}
    for objective in ("win", "points"):
        results = analysis.analyze_games(games, objective=objective, seed=1, **CHEAP)  # type: ignore[arg-type]
        worst[objective] = max(
            abs(p.start + p.skill + p.luck + p.opponent_errors - p.result)
            for r in results
            for p in r.players
        )
    return {"games": args.games, "settings": CHEAP, "largest_gap": worst}


def main() -> None:
    parser = argparse.ArgumentParser()
    what = ["speed", "discrimination", "calibration", "calibration-every", "table", "plot", "ray"]
    what.append("identity")
    parser.add_argument("what", choices=what)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="First game index.")
    parser.add_argument("--default", action="store_true", help="Default precision.")
    parser.add_argument("--budget", type=int, help="Speed: the budget (default: the default).")
    parser.add_argument("--plot", help="Calibration: the reliability picture (PNG).")
    parser.add_argument("--log", action="append", help="Plot: LABEL=LOG (a calibration log).")
    parser.add_argument("--bots", default="random,greedy,expert,master", help="Discrimination.")
    args = parser.parse_args()
    run = {
        "speed": speed,
        "discrimination": discrimination,
        "calibration": calibration,
        "calibration-every": calibration_every,
        "table": table,
        "plot": plot_logs,
        "ray": ray_speed,
        "identity": identity,
    }[args.what]
    t = time.perf_counter()
    result = run(args)
    result["wall_seconds"] = time.perf_counter() - t
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
