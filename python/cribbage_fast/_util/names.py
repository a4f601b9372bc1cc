"""Player names, the one check every way in shares (`Game`, records, the
notation's ``Player`` tags, the engine): names are untrusted text that lands
in tag lines, reports, plots and JSON answers.

>>> check_names(["Ann", None], 2)
('Ann', None)
>>> label(("Ann", None), 1)
'seat 1'
>>> check_name("Ann\\x07", "Player0")  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: Player0 must be printable text (no control, ... characters), got 'Ann\\x07'
"""

from __future__ import annotations

from collections.abc import Sequence

#: The longest name (characters).
NAME_MAX = 40

#: Characters a name may not hold: they would end a tag line's value.
_TAG_BREAKING = '"\\'


def check_name(value: object, what: str) -> str:
    """`value` as a player's name, else an error naming `what`.

    A name is text of 1 to `NAME_MAX` printable characters (no control,
    format or line-break characters: ``str.isprintable``), without a quote or
    a backslash, and without space at either end.

    Raises
    ------
    TypeError
        Not a string.
    ValueError
        Empty, too long, or holding a character a name may not hold.

    Examples
    --------
    >>> check_name("Jo Smith", "names[0]")
    'Jo Smith'
    """
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a string (a player's name), got {type(value).__name__}")
    shown = repr(value[:NAME_MAX]) + ("..." if len(value) > NAME_MAX else "")
    if not value or len(value) > NAME_MAX:
        raise ValueError(f"{what} must be 1 to {NAME_MAX} characters, got {len(value)}: {shown}")
    if not value.isprintable():
        raise ValueError(
            f"{what} must be printable text (no control, format or line-break characters), "
            f"got {shown}"
        )
    if any(c in _TAG_BREAKING for c in value):
        raise ValueError(f"{what} may not hold a quote or a backslash, got {shown}")
    if value != value.strip():
        raise ValueError(f"{what} may not start or end with space, got {shown}")
    return value


def check_names(names: object, num_players: int) -> tuple[str | None, ...]:
    """One name or None per seat (None: every seat unnamed).

    Raises
    ------
    TypeError
        Not a list of strings and Nones.
    ValueError
        Not one entry per seat, or a bad name (`check_name`).

    Examples
    --------
    >>> check_names(None, 3)
    (None, None, None)
    """
    if names is None:
        return (None,) * num_players
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise TypeError(
            f"names must be a list of one name (or None) per seat, got {type(names).__name__}"
        )
    if len(names) != num_players:
        raise ValueError(
            f"names must hold one name (or None) per seat: {num_players}, got {len(names)}"
        )
    return tuple(None if n is None else check_name(n, f"names[{i}]") for i, n in enumerate(names))


def label(names: Sequence[str | None], seat: int) -> str:
    """How a report calls a seat: its name, else ``seat N``.

    Examples
    --------
    >>> label(("Ann", "Bob"), 0)
    'Ann'
    """
    name = names[seat] if seat < len(names) else None
    return f"seat {seat}" if name is None else name
