"""Python arguments checked one way everywhere (the twin of the engine's
``src/py/convert.rs``): a yes/no, an integer in a range, a finite number in a
range. The wrong type is a TypeError, the wrong value a ValueError, each
naming the parameter.

>>> flag(True, "dealer"), integer(3, "seat", 0, 3), real(0.5, "gamma", 0.0, 1.0)
(True, 3, 0.5)
>>> positive(2, "precision")
2.0
>>> flag("no", "own")
Traceback (most recent call last):
TypeError: own must be True or False, got str 'no'
"""

from __future__ import annotations

import math

import numpy as np


def _describe(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:60] + "..."
    return f"{type(value).__name__} {text}"


def int_text(number: int) -> str:
    """An integer for a message: in full up to 30 digits, else its size (a
    huge value is never echoed whole, and never hits Python's digit limit).

    Examples
    --------
    >>> int_text(-12), int_text(10**400)
    ('-12', 'an integer of 401 digits')
    """
    if -(10**30) < number < 10**30:
        return str(number)
    if number.bit_length() < 10_000:  # below Python's limit on str() of an int
        digits = len(str(abs(number)))
    else:
        digits = int(math.log10(abs(number))) + 1
    return f"an integer of {digits} digits"


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"at least {low} and at most {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _float(value: object, name: str) -> float:
    """A number as a float; an integer too large for one is out of range."""
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:
        raise ValueError(
            f"{name} must be a finite number, got an integer too large for one ({_describe(value)})"
        ) from None


def flag(value: object, name: str) -> bool:
    """`value` as a bool: only True or False (or a NumPy bool), never by
    truthiness (``"no"`` is not False).

    Raises
    ------
    TypeError
        Anything but a bool, naming `name`.

    Examples
    --------
    >>> import numpy as np
    >>> flag(np.bool_(False), "own")
    False
    """
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {_describe(value)}")


def integer(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int in ``low..high`` (inclusive; None: no bound): a
    Python or NumPy integer, never a bool, float or string.

    Raises
    ------
    TypeError
        Not an integer, naming `name`.
    ValueError
        Out of range, naming `name` and the range.

    Examples
    --------
    >>> import numpy as np
    >>> integer(np.int64(7), "games", 1)
    7
    >>> integer(1.9, "rank", 1, 13)
    Traceback (most recent call last):
    TypeError: rank must be an integer, got float 1.9
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, got {_describe(value)}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be {_range_text(low, high)}, got {int_text(number)}")
    return number


def real(value: object, name: str, low: float | None = None, high: float | None = None) -> float:
    """`value` as a finite float in ``low..high`` (inclusive; None: no
    bound): a Python or NumPy integer or float, never a bool or string.

    Raises
    ------
    TypeError
        Not a number, naming `name`.
    ValueError
        NaN, infinite or out of range, naming `name`.

    Examples
    --------
    >>> real(-1, "illegal_reward")
    -1.0
    >>> real(float("nan"), "illegal_reward")
    Traceback (most recent call last):
    ValueError: illegal_reward must be a finite number, got nan
    """
    numbers = int | float | np.integer | np.floating
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers):
        raise TypeError(f"{name} must be a number, got {_describe(value)}")
    number = _float(value, name)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, got {number}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{name} must be {_range_text(low, high)}, got {number}")
    return number


def positive(value: object, name: str, what: str = "number") -> float:
    """`value` as a finite float above 0 (as `real` takes it).

    Raises
    ------
    TypeError
        Not a number, naming `name`.
    ValueError
        NaN, infinite, zero or negative, naming `name`.

    Examples
    --------
    >>> positive(0.5, "precision")
    0.5
    >>> positive(float("nan"), "target_se", "number of points")
    Traceback (most recent call last):
    ValueError: target_se must be a positive number of points, got nan
    """
    numbers = int | float | np.integer | np.floating
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers):
        raise TypeError(f"{name} must be a number, got {_describe(value)}")
    number = _float(value, name)
    if not (math.isfinite(number) and number > 0):
        raise ValueError(f"{name} must be a positive {what}, got {number}")
    return number
