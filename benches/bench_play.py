"""Play phases per second: the Rust Pegging engine driven from Python, the pure-Python
reference engine, and the same random play loop entirely in Rust.

Each round plays the same 100 pre-dealt phases (4 cards a seat, as in a real deal)
choosing random legal moves from a seeded generator, so time / 100 is the time per
phase. Run with ``pytest benches/bench_play.py --benchmark-enable``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cribbage_fast as cf
from cribbage_fast import _core, reference

PHASES_PER_ROUND = 100
_rng = random.Random(2026)


def _deals(seats: int) -> list[tuple[list[list[str]], int]]:
    deals = []
    for _ in range(PHASES_PER_ROUND):
        cards = [str(cf.Card.from_index(i)) for i in _rng.sample(range(52), 4 * seats)]
        deals.append(([cards[4 * s : 4 * s + 4] for s in range(seats)], _rng.randrange(seats)))
    return deals


DEALS = {seats: _deals(seats) for seats in (2, 4)}


def play_all(engine: Any, deals: list[tuple[list[list[str]], int]]) -> int:
    """Plays every deal with random legal moves; returns the total points pegged."""
    rng = random.Random(7)
    total = 0
    for hands, leader in deals:
        play = engine(hands, leader)
        while not play.is_over:
            play.play(rng.choice(play.legal_moves()))
        total += sum(play.points)
    return total


@pytest.mark.parametrize("seats", [2, 4])
def test_rust_engine_from_python(benchmark: Any, seats: int) -> None:
    benchmark.group = f"play: 100 phases, {seats} seats"
    total = benchmark(play_all, cf.Pegging, DEALS[seats])
    assert total == play_all(reference.Pegging, DEALS[seats])


@pytest.mark.parametrize("seats", [2, 4])
def test_reference_engine(benchmark: Any, seats: int) -> None:
    benchmark.group = f"play: 100 phases, {seats} seats"
    assert benchmark(play_all, reference.Pegging, DEALS[seats]) > 0


@pytest.mark.parametrize("seats", [2, 4])
def test_rust_only_loop(benchmark: Any, seats: int) -> None:
    """Deal, play and pick random moves all in Rust, with no event log."""
    benchmark.group = f"play: 100 phases, {seats} seats"
    assert benchmark(_core._random_play_phases, PHASES_PER_ROUND, seats, 1) > 0
