"""Pictures of the package's objects, as Jupyter shows them: a game, a
seat's view, the play and simulation statistics (the pictures of a hint and
an analysis sit beside them, in `cribbage_fast.analysis.pictures`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from .. import _core
from .._util.args import _describe
from .._util.names import label
from . import _canvas as cv
from ._board import draw_board, side_names
from ._cards import CARD_H, CARD_W, GAP, draw_hand, draw_pile, draw_row

__all__ = ["game", "header", "pegging", "stats", "view"]

WIDTH = 620.0
ROW = CARD_H + 26


def _sides(names: Sequence[str | None]) -> list[str]:
    """A side's name: its player's (else ``seat N``), or the partners' with 4."""
    if len(names) == 4:
        if not any(names):
            return ["seats 0+2", "seats 1+3"]
        return [f"{label(names, s)} & {label(names, s + 2)}" for s in (0, 1)]
    return [label(names, seat) for seat in range(len(names))]


def _back_pegs(g: _core.Game) -> list[int] | None:
    """Each side's score before its last points, from replaying the moves;
    None when the replay cannot tell (no record, or start scores given)."""
    moves = g.moves()
    scores = list(g.scores)
    if not moves or not g.record:
        return None
    replay = _core.Game(g.num_players, g.seed, g.target, g.muggins, g.first_dealer, record=False)
    back = [0] * len(scores)
    for entry in moves:
        before = replay.scores
        try:
            replay.apply(_core.Move.from_dict(entry))
        except ValueError:  # a game that did not start from its seed alone
            return None
        for side, (old, new) in enumerate(zip(before, replay.scores, strict=True)):
            if new != old:
                back[side] = old
    return back if replay.scores == scores else None


def _goes(events: Sequence[Mapping[str, Any]]) -> tuple[list[int | None], list[int]]:
    """The seats of the current count's lays and the seats that said go at it,
    read back from the end of the event log."""
    seats: list[int | None] = []
    goes: list[int] = []
    for e in reversed(events):
        if e["event"] != "peg" or e["kind"] in ("go_point", "last_card"):
            break
        if e["kind"] == "lay":
            if e["count"] == 31:
                break
            seats.append(e["seat"])
        elif e["kind"] == "go":
            goes.append(e["seat"])
    return seats[::-1], goes[::-1]


def header(svg: ET.Element, title: str, detail: str) -> None:
    cv.text(svg, 8, 20, title, 15, weight="bold", class_="title")
    cv.text(svg, 8, 38, detail, 11, fill=cv.MUTED, class_="detail")


def _game_line(g: _core.Game) -> str:
    if g.is_over:
        kinds = {1: "", 2: " (a skunk)", 3: " (a double skunk)"}
        return f"over: side {g.winner} wins {g.game_points} game points{kinds[g.game_points]}"
    mover = "" if g.to_move is None else f", seat {g.to_move} to move"
    return f"deal {g.deal_number}, {g.phase}, seat {g.dealer} deals{mover}"


def game(g: _core.Game, names: Sequence[str] | None = None) -> cv.SVG:
    """A picture of a game as it stands: the board (front and back pegs),
    every seat's hand, the crib, the starter and the play pile.

    Parameters
    ----------
    g : Game
        The game (any phase).
    names : sequence of str, optional
        One name a side for the board (default: the players' `Game.names`,
        ``seat N`` for an unnamed seat; partners' names joined).

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `g` is not a `Game`, or names that are not strings.
    ValueError
        A names list of the wrong length.

    Examples
    --------
    >>> from cribbage_fast import Game, svg
    >>> g = Game(2, seed=7)
    >>> g.discard(g.hand(0)[:2])
    >>> picture = svg.game(g)
    >>> picture.count('class="card"')  # 4 held, 6 held, 2 in the crib
    12
    """
    if not isinstance(g, _core.Game):
        raise TypeError(f"game needs a Game, got {_describe(g)}")
    players = getattr(g, "names", (None,) * g.num_players)  # the core's Game has none
    labels = side_names(names, g.num_sides) if names is not None else _sides(players)
    seats = range(g.num_players)
    height = 56 + 190 + len(seats) * ROW + ROW + 10
    svg = cv.root(WIDTH, height, f"a game: {_game_line(g)}")
    header(svg, "Game", _game_line(g))
    _, board_h = draw_board(svg, g.scores, _back_pegs(g), labels, g.target, 4, 48)
    y = 48 + board_h + 14
    for seat in seats:
        cv.text(svg, 8, y + 12, label(players, seat)[:15], 11, weight="bold", class_="seat")
        if seat == g.dealer:
            cv.text(svg, 8, y + 28, "dealer", 10, fill=cv.MUTED)
        draw_row(svg, g.hand(seat), 112, y)
        y += ROW
    cv.text(svg, 8, y + 12, "crib", 11, weight="bold")
    draw_row(svg, g.crib, 112, y, step=14)
    left = 112 + (len(g.crib) - 1) * 14 + CARD_W + 3 * GAP if g.crib else 112 + CARD_W
    if g.starter is not None:
        draw_hand(svg, [], g.starter, left, y)
    seats_laid, goes = _goes(g.events()) if g.pile else ([], [])
    draw_pile(svg, g.pile, seats_laid, goes, left + CARD_W + 4 * GAP, y)
    return cv.finish(svg)


def view(v: _core.PlayerView, names: Sequence[str] | None = None) -> cv.SVG:
    """A picture of what one seat may know: its cards, the starter, the pile
    with the count, and the board. With muggins, the show being counted (its
    worth is not written: counting it is the seat's decision) or claimed
    (with the count announced).

    Parameters
    ----------
    v : PlayerView
        From `Game.view`.
    names : sequence of str, optional
        One name a side for the board.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `v` is not a `PlayerView`, or names that are not strings.
    ValueError
        A names list of the wrong length.

    Examples
    --------
    >>> from cribbage_fast import Game, svg
    >>> picture = svg.view(Game(2, seed=7).view(0))
    >>> picture.count('class="card"')
    6
    """
    if not isinstance(v, _core.PlayerView):
        raise TypeError(f"view needs a PlayerView, got {_describe(v)}")
    sides = len(v.scores)
    labels = side_names(names, sides) if names is not None else _sides((None,) * v.num_players)
    showing = v.phase in ("count", "claim")
    height = 56 + 190 + 2 * ROW + 10
    role = "the dealer" if v.is_dealer else "pone"
    detail = f"{v.phase}, seat {v.dealer} deals; {len(v.unseen)} cards unseen"
    svg = cv.root(WIDTH, height, f"seat {v.seat}'s view")
    header(svg, f"Seat {v.seat}'s view ({role})", detail)
    _, board_h = draw_board(svg, v.scores, None, labels, v.target, 4, 48)
    y = 48 + board_h + 14
    cards = v.show_cards if showing else v.hand
    label = ("crib" if v.show_is_crib else "show") if showing else "hand"
    cv.text(svg, 8, y + 12, label, 11, weight="bold")
    draw_hand(svg, cards, v.starter, 96, y)
    if v.announced is not None:  # the claim; while counting, the worth is the question
        cv.text(svg, 8, y + 28, f"{v.announced} announced", 10, fill=cv.MUTED)
    y += ROW
    seats = [seat for seat, _ in v.laid[len(v.laid) - len(v.pile) :]] if v.pile else []
    cv.text(svg, 8, y + 12, "pile", 11, weight="bold")
    draw_pile(svg, v.pile, list(seats), [], 96, y)
    return cv.finish(svg)


def pegging(p: _core.Pegging) -> cv.SVG:
    """A picture of a play: each seat's cards still held and points pegged,
    the pile of the current count in order with who laid each card, the
    count and the seats that said go.

    Parameters
    ----------
    p : Pegging
        The play (any point of it).

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `p` is not a `Pegging`.

    Examples
    --------
    >>> from cribbage_fast import Pegging, svg
    >>> play = Pegging(["5H 10S", "10D 5C"], leader=0)
    >>> _ = play.lay("5H"), play.lay("10D")
    >>> picture = svg.pegging(play)
    >>> 'data-count="15"' in picture, picture.count('class="card"')
    (True, 4)
    """
    if not isinstance(p, _core.Pegging):
        raise TypeError(f"pegging needs a Pegging, got {_describe(p)}")
    svg = cv.root(WIDTH, 56 + (p.seats + 1) * ROW, f"the play, count {p.count}")
    mover = "over" if p.is_over else f"seat {p.to_move} to lay"
    header(svg, "The play", f"count {p.count}, {mover}")
    y = 50.0
    for seat, held in enumerate(p.hands):
        cv.text(svg, 8, y + 12, f"seat {seat}", 11, weight="bold", class_="seat")
        cv.text(svg, 8, y + 28, f"{p.points[seat]} points", 10, fill=cv.MUTED)
        draw_row(svg, held, 112, y)
        y += ROW
    laid = [e.seat for e in p.events if e.kind == "lay"]
    seats: list[int | None] = list(laid[len(laid) - len(p.pile) :]) if p.pile else []
    cv.text(svg, 8, y + 12, "pile", 11, weight="bold")
    draw_pile(svg, p.pile, seats, list(p.said_go), 112, y)
    return cv.finish(svg)


def stats(s: _core.SimulationStats) -> cv.SVG:
    """A picture of simulation statistics: each player's win rate with its
    95% Wilson interval, game points, skunks and mean scores.

    Parameters
    ----------
    s : SimulationStats
        From `simulate`.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `s` is not `SimulationStats`.

    Examples
    --------
    >>> from cribbage_fast import simulate, svg
    >>> picture = svg.stats(simulate("expert", "random", games=50, seed=1))
    >>> picture.count('class="win-rate"')
    2
    """
    if not isinstance(s, _core.SimulationStats):
        raise TypeError(f"stats needs SimulationStats, got {_describe(s)}")
    names = s.players
    # One bar a side: a partnership of four is its two players.
    labels = [f"{names[i]}+{names[i + 2]}" for i in range(2)] if len(names) == 4 else list(names)
    title = " against ".join(labels)
    extra = 34 * (s.sides - 2)
    svg = cv.root(WIDTH, 200 + extra, title)
    header(svg, title, f"{s.games} games, seed {s.seed}, {s.mean_deals:.1f} deals a game")
    span = WIDTH - 200
    for seat in range(s.sides):
        y = 56 + seat * 34
        low, high = s.win_intervals[seat]
        rate = s.win_rates[seat]
        cv.text(svg, 8, y + 13, labels[seat][:18], 11, weight="bold")
        cv.rect(svg, 150, y, span, 18, fill="#eeeeee")
        cv.rect(svg, 150, y, span * rate, 18, fill=cv.PEG_COLOURS[seat], class_="win-rate",
                data_rate=f"{rate:.4f}")  # fmt: skip
        cv.line(svg, 150 + span * low, y + 9, 150 + span * high, y + 9, stroke="#111",
                stroke_width="1.5", class_="interval")  # fmt: skip
        cv.text(svg, 156 + span, y + 13, f"{100 * rate:.1f}%", 11)
    fair = 150 + span / s.sides
    cv.line(svg, fair, 50, fair, 126 + extra, stroke="#999", stroke_dasharray="3,3")
    rows = [
        ("game points", s.game_points),
        ("skunks", s.skunks),
        ("double skunks", s.double_skunks),
        ("mean score", tuple(f"{m:.1f}" for m in s.mean_scores)),
    ]
    for i, (what, values) in enumerate(rows):
        text = f"{what}: {' / '.join(map(str, values))}"
        cv.text(svg, 8 + (i % 2) * 300, 150 + extra + (i // 2) * 18, text, 11)
    return cv.finish(svg)
