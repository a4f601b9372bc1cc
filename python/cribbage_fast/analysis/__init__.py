"""Analysis of played games and positions: `analyze_game(s)` and their
result types, the marks, the report and its picture, hints, and the JSON
engine.

Examples
--------
>>> from cribbage_fast.analysis import THRESHOLDS
>>> sorted(THRESHOLDS)
['blunder', 'inaccuracy', 'mistake']
"""

from .analyze import (
    DECIDED_BELOW,
    DEFAULT_BUDGET,
    DEFAULT_PRECISION,
    MARKS,
    THRESHOLDS,
    DecidedEarly,
    DecisionReview,
    GameAnalysis,
    LuckEvent,
    PlayerSummary,
    analyze_game,
    analyze_games,
    game_seed,
    mark_of,
)
from .decided import OBJECTIVES, decided_early, error_rates
from .engine import Engine, answer
from .hints import Hint, HintOption, hint
from .report import figure, plot, render, to_svg

__all__ = [
    # analysis of a whole game (analyze.py, decided.py)
    "DECIDED_BELOW",
    "DEFAULT_BUDGET",
    "DEFAULT_PRECISION",
    "MARKS",
    "OBJECTIVES",
    "THRESHOLDS",
    "DecidedEarly",
    "DecisionReview",
    "GameAnalysis",
    "LuckEvent",
    "PlayerSummary",
    "analyze_game",
    "analyze_games",
    "decided_early",
    "error_rates",
    "game_seed",
    "mark_of",
    # the report and its picture (report.py)
    "figure",
    "plot",
    "render",
    "to_svg",
    # hints (hints.py)
    "Hint",
    "HintOption",
    "hint",
    # the JSON engine (engine.py)
    "Engine",
    "answer",
]
