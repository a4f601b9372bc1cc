"""Builds what the exact analysis of every deal gives: the crib tables and the atlas.

``analyze_all_deals`` takes a few minutes on two cores; its result feeds
:func:`build_crib_tables`, :func:`build_atlas` and the Expert's discard table.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from .._progress import map_local
from ..tables.atlas import Atlas
from ..tables.crib import _table_key, crib_table, crib_table_info
from ..tables.pegging import pegging_table


def analyze_all_deals(progress: bool = False, chunk: int = 20_000) -> _core.DealAnalysis:
    """The exact discard analysis of every canonical six-card deal (a few
    minutes on two cores): the source of the crib tables, the Expert's
    discard table and the atlas."""
    analysis = _core.DealAnalysis()
    total = len(_core._canonical_deals()[0])
    for _ in map_local(
        lambda a, b: analysis.extend(b - a), total, chunk, "deals", enabled=progress
    ):
        pass
    return analysis


def build_crib_tables(analysis: _core.DealAnalysis) -> dict[str, Any]:
    """Every crib table (both models, both owners, with and without flushes)
    from a complete deal analysis, with a ``meta`` entry describing them."""
    started = time.perf_counter()
    tables: dict[str, Any] = {}
    meta: dict[str, Any] = {
        "engine_version": _core.__version__,
        "deals": len(analysis),
        "method": {
            "uniform": "exact crib EV of analyze_discards (other crib cards uniform), "
            "averaged over every deal and every discard of the pair",
            "fixed_point": "optimal discards (exact hand EV +/- table) over every deal, "
            "tables rebuilt from the running average of the thrown pairs (fictitious play, "
            "iteration n weighing n) until no value moves more than the tolerance (Hessel); "
            "each pair valued given the six cards it is thrown from (the other player's "
            "pairs and the starter from the cards left), averaged over the hands throwing it",
        },
        "fixed_point": {},
    }
    for flushes in (False, True):
        uniform = analysis.uniform_table(flushes)
        tables[_table_key("uniform", True, flushes)] = uniform
        own, opponent, changes, converged = analysis.fixed_point(flushes)
        tables[_table_key("fixed_point", True, flushes)] = own
        tables[_table_key("fixed_point", False, flushes)] = opponent
        meta["fixed_point"]["flushes" if flushes else "no_flushes"] = {
            "iterations": len(changes),
            "max_change_per_iteration": changes,
            "converged": converged,
            "tolerance": _core.DealAnalysis.FIXED_POINT_TOLERANCE,
        }
    meta["table_seconds"] = round(time.perf_counter() - started, 1)
    tables["meta"] = meta
    return tables


def save_crib_tables(tables: dict[str, Any], path: str | Path) -> None:
    """Writes :func:`build_crib_tables`' result as ``.npz``."""
    arrays = {k: v for k, v in tables.items() if k != "meta"}
    np.savez_compressed(path, meta=np.array(json.dumps(tables["meta"])), **arrays)


def build_atlas(analysis: _core.DealAnalysis) -> Atlas:
    """The atlas from a complete deal analysis and the shipped tables."""
    masks, weights = _core._canonical_deals()
    peg = pegging_table()
    meta = {
        "engine_version": _core.__version__,
        "crib": "fixed_point, flushes",
        "crib_meta": crib_table_info(),
        "pegging_meta": peg.meta,
    }
    return Atlas(
        {
            "masks": masks,
            "weights": weights,
            "hand_total": analysis.hand_totals(),
            "crib_tables": np.stack(
                [crib_table(own=o, model="fixed_point", flushes=True) for o in (False, True)]
            ),
            "pegging": np.stack([peg.pone, peg.dealer]),
            "meta": json.dumps(meta),
        }
    )
