"""Game records: a played game as data and as text (the notation), read and
written in one place.

Examples
--------
>>> from cribbage_fast import Game
>>> from cribbage_fast.records import parse, write
>>> game = Game(2, seed=1)
>>> parse(write(game)).game().num_players
2
"""

from ..exceptions import NotationError
from .notation import (
    MARKS,
    TAGS,
    UNKNOWN,
    FilledCard,
    GameText,
    analysis_marks,
    parse,
    replay_with_view,
    write,
)

__all__ = [
    "MARKS",
    "TAGS",
    "UNKNOWN",
    "FilledCard",
    "GameText",
    "NotationError",
    "analysis_marks",
    "parse",
    "replay_with_view",
    "write",
]
