"""The pictures as Jupyter shows them: IPython's display formatter finds the
SVG of each object, and the example notebook (docs/notebooks/pictures.ipynb,
photographed for docs/pictures.md) runs in a real kernel with a picture as
the output of every cell."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
from IPython.core.formatters import DisplayFormatter
from nbclient import NotebookClient

import cribbage_fast as cf
from cribbage_fast.analysis.analyze import analyze_game

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "notebooks" / "pictures.ipynb"


def test_ipython_shows_each_object_as_svg() -> None:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    objects = [
        cf.Card("5H"),
        cf.explain_hand("5H 5D 5C JS", "5S"),
        cf.Pegging(["5H 10S", "10D 5C"]),
        game,
        cf.Game(2, seed=1).view(0),
        cf.hint(cf.Game(2, seed=7), budget=46, seed=1),
        cf.simulate("expert", "random", games=20, seed=1),
        analyze_game(game, seed=1, budget=8),
    ]
    formatter = DisplayFormatter()
    for obj in objects:
        data, _ = formatter.format(obj)
        assert "image/svg+xml" in data, type(obj)
        ET.fromstring(data["image/svg+xml"])
        assert "text/plain" in data  # the repr stays for terminals


def test_the_example_notebook_runs_with_a_picture_for_every_cell(tmp_path: Path) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute(cwd=str(tmp_path))
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert len(code) >= 7
    for cell in code:
        kinds = [out.get("output_type") for out in cell.outputs]
        assert "error" not in kinds, cell.source
        [result] = [out for out in cell.outputs if out.get("output_type") == "execute_result"]
        ET.fromstring(result["data"]["image/svg+xml"])
