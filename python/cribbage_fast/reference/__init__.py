"""Pure-Python reference implementations: the oracles the property tests hold the
Rust core against. Clarity over speed; they never import the Rust core."""

from .play import Pegging, PlayBreakdown, PlayEvent, PlayItem, explain_play, score_play

__all__ = [
    "Pegging",
    "PlayBreakdown",
    "PlayEvent",
    "PlayItem",
    "explain_play",
    "score_play",
]
