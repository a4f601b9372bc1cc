"""The shipped three-player and partnership board tables against fresh Expert games.

A measurement, not a test (minutes on two cores): from each of 12 boards per
table, the engine plays Expert games with a seed the build never used
(`SEED`; the tables are built from seed 2026) and the table's chance of
the dealer's seat (three players: every seat) is compared with the games'
share, with both standard errors (the table's by batch means, the games'
binomial).

Reproducing::

    $ .venv/bin/python benches/boards_measure.py --games 30000 --out target/boards_measure.json

``--players 3`` or ``--players 4`` measures one table only.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click

from cribbage_fast.builders import play_from_board
from cribbage_fast.tables import board_table_info, partnership_chances, three_player_chances

#: Never used by a build (the shipped tables are seeded 2026).
SEED = 40_2027
#: Boards by side from the dealer's (seat 0 deals): three seats, or the
#: dealer's partnership and the other.
BOARDS = {
    3: [
        (0, 0, 0),
        (60, 60, 60),
        (90, 90, 90),
        (100, 80, 110),
        (80, 100, 95),
        (95, 95, 115),
        (110, 110, 110),
        (115, 105, 100),
        (100, 115, 110),
        (105, 118, 100),
        (118, 112, 116),
        (120, 119, 118),
    ],
    4: [
        (0, 0),
        (60, 60),
        (90, 90),
        (100, 80),
        (80, 100),
        (110, 110),
        (115, 100),
        (100, 115),
        (105, 119),
        (119, 105),
        (118, 118),
        (120, 110),
    ],
}


def table_chances(players: int, board: tuple[int, ...]) -> tuple[float, ...]:
    if players == 3:
        return three_player_chances(list(board), dealer=0)
    return partnership_chances(list(board), dealer=0)


def simulate(players: int, games: int) -> list[dict[str, Any]]:
    """Fresh games from every board of `players` (no table needed)."""
    rows = []
    for i, board in enumerate(BOARDS[players]):
        began = time.perf_counter()
        # The start of a game is long: fewer games there, stated with their error.
        n = games // 2 if max(board) == 0 else games
        played = play_from_board(players, list(board), n, seed=SEED + i)
        rows.append(
            {
                "board": list(board),
                "games": n,
                "simulated": [round(100 * s, 3) for s in played["share"]],
                "simulated_se": [round(100 * e, 3) for e in played["stderr"]],
                "seconds": round(time.perf_counter() - began, 1),
            }
        )
        click.echo(f"{players}p {board}: {rows[-1]}", err=True)
    return rows


def compare(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The shipped table beside the games, board by board."""
    for row in rows:
        table = table_chances(players, tuple(row["board"]))
        row["table"] = [round(100 * t, 3) for t in table]
        diffs = [t - s for t, s in zip(row["table"], row["simulated"], strict=True)]
        row["difference"] = [round(d, 3) for d in diffs]
        row["within_half_point"] = all(abs(d) <= 0.5 for d in diffs)
    info = board_table_info(players)
    return {
        "table": {k: info[k] for k in ("seed", "deals", "max_stderr")},
        "rows": rows,
        "worst_difference": max(abs(d) for r in rows for d in r["difference"]),
        "within_half_point": sum(bool(r["within_half_point"]) for r in rows),
        "mean_simulation_se": round(sum(max(r["simulated_se"]) for r in rows) / len(rows), 3),
    }


@click.command()
@click.option("--games", type=click.IntRange(min=100), default=30_000, show_default=True)
@click.option("--players", type=click.Choice(["3", "4", "both"]), default="both")
@click.option("--simulate-only", is_flag=True, help="Play the games only (no table needed).")
@click.option(
    "--simulated",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="Compare the games of an earlier --simulate-only run.",
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None)
def main(
    games: int, players: str, simulate_only: bool, simulated: Path | None, out: Path | None
) -> None:
    """Measure the board tables against fresh simulation."""
    chosen = [3, 4] if players == "both" else [int(players)]
    earlier = json.loads(simulated.read_text()) if simulated is not None else {}
    report: dict[str, Any] = {"seed": SEED, "games": games}
    for p in chosen:
        key = f"{p}_players"
        rows = earlier[key]["rows"] if key in earlier else simulate(p, games)
        report[key] = {"rows": rows} if simulate_only else compare(p, rows)
    text = json.dumps(report, indent=1)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        temp = out.with_suffix(out.suffix + ".tmp")
        temp.write_text(text + "\n")
        temp.replace(out)
    click.echo(text)


if __name__ == "__main__":
    main()
