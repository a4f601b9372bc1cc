"""Type stubs for the compiled core, `cribbage_fast._core`.

Every function that takes cards accepts `Card` objects, card text such as
``"5H"``, or (for several cards) one space-separated string.
"""

from collections.abc import Callable, Iterable
from typing import Any, Final, Literal, Self, TypeAlias, TypedDict, final

from typing_extensions import disjoint_base

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

class Misdeal(ValueError):
    """A supplied deal with the wrong cards; the game is unchanged and the same
    dealer deals again."""

_Phase: TypeAlias = Literal["discard", "play", "count", "claim", "over"]

@final
class Move:
    """A decision in a game.

    >>> Move.lay("5H"), Move.discard("5H 6D"), Move.go()
    (Move.lay('5H'), Move.discard('5H 6D'), Move.go())
    """

    @staticmethod
    def discard(cards: _CardLike | _CardsLike) -> Move:
        """Give cards to the crib (2 with 2 players, else 1)."""
    @staticmethod
    def lay(card: _CardLike) -> Move:
        """Lay a card in the play."""
    @staticmethod
    def go() -> Move:
        """Say go (legal only when no card fits)."""
    @staticmethod
    def count(points: int) -> Move:
        """Muggins: announce the points of your hand or crib."""
    @staticmethod
    def claim(points: int) -> Move:
        """Muggins: claim points an opponent missed (0 passes)."""
    @staticmethod
    def from_dict(d: dict[str, Any]) -> Move:
        """Rebuild a move from `to_dict()` or a game record."""
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, e.g. ``{"move": "lay", "card": "5H"}``."""
    @property
    def kind(self) -> Literal["discard", "lay", "go", "count", "claim", "deal"]: ...
    @property
    def cards(self) -> list[Card]: ...
    @property
    def card(self) -> Card | None: ...
    @property
    def points(self) -> int | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

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
    def announced(self) -> int | None:
        """During a muggins claim: what the owner announced."""
    @property
    def legal_moves(self) -> list[Move]: ...

@disjoint_base
class Game:
    """A game of cribbage, move by move (see `cribbage_fast.Game`).

    Raises:
        ValueError: a player count other than 2, 3, 4 or a bad target.
    """

    def __new__(
        cls,
        num_players: int = 2,
        seed: int | None = None,
        target: int = 121,
        muggins: bool = False,
        first_dealer: int | None = None,
        record: bool = True,
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
    def hand(self, seat: int) -> list[Card]: ...
    def kept(self, seat: int) -> list[Card]: ...
    def side_of(self, seat: int) -> int: ...
    def legal_moves(self) -> list[Move]: ...
    def apply(self, mv: Move) -> None:
        """Play a move for the seat to move.

        Raises:
            IllegalMove: the move is not legal now; the game is unchanged.
            Misdeal: a supplied deal had the wrong cards.
        """
    def discard(self, cards: _CardLike | _CardsLike) -> None: ...
    def lay(self, card: _CardLike) -> None: ...
    def go(self) -> None: ...
    def announce(self, points: int) -> None: ...
    def claim(self, points: int) -> None: ...
    def supply_deal(
        self,
        hands: Iterable[_CardsLike],
        starter: _CardLike | None = None,
        crib_card: _CardLike | None = None,
        scores: list[int] | None = None,
    ) -> None:
        """Replace the current deal before anyone discards (a real table, a puzzle).

        Raises:
            Misdeal: the wrong number of cards; nothing changes.
            ValueError: a repeated card or a bad score position.
        """
    def view(self, seat: int | None = None) -> PlayerView: ...
    def clone(self) -> Self:
        """An independent copy of the same class (cheap), e.g. for search."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...
    def moves(self) -> list[dict[str, Any]]: ...
    def events(self) -> list[dict[str, Any]]: ...

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
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def analyze_discards(hand: _CardsLike, dealer: bool) -> list[DiscardOption]:
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

def best_discard(hand: _CardsLike, dealer: bool) -> DiscardOption:
    """The first (best) option of `analyze_discards`; the same rules and errors.

    >>> best_discard("5H 5D JC 4S 6H KD", dealer=False).discard
    (Card('JC'), Card('KD'))
    """

_BotName: TypeAlias = Literal["random", "greedy", "expert"]

@final
class RandomPlayer:
    """Uniformly random legal moves (discards and lays) from its own seeded generator;
    honest muggins counts and claims.

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
        """The cards to give to the crib."""
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits)."""
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show."""
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed."""

@final
class GreedyPlayer:
    """Keeps the best expected hand (crib ignored) and lays the card that pegs the
    most now (ties: not leaving 5 or 21, then the lower card).

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
        """The cards to give to the crib."""
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits)."""
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show."""
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed."""

@final
class ExpertPlayer:
    """Discards by the exact expected hand and crib (`best_discard`); pegs by a small
    expectimax over the unseen cards (its points, the opponent's best reply, its counter)
    and weighs the board position near the end of the game.

    >>> from cribbage_fast import ExpertPlayer, simulate
    >>> simulate(ExpertPlayer(), "random", games=20, seed=1).games
    20
    """

    def __new__(cls) -> Self: ...
    @property
    def name(self) -> _BotName:
        """``"expert"``."""
    def discard(self, view: PlayerView) -> list[Card]:
        """The cards to give to the crib."""
    def play(self, view: PlayerView) -> Card | None:
        """The card to lay, or None to say go (only when nothing fits)."""
    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show."""
    def claim(self, view: PlayerView) -> int:
        """Muggins: exactly the points the owner missed."""

class _PerDealDealer(TypedDict):
    pegging: float
    hand: float
    crib: float
    his_heels: float

class _PerDealPone(TypedDict):
    pegging: float
    hand: float

class _PerDeal(TypedDict):
    dealer: _PerDealDealer
    pone: _PerDealPone

@final
class SimulationStats:
    """What `simulate` measured. Pairs are (first player, second player).

    Per-deal means are over completed deals (the crib was shown); the deal
    interrupted by the end of the game counts only in `deals`.

    >>> stats = simulate("greedy", "random", games=200, seed=1)
    >>> sum(stats.wins) == stats.games == 200
    True
    >>> print(str(stats).splitlines()[0])
    greedy vs random: 200 games (seed 1), 9.33 deals per game
    """

    @property
    def games(self) -> int: ...
    @property
    def players(self) -> tuple[str, str]:
        """The players' names (bot names, or the Python players' class names)."""
    @property
    def seed(self) -> int: ...
    @property
    def wins(self) -> tuple[int, int]: ...
    @property
    def win_rates(self) -> tuple[float, float]: ...
    @property
    def win_intervals(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The 95% Wilson score interval of each win rate."""
    @property
    def game_points(self) -> tuple[int, int]:
        """Game points won: 1 a game, 2 a skunk, 3 a double skunk."""
    @property
    def skunks(self) -> tuple[int, int]:
        """Wins by a skunk (loser under 91, but not under 61)."""
    @property
    def double_skunks(self) -> tuple[int, int]:
        """Wins by a double skunk (loser under 61)."""
    @property
    def mean_scores(self) -> tuple[float, float]: ...
    @property
    def deals(self) -> int:
        """Deals played, each game's interrupted last deal included."""
    @property
    def mean_deals(self) -> float: ...
    @property
    def completed_deals(self) -> int: ...
    @property
    def per_deal(self) -> _PerDeal:
        """Mean points per completed deal by source, for the dealer and the pone."""
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every statistic."""

def simulate(
    a: _BotName | str | object,
    b: _BotName | str | object,
    games: int = 1000,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> SimulationStats:
    """Plays `games` seeded two-player games (121 points, no muggins) between `a`
    (seat 0) and `b`.

    A player is a bot name (``"random"``, ``"greedy"``, ``"expert"``), a built-in
    player object or class, or any object with ``discard(view)`` and ``play(view)``
    (a `PlayerProtocol`). Game ``i`` uses a seed derived from ``(seed, i)``; seat 0
    deals first in even games. Two built-in players run entirely in Rust with the
    GIL released, on ``threads`` threads (None: every core), in chunks (Ctrl-C
    stops between chunks); the statistics are the same whatever the thread count.
    With a Python player the games run one at a time with the GIL held.
    ``progress(done)`` is called after each chunk.

    >>> stats = simulate("expert", "greedy", games=100, seed=7, threads=1)
    >>> stats.games, sum(stats.wins), stats.players
    (100, 100, ('expert', 'greedy'))

    Raises:
        ValueError: an unknown bot name, games < 1 or threads < 1.
        TypeError: a player that is neither a name nor a player object.
    """
