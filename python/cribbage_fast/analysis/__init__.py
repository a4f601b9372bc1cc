"""Analysis of played games and positions: one `Settings` type read by
every front end, one name for an action (`action_name`), `analyze_game(s)`
their result types (one vocabulary, `results`), the marks, the accuracy, the report and its
picture, hints, play-outs from a position, and the JSON engine.

Examples
--------
>>> from cribbage_fast.analysis import THRESHOLDS, Settings
>>> sorted(THRESHOLDS)
['blunder', 'inaccuracy', 'mistake']
>>> Settings().budget
40960
"""

from .accuracy import decision_accuracy, game_accuracy, volatility_weights
from .actions import action_name
from .analyze import (
    DECIDED_BELOW,
    MARKS,
    THRESHOLDS,
    GameAnalysis,
    analyze_game,
    analyze_games,
    game_seed,
    mark_of,
)
from .decided import decided_early, error_rates
from .engine import Engine, answer
from .hints import Hint, hint
from .playout import play_out
from .report import figure, plot, render, to_svg
from .results import (
    DecidedEarly,
    DecisionReview,
    GameAnalysisData,
    HintData,
    HintOption,
    LuckEvent,
    PlayerSummary,
)
from .settings import (
    DEFAULT_BUDGET,
    DEFAULT_PRECISION,
    DEFAULTS,
    MAX_BUDGET,
    OBJECTIVES,
    UNSET,
    Objective,
    Policy,
    Settings,
    Unset,
)

__all__ = [
    # the settings every front end reads (settings.py)
    "DEFAULTS",
    "DEFAULT_BUDGET",
    "DEFAULT_PRECISION",
    "MAX_BUDGET",
    "OBJECTIVES",
    "Objective",
    "Policy",
    "Settings",
    "UNSET",
    "Unset",
    # the name of an action (actions.py)
    "action_name",
    # the result vocabulary of the analysis and the hints (results.py)
    "DecidedEarly",
    "DecisionReview",
    "GameAnalysisData",
    "HintData",
    "HintOption",
    "LuckEvent",
    "PlayerSummary",
    # analysis of a whole game (analyze.py, decided.py)
    "DECIDED_BELOW",
    "MARKS",
    "THRESHOLDS",
    "GameAnalysis",
    "analyze_game",
    "analyze_games",
    "decided_early",
    "error_rates",
    "game_seed",
    "mark_of",
    # accuracy, 0-100 (accuracy.py)
    "decision_accuracy",
    "game_accuracy",
    "volatility_weights",
    # the report and its picture (report.py)
    "figure",
    "plot",
    "render",
    "to_svg",
    # hints (hints.py)
    "Hint",
    "hint",
    # play-outs from a position (playout.py)
    "play_out",
    # the JSON engine (engine.py)
    "Engine",
    "answer",
]
