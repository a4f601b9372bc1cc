"""Whole games per second driven from Python (pytest-benchmark).

`Game.play` asks a Python `Player` for every decision (the turn is dispatched
in the core); the group "python players vs rust simulator" runs the same number
of 2-player games through a trivial Python player (first legal discard and card)
and through the Rust random-vs-random simulator on one thread, side by side, so
the ratio of their mean times is the share of the simulator's speed a Python
player reaches. Run with ``pytest benches/bench_game.py --benchmark-enable``
(on an LTO build: ``maturin develop --release``).
"""

import pytest

from cribbage_fast import Game, Player, simulate

GAMES_PER_ROUND = 20
SIDE_BY_SIDE_GAMES = 200


def play_games(players: int, record: bool, games: int = GAMES_PER_ROUND) -> int:
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


@pytest.mark.benchmark(group="python players vs rust simulator: 200 games")
def test_side_by_side_python_players(benchmark) -> None:  # type: ignore[no-untyped-def]
    total = benchmark(play_games, 2, False, SIDE_BY_SIDE_GAMES)
    assert total >= 121 * SIDE_BY_SIDE_GAMES


@pytest.mark.benchmark(group="python players vs rust simulator: 200 games")
def test_side_by_side_rust_simulator(benchmark) -> None:  # type: ignore[no-untyped-def]
    stats = benchmark(simulate, "random", "random", games=SIDE_BY_SIDE_GAMES, seed=0, threads=1)
    assert stats.games == SIDE_BY_SIDE_GAMES
