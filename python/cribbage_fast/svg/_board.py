"""The cribbage board: one track a side, rows of 40 holes in streets of five,
a start hole and the shared game hole, the skunk lines, and each side's front
and back pegs."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from .. import _core
from .._util.args import _describe, integer
from . import _canvas as cv

__all__ = ["board", "hole_position"]

ROW_HOLES = 40
HOLE_DX = 10.0
STREET_GAP = 6.0
TRACK_DY = 13.0
LEFT = 120.0
#: Most tracks a board has: 3 players peg alone, 4 play as two teams.
MAX_SIDES = 3


def _track_rows(target: int) -> int:
    return -(-(target - 1) // ROW_HOLES)


def _row_height(sides: int) -> float:
    return sides * TRACK_DY + 22


def hole_position(hole: int, track: int, sides: int = 2, target: int = 121) -> tuple[float, float]:
    """Where a hole is on `board`: the centre of hole `hole` of `track`.

    Hole 0 is the start hole, ``target - 1`` the last hole of the track, and
    `target` (or more) the game hole that every track shares.

    Parameters
    ----------
    hole : int
        0 to `target`.
    track : int
        The side, 0 to ``sides - 1``.
    sides : int, default 2
        Tracks on the board.
    target : int, default 121
        The points that win.

    Returns
    -------
    tuple of float
        (x, y) in the board picture's coordinates.

    Examples
    --------
    >>> from cribbage_fast.svg import hole_position
    >>> hole_position(1, 0)[0] < hole_position(2, 0)[0]
    True
    >>> hole_position(41, 0)[1] > hole_position(40, 0)[1]  # the next row
    True
    """
    top = 24.0
    if hole >= target:
        rows = _track_rows(target)
        return LEFT + ROW_HOLES * HOLE_DX + 8 * STREET_GAP + 16, top + rows * _row_height(sides) - 8
    if hole == 0:
        return LEFT - 18, top + track * TRACK_DY
    row, i = divmod(hole - 1, ROW_HOLES)
    x = LEFT + i * HOLE_DX + (i // 5) * STREET_GAP
    return x, top + row * _row_height(sides) + track * TRACK_DY


def _scores(values: object, what: str) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise TypeError(f"{what} must be a sequence of scores, got {_describe(values)}")
    if not 2 <= len(values) <= MAX_SIDES:
        raise ValueError(f"{what} must hold 2 or 3 scores (one a side), got {len(values)}")
    return [integer(v, f"{what}[{i}]", 0) for i, v in enumerate(values)]


def side_names(names: Sequence[str] | None, sides: int) -> list[str]:
    if names is None:
        return [f"seat {i}" for i in range(sides)]
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of strings, got {_describe(names)}")
    if len(names) != sides:
        raise ValueError(f"names must hold one name a side ({sides}), got {len(names)}")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(f"names[{i}] must be a string, got {_describe(name)}")
    return [name if len(name) <= 12 else name[:11] + "\u2026" for name in names]


def draw_board(
    parent: ET.Element,
    scores: Sequence[int],
    back: Sequence[int] | None,
    names: Sequence[str],
    target: int,
    x: float,
    y: float,
) -> tuple[float, float]:
    """The board at (x, y), checked arguments; returns its (width, height)."""
    sides = len(scores)
    skunk, double = _core.Game.skunk_lines(target)
    g = cv.group(parent, x, y, class_="board", data_target=str(target))
    width = LEFT + ROW_HOLES * HOLE_DX + 8 * STREET_GAP + 34
    height = _track_rows(target) * _row_height(sides) + 18
    cv.rect(g, 0, 0, width, height, rx="8", fill=cv.WOOD, stroke="#a47b3c")
    for track in range(sides):
        colour = cv.PEG_COLOURS[track]
        label = f"{names[track]} {scores[track]}"
        cv.text(g, 8, 28 + track * TRACK_DY, label, 10, fill=colour, weight="bold", class_="name")
        for hole in range(target):
            hx, hy = hole_position(hole, track, sides, target)
            cv.circle(g, hx, hy, 2, fill=cv.HOLE, class_="hole", data_track=str(track),
                      data_hole=str(hole))  # fmt: skip
    gx, gy = hole_position(target, 0, sides, target)
    cv.circle(g, gx, gy, 4.5, fill=cv.HOLE, class_="hole game-hole", data_hole=str(target))
    cv.text(g, gx, gy + 13, "game", 8, fill=cv.MUTED, anchor="middle")
    _ticks(g, sides, target)
    for at, label in ((skunk, "skunk"), (double, "double skunk")):
        if 1 <= at < target:
            _skunk_line(g, at, label, sides, target)
    for track in range(sides):
        if back is not None and back[track] != scores[track]:
            _peg(g, back[track], track, sides, target, "back")
        _peg(g, scores[track], track, sides, target, "front")
    return width, height


def _ticks(g: ET.Element, sides: int, target: int) -> None:
    for hole in range(10, target, 10):
        hx, hy = hole_position(hole, sides - 1, sides, target)
        cv.text(g, hx, hy + 13, str(hole), 8, fill=cv.MUTED, anchor="middle")


def _skunk_line(g: ET.Element, at: int, label: str, sides: int, target: int) -> None:
    """A line before hole `at` across every track: a loser short of it is skunked."""
    x, top = hole_position(at, 0, sides, target)
    if (at - 1) % ROW_HOLES:
        x = (x + hole_position(at - 1, 0, sides, target)[0]) / 2
    else:
        x -= HOLE_DX / 2
    bottom = top + (sides - 1) * TRACK_DY
    cv.line(g, x, top - 7, x, bottom + 6, stroke="#8b1a1a", stroke_width="1.5",
            class_="skunk-line", data_hole=str(at))  # fmt: skip
    cv.text(g, x, top - 9, f"{label} {at}", 7, fill="#8b1a1a", anchor="middle")


def _peg(g: ET.Element, score: int, track: int, sides: int, target: int, which: str) -> None:
    hole = min(score, target)
    px, py = hole_position(hole, track, sides, target)
    if hole == target:
        px += (track - (sides - 1) / 2) * 7
    colour = cv.PEG_COLOURS[track]
    opacity = "1" if which == "front" else "0.45"
    cv.circle(g, px, py, 4, fill=colour, stroke="#222", stroke_width="0.8", opacity=opacity,
              class_=f"peg {which}", data_track=str(track), data_hole=str(hole),
              data_score=str(score))  # fmt: skip


def board(
    scores: Sequence[int],
    back: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
    target: int = 121,
) -> cv.SVG:
    """A picture of the cribbage board: a track of holes a side, the front
    peg of each side at its score, the back peg at the score before its
    last points, the skunk lines and the players' names.

    The track runs in rows of 40 holes (streets of five) from the start hole
    (score 0) to hole ``target - 1``; a side at the target or past it pegs
    in the shared game hole. With a 121 game the skunk line is before hole
    91 and the double-skunk line before hole 61 (`Game.skunk_lines`).

    Parameters
    ----------
    scores : sequence of int
        Each side's score (2 or 3 sides: partners share a side).
    back : sequence of int, optional
        Each side's score before its last points (the back peg); none drawn
        where it equals the score.
    names : sequence of str, optional
        One name a side (default ``seat 0``, ``seat 1``, ...).
    target : int, default 121
        The points that win, 31 to 1000.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        Scores, back pegs or names of the wrong type.
    ValueError
        Not 2 or 3 sides, a negative score or one no game reaches (past
        the target by more than the best show), a back peg ahead of its front
        peg or at the target, a names list of the wrong length, or a bad
        target.

    Examples
    --------
    >>> from cribbage_fast import svg
    >>> picture = svg.board([95, 60], back=[88, 52], names=["Ann", "Bo"])
    >>> picture.count('class="peg front"'), picture.count('class="skunk-line"')
    (2, 2)
    """
    front = _scores(scores, "scores")
    behind = None if back is None else _scores(back, "back")
    goal = integer(target, "target", 31, 1000)
    # The last points can take a side past the target by at most the best
    # show, as the position table's bound says for a 121 game.
    most = goal - _core.TARGET + _core.MAX_SCORE
    for i, f in enumerate(front):
        if f > most:
            raise ValueError(f"scores[{i}] is {f}: no game to {goal} ends past {most}")
    if behind is not None:
        if len(behind) != len(front):
            raise ValueError(f"back must hold {len(front)} scores, like scores")
        for i, (b, f) in enumerate(zip(behind, front, strict=True)):
            if b > f:
                raise ValueError(f"back[{i}] is {b}, ahead of its front peg at {f}")
            if b >= goal:
                raise ValueError(
                    f"back[{i}] is {b}: the game ends at {goal}, so no back peg is there"
                )
    labels = side_names(names, len(front))
    width = LEFT + ROW_HOLES * HOLE_DX + 8 * STREET_GAP + 34
    height = _track_rows(goal) * _row_height(len(front)) + 18
    title = "the board: " + ", ".join(f"{n} {s}" for n, s in zip(labels, front, strict=True))
    svg = cv.root(width + 4, height + 4, title)
    draw_board(svg, front, behind, labels, goal, 2, 2)
    return cv.finish(svg)
