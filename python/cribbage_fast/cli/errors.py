"""How every command answers an expected error: one line on stderr, status 2."""

from __future__ import annotations

import sys
from typing import NoReturn

import click


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2 (bad input)."""
    click.echo(f"cribbage-fast: error: {message}", err=True)
    sys.exit(2)
