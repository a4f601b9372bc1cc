"""Type stubs for the compiled core, `cribbage_fast._core`.

Every function that takes cards accepts `Card` objects, card text such as
``"5H"``, or (for several cards) one space-separated string.
"""

from collections.abc import Iterable
from typing import Any, Final, Literal, TypeAlias, final

__version__: Final[str]
build_profile: Final[str]

_CardLike: TypeAlias = Card | str
_CardsLike: TypeAlias = str | Iterable[Card | str]

class IllegalMove(ValueError):
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

    def __new__(cls, text: _CardLike) -> Card: ...
    @staticmethod
    def parse(text: _CardLike) -> Card:
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
    def __eq__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Card, /) -> bool: ...
    def __le__(self, value: Card, /) -> bool: ...
    def __gt__(self, value: Card, /) -> bool: ...
    def __ge__(self, value: Card, /) -> bool: ...

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
    def __eq__(self, value: object, /) -> bool: ...

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
    def __eq__(self, value: object, /) -> bool: ...

def score_hand(hand: _CardsLike, starter: _CardLike, crib: bool = False) -> int:
    """The show total of a 4-card hand (or crib) with the starter.

    >>> score_hand("5H 5D 5C JS", "5S")
    29
    >>> score_hand("2H 4H 6H 8H", "KS", crib=True)  # a 4-card crib flush scores nothing
    0

    Raises:
        ValueError: unknown card text, a repeated card, or not 4 cards.
        TypeError: something that is not a card.
    """

def explain_hand(hand: _CardsLike, starter: _CardLike, crib: bool = False) -> HandBreakdown:
    """Every scoring combination of a show; ``str()`` gives the spoken count.

    Raises:
        ValueError, TypeError: as for `score_hand`.
    """

def his_heels(starter: _CardLike) -> int:
    """2 if the starter is a jack (pegged by the dealer at once), else 0.

    >>> his_heels("JD")
    2
    """

def cards(cards: _CardsLike) -> list[Card]:
    """Cards from text such as ``"5H 5D 5C JS"``.

    >>> cards("5H 10s")
    [Card('5H'), Card('10S')]
    """
