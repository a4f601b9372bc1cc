"""cribbage_fast: an exact, fast cribbage engine with a Rust core.

>>> from cribbage_fast import score_hand, explain_hand
>>> score_hand("5H 5D 5C JS", "5S")
29
>>> explain_hand("4S 5H 5D 6C", "KS").runs
6
"""

from ._core import (
    Card,
    DiscardOption,
    ExpertPlayer,
    GreedyPlayer,
    HandBreakdown,
    IllegalMove,
    Misdeal,
    Move,
    PlayerView,
    RandomPlayer,
    ShowItem,
    SimulationStats,
    __version__,
    analyze_discards,
    best_discard,
    build_profile,
    cards,
    explain_hand,
    his_heels,
    score_hand,
    simulate,
)
from .game import Game, GameResult, MatchResult, Player, PlayerProtocol, play_match

__all__ = [
    "Card",
    "DiscardOption",
    "ExpertPlayer",
    "Game",
    "GameResult",
    "GreedyPlayer",
    "HandBreakdown",
    "IllegalMove",
    "MatchResult",
    "Misdeal",
    "Move",
    "Player",
    "PlayerProtocol",
    "PlayerView",
    "RandomPlayer",
    "ShowItem",
    "SimulationStats",
    "__version__",
    "analyze_discards",
    "best_discard",
    "build_profile",
    "cards",
    "explain_hand",
    "his_heels",
    "play_match",
    "score_hand",
    "simulate",
]
