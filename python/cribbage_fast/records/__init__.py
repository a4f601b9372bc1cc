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

from ..exceptions import NotationError, PositionError
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
from .position import FIELDS, parse_position, write_position

__all__ = [
    # records.notation: a whole game as text
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
    # records.position: one situation as one line
    "FIELDS",
    "PositionError",
    "parse_position",
    "write_position",
]
