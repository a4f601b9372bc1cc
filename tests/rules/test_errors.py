"""Bad input: a clear ValueError/TypeError naming the problem, never a panic."""

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import reference

BOTH = [pytest.param(cf.score_hand, id="rust"), pytest.param(reference.score_hand, id="ref")]


@pytest.mark.parametrize("score", BOTH)
@pytest.mark.parametrize(
    ("hand", "starter", "error", "match"),
    [
        ("5H 5D 5C XS", "5S", ValueError, "XS"),
        ("5H 5D 5C 1S", "5S", ValueError, "1S"),
        ("5H 5D 5C 5Z", "5S", ValueError, "5Z"),
        ("5H 5D 5C JS", "ZZ", ValueError, "ZZ"),
        ("5H 5D 5H JS", "5S", ValueError, "5H appears more than once"),
        ("5H 5D 5C JS", "5H", ValueError, "5H appears more than once"),
        ("5H 5D 5C", "5S", ValueError, "4 cards, got 3"),
        ("5H 5D 5C JS 2C", "5S", ValueError, "5 cards and a starter"),
        ("5H 5D 5C JS 5S 2C", None, ValueError, "5 cards, the starter last.*got 6"),
        ([5, 6, 7, 8], "5S", TypeError, "5"),
        ("5H 5D 5C JS", 5, TypeError, "5"),
        ("5H 5D 5C JS", None, ValueError, "5 cards, the starter last.*got 4"),
        (42, "5S", TypeError, "int"),
    ],
)
def test_bad_show_input(
    score: Callable[..., int], hand: Any, starter: Any, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        score(hand, starter)


def test_crib_wording() -> None:
    with pytest.raises(ValueError, match="a crib must have 4 cards"):
        cf.score_hand("5H 5D", "5S", crib=True)


@pytest.mark.parametrize("index", [-1, 52, 1000, 2**70])
def test_index_out_of_range(index: int) -> None:
    with pytest.raises((ValueError, OverflowError), match=str(index)[:3]):
        cf.Card.from_index(index)


@pytest.mark.parametrize("bad", ["", "5", "10", "HH", "55H", "0H", "010H", "5HH"])
def test_unknown_card_text(bad: str) -> None:
    with pytest.raises(ValueError, match="unknown card"):
        cf.Card(bad)


def test_wrong_types() -> None:
    with pytest.raises(TypeError, match="single Card"):
        cf.score_hand(cf.Card("5H"), "5S")
    with pytest.raises(TypeError):
        cf.Card(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cf.his_heels(None)  # type: ignore[arg-type]


@given(st.text(max_size=6))
def test_any_text_is_a_card_or_a_value_error(text: str) -> None:
    try:
        card = cf.Card(text)
    except ValueError as err:
        assert "unknown card" in str(err)
        with pytest.raises(ValueError):
            reference.parse_card(text)
    else:
        assert reference.parse_card(text)[0] == card.rank


@given(st.lists(st.one_of(st.text(max_size=3), st.integers(), st.none()), max_size=6))
def test_garbage_hands_raise_only_value_or_type_errors(hand: list[object]) -> None:
    with contextlib.suppress(ValueError, TypeError):
        cf.score_hand(hand, "5S")
