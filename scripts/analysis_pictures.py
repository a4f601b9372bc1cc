"""Draws the pictures of the game-analysis guide (docs/analysis.md): the
analysed game's picture, from the seeded game the page shows, and a screenshot
of that picture as the built site shows it (headless Chromium).

A repository script, not part of the installed package. The screenshot needs
the site built first and Chromium with its driver (Debian's ``chromium`` and
``chromium-driver``, as the site's browser test).

Example::

    $ .venv/bin/python scripts/analysis_pictures.py picture
    $ NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict -d target/site
    $ .venv/bin/python scripts/analysis_pictures.py screenshot --site target/site
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
from cribbage_fast._util.files import atomic_path
from cribbage_fast.analysis.analyze import analyze_game
from cribbage_fast.analysis.report import plot

DOCS = Path(__file__).resolve().parent.parent / "docs"


@click.group()
def main() -> None:
    """The game-analysis guide's pictures."""


@main.command()
def picture() -> None:
    """docs/analysis_game.png: the page's game at the default settings, seed 1."""
    game = Game(2, seed=3, first_dealer=1, names=["Expert", "Greedy"])
    game.play([ExpertPlayer(), GreedyPlayer()])
    plot(analyze_game(game, seed=1), DOCS / "analysis_game.png")
    click.echo(f"wrote {DOCS / 'analysis_game.png'}")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def _served(site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@main.command()
@click.option(
    "--site", type=click.Path(exists=True, file_okay=False, path_type=Path), required=True
)
def screenshot(site: Path) -> None:
    """docs/analysis_page.png: the analysis page scrolled to its picture."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        raise click.ClickException(
            "needs chromium and chromedriver (apt-get install chromium chromium-driver)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1200,900",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    target = DOCS / "analysis_page.png"
    try:
        with _served(site) as url:
            page = "/analysis.html" if (site / "analysis.html").exists() else "/analysis/"
            driver.get(url + page)
            image = WebDriverWait(driver, 30).until(
                expected_conditions.presence_of_element_located(
                    (By.CSS_SELECTOR, "img[src$='analysis_game.png']")
                )
            )
            WebDriverWait(driver, 30).until(
                lambda d: d.execute_script(
                    "return arguments[0].complete && arguments[0].naturalWidth > 0", image
                )
            )
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", image)
            time.sleep(1.0)  # the header's title settles after a scroll
            with atomic_path(target) as part:
                driver.save_screenshot(str(part))
    finally:
        driver.quit()
    click.echo(f"wrote {target}")


if __name__ == "__main__":
    main()
