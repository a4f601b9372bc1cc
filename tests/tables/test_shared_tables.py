"""Shared tables cannot be changed by a caller (issue 22, class 2): the
arrays handed out from cached tables are read-only, their metadata copies."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import cribbage_fast as cf
from cribbage_fast import _core, builders, tables


def test_the_pegging_table_cannot_be_overwritten() -> None:
    before = cf.analyze_discards("5H 5D JC 4S 6H KD", True, pegging=True)
    table = tables.pegging_table()
    with pytest.raises(ValueError, match="read-only"):
        table.dealer[:] = 1000
    for name in ("keeps", "dealer", "dealer_se", "pone", "pone_se", "dealer_opponent"):
        assert not getattr(table, name).flags.writeable, name
    for name in ("pone_opponent", "dealer_net", "pone_net", "sums"):
        assert not getattr(table, name).flags.writeable, name
    table.meta["seed"] = -1
    table.meta.clear()
    assert tables.pegging_table().meta["seed"] == 2026
    assert cf.analyze_discards("5H 5D JC 4S 6H KD", True, pegging=True) == before


def test_the_position_table_cannot_be_overwritten() -> None:
    before = cf.win_probability(0, 0, True)
    table = cf.position_table()
    with pytest.raises(ValueError, match="read-only"):
        table.win[0, 0, 0] = 7
    for name in ("win", "game_points", "stderr", "game_points_stderr"):
        assert not getattr(table, name).flags.writeable, name
    table.metadata["deals"] = 1
    assert cf.position_table().metadata["deals"] == 79_013
    assert cf.win_probability(0, 0, True) == before < 1
    # The arrays are shared, not copied on every call.
    assert cf.position_table().win is table.win


def test_crib_table_info_is_a_deep_copy() -> None:
    info = tables.crib_table_info()
    info["fixed_point"]["flushes"]["iterations"] = -5
    info["method"]["uniform"] = "changed"
    fresh = tables.crib_table_info()
    assert fresh["fixed_point"]["flushes"]["iterations"] > 0
    assert fresh["method"]["uniform"] != "changed"
    table = tables.crib_table()
    table[4, 4] = 99.0
    assert tables.crib_table()[4, 4] < 10


def test_a_loaded_atlas_is_read_only(tmp_path: Path) -> None:
    analysis = _core.DealAnalysis()
    analysis.extend(20)
    masks, weights = _core._canonical_deals()
    mine = analysis.hand_totals()
    partial = tables.Atlas.from_tables(masks[:20], weights[:20], mine)
    for name in ("masks", "order", "hand_total", "crib_tables", "pegging_net", "cards"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(partial, name)[...] = 0
    # The caller's own arrays stay writable.
    mine[0, 0] = 1
    assert masks.flags.writeable


def test_a_loaded_pegging_table_is_read_only_too(tmp_path: Path) -> None:
    builders.save_pegging_table(builders.build_pegging_table(2, seed=3), tmp_path / "p.npz")
    loaded = tables.pegging_table(tmp_path / "p.npz")
    with pytest.raises(ValueError, match="read-only"):
        loaded.sums[0, 0, 0] = np.uint64(0)
