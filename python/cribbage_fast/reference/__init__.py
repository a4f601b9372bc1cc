"""A pure-Python reference implementation of the rules, written for clarity.

It shares no code or tables with the Rust core; the tests hold the core to it.

Examples
--------
>>> from cribbage_fast import reference
>>> reference.score_hand("4S 5H 5D 6C", "KS")
16
>>> reference.score_play("4S 6H 5D")
5
"""

from .cards import parse_card, parse_cards
from .play import Pegging, RefPlayBreakdown, RefPlayEvent, RefPlayItem, explain_play, score_play
from .show import RefBreakdown, RefItem, explain_hand, his_heels, score_hand

__all__ = [
    "Pegging",
    "RefBreakdown",
    "RefItem",
    "RefPlayBreakdown",
    "RefPlayEvent",
    "RefPlayItem",
    "explain_hand",
    "explain_play",
    "his_heels",
    "parse_card",
    "parse_cards",
    "score_hand",
    "score_play",
]
