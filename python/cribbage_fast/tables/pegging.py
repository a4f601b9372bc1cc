"""The shipped pegging table: points pegged holding each kept rank multiset.

Built into the engine (``src/data``) by ``scripts/ship_tables.py`` or written
to a file by ``cribbage-fast tables pegging --out FILE``
(`cribbage_fast.builders.pegging`).

>>> pegging_table().dealer.shape
(1820,)
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag, integer
from ._checks import TableCheck, built_in, read_only

#: Kept four-card rank multisets (ranks 1..13), in the pegging table's order.
KEEPS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations_with_replacement(range(1, 14), 4))
_KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
#: Sums per kept hand and role in the pegging builder.
PEGGING_STATS = 5
#: How the pegging builder samples (its build record's ``method``).
PEGGING_METHOD = (
    "simulation: kept ranks with random suits, the opponent's six random cards "
    "discarded and every card played as the Expert, random starter; dealer and pone"
)
#: The most points one player can peg in a deal: four lays of at most 14
#: (a double pair royal and a fifteen or 31) and a go after each.
MAX_PEGGED = 60
#: The most samples of one keep and role (``crate::tables::pegging``).
MAX_SAMPLES_PER_KEEP = 1 << 40


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
    dealer_net: npt.NDArray[np.float64]
    """The dealer's net pegging holding each keep: own points minus the
    pone's (the master's discard term, ``crate::tables::pegging``)."""
    pone_net: npt.NDArray[np.float64]
    """The pone's net pegging holding each keep: own points minus the dealer's."""
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

    def net(self, ranks: Iterable[int], dealer: bool) -> float:
        """Expected points pegged holding `ranks` minus the opponent's: what
        a kept hand is worth in the play (the discard rankings add it).

        Parameters
        ----------
        ranks : iterable of int
            The four kept ranks, 1 (ace) to 13 (king).
        dealer : bool
            The dealer's net, or the pone's.

        Returns
        -------
        float
            Own expected pegging minus the opponent's.

        Raises
        ------
        ValueError
            Not four ranks from 1 to 13.

        Examples
        --------
        >>> t = pegging_table()
        >>> round(t.net([4, 5, 5, 6], dealer=True), 2), round(t.value([4, 5, 5, 6], True), 2)
        (2.72, 5.7)
        """
        index = keep_index(ranks)
        return float(self.dealer_net[index] if dealer else self.pone_net[index])


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
    sums = np.array(sums, dtype=np.uint64).reshape(len(KEEPS), 2, PEGGING_STATS)
    s = sums.astype(np.float64)
    n = s[:, :, 0]
    mean = s[:, :, 1] / n
    var = np.maximum(s[:, :, 2] / n - mean**2, 0.0) * n / np.maximum(n - 1, 1)
    se = np.sqrt(var / n)
    opp = s[:, :, 3] / n
    net = _core._net_pegging(sums.reshape(-1))
    arrays = {
        "keeps": np.array(KEEPS, dtype=np.int64),
        "dealer": mean[:, 1],
        "dealer_se": se[:, 1],
        "pone": mean[:, 0],
        "pone_se": se[:, 0],
        "dealer_opponent": opp[:, 1],
        "pone_opponent": opp[:, 0],
        "dealer_net": net[:, 1],
        "pone_net": net[:, 0],
        "sums": sums,
    }
    # Shared by every caller: nobody may change them.
    arrays = {name: read_only(np.ascontiguousarray(a)) for name, a in arrays.items()}
    return PeggingTable(**arrays, samples=int(n.min()), meta=meta)


def check_pegging(
    arrays: dict[str, Any], meta: dict[str, Any], source: str | Path
) -> npt.NDArray[np.uint64]:
    """The sums of a pegging table read from `source`, validated: uint64 of
    shape (1820, 2, 5) (or flat), samples in every keep and role (the same
    for both roles), possible totals, this engine's method and version and
    the recorded checksum; else a ValueError naming `source`."""
    check = TableCheck(source, "pegging table")
    check.keys(arrays, ["sums"])
    flat = check.array(arrays, "sums", np.uint64, None)
    check.true(
        flat.size == len(KEEPS) * 2 * PEGGING_STATS and flat.ndim in (1, 3),
        f"sums must have shape {(len(KEEPS), 2, PEGGING_STATS)}, got {flat.shape}",
    )
    sums = flat.reshape(len(KEEPS), 2, PEGGING_STATS)
    check.built(meta, PEGGING_METHOD)
    check.checksum(meta, {"sums": sums})
    n = sums[:, :, 0]
    for k, role in np.argwhere((n == 0) | (n > MAX_SAMPLES_PER_KEEP))[:1]:
        check.fail(f"keep {KEEPS[k]} as {('pone', 'dealer')[role]} has {n[k, role]} samples")
    check.true(bool((n[:, 0] == n[:, 1]).all()), "dealer and pone sample counts differ")
    s = sums.astype(np.float64)
    for first, who in ((1, "own"), (3, "opponent's")):
        points, squares = s[:, :, first], s[:, :, first + 1]
        # Each sample pegs 0..MAX_PEGGED: sum <= max * n, sum**2 <= n * squares <= max * n * sum.
        ok = (points <= MAX_PEGGED * s[:, :, 0]) & (squares <= MAX_PEGGED * points)
        ok &= points**2 <= s[:, :, 0] * squares * (1 + 1e-12)
        for k, role in np.argwhere(~ok)[:1]:
            check.fail(
                f"keep {KEEPS[k]} as {('pone', 'dealer')[role]}: impossible {who} point totals"
            )
    if "total_samples" in meta:
        check.true(meta["total_samples"] == int(n[:, 0].sum()), "total_samples differs from sums")
    return sums


@functools.cache
def _shipped_pegging_table() -> PeggingTable:
    sums, text = _core._shipped_pegging()
    built_in(sums.size, "pegging", "pegging")
    source = "the engine's built-in pegging table (src/data/pegging_sums.bin)"
    meta = TableCheck(source, "pegging table").meta_text(text)
    return _pegging_from_sums(check_pegging({"sums": sums}, meta, source), meta)


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
        Its arrays are read-only (the shipped table is shared); its ``meta``
        is the caller's copy.

    Raises
    ------
    FileNotFoundError
        No file at `path`.
    ValueError
        A file that is not a valid pegging table (named, with what is wrong):
        wrong keys, dtypes or shapes, keeps without samples, impossible
        totals, another engine version or method, or arrays that do not
        match the checksum its builder recorded.

    Examples
    --------
    >>> t = pegging_table()
    >>> t.dealer.shape, t.samples > 0, t.meta["seed"]
    ((1820,), True, 2026)
    """
    if path is None:
        table = _shipped_pegging_table()
        return dataclasses.replace(table, meta=copy.deepcopy(table.meta))
    check = TableCheck(path, "pegging table")
    arrays = check.load_npz(path)
    check.keys(arrays, ["sums", "meta"])
    meta = check.meta(arrays, "meta")
    del arrays["meta"]
    return _pegging_from_sums(check_pegging(arrays, meta, path), meta)
