"""The one order every environment keeps: `reset` comes before anything that
needs a game (a step, an observation, the legal actions)."""

from __future__ import annotations

from ..exceptions import ResetNeeded


def require_reset(started: bool, what: str) -> None:
    """Raises `ResetNeeded` unless the environment was reset (`started`).

    Examples
    --------
    >>> require_reset(True, "step")
    >>> require_reset(False, "step")
    Traceback (most recent call last):
    cribbage_fast.exceptions.ResetNeeded: call reset() before step(): ...
    """
    if not started:
        raise ResetNeeded(f"call reset() before {what}(): the environment has no game yet")
