"""Card text to scores (issue 23) against index arrays to scores, side by side:
NumPy single-card cells, NumPy hand strings, an Arrow column and a polars
column, on 1 and 2 threads.

Run with ``pytest benches/bench_card_text.py --benchmark-enable`` (100,000
hands; ``CARD_TEXT_ROWS=10000000`` for the issue's size). The 10,000,000-hand
numbers, peak memory and the CLI on a CSV file come from
``python benches/card_text_10m.py`` (docs/bulk_text.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import cribbage_fast as cf

ROWS = int(os.environ.get("CARD_TEXT_ROWS", "100000"))
DECK = np.array([str(cf.Card.from_index(i)) for i in range(52)])


def random_deals(n: int, seed: int = 23) -> np.ndarray:
    """`n` random deals (four hand cards, then the starter) as card indices:
    uniform draws of five cards, redrawn where a card repeats."""
    rng = np.random.default_rng(seed)
    out = rng.integers(0, 52, size=(n, 5), dtype=np.uint8)
    while True:
        ordered = np.sort(out, axis=1)
        again = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not again.any():
            return out
        out[again] = rng.integers(0, 52, size=(int(again.sum()), 5), dtype=np.uint8)


def hand_column(deals: np.ndarray) -> pa.Array:
    """The rows of card indices as an Arrow column of text ("5H 5D 5C JS 5S")."""
    cards = pa.array(DECK)
    columns = (cards.take(deals[:, k]) for k in range(deals.shape[1]))
    return pc.binary_join_element_wise(*columns, " ")


def sources(deals: np.ndarray) -> dict[str, Any]:
    """Every input kind holding the same deals."""
    column = hand_column(deals)
    return {
        "index": deals,
        "numpy cells": DECK[deals],
        "numpy hands": column.to_numpy(zero_copy_only=False).astype(str),
        "arrow": column,
        "polars": pl.Series("show", column),
    }


@pytest.fixture(scope="module")
def inputs() -> dict[str, Any]:
    return sources(random_deals(ROWS))


def scorer(data: Any, threads: int) -> Callable[[], np.ndarray]:
    return lambda: cf.score_hands(data, threads=threads)


@pytest.mark.benchmark(group="text to scores")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("source", ["index", "numpy cells", "numpy hands", "arrow", "polars"])
def test_text_to_scores(
    benchmark: BenchmarkFixture, inputs: dict[str, Any], source: str, threads: int
) -> None:
    scores = benchmark(scorer(inputs[source], threads))
    assert (scores == cf.score_hands(inputs["index"])).all()
