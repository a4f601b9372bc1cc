"""Type stubs for the compiled core, `cribbage_fast._core`.

Every function that takes cards accepts `Card` objects, card text such as
``"5H"``, or (for several cards) one space-separated string.
"""

from collections.abc import Iterable
from typing import Any, Final, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

__version__: Final[str]
build_profile: Final[str]
BREAKDOWN_COLUMNS: Final[tuple[str, ...]]
"""Columns of ``score_hands(..., breakdown=True)``:
``("fifteens", "pairs", "runs", "flush", "nobs")``."""

CardLike: TypeAlias = Card | str
CardsLike: TypeAlias = str | Iterable[Card | str]

class IllegalMove(ValueError):
    """A move the rules do not allow; the state it was tried on is unchanged."""

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
    def __eq__(self, other: object) -> bool: ...
    def __lt__(self, other: Card) -> bool: ...
    def __le__(self, other: Card) -> bool: ...
    def __gt__(self, other: Card) -> bool: ...
    def __ge__(self, other: Card) -> bool: ...

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
    def __eq__(self, other: object) -> bool: ...

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
    def __eq__(self, other: object) -> bool: ...

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

def score_hands(
    cards: npt.ArrayLike,
    crib: bool = False,
    *,
    threads: int | None = None,
    breakdown: bool = False,
) -> npt.NDArray[np.uint8]:
    """Score many shows at once.

    ``cards`` has shape (N, 5): card indices (``Card.index``, 0..51), columns
    0-3 the hand (or crib), column 4 the starter. A C-contiguous ``uint8``
    array is read in place, without a copy; any other integer array (any
    dtype, any strides, or a nested list) is converted once, and a value that
    is not a card is an error, never wrapped around (256 is not 0).

    Returns the N totals as ``uint8``, or with ``breakdown=True`` an (N, 5)
    ``uint8`` array whose columns are `BREAKDOWN_COLUMNS` (fifteens, pairs,
    runs, flush, nobs) and sum to the totals.

    The work runs with the GIL released on all cores, or on ``threads``
    threads; the result never depends on the thread count. Long inputs are
    processed in chunks and Ctrl-C interrupts between them.

    >>> import numpy as np
    >>> from cribbage_fast import Card
    >>> rows = np.array([[Card(t).index for t in "5H 5D 5C JS 5S".split()],
    ...                  [Card(t).index for t in "4S 5H 5D 6C KS".split()]], dtype=np.uint8)
    >>> score_hands(rows)
    array([29, 16], dtype=uint8)
    >>> score_hands(rows, breakdown=True)[1]  # fifteens, pairs, runs, flush, nobs
    array([8, 2, 6, 0, 0], dtype=uint8)

    Raises:
        ValueError: a shape other than (N, 5), a value outside 0..51, or a
            card repeated within a row (naming the first bad row and why),
            or ``threads < 1``.
        TypeError: a float, bool, object or other non-integer array.
    """

def score_plays(
    piles: npt.ArrayLike,
    lengths: npt.ArrayLike | None = None,
    *,
    threads: int | None = None,
) -> npt.NDArray[np.uint8]:
    """Points pegged by the last card of many piles at once.

    ``piles`` has shape (N, W): each row is the cards laid since the count
    last reset, in order, as card indices. Without ``lengths`` a row ends at
    its first padding value ``-1`` (for unsigned dtypes the value ``-1``
    wraps to, e.g. 255 for ``uint8``) and only padding may follow it; with
    ``lengths`` (shape (N,)) row ``i`` is its first ``lengths[i]`` entries and
    the rest is ignored. Each result is what `score_play` of the pile gives:
    fifteen, thirty-one, pairs and runs made by the last card (go and last
    card are not part of a pile). Threads, the GIL and Ctrl-C as for
    `score_hands`.

    >>> import numpy as np
    >>> from cribbage_fast import Card
    >>> idx = lambda text: [Card(t).index for t in text.split()]
    >>> score_plays(np.array([idx("4S 6H 5D") + [-1], idx("5S 5H 5D 5C")]))
    array([ 5, 12], dtype=uint8)

    Raises:
        ValueError: a bad shape, a value that is neither a card nor padding,
            an empty pile, a card repeated in a pile, a pile counting past
            31, a card after the padding or a length outside 0..W (naming the
            first bad row and why).
        TypeError: a non-integer array.
    """

def hand_score_distribution(crib: bool = False) -> npt.NDArray[np.int64]:
    """How many of the 12,994,800 (4-card hand, starter) deals score each of 0..29.

    Computed exactly over rank patterns (no deal is scored one by one). With
    ``crib=True`` the crib flush rule applies (only a 5-card flush counts).

    >>> d = hand_score_distribution()
    >>> int(d.sum()), int(d[0]), int(d[29]), int(d[19])
    (12994800, 1009008, 4, 0)
    """
