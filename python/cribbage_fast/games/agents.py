"""An example searcher for `Game.play`: ISMCTS, measured against the built-in
`GreedyPlayer` (best expected hand, the lay that pegs the most at once).

`ISMCTSPlayer` is single-observer information-set Monte Carlo tree search:
each iteration deals the cards it cannot see again (`Game.determinize`),
walks one tree of moves shared by all those deals (UCB1 over the moves legal
in the deal at hand), and finishes the deal with random moves in Rust
(`Game.playout`). A deal is scored by the point difference it produces (a
game won or lost in it counts fully).

Examples
--------
>>> from cribbage_fast import Game, GreedyPlayer
>>> from cribbage_fast.games.agents import ISMCTSPlayer, play_with_search
>>> winner, points = play_with_search(Game(2, seed=3, target=31),
...                                   [ISMCTSPlayer(iterations=20, seed=1), GreedyPlayer()])
>>> winner in (0, 1)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .._core import Move, PlayerView
from .._util.args import integer, real
from .game import CardLike, Game, Player, PlayerProtocol, _check_players

__all__ = ["ISMCTSPlayer", "play_with_search"]


@dataclass
class _Node:
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[Move, _Node] = field(default_factory=dict)


class ISMCTSPlayer(Player):
    """Information-set MCTS over `Game.determinize` (see the module docs).

    Works for 2, 3 and 4 players (every other side is an opponent).

    Parameters
    ----------
    iterations : int, default 200
        Search iterations per play decision.
    discard_iterations : int or None, default None
        Search iterations per discard (None: 4 times `iterations`).
    c : float, default 0.7
        The exploration constant.
    seed : int or None, default None
        Seeds the player's generator, for reproducible play.

    Raises
    ------
    TypeError, ValueError
        A count that is not an integer of at least 1, `c` not a finite
        number of at least 0, or a seed that is not an integer (named).

    Examples
    --------
    >>> from cribbage_fast import Game, GreedyPlayer
    >>> players = [ISMCTSPlayer(10, seed=2), GreedyPlayer()]
    >>> winner, points = play_with_search(Game(2, seed=1, target=31), players)
    >>> winner in (0, 1)
    True
    """

    def __init__(
        self,
        iterations: int = 200,
        discard_iterations: int | None = None,
        c: float = 0.7,
        seed: int | None = None,
    ) -> None:
        self.iterations = integer(iterations, "iterations", 1)
        self.discard_iterations = (
            4 * self.iterations
            if discard_iterations is None
            else integer(discard_iterations, "discard_iterations", 1)
        )
        self.c = real(c, "c", 0.0)
        self.rng = random.Random(None if seed is None else integer(seed, "seed"))
        self.game: Game | None = None

    def bind(self, game: Game) -> ISMCTSPlayer:
        """The game this player searches (set by `play_with_search`).

        Parameters
        ----------
        game : Game
            The game being played.

        Returns
        -------
        ISMCTSPlayer
            This player.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> game = Game(2, seed=1)
        >>> player = ISMCTSPlayer(20, seed=1).bind(game)
        >>> player.game is game
        True
        """
        self.game = game
        return self

    def discard(self, view: PlayerView) -> Sequence[CardLike]:
        """The discard the search visits most.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        list of Card
            The cards to give to the crib.

        Raises
        ------
        RuntimeError
            The player is not bound to its game (`bind`).

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> game = Game(2, seed=1)
        >>> player = ISMCTSPlayer(20, seed=1).bind(game)
        >>> len(player.discard(game.view(0)))
        2
        """
        move = self.search(view)
        return move.cards

    def play(self, view: PlayerView) -> CardLike | None:
        """The lay the search visits most (no search when one move is legal).

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        Card or None
            The card to lay, or None for go.

        Raises
        ------
        RuntimeError
            The player is not bound to its game (`bind`).

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> game = Game(2, seed=1)
        >>> player = ISMCTSPlayer(20, seed=1).bind(game)
        >>> game.discard("2C 4S"); game.discard(game.hand(1)[:2])
        >>> player.play(game.view(0)) in game.hand(0)
        True
        """
        if len(view.legal_moves) == 1:
            return view.legal_moves[0].card
        return self.search(view).card

    def search(self, view: PlayerView) -> Move:
        """The most visited move at the root after the search.

        Parameters
        ----------
        view : PlayerView
            What the seat to move may know.

        Returns
        -------
        Move
            The chosen move.

        Raises
        ------
        RuntimeError
            The player is not bound to its game (`bind`).

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> game = Game(2, seed=1)
        >>> player = ISMCTSPlayer(20, seed=1).bind(game)
        >>> player.search(game.view(0)).kind
        'discard'
        """
        game = self.game
        if game is None:
            raise RuntimeError("bind the player to its game first (play_with_search does)")
        seat = view.seat
        root = _Node()
        budget = self.discard_iterations if view.phase == "discard" else self.iterations
        for _ in range(budget):
            world = game.determinize(seat, self.rng.getrandbits(63))
            self._iterate(root, world, seat)
        best = max(root.children.items(), key=lambda kv: kv[1].visits)
        return best[0]

    def _iterate(self, root: _Node, world: Game, me: int) -> None:
        start = list(world.scores)
        deal = world.deal_number
        my_side = world.side_of(me)
        path: list[tuple[_Node, int]] = []  # (node, side that chose it)
        node = root
        while not world.is_over and world.deal_number == deal:
            mover = world.to_move
            assert mover is not None
            legal = world.legal_moves()
            for m in legal:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            untried = [m for m in legal if m not in node.children]
            side = world.side_of(mover)
            if untried:
                move = untried[self.rng.randrange(len(untried))]
                child = _Node(available=1)
                node.children[move] = child
                world.apply(move)
                path.append((child, side))
                break
            move = max(legal, key=lambda m: self._ucb(node.children[m]))
            node = node.children[move]
            world.apply(move)
            path.append((node, side))
        world.playout(self.rng.getrandbits(63), end_of_deal=True)
        mine = self._value(world, start, my_side)
        for child, side in path:
            child.visits += 1
            child.value += mine if side == my_side else 1.0 - mine

    def _ucb(self, node: _Node) -> float:
        return node.value / node.visits + self.c * math.sqrt(
            math.log(max(node.available, 1)) / node.visits
        )

    @staticmethod
    def _value(world: Game, start: list[int], my_side: int) -> float:
        """1 for a win, 0 for a loss, else 0.5 + the deal's point margin / 40."""
        if world.winner is not None:
            return 1.0 if world.winner == my_side else 0.0
        gains = [now - was for now, was in zip(world.scores, start, strict=True)]
        mine = gains[my_side]
        theirs = max(g for s, g in enumerate(gains) if s != my_side)
        return min(1.0, max(0.0, 0.5 + (mine - theirs) / 40.0))


def play_with_search(game: Game, players: Sequence[PlayerProtocol]) -> tuple[int, int]:
    """Plays `game` to the end, binding every `ISMCTSPlayer` to it; returns
    ``(winner, game_points)``.

    Parameters
    ----------
    game : Game
        A game not yet over.
    players : sequence of PlayerProtocol
        One player per seat; the `ISMCTSPlayer` among them search this game.

    Returns
    -------
    tuple of int
        The winning side and its game points (2 a skunk, 3 a double skunk).

    Raises
    ------
    TypeError
        `game` is not a `Game`, or `players` not a list of players.
    ValueError
        Not one player per seat, or a player's illegal move (`IllegalMove`).

    Examples
    --------
    >>> from cribbage_fast import Game, GreedyPlayer
    >>> winner, points = play_with_search(Game(2, seed=1, target=31),
    ...                                   [ISMCTSPlayer(10, seed=2), GreedyPlayer()])
    >>> winner in (0, 1) and points >= 1
    True
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, got {type(game).__name__}")
    _check_players(players)
    for p in players:
        if isinstance(p, ISMCTSPlayer):
            p.bind(game)
    result = game.play(players)
    return result.winner, result.game_points
