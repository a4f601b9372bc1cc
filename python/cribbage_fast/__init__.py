"""cribbage_fast: an exact, fast cribbage engine with a Rust core.

>>> from cribbage_fast import score_hand, explain_hand
>>> score_hand("5H 5D 5C JS", "5S")
29
>>> print(explain_hand("4S 5H 5D 6C", "KS"))
fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and a double run is sixteen
"""

from ._core import (
    BREAKDOWN_COLUMNS,
    Card,
    HandBreakdown,
    IllegalMove,
    ShowItem,
    __version__,
    build_profile,
    cards,
    explain_hand,
    hand_score_distribution,
    his_heels,
    score_hand,
    score_hands,
    score_plays,
)

__all__ = [
    "BREAKDOWN_COLUMNS",
    "Card",
    "HandBreakdown",
    "IllegalMove",
    "ShowItem",
    "__version__",
    "build_profile",
    "cards",
    "explain_hand",
    "hand_score_distribution",
    "his_heels",
    "score_hand",
    "score_hands",
    "score_plays",
]
