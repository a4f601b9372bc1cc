"""Games per second: the Rust simulator (1 and 2 threads), a Python-driven
game, and OpenSpiel's cribbage playing uniformly random games, side by side.

Run with ``pytest benches/bench_simulate.py --benchmark-enable``; divide the
games per call (``extra_info``) by the mean time for games per second.
"""

from __future__ import annotations

import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import cribbage_fast as cf

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is in the dev extra")

RANDOM_GAMES = 2_000
GREEDY_GAMES = 1_000


def _simulate(a: str, b: str, games: int, threads: int) -> cf.SimulationStats:
    return cf.simulate(a, b, games=games, seed=1, threads=threads)


@pytest.mark.benchmark(group="random vs random games")
@pytest.mark.parametrize("threads", [1, 2])
def test_rust_random(benchmark: BenchmarkFixture, threads: int) -> None:
    benchmark.extra_info["games_per_call"] = RANDOM_GAMES
    stats = benchmark(_simulate, "random", "random", RANDOM_GAMES, threads)
    assert stats.games == RANDOM_GAMES


@pytest.mark.benchmark(group="random vs random games")
def test_python_driven_random_game(benchmark: BenchmarkFixture) -> None:
    """One game through the Python driver (`Game.play`) with the built-in random bots."""
    benchmark.extra_info["games_per_call"] = 1
    seeds = iter(range(10**9))

    def one_game() -> cf.GameResult:
        seed = next(seeds)
        players = [cf.RandomPlayer(seed=seed), cf.RandomPlayer(seed=seed + 1)]
        return cf.Game(2, seed=seed, record=False).play(players)

    result = benchmark(one_game)
    assert max(result.scores) >= 121


@pytest.mark.benchmark(group="random vs random games")
def test_openspiel_random_game(benchmark: BenchmarkFixture) -> None:
    """One OpenSpiel cribbage game with uniformly random chance and player moves."""
    benchmark.extra_info["games_per_call"] = 1
    game = pyspiel.load_game("cribbage")
    rng = random.Random(0)

    def one_game() -> list[float]:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
        return list(state.returns())

    returns = benchmark(one_game)
    assert len(returns) == 2


@pytest.mark.benchmark(group="greedy vs greedy games")
@pytest.mark.parametrize("threads", [1, 2])
def test_rust_greedy(benchmark: BenchmarkFixture, threads: int) -> None:
    benchmark.extra_info["games_per_call"] = GREEDY_GAMES
    stats = benchmark(_simulate, "greedy", "greedy", GREEDY_GAMES, threads)
    assert stats.games == GREEDY_GAMES
