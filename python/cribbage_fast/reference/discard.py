"""Reference discard analysis by plain enumeration (RULES.md, "The show"; hand sizes from
"Dealing, cutting, misdeals").

Slow on purpose and independent of the Rust core: every unseen starter is tried for the
kept hand, and every completion of the crib with every starter is dealt and scored.

The crib model (the same as ``cribbage_fast.analyze_discards``): the crib's other cards
are an unordered set drawn uniformly from the cards the player cannot see (2 cards for a
6-card hand, 3 for a 5-card hand), and the starter is any remaining unseen card; every
such deal weighs the same.

The show is scored by a small private scorer below, because ``reference.show`` does not
exist on this branch; it can be swapped for ``reference.show.score_hand`` later.

>>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]  # doctest: +SKIP
>>> best.discard, best.keep  # doctest: +SKIP
(('JC', 'KD'), ('5H', '5D', '4S', '6H'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
JACK = 11

# A card is (rank 1..13, suit 0..3), suits in the order clubs, diamonds, hearts, spades.
RefCard = tuple[int, int]
DECK: tuple[RefCard, ...] = tuple((rank, suit) for rank in range(1, 14) for suit in range(4))


def parse_card(text: str) -> RefCard:
    """``"5H"``, ``"10s"``, ``"TH"``, ``"5♥"`` -> (rank, suit)."""
    raw = text.strip()
    if len(raw) < 2:
        raise ValueError(f"unknown card {text!r}")
    suit_text = _SUIT_SYMBOLS.get(raw[-1], raw[-1].upper())
    rank_text = raw[:-1].upper()
    rank_text = "10" if rank_text == "T" else rank_text
    if suit_text not in SUITS or rank_text not in RANKS:
        raise ValueError(f"unknown card {text!r}")
    return RANKS.index(rank_text) + 1, SUITS.index(suit_text)


def card_text(card: RefCard) -> str:
    rank, suit = card
    return RANKS[rank - 1] + SUITS[suit]


def parse_cards(cards: str | Iterable[object]) -> list[RefCard]:
    """One space/comma-separated string, or an iterable of card text (or objects whose
    ``str()`` is card text)."""
    if isinstance(cards, str):
        return [parse_card(t) for t in cards.replace(",", " ").split()]
    return [parse_card(str(c)) for c in cards]


def _value(rank: int) -> int:
    return min(rank, 10)


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks (sorted), by enumerating every subset."""
    points = 0
    for size in range(2, 6):
        for group in combinations(ranks, size):
            if sum(_value(r) for r in group) == 15:
                points += 2
    for a, b in combinations(ranks, 2):
        if a == b:
            points += 2
    for size in (5, 4, 3):
        runs = [
            group
            for group in combinations(ranks, size)
            if all(group[i + 1] == group[i] + 1 for i in range(size - 1))
        ]
        if runs:
            points += size * len(runs)
            break
    return points


def score_show(hand: Sequence[RefCard], starter: RefCard, crib: bool = False) -> int:
    """The show of four cards with the starter (private minimal scorer)."""
    points = rank_points(tuple(sorted([r for r, _ in hand] + [starter[0]])))
    suits = {s for _, s in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            points += 5
        elif not crib:
            points += 4
    if any(r == JACK and s == starter[1] for r, s in hand):
        points += 1
    return points


@dataclass(frozen=True)
class DiscardOption:
    """One discard with exact totals; the averages are ``total / deals``."""

    discard: tuple[str, ...]
    keep: tuple[str, ...]
    dealer: bool
    hand_total: int
    hand_deals: int
    crib_total: int
    crib_deals: int

    @property
    def hand_ev(self) -> float:
        return self.hand_total / self.hand_deals

    @property
    def crib_ev(self) -> float:
        return self.crib_total / self.crib_deals

    @property
    def net(self) -> float:
        return self.hand_ev + self.crib_ev if self.dealer else self.hand_ev - self.crib_ev

    def exact_net(self) -> Fraction:
        hand = Fraction(self.hand_total, self.hand_deals)
        crib = Fraction(self.crib_total, self.crib_deals)
        return hand + crib if self.dealer else hand - crib


def _crib_total(discard: list[RefCard], unseen: list[RefCard]) -> tuple[int, int]:
    """Crib show summed over every (other crib cards, starter) deal, and the deal count.

    The unknown cards (the other crib cards plus the starter) run over every subset of
    the unseen cards, and each of its cards in turn is the starter. The five cards are
    the same whichever is the starter, so their fifteens, pairs, runs and (five-card)
    flush are counted once per subset; nobs is checked for each starter.
    """
    size = 4 - len(discard) + 1
    discard_ranks = [r for r, _ in discard]
    discard_suits = {s for _, s in discard}
    discard_jacks = {s for r, s in discard if r == JACK}
    total = 0
    deals = 0
    for unknown in combinations(unseen, size):
        points = rank_points(tuple(sorted(discard_ranks + [r for r, _ in unknown])))
        if len(discard_suits | {s for _, s in unknown}) == 1:
            points += 5
        # Suits whose jack is among the five cards.
        jack_suits = discard_jacks | {s for r, s in unknown if r == JACK}
        for rank, suit in unknown:
            # Nobs: the jack of the starter's suit is in the crib. If the starter is
            # itself that jack, no other card can be.
            nobs = suit in jack_suits and rank != JACK
            total += points + nobs
            deals += 1
    return total, deals


def analyze_discards(hand: str | Iterable[object], dealer: bool) -> list[DiscardOption]:
    """Every discard of a 6-card (discard 2) or 5-card (discard 1) hand, best first: by
    exact net, then hand EV, then the discarded cards' indices ((rank - 1) * 4 + suit).

    Raises:
        ValueError: unknown card text, a repeated card, or not 5 or 6 cards.
    """
    cards = parse_cards(hand)
    if len(cards) not in (5, 6):
        raise ValueError(f"a hand to discard from must have 6 or 5 cards, got {len(cards)}")
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise ValueError(f"card {card_text(card)} appears more than once")
    unseen = [c for c in DECK if c not in cards]
    n_discard = 2 if len(cards) == 6 else 1
    options = []
    for positions in combinations(range(len(cards)), n_discard):
        discard = [cards[p] for p in positions]
        keep = [c for p, c in enumerate(cards) if p not in positions]
        hand_total = sum(score_show(keep, starter) for starter in unseen)
        crib_total, crib_deals = _crib_total(discard, unseen)
        options.append(
            DiscardOption(
                discard=tuple(card_text(c) for c in discard),
                keep=tuple(card_text(c) for c in keep),
                dealer=dealer,
                hand_total=hand_total,
                hand_deals=len(unseen),
                crib_total=crib_total,
                crib_deals=crib_deals,
            )
        )

    def order(option: DiscardOption) -> tuple[Fraction, Fraction, list[int]]:
        indices = sorted((r - 1) * 4 + s for r, s in map(parse_card, option.discard))
        return (
            -option.exact_net(),
            -Fraction(option.hand_total, option.hand_deals),
            indices,
        )

    return sorted(options, key=order)
