"""Whole games per second driven from Python (pytest-benchmark).

`Game.play` asks a Python `Player` for every decision; compare with the Rust-driven
loop in `benches/game.rs` (`cargo bench --bench game`). Run with
``pytest benches/bench_game.py --benchmark-enable``.
"""

import pytest

from cribbage_fast import Game, Player

GAMES_PER_ROUND = 20


def play_games(players: int, record: bool) -> int:
    total = 0
    for seed in range(GAMES_PER_ROUND):
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
