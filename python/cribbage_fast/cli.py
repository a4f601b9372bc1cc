"""The ``cribbage-fast`` command line.

Bad input exits with status 2 and a one-line error on stderr.

Example::

    $ cribbage-fast score 5H 5D 5C JS 5S
    29: fifteen two, fifteen four, ... and one for his nob is twenty-nine
    $ cribbage-fast discard 5H 5D JC 4S 6H KD --dealer --top 1
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


def _format_discards(options: list[_core.DiscardOption], dealer: bool) -> list[str]:
    """The ranked discards as an aligned table."""
    header = ("#", "discard", "keep", "hand EV", "crib EV", "net")
    rows = [
        (
            str(rank),
            " ".join(str(c) for c in option.discard),
            " ".join(str(c) for c in option.keep),
            f"{option.hand_ev:.3f}",
            f"{option.crib_ev:.3f}",
            f"{option.net:.3f}",
        )
        for rank, option in enumerate(options, start=1)
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    # Text columns left-aligned, numbers right-aligned.
    left = {1, 2}

    def line(row: tuple[str, ...]) -> str:
        cells = [
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    net = "hand + crib (dealer)" if dealer else "hand - crib (pone)"
    return [f"net = {net}", line(header), *(line(row) for row in rows)]


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--dealer/--pone",
    default=False,
    help="Whose crib it is: --dealer adds the crib, --pone (default) subtracts it.",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Show only the N best discards.",
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def discard(cards: tuple[str, ...], dealer: bool, top: int | None, as_json: bool) -> None:
    """Rank every discard of a 6-card (2-player) or 5-card (3/4-player) hand.

    Expected hand and crib points are exact over every unseen starter and every
    completion of the crib from the unseen cards, e.g. 5H 5D JC 4S 6H KD --dealer.
    """
    try:
        options = _core.analyze_discards(" ".join(cards), dealer)
    except (ValueError, TypeError) as err:
        fail(str(err))
    shown = options if top is None else options[:top]
    if as_json:
        hand = " ".join(cards)
        payload = {
            "hand": " ".join(str(c) for c in _core.cards(hand)),
            "dealer": dealer,
            "options": [option.to_dict() for option in shown],
        }
        click.echo(json.dumps(payload))
        return
    for text in _format_discards(shown, dealer):
        click.echo(text)


if __name__ == "__main__":
    main()
