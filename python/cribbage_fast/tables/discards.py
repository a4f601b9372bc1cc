"""Every discard of a hand valued with the shipped crib and pegging tables.

>>> best_table_discard("5H 5D JC 4S 6H KD", dealer=True).crib_model
'fixed_point'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import flag
from .crib import _table_key, crib_table
from .pegging import _shipped_pegging_table, keep_index

#: How every table ranking orders discards, best first (`rank_discards`).
TIE_BREAK = (
    "the larger total, then the larger hand EV, then the discard whose cards have the lower indices"
)


@dataclass(frozen=True, repr=False)
class TableDiscardOption:
    """One discard under a crib model, optionally with the kept hand's
    expected pegging (see `table_discards`): ``total`` is what the options
    are sorted by."""

    discard: tuple[_core.Card, ...]
    keep: tuple[_core.Card, ...]
    dealer: bool
    hand_ev: float
    crib_ev: float
    net: float
    """hand + crib (dealer) or hand - crib (pone)."""
    pegging_ev: float | None
    """Points the holder pegs with the kept cards (None unless asked)."""
    opponent_pegging_ev: float | None
    """Points the opponent pegs against the kept cards (None unless asked)."""
    pegging_net: float | None
    """``pegging_ev`` minus ``opponent_pegging_ev``, as the master weighs a
    keep (None unless asked)."""
    crib_model: str

    @property
    def total(self) -> float:
        """``net`` plus ``pegging_net`` (``net`` without pegging): the value
        the options are sorted by."""
        return self.net + (self.pegging_net or 0.0)

    def __repr__(self) -> str:
        def text(value: float | None) -> str:
            return "None" if value is None else f"{value:.4f}"

        return (
            f"TableDiscardOption(discard={self.discard!r}, keep={self.keep!r}, "
            f"dealer={self.dealer}, "
            f"total={self.total:.4f}, hand_ev={self.hand_ev:.4f}, crib_ev={self.crib_ev:.4f}, "
            f"net={self.net:.4f}, pegging_ev={text(self.pegging_ev)}, "
            f"opponent_pegging_ev={text(self.opponent_pegging_ev)}, "
            f"pegging_net={text(self.pegging_net)}, crib_model={self.crib_model!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict.

        Returns
        -------
        dict
            The cards as text and every value of the option.

        Examples
        --------
        >>> option = table_discards("5H 5D JC 4S 6H KD", True, "fixed_point", pegging=True)[0]
        >>> d = option.to_dict()
        >>> d["discard"], d["crib_model"], d["total"] == d["net"] + d["pegging_net"]
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
            "opponent_pegging_ev": self.opponent_pegging_ev,
            "pegging_net": self.pegging_net,
            "total": self.total,
            "crib_model": self.crib_model,
        }


def rank_discards(
    total: npt.NDArray[np.float64],
    hand_ev: npt.NDArray[np.float64],
    low: npt.NDArray[np.int64],
    high: npt.NDArray[np.int64],
) -> npt.NDArray[np.intp]:
    """The discards best first along the last axis, by `TIE_BREAK`: the
    larger total, then the larger hand EV, then the lower card index of the
    discard (`low`), then its higher one (`high`). The one ranking of
    `table_discards`, `best_table_discard` and the atlas, so equal discards are
    ordered the same way by all three."""
    return np.lexsort((high, low, -hand_ev, -total), axis=-1)


def _with_model(option: _core.DiscardOption, crib_model: str, pegging: bool) -> TableDiscardOption:
    dealer = option.dealer
    crib = option.crib_ev
    if crib_model != "uniform":
        if len(option.discard) != 2:
            raise ValueError(
                "the crib tables are for two-player (six-card) hands; for five cards "
                "use cribbage_fast.tables.five_card_discards(hand, players, seat)"
            )
        a, b = (c.rank - 1 for c in option.discard)
        crib = float(crib_table(own=dealer, model=crib_model, flushes=True)[a, b])
    net = option.hand_ev + crib if dealer else option.hand_ev - crib
    own = opponent = net_peg = None
    if pegging:
        if len(option.discard) != 2:
            raise ValueError(
                "the pegging table is for two-player (six-card) hands; for five cards "
                "use cribbage_fast.tables.five_card_pegging(players)"
            )
        own, opponent, net_peg = _pegging_parts([c.rank for c in option.keep], dealer)
    return TableDiscardOption(
        option.discard,
        option.keep,
        dealer,
        option.hand_ev,
        crib,
        net,
        own,
        opponent,
        net_peg,
        crib_model,
    )


def _pegging_parts(ranks: list[int], dealer: bool) -> tuple[float, float, float]:
    """Own, the opponent's and net expected pegging holding `ranks`."""
    table, keep = _shipped_pegging_table(), keep_index(ranks)
    if dealer:
        parts = table.dealer, table.dealer_opponent, table.dealer_net
    else:
        parts = table.pone, table.pone_opponent, table.pone_net
    own, opponent, net = (float(part[keep]) for part in parts)
    return own, opponent, net


def sort_options(options: list[TableDiscardOption]) -> list[TableDiscardOption]:
    """`options` best first by `rank_discards`."""
    if not options:
        return []
    keys = np.array(
        [
            (o.total, o.hand_ev, min(c.index for c in o.discard), max(c.index for c in o.discard))
            for o in options
        ]
    )
    order = rank_discards(
        keys[:, 0], keys[:, 1], keys[:, 2].astype(np.int64), keys[:, 3].astype(np.int64)
    )
    return [options[i] for i in order]


def table_discards(
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
        Add the kept hand's expected pegging from the shipped pegging table:
        the holder's own points (``pegging_ev``), the opponent's
        (``opponent_pegging_ev``) and their difference (``pegging_net``, the
        master's term), and rank by ``total = net + pegging_net`` (the
        opponent's pegging depends on what you keep too). Six cards only.

    Returns
    -------
    list of TableDiscardOption
        Best first by ``total``, then hand EV, then the discarded cards'
        indices (`TIE_BREAK`, the same for the atlas).

    Raises
    ------
    ValueError
        For a bad hand or an unknown model; five cards (three or four
        players) with the fixed-point model or pegging.
    TypeError
        `dealer` or `pegging` not True or False.

    Examples
    --------
    >>> best = table_discards("5H 5D JC 4S 6H KD", True, crib_model="fixed_point")[0]
    >>> " ".join(str(c) for c in best.discard), best.crib_model
    ('JC KD', 'fixed_point')
    """
    dealer, pegging = flag(dealer, "dealer"), flag(pegging, "pegging")
    _table_key(crib_model, True, True)
    options = [_with_model(o, crib_model, pegging) for o in _core.analyze_discards(hand, dealer)]
    return sort_options(options)


@overload
def analyze_discards(
    hand: Any,
    dealer: bool,
    crib_model: Literal["uniform"] = "uniform",
    pegging: Literal[False] = False,
) -> list[_core.DiscardOption]: ...
@overload
def analyze_discards(
    hand: Any, dealer: bool, crib_model: str = "uniform", pegging: bool = False
) -> list[TableDiscardOption]: ...
def analyze_discards(
    hand: Any, dealer: bool, crib_model: str = "uniform", pegging: bool = False
) -> list[_core.DiscardOption] | list[TableDiscardOption]:
    """Every discard of a 6-card or 5-card hand, best first (exact expectations).

    ``hand_ev`` averages the kept cards' show over every unseen starter; ``crib_ev``
    averages the crib over every deal of the crib's other cards (uniformly drawn from
    the unseen cards, or by the shipped tables) and every remaining starter; ``net``
    adds the crib for the dealer and subtracts it for the pone. The uniform crib is
    computed by the core with the GIL released (well under 1 ms).

    Parameters
    ----------
    hand : str or iterable of Card or str
        Six cards (2 players: discard 2) or five (3 or 4 players: discard 1).
    dealer : bool
        Whether the crib is yours (its points are added) or not (subtracted).
    crib_model : str, default "uniform"
        ``"uniform"``: the crib's other cards are uniformly random (exact).
        ``"fixed_point"``: they follow the shipped crib tables (see
        `table_discards`).
    pegging : bool, default False
        Add the kept cards' expected net pegging (own points minus the
        opponent's) from the shipped pegging table (six cards only; see
        `table_discards`).

    Returns
    -------
    list of DiscardOption
        Best first: by net (hand +/- crib), then hand EV, then the discarded
        cards' indices; with a table model or pegging, `TableDiscardOption`
        objects by ``total`` (net plus net pegging), then the same.

    Raises
    ------
    ValueError
        Not 5 or 6 distinct cards, unknown card text, an unknown crib model, or
        five cards with the fixed-point model or pegging (the tables are for two
        players).
    TypeError
        Not cards, or ``dealer`` or ``pegging`` not True or False.

    Examples
    --------
    >>> from cribbage_fast import analyze_discards
    >>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]
    >>> [str(c) for c in best.discard], best.hand_total, best.hand_deals
    (['JC', 'KD'], 734, 46)
    >>> analyze_discards("5H 5D JC 4S 6H KD", True, "fixed_point")[0].crib_model
    'fixed_point'
    """
    if isinstance(crib_model, str) and crib_model == "uniform" and not flag(pegging, "pegging"):
        return _core.analyze_discards(hand, dealer)
    return table_discards(hand, dealer, crib_model, pegging)


def best_table_discard(hand: Any, dealer: bool) -> TableDiscardOption:
    """The best discard of a six-card hand under the fixed-point crib table
    with the kept hand's net pegging, computed directly. An atlas the caller
    holds gives the same option from its table
    (``atlas(path).best_discard(hand, dealer)``); loading one changes
    nothing here.

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
    TypeError
        `dealer` not True or False.

    Examples
    --------
    >>> best = best_table_discard("5H 5D JC 4S 6H KD", dealer=True)
    >>> round(best.pegging_ev - best.opponent_pegging_ev - best.pegging_net, 9)
    0.0
    """
    return table_discards(hand, dealer, crib_model="fixed_point", pegging=True)[0]
