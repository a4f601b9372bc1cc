"""The shipped pegging table: points pegged holding each kept rank multiset.

Built into the engine (``src/data``) by ``scripts/ship_tables.py`` or written
to a file by ``cribbage-fast tables pegging --out FILE``
(`cribbage_fast.builders.pegging`).

>>> pegging_table().dealer.shape
(1820,)
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._args import flag, integer

#: Kept four-card rank multisets (ranks 1..13), in the pegging table's order.
KEEPS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations_with_replacement(range(1, 14), 4))
_KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
#: Sums per kept hand and role in the pegging builder.
PEGGING_STATS = 5


@dataclass(frozen=True)
class PeggingTable:
    """Expected pegging points of each kept rank multiset, for the dealer and
    the pone, against the Expert (see `pegging_table`)."""

    keeps: npt.NDArray[np.int64]
    """(1820, 4) kept ranks, ascending."""
    dealer: npt.NDArray[np.float64]
    """Points the dealer pegs holding each keep."""
    dealer_se: npt.NDArray[np.float64]
    pone: npt.NDArray[np.float64]
    """Points the pone pegs holding each keep."""
    pone_se: npt.NDArray[np.float64]
    dealer_opponent: npt.NDArray[np.float64]
    """Points the pone pegs against a dealer holding each keep."""
    pone_opponent: npt.NDArray[np.float64]
    """Points the dealer pegs against a pone holding each keep."""
    samples: int
    """Samples per keep and role (of the keep with the fewest)."""
    sums: npt.NDArray[np.uint64]
    """The exact sums the table is made of: (1820, 2, 5), roles pone then
    dealer; samples, points, squared points, opponent's points, squared."""
    meta: dict[str, Any]

    def value(self, ranks: Iterable[int], dealer: bool) -> float:
        """Expected points pegged holding `ranks` (four ranks, 1..13).

        Parameters
        ----------
        ranks : iterable of int
            The four kept ranks, 1 (ace) to 13 (king).
        dealer : bool
            The dealer's points, or the pone's.

        Returns
        -------
        float
            The expected points pegged in the play.

        Raises
        ------
        ValueError
            Not four ranks from 1 to 13.

        Examples
        --------
        >>> round(pegging_table().value([5, 5, 10, 10], dealer=True), 0) > 0
        True
        """
        index = keep_index(ranks)
        return float(self.dealer[index] if flag(dealer, "dealer") else self.pone[index])


def keep_index(ranks: Iterable[int]) -> int:
    """The pegging table's row of four kept ranks (1..13, any order).

    Parameters
    ----------
    ranks : iterable of int
        Four ranks, 1 (ace) to 13 (king).

    Returns
    -------
    int
        The row, 0 to 1819 (the rank multisets in sorted order).

    Raises
    ------
    ValueError
        Not four ranks from 1 to 13.

    Examples
    --------
    >>> keep_index([1, 1, 1, 1]), keep_index([13, 13, 13, 13])
    (0, 1819)
    """
    key = tuple(sorted(integer(r, "ranks", 1, 13) for r in ranks))
    if key not in _KEEP_INDEX:
        raise ValueError(f"not four ranks from 1 to 13: {key}")
    return _KEEP_INDEX[key]


def _pegging_from_sums(sums: npt.NDArray[np.uint64], meta: dict[str, Any]) -> PeggingTable:
    s = sums.reshape(len(KEEPS), 2, PEGGING_STATS).astype(np.float64)
    n = s[:, :, 0]
    mean = s[:, :, 1] / n
    var = np.maximum(s[:, :, 2] / n - mean**2, 0.0) * n / np.maximum(n - 1, 1)
    se = np.sqrt(var / n)
    opp = s[:, :, 3] / n
    return PeggingTable(
        keeps=np.array(KEEPS, dtype=np.int64),
        dealer=mean[:, 1],
        dealer_se=se[:, 1],
        pone=mean[:, 0],
        pone_se=se[:, 0],
        dealer_opponent=opp[:, 1],
        pone_opponent=opp[:, 0],
        samples=int(n.min()),
        sums=sums.reshape(len(KEEPS), 2, PEGGING_STATS),
        meta=meta,
    )


@functools.cache
def _shipped_pegging_table() -> PeggingTable:
    sums, meta = _core._shipped_pegging()
    if sums.size == 0:
        raise RuntimeError(
            "this engine was built without a pegging table: "
            "`python scripts/ship_tables.py pegging` writes one into src/data"
        )
    return _pegging_from_sums(sums, json.loads(meta))


def pegging_table(path: str | Path | None = None) -> PeggingTable:
    """The shipped pegging table (built into the engine, which reads it for
    its own decisions), or one written by ``cribbage-fast tables pegging
    --out FILE``: points pegged by the dealer and the pone holding each of the
    1,820 kept rank multisets, against an opponent who discards and plays as
    the Expert, with standard errors.

    Parameters
    ----------
    path : str or Path or None
        A ``.npz`` table written by `save_pegging_table`; None for the
        shipped table.

    Returns
    -------
    PeggingTable

    Examples
    --------
    >>> t = pegging_table()
    >>> t.dealer.shape, t.samples > 0, t.meta["seed"]
    ((1820,), True, 2026)
    """
    if path is None:
        return _shipped_pegging_table()
    with np.load(path) as data:
        sums = data["sums"]
        meta = json.loads(str(data["meta"]))
    return _pegging_from_sums(sums, meta)
