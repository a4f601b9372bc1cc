"""Card text in bulk: NumPy string arrays, Python lists of strings, and Arrow
or DataFrame columns (pyarrow, polars, pandas) to card index arrays.

The parsing runs in the Rust core with the GIL released (every core for long
inputs) and knows every spelling ``Card`` accepts. Arrow columns are read in
place: any object with ``__arrow_c_stream__`` or ``__arrow_c_array__`` is
imported through pyarrow (no copy), and the core reads each chunk's offset
and byte buffers directly.

>>> import numpy as np
>>> from cribbage_fast.bulk.text import card_indices
>>> card_indices(np.array(["5H 5D 5C JS 5S", "AC 2C 3C 4C 10H"]))
array([[18, 17, 16, 43, 19],
       [ 0,  4,  8, 12, 38]], dtype=uint8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from .. import _core
from .._util.extras import require

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

__all__ = [
    "NO_CARD",
    "BadRow",
    "card_indices",
    # What the compiled bulk scorers call back for card text and Arrow output.
    "codes_if_text",
    "scores_if_text",
    "to_arrow",
    "with_starter",
]

#: The code of a missing card in a padded row (what -1 wraps to as uint8):
#: ``score_plays`` reads it as padding.
NO_CARD = 255

#: Arrow string types the core reads in place.
_ARROW_TEXT = ("string", "large_string", "string_view")


@dataclass(frozen=True)
class BadRow:
    """A row that is not card text: its number (from 0), the column, and why."""

    row: int
    column: str
    reason: str

    def __str__(self) -> str:
        return f"row {self.row}, column {self.column}: {self.reason}"


def card_indices(
    data: Any,
    *,
    width: int | None = None,
    pad: bool = False,
    threads: int | None = None,
) -> NDArray[np.uint8]:
    """Card indices (``Card.index``) of card text, as a uint8 array.

    Parameters
    ----------
    data : array_like of str, or an Arrow / DataFrame string column
        A NumPy string array of shape ``(N, k)`` holding one card per cell,
        or of shape ``(N,)`` holding a hand per cell (cards separated by
        spaces or commas, as ``cards`` reads them); a Python list of either;
        or any Arrow string column with a hand per cell: a pyarrow
        ``Array`` / ``ChunkedArray``, a polars ``Series``, a pandas
        ``Series`` (any object with ``__arrow_c_stream__`` or
        ``__arrow_c_array__``). Every spelling ``Card`` accepts is read:
        ``5H``, ``5h``, ``5♥``, ``10H``, ``TH``.
    width : int or None, default None
        Cards per row. ``None``: the number of columns, else the number of
        cards in the first hand (or, with ``pad``, in the fullest hand).
    pad : bool, default False
        Allow hands shorter than ``width``; their missing cards are
        ``NO_CARD`` (255), which ``score_plays`` reads as padding.
    threads : int or None, default None
        ``None`` runs on every core; otherwise 1 to 256 threads.

    Returns
    -------
    numpy.ndarray of uint8, shape (N, width)
        The card indices, 0..51 (and ``NO_CARD`` padding).

    Raises
    ------
    ValueError
        A cell that is not card text, a missing cell, or a hand with the
        wrong number of cards: the message names the row, the column and
        the text.
    TypeError
        Data that is not text (e.g. a number in a list of strings).
    ImportError
        An Arrow column without pyarrow installed (the ``tables`` extra).

    Examples
    --------
    >>> import numpy as np
    >>> from cribbage_fast.bulk.text import card_indices
    >>> card_indices(np.array([["5h", "TH"], ["5♥", "10h"]]))
    array([[18, 38],
           [18, 38]], dtype=uint8)
    >>> card_indices(["4S 6H 5D", "5S 5H 5D 5C"], pad=True)
    array([[ 15,  22,  17, 255],
           [ 19,  18,  17,  16]], dtype=uint8)
    >>> card_indices(["5H 5X"])
    Traceback (most recent call last):
    ValueError: row 0, column 0: card 2 of "5H 5X": unknown card "5X": ...
    """
    codes, bad = parse_text(data, width=width, pad=pad, threads=threads, max_bad=1)
    if bad:
        raise ValueError(str(bad[0]))
    return codes


def parse_text(
    data: Any,
    *,
    width: int | None = None,
    pad: bool = False,
    threads: int | None = None,
    max_bad: int = 1,
) -> tuple[NDArray[np.uint8], list[BadRow]]:
    """``card_indices`` that reports bad rows instead of raising: the codes
    (bad rows hold ``NO_CARD``) and up to ``max_bad`` bad rows, lowest first.

    >>> codes, bad = parse_text(["5H 5D", "5H XX", "AS"], max_bad=10)
    >>> codes[:, 0], [b.row for b in bad]
    (array([ 18, 255, 255], dtype=uint8), [1, 2])
    >>> print(bad[1])
    row 2, column 0: "AS" holds 1 cards, expected 2
    """
    names = _column_names(data)
    ask = {"width": width, "pad": pad, "max_bad": max_bad, "threads": threads}
    arrow = _arrow_column(data)
    if arrow is not None:
        codes, bad = _parse_arrow(arrow, ask)
    else:
        codes, bad = _parse_numpy(data, ask)
    return codes, [BadRow(row, names(column), reason) for row, column, reason in bad]


def _column_names(data: Any) -> Any:
    """How bad cells name their column: a Series' name, else the number."""
    name = getattr(data, "name", None)
    if isinstance(name, str) and name:
        return lambda _column: repr(name)
    return str


def _arrow_column(data: Any) -> pa.ChunkedArray | None:
    """`data` as a pyarrow ChunkedArray if it is an Arrow column (no copy)."""
    if isinstance(data, np.ndarray | list | tuple | str):
        return None
    if not (hasattr(data, "__arrow_c_stream__") or hasattr(data, "__arrow_c_array__")):
        return None
    require("pyarrow", "tables")
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    if isinstance(data, pa.ChunkedArray):
        return data
    if isinstance(data, pa.Array):
        return pa.chunked_array([data])
    if hasattr(data, "__arrow_c_stream__"):
        column = pa.chunked_array(data)
    else:
        column = pa.chunked_array([pa.array(data)])
    return column


def _parse_arrow(column: pa.ChunkedArray, ask: dict[str, Any]) -> Any:
    """Reads a string column's buffers in place."""
    chunks, kind = _text_chunks(column)
    return _core._card_indices_arrow(chunks, kind, hands=True, **ask)


def _text_chunks(column: pa.ChunkedArray) -> tuple[list[tuple[Any, ...]], str]:
    """A string column's chunks as the core reads them, and its Arrow type."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    kind = column.type
    if pa.types.is_dictionary(kind) and str(kind.value_type) in _ARROW_TEXT:
        # Categoricals (pandas "category", polars Categorical and Enum, Arrow
        # dictionaries of any string type): decoded once to plain strings.
        column = _decoded(column)
        kind = column.type
    if str(kind) not in _ARROW_TEXT:
        raise TypeError(
            f"expected a column of card text (Arrow string, large_string or string_view), "
            f"got Arrow type {kind}"
        )
    return [_chunk_buffers(chunk) for chunk in column.chunks], str(kind)


def _decoded(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """A dictionary column as the plain strings it stands for (each chunk's
    dictionary gathered by its indices, nulls kept)."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    kind = column.type.value_type
    plain = pa.large_string() if str(kind) == "string_view" else kind
    chunks = [chunk.dictionary.cast(plain).take(chunk.indices) for chunk in column.chunks]
    return pa.chunked_array(chunks, type=plain)


def _chunk_buffers(chunk: pa.Array) -> tuple[Any, ...]:
    """The NumPy views of one chunk's buffers that the core reads."""
    validity, *rest = chunk.buffers()
    bits = None
    if chunk.null_count and validity is not None:
        bits = np.frombuffer(validity, dtype=np.uint8)
    n, start = len(chunk), chunk.offset
    if str(chunk.type) == "string_view":
        views, *data = rest
        views_u8 = np.frombuffer(views, dtype=np.uint8)[16 * start : 16 * (start + n)]
        return views_u8, [_bytes_of(b) for b in data], bits, start
    offsets, data_buf = rest
    dtype = np.int64 if str(chunk.type) == "large_string" else np.int32
    if offsets is None:
        return np.zeros(1, dtype=dtype), [_bytes_of(None)], bits, start
    offsets_view = np.frombuffer(offsets, dtype=dtype, count=start + n + 1)[start:]
    return offsets_view, [_bytes_of(data_buf)], bits, start


def _bytes_of(buffer: Any) -> NDArray[np.uint8]:
    """An Arrow buffer as a uint8 view (an empty array for none)."""
    if buffer is None:
        return np.zeros(0, dtype=np.uint8)
    return np.frombuffer(buffer, dtype=np.uint8)


def _parse_numpy(data: Any, ask: dict[str, Any]) -> Any:
    """NumPy arrays and Python sequences of text."""
    if isinstance(data, str):
        raise TypeError(
            "expected many hands (an array or a list of card text), got one string: "
            "use cards() for one hand"
        )
    arr = data if isinstance(data, np.ndarray) else _as_text_array(data)
    if arr.ndim not in (1, 2):
        raise ValueError(
            f"card text must have shape (N,) (a hand per cell) or (N, k) (a card per cell), "
            f"got shape {arr.shape}"
        )
    hands = arr.ndim == 1
    if arr.dtype.kind == "U":
        return _core._card_indices_ucs4(_code_points(arr), hands=hands, **ask)
    if arr.dtype.kind in "OT":
        columns = 1 if hands else arr.shape[1]
        return _core._card_indices_strings(arr.ravel(), columns, hands=hands, **ask)
    if arr.dtype.kind == "S":
        return _parse_numpy(np.char.decode(arr, "utf-8"), ask)
    raise TypeError(f"expected card text, got an array of dtype {arr.dtype}")


def _code_points(arr: NDArray[np.str_]) -> NDArray[np.uint32]:
    """A 1-D or 2-D ``<U`` array's UCS-4 code points, read in place (converted
    only from the other byte order), viewed as (rows, columns, width)."""
    arr = np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("="))
    rows, columns = arr.shape[0], 1 if arr.ndim == 1 else arr.shape[1]
    return arr.view(np.uint32).reshape(rows, columns, arr.dtype.itemsize // 4)


def scores_if_text(
    data: Any, crib: bool, breakdown: bool, threads: int | None
) -> NDArray[np.uint8] | None:
    """The scores of `data` when it is card text read a block at a time.

    ``score_hands`` calls this first: when `data` is an Arrow column or a
    NumPy ``<U`` array of card text and every row reads as a hand, each block
    of rows is scored as soon as it is parsed (no index array of every row in
    between).

    Parameters
    ----------
    data : object
        What ``score_hands`` was given as ``cards``.
    crib, breakdown : bool
        As for ``score_hands``.
    threads : int or None
        Threads for the parse and the scores (None: every core).

    Returns
    -------
    numpy.ndarray or None
        The scores (uint8, N; (N, 6) with the breakdown), or None for
        anything else and when any row is bad (``score_hands`` then parses
        first, which names the row).

    Examples
    --------
    >>> import numpy as np
    >>> scores_if_text(np.array(["5H 5D 5C JS 5S", "XX"]), False, False, None) is None
    True
    >>> scores_if_text(np.array(["5H 5D 5C JS 5S"]), False, False, None).tolist()
    [29]
    >>> scores_if_text([[18, 17, 16, 43, 19]], False, False, None) is None
    True
    """
    if isinstance(data, np.ndarray):
        if isinstance(data, np.ma.MaskedArray) or data.dtype.kind != "U" or data.ndim not in (1, 2):
            return None
        codes = _code_points(data)
        scores = _core._score_text_ucs4(
            codes, hands=data.ndim == 1, crib=crib, breakdown=breakdown, threads=threads
        )
    else:
        column = _arrow_column(data)
        if column is None or not _is_text(column):
            return None
        chunks, kind = _text_chunks(column)
        scores = _core._score_text_arrow(
            chunks, kind, crib=crib, breakdown=breakdown, threads=threads
        )
    if scores is None or breakdown:
        return scores
    return scores[:, 0]


def _as_text_array(data: Any) -> NDArray[Any]:
    """A Python sequence (or pandas object column) as an object array."""
    to_numpy = getattr(data, "to_numpy", None)
    if to_numpy is not None:
        return np.asarray(to_numpy())
    try:
        return np.array(data, dtype=object)
    except ValueError as err:
        raise ValueError(f"rows of card text must all have the same length: {err}") from None


def _is_text(data: Any) -> bool:
    """Whether bulk scoring should read `data` as card text."""
    if isinstance(data, np.ndarray):
        if data.dtype.kind == "O":
            return data.size > 0 and isinstance(data.flat[0], str)
        return data.dtype.kind in "UST"
    if isinstance(data, list | tuple):
        first: Any = data
        while isinstance(first, list | tuple) and first:
            first = first[0]
        return isinstance(first, str)
    if not (hasattr(data, "__arrow_c_stream__") or hasattr(data, "__arrow_c_array__")):
        to_numpy = getattr(data, "to_numpy", None)
        return to_numpy is not None and _is_text(to_numpy())
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    column = _arrow_column(data)
    assert column is not None

    kind = column.type
    if pa.types.is_dictionary(kind):
        kind = kind.value_type
    return str(kind) in _ARROW_TEXT


def to_arrow(values: NDArray[np.uint8], fields: Sequence[str] | None) -> pa.Array:
    """A bulk scorer's result as Arrow, for ``output="arrow"``.

    Parameters
    ----------
    values : numpy.ndarray
        The scores: 1-D, or (N, k) with `fields`.
    fields : sequence of str or None
        The names of the k columns (None for 1-D scores).

    Returns
    -------
    pyarrow.Array
        A 1-D array sharing the memory of `values`, or a struct array with a
        field per column (each column copied once: Arrow fields are
        contiguous).

    Raises
    ------
    ImportError
        pyarrow is not installed (the ``tables`` extra).

    Examples
    --------
    >>> import numpy as np
    >>> to_arrow(np.array([29, 0], np.uint8), None).to_pylist()
    [29, 0]
    >>> to_arrow(np.array([[12, 2]], np.uint8), ["fifteens", "pairs"]).to_pylist()
    [{'fifteens': 12, 'pairs': 2}]
    """
    require("pyarrow", "tables")
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    if fields is None:
        return pa.array(values)
    columns = [pa.array(np.ascontiguousarray(values[:, k])) for k in range(len(fields))]
    return pa.StructArray.from_arrays(columns, names=list(fields))


def codes_if_text(data: Any, what: str, threads: int | None) -> NDArray[np.uint8] | None:
    """The card indices of `data` if it is card text, else None.

    ``score_hands`` (`what` ``"cards"``) and ``score_plays`` (``"piles"``)
    call this for an argument that is not an integer array.

    Parameters
    ----------
    data : object
        The argument: any card text ``card_indices`` reads.
    what : {"cards", "piles"}
        Which argument: a hand per cell is read as five cards for
        ``"cards"``; piles are padded with `NO_CARD`.
    threads : int or None
        Threads for the parse (None: every core).

    Returns
    -------
    numpy.ndarray or None
        uint8 card indices, or None when `data` is not card text (or `what`
        is neither name).

    Raises
    ------
    ValueError
        A row that is not card text, named.

    Examples
    --------
    >>> codes_if_text(["5H 5D 5C JS 5S"], "cards", None).tolist()
    [[18, 17, 16, 43, 19]]
    >>> codes_if_text(["5H 5D", "10S"], "piles", None).tolist()
    [[18, 17], [39, 255]]
    >>> codes_if_text([[18, 17]], "piles", None) is None
    True
    """
    if what not in ("cards", "piles") or not _is_text(data):
        return None
    # A show is five cards: a hand per cell is read as five, so the first
    # hand of another size is the row named (not the next one).
    grid = (isinstance(data, np.ndarray) and data.ndim == 2) or (
        isinstance(data, list | tuple) and bool(data) and isinstance(data[0], list | tuple)
    )
    width = 5 if what == "cards" and not grid else None
    return card_indices(data, width=width, pad=what == "piles", threads=threads)


def with_starter(cards: Any, starter: Any, threads: int | None) -> NDArray[Any]:
    """Hands and their starters side by side, for ``score_hands(cards, starter=...)``.

    Parameters
    ----------
    cards : object
        The hands: (N, 4) card indices or N rows of card text.
    starter : object
        One starter for every hand, or N of them (indices or text).
    threads : int or None
        Threads for the parse (None: every core).

    Returns
    -------
    numpy.ndarray
        (N, 5) card indices, which ``score_hands`` then checks and scores as
        any rows (naming a bad row).

    Raises
    ------
    ValueError
        Hands not of four cards, or starters not one or N.

    Examples
    --------
    >>> with_starter(["5H 5D 5C JS"], "5S", None).tolist()
    [[18, 17, 16, 43, 19]]
    """
    hands = _hand_codes(cards, threads)
    return np.column_stack([hands, _starter_codes(starter, len(hands), threads)])


def _integers(data: Any, what: str) -> NDArray[Any]:
    """`data` as an integer array, or TypeError naming `what`."""
    if isinstance(data, np.ma.MaskedArray):
        raise TypeError(f"{what} is a masked array: pass the rows to score as a plain array")
    values = np.asarray(data)
    if values.dtype.kind not in "iu":
        raise TypeError(
            f"{what} must be card indices (integers 0..51) or card text, got dtype {values.dtype}"
        )
    return values


def _hand_codes(cards: Any, threads: int | None) -> NDArray[Any]:
    """The (N, 4) hands of `cards`: card indices, or card text."""
    if _is_text(cards):
        one_a_row = not (isinstance(cards, np.ndarray) and cards.ndim == 2) and not (
            isinstance(cards, list | tuple) and isinstance(cards[0], list | tuple)
        )
        hands = card_indices(cards, width=4 if one_a_row else None, threads=threads)
    else:
        hands = _integers(cards, "cards")
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise ValueError(
            "with starter=, cards must have shape (N, 4): the four hand cards per row, "
            f"got shape {hands.shape}"
        )
    return hands


def _starter_codes(starter: Any, rows: int, threads: int | None) -> NDArray[Any]:
    """The N starters of `starter`: one card for every row (a `Card`, card
    text, an index), or one a row (indices, text or `Card` objects)."""
    if isinstance(starter, bool | np.bool_):
        raise TypeError("starter must be cards, got a bool")
    if isinstance(starter, str | _core.Card):
        (card,) = _one_card(starter)
        return np.full(rows, card.index, dtype=np.uint8)
    if isinstance(starter, int | np.integer):
        if not 0 <= int(starter) < 52:
            raise ValueError(f"starter {int(starter)} is not a card index (0..51)")
        return np.full(rows, int(starter), dtype=np.uint8)
    if isinstance(starter, list | tuple) and starter and isinstance(starter[0], _core.Card):
        starter = [_one_card(c)[0].index for c in starter]
    if _is_text(starter):
        tops = card_indices(starter, width=1, threads=threads)
    else:
        tops = _integers(starter, "starter")
        if tops.ndim == 0:
            return _starter_codes(int(tops), rows, threads)
    if tops.ndim == 2 and tops.shape[1] == 1:
        tops = tops[:, 0]
    if tops.shape != (rows,):
        raise ValueError(
            f"starter must be one card for every row, or one a row: {rows} rows of cards, "
            f"starters of shape {tops.shape}"
        )
    return tops


def _one_card(card: Any) -> list[_core.Card]:
    """`card` as one card (a `Card` or its text), or ValueError / TypeError."""
    if isinstance(card, _core.Card):
        return [card]
    if not isinstance(card, str):
        raise TypeError(f"starter must be cards, got {type(card).__name__}")
    cards = _core.cards(card)
    if len(cards) != 1:
        raise ValueError(f"starter must be one card, got {len(cards)} in {card[:40]!r}")
    return cards
