"""Accuracy: a 0-100 figure of how well a player played a game, from the
chance to win each of its decisions gave up (docs/analysis-method.md,
"Accuracy").

Each unforced decision scores ``(100 + SHIFT) * exp(-DECAY * loss) - SHIFT``,
clipped to 0..100, where ``loss`` is the chance to win it gave up against the
best action, in percentage points: 100 for the best action, falling
steeply at first and ever more slowly. The constants are the ones the lichess
chess site fitted to its own win percentages (there 103.1668 and 3.1669,
which give 99.9999 for a perfect move; here the scale is ``100 + SHIFT``, so
a best action scores exactly 100). A forced decision (one distinct choice)
tells nothing of the player and does not count.

A game's accuracy is the mean of two means of its decisions' scores: one
weighted by how volatile the game was around each decision (the spread of
the player's chance to win over a few neighbouring decisions, so decisions
in a lost or won cause count little), and the harmonic mean (so a few bad
decisions weigh more than many good ones flatter).

>>> from cribbage_fast.analysis.accuracy import decision_accuracy
>>> decision_accuracy(0.0), round(decision_accuracy(0.04), 1)
(100.0, 83.5)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from .results import DecisionReview

__all__ = ["DECAY", "SHIFT", "decision_accuracy", "game_accuracy", "volatility_weights"]

#: How fast a decision's score falls with the percentage points it gave up.
DECAY = 0.04354
#: What the curve is lowered by, so that it meets 0 at a loss of 80 points.
SHIFT = 3.1668

#: The volatility weights' bounds, in percentage points of the chance to win:
#: no decision counts for nothing, and no wild swing for everything.
_LEAST_WEIGHT, _MOST_WEIGHT = 0.5, 12.0
#: The harmonic mean is taken of the scores raised by this, then lowered again:
#: a loss of 80 points or more scores 0, which would make a plain harmonic mean
#: 0 whatever the other decisions.
_HARMONIC_SHIFT = 1.0


def decision_accuracy(win_loss: float) -> float:
    """One decision's accuracy, 0 to 100, from the chance to win it gave up.

    Parameters
    ----------
    win_loss : float
        The chance to win given up against the best action, as a fraction
        (`DecisionReview.win_loss`: 0.05 is 5 percentage points). A negative
        value (none from the analysis, whose best action is the one of
        highest equity) counts as 0.

    Returns
    -------
    float
        ``(100 + SHIFT) * exp(-DECAY * 100 * win_loss) - SHIFT``, clipped to
        0..100: exactly 100 for no loss, 95.6 for 1 point, 83.5 for
        4 points (a mistake), 69.7 for 8 (a blunder), 0 from 80 points.

    Raises
    ------
    ValueError
        `win_loss` is NaN.

    Examples
    --------
    >>> [round(decision_accuracy(x), 1) for x in (0.0, 0.01, 0.08, 0.5, 1.0)]
    [100.0, 95.6, 69.7, 8.5, 0.0]
    """
    if math.isnan(win_loss):
        raise ValueError("win_loss must be a number, got NaN")
    points = 100.0 * max(win_loss, 0.0)
    score = (100.0 + SHIFT) * math.exp(-DECAY * points) - SHIFT
    return min(max(score, 0.0), 100.0)


def volatility_weights(chances: Sequence[float]) -> list[float]:
    """Each decision's weight in a game's accuracy: how much the player's
    chance to win moved around it.

    Parameters
    ----------
    chances : sequence of float
        The player's chance to win (0..1) at each of its unforced decisions,
        in the order of the game.

    Returns
    -------
    list of float
        For decision ``i``, the standard deviation (in percentage points) of
        `chances` over a window of ``w`` neighbouring decisions centred on
        ``i`` as far as the game's ends allow, clipped to 0.5..12; ``w`` is a
        tenth of the decisions, at least 2 and at most 8.

    Examples
    --------
    >>> volatility_weights([0.5, 0.5, 0.5])
    [0.5, 0.5, 0.5]
    >>> volatility_weights([0.2, 0.8])
    [12.0, 12.0]
    """
    n = len(chances)
    width = min(max(n // 10, 2), 8, n)
    weights = []
    for i in range(n):
        first = min(max(i - width // 2, 0), n - width)
        window = [100.0 * c for c in chances[first : first + width]]
        spread = statistics.pstdev(window) if len(window) > 1 else 0.0
        weights.append(min(max(spread, _LEAST_WEIGHT), _MOST_WEIGHT))
    return weights


def game_accuracy(decisions: Sequence[DecisionReview]) -> float:
    """One player's accuracy in a game, 0 to 100, from its decisions.

    Parameters
    ----------
    decisions : sequence of DecisionReview
        The player's decisions in the order of the game (forced ones are
        skipped).

    Returns
    -------
    float
        The mean of the volatility-weighted mean (`volatility_weights`) and
        the harmonic mean of the unforced decisions' `decision_accuracy`
        (the harmonic mean of the scores plus 1, less 1, so that a score of
        0 does not make it 0); NaN with no unforced decision. 100 exactly
        when every decision was the best, and never below the worst
        decision's score or above the best's.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game
    >>> from cribbage_fast.analysis import analyze_game
    >>> g = Game(2, seed=3)
    >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
    >>> a = analyze_game(g, seed=1, budget=8)
    >>> mine = [d for d in a.decisions if d.seat == 0]
    >>> game_accuracy(mine) == a.players[0].accuracy
    True
    >>> import math
    >>> math.isnan(game_accuracy([]))
    True
    """
    unforced = [d for d in decisions if not d.forced]
    if not unforced:
        return math.nan
    scores = [decision_accuracy(d.win_loss) for d in unforced]
    weights = volatility_weights([d.win_chance or 0.0 for d in unforced])
    # the weighted mean as 100 less the weighted shortfall: exactly 100 for best actions only
    short = math.fsum(w * (100.0 - s) for w, s in zip(weights, scores, strict=True))
    weighted = 100.0 - short / math.fsum(weights)
    harmonic = statistics.harmonic_mean([s + _HARMONIC_SHIFT for s in scores]) - _HARMONIC_SHIFT
    return (weighted + harmonic) / 2.0
