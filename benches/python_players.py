"""Python players against the Rust simulator, side by side, at the defaults.

One process, one thread. Each round plays 100,000 random-against-random games
in the Rust simulator (``simulate(..., threads=1)``: long enough that its fixed
cost does not count) and then ``--games`` games of ``Game(2, seed=s).play``
with two plain Python `Player` subclasses at the default settings (the record
kept), and the same games with ``record=False`` for comparison; the share of
the simulator's speed is the ratio within the round. The load average before
and after is printed, and each round is appended to ``--out`` as one JSON line.

Reproducing::

    $ .venv/bin/python benches/python_players.py --games 20000 --rounds 3 --out runs.jsonl
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import click

import cribbage_fast as cf

SIMULATOR_GAMES = 100_000


class HighCard(cf.Player):
    """A Python subclass player: lays its highest card that fits."""

    def play(self, view: cf.PlayerView) -> cf.Card | None:
        fits = [m.card for m in view.legal_moves if m.card is not None]
        return max(fits, key=lambda c: c.value) if fits else None


def _rate(run: Callable[[], object], games: int) -> tuple[float, float]:
    """Games per second of wall time and of the process's CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def _python_games(games: int, **options: bool) -> None:
    players = [HighCard(), cf.Player()]
    for seed in range(games):
        cf.Game(2, seed=seed, **options).play(players)


@click.command()
@click.option("--games", default=20_000, show_default=True, help="Python games per round.")
@click.option("--rounds", default=3, show_default=True, help="Rounds, each side by side.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None)
def main(games: int, rounds: int, out: Path | None) -> None:
    """Games per second: the Rust simulator on one thread and Python players."""
    if cf.build_profile != "release":
        raise click.UsageError("benchmarks need a release build (pip install -e . builds one)")
    cf.simulate("random", "random", games=2_000, seed=1, threads=1)
    _python_games(200)
    click.echo(f"load average before: {os.getloadavg()[0]:.1f}")
    for round_ in range(1, rounds + 1):
        rust = _rate(
            lambda r=round_: cf.simulate(
                "random", "random", games=SIMULATOR_GAMES, seed=r, threads=1
            ),
            SIMULATOR_GAMES,
        )
        kept = _rate(lambda: _python_games(games), games)
        unkept = _rate(lambda: _python_games(games, record=False), games)
        row = {
            "round": round_,
            "simulator": rust[0],
            "python_defaults": kept[0],
            "python_no_record": unkept[0],
            "share_defaults": kept[0] / rust[0],
            "share_defaults_cpu": kept[1] / rust[1],
            "share_no_record": unkept[0] / rust[0],
            "load": os.getloadavg()[0],
        }
        click.echo(
            f"round {round_}: simulator {rust[0]:,.0f} games/s; Python players at the defaults "
            f"{kept[0]:,.0f} ({row['share_defaults']:.1%}, CPU {row['share_defaults_cpu']:.1%}), "
            f"record=False {unkept[0]:,.0f} ({row['share_no_record']:.1%}); "
            f"load {row['load']:.1f}"
        )
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    click.echo(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
