"""The analysis settings under generated hostile values (docs/errors.md,
"Arguments"): `Settings` takes a value of the documented kind or refuses it
naming the setting, and every front end (analysis, batch, hint, engine)
refuses it with the same words, before any sampling."""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast.analysis import (
    MAX_BUDGET,
    UNSET,
    Objective,
    Policy,
    Settings,
    action_name,
    analyze_game,
    analyze_games,
    answer,
    hint,
    mark_of,
)

NAMES = ("objective", "precision", "budget", "policy", "seed")

hostile = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.integers(-2, 3), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(
        [
            0,
            -1,
            MAX_BUDGET,
            MAX_BUDGET + 1,
            2**64,
            2**64 - 1,
            10**400,
            float("nan"),
            float("inf"),
            -0.0,
            1e-300,
            "win",
            "points",
            "WIN",
            " win",
            "expert",
            "master",
            "random",
            "x" * 500,
            Objective.POINTS,
            Policy.MASTER,
        ]
    ),
)


@cache
def live() -> cf.Game:
    return cf.Game(2, seed=7)


@cache
def finished() -> cf.Game:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return game


def _accepted(name: str, value: object, got: Settings) -> None:
    """A value Settings took is of the documented kind, stored checked."""
    stored = getattr(got, name)
    if name in ("objective", "policy"):
        assert isinstance(value, str) and stored == value
        assert type(stored) is (Objective if name == "objective" else Policy)
    elif name == "precision":
        assert type(value) in (int, float) and math.isfinite(stored) and stored > 0
        assert type(stored) is float
    else:
        assert type(value) is int and type(stored) is int
        low, high = (1, MAX_BUDGET) if name == "budget" else (0, 2**64 - 1)
        assert low <= stored <= high


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(NAMES), hostile)
def test_a_setting_of_any_value_is_taken_or_refused_naming_it(name: str, value: object) -> None:
    try:
        got = Settings(**{name: value})
    except (TypeError, ValueError) as err:
        assert str(err).startswith(f"{name} must be "), err
        assert len(str(err)) < 300  # a huge value is never echoed whole
        return
    _accepted(name, value, got)
    assert Settings.of(got) is got and Settings(**got.to_dict()) == got


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(NAMES), hostile)
def test_every_front_end_refuses_a_bad_setting_in_the_same_words(name: str, value: object) -> None:
    try:
        Settings(**{name: value})
    except (TypeError, ValueError) as err:
        expected: BaseException = err
    else:
        return  # a good value: the front ends would sample (tested elsewhere)
    kind, words = type(expected), str(expected)
    for call in (
        lambda: analyze_game(finished(), **{name: value}),
        lambda: analyze_games([finished()], progress=False, **{name: value}),
        lambda: hint(live(), **{name: value}),
        lambda: Settings.of(Settings(budget=46), **{name: value}),
    ):
        with pytest.raises(kind) as caught:
            call()
        assert str(caught.value) == words
    if value is None or isinstance(value, bool | int | float | str | list | dict):
        if isinstance(value, float) and not math.isfinite(value):
            return  # not JSON: the engine never reads it
        query = {"id": 1, "record": live().to_record(), name: value}
        reply = json.loads(answer(query))
        assert reply["status"] == "error" and reply["error"] == " ".join(words.split())


@settings(max_examples=150, deadline=None)
@given(hostile)
def test_an_objective_that_is_not_one_is_refused_by_the_marks_too(value: object) -> None:
    try:
        objective = Objective.parse(value)
    except (TypeError, ValueError) as err:
        assert str(err).startswith("objective must be "), err
        with pytest.raises(type(err)):
            mark_of(0.5, value)  # type: ignore[arg-type]
        return
    assert mark_of(0.1, objective) == ("blunder" if objective is Objective.WIN else "mistake")


def test_unset_keeps_the_setting_and_none_is_refused() -> None:
    base = Settings(budget=46)
    assert Settings.of(base, budget=UNSET, seed=UNSET) is base
    with pytest.raises(TypeError, match="budget must be an integer, got NoneType None"):
        hint(live(), budget=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'depth' is not a setting"):
        Settings.of(depth=3)


moves = st.one_of(
    st.dictionaries(
        st.sampled_from(["move", "seat", "card", "cards", "points", "x"]),
        st.one_of(
            st.sampled_from(["discard", "lay", "go", "count", "claim", "deal", "5H", "QC 9S"]),
            st.integers(-3, 200),
            st.text(max_size=8),
            st.none(),
        ),
        max_size=4,
    ),
    st.integers(),
    st.text(max_size=8),
    st.none(),
)


@settings(max_examples=300, deadline=None)
@given(moves)
def test_an_action_name_of_any_value_is_a_name_or_a_clear_error(move: Any) -> None:
    try:
        name = action_name(move)
    except (TypeError, ValueError) as err:
        assert str(err)
        return
    kind = cf.Move.from_dict(move).to_dict()["move"]
    assert name.split()[0] == kind and name == action_name(cf.Move.from_dict(move))
