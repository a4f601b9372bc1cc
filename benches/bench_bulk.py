"""Bulk scoring from Python: all 12,994,800 deals, 1 and 2 threads,
a plain NumPy table-lookup baseline, and the exact score distribution.

Run with ``pytest benches/bench_bulk.py --benchmark-enable``.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import cribbage_fast as cf


@pytest.fixture(scope="module")
def deals() -> np.ndarray:
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    rows = np.empty((len(hands), 52, 5), dtype=np.uint8)
    rows[:, :, :4] = hands[:, None, :]
    rows[:, :, 4] = np.arange(52, dtype=np.uint8)[None, :]
    keep = (rows[:, :, :4] != rows[:, :, 4:5]).all(axis=2)
    return np.ascontiguousarray(rows[keep])


@pytest.fixture(scope="module")
def rank_table(deals: np.ndarray) -> np.ndarray:
    """Rank points (fifteens, pairs, runs) per ordered rank tuple, 13^5 entries,
    taken from the library itself: flush- and nobs-free rows of every tuple."""
    ranks = np.indices((13,) * 5).reshape(5, -1).T.astype(np.uint8)
    # One card per rank tuple with suits 0,1,2,3,0 shifted so no two cards of
    # a row coincide: equal ranks get distinct suits.
    suits = np.zeros_like(ranks)
    for col in range(1, 5):
        suits[:, col] = (ranks[:, :col] == ranks[:, col : col + 1]).sum(axis=1)
    cards = ranks * 4 + suits
    ok = suits.max(axis=1) < 4
    scores = np.zeros(len(ranks), dtype=np.uint8)
    breakdown = cf.score_hands(cards[ok], breakdown=True)
    scores[ok] = breakdown[:, :3].sum(axis=1)
    return scores


def numpy_baseline(rows: np.ndarray, table: np.ndarray) -> np.ndarray:
    """A plain vectorised NumPy scorer with the same table-lookup design."""
    r = (rows >> 2).astype(np.intp)
    index = (((r[:, 0] * 13 + r[:, 1]) * 13 + r[:, 2]) * 13 + r[:, 3]) * 13 + r[:, 4]
    s = rows & 3
    four = (s[:, 0] == s[:, 1]) & (s[:, 0] == s[:, 2]) & (s[:, 0] == s[:, 3])
    flush = four * (4 + (s[:, 4] == s[:, 0]))
    nobs = (rows[:, :4] == (40 + s[:, 4])[:, None]).any(axis=1)
    return table[index] + flush.astype(np.uint8) + nobs.astype(np.uint8)


@pytest.mark.benchmark(group="score_hands all deals")
@pytest.mark.parametrize("threads", [1, 2])
def test_score_hands_all_deals(
    benchmark: BenchmarkFixture, deals: np.ndarray, threads: int
) -> None:
    scores = benchmark(cf.score_hands, deals, threads=threads)
    assert int(scores.sum(dtype=np.int64)) == 61_974_180


@pytest.mark.benchmark(group="score_hands all deals")
def test_numpy_table_baseline(
    benchmark: BenchmarkFixture, deals: np.ndarray, rank_table: np.ndarray
) -> None:
    scores = benchmark(numpy_baseline, deals, rank_table)
    assert np.array_equal(scores, cf.score_hands(deals))


@pytest.mark.benchmark(group="distribution")
def test_hand_score_distribution(benchmark: BenchmarkFixture) -> None:
    d = benchmark(cf.hand_score_distribution)
    assert int(d.sum()) == 12_994_800
