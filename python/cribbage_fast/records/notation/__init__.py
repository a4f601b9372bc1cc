"""The text notation of a game record: the grammar and its one tag table
(`grammar`), the replay by the rules (`replay`) and the writer (`write`).

Examples
--------
>>> from cribbage_fast.records.notation import TAGS
>>> "NumPlayers" in TAGS
True
"""

from .grammar import (
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
    "analysis_marks",
    "parse",
    "replay_with_view",
    "write",
]
