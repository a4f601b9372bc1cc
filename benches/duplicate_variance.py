"""Games needed for a 95% interval of plus or minus 0.5 points: plain, duplicate,
luck-adjusted and duplicate + adjusted matches, side by side on the same seed,
with the CPU time per game of each (docs/duplicate.md).

For each pairing one run measures plain and adjusted on the same games, another
duplicate and duplicate + adjusted on the same pairs (same seed); the games
needed are measured on each (``win_estimate`` or ``adjusted_estimate``,
``games_for_half_point``), and the factor is the plain mode's games over the
mode's. The CPU time is the process's (every thread); plain and duplicate are
timed without measuring the luck on a share of the games (``--cpu-fraction``).

Reproducing
-----------
``nice python benches/duplicate_variance.py --games 20000`` (Expert pairings;
the master's pairing at ``--master-games``); ``--json FILE`` writes the rows.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import cribbage_fast as cf


def _row(pairing: str, mode: str, stats: cf.SimulationStats, adjusted: bool) -> dict[str, Any]:
    e = stats.adjusted_estimate if adjusted else stats.win_estimate
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
    }


def _timed(a: str, b: str, games: int, seed: int, **mode: bool) -> tuple[cf.SimulationStats, float]:
    """The statistics and the CPU milliseconds per game (every thread)."""
    began = time.process_time()
    stats = cf.simulate(a, b, games=games, seed=seed, **mode)
    return stats, 1000 * (time.process_time() - began) / games


def measure(a: str, b: str, games: int, seed: int, cpu_games: int) -> list[dict[str, Any]]:
    """Plain and adjusted on the same games (one run measuring the luck),
    duplicate and duplicate + adjusted on the same pairs (another); the CPU
    time without measuring the luck on the first `cpu_games` games."""
    pairing = f"{a} vs {b}"
    single, single_ms = _timed(a, b, games, seed, adjusted=True)
    pairs, pairs_ms = _timed(a, b, games, seed, duplicate=True, adjusted=True)
    _, plain_ms = _timed(a, b, cpu_games, seed)
    _, duplicate_ms = _timed(a, b, cpu_games, seed, duplicate=True)
    rows = [
        {**_row(pairing, "plain", single, False), "cpu_ms_per_game": plain_ms},
        {**_row(pairing, "duplicate", pairs, False), "cpu_ms_per_game": duplicate_ms},
        {**_row(pairing, "adjusted", single, True), "cpu_ms_per_game": single_ms},
        {**_row(pairing, "duplicate + adjusted", pairs, True), "cpu_ms_per_game": pairs_ms},
    ]
    plain = rows[0]
    for r in rows:
        r["factor"] = plain["games_for_half_point"] / r["games_for_half_point"]
        r["cpu_ratio"] = r["cpu_ms_per_game"] / plain["cpu_ms_per_game"]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--master-games", type=int, default=2_000)
    parser.add_argument(
        "--cpu-fraction", type=float, default=0.2, help="Share of the games timed without luck."
    )
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--json", default=None, help="Also write the rows to this file.")
    args = parser.parse_args()
    pairings = [
        ("expert", "greedy", args.games),
        ("expert", "cautious", args.games),
        ("master", "expert", args.master_games),
    ]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"{'pairing':<18} {'mode':<21} {'rate':>7} {'95% CI':>17} "
        f"{'games ±0.5':>11} {'factor':>7} {'ms/game':>8} {'CPU x':>6}"
    )
    rows = []
    for a, b, games in pairings:
        cpu_games = max(2, int(games * args.cpu_fraction) // 2 * 2)
        for r in measure(a, b, games, args.seed, cpu_games):
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
