"""What every command says on stderr: an expected error in one line, status 2
(Ctrl-C: one line, status 130), and one line for each file it wrote
(`wrote`), so standard output holds only the command's answer.
`cli._Group.main` sends every error below here, so no command prints a
traceback for bad input, a missing extra, a file it cannot write or a
cluster that does not answer."""

from __future__ import annotations

import sys
from os import PathLike
from typing import NoReturn

import click

#: What a command may fail with for reasons of its input or its machine:
#: bad values (ValueError, TypeError, which include CribbageError), files and
#: disks and networks (OSError, which includes ConnectionError), a missing
#: extra (ImportError) and too little memory.
EXPECTED: tuple[type[BaseException], ...] = (
    ValueError,
    TypeError,
    OSError,
    ImportError,
    MemoryError,
)


def describe(err: BaseException) -> str:
    """One line for `err`: an OSError as its file and reason, else its message."""
    if isinstance(err, OSError) and err.strerror:
        where = f"{err.filename}: " if err.filename else ""
        return f"{where}{err.strerror}"
    if isinstance(err, MemoryError):
        return "not enough memory"
    return " ".join(str(err).split()) or type(err).__name__


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2 (bad input)."""
    click.echo(f"cribbage-fast: error: {message}", err=True)
    sys.exit(2)


def interrupted(what: str = "") -> NoReturn:
    """Ctrl-C: one line on stderr, status 130 (what shells report for it)."""
    click.echo(f"\ninterrupted{': ' + what if what else ''}", err=True)
    sys.exit(130)


def wrote(path: str | PathLike[str], what: str) -> None:
    """The one line that says a command wrote `what` to `path` (on stderr)."""
    click.echo(f"wrote {what} to {path}", err=True)
