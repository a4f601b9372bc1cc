"""Pictures of cards: one card, a hand (with its starter), a hand's points,
and the play pile with its count and goes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .. import _core
from .._util.args import _describe, integer
from . import _canvas as cv

if TYPE_CHECKING:
    from .._core import Card, HandBreakdown

__all__ = ["breakdown", "card", "hand", "pile"]

CARD_W, CARD_H = 40.0, 56.0
GAP = 6.0
#: A pile's cards overlap: each shows this much of the one under it.
PILE_STEP = 26.0
#: Most cards a hand holds (six are dealt to each of two players).
MAX_HAND = 6
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def as_card(value: object, what: str = "card") -> Card:
    """`value` as a `Card`: a Card or its text (``"5H"``, ``"10S"``).

    Raises
    ------
    TypeError
        Neither a Card nor text, naming `what`.
    ValueError
        Text that is not a card, naming `what`.
    """
    if isinstance(value, _core.Card):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a Card or card text, got {_describe(value)}")
    try:
        return _core.Card.parse(value)
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def as_cards(values: object, what: str, most: int) -> list[Card]:
    """`values` (card text, or an iterable of cards or card text) as at most
    `most` distinct cards."""
    if isinstance(values, str):
        try:
            return _checked(list(_core.cards(values)), what, most)
        except ValueError as err:
            raise ValueError(f"{what}: {err}") from None
    if not isinstance(values, Iterable) or isinstance(values, _core.Card):
        raise TypeError(f"{what} must be card text or a sequence of cards, got {_describe(values)}")
    found: list[Card] = []
    for i, value in enumerate(values):
        if len(found) == most:
            raise ValueError(f"{what} holds more than {most} cards")
        found.append(as_card(value, f"card {i} of {what}"))
    return _checked(found, what, most)


def _checked(found: list[Card], what: str, most: int) -> list[Card]:
    if len(found) > most:
        raise ValueError(f"{what} holds {len(found)} cards, at most {most}")
    seen: set[Card] = set()
    for c in found:
        if c in seen:
            raise ValueError(f"{what} holds {c} twice")
        seen.add(c)
    return found


def rank_text(c: Card) -> str:
    """``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
    return RANKS.get(c.rank, str(c.rank))


def draw_card(parent: ET.Element, c: Card, x: float, y: float) -> ET.Element:
    """One card face with its top-left corner at (x, y)."""
    red = c.suit in "DH"
    colour = cv.RED if red else cv.BLACK
    g = cv.group(
        parent, x, y, class_="card", data_card=str(c), data_colour="red" if red else "black"
    )
    cv.rect(g, 0, 0, CARD_W, CARD_H, rx="4", fill=cv.FACE, stroke=cv.EDGE, stroke_width="1")
    rank = rank_text(c)
    cv.text(g, 4, 15, rank, 13, fill=colour, weight="bold", class_="rank")
    cv.text(g, 4, 27, SUITS[c.suit], 11, fill=colour, class_="suit")
    cv.text(g, CARD_W / 2 + 3, CARD_H - 10, SUITS[c.suit], 24, fill=colour, anchor="middle")
    return g


def draw_row(
    parent: ET.Element, cards: Sequence[Card], x: float, y: float, step: float = CARD_W + GAP
) -> float:
    """Cards side by side from (x, y); returns the row's width."""
    for i, c in enumerate(cards):
        draw_card(parent, c, x + i * step, y)
    return 0.0 if not cards else (len(cards) - 1) * step + CARD_W


def draw_hand(
    parent: ET.Element, cards: Sequence[Card], starter: Card | None, x: float, y: float
) -> float:
    """A hand and, set apart, its starter; returns the width drawn."""
    g = cv.group(parent, x, y, class_="hand")
    width = draw_row(g, cards, 0, 0)
    if starter is not None:
        left = width + (3 * GAP if cards else 0)
        s = cv.group(g, left, 0, class_="starter")
        draw_card(s, starter, 0, 0)
        cv.text(s, CARD_W / 2, CARD_H + 12, "starter", 10, fill=cv.MUTED, anchor="middle")
        width = left + CARD_W
    return width


def card(c: Card | str) -> cv.SVG:
    """A picture of one card: its rank and suit, red or black.

    Parameters
    ----------
    c : Card or str
        The card, or its text (``"5H"``, ``"10S"``, ``"QC"``).

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        Neither a Card nor text.
    ValueError
        Text that is not a card.

    Examples
    --------
    >>> from cribbage_fast import svg
    >>> picture = svg.card("QH")
    >>> 'data-card="QH"' in picture and 'data-colour="red"' in picture
    True
    """
    face = as_card(c)
    svg = cv.root(CARD_W + 2, CARD_H + 2, f"the card {face}")
    draw_card(svg, face, 1, 1)
    return cv.finish(svg)


def hand(cards: str | Iterable[Card | str], starter: Card | str | None = None) -> cv.SVG:
    """A picture of a hand, in the order given, and its starter set apart.

    Parameters
    ----------
    cards : str or iterable of Card or str
        Up to six distinct cards (``"5H 5D 5C JS"`` or a list).
    starter : Card or str, optional
        The starter, drawn after a gap and labelled.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        Not cards, or a starter that is not a card.
    ValueError
        Text that is not a card, more than six cards, a card twice, or the
        starter among the hand.

    Examples
    --------
    >>> from cribbage_fast import svg
    >>> picture = svg.hand("5H 5D 5C JS", starter="5S")
    >>> picture.count('class="card"')
    5
    """
    held = as_cards(cards, "the hand", MAX_HAND)
    cut = None if starter is None else as_card(starter, "the starter")
    if cut is not None and cut in held:
        raise ValueError(f"the starter {cut} is also in the hand")
    width = len(held) * (CARD_W + GAP) + (CARD_W + 3 * GAP if cut else 0) or CARD_W
    svg = cv.root(width + 4, CARD_H + 18, f"the hand {' '.join(map(str, held))}")
    draw_hand(svg, held, cut, 2, 2)
    return cv.finish(svg)


def breakdown(b: HandBreakdown) -> cv.SVG:
    """A picture of a hand's points: the hand, the starter, the total and each
    scoring combination.

    Parameters
    ----------
    b : HandBreakdown
        From `explain_hand`.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        `b` is not a `HandBreakdown`.

    Examples
    --------
    >>> from cribbage_fast import explain_hand, svg
    >>> picture = svg.breakdown(explain_hand("5H 5D 5C JS", "5S"))
    >>> "29 points" in picture
    True
    """
    if not isinstance(b, _core.HandBreakdown):
        raise TypeError(f"breakdown needs a HandBreakdown, got {_describe(b)}")
    items = [str(item) for item in b.items]
    rows = -(-len(items) // 2) if len(items) > 6 else len(items)
    width = max(5 * (CARD_W + GAP) + 2 * GAP + 4, 400 if len(items) > 6 else 240)
    height = CARD_H + 44 + 15 * rows
    svg = cv.root(width, height, f"{'crib' if b.crib else 'hand'} worth {b.total}")
    draw_hand(svg, list(b.hand), b.starter, 2, 2)
    y = CARD_H + 34
    label = "crib" if b.crib else "hand"
    cv.text(svg, 2, y, f"{label}: {b.total} points", 13, weight="bold", class_="total")
    for i, item in enumerate(items):
        column, row = divmod(i, rows) if rows else (0, 0)
        cv.text(svg, 10 + 200 * column, y + 15 * (row + 1), item, 11, class_="item")
    return cv.finish(svg)


def _laid(entries: object) -> tuple[list[Card], list[int | None]]:
    """Cards and the seat of each (None where not given) from cards, card
    text or (seat, card) pairs."""
    if isinstance(entries, str):
        return as_cards(entries, "the pile", 13), []
    if not isinstance(entries, Iterable) or isinstance(entries, _core.Card):
        raise TypeError(f"the pile must be cards or (seat, card) pairs, got {_describe(entries)}")
    cards: list[Card] = []
    seats: list[int | None] = []
    for i, entry in enumerate(entries):
        if len(cards) == 13:
            raise ValueError("the pile holds more than 13 cards (a count never passes 31)")
        if isinstance(entry, tuple) and len(entry) == 2:
            seats.append(integer(entry[0], f"the seat of entry {i} of the pile", 0, 3))
            cards.append(as_card(entry[1], f"card {i} of the pile"))
        else:
            seats.append(None)
            cards.append(as_card(entry, f"card {i} of the pile"))
    return _checked(cards, "the pile", 13), seats


def draw_pile(
    parent: ET.Element,
    cards: Sequence[Card],
    seats: Sequence[int | None],
    goes: Sequence[int],
    x: float,
    y: float,
) -> float:
    """The pile overlapped in order, the count and the goes; returns its width."""
    count = _core.explain_play(cards).count if cards else 0
    g = cv.group(parent, x, y, class_="pile", data_count=str(count))
    for i, c in enumerate(cards):
        draw_card(g, c, i * PILE_STEP, 0)
        if i < len(seats) and seats[i] is not None:
            cv.text(g, i * PILE_STEP + 4, CARD_H + 12, f"s{seats[i]}", 9, fill=cv.MUTED)
    left = (len(cards) - 1) * PILE_STEP + CARD_W + 2 * GAP if cards else 0
    for j, seat in enumerate(goes):
        chip = cv.group(g, left + j * 46, 8, class_="go", data_seat=str(seat))
        cv.rect(chip, 0, 0, 40, 18, rx="9", fill="#fbe3a1", stroke="#b88a1e")
        cv.text(chip, 20, 13, f"go s{seat}", 10, anchor="middle")
    left += len(goes) * 46
    cv.text(g, left, 38, f"count {count}", 15, weight="bold", class_="count")
    return left + 80


def pile(
    laid: str | Iterable[Card | str | tuple[int, Card | str]], goes: Iterable[int] = ()
) -> cv.SVG:
    """A picture of the play pile: the cards of the current count in the
    order laid (each over the last), the count, and the seats that said go.

    Parameters
    ----------
    laid : str or iterable
        The cards since the count last started: card text, cards, or
        ``(seat, card)`` pairs as in `PlayerView.laid` (the seat is written
        under its card).
    goes : iterable of int, default ()
        The seats that said go at this count, in order.

    Returns
    -------
    SVG
        SVG text (a `str`) that Jupyter shows as a picture.

    Raises
    ------
    TypeError
        Not cards, or a seat that is not an integer.
    ValueError
        Text that is not a card, a card twice, a count past 31, or a seat
        outside 0..3.

    Examples
    --------
    >>> from cribbage_fast import svg
    >>> picture = svg.pile([(1, "10S"), (0, "5H"), (1, "6D")], goes=[0])
    >>> 'data-count="21"' in picture, picture.count('class="go"')
    (True, 1)
    """
    cards, seats = _laid(laid)
    if isinstance(goes, str | bytes) or not isinstance(goes, Iterable):
        raise TypeError(f"goes must be seats (integers), got {_describe(goes)}")
    said = [integer(s, f"go {i}", 0, 3) for i, s in enumerate(goes)]
    if len(said) > 3:
        raise ValueError(f"{len(said)} goes at one count: at most 3 (every other seat)")
    width = (len(cards) - 1) * PILE_STEP + CARD_W + 2 * GAP if cards else 0
    width += len(said) * 46 + 84
    svg = cv.root(width, CARD_H + 18, f"the pile {' '.join(map(str, cards))}")
    try:
        draw_pile(svg, cards, seats, said, 2, 2)
    except ValueError as err:
        raise ValueError(f"the pile: {err}") from None
    return cv.finish(svg)
