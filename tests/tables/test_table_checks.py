"""Loaded tables are validated once, at load (issue 22, class 1): the pegging
table, the position table, the crib tables and the atlas refuse a tampered,
damaged, stale or foreign file with a ValueError naming the file and what is
wrong; a partial atlas loads and its misses are computed directly.

The fuzz tests change one thing of a valid file at a time (a value, a dtype,
a shape, a key, the build record), with and without a fresh checksum, and
require that the load either refuses it naming the file or gives a table
whose values are all possible."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_fast import _core, builders, tables
from cribbage_fast.tables import crib as crib_module
from cribbage_fast.tables import discards
from cribbage_fast.tables._checks import checksum
from cribbage_fast.tables.positions import ARRAYS, PositionTable

FUZZ = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
DEALS = 300  # the partial atlas of the first canonical deals


def read(path: Path) -> dict[str, Any]:
    with np.load(path) as data:
        return {name: data[name] for name in data.files}


def write(path: Path, arrays: dict[str, Any], meta_key: str, restamp: bool, **meta: Any) -> Path:
    """`arrays` written to `path`, the build record updated by `meta`, its
    checksum recomputed when `restamp` (a tamperer who knows the format)."""
    record = json.loads(str(arrays[meta_key]))
    record.update(meta)
    if restamp:
        record["checksum"] = checksum({k: v for k, v in arrays.items() if k != meta_key})
    np.savez(path, **{**arrays, meta_key: np.array(json.dumps(record))})
    return path


def refused(load: Callable[[Path], Any], path: Path, *words: str) -> str:
    with pytest.raises(ValueError) as error:
        load(path)
    message = str(error.value)
    assert str(path) in message, message
    for word in words:
        assert word in message, message
    return message


@pytest.fixture(scope="module")
def pegging_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pegging") / "pegging.npz"
    builders.save_pegging_table(tables.pegging_table(), path)
    return path


@pytest.fixture(scope="module")
def positions_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("positions") / "positions.npz"
    tables.positions.position_table().save(path)
    return path


@pytest.fixture(scope="module")
def atlas_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    analysis = _core.DealAnalysis()
    analysis.extend(DEALS)
    masks, weights = _core._canonical_deals()
    partial = tables.Atlas.from_tables(masks[:DEALS], weights[:DEALS], analysis.hand_totals())
    path = tmp_path_factory.mktemp("atlas") / "atlas.npz"
    partial.save(path)
    return path


# ----- the pegging table ------------------------------------------------------


def test_a_saved_pegging_table_loads_with_its_checksum(pegging_file: Path) -> None:
    loaded = tables.pegging_table(pegging_file)
    assert loaded.meta == tables.pegging_table().meta
    assert loaded.meta["checksum"].startswith("sha256:")
    assert np.array_equal(loaded.sums, tables.pegging_table().sums)


@pytest.mark.parametrize(
    ("change", "restamp", "words"),
    [
        ("zero samples", True, ["has 0 samples"]),
        ("impossible points", True, ["impossible own point totals"]),
        ("float sums", True, ["sums must be uint64"]),
        ("wrong shape", True, ["sums must have shape"]),
        ("no checksum", False, ["no checksum"]),
        ("any change", False, ["do not match the checksum"]),
        ("engine version", True, ["engine version '9.0.0'"]),
        ("method", True, ["another method"]),
        ("missing sums", True, ["missing sums"]),
    ],
)
def test_a_bad_pegging_table_is_refused_at_load(
    pegging_file: Path, tmp_path: Path, change: str, restamp: bool, words: list[str]
) -> None:
    arrays = read(pegging_file)
    sums = arrays["sums"].copy()
    meta: dict[str, Any] = {}
    if change == "zero samples":
        sums[7, 1, :] = 0
    elif change in ("impossible points", "any change"):
        sums[7, 1, 1] = sums[7, 1, 0] * 61
    elif change == "float sums":
        sums = sums.astype(np.float64)
    elif change == "wrong shape":
        sums = sums[:100]
    elif change == "no checksum":
        meta["checksum"] = None
    elif change == "engine version":
        meta["engine_version"] = "9.0.0"
    elif change == "method":
        meta["method"] = "guessed"
    arrays["sums"] = sums
    if change == "missing sums":
        del arrays["sums"]
    path = write(tmp_path / "p.npz", arrays, "meta", restamp, **meta)
    refused(tables.pegging_table, path, "not a valid pegging table", *words)


def test_files_that_are_not_tables_are_refused_naming_them(tmp_path: Path) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("not a table")
    array = tmp_path / "array.npy"
    np.save(array, np.zeros(3))
    for path in (text, array):
        refused(tables.pegging_table, path, "pegging table")
        refused(PositionTable.load, path, "position table")
        refused(tables.atlas, path, "atlas")
    with pytest.raises(FileNotFoundError):
        tables.pegging_table(tmp_path / "missing.npz")


@FUZZ
@given(
    where=st.tuples(st.integers(0, 1819), st.integers(0, 1), st.integers(0, 4)),
    value=st.integers(0, 2**64 - 1),
    restamp=st.booleans(),
)
def test_fuzzed_pegging_tables_load_only_when_possible(
    pegging_file: Path,
    tmp_path_factory: pytest.TempPathFactory,
    where: Any,
    value: int,
    restamp: bool,
) -> None:
    arrays = read(pegging_file)
    arrays["sums"] = arrays["sums"].copy()
    arrays["sums"][where] = value
    path = write(tmp_path_factory.mktemp("fuzz") / "p.npz", arrays, "meta", restamp)
    try:
        loaded = tables.pegging_table(path)
    except ValueError as error:
        assert str(path) in str(error)
        return
    # Loaded: every value is a possible expectation of points pegged.
    for values in (loaded.dealer, loaded.pone, loaded.dealer_net, loaded.pone_net):
        assert np.isfinite(values).all() and (np.abs(values) <= 60).all()


# ----- the position table -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "restamp", "words"),
    [
        ("win", np.nan, True, ["win[", "not a number from 0.0 to 1.0"]),
        ("win", 7.0, True, ["win["]),
        ("points", -3.5, True, ["points["]),
        ("win_stderr", -0.1, True, ["win_stderr["]),
        ("win", 0.5, False, ["do not match the checksum"]),
    ],
)
def test_a_bad_position_table_is_refused_at_load(
    positions_file: Path, tmp_path: Path, name: str, value: float, restamp: bool, words: list[str]
) -> None:
    arrays = read(positions_file)
    arrays[name] = arrays[name].copy()
    arrays[name][3, 4] = value
    path = write(tmp_path / "t.npz", arrays, "metadata", restamp)
    refused(PositionTable.load, path, "not a valid position table", *words)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("float64", ["win must be float32"]),
        ("shape", ["win must have shape (121, 121)"]),
        ("int", ["points must be float32"]),
        ("extra", ["unexpected extra"]),
        ("missing", ["missing points_stderr"]),
        ("version", ["engine version '0.0.1-dev'"]),
        ("deals", ["batches of at least a deal"]),
        ("metadata", ["metadata must be JSON text"]),
    ],
)
def test_position_tables_of_the_wrong_form_are_refused(
    positions_file: Path, tmp_path: Path, change: str, words: list[str]
) -> None:
    arrays = read(positions_file)
    meta: dict[str, Any] = {}
    if change == "float64":
        arrays["win"] = arrays["win"].astype(np.float64)
    elif change == "shape":
        arrays["win"] = arrays["win"][:120]
    elif change == "int":
        arrays["points"] = arrays["points"].astype(np.int32)
    elif change == "extra":
        arrays["extra"] = np.zeros(2)
    elif change == "missing":
        del arrays["points_stderr"]
    elif change == "version":
        meta["engine_version"] = "0.0.1-dev"
    elif change == "deals":
        meta["deals"] = 0
    path = write(tmp_path / "t.npz", arrays, "metadata", True, **meta)
    if change == "metadata":
        arrays["metadata"] = np.arange(3)
        np.savez(path, **arrays)
    refused(PositionTable.load, path, *words)


@FUZZ
@given(
    name=st.sampled_from(ARRAYS),
    cell=st.tuples(st.integers(0, 120), st.integers(0, 120)),
    value=st.one_of(
        st.floats(allow_nan=True, allow_infinity=True, width=32),
        st.sampled_from([np.nan, -np.inf, 1.0000001, -3.0001, 6.5]),
    ),
    restamp=st.booleans(),
)
def test_fuzzed_position_tables_load_only_when_possible(
    positions_file: Path,
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    cell: tuple[int, int],
    value: float,
    restamp: bool,
) -> None:
    arrays = read(positions_file)
    arrays[name] = arrays[name].copy()
    arrays[name][cell] = value
    path = write(tmp_path_factory.mktemp("fuzz") / "t.npz", arrays, "metadata", restamp)
    try:
        table = PositionTable.load(path)
    except ValueError as error:
        assert str(path) in str(error)
        return
    assert ((table.win >= 0) & (table.win <= 1)).all()
    assert (np.abs(table.game_points) <= 3).all() and (table.stderr >= 0).all()


# ----- the crib tables --------------------------------------------------------


def test_the_shipped_crib_tables_carry_their_checksum() -> None:
    info = tables.crib_table_info()
    assert info["checksum"].startswith("sha256:") and info["deals"] == 962_988
    path = crib_module.CRIB_FILE
    assert path.stat().st_size < 20_000


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("nan", ["uniform_own_flushes[", "not a number"]),
        ("asymmetric", ["is not symmetric"]),
        ("deals", ["built from 12 deals"]),
        ("tampered", ["do not match the checksum"]),
        ("missing", ["missing fixed_point_opponent_flushes"]),
    ],
)
def test_bad_crib_tables_are_refused(tmp_path: Path, change: str, words: list[str]) -> None:
    arrays = read(crib_module.CRIB_FILE)
    meta: dict[str, Any] = {}
    key = "uniform_own_flushes"
    arrays[key] = arrays[key].copy()
    if change == "nan":
        arrays[key][2, 2] = np.nan
    elif change == "asymmetric":
        arrays[key][2, 3] += 1.0
    elif change == "tampered":
        arrays[key][2, 3] = arrays[key][3, 2] = 5.0
    elif change == "deals":
        meta["deals"] = 12
    elif change == "missing":
        del arrays["fixed_point_opponent_flushes"]
    path = write(tmp_path / "crib.npz", arrays, "meta", change != "tampered", **meta)
    refused(lambda p: crib_module.check_crib_tables(read(p), p), path, *words)


# ----- the atlas --------------------------------------------------------------


def test_a_partial_atlas_loads_and_its_misses_are_computed_directly(atlas_file: Path) -> None:
    loaded = tables.atlas(atlas_file)
    assert len(loaded) == DEALS and loaded.meta["checksum"].startswith("sha256:")
    masks = _core._canonical_deals()[0]
    held = [_core.Card.from_index(i) for i in range(52) if int(masks[5]) >> i & 1]
    missed = "5H 5D JC 4S 6H KD"
    for hand in (held, missed):
        for dealer in (True, False):
            want = tables.table_discards(hand, dealer, crib_model="fixed_point", pegging=True)
            assert loaded.lookup(hand, dealer) == want
            assert loaded.best_discard(hand, dealer) == want[0]


@pytest.mark.parametrize(
    ("change", "restamp", "words"),
    [
        ("reverse order", False, ["do not match the checksum"]),
        ("reverse order", True, ["is not best first"]),
        ("order not a permutation", True, ["not a permutation"]),
        ("own pegging", True, ["pegging_net differs from this engine's tables"]),
        ("old ranking", True, ["another method (ranking"]),
        ("engine version", True, ["engine version '0.2.0'"]),
        ("hand total", True, ["hand_total[", "not a number from 0 to 1334"]),
        ("masks", True, ["not canonical deals in ascending order"]),
        ("weights", True, ["weights differ"]),
        ("order dtype", True, ["order must be uint8"]),
        ("old format", True, ["before the ranking used the net pegging", "rebuild"]),
    ],
)
def test_a_bad_atlas_is_refused_at_load(
    atlas_file: Path, tmp_path: Path, change: str, restamp: bool, words: list[str]
) -> None:
    arrays = read(atlas_file)
    meta: dict[str, Any] = {}
    if change == "reverse order":
        arrays["order"] = arrays["order"][..., ::-1].copy()
    elif change == "order not a permutation":
        arrays["order"] = arrays["order"].copy()
        arrays["order"][4, 1, 0] = arrays["order"][4, 1, 1]
    elif change == "own pegging":
        arrays["pegging_net"] = arrays["pegging"].copy()
    elif change == "old ranking":
        meta["ranking"] = "hand_ev +/- crib_ev + pegging_ev"
    elif change == "engine version":
        meta["engine_version"] = "0.2.0"
    elif change == "hand total":
        arrays["hand_total"] = arrays["hand_total"].copy()
        arrays["hand_total"][9, 3] = 2000
    elif change == "masks":
        arrays["masks"] = arrays["masks"][::-1].copy()
    elif change == "weights":
        arrays["weights"] = arrays["weights"] + np.uint32(1)
    elif change == "order dtype":
        arrays["order"] = arrays["order"].astype(np.int64)
    elif change == "old format":
        del arrays["pegging_net"], arrays["pegging_opponent"]
    path = write(tmp_path / "atlas.npz", arrays, "meta", restamp, **meta)
    refused(tables.atlas, path, "not a valid atlas", *words)


def test_an_atlas_is_held_by_its_caller_and_changes_no_other_answer(
    atlas_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = "5H 5D JC 4S 6H KD"
    before = tables.best_table_discard(hand, dealer=True)
    loaded = tables.atlas(atlas_file)
    # An atlas whose lookups all answer differently: the module's function
    # must not read it, nor any atlas loaded anywhere.
    monkeypatch.setattr(type(loaded), "lookup", lambda self, h, d: [None])
    assert loaded.best_discard(hand, True) is None
    assert tables.best_table_discard(hand, dealer=True) == before
    state = [k for k, v in vars(discards).items() if not k.startswith("__")]
    assert not [k for k in state if isinstance(vars(discards)[k], list | dict | set)]


def test_lookups_break_ties_as_direct_computation(atlas_file: Path) -> None:
    loaded = tables.atlas(atlas_file)
    masks = loaded.masks
    rng = random.Random(7)
    perms = [list(p) for p in __import__("itertools").permutations(range(4))]
    ties = 0
    for _ in range(120):
        row, perm = rng.randrange(len(masks)), rng.choice(perms)
        idx = [i for i in range(52) if int(masks[row]) >> i & 1]
        hand = [_core.Card.from_index(i // 4 * 4 + perm[i % 4]) for i in idx]
        for dealer in (True, False):
            got = loaded.lookup(hand, dealer)
            want = tables.table_discards(hand, dealer, "fixed_point", pegging=True)
            assert [o.discard for o in got] == [o.discard for o in want]
            ties += got[0].total == got[1].total
    # The first deals are low cards with many equal discards: ties were exercised.
    assert ties > 10
