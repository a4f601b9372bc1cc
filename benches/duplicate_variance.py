"""Games needed for a 95% interval of plus or minus 0.5 points: plain, duplicate,
luck-adjusted and duplicate + adjusted matches, side by side on the same seed,
with the CPU time per game of each (docs/duplicate.md).

For each pairing one run measures plain and adjusted on the same games, another
duplicate and duplicate + adjusted on the same pairs (same seed); the games
needed are measured on each (``win_estimate`` or ``adjusted_estimate``,
``games_for_half_point``), and the factor is the plain mode's games over the
mode's. The games are played in chunks, the modes in turn on each chunk, so
every mode meets the same load. The CPU time is the process's, on one thread;
on a share of the chunks (``--cpu-fraction``) the plain and duplicate games are
played again without measuring the luck, and every mode's CPU time per game is
taken on those chunks alone: the same games for every mode.

Reproducing
-----------
``nice python benches/duplicate_variance.py --games 100000 --master-games 60000
--json rows.json --log chunks.jsonl`` (Expert pairings at ``--games``, the
master's at ``--master-games``; a release build). Each chunk's running totals
go to ``--log`` as they finish, so a run cut short still leaves its numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import cribbage_fast as cf

CHUNKS = 20

# The timed modes, each as simulate's options: with and without the luck.
MODES: dict[str, dict[str, bool]] = {
    "plain": {},
    "duplicate": {"duplicate": True},
    "adjusted": {"adjusted": True},
    "duplicate + adjusted": {"duplicate": True, "adjusted": True},
}


def _row(pairing: str, mode: str, stats: cf.SimulationStats, cpu_ms: float) -> dict[str, Any]:
    e = stats.adjusted_estimate if "adjusted" in mode else stats.win_estimate
    assert e is not None
    return {
        "pairing": pairing,
        "mode": mode,
        "games": stats.games,
        "seed": stats.seed,
        "rate": e["rate"],
        "interval": e["interval"],
        "elo": e["elo"],
        "elo_interval": e["elo_interval"],
        "games_for_half_point": e["games_for_half_point"],
        "mean_luck": stats.mean_luck,
        "luck_coefficients": stats.luck_coefficients,
        "cpu_ms_per_game": cpu_ms,
    }


def _timed(
    a: str, b: str, first: int, games: int, seed: int, **mode: bool
) -> tuple[cf.SimulationStats, float]:
    """The statistics of games first..first+games and their CPU seconds."""
    began = time.process_time()
    stats = cf.simulate(a, b, games=games, seed=seed, threads=1, first_game=first, **mode)
    return stats, time.process_time() - began


def measure(
    a: str, b: str, games: int, seed: int, cpu_fraction: float, log: str | None = None
) -> list[dict[str, Any]]:
    """Plain and adjusted on the same games (one run measuring the luck),
    duplicate and duplicate + adjusted on the same pairs (another), played
    chunk by chunk; the CPU time of every mode on the same timed chunks."""
    pairing = f"{a} vs {b}"
    size = max(2, games // CHUNKS // 2 * 2)
    every = max(1, round(1 / cpu_fraction))
    measured: dict[str, list[cf.SimulationStats]] = {"single": [], "pairs": []}
    cpu = dict.fromkeys(MODES, 0.0)
    for mode in MODES.values():  # the tables built once, outside the timing
        cf.simulate(a, b, games=2, seed=seed, threads=1, **mode)
    timed_games = 0
    for i, first in enumerate(range(0, games, size)):
        n = min(size, games - first) // 2 * 2
        if n == 0:
            break
        single, single_s = _timed(a, b, first, n, seed, adjusted=True)
        pairs, pairs_s = _timed(a, b, first, n, seed, duplicate=True, adjusted=True)
        measured["single"].append(single)
        measured["pairs"].append(pairs)
        if i % every == 0:
            cpu["adjusted"] += single_s
            cpu["duplicate + adjusted"] += pairs_s
            cpu["plain"] += _timed(a, b, first, n, seed)[1]
            cpu["duplicate"] += _timed(a, b, first, n, seed, duplicate=True)[1]
            timed_games += n
        rows = _rows(pairing, measured, cpu, timed_games)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({"chunk": i, "rows": rows}) + "\n")
    return rows


def _rows(
    pairing: str,
    measured: dict[str, list[cf.SimulationStats]],
    cpu: dict[str, float],
    timed_games: int,
) -> list[dict[str, Any]]:
    single = cf.SimulationStats.merge(measured["single"])
    pairs = cf.SimulationStats.merge(measured["pairs"])
    ms = {m: 1000 * cpu[m] / timed_games for m in MODES}
    rows = [
        _row(pairing, "plain", single, ms["plain"]),
        _row(pairing, "duplicate", pairs, ms["duplicate"]),
        _row(pairing, "adjusted", single, ms["adjusted"]),
        _row(pairing, "duplicate + adjusted", pairs, ms["duplicate + adjusted"]),
    ]
    plain = rows[0]
    for r in rows:
        needed = r["games_for_half_point"]
        r["factor"] = plain["games_for_half_point"] / needed if needed else float("nan")
        r["cpu_ratio"] = r["cpu_ms_per_game"] / plain["cpu_ms_per_game"]
        r["timed_games"] = timed_games
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--master-games", type=int, default=2_000)
    parser.add_argument(
        "--cpu-fraction",
        type=float,
        default=0.2,
        help="Share of the chunks timed (spread over the run).",
    )
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--json", default=None, help="Also write the rows to this file.")
    parser.add_argument("--log", default=None, help="Append each chunk's running rows here.")
    parser.add_argument(
        "--pairing", action="append", help="Only this pairing (a:b, e.g. master:expert)."
    )
    args = parser.parse_args()
    pairings = [
        ("expert", "greedy", args.games),
        ("expert", "cautious", args.games),
        ("master", "expert", args.master_games),
    ]
    if args.pairing:
        pairings = [p for p in pairings if f"{p[0]}:{p[1]}" in args.pairing]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    print(
        f"{'pairing':<18} {'mode':<21} {'rate':>7} {'95% CI':>17} "
        f"{'games ±0.5':>11} {'factor':>7} {'ms/game':>8} {'CPU x':>6}"
    )
    rows = []
    for a, b, games in pairings:
        for r in measure(a, b, games, args.seed, args.cpu_fraction, args.log):
            lo, hi = r["interval"]
            print(
                f"{r['pairing']:<18} {r['mode']:<21} {100 * r['rate']:>6.2f}% "
                f"[{100 * lo:.2f}, {100 * hi:.2f}] {r['games_for_half_point']:>11,.0f} "
                f"{r['factor']:>6.2f}x {r['cpu_ms_per_game']:>8.3f} {r['cpu_ratio']:>5.2f}x",
                flush=True,
            )
            rows.append(r)
    if args.json:
        tmp = f"{args.json}.tmp"
        with open(tmp, "w") as f:
            json.dump(rows, f, indent=1)
        os.replace(tmp, args.json)


if __name__ == "__main__":
    main()
