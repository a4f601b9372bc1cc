"""The fast path of hand text (cards of two or three characters, one
separator apart: "5H 5D 5C JS 10S") against the general parser, which text
of any other shape takes: a second space between cards sends a hand there.

Both must give the same cards, and refuse the same cells, for every pair of
characters that matters: every ASCII pair, and every rank and suit symbol.
"""

from __future__ import annotations

import re

import numpy as np
import pyarrow as pa
import pytest

import cribbage_fast as cf
from cribbage_fast.bulk.text import NO_CARD, card_indices, parse_text

SYMBOLS = "\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664"


def two_characters() -> list[str]:
    """Every ASCII pair, and each rank letter or digit with a suit symbol
    (and the other way round)."""
    ascii_pairs = [chr(a) + chr(b) for a in range(128) for b in range(128)]
    ranks = "A23456789TJQKatjqk"
    symbols = [r + s for r in ranks for s in SYMBOLS] + [s + r for r in ranks for s in SYMBOLS]
    return ascii_pairs + symbols + [s + t for s in SYMBOLS for t in SYMBOLS]


def as_sources(cells: list[str]) -> dict[str, object]:
    return {
        "numpy": np.array(cells),
        "arrow": pa.array(cells),
        "list": cells,
    }


@pytest.mark.parametrize("source", ["numpy", "arrow", "list"])
@pytest.mark.parametrize("others", ["2C", "2C 3C 4C", "2C 10C 4C"])
def test_every_two_character_card_reads_alike_on_both_paths(source: str, others: str) -> None:
    texts = two_characters()
    # In the usual shape (fast path: hands of five cards of two characters
    # are read at fixed places) and with a second space (general path);
    # "AS" first so that a pair of separators still leaves a hand to read.
    width = 2 + len(others.split())
    usual = as_sources([f"AS {t} {others}" for t in texts])[source]
    spaced = as_sources([f"AS  {t}  {others}" for t in texts])[source]
    fast, fast_bad = parse_text(usual, width=width, max_bad=len(texts))
    general, general_bad = parse_text(spaced, width=width, max_bad=len(texts))
    assert [b.row for b in fast_bad] == [b.row for b in general_bad]
    assert (fast == general).all()
    # And both are what Card reads (a pair holding a separator is not one card).
    for row, text in enumerate(texts):
        try:
            index = cf.Card(text).index
        except ValueError:
            continue
        if len(text.split()) == 1 and "," not in text and text == text.strip():
            assert fast[row, :2].tolist() == [3, index], repr(text)


def test_tens_and_mixed_case_take_the_fast_path_alike() -> None:
    hands = ["10H 10d tc TS 5s", "5h 5D 5c js 5S", "AC 2C 3C 4C 10C", "10S,9S\t8S 7S 6S"]
    expected = [[cf.Card(c).index for c in cf.cards(h)] for h in hands]
    for data in as_sources(hands).values():
        assert card_indices(data).tolist() == expected


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("5H 5D 5C JS 5X", 'card 5 of "5H 5D 5C JS 5X": unknown card "5X"'),
        ("5H 5D 5C JS 1H", 'card 5 of "5H 5D 5C JS 1H": unknown card "1H"'),
        ("5H 5D 11C JS 5S", 'card 3 of "5H 5D 11C JS 5S": unknown card "11C"'),
        ("5H 5D 5C JS", '"5H 5D 5C JS" holds 4 cards, expected 5'),
        ("5H 5D 5C JS 5S 6S", '"5H 5D 5C JS 5S 6S" holds 6 cards, expected 5'),
        ("5H 5D 5C JS 5S ", None),
        ("5H5D 5C JS 5S 6S", 'card 1 of "5H5D 5C JS 5S 6S": unknown card "5H5D"'),
        ("5H 5D 5C JS 5\x00", 'card 5 of "5H 5D 5C JS 5\\0"'),
    ],
)
def test_malformed_cells_in_the_usual_shape_name_row_column_and_text(
    hand: str, message: str | None
) -> None:
    cells = ["AS 2S 3S 4S 5S"] * 3 + [hand]
    for source, data in as_sources(cells).items():
        if message is None:
            # A trailing space is no error: the general parser reads it.
            assert card_indices(data)[3].tolist() == [18, 17, 16, 43, 19]
            continue
        if source == "numpy" and "\x00" in hand:
            continue  # NumPy drops trailing NULs: "5\x00" is "5" there.
        with pytest.raises(ValueError, match="^row 3, column 0: " + re.escape(message)):
            card_indices(data)
        codes, bad = parse_text(data, max_bad=4)
        assert [b.row for b in bad] == [3] and (codes[3] == NO_CARD).all()
