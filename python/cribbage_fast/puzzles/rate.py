"""Rating puzzles by the attempts of built-in bots of several strengths:
each attempt is a game between a bot and a puzzle, the bot winning when
its move is the answer. Bots and puzzles are rated together by Glicko-2
(docs/puzzles.md, "Ratings").

>>> from cribbage_fast.puzzles.puzzle import Puzzle
>>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
...            0.55, {"discard 5C 5H": 0.08})
>>> attempt("expert", p, seed=0) in (True, False)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from .. import _core
from ..games.game import Game
from .glicko import DEFAULT_RATING, Rating, update
from .puzzle import Puzzle, solves

__all__ = ["BANDS", "ROUNDS", "SOLVERS", "attempt", "attempts", "rate", "solve_table"]

#: The bots that attempt every puzzle, weakest first: the name and how it is made
#: from a seed (``noisy-N``: the Expert, with a uniformly random legal move at
#: N per cent of its decisions; ``master``: the master at a budget of 8).
SOLVERS: dict[str, str] = {
    "random": "a uniformly random legal move",
    "greedy": "the most points now",
    "noisy-50": "the Expert, careless at 50% of decisions",
    "noisy-25": "the Expert, careless at 25% of decisions",
    "noisy": "the panel's noisy Expert (careless at 10%)",
    "expert": "the Expert",
    "master": "the master at a budget of 8 samples",
}
#: Rounds of the joint rating (each side re-rated from scratch against the other's last ratings).
ROUNDS = 6
#: The rating bands of the solve-rate table (lower edges).
BANDS = (0, 1300, 1500, 1700, 1900)

_Chooser = Callable[[_core.PlayerView], _core.Move]


def _bot_move(bot: object, view: _core.PlayerView) -> _core.Move:
    if view.phase == "discard":
        return _core.Move.discard(bot.discard(view))  # type: ignore[attr-defined]
    card = bot.play(view)  # type: ignore[attr-defined]
    return _core.Move.go() if card is None else _core.Move.lay(card)


def _chooser(name: str, seed: int) -> _Chooser:
    if name.startswith("noisy-"):
        rate_, rng, expert = int(name[6:]) / 100, random.Random(seed), _core.ExpertPlayer()

        def noisy(view: _core.PlayerView) -> _core.Move:
            if rng.random() < rate_:
                return rng.choice(view.legal_moves)
            return _bot_move(expert, view)

        return noisy
    bot: object
    if name == "master":
        bot = _core.MasterPlayer(budget=8, seed=seed)
    else:
        bot = _core.BotPlayer(name, seed=seed)
    return lambda view: _bot_move(bot, view)


def attempt(solver: str, puzzle: Puzzle, seed: int = 0) -> bool:
    """Whether the bot `solver` (a name of `SOLVERS`) solves `puzzle`: its
    move at the position (the hidden cards dealt from `seed`) is the answer.

    Raises
    ------
    ValueError
        A name not in `SOLVERS`.

    Examples
    --------
    >>> from cribbage_fast.puzzles.puzzle import Puzzle
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> attempt("random", p, seed=1) in (True, False)
    True
    """
    if solver not in SOLVERS:
        raise ValueError(f"unknown solver {solver!r}; the solvers are {', '.join(SOLVERS)}")
    game: Game = puzzle.game(seed)
    return solves(puzzle, _chooser(solver, seed)(game.view(game.to_move)))


def attempts(puzzles: Sequence[Puzzle], seed: int = 0) -> dict[str, list[bool]]:
    """Every solver's attempt at every puzzle (puzzle ``i`` seeded ``seed + i``).

    Examples
    --------
    >>> attempts([], seed=0)["expert"]
    []
    """
    return {s: [attempt(s, p, seed + i) for i, p in enumerate(puzzles)] for s in SOLVERS}


def rate(
    puzzles: Sequence[Puzzle], results: Mapping[str, Sequence[bool]], rounds: int = ROUNDS
) -> tuple[list[Puzzle], dict[str, Rating]]:
    """The puzzles rated, and the solvers' ratings, from the attempts.

    One Glicko-2 rating period holds every attempt. Bots and puzzles start
    unrated (1500, 350, 0.06); each round rates every bot from its start
    against the puzzles' ratings of the round before, and every puzzle
    against the bots', so no result counts twice.

    Parameters
    ----------
    puzzles : sequence of Puzzle
    results : mapping of str to sequence of bool
        Each solver's result at each puzzle (`attempts`).
    rounds : int
        Rounds of the joint rating.

    Returns
    -------
    (list of Puzzle, dict of str to Rating)

    Examples
    --------
    >>> rated, bots = rate([], {"expert": []})
    >>> rated, bots["expert"].rating
    ([], 1500.0)
    """
    ours = [DEFAULT_RATING] * len(puzzles)
    bots = dict.fromkeys(results, DEFAULT_RATING)
    for _ in range(rounds):
        new_bots = {
            b: update(DEFAULT_RATING, [(ours[i], float(s)) for i, s in enumerate(rs)])
            for b, rs in results.items()
        }
        ours = [
            update(DEFAULT_RATING, [(bots[b], 1.0 - rs[i]) for b, rs in results.items()])
            for i in range(len(puzzles))
        ]
        bots = new_bots
    return [replace(p, rating=r) for p, r in zip(puzzles, ours, strict=True)], bots


def solve_table(
    puzzles: Sequence[Puzzle], results: Mapping[str, Sequence[bool]], bands: Sequence[int] = BANDS
) -> str:
    """Each solver's solve rate by the puzzles' rating band, as a text table
    (``n`` the puzzles of the band).

    Examples
    --------
    >>> print(solve_table([], {"expert": []}, bands=(0,)))
    band       n    expert
    0+         0         -
    """
    edges = [*bands[1:], float("inf")]
    lines = [f"{'band':<6}{'n':>6}" + "".join(f"{s:>10}" for s in results)]
    for low, high in zip(bands, edges, strict=True):
        rows = [i for i, p in enumerate(puzzles) if low <= p.rating.rating < high]
        rates = [
            f"{sum(rs[i] for i in rows) / len(rows):>10.2f}" if rows else f"{'-':>10}"
            for rs in results.values()
        ]
        lines.append(f"{f'{low}+':<6}{len(rows):>6}" + "".join(rates))
    return "\n".join(lines)
