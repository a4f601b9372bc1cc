"""The atlas: every canonical six-card deal's discards, ranked, read from a file.

Built by ``cribbage-fast tables atlas`` (`cribbage_fast.builders.deals`).

>>> default_atlas_path().name
'atlas.npz'
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .discards import _ATLAS, TableDiscardOption
from .pegging import KEEPS

#: Discarded positions of the 15 splits of a six-card deal (index order).
SPLITS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(6), 2))


def _card_mask(hand: Any) -> int:
    cards = _core.cards(hand)
    if len(cards) != 6:
        raise ValueError(f"the atlas holds six-card hands, got {len(cards)} cards")
    return sum(1 << c.index for c in cards)


def _deal_card_indices(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """(n, 6) card indices of each deal mask, ascending."""
    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    return np.nonzero(bits)[1].reshape(len(masks), 6)


_KEEP_LUT = np.full(13**4, -1, dtype=np.int64)
for _i, _k in enumerate(KEEPS):
    _KEEP_LUT[((_k[0] - 1) * 13 + _k[1] - 1) * 169 + (_k[2] - 1) * 13 + _k[3] - 1] = _i


class Atlas:
    """Every canonical six-card deal's 15 discards for the dealer and the
    pone, best first by ``hand_ev +/- crib_ev + pegging_ev`` (the fixed-point
    crib table with flushes and the pegging table).

    Arrays (``n`` = 962,988 canonical deals; role 0 pone, 1 dealer):
    ``masks`` (n,) card masks, ``weights`` (n,) real deals each stands for,
    ``hand_total`` (n, 15) exact show totals over 46 starters by split,
    ``order`` (n, 2, 15) splits best first, and the columns ``hand_ev``,
    ``crib_ev``, ``pegging_ev``, ``total`` as (n, 2, 15) in split order
    (`columns`).

    Parameters
    ----------
    arrays : dict
        The arrays above, as `arrays` gives them or an ``.npz`` file holds them
        (``order`` is computed when missing).

    Examples
    --------
    A whole atlas comes from `atlas` (after ``cribbage-fast tables atlas``);
    one of the first three canonical deals shows the layout:

    >>> from cribbage_fast.tables import crib_table, pegging_table
    >>> import json, numpy as np
    >>> from cribbage_fast import _core
    >>> analysis = _core.DealAnalysis()
    >>> _ = analysis.extend(3)  # the first three canonical deals only
    >>> masks, weights = _core._canonical_deals()
    >>> peg = pegging_table()
    >>> tiny = Atlas({"masks": masks[:3], "weights": weights[:3],
    ...           "hand_total": analysis.hand_totals(),
    ...           "crib_tables": np.stack([crib_table(own=o) for o in (False, True)]),
    ...           "pegging": np.stack([peg.pone, peg.dealer]), "meta": json.dumps({})})
    >>> len(tiny), tiny.cards[0].tolist()
    (3, [0, 1, 2, 3, 4, 5])
    """

    def __init__(self, arrays: dict[str, Any]) -> None:
        self.masks: npt.NDArray[np.uint64] = arrays["masks"]
        self.weights: npt.NDArray[np.uint32] = arrays["weights"]
        self.hand_total: npt.NDArray[np.uint16] = arrays["hand_total"]
        self.crib_tables: npt.NDArray[np.float64] = arrays["crib_tables"]
        self.pegging: npt.NDArray[np.float64] = arrays["pegging"]
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.cards = _deal_card_indices(self.masks)
        self.order: npt.NDArray[np.uint8] = arrays["order"] if "order" in arrays else self._rank()

    def __len__(self) -> int:
        return len(self.masks)

    def columns(self, rows: Any = slice(None)) -> dict[str, npt.NDArray[np.float64]]:
        """``hand_ev``, ``crib_ev``, ``pegging_ev``, ``total`` of `rows` as
        (rows, 2, 15) arrays in split order (role 0 pone, 1 dealer).

        Parameters
        ----------
        rows : int, slice or array of int, default every row
            The deals to value.

        Returns
        -------
        dict of numpy.ndarray
            The four columns.

        Examples
        --------
        >>> from cribbage_fast.tables import crib_table, pegging_table
        >>> import json, numpy as np
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> peg = pegging_table()
        >>> tiny = Atlas({"masks": masks[:3], "weights": weights[:3],
        ...               "hand_total": analysis.hand_totals(),
        ...               "crib_tables": np.stack([crib_table(own=o) for o in (False, True)]),
        ...               "pegging": np.stack([peg.pone, peg.dealer]), "meta": json.dumps({})})
        >>> tiny.columns()["total"].shape
        (3, 2, 15)
        """
        cards = self.cards[rows]
        ranks = cards // 4
        splits = np.array(SPLITS)
        rest = np.array([[p for p in range(6) if p not in s] for s in SPLITS])
        a, b = ranks[:, splits[:, 0]], ranks[:, splits[:, 1]]
        kept = np.sort(ranks[:, rest], axis=-1)
        keep = _KEEP_LUT[
            ((kept[..., 0] * 13 + kept[..., 1]) * 13 + kept[..., 2]) * 13 + kept[..., 3]
        ]
        hand = self.hand_total[rows].astype(np.float64) / 46.0
        crib = np.stack([self.crib_tables[role][a, b] for role in (0, 1)], axis=1)
        peg = np.stack([self.pegging[role][keep] for role in (0, 1)], axis=1)
        hand2 = np.stack([hand, hand], axis=1)
        net = hand2 + np.array([-1.0, 1.0])[None, :, None] * crib
        return {"hand_ev": hand2, "crib_ev": crib, "pegging_ev": peg, "total": net + peg}

    def _rank(self, block: int = 100_000) -> npt.NDArray[np.uint8]:
        order = np.empty((len(self), 2, 15), dtype=np.uint8)
        splits = np.array(SPLITS)
        for start in range(0, len(self), block):
            rows = slice(start, start + block)
            cols = self.columns(rows)
            cards = self.cards[rows]
            tie = (cards[:, splits[:, 0]] * 52 + cards[:, splits[:, 1]])[:, None, :]
            tie = np.broadcast_to(tie, cols["total"].shape)
            order[rows] = np.lexsort((tie, -cols["hand_ev"], -cols["total"]), axis=-1)
        return order

    def lookup(self, hand: Any, dealer: bool) -> list[TableDiscardOption]:
        """Every discard of a six-card hand, best first, from the atlas (the
        hand's suits relabelled to its canonical deal and back).

        Parameters
        ----------
        hand : str or iterable of Card or str
            Six cards.
        dealer : bool
            Whether the crib is the holder's.

        Returns
        -------
        list of TableDiscardOption
            The 15 discards, best first.

        Raises
        ------
        ValueError
            For a hand that is not six different cards, or a deal the atlas
            does not hold.

        Examples
        --------
        >>> from cribbage_fast.tables import crib_table, pegging_table
        >>> import json, numpy as np
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> peg = pegging_table()
        >>> tiny = Atlas({"masks": masks[:3], "weights": weights[:3],
        ...               "hand_total": analysis.hand_totals(),
        ...               "crib_tables": np.stack([crib_table(own=o) for o in (False, True)]),
        ...               "pegging": np.stack([peg.pone, peg.dealer]), "meta": json.dumps({})})
        >>> tiny.lookup("AC AD AH AS 2C 2D", dealer=True)[0].discard
        (Card('2C'), Card('2D'))
        """
        canon, to_canonical = _core._canonicalize(_card_mask(hand))
        row = int(np.searchsorted(self.masks, np.uint64(canon)))
        if row >= len(self) or int(self.masks[row]) != canon:
            raise ValueError(f"no deal {canon:#x} in this atlas")
        real = [to_canonical.index(s) for s in range(4)]
        cards = [_core.Card.from_index(int(i) // 4 * 4 + real[int(i) % 4]) for i in self.cards[row]]
        cols = self.columns(slice(row, row + 1))
        role = int(dealer)
        out = []
        for k in self.order[row, role]:
            i, j = SPLITS[k]
            discard = tuple(sorted((cards[i], cards[j])))
            keep = tuple(sorted(c for p, c in enumerate(cards) if p not in (i, j)))
            values = {name: float(col[0, role, k]) for name, col in cols.items()}
            net = values["total"] - values["pegging_ev"]
            out.append(
                TableDiscardOption(
                    discard,
                    keep,
                    dealer,
                    values["hand_ev"],
                    values["crib_ev"],
                    net,
                    values["pegging_ev"],
                    "fixed_point",
                )
            )
        return out

    def arrays(self) -> dict[str, Any]:
        """The atlas as NumPy arrays (what `save` writes).

        Returns
        -------
        dict of numpy.ndarray
            ``masks``, ``weights``, ``hand_total``, ``order``, ``crib_tables``,
            ``pegging`` and ``meta``; ``Atlas(arrays)`` rebuilds the atlas.

        Examples
        --------
        >>> from cribbage_fast.tables import crib_table, pegging_table
        >>> import json, numpy as np
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> peg = pegging_table()
        >>> tiny = Atlas({"masks": masks[:3], "weights": weights[:3],
        ...               "hand_total": analysis.hand_totals(),
        ...               "crib_tables": np.stack([crib_table(own=o) for o in (False, True)]),
        ...               "pegging": np.stack([peg.pone, peg.dealer]), "meta": json.dumps({})})
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
            "meta": np.array(json.dumps(self.meta)),
        }

    def save(self, path: str | Path) -> None:
        """Writes the atlas as ``.npz`` (or Parquet for a ``.parquet`` path:
        one row per deal and role, the 15 discards best first as lists).

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
        >>> from cribbage_fast.tables import crib_table, pegging_table
        >>> import tempfile, pathlib
        >>> import json, numpy as np
        >>> from cribbage_fast import _core
        >>> analysis = _core.DealAnalysis()
        >>> _ = analysis.extend(3)  # the first three canonical deals only
        >>> masks, weights = _core._canonical_deals()
        >>> peg = pegging_table()
        >>> tiny = Atlas({"masks": masks[:3], "weights": weights[:3],
        ...               "hand_total": analysis.hand_totals(),
        ...               "crib_tables": np.stack([crib_table(own=o) for o in (False, True)]),
        ...               "pegging": np.stack([peg.pone, peg.dealer]), "meta": json.dumps({})})
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "atlas.npz"
        >>> tiny.save(path)
        >>> with np.load(path) as data:
        ...     len(Atlas({name: data[name] for name in data.files}))
        3
        """
        path = Path(path)
        if path.suffix == ".parquet":
            self._save_parquet(path)
        else:
            np.savez(path, **self.arrays())

    def _save_parquet(self, path: Path, block: int = 100_000) -> None:
        from .._extras import require

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
    """Loads an atlas written by ``cribbage-fast tables atlas`` (``.npz``) and
    makes `best_discard` read from it.

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
    with np.load(path) as data:
        loaded = Atlas({k: data[k] for k in data.files})
    _ATLAS[:] = [loaded]
    return loaded
