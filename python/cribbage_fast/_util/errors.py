"""An error's message given its place (a game of a batch, a record of a file)."""

from __future__ import annotations

__all__ = ["in_context"]


def in_context(err: TypeError | ValueError, where: str) -> TypeError | ValueError:
    """`err` with `where` before its message, of its own type (any subclass
    of CribbageError included) or, for a type that cannot be built from a
    message alone, of its nearest base that can.

    Examples
    --------
    >>> in_context(ValueError("bad move"), "game 3")
    ValueError('game 3: bad move')
    """
    message = f"{where}: {err}"
    for kind in type(err).__mro__:
        if issubclass(kind, TypeError | ValueError):
            try:
                return kind(message)
            except TypeError:
                continue
    return ValueError(message)
