"""Play-outs from any game position (docs/game-positions.md): both seats
played on by chosen bots, each game's hidden cards dealt afresh.

`play_out` names `cribbage_fast.simulate` with ``position=``: the games run
in the core's simulator, on every core with the GIL released, seeded game by
game, so the statistics for a seed are the same at any thread count, and
Ctrl-C stops them within about a second.

>>> from cribbage_fast.analysis.playout import play_out
>>> stats = play_out("112-118/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0",
...                  ("greedy", "expert"), games=200, seed=3)
>>> stats.games, stats.start_scores, sum(stats.wins)
(200, (112, 118), 200)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import _core
from ..records.position import PositionLike, position_of

__all__ = ["play_out"]


def play_out(
    position: PositionLike,
    players: Sequence[object],
    games: int = 1000,
    seed: int = 0,
    *,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
) -> _core.SimulationStats:
    """Plays `games` games on from `position`, seat 0 by ``players[0]`` and
    seat 1 by ``players[1]``.

    Each game deals the cards the position's seat has not seen afresh,
    consistently with what it saw (`Game.from_position`, seeded from
    ``(seed, i)``); a study position's other cards are kept. The games are
    played to their end, so the win rates are the chances to win from the
    position with these players, with Wilson intervals.

    Parameters
    ----------
    position : Position, str or bytes
        A game position or its one-line text (`records.parse_position`).
    players : pair of str or player
        Seat 0's and seat 1's players, as `simulate` takes them: a bot name
        (``"expert"``, ``"greedy"``, ``"master"``, ``"random"``, a panel
        bot's name), a built-in player, or any player object.
    games : int, default 1000
        How many games to play.
    seed : int, default 0
        The seed: game ``i`` uses a seed derived from ``(seed, i)``.
    threads : int or None, default None
        Threads for built-in players; None uses every core. The statistics do
        not depend on it.
    progress : callable or None, default None
        Called with the number of games finished so far, now and then.

    Returns
    -------
    SimulationStats
        Wins per seat with 95% Wilson intervals (`win_intervals`), game
        points and the rest; its start is the position's scores and dealer.

    Raises
    ------
    PositionError
        Position text that is not a possible position (the field and column).
    ValueError
        Not two players, an unknown bot name, a number out of range.
    TypeError
        A position that is neither a `Position` nor text, players that are
        not a pair, a player of the wrong type.
    KeyboardInterrupt
        Ctrl-C, within about a second.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> p = Game(2, seed=7).position()
    >>> a = play_out(p, ["expert", "greedy"], games=100, seed=1, threads=1)
    >>> a == play_out(p, ["expert", "greedy"], games=100, seed=1, threads=2)
    True
    >>> low, high = a.win_intervals[0]
    >>> low < a.win_rates[0] < high
    True
    """
    held = position_of(position)
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise TypeError(
            f"players must be a pair (seat 0's, seat 1's), got {type(players).__name__}"
        )
    if len(players) != 2:
        raise ValueError(f"players must be two players, seat 0's and seat 1's; got {len(players)}")
    a, b = players
    return _core.simulate(a, b, games, seed, threads, progress, position=held)
