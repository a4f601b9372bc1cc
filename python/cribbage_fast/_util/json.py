"""JSON in and out, one way everywhere: text is decoded strictly (bytes as
UTF-8, errors naming where), nesting deeper than `MAX_DEPTH` is refused
instead of recursing, ``NaN``, ``Infinity`` and numbers too large for a float
are refused (they are not JSON); what the package writes never holds ``NaN``
(a number the data cannot give is ``null``).

>>> loads('{"a": [1, 2]}', "the query")
{'a': [1, 2]}
>>> loads("[" * 100 + "]" * 100, "the query")
Traceback (most recent call last):
ValueError: the query nests deeper than 32 levels
>>> dumps({"x": float("nan")})
'{"x": null}'
"""

from __future__ import annotations

import json
import math
from typing import Any

from .text import utf8

#: The deepest nesting accepted: a game record nests four levels.
MAX_DEPTH = 32

#: The most characters of a value an error message quotes.
PREVIEW = 80


def preview(value: Any, limit: int = PREVIEW) -> str:
    """`value` as JSON for a message, cut to `limit` characters (so an error
    never echoes a huge input).

    Examples
    --------
    >>> preview("x" * 1000, 10)
    '"xxxxxxxx... (1002 characters)'
    """
    try:
        text = json.dumps(value, allow_nan=True, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(type(value).__name__)
    if len(text) > limit:
        return f"{text[: limit - 1]}... ({len(text)} characters)"
    return text


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large for a float")
    return value


def depth_error(value: Any, what: str, limit: int = MAX_DEPTH) -> str | None:
    """Why `value` (decoded JSON, or the Python objects a record is made of)
    nests too deep, or None; walked without recursion.

    Examples
    --------
    >>> depth_error([[[]]], "x", 2)
    'x nests deeper than 2 levels'
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth >= limit:
                return f"{what} nests deeper than {limit} levels"
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return None


def check_depth(value: Any, what: str, limit: int = MAX_DEPTH) -> None:
    """Raises ValueError if `value` nests deeper than `limit` (`depth_error`).

    Examples
    --------
    >>> check_depth({"moves": [{}]}, "the record")
    """
    error = depth_error(value, what, limit)
    if error is not None:
        raise ValueError(error)


def loads(text: str | bytes | bytearray, what: str) -> Any:
    """Decodes JSON text (bytes as strict UTF-8) into Python values.

    Parameters
    ----------
    text : str or bytes
        The JSON text.
    what : str
        What it is, for the messages ("the query", "line 3 of games.jsonl").

    Returns
    -------
    object
        The decoded value.

    Raises
    ------
    ValueError
        Bytes that are not UTF-8, text that is not JSON, nesting deeper than
        `MAX_DEPTH`, ``NaN``/``Infinity`` or a number too large for a float:
        each naming `what` and, where it can, the position.

    Examples
    --------
    >>> loads('{"id": Infinity}', "line 1")
    Traceback (most recent call last):
    ValueError: line 1 is not JSON: Infinity is not a JSON number
    """
    if isinstance(text, bytes | bytearray):
        text = utf8(text, what)
    if not isinstance(text, str):
        raise TypeError(f"{what} must be JSON text (str or bytes), got {type(text).__name__}")
    try:
        value = json.loads(
            text.removeprefix("\ufeff"), parse_constant=_refuse_constant, parse_float=_finite
        )
    except RecursionError:
        raise ValueError(f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:
        raise ValueError(f"{what} is not JSON: {err}") from None
    check_depth(value, what)
    return value


def _no_nan(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_no_nan(v) for v in value]
    return value


def dumps(value: Any, **options: Any) -> str:
    """``json.dumps`` of `value` with every NaN or infinite float written as
    ``null`` (so the text is JSON any reader takes); `options` as for
    ``json.dumps``.

    Examples
    --------
    >>> dumps([1.5, float("inf")], separators=(",", ":"))
    '[1.5,null]'
    """
    return json.dumps(_no_nan(value), allow_nan=False, **options)
