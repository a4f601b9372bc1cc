"""Builds the tables compiled into the engine and writes them into ``src/data``.

A repository script, not part of the installed package (whose ``cribbage-fast
tables`` commands write only where ``--out`` says). Rebuild the engine
afterwards (``.venv/bin/maturin develop --release``) to ship what it wrote.

Example::

    $ .venv/bin/python scripts/ship_tables.py pegging --target-se 0.01 --seed 2026
    $ .venv/bin/python scripts/ship_tables.py positions --precision 0.45 --seed 2026
    $ .venv/bin/python scripts/ship_tables.py expert-ties
    $ .venv/bin/python scripts/ship_tables.py five-card --seed 2026
    $ .venv/bin/python scripts/ship_tables.py partnership --deals 200000 --seed 2026
    $ .venv/bin/python scripts/ship_tables.py three-hand --deals 20000 --seed 2026
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import click
import numpy as np

from cribbage_fast import _core, builders
from cribbage_fast.builders._shipped import write_shipped
from cribbage_fast.builders.five_card import (
    DEFAULT_SEED,
    FiveCardSettings,
    build_five_card_tables,
    ship_five_card_tables,
)
from cribbage_fast.cli.errors import wrote
from cribbage_fast.cli.params import stacked
from cribbage_fast.cli.positions import build_positions, echo_positions, positions_options
from cribbage_fast.cli.tables import (
    build_pegging,
    echo_pegging,
    pegging_options,
    ray_address_of,
    ray_option,
)
from cribbage_fast.tables.boards import FILES as BOARD_FILES

#: The repository's ``src/data``, whatever the working directory.
DATA_DIR = Path(__file__).resolve().parent.parent / "src" / "data"

data_dir_option = click.option(
    "--data-dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=DATA_DIR,
    show_default=True,
    help="Where the engine's built-in tables live.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Write the engine's built-in tables (then rebuild the engine)."""


@main.command()
@data_dir_option
@pegging_options
def pegging(data_dir: Path, **options: Any) -> None:
    """The pegging table: pegging_sums.bin and pegging_meta.json."""
    table = build_pegging(**options)
    builders.ship_pegging_table(table, data_dir)
    echo_pegging(table)


@main.command()
@data_dir_option
@positions_options
def positions(data_dir: Path, **options: Any) -> None:
    """The board-position table: positions.bin and positions_meta.json."""
    table = build_positions(**options)
    builders.ship_position_table(table, data_dir)
    echo_positions(table)
    wrote(data_dir / "positions.bin", "the position table")


def board_options(default_deals: int) -> Any:
    """The options of a board table: ``--deals``, ``--seed``, ``--ray``."""
    return stacked(
        click.option(
            "--deals",
            type=click.IntRange(min=builders.BATCHES, max=2**40),
            default=default_deals,
            show_default=True,
            help="Whole deals to sample.",
        ),
        click.option(
            "--seed",
            type=click.IntRange(min=0, max=2**64 - 1),
            default=builders.DEFAULT_SEED,
            show_default=True,
        ),
        ray_option("Sample"),
    )


def ship_board(
    players: int, data_dir: Path, deals: int, seed: int, ray_address: str | None
) -> None:
    table = builders.build_board_table(
        players,
        deals,
        seed,
        progress=True,
        ray=ray_address is not None,
        ray_address=ray_address_of(ray_address),
    )
    builders.ship_board_table(table, data_dir)
    meta = table.metadata
    click.echo(
        f"{meta['deals']:,} deals, seed {meta['seed']}, {meta['build_seconds']} s; "
        f"worst 95% half-width {table.half_width():.2f} points"
    )
    wrote(data_dir / BOARD_FILES[players][0], f"the {players}-player board table")


@main.command()
@data_dir_option
@board_options(200_000)
def partnership(data_dir: Path, deals: int, seed: int, ray_address: str | None) -> None:
    """The partnership board table: partnership.bin and partnership_meta.json."""
    ship_board(4, data_dir, deals, seed, ray_address)


@main.command(name="three-hand")
@data_dir_option
@board_options(20_000)
def three_hand(data_dir: Path, deals: int, seed: int, ray_address: str | None) -> None:
    """The three-player board table: three_hand.bin and three_hand_meta.json."""
    ship_board(3, data_dir, deals, seed, ray_address)


@main.command(name="expert-ties")
@data_dir_option
def expert_ties(data_dir: Path) -> None:
    """The Expert's tied discards: expert_ties.bin and expert_ties_meta.json.

    Deterministic (no seed): every canonical deal the built-in discard table
    marks tied is analysed exactly. Build the engine with the discard table
    first; the ties file it reads is the one being replaced.
    """
    if not _core._expert_table_present():
        raise click.ClickException("the engine has no Expert discard table to read the ties of")
    began = time.perf_counter()
    data = _core._expert_ties()
    meta = {
        "engine_version": _core.__version__,
        "method": "exact analysis (best_discard) of each canonical six-card deal whose "
        "entry in expert_discards.bin is tied, as pone and as dealer; the split it ranks first",
        "deals": len(data) // 5,
        "build_seconds": round(time.perf_counter() - began, 1),
    }
    files = ("expert_ties.bin", "expert_ties_meta.json")
    write_shipped(data_dir, files, data, meta, {"ties": np.frombuffer(data, np.uint8)})
    click.echo(f"{meta['deals']:,} tied deals written to {data_dir / 'expert_ties.bin'}")


@main.command(name="five-card")
@data_dir_option
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=DEFAULT_SEED, show_default=True)
@click.option("--expert-deals", type=click.IntRange(1), default=FiveCardSettings.expert_deals)
@click.option("--deals", type=click.IntRange(1), default=FiveCardSettings.deals, show_default=True)
@click.option("--iterations", type=click.IntRange(0), default=FiveCardSettings.iterations)
@click.option("--tolerance", type=click.FloatRange(0), default=FiveCardSettings.tolerance)
@click.option("--fresh-deals", type=click.IntRange(1), default=FiveCardSettings.fresh_deals)
@click.option("--pegging-deals", type=click.IntRange(1), default=FiveCardSettings.pegging_deals)
def five_card(data_dir: Path, seed: int, **sizes: Any) -> None:
    """The five-card tables (3 and 4 players): five_card_sums.bin and five_card_meta.json."""
    build = build_five_card_tables(FiveCardSettings(**sizes), seed=seed, progress=True)
    ship_five_card_tables(build, data_dir)
    for players, rec in build.meta["players"].items():
        click.echo(
            f"{players} players: {rec['iterations']} iterations, last change "
            f"{rec['changes'][-1] if rec['changes'] else 0}"
        )
    wrote(data_dir / "five_card_sums.bin", "the five-card tables")


if __name__ == "__main__":
    main()
