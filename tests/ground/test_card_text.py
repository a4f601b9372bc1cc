"""Card text in bulk (issue 23): card_indices from NumPy strings, Python lists
and Arrow / DataFrame columns, and score_hands / score_plays on card text.

The spellings are Card's (docs/rules.md, "Cards"): every parsed index is held
to ``Card(text).index``, and every text Card refuses is refused with its row
and column.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast.bulk.text import NO_CARD, _chunk_buffers, card_indices, parse_text

SUITS = {"C": "Cc\u2663\u2667", "D": "Dd\u2666\u2662", "H": "Hh\u2665\u2661", "S": "Ss\u2660\u2664"}
RANKS = ["Aa", "2", "3", "4", "5", "6", "7", "8", "9", ["10", "T", "t"], "Jj", "Qq", "Kk"]


def spellings() -> tuple[np.ndarray, np.ndarray]:
    """Every spelling of every card (with and without stray spaces), and
    the index Card gives each."""
    texts = []
    for rank in RANKS:
        for suit in "CDHS":
            for r in rank:
                for s in SUITS[suit]:
                    texts += [f"{r}{s}", f" {r}{s}", f"{r}{s}\t "]
    return np.array(texts), np.array([cf.Card(t).index for t in texts], dtype=np.uint8)


def test_a_million_random_cells_match_card() -> None:
    texts, expected = spellings()
    rng = np.random.default_rng(23)
    pick = rng.integers(0, len(texts), size=(200_000, 5))
    assert (card_indices(texts[pick]) == expected[pick]).all()
    # The same cells as hands in one string per row, and as an Arrow column.
    hands = np.array([" ".join(row) for row in texts[pick[:20_000]].tolist()])
    assert (card_indices(hands) == expected[pick[:20_000]]).all()
    assert (card_indices(pa.array(hands)) == expected[pick[:20_000]]).all()


# Characters near the spellings: ranks, suits, symbols, spaces, commas,
# other digits and letters, and text far from any card.
NEAR = st.text(
    alphabet=st.sampled_from(
        list("0123456789AaTtJjQqKkCcDdHhSsXx ,\t\n") + list("\u2663\u2666\u2665\u2660\u2661é\u00a0")
    ),
    max_size=6,
)


@given(NEAR)
def test_one_card_cells_parse_exactly_as_card(text: str) -> None:
    try:
        expected = cf.Card(text).index
    except ValueError:
        with pytest.raises(ValueError, match=r"^row 0, column 0: unknown card"):
            card_indices(np.array([[text]]))
        return
    assert card_indices(np.array([[text]])).tolist() == [[expected]]
    assert card_indices([[text]]).tolist() == [[expected]]


@given(st.lists(NEAR, min_size=1, max_size=4))
def test_hand_cells_parse_exactly_as_cards(texts: list[str]) -> None:
    text = ",".join(texts)
    try:
        expected = [c.index for c in cf.cards(text)]
    except ValueError:
        for data in (np.array([text]), [text], pa.array([text]), pl.Series([text])):
            with pytest.raises(ValueError, match=r"^row 0, column 0: "):
                card_indices(data, width=5, pad=True)
        return
    padded = expected + [NO_CARD] * (5 - len(expected))
    for data in (np.array([text]), [text], pa.array([text]), pl.Series([text])):
        assert card_indices(data, width=5, pad=True).tolist() == [padded]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (np.array([["5H", "5D"], ["5H", "XX"]]), "row 1, column 1: unknown card 'XX'"),
        ([["5H", "5D"], ["5H", ""]], "row 1, column 1: unknown card ''"),
        (np.array(["5H 5D", "5H 5D", "5H 1H"]), 'row 2, column 0: card 2 of "5H 1H"'),
        (np.array(["5H 5D", "5H"]), 'row 1, column 0: "5H" holds 1 cards, expected 2'),
        (["5H 5D", "5H 5D 5C"], 'row 1, column 0: "5H 5D 5C" holds 3 cards, expected 2'),
        (pa.array(["5H", None]), "row 1, column 0: no text"),
        (pl.Series("hand", ["5H", "5♥x"]), "row 1, column 'hand': card 1 of \"5♥x\""),
        (pd.Series(["AS", "AS AS"], name="hand"), "row 1, column 'hand': \"AS AS\" holds 2"),
        ([["5H", None]], "row 0, column 1: no text"),
    ],
)
def test_bad_cells_name_row_column_and_text(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message).replace("'", "[\"']")):
        card_indices(data)


def test_the_first_bad_row_is_reported_whatever_the_threads() -> None:
    hands = np.array(["AS 2S 3S"] * 100_000, dtype="<U12")
    hands[[70_001, 99_999, 5]] = ["AS 2S", "XX", "AS 2S 3S 4S"]
    for threads in (1, 2, None):
        with pytest.raises(ValueError, match=r"^row 5, column 0: .* holds 4 cards"):
            card_indices(hands, threads=threads)
    _, bad = parse_text(hands, max_bad=10, threads=2)
    assert [b.row for b in bad] == [5, 70_001, 99_999]


def test_arrow_layouts_chunks_slices_and_nulls() -> None:
    text = ["5H 5D 5C JS 5S", "10H 10D 10C 10S QS", "ah 2c 3d 4s 5h"]
    expected = card_indices(np.array(text))
    chunked = pa.chunked_array([text[:1], text[1:]])
    for column in (
        pa.array(text),
        pa.array(text, type=pa.large_string()),
        pa.array(text, type=pa.string_view()),
        pa.array(["x", *text, None]).slice(1, 3),
        chunked,
        chunked.cast(pa.large_string()),
        pc.dictionary_encode(pa.array(text)),
        pl.Series(text),
        pd.Series(text, dtype="string[pyarrow]"),
        pd.Series(text, dtype=object),
    ):
        assert (card_indices(column) == expected).all(), type(column)
    with pytest.raises(TypeError, match="Arrow type int64"):
        card_indices(pa.array([1, 2]))


def test_numpy_layouts() -> None:
    cells = np.array([["5H", "10d"], ["♠K", "ks"]])
    with pytest.raises(ValueError, match='row 1, column 0: unknown card "♠K"'):
        card_indices(cells)
    cells[1, 0] = "K♠"
    expected = [[18, 37], [51, 51]]
    assert card_indices(cells).tolist() == expected
    assert card_indices(cells.astype(">U3")).tolist() == expected
    assert card_indices(np.asfortranarray(cells)).tolist() == expected
    assert card_indices(cells.astype(object)).tolist() == expected
    assert card_indices(np.char.encode(cells, "utf-8")).tolist() == expected
    assert card_indices(np.array(["5H 10D", "K♠,KS"])).tolist() == expected
    assert card_indices(np.array([], dtype="<U3")).shape == (0, 0)
    with pytest.raises(TypeError, match="got one string"):
        card_indices("5H 5D")
    with pytest.raises(TypeError, match="row 0, column 1: expected card text, got int"):
        card_indices([["5H", 5]])
    with pytest.raises(ValueError, match="shape"):
        card_indices(np.array([[["5H"]]]))


def test_arrow_buffers_are_read_in_place() -> None:
    """No copy: the arrays the core reads are views of the column's own buffers."""
    column = pa.array(["5H 5D 5C JS 5S"] * 1000).slice(10)
    offsets, [data], _, _ = _chunk_buffers(column)
    assert data.ctypes.data == column.buffers()[2].address
    assert offsets.ctypes.data == column.buffers()[1].address + 4 * 10
    views = pa.array(["5H"] * 100, type=pa.string_view())
    assert _chunk_buffers(views)[0].ctypes.data == views.buffers()[1].address


def test_score_hands_and_plays_take_card_text() -> None:
    rows = ["5H 5D 5C JS 5S", "AC 2C 3C 4C 10C"]
    expected = cf.score_hands(card_indices(rows))
    assert expected.tolist() == [29, 13]
    for data in (rows, np.array(rows), pa.array(rows), pl.Series(rows), pd.Series(rows)):
        assert (cf.score_hands(data) == expected).all()
    assert cf.score_hands(np.array(rows), True).tolist() == [29, 13]
    assert cf.score_plays(["4S 6H 5D", "5S 5H 5D 5C", "10S 5H"]).tolist() == [5, 12, 2]
    assert cf.score_plays(pl.Series(["4S 6H 5D", "KS"])).tolist() == [5, 0]
    with pytest.raises(ValueError, match="row 1, column 0: card 2"):
        cf.score_hands(["5H 5D 5C JS 5S", "5H XX 5C JS 5S"])
    with pytest.raises(ValueError, match=r"row 0: card 5H .* appears more than once"):
        cf.score_hands(["5H 5H 5C JS 5S"])
    # Card indices written as text are not card text.
    with pytest.raises(ValueError, match='row 0, column 0: unknown card "18"'):
        cf.score_hands(np.array([[18, 17, 16, 43, 19]]).astype("U2"))
    with pytest.raises(TypeError, match="integer array"):
        cf.score_hands(np.array([[18, 17, 16, 43, 19]], dtype=object))


def test_scoring_text_parses_it_on_the_threads_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    import cribbage_fast.bulk.text as bulk_text

    asked: list[int | None] = []
    parse = bulk_text.card_indices

    def spy(data: object, **kwargs: object) -> np.ndarray:
        asked.append(kwargs.get("threads"))  # type: ignore[arg-type]
        return parse(data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bulk_text, "card_indices", spy)
    rows = ["5H 5D 5C JS 5S", "AC 2C 3C 4C 10C"]
    cf.score_hands(rows, threads=1)
    cf.score_plays(pa.array(rows), threads=2)
    cf.score_hands(rows)
    assert asked == [1, 2, None]
    with pytest.raises(ValueError, match="threads"):
        cf.score_hands(rows, threads=0)
    assert len(asked) == 3


def test_the_docs_page_examples_run() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "bulk_text.md"
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8"
    )
    assert result.attempted > 0 and result.failed == 0


def _deals(n: int) -> np.ndarray:
    """`n` random deals (five distinct cards a row) as card indices."""
    rng = np.random.default_rng(23)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.uint8)


def test_text_is_scored_a_block_at_a_time_as_its_indices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrow and NumPy text is scored as it is parsed, with no index array of
    every row in between (``card_indices`` is never called): the scores of its
    indices, over several blocks, on 1 and 2 threads, with crib and
    breakdown."""
    import cribbage_fast.bulk.text as bulk_text

    deals = _deals(20_000)
    names = np.array([str(cf.Card.from_index(i)) for i in range(52)])
    cells = names[deals]
    hands = np.array([" ".join(row) for row in cells])
    column = pa.array(hands)
    sources = {
        "NumPy hands": hands,
        "NumPy cells": cells,
        "string": column,
        "large_string": column.cast(pa.large_string()),
        "string_view (polars)": pl.Series(hands),
        "dictionary": column.dictionary_encode(),
        "two chunks": pa.chunked_array([column[:7000], column[7000:]]),
    }

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed the long way")

    monkeypatch.setattr(bulk_text, "card_indices", never)
    for crib, breakdown, threads in [(False, False, 1), (True, True, 2), (True, False, None)]:
        expected = cf.score_hands(deals, crib, threads=threads, breakdown=breakdown)
        for name, data in sources.items():
            got = cf.score_hands(data, crib, threads=threads, breakdown=breakdown)
            assert np.array_equal(got, expected), name


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("15000 XX", 'row 15000, column 0: card 5 of ".*": unknown card "XX"'),
        ("9000 dup", r"row 9000: card .* appears more than once"),
        ("0 four", r'row 0, column 0: ".*" holds 4 cards, expected 5'),
    ],
)
def test_faults_in_text_scored_a_block_at_a_time_are_named_as_before(
    fault: str, message: str
) -> None:
    """A bad row anywhere sends the scorer the long way, which names it."""
    names = np.array([str(cf.Card.from_index(i)) for i in range(52)])
    hands = [" ".join(row) for row in names[_deals(20_000)]]
    row, kind = fault.split()
    r = int(row)
    first, *rest = hands[r].split()
    hands[r] = {
        "XX": " ".join([first, *rest[:3], "XX"]),
        "dup": " ".join([first, first, *rest[1:]]),
        "four": " ".join([first, *rest[:3]]),
    }[kind]
    if kind == "four":
        hands = [" ".join(h.split()[:4]) for h in hands]
    for data in (np.array(hands), pa.array(hands), pl.Series(hands)):
        with pytest.raises((ValueError, cf.CribbageError), match=message):
            cf.score_hands(data, threads=2)
    missing = "row 0, column 0" if kind == "four" else "row 3, column 0: no text"
    with pytest.raises(ValueError, match=missing):
        cf.score_hands(pa.array([*hands[:3], None]))
