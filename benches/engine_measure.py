"""Speed of the analysis engine for docs/engine.md (run in the background with
``nice``; one JSON object on stdout): latency of a single lay and a single
discard query (median, 95th percentile) and queries per second per core.

    python benches/engine_measure.py --queries 40
    python benches/engine_measure.py --queries 40 --budget 1024   # a smaller budget

Each query is the current decision of an Expert-vs-Expert game stopped at a
discard (game seeds 50,000 on) or at an unforced lay, at the default settings
(`Settings()`: precision 0.005, budget 40,960). Latency: each query alone through
`engine.answer` on one thread (wall and CPU seconds of the process). Queries per
second per core: queries over the CPU seconds they took. Throughput: all
queries through `engine.Engine` at 1 and 2 threads, wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from cribbage_fast import ExpertPlayer, Game
from cribbage_fast.analysis.engine import Engine, answer
from cribbage_fast.analysis.settings import DEFAULTS


def _query(kind: str, seed: int, budget: int | None) -> dict[str, Any]:
    """The first decision of `kind` with a choice in game `seed`."""
    game, expert = Game(2, seed=seed), ExpertPlayer()
    while game.phase == "discard" and kind == "lay":
        game.step(expert)
    while kind == "lay" and len({m.card.rank for m in game.legal_moves() if m.card}) < 2:
        game.step(expert)
    query = {"id": f"{kind}-{seed}", "record": game.to_record(), "seed": 1}
    return query if budget is None else {**query, "budget": budget}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(queries: list[dict[str, Any]]) -> dict[str, Any]:
    wall, cpu = [], []
    for query in queries:
        w, c = time.perf_counter(), time.process_time()
        reply = json.loads(answer(query))
        assert reply["status"] == "ok", reply
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return {
        "queries": len(queries),
        "wall_median_s": statistics.median(wall),
        "wall_p95_s": _percentile(wall, 0.95),
        "cpu_median_s": statistics.median(cpu),
        "cpu_p95_s": _percentile(cpu, 0.95),
        "cpu_mean_s": statistics.mean(cpu),
        "cpu_mean_se_s": statistics.stdev(cpu) / len(cpu) ** 0.5,
        "queries_per_cpu_second": len(cpu) / sum(cpu),
    }


def throughput(queries: list[dict[str, Any]], threads: int) -> dict[str, Any]:
    out: list[str] = []
    start = time.perf_counter()
    with Engine(threads, out.append) as engine:
        for query in queries:
            engine.submit(json.dumps(query))
    wall = time.perf_counter() - start
    return {"threads": threads, "wall_s": wall, "queries_per_s": len(queries) / wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=40, help="queries of each kind")
    parser.add_argument("--budget", type=int, default=None, help="(default: the engine's)")
    args = parser.parse_args()
    result: dict[str, Any] = {"load_before": os.getloadavg(), "cpus": os.cpu_count()}
    result["budget"] = args.budget or DEFAULTS.budget
    for kind in ("lay", "discard"):
        queries = [_query(kind, 50_000 + i, args.budget) for i in range(args.queries)]
        result[kind] = latency(queries)
        result[kind]["engine"] = [throughput(queries, t) for t in (1, 2)]
    result["load_after"] = os.getloadavg()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
