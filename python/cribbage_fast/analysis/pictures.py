"""Pictures of analysis results, beside the types they draw: a hint (its
best options with their values) and a game analysis (the final board and
each player's summary). Drawn with the primitives of `cribbage_fast.svg`."""

from __future__ import annotations

from typing import Any

from .. import _core
from .._util.args import _describe
from ..svg import _canvas as cv
from ..svg._board import draw_board, side_names
from ..svg._cards import CARD_H, CARD_W, draw_row
from ..svg._objects import WIDTH, header
from .results import GameAnalysisData, HintData

__all__ = ["analysis_svg", "hint_svg"]


def _option_cards(move: dict[str, Any]) -> list[_core.Card]:
    if move.get("move") == "discard":
        return _core.cards(move["cards"])
    if move.get("move") == "lay":
        return [_core.Card(move["card"])]
    return []


def hint_svg(h: HintData, top: int = 6) -> cv.SVG:
    """A picture of a hint: the best options, each with its cards, its value
    as a bar and what it gives up against the best.

    Parameters
    ----------
    h : Hint
        From `hint`.
    top : int, default 6
        How many options to draw, best first.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `h` is not a `Hint`.

    Examples
    --------
    >>> from cribbage_fast import Game, hint
    >>> picture = hint_svg(hint(Game(2, seed=7), budget=46, seed=1), top=3)
    >>> picture.count('class="option"')
    3
    """
    if not isinstance(h, HintData):
        raise TypeError(f"hint needs a Hint, got {_describe(h)}")
    shown = h.options[: max(1, top)]
    win = h.objective.is_chance
    height = 56 + len(shown) * (CARD_H + 12)
    svg = cv.root(WIDTH, height, f"hint for seat {h.seat}: {h.best.action}")
    header(svg, f"Hint for seat {h.seat}: {h.best.action}", h.why())
    scale = max(abs(o.equity) for o in shown) or 1.0
    for i, option in enumerate(shown):
        y = 50 + i * (CARD_H + 12)
        row = cv.group(svg, 8, y, class_="option", data_rank=str(i + 1))
        width = draw_row(row, _option_cards(option.move), 0, 0, step=CARD_W + 2)
        if option.move.get("move") not in ("discard", "lay"):
            cv.text(row, 0, 34, "go", 16, weight="bold")
            width = CARD_W
        left = max(width, 2 * CARD_W + 2) + 14
        cv.text(row, left, 14, option.action, 12, weight="bold")
        value = f"{100 * option.equity:.1f}% to win" if win else f"{option.equity:+.2f} points"
        bar = (WIDTH - left - 170) * abs(option.equity) / scale
        cv.rect(row, left, 22, max(bar, 1), 12, fill="#3d7a3d" if i == 0 else "#8fb08f")
        lost = "" if i == 0 else f"  -{h.objective.scale * h.loss(option):.1f}"
        cv.text(row, left + bar + 6, 32, value + lost, 11)
        cv.text(row, left, 50, option.why(h.objective).split(": ", 1)[-1], 9, fill=cv.MUTED)
    return cv.finish(svg)


def analysis_svg(a: GameAnalysisData) -> cv.SVG:
    """A picture of a game analysis: the final board and each player's
    error rate, marks and the parts of the result (skill, luck, the
    opponent's errors).

    Parameters
    ----------
    a : GameAnalysis
        From `analyze_game`.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `a` is not a `GameAnalysis`.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> g = Game(2, seed=3)
    >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
    >>> picture = analysis_svg(analyze_game(g, seed=1, budget=8))
    >>> picture.count('class="peg front"'), picture.count('class="summary"')
    (2, 2)
    """
    if not isinstance(a, GameAnalysisData):
        raise TypeError(f"analysis needs a GameAnalysis, got {_describe(a)}")
    sides = len(a.players)
    svg = cv.root(WIDTH, 56 + 190 + 55 * sides, f"analysis: {a.side_label(a.winner)} won")
    detail = f"objective {a.objective}, policy {a.policy}, budget {a.budget}, seed {a.seed}"
    board = "-".join(str(s) for s in a.scores)
    title = f"Game analysis: {a.side_label(a.winner)} wins {board}"
    header(svg, title, detail)
    names = side_names([a.side_label(s) for s in range(sides)], sides)
    _, board_h = draw_board(svg, list(a.scores), None, names, 121, 4, 48)
    y = 48 + board_h + 22
    unit = "win" if a.objective.is_chance else "points"
    errors = "opponent's errors" if sides == 2 else "others' errors"
    for p in a.players:
        row = cv.group(svg, 8, y, class_="summary", data_seat=str(p.seat))
        marks = ", ".join(f"{k} {v}" for k, v in p.marks.items() if v) or "no marks"
        name = a.side_label(p.seat)  # the record's name for the seat, else "seat N"
        cv.text(row, 0, 0, name, 12, weight="bold", fill=cv.PEG_COLOURS[p.seat])
        at = max(100, 8 * len(name) + 12)
        rates = f"accuracy {p.accuracy:.1f}, error rate {p.error_rate:.3f}"
        cv.text(row, at, 0, f"{p.unforced} decisions, {rates} ({marks})", 11)
        parts = (
            f"start {p.start:.2f} + skill {p.skill:+.2f} + luck {p.luck:+.2f}"
            f" + {errors} {p.opponent_errors:+.2f} = {p.result:.2f} ({unit})"
        )
        cv.text(row, 100, 16, parts, 10, fill=cv.MUTED)
        y += 40
    return cv.finish(svg)
