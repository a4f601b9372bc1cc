"""Property tests: the Rust play (scoring and the Pegging engine) equals the
pure-Python reference on random piles and whole random play phases.

Each hypothesis example drives several phases with a seeded ``random.Random``, so
the ``ci`` profile (300 examples) plays several thousand phases per run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import reference

DECK = [cf.Card.from_index(i) for i in range(52)]
TEXT = [str(c) for c in DECK]
PHASES_PER_EXAMPLE = 6


def valid_pile(order: list[int]) -> list[str]:
    """The longest prefix of the shuffled cards that counts at most 31."""
    pile: list[str] = []
    count = 0
    for i in order:
        if count + DECK[i].value > 31:
            break
        pile.append(TEXT[i])
        count += DECK[i].value
    return pile


piles = (
    st.permutations(range(52))
    .map(valid_pile)
    .flatmap(lambda p: st.integers(1, len(p)).map(lambda n: p[:n]))
)


@given(piles)
def test_pile_scoring_matches_reference(pile: list[str]) -> None:
    rust, ref = cf.explain_play(pile), reference.explain_play(pile)
    assert rust.to_dict() == ref.to_dict()
    assert str(rust) == str(ref)
    assert cf.score_play(pile) == reference.score_play(pile) == rust.total


def state(play: Any) -> tuple[Any, ...]:
    """Everything public about a play, with cards as text."""
    return (
        play.seats,
        play.to_move,
        play.is_over,
        play.count,
        [str(c) for c in play.pile],
        [[str(c) for c in hand] for hand in play.hands],
        play.points,
        play.said_go,
        [str(m) for m in play.legal_moves()],
    )


def deal(rng: random.Random, seats: int, real: bool) -> list[list[str]]:
    """A random deal: 4 cards a seat as in a real game, or 0 to 6 each."""
    cards = rng.sample(TEXT, 6 * seats)
    sizes = [4] * seats if real else [rng.randint(0, 6) for _ in range(seats)]
    return [cards[6 * s : 6 * s + size] for s, size in enumerate(sizes)]


def illegal_tries(rng: random.Random, play: Any) -> list[str]:
    """A few moves that are illegal right now (or after the play is over)."""
    legal = {str(m) for m in play.legal_moves()}
    tries = [t for t in rng.sample(TEXT, 3) if t not in legal]
    if "go" not in legal:
        tries.append("go")
    return tries


def play_phase(rng: random.Random, seats: int, real: bool) -> int:
    """Plays one random phase in both engines, comparing after every move.
    Returns the number of moves."""
    hands = deal(rng, seats, real)
    leader = rng.randrange(seats)
    rust = cf.Pegging(hands, leader)
    ref = reference.Pegging(hands, leader)
    assert state(rust) == state(ref)
    moves = 0
    while not rust.is_over:
        if rng.random() < 0.1:
            before = state(rust)
            for bad in illegal_tries(rng, rust):
                with pytest.raises(cf.IllegalMove):
                    rust.play(bad)
                with pytest.raises(ValueError):
                    ref.play(bad)
            assert state(rust) == before == state(ref)
        move = rng.choice(rust.legal_moves())
        got = [e.to_dict() for e in rust.play(move)]
        want = [e.to_dict() for e in ref.play(str(move))]
        assert got == want, (hands, leader, move)
        assert state(rust) == state(ref)
        moves += 1
    assert ref.is_over
    assert [e.to_dict() for e in rust.events] == [e.to_dict() for e in ref.events]
    assert sum(rust.points) == sum(e.points for e in rust.events)
    laid = sum(1 for e in rust.events if e.kind == "lay")
    assert laid == sum(len(h) for h in hands)
    return moves


@given(st.integers(0, 2**64 - 1), st.sampled_from([2, 3, 4]))
def test_real_deals_match_reference(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    for _ in range(PHASES_PER_EXAMPLE):
        play_phase(rng, seats, real=True)


@given(st.integers(0, 2**64 - 1), st.sampled_from([2, 3, 4]))
def test_uneven_hands_match_reference(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    for _ in range(PHASES_PER_EXAMPLE):
        play_phase(rng, seats, real=False)


@given(st.integers(0, 2**64 - 1), st.sampled_from([2, 3, 4]))
def test_clones_follow_the_same_path(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    play = cf.Pegging(deal(rng, seats, real=True), rng.randrange(seats))
    copies = []
    while not play.is_over:
        copies.append((play.clone(), len(play.events)))
        play.play(rng.choice(play.legal_moves()))
    for copy, n in copies:
        assert [e.to_dict() for e in copy.events] == [e.to_dict() for e in play.events[:n]]
        while not copy.is_over:
            copy.play(play.events[len(copy.events)].card or "go")
        assert copy == play
