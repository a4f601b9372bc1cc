"""The atlas: every canonical six-card deal's discards, ranked, read from a file.

Built by ``cribbage-fast tables atlas`` (`cribbage_fast.builders.deals`).

>>> default_atlas_path().name
'atlas.npz'
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag
from .._util.files import atomic_path, save_npz
from ._checks import TableCheck, read_only, stamp
from .crib import crib_table, crib_table_info
from .discards import (
    TIE_BREAK,
    TableDiscardOption,
    rank_discards,
    sort_options,
    table_discards,
)
from .pegging import KEEPS, pegging_table

#: Discarded positions of the 15 splits of a six-card deal (index order).
SPLITS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(6), 2))
#: How an atlas ranks discards (its build record's ``ranking``).
RANKING = (
    "hand_ev +/- crib_ev (fixed-point crib table with flushes) + pegging_net (own minus "
    "the opponent's expected pegging, the pegging table); ties: " + TIE_BREAK
)
#: The arrays of an atlas file (and ``meta``, its build record).
ATLAS_ARRAYS = (
    "masks",
    "weights",
    "hand_total",
    "order",
    "crib_tables",
    "pegging",
    "pegging_opponent",
    "pegging_net",
)


def _view(array: Any) -> npt.NDArray[Any]:
    """A read-only view of `array` (the caller's array stays writable)."""
    return read_only(np.asarray(array).view())


def _six_cards(hand: Any) -> list[_core.Card]:
    cards = _core.cards(hand)
    if len(cards) != 6:
        raise ValueError(f"the atlas holds six-card hands, got {len(cards)} cards")
    return cards


def _deal_card_indices(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """(n, 6) card indices of each deal mask, ascending."""
    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    return np.nonzero(bits)[1].reshape(len(masks), 6)


_KEEP_LUT = np.full(13**4, -1, dtype=np.int64)
for _i, _k in enumerate(KEEPS):
    _KEEP_LUT[((_k[0] - 1) * 13 + _k[1] - 1) * 169 + (_k[2] - 1) * 13 + _k[3] - 1] = _i


class Atlas:
    """Every canonical six-card deal's 15 discards for the dealer and the
    pone, best first by ``hand_ev +/- crib_ev + pegging_net`` (the fixed-point
    crib table with flushes and the net pegging of the pegging table; ties
    as `TIE_BREAK`).

    Arrays (``n`` = 962,988 canonical deals, or fewer in a partial atlas;
    role 0 pone, 1 dealer): ``masks`` (n,) card masks, ascending,
    ``weights`` (n,) real deals each stands for, ``hand_total`` (n, 15)
    exact show totals over 46 starters by split, ``order`` (n, 2, 15) splits
    best first (in the canonical suits), ``crib_tables`` (2, 13, 13) and
    ``pegging``, ``pegging_opponent``, ``pegging_net`` (2, 1820) the tables
    it was built with; the columns ``hand_ev``, ``crib_ev``, ``pegging_ev``,
    ``opponent_pegging_ev``, ``pegging_net`` and ``total`` as (n, 2, 15) in
    split order (`columns`). The arrays are read-only.

    Parameters
    ----------
    arrays : dict
        The arrays above, as `arrays` gives them or an ``.npz`` file holds them
        (``order`` is computed when missing).

    Examples
    --------
    A whole atlas comes from `atlas` (after ``cribbage-fast tables atlas``);
    one of the first three canonical deals shows the layout:

    >>> from cribbage_fast import _core
    >>> analysis = _core.DealAnalysis()
    >>> _ = analysis.extend(3)  # the first three canonical deals only
    >>> masks, weights = _core._canonical_deals()
    >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
    >>> len(tiny), tiny.cards[0].tolist()
    (3, [0, 1, 2, 3, 4, 5])
    """

    def __init__(self, arrays: dict[str, Any]) -> None:
        if not isinstance(arrays, Mapping):
            raise TypeError(
                f"arrays must be a mapping of names to arrays, got {type(arrays).__name__}"
            )
        missing = [k for k in (*ATLAS_ARRAYS, "meta") if k != "order" and k not in arrays]
        if missing:
            raise ValueError(f"arrays has no {', '.join(missing)}")
        self.masks: npt.NDArray[np.uint64] = _view(arrays["masks"])
        self.weights: npt.NDArray[np.uint32] = _view(arrays["weights"])
        self.hand_total: npt.NDArray[np.uint16] = _view(arrays["hand_total"])
        self.crib_tables: npt.NDArray[np.float64] = _view(arrays["crib_tables"])
        self.pegging: npt.NDArray[np.float64] = _view(arrays["pegging"])
        self.pegging_opponent: npt.NDArray[np.float64] = _view(arrays["pegging_opponent"])
        self.pegging_net: npt.NDArray[np.float64] = _view(arrays["pegging_net"])
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.cards = read_only(_deal_card_indices(self.masks))
        order = arrays["order"] if "order" in arrays else self._rank()
        self.order: npt.NDArray[np.uint8] = _view(order)

    @classmethod
    def from_tables(
        cls,
        masks: npt.NDArray[np.uint64],
        weights: npt.NDArray[np.uint32],
        hand_total: npt.NDArray[np.uint16],
        meta: dict[str, Any] | None = None,
    ) -> Atlas:
        """The atlas of these deals valued with this engine's crib and
        pegging tables (what `cribbage_fast.builders.build_atlas` builds).

        Parameters
        ----------
        masks, weights : numpy.ndarray
            Canonical deals (``_core._canonical_deals()`` or rows of it).
        hand_total : numpy.ndarray
            Their (n, 15) show totals (``DealAnalysis.hand_totals()``).
        meta : dict or None
            The build record (None: this engine's version and method).

        Returns
        -------
        Atlas
            The deals ranked for dealer and pone.

        Examples
        --------
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(2)
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:2], weights[:2], analysis.hand_totals())
        >>> tiny.meta["ranking"].startswith("hand_ev +/- crib_ev (fixed-point crib table")
        True
        """
        meta = meta if meta is not None else atlas_meta()
        arrays = {"masks": masks, "weights": weights, "hand_total": hand_total}
        return cls({**arrays, **_engine_tables(), "meta": json.dumps(meta)})

    def __len__(self) -> int:
        return len(self.masks)

    def columns(self, rows: Any = slice(None)) -> dict[str, npt.NDArray[np.float64]]:
        """``hand_ev``, ``crib_ev``, ``pegging_ev``, ``opponent_pegging_ev``,
        ``pegging_net`` and ``total`` of `rows` as (rows, 2, 15) arrays in
        split order (role 0 pone, 1 dealer).

        Parameters
        ----------
        rows : int, slice or array of int, default every row
            The deals to value.

        Returns
        -------
        dict of numpy.ndarray
            The six columns.

        Examples
        --------
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
        >>> tiny.columns()["total"].shape
        (3, 2, 15)
        """
        cards = self.cards[rows]
        ranks = cards // 4
        splits = np.array(SPLITS)
        rest = np.array([[p for p in range(6) if p not in s] for s in SPLITS])
        a, b = ranks[:, splits[:, 0]], ranks[:, splits[:, 1]]
        kept = ranks[:, rest]  # ascending, as the cards are
        keep = _KEEP_LUT[
            ((kept[..., 0] * 13 + kept[..., 1]) * 13 + kept[..., 2]) * 13 + kept[..., 3]
        ]
        hand = self.hand_total[rows].astype(np.float64) / 46.0
        role = np.arange(2)[None, :, None]
        crib = self.crib_tables[role, a[:, None, :], b[:, None, :]]
        keep = keep[:, None, :]
        peg_net = self.pegging_net[role, keep]
        hand2 = np.repeat(hand[:, None, :], 2, axis=1)
        # As TableDiscardOption adds them: hand - crib (pone) or + crib, then the pegging.
        net = hand2 + np.array([-1.0, 1.0])[None, :, None] * crib
        return {
            "hand_ev": hand2,
            "crib_ev": crib,
            "pegging_ev": self.pegging[role, keep],
            "opponent_pegging_ev": self.pegging_opponent[role, keep],
            "pegging_net": peg_net,
            "total": net + peg_net,
        }

    def _rank(self, block: int = 100_000) -> npt.NDArray[np.uint8]:
        order = np.empty((len(self), 2, 15), dtype=np.uint8)
        splits = np.array(SPLITS)
        for start in range(0, len(self), block):
            rows = slice(start, start + block)
            cols = self.columns(rows)
            cards = self.cards[rows]
            low, high = (
                np.broadcast_to(cards[:, None, splits[:, i]], cols["total"].shape) for i in (0, 1)
            )
            order[rows] = rank_discards(cols["total"], cols["hand_ev"], low, high)
        return order

    def best_discard(self, hand: Any, dealer: bool) -> TableDiscardOption:
        """The best discard of a six-card hand from the atlas: the first of
        `lookup`, the same option `best_table_discard` computes directly.

        Parameters
        ----------
        hand : str or iterable of Card or str
            Six cards.
        dealer : bool
            Whether the crib is the holder's.

        Returns
        -------
        TableDiscardOption
            The best discard by hand, crib and pegging expectations together.

        Raises
        ------
        ValueError
            For a hand that is not six different cards.
        TypeError
            `dealer` not True or False.

        Examples
        --------
        >>> from cribbage_fast import _core
        >>> from cribbage_fast.tables import best_table_discard
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
        >>> hand = "AC AD AH AS 2C 2D"
        >>> tiny.best_discard(hand, dealer=True) == best_table_discard(hand, dealer=True)
        True
        """
        return self.lookup(hand, dealer)[0]

    def lookup(self, hand: Any, dealer: bool) -> list[TableDiscardOption]:
        """Every discard of a six-card hand, best first, from the atlas (the
        hand's suits relabelled to its canonical deal and back, then ranked
        in the real suits as `table_discards` ranks them).

        Parameters
        ----------
        hand : str or iterable of Card or str
            Six cards.
        dealer : bool
            Whether the crib is the holder's.

        Returns
        -------
        list of TableDiscardOption
            The 15 discards, best first (`TIE_BREAK`); for a deal the atlas
            does not hold (a partial atlas), computed directly by
            `table_discards` (the same numbers).

        Raises
        ------
        ValueError
            For a hand that is not six different cards.
        TypeError
            `dealer` not True or False.

        Examples
        --------
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
        >>> tiny.lookup("AC AD AH AS 2C 2D", dealer=True)[0].discard
        (Card('2C'), Card('2D'))
        """
        dealer = flag(dealer, "dealer")
        held = _six_cards(hand)
        canon, to_canonical = _core._canonicalize(sum(1 << c.index for c in held))
        row = int(np.searchsorted(self.masks, np.uint64(canon)))
        if row >= len(self) or int(self.masks[row]) != canon:
            return table_discards(hand, dealer, crib_model="fixed_point", pegging=True)
        real = [to_canonical.index(s) for s in range(4)]
        cards = [_core.Card.from_index(int(i) // 4 * 4 + real[int(i) % 4]) for i in self.cards[row]]
        # The cards in the hand's order, as table_discards gives them.
        place = {c.index: n for n, c in enumerate(held)}
        cols = self.columns(slice(row, row + 1))
        role = int(dealer)
        out = []
        for k, (i, j) in enumerate(SPLITS):
            discard = tuple(sorted((cards[i], cards[j]), key=lambda c: place[c.index]))
            rest = (c for p, c in enumerate(cards) if p not in (i, j))
            keep = tuple(sorted(rest, key=lambda c: place[c.index]))
            v = {name: float(col[0, role, k]) for name, col in cols.items()}
            out.append(
                TableDiscardOption(
                    discard,
                    keep,
                    dealer,
                    v["hand_ev"],
                    v["crib_ev"],
                    v["hand_ev"] + v["crib_ev"] if dealer else v["hand_ev"] - v["crib_ev"],
                    v["pegging_ev"],
                    v["opponent_pegging_ev"],
                    v["pegging_net"],
                    "fixed_point",
                )
            )
        # Ranked here, in the real suits: equal discards fall as in table_discards.
        return sort_options(out)

    def arrays(self) -> dict[str, Any]:
        """The atlas as NumPy arrays (what `save` writes).

        Returns
        -------
        dict of numpy.ndarray
            ``masks``, ``weights``, ``hand_total``, ``order``, ``crib_tables``,
            ``pegging``, ``pegging_opponent``, ``pegging_net`` and ``meta``;
            ``Atlas(arrays)`` rebuilds the atlas.

        Examples
        --------
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
        >>> len(Atlas(tiny.arrays()))
        3
        """
        return {
            "masks": self.masks,
            "weights": self.weights,
            "hand_total": self.hand_total,
            "order": self.order,
            "crib_tables": self.crib_tables,
            "pegging": self.pegging,
            "pegging_opponent": self.pegging_opponent,
            "pegging_net": self.pegging_net,
            "meta": np.array(json.dumps(self.meta)),
        }

    def save(self, path: str | Path) -> None:
        """Writes the atlas as ``.npz`` with the checksum of its arrays in its
        build record (or Parquet for a ``.parquet`` path: one row per deal
        and role, the 15 discards best first as lists).

        Parameters
        ----------
        path : str or Path
            The file to write; `atlas` reads the ``.npz`` form.

        Raises
        ------
        ImportError
            A ``.parquet`` path without PyArrow (the ``tables`` extra).

        Examples
        --------
        >>> import tempfile, pathlib
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> tiny = Atlas.from_tables(masks[:3], weights[:3], analysis.hand_totals())
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "atlas.npz"
        >>> tiny.save(path)
        >>> with np.load(path) as data:
        ...     len(Atlas({name: data[name] for name in data.files}))
        3
        """
        path = Path(path)
        if path.suffix == ".parquet":
            with atomic_path(path) as part:
                self._save_parquet(part)
        else:
            arrays = self.arrays()
            del arrays["meta"]
            meta = stamp(self.meta, arrays)
            save_npz(path, compressed=False, **arrays, meta=np.array(json.dumps(meta)))

    def _save_parquet(self, path: Path, block: int = 100_000) -> None:
        from .._util.extras import require

        require("pyarrow", "tables")
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

        writer = None
        splits = np.array(SPLITS)
        try:
            for start in range(0, len(self), block):
                rows = slice(start, start + block)
                n = len(self.masks[rows])
                cols = self.columns(rows)
                order = self.order[rows].astype(np.int64)
                cards = self.cards[rows]
                table: dict[str, Any] = {
                    "deal": np.repeat(np.arange(start, start + n, dtype=np.uint32), 2),
                    "mask": np.repeat(self.masks[rows], 2),
                    "weight": np.repeat(self.weights[rows], 2),
                    "dealer": np.tile(np.array([False, True]), n),
                }
                pick = np.arange(n)[:, None, None], np.arange(2)[None, :, None], order
                disc = np.stack([cards[:, splits[:, 0]], cards[:, splits[:, 1]]], axis=-1)
                disc = np.broadcast_to(disc[:, None], (n, 2, 15, 2))[pick[0], pick[1], order]
                table["discard"] = _fixed_lists(pa, disc.reshape(2 * n, 30).astype(np.uint8), 30)
                for name, col in cols.items():
                    table[name] = _fixed_lists(pa, col[pick].reshape(2 * n, 15), 15)
                batch = pa.table(table)
                if writer is None:
                    meta = {b"cribbage_fast": json.dumps(self.meta).encode()}
                    writer = pq.ParquetWriter(
                        path, batch.schema.with_metadata(meta), compression="zstd"
                    )
                writer.write_table(batch.replace_schema_metadata(writer.schema.metadata))
        finally:
            if writer is not None:
                writer.close()


def _fixed_lists(pa: Any, values: npt.NDArray[Any], size: int) -> Any:
    return pa.FixedSizeListArray.from_arrays(pa.array(values.reshape(-1)), size)


def default_atlas_path() -> Path:
    """Where ``cribbage-fast tables atlas`` writes by default and
    `atlas` looks: ``~/.cache/cribbage_fast/atlas.npz``.

    Returns
    -------
    Path
        The default atlas file (it may not exist).

    Examples
    --------
    >>> default_atlas_path().name
    'atlas.npz'
    """
    return Path.home() / ".cache" / "cribbage_fast" / "atlas.npz"


def atlas(path: str | Path | None = None) -> Atlas:
    """Loads an atlas written by ``cribbage-fast tables atlas`` (``.npz``)
    and validates it once. The caller holds it: `Atlas.best_discard` and
    `Atlas.lookup` read from it, and nothing else changes (no other caller's
    `best_table_discard` reads it).

    Parameters
    ----------
    path : str or Path or None, default None
        The atlas file; None for `default_atlas_path`.

    Returns
    -------
    Atlas
        The loaded atlas.

    Raises
    ------
    FileNotFoundError
        When there is no atlas file: build one with
        ``cribbage-fast tables atlas --out FILE``.
    ValueError
        A file that is not a valid atlas (named, with what is wrong): wrong
        arrays, dtypes or shapes, deals that are not canonical, impossible
        totals, an order that does not rank the discards, tables, an engine
        version or a ranking other than this engine's, or arrays that do not
        match the checksum its builder recorded. Built before the ranking
        used the net pegging: rebuild it.

    Examples
    --------
    >>> atlas("no_such_atlas.npz")
    Traceback (most recent call last):
    ...
    FileNotFoundError: no atlas at no_such_atlas.npz: build one with ...`
    """
    path = Path(path) if path is not None else default_atlas_path()
    if not path.exists():
        raise FileNotFoundError(
            f"no atlas at {path}: build one with `cribbage-fast tables atlas --out {path}`"
        )
    check = TableCheck(path, "atlas")
    arrays = check.load_npz(path)
    return _check_atlas(arrays, check)


def atlas_meta() -> dict[str, Any]:
    """The build record of an atlas built now (engine version, ranking and
    the tables' build records)."""
    return {
        "engine_version": _core.__version__,
        "crib": "fixed_point, flushes",
        "ranking": RANKING,
        "crib_meta": crib_table_info(),
        "pegging_meta": pegging_table().meta,
    }


def _engine_tables() -> dict[str, npt.NDArray[np.float64]]:
    """The crib and pegging tables an atlas is built with (role 0 pone, 1 dealer)."""
    peg = pegging_table()
    crib = [crib_table(own=own, model="fixed_point", flushes=True) for own in (False, True)]
    return {
        "crib_tables": np.stack(crib),
        "pegging": np.stack([peg.pone, peg.dealer]),
        "pegging_opponent": np.stack([peg.pone_opponent, peg.dealer_opponent]),
        "pegging_net": np.stack([peg.pone_net, peg.dealer_net]),
    }


def _check_atlas(arrays: dict[str, Any], check: TableCheck) -> Atlas:
    """An atlas being loaded, validated once: its arrays' dtypes and shapes,
    canonical deals in order with their weights, possible show totals,
    orders that are permutations ranking the totals best first, this
    engine's tables, version and ranking, and the recorded checksum (else
    a ValueError naming the file)."""
    check.true(
        "pegging_net" in arrays or "pegging" not in arrays,
        "built before the ranking used the net pegging: rebuild it with "
        "`cribbage-fast tables atlas --out FILE`",
    )
    check.keys(arrays, [*ATLAS_ARRAYS, "meta"])
    meta = check.meta(arrays, "meta")
    masks = check.array(arrays, "masks", np.uint64, (None,))
    n = len(masks)
    check.true(n > 0, "it holds no deals")
    for name, dtype, shape in (
        ("weights", np.uint32, (n,)),
        ("hand_total", np.uint16, (n, 15)),
        ("order", np.uint8, (n, 2, 15)),
        ("crib_tables", np.float64, (2, 13, 13)),
        ("pegging", np.float64, (2, len(KEEPS))),
        ("pegging_opponent", np.float64, (2, len(KEEPS))),
        ("pegging_net", np.float64, (2, len(KEEPS))),
    ):
        check.array(arrays, name, dtype, shape)
    check.built(meta, RANKING, key="ranking")
    check.checksum(meta, {name: arrays[name] for name in ATLAS_ARRAYS})
    for name, table in _engine_tables().items():
        check.true(
            np.array_equal(arrays[name], table),
            f"{name} differs from this engine's tables: rebuild the atlas",
        )
    every, weights = _core._canonical_deals()
    rows = np.minimum(np.searchsorted(every, masks), len(every) - 1)
    check.true(
        bool((every[rows] == masks).all() and (masks[1:] > masks[:-1]).all()),
        "masks are not canonical deals in ascending order",
    )
    check.true(bool((weights[rows] == arrays["weights"]).all()), "weights differ from the deals'")
    check.within("hand_total", arrays["hand_total"], 0, 46 * 29)
    order = arrays["order"]
    # Fifteen splits below 15 whose bits cover 0..14 are each split once.
    bits = np.left_shift(1, np.minimum(order, 15).astype(np.int32))
    check.true(
        bool((np.bitwise_or.reduce(bits, axis=-1) == (1 << 15) - 1).all()),
        "an order is not a permutation of the 15 splits",
    )
    loaded = Atlas(arrays)
    _check_order(loaded, check)
    return loaded


def _check_order(loaded: Atlas, check: TableCheck, block: int = 100_000) -> None:
    for start in range(0, len(loaded), block):
        rows = slice(start, start + block)
        total = loaded.columns(rows)["total"]
        ranked = np.take_along_axis(total, loaded.order[rows].astype(np.intp), axis=-1)
        bad = np.argwhere(np.diff(ranked, axis=-1) > 0)
        if len(bad):
            row, role = int(bad[0][0]) + start, int(bad[0][1])
            check.fail(f"order of deal {row} as {('pone', 'dealer')[role]} is not best first")
