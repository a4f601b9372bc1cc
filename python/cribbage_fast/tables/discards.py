"""Every discard of a hand valued with the shipped crib and pegging tables.

>>> best_discard("5H 5D JC 4S 6H KD", dealer=True).crib_model
'fixed_point'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import _core
from .._args import flag
from .crib import _table_key, crib_table
from .pegging import pegging_table

if TYPE_CHECKING:
    from .discard_atlas import Atlas

_ATLAS: list[Atlas] = []  # the atlas loaded by atlas(), if any


@dataclass(frozen=True)
class TableDiscardOption:
    """One discard under a crib model, optionally with the kept hand's
    expected pegging (see `analyze_discards`)."""

    discard: tuple[_core.Card, ...]
    keep: tuple[_core.Card, ...]
    dealer: bool
    hand_ev: float
    crib_ev: float
    net: float
    """hand + crib (dealer) or hand - crib (pone)."""
    pegging_ev: float | None
    """Points the holder pegs with the kept cards (None unless asked)."""
    crib_model: str

    @property
    def total(self) -> float:
        """``net`` plus ``pegging_ev`` (``net`` without pegging)."""
        return self.net + (self.pegging_ev or 0.0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        Returns
        -------
        dict
            The cards as text and every value of the option.

        Examples
        --------
        >>> option = analyze_discards("5H 5D JC 4S 6H KD", True, "fixed_point", pegging=True)[0]
        >>> d = option.to_dict()
        >>> d["discard"], d["crib_model"], d["total"] == d["net"] + d["pegging_ev"]
        ('JC KD', 'fixed_point', True)
        """
        return {
            "discard": " ".join(str(c) for c in self.discard),
            "keep": " ".join(str(c) for c in self.keep),
            "dealer": self.dealer,
            "hand_ev": self.hand_ev,
            "crib_ev": self.crib_ev,
            "net": self.net,
            "pegging_ev": self.pegging_ev,
            "total": self.total,
            "crib_model": self.crib_model,
        }


def _with_model(option: _core.DiscardOption, crib_model: str, pegging: bool) -> TableDiscardOption:
    dealer = option.dealer
    crib = option.crib_ev
    if crib_model != "uniform":
        if len(option.discard) != 2:
            raise ValueError("the crib tables are for two-player (six-card) hands")
        a, b = (c.rank - 1 for c in option.discard)
        crib = float(crib_table(own=dealer, model=crib_model, flushes=True)[a, b])
    peg = pegging_table().value([c.rank for c in option.keep], dealer) if pegging else None
    net = option.hand_ev + crib if dealer else option.hand_ev - crib
    return TableDiscardOption(
        option.discard, option.keep, dealer, option.hand_ev, crib, net, peg, crib_model
    )


def _order(option: TableDiscardOption) -> tuple[float, float, list[int]]:
    """Best first: total, then hand EV, then the discard's card indices."""
    return (-option.total, -option.hand_ev, sorted(c.index for c in option.discard))


def analyze_discards(
    hand: Any, dealer: bool, crib_model: str = "uniform", pegging: bool = False
) -> list[TableDiscardOption]:
    """Every discard of a hand under a crib model, best first.

    Parameters
    ----------
    hand : cards
        Six cards (``"5H 5D JC 4S 6H KD"`` or a list of cards); five with the
        uniform model.
    dealer : bool
        Whether the crib is the holder's.
    crib_model : {"uniform", "fixed_point"}
        ``"uniform"``: the exact crib EV of ``cribbage_fast.analyze_discards``;
        ``"fixed_point"``: the shipped fixed-point table (with crib flushes) for
        the discarded ranks.
    pegging : bool
        Add the kept hand's expected pegging (the shipped pegging table) and
        rank by ``net + pegging_ev``.

    Returns
    -------
    list of TableDiscardOption

    Raises
    ------
    ValueError
        For a bad hand or an unknown model.

    Examples
    --------
    >>> best = analyze_discards("5H 5D JC 4S 6H KD", True, crib_model="fixed_point")[0]
    >>> " ".join(str(c) for c in best.discard), best.crib_model
    ('JC KD', 'fixed_point')
    """
    dealer, pegging = flag(dealer, "dealer"), flag(pegging, "pegging")
    _table_key(crib_model, True, True)
    options = [_with_model(o, crib_model, pegging) for o in _core.analyze_discards(hand, dealer)]
    return sorted(options, key=_order)


def best_discard(hand: Any, dealer: bool) -> TableDiscardOption:
    """The best discard of a six-card hand under the fixed-point crib table
    with the kept hand's pegging: read from the atlas when one is loaded with
    `atlas`, else computed directly (the same numbers).

    Parameters
    ----------
    hand : str or iterable of Card or str
        Six cards.
    dealer : bool
        Whether the crib is the holder's.

    Returns
    -------
    TableDiscardOption
        The best discard by hand, crib and pegging expectations together.

    Raises
    ------
    ValueError
        A bad hand (unknown or repeated cards, not six cards).

    Examples
    --------
    >>> best_discard("5H 5D JC 4S 6H KD", dealer=True).pegging_ev is not None
    True
    """
    dealer = flag(dealer, "dealer")
    if _ATLAS:
        return _ATLAS[0].lookup(hand, dealer)[0]
    return analyze_discards(hand, dealer, crib_model="fixed_point", pegging=True)[0]
