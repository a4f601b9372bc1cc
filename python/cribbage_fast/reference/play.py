"""Reference play (pegging) in plain Python: clarity over speed (docs/rules.md, "The play").

Written independently of the Rust core (it never imports it) so property tests can
hold the two against each other. Cards here are plain text such as ``"5H"`` (a rank,
then one of the suits C D H S); any object whose ``str()`` is card text (for example
``cribbage_fast.Card``) is accepted too.

The rules, as this module applies them:

* Seats lay in turn from the leader; the running count never passes 31.
* The card laid scores for its owner: a count of exactly 15 or 31 is 2; the last
  2, 3 or 4 cards of one rank are a pair (2), pair royal (6) or double pair royal
  (12); the longest tail of n >= 3 cards that sorted are consecutive ranks is a
  run worth n. Only cards since the count last reset take part.
* A seat that holds cards but none that fits must say go (go is illegal when a card
  fits); it lays no more in that count.
* When no seat holds a card that fits, the count ends: the seat that laid last pegs
  1 (go, or last card when all hands are empty), except at exactly 31, where the
  count has already reset. The next seat after the last to lay (skipping empty
  hands) leads the next count. The play is over when every hand is empty.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import SUITS, parse_card, parse_cards
from .cards import card_text as text_of

__all__ = [
    "Pegging",
    "RefPlayBreakdown",
    "RefPlayEvent",
    "RefPlayItem",
    "card_text",
    "explain_play",
    "score_play",
]

MAX_SEATS = 4
MAX_HAND = 6


def card_text(card: object) -> str:
    """Normalised text of one card, e.g. ``"5h"`` -> ``"5H"``, ``"T♠"`` -> ``"10S"``."""
    return text_of(parse_card(card))


def cards_text(cards: object) -> list[str]:
    """Several cards as normalised text, from one string or an iterable."""
    return [text_of(c) for c in parse_cards(cards)]


def rank(card: str) -> int:
    """1 (ace) to 13 (king) of normalised card text."""
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


def value(card: str) -> int:
    """Counting value: ace 1, court cards 10."""
    return min(rank(card), 10)


def order(card: str) -> tuple[int, int]:
    """Sort key: by rank, then suit in the order C D H S."""
    return rank(card), SUITS.index(card[-1])


@dataclass(frozen=True)
class RefPlayItem:
    """One reason for points: ``kind`` and ``points``; ``str()`` is how players say it."""

    kind: str
    points: int

    def __str__(self) -> str:
        words = {
            "fifteen": "fifteen",
            "thirty_one": "thirty-one",
            "pair": "a pair",
            "pair_royal": "a pair royal",
            "double_pair_royal": "a double pair royal",
            "go": "go",
            "last_card": "last card",
        }
        what = f"a run of {self.points}" if self.kind == "run" else words[self.kind]
        return f"{what} for {self.points}"


@dataclass(frozen=True)
class RefPlayBreakdown:
    """What the last card of a pile scores, itemised."""

    pile: tuple[str, ...]
    items: tuple[RefPlayItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def count(self) -> int:
        return sum(value(c) for c in self.pile)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, as `cribbage_fast.PlayBreakdown.to_dict` gives it.

        Returns
        -------
        dict
            ``pile``, ``count``, ``total`` and ``items``.

        Examples
        --------
        >>> explain_play("4S 6H 5D").to_dict()["total"]
        5
        """
        return {
            "pile": " ".join(self.pile),
            "count": self.count,
            "total": self.total,
            "items": [{"kind": i.kind, "points": i.points, "text": str(i)} for i in self.items],
        }

    def __len__(self) -> int:
        return len(self.items)

    def __str__(self) -> str:
        return ", ".join(str(i) for i in self.items) if self.items else "no points"


def items_for(pile: list[str]) -> tuple[RefPlayItem, ...]:
    """The items the last card of a (valid) pile scores."""
    items: list[RefPlayItem] = []
    count = sum(value(c) for c in pile)
    if count == 15:
        items.append(RefPlayItem("fifteen", 2))
    if count == 31:
        items.append(RefPlayItem("thirty_one", 2))

    ranks = [rank(c) for c in pile]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    if same >= 2:
        name = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}[same]
        items.append(RefPlayItem(name, same * (same - 1)))

    # The longest tail whose ranks, sorted, step up by exactly one.
    for n in range(len(ranks), 2, -1):
        tail = sorted(ranks[-n:])
        if all(b - a == 1 for a, b in itertools.pairwise(tail)):
            items.append(RefPlayItem("run", n))
            break
    return tuple(items)


def _checked_pile(pile: object) -> list[str]:
    cards = cards_text(pile)
    if not cards:
        raise ValueError("the pile is empty: it needs at least the card just laid")
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise ValueError(f"card {card} appears more than once")
    count = sum(value(c) for c in cards)
    if count > 31:
        raise ValueError(f"the pile counts {count}, past 31: a count resets at 31")
    return cards


def explain_play(pile: object) -> RefPlayBreakdown:
    """The points of the last card of ``pile`` (cards since the count last reset).

    Parameters
    ----------
    pile : str or iterable
        The cards laid since the count last reset, in order.

    Returns
    -------
    RefPlayBreakdown
        The items the last card scores.

    Raises
    ------
    ValueError, TypeError
        An empty pile, bad or repeated cards, or a count past 31.

    Examples
    --------
    >>> explain_play("7S 9H 8D 6C").total
    4
    """
    cards = _checked_pile(pile)
    return RefPlayBreakdown(tuple(cards), items_for(cards))


def score_play(pile: object) -> int:
    """Points for the last card of ``pile``.

    Parameters
    ----------
    pile : str or iterable
        The cards laid since the count last reset, in order.

    Returns
    -------
    int
        The points of the last card.

    Raises
    ------
    ValueError, TypeError
        As for `explain_play`.

    Examples
    --------
    >>> score_play("4S 6H 5D")
    5
    """
    return explain_play(pile).total


@dataclass(frozen=True)
class RefPlayEvent:
    """One entry of the log: who, what (``lay``, ``go``, ``go_point``, ``last_card``),
    the card laid (or None), the count announced, points and their reasons."""

    seat: int
    kind: str
    card: str | None
    count: int
    items: tuple[RefPlayItem, ...] = field(default=())

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    @property
    def reasons(self) -> tuple[str, ...]:
        return tuple(str(i) for i in self.items)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, as `cribbage_fast.PlayEvent.to_dict` gives it.

        Returns
        -------
        dict
            ``seat``, ``kind``, ``card``, ``count``, ``points`` and ``reasons``.

        Examples
        --------
        >>> Pegging(["5H 10S", "10D 5C"]).lay("5H")[0].to_dict()["count"]
        5
        """
        return {
            "seat": self.seat,
            "kind": self.kind,
            "card": self.card,
            "count": self.count,
            "points": self.points,
            "reasons": list(self.reasons),
        }


class IllegalMove(ValueError):
    """A move the rules do not allow; the play is unchanged."""


class Pegging:
    """One play phase for 2, 3 or 4 seats, same public behaviour as
    ``cribbage_fast.Pegging`` (cards are text here)."""

    def __init__(self, hands: Iterable[object], leader: int = 0) -> None:
        if isinstance(hands, str):
            raise TypeError("hands must be one hand per seat, not one string")
        parsed = [cards_text(h) for h in hands]
        if not 2 <= len(parsed) <= MAX_SEATS:
            raise ValueError(f"the play needs 2, 3 or 4 hands (one per seat), got {len(parsed)}")
        if not 0 <= leader < len(parsed):
            raise ValueError(f"leader must be a seat 0..{len(parsed) - 1}, got {leader}")
        seen: dict[str, int] = {}
        for seat, hand in enumerate(parsed):
            if len(hand) > MAX_HAND:
                raise ValueError(f"seat {seat} holds {len(hand)} cards: a seat holds 0 to 6")
            for card in hand:
                if card in seen:
                    raise ValueError(f"card {card} is dealt twice (seats {seen[card]}, {seat})")
                seen[card] = seat
        self._hands: list[list[str]] = [sorted(h, key=order) for h in parsed]
        self._pile: list[str] = []
        self._said_go: set[int] = set()
        self._points = [0] * len(parsed)
        self._events: list[RefPlayEvent] = []
        # As if the seat before the leader had laid last: the leader leads.
        self._last_to_lay = (leader - 1) % len(parsed)
        self._to_move: int | None = self._first_holder(leader, skip_said_go=False)

    # --- what anyone can see -------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self._hands)

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._to_move is None

    @property
    def count(self) -> int:
        return sum(value(c) for c in self._pile)

    @property
    def pile(self) -> tuple[str, ...]:
        return tuple(self._pile)

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self._points)

    @property
    def said_go(self) -> tuple[int, ...]:
        return tuple(sorted(self._said_go))

    @property
    def events(self) -> tuple[RefPlayEvent, ...]:
        return tuple(self._events)

    def fits(self, card: str) -> bool:
        """Whether `card` keeps the count at 31 or less.

        Parameters
        ----------
        card : str
            Card text.

        Returns
        -------
        bool
            True when it may be laid on the current count.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> play.fits("5H")
        True
        """
        return self.count + value(card) <= 31

    def legal_moves(self) -> list[str]:
        """Cards the seat to move may lay, or ``["go"]``; ``[]`` once over.

        Returns
        -------
        list of str
            Card texts, ``["go"]`` or ``[]``.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> play.legal_moves()
        ['AH', '5H', 'QS', 'KS']
        """
        if self._to_move is None:
            return []
        cards = [c for c in self._hands[self._to_move] if self.fits(c)]
        return cards if cards else ["go"]

    # --- moves ---------------------------------------------------------------

    def play(self, move: object) -> tuple[RefPlayEvent, ...]:
        """`lay` a card, or `go` for ``"go"``.

        Parameters
        ----------
        move : object
            Card text, a card, or ``"go"``.

        Returns
        -------
        tuple of RefPlayEvent
            The events the move produced.

        Raises
        ------
        IllegalMove
            As for `lay` and `go`.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> play.play("KS")[0].count
        10
        """
        if isinstance(move, str) and move.strip().lower() == "go":
            return self.go()
        return self.lay(move)

    def lay(self, card: object) -> tuple[RefPlayEvent, ...]:
        """Lays `card` for the seat to move.

        Parameters
        ----------
        card : object
            Card text or a card the seat holds.

        Returns
        -------
        tuple of RefPlayEvent
            The lay, then a go point or last card if the count ended.

        Raises
        ------
        IllegalMove
            Not the seat's card, past 31, or the play is over.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> _ = play.lay("KS")
        >>> play.lay("KD")[0].points
        2
        """
        text = card_text(card)
        seat = self._seat_to_move(f"lay {text}")
        if text not in self._hands[seat]:
            raise IllegalMove(f"illegal move: seat {seat} to move does not hold {text}")
        if not self.fits(text):
            raise IllegalMove(
                f"illegal move: seat {seat} cannot lay {text}: "
                f"the count would go from {self.count} to {self.count + value(text)}, past 31"
            )
        first = len(self._events)
        self._hands[seat].remove(text)
        self._pile.append(text)
        items = items_for(self._pile)
        self._points[seat] += sum(i.points for i in items)
        self._events.append(RefPlayEvent(seat, "lay", text, self.count, items))
        self._last_to_lay = seat
        self._after_move(seat)
        return tuple(self._events[first:])

    def go(self) -> tuple[RefPlayEvent, ...]:
        """Says go for the seat to move.

        Returns
        -------
        tuple of RefPlayEvent
            The go, and a go point if the count ended.

        Raises
        ------
        IllegalMove
            A card fits, or the play is over.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> for card in ["KS", "KD", "QS"]:
        ...     _ = play.lay(card)
        >>> play.go()[0].kind
        'go'
        """
        seat = self._seat_to_move("go")
        fitting = [c for c in self._hands[seat] if self.fits(c)]
        if fitting:
            raise IllegalMove(
                f"illegal move: seat {seat} cannot say go at count {self.count}: "
                f"it can lay {' '.join(fitting)}"
            )
        first = len(self._events)
        self._said_go.add(seat)
        self._events.append(RefPlayEvent(seat, "go", None, self.count))
        self._after_move(seat)
        return tuple(self._events[first:])

    def clone(self) -> Pegging:
        """An independent copy.

        Returns
        -------
        Pegging
            A copy at the same point of the play.

        Examples
        --------
        >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
        >>> copy = play.clone()
        >>> _ = copy.lay("KS")
        >>> play.count, copy.count
        (0, 10)
        """
        other = Pegging.__new__(Pegging)
        other.__dict__.update(
            {
                "_hands": [list(h) for h in self._hands],
                "_pile": list(self._pile),
                "_said_go": set(self._said_go),
                "_points": list(self._points),
                "_events": list(self._events),
                "_to_move": self._to_move,
                "_last_to_lay": self._last_to_lay,
            }
        )
        return other

    __copy__ = clone

    # --- the rules of turn -----------------------------------------------------

    def _seat_to_move(self, what: str) -> int:
        if self._to_move is None:
            raise IllegalMove(f"illegal move: the play is over: no more moves ({what} was tried)")
        return self._to_move

    def _someone_can_lay(self) -> bool:
        return any(self.fits(c) for hand in self._hands for c in hand)

    def _first_holder(self, start: int, skip_said_go: bool) -> int | None:
        """The first seat from ``start`` on, clockwise, that holds cards (and, within
        a count, has not said go); None when every hand is empty."""
        for step in range(self.seats):
            seat = (start + step) % self.seats
            if self._hands[seat] and not (skip_said_go and seat in self._said_go):
                return seat
        return None

    def _end_count(self) -> None:
        self._pile = []
        self._said_go = set()

    def _after_move(self, mover: int) -> None:
        if self.count == 31:
            # 31 already scored 2; no point for go on top.
            self._end_count()
        elif self._pile and not self._someone_can_lay():
            last = self._last_to_lay
            everyone_out = not any(self._hands)
            item = RefPlayItem("last_card" if everyone_out else "go", 1)
            event_kind = "last_card" if everyone_out else "go_point"
            self._points[last] += 1
            self._events.append(RefPlayEvent(last, event_kind, None, self.count, (item,)))
            self._end_count()
        if not self._pile:
            # A new count: the seat after the last to lay leads.
            self._to_move = self._first_holder(self._last_to_lay + 1, skip_said_go=False)
        else:
            self._to_move = self._first_holder(mover + 1, skip_said_go=True)

    def __repr__(self) -> str:
        return (
            f"Pegging(seats={self.seats}, to_move={self._to_move}, count={self.count}, "
            f"pile={self.pile!r}, points={self.points!r})"
        )
