"""The one order every environment keeps: `reset` comes before anything that
needs a game (a step, an observation, the legal actions)."""

from __future__ import annotations


class ResetNeeded(RuntimeError):
    """An environment used before its first `reset` (a RuntimeError).

    Examples
    --------
    >>> issubclass(ResetNeeded, RuntimeError)
    True
    """


def require_reset(started: bool, what: str) -> None:
    """Raises `ResetNeeded` unless the environment was reset (`started`).

    Examples
    --------
    >>> require_reset(True, "step")
    >>> require_reset(False, "step")
    Traceback (most recent call last):
    cribbage_fast.envs._order.ResetNeeded: call reset() before step(): ...
    """
    if not started:
        raise ResetNeeded(f"call reset() before {what}(): the environment has no game yet")
