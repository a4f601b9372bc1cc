"""Mining puzzles from played games: every decision with a choice is
screened by the evaluator at a small budget, checked at the default
budget, and re-checked at a larger one with another seed; a puzzle is a
decision whose best move leads every other by a clear margin in the chance
to win at both checks, and, for a lay, is still the best move with the
master playing out each sampled deal (docs/puzzles.md, "Mining").

>>> from cribbage_fast import Game
>>> g = Game(2, seed=3)
>>> _ = g.play(["expert", "random"])
>>> found = mine_game(g, MiningSettings(screen_budget=46, budget=92, recheck_budget=184),
...                   source={"game": 0}, seed=1, stop=2)
>>> all(p.margin >= 0.05 for p in found)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .. import _core
from .._util.args import integer, positive, real
from ..analysis.hints import Hint, hint
from ..analysis.settings import DEFAULT_BUDGET, DEFAULT_PRECISION, MAX_BUDGET, Policy
from ..games.game import Game
from ..records.position import write_position
from .puzzle import Puzzle
from .themes import themes_of

__all__ = ["MARGIN", "SIGMAS", "MiningSettings", "decisions", "mine_game", "verdict"]

#: The least lead of the answer over every other move, in chance to win.
MARGIN = 0.05
#: The lead must also be this many standard errors of the difference.
SIGMAS = 2.0


@dataclass(frozen=True)
class MiningSettings:
    """The thresholds and budgets of mining.

    ``margin`` and ``sigmas`` are the final tests (the answer leads every
    other move by at least ``margin`` in chance to win, and by ``sigmas``
    standard errors of the difference); the screen at ``screen_budget``
    keeps a decision whose lead is at least ``screen_margin``; the check is
    at ``budget`` and the analysis' default precision, and the re-check at
    ``recheck_budget`` and ``recheck_precision`` with another seed. A lay
    must then come out best again at ``master_budget`` with the master
    playing out each sampled deal: the Expert's play-outs can favour a lay
    the master would not make. A discard is not asked again, as the master
    discards as the Expert does, and its play-outs of a whole deal cost some
    twenty times more (0 asks no lay again).

    Examples
    --------
    >>> MiningSettings().budget, MiningSettings().margin
    (40960, 0.05)
    >>> MiningSettings(master_budget=-1)
    Traceback (most recent call last):
    ValueError: master_budget must be at least 0 and at most 100000, got -1
    """

    margin: float = MARGIN
    sigmas: float = SIGMAS
    screen_budget: int = 512
    screen_margin: float = 0.03
    budget: int = DEFAULT_BUDGET
    recheck_budget: int = 2 * DEFAULT_BUDGET
    recheck_precision: float = DEFAULT_PRECISION / 2
    master_budget: int = 2048

    def __post_init__(self) -> None:
        # Checked here, so a bad field is named before any game is mined.
        for name in ("margin", "screen_margin"):
            object.__setattr__(self, name, real(getattr(self, name), name, 0.0, 1.0))
        object.__setattr__(self, "sigmas", real(self.sigmas, "sigmas", 0.0, 100.0))
        for name in ("screen_budget", "budget", "recheck_budget"):
            object.__setattr__(self, name, integer(getattr(self, name), name, 1, MAX_BUDGET))
        object.__setattr__(
            self, "master_budget", integer(self.master_budget, "master_budget", 0, MAX_BUDGET)
        )
        precision = positive(self.recheck_precision, "recheck_precision", "standard error")
        object.__setattr__(self, "recheck_precision", precision)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready values (a puzzle file's method)."""
        return asdict(self)


def verdict(h: Hint, margin: float, sigmas: float) -> bool:
    """Whether the hint's best move leads every other by `margin` and by
    `sigmas` standard errors of the difference.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> verdict(hint(Game(2, seed=7), budget=46, seed=1), 0.99, 2.0)
    False
    """
    best = h.best.equity
    return len(h.options) > 1 and all(
        best - o.equity >= max(margin, sigmas * o.diff_stderr) for o in h.options[1:]
    )


def decisions(game: Game) -> Iterator[int]:
    """The move indices of `game` before which the mover has a real choice
    (more than one distinct action: a discard, or lays of two ranks).

    Examples
    --------
    >>> g = Game(2, seed=3)
    >>> _ = g.play(["expert", "expert"])
    >>> next(decisions(g))  # the first discard
    0
    """
    at = game.at_move(0)
    for index, move in enumerate(game.moves()):
        kind = move["move"]
        if kind == "discard" or (kind == "lay" and _ranks(at) > 1):
            yield index
        at.apply(_core.Move.from_dict(dict(move)))


def _ranks(game: Game) -> int:
    return len({m.card.rank for m in game.legal_moves() if m.card is not None})


def _move(option_move: Mapping[str, Any]) -> _core.Move:
    return _core.Move.from_dict({k: v for k, v in option_move.items() if k != "seat"})


def _puzzle(game: Game, index: int, h: Hint, source: Mapping[str, Any]) -> Puzzle:
    at = game.at_move(index)
    answer, runner_up = (_move(o.move) for o in h.options[:2])
    best = h.best.equity
    return Puzzle(
        position=write_position(game.position(index)),
        answer=h.best.action,
        equity=best,
        losses={o.action: best - o.equity for o in h.options[1:]},
        themes=themes_of(at, answer, runner_up),
        source={**source, "move_index": index},
        stderr=max(o.diff_stderr for o in h.options[1:]),
    )


def mine_game(
    game: Game,
    settings: MiningSettings | None = None,
    *,
    source: Mapping[str, Any],
    seed: int = 0,
    stop: int | None = None,
) -> list[Puzzle]:
    """The puzzles of one played two-player game.

    Parameters
    ----------
    game : Game
        A game (finished or not) whose record holds its decisions.
    settings : MiningSettings, optional
        The thresholds and budgets (None: the defaults).
    source : mapping
        What each puzzle records of where it came from (the move index is added).
    seed : int
        The analysis seed of the screen and the check; the re-check uses
        ``seed + 1``.
    stop : int, optional
        Mine only the first `stop` decisions with a choice.

    Returns
    -------
    list of Puzzle
        Unrated, in the game's order.

    Examples
    --------
    >>> g = Game(2, seed=3)
    >>> _ = g.play(["greedy", "expert"])
    >>> mine_game(g, MiningSettings(screen_margin=1.0), source={}, stop=1)
    []
    """
    s = settings or MiningSettings()
    found = []
    for n, index in enumerate(decisions(game)):
        if stop is not None and n >= stop:
            break
        screen = hint(game, move_index=index, budget=s.screen_budget, seed=seed)
        if not verdict(screen, s.screen_margin, 0.0):
            continue
        check = hint(game, move_index=index, budget=s.budget, seed=seed)
        if not verdict(check, s.margin, s.sigmas):
            continue
        recheck = hint(
            game,
            move_index=index,
            budget=s.recheck_budget,
            precision=s.recheck_precision,
            seed=seed + 1,
        )
        if recheck.best.action != check.best.action or not verdict(recheck, s.margin, s.sigmas):
            continue
        if recheck.kind == "lay" and s.master_budget > 0:
            master = hint(
                game,
                move_index=index,
                budget=s.master_budget,
                policy=Policy.MASTER.value,
                seed=seed + 2,
            )
            if master.best.action != check.best.action:
                continue
        found.append(_puzzle(game, index, recheck, source))
    return found
