"""The five-card tables (three and four players): the crib's expected show by
the rank each seat throws, and each seat's pegging, with standard errors.

Built into the engine (``src/data/five_card_sums.bin``) by
``python scripts/ship_tables.py five-card`` (`cribbage_fast.builders.five_card`)
from a seed, with the engine version and method recorded. Positions count from
the dealer: 0 the dealer, 1 the seat after (the pone), 2 and 3 the next; with
three players position 3 is the crib's card from the deck. The model is in
docs/discards.md ("Five-card hands: three and four players").

>>> crib = five_card_crib(3)
>>> crib.mean.shape, crib.positions
((4, 13), ('dealer', 'pone', 'third', 'deck card'))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._util.args import integer
from ._checks import TableCheck, built_in, read_only

#: How the five-card tables are built (their build record's ``method``).
FIVE_CARD_METHOD = (
    "first deals of seeded games (seat 0 deals); every seat throws the card of most "
    "exact hand EV +/- the crib table's value of its rank for its seat, the tables "
    "iterated from the Expert's throws to a fixed point (running average, iteration n "
    "weighing n, common deals); the crib summed exactly over every starter left, "
    "tabled on fresh deals; pegging from fresh deals thrown and played by the Expert"
)
#: Sums per player count (see ``crate::tables::crib_five``).
BLOCK_LEN = 4 * 13 * 3 + 4 * 3 + 2 * 2
#: The positions' names, from the dealer.
POSITIONS = {
    3: ("dealer", "pone", "third", "deck card"),
    4: ("dealer", "pone", "dealer's partner", "pone's partner"),
}
#: The most points a crib can score.
MAX_CRIB = 29.0


def _players(players: object) -> int:
    players = integer(players, "players")
    if players not in POSITIONS:
        raise ValueError(f"five-card hands are dealt to 3 or 4 players, not {players}")
    return players


@dataclass(frozen=True)
class FiveCardCrib:
    """The crib by the rank thrown from each position (see the module).

    Attributes
    ----------
    players : int
        3 or 4.
    mean, se, deals : numpy.ndarray
        (4, 13) float64 by position and ``rank - 1``: the mean crib show, its
        standard error and the deals behind it (NaN where nothing was thrown;
        with four players every row is a seat).
    positions : tuple of str
        The rows' names.
    """

    players: int
    mean: npt.NDArray[np.float64]
    se: npt.NDArray[np.float64]
    deals: npt.NDArray[np.float64]
    positions: tuple[str, ...]


@dataclass(frozen=True)
class FiveCardOption:
    """One keep of a five-card hand: the exact hand EV, the crib of the thrown
    card from the table for the thrower's seat, and the exact crib when every
    other crib card is uniform (the Expert's model).

    Attributes
    ----------
    discard : Card
        The card laid away.
    keep : tuple of Card
        The four kept, in hand order.
    hand_ev : float
        Exact mean show of the kept four over the 47 unseen starters.
    crib_ev, crib_se : float
        The table's mean crib show for this rank thrown from this seat, and its
        standard error.
    uniform_crib_ev : float
        Exact mean crib with the other three crib cards uniform.
    own : bool
        Whether the crib is the thrower's side's (added) or not (subtracted).
    net : float
        ``hand_ev + crib_ev`` if `own`, else ``hand_ev - crib_ev``.
    """

    discard: _core.Card
    keep: tuple[_core.Card, ...]
    hand_ev: float
    crib_ev: float
    crib_se: float
    uniform_crib_ev: float
    own: bool
    net: float


@functools.cache
def _shipped() -> dict[str, Any]:
    sums, text = _core._shipped_five_card()
    built_in(sums.size, "five-card", "five-card")
    source = "the engine's built-in five-card table (src/data/five_card_sums.bin)"
    check = TableCheck(source, "five-card table")
    meta = check.meta_text(text)
    check.true(sums.size == 2 * BLOCK_LEN, f"it holds {sums.size} sums, not {2 * BLOCK_LEN}")
    check.built(meta, FIVE_CARD_METHOD)
    check.checksum(meta, {"sums": sums})
    blocks = {3: read_only(sums[:BLOCK_LEN].copy()), 4: read_only(sums[BLOCK_LEN:].copy())}
    for players, block in blocks.items():
        mean = _core._five_card_crib(players, block)[0]
        check.within(f"the {players}-player crib", np.nan_to_num(mean), 0.0, MAX_CRIB)
    return {"blocks": blocks, "meta": meta}


def five_card_crib(players: int) -> FiveCardCrib:
    """The crib's expected show by the rank thrown from each position.

    Parameters
    ----------
    players : int
        3 (positions: the dealer, the pone, the third seat, the deck's card) or
        4 (the four seats from the dealer; partners are positions 0 and 2, 1
        and 3).

    Returns
    -------
    FiveCardCrib
        Means, standard errors and deals, (4, 13) each.

    Raises
    ------
    ValueError
        `players` not 3 or 4.
    TypeError
        `players` not an integer.

    Examples
    --------
    >>> crib = five_card_crib(4)
    >>> bool(crib.mean[0, 4] > crib.mean[0, 12])  # a five makes more crib than a king
    True
    """
    players = _players(players)
    mean, se, deals, _ = _core._five_card_crib(players, _shipped()["blocks"][players])
    return FiveCardCrib(players, mean, se, deals, POSITIONS[players])


def five_card_pegging(players: int) -> dict[str, tuple[float, float]]:
    """Points pegged per deal by each position (and, with partners, each team)
    when every seat throws and plays as the Expert, with standard errors.

    Parameters
    ----------
    players : int
        3 or 4.

    Returns
    -------
    dict
        Position name (see `five_card_crib`) to (mean, standard error); with
        four players also ``"dealer's team"`` and ``"pone's team"``.

    Raises
    ------
    ValueError
        `players` not 3 or 4.
    TypeError
        `players` not an integer.

    Examples
    --------
    >>> peg = five_card_pegging(3)
    >>> sorted(peg)
    ['dealer', 'pone', 'third']
    """
    players = _players(players)
    rows = _core._five_card_pegging(players, _shipped()["blocks"][players])
    out = dict(zip(POSITIONS[players][:players], rows[:players], strict=True))
    if players == 4:
        out["dealer's team"], out["pone's team"] = rows[4], rows[5]
    return out


def five_card_discards(hand: Any, players: int, seat: int) -> list[FiveCardOption]:
    """Every keep of a five-card hand, best first by net: the exact hand EV plus
    or minus the crib table's value of the thrown card for the thrower's seat.

    Parameters
    ----------
    hand : str or iterable of Card or str
        Five distinct cards.
    players : int
        3 or 4.
    seat : int
        The thrower's seat counted from the dealer: 0 the dealer, 1 the pone, ...
        (the crib is added for the dealer's side, subtracted otherwise).

    Returns
    -------
    list of FiveCardOption
        Five options, by net, then hand EV, then the thrown card's index.

    Raises
    ------
    ValueError
        Not five distinct cards, unknown card text, `players` not 3 or 4, or
        `seat` outside ``0..players - 1``.
    TypeError
        Not cards, or `players` or `seat` not an integer.

    Examples
    --------
    >>> best = five_card_discards("5H 5D JC 4S KD", players=3, seat=1)[0]
    >>> str(best.discard), round(best.hand_ev, 2)
    ('4S', 12.38)
    """
    seat = integer(seat, "seat")
    players = _players(players)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1} (0 the dealer), got {seat}")
    rows = _core._five_card_options(hand, players, seat, _shipped()["blocks"][players])
    return [
        FiveCardOption(
            discard=row[0][0],
            keep=row[1],
            hand_ev=row[2] / row[3],
            crib_ev=row[6],
            crib_se=row[7],
            uniform_crib_ev=row[4] / row[5],
            own=row[9],
            net=row[10],
        )
        for row in rows
    ]


def five_card_info() -> dict[str, Any]:
    """How the shipped five-card tables were built (engine version, method,
    seed, deals, the fixed point's changes, the match measured).

    Returns
    -------
    dict
        The build record (a copy).

    Examples
    --------
    >>> five_card_info()["method"] == FIVE_CARD_METHOD
    True
    """
    import copy

    meta: dict[str, Any] = copy.deepcopy(_shipped()["meta"])
    return meta
