"""Games and players: `Game`, the players' protocol, matches and the search
agent (`ISMCTSPlayer`), and the text of simulation statistics (its typed
dicts are in `cribbage_fast.stats`, beside the compiled core).

Examples
--------
>>> from cribbage_fast.games import Game, play_match
>>> Game(2, seed=1).num_players
2
"""

from .agents import ISMCTSPlayer, play_with_search
from .game import Game, GameResult, MatchResult, Player, PlayerProtocol, play_match
from .stats import format_stats, side_names

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
    # the text of simulation statistics (stats.py)
    "format_stats",
    "side_names",
]
