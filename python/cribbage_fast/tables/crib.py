"""The shipped crib tables: expected crib points of each discarded rank pair.

Built by ``cribbage-fast tables crib`` (`cribbage_fast.builders.deals`)
and shipped in the package's ``data/`` with the engine version and method.

>>> crib_table(own=True, model="fixed_point", flushes=False).shape
(13, 13)
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .._args import flag

DATA = Path(__file__).parent.parent / "data"
CRIB_FILE = DATA / "crib_tables.npz"

CribModel = Literal["uniform", "fixed_point"]
MODELS = ("uniform", "fixed_point")


def _table_key(model: str, own: bool, flushes: bool) -> str:
    if model not in MODELS:
        raise ValueError(f"unknown crib model {model!r}: choose 'uniform' or 'fixed_point'")
    who = "own" if own or model == "uniform" else "opponent"
    return f"{model}_{who}_{'flushes' if flushes else 'no_flushes'}"


@functools.cache
def _crib_data() -> dict[str, Any]:
    with np.load(CRIB_FILE) as data:
        tables = {k: data[k] for k in data.files if k != "meta"}
        meta = json.loads(str(data["meta"]))
    return {"tables": tables, "meta": meta}


def crib_table(
    own: bool = True, model: str = "fixed_point", flushes: bool = True
) -> npt.NDArray[np.float64]:
    """Expected crib points of each discarded rank pair.

    Parameters
    ----------
    own : bool
        True for the dealer's own crib (the dealer throws the pair), False for
        the opponent's crib (the pone throws the pair into the dealer's crib).
    model : {"fixed_point", "uniform"}
        ``"fixed_point"``: both players discard optimally against the tables,
        iterated to a fixed point (Hessel's method), each pair valued given
        the six cards it is thrown from. ``"uniform"``: the
        other two crib cards are random unseen cards (the model of
        ``analyze_discards``), averaged over every deal; the same for both.
    flushes : bool
        Whether crib flushes count (False: Hessel's convention).

    Returns
    -------
    numpy.ndarray
        (13, 13) float64, index ``rank - 1``, symmetric.

    Raises
    ------
    ValueError
        For an unknown model.

    Examples
    --------
    >>> t = crib_table(own=False, model="uniform", flushes=True)
    >>> round(float(t[4, 4] - t[12, 0]), 1) > 4
    True
    """
    key = _table_key(model, flag(own, "own"), flag(flushes, "flushes"))
    table: npt.NDArray[np.float64] = _crib_data()["tables"][key].copy()
    return table


def crib_table_info() -> dict[str, Any]:
    """How the shipped crib tables were built (engine version, method,
    iterations and the change at each, build time).

    Returns
    -------
    dict
        The build record shipped with the tables (a copy).

    Examples
    --------
    >>> crib_table_info()["deals"]
    962988
    """
    meta: dict[str, Any] = dict(_crib_data()["meta"])
    return meta
