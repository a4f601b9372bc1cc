"""Reference show scoring, written for clarity: every subset is enumerated.

Rules: docs/rules.md, "The show" (a crib scores only a five-card flush; nobs is a
jack in hand of the starter's suit, never the starter).

Examples
--------
>>> score_hand("5H 5D 5C JS", "5S")
29
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, pairwise

from .cards import JACK, RefCard, card_text, check_distinct, parse_card, parse_cards, value


@dataclass(frozen=True)
class RefItem:
    """One scoring combination: kind, the cards (as text, sorted), points."""

    kind: str
    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class RefBreakdown:
    """Every scoring combination of a show."""

    items: list[RefItem] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def points_of(self, kind: str) -> int:
        """The points of one kind of combination.

        Parameters
        ----------
        kind : str
            ``"fifteen"``, ``"pair"``, ``"run"``, ``"flush"`` or ``"nobs"``.

        Returns
        -------
        int
            The points of the items of that kind.

        Examples
        --------
        >>> explain_hand("4S 5H 5D 6C", "KS").points_of("run")
        6
        """
        return sum(item.points for item in self.items if item.kind == kind)


def _sorted_text(cards: tuple[RefCard, ...]) -> tuple[str, ...]:
    return tuple(card_text(c) for c in sorted(cards, key=lambda c: (c[0], "CDHS".index(c[1]))))


def _is_run(cards: tuple[RefCard, ...]) -> bool:
    ranks = sorted(c[0] for c in cards)
    return all(b == a + 1 for a, b in pairwise(ranks))


def _validate(hand: object, starter: object, crib: bool) -> tuple[list[RefCard], RefCard]:
    cards = parse_cards(hand)
    if starter is None:
        # Five cards without a starter: the last is the starter.
        if len(cards) != 5:
            raise ValueError(
                f"without a starter, hand must hold 5 cards, the starter last, got {len(cards)}"
            )
        start = cards.pop()
    else:
        if len(cards) == 5:
            raise ValueError("hand holds 5 cards and a starter is given: give 4 with it")
        start = parse_card(starter)
    if len(cards) != 4:
        raise ValueError(f"{'a crib' if crib else 'a hand'} must have 4 cards, got {len(cards)}")
    check_distinct([*cards, start])
    return cards, start


def explain_hand(hand: object, starter: object = None, crib: bool = False) -> RefBreakdown:
    """Itemise a show: fifteens, pairs, runs (longest only), flush, nobs.

    Parameters
    ----------
    hand : str or iterable
        Four cards: one space-separated string or card texts; five without
        a starter (the last is the starter).
    starter : object, default None
        The starter's text; None when `hand` holds it.
    crib : bool, default False
        Score as a crib (only a five-card flush counts).

    Returns
    -------
    RefBreakdown
        Every scoring combination.

    Raises
    ------
    ValueError, TypeError
        Bad or repeated cards, or not four cards and one starter.

    Examples
    --------
    >>> explain_hand("4S 5H 5D 6C", "KS").total
    16
    """
    cards, start = _validate(hand, starter, crib)
    five = [*cards, start]
    items: list[RefItem] = []
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(value(c) for c in combo) == 15:
                items.append(RefItem("fifteen", _sorted_text(combo), 2))
    for a, b in combinations(five, 2):
        if a[0] == b[0]:
            items.append(RefItem("pair", _sorted_text((a, b)), 2))
    for size in (5, 4, 3):
        runs = [combo for combo in combinations(five, size) if _is_run(combo)]
        if runs:
            items.extend(RefItem("run", _sorted_text(combo), size) for combo in runs)
            break
    suits = {c[1] for c in cards}
    if len(suits) == 1:
        if start[1] in suits:
            items.append(RefItem("flush", _sorted_text(tuple(five)), 5))
        elif not crib:
            items.append(RefItem("flush", _sorted_text(tuple(cards)), 4))
    for card in cards:
        if card[0] == 11 and card[1] == start[1]:
            items.append(RefItem("nobs", (card_text(card),), 1))
    return RefBreakdown(items)


def score_hand(hand: object, starter: object = None, crib: bool = False) -> int:
    """The show total of a 4-card hand (or crib) with the starter.

    Parameters
    ----------
    hand : str or iterable
        Four cards: one space-separated string or card texts; five without
        a starter (the last is the starter).
    starter : object, default None
        The starter's text; None when `hand` holds it.
    crib : bool, default False
        Score as a crib (only a five-card flush counts).

    Returns
    -------
    int
        The total, 0 to 29.

    Raises
    ------
    ValueError, TypeError
        As for `explain_hand`.

    Examples
    --------
    >>> score_hand("5H 5D 5C JS", "5S")
    29
    """
    return explain_hand(hand, starter, crib).total


def his_heels(starter: object) -> int:
    """2 if the starter is a jack, else 0.

    Parameters
    ----------
    starter : object
        The starter's text.

    Returns
    -------
    int
        2 or 0.

    Raises
    ------
    ValueError, TypeError
        Not a card.

    Examples
    --------
    >>> his_heels("JD"), his_heels("QD")
    (2, 0)
    """
    return 2 if parse_card(starter)[0] == 11 else 0


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five sorted ranks (they do not depend on suits),
    by enumerating every subset; cached, for the slow reference discard analysis."""
    points = 0
    for size in range(2, 6):
        points += 2 * sum(sum(min(r, 10) for r in g) == 15 for g in combinations(ranks, size))
    points += 2 * sum(a == b for a, b in combinations(ranks, 2))
    for size in (5, 4, 3):
        runs = [g for g in combinations(ranks, size) if all(b == a + 1 for a, b in pairwise(g))]
        if runs:
            return points + size * len(runs)
    return points


def score_cards(hand: list[RefCard], starter: RefCard, crib: bool = False) -> int:
    """The show of parsed, distinct cards: rank points, flush and nobs."""
    points = rank_points(tuple(sorted([r for r, _ in hand] + [starter[0]])))
    suits = {s for _, s in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            points += 5
        elif not crib:
            points += 4
    return points + any(r == JACK and s == starter[1] for r, s in hand)
