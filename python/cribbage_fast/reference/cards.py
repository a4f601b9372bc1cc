"""Reference cards: plain text parsing, independent of the Rust core.

A reference card is a ``(rank, suit)`` tuple: rank 1..13 (ace low), suit one
of ``"C" "D" "H" "S"``.

Examples
--------
>>> parse_card("10h")
(10, 'H')
"""

from __future__ import annotations

from collections.abc import Iterable

RefCard = tuple[int, str]

SUITS = "CDHS"
SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
JACK = 11
# Every card, in index order.
DECK: tuple[RefCard, ...] = tuple((rank, suit) for rank in range(1, 14) for suit in SUITS)


def parse_card(card: object) -> RefCard:
    """Parse one card from text like ``5H`` (or anything whose ``str()`` is that).

    Parameters
    ----------
    card : object
        Card text (``5H``, ``5h``, ``5♥``, ``10H``, ``TH``) or an object whose
        ``str()`` is card text, such as a `cribbage_fast.Card`.

    Returns
    -------
    tuple of (int, str)
        The rank (1 to 13) and the suit letter.

    Raises
    ------
    TypeError
        not a string or card object.
    ValueError
        text that is not a card.

    Examples
    --------
    >>> parse_card("10h"), parse_card("A♠")
    ((10, 'H'), (1, 'S'))
    """
    if isinstance(card, bool | int | float | bytes) or card is None:
        raise TypeError(f"expected a Card or card text like '5H', got {card!r}")
    text = str(card).strip()
    if len(text) < 2:
        raise ValueError(f"unknown card {text!r}")
    rank_text, suit_text = text[:-1].upper(), text[-1]
    suit = SYMBOLS.get(suit_text, suit_text.upper())
    if suit not in SUITS:
        raise ValueError(f"unknown card {text!r}")
    if rank_text in RANKS:
        rank = RANKS[rank_text]
    elif rank_text.isdigit() and 2 <= int(rank_text) <= 10 and rank_text[0] != "0":
        rank = int(rank_text)
    else:
        raise ValueError(f"unknown card {text!r}")
    return rank, suit


def parse_cards(cards: object) -> list[RefCard]:
    """Parse several cards: one space-separated string or an iterable of cards.

    Parameters
    ----------
    cards : str or iterable
        One space- (or comma-) separated string, or card texts or cards.

    Returns
    -------
    list of tuple of (int, str)
        Each card as `parse_card` gives it, in order.

    Raises
    ------
    TypeError
        Not a string or an iterable, or an item that is not a card.
    ValueError
        Text that is not a card.

    Examples
    --------
    >>> parse_cards("5H JS")
    [(5, 'H'), (11, 'S')]
    """
    if isinstance(cards, str):
        return [parse_card(t) for t in cards.replace(",", " ").split()]
    if not isinstance(cards, Iterable):
        raise TypeError(
            f"expected cards as a list or a string, got {type(cards).__name__} {cards!r}"
        )
    return [parse_card(c) for c in cards]


def card_text(card: RefCard) -> str:
    """``(10, 'H')`` -> ``'10H'``."""
    rank, suit = card
    return RANK_TEXT.get(rank, str(rank)) + suit


def value(card: RefCard) -> int:
    """Counting value: ace 1, court cards 10."""
    return min(card[0], 10)


def card_index(card: RefCard) -> int:
    """``(rank - 1) * 4 + suit position`` in C D H S."""
    return (card[0] - 1) * 4 + SUITS.index(card[1])


def check_distinct(cards: list[RefCard]) -> None:
    """Raise ValueError naming the first card that appears twice."""
    seen: set[RefCard] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"card {card_text(card)} appears more than once")
        seen.add(card)
