"""The one name of an action, as the hint, the analysis, the engine, the
report and the pictures all write it: what a player says at the table, the
move's kind then its cards (docs/analysis.md, "Actions").

>>> action_name({"move": "lay", "card": "5H"})
'lay 5H'
>>> action_name({"move": "discard", "cards": "QC 9S"})
'discard 9S QC'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._core import Move
from .._util.args import _describe

__all__ = ["action_name"]


def action_name(move: Mapping[str, Any] | Move) -> str:
    """The name of a move: ``discard 9S QC`` (the cards laid away to the
    crib, in the core's card order), ``lay 5H``, ``go``, ``count 12`` or
    ``claim 2``.

    Parameters
    ----------
    move : dict or Move
        A record move (``{"move": "lay", "card": "5H"}``, a ``seat`` key
        allowed) or a `Move`.

    Returns
    -------
    str
        The name every analysis front end gives the action.

    Raises
    ------
    TypeError
        Not a dict or a `Move`.
    ValueError
        Not a move (its error says why), or a deal, which no player decides.

    Examples
    --------
    >>> from cribbage_fast import Move
    >>> action_name(Move.discard("4S 2C")), action_name({"move": "go", "seat": 1})
    ('discard 2C 4S', 'go')
    """
    if isinstance(move, Mapping):
        move = Move.from_dict(dict(move))
    elif not isinstance(move, Move):
        raise TypeError(f"move must be a record move (dict) or a Move, got {_describe(move)}")
    entry = move.to_dict()
    kind = entry["move"]
    if kind == "discard":
        return f"discard {entry['cards']}"
    if kind == "lay":
        return f"lay {entry['card']}"
    if kind in ("count", "claim"):
        return f"{kind} {entry['points']}"
    if kind == "go":
        return "go"
    raise ValueError(f"a {kind} is no player's decision: it has no action name")
