"""Type stubs for the compiled core, `cribbage_fast._core`.

Every function that takes cards accepts `Card` objects, card text such as
``"5H"``, or (for several cards) one space-separated string.
"""

from collections.abc import Iterable
from typing import Any, Final, Literal, TypeAlias, final

__version__: Final[str]
build_profile: Final[str]

CardLike: TypeAlias = Card | str
CardsLike: TypeAlias = str | Iterable[Card | str]

class IllegalMove(ValueError):  # noqa: N818 (public name, a ValueError)
    """A move the rules do not allow; the state it was tried on is unchanged."""

@final
class Card:
    """A playing card: immutable, hashable, ordered by rank then suit.

    >>> Card("10h")
    Card('10H')
    >>> Card("5♥").index
    18

    Raises:
        ValueError: unknown card text.
        TypeError: not a string or Card.
    """

    def __new__(cls, text: CardLike) -> Card: ...
    @staticmethod
    def parse(text: CardLike) -> Card:
        """Parse ``5H``, ``5h``, ``5♥``, ``10H``, ``TH``, ``JS``, ``AS``."""
    @staticmethod
    def from_index(index: int) -> Card:
        """The card with ``index = (rank - 1) * 4 + suit`` (suits C, D, H, S).

        >>> Card.from_index(0)
        Card('AC')

        Raises:
            ValueError: the index is outside 0..51.
        """
    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
    @property
    def suit(self) -> Literal["C", "D", "H", "S"]:
        """The suit letter."""
    @property
    def value(self) -> int:
        """Counting value: ace 1, 2-10 face value, J Q K 10."""
    @property
    def index(self) -> int:
        """0..51."""
    def __getnewargs__(self) -> tuple[str]: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...

@final
class ShowItem:
    """One scoring combination of a show.

    >>> explain_hand("5H 5D 5C JS", "5S").items[0]
    ShowItem(kind='fifteen', cards='5H JS', points=2)
    """

    @property
    def kind(self) -> Literal["fifteen", "pair", "run", "flush", "nobs"]: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def points(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class HandBreakdown:
    """A show itemised; ``str()`` is the spoken count.

    >>> b = explain_hand("4S 5H 5D 6C", "KS")
    >>> b.total, b.fifteens, b.pairs, b.runs
    (16, 8, 2, 6)
    """

    @property
    def total(self) -> int: ...
    @property
    def items(self) -> tuple[ShowItem, ...]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def starter(self) -> Card: ...
    @property
    def crib(self) -> bool: ...
    @property
    def fifteens(self) -> int: ...
    @property
    def pairs(self) -> int: ...
    @property
    def runs(self) -> int: ...
    @property
    def flush(self) -> int: ...
    @property
    def nobs(self) -> int: ...
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: cards, total, points per kind, items, spoken count."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

def score_hand(hand: CardsLike, starter: CardLike, crib: bool = False) -> int:
    """The show total of a 4-card hand (or crib) with the starter.

    >>> score_hand("5H 5D 5C JS", "5S")
    29
    >>> score_hand("2H 4H 6H 8H", "KS", crib=True)  # a 4-card crib flush scores nothing
    0

    Raises:
        ValueError: unknown card text, a repeated card, or not 4 cards.
        TypeError: something that is not a card.
    """

def explain_hand(hand: CardsLike, starter: CardLike, crib: bool = False) -> HandBreakdown:
    """Every scoring combination of a show; ``str()`` gives the spoken count.

    Raises:
        ValueError, TypeError: as for `score_hand`.
    """

def his_heels(starter: CardLike) -> int:
    """2 if the starter is a jack (pegged by the dealer at once), else 0.

    >>> his_heels("JD")
    2
    """

def cards(cards: CardsLike) -> list[Card]:
    """Cards from text such as ``"5H 5D 5C JS"``.

    >>> cards("5H 10s")
    [Card('5H'), Card('10S')]
    """

@final
class DiscardOption:
    """One way to discard, with its exact expected hand, crib and net points.

    The averages are exact totals over equally likely deals:
    ``hand_ev == hand_total / hand_deals`` and ``crib_ev == crib_total / crib_deals``.

    >>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]
    >>> best
    DiscardOption(discard='JC KD', keep='5H 5D 4S 6H', hand_ev=15.9565, crib_ev=3.9697, net=19.9263)
    >>> best.hand_total, best.hand_deals
    (734, 46)
    """

    @property
    def discard(self) -> tuple[Card, ...]:
        """The cards laid away to the crib (two, or one from a 5-card hand), in hand order."""
    @property
    def keep(self) -> tuple[Card, ...]:
        """The four cards kept, in hand order."""
    @property
    def dealer(self) -> bool:
        """Whether the analysis is for the dealer (who owns the crib)."""
    @property
    def hand_ev(self) -> float:
        """Expected show of the kept cards over every unseen starter."""
    @property
    def crib_ev(self) -> float:
        """Expected crib show over every crib completion and starter."""
    @property
    def net(self) -> float:
        """``hand_ev + crib_ev`` for the dealer, ``hand_ev - crib_ev`` for the pone."""
    @property
    def hand_total(self) -> int:
        """Exact sum of the kept hand's show over every unseen starter."""
    @property
    def hand_deals(self) -> int:
        """Number of unseen starters: 46 (6-card hand) or 47 (5-card hand)."""
    @property
    def crib_total(self) -> int:
        """Exact sum of the crib's show over every (crib completion, starter) deal."""
    @property
    def crib_deals(self) -> int:
        """Number of (crib completion, starter) deals: 1,035 x 44 or 16,215 x 44."""
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: discard and keep as card text, dealer, EVs and exact totals."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def analyze_discards(hand: CardsLike, dealer: bool) -> list[DiscardOption]:
    """Every discard of a hand with its exact expected points, best first.

    A 6-card hand (2 players) discards 2; a 5-card hand (3 or 4 players) discards 1.
    ``hand_ev`` averages the kept cards' show over every unseen starter. ``crib_ev``
    averages the crib over every deal of the crib's other cards (an unordered set drawn
    uniformly from the unseen cards: the opponent's 2 discards in 2-player, the other 3
    crib cards for a 5-card hand) and every remaining starter. ``net`` adds the crib for
    the dealer and subtracts it for the pone. Sorted by exact net, then hand EV, then the
    discarded cards' indices. The GIL is released while computing (well under 1 ms).

    >>> for option in analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[:2]:
    ...     print(option)
    DiscardOption(discard='JC KD', keep='5H 5D 4S 6H', hand_ev=15.9565, crib_ev=3.9697, net=19.9263)
    DiscardOption(discard='4S 6H', keep='5H 5D JC KD', hand_ev=12.4348, crib_ev=4.4053, net=16.8401)

    Raises:
        ValueError: unknown card text, a repeated card, or not 5 or 6 cards.
        TypeError: something that is not a card.
    """

def best_discard(hand: CardsLike, dealer: bool) -> DiscardOption:
    """The first (best) option of `analyze_discards`; the same rules and errors.

    >>> best_discard("5H 5D JC 4S 6H KD", dealer=False).discard
    (Card('JC'), Card('KD'))
    """
