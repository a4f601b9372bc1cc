"""``cribbage-fast score``: the show of hands given as arguments or read from
standard input (one hand a line), or of every row of a file (``--file``,
`cli.score_file`).

Example::

    $ cribbage-fast score 5H 5D 5C JS 5S
    $ cribbage-fast score "5H 5D 5C JS 5S" "4S 5H 5D 6C KS" --json
    $ printf '5H 5D 5C JS 5S\\n4S 5H 5D 6C KS\\n' | cribbage-fast score
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import click

from .. import _core
from .._util import json as _json
from .._util.text import utf8
from .errors import fail
from .score_file import file_options, run_score_file

#: Cards of a show: four in hand, then the starter.
SHOW = 5


def hands_of_arguments(arguments: tuple[str, ...]) -> list[list[_core.Card]]:
    """The shows named by the arguments: each argument one hand of five cards
    ("5H 5D 5C JS 5S"), or every argument one card, read five at a time.

    Raises
    ------
    ValueError
        unknown card text, or cards that do not make whole shows (the
        argument or the count named).
    """
    parsed = [_core.cards(argument) for argument in arguments]
    if all(len(cards) == 1 for cards in parsed):
        flat = [cards[0] for cards in parsed]
        if len(flat) % SHOW:
            raise ValueError(
                f"expected 5 cards a hand (4 in hand, then the starter), got {len(flat)} cards"
            )
        return [flat[i : i + SHOW] for i in range(0, len(flat), SHOW)]
    for argument, cards in zip(arguments, parsed, strict=True):
        if len(cards) != SHOW:
            raise ValueError(
                f"hand {argument!r} holds {len(cards)} cards, expected 5 "
                "(4 in hand, then the starter; one hand an argument)"
            )
    return parsed


def hands_of_lines(stream: IO[bytes]) -> Iterator[tuple[int, list[_core.Card]]]:
    """(line number, show) for every line of `stream` that is not blank:
    five cards a line.

    Raises
    ------
    ValueError
        a line that is not UTF-8 or not five cards, named by its number.
    """
    for number, raw in enumerate(stream, start=1):
        text = utf8(raw, f"line {number}", bom=number == 1)
        if not text.strip():
            continue
        try:
            cards = _core.cards(text)
        except ValueError as err:
            raise ValueError(f"line {number}: {err}") from None
        if len(cards) != SHOW:
            raise ValueError(
                f"line {number}: {text.strip()[:60]!r} holds {len(cards)} cards, expected 5 "
                "(4 in hand, then the starter)"
            )
        yield number, cards


def breakdowns_of_lines(stream: IO[bytes], crib: bool) -> Iterator[_core.HandBreakdown]:
    """The show of every hand of `stream` (`hands_of_lines`), as it is read.

    Raises
    ------
    ValueError
        as `hands_of_lines`, and a card twice in a line, named by its number.
    """
    for number, cards in hands_of_lines(stream):
        yield _breakdown(cards, crib, f"line {number}: ")


def _breakdown(cards: list[_core.Card], crib: bool, where: str = "") -> _core.HandBreakdown:
    try:
        return _core.explain_hand(cards, crib=crib)  # five cards: the starter last
    except ValueError as err:
        raise ValueError(f"{where}{err}") from None


def echo_shows(breakdowns: Iterable[_core.HandBreakdown], as_json: bool) -> None:
    """Prints each show as it comes: one JSON object a line with `as_json`;
    else the total and spoken count, with every combination when there is
    one hand, and one line a hand (its cards first) when there are several."""
    first: _core.HandBreakdown | None = None
    for count, breakdown in enumerate(breakdowns):
        if as_json:
            click.echo(_json.dumps(breakdown.to_dict()))
        elif count == 0:
            first = breakdown  # printed in full if it stays the only one
        else:
            if first is not None:
                _echo_line(first)
                first = None
            _echo_line(breakdown)
    if first is not None:
        click.echo(f"{first.total}: {first}")
        for item in first.items:
            click.echo(f"  {item}")


def _echo_line(breakdown: _core.HandBreakdown) -> None:
    hand = " ".join(str(c) for c in breakdown.hand)
    click.echo(f"{hand} {breakdown.starter}  {breakdown.total}: {breakdown}")


@click.command()
@click.argument("cards", nargs=-1)
@click.option("--crib", is_flag=True, help="Score as a crib (only a 5-card flush counts).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print machine-readable JSON: one object a line, one line a hand.",
)
@file_options
def score(cards: tuple[str, ...], crib: bool, as_json: bool, **file_args: Any) -> None:
    """Score shows: four hand cards, then the starter.

    E.g. 5H 5D 5C JS 5S, or "5H 5D 5C JS 5S" as one argument; several hands
    as one argument each (or single cards, five at a time); without
    arguments, one hand a line of standard input. Or every row of a file:
    --file HANDS.csv --hand COLUMN [--starter COLUMN] --out OUT.csv
    (.parquet too; docs/bulk_text.md).
    """
    if file_args["file"] is not None:
        if as_json:
            fail("--json goes with hands, not --file (the scores go to --out)")
        run_score_file(cards, crib, **file_args)
        return
    used = [name for name, value in file_args.items() if value]
    if used:
        option = "--" + used[0].removesuffix("_column").replace("_", "-")
        fail(f"{option} goes with --file HANDS.csv")
    try:
        if cards:
            hands = hands_of_arguments(cards)
            where = (f"hand {i + 1}: " if len(hands) > 1 else "" for i in range(len(hands)))
            # Every argument is checked before the first line is printed.
            echo_shows([_breakdown(h, crib, w) for h, w in zip(hands, where, strict=True)], as_json)
        elif sys.stdin.isatty():
            fail(
                "expected a hand of 5 cards (4 in hand, then the starter), hands on "
                "standard input (one a line), or --file HANDS.csv"
            )
        else:
            echo_shows(breakdowns_of_lines(sys.stdin.buffer, crib), as_json)
    except ValueError as err:
        fail(" ".join(str(err).split()))
