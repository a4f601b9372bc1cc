"""The ceiling of luck adjustment: the full game analysis' luck ledger on the
games of a simulation, against the simulator's cheap luck terms on the same
games (docs/duplicate.md, "The ceiling").

Game ``i`` of ``simulate(a, b, seed=SEED)`` (plain mode) is replayed as the
simulator plays it (the same game seed, first dealer and bot seeds; checked
against the simulator's winner game by game), then analysed at the default
settings (`cribbage_fast.analysis.analyze_game`, analysis seed ``i``). Each
game's line holds player 0's result, the analysis' luck and the rest of its
decomposition, and the cheap luck the simulator measures on that game. The
summary compares the games needed for a 95% interval of plus or minus 0.5
points: the plain result, the result less the cheap luck, and the result less
the analysis' luck (also with the best scale of each luck, fitted on the same
games, which only bounds what a fitted coefficient could reach).

Reproducing
-----------
``nice python benches/luck_ceiling.py --games 1000 --out runs.jsonl`` (about
0.8 CPU s a game for the analysis); a cut-short run resumes from ``--out``;
``--summary`` prints the table of a finished file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from typing import Any

import cribbage_fast as cf
from cribbage_fast import _core
from cribbage_fast.analysis import analyze_game

Z = 1.959963984540054


def _bot(name: str, seed: int) -> Any:
    return cf.BotPlayer(name, seed=seed)


def play_game(a: str, b: str, seed: int, index: int) -> cf.Game:
    """Game `index` of ``simulate(a, b, seed=seed)``, played in Python."""
    game_seed = _core._game_seed(seed, index)
    game = cf.Game(2, seed=game_seed, first_dealer=index % 2)
    players = [_bot(a, _core._game_seed(game_seed, 1)), _bot(b, _core._game_seed(game_seed, 2))]
    game.play(players)
    return game


def measure(a: str, b: str, seed: int, index: int, threads: int | None) -> dict[str, Any]:
    """One game's line: the result, the analysis' decomposition and the cheap luck."""
    game = play_game(a, b, seed, index)
    sim = cf.simulate(a, b, games=1, seed=seed, first_game=index, adjusted=True, threads=1)
    if sim.wins[0] != int(game.winner == 0):
        raise RuntimeError(f"game {index} replays differently from the simulator")
    mean_luck = sim.mean_luck
    assert mean_luck is not None
    began = time.process_time()
    analysis = analyze_game(game, seed=index, threads=threads)
    p = analysis.players[0]
    return {
        "game": index,
        "result": p.result,
        "start": p.start,
        "skill": p.skill,
        "luck": p.luck,
        "opponent_errors": p.opponent_errors,
        "cheap_luck": mean_luck[0],
        "analysis_cpu_s": time.process_time() - began,
    }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Games for plus or minus 0.5 points by each estimator, with the means."""
    result = [r["result"] for r in rows]
    n = len(rows)
    out: dict[str, Any] = {"games": n}
    plain_var = statistics.variance(result)
    for name, luck in [
        ("plain", [0.0] * n),
        ("cheap", [r["cheap_luck"] for r in rows]),
        ("analysis", [r["luck"] for r in rows]),
        ("analysis + errors", [r["luck"] + r["opponent_errors"] for r in rows]),
    ]:
        adjusted = [x - y for x, y in zip(result, luck, strict=True)]
        var = statistics.variance(adjusted)
        row = {
            "mean": sum(adjusted) / n,
            "stderr": math.sqrt(var / n),
            "games_for_half_point": math.ceil(var * (Z / 0.005) ** 2),
            "factor": plain_var / var,
        }
        if name != "plain":
            beta = statistics.covariance(result, luck) / statistics.variance(luck)
            best = plain_var - statistics.covariance(result, luck) ** 2 / statistics.variance(luck)
            row |= {"best_scale": beta, "best_factor": plain_var / best}
        out[name] = row
    out["analysis_cpu_s_per_game"] = sum(r["analysis_cpu_s"] for r in rows) / n
    return out


def _read(path: str) -> list[dict[str, Any]]:
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="master")
    parser.add_argument("--b", default="expert")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--out", required=True, help="JSON lines, one a game (appended).")
    parser.add_argument("--summary", action="store_true", help="Only print the summary.")
    args = parser.parse_args()
    rows = _read(args.out)
    if not args.summary:
        done = {r["game"] for r in rows}
        with open(args.out, "a") as f:
            for i in range(args.games):
                if i in done:
                    continue
                row = measure(args.a, args.b, args.seed, i, args.threads)
                f.write(json.dumps(row) + "\n")
                f.flush()
                rows.append(row)
    print(json.dumps(summary(rows), indent=1))


if __name__ == "__main__":
    main()
