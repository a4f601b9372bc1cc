"""cribbage_fast: an exact, fast cribbage engine with a Rust core.

Examples
--------
>>> from cribbage_fast import score_hand, explain_hand, score_play, Pegging
>>> score_hand("5H 5D 5C JS", "5S")
29
>>> explain_hand("4S 5H 5D 6C", "KS").runs
6
>>> score_play("4S 6H 5D")
5
>>> play = Pegging(["5H 10S", "10D 5C"], leader=0)
>>> play.lay("5H"), play.points
((PlayEvent(seat=0, kind='lay', card=Card('5H'), count=5, points=0, reasons=()),), (0, 0))
"""

from ._core import (
    BREAKDOWN_COLUMNS,
    BotPlayer,
    Cancelled,
    CancelToken,
    Card,
    CribbageError,
    DiscardOption,
    ExpertPlayer,
    GreedyPlayer,
    HandBreakdown,
    IllegalMove,
    MasterPlayer,
    Misdeal,
    Move,
    Pegging,
    PlayBreakdown,
    PlayerView,
    PlayEvent,
    PlayItem,
    Position,
    RandomPlayer,
    ShowItem,
    SimulationStats,
    __version__,
    analyze_discards,
    best_discard,
    build_profile,
    cards,
    explain_hand,
    explain_play,
    hand_score_distribution,
    his_heels,
    master_match,
    score_hand,
    score_hands,
    score_play,
    score_plays,
    simulate,
)
from .analysis.hints import Hint, hint
from .bulk.text import card_indices
from .games.game import Game, GameResult, MatchResult, Player, PlayerProtocol, play_match
from .tables.positions import PositionTable, expected_game_points, position_table, win_probability

__all__ = [
    "BREAKDOWN_COLUMNS",
    "BotPlayer",
    "CancelToken",
    "Cancelled",
    "Card",
    "CribbageError",
    "DiscardOption",
    "ExpertPlayer",
    "Game",
    "GameResult",
    "GreedyPlayer",
    "HandBreakdown",
    "Hint",
    "IllegalMove",
    "MasterPlayer",
    "MatchResult",
    "Misdeal",
    "Move",
    "Pegging",
    "PlayBreakdown",
    "PlayEvent",
    "PlayItem",
    "Player",
    "PlayerProtocol",
    "PlayerView",
    "Position",
    "PositionTable",
    "RandomPlayer",
    "ShowItem",
    "SimulationStats",
    "__version__",
    "analyze_discards",
    "best_discard",
    "build_profile",
    "card_indices",
    "cards",
    "expected_game_points",
    "explain_hand",
    "explain_play",
    "hand_score_distribution",
    "hint",
    "his_heels",
    "master_match",
    "play_match",
    "position_table",
    "score_hand",
    "score_hands",
    "score_play",
    "score_plays",
    "simulate",
    "win_probability",
]
