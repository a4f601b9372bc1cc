"""Whole games driven from Python: players, results, records, matches.

The rules live in the Rust core (`cribbage_fast._core.Game`); this module only
asks each player for its decision and hands it to the core.

Examples
--------
>>> from cribbage_fast import Game, Player
>>> result = Game(num_players=2, seed=7).play([Player(), Player()])
>>> result.winner in (0, 1) and max(result.scores) >= 121
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, cast, runtime_checkable

from .. import _core
from .._core import Card, Move, PlayerView
from .._util import json as _json
from .._util.names import check_names

CardLike = Card | str

__all__ = [
    "Game",
    "GameResult",
    "MatchResult",
    "Player",
    "PlayerProtocol",
    "play_match",
]


@runtime_checkable
class PlayerProtocol(Protocol):
    """What `Game.play` asks of a player. Each method gets a `PlayerView` of
    what that seat may know (never the other hands)."""

    def discard(self, view: PlayerView) -> Sequence[CardLike]:
        """Cards to give to the crib (2 with 2 players, else 1).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        list of Card or str
            The cards, from ``view.hand``.

        Examples
        --------
        >>> isinstance(Player(), PlayerProtocol)
        True
        """
        ...

    def play(self, view: PlayerView) -> CardLike | None:
        """The card to lay, or None to say go (only when no card fits).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        Card or str or None
            A card of ``view.hand`` that fits, or None for go.

        Examples
        --------
        >>> isinstance(Player(), PlayerProtocol)
        True
        """
        ...

    def count(self, view: PlayerView) -> int:
        """Muggins: the points announced for the hand (or crib) being shown.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        int
            The points announced (an over-count is corrected).

        Examples
        --------
        >>> isinstance(Player(), PlayerProtocol)
        True
        """
        ...

    def claim(self, view: PlayerView) -> int:
        """Muggins: missed points claimed from an opponent's show (0 passes).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        int
            The points claimed; only what was really missed is pegged.

        Examples
        --------
        >>> isinstance(Player(), PlayerProtocol)
        True
        """
        ...


class Player:
    """A plain player to subclass: the first legal discard and lay, honest
    counts, and claims of exactly what an opponent missed.

    Examples
    --------
    >>> class HighCard(Player):              # lays its highest card that fits
    ...     def play(self, view):
    ...         fits = [m.card for m in view.legal_moves if m.card]
    ...         return max(fits, key=lambda c: c.value) if fits else None   # None says go
    >>> Game(num_players=2, seed=7).play([HighCard(), Player()]).winner in (0, 1)
    True
    """

    def discard(self, view: PlayerView) -> Sequence[CardLike]:
        """The cards of the first legal discard.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        list of Card
            2 cards with 2 players, else 1.

        Examples
        --------
        >>> Player().discard(Game(2, seed=1).view(0))
        [Card('2C'), Card('4S')]
        """
        return view.legal_moves[0].cards

    def play(self, view: PlayerView) -> CardLike | None:
        """The first card that fits (index order), or None to say go.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        Card or None
            The card to lay, or None for go.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S"); game.discard(game.hand(1)[:2])
        >>> Player().play(game.view(0))
        Card('9D')
        """
        return view.legal_moves[0].card

    def count(self, view: PlayerView) -> int:
        """Muggins: the honest count of the show.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        int
            ``view.show_value``.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> Player().count(game.view()) == game.view().show_value
        True
        """
        return view.show_value

    def claim(self, view: PlayerView) -> int:
        """Muggins: claims exactly what the owner missed (0 passes).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        int
            ``view.claimable``.

        Examples
        --------
        >>> game = Game(2, seed=3, muggins=True)
        >>> while game.phase != "count":
        ...     game.apply(game.legal_moves()[0])
        >>> game.announce(0)
        >>> Player().claim(game.view()) == game.view().claimable
        True
        """
        return view.claimable


@dataclass(frozen=True, eq=False)
class GameResult:
    """How a game ended.

    `winner` is a seat with 2 or 3 players and a team (0: seats 0 and 2,
    1: seats 1 and 3) with 4; `scores` is per side likewise. `log`, the
    game's record, is built from the finished game when first asked for, so
    a game whose record is never read pays nothing for it.
    """

    winner: int
    scores: tuple[int, ...]
    game_points: int
    skunk: bool
    double_skunk: bool
    #: The record, or the finished game and its names to build it from.
    _source: dict[str, Any] | tuple[Game, tuple[str | None, ...]] = field(repr=False)

    @property
    def log(self) -> dict[str, Any]:
        """The game record: `Game.to_record` of the finished game.

        Examples
        --------
        >>> result = Game(2, seed=1).play([Player(), Player()])
        >>> sorted(result.log)[:3]
        ['events', 'first_dealer', 'moves']
        """
        source = self._source
        if isinstance(source, tuple):
            source = _record_of(*source)
            object.__setattr__(self, "_source", source)  # built once, then kept
        return source

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameResult):
            return NotImplemented
        return self._fields() == other._fields() and self.log == other.log

    __hash__ = None  # type: ignore[assignment]  # holds a dict, as the record always did

    def _fields(self) -> tuple[Any, ...]:
        return (self.winner, self.scores, self.game_points, self.skunk, self.double_skunk)

    def to_json(self) -> str:
        """The game record (settings, moves, events) as JSON.

        Returns
        -------
        str
            JSON text that `Game.replay` reads back.

        Examples
        --------
        >>> result = Game(2, seed=1).play([Player(), Player()])
        >>> Game.replay(result.to_json()).scores == list(result.scores)
        True
        """
        return json.dumps(self.log)


class Game(_core.Game):
    """A game of cribbage for 2, 3 or 4 players (partners with 4).

    Drive it step by step (`to_move`, `legal_moves()`, `apply(move)`, `view()`)
    or let `play(players)` run it. The same seed and the same decisions give
    the same game everywhere. `names` (optional, one per seat, None for an
    unnamed seat) names the players in the record, the notation's ``Player``
    tags and the analysis; a name is 1 to 40 printable characters without a
    quote or a backslash.

    Examples
    --------
    >>> game = Game(num_players=2, seed=1)
    >>> game.phase, len(game.hand(game.to_move))
    ('discard', 6)
    >>> Game(2, seed=1, names=["Ann", "Bob"]).names
    ('Ann', 'Bob')
    """

    _names: tuple[str | None, ...]

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
        *,
        names: Sequence[str | None] | None = None,
    ) -> Self:
        core = super().__new__(
            cls, num_players, seed, target, muggins, first_dealer, record, scores, deal_seeds
        )
        game = cast(Self, core)
        game._names = check_names(names, game.num_players)
        return game

    @property
    def names(self) -> tuple[str | None, ...]:
        """Each seat's player's name, None for an unnamed seat.

        Raises
        ------
        TypeError, ValueError
            On setting: not one name (or None) per seat, or a bad name.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.names = ["Ann", None]
        >>> game.names
        ('Ann', None)
        """
        names: tuple[str | None, ...] | None = self.__dict__.get("_names")
        return names if names is not None else (None,) * self.num_players

    @names.setter
    def names(self, names: Sequence[str | None] | None) -> None:
        self._names = check_names(names, self.num_players)

    def clone(self) -> Self:
        """An independent copy (cheap), names included (`_core.Game.clone`).

        Returns
        -------
        Game

        Examples
        --------
        >>> Game(2, seed=1, names=["Ann", "Bob"]).clone().names
        ('Ann', 'Bob')
        """
        copy = super().clone()
        copy._names = self.names
        return copy

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: object) -> Self:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        reduced = cast(tuple[Any, ...], super().__reduce__())
        if not any(self.names):
            return reduced
        return (_named, (reduced, self.names))

    def play(self, players: Sequence[PlayerProtocol | str]) -> GameResult:
        """Plays the game to the end with one player object (or bot name) per seat.

        Each turn is dispatched in the core (`play_to_end`, one `step` per
        decision): the seat to move gets its `PlayerView` and the method of the
        phase (`discard`, `play`, `count` or `claim`) is called.

        Parameters
        ----------
        players : sequence of PlayerProtocol or str
            One player per seat (built-in players, Python objects, or the
            name of a built-in bot from `OPPONENTS`, such as ``"pegger"``:
            it plays as ``BotPlayer(name)`` seeded as in `simulate`).

        Returns
        -------
        GameResult
            The winner, the scores, the game points and the game's record.

        Raises
        ------
        ValueError
            the wrong number of players.
        IllegalMove
            a player chose an illegal move (the game is left as
            it was before that move).

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer
        >>> Game(2, seed=1).play([ExpertPlayer(), Player()]).winner
        0
        >>> Game(2, seed=1).play(["cautious", "handmax"]).winner in (0, 1)
        True
        """
        self.play_to_end(players)
        return self.result()

    def result(self) -> GameResult:
        """The result of a finished game.

        Returns
        -------
        GameResult
            The winner, the scores, the game points and the game's record.

        Raises
        ------
        ValueError
            the game is not over yet.

        Examples
        --------
        >>> game = Game(2, seed=1, record=False)
        >>> game.playout(seed=2)
        >>> game.result().game_points in (1, 2, 3)
        True
        """
        winner = self.winner
        if winner is None:
            raise ValueError("the game is not over yet")
        points = self.game_points
        return GameResult(
            winner=winner,
            scores=tuple(self.scores),
            game_points=points,
            skunk=points >= 2,
            double_skunk=points == 3,
            _source=(self, self.names),
        )

    def _repr_svg_(self) -> str:
        """The game as a picture (`cribbage_fast.svg.game`), for Jupyter."""
        from .. import svg

        return svg.game(self)

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: settings, every move, every event.

        Returns
        -------
        dict
            ``num_players``, ``seed``, ``target``, ``muggins``, ``first_dealer``,
            ``moves`` and ``events``, ``names`` (one name or None per seat)
            when a seat is named, and ``deal_seeds`` when the deals are seeded
            by their number; `replay` rebuilds the game from it.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S")
        >>> game.to_record()["moves"]
        [{'seat': 0, 'move': 'discard', 'cards': '2C 4S'}]
        """
        return _record_of(self, self.names)

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Game:
        """Rebuilds a game from `to_record()` (or its JSON) by replaying its
        moves, and checks that the replay agrees with every move (seat
        included) and every event of the record. Keys other than those of
        `to_record()` are ignored.

        Parameters
        ----------
        record : dict or str
            A record from `to_record` or `GameResult.to_json`.

        Returns
        -------
        Game
            The game at the end of the record.

        Raises
        ------
        TypeError
            the record is not a dict (or JSON text of one), or a
            field has the wrong type.
        ValueError
            a field is missing or out of range, a move is not
            legal in the replayed game, or the first move or event where
            the record and the replay disagree (its index and what differs).

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.discard("2C 4S")
        >>> Game.replay(game.to_record()).crib
        [Card('2C'), Card('4S')]
        """
        record = _record_dict(record)
        try:
            game = cls(
                num_players=record["num_players"],
                seed=record["seed"],
                target=record["target"],
                muggins=record["muggins"],
                first_dealer=record["first_dealer"],
                deal_seeds=record.get("deal_seeds", False),
            )
        except (TypeError, ValueError) as err:
            raise type(err)(f"the record's settings: {err}") from err
        try:
            game.names = record.get("names")
        except (TypeError, ValueError) as err:
            raise type(err)(f"the record's names: {err}") from err
        for i, entry in enumerate(record["moves"]):
            try:
                game.apply(Move.from_dict(entry))
            except (TypeError, ValueError) as err:
                raise type(err)(f"move {i} of the record ({entry}): {err}") from err
        _first_difference("move", record["moves"], game.moves())
        _first_difference("event", record["events"], game.events())
        return game

    def to_text(self, *, tags: Mapping[str, str] | None = None, view: int | None = None) -> str:
        """The game in the text notation (docs/notation.md;
        `cribbage_fast.records.notation.grammar.write`).

        Parameters
        ----------
        tags : mapping, optional
            Header tags such as ``Event``, ``Date``, ``Player0``.
        view : int, optional
            Write only what this seat saw (the other seats' unseen cards as ``xx``).

        Returns
        -------
        str
            The text; `from_text` reads it back.

        Raises
        ------
        ValueError
            An unknown tag or a bad value, a seat out of range.

        Examples
        --------
        >>> game = Game(2, seed=1)
        >>> game.playout(seed=2)
        >>> Game.from_text(game.to_text()).to_record() == game.to_record()
        True
        """
        from ..records.notation.grammar import write

        return write(self, tags=tags, view=view)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """Reads a game written in the text notation and replays it
        (`cribbage_fast.records.notation.grammar.parse`; unknown cards are filled, seed 0).

        Parameters
        ----------
        text : str
            The record's text.

        Returns
        -------
        Game
            The game as the text leaves it (finished or not).

        Raises
        ------
        NotationError
            Text off the grammar or a move the rules refuse (its line and column).

        Examples
        --------
        >>> Game.from_text(Game(2, seed=4).to_text()).hand(0) == Game(2, seed=4).hand(0)
        True
        """
        from ..records.notation.grammar import parse

        return cls.replay(parse(text).record)


def _record_of(game: Game, names: tuple[str | None, ...]) -> dict[str, Any]:
    """The record of `game` (see `Game.to_record`) naming its seats `names`."""
    record: dict[str, Any] = {
        "num_players": game.num_players,
        "seed": game.seed,
        "target": game.target,
        "muggins": game.muggins,
        "first_dealer": game.first_dealer,
        "moves": game.moves(),
        "events": game.events(),
    }
    if any(names):
        record["names"] = list(names)
    if game.deal_seeds:
        record["deal_seeds"] = True
    return record


def _named(reduced: tuple[Any, Any, Any], names: tuple[str | None, ...]) -> Game:
    """Unpickles a game with names: the core's state, then the names."""
    cls, args, moves = reduced
    game: Game = cls(*args)
    game.__setstate__(moves)  # type: ignore[attr-defined]  # the core's pickle support
    game.names = names
    return game


_RECORD_FIELDS = ("num_players", "seed", "target", "muggins", "first_dealer", "moves", "events")


def _record_dict(record: object) -> dict[str, Any]:
    """A game record as a dict with every field, else TypeError/ValueError."""
    if isinstance(record, str | bytes | bytearray):
        try:
            record = _json.loads(record, "its text")
        except ValueError as err:
            raise ValueError(f"a game record must be JSON: {err}") from err
    if not isinstance(record, dict):
        raise TypeError(f"a game record must be a dict or its JSON, got {type(record).__name__}")
    _json.check_depth(record, "the game record")
    missing = [key for key in _RECORD_FIELDS if key not in record]
    if missing:
        raise ValueError(f"the game record has no {', '.join(missing)} field")
    for key in ("moves", "events"):
        if not isinstance(record[key], list):
            raise TypeError(f"the record's {key} must be a list, got {type(record[key]).__name__}")
    return record


def _first_difference(what: str, recorded: list[Any], replayed: list[Any]) -> None:
    """Fails on the first entry where the record and the replay disagree."""
    for i, (ours, theirs) in enumerate(zip(_plain(replayed), _plain(recorded), strict=False)):
        if not _same(ours, theirs):
            if isinstance(theirs, dict):
                keys = sorted(set(ours) | set(theirs), key=str)
                diff = ", ".join(
                    f"{k}: record {theirs.get(k)!r}, replay {ours.get(k)!r}"
                    for k in keys
                    if not _same(ours.get(k), theirs.get(k))
                )
            else:
                diff = f"record {theirs!r}, replay {ours!r}"
            raise ValueError(f"{what} {i} of the record differs from the replay ({diff})")
    if len(recorded) != len(replayed):
        raise ValueError(f"the record has {len(recorded)} {what}s, the replay {len(replayed)}")


def _same(ours: Any, theirs: Any) -> bool:
    """Equal and of the same kind, as JSON compares: a count of 2.0 or True
    is not the count 2."""
    if isinstance(ours, dict):
        return (
            isinstance(theirs, dict)
            and ours.keys() == theirs.keys()
            and all(_same(ours[k], theirs[k]) for k in ours)
        )
    if isinstance(ours, list):
        return (
            isinstance(theirs, list)
            and len(ours) == len(theirs)
            and all(_same(a, b) for a, b in zip(ours, theirs, strict=True))
        )
    return type(ours) is type(theirs) and ours == theirs


def _plain(value: Any) -> Any:
    """Tuples as lists, as JSON has them, so a record compares equal to its JSON."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _check_players(players: object) -> None:
    """Players must be a sequence of objects with the `PlayerProtocol` methods."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of players, got {type(players).__name__}")
    for seat, player in enumerate(players):
        if not isinstance(player, str | PlayerProtocol):
            raise TypeError(
                f"player {seat} ({type(player).__name__}) lacks the PlayerProtocol methods "
                "discard, play, count and claim"
            )


@dataclass(frozen=True)
class MatchResult:
    """A series of games: wins and game points per side (in a duplicate match,
    per player: the side the player of seat ``i`` of the first game sat on)."""

    games: int
    wins: tuple[int, ...]
    game_points: tuple[int, ...]
    results: list[GameResult] = field(repr=False)
    duplicate: bool = False


def play_match(
    players: Sequence[PlayerProtocol],
    games: int,
    seed: int = 0,
    *,
    target: int = 121,
    muggins: bool = False,
    duplicate: bool = False,
) -> MatchResult:
    """Plays `games` seeded games, passing the first deal round the table, and
    totals wins and game points (2 for a skunk, 3 for a double skunk).

    Parameters
    ----------
    players : sequence of PlayerProtocol
        One player per seat (2, 3 or 4; with 4, seats 0 and 2 are partners).
    games : int
        How many games to play.
    seed : int, default 0
        Game ``g`` is ``Game(seed=seed + g)`` with seat ``g % len(players)`` dealing first.
    target : int, default 121
        The points that win.
    muggins : bool, default False
        Shows are announced by their owners and missed points may be claimed.
    duplicate : bool, default False
        Play groups of ``len(players)`` games with the same deals
        (``Game(seed=seed + group, deal_seeds=True)``, seat ``group % n``
        dealing first), the players moving one seat on each game, so each
        plays every seat's cards; `games` must be a multiple of the players.

    Returns
    -------
    MatchResult
        Games, wins and game points per side (per player's first side when
        duplicate), and every game's result.

    Raises
    ------
    ValueError
        Not 2 to 4 players, a negative number of games (or not a multiple of
        the players when duplicate), or a player's illegal move (`IllegalMove`).
    TypeError
        A player without the methods of `PlayerProtocol`, or games not an integer.

    Examples
    --------
    >>> m = play_match([Player(), Player()], games=2, seed=3)
    >>> sum(m.wins)
    2
    >>> play_match([Player(), Player()], games=4, seed=3, duplicate=True).duplicate
    True
    """
    _check_players(players)
    n = len(players)
    if not 2 <= n <= 4:
        raise ValueError(f"a match needs 2, 3 or 4 players, got {n}")
    if isinstance(games, bool) or not hasattr(games, "__index__"):
        raise TypeError(f"games must be an integer, got {type(games).__name__}")
    if games < 0:
        raise ValueError(f"games must be 0 or more, got {games}")
    if not isinstance(duplicate, bool):
        raise TypeError(f"duplicate must be True or False, got {type(duplicate).__name__}")
    if duplicate and games % n:
        raise ValueError(f"games must be a multiple of the {n} players when duplicate, got {games}")
    sides = Game.sides_for(n)
    wins, points = [0] * sides, [0] * sides
    results = []
    for g in range(games):
        if duplicate:
            group, shift = divmod(g, n)
            seated = [players[(s + shift) % n] for s in range(n)]
            game = Game(
                n,
                seed=seed + group,
                target=target,
                muggins=muggins,
                first_dealer=group % n,
                deal_seeds=True,
            )
        else:
            shift, seated = 0, list(players)
            game = Game(n, seed=seed + g, target=target, muggins=muggins, first_dealer=g % n)
        result = game.play(seated)
        # The side of the player who sat in the winning seat, by first seat.
        side = (result.winner + shift) % sides
        wins[side] += 1
        points[side] += result.game_points
        results.append(result)
    return MatchResult(games, tuple(wins), tuple(points), results, duplicate)
