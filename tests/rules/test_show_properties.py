"""Property tests: the Rust show scorer equals the pure-Python reference."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import reference

deals = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True).map(
    lambda ix: [cf.Card.from_index(i) for i in ix]
)


@given(deals, st.booleans())
def test_score_matches_reference(five: list[cf.Card], crib: bool) -> None:
    hand, starter = five[:4], five[4]
    assert cf.score_hand(hand, starter, crib) == reference.score_hand(hand, starter, crib)


@given(deals, st.booleans())
def test_breakdown_matches_reference(five: list[cf.Card], crib: bool) -> None:
    hand, starter = five[:4], five[4]
    rust = cf.explain_hand(hand, starter, crib)
    ref = reference.explain_hand(hand, starter, crib)

    def key(kind: str, cards: tuple[str, ...], points: int) -> tuple[str, tuple[str, ...], int]:
        return kind, tuple(sorted(cards)), points

    assert Counter(key(i.kind, tuple(map(str, i.cards)), i.points) for i in rust.items) == Counter(
        key(i.kind, i.cards, i.points) for i in ref.items
    )
    assert rust.total == ref.total == sum(i.points for i in rust.items)
    kinds = ("fifteen", "pair", "run", "flush", "nobs")
    per_kind = (rust.fifteens, rust.pairs, rust.runs, rust.flush, rust.nobs)
    assert per_kind == tuple(ref.points_of(k) for k in kinds)
    assert sum(per_kind) == rust.total


@given(deals)
def test_crib_never_beats_hand_and_differs_only_by_flush(five: list[cf.Card]) -> None:
    hand, starter = five[:4], five[4]
    as_hand, as_crib = cf.explain_hand(hand, starter), cf.explain_hand(hand, starter, crib=True)
    assert as_hand.total - as_crib.total == as_hand.flush - as_crib.flush
    assert as_hand.flush - as_crib.flush in (0, 4)
