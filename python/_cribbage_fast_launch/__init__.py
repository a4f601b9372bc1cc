"""The ``cribbage-fast`` command's first code, outside the package so that it
runs before the package's imports (the engine, NumPy, the tables: a few
tenths of a second): Ctrl-C while they load exits at once, quietly, with
status 130, as Ctrl-C does once the command runs."""

from __future__ import annotations

import os
import signal
import sys
from typing import Any


def _early_interrupt(signum: int, frame: Any) -> None:
    os.write(2, b"\ninterrupted\n")
    os._exit(130)


def main() -> Any:
    """Installs the early Ctrl-C handler, loads the command line, puts
    Python's own handler back and runs the command."""
    previous = signal.signal(signal.SIGINT, _early_interrupt)
    from cribbage_fast.cli import main as cli

    signal.signal(signal.SIGINT, previous)
    return cli()


if __name__ == "__main__":
    sys.exit(main())
