"""Builds the five-card tables (three and four players): the crib by the rank each
seat throws, iterated to a fixed point from the Expert's throws, and each seat's
pegging. Same seed, same tables (the sums are exact integers, whatever the chunks).

>>> build = build_five_card_tables(FiveCardSettings(60, 60, 1, 0.01, 30, 20), seed=1)
>>> build.sums.shape, build.meta["players"]["3"]["iterations"]
((344,), 1)
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag, integer, real
from .._util.progress import map_local
from ..tables.five_card import BLOCK_LEN, FIVE_CARD_METHOD
from ._shipped import write_shipped

#: The shipped tables' seed.
DEFAULT_SEED = 2026
#: Deals a chunk of work plays (Ctrl-C stops between chunks).
CHUNK = 20_000
#: Where a block's crib part ends (its pegging part follows).
CRIB_LEN = 4 * 13 * 3


def five_card_sums(
    players: int,
    seed: int,
    start: int,
    stop: int,
    values: npt.NDArray[np.float64] | None = None,
    play: bool = False,
    progress: bool = False,
) -> npt.NDArray[np.uint64]:
    """Exact sums of deals ``start..stop`` of a five-card build.

    Parameters
    ----------
    players : int
        3 or 4.
    seed : int
        The build's seed: deal ``i`` is the first deal of the game seeded from it
        and ``i``.
    start, stop : int
        The deals.
    values : numpy.ndarray or None
        (4, 13) crib values by position and rank the seats throw by; None: they
        throw as the Expert.
    play : bool
        Also play the deals out as the Expert and add each seat's pegging.
    progress : bool
        Show a progress bar on a terminal.

    Returns
    -------
    numpy.ndarray
        (172,) uint64 in the layout of ``crate::tables::crib_five``.

    Raises
    ------
    ValueError
        `players` not 3 or 4, a backwards range, or bad `values`.

    Examples
    --------
    >>> sums = five_card_sums(3, 1, 0, 10)
    >>> int(sums[: 4 * 13 * 3].reshape(4, 13, 3)[:, :, 0].sum())  # 3 seats + the deck card
    40
    """
    seed = integer(seed, "seed", 0, 2**64 - 1)
    start, stop = integer(start, "start", 0), integer(stop, "stop", start)
    play = flag(play, "play")
    total = np.zeros(BLOCK_LEN, np.uint64)

    def part(a: int, b: int) -> npt.NDArray[np.uint64]:
        return _core._five_card_sums(players, seed, start + a, start + b, values, play)

    for sums in map_local(part, stop - start, CHUNK, f"{players}-player deals", enabled=progress):
        total += sums
    return total


@dataclass
class FiveCardBuild:
    """A five-card build: both player counts' sums (three, then four) and the
    build record."""

    sums: npt.NDArray[np.uint64]
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class FiveCardSettings:
    """The sizes of a five-card build (see `build_five_card_tables`)."""

    expert_deals: int = 200_000
    deals: int = 2_000_000
    iterations: int = 30
    tolerance: float = 0.005
    fresh_deals: int = 4_000_000
    pegging_deals: int = 200_000

    def _checked(self) -> FiveCardSettings:
        """These settings, each checked (a TypeError or ValueError naming it)."""
        return FiveCardSettings(
            expert_deals=integer(self.expert_deals, "expert_deals", 1),
            deals=integer(self.deals, "deals", 1),
            iterations=integer(self.iterations, "iterations", 0),
            tolerance=real(self.tolerance, "tolerance", 0.0),
            fresh_deals=integer(self.fresh_deals, "fresh_deals", 1),
            pegging_deals=integer(self.pegging_deals, "pegging_deals", 1),
        )


def _fixed_point(
    players: int, settings: FiveCardSettings, seed: int, progress: bool
) -> tuple[npt.NDArray[np.float64], dict[str, Any]]:
    """The values the seats throw by at the fixed point, and how it went."""
    deals, tolerance = settings.deals, settings.tolerance
    sums = five_card_sums(players, seed, 0, settings.expert_deals, progress=progress)
    values = _core._five_card_crib(players, sums)[3]
    expert = values.copy()
    changes: list[float] = []
    for n in range(1, settings.iterations + 1):
        sums = five_card_sums(players, seed, 0, deals, values, progress=progress)
        measured = _core._five_card_crib(players, sums)[3]
        step = 2.0 / (n + 1)
        new = values + step * (measured - values)
        changes.append(float(np.abs(new - values).max()))
        values = new
        if changes[-1] < tolerance:
            break
    record = {
        "iterations": len(changes),
        "changes": [round(c, 5) for c in changes],
        "converged": bool(changes) and changes[-1] < tolerance,
        "expert_values": np.round(expert, 4).tolist(),
        "values": np.round(values, 4).tolist(),
    }
    return values, record


def build_five_card_tables(
    settings: FiveCardSettings | None = None, seed: int = DEFAULT_SEED, progress: bool = False
) -> FiveCardBuild:
    """Builds the five-card tables for three and four players.

    The fixed point starts from the crib measured with every seat throwing as
    the Expert (deals ``0..expert_deals``), then iterates on deals ``0..deals``
    (the same each iteration); the shipped crib is measured on fresh deals
    (``deals..deals + fresh_deals``) thrown by the fixed point's values, the
    pegging on the deals after those, thrown and played by the Expert.

    Parameters
    ----------
    settings : FiveCardSettings or None
        The sizes (None: the shipped build's).
    seed : int
        The build's seed.
    progress : bool
        Show progress on a terminal.

    Returns
    -------
    FiveCardBuild
        The sums to ship and the build record.

    Raises
    ------
    ValueError, TypeError
        A bad setting or seed, naming it.

    Examples
    --------
    >>> small = FiveCardSettings(40, 40, 1, 0.01, 20, 10)
    >>> build_five_card_tables(small, seed=3).meta["settings"]["fresh_deals"]
    20
    """
    settings = (settings or FiveCardSettings())._checked()
    seed = integer(seed, "seed", 0, 2**64 - 1)
    began = time.perf_counter()
    blocks, record = [], {}
    for players in (3, 4):
        values, rec = _fixed_point(players, settings, seed, progress)
        start, stop = settings.deals, settings.deals + settings.fresh_deals
        crib = five_card_sums(players, seed, start, stop, values, progress=progress)
        end = stop + settings.pegging_deals
        peg = five_card_sums(players, seed, stop, end, play=True, progress=progress)
        blocks.append(np.concatenate([crib[:CRIB_LEN], peg[CRIB_LEN:]]))
        record[str(players)] = rec
    meta = {
        "engine_version": _core.__version__,
        "method": FIVE_CARD_METHOD,
        "seed": seed,
        "settings": asdict(settings),
        "players": record,
        "seconds": round(time.perf_counter() - began, 1),
    }
    return FiveCardBuild(np.concatenate(blocks), meta)


def ship_five_card_tables(build: FiveCardBuild, data_dir: str | Path) -> None:
    """Writes a build into the engine's ``src/data`` (``five_card_sums.bin`` and
    ``five_card_meta.json``); rebuild the engine afterwards to ship it.

    Parameters
    ----------
    build : FiveCardBuild
        What `build_five_card_tables` returned.
    data_dir : str or Path
        The repository's ``src/data``.

    Raises
    ------
    FileNotFoundError
        `data_dir` is not a directory.
    ValueError
        The sums are not both player counts' blocks.

    Examples
    --------
    >>> import tempfile
    >>> b = build_five_card_tables(FiveCardSettings(40, 40, 0, 0.01, 20, 10), seed=3)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     ship_five_card_tables(b, d)
    ...     sorted(p.name for p in Path(d).iterdir())
    ['five_card_meta.json', 'five_card_sums.bin']
    """
    sums = np.ascontiguousarray(build.sums, dtype=np.uint64)
    if sums.shape != (2 * BLOCK_LEN,):
        raise ValueError(f"five-card sums must have shape ({2 * BLOCK_LEN},), got {sums.shape}")
    files = ("five_card_sums.bin", "five_card_meta.json")
    write_shipped(data_dir, files, sums.astype("<u8").tobytes(), build.meta, {"sums": sums})


def five_card_match(
    players: int,
    values: npt.NDArray[np.float64],
    games: int,
    seed: int = DEFAULT_SEED,
    progress: bool = False,
) -> dict[str, float]:
    """A thrower by crib `values` in one seat (rotating) against Experts, each
    game paired with the same deals played by Experts alone.

    Parameters
    ----------
    players : int
        3 or 4.
    values : numpy.ndarray
        (4, 13) crib values by position and rank.
    games : int
        Games (each played twice: with the thrower and without).
    seed : int
        The match's seed.
    progress : bool
        Show progress on a terminal.

    Returns
    -------
    dict
        ``games``, ``share`` (the thrower's side's wins), ``expert_share`` (the
        Expert's in the same seats), ``difference`` and its standard error
        ``se`` (paired).

    Raises
    ------
    ValueError, TypeError
        Bad players, values, games or seed.

    Examples
    --------
    >>> m = five_card_match(3, _core._five_card_crib(3, five_card_sums(3, 1, 0, 50))[3], 3)
    >>> m["games"]
    3
    """
    games, seed = integer(games, "games", 1), integer(seed, "seed", 0, 2**64 - 1)
    total = np.zeros(4, np.uint64)

    def part(a: int, b: int) -> npt.NDArray[np.uint64]:
        return np.array(_core._five_card_match(players, values, seed, a, b), np.uint64)

    for sums in map_local(part, games, 200, f"{players}-player games", enabled=progress):
        total += sums
    n, new, old, differ = (int(x) for x in total)
    diff = (new - old) / n
    var = max(differ / n - diff * diff, 0.0) * n / max(n - 1, 1)
    return {
        "games": n,
        "share": new / n,
        "expert_share": old / n,
        "difference": diff,
        "se": (var / n) ** 0.5,
    }
