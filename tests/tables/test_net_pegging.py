"""The discard ranking with pegging weighs the net pegging (issue 22, class
3): own expected pegging minus the opponent's, from the same function the
master uses (``crate::tables::pegging::net_from_sums``), in
`analyze_discards`, `best_discard` and the atlas alike."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import _core, tables
from cribbage_fast.tables import keep_index, pegging_table

HAND = "5H 5D JC 4S 6H KD"


def test_the_issue_example_dealer_keeping_4_5_5_6() -> None:
    options = cf.analyze_discards(HAND, True, crib_model="fixed_point", pegging=True)
    keep = next(o for o in options if sorted(c.rank for c in o.keep) == [4, 5, 5, 6])
    # The issue's 2.98 is the pone's pegging against this keep; the net is 5.70 - 2.98.
    assert round(keep.pegging_ev, 2) == 5.70 and round(keep.opponent_pegging_ev, 2) == 2.98
    assert round(keep.pegging_net, 2) == 2.72
    assert keep.pegging_net == pytest.approx(keep.pegging_ev - keep.opponent_pegging_ev, abs=1e-12)
    assert keep.total == keep.net + keep.pegging_net
    assert [o.total for o in options] == sorted((o.total for o in options), reverse=True)


def test_the_net_is_the_masters_own_computation() -> None:
    t = pegging_table()
    net = _core._net_pegging(t.sums.reshape(-1))
    assert np.array_equal(net[:, 1], t.dealer_net) and np.array_equal(net[:, 0], t.pone_net)
    s = t.sums.astype(np.float64)
    assert np.allclose(t.dealer_net, (s[:, 1, 1] - s[:, 1, 3]) / s[:, 1, 0], rtol=0, atol=1e-12)
    with pytest.raises(ValueError, match="18200 values"):
        _core._net_pegging(t.sums.reshape(-1)[:10])
    for ranks in ([4, 5, 5, 6], [1, 2, 3, 13], [10, 11, 12, 13]):
        for dealer in (True, False):
            want = t.dealer_net if dealer else t.pone_net
            assert t.net(ranks, dealer) == want[keep_index(ranks)]


def test_every_ranking_adds_the_net_and_shows_both_parts() -> None:
    t = pegging_table()
    changed = 0
    for seed in range(60):
        hand = random.Random(seed).sample([_core.Card.from_index(i) for i in range(52)], 6)
        for dealer in (True, False):
            for model in ("uniform", "fixed_point"):
                options = cf.analyze_discards(hand, dealer, crib_model=model, pegging=True)
                for o in options:
                    ranks = [c.rank for c in o.keep]
                    assert o.pegging_ev == t.value(ranks, dealer)
                    assert o.pegging_net == t.net(ranks, dealer)
                    assert o.total == o.net + o.pegging_net
                    assert o.to_dict()["opponent_pegging_ev"] == o.opponent_pegging_ev
                own_best = max(options, key=lambda o: o.net + o.pegging_ev)
                changed += own_best.total < options[0].total
            best = tables.best_table_discard(hand, dealer)
            assert best == cf.analyze_discards(hand, dealer, "fixed_point", pegging=True)[0]
    # Own pegging alone would have picked a worse discard in some of these deals.
    assert changed > 0


def test_the_repr_shows_the_sort_key() -> None:
    option = cf.analyze_discards(HAND, False, pegging=True)[0]
    text = repr(option)
    assert f"total={option.total:.4f}" in text and "pegging_net=" in text
    assert "opponent_pegging_ev=" in text and f"discard={option.discard!r}" in text
    doc = cf.analyze_discards.__doc__ or ""
    assert "Sorted by exact net" not in doc and "total" in doc


@pytest.mark.parametrize("model", ["uniform", "fixed_point"])
def test_five_cards_with_pegging_are_refused(model: str) -> None:
    with pytest.raises(ValueError, match=r"two-player \(six-card\).*tables\.five_card_"):
        cf.analyze_discards("5H 5D JC 4S 6H", True, crib_model=model, pegging=True)
    with pytest.raises(ValueError, match=r"two-player \(six-card\)"):
        tables.table_discards("5H 5D JC 4S 6H", False, crib_model=model, pegging=True)
    # Without pegging the uniform model still takes five cards.
    assert len(tables.table_discards("5H 5D JC 4S 6H", False)) == 5


@pytest.mark.parametrize("value", ["no", 1, 0.7, None])
def test_pegging_and_dealer_must_be_booleans(value: object) -> None:
    with pytest.raises(TypeError, match="pegging must be True or False"):
        cf.analyze_discards(HAND, True, pegging=value)
    with pytest.raises(TypeError, match="pegging must be True or False"):
        tables.table_discards(HAND, True, pegging=value)
    with pytest.raises(TypeError, match="dealer must be True or False"):
        tables.best_table_discard(HAND, dealer=value)
    assert tables.table_discards(HAND, np.bool_(True), pegging=np.bool_(True))[0].pegging_net


@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    cards=st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True),
    dealer=st.booleans(),
    model=st.sampled_from(["uniform", "fixed_point"]),
)
def test_any_hand_is_ranked_by_total_with_one_tie_break(
    cards: list[int], dealer: bool, model: str
) -> None:
    hand = [_core.Card.from_index(i) for i in cards]
    options = cf.analyze_discards(hand, dealer, crib_model=model, pegging=True)
    keys = [(-o.total, -o.hand_ev, sorted(c.index for c in o.discard)) for o in options]
    assert keys == sorted(keys)
    for o in options:
        assert o.total == o.net + o.pegging_net
        assert o.pegging_net == pytest.approx(o.pegging_ev - o.opponent_pegging_ev, abs=1e-12)
    # The hand's order does not change the choice among equal discards.
    again = cf.analyze_discards(hand[::-1], dealer, crib_model=model, pegging=True)
    assert [set(o.discard) for o in again] == [set(o.discard) for o in options]
