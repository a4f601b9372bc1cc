"""Win probabilities of every two-player board position, Expert against Expert.

For a game to 121 between two `cribbage_fast.ExpertPlayer` bots, the
table gives, for my score ``x`` (0..120), my opponent's ``y`` (0..120) and who
deals next, the chance that I win and the game points I expect (a win counts
1, 2 with a skunk, 3 with a double skunk; losses count negative), with each
cell's standard error. The table is built into the engine (so the Rust core
can read it too) and loads lazily.

How it is built (``cribbage-fast tables positions``): many seeded deals are
played Expert against Expert from every board at once (the Expert lays its
cards board-aware, so each deal is a small tree of plays that branches where
the board changes a lay); a backward dynamic programme over the board walks
every deal's scoring events in play order (his heels, the pegging, the pone's
hand, the dealer's hand, the crib) from every position: the first side to
reach 121 wins. Standard errors come from batch means over 20 interleaved
batches of the deals.

Examples
--------
>>> from cribbage_fast import win_probability
>>> 0.5 < win_probability(0, 0, dealer=True) < 0.6
True
>>> round(win_probability(60, 90, True) + win_probability(90, 60, False), 12)
1.0
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag, integer
from .._util.extras import require
from .._util.files import atomic_open, save_figure
from ._checks import TableCheck, built_in, read_only, stamp

#: The points of the usual game.
TARGET = _core.TARGET
SCORES = 121

FloatArray = npt.NDArray[np.float64]
#: The dealer's (121, 121) arrays of a table, in the order of the shipped
#: ``src/data/positions.bin`` (``crate::positions``).
ARRAYS = ("win", "points", "win_stderr", "points_stderr")
#: How the table is built (its build record's ``method``).
METHOD = (
    "backward dynamic programme over (dealer score, pone score) before each deal, "
    "using sampled Expert-vs-Expert deals scored in play order from every board "
    "(board-aware lays as branches); batch-means standard errors over 20 batches"
)
#: Batches of deals for the standard errors.
BATCHES = 20
#: The range of each array's values: a probability, game points (a triple
#: skunk either way) and their standard errors.
_RANGES = {
    "win": (0.0, 1.0),
    "points": (-3.0, 3.0),
    "win_stderr": (0.0, 1.0),
    "points_stderr": (0.0, 6.0),
}


@dataclass(frozen=True)
class PositionTable:
    """Every board position's win probability and game points.

    Arrays have shape (121, 121, 2), indexed ``[my score, their score, k]``
    with ``k = 0`` when I deal next and ``k = 1`` when the opponent does.

    Attributes
    ----------
    win, game_points : numpy.ndarray
        My chance to win, and my expected game points (-3 to 3).
    stderr, game_points_stderr : numpy.ndarray
        Their standard errors.
    metadata : dict
        Engine version, method, seed, deals, batches, build time.
    """

    win: FloatArray
    game_points: FloatArray
    stderr: FloatArray
    game_points_stderr: FloatArray
    metadata: dict[str, Any]

    @classmethod
    def from_dealer(cls, dealer: dict[str, FloatArray], metadata: dict[str, Any]) -> PositionTable:
        """The table from the dealer's (121, 121) arrays by [dealer, pone].

        Parameters
        ----------
        dealer : dict of numpy.ndarray
            The `ARRAYS` from the dealer's side, indexed [dealer's score, pone's score].
        metadata : dict
            The build record.

        Returns
        -------
        PositionTable
            Both sides' views: the pone's is the dealer's, transposed.

        Examples
        --------
        >>> import numpy as np
        >>> half = {name: np.full((121, 121), 0.5) for name in ARRAYS}
        >>> PositionTable.from_dealer(half, {}).win.shape
        (121, 121, 2)
        """

        def both(a: FloatArray, sign: float, shift: float) -> FloatArray:
            # I deal: my view is the dealer's; they deal: the pone's.
            return np.stack([a, shift + sign * a.T], axis=-1).astype(np.float64)

        # Read-only: the shipped table is shared by every caller.
        return cls(
            win=read_only(both(dealer["win"], -1.0, 1.0)),
            game_points=read_only(both(dealer["points"], -1.0, 0.0)),
            stderr=read_only(both(dealer["win_stderr"], 1.0, 0.0)),
            game_points_stderr=read_only(both(dealer["points_stderr"], 1.0, 0.0)),
            metadata=metadata,
        )

    def half_width(self) -> float:
        """The largest 95% half-width of a win probability, in percentage points.

        Returns
        -------
        float
            1.96 times the largest standard error, times 100.

        Examples
        --------
        >>> round(position_table().half_width(), 2)
        0.49
        """
        return float(1.96 * 100 * self.stderr.max())

    def dealer_arrays(self) -> dict[str, FloatArray]:
        """The dealer's (121, 121) arrays, by `ARRAYS` name (the shipped form's order).

        Returns
        -------
        dict of numpy.ndarray
            Indexed [dealer's score, pone's score].

        Examples
        --------
        >>> sorted(position_table().dealer_arrays()) == sorted(ARRAYS)
        True
        """
        views = (self.win, self.game_points, self.stderr, self.game_points_stderr)
        return {name: a[..., 0] for name, a in zip(ARRAYS, views, strict=True)}

    def save(self, path: str | Path) -> None:
        """Writes the table as a compressed .npz (float32, a few hundred KB).

        Parameters
        ----------
        path : str or Path
            The file to write; `load` reads it back.

        Raises
        ------
        OSError
            The file cannot be written.

        Examples
        --------
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "positions.npz"
        >>> position_table().save(path)
        >>> PositionTable.load(path).metadata == position_table().metadata
        True
        """
        arrays: dict[str, Any] = _shipped_form(self.dealer_arrays())
        arrays["metadata"] = np.array(json.dumps(stamp(self.metadata, arrays)))
        with atomic_open(path, "wb") as f:
            np.savez_compressed(f, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> PositionTable:
        """Reads a table written by `save`.

        Parameters
        ----------
        path : str or Path
            A file written by `save`.

        Returns
        -------
        PositionTable
            The table (float32 values, widened to float64).

        Raises
        ------
        OSError
            The file cannot be read (FileNotFoundError: there is none).
        ValueError
            A file that is not a valid table (named, with what is wrong):
            wrong arrays, dtypes or shapes, values out of range or NaN,
            another engine version or method, too few deals, or arrays that
            do not match the checksum its builder recorded.

        Examples
        --------
        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "positions.npz"
        >>> position_table().save(path)
        >>> round(float(PositionTable.load(path).win[0, 0, 0]), 3)
        0.555
        """
        check = TableCheck(path, "position table")
        arrays = check.load_npz(path)
        check.keys(arrays, [*ARRAYS, "metadata"])
        metadata = check.meta(arrays, "metadata")
        return cls.from_dealer(_check_positions(arrays, metadata, check), metadata)


def _shipped_form(dealer: dict[str, FloatArray]) -> dict[str, npt.NDArray[np.float32]]:
    """The dealer's arrays as they are written and checksummed: float32."""
    return {name: dealer[name].astype(np.float32) for name in ARRAYS}


def _check_positions(
    arrays: dict[str, Any], metadata: dict[str, Any], check: TableCheck
) -> dict[str, FloatArray]:
    """The dealer's arrays of a table being loaded, validated: float32
    (121, 121) arrays in range, this engine's method and version, at least a
    deal per batch, and the recorded checksum (else a ValueError naming the
    file)."""
    for name in ARRAYS:
        check.array(arrays, name, np.float32, (SCORES, SCORES))
        check.within(name, arrays[name], *_RANGES[name])
    check.built(metadata, METHOD)
    deals = metadata.get("deals")
    check.true(
        metadata.get("batches") == BATCHES and isinstance(deals, int) and deals >= BATCHES,
        f"its build record needs {BATCHES} batches of at least a deal each, "
        f"got {metadata.get('batches')!r} batches and {deals!r} deals",
    )
    check.checksum(metadata, {name: arrays[name] for name in ARRAYS})
    return {name: arrays[name].astype(np.float64) for name in ARRAYS}


@functools.cache
def _shipped_position_table() -> PositionTable:
    flat, text = _core._shipped_positions()
    built_in(flat.size, "position", "positions")
    check = TableCheck("the engine's built-in table (src/data/positions.bin)", "position table")
    metadata = check.meta_text(text)
    arrays = flat.reshape(len(ARRAYS), SCORES, SCORES)
    dealer = _check_positions(dict(zip(ARRAYS, arrays, strict=True)), metadata, check)
    return PositionTable.from_dealer(dealer, metadata)


def position_table() -> PositionTable:
    """The shipped table (built into the engine; loaded and validated on first use).

    Returns
    -------
    PositionTable
        ``win``, ``game_points`` and ``stderr`` of shape (121, 121, 2),
        read-only (shared by every caller); ``metadata`` is the caller's copy.

    Examples
    --------
    >>> from cribbage_fast import position_table
    >>> table = position_table()
    >>> table.win.shape, table.metadata["engine_version"] is not None
    ((121, 121, 2), True)

    Raises
    ------
    RuntimeError
        The engine was built without a position table.
    """
    table = _shipped_position_table()
    return dataclasses.replace(table, metadata=copy.deepcopy(table.metadata))


#: The most a side can end a game with: 120, then a 29 hand.
MAX_SCORE = _core.MAX_SCORE


def _cell(my_score: object, their_score: object, dealer: object) -> tuple[int, int, int]:
    """The table cell of a board, or, for a game already won (a score at or
    past 121), ``(my_score, their_score, -1)``."""
    x = integer(my_score, "my_score", 0, MAX_SCORE)
    y = integer(their_score, "their_score", 0, MAX_SCORE)
    k = 0 if flag(dealer, "dealer") else 1
    if x >= TARGET and y >= TARGET:
        raise ValueError(
            f"my_score {x} and their_score {y} are both at or past {TARGET}: "
            "a game ends when the first side reaches it"
        )
    return (x, y, -1) if max(x, y) >= TARGET else (x, y, k)


def win_probability(my_score: int, their_score: int, dealer: bool) -> float:
    """My chance to win a game to 121 from the board, Expert against Expert.

    Parameters
    ----------
    my_score, their_score : int
        The scores on the board, 0 to 120; or a game's end, one of them at
        or past 121 (at most 149: 120 and a 29 hand).
    dealer : bool
        True when I deal next (the deal is about to start).

    Returns
    -------
    float
        The probability that I win, from the shipped table; 1.0 when my
        score is at or past 121 (the game is won), 0.0 when theirs is.

    Raises
    ------
    ValueError
        A score below 0 or past 149, or both scores at or past 121 (no
        game reaches that: it ends when the first side gets there).
    TypeError
        A score that is not an integer, or a dealer that is not a bool.

    Examples
    --------
    >>> from cribbage_fast import win_probability
    >>> win_probability(115, 60, dealer=False) > 0.9
    True
    >>> win_probability(121, 100, dealer=True), win_probability(100, 125, dealer=True)
    (1.0, 0.0)
    """
    x, y, k = _cell(my_score, their_score, dealer)
    if k < 0:
        return 1.0 if x >= TARGET else 0.0
    return float(_shipped_position_table().win[x, y, k])


def expected_game_points(my_score: int, their_score: int, dealer: bool) -> float:
    """My expected game points from the board (1 a win, 2 a skunk, 3 a double; losses negative).

    Parameters
    ----------
    my_score, their_score : int
        As for `win_probability`: the board, or a game's end.
    dealer : bool
        True when I deal next.

    Returns
    -------
    float
        The expected game points, -3 to 3, from the shipped table; at a
        game's end the points won (positive) or lost: 1, 2 for a skunk
        (the loser under 91), 3 for a double skunk (under 61).

    Raises
    ------
    ValueError, TypeError
        As for `win_probability`.

    Examples
    --------
    >>> from cribbage_fast import expected_game_points
    >>> expected_game_points(100, 30, dealer=True) > 1
    True
    >>> expected_game_points(121, 85, dealer=True), expected_game_points(40, 123, dealer=False)
    (2.0, -3.0)
    """
    x, y, k = _cell(my_score, their_score, dealer)
    if k < 0:
        points = float(_core._game_points(min(x, y), TARGET))
        return points if x >= TARGET else -points
    return float(_shipped_position_table().game_points[x, y, k])


def plot_table(table: PositionTable, path: str | Path) -> None:
    """Draws the win probabilities as two heat maps (I deal next / they deal) to ``path``.

    Raises
    ------
    ImportError
        Without matplotlib (``pip install cribbage_fast[plot]``).
    """
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6), constrained_layout=True)
    titles = ("I deal next", "The opponent deals next")
    for k, (ax, title) in enumerate(zip(axes, titles, strict=True)):
        image = ax.imshow(
            table.win[..., k], origin="lower", cmap="RdBu", vmin=0.0, vmax=1.0, aspect="equal"
        )
        ax.set_title(title)
        ax.set_xlabel("opponent's score")
        ax.set_ylabel("my score")
        ax.contour(table.win[..., k], levels=[0.5], colors="black", linewidths=0.8)
    fig.colorbar(image, ax=axes, shrink=0.85, label="my chance to win (Expert vs Expert)")
    try:
        save_figure(fig, path, dpi=80)
    finally:
        plt.close(fig)
