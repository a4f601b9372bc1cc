"""Type stubs for the compiled core, `cribbage_fast._core`.

Every function that takes cards accepts `Card` objects, card text such as
``"5H"``, or (for several cards) one space-separated string.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import (
    Any,
    ClassVar,
    Final,
    Literal,
    NotRequired,
    Protocol,
    Self,
    TypeAlias,
    TypedDict,
    final,
    overload,
)

import numpy as np
import numpy.typing as npt
import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
from numpy.typing import NDArray
from typing_extensions import disjoint_base

from cribbage_fast.stats import LuckSums, RolePoints, SimulationStatsDict, WinEstimate

class _ArrowStream(Protocol):
    """An Arrow column by the PyCapsule interface (pyarrow, polars, pandas)."""

    def __arrow_c_stream__(self, requested_schema: object = None) -> object: ...

class _ArrowArray(Protocol):
    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]: ...

_ArrowColumn: TypeAlias = _ArrowStream | _ArrowArray

__version__: Final[str]
build_profile: Final[str]
BREAKDOWN_COLUMNS: Final[tuple[str, ...]]
"""Columns of ``score_hands(..., breakdown=True)``:
``("fifteens", "pairs", "runs", "flush", "nobs")``."""
TARGET: Final[int]
"""The points of the usual game (121)."""
MAX_SCORE: Final[int]
"""The most a side can end a usual game with (149): one short of the target,
then the best show (29)."""
OBS_SIZE: Final[int]
"""Length of an observation (444): see docs/environments.md."""
NUM_ACTIONS: Final[int]
"""Number of actions (53): 0..51 a card index, 52 go."""
GO_ACTION: Final[int]
"""The go action (52)."""
OPPONENTS: Final[list[str]]
"""Names of the built-in opponents of `SoloEnv` and `VecEnv`."""
ANALYSIS_PRECISION: Final[float]
"""The game analysis's default precision (0.005): see docs/analysis.md."""
ANALYSIS_BUDGET: Final[int]
"""The game analysis's default budget of samples a decision (40,960)."""
ANALYSIS_MAX_BUDGET: Final[int]
"""The largest budget the analysis accepts (100,000 samples a decision)."""

_CardLike: TypeAlias = Card | str
_CardsLike: TypeAlias = str | Iterable[Card | str]

class CribbageError(ValueError):
    """What the engine rejects: a bad card, hand, deal, bulk row, move or rules
    argument. A ValueError; IllegalMove and Misdeal are kinds of it."""

class IllegalMove(CribbageError):
    """A move the rules do not allow; the state it was tried on is unchanged."""

class Cancelled(Exception):
    """A long call stopped early because its `CancelToken` was cancelled."""

@final
class CancelToken:
    """A flag that stops a long call from another thread: pass it as
    ``cancel=`` (`cribbage_fast.hint`, `cribbage_fast.analysis.analyze_game`)
    and call `cancel` from anywhere; the call raises `Cancelled` within about a
    tenth of a second. Once cancelled, a token stays cancelled.

    Examples
    --------
    >>> from cribbage_fast import CancelToken, Cancelled, Game, hint
    >>> token = CancelToken()
    >>> token.cancel()
    >>> try:
    ...     hint(Game(2, seed=7), cancel=token)
    ... except Cancelled:
    ...     print("stopped")
    stopped
    >>> token.cancelled
    True
    """

    def __init__(self) -> None: ...
    def cancel(self) -> None:
        """Asks every call given this token to stop (from any thread).

        Examples
        --------
        >>> from cribbage_fast import CancelToken
        >>> token = CancelToken()
        >>> token.cancel()
        >>> token.cancelled
        True
        """

    @property
    def cancelled(self) -> bool:
        """Whether `cancel` was called."""

@final
class Card:
    """A playing card: immutable, hashable, ordered by rank then suit.

    Raises
    ------
    ValueError
        unknown card text.
    TypeError
        not a string or Card.

    Examples
    --------
    >>> Card("10h")
    Card('10H')
    >>> Card("5♥").index
    18
    """

    def __new__(cls, text: _CardLike) -> Card: ...
    @staticmethod
    def parse(text: _CardLike) -> Card:
        """Parse ``5H``, ``5h``, ``5♥``, ``10H``, ``TH``, ``JS``, ``AS``.

        Parameters
        ----------
        text : str or Card
            Card text, or a card (returned as it is).

        Returns
        -------
        Card
            The card.

        Raises
        ------
        ValueError
            Unknown card text.
        TypeError
            Not a card.

        Examples
        --------
        >>> Card.parse("th")
        Card('10H')
        """
    @staticmethod
    def from_index(index: int) -> Card:
        """The card with ``index = (rank - 1) * 4 + suit`` (suits C, D, H, S).

        Parameters
        ----------
        index : int
            0 to 51.

        Returns
        -------
        Card
            The card with that index.

        Raises
        ------
        ValueError
            the index is outside 0..51.

        Examples
        --------
        >>> Card.from_index(0)
        Card('AC')
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
    def _repr_svg_(self) -> str:
        """The card as an SVG picture (`cribbage_fast.svg.card`)."""
    def __hash__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Card, /) -> bool: ...
    def __le__(self, value: Card, /) -> bool: ...
    def __gt__(self, value: Card, /) -> bool: ...
    def __ge__(self, value: Card, /) -> bool: ...

@final
class ShowItem:
    """One scoring combination of a show.

    Examples
    --------
    >>> explain_hand("5H 5D 5C JS", "5S").items[0]
    ShowItem(kind='fifteen', cards=(Card('5H'), Card('JS')), points=2)
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

    Examples
    --------
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
        """A JSON-ready dict: cards, total, points per kind, items, spoken count.

        Returns
        -------
        dict
            ``hand``, ``starter``, ``crib``, ``total``, the points per kind,
            ``items`` and ``spoken``.

        Examples
        --------
        >>> d = explain_hand("4S 5H 5D 6C", "KS").to_dict()
        >>> d["total"], d["runs"], d["items"][0]
        (16, 6, {'kind': 'fifteen', 'cards': '5H KS', 'points': 2})
        """
    def __len__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def _repr_svg_(self) -> str:
        """The hand, the starter and the points as an SVG picture
        (`cribbage_fast.svg.breakdown`)."""

def score_hand(hand: _CardsLike, starter: _CardLike | None = None, crib: bool = False) -> int:
    """The show total of a 4-card hand (or crib) with the starter.

    Parameters
    ----------
    hand : str or iterable of Card or str
        The four cards, as `Card` objects, card text or one space-separated
        string; or, without `starter`, all five cards with the starter last
        (``"5H 5D 5C JS 5S"``: the starter is 5S).
    starter : Card or str or None, default None
        The starter (the cut card); None when `hand` holds it, last.
    crib : bool, default False
        Score as a crib: a flush counts only when all five cards share a suit.

    Returns
    -------
    int
        The total, 0 to 29.

    Raises
    ------
    ValueError
        unknown card text, a repeated card, or not 4 cards with a starter
        (5 without one).
    TypeError
        something that is not a card.

    Examples
    --------
    >>> score_hand("5H 5D 5C JS", "5S")
    29
    >>> score_hand("5H 5D 5C JS 5S")  # five cards: the last is the starter
    29
    >>> score_hand("2H 4H 6H 8H", "KS", crib=True)  # a 4-card crib flush scores nothing
    0
    """

def explain_hand(
    hand: _CardsLike, starter: _CardLike | None = None, crib: bool = False
) -> HandBreakdown:
    """Every scoring combination of a show; ``str()`` gives the spoken count.

    Parameters
    ----------
    hand : str or iterable of Card or str
        The four cards; or, without `starter`, all five, the starter last.
    starter : Card or str or None, default None
        The starter; None when `hand` holds it, last.
    crib : bool, default False
        Score as a crib (only a five-card flush counts).

    Returns
    -------
    HandBreakdown
        The total, the points per kind and each combination.

    Raises
    ------
    ValueError, TypeError
        As for `score_hand`.

    Examples
    --------
    >>> b = explain_hand("4S 5H 5D 6C", "KS")
    >>> b.total, b.runs
    (16, 6)
    >>> str(b).endswith("and a double run is sixteen")
    True
    >>> explain_hand("4S 5H 5D 6C KS").starter
    Card('KS')
    """

def his_heels(starter: _CardLike) -> int:
    """2 if the starter is a jack (pegged by the dealer at once), else 0.

    Parameters
    ----------
    starter : Card or str
        The starter.

    Returns
    -------
    int
        2 or 0.

    Raises
    ------
    ValueError, TypeError
        Not one card.

    Examples
    --------
    >>> his_heels("JD")
    2
    """

def cards(cards: _CardsLike) -> list[Card]:
    """Cards from text such as ``"5H 5D 5C JS"``.

    Parameters
    ----------
    cards : str or iterable of Card or str
        One space-separated string, or cards and card texts.

    Returns
    -------
    list of Card
        The cards, in the order given.

    Raises
    ------
    ValueError
        Unknown card text.
    TypeError
        Something that is not a card.

    Examples
    --------
    >>> cards("5H 10s")
    [Card('5H'), Card('10S')]
    """

class Misdeal(CribbageError):
    """A supplied deal with the wrong cards; the game is unchanged and the same
    dealer deals again."""

_Phase: TypeAlias = Literal["discard", "play", "count", "claim", "over"]

_MoveKind: TypeAlias = Literal["discard", "lay", "go", "count", "claim", "deal"]

class _PlayEventDict(TypedDict):
    """A play event as `PlayEvent.to_dict()` gives it."""

    seat: int
    kind: Literal["lay", "go", "go_point", "last_card"]
    card: str | None
    count: int
    points: int
    reasons: list[str]

class _GameEventDict(TypedDict):
    """One entry of `Game.events()`; ``event`` says which keys are present:
    ``cut_for_deal`` (cuts, dealer), ``deal`` (number, dealer, hands, crib_card,
    supplied), ``discard`` (seat, cards), ``starter`` (card, his_heels), ``peg``
    (the keys of a play event), ``show`` (seat, crib, cards, points, announced,
    pegged), ``muggins`` (seat, owner, claimed, pegged), ``game_over`` (winner,
    scores)."""

    event: Literal[
        "cut_for_deal", "deal", "discard", "starter", "peg", "show", "muggins", "game_over"
    ]
    cuts: NotRequired[str]
    dealer: NotRequired[int | None]
    number: NotRequired[int]
    hands: NotRequired[list[str]]
    crib_card: NotRequired[str | None]
    supplied: NotRequired[bool]
    seat: NotRequired[int]
    cards: NotRequired[str]
    card: NotRequired[str | None]
    his_heels: NotRequired[bool]
    kind: NotRequired[Literal["lay", "go", "go_point", "last_card"]]
    count: NotRequired[int]
    points: NotRequired[int]
    reasons: NotRequired[list[str]]
    crib: NotRequired[bool]
    announced: NotRequired[int]
    pegged: NotRequired[int]
    owner: NotRequired[int]
    claimed: NotRequired[int]
    winner: NotRequired[int]
    scores: NotRequired[tuple[int, ...]]

class _MoveDict(TypedDict):
    """A move as `Move.to_dict()` and `Game.moves()` give it; which keys are
    present depends on `move` (a discard's ``cards``, a lay's ``card``, a count's
    or claim's ``points``, a supplied deal's ``hands`` ... ``scores``)."""

    seat: NotRequired[int]
    move: _MoveKind
    cards: NotRequired[str]
    card: NotRequired[str]
    points: NotRequired[int]
    hands: NotRequired[list[str]]
    starter: NotRequired[str | None]
    crib_card: NotRequired[str | None]
    scores: NotRequired[list[int] | None]

@final
class Move:
    """A decision in a game.

    Examples
    --------
    >>> Move.lay("5H"), Move.discard("5H 6D"), Move.go()
    (Move.lay('5H'), Move.discard('5H 6D'), Move.go())
    """

    @staticmethod
    def discard(cards: _CardLike | _CardsLike) -> Move:
        """Give cards to the crib (2 with 2 players, else 1).

        Parameters
        ----------
        cards : cards
            The cards to give.

        Returns
        -------
        Move
            The discard, for `Game.apply`.

        Raises
        ------
        ValueError
            Unknown card text.
        TypeError
            Not a card.

        Examples
        --------
        >>> Move.discard("5H 6D").cards
        [Card('5H'), Card('6D')]
        """
    @staticmethod
    def lay(card: _CardLike) -> Move:
        """Lay a card in the play.

        Parameters
        ----------
        card : Card or str
            The card to lay.

        Returns
        -------
        Move
            The lay, for `Game.apply`.

        Raises
        ------
        ValueError
            Unknown card text.
        TypeError
            Not a card.

        Examples
        --------
        >>> Move.lay("5H").card
        Card('5H')
        """
    @staticmethod
    def go() -> Move:
        """Say go (legal only when no card fits).

        Returns
        -------
        Move
            The go, for `Game.apply`.

        Examples
        --------
        >>> Move.go().kind
        'go'
        """
    @staticmethod
    def count(points: int) -> Move:
        """Muggins: announce the points of your hand or crib.

        Parameters
        ----------
        points : int
            The points announced.

        Returns
        -------
        Move
            The count, for `Game.apply`.

        Raises
        ------
        ValueError, TypeError
            Not a whole number of points from 0.

        Examples
        --------
        >>> Move.count(12).points
        12
        """
    @staticmethod
    def claim(points: int) -> Move:
        """Muggins: claim points an opponent missed (0 passes).

        Parameters
        ----------
        points : int
            The points claimed.

        Returns
        -------
        Move
            The claim, for `Game.apply`.

        Raises
        ------
        ValueError, TypeError
            Not a whole number of points from 0.

        Examples
        --------
        >>> Move.claim(0).to_dict()
        {'move': 'claim', 'points': 0}
        """
    @staticmethod
    def from_dict(d: _MoveDict | dict[str, Any]) -> Move:
        """Rebuild a move from `to_dict()` or a game record.

        Parameters
        ----------
        d : dict
            A move as `to_dict` gives it.

        Returns
        -------
        Move
            The same move.

        Raises
        ------
        ValueError, TypeError
            An unknown ``move`` or a missing or malformed field.

        Examples
        --------
        >>> Move.from_dict({"move": "lay", "card": "5H"})
        Move.lay('5H')
        """
    def to_dict(self) -> _MoveDict:
        """A JSON-ready dict, e.g. ``{"move": "lay", "card": "5H"}``.

        Returns
        -------
        dict
            ``move`` and the fields of that kind of move.

        Examples
        --------
        >>> Move.count(12).to_dict()
        {'move': 'count', 'points': 12}
        """
    @property
    def kind(self) -> _MoveKind: ...
    @property
    def cards(self) -> list[Card]: ...
    @property
    def card(self) -> Card | None: ...
    @property
    def points(self) -> int | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A game situation seen from one seat (a 2-player game, in the discard
    or the play): the board, the phase, the seat to move, the seat's cards,
    what it has seen this deal and, for a study position, the other seat's
    cards. Not a board position of the win-probability table
    (`tables.positions`). The rules check it when it is made. Its one-line
    text: `cribbage_fast.records.position` (docs/positions.md).

    Raises
    ------
    CribbageError
        An impossible position, naming the field.
    TypeError
        A field of the wrong type.

    Examples
    --------
    >>> p = Position("play", "5H 5C 6D JS", discards="QH KD", starter="7C",
    ...              seat=1, dealer=1, to_move=1, play=["10S"], count=10)
    >>> p.held, p.count
    ([Card('5C'), Card('5H'), Card('6D'), Card('JS')], 10)
    """

    def __new__(
        cls,
        phase: Literal["discard", "play"],
        hand: _CardsLike,
        *,
        seat: int = 0,
        dealer: int | None = None,
        to_move: int | None = None,
        scores: Iterable[int] | None = None,
        discards: _CardsLike | None = None,
        starter: _CardLike | None = None,
        play: str | Iterable[Card | str] | None = None,
        count: int | None = None,
        other: _CardsLike | None = None,
        num_players: int = 2,
        target: int = 121,
        muggins: bool = False,
    ) -> Position: ...
    @property
    def num_players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def muggins(self) -> bool: ...
    @property
    def seat(self) -> int:
        """Whose view this is."""
    @property
    def dealer(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def scores(self) -> list[int]:
        """Scores now, per seat."""
    @property
    def phase(self) -> Literal["discard", "play"]: ...
    @property
    def hand(self) -> list[Card]:
        """The seat's cards not given to the crib (laid or not)."""
    @property
    def held(self) -> list[Card]:
        """The seat's cards not yet laid."""
    @property
    def discards(self) -> list[Card]: ...
    @property
    def starter(self) -> Card | None: ...
    @property
    def play(self) -> list[Card | str]:
        """The play this deal in order: a `Card` per lay, ``"go"`` per go."""
    @property
    def count(self) -> int: ...
    @property
    def other(self) -> list[Card] | None:
        """The other seat's cards when known (a study position), else None."""
    def __eq__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class PlayerView:
    """What one seat may know: its own cards, the table and the scores."""

    @property
    def seat(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def phase(self) -> _Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def is_dealer(self) -> bool: ...
    @property
    def hand(self) -> list[Card]:
        """Cards held now (during the play, those not yet laid)."""
    @property
    def kept(self) -> list[Card]:
        """Cards kept for the show (before discarding: every card dealt)."""
    @property
    def discards(self) -> list[Card]: ...
    @property
    def starter(self) -> Card | None: ...
    @property
    def count(self) -> int: ...
    @property
    def pile(self) -> list[Card]: ...
    @property
    def laid(self) -> list[tuple[int, Card]]:
        """Every card laid this deal, as (seat, card)."""
    @property
    def scores(self) -> list[int]: ...
    @property
    def side(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def show_owner(self) -> int | None: ...
    @property
    def show_is_crib(self) -> bool: ...
    @property
    def show_cards(self) -> list[Card]:
        """During the muggins count and claim: the cards being shown."""
    @property
    def show_value(self) -> int:
        """During count and claim: what the show is worth (0 otherwise)."""
    @property
    def announced(self) -> int | None:
        """During a muggins claim: what the owner announced."""
    @property
    def claimable(self) -> int:
        """During a muggins claim: the points the owner missed (0 otherwise)."""
    @property
    def unseen(self) -> list[Card]:
        """Cards this seat has not seen (other hands, the crib, the stock)."""
    @property
    def legal_moves(self) -> list[Move]: ...
    def _repr_svg_(self) -> str:
        """The seat's cards, the pile and the board as an SVG picture
        (`cribbage_fast.svg.view`)."""

@disjoint_base
class Game:
    """A game of cribbage, move by move (see `cribbage_fast.Game`).

    Raises
    ------
    ValueError
        a player count other than 2, 3, 4 or a bad target.
    """

    def __new__(
        cls,
        num_players: int = 2,
        seed: int | None = None,
        target: int = 121,
        muggins: bool = False,
        first_dealer: int | None = None,
        record: bool = True,
        scores: Iterable[int] | None = None,
        deal_seeds: bool = False,
    ) -> Game: ...
    @property
    def num_players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def muggins(self) -> bool: ...
    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> int | None: ...
    @property
    def record(self) -> bool: ...
    @property
    def deal_seeds(self) -> bool:
        """Whether each deal is shuffled from the seed and the deal number."""
    @property
    def num_sides(self) -> int:
        """Sides that keep a score (partners share one with 4 players)."""
    @staticmethod
    def sides_for(num_players: int) -> int:
        """Sides that keep a score with `num_players` players.

        Parameters
        ----------
        num_players : int
            2, 3 or 4.

        Returns
        -------
        int
            The number of players, or 2 with 4 players (partners).

        Raises
        ------
        ValueError
            not 2, 3 or 4 players.

        Examples
        --------
        >>> Game.sides_for(3), Game.sides_for(4)
        (3, 2)
        """
    @staticmethod
    def skunk_lines(target: int = 121) -> tuple[int, int]:
        """The skunk line and the double-skunk line of a game to `target`: a
        loser under the first is skunked, under the second double-skunked.

        Parameters
        ----------
        target : int, default 121
            The points that win, 31 to 1000.

        Returns
        -------
        tuple of int
            (skunk line, double-skunk line).

        Raises
        ------
        ValueError
            a target out of range.

        Examples
        --------
        >>> Game.skunk_lines(121), Game.skunk_lines(61)
        ((91, 61), (31, 1))
        """
    @property
    def phase(self) -> _Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def scores(self) -> list[int]:
        """Per side: per seat with 2 or 3 players, per team (0+2, 1+3) with 4."""
    @property
    def winner(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def game_points(self) -> int:
        """1, 2 (skunk: loser under 91) or 3 (double skunk: under 61); 0 until over."""
    @property
    def starter(self) -> Card | None: ...
    @property
    def count(self) -> int: ...
    @property
    def pile(self) -> list[Card]: ...
    @property
    def crib(self) -> list[Card]:
        """The crib so far (hidden information: players get views)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards `seat` holds now (hidden information: players get views).

        Parameters
        ----------
        seat : int
            A seat of the game, 0 to ``num_players - 1``.

        Returns
        -------
        list of Card
            Its cards in index order (during the play, those not yet laid).

        Raises
        ------
        ValueError
            Not a seat of the game.

        Examples
        --------
        >>> Game(2, seed=1).hand(0)
        [Card('2C'), Card('4S'), Card('9D'), Card('10H'), Card('JS'), Card('KD')]
        """
    def kept(self, seat: int) -> list[Card]:
        """The cards `seat` keeps for the show (before discarding: every card dealt).

        Parameters
        ----------
        seat : int
            A seat of the game.

        Returns
        -------
        list of Card
            Its kept cards in index order, laid or not.

        Raises
        ------
        ValueError
            Not a seat of the game.

        Examples
        --------
        >>> len(Game(2, seed=1).kept(1))
        6
        """
    def side_of(self, seat: int) -> int:
        """The side that scores for `seat` (with 4 players, seats 0 and 2 are side 0).

        Parameters
        ----------
        seat : int
            A seat of the game.

        Returns
        -------
        int
            The index of its side in `scores`.

        Raises
        ------
        ValueError
            Not a seat of the game.

        Examples
        --------
        >>> Game(4, seed=1).side_of(2), Game(3, seed=1).side_of(2)
        (0, 2)
        """
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move (empty once the game is over).

        Returns
        -------
        list of Move
            Discards of every choice of cards, lays of every card that fits, or go.

        Examples
        --------
        >>> Game(2, seed=1).legal_moves()[:2]
        [Move.discard('2C 4S'), Move.discard('2C 9D')]
        """
    def apply(self, mv: Move) -> None:
        """Play a move for the seat to move.

        Parameters
        ----------
        mv : Move
            One of `legal_moves`, or any move (an illegal one raises).

        Raises
        ------
        IllegalMove
            the move is not legal now; the game is unchanged.
        Misdeal
            a supplied deal had the wrong cards.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.apply(game.legal_moves()[0])
        >>> game.to_move, len(game.crib)
        (1, 2)
        """
    def discard(self, cards: _CardLike | _CardsLike) -> None:
        """Give cards to the crib for the seat to move (``apply(Move.discard(cards))``).

        Parameters
        ----------
        cards : cards
            2 cards with 2 players, else 1, from the seat's hand.

        Raises
        ------
        IllegalMove
            Not the discard phase, the wrong number of cards, or cards the seat
            does not hold; the game is unchanged.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S")
        >>> game.to_move, game.crib
        (1, [Card('2C'), Card('4S')])
        """
    def lay(self, card: _CardLike) -> None:
        """Lay a card in the play for the seat to move (``apply(Move.lay(card))``).

        Parameters
        ----------
        card : Card or str
            A card the seat holds that keeps the count at 31 or less.

        Raises
        ------
        IllegalMove
            Not the seat's card, past 31, or not the play; the game is unchanged.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S"); game.discard(game.hand(1)[:2])
        >>> game.lay("10H")
        >>> game.count, game.pile
        (10, [Card('10H')])
        """
    def go(self) -> None:
        """Say go for the seat to move (``apply(Move.go())``).

        Raises
        ------
        IllegalMove
            A card fits, or not the play; the game is unchanged.

        Examples
        --------
        >>> from cribbage_fast import IllegalMove
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S"); game.discard(game.hand(1)[:2])
        >>> try:
        ...     game.go()
        ... except IllegalMove as error:
        ...     print(type(error).__name__)
        IllegalMove
        """
    def announce(self, points: int) -> None:
        """Muggins: announce the points of the hand or crib being shown
        (``apply(Move.count(points))``).

        Parameters
        ----------
        points : int
            The points announced, 0 to 29; an over-count is corrected.

        Raises
        ------
        IllegalMove
            Not a count, or points out of range; the game is unchanged.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> game.phase
        'claim'
        """
    def claim(self, points: int) -> None:
        """Muggins: claim points an opponent missed in its show, 0 to pass
        (``apply(Move.claim(points))``); only what was really missed is pegged.

        Parameters
        ----------
        points : int
            The points claimed.

        Raises
        ------
        IllegalMove
            Not a claim, or points out of range; the game is unchanged.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "claim":
        ...     game.apply(game.legal_moves()[0])
        >>> game.claim(0)
        >>> game.phase != "claim" or game.to_move is not None
        True
        """
    def supply_deal(
        self,
        hands: Iterable[_CardsLike],
        starter: _CardLike | None = None,
        crib_card: _CardLike | None = None,
        scores: list[int] | None = None,
    ) -> None:
        """Replace the current deal before anyone discards (a real table, a puzzle).

        Parameters
        ----------
        hands : iterable of cards
            Each seat's cards in seat order (6 each with 2 players, 5 with 3 or 4).
        starter : Card or str, optional
            The starter to cut; None draws it from the rest of the pack.
        crib_card : Card or str, optional
            With 3 players, the card dealt to the crib.
        scores : list of int, optional
            The board to play the deal from, per side.

        Raises
        ------
        Misdeal
            the wrong number of cards; nothing changes.
        ValueError
            a repeated card or a bad score position.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.supply_deal(["5H 5D 5C JS 6H 7H", "AS 2S 3S 4S 8D 9D"], starter="5S")
        >>> game.hand(0)[:3], game.phase
        ([Card('5C'), Card('5D'), Card('5H')], 'discard')
        """
    def view(self, seat: int | None = None) -> PlayerView:
        """What `seat` may know: the view a player's methods receive.

        Parameters
        ----------
        seat : int or None, default None
            A seat of the game; None for the seat to move.

        Returns
        -------
        PlayerView
            Its own cards, the table, the scores and its legal moves.

        Raises
        ------
        ValueError
            Not a seat of the game, or None once the game is over.

        Examples
        --------
        >>> view = Game(2, seed=1).view(0)
        >>> len(view.hand), view.phase, view.is_dealer
        (6, 'discard', False)
        """
    def step(self, player: Any) -> None:
        """Asks `player` (the seat to move) for one decision and applies it.

        Parameters
        ----------
        player : PlayerProtocol
            A player object (``discard``, ``play``, and with muggins ``count``
            and ``claim``).

        Raises
        ------
        IllegalMove
            the player chose an illegal move; the game is unchanged.
        ValueError
            the game is over, or the answer is not a move.

        Examples
        --------
        >>> from cribbage_fast import GreedyPlayer
        >>> game = Game(2, seed=1)
        >>> game.step(GreedyPlayer())
        >>> game.to_move
        1
        """
    def play_to_end(self, players: Sequence[Any]) -> None:
        """Plays to the end, asking each seat's player object in turn.

        Parameters
        ----------
        players : sequence of PlayerProtocol
            One player per seat.

        Raises
        ------
        ValueError
            not one player per seat.
        IllegalMove
            a player chose an illegal move (the game is left as it
            was before that move).

        Examples
        --------
        >>> from cribbage_fast import GreedyPlayer, RandomPlayer
        >>> game = Game(2, seed=1)
        >>> game.play_to_end([GreedyPlayer(), RandomPlayer(seed=1)])
        >>> game.is_over
        True
        """
    def clone(self) -> Self:
        """An independent copy of the same class (cheap), e.g. for search.

        Returns
        -------
        Game
            A copy: moves on it leave this game alone.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> copy = game.clone()
        >>> copy.discard("2C 4S")
        >>> game.to_move, copy.to_move
        (0, 1)
        """
    def position(
        self, move_index: int | None = None, seat: int | None = None, reveal: bool = False
    ) -> Position:
        """The position before move `move_index` of this game (now if None), as
        `seat` saw it (the seat to move then if None); with `reveal`, the
        other seat's cards too (a study position). Two players, before a
        discard, a lay or a go.

        Parameters
        ----------
        move_index : int, optional
            An index into `moves()` (0 to ``len(moves())``): the moves before
            it are replayed on a new game of the same settings.
        seat : int, optional
        reveal : bool, default False

        Returns
        -------
        Position

        Raises
        ------
        CribbageError
            Not a 2-player game, not in the discard or the play then, or
            `move_index` past the last move.

        Examples
        --------
        >>> game = Game(2, seed=1, first_dealer=0)
        >>> game.discard(game.hand(1)[:2])
        >>> game.position(0).hand == game.position(0, seat=1).hand
        True
        >>> game.position().to_move, len(game.position(seat=1).discards)
        (0, 2)
        """
    @classmethod
    def from_position(cls, position: Position, seed: int | None = None) -> Self:
        """A game continued from `position`: the cards its seat has not seen
        are dealt at random (seeded) consistently with what it saw, then the
        game goes on under the ordinary rules (later deals from `seed`).

        Parameters
        ----------
        position : Position
        seed : int, optional
            The same seed gives the same hidden cards and the same game.

        Returns
        -------
        Game
            Its first dealer is the position's dealer; it records its moves
            from the position's deal on.

        Raises
        ------
        CribbageError
            A position the rules refuse.

        Examples
        --------
        >>> p = Position("discard", "5H 5C 6D JS QH KD", seat=1, dealer=0, scores=(112, 118))
        >>> g = Game.from_position(p, seed=3)
        >>> g.scores, g.hand(1) == p.hand
        ([112, 118], True)
        """
    def determinize(self, seat: int, seed: int | None = None) -> Self:
        """A copy (same class) in which every card hidden from `seat` is dealt again
        uniformly at random, consistently with what `seat` has seen: its own cards and
        discards, the cards laid, the starter once cut. Other seats keep as many unseen
        cards in hand and crib, the stock its size. The copy keeps no log and draws its
        future deals from a fresh generator (seeded from `seed`).

        Parameters
        ----------
        seat : int
            The seat whose knowledge the copy keeps.
        seed : int or None, default None
            Seeds the redeal and the copy's generator.

        Returns
        -------
        Game
            The copy.

        Raises
        ------
        ValueError
            `seat` is not a seat of the game.

        Examples
        --------
        >>> g = Game(2, seed=1)
        >>> d = g.determinize(0, seed=5)
        >>> d.hand(0) == g.hand(0), len(d.hand(1))
        (True, 6)
        """
    def playout(self, seed: int | None = None, end_of_deal: bool = False) -> None:
        """Plays uniformly random legal moves to the end of the game (with
        `end_of_deal`, until the current deal's show is done), e.g. for search.

        Parameters
        ----------
        seed : int or None, default None
            Seeds the random moves.
        end_of_deal : bool, default False
            Stop once the current deal is shown.

        Examples
        --------
        >>> g = Game(2, seed=1, record=False)
        >>> g.playout(seed=2)
        >>> g.is_over
        True
        """
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...
    def moves(self) -> list[_MoveDict]:
        """The moves so far (supplied deals included), as JSON-ready dicts.

        Returns
        -------
        list of dict
            One `Move.to_dict` per move, with the seat that made it.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S")
        >>> game.moves()
        [{'seat': 0, 'move': 'discard', 'cards': '2C 4S'}]
        """
    def events(self) -> list[_GameEventDict]:
        """What happened so far (with ``record=True``), as JSON-ready dicts.

        Returns
        -------
        list of dict
            Cuts, deals, discards, the starter, pegs, shows, muggins and the end,
            each with ``event`` naming its kind.

        Examples
        --------
        >>> [e["event"] for e in Game(2, seed=1).events()]
        ['cut_for_deal', 'deal']
        """

@final
class DiscardOption:
    """One way to discard, with its exact expected hand, crib and net points.

    The averages are exact totals over equally likely deals:
    ``hand_ev == hand_total / hand_deals`` and ``crib_ev == crib_total / crib_deals``.

    Examples
    --------
    >>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]
    >>> best
    DiscardOption(discard=(Card('JC'), Card('KD')),
                  keep=(Card('5H'), Card('5D'), Card('4S'), Card('6H')),
                  hand_ev=15.9565, crib_ev=3.9697, net=19.9263)
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
        """A JSON-ready dict: discard and keep as card text, dealer, EVs and exact totals.

        Returns
        -------
        dict
            ``discard``, ``keep``, ``dealer``, ``hand_ev``, ``crib_ev``, ``net``
            and the exact totals and deal counts behind them.

        Examples
        --------
        >>> d = best_discard("5H 5D JC 4S 6H KD", dealer=True).to_dict()
        >>> d["discard"], d["hand_total"], d["hand_deals"]
        ('JC KD', 734, 46)
        """
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...

def analyze_discards(hand: _CardsLike, dealer: bool) -> list[DiscardOption]:
    """Every discard of a hand with the exact expectations of a uniform crib,
    best first: the compiled part of `cribbage_fast.analyze_discards`, which
    adds the table models.

    Parameters
    ----------
    hand : str or iterable of Card or str
        Six cards (2 players) or five (3 or 4 players).
    dealer : bool
        Whether the crib is the player's own.

    Returns
    -------
    list of DiscardOption
        Every discard, best first.

    Raises
    ------
    ValueError
        Unknown card text, a repeated card, or not 5 or 6 cards.
    TypeError
        Something that is not a card.

    Examples
    --------
    >>> analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0].hand_total
    734
    """

def best_discard(hand: _CardsLike, dealer: bool) -> DiscardOption:
    """The first (best) option of `analyze_discards`; the same rules and errors.

    Parameters
    ----------
    hand : str or iterable of Card or str
        Six cards (2 players) or five (3 or 4 players).
    dealer : bool
        Whether the crib is the player's own.

    Returns
    -------
    DiscardOption
        The discard with the best net expected points.

    Raises
    ------
    ValueError, TypeError
        As for `analyze_discards`.

    Examples
    --------
    >>> best_discard("5H 5D JC 4S 6H KD", dealer=False).discard
    (Card('JC'), Card('KD'))
    """

_PlayMove: TypeAlias = Card | Literal["go"]
_PlayItemKind: TypeAlias = Literal[
    "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal", "run", "go", "last_card"
]

@final
class PlayItem:
    """One reason for points in the play; ``str()`` is how players say it.

    Examples
    --------
    >>> explain_play("4S 6H 5D").items
    (PlayItem(kind='fifteen', points=2), PlayItem(kind='run', points=3))
    >>> str(explain_play("4S 6H 5D").items[1])
    'a run of 3 for 3'
    """

    @property
    def kind(self) -> _PlayItemKind:
        """What scored; a run's length is its points."""
    @property
    def points(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class PlayBreakdown:
    """What the last card of a pile scores, itemised; ``str()`` lists the items.

    Examples
    --------
    >>> b = explain_play("4S 6H 5D")
    >>> b.total, b.count, str(b)
    (5, 15, 'fifteen for 2, a run of 3 for 3')
    >>> str(explain_play("KS 2H"))
    'no points'
    """

    @property
    def total(self) -> int: ...
    @property
    def items(self) -> tuple[PlayItem, ...]: ...
    @property
    def count(self) -> int:
        """The running count after the last card."""
    @property
    def pile(self) -> tuple[Card, ...]: ...
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: pile text, count, total and the items.

        Returns
        -------
        dict
            ``pile``, ``count``, ``total`` and ``items``.

        Examples
        --------
        >>> explain_play("4S 6H 5D").to_dict()["items"][1]
        {'kind': 'run', 'points': 3, 'text': 'a run of 3 for 3'}
        """
    def __len__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class PlayEvent:
    """One entry of a play's log.

    ``kind`` is ``"lay"`` (a card laid, with its points), ``"go"`` (the seat said go),
    ``"go_point"`` (nobody could lay: the last seat to lay pegs 1 and the count
    resets) or ``"last_card"`` (1 for the last card of the play, count under 31).
    ``count`` is the count announced with the event (31 and go points are followed
    by a reset to 0).

    Examples
    --------
    >>> Pegging(["5H", "KD"]).lay("5H")[0].to_dict()
    {'seat': 0, 'kind': 'lay', 'card': '5H', 'count': 5, 'points': 0, 'reasons': []}
    """

    @property
    def seat(self) -> int: ...
    @property
    def kind(self) -> Literal["lay", "go", "go_point", "last_card"]: ...
    @property
    def card(self) -> Card | None: ...
    @property
    def count(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def items(self) -> tuple[PlayItem, ...]: ...
    @property
    def reasons(self) -> tuple[str, ...]:
        """The items in words, e.g. ``("fifteen for 2", "a run of 3 for 3")``."""
    def to_dict(self) -> _PlayEventDict:
        """A JSON-ready dict: seat, kind, card text or None, count, points, reasons.

        Returns
        -------
        dict
            ``seat``, ``kind``, ``card``, ``count``, ``points`` and ``reasons``.

        Examples
        --------
        >>> Pegging(["5H 10S", "10D 5C"]).lay("5H")[0].to_dict()
        {'seat': 0, 'kind': 'lay', 'card': '5H', 'count': 5, 'points': 0, 'reasons': []}
        """
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Pegging:
    """One play phase (pegging) for 2, 3 or 4 seats, following docs/rules.md "The play".

    ``hands`` lists each seat's cards in seat order (0 to 6 cards each, no card
    twice); ``leader`` lays first. A seat that holds cards none of which fits must
    call `go` (go when a card fits is illegal); when nobody can lay, the count ends
    by itself and the last seat to lay pegs 1 (go, or last card), unless at 31.
    Points are per seat (with 4 seats, partners 0+2 and 1+3 add theirs up).

    Parameters
    ----------
    hands : iterable of cards
        Each seat's cards, in seat order: 2 to 4 seats, 0 to 6 cards each.
    leader : int, default 0
        The seat that lays first.

    Raises
    ------
    ValueError
        bad hands (2-4 seats, 0-6 cards each, no duplicates) or leader.
    TypeError
        something that is not a card.

    Examples
    --------
    >>> play = Pegging(["KS QS AH 5H", "KD 9C 8C 7C"])
    >>> for card in ["KS", "KD", "QS"]:
    ...     _ = play.lay(card)
    >>> play.count, play.to_move, play.legal_moves()
    (30, 1, ['go'])
    >>> play.go()[0].kind, play.lay("AH")[0].reasons, play.points
    ('go', ('thirty-one for 2',), (2, 2))
    """

    def __new__(cls, hands: Iterable[_CardsLike], leader: int = 0) -> Pegging: ...
    @property
    def seats(self) -> int: ...
    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None once the play is over."""
    @property
    def count(self) -> int: ...
    @property
    def pile(self) -> tuple[Card, ...]:
        """Cards laid since the count last reset, in order."""
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat still holds, in card index order."""
    @property
    def points(self) -> tuple[int, ...]:
        """Points pegged so far, per seat."""
    @property
    def said_go(self) -> tuple[int, ...]:
        """Seats that said go in the current count."""
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> tuple[PlayEvent, ...]:
        """Every event so far, in order."""
    def legal_moves(self) -> list[_PlayMove]:
        """The moves of the seat to move.

        Returns
        -------
        list of Card or "go"
            The cards it may lay (index order), ``["go"]`` when none fits,
            ``[]`` once the play is over.

        Examples
        --------
        >>> Pegging(["KS 5H", "KD 9C"]).legal_moves()
        [Card('5H'), Card('KS')]
        """
    def lay(self, card: _CardLike) -> tuple[PlayEvent, ...]:
        """Lay ``card`` for the seat to move.

        Parameters
        ----------
        card : Card or str
            A card the seat to move holds.

        Returns
        -------
        tuple of PlayEvent
            The events it produced: the lay, then a go point or last card if
            the count ended.

        Raises
        ------
        IllegalMove
            the seat does not hold it, it passes 31, or the play is
            over. Nothing changes.

        Examples
        --------
        >>> play = Pegging(["10S 5H", "5D 9C"])
        >>> play.lay("10S")[0].points, play.lay("5D")[0].reasons
        (0, ('fifteen for 2',))
        """
    def go(self) -> tuple[PlayEvent, ...]:
        """Say go for the seat to move.

        Returns
        -------
        tuple of PlayEvent
            The events it produced (the go, and a go point if the count ended).

        Raises
        ------
        IllegalMove
            a card fits, or the play is over. Nothing changes.

        Examples
        --------
        >>> from cribbage_fast import IllegalMove
        >>> play = Pegging(["KS QS", "KD 9C"])
        >>> try:
        ...     play.go()
        ... except IllegalMove as error:
        ...     print("illegal:", type(error).__name__)
        illegal: IllegalMove
        """
    def play(self, move: _PlayMove | str) -> tuple[PlayEvent, ...]:
        """`lay` a card (or card text), or `go` for ``"go"``.

        Parameters
        ----------
        move : Card or str
            A card, card text, or ``"go"``.

        Returns
        -------
        tuple of PlayEvent
            The events the move produced.

        Raises
        ------
        IllegalMove
            As for `lay` and `go`. Nothing changes.

        Examples
        --------
        >>> play = Pegging(["KS QS AH", "KD 9C 8C"])
        >>> for move in ["KS", "KD", "QS", "go"]:
        ...     _ = play.play(move)
        >>> play.count, play.to_move
        (30, 0)
        """
    def clone(self) -> Pegging:
        """An independent copy (also ``copy.copy`` / ``copy.deepcopy``).

        Returns
        -------
        Pegging
            A copy at the same point of the play; moves on it leave this one alone.

        Examples
        --------
        >>> play = Pegging(["KS 5H", "KD 9C"])
        >>> copy = play.clone()
        >>> _ = copy.lay("KS")
        >>> play.count, copy.count
        (0, 10)
        """
    def __copy__(self) -> Pegging: ...
    def __deepcopy__(self, memo: Any, /) -> Pegging: ...
    def __getnewargs__(self) -> tuple[list[str], int]: ...
    def __getstate__(self) -> list[str]: ...
    def __setstate__(self, state: Iterable[str], /) -> None: ...
    def _repr_svg_(self) -> str:
        """The hands, the pile, the count and the goes as an SVG picture
        (`cribbage_fast.svg.pegging`)."""
    def __eq__(self, value: object, /) -> bool: ...

def score_play(pile: _CardsLike) -> int:
    """Points for the last card of ``pile`` (the cards laid since the count last
    reset, in order): 15 or 31, pairs, runs in any order.

    Parameters
    ----------
    pile : str or iterable of Card or str
        The cards of the current count, in the order laid.

    Returns
    -------
    int
        The points the last card pegs (go and last card are not part of a pile).

    Raises
    ------
    ValueError
        empty pile, a repeated card, or a count past 31.

    Examples
    --------
    >>> score_play("4S 6H 5D")  # fifteen 2 and a run of 3
    5
    >>> score_play("KS QH 6D 5D")  # 31 is 2
    2
    """

def explain_play(pile: _CardsLike) -> PlayBreakdown:
    """The points of the last card of ``pile``, itemised.

    Parameters
    ----------
    pile : str or iterable of Card or str
        The cards of the current count, in the order laid.

    Returns
    -------
    PlayBreakdown
        The total, each item and the count.

    Raises
    ------
    ValueError, TypeError
        As for `score_play`.

    Examples
    --------
    >>> str(explain_play("7S 9H 8D 6C"))
    'a run of 4 for 4'
    """

def _random_play_phases(phases: int, seats: int = 2, seed: int = 0) -> int:
    """Benchmark helper: plays ``phases`` random 4-card play phases entirely in Rust
    (no event log) and returns the total points pegged."""

@overload
def score_hands(
    cards: npt.ArrayLike | _ArrowColumn,
    crib: bool = False,
    *,
    starter: npt.ArrayLike | _ArrowColumn | _CardLike | None = None,
    threads: int | None = None,
    breakdown: bool = False,
    output: Literal["numpy"] = "numpy",
) -> npt.NDArray[np.uint8]: ...
@overload
def score_hands(
    cards: npt.ArrayLike | _ArrowColumn,
    crib: bool = False,
    *,
    starter: npt.ArrayLike | _ArrowColumn | _CardLike | None = None,
    threads: int | None = None,
    breakdown: bool = False,
    output: Literal["arrow"],
) -> pa.Array:
    """Score many shows at once.

    ``cards`` has shape (N, 5): card indices (``Card.index``, 0..51), columns
    0-3 the hand (or crib), column 4 the starter. A C-contiguous ``uint8``
    array is read in place, without a copy; any other integer array (any
    dtype, any strides, or a nested list) is converted once, and a value that
    is not a card is an error, never wrapped around (256 is not 0). Card
    text is read too, parsed once by `cribbage_fast.bulk.text.card_indices`:
    an (N, 5) array of single cards, or N hands of five cards ("5H 5D 5C JS
    5S") as a NumPy array, a list, or an Arrow / polars / pandas column.
    With `starter` the rows hold the four hand cards alone (shape (N, 4), or
    hands of four cards as text) and `starter` the starters. The
    work runs with the GIL released; long inputs are processed in chunks and
    Ctrl-C interrupts between them.

    Parameters
    ----------
    cards : array_like of int, shape (N, 5)
        Card indices (``Card.index``, 0..51): columns 0-3 the hand (or crib),
        column 4 the starter; shape (N, 4), the hands alone, with `starter`.
    crib : bool, default False
        Score every row as a crib (only a five-card flush counts).
    starter : array_like, Card, str or None, default None
        The starters: one a row (N card indices, or N cards as text or
        `Card` objects), or one card for every row. None: the starter is
        column 4 of `cards`.
    threads : int or None, default None
        How many threads score (1 to 256); ``None`` uses every core. The result
        never depends on the thread count: ``threads`` only caps the cores used.
    breakdown : bool, default False
        Return the points per kind instead of the totals.
    output : {"numpy", "arrow"}, default "numpy"
        ``"arrow"`` returns a ``pyarrow.Array`` instead, ready to become a
        DataFrame or Arrow table column: the totals as a ``uint8`` array on
        the NumPy result's memory (no copy), or the breakdown as a
        ``pyarrow.StructArray`` with a ``uint8`` field per part.

    Returns
    -------
    numpy.ndarray or pyarrow.Array
        The N totals as ``uint8``; with ``breakdown=True`` an (N, 5) ``uint8``
        array whose columns are `BREAKDOWN_COLUMNS` (fifteens, pairs, runs,
        flush, nobs) and sum to the totals (for ``output="arrow"`` a struct
        array with those fields).

    Raises
    ------
    ValueError
        a shape other than (N, 5) (with `starter`: (N, 4) and N starters, or
        one), a value outside 0..51, or a
        card repeated within a row (naming the first bad row and why),
        ``threads < 1``, or an ``output`` other than "numpy" or "arrow".
    TypeError
        a float, bool, object or other non-integer array.
    ImportError
        ``output="arrow"`` without pyarrow (the ``tables`` extra).

    Examples
    --------
    >>> import numpy as np
    >>> from cribbage_fast import Card
    >>> rows = np.array([[Card(t).index for t in "5H 5D 5C JS 5S".split()],
    ...                  [Card(t).index for t in "4S 5H 5D 6C KS".split()]], dtype=np.uint8)
    >>> score_hands(rows)
    array([29, 16], dtype=uint8)
    >>> score_hands(rows, breakdown=True)[1]  # fifteens, pairs, runs, flush, nobs
    array([8, 2, 6, 0, 0], dtype=uint8)
    >>> score_hands(["5H 5D 5C JS 5S", "4S 5H 5D 6C KS"], output="arrow").to_pylist()
    [29, 16]
    >>> score_hands(["5H 5D 5C JS", "4S 5H 5D 6C"], starter=["5S", "KS"])
    array([29, 16], dtype=uint8)
    """

@overload
def score_plays(
    piles: npt.ArrayLike | _ArrowColumn,
    lengths: npt.ArrayLike | None = None,
    *,
    threads: int | None = None,
    output: Literal["numpy"] = "numpy",
) -> npt.NDArray[np.uint8]: ...
@overload
def score_plays(
    piles: npt.ArrayLike | _ArrowColumn,
    lengths: npt.ArrayLike | None = None,
    *,
    threads: int | None = None,
    output: Literal["arrow"],
) -> pa.Array:
    """Points pegged by the last card of many piles at once.

    ``piles`` has shape (N, W): each row is the cards laid since the count
    last reset, in order, as card indices. Without ``lengths`` a row ends at
    its first padding value ``-1`` (for unsigned dtypes the value ``-1``
    wraps to, e.g. 255 for ``uint8``) and only padding may follow it; with
    ``lengths`` (shape (N,)) row ``i`` is its first ``lengths[i]`` entries and
    the rest is ignored. Each result is what `score_play` of the pile gives:
    fifteen, thirty-one, pairs and runs made by the last card (go and last
    card are not part of a pile). Threads, the GIL and Ctrl-C as for
    `score_hands`. Piles may be card text as for `score_hands` ("4S 6H 5D"
    per row, rows of any length up to W).

    Parameters
    ----------
    piles : array_like of int, shape (N, W)
        One pile per row, as card indices, padded at the end.
    lengths : array_like of int, shape (N,), optional
        The length of each pile; without it a row ends at its first padding.
    threads : int or None, default None
        How many threads score (1 to 256); ``None`` uses every core.
    output : {"numpy", "arrow"}, default "numpy"
        ``"arrow"`` returns a ``uint8`` ``pyarrow.Array`` on the NumPy
        result's memory instead.

    Returns
    -------
    numpy.ndarray or pyarrow.Array
        The N points as ``uint8``.

    Raises
    ------
    ValueError
        a bad shape, a value that is neither a card nor padding,
        an empty pile, a card repeated in a pile, a pile counting past
        31, a card after the padding or a length outside 0..W (naming the
        first bad row and why), or an ``output`` other than "numpy" or
        "arrow".
    TypeError
        a non-integer array.
    ImportError
        ``output="arrow"`` without pyarrow (the ``tables`` extra).

    Examples
    --------
    >>> import numpy as np
    >>> from cribbage_fast import Card
    >>> idx = lambda text: [Card(t).index for t in text.split()]
    >>> score_plays(np.array([idx("4S 6H 5D") + [-1], idx("5S 5H 5D 5C")]))
    array([ 5, 12], dtype=uint8)
    >>> score_plays(["4S 6H 5D", "5S 5H 5D 5C"], output="arrow").to_pylist()
    [5, 12]
    """

def hand_score_distribution(crib: bool = False) -> npt.NDArray[np.int64]:
    """How many of the 12,994,800 (4-card hand, starter) deals score each of 0..29.

    Computed exactly over rank patterns (no deal is scored one by one). With
    ``crib=True`` the crib flush rule applies (only a 5-card flush counts).

    Parameters
    ----------
    crib : bool, default False
        Count cribs instead of hands.

    Returns
    -------
    numpy.ndarray
        30 counts (``int64``): entry ``k`` is the number of deals that score ``k``.

    Examples
    --------
    >>> d = hand_score_distribution()
    >>> int(d.sum()), int(d[0]), int(d[29]), int(d[19])
    (12994800, 1009008, 4, 0)
    """

@final
class ActionGame:
    """A game without muggins driven by action numbers (0..51 lay or discard that
    card, 52 go; a 2-player discard is two card actions), for PettingZoo and OpenSpiel.

    Raises
    ------
    ValueError
        a player count other than 2, 3, 4 or a bad target.

    Examples
    --------
    >>> g = ActionGame(num_players=2, seed=1)
    >>> g.observe(0).shape, g.action_mask().sum()
    ((444,), np.int64(6))
    """

    def __new__(
        cls, num_players: int | None = None, seed: int | None = None, target: int | None = None
    ) -> ActionGame: ...
    @staticmethod
    def from_game(game: Game) -> ActionGame:
        """Drives a copy of `game`.

        Raises
        ------
        ValueError
            the game uses muggins.
        """
    @property
    def num_players(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def phase(self) -> _Phase: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def dealer(self) -> int:
        """The seat that deals this deal."""
    @property
    def game_points(self) -> int: ...
    def side_of(self, seat: int) -> int: ...
    def observe(self, seat: int) -> NDArray[np.float32]:
        """What `seat` may know: float32, length OBS_SIZE."""
    def action_mask(self) -> NDArray[np.int8]:
        """Legal actions of the seat to move, 0/1 int8 of length NUM_ACTIONS."""
    def legal_actions(self) -> list[int]: ...
    def step(self, action: int | np.integer[Any]) -> list[int]:
        """Plays `action` for the seat to move; returns the points each side gained.

        Raises
        ------
        IllegalMove
            the action is not legal now (or outside 0..52); nothing changes.
        TypeError
            the action is not an integer.
        """
    def side_rewards(self, gained: list[int], reward: str) -> list[float]:
        """What each side earns from a step that gained `gained` points per side
        (`reward`: "win", "game_points" or "points").

        Raises
        ------
        ValueError
            not one number per side, or an unknown reward.
        """
    def game(self) -> Game:
        """A copy of the underlying game."""
    def clone(self) -> ActionGame: ...

@final
class SoloEnv:
    """Seat 0 of a 2-player game against a built-in opponent (the core of
    `cribbage_fast.envs.CribbageEnv`). `reward`: "win", "game_points" or "points".

    Raises
    ------
    ValueError
        an unknown opponent or reward, or a bad target.

    Examples
    --------
    >>> env = SoloEnv("random", "win")
    >>> obs, mask = env.reset(7)
    >>> obs, mask, reward, terminated = env.step(int(mask.argmax()))
    """

    def __new__(
        cls, opponent: str = "random", reward: str = "win", target: int | None = None
    ) -> SoloEnv: ...
    def reset(self, seed: int | np.integer[Any]) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """A new game from `seed`: (observation, action mask)."""
    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[NDArray[np.float32], NDArray[np.int8], float, bool]:
        """The agent's action and the opponent's replies:
        (observation, action mask, reward, terminated).

        Raises
        ------
        IllegalMove
            the action is not legal now; nothing changes.
        """
    def game(self) -> Game:
        """A copy of the game being played."""
    def board(self) -> tuple[list[int], str, int]:
        """The board without copying the game: ``(scores, phase, dealer)``."""

@final
class VecEnv:
    """`num_envs` SoloEnv games stepped together in Rust (GIL released, rayon), writing
    into caller-owned C-contiguous arrays; finished games restart at once and
    their final observations go to `final_obs`. Results for a seed do not depend
    on `threads` (1 to 256; None: rayon's global pool).

    Examples
    --------
    >>> import numpy as np
    >>> v = VecEnv(2)
    >>> obs = np.zeros((2, OBS_SIZE), np.float32); masks = np.zeros((2, NUM_ACTIONS), np.int8)
    >>> rewards = np.zeros(2, np.float32); done = np.zeros(2, np.bool_)
    >>> last = np.zeros_like(obs)
    >>> v.reset(0, obs, masks, rewards, done, last)
    >>> v.step(masks.argmax(axis=1).astype(np.int64), obs, masks, rewards, done, last)
    """

    def __new__(
        cls,
        num_envs: int,
        opponent: str = "random",
        reward: str = "win",
        target: int | None = None,
        threads: int | None = None,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int: ...
    def game(self, i: int) -> Game:
        """A copy of the game in row `i` (the agent is seat 0).

        Raises
        ------
        ValueError
            no such row.
        """
    PHASES: ClassVar[list[str]]
    """The phase names, in the order of the codes `boards` writes."""
    def boards(
        self, scores: NDArray[np.uint16], phases: NDArray[np.uint8], dealers: NDArray[np.uint8]
    ) -> None:
        """Writes every row's board: `scores` (n, sides), `phases` (an index of
        `PHASES`) and `dealers` (n,)."""
    def reset(
        self,
        seed: int,
        obs: NDArray[np.float32],
        masks: NDArray[np.int8],
        rewards: NDArray[np.float32],
        terminated: NDArray[np.bool_],
        final_obs: NDArray[np.float32],
    ) -> None:
        """Starts every game from `seed`; fills observations and masks.

        Raises
        ------
        ValueError
            arrays of the wrong size, not contiguous, read-only or shared.
        """
    def step(
        self,
        actions: NDArray[np.int64],
        obs: NDArray[np.float32],
        masks: NDArray[np.int8],
        rewards: NDArray[np.float32],
        terminated: NDArray[np.bool_],
        final_obs: NDArray[np.float32],
    ) -> None:
        """Plays `actions[i]` in game `i` and fills the arrays (`final_obs`: rows of
        games that ended).

        Raises
        ------
        IllegalMove
            an action is not legal; no game changes.
        ValueError
            arrays of the wrong size, not contiguous, read-only or shared.
        """

_ObsArray: TypeAlias = NDArray[np.float32] | NDArray[np.uint8]

@final
class SelfPlayVecEnv:
    """`num_envs` self-play games of `num_players` stepped together in Rust (GIL
    released, rayon), writing into caller-owned C-contiguous arrays (the core of
    `cribbage_fast.envs.CribbageSelfPlayVectorEnv`). Each row's observation is that
    of the seat to move; float32 or uint8 observations (the dtype of `obs` and
    `final_obs` chooses; uint8 divided by `obs_denominators(target)` gives float32).
    Results for a seed do not depend on `threads`.

    Raises
    ------
    ValueError
        a bad size, player count, reward, target or thread count.
    """

    def __new__(
        cls,
        num_envs: int,
        num_players: int | None = None,
        reward: str = "win",
        target: int | None = None,
        threads: int | None = None,
    ) -> SelfPlayVecEnv: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    def game(self, i: int) -> Game:
        """A copy of the game in row `i`.

        Raises
        ------
        ValueError
            no such row.
        """
    PHASES: ClassVar[list[str]]
    """The phase names, in the order of the codes `boards` writes."""
    def boards(
        self, scores: NDArray[np.uint16], phases: NDArray[np.uint8], dealers: NDArray[np.uint8]
    ) -> None:
        """Writes every row's board: `scores` (n, sides), `phases` (an index of
        `PHASES`) and `dealers` (n,)."""
    def pending(self, i: int) -> list[int]:
        """Cards (indices) put aside in an unfinished 2-card discard in row `i`."""
    def sample_actions(self, out: NDArray[np.int64]) -> None:
        """A uniformly random legal action per game into `out`, seeded by `reset`."""
    def reset(
        self,
        seed: int,
        obs: _ObsArray,
        masks: NDArray[np.int8],
        to_move: NDArray[np.int64],
        rewards: NDArray[np.float32],
        terminated: NDArray[np.bool_],
        final_obs: _ObsArray,
    ) -> None:
        """Starts every game from `seed` and writes the first rows.

        Raises
        ------
        ValueError
            arrays of the wrong size, not contiguous, read-only or shared.
        TypeError
            observations neither both float32 nor both uint8.
        """
    def step(
        self,
        actions: NDArray[np.int64],
        obs: _ObsArray,
        masks: NDArray[np.int8],
        to_move: NDArray[np.int64],
        rewards: NDArray[np.float32],
        terminated: NDArray[np.bool_],
        final_obs: _ObsArray,
    ) -> None:
        """Plays `actions[i]` for the seat to move in game `i`.

        Raises
        ------
        IllegalMove
            an action is not legal; no game changes.
        ValueError
            arrays of the wrong size, not contiguous, read-only or shared.
        """

def obs_denominators(target: int) -> NDArray[np.float32]:
    """What divides each uint8 observation value to give the float32 one.

    Examples
    --------
    >>> d = obs_denominators(121)
    >>> float(d[416]), float(d[436])
    (31.0, 121.0)
    """

_BotName: TypeAlias = Literal[
    "random",
    "greedy",
    "expert",
    "master",
    "noisy",
    "pegger",
    "handmax",
    "ismcts",
    "cautious",
    "ismcts_deep",
]

@final
class RandomPlayer:
    """Uniformly random legal moves (discards and lays) from its own seeded generator;
    honest muggins counts and claims.

    Examples
    --------
    >>> from cribbage_fast import Game, RandomPlayer
    >>> Game(seed=1).play([RandomPlayer(seed=1), RandomPlayer(seed=2)]).winner in (0, 1)
    True
    """

    def __new__(cls, seed: int | None = None) -> Self: ...
    @property
    def seed(self) -> int:
        """The seed the player's generator started from."""
    @property
    def name(self) -> _BotName:
        """``"random"``."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the discard phase.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1, from ``view.hand``.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> RandomPlayer(seed=1).discard(game.view(0))
        [Card('9D'), Card('JS')]
        """
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the play.

        Returns
        -------
        Card or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C KD"); game.discard(game.hand(1)[:2])
        >>> RandomPlayer(seed=1).play(game.view(0))
        Card('10H')
        """
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            The view of the show's owner during the count.

        Returns
        -------
        int
            ``view.show_value``, what the show is worth.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> RandomPlayer(seed=1).count(game.view()) == game.view().show_value
        True
        """
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed.

        Parameters
        ----------
        view : PlayerView
            The view of the opponent who may claim.

        Returns
        -------
        int
            ``view.claimable`` (0 passes).

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> RandomPlayer(seed=1).claim(game.view()) == game.view().claimable
        True
        """

@final
class GreedyPlayer:
    """Keeps the best expected hand (crib ignored) and lays the card that pegs the
    most now (ties: not leaving 5 or 21, then the lower card).

    Examples
    --------
    >>> from cribbage_fast import Game, GreedyPlayer
    >>> Game(seed=3).view(0).legal_moves[0].kind
    'discard'
    >>> len(GreedyPlayer().discard(Game(seed=3).view(0)))
    2
    """

    def __new__(cls) -> Self: ...
    @property
    def name(self) -> _BotName:
        """``"greedy"``."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the discard phase.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1, from ``view.hand``.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> GreedyPlayer().discard(game.view(0))
        [Card('2C'), Card('KD')]
        """
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the play.

        Returns
        -------
        Card or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C KD"); game.discard(game.hand(1)[:2])
        >>> GreedyPlayer().play(game.view(0))
        Card('4S')
        """
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            The view of the show's owner during the count.

        Returns
        -------
        int
            ``view.show_value``, what the show is worth.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> GreedyPlayer().count(game.view()) == game.view().show_value
        True
        """
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed.

        Parameters
        ----------
        view : PlayerView
            The view of the opponent who may claim.

        Returns
        -------
        int
            ``view.claimable`` (0 passes).

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> GreedyPlayer().claim(game.view()) == game.view().claimable
        True
        """

@final
class ExpertPlayer:
    """Discards by the exact expected hand and crib (`best_discard`); pegs by a small
    expectimax over the unseen cards (its points, the opponent's best reply, its counter)
    and weighs the board position near the end of the game.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, simulate
    >>> simulate(ExpertPlayer(), "random", games=20, seed=1).games
    20
    """

    def __new__(cls) -> Self: ...
    @property
    def name(self) -> _BotName:
        """``"expert"``."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the discard phase.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1, from ``view.hand``.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> ExpertPlayer().discard(game.view(0))
        [Card('2C'), Card('KD')]
        """
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the play.

        Returns
        -------
        Card or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C KD"); game.discard(game.hand(1)[:2])
        >>> ExpertPlayer().play(game.view(0))
        Card('4S')
        """
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            The view of the show's owner during the count.

        Returns
        -------
        int
            ``view.show_value``, what the show is worth.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> ExpertPlayer().count(game.view()) == game.view().show_value
        True
        """
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed.

        Parameters
        ----------
        view : PlayerView
            The view of the opponent who may claim.

        Returns
        -------
        int
            ``view.claimable`` (0 passes).

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> ExpertPlayer().claim(game.view()) == game.view().claimable
        True
        """

@final
class BotPlayer:
    """Any built-in bot by name, with its own seeded generator: the opponent panel
    (``"greedy"``, ``"noisy"``, ``"pegger"``, ``"handmax"``, ``"ismcts"``,
    ``"cautious"``, ``"ismcts_deep"``; see the bots page) as well as ``"random"``, ``"expert"`` and
    ``"master"`` (default settings).

    Parameters
    ----------
    name : str
        A name from `OPPONENTS` (case-insensitive).
    seed : int, default 0
        Seeds the player's generator: a seeded game replays exactly.

    Raises
    ------
    ValueError
        An unknown name (the message lists the names) or a negative seed.
    TypeError
        A name that is not a string, or a seed that is not an integer.

    Examples
    --------
    >>> from cribbage_fast import BotPlayer, Game
    >>> Game(2, seed=1).play([BotPlayer("pegger"), BotPlayer("cautious", seed=2)]).winner in (0, 1)
    True
    """

    def __new__(cls, name: str, seed: int | None = 0) -> Self: ...
    @property
    def name(self) -> _BotName:
        """The bot's name."""
    @property
    def seed(self) -> int:
        """The seed the player's generator started from."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the discard phase.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1, from ``view.hand``.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> len(BotPlayer("pegger").discard(game.view(0)))
        2
        """
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the play.

        Returns
        -------
        Card or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C KD"); game.discard(game.hand(1)[:2])
        >>> BotPlayer("cautious").play(game.view(0)) in game.hand(0)
        True
        """
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            The view of the show's owner during the count.

        Returns
        -------
        int
            ``view.show_value``, what the show is worth.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> BotPlayer("noisy").count(game.view()) == game.view().show_value
        True
        """
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed.

        Parameters
        ----------
        view : PlayerView
            The view of the opponent who may claim.

        Returns
        -------
        int
            ``view.claimable`` (0 passes).

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> BotPlayer("handmax").claim(game.view()) == game.view().claimable
        True
        """

@final
class SimulationStats:
    """Statistics of a seeded simulation between two, three or four players:
    exact integer totals that merge exactly (``a + b``, `merge`), pickle, and
    round-trip through `to_dict` / `from_dict`. ``players`` and
    ``player_seeds`` hold one entry a seat; the other tuples one a side
    (`sides`: one a player, or two partnerships of four, seats 0+2 and 1+3),
    seat 0's side first. With three or four players ``points["pone"]`` are the
    other seats together.

    Examples
    --------
    >>> whole = simulate("greedy", "random", games=200, seed=1)
    >>> whole == simulate("greedy", "random", games=120, seed=1) + simulate(
    ...     "greedy", "random", games=80, seed=1, first_game=120)
    True
    """

    @property
    def games(self) -> int: ...
    @property
    def players(self) -> tuple[str, ...]:
        """The players' names (bot names, or the Python players' class names)."""
    @property
    def player_seeds(self) -> tuple[int | None, ...]:
        """The seeds of seeded `RandomPlayer` objects (None for other players)."""
    @property
    def sides(self) -> int:
        """The sides of the games: 2 (two players, or four in partnerships) or 3."""
    @property
    def seed(self) -> int: ...
    @property
    def start_scores(self) -> tuple[int, ...]:
        """The points seat 0 and seat 1 started every game with."""
    @property
    def first_dealer(self) -> int | None:
        """The first dealer of every game, or None: alternating."""
    @property
    def ranges(self) -> list[tuple[int, int]]:
        """The game indices played, as sorted (start, stop) ranges."""
    @property
    def wins(self) -> tuple[int, ...]: ...
    @property
    def win_rates(self) -> tuple[float, ...]: ...
    @property
    def win_intervals(self) -> tuple[tuple[float, float], ...]:
        """The 95% Wilson score interval of each win rate."""
    @property
    def game_points(self) -> tuple[int, ...]:
        """Game points won: 1 a game, 2 a skunk, 3 a double skunk."""
    @property
    def skunks(self) -> tuple[int, ...]:
        """Wins by a skunk (loser under 91, but not under 61)."""
    @property
    def double_skunks(self) -> tuple[int, ...]:
        """Wins by a double skunk (loser under 61)."""
    @property
    def total_scores(self) -> tuple[int, ...]:
        """Final scores summed over the games."""
    @property
    def mean_scores(self) -> tuple[float, ...]: ...
    @property
    def deals(self) -> int:
        """Deals played, each game's interrupted last deal included."""
    @property
    def mean_deals(self) -> float: ...
    @property
    def completed_deals(self) -> int: ...
    @property
    def points(self) -> RolePoints:
        """Points of the completed deals by role and source (exact totals)."""
    @property
    def per_deal(self) -> RolePoints:
        """Mean points per completed deal by role and source."""
    @property
    def duplicate(self) -> bool:
        """Whether the games were played in duplicate pairs (same deals, seats swapped)."""
    @property
    def luck_adjusted(self) -> bool:
        """Whether each game's luck was measured (`adjusted_estimate`)."""
    @property
    def pairs(self) -> tuple[int, int, int]:
        """Duplicate pairs won twice by player 0, split, won twice by player 1."""
    @property
    def win_estimate(self) -> WinEstimate:
        """Player 0's win rate with its standard error, 95% interval, Elo and games needed."""
    @property
    def adjusted_estimate(self) -> WinEstimate | None:
        """The luck-adjusted `win_estimate` (None unless ``adjusted=True``)."""
    @property
    def mean_luck(self) -> tuple[float, float] | None:
        """Player 0's mean luck per game and its standard error (zero in expectation)."""
    @property
    def variance_reduction(self) -> float | None:
        """How many times fewer games the adjusted estimate needs, measured on this run."""
    @property
    def luck_coefficients(self) -> list[list[float]] | None:
        """The luck terms' (deal, starter) coefficients fitted on each fold of units (even, odd)."""
    @property
    def luck_sums(self) -> LuckSums:
        """Exact integer sums of player 0's luck per unit (2**-24 of a game)."""
    def to_dict(self) -> SimulationStatsDict:
        """Every statistic as a JSON-ready dict; `from_dict` rebuilds the statistics.

        Returns
        -------
        dict
            Games, players, seeds, wins, game points, skunks, scores, deals and
            points by role, as plain numbers and lists.

        Examples
        --------
        >>> stats = simulate("greedy", "random", games=10, seed=1)
        >>> SimulationStats.from_dict(stats.to_dict()) == stats
        True
        """
    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SimulationStats:
        """Statistics from a `to_dict()` (or its JSON), checked.

        Parameters
        ----------
        d : mapping
            A dict as `to_dict` gives it.

        Returns
        -------
        SimulationStats
            The same statistics.

        Raises
        ------
        ValueError
            a missing or malformed entry, or totals that do not add up.

        Examples
        --------
        >>> import json
        >>> stats = simulate("greedy", "random", games=10, seed=1)
        >>> SimulationStats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats
        True
        """
    @classmethod
    def merge(cls, parts: Iterable[SimulationStats]) -> SimulationStats:
        """Exactly the statistics of one run over the games of all `parts`.

        Parameters
        ----------
        parts : iterable of SimulationStats
            Runs of the same simulation (players, seed, start) over disjoint games.

        Returns
        -------
        SimulationStats
            The merged statistics, as one run over all their games would give.

        Raises
        ------
        ValueError
            no parts, parts of different simulations, or a game counted twice.

        Examples
        --------
        >>> parts = [simulate("greedy", "random", games=10, seed=1, first_game=g)
        ...          for g in (0, 10)]
        >>> SimulationStats.merge(parts) == simulate("greedy", "random", games=20, seed=1)
        True
        """
    def __add__(self, other: SimulationStats, /) -> SimulationStats: ...
    def __radd__(self, other: SimulationStats, /) -> SimulationStats: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def _repr_svg_(self) -> str:
        """Win rates and game points as an SVG picture (`cribbage_fast.svg.stats`)."""

def simulate(
    a: _BotName | str | object | Sequence[_BotName | str | object],
    b: _BotName | str | object | None = None,
    games: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    *,
    first_game: int = 0,
    scores: Iterable[int] | None = None,
    first_dealer: int | None = None,
    duplicate: bool = False,
    adjusted: bool = False,
    position: Position | None = None,
) -> SimulationStats:
    """Plays seeded two-player games (121 points, no muggins) between `a` (seat 0)
    and `b`: games ``first_game`` to ``first_game + games - 1``, each from a seed
    derived from ``(seed, i)``, from the board position `scores`, with `first_dealer`
    dealing first (None: alternate). Two built-in players run in Rust on every
    core with the GIL released, in chunks (Ctrl-C stops it); a Python player makes
    it run game by game with the GIL held. Per-game results are exact integer
    sums, so the statistics for a seed are the same whatever the thread count.

    ``simulate([p0, p1, p2])`` or ``simulate([p0, p1, p2, p3])`` plays three or
    four built-in players, ``players[s]`` in seat ``s`` (with four, seats 0 and 2
    partner seats 1 and 3), plain games from 0 to 121 with the first deal going
    round the table (seat ``i % players`` deals first in game ``i``, unless
    `first_dealer`); the statistics give each side's wins with intervals.
    `scores`, `position`, `duplicate` and `adjusted` are for two players only.

    Parameters
    ----------
    a, b : str or player, or a list of 2 to 4 players and None
        A bot name (``"random"``, ``"greedy"``, ``"expert"``, ``"master"``), a
        built-in player (object or class), or any object with ``discard(view)``
        and ``play(view)``; or `a` a list of two to four players, one a seat
        (built-in players for three and four), and no `b`.
    games : int, default 1000
        How many games to play.
    seed : int, default 0
        The simulation's seed; game ``i`` uses a seed derived from ``(seed, i)``.
    threads : int or None, default None
        Threads for built-in players (1 to 256); ``None`` uses every core. The
        statistics do not depend on it.
    progress : callable or None, default None
        Called with the number of games finished so far, now and then.
    first_game : int, default 0
        The index of the first game (to split a simulation into ranges).
    scores : iterable of int or None, default None
        The board position to start every game from, seat 0's score first.
    first_dealer : int or None, default None
        The seat that deals first in every game; ``None`` alternates (seat 0 in
        even games; in a duplicate match, in even pairs).
    duplicate : bool, default False
        Play the games in pairs: game ``2p + 1`` deals the same cards to the same
        seats as game ``2p``, deal by deal (each deal shuffled from the pair's seed
        and the deal number), with the players' seats swapped. `games` and
        `first_game` must be even. See docs/duplicate.md.
    adjusted : bool, default False
        Measure each game's luck (terms of known mean zero: the dealt cards'
        value, the starter) for `SimulationStats.adjusted_estimate`.
    position : Position or None, default None
        Every game continues from this game position instead (the seats as in
        the position, which gives the scores and the dealer): the cards its
        seat has not seen are dealt afresh for each game from the game's seed
        (`Game.from_position`). Not with `scores`, `first_dealer` or
        `duplicate`. `cribbage_fast.play_out` names it.

    Returns
    -------
    SimulationStats
        Wins with 95% intervals, Elo differences and games needed
        (`SimulationStats.win_estimate`), game points, skunks, scores and points
        per deal; with `adjusted` the luck-adjusted estimate; ``str()`` prints the table.

    Raises
    ------
    ValueError
        An unknown bot name, a number out of range (named), a list of players
        not 2 to 4 long, or an option for two players only with more.
    TypeError
        A player that is neither a name nor a player object, one player alone
        without `b`, or a Python player at a table of three or four.

    Examples
    --------
    >>> stats = simulate("expert", "greedy", games=100, seed=7, threads=1)
    >>> stats.games, sum(stats.wins), stats.players
    (100, 100, ('expert', 'greedy'))
    >>> pairs = simulate("expert", "greedy", games=100, seed=7, duplicate=True, adjusted=True)
    >>> sum(pairs.pairs), pairs.adjusted_estimate is not None
    (50, True)
    >>> three = simulate(["expert", "greedy", "random"], games=30, seed=7, threads=1)
    >>> three.sides, len(three.wins), sum(three.wins)
    (3, 3, 30)
    >>> four = simulate(["expert", "greedy", "expert", "greedy"], games=30, seed=7)
    >>> four.sides, sum(four.wins)
    (2, 30)
    """

# ----- discard tables (cribbage_fast.builders, cribbage_fast.tables) ----------

@final
class DealAnalysis:
    """The exact discard analysis of the canonical six-card deals, filled range
    by range; used by ``cribbage_fast.builders`` to build the tables."""

    FIXED_POINT_TOLERANCE: Final[float]
    """The fixed point converges when an iteration moves no crib value by more
    than this many points."""

    def __new__(cls) -> DealAnalysis: ...
    def extend(self, count: int) -> int:
        """Analyses the next `count` deals; returns how many are analysed."""
    def __len__(self) -> int: ...
    @property
    def complete(self) -> bool:
        """Whether every canonical deal is analysed."""
    def uniform_table(self, flushes: bool) -> NDArray[np.float64]:
        """The uniform model's (13, 13) crib table."""
    def fixed_point(
        self, flushes: bool
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], list[float], bool]:
        """(own, opponent, change per iteration, converged)."""
    def expert_table(self) -> bytes:
        """The Expert's discard table, one byte per canonical deal."""
    def hand_totals(self) -> NDArray[np.uint16]:
        """(deals, 15) kept hands' show totals over the 46 starters."""

def _canonical_deals() -> tuple[NDArray[np.uint64], NDArray[np.uint32]]: ...
def _canonicalize(mask: int) -> tuple[int, list[int]]: ...
def _expert_table_present() -> bool: ...
def _expert_ties() -> bytes: ...
def _pegging_sums(seed: int, start: int, stop: int) -> NDArray[np.uint64]: ...
def _keep_range_sums(
    seed: int, froms: list[int], tos: list[int], start: int, stop: int
) -> NDArray[np.uint64]: ...
def _shipped_pegging() -> tuple[NDArray[np.uint64], str]: ...
def _net_pegging(sums: NDArray[np.uint64]) -> NDArray[np.float64]: ...
def _five_card_sums(
    players: int,
    seed: int,
    start: int,
    stop: int,
    values: NDArray[np.float64] | None,
    play: bool,
) -> NDArray[np.uint64]: ...
def _five_card_crib(
    players: int, sums: NDArray[np.uint64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]: ...
def _five_card_pegging(players: int, sums: NDArray[np.uint64]) -> list[tuple[float, float]]: ...
def _five_card_match(
    players: int, values: NDArray[np.float64], seed: int, start: int, stop: int
) -> list[int]: ...
def _five_card_options(
    hand: _CardsLike, players: int, seat: int, sums: NDArray[np.uint64]
) -> list[
    tuple[tuple[Card, ...], tuple[Card, ...], int, int, int, int, float, float, int, bool, float]
]: ...
def _shipped_five_card() -> tuple[NDArray[np.uint64], str]: ...
def _shipped_positions() -> tuple[NDArray[np.float32], str]: ...
def _game_points(best_loser: int, target: int) -> int: ...
def _sample_positions(start: int, stop: int, seed: int | None = None) -> bytes:
    """Samples deals ``start..stop`` of ``seed`` for the position table (the
    sample format of ``cribbage_fast.builders.positions``); chunks concatenate.

    Examples
    --------
    >>> len(_sample_positions(0, 2, seed=1)) > 0
    True
    """

def _solve_positions(samples: list[bytes], batches: int = 20) -> dict[str, Any]:
    """Solves the position table from sampled deals: ``win``, ``points``,
    ``win_stderr``, ``points_stderr`` (float64, (121, 121), the dealer's view by
    [dealer's score, pone's score]), ``deals`` and ``batches``.
    """

def _sample_boards(start: int, stop: int, *, players: int, seed: int = 0) -> bytes:
    """Samples whole deals ``start..stop`` of ``seed`` for the board table of
    ``players`` (3, or 4 for partnerships); chunks concatenate.

    Examples
    --------
    >>> len(_sample_boards(0, 2, players=3, seed=1)) > 10
    True
    """

def _solve_boards(samples: list[bytes], *, players: int, batches: int = 20) -> dict[str, Any]:
    """Solves a board table from sampled deals: ``win`` and ``win_stderr``
    (float64, (boards, sides), by the scores from the dealer's side),
    ``deals`` and ``batches``."""

def _encode_boards(
    players: int, win: NDArray[np.float64], win_stderr: NDArray[np.float64]
) -> bytes: ...
def _three_hand_at(data: bytes, scores: list[int]) -> tuple[list[float], float]: ...
def _decode_three_hand(data: bytes) -> NDArray[np.float64]: ...
def _shipped_boards(players: int) -> tuple[bytes, str]: ...
def _board_chances(players: int, scores: list[int], dealer: int) -> list[float]: ...
def _play_boards(players: int, scores: list[int], *, games: int, seed: int = 0) -> list[int]: ...

@final
class MasterPlayer:
    """The strongest built-in player: the Expert's exact discards, and pegging by a
    search of the rest of the play over `budget` samples of the opponent's hidden
    cards, drawn from a mixture of opponent models, weighed by how likely they make
    its lays, and conditioned on its goes.

    Every setting of `master_match` is a keyword, so each ingredient can be
    switched off in `Game.play` too. The belief about the opponent (``learning``)
    lives as long as the object: across the deals of a game and across every game
    it plays.

    Examples
    --------
    >>> from cribbage_fast import Game, MasterPlayer, simulate
    >>> simulate(MasterPlayer(), "random", games=10, seed=1).games
    10
    >>> old = MasterPlayer(mixture=False)
    >>> old.settings["mixture"], MasterPlayer().settings["learning"]
    (False, True)
    >>> Game(2, seed=1, target=31).play([old, "pegger"]).winner in (0, 1)
    True
    """

    def __new__(
        cls,
        budget: int = 32,
        seed: int = 0,
        *,
        search: bool = True,
        go_inference: bool = True,
        discard_inference: bool = True,
        board: bool = False,
        pegging_table: bool = False,
        lay_inference: bool = True,
        adaptive: bool = True,
        kept_samples: bool = True,
        crib_blind: bool = True,
        mixture: bool = True,
        discard_mixture: bool = True,
        learning: bool = True,
    ) -> Self: ...
    @property
    def settings(self) -> dict[str, int | bool]:
        """Every setting by name: the budget an int, each switch a bool."""
    @property
    def name(self) -> _BotName:
        """``"master"``."""
    @property
    def budget(self) -> int:
        """Samples of the opponent's hand per searched lay."""
    @property
    def seed(self) -> int:
        """The seed the player's generator started from."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the discard phase.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1, from ``view.hand``.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> MasterPlayer().discard(game.view(0))
        [Card('2C'), Card('KD')]
        """
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know, in the play.

        Returns
        -------
        Card or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C KD"); game.discard(game.hand(1)[:2])
        >>> MasterPlayer().play(game.view(0))
        Card('4S')
        """
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            The view of the show's owner during the count.

        Returns
        -------
        int
            ``view.show_value``, what the show is worth.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> MasterPlayer().count(game.view()) == game.view().show_value
        True
        """
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed.

        Parameters
        ----------
        view : PlayerView
            The view of the opponent who may claim.

        Returns
        -------
        int
            ``view.claimable`` (0 passes).

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> MasterPlayer().claim(game.view()) == game.view().claimable
        True
        """

def master_match(
    opponent: str,
    games: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    budget: int = 32,
    search: bool = True,
    go_inference: bool = True,
    discard_inference: bool = True,
    board: bool = False,
    pegging_table: bool = False,
    lay_inference: bool = True,
    adaptive: bool = True,
    kept_samples: bool = True,
    crib_blind: bool = True,
    mixture: bool = True,
    discard_mixture: bool = True,
    learning: bool = True,
    progress: Callable[[int], object] | None = None,
    duplicate: bool = False,
    adjusted: bool = False,
    players: int = 2,
) -> SimulationStats:
    """Plays seeded games between the master (seat 0) with chosen ingredients and a
    built-in bot (the ablation of the master bot's page); game ``i`` is game
    ``i`` of `simulate` with the same seed, and with the defaults the results are
    identical to ``simulate("master", opponent, ...)``.

    Parameters
    ----------
    opponent : str
        A built-in bot name from `OPPONENTS`: ``"random"``, ``"greedy"``, ``"expert"``,
        ``"master"`` or a panel bot (``"noisy"``, ``"pegger"``, ``"handmax"``,
        ``"ismcts"``, ``"cautious"``, ``"ismcts_deep"``).
    games : int, default 1000
        How many games to play.
    seed : int, default 0
        The simulation's seed.
    threads : int or None, default None
        Threads (1 to 256); ``None`` uses every core. The statistics do not depend on it.
    budget : int, default 32
        Samples of the opponent's hand per searched lay.
    search : bool, default True
        Peg by search over the hidden cards (off: lay as the Expert).
    go_inference : bool, default True
        Samples agree with every go of the deal.
    discard_inference : bool, default True
        Samples are deals the opponent would have kept as it did.
    board : bool, default False
        Board-aware discards near the end of the game.
    pegging_table : bool, default False
        Add the kept cards' expected pegging from the shipped table to the discards.
    lay_inference : bool, default True
        Samples are hands with which the Expert would have laid what the
        opponent laid this deal (with discard inference).
    adaptive : bool, default True
        Stop sampling a lay once the best leads clearly (`budget` is the most).
    kept_samples : bool, default True
        Use the samples of the deal's earlier decisions that still fit first
        (with lay inference).
    crib_blind : bool, default True
        Lay inference models an Expert that does not know its two crib cards
        (False: it knows them; slower).
    mixture : bool, default True
        Weigh sampled hands by how likely a mixture of opponent models (the Expert,
        the greedy player, a uniform floor) makes the opponent's lays (False: keep
        only hands the Expert would have laid so, the master before the mixture).
    discard_mixture : bool, default True
        With the mixture, draw the opponent's discard from a mixture of discard
        models (False: the Expert's only).
    learning : bool, default True
        With the mixture, learn which models fit the opponent from deal to deal.
    progress : callable or None, default None
        Called with the number of games finished so far, now and then.
    duplicate : bool, default False
        Duplicate pairs, as ``simulate(..., duplicate=True)`` (`games` even).
    adjusted : bool, default False
        Measure each game's luck, as ``simulate(..., adjusted=True)``.
    players : int, default 2
        Players at the table, 2 to 4: the master in seat 0 and the opponent bot in
        every other seat; with four the master's partner (seat 2) is the opponent
        bot too. `duplicate` and `adjusted` are for two players only. With three
        the master searches the play over every hidden hand with the Expert's
        lays as rollouts; with four it plays as the Expert (docs/master.md,
        "Three and four players").

    Returns
    -------
    SimulationStats
        As for `simulate`, the master as seat 0.

    Raises
    ------
    TypeError
        A count that is not an integer, or an ingredient that is not True or
        False (named).
    ValueError
        An unknown opponent or a number out of range (named).

    Examples
    --------
    >>> from cribbage_fast import master_match
    >>> master_match("greedy", games=10, seed=2, search=False).games
    10
    """

def _analyze_game(
    game: Game,
    *,
    objective: str = "win",
    policy: str = "expert",
    precision: float,
    budget: int,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    cancel: CancelToken | None = None,
    robust_model: bool = True,
) -> dict[str, Any]:
    """The raw analysis of a finished game of two, three or four players
    (decisions and each side's steps: a seat's, or a partnership's with four);
    `cribbage_fast.analysis.analyze_game` builds the report from it.
    ``robust_model=False`` draws the opponent's hidden cards as the Expert would
    have kept them (the model before the mixture of opponent models)."""

def _decision_equities(
    game: Game,
    moves: list[int],
    *,
    objective: str = "win",
    policy: str = "expert",
    precision: float,
    budget: int,
    seed: int = 0,
    threads: int | None = None,
    robust_model: bool = True,
) -> list[tuple[int, int, int | None, list[float]]]:
    """The equities of chosen unforced decisions (record move indexes) of a
    finished game, as ``(move_index, seat, played, equities)``
    (``played``: the index of the action played; ``robust_model`` as in
    `_analyze_game`)."""

def _decision_values(
    game: Game,
    *,
    objective: str = "win",
    policy: str = "expert",
    precision: float,
    budget: int,
    seed: int = 0,
    cancel: CancelToken | None = None,
) -> dict[str, Any]:
    """Every action of the decision the seat to move faces, valued from its
    view as the game analysis values it; `cribbage_fast.analysis.hints.hint` builds
    the hint from it."""

def _position_values(
    position: Position,
    *,
    objective: str = "win",
    policy: str = "expert",
    precision: float,
    budget: int,
    seed: int = 0,
    cancel: CancelToken | None = None,
) -> dict[str, Any]:
    """Every action of the decision at a game position, valued from its seat's
    view (which must be to move), seeded by `seed` and the position; keys as
    `_decision_values`'s. `cribbage_fast.analysis.hints.hint` builds the hint."""

# Card text in bulk (cribbage_fast.bulk.text): codes and bad cells (row, column, reason).
_ParsedText = tuple[NDArray[np.uint8], list[tuple[int, int, str]]]
_ArrowChunk = tuple[NDArray[Any], list[NDArray[np.uint8]], NDArray[np.uint8] | None, int]

def _card_indices_arrow(
    chunks: list[_ArrowChunk],
    kind: str,
    *,
    hands: bool,
    width: int | None,
    pad: bool,
    max_bad: int,
    threads: int | None = None,
) -> _ParsedText: ...
def _card_indices_ucs4(
    codes: NDArray[np.uint32],
    *,
    hands: bool,
    width: int | None,
    pad: bool,
    max_bad: int,
    threads: int | None = None,
) -> _ParsedText: ...
def _score_text_arrow(
    chunks: list[_ArrowChunk],
    kind: str,
    *,
    crib: bool,
    breakdown: bool,
    threads: int | None = None,
) -> NDArray[np.uint8] | None: ...
def _score_text_ucs4(
    codes: NDArray[np.uint32],
    *,
    hands: bool,
    crib: bool,
    breakdown: bool,
    threads: int | None = None,
) -> NDArray[np.uint8] | None: ...
def _card_indices_strings(
    items: Iterable[str | None],
    columns: int,
    *,
    hands: bool,
    width: int | None,
    pad: bool,
    max_bad: int,
    threads: int | None = None,
) -> _ParsedText: ...
def _game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (the simulator's own)."""
