"""Cards: parsing, the index layout, value semantics."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage_fast import Card, cards

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@pytest.mark.parametrize(
    ("text", "rank", "suit", "value"),
    [
        ("5H", 5, "H", 5),
        ("5h", 5, "H", 5),
        ("5♥", 5, "H", 5),
        ("10H", 10, "H", 10),
        ("TH", 10, "H", 10),
        ("JS", 11, "S", 10),
        ("AS", 1, "S", 1),
        ("as", 1, "S", 1),
        ("KC", 13, "C", 10),
    ],
)
def test_parse_forms(text: str, rank: int, suit: str, value: int) -> None:
    card = Card(text)
    assert (card.rank, card.suit, card.value) == (rank, suit, value)
    assert Card.parse(text) == card


def test_index_layout() -> None:
    suits = "CDHS"
    for i in range(52):
        card = Card.from_index(i)
        assert card.index == i == (card.rank - 1) * 4 + suits.index(card.suit)
    assert Card("AC").index == 0
    assert Card("KS").index == 51
    assert Card("5H").index == 18


def test_str_and_repr() -> None:
    assert str(Card("th")) == "10H"
    assert repr(Card("5h")) == "Card('5H')"
    assert eval(repr(Card("QD"))) == Card("QD")


def test_value_semantics() -> None:
    a, b = Card("5H"), Card("5♥")
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b, Card("5D")}) == 2
    assert Card("AS") < Card("2C") < Card("2D")
    assert sorted(cards("KS 5H AC 5C")) == cards("AC 5C 5H KS")
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) == a
    with pytest.raises(AttributeError):
        a.rank = 6  # type: ignore[misc]


def test_cards_helper_accepts_text_and_lists() -> None:
    assert cards("5H 5D, 5C  JS") == [Card("5H"), Card("5D"), Card("5C"), Card("JS")]
    assert cards(["5H", Card("5D")]) == [Card("5H"), Card("5D")]
    assert cards("") == []


@given(st.integers(0, 51), st.sampled_from(["upper", "lower", "symbol", "ten"]))
def test_text_round_trips(index: int, form: str) -> None:
    card = Card.from_index(index)
    text = str(card)
    if form == "lower":
        text = text.lower()
    elif form == "symbol":
        text = text[:-1] + SYMBOLS[text[-1]]
    elif form == "ten":
        text = text.replace("10", "T")
    assert Card(text) == card
    assert str(Card(str(card))) == str(card)
