"""Command-line access to the rated puzzles (docs/puzzles.md).

Example::

    $ cribbage-fast puzzles build --count 1000 --seed 1 --out puzzles.jsonl.gz
    $ cribbage-fast puzzles build --count 2000 --seed 1 --extend puzzles.jsonl.gz \\
        --out more.jsonl.gz
    $ cribbage-fast puzzles show --theme "pair royal" --rating 1500 1700 --top 3
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from .._util.files import refuse_inputs
from ..puzzles.build import build_puzzles
from ..puzzles.puzzle import read_puzzles, write_puzzles
from ..puzzles.rate import solve_table
from ..puzzles.shipped import load_puzzles
from ..puzzles.themes import THEMES
from .errors import wrote
from .params import F, OutPath, stacked


@click.group()
def puzzles() -> None:
    """Rated puzzles: build a set from seeded games, or show puzzles."""


@puzzles.command()
@click.option(
    "--count", type=click.IntRange(min=1, max=10**7), required=True, help="Puzzles to find."
)
@click.option("--seed", type=click.IntRange(min=0, max=2**32 - 1), default=0, show_default=True)
@click.option("--out", type=OutPath(".gz"), required=True, help="The puzzle file to write.")
@click.option(
    "--workers",
    type=click.IntRange(min=1, max=256),
    default=None,
    help="Processes (default: every core).",
)
@click.option(
    "--extend",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="A set built from the same seed to go on from (its puzzles are kept).",
)
def build(count: int, seed: int, out: Path, workers: int | None, extend: Path | None) -> None:
    """Mine, check and rate COUNT puzzles from seeded games; write them (gzipped JSON lines)."""
    refuse_inputs(out, [extend])
    start = read_puzzles(extend) if extend is not None else None
    found = build_puzzles(count, seed, workers=workers, extend=start)
    write_puzzles(out, found.puzzles, found.header)
    results = {s: [c == "1" for c in r] for s, r in found.header["results"].items()}
    click.echo(solve_table(found.puzzles, results), err=True)
    wrote(out, f"{len(found.puzzles)} puzzles")


def choosing(file_option: str) -> Callable[[F], F]:
    """The options that choose puzzles, for ``show`` and ``train``: a puzzle
    file (`file_option`; default the shipped set), a theme and a rating band,
    passed as ``path``, ``theme`` and ``rating``."""
    return stacked(
        click.option(
            file_option,
            "path",
            type=click.Path(dir_okay=False, exists=True, path_type=Path),
            default=None,
            help="A puzzle file (default: the shipped set).",
        ),
        click.option(
            "--theme",
            type=click.Choice(sorted(THEMES)),
            default=None,
            help="Only puzzles of this theme.",
        ),
        click.option(
            "--rating", type=(float, float), default=None, help="A rating band: LOW HIGH."
        ),
    )


@puzzles.command()
@choosing("--file")
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True)
def show(
    path: Path | None, theme: str | None, rating: tuple[float, float] | None, top: int
) -> None:
    """Print puzzles, one a line: rating, position, answer, themes."""
    chosen = load_puzzles(theme=theme, rating=rating, path=path)
    for p in chosen[:top]:
        themes = ", ".join(p.themes) or "-"
        click.echo(f"{p.rating.rating:6.0f}  {p.position}  {p.answer}  ({themes})")
