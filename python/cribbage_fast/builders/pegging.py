"""Builds the pegging table: simulated deals against the Expert, same seed same table.

>>> build_pegging_table(2, seed=1).samples
2
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag, integer, positive, real
from .._util.files import save_npz
from .._util.progress import map_local
from ..tables._checks import stamp
from ..tables.pegging import (
    KEEPS,
    MAX_SAMPLES_PER_KEEP,
    PEGGING_METHOD,
    PEGGING_STATS,
    PeggingTable,
    _pegging_from_sums,
)
from ._shipped import write_shipped


def pegging_sums(seed: int, start: int, stop: int) -> npt.NDArray[np.uint64]:
    """Exact pegging sums of samples ``start..stop`` (picklable, for
    `cribbage_fast.distributed.map_ranges`): the same seed gives the
    same table whatever the chunking.

    Parameters
    ----------
    seed : int
        The table's seed.
    start, stop : int
        The samples, each played for every kept rank multiset.

    Returns
    -------
    numpy.ndarray
        (1820 * 2 * 5,) uint64: per keep and role (pone, dealer) the count, the
        sum and sum of squares of the points pegged, and the opponent's sums.

    Examples
    --------
    >>> int(pegging_sums(1, 0, 4).reshape(1820, 2, 5)[:, :, 0].sum())
    8
    """
    return _core._pegging_sums(
        integer(seed, "seed", 0, 2**64 - 1), integer(start, "start", 0), integer(stop, "stop", 0)
    )


def keep_range_sums(
    seed: int, froms: Sequence[int], tos: Sequence[int], start: int, stop: int
) -> npt.NDArray[np.uint64]:
    """Exact pegging sums of items ``start..stop`` of the per-keep sample
    ranges ``froms[k]..tos[k]`` laid end to end (keep 0's, then keep 1's,
    ...). Sample ``j`` of keep ``k`` is the same sample in every table of a
    seed, so the sums are the same however the items are split (picklable,
    for `cribbage_fast.distributed.map_ranges`).

    Parameters
    ----------
    seed : int
        The table's seed.
    froms, tos : sequence of int
        The sample range of each of the 1,820 keeps.
    start, stop : int
        The items of the ranges laid end to end to play.

    Returns
    -------
    numpy.ndarray
        The exact sums, as `pegging_sums` gives them.

    Raises
    ------
    ValueError
        Not 1,820 ranges, a range backwards or past
        `MAX_SAMPLES_PER_KEEP`, or items outside the ranges.

    Examples
    --------
    >>> froms, tos = [0] * 1820, [3] * 1820
    >>> bool((keep_range_sums(1, froms, tos, 0, 5460) == pegging_sums(1, 0, 5460)).all())
    True
    """
    froms, tos = _check_keep_ranges(froms, tos)
    start, stop = integer(start, "start"), integer(stop, "stop")
    if not 0 <= start <= stop:
        raise ValueError(f"the items {start}..{stop} are not an increasing range")
    return _core._keep_range_sums(seed, froms, tos, start, stop)


def _check_keep_ranges(froms: Sequence[int], tos: Sequence[int]) -> tuple[list[int], list[int]]:
    if isinstance(froms, str | bytes) or isinstance(tos, str | bytes):
        raise TypeError("froms and tos must be sequences of integers")
    a = [integer(x, "froms") for x in froms]
    b = [integer(x, "tos") for x in tos]
    if len(a) != len(KEEPS) or len(b) != len(KEEPS):
        raise ValueError(f"need {len(KEEPS)} sample ranges, got {len(a)} froms and {len(b)} tos")
    for k, (lo, hi) in enumerate(zip(a, b, strict=True)):
        if not 0 <= lo <= hi <= MAX_SAMPLES_PER_KEEP:
            raise ValueError(
                f"keep {k}'s sample range {lo}..{hi} is not within 0..{MAX_SAMPLES_PER_KEEP}"
            )
    return a, b


#: Samples per keep at most, for a target standard error.
PEGGING_SAMPLE_CAP = 1_000_000


def pegging_samples_needed(
    sums: npt.NDArray[np.uint64], target_se: float, margin: float = 1.02, cap: int = 0
) -> npt.NDArray[np.int64]:
    """Samples per keep for the standard error of both roles' points to reach
    `target_se`, from the variances in `sums` (Neyman allocation: samples in
    proportion to the larger variance), times `margin`, never fewer than the
    keep has, at most `cap` (0: `PEGGING_SAMPLE_CAP`).

    Parameters
    ----------
    sums : numpy.ndarray
        The sums of a table so far (`PeggingTable.sums`).
    target_se : float
        The standard error each value should reach, in points.
    margin : float, default 1.02
        A factor on the samples, for the error in the variance estimates.
    cap : int, default 0
        Samples per keep at most (0: `PEGGING_SAMPLE_CAP`).

    Returns
    -------
    numpy.ndarray
        (1820,) int64 samples per keep.

    Examples
    --------
    >>> needed = pegging_samples_needed(build_pegging_table(8, seed=1).sums, 0.5)
    >>> bool(needed.min() >= 8 and needed.sum() > 8 * 1820)
    True
    """
    target_se = positive(target_se, "target_se", "number of points")
    margin = real(margin, "margin", 1.0)
    cap = integer(cap, "cap", 0, PEGGING_SAMPLE_CAP) or PEGGING_SAMPLE_CAP
    table = _pegging_from_sums(sums, {})
    n = table.sums[:, 0, 0].astype(np.int64)
    var = np.maximum(table.dealer_se, table.pone_se) ** 2 * n
    # At most the cap, worked out in floats first (a tiny target needs more
    # samples than an integer holds: infinitely many, then the cap).
    with np.errstate(over="ignore", divide="ignore"):
        want = np.minimum(np.ceil(margin * var / target_se / target_se), cap).astype(np.int64)
    needed: npt.NDArray[np.int64] = np.maximum(want, np.minimum(n, cap))
    return needed


def build_pegging_table(
    samples: int | None = None,
    seed: int = 2026,
    *,
    target_se: float | None = None,
    pilot: int = 2000,
    chunk: int = 0,
    ray_address: str | None = None,
    use_ray: bool = False,
    progress: bool = False,
) -> PeggingTable:
    """Simulates `samples` deals per kept hand, or as many as each kept hand
    needs for a standard error of `target_se`.

    With `target_se`, every keep first plays `pilot` samples; then each keep
    gets the samples its larger role variance needs (see
    `pegging_samples_needed`), re-estimated from all its samples after
    each round until every keep has enough. The table's ``meta`` records the
    standard errors reached (``max_se``, ``median_se``): the largest exceeds
    the target only for a keep at `PEGGING_SAMPLE_CAP`.

    Parameters
    ----------
    samples : int or None
        Samples per kept rank multiset (each plays the deal as dealer and as
        pone); standard errors fall as ``1 / sqrt(samples)``.
    seed : int
        The same seed gives the same table, whatever the chunking; sample
        ``j`` of a keep is the same in a uniform and a target-SE table.
    target_se : float or None
        The standard error (points) each value should reach; give this or
        `samples`.
    pilot : int
        Samples per keep before the allocation (with `target_se`).
    chunk : int
        Samples per task (0: about 1% of a phase, at most 100,000, so Ctrl-C
        stops within seconds).
    ray_address, use_ray
        Run the chunks on Ray through ``cribbage_fast.distributed.map_ranges``.
    progress : bool
        Show a progress bar per phase.

    Returns
    -------
    PeggingTable

    Raises
    ------
    TypeError
        `samples` or `pilot` not an integer.
    ValueError
        Neither or both of `samples` and `target_se`; fewer than 2 samples or
        pilot samples; a target that is not a positive number; a seed outside
        64 bits.

    Examples
    --------
    >>> build_pegging_table(2, seed=1).samples
    2
    >>> t = build_pegging_table(seed=1, target_se=1.5, pilot=4)
    >>> t.meta["max_se"] <= 1.5
    True
    """
    if (samples is None) == (target_se is None):
        raise ValueError("give exactly one of samples and target_se")
    seed = integer(seed, "seed", 0, 2**64 - 1)
    chunk = integer(chunk, "chunk", 0)
    use_ray, progress = flag(use_ray, "use_ray"), flag(progress, "progress")
    started = time.perf_counter()
    run = functools.partial(
        _run_keep_ranges, seed, chunk, ray_address, use_ray or ray_address is not None, progress
    )
    if samples is not None:
        samples = integer(samples, "samples", 2, PEGGING_SAMPLE_CAP)
        sums = run([0] * len(KEEPS), [samples] * len(KEEPS), "pegging")
        plan: dict[str, Any] = {"allocation": "uniform", "samples_per_keep": samples}
    else:
        assert target_se is not None
        target_se = positive(target_se, "target_se", "number of points")
        pilot = integer(pilot, "pilot", 2, PEGGING_SAMPLE_CAP)
        counts = np.full(len(KEEPS), pilot, dtype=np.int64)
        sums = run([0] * len(KEEPS), counts.tolist(), "pegging pilot")
        rounds = 0
        # Each round only adds samples, up to the cap: the loop ends.
        while ((needed := pegging_samples_needed(sums, target_se)) > counts).any():
            rounds += 1
            sums += run(counts.tolist(), needed.tolist(), f"pegging round {rounds}")
            counts = needed
        plan = {
            "allocation": "target_se: a pilot, then samples per keep in proportion to "
            "the larger role variance (times 1.02), re-estimated each round",
            "target_se": target_se,
            "pilot": pilot,
            "rounds": rounds,
            "capped_keeps": int((counts >= PEGGING_SAMPLE_CAP).sum()),
        }
    table = _pegging_from_sums(sums, {})
    se = np.concatenate([table.dealer_se, table.pone_se])
    meta = {
        "engine_version": _core.__version__,
        "method": PEGGING_METHOD,
        "seed": seed,
        **plan,
        "total_samples": int(table.sums[:, 0, 0].sum()),
        "max_se": round(float(se.max()), 5),
        "median_se": round(float(np.median(se)), 5),
        "seconds": round(time.perf_counter() - started, 1),
    }
    return _pegging_from_sums(sums, stamp(meta, {"sums": table.sums}))


def _run_keep_ranges(
    seed: int,
    chunk: int,
    ray_address: str | None,
    use_ray: bool,
    progress: bool,
    froms: list[int],
    tos: list[int],
    desc: str,
) -> npt.NDArray[np.uint64]:
    """The sums of samples ``froms[k]..tos[k]`` of every keep, in chunks."""
    total = sum(tos) - sum(froms)
    sums = np.zeros(len(KEEPS) * 2 * PEGGING_STATS, dtype=np.uint64)
    if total == 0:
        return sums
    chunk = chunk or min(max(len(KEEPS), total // 100), 100_000)
    fn = functools.partial(keep_range_sums, seed, froms, tos)
    if use_ray:
        from .. import distributed  # type: ignore[attr-defined,unused-ignore]

        parts: Iterable[npt.NDArray[np.uint64]] = distributed.map_ranges(
            fn, total, chunk=chunk, address=ray_address, progress=progress, desc=desc
        )
    else:
        parts = map_local(fn, total, chunk, desc, enabled=progress)
    for part in parts:
        sums += part
    return sums


def save_pegging_table(table: PeggingTable, path: str | Path) -> None:
    """Writes a pegging table (its exact sums and metadata) as ``.npz``,
    read back by ``pegging_table(path)``.

    Parameters
    ----------
    table : PeggingTable
        The table, as `build_pegging_table` or `pegging_table` give it.
    path : str or Path
        The file to write.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> from cribbage_fast.tables import pegging_table
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "pegging.npz"
    >>> save_pegging_table(pegging_table(), path)
    >>> pegging_table(path).meta == pegging_table().meta
    True
    """
    meta = stamp(table.meta, {"sums": table.sums})
    save_npz(path, sums=table.sums, meta=np.array(json.dumps(meta)))


def ship_pegging_table(table: PeggingTable, data_dir: str | Path) -> None:
    """Writes a pegging table in the engine's shipped form:
    ``pegging_sums.bin`` (little-endian uint64 sums, (1820, 2, 5)) and
    ``pegging_meta.json`` in `data_dir` (the repository's ``src/data``),
    built into the next engine build.

    Parameters
    ----------
    table : PeggingTable
        The table to ship.
    data_dir : str or Path
        An existing directory, normally ``src/data`` of the repository.

    Raises
    ------
    FileNotFoundError
        `data_dir` is not a directory.

    Examples
    --------
    >>> from cribbage_fast.tables import pegging_table
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ship_pegging_table(pegging_table(), folder)
    >>> sorted(p.name for p in folder.iterdir())
    ['pegging_meta.json', 'pegging_sums.bin']
    """
    data = table.sums.astype("<u8").tobytes()
    files = ("pegging_sums.bin", "pegging_meta.json")
    write_shipped(data_dir, files, data, table.meta, {"sums": table.sums})
