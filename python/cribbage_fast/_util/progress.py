"""Progress and chunking for every long job: one bar (tqdm on a terminal,
nothing otherwise) and one way to cut ``0..total`` into ranges.

>>> ranges(5, 2)
[(0, 2), (2, 4), (4, 5)]
>>> with progress(5, "items", enabled=False) as bar:
...     bar.update(5)
>>> list(map_local(lambda a, b: b - a, 5, 2, "items", enabled=False))
[2, 2, 1]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from .args import integer

T = TypeVar("T")


class Bar(Protocol):
    """What a long job may do with its bar."""

    def update(self, n: float = 1) -> Any: ...

    def set_postfix(self, **values: Any) -> Any: ...


class _Quiet:
    """The bar when nothing is shown."""

    def update(self, n: float = 1) -> None:
        return None

    def set_postfix(self, **values: Any) -> None:
        return None


def ranges(total: int, chunk: int) -> list[tuple[int, int]]:
    """``0..total`` as consecutive ``(start, stop)`` ranges of `chunk` items
    (the last may be shorter).

    Raises
    ------
    ValueError
        A chunk below 1.

    Examples
    --------
    >>> ranges(4, 2), ranges(0, 3)
    ([(0, 2), (2, 4)], [])
    """
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, got {chunk}")
    return [(start, min(start + chunk, total)) for start in range(0, total, chunk)]


@contextmanager
def progress(
    total: float | None, what: str | None, *, enabled: bool = True, unit: str = "it"
) -> Iterator[Bar]:
    """A progress bar on stderr (tqdm, with an ETA) when `enabled` and stderr
    is a terminal; otherwise a bar that shows nothing.

    Parameters
    ----------
    total : float or None
        The amount of work (None when unknown).
    what : str or None
        The bar's label.
    enabled : bool
        False shows nothing, even on a terminal.
    unit : str
        What one step of ``update`` counts.

    Examples
    --------
    >>> with progress(3, "games", enabled=False) as bar:
    ...     bar.update(3)
    """
    if not (enabled and sys.stderr.isatty()):
        yield _Quiet()
        return
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    with tqdm(total=total, desc=what, unit=unit, unit_scale=True, file=sys.stderr) as bar:
        yield bar


def map_local(
    fn: Callable[[int, int], T], total: int, chunk: int, what: str, *, enabled: bool = True
) -> Iterator[T]:
    """``fn(start, stop)`` over `ranges` of ``0..total`` in this process,
    in order, with a `progress` bar of the items done (the local twin of
    `cribbage_fast.distributed.map_ranges`); Ctrl-C stops between ranges.

    >>> list(map_local(lambda a, b: (a, b), 3, 2, "items", enabled=False))
    [(0, 2), (2, 3)]
    """
    total, chunk = integer(total, "total", 0), integer(chunk, "chunk", 1)
    with progress(total, what, enabled=enabled) as bar:
        # The ranges one at a time (a huge total is never laid out in a list).
        for start in range(0, total, chunk):
            stop = min(start + chunk, total)
            yield fn(start, stop)
            bar.update(stop - start)
