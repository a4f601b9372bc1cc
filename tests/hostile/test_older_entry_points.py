"""The older entry points, by class (docs/errors.md): JSON decoded with a
depth guard, numbers converted by one guard (never an OverflowError,
ZeroDivisionError or RecursionError), records mutated anywhere refused by
name, card text in bulk from categorical columns, and environments that
refuse use before `reset`."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import cribbage_fast as cf
from cribbage_fast import builders
from cribbage_fast.bulk.text import card_indices

GUARDED = (TypeError, ValueError)

numbers = st.one_of(
    st.integers(min_value=-(2**130), max_value=2**130),
    st.floats(),
    st.sampled_from([0, -1, 2**64, 2**64 - 1, 10**400, 1e-300, 1e-160, 0.0, -0.0]),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
)


def _in_range(*values: Any) -> bool:
    return all(type(x) is int and 0 <= x < 2**64 for x in values)


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(["precision", "pegging_sums", "needed", "keep_range_sums"]), numbers, numbers
)
def test_numbers_of_any_size_get_a_named_error(which: str, a: Any, b: Any) -> None:
    """Any number (or anything else) where a builder takes one: the value is
    used, or refused with a TypeError or ValueError; never an OverflowError
    or ZeroDivisionError."""
    if which == "pegging_sums" and _in_range(a, b) and not a <= b <= a + 1:
        return  # a long range: valid, but too long for a test
    if which == "keep_range_sums" and _in_range(a, b) and b > 4:
        return
    calls = {
        "precision": lambda: builders.deals_for_precision(a),
        "pegging_sums": lambda: builders.pegging_sums(1, a, b),
        "needed": lambda: builders.pegging_samples_needed(_sums(), a, cap=b or 0),
        "keep_range_sums": lambda: builders.keep_range_sums(1, [0] * 1820, [a] * 1820, 0, b),
    }
    with contextlib.suppress(*GUARDED):
        calls[which]()


_cache: dict[str, Any] = {}


def _sums() -> Any:
    if "sums" not in _cache:
        _cache["sums"] = builders.build_pegging_table(2, seed=1).sums
    return _cache["sums"]


def test_the_issues_examples_of_the_older_entry_points() -> None:
    with pytest.raises(ValueError, match="nests deeper"):
        cf.Game.replay("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="precision"):
        builders.deals_for_precision(1e-300)
    with pytest.raises(ValueError, match="seed"):
        builders.pegging_sums(-1, 0, 4)
    with pytest.raises(ValueError, match="target_se"):
        builders.pegging_samples_needed(_sums(), 0)
    with pytest.raises(ValueError, match="start"):
        cf._core._pegging_sums(1, -1, 4)
    with pytest.raises(ValueError, match="count"):
        cf._core.DealAnalysis().extend(-1)
    with pytest.raises(ValueError, match="moves"):
        cf._core._decision_equities(cf.Game(2, seed=1), [-1], precision=0.5, budget=1)


def _record() -> dict[str, Any]:
    game = cf.Game(2, seed=5)
    game.playout(seed=2)
    return game.to_record()


deep = st.recursive(
    st.integers() | st.text(max_size=3), lambda x: st.lists(x, max_size=2), max_leaves=40
)
hostile = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(max_size=5),
    deep,
    st.just([[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]),
)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_record_changed_anywhere_is_replayed_or_refused(data: st.DataObject) -> None:
    """Any value of a record replaced by any value: the replay accepts it, or
    refuses it with a TypeError or ValueError; never another exception."""
    record = copy.deepcopy(_record())
    node: Any = record
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
            node[key] = data.draw(hostile)
            break
        node = node[key]
    for form in (record, json.dumps(record, allow_nan=True)):
        try:
            game = cf.Game.replay(form)
        except GUARDED:
            continue
        assert game.to_record()["moves"] is not None


WORDS = [str(cf.Card.from_index(i)) for i in range(52)] + ["XX", "10X", ""]
hands = st.lists(
    st.lists(st.sampled_from(WORDS), min_size=4, max_size=6).map(" ".join),
    min_size=1,
    max_size=20,
)


@settings(max_examples=60, deadline=None)
@given(hands, st.booleans())
def test_categorical_columns_read_as_their_strings(values: list[str], with_null: bool) -> None:
    """pandas "category", polars Categorical and Enum, and Arrow dictionaries
    of any string type give what the plain strings give, faults included."""
    column = [*values, None] if with_null else values
    plain = pa.array(column, pa.string())
    categorical = {
        "pandas": pd.Series(column, dtype="category"),
        "polars": pl.Series(column, dtype=pl.Categorical),
        "arrow": plain.dictionary_encode(),
        "arrow large": pa.array(column, pa.large_string()).dictionary_encode(),
        "arrow view": pa.array(column, pa.string_view()).dictionary_encode(),
    }
    try:
        expected: Any = card_indices(plain, pad=True)
    except GUARDED as err:
        expected = type(err)
    for name, data in categorical.items():
        try:
            got: Any = card_indices(data, pad=True)
        except GUARDED as err:
            got = type(err)
        if isinstance(expected, np.ndarray):
            assert isinstance(got, np.ndarray) and np.array_equal(got, expected), name
        else:
            assert got is expected, name


def test_scoring_a_categorical_column_is_scoring_its_strings() -> None:
    hands5 = ["5H 5D 5C JS 5S", "AC 2C 3C 4C 10H"] * 50
    expected = cf.score_hands(pa.array(hands5))
    for data in (
        pd.Series(hands5, dtype="category"),
        pl.Series(hands5, dtype=pl.Categorical),
        pl.Series(hands5, dtype=pl.Enum(sorted(set(hands5)))),
        pa.array(hands5).dictionary_encode(),
    ):
        assert np.array_equal(cf.score_hands(data), expected)


def test_a_bad_first_hand_is_the_row_named() -> None:
    with pytest.raises(ValueError, match=r'row 0, column 0: "5H 5D 5C" holds 3 cards, expected 5'):
        cf.score_hands(["5H 5D 5C", "5H 5D 5C JS 5S"])


def _envs() -> dict[str, Any]:
    from cribbage_fast.envs import CribbageEnv, CribbageSelfPlayVectorEnv, CribbageVectorEnv
    from cribbage_fast.envs.aec import CribbageAECEnv
    from cribbage_fast.envs.rllib import CribbageMultiAgentEnv

    return {
        "aec step": lambda: CribbageAECEnv().step(0),
        "aec last": lambda: CribbageAECEnv().last(),
        "aec observe": lambda: CribbageAECEnv().observe("player_0"),
        "gym step": lambda: CribbageEnv().step(0),
        "vector step": lambda: CribbageVectorEnv(2).step(np.zeros(2, np.int64)),
        "self-play step": lambda: CribbageSelfPlayVectorEnv(2).step(np.zeros(2, np.int64)),
        "rllib step": lambda: CribbageMultiAgentEnv().step({"player_0": 0}),
    }


@pytest.mark.parametrize("name", list(_envs()))
def test_every_environment_refuses_use_before_reset(name: str) -> None:
    from cribbage_fast.envs._order import ResetNeeded

    with pytest.raises(ResetNeeded, match="reset"):
        _envs()[name]()


@settings(max_examples=80, deadline=None)
@given(
    hnp.arrays(
        st.sampled_from(["u1", "i8", "f4", "U3", "U20", "S5", "O", "?", "c8", "M8[s]"]),
        hnp.array_shapes(min_dims=0, max_dims=3, max_side=6),
    ),
    st.sampled_from(["card_indices", "score_hands", "score_plays", "arrow"]),
)
def test_arrays_of_any_kind_are_read_or_refused(data: np.ndarray, how: str) -> None:
    """Any NumPy array (any dtype, any shape, any content) or its Arrow
    column where card text or cards are read: a result, or a TypeError or
    ValueError; never another exception."""
    calls = {
        "card_indices": lambda: card_indices(data),
        "score_hands": lambda: cf.score_hands(data),
        "score_plays": lambda: cf.score_plays(data),
        "arrow": lambda: cf.score_hands(pa.array(data.ravel().astype(str))),
    }
    with contextlib.suppress(*GUARDED):
        calls[how]()
