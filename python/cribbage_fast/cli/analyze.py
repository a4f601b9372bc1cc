"""``cribbage-fast analyze``: the analysis of a recorded two-player game.

Example::

    $ cribbage-fast analyze game.json
    $ cribbage-fast analyze game.json --json --plot game.png
    $ cribbage-fast analyze games.jsonl --ray
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from .. import analysis
from ..game import Game
from .errors import fail
from .params import FiniteFloat, OutPath
from .tables import ray_address_of, ray_option


def _records(path: str) -> list[Any]:
    """One record (a JSON object or the text notation), a JSON list of them,
    or JSON lines."""
    text = Path(path).read_text(encoding="utf-8")
    if re.match(r"\s*(\[[A-Za-z]|#|deal\b)", text):
        return [text]  # the text notation (docs/notation.md)
    try:
        data = json.loads(text)
    except ValueError:
        try:
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError as err:
            raise ValueError(f"{path} is not a game record (JSON): {err}") from err
    return data if isinstance(data, list) else [data]


def after_the_game(game: Game, record_path: str | None) -> None:
    """The end of `cribbage-fast play`: write the record if asked, and on a
    terminal offer the analysis of the game just played."""
    if record_path is not None:
        Path(record_path).write_text(json.dumps(game.to_record()), encoding="utf-8")
        click.echo(f"The game's record is in {record_path}.")
    if sys.stdin.isatty() and click.confirm("Analyse the game?", default=False):
        click.echo(analysis.analyze_game(game).report())


@click.command("analyze")
@click.argument("game", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option(
    "--plot",
    "plot_path",
    type=OutPath(".png"),
    default=None,
    help="Draw the win probability through the game, with the marks (PNG; extra plot).",
)
@click.option(
    "--objective",
    type=click.Choice(["win", "points"]),
    default="win",
    show_default=True,
    help="Equity as the chance to win, or as expected game points.",
)
@click.option(
    "--precision",
    type=FiniteFloat(min=1e-4, max=1.0),
    default=analysis.DEFAULT_PRECISION,
    show_default=True,
    help="Target standard error of each loss (win probability).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1, max=100_000),
    default=analysis.DEFAULT_BUDGET,
    show_default=True,
    help="Samples per evaluation at most.",
)
@click.option(
    "--policy",
    type=click.Choice(["expert", "master"]),
    default="expert",
    show_default=True,
    help="Who plays the rest of each sampled deal.",
)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
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
    """Analyse a recorded two-player game (Game.to_json(), or `play --record`).

    Prints each deal's decisions (the move played, the best, the equity lost
    and its mark) and the luck of the deal and the cut, then each player's
    error rate, skill, luck and luck-adjusted result. A file holding several
    records (a JSON list or JSON lines) prints one report each.
    """
    try:
        records = _records(game)
        results = analysis.analyze_games(
            records,
            objective=objective,
            precision=precision,
            budget=budget,
            policy=policy,
            seed=seed,
            ray=ray_address is not None,
            address=ray_address_of(ray_address),
        )
    except KeyboardInterrupt:
        click.echo("\ninterrupted", err=True)
        sys.exit(130)
    except (ValueError, TypeError, OSError) as err:
        fail(str(err))
    if as_json:
        payload: Any = [r.to_dict() for r in results]
        click.echo(json.dumps(payload[0] if len(payload) == 1 else payload))
    else:
        click.echo("\n\n".join(r.report() for r in results))
    if plot_path is not None:
        try:
            from ..analysis_report import plot

            plot(results[0], str(plot_path))
        except ImportError as err:
            fail(str(err))
