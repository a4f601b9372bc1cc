"""The shipped crib tables: expected crib points of each discarded rank pair.

Built by ``cribbage-fast tables crib`` (`cribbage_fast.builders.deals`)
and shipped in the package's ``data/`` with the engine version and method.

>>> crib_table(own=True, model="fixed_point", flushes=False).shape
(13, 13)
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag
from ._checks import TableCheck, read_only

DATA = Path(__file__).parent.parent / "data"
CRIB_FILE = DATA / "crib_tables.npz"

CribModel = Literal["uniform", "fixed_point"]
MODELS = ("uniform", "fixed_point")
#: How the crib tables are built (their build record's ``method``).
METHOD = {
    "uniform": "exact crib EV of analyze_discards (other crib cards uniform), "
    "averaged over every deal and every discard of the pair",
    "fixed_point": "optimal discards (exact hand EV +/- table) over every deal, "
    "tables rebuilt from the running average of the thrown pairs (fictitious play, "
    "iteration n weighing n) until no value moves more than the tolerance (Hessel); "
    "each pair valued given the six cards it is thrown from (the other player's "
    "pairs and the starter from the cards left), averaged over the hands throwing it",
}


def _table_key(model: str, own: bool, flushes: bool) -> str:
    if model not in MODELS:
        raise ValueError(f"unknown crib model {model!r}: choose 'uniform' or 'fixed_point'")
    who = "own" if own or model == "uniform" else "opponent"
    return f"{model}_{who}_{'flushes' if flushes else 'no_flushes'}"


#: Every table's key in the crib file.
KEYS = tuple(
    _table_key(model, own, flushes)
    for model in MODELS
    for own in ((True,) if model == "uniform" else (True, False))
    for flushes in (True, False)
)
#: The most points a crib can score.
MAX_CRIB = 29.0


def check_crib_tables(arrays: dict[str, Any], source: str | Path) -> dict[str, Any]:
    """The tables and build record of a crib file, validated: every table
    float64 (13, 13), symmetric, from 0 to 29 points, built from every
    canonical deal by this engine's methods, matching the recorded checksum
    (else a ValueError naming `source`)."""
    check = TableCheck(source, "crib table file")
    check.keys(arrays, [*KEYS, "meta"])
    meta = check.meta(arrays, "meta")
    tables = {key: check.array(arrays, key, np.float64, (13, 13)) for key in KEYS}
    for key, table in tables.items():
        check.within(key, table, 0.0, MAX_CRIB)
        check.true(bool((table == table.T).all()), f"{key} is not symmetric")
    check.built(meta, METHOD)
    deals = len(_core._canonical_deals()[0])
    check.true(meta.get("deals") == deals, f"built from {meta.get('deals')!r} deals, not {deals}")
    check.checksum(meta, tables)
    return {"tables": {key: read_only(t) for key, t in tables.items()}, "meta": meta}


@functools.cache
def _crib_data() -> dict[str, Any]:
    return check_crib_tables(
        TableCheck(CRIB_FILE, "crib table file").load_npz(CRIB_FILE), CRIB_FILE
    )


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
    meta: dict[str, Any] = copy.deepcopy(_crib_data()["meta"])
    return meta
