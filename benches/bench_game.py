"""Whole games per second driven from Python (pytest-benchmark).

`Game.play` asks a Python `Player` for every decision (the turn is dispatched
in the core); the group "python players vs rust simulator" runs 2-player games
through a trivial Python player (first legal discard and card) at the default
settings (the record kept) and 100,000 games of the Rust random-vs-random
simulator on one thread (long enough that its fixed cost does not count), side
by side: divide ``games_per_call`` (``extra_info``) by the mean time for games
per second. `benches/python_players.py` prints the ratio with the load. Run with
``pytest benches/bench_game.py --benchmark-enable`` (on an LTO build:
``pip install .``).
"""

import pytest

from cribbage_fast import Game, Player, simulate

GAMES_PER_ROUND = 20
SIDE_BY_SIDE_GAMES = 2_000
SIMULATOR_GAMES = 100_000


def play_games(players: int, record: bool = True, games: int = GAMES_PER_ROUND) -> int:
    total = 0
    for seed in range(games):
        result = Game(players, seed=seed, record=record).play([Player()] * players)
        total += result.scores[result.winner]
    return total


@pytest.mark.benchmark(group="whole games driven from Python: 20 games")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_python_driven_games(benchmark, players: int) -> None:  # type: ignore[no-untyped-def]
    assert benchmark(play_games, players, False) >= 121 * GAMES_PER_ROUND


@pytest.mark.benchmark(group="whole games driven from Python: 20 games")
def test_python_driven_games_with_log(benchmark) -> None:  # type: ignore[no-untyped-def]
    assert benchmark(play_games, 2, True) >= 121 * GAMES_PER_ROUND


@pytest.mark.benchmark(group="python players (defaults) vs rust simulator")
def test_side_by_side_python_players(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["games_per_call"] = SIDE_BY_SIDE_GAMES
    total = benchmark(play_games, 2, True, SIDE_BY_SIDE_GAMES)
    assert total >= 121 * SIDE_BY_SIDE_GAMES


@pytest.mark.benchmark(group="python players (defaults) vs rust simulator")
def test_side_by_side_rust_simulator(benchmark) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["games_per_call"] = SIMULATOR_GAMES
    stats = benchmark.pedantic(
        simulate,
        ("random", "random"),
        {"games": SIMULATOR_GAMES, "seed": 0, "threads": 1},
        rounds=3,
    )
    assert stats.games == SIMULATOR_GAMES
