"""What every environment tells of the table besides its observations: the
board in each ``info`` (`board_info`) and the table as text for a render
(`render_text`), by render mode."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

#: The render modes of every environment: ``"ansi"`` returns the text,
#: ``"human"`` prints it to the terminal after every reset and step.
RENDER_MODES = ("ansi", "human")


def check_render_mode(mode: object) -> None:
    """Refuses a render mode that is none of `RENDER_MODES` (None: no render).

    Examples
    --------
    >>> check_render_mode("human")
    >>> check_render_mode("rgb_array")
    Traceback (most recent call last):
    ValueError: unknown render mode 'rgb_array': use 'ansi', 'human' or None
    """
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"unknown render mode {mode!r}: use 'ansi', 'human' or None")


def board_info(scores: Sequence[int], phase: str, dealer: int) -> dict[str, Any]:
    """The board as an ``info`` holds it: the scores by side, the phase and
    the seat that deals.

    Examples
    --------
    >>> board_info([5, 12], "play", 1)
    {'scores': (5, 12), 'phase': 'play', 'dealer': 1}
    """
    return {"scores": tuple(int(s) for s in scores), "phase": phase, "dealer": int(dealer)}


def render_text(mode: str | None, text: str) -> str | None:
    """A render's answer: `text` for ``"ansi"``; for ``"human"`` `text`
    printed to standard output, and None; None without a render mode.

    Examples
    --------
    >>> render_text("ansi", "scores [0, 0]")
    'scores [0, 0]'
    >>> render_text("human", "scores [0, 0]")
    scores [0, 0]
    """
    if mode == "human":
        print(text, file=sys.stdout, flush=True)
        return None
    return text if mode == "ansi" else None
