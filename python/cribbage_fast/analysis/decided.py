"""When a game was decided early, and the error rates by both objectives
(docs/analysis.md, "Decided early").

A seat whose chance to win is below `DECIDED_BELOW` cannot lose a mistake's
worth of it (a mistake costs 0.04 at least): however careless its play, every
decision costs it little chance to win, so its win-objective error rate looks
accurate. What such play still costs is game points (a skunk, a double skunk),
so a report that finds the loser hopeless says so and points to the
game-points error rate.
"""

from __future__ import annotations

from collections.abc import Sequence

from .results import DecidedEarly, DecisionReview
from .settings import OBJECTIVES

__all__ = ["DECIDED_BELOW", "OBJECTIVES", "DecidedEarly", "decided_early", "error_rates"]

#: A seat whose chance to win (its own view, with its best action) stays
#: below this to the end is hopeless: the least loss a ``mistake`` mark needs
#: (`cribbage_fast.analysis.analyze.THRESHOLDS`), so no decision of its can earn one.
DECIDED_BELOW = 0.04


def error_rates(unforced: Sequence[DecisionReview]) -> dict[str, float]:
    """The mean loss of the decisions by each objective (0 for none).

    Examples
    --------
    >>> error_rates([])
    {'win': 0.0, 'points': 0.0}
    """
    n = max(len(unforced), 1)
    return {
        "win": sum(d.win_loss for d in unforced) / n,
        "points": sum(d.points_loss for d in unforced) / n,
    }


def decided_early(decisions: Sequence[DecisionReview], winner: int) -> DecidedEarly | None:
    """Whether, and from where, the game was decided early: the first of the
    loser's unforced decisions from which its chance to win stays below
    `DECIDED_BELOW`, when it comes in a deal before the last one.

    Parameters
    ----------
    decisions : sequence of DecisionReview
        The analysis's decisions, in the order of the game.
    winner : int
        The seat that won.

    Returns
    -------
    DecidedEarly or None
        None when the loser kept a chance to the last deal (or its decisions
        were not analysed).

    Examples
    --------
    >>> decided_early([], 0) is None
    True
    """
    loser = [d for d in decisions if d.seat == 1 - winner and d.win_chance is not None]
    if not loser or not decisions:
        return None
    start = len(loser)
    while start > 0 and (loser[start - 1].win_chance or 0.0) < DECIDED_BELOW:
        start -= 1
    last_deal = max(d.deal for d in decisions)
    if start == len(loser) or loser[start].deal >= last_deal:
        return None
    first, after = loser[start], loser[start:]
    return DecidedEarly(
        seat=first.seat,
        move_index=first.move_index,
        deal=first.deal,
        scores=first.scores,
        win_chance=float(first.win_chance or 0.0),
        decisions=len(after),
        error_rates=error_rates(after),
    )
