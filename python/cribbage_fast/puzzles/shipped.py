"""The shipped puzzle set (``cribbage_fast/data/puzzles.jsonl.gz``), built by
``cribbage-fast puzzles build`` from a seed, and filters by theme and rating.

>>> chosen = load_puzzles(theme="pair royal")
>>> all("pair royal" in p.themes for p in chosen)
True
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from .._util.files import PathLike
from .puzzle import Puzzle, PuzzleSet, read_puzzles
from .themes import THEMES

__all__ = ["SHIPPED", "load_puzzles", "shipped_puzzles"]

#: The shipped set's file name in ``cribbage_fast/data``.
SHIPPED = "puzzles.jsonl.gz"


@functools.cache
def shipped_puzzles() -> PuzzleSet:
    """The shipped set, read (and checked) once.

    Returns
    -------
    PuzzleSet
        Its header (engine, method, seed, ...) and its puzzles.

    Examples
    --------
    >>> s = shipped_puzzles()
    >>> s.header["count"] == len(s.puzzles)
    True
    """
    with resources.as_file(resources.files("cribbage_fast") / "data" / SHIPPED) as path:
        return read_puzzles(path)


def load_puzzles(
    theme: str | None = None,
    rating: tuple[float, float] | None = None,
    path: PathLike | None = None,
) -> list[Puzzle]:
    """Puzzles of the shipped set (or of the file `path`), filtered.

    Parameters
    ----------
    theme : str, optional
        Only puzzles of this theme (a name of `themes.THEMES`).
    rating : (float, float), optional
        Only puzzles rated in ``low <= rating < high``.
    path : str or PathLike, optional
        A puzzle file instead of the shipped set.

    Returns
    -------
    list of Puzzle
        In the file's order.

    Raises
    ------
    ValueError
        An unknown theme or a band whose low end is above its high end.
    PuzzleFileError
        A bad puzzle file (the line named).

    Examples
    --------
    >>> band = load_puzzles(rating=(1500, 1700))
    >>> all(1500 <= p.rating.rating < 1700 for p in band)
    True
    >>> load_puzzles(theme="nobs")
    Traceback (most recent call last):
    ValueError: unknown theme 'nobs'; the themes are ...
    """
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; the themes are {', '.join(THEMES)}")
    if rating is not None and not rating[0] <= rating[1]:
        raise ValueError(f"a rating band runs from low to high, got {rating}")
    found = shipped_puzzles() if path is None else read_puzzles(Path(path))
    return [
        p
        for p in found.puzzles
        if (theme is None or theme in p.themes)
        and (rating is None or rating[0] <= p.rating.rating < rating[1])
    ]
