"""The three-player and partnership board tables: shipped data, the readers,
the programme, direct simulation and bad input."""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast
from cribbage_fast import _core, partnership_chances, three_player_chances
from cribbage_fast.builders import build_board_table, play_from_board, ship_board_table
from cribbage_fast.tables import board_table_info, three_player_table
from cribbage_fast.tables.boards import METHODS


def test_the_shipped_tables_load_with_their_build_records() -> None:
    for players, size in ((3, 5 * 61**3), (4, 2 * 4 * 121 * 121)):
        data, text = _core._shipped_boards(players)
        assert len(data) == size
        meta = board_table_info(players)
        assert meta == json.loads(text)
        assert meta["engine_version"] == cribbage_fast.__version__
        assert meta["method"] == METHODS[players] and meta["players"] == players
        assert meta["seed"] == 2026 and meta["deals"] >= 10_000 and meta["batches"] == 20
        assert 0 < meta["max_stderr"] < 0.02
    # The grid's interpolation loses little against the whole table.
    assert board_table_info(3)["max_grid_error"] < 0.01


def test_the_partnership_table_is_read_bit_for_bit() -> None:
    data, _ = _core._shipped_boards(4)
    dealer = np.frombuffer(data, "<f4").reshape(2, 121, 121)[0]
    for a, b in [(0, 0), (100, 110), (120, 3), (61, 119)]:
        for seat in range(4):
            team = seat % 2
            board = [a, b] if team == 0 else [b, a]
            chances = partnership_chances(board, dealer=seat)
            assert chances[team] == float(dealer[a, b])
            assert chances[1 - team] == 1 - float(dealer[a, b])


def test_the_three_player_grid_is_read_at_its_knots() -> None:
    data, _ = _core._shipped_boards(3)
    cube = 61**3
    chances = np.frombuffer(data[: 4 * cube], "<u2").reshape(2, 61, 61, 61) / 65535
    knots = [*range(0, 90, 3), *range(90, 121)]
    for i, j, k in [(0, 0, 0), (36, 40, 48), (10, 60, 20), (60, 60, 59), (29, 30, 31)]:
        board = [knots[i], knots[j], knots[k]]
        got = three_player_chances(board, dealer=0)
        assert got[0] == pytest.approx(chances[0, i, j, k], abs=1e-12)
        assert got[1] == pytest.approx(chances[1, i, j, k], abs=1e-12)
        assert tuple(_core._three_hand_at(data, board)[0]) == pytest.approx(got, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 120), min_size=3, max_size=3), st.integers(0, 2))
def test_every_seat_is_read_from_the_dealers_view(scores: list[int], dealer: int) -> None:
    chances = three_player_chances(scores, dealer)
    assert math.isclose(sum(chances), 1.0, abs_tol=1e-9)
    assert all(0.0 <= c <= 1.0 for c in chances)
    # The same board seen from the dealer's seat, rotated back.
    board = [scores[(dealer + j) % 3] for j in range(3)]
    canonical = three_player_chances(board, 0)
    assert chances == tuple(canonical[(seat - dealer) % 3] for seat in range(3))
    assert chances[0] == pytest.approx(_cached_table()[tuple(board)][(-dealer) % 3], abs=1e-12)


@functools.cache
def _cached_table() -> np.ndarray:
    return three_player_table()


def test_the_boards_behave_like_cribbage() -> None:
    first = three_player_chances([0, 0, 0], 0)
    assert first[0] > first[1] > 1 / 4 and first[0] > 1 / 3
    assert three_player_chances([115, 40, 40], 1)[0] > 0.9
    teams = partnership_chances([0, 0], 0)
    assert 0.5 < teams[0] < 0.6
    assert partnership_chances([110, 20], 1)[0] > 0.95
    assert three_player_chances([121, 0, 40], 2) == (1.0, 0.0, 0.0)
    assert partnership_chances([100, 135], 0) == (0.0, 1.0)


# Boards by side from the dealer's: (players, board).
DIRECT = [(3, [110, 110, 110]), (3, [115, 105, 100]), (4, [110, 110]), (4, [100, 115])]


@pytest.mark.parametrize(("players", "board"), DIRECT)
def test_the_tables_agree_with_direct_simulation(players: int, board: list[int]) -> None:
    games = 2000
    played = play_from_board(players, board, games, seed=7 + sum(board))
    read = three_player_chances if players == 3 else partnership_chances
    table = read(board, 0)  # type: ignore[operator]
    for t, p, e in zip(table, played["share"], played["stderr"], strict=True):
        # Seeded: the same answer every run; the table's error is far smaller.
        assert abs(t - p) < 3.5 * max(e, 1e-3), (board, table, played["share"])


def test_the_programme_reproduces_for_a_seed(tmp_path: Path) -> None:
    quick = build_board_table(4, 60, seed=5)
    again = build_board_table(4, 60, seed=5, chunk=7)
    assert np.array_equal(quick.win, again.win) and np.array_equal(quick.stderr, again.stderr)
    assert np.allclose(quick.win.sum(axis=-1), 1.0, atol=1e-5)
    ship_board_table(quick, tmp_path)
    meta = json.loads((tmp_path / "partnership_meta.json").read_text())
    assert meta["deals"] == 60 and meta["seed"] == 5 and "checksum" in meta
    three = build_board_table(3, 20, seed=5)
    assert three.win.shape == (121, 121, 121, 3)
    ship_board_table(three, tmp_path)
    assert (tmp_path / "three_hand.bin").stat().st_size == 5 * 61**3
    meta = json.loads((tmp_path / "three_hand_meta.json").read_text())
    assert 0 <= meta["mean_grid_error"] <= meta["max_grid_error"] < 1


BAD_SCORES = [
    ([0, 0], "scores needs 3"),
    ([0, 0, 0, 0], "scores needs 3"),
    ([0, -1, 0], r"scores\[1\]"),
    ([0, 0, 150], r"scores\[2\]"),
    ([121, 125, 0], "more than one side"),
    ("000", "sequence"),
    ([0, 1.5, 0], r"scores\[1\]"),
    ([True, 0, 0], r"scores\[0\]"),
]


@pytest.mark.parametrize(("scores", "match"), BAD_SCORES)
def test_bad_three_player_boards_name_the_problem(scores: object, match: str) -> None:
    with pytest.raises((TypeError, ValueError), match=match):
        three_player_chances(scores, 0)  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(-(10**20), 10**20), min_size=0, max_size=5),
    st.integers(-(10**6), 10**6),
    st.sampled_from([3, 4]),
)
def test_hostile_boards_raise_or_answer(scores: list[int], dealer: int, players: int) -> None:
    sides = 3 if players == 3 else 2
    read = three_player_chances if players == 3 else partnership_chances
    valid = (
        len(scores) == sides
        and all(0 <= s <= 149 for s in scores)
        and sum(s >= 121 for s in scores) <= 1
        and 0 <= dealer < players
    )
    if valid:
        chances = read(scores, dealer)  # type: ignore[operator]
        assert math.isclose(sum(chances), 1.0, abs_tol=1e-9)
    else:
        with pytest.raises(ValueError, match=r"scores|dealer|side"):
            read(scores, dealer)  # type: ignore[operator]


@pytest.mark.parametrize("dealer", [-1, 4, 10**30])
def test_a_bad_dealer_is_named(dealer: int) -> None:
    with pytest.raises(ValueError, match="dealer"):
        partnership_chances([0, 0], dealer)
    with pytest.raises((TypeError, ValueError), match="dealer"):
        three_player_chances([0, 0, 0], 3 if dealer == 4 else dealer)
    with pytest.raises(TypeError, match="dealer"):
        partnership_chances([0, 0], 1.0)  # type: ignore[arg-type]


def test_bad_builds_and_samples_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        build_board_table(2, 40)
    with pytest.raises(ValueError, match="deals"):
        build_board_table(3, 5)
    with pytest.raises(ValueError, match="players"):
        _core._sample_boards(0, 5, players=5)
    with pytest.raises(ValueError, match="range"):
        _core._sample_boards(5, 4, players=3)
    with pytest.raises(ValueError, match="board sample"):
        _core._solve_boards([b"\x02\x01"], players=3)
    with pytest.raises(ValueError, match="batches"):
        _core._solve_boards([_core._sample_boards(0, 5, players=3, seed=1)], players=3, batches=9)
    with pytest.raises(ValueError, match="scores"):
        play_from_board(3, [0, 0], 10, seed=1)
    with pytest.raises(ValueError, match="games"):
        play_from_board(4, [0, 0], 0, seed=1)
    with pytest.raises(ValueError, match="players"):
        board_table_info(2)


def test_sampling_on_ray_gives_the_same_table() -> None:
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = build_board_table(4, 60, seed=5, chunk=25, ray=True)
    finally:
        ray.shutdown()
    here = build_board_table(4, 60, seed=5)
    assert np.array_equal(on_ray.win, here.win) and on_ray.metadata["ray"] is True


def test_the_repository_script_ships_both_tables(tmp_path: Path) -> None:
    import importlib.util

    from click.testing import CliRunner

    script = Path(__file__).resolve().parents[2] / "scripts" / "ship_tables.py"
    spec = importlib.util.spec_from_file_location("ship_tables", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for command, name in (("partnership", "partnership"), ("three-hand", "three_hand")):
        args = [command, "--deals", "20", "--seed", "4", "--data-dir", str(tmp_path)]
        result = CliRunner().invoke(module.main, args)
        assert result.exit_code == 0, result.output
        meta = json.loads((tmp_path / f"{name}_meta.json").read_text())
        assert meta["deals"] == 20 and meta["seed"] == 4
    result = CliRunner().invoke(module.main, ["three-hand", "--deals", "5"])
    assert result.exit_code == 2 and "deals" in result.output
