"""cribbage_fast: an exact, fast cribbage engine with a Rust core.

>>> from cribbage_fast import score_hand, explain_hand
>>> score_hand("5H 5D 5C JS", "5S")
29
>>> print(explain_hand("4S 5H 5D 6C", "KS"))
fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and a double run is sixteen
"""  # noqa: E501 (doctest output is one line)

from ._core import (
    Card,
    DiscardOption,
    HandBreakdown,
    IllegalMove,
    ShowItem,
    __version__,
    analyze_discards,
    best_discard,
    build_profile,
    cards,
    explain_hand,
    his_heels,
    score_hand,
)

__all__ = [
    "Card",
    "DiscardOption",
    "HandBreakdown",
    "IllegalMove",
    "ShowItem",
    "__version__",
    "analyze_discards",
    "best_discard",
    "build_profile",
    "cards",
    "explain_hand",
    "his_heels",
    "score_hand",
]
