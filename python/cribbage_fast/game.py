"""Whole games driven from Python: players, results, records, matches.

The rules live in the Rust core (`cribbage_fast._core.Game`); this module only
asks each player for its decision and hands it to the core.

>>> from cribbage_fast import Game, Player
>>> result = Game(num_players=2, seed=7).play([Player(), Player()])
>>> result.winner in (0, 1) and max(result.scores) >= 121
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from . import _core
from ._core import Card, Move, PlayerView, score_hand

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
        """Cards to give to the crib (2 with 2 players, else 1)."""
        ...

    def play(self, view: PlayerView) -> CardLike | None:
        """The card to lay, or None to say go (only when no card fits)."""
        ...

    def count(self, view: PlayerView) -> int:
        """Muggins: the points announced for the hand (or crib) being shown."""
        ...

    def claim(self, view: PlayerView) -> int:
        """Muggins: missed points claimed from an opponent's show (0 passes)."""
        ...


class Player:
    """A plain player to subclass: the first legal discard and lay, honest
    counts, and claims of exactly what an opponent missed.

    >>> class HighCard(Player):              # lays its highest card that fits
    ...     def play(self, view):
    ...         fits = [m.card for m in view.legal_moves if m.card]
    ...         return max(fits, key=lambda c: c.value) if fits else None   # None says go
    >>> Game(num_players=2, seed=7).play([HighCard(), Player()]).winner in (0, 1)
    True
    """

    def discard(self, view: PlayerView) -> Sequence[CardLike]:
        return view.legal_moves[0].cards

    def play(self, view: PlayerView) -> CardLike | None:
        return view.legal_moves[0].card

    def count(self, view: PlayerView) -> int:
        return _show_value(view)

    def claim(self, view: PlayerView) -> int:
        return max(0, _show_value(view) - (view.announced or 0))


def _show_value(view: PlayerView) -> int:
    """What the show in progress is worth (its cards are public once shown)."""
    if view.starter is None or len(view.show_cards) != 4:
        return 0
    return score_hand(view.show_cards, view.starter, crib=view.show_is_crib)


@dataclass(frozen=True)
class GameResult:
    """How a game ended.

    `winner` is a seat with 2 or 3 players and a team (0: seats 0 and 2,
    1: seats 1 and 3) with 4; `scores` is per side likewise.
    """

    winner: int
    scores: tuple[int, ...]
    game_points: int
    skunk: bool
    double_skunk: bool
    log: dict[str, Any] = field(repr=False)

    def to_json(self) -> str:
        """The game record (settings, moves, events) as JSON."""
        return json.dumps(self.log)


class Game(_core.Game):
    """A game of cribbage for 2, 3 or 4 players (partners with 4).

    Drive it step by step (`to_move`, `legal_moves()`, `apply(move)`, `view()`)
    or let `play(players)` run it. The same seed and the same decisions give
    the same game everywhere.

    >>> game = Game(num_players=2, seed=1)
    >>> game.phase, len(game.hand(game.to_move))
    ('discard', 6)
    """

    def play(self, players: Sequence[PlayerProtocol]) -> GameResult:
        """Plays the game to the end with one player object per seat.

        Raises:
            ValueError: the wrong number of players.
            IllegalMove: a player chose an illegal move (the game is left as
                it was before that move).
        """
        if len(players) != self.num_players:
            raise ValueError(f"{self.num_players} players needed, got {len(players)}")
        while not self.is_over:
            seat = self.to_move
            assert seat is not None
            self.step(players[seat])
        return self.result()

    def step(self, player: PlayerProtocol) -> None:
        """Asks `player` (the seat to move) for one decision and applies it."""
        view = self.view()
        phase = self.phase
        if phase == "discard":
            self.discard(list(player.discard(view)))
        elif phase == "play":
            choice = player.play(view)
            if choice is None:
                self.go()
            else:
                self.lay(choice)
        elif phase == "count":
            self.announce(player.count(view))
        elif phase == "claim":
            self.claim(player.claim(view))

    def result(self) -> GameResult:
        """The result of a finished game.

        Raises:
            ValueError: the game is not over yet.
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
            log=self.to_record(),
        )

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: settings, every move, every event."""
        return {
            "num_players": self.num_players,
            "seed": self.seed,
            "target": self.target,
            "muggins": self.muggins,
            "first_dealer": self.first_dealer,
            "moves": self.moves(),
            "events": self.events(),
        }

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Game:
        """Rebuilds a game from `to_record()` (or its JSON) by replaying its moves.

        Raises:
            ValueError: a move of the record is not legal in the replayed game.
        """
        if isinstance(record, str):
            record = json.loads(record)
        assert isinstance(record, dict)
        game = cls(
            num_players=record["num_players"],
            seed=record["seed"],
            target=record["target"],
            muggins=record["muggins"],
            first_dealer=record.get("first_dealer"),
        )
        for i, entry in enumerate(record["moves"]):
            try:
                game.apply(Move.from_dict(entry))
            except ValueError as err:
                raise ValueError(f"move {i} of the record ({entry}): {err}") from err
        return game


@dataclass(frozen=True)
class MatchResult:
    """A series of games: wins and game points per side."""

    games: int
    wins: tuple[int, ...]
    game_points: tuple[int, ...]
    results: list[GameResult] = field(repr=False)


def play_match(
    players: Sequence[PlayerProtocol],
    games: int,
    seed: int = 0,
    *,
    target: int = 121,
    muggins: bool = False,
) -> MatchResult:
    """Plays `games` seeded games, passing the first deal round the table, and
    totals wins and game points (2 for a skunk, 3 for a double skunk).

    >>> m = play_match([Player(), Player()], games=2, seed=3)
    >>> sum(m.wins)
    2
    """
    n = len(players)
    sides = 2 if n == 4 else n
    wins, points = [0] * sides, [0] * sides
    results = []
    for g in range(games):
        game = Game(n, seed=seed + g, target=target, muggins=muggins, first_dealer=g % n)
        result = game.play(players)
        wins[result.winner] += 1
        points[result.winner] += result.game_points
        results.append(result)
    return MatchResult(games, tuple(wins), tuple(points), results)
