"""Discard analysis time per hand: the Rust core against the pure-Python reference.

Run with ``pytest benches/bench_discard.py --benchmark-enable``.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import cribbage_fast as cf
from cribbage_fast.reference import discard as ref

SIX = "5H 5D JC 4S 6H KD"
FIVE = "5H 5D JC 4S 6H"


@pytest.mark.benchmark(group="analyze_discards 6-card hand")
def test_rust_six_card(benchmark: BenchmarkFixture) -> None:
    options = benchmark(cf.analyze_discards, SIX, True)
    assert len(options) == 15


@pytest.mark.benchmark(group="analyze_discards 6-card hand")
def test_reference_six_card(benchmark: BenchmarkFixture) -> None:
    options = benchmark.pedantic(ref.analyze_discards, args=(SIX, True), rounds=1, iterations=1)
    assert len(options) == 15


@pytest.mark.benchmark(group="analyze_discards 5-card hand")
def test_rust_five_card(benchmark: BenchmarkFixture) -> None:
    options = benchmark(cf.analyze_discards, FIVE, False)
    assert len(options) == 5
