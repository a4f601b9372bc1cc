"""Runs the example notebook and photographs it for the docs.

Executes ``docs/notebooks/pictures.ipynb`` in a local Jupyter kernel (the
``dev`` extra's nbclient and ipykernel), writes the outputs into the notebook,
exports it to HTML with nbconvert, and takes a screenshot of that page with
headless Chromium (Debian's ``chromium``) into ``docs/notebook.png``.
Nothing is fetched: the page's scripts are not needed for the pictures.

Example::

    $ .venv/bin/python scripts/render_notebook.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "notebooks" / "pictures.ipynb"
PICTURE = ROOT / "docs" / "notebook.png"


def run_notebook(path: Path) -> object:
    """The notebook at `path`, every cell executed in a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute(cwd=str(path.parent))
    return notebook


def page(notebook: object) -> str:
    """The executed notebook as a page of HTML (JupyterLab's look)."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    return body


def screenshot(html: str, out: Path, width: int, height: int) -> None:
    """A picture of `html` as headless Chromium shows it, written to `out`
    through a temporary name."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise click.ClickException("needs Chromium: apt-get install -y chromium")
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "notebook.html"
        source.write_text(html, encoding="utf-8")
        shot = Path(scratch) / "notebook.png"
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},{height}", f"--screenshot={shot}", source.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        partial = out.with_name(out.name + ".partial")
        shutil.copyfile(shot, partial)
        os.replace(partial, out)


@click.command()
@click.option("--width", default=900, show_default=True, help="Page width in pixels.")
@click.option("--height", default=2950, show_default=True, help="Page height in pixels.")
def main(width: int, height: int) -> None:
    """Executes the example notebook, saves its outputs, photographs it."""
    import nbformat

    notebook = run_notebook(NOTEBOOK)
    partial = NOTEBOOK.with_name(NOTEBOOK.name + ".partial")
    nbformat.write(notebook, partial)
    os.replace(partial, NOTEBOOK)
    screenshot(page(notebook), PICTURE, width, height)
    click.echo(f"wrote {NOTEBOOK.relative_to(ROOT)} and {PICTURE.relative_to(ROOT)}", err=True)


if __name__ == "__main__":
    sys.exit(main())
