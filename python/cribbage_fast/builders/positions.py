"""Builds the board-position table (see `cribbage_fast.tables.positions`).

>>> deals_for_precision(1.0)
16000
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

from .. import _core
from .._util.args import positive
from .._util.progress import map_local
from ..tables._checks import stamp
from ..tables.positions import ARRAYS, BATCHES, METHOD, PositionTable, _shipped_form
from ._shipped import write_shipped

DEFAULT_SEED = 2026
#: The shipped table's goal: the worst cell's 95% half-width, in points of probability.
DEFAULT_PRECISION = 0.45
#: Deals giving a 95% half-width of 1 percentage point in the worst cell (the
#: cells next to 121, decided by one deal); measured, shrinks as 1/sqrt(deals).
DEALS_AT_ONE_POINT = 16_000
#: The most deals a build samples (years of work on one machine).
MAX_DEALS = 10**12
CHUNK = 500


def deals_for_precision(precision: float) -> int:
    """Deals to sample for a worst-cell 95% half-width of ``precision`` points.

    Parameters
    ----------
    precision : float
        The goal for the worst cell's 95% half-width, in percentage points.

    Returns
    -------
    int
        Deals to sample (at least one per batch); they grow as ``1 / precision**2``.

    Raises
    ------
    ValueError
        A precision that is not a positive number.

    Examples
    --------
    >>> deals_for_precision(1.0)
    16000
    """
    precision = positive(precision, "precision", "number of points")
    deals = DEALS_AT_ONE_POINT / precision / precision  # infinite, never an overflow
    if deals > MAX_DEALS:
        finest = math.sqrt(DEALS_AT_ONE_POINT / MAX_DEALS)
        raise ValueError(
            f"precision {precision} needs more than {MAX_DEALS:,} deals: "
            f"the finest is {finest:.2g} points"
        )
    return max(BATCHES, math.ceil(deals))


class DealSampler:
    """``fn(start, stop)`` sampling deals ``start..stop`` of a seed (picklable).

    The same seed gives the same bytes for a range however it is split.

    Examples
    --------
    >>> sampler = DealSampler(seed=1)
    >>> sampler(0, 3) == sampler(0, 1) + sampler(1, 3)
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, start: int, stop: int) -> bytes:
        return _core._sample_positions(start, stop, seed=self.seed)


def sample_local(
    sampler: Callable[[int, int], bytes], total: int, *, chunk: int = CHUNK, progress: bool = False
) -> list[bytes]:
    """Runs ``sampler`` over ``0..total`` in this process (every core, GIL released).

    Parameters
    ----------
    sampler : callable
        ``sampler(start, stop)`` for deals ``start..stop``, e.g. a `DealSampler`.
    total : int
        Deals to sample.
    chunk : int
        Deals per call.
    progress : bool
        Show a progress bar on a terminal; Ctrl-C stops between chunks.

    Returns
    -------
    list of bytes
        The samples, chunk by chunk in order (the same bytes however chunked).

    Examples
    --------
    >>> chunks = sample_local(DealSampler(seed=1), 3, chunk=2)
    >>> len(chunks), b"".join(chunks) == DealSampler(seed=1)(0, 3)
    (2, True)
    """
    return list(map_local(sampler, total, chunk, "deals", enabled=progress))


def build_table(
    deals: int,
    seed: int = DEFAULT_SEED,
    *,
    chunk: int = CHUNK,
    progress: bool = False,
    ray: bool = False,
    ray_address: str | None = None,
) -> PositionTable:
    """Samples ``deals`` deals and solves the table (see the module docstring).

    Parameters
    ----------
    deals : int
        Deals to sample (at least 20, one per batch).
    seed : int
        The sample's seed: the same seed and deals give the same table.
    chunk : int
        Deals per call.
    progress : bool
        Show progress on stderr.
    ray, ray_address : bool, str or None
        Sample on Ray (`cribbage_fast.distributed.map_ranges`; the
        address as there, None or "local" for a local Ray): the same table.

    Returns
    -------
    PositionTable

    Examples
    --------
    >>> table = build_table(40, seed=3)
    >>> table.metadata["deals"], table.win.shape
    (40, (121, 121, 2))
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < BATCHES:
        raise ValueError(f"deals must be an integer of at least {BATCHES}, got {deals!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    sampler = DealSampler(seed)
    began = time.perf_counter()
    if ray:
        from ..distributed import map_ranges

        address = None if ray_address == "local" else ray_address
        chunks = map_ranges(
            sampler, deals, chunk=chunk, address=address, progress=progress, desc="deals"
        )
    else:
        chunks = sample_local(sampler, deals, chunk=chunk, progress=progress)
    sampled = time.perf_counter() - began
    dealer = _core._solve_positions(chunks, batches=BATCHES)
    metadata = {
        "engine_version": _core.__version__,
        "method": METHOD,
        "seed": seed,
        "deals": deals,
        "batches": BATCHES,
        "sample_seconds": round(sampled, 1),
        "build_seconds": round(time.perf_counter() - began, 1),
        "ray": ray,
    }
    return PositionTable.from_dealer(dealer, stamp(metadata, _shipped_form(dealer)))


def ship_position_table(table: PositionTable, data_dir: str | Path) -> None:
    """Writes `table` in the engine's shipped form: ``positions.bin``
    (the `ARRAYS` in order, little-endian float32, (121, 121) each by
    [dealer's score, pone's score]) and ``positions_meta.json`` in
    `data_dir` (the repository's ``src/data``), built into the next
    engine build.

    Parameters
    ----------
    table : PositionTable
        The table to write.
    data_dir : str or Path
        An existing directory, normally ``src/data`` of the repository.

    Raises
    ------
    FileNotFoundError
        `data_dir` is not a directory.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from cribbage_fast import position_table
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ship_position_table(position_table(), folder)
    >>> sorted(p.name for p in folder.iterdir())
    ['positions.bin', 'positions_meta.json']
    """
    dealer = _shipped_form(table.dealer_arrays())
    blob = b"".join(dealer[k].astype("<f4").tobytes() for k in ARRAYS)
    files = ("positions.bin", "positions_meta.json")
    write_shipped(data_dir, files, blob, table.metadata, dealer)
