"""The board-position table: shipped data, the programme, direct simulation, errors, CLI."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import cribbage_fast
from cribbage_fast import _core, expected_game_points, position_table, win_probability
from cribbage_fast.builders import build_table, deals_for_precision, ship_position_table
from cribbage_fast.cli import main
from cribbage_fast.tables.positions import PositionTable


@pytest.fixture(scope="module")
def quick() -> PositionTable:
    return build_table(100, seed=11)


def test_shipped_table_loads_with_its_metadata() -> None:
    table = position_table()
    for name in ("win", "game_points", "stderr", "game_points_stderr"):
        array = getattr(table, name)
        assert array.shape == (121, 121, 2) and np.isfinite(array).all(), name
    assert ((table.win >= 0) & (table.win <= 1)).all()
    assert (np.abs(table.game_points) <= 3).all()
    meta = table.metadata
    assert meta["engine_version"] == cribbage_fast.__version__
    assert "dynamic programme" in meta["method"]
    assert meta["deals"] >= 50_000 and isinstance(meta["seed"], int)
    # The precision goal of the shipped table: every cell within 0.5 points at 95%.
    assert table.half_width() <= 0.5
    # The arrays are shared (read-only), the metadata the caller's copy.
    assert position_table().win is table.win and position_table().metadata is not meta


def test_the_shipped_table_is_read_from_the_engine_bit_for_bit() -> None:
    flat, meta = _core._shipped_positions()
    assert flat.dtype == np.float32 and flat.shape == (4 * 121 * 121,)
    dealer = flat.reshape(4, 121, 121)
    # Values of the table as built (seed 2026, 79,013 deals), recorded when it
    # moved from data/positions.npz into the engine.
    win, points = dealer[0], dealer[1]
    assert win[0, 0] == np.float32(0.554927408695221)
    assert win[100, 110] == np.float32(0.2845744788646698)
    assert points[60, 90] == np.float32(-1.4516143798828125)
    assert dealer[2][0, 0] == np.float32(0.00046032029786147177)
    assert dealer[3][120, 119] == np.float32(0.003195357508957386)
    digest = hashlib.sha256(flat.astype("<f4").tobytes()).hexdigest()
    assert digest == "a8c5afc97a06a9985fad01a02631b17b85969614156b14cb23d6590e39dab8d5"
    table = position_table()
    assert table.metadata == json.loads(meta)
    assert table.win[0, 0, 0] == win[0, 0] and table.win[110, 100, 1] == 1 - np.float64(
        win[100, 110]
    )
    assert table.game_points[60, 90, 0] == points[60, 90]


def test_a_table_ships_in_the_engines_form(tmp_path: Path) -> None:
    table = position_table()
    ship_position_table(table, tmp_path)
    assert (tmp_path / "positions.bin").read_bytes() == _core._shipped_positions()[0].tobytes()
    assert json.loads((tmp_path / "positions_meta.json").read_text()) == table.metadata
    with pytest.raises(FileNotFoundError, match="repository root"):
        ship_position_table(table, tmp_path / "missing")


def test_the_two_views_of_a_position_add_up_to_one() -> None:
    table = position_table()
    both = table.win[:, :, 0] + table.win[:, :, 1].T
    assert np.abs(both - 1).max() < 1e-12
    assert np.abs(table.game_points[:, :, 0] + table.game_points[:, :, 1].T).max() < 1e-12
    for x, y in [(0, 0), (95, 110), (120, 3), (61, 119)]:
        total = win_probability(x, y, True) + win_probability(y, x, False)
        assert math.isclose(total, 1.0, abs_tol=1e-12)


def test_the_board_behaves_like_cribbage() -> None:
    # The first dealer has the edge; a big lead wins; 120 against 0 never loses...
    assert 0.5 < win_probability(0, 0, True) < 0.6
    assert win_probability(100, 40, True) > 0.95
    assert win_probability(120, 0, False) > 0.99
    # ...and skunks count: far ahead of a player under 61 is worth nearly 3.
    assert expected_game_points(119, 10, True) > 2.9
    assert expected_game_points(10, 119, True) < -2.5
    # Dealing next is worth more than not, from an even board.
    assert win_probability(60, 60, True) > win_probability(60, 60, False)


def test_the_programme_reproduces_for_a_seed(quick: PositionTable) -> None:
    again = build_table(100, seed=11)
    assert np.array_equal(again.win, quick.win)
    assert np.array_equal(again.stderr, quick.stderr)
    assert not np.array_equal(build_table(100, seed=12).win, quick.win)
    # The chunking of the deal indexes does not matter.
    one = _core._sample_positions(0, 100, seed=11)
    parts = [_core._sample_positions(a, b, seed=11) for a, b in [(0, 7), (7, 60), (60, 100)]]
    assert b"".join(parts) == one
    assert quick.metadata["deals"] == 100 and quick.metadata["seed"] == 11
    assert deals_for_precision(0.5) == 64_000


def test_a_table_saves_and_loads(tmp_path: Path, quick: PositionTable) -> None:
    path = tmp_path / "t.npz"
    quick.save(path)
    loaded = PositionTable.load(path)
    assert loaded.metadata == quick.metadata
    assert np.allclose(loaded.win, quick.win, atol=1e-6)
    assert path.stat().st_size < 400_000


# Positions near the end, where the board-aware Expert differs most, and two
# further back; (my score, their score, I deal next).
DIRECT = [(119, 119, False), (115, 110, True), (105, 117, False), (100, 100, True), (85, 95, False)]


@pytest.mark.parametrize(("x", "y", "dealer"), DIRECT)
def test_the_table_agrees_with_direct_simulation(x: int, y: int, dealer: bool) -> None:
    games = 3000
    stats = cribbage_fast.simulate(
        "expert", "expert", games, seed=x * 1000 + y, scores=(x, y), first_dealer=0 if dealer else 1
    )
    p = stats.wins[0] / games
    table = position_table()
    k = 0 if dealer else 1
    se = math.sqrt(p * (1 - p) / games + table.stderr[x, y, k] ** 2)
    # Seeded: the same answer every run; 3.5 standard errors keeps five checks honest.
    assert abs(table.win[x, y, k] - p) < 3.5 * se, (p, table.win[x, y, k], se)


@pytest.mark.parametrize(
    ("args", "name"),
    [
        ((-1, 0, True), "my_score"),
        ((0, 150, True), "their_score"),
        ((121, 125, True), "both"),
        ((10**30, 0, True), "my_score"),
        ((1.5, 0, True), "my_score"),
        ((True, 0, True), "my_score"),
        ((0, 0, "yes"), "dealer"),
        ((0, 0, 1), "dealer"),
    ],
)
def test_bad_arguments_name_the_parameter(args: tuple[object, object, object], name: str) -> None:
    # A wrong type is a TypeError, a wrong value a ValueError (issue 22, class 4).
    with pytest.raises((TypeError, ValueError), match=name):
        win_probability(*args)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError), match=name):
        expected_game_points(*args)  # type: ignore[arg-type]


def test_bad_samples_and_ranges_are_refused() -> None:
    with pytest.raises(ValueError, match="start"):
        _core._sample_positions(-1, 5)
    with pytest.raises(ValueError, match="seed"):
        _core._sample_positions(0, 5, seed=-1)
    with pytest.raises(ValueError, match="range"):
        _core._sample_positions(5, 4)
    with pytest.raises(ValueError, match="position sample"):
        _core._solve_positions([b"\x00\x01"])
    with pytest.raises(ValueError, match="batches"):
        _core._solve_positions([_core._sample_positions(0, 5, seed=1)], batches=10)
    with pytest.raises(ValueError, match="batches"):
        _core._solve_positions([_core._sample_positions(0, 5, seed=1)], batches=-1)
    with pytest.raises(ValueError, match="deals"):
        build_table(5)
    with pytest.raises(ValueError, match="precision"):
        deals_for_precision(0)


def test_cli_position_prints_the_odds() -> None:
    result = CliRunner().invoke(main, ["position", "95", "110", "--dealer"])
    assert result.exit_code == 0, result.output
    assert "At 95 to 110, you deal next:" in result.output
    assert f"{100 * win_probability(95, 110, True):6.2f}%" in result.output
    assert f"{expected_game_points(95, 110, True):+6.3f}" in result.output
    pone = CliRunner().invoke(main, ["position", "95", "110", "--pone"])
    assert "your opponent deals next" in pone.output
    bad = CliRunner().invoke(main, ["position", "95", "150"])
    assert bad.exit_code == 2 and "their_score" in bad.output
    over = CliRunner().invoke(main, ["position", "95", "130"])
    assert over.exit_code == 0 and "your opponent has won" in over.output
    assert "-1" in over.output.splitlines()[-1]


def test_cli_rebuilds_and_plots_the_table(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["tables", "positions"]).exit_code == 2
    out = tmp_path / "p.npz"
    result = runner.invoke(
        main, ["tables", "positions", "--out", str(out), "--deals", "40", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    table = PositionTable.load(out)
    assert table.metadata["deals"] == 40 and table.metadata["seed"] == 4
    assert np.array_equal(table.win, PositionTable.load(out).win)
    ship = runner.invoke(main, ["tables", "positions", "--out", str(out), "--ship"])
    assert ship.exit_code == 2 and "No such option" in ship.output and "--ship" in ship.output
    pytest.importorskip("matplotlib")
    png = tmp_path / "p.png"
    result = runner.invoke(main, ["tables", "positions", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_play_shows_the_odds_each_deal() -> None:
    from cli.test_cli_bots import first_option_answers

    answers = first_option_answers(seed=5)
    result = CliRunner().invoke(
        main, ["play", "--bot", "random", "--seed", "5", "--odds"], input=answers
    )
    assert result.exit_code == 0, result.output
    first = f"{100 * win_probability(0, 0, dealer=False):.1f}%"
    lines = [line for line in result.output.splitlines() if "chance to win" in line]
    assert len(lines) >= 3
    assert lines[0].endswith(first) or lines[0].endswith(
        f"{100 * win_probability(0, 0, dealer=True):.1f}%"
    )


def test_sampling_on_ray_gives_the_same_table(quick: PositionTable) -> None:
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = build_table(100, seed=11, chunk=30, ray=True)
    finally:
        ray.shutdown()
    assert np.array_equal(on_ray.win, quick.win) and on_ray.metadata["ray"] is True
