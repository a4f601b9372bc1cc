"""``cribbage-fast engine``: the analysis engine on stdin and stdout, one
JSON query a line in, one JSON answer a line out (docs/engine.md).

Example::

    $ echo '{"id": "a", "record": {...}, "decisions": "current"}' | cribbage-fast engine
"""

from __future__ import annotations

import os
import sys

import click

from ..analysis.engine import serve
from .errors import interrupted


@click.command("engine")
@click.option(
    "--threads",
    type=click.IntRange(min=1, max=256),
    default=None,
    help="Queries analysed at once (default: every core). Answers do not depend on it.",
)
def engine(threads: int | None) -> None:
    """Answer analysis queries: one JSON query a line on stdin, one JSON answer
    a line on stdout, matched by id (docs/engine.md).

    A query names a game record, the decisions to analyse ("current", "game"
    or move indexes), and optionally objective, precision, budget, policy, seed
    (the analysis's settings and defaults);
    {"id": ..., "action": "terminate", "terminate_id": ...} cancels one.
    """
    try:
        # Bytes, read a line at a time: any line is answered, whatever its
        # encoding or length (docs/engine.md).
        serve(sys.stdin.buffer, sys.stdout, threads or os.cpu_count() or 1)
    except KeyboardInterrupt:
        interrupted()
