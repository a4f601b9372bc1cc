"""The strict converters of the Python layer (`cribbage_fast._util.args`): one
kind of argument, one check, the same exceptions everywhere."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cribbage_fast._util.args import flag, integer, real


@pytest.mark.parametrize("value", [True, False, np.bool_(True), np.bool_(False)])
def test_flag_takes_only_bools(value: object) -> None:
    assert flag(value, "own") is bool(value)


@pytest.mark.parametrize("value", ["no", "", 0, 1, 0.0, None, [], np.int64(1), b"yes"])
def test_flag_refuses_everything_else_naming_the_parameter(value: object) -> None:
    with pytest.raises(TypeError, match=r"^own must be True or False"):
        flag(value, "own")


@pytest.mark.parametrize("value", [0, 5, np.int8(5), np.uint64(5), np.int64(-0)])
def test_integer_takes_python_and_numpy_integers(value: object) -> None:
    number = integer(value, "games", 0, 5)
    assert type(number) is int and number == int(value)  # type: ignore[call-overload]


@pytest.mark.parametrize("value", [1.9, 2.0, True, np.bool_(False), "3", None, np.float64(2)])
def test_integer_refuses_other_types(value: object) -> None:
    with pytest.raises(TypeError, match=r"^rank must be an integer"):
        integer(value, "rank", 1, 13)


@pytest.mark.parametrize("value", [0, 14, -(2**70), 10**30, np.uint64(2**64 - 1)])
def test_integer_out_of_range_is_a_value_error_naming_the_range(value: object) -> None:
    with pytest.raises(ValueError, match=r"^rank must be at least 1 and at most 13"):
        integer(value, "rank", 1, 13)


def test_integer_one_sided_ranges() -> None:
    assert integer(10**30, "games", 1) == 10**30
    with pytest.raises(ValueError, match="games must be at least 1, got 0"):
        integer(0, "games", 1)
    with pytest.raises(ValueError, match="x must be at most 3, got 4"):
        integer(4, "x", high=3)


@pytest.mark.parametrize("value", [0, -1, 2.5, np.float32(0.5), np.int16(3)])
def test_real_takes_finite_numbers(value: object) -> None:
    assert real(value, "reward") == float(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, np.float64("nan")])
def test_real_refuses_nan_and_infinity(value: object) -> None:
    with pytest.raises(ValueError, match=r"^illegal_reward must be a finite number"):
        real(value, "illegal_reward")


@pytest.mark.parametrize("value", [True, np.bool_(True), "1", None, 1j, [1.0]])
def test_real_refuses_other_types(value: object) -> None:
    with pytest.raises(TypeError, match=r"^c must be a number"):
        real(value, "c")


def test_real_range() -> None:
    with pytest.raises(ValueError, match=r"c must be at least 0\.0, got -0\.5"):
        real(-0.5, "c", 0.0)
