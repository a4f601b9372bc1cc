"""Command-line access to the board-position table.

Example::

    $ cribbage-fast position 95 110 --dealer
    $ cribbage-fast tables positions --out positions.npz --precision 0.45
    $ cribbage-fast tables positions --plot positions.png
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .. import builders
from ..tables import positions
from ..tables.positions import PositionTable
from .errors import wrote
from .params import F, FiniteFloat, OutPath, stacked
from .tables import ray_address_of, ray_option, tables


def positions_options(f: F) -> F:
    """The options of a position-table build (``--precision``, ``--deals``,
    ``--seed``, ``--ray``), passed on to `build_positions`."""
    return stacked(
        click.option(
            "--precision",
            type=FiniteFloat(min=0.01, max=50.0),
            default=builders.DEFAULT_PRECISION,
            show_default=True,
            help="Goal for the worst cell's 95% half-width, in percentage points.",
        ),
        click.option(
            "--deals",
            type=click.IntRange(min=builders.BATCHES, max=2**40),
            default=None,
            help="Deals to sample (overrides --precision).",
        ),
        click.option(
            "--seed",
            type=click.IntRange(min=0, max=2**64 - 1),
            default=builders.DEFAULT_SEED,
            show_default=True,
        ),
        ray_option("Sample"),
    )(f)


def build_positions(
    precision: float, deals: int | None, seed: int, ray_address: str | None
) -> PositionTable:
    """The position table the `positions_options` ask for, with progress;
    Ctrl-C exits with status 130 and writes nothing."""
    n = deals if deals is not None else builders.deals_for_precision(precision)
    click.echo(f"Sampling {n:,} Expert-vs-Expert deals (seed {seed})...", err=True)
    try:
        return builders.build_table(
            n,
            seed,
            progress=True,
            ray=ray_address is not None,
            ray_address=ray_address_of(ray_address),
        )
    except KeyboardInterrupt:
        click.echo("\ninterrupted: no table written", err=True)
        sys.exit(130)


def echo_positions(table: PositionTable) -> None:
    """One line on a built position table."""
    meta = table.metadata
    click.echo(
        f"{meta['deals']:,} deals in {meta['build_seconds']:.0f} s; "
        f"worst 95% half-width {table.half_width():.2f} points; "
        f"first dealer wins {100 * table.win[0, 0, 0]:.2f}%"
    )


@tables.command("positions")
@click.option(
    "--out",
    type=OutPath(".npz"),
    default=None,
    help="Rebuild the table and write it here (.npz, read by PositionTable.load).",
)
@click.option(
    "--plot",
    type=OutPath(".png"),
    default=None,
    help="Draw the table (the rebuilt one, else the shipped one) as a heat map (.png).",
)
@positions_options
def positions_command(out: Path | None, plot: Path | None, **options: Any) -> None:
    """Rebuild the win-probability table of board positions, or draw it."""
    if out is None and plot is None:
        raise click.UsageError("give --out FILE to rebuild the table, or --plot FILE.png")
    if out is None:
        table = positions.position_table()
    else:
        table = build_positions(**options)
        table.save(out)
        echo_positions(table)
        wrote(out, "the position table")
    if plot is not None:
        positions.plot_table(table, plot)
        wrote(plot, "the heat map")


@click.command()
@click.argument("my_score", type=int)
@click.argument("their_score", type=int)
@click.option(
    "--dealer/--pone",
    default=True,
    show_default=True,
    help="--dealer when you deal next, --pone when your opponent does.",
)
def position(my_score: int, their_score: int, dealer: bool) -> None:
    """Your chance to win from a board position (Expert vs Expert), e.g. 95 110 --dealer."""
    try:
        win = positions.win_probability(my_score, their_score, dealer)
        points = positions.expected_game_points(my_score, their_score, dealer)
    except ValueError as err:
        raise click.BadParameter(str(err)) from err
    if max(my_score, their_score) >= positions.TARGET:
        won = "you have won" if my_score > their_score else "your opponent has won"
        click.echo(f"At {my_score} to {their_score} the game is over: {won}.")
        click.echo(f"  chance to win         {100 * win:6.2f}%")
        click.echo(f"  game points           {points:+6.0f}")
        return
    table = positions.position_table()
    k = 0 if dealer else 1
    half = 1.96 * 100 * table.stderr[my_score, their_score, k]
    who = "you deal next" if dealer else "your opponent deals next"
    click.echo(f"At {my_score} to {their_score}, {who}:")
    click.echo(f"  chance to win         {100 * win:6.2f}% (± {half:.2f})")
    click.echo(f"  expected game points  {points:+6.3f}")
