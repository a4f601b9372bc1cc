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
from .analysis.playout import play_out
from .bulk.text import card_indices
from .games.game import Game, GameResult, MatchResult, Player, PlayerProtocol, play_match
from .tables.boards import partnership_chances, three_player_chances
from .tables.discards import analyze_discards
from .tables.positions import PositionTable, expected_game_points, position_table, win_probability

# Grouped as the API reference is: each comment names the page (docs/reference/)
# that documents the names under it, in the order of its index.
__all__ = [
    # Cards and scoring: cards.md
    "Card",
    "cards",
    "score_hand",
    "explain_hand",
    "his_heels",
    "HandBreakdown",
    "ShowItem",
    # The play: play.md
    "Pegging",
    "PlayEvent",
    "score_play",
    "explain_play",
    "PlayBreakdown",
    "PlayItem",
    # Bulk scoring: bulk.md
    "score_hands",
    "score_plays",
    "hand_score_distribution",
    "BREAKDOWN_COLUMNS",
    "card_indices",
    # Whole games: games.md
    "Game",
    "GameResult",
    "MatchResult",
    "Player",
    "PlayerProtocol",
    "PlayerView",
    "Move",
    "play_match",
    "CribbageError",
    "IllegalMove",
    "Misdeal",
    # Discard analysis: discards.md
    "analyze_discards",
    "best_discard",
    "DiscardOption",
    # Bots and the simulator: bots.md
    "RandomPlayer",
    "GreedyPlayer",
    "ExpertPlayer",
    "MasterPlayer",
    "BotPlayer",
    "simulate",
    "SimulationStats",
    "master_match",
    # Game analysis: analysis.md
    "CancelToken",
    "Cancelled",
    # Hints: hints.md
    "hint",
    "Hint",
    # Board positions: positions.md
    "win_probability",
    "expected_game_points",
    "position_table",
    "PositionTable",
    "three_player_chances",
    "partnership_chances",
    # Game positions: game-positions.md
    "Position",
    "play_out",
    # API reference: index.md
    "__version__",
    "build_profile",
]
