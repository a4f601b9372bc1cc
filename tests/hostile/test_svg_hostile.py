"""The pictures under hostile arguments: every argument of any type is drawn
or refused with a TypeError or ValueError naming what is wrong (the scores,
the back pegs, the names, the target, the card, the hand, the pile), never
another exception or a picture of something that cannot be."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import svg
from cribbage_fast.analysis.pictures import analysis_svg, hint_svg

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=3),
    st.lists(st.integers(-2, 200), max_size=4),
    st.lists(st.text(max_size=3), max_size=4),
    st.sampled_from([10**400, "5H", "10S", "5H 5H", [True, False], [1.5, 2], ("a", "b"), {}]),
)


def drawn_or_refused(draw: Callable[[], str], *words: str) -> None:
    """The picture parses, or the error names one of `words`."""
    try:
        picture = draw()
    except (TypeError, ValueError) as err:
        assert any(w in str(err) for w in words), str(err)
    else:
        ET.fromstring(picture)


@given(anything, anything, anything, anything)
def test_the_board_draws_or_names_the_bad_argument(
    scores: Any, back: Any, names: Any, target: Any
) -> None:
    drawn_or_refused(
        lambda: svg.board(scores, back=back, names=names, target=target),
        "scores",
        "back",
        "names",
        "target",
    )


@given(st.lists(st.integers(-(2**65), 2**65), min_size=2, max_size=3))
def test_scores_no_game_reaches_are_refused_and_any_other_is_drawn(scores: list[int]) -> None:
    if min(scores) < 0:
        with pytest.raises(ValueError, match=r"scores\[\d\] must be at least 0"):
            svg.board(scores)
    elif max(scores) > 149:  # 120 and a 29 hand: no game to 121 ends past it
        with pytest.raises(ValueError, match=r"scores\[\d\] is \d+: no game to 121 ends past 149"):
            svg.board(scores)
    else:
        ET.fromstring(svg.board(scores))


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (([1],), ValueError, "2 or 3 scores"),
        (([1, 2, 3, 4],), ValueError, "2 or 3 scores"),
        (([True, 2],), TypeError, "scores[0]"),
        (([1.0, 2],), TypeError, "scores[0]"),
        (("95 60",), TypeError, "scores must be a sequence"),
        (([95, 60], [96, 50]), ValueError, "back[0] is 96, ahead of its front peg"),
        (([130, 60], [121, 50]), ValueError, "back[0] is 121: the game ends at 121"),
        (([150, 60],), ValueError, "scores[0] is 150: no game to 121 ends past 149"),
        (([95, 90], None, None, 61), ValueError, "scores[0] is 95: no game to 61 ends past 89"),
        (([95, 60], [90, 50, 40]), ValueError, "back must hold 2 scores"),
        (([95, 60], None, ["Ann"]), ValueError, "one name a side"),
        (([95, 60], None, ["Ann", 7]), TypeError, "names[1]"),
        (([95, 60], None, None, 30), ValueError, "target"),
        (([95, 60], None, None, 1001), ValueError, "target"),
    ],
)
def test_board_errors_name_the_problem(args: tuple[Any, ...], error: type, words: str) -> None:
    with pytest.raises(error) as info:
        svg.board(*args)
    assert words in str(info.value)


@given(anything)
def test_a_card_is_drawn_or_refused_by_name(value: Any) -> None:
    drawn_or_refused(lambda: svg.card(value), "card")


@given(anything, anything)
def test_a_hand_is_drawn_or_refused_by_name(cards: Any, starter: Any) -> None:
    drawn_or_refused(lambda: svg.hand(cards, starter=starter), "hand", "starter")


@given(anything, anything)
def test_a_pile_is_drawn_or_refused_by_name(laid: Any, goes: Any) -> None:
    drawn_or_refused(lambda: svg.pile(laid, goes=goes), "pile", "go")


@pytest.mark.parametrize(
    ("draw", "error", "words"),
    [
        (lambda: svg.card(5), TypeError, "card must be a Card or card text, got int 5"),
        (lambda: svg.card("1H"), ValueError, "card"),
        (lambda: svg.card(cf.Card("5H").index), TypeError, "card must be a Card"),
        (lambda: svg.hand("AC 2C 3C 4C 5C 6C 7C"), ValueError, "at most 6"),
        (lambda: svg.hand(iter(["AC", "2C", "3C", "4C", "5C", "6C", "7C"])), ValueError, "6"),
        (lambda: svg.hand(["5H", "5H"]), ValueError, "5H twice"),
        (lambda: svg.hand(["5H", 3]), TypeError, "card 1 of the hand"),
        (lambda: svg.hand(cf.Card("5H")), TypeError, "the hand must be card text"),
        (lambda: svg.hand("5H 6H", starter="5H"), ValueError, "starter 5H is also in the hand"),
        (lambda: svg.pile("KS QS JS 5H"), ValueError, "the pile"),
        (lambda: svg.pile([(5, "5H")]), ValueError, "seat of entry 0 of the pile"),
        (lambda: svg.pile("5H", goes=[0, 1, 0, 1]), ValueError, "goes at one count"),
        (lambda: svg.pile("5H", goes="0"), TypeError, "goes must be seats"),
        (lambda: svg.game("game"), TypeError, "game needs a Game"),
        (lambda: svg.pegging(cf.Game(2, seed=1)), TypeError, "pegging needs a Pegging"),
        (lambda: svg.view(cf.Game(2, seed=1)), TypeError, "view needs a PlayerView"),
        (lambda: hint_svg(None), TypeError, "hint needs a Hint"),
        (lambda: svg.stats({}), TypeError, "stats needs SimulationStats"),
        (lambda: analysis_svg(1), TypeError, "analysis needs a GameAnalysis"),
        (lambda: svg.breakdown("5H 5D 5C JS"), TypeError, "breakdown needs a HandBreakdown"),
        (lambda: svg.game(cf.Game(2, seed=1), names=["a"]), ValueError, "one name a side"),
    ],
)
def test_errors_name_the_problem(draw: Callable[[], str], error: type, words: str) -> None:
    with pytest.raises(error) as info:
        draw()
    assert words in str(info.value)


def test_a_pile_past_31_is_refused() -> None:
    with pytest.raises(ValueError, match="the pile"):
        svg.pile(["KS", "QS", "JS", "2H"])
    ET.fromstring(svg.pile(["KS", "QS", "JS", "AH"]))
