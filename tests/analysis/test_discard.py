"""Discard analysis (docs/rules.md, "The show"): Rust against the pure-Python reference."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast.reference import discard as ref

DECK_TEXT = [str(cf.Card.from_index(i)) for i in range(52)]


def hands(size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(DECK_TEXT), min_size=size, max_size=size, unique=True)


def assert_same(hand: list[str], dealer: bool) -> None:
    fast = cf.analyze_discards(hand, dealer)
    slow = ref.analyze_discards(hand, dealer)
    assert len(fast) == len(slow) == (15 if len(hand) == 6 else 5)
    for f, s in zip(fast, slow, strict=True):
        assert tuple(str(c) for c in f.discard) == s.discard
        assert tuple(str(c) for c in f.keep) == s.keep
        assert (f.hand_total, f.hand_deals) == (s.hand_total, s.hand_deals)
        assert (f.crib_total, f.crib_deals) == (s.crib_total, s.crib_deals)
        assert f.hand_ev == pytest.approx(s.hand_ev, abs=1e-9)
        assert f.crib_ev == pytest.approx(s.crib_ev, abs=1e-9)
        assert f.net == pytest.approx(s.net, abs=1e-9)


# The reference enumerates every crib deal (683,100 for a 6-card hand, 3,567,300 for a
# 5-card hand) in pure Python, so the example counts are small.
@settings(max_examples=4, deadline=None)
@given(hands(6), st.booleans())
def test_six_card_hands_match_the_reference(hand: list[str], dealer: bool) -> None:
    assert_same(hand, dealer)


@settings(max_examples=3, deadline=None)
@given(hands(5), st.booleans())
def test_five_card_hands_match_the_reference(hand: list[str], dealer: bool) -> None:
    assert_same(hand, dealer)


def test_fixed_hand_with_flush_and_jacks_matches_the_reference() -> None:
    # Suited discards (crib flushes possible) and jacks in hand, discard and deck.
    assert_same(["JH", "2H", "8H", "KH", "9C", "JS"], dealer=True)


def test_dealer_and_pone_keep_the_fives() -> None:
    hand = "5H 5D JC 4S 6H KD"
    for dealer in (True, False):
        best = cf.analyze_discards(hand, dealer)[0]
        assert {str(c) for c in best.keep} == {"5H", "5D", "4S", "6H"}
        assert {str(c) for c in best.discard} == {"JC", "KD"}
    assert cf.best_discard(hand, dealer=True) == cf.analyze_discards(hand, True)[0]


def test_net_is_hand_plus_crib_for_the_dealer_and_minus_for_the_pone() -> None:
    for dealer in (True, False):
        options = cf.analyze_discards("2C 3D 7H 8S QC KD", dealer)
        for option in options:
            sign = 1 if dealer else -1
            assert option.net == pytest.approx(option.hand_ev + sign * option.crib_ev)
            assert option.dealer is dealer
        nets = [option.net for option in options]
        assert nets == sorted(nets, reverse=True)


def test_keeping_three_fives_and_a_jack() -> None:
    hand = cf.cards("5C 5D 5H JS 2C 9D")
    keep_fives = next(
        o for o in cf.analyze_discards(hand, False) if {str(c) for c in o.discard} == {"2C", "9D"}
    )
    unseen = [c for c in (cf.Card.from_index(i) for i in range(52)) if c not in hand]
    scores = [cf.score_hand(keep_fives.keep, starter) for starter in unseen]
    assert min(scores) == 14 and max(scores) == 29
    assert keep_fives.hand_total == sum(scores)
    assert keep_fives.hand_deals == 46
    assert keep_fives.hand_ev == pytest.approx(sum(scores) / 46)


def test_deal_counts_and_card_inputs() -> None:
    six = cf.analyze_discards([cf.Card("5H"), "5D", "JC", "4S", "6H", "kd"], True)
    assert {(o.hand_deals, o.crib_deals) for o in six} == {(46, 1035 * 44)}
    five = cf.analyze_discards("5H 5D JC 4S 6H", False)
    assert {(o.hand_deals, o.crib_deals) for o in five} == {(47, 16215 * 44)}
    assert all(len(o.discard) == 1 and len(o.keep) == 4 for o in five)


def test_option_is_frozen_and_printable() -> None:
    best = cf.analyze_discards("5H 5D JC 4S 6H KD", True)[0]
    assert repr(best) == (
        "DiscardOption(discard=(Card('JC'), Card('KD')), "
        "keep=(Card('5H'), Card('5D'), Card('4S'), Card('6H')), "
        "hand_ev=15.9565, crib_ev=3.9697, net=19.9263)"
    )
    assert best.to_dict() == {
        "discard": "JC KD",
        "keep": "5H 5D 4S 6H",
        "dealer": True,
        "hand_ev": best.hand_ev,
        "crib_ev": best.crib_ev,
        "net": best.net,
        "hand_total": 734,
        "hand_deals": 46,
        "crib_total": 180782,
        "crib_deals": 45540,
    }
    with pytest.raises(AttributeError):
        best.net = 0.0  # type: ignore[misc]
    assert hash(best) == hash(cf.analyze_discards("5H 5D JC 4S 6H KD", True)[0])


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("5H 5D JC 4S", "must have 6 (2 players) or 5 (3 or 4 players) cards, got 4"),
        ("5H 5D JC 4S 6H KD 7C", "got 7"),
        ("5H 5D JC 4S 6H 5H", "card 5H appears more than once"),
        ("5H 5D JC 4S 6H ZZ", 'unknown card "ZZ"'),
    ],
)
def test_bad_hands_raise_value_error(hand: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        cf.analyze_discards(hand, True)
    with pytest.raises(ValueError, match=re.escape(message)):
        cf.best_discard(hand, False)


def test_reference_rejects_bad_hands_too() -> None:
    with pytest.raises(ValueError, match="got 4"):
        ref.analyze_discards("5H 5D JC 4S", True)
    with pytest.raises(ValueError, match="5H appears more than once"):
        ref.analyze_discards("5H 5D JC 4S 6H 5H", True)
    with pytest.raises(ValueError, match="unknown card"):
        ref.analyze_discards("5H 5D JC 4S 6H 1H", True)


def test_non_cards_raise_type_error() -> None:
    with pytest.raises(TypeError):
        cf.analyze_discards(["5H", 5, "JC", "4S", "6H", "KD"], True)  # type: ignore[list-item]
    with pytest.raises(TypeError):
        cf.analyze_discards(42, True)  # type: ignore[arg-type]
