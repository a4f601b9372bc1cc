"""The ``cribbage-fast`` command line.

Bad input exits with status 2 and a one-line error on stderr.

Example::

    $ cribbage-fast score 5H 5D 5C JS 5S
    29: fifteen two, fifteen four, ... and one for his nob is twenty-nine
"""

from __future__ import annotations

import json
import sys
from typing import NoReturn

import click

from . import _core


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2 (bad input)."""
    click.echo(f"cribbage-fast: error: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_core.__version__, prog_name="cribbage-fast")
def main() -> None:
    """cribbage_fast: an exact, fast cribbage engine."""


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--crib", is_flag=True, help="Score as a crib (only a 5-card flush counts).")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def score(cards: tuple[str, ...], crib: bool, as_json: bool) -> None:
    """Score a show: four hand cards then the starter, e.g. 5H 5D 5C JS 5S."""
    try:
        parsed = _core.cards(" ".join(cards))
        if len(parsed) != 5:
            fail(f"expected 5 cards (4 in hand, then the starter), got {len(parsed)}")
        breakdown = _core.explain_hand(parsed[:4], parsed[4], crib=crib)
    except (ValueError, TypeError) as err:
        fail(str(err))
    if as_json:
        click.echo(json.dumps(breakdown.to_dict()))
        return
    click.echo(f"{breakdown.total}: {breakdown}")
    for item in breakdown.items:
        click.echo(f"  {item}")


if __name__ == "__main__":
    main()
