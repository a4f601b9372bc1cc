"""``cribbage-fast analyze``: the analysis of a recorded game (two players,
three, or four in partnerships).

Example::

    $ cribbage-fast analyze game.json
    $ cribbage-fast analyze game.json --json --plot game.png
    $ cribbage-fast analyze games.jsonl --ray
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .. import analysis
from .._util import json as _json
from .._util.extras import require
from .._util.files import read_text, refuse_inputs, write_text
from ..analysis.settings import Settings
from ..games.game import Game
from ..records.record import GameRecord, read_all
from .errors import describe, fail, interrupted, wrote
from .params import OutPath, settings_options
from .tables import ray_address_of, ray_option


def _records(path: str) -> list[GameRecord]:
    """The records of a file: one record (JSON or the text notation, by the
    rule of `records.read`), a JSON list of them, or JSON lines
    (`records.read_all`; a bad record is named by its place)."""
    return read_all(read_text(path), source=path)


def after_the_game(game: Game, record_path: Path | None) -> None:
    """The end of `cribbage-fast play`: write the record if asked, and on a
    terminal offer the analysis of the game just played."""
    if record_path is not None:
        write_text(record_path, _json.dumps(game.to_record()))
        wrote(record_path, "the game's record")
    if sys.stdin.isatty() and click.confirm("Analyse the game?", default=False):
        click.echo(analysis.analyze_game(game).report())


@click.command("analyze")
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option(
    "--plot",
    "plot_path",
    type=OutPath(".png", ".svg"),
    default=None,
    help="Draw the win probability through the game, with the marks (PNG or SVG by "
    "the suffix; extra plot).",
)
@settings_options
@ray_option("Analyse the games")
def analyze(
    game: str,
    as_json: bool,
    plot_path: Path | None,
    objective: str,
    precision: float,
    budget: int,
    policy: str,
    seed: int,
    ray_address: str | None,
) -> None:
    """Analyse a recorded game of 2-4 players (Game.to_json(), a text record, or `play --record`).

    Prints each deal's decisions (the move played, the best, the equity lost
    and its mark) and the luck of the deal and the cut, then each player's
    error rate, skill, luck and luck-adjusted result. A record is JSON when
    it starts with {, else the text notation. A file holding several records
    (a JSON list or JSON lines) prints one report each.
    """
    try:
        if plot_path is not None:
            require("matplotlib", "plot")
            refuse_inputs(plot_path, [game])
        records = _records(game)
        results = analysis.analyze_games(
            records,
            settings=Settings(objective, precision, budget, policy, seed),
            ray=ray_address is not None,
            address=ray_address_of(ray_address),
        )
    except KeyboardInterrupt:
        interrupted()
    except (ValueError, TypeError, OSError, ImportError) as err:
        fail(describe(err))
    if plot_path is not None:
        try:
            from ..analysis.report import plot

            plot(results[0], plot_path)
        except (ImportError, OSError) as err:
            fail(describe(err))
        wrote(plot_path, "the plot of the first game" if len(results) > 1 else "the plot")
    if as_json:
        payload: Any = [r.to_dict() for r in results]
        click.echo(_json.dumps(payload[0] if len(payload) == 1 else payload))
    else:
        click.echo("\n\n".join(r.report() for r in results))
