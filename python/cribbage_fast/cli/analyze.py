"""``cribbage-fast analyze``: the analysis of a recorded two-player game.

Example::

    $ cribbage-fast analyze game.json
    $ cribbage-fast analyze game.json --json --plot game.png
    $ cribbage-fast analyze games.jsonl --ray
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import click

from .. import analysis
from .._util import json as _json
from .._util.extras import require
from .._util.files import read_text, refuse_inputs, write_text
from ..analysis.settings import DEFAULTS, MAX_BUDGET, Objective, Policy, Settings
from ..games.game import Game
from .errors import describe, fail, interrupted, wrote
from .params import FiniteFloat, OutPath
from .tables import ray_address_of, ray_option


def _records(path: str) -> list[Any]:
    """One record (a JSON object or the text notation), a JSON list of them,
    or JSON lines (a line that is not a record is named by its number)."""
    text = read_text(path)
    if re.match(r"\s*(\[[A-Za-z]|#|deal\b)", text):
        return [text]  # the text notation (docs/notation.md)
    try:
        data = _json.loads(text, path)
    except ValueError as whole:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise whole from None
        return [_json.loads(line, f"line {n} of {path}") for n, line in lines]
    return data if isinstance(data, list) else [data]


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
@click.option(
    "--objective",
    type=click.Choice([o.value for o in Objective]),
    default=DEFAULTS.objective.value,
    show_default=True,
    help="Equity as the chance to win, or as expected game points.",
)
@click.option(
    "--precision",
    type=FiniteFloat(min=1e-4, max=1.0),
    default=DEFAULTS.precision,
    show_default=True,
    help="Target standard error of each loss (win probability).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1, max=MAX_BUDGET),
    default=DEFAULTS.budget,
    show_default=True,
    help="Samples per evaluation at most.",
)
@click.option(
    "--policy",
    type=click.Choice([p.value for p in Policy]),
    default=DEFAULTS.policy.value,
    show_default=True,
    help="Who plays the rest of each sampled deal.",
)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=DEFAULTS.seed, show_default=True)
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
