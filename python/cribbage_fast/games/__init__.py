"""Games and players: `Game`, the players' protocol, matches, the search
agent (`ISMCTSPlayer`), and the text of simulation statistics.

Examples
--------
>>> from cribbage_fast.games import Game, play_match
>>> Game(2, seed=1).num_players
2
"""

from .agents import ISMCTSPlayer, play_with_search
from .game import Game, GameResult, MatchResult, Player, PlayerProtocol, play_match
from .stats import (
    DealerPoints,
    LuckFold,
    LuckSums,
    PonePoints,
    RolePoints,
    SimulationStatsDict,
    WinEstimate,
    format_stats,
)

__all__ = [
    # the game and its players (game.py)
    "Game",
    "GameResult",
    "MatchResult",
    "Player",
    "PlayerProtocol",
    "play_match",
    # the search agent (agents.py)
    "ISMCTSPlayer",
    "play_with_search",
    # simulation statistics as text and typed dicts (stats.py)
    "DealerPoints",
    "LuckFold",
    "LuckSums",
    "PonePoints",
    "RolePoints",
    "SimulationStatsDict",
    "WinEstimate",
    "format_stats",
]
