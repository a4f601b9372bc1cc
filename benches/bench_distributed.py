"""Random games per second through a local Ray (2 CPUs, one task per CPU)
against the in-process simulator on 2 threads, side by side in one run.

Run with ``pytest benches/bench_distributed.py --benchmark-enable`` (2,000,000
games a round; with benchmarks disabled, as in the test run, 20,000). The Ray
workers are started before timing, as on a running cluster; the ratio of the
two means is docs/cluster.md's "through Ray / in process".
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import cribbage_fast as cf

ray = pytest.importorskip("ray")
from cribbage_fast import distributed  # noqa: E402

# Workers cannot import this module: ship its helpers by value.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])

GAMES = 2_000_000
ROUNDS = 2


def _games(benchmark: BenchmarkFixture) -> int:
    return 20_000 if benchmark.disabled else GAMES


def _idle(start: int, stop: int) -> int:
    return stop - start


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    # Start both workers and load the extension in them before timing.
    distributed.map_ranges(_idle, 2, chunk=1, progress=False)
    distributed.simulate("random", "random", 1_000, 0, chunk_games=500, progress=False)
    yield
    ray.shutdown()


@pytest.mark.benchmark(group="random vs random, 2 cores")
def test_in_process_two_threads(benchmark: BenchmarkFixture) -> None:
    games = _games(benchmark)
    benchmark.extra_info["games_per_call"] = games
    stats = benchmark.pedantic(
        cf.simulate, ("random", "random", games, 1, 2), rounds=ROUNDS, iterations=1
    )
    assert stats.games == games


@pytest.mark.benchmark(group="random vs random, 2 cores")
def test_through_local_ray(benchmark: BenchmarkFixture, local_ray: None) -> None:
    games = _games(benchmark)
    benchmark.extra_info["games_per_call"] = games

    def run() -> cf.SimulationStats:
        return distributed.simulate("random", "random", games, 1, progress=False)

    stats = benchmark.pedantic(run, rounds=ROUNDS, iterations=1)
    assert stats == cf.simulate("random", "random", games=games, seed=1)
