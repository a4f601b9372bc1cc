"""The master's speed against the Expert, side by side with Experts alone.

One process, one thread. Each round plays games 0..N of seed 5 with the master
against the Expert (``master_match``; with ``--players 3`` or ``4``, the master in
seat 0 and Experts in the others) and 5N games of Experts alone (``simulate``),
alternating, after 200 warm-up games of each; the ratio of the two speeds is what
a loaded machine leaves comparable.

Reproducing::

    $ .venv/bin/python benches/master_speed.py --games 1000 --rounds 2 --budget 32 --budget 16
    $ .venv/bin/python benches/master_speed.py --players 3 --games 1000 --rounds 2
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import click

import cribbage_fast as cf


def _rate(run: Callable[[], object], games: int) -> tuple[float, float]:
    """Games per second of wall time and of the process's CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


@click.command()
@click.option("--games", default=1000, show_default=True, help="Master games per round.")
@click.option("--rounds", default=2, show_default=True, help="Alternating rounds.")
@click.option("--budget", "budgets", multiple=True, type=int, default=[32], show_default=True)
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
def main(games: int, rounds: int, budgets: tuple[int, ...], players: int) -> None:
    """Games per second of wall time (and of CPU time): the master at each budget and the Expert."""
    experts = ["expert"] * players

    def match(n: int, budget: int = 32) -> object:
        return cf.master_match("expert", games=n, seed=5, threads=1, budget=budget, players=players)

    match(200)
    cf.simulate(experts, games=200, seed=5, threads=1)
    click.echo(f"players: {players}; load average before: {os.getloadavg()[0]:.1f}")
    for round_ in range(1, rounds + 1):
        expert = _rate(lambda: cf.simulate(experts, games=5 * games, seed=5, threads=1), 5 * games)
        line = [f"round {round_}: experts alone {expert[0]:,.0f} ({expert[1]:,.0f} CPU)"]
        for budget in budgets:
            master = _rate(lambda b=budget: match(games, b), games)
            line.append(
                f"master budget {budget} {master[0]:,.0f} ({master[1]:,.0f} CPU), "
                f"ratio {expert[0] / master[0]:.1f} ({expert[1] / master[1]:.1f} CPU)"
            )
        click.echo("; ".join(line))
    click.echo(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
