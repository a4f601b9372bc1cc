"""Draws the speed tables of docs/performance.md as a chart: one panel per table,
a bar per row, on a log scale (the rows span three orders of magnitude).

    python benches/plot_speed.py docs/speed.png

The numbers are read from the page itself, so the chart shows what the tables
say; rerun it after re-measuring. Needs Matplotlib (the ``plot`` extra)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "performance.md"

# (the bold title that starts a table, its unit, the column to draw)
TABLES = [
    ("One hand from Python", "µs per hand", 1),
    ("The play", "µs per 2-seat play phase", 1),
]


def table_rows(text: str, title: str, column: int) -> list[tuple[str, float]]:
    """(row label, number) of the first table after ``**title**``; a range
    ``a-b`` is drawn at its middle."""
    after = text[text.index(f"**{title}**") :]
    lines = [line for line in after.split("\n\n|", 1)[1].splitlines()]
    rows = []
    for line in lines[2:]:  # after the header and its rule
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        numbers = re.findall(r"\d[\d,]*(?:\.\d+)?", cells[column])
        values = [float(n.replace(",", "")) for n in numbers[:2]]
        rows.append((cells[0].replace("`", ""), sum(values) / len(values)))
    return rows


def main(out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    text = PAGE.read_text()
    fig, axes = plt.subplots(len(TABLES), 1, figsize=(8, 2.2 * len(TABLES)))
    for ax, (title, unit, column) in zip(axes, TABLES, strict=True):
        rows = table_rows(text, title, column)
        labels, values = zip(*reversed(rows), strict=True)
        ax.barh(labels, values, color="#3f51b5")
        ax.set_xscale("log")
        ax.set_title(f"{title}: {unit} (log scale, shorter is faster)", fontsize=10)
        for y, value in enumerate(values):
            ax.text(value, y, f" {value:g}", va="center", fontsize=8)
        ax.tick_params(labelsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "speed.png")
