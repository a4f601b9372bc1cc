"""Game records: a played game as data and as text (the notation), read and
written in one place, as ``chess.pgn`` is for chess.

`read` (and `load`, for the game alone) takes a record in any form: a
`Game`, a record dict, JSON, or text in the notation; a ``str`` is JSON when
its first character other than blanks and a byte-order mark is ``{``, else
the notation. A text that begins with a board like ``0-0/121`` is a
position's (`is_position`, the one place that decides it): `read` refuses
it, and `as_position` reads it. `write_text` writes the notation. `Game` itself knows neither.

Examples
--------
>>> from cribbage_fast import Game
>>> from cribbage_fast.records import load, write_text
>>> game = Game(2, seed=1)
>>> load(write_text(game)) == game
True
"""

from ..exceptions import NotationError, PositionError
from .notation.grammar import MARKS, TAGS, UNKNOWN, FilledCard, analysis_marks
from .position import (
    FIELDS,
    PositionLike,
    as_position,
    is_position,
    parse_position,
    position_of,
    write_position,
)
from .record import GameRecord, RecordLike, is_json, load, read, read_all, write_text

__all__ = [
    # reading and writing a record (record.py)
    "GameRecord",
    "RecordLike",
    "is_json",
    "load",
    "read",
    "read_all",
    "write_text",
    # the notation's vocabulary (notation/grammar.py)
    "MARKS",
    "TAGS",
    "UNKNOWN",
    "FilledCard",
    "analysis_marks",
    # one situation as one line (position.py)
    "FIELDS",
    "PositionLike",
    "as_position",
    "is_position",
    "parse_position",
    "position_of",
    "write_position",
    # their errors (exceptions.py)
    "NotationError",
    "PositionError",
]
