"""One-hand scoring from Python: cribbage_fast vs the reference vs cribbage-scorer.

Each benchmark scores the same 100 random deals per round, so the reported
time divided by 100 is the time per hand. Run with
``pytest benches/bench_show.py --benchmark-enable``.
"""

import random

import pytest
from cribbage_scorer import cribbage_scorer

import cribbage_fast as cf
from cribbage_fast import reference

HANDS_PER_ROUND = 100
_rng = random.Random(2026)
DEALS = [_rng.sample(range(52), 5) for _ in range(HANDS_PER_ROUND)]
CARD_DEALS = [[cf.Card.from_index(i) for i in deal] for deal in DEALS]
TEXT_DEALS = [[str(c) for c in deal] for deal in CARD_DEALS]
# cribbage-scorer wants (rank, suit) tuples.
TUPLE_DEALS = [[(c.rank, c.suit) for c in deal] for deal in CARD_DEALS]
EXPECTED = [reference.score_hand(d[:4], d[4]) for d in TEXT_DEALS]


@pytest.mark.benchmark(group="score_hand: 100 hands")
def test_cribbage_fast_cards(benchmark) -> None:  # type: ignore[no-untyped-def]
    score = cf.score_hand
    result = benchmark(lambda: [score(d[:4], d[4]) for d in CARD_DEALS])
    assert result == EXPECTED


@pytest.mark.benchmark(group="score_hand: 100 hands")
def test_cribbage_fast_text(benchmark) -> None:  # type: ignore[no-untyped-def]
    score = cf.score_hand
    result = benchmark(lambda: [score(d[:4], d[4]) for d in TEXT_DEALS])
    assert result == EXPECTED


@pytest.mark.benchmark(group="score_hand: 100 hands")
def test_reference(benchmark) -> None:  # type: ignore[no-untyped-def]
    score = reference.score_hand
    result = benchmark(lambda: [score(d[:4], d[4]) for d in TEXT_DEALS])
    assert result == EXPECTED


@pytest.mark.benchmark(group="score_hand: 100 hands")
def test_cribbage_scorer(benchmark) -> None:  # type: ignore[no-untyped-def]
    score = cribbage_scorer.show_calc_score
    result = benchmark(lambda: [score(d[4], d[:4], False)[0] for d in TUPLE_DEALS])
    assert result == EXPECTED
