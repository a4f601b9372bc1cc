"""Every error the package raises on purpose, in one module.

The engine's errors come from the core: `CribbageError` (a ValueError: a
move or input the rules refuse) with `IllegalMove` and `Misdeal` under it,
and `Cancelled` (a cancelled analysis). The Python layers add
`NotationError` (text that is not a game record), `ResetNeeded` (an
environment used before ``reset``), `FileError` (a file the command line
cannot score) and `PuzzleFileError` (a puzzle file that cannot be read).

Examples
--------
>>> from cribbage_fast import Game
>>> from cribbage_fast.exceptions import CribbageError, IllegalMove
>>> try:
...     Game(2, seed=1).discard(["AS", "2S"])
... except IllegalMove as err:
...     isinstance(err, CribbageError)
True
"""

from __future__ import annotations

from typing import Any

from ._core import Cancelled, CribbageError, IllegalMove, Misdeal

__all__ = [
    "Cancelled",
    "CribbageError",
    "FileError",
    "IllegalMove",
    "Misdeal",
    "NotationError",
    "PositionError",
    "PuzzleFileError",
    "ResetNeeded",
]


class NotationError(CribbageError):
    """Text that is not a game record: where (`line`, `column`, both from 1)
    and what was expected.

    Examples
    --------
    >>> from cribbage_fast.records import read
    >>> try:
    ...     read('[NumPlayers "two"]')
    ... except NotationError as err:
    ...     print(err.line, err.column)
    1 1
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        where = "" if line is None else f"line {line}, column {column}: "
        super().__init__(f"{where}{message}")
        self.line = line
        self.column = column
        self.reason = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.line, self.column))


class PositionError(NotationError):
    """A position's text that cannot be read, or a position the rules refuse:
    the `field` (a name of `records.position.FIELDS`, or ``"text"``) and its
    `column` (from 1). A `NotationError` on line 1.

    Examples
    --------
    >>> from cribbage_fast.records import parse_position
    >>> try:
    ...     parse_position("0-0/121 d0 v1 m1 discard 5H,5C,6D,JS,QH,XX - - - 0")
    ... except PositionError as err:
    ...     print(err.field, err.column)
    hand 41
    """

    def __init__(self, message: str, field: str = "text", column: int = 1) -> None:
        CribbageError.__init__(self, f"{field} (column {column}): {message}")
        self.line = 1
        self.column = column
        self.field = field
        self.reason = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.field, self.column))


class ResetNeeded(RuntimeError):
    """An environment used before its first `reset` (a RuntimeError).

    Examples
    --------
    >>> issubclass(ResetNeeded, RuntimeError)
    True
    """


class FileError(ValueError):
    """Input the command line cannot score: a message for the user.

    Examples
    --------
    >>> str(FileError("row 3: no such card"))
    'row 3: no such card'
    """


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be read: the `path`, the `line` (from 1; the
    header is line 1) and what is wrong with it.

    Examples
    --------
    >>> err = PuzzleFileError("no answer", "p.jsonl.gz", 3)
    >>> str(err), err.line
    ('p.jsonl.gz, line 3: no answer', 3)
    """

    def __init__(self, message: str, path: str, line: int) -> None:
        super().__init__(f"{path}, line {line}: {message}")
        self.path = path
        self.line = line
        self.reason = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.reason, self.path, self.line))
