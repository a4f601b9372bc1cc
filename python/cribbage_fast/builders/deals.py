"""Builds what the exact analysis of every deal gives: the crib tables and the atlas.

``analyze_all_deals`` takes a few minutes on two cores; its result feeds
`build_crib_tables`, `build_atlas` and the Expert's discard table.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from .._util.files import save_npz
from .._util.progress import map_local
from ..tables._checks import stamp
from ..tables.crib import METHOD, _table_key
from ..tables.discard_atlas import Atlas, atlas_meta


def analyze_all_deals(progress: bool = False, chunk: int = 20_000) -> _core.DealAnalysis:
    """The exact discard analysis of every canonical six-card deal (a few
    minutes on two cores): the source of the crib tables, the Expert's
    discard table and the atlas. ``cribbage-fast tables crib`` and
    ``cribbage-fast tables atlas`` run it.

    Parameters
    ----------
    progress : bool, default False
        Show a progress bar.
    chunk : int, default 20000
        Deals analysed per step (Ctrl-C stops between steps).

    Returns
    -------
    DealAnalysis
        The complete analysis (``complete`` is true), for `build_crib_tables`
        and `build_atlas`.

    Examples
    --------
    The analysis is filled in steps of deals; this one stops after 100:

    >>> from cribbage_fast import _core
    >>> partial = _core.DealAnalysis()
    >>> partial.extend(100), partial.complete
    (100, False)
    """
    analysis = _core.DealAnalysis()
    total = len(_core._canonical_deals()[0])
    for _ in map_local(
        lambda a, b: analysis.extend(b - a), total, chunk, "deals", enabled=progress
    ):
        pass
    return analysis


def build_crib_tables(analysis: _core.DealAnalysis) -> dict[str, Any]:
    """Every crib table (both models, both owners, with and without flushes)
    from a complete deal analysis, with a ``meta`` entry describing them.

    ``cribbage-fast tables crib --out FILE`` runs it (about 100 s on two cores).

    Parameters
    ----------
    analysis : DealAnalysis
        The complete analysis of `analyze_all_deals`.

    Returns
    -------
    dict
        ``"{model}_{own|opponent}_{flushes|no_flushes}"`` -> (13, 13) tables,
        and ``"meta"``.

    Examples
    --------
    The shipped tables were made by it; their keys:

    >>> from cribbage_fast.tables import CRIB_FILE
    >>> import numpy as np
    >>> with np.load(CRIB_FILE) as shipped:
    ...     "fixed_point_own_flushes" in shipped.files
    True
    """
    started = time.perf_counter()
    tables: dict[str, Any] = {}
    meta: dict[str, Any] = {
        "engine_version": _core.__version__,
        "deals": len(analysis),
        "method": METHOD,
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
    """Writes `build_crib_tables`' result as ``.npz``.

    Parameters
    ----------
    tables : dict
        The tables and their ``meta``.
    path : str or Path
        The file to write.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import tempfile, pathlib, numpy as np
    >>> from cribbage_fast.tables import crib_table, crib_table_info
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "crib.npz"
    >>> save_crib_tables({"meta": crib_table_info(), "t": crib_table()}, path)
    >>> with np.load(path) as data:
    ...     sorted(data.files)
    ['meta', 't']
    """
    arrays = {k: v for k, v in tables.items() if k != "meta"}
    meta = stamp(tables["meta"], arrays)
    save_npz(path, meta=np.array(json.dumps(meta)), **arrays)


def build_atlas(analysis: _core.DealAnalysis) -> Atlas:
    """The atlas from a complete deal analysis and the shipped tables.

    ``cribbage-fast tables atlas --out FILE`` runs it and writes the result
    (69 MB as ``.npz``; the analysis takes minutes).

    Parameters
    ----------
    analysis : DealAnalysis
        The complete analysis of `analyze_all_deals`.

    Returns
    -------
    Atlas
        Every canonical deal's discards, ranked for dealer and pone.

    Examples
    --------
    Without a built atlas, `best_table_discard` computes the same option directly:

    >>> from cribbage_fast.tables import best_table_discard
    >>> best_table_discard("5H 5D JC 4S 6H KD", dealer=True).crib_model
    'fixed_point'
    """
    masks, weights = _core._canonical_deals()
    return Atlas.from_tables(masks, weights, analysis.hand_totals(), atlas_meta())
