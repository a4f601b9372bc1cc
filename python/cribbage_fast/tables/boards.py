"""Win chances of every board of three-handed and partnership games, Expert in every seat.

For a game to 121 among three `cribbage_fast.ExpertPlayer` bots, or two
partnerships of two (seats 0 and 2 against 1 and 3), the tables give each
seat's (or partnership's) chance to win from the scores before a deal and
the seat about to deal. Both are built into the engine and described, with
every number and its interval, in docs/tables.md ("Three players and
partnerships").

How they are built (``scripts/ship_tables.py three-hand`` / ``partnership``):
many seeded whole deals are played with the Expert in every seat and their
scoring events kept in play order (his heels, the pegging, the hands in show
order, the crib); a backward dynamic programme over the board walks them from
every board, and the first side to reach 121 wins. The Expert's lays are
taken as they are far from the end of a game: near the end the real Expert
lays a little differently (measured against fresh games in docs/tables.md).

The partnership table holds every board; the three-player table holds a grid
(every third score up to 90, then every score) and interpolates linearly
along each axis between its knots.

Examples
--------
>>> from cribbage_fast import three_player_chances, partnership_chances
>>> chances = three_player_chances([0, 0, 0], dealer=0)
>>> round(sum(chances), 9), chances[0] > chances[1] > 0.25
(1.0, True)
>>> dealing, other = partnership_chances([0, 0], dealer=2)
>>> 0.5 < dealing < 0.6
True
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import integer
from ._checks import TableCheck, built_in

#: Scores 0..120 on each side.
SCORES = 121
#: Batches of deals for the standard errors.
BATCHES = 20
#: The files of each table in the engine's ``src/data``, by number of players.
FILES = {
    3: ("three_hand.bin", "three_hand_meta.json"),
    4: ("partnership.bin", "partnership_meta.json"),
}
#: How each table is built (its build record's ``method``), by number of players.
METHODS = {
    players: (
        f"backward dynamic programme over the {what} before each deal, using sampled "
        "whole deals with the Expert in every seat scored in play order (lays as far from "
        "the end: board-unaware); batch-means standard errors over 20 batches"
        + (
            "; shipped on a grid (every third score to 90, then every score), "
            "interpolated linearly along each axis"
            if players == 3
            else ""
        )
    )
    for players, what in (
        (3, "three scores (from the dealer's seat)"),
        (4, "two partnerships' scores (the dealer's first)"),
    )
}

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class BoardTable:
    """A board table as built: every board's chances and standard errors.

    Attributes
    ----------
    players : int
        3, or 4 for partnerships.
    win, stderr : numpy.ndarray
        Shape (121, 121, 121, 3) for three players, by the scores from the
        dealer's seat on and then the seat (0 the dealer); (121, 121, 2) for
        partnerships, by the dealer's team's score, the other's, then the team
        (0 the dealer's).
    metadata : dict
        Engine version, method, seed, deals, batches, seconds.
    """

    players: int
    win: FloatArray
    stderr: FloatArray
    metadata: dict[str, Any]

    def half_width(self) -> float:
        """The largest 95% half-width of a chance, in percentage points.

        Returns
        -------
        float
            1.96 times the largest standard error, times 100.

        Examples
        --------
        >>> from cribbage_fast.builders import build_board_table
        >>> build_board_table(4, 40, seed=1).half_width() > 0
        True
        """
        return float(1.96 * 100 * self.stderr.max())


def _players(players: object) -> int:
    value = integer(players, "players")
    if value not in FILES:
        raise ValueError(f"players must be 3 or 4 (two players: win_probability), got {value}")
    return value


@functools.cache
def _shipped(players: int) -> tuple[bytes, dict[str, Any]]:
    """The shipped table's bytes and build record, validated once."""
    data, text = _core._shipped_boards(players)
    name, _ = FILES[players]
    built_in(len(data), f"{players}-player board", name.removesuffix(".bin").replace("_", "-"))
    check = TableCheck(f"the engine's built-in table (src/data/{name})", "board table")
    meta = check.meta_text(text)
    check.built(meta, METHODS[players])
    check.checksum(meta, {"data": np.frombuffer(data, np.uint8)})
    return data, meta


def board_table_info(players: int) -> dict[str, Any]:
    """The build record of a shipped board table.

    Parameters
    ----------
    players : int
        3, or 4 for partnerships.

    Returns
    -------
    dict
        Engine version, method, seed, deals, batches, seconds, and the
        precision of what is shipped (the caller's copy).

    Raises
    ------
    ValueError
        Players other than 3 or 4; a built-in table that fails its checks.
    TypeError
        Players that is not an integer.
    RuntimeError
        The engine was built without the table.

    Examples
    --------
    >>> board_table_info(4)["seed"]
    2026
    """
    return copy.deepcopy(_shipped(_players(players))[1])


def _board(scores: object, sides: int) -> list[int]:
    """`scores` as `sides` integers 0..149 (a list of the board's scores)."""
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence | np.ndarray):
        raise TypeError(
            f"scores must be a sequence of {sides} integers, got {type(scores).__name__}"
        )
    values = list(scores)
    if len(values) != sides:
        raise ValueError(f"scores needs {sides} scores, got {len(values)}")
    return [integer(s, f"scores[{i}]", 0, int(_core.MAX_SCORE)) for i, s in enumerate(values)]


def _chances(players: int, scores: object, dealer: object) -> list[float]:
    board = _board(scores, 3 if players == 3 else 2)
    seat = integer(dealer, "dealer", 0, players - 1)
    if not any(s >= _core.TARGET for s in board):
        _shipped(players)  # validated before its first read
    return list(_core._board_chances(players, board, seat))


def three_player_chances(scores: Sequence[int], dealer: int) -> tuple[float, float, float]:
    """Each seat's chance to win a three-handed game to 121 from the board.

    Parameters
    ----------
    scores : sequence of 3 int
        The scores of seats 0, 1 and 2 (play goes 0, 1, 2 to the left), each
        0 to 120; or a game's end, one of them at or past 121 (at most 149).
    dealer : int
        The seat about to deal, 0 to 2.

    Returns
    -------
    tuple of 3 float
        Each seat's chance, summing to 1 (from the shipped table, Expert in
        every seat); at a game's end 1.0 for the winner, 0.0 for the others.

    Raises
    ------
    ValueError
        Not three scores, a score below 0 or past 149, two scores at or past
        121, or a dealer that is not a seat 0 to 2.
    TypeError
        Scores that are not a sequence of integers, or a dealer that is not
        an integer.

    Examples
    --------
    >>> from cribbage_fast import three_player_chances
    >>> first = three_player_chances([110, 100, 100], dealer=1)
    >>> first[0] > 0.5
    True
    >>> three_player_chances([121, 90, 100], dealer=0)
    (1.0, 0.0, 0.0)
    """
    a, b, c = _chances(3, scores, dealer)
    return (a, b, c)


def partnership_chances(team_scores: Sequence[int], dealer: int) -> tuple[float, float]:
    """Each partnership's chance to win a four-handed game to 121 from the board.

    Parameters
    ----------
    team_scores : sequence of 2 int
        The scores of the partnership of seats 0 and 2, then of seats 1 and
        3, each 0 to 120; or a game's end (one at or past 121, at most 149).
    dealer : int
        The seat about to deal, 0 to 3.

    Returns
    -------
    tuple of 2 float
        Each partnership's chance (seats 0 and 2 first), summing to 1, from
        the shipped table; at a game's end 1.0 for the winner.

    Raises
    ------
    ValueError
        Not two scores, a score below 0 or past 149, both at or past 121, or
        a dealer that is not a seat 0 to 3.
    TypeError
        Scores that are not a sequence of integers, or a dealer that is not
        an integer.

    Examples
    --------
    >>> from cribbage_fast import partnership_chances
    >>> ours, theirs = partnership_chances([100, 110], dealer=3)
    >>> round(ours + theirs, 12), theirs > ours
    (1.0, True)
    """
    a, b = _chances(4, team_scores, dealer)
    return (a, b)


def three_player_table() -> FloatArray:
    """Every board's chances from the shipped three-player table.

    Returns
    -------
    numpy.ndarray
        Shape (121, 121, 121, 3), by the scores from the dealer's seat on
        (the dealer, the seat on his left, the next) and then the seat: the
        grid's values, interpolated as `three_player_chances` reads them.

    Raises
    ------
    RuntimeError
        The engine was built without the table.

    Examples
    --------
    >>> from cribbage_fast.tables import three_player_table
    >>> table = three_player_table()
    >>> table.shape, bool(abs(table.sum(axis=-1) - 1).max() < 1e-9)
    ((121, 121, 121, 3), True)
    """
    data, _ = _shipped(3)
    return _core._decode_three_hand(data).reshape(SCORES, SCORES, SCORES, 3)
