"""Reference discard analysis by plain enumeration (docs/rules.md, "The show"; hand sizes from
"Dealing, cutting, misdeals").

Slow on purpose and independent of the Rust core: every unseen starter is tried for the
kept hand, and every completion of the crib with every starter is dealt and scored.

The crib model (the same as ``cribbage_fast.analyze_discards``): the crib's other cards
are an unordered set drawn uniformly from the cards the player cannot see (2 cards for a
6-card hand, 3 for a 5-card hand), and the starter is any remaining unseen card; every
such deal weighs the same.

The show is scored by a small private scorer below, because ``reference.show`` does not
exist on this branch; it can be swapped for ``reference.show.score_hand`` later.

Examples
--------
>>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]  # doctest: +SKIP
>>> best.discard, best.keep  # doctest: +SKIP
(('JC', 'KD'), ('5H', '5D', '4S', '6H'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .cards import DECK, JACK, RefCard, card_index, card_text, check_distinct, parse_cards
from .show import rank_points, score_cards


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

    Raises
    ------
    ValueError
        unknown card text, a repeated card, or not 5 or 6 cards.
    """
    cards = parse_cards(hand)
    if len(cards) not in (5, 6):
        raise ValueError(f"a hand to discard from must have 6 or 5 cards, got {len(cards)}")
    check_distinct(cards)
    unseen = [c for c in DECK if c not in cards]
    n_discard = 2 if len(cards) == 6 else 1
    options = []
    for positions in combinations(range(len(cards)), n_discard):
        discard = [cards[p] for p in positions]
        keep = [c for p, c in enumerate(cards) if p not in positions]
        hand_total = sum(score_cards(keep, starter) for starter in unseen)
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
        indices = sorted(card_index(c) for c in parse_cards(option.discard))
        return (
            -option.exact_net(),
            -Fraction(option.hand_total, option.hand_deals),
            indices,
        )

    return sorted(options, key=order)
