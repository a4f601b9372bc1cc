"""Builds the board tables of three-handed and partnership games (see
`cribbage_fast.tables.boards`), and plays Expert games from a board to check them.

>>> table = build_board_table(4, 40, seed=3)
>>> table.win.shape, table.metadata["deals"]
((121, 121, 2), 40)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import _core
from .._util.args import integer
from .._util.progress import map_local
from ..tables.boards import BATCHES, FILES, METHODS, SCORES, BoardTable, _board, _players
from ._shipped import write_shipped

DEFAULT_SEED = 2026
CHUNK = 500


class BoardDealSampler:
    """``fn(start, stop)`` sampling deals ``start..stop`` of a seed (picklable, for Ray).

    Examples
    --------
    >>> sampler = BoardDealSampler(3, seed=1)
    >>> sampler(0, 3) == sampler(0, 1) + sampler(1, 3)
    True
    """

    def __init__(self, players: int, seed: int) -> None:
        self.players = _players(players)
        self.seed = seed

    def __call__(self, start: int, stop: int) -> bytes:
        return _core._sample_boards(start, stop, players=self.players, seed=self.seed)


def _shaped(players: int, flat: Any) -> Any:
    sides = 3 if players == 3 else 2
    return np.ascontiguousarray(flat).reshape((SCORES,) * sides + (sides,))


def build_board_table(
    players: int,
    deals: int,
    seed: int = DEFAULT_SEED,
    *,
    chunk: int = CHUNK,
    progress: bool = False,
    ray: bool = False,
    ray_address: str | None = None,
) -> BoardTable:
    """Samples ``deals`` whole deals and solves the board table of ``players``.

    Parameters
    ----------
    players : int
        3, or 4 for partnerships.
    deals : int
        Deals to sample (at least 20, one per batch).
    seed : int
        The sample's seed: the same seed and deals give the same table.
    chunk : int
        Deals per call.
    progress : bool
        Show progress on stderr.
    ray, ray_address : bool, str or None
        Sample on Ray (`cribbage_fast.distributed.map_ranges`; None or
        "local" for a local Ray): the same table.

    Returns
    -------
    BoardTable

    Raises
    ------
    ValueError
        Players other than 3 or 4, too few deals, a bad chunk.

    Examples
    --------
    >>> table = build_board_table(4, 40, seed=3)
    >>> round(float(table.win[0, 0, 0] + table.win[0, 0, 1]), 6)
    1.0
    """
    players = _players(players)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < BATCHES:
        raise ValueError(f"deals must be an integer of at least {BATCHES}, got {deals!r}")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive integer, got {chunk!r}")
    sampler = BoardDealSampler(players, seed)
    began = time.perf_counter()
    if ray:
        from ..distributed import map_ranges

        address = None if ray_address == "local" else ray_address
        chunks = map_ranges(
            sampler, deals, chunk=chunk, address=address, progress=progress, desc="deals"
        )
    else:
        chunks = list(map_local(sampler, deals, chunk, "deals", enabled=progress))
    sampled = time.perf_counter() - began
    solved = _core._solve_boards(chunks, players=players, batches=BATCHES)
    metadata = {
        "engine_version": _core.__version__,
        "method": METHODS[players],
        "players": players,
        "seed": seed,
        "deals": deals,
        "batches": BATCHES,
        "sample_seconds": round(sampled, 1),
        "build_seconds": round(time.perf_counter() - began, 1),
        "ray": ray,
    }
    win, stderr = (_shaped(players, solved[k]) for k in ("win", "win_stderr"))
    return BoardTable(players, win, stderr, metadata)


def _precision(table: BoardTable, data: bytes) -> dict[str, Any]:
    """What the shipped form keeps of `table`: its largest standard error
    and, for the grid, its largest difference from the whole table."""
    out: dict[str, Any] = {"max_stderr": float(table.stderr.max())}
    if table.players == 3:
        error = np.abs(_core._decode_three_hand(data).reshape(table.win.shape) - table.win)
        out["max_grid_error"] = float(error.max())
        out["max_grid_error_board"] = [
            int(i) for i in np.unravel_index(error.argmax(), error.shape)
        ]
        out["grid_error_999"] = float(np.quantile(error, 0.999))
        out["mean_grid_error"] = float(error.mean())
    return out


def ship_board_table(table: BoardTable, data_dir: str | Path) -> None:
    """Writes `table` in the engine's shipped form (``three_hand.bin`` or
    ``partnership.bin`` and its ``*_meta.json``) in `data_dir`.

    The build record gains the shipped form's precision: ``max_stderr``,
    and for three players the grid's interpolated chances against the whole
    table: ``max_grid_error`` (and its board and seat,
    ``max_grid_error_board``), ``grid_error_999`` (the 99.9th percentile)
    and ``mean_grid_error``.

    Parameters
    ----------
    table : BoardTable
        A table of `build_board_table`.
    data_dir : str or Path
        An existing directory, normally ``src/data`` of the repository.

    Raises
    ------
    FileNotFoundError
        `data_dir` is not a directory.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> ship_board_table(build_board_table(4, 40, seed=3), folder)
    >>> sorted(p.name for p in folder.iterdir())
    ['partnership.bin', 'partnership_meta.json']
    """
    win, stderr = (a.reshape(-1).astype(np.float64) for a in (table.win, table.stderr))
    data = bytes(_core._encode_boards(table.players, win, stderr))
    meta = {**table.metadata, **_precision(table, data)}
    arrays = {"data": np.frombuffer(data, np.uint8)}
    write_shipped(data_dir, FILES[table.players], data, meta, arrays)


def play_from_board(players: int, scores: Sequence[int], games: int, seed: int) -> dict[str, Any]:
    """Plays Expert games from a board and gives each side's share with its standard error.

    Parameters
    ----------
    players : int
        3, or 4 for partnerships.
    scores : sequence of int
        The board by side from the dealer's (three seats, or the dealer's
        partnership and the other), each 0 to 120.
    games : int
        Games to play (1 to 10,000,000), on every core.
    seed : int
        Game ``i`` is seeded by ``seed`` and ``i``.

    Returns
    -------
    dict
        ``wins`` (by side), ``share`` and ``stderr`` (by side), ``games``.

    Raises
    ------
    ValueError, TypeError
        A bad board, player count, game count or seed.

    Examples
    --------
    >>> out = play_from_board(3, [119, 119, 119], 20, seed=1)
    >>> sum(out["wins"]), len(out["share"])
    (20, 3)
    """
    players = _players(players)
    board = _board(scores, 3 if players == 3 else 2)
    games = integer(games, "games", 1, 10_000_000)
    wins = _core._play_boards(players, board, games=games, seed=seed)
    share = [w / games for w in wins]
    stderr = [math.sqrt(p * (1 - p) / games) for p in share]
    return {"wins": wins, "share": share, "stderr": stderr, "games": games}
