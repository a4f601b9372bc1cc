"""Hints with their reasons: the best action of the seat to move, and the
alternatives ranked, each with its chance to win and what makes it up
(docs/hints.md).

The equities come from the game analysis's evaluator (`cribbage_fast.analysis.analyze`,
the core's review layer): the same seat's-eye view, the same sampling and the
same seed, so a hint names the action `analyze_game` would call best at that
point. The parts are for reading, not for ranking: for a discard, the exact
expected hand and crib (`cribbage_fast.analyze_discards`) and the net pegging
of the kept cards from the shipped pegging table (own points less the
opponent's); for a lay or a go, the net points pegged from it to the end of
the play, over the evaluator's own samples.

>>> from cribbage_fast import Game
>>> from cribbage_fast.analysis.hints import hint
>>> h = hint(Game(2, seed=7), budget=46, seed=1)
>>> h.kind, len(h.options), h.best.action.split()[0]
('discard', 15, 'discard')
>>> h.best.equity == max(o.equity for o in h.options)
True
"""

from __future__ import annotations

from typing import Any, cast

from .. import _core
from .._util.args import integer
from ..games.game import Game
from ..records.position import PositionLike, as_position
from ..records.record import RecordLike, read
from ..tables.pegging import keep_index, pegging_table
from .actions import action_name
from .pictures import hint_svg
from .results import HintData, HintOption
from .settings import UNSET, Objective, Policy, Settings, Unset

__all__ = ["Hint", "hint"]


class Hint(HintData):
    """The hint for one decision (`HintData`: the options ranked best first),
    as `hint` returns it, with its picture.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> h = hint(Game(2, seed=7), budget=46, seed=1)
    >>> h.best is h.options[0], h.seat
    (True, 0)
    """

    def _repr_svg_(self) -> str:
        """The hint as a picture (`pictures.hint_svg`), for Jupyter."""
        return hint_svg(self)


def _discard_parts(game: Game, seat: int) -> dict[str, tuple[float, float, float, str]]:
    """Each discard's exact hand and signed crib, and the kept cards' net
    pegging from the shipped table, by the discarded cards' text."""
    dealer = game.dealer == seat
    table = pegging_table()
    own, against = (
        (table.dealer, table.dealer_opponent) if dealer else (table.pone, table.pone_opponent)
    )
    parts = {}
    for option in _core.analyze_discards(game.hand(seat), dealer):
        row = keep_index([c.rank for c in option.keep])
        crib = option.crib_ev if dealer else -option.crib_ev
        away = " ".join(sorted(str(c) for c in option.discard))
        keep = " ".join(str(c) for c in option.keep)
        parts[away] = (option.hand_ev, crib, float(own[row] - against[row]), keep)
    return parts


def _option(raw: dict[str, Any], i: int, parts: Any) -> HintOption:
    move = dict(raw["actions"][i])
    pegging, hand, crib, keep = float(raw["pegging"][i]), None, None, None
    if parts is not None:
        hand, crib, pegging, keep = parts[" ".join(sorted(move["cards"].split()))]
    return HintOption(
        move,
        action_name(move),
        equity=float(raw["equity"][i]),
        stderr=float(raw["stderr"][i]),
        diff_stderr=float(raw["diff_stderr"][i]),
        samples=int(raw["samples"][i]),
        pegging=pegging,
        hand=hand,
        crib=crib,
        keep=keep,
    )


def _position(
    game: RecordLike, move_index: int | None, view: int | None
) -> tuple[Game, int | None]:
    """The game at the decision (as it is, or before move `move_index`), and
    the seat whose view the record holds (`view`, else the record's own)."""
    if not isinstance(game, Game):
        if isinstance(game, _core.Game):
            raise TypeError("hint needs a cribbage_fast.Game or its record, not a bare core Game")
        loaded = read(game)
        game, held = loaded.game, loaded.view
        if view is not None and held is not None and view != held:
            raise ValueError(f"view is {view}, but the record holds seat {held}'s view")
        view = held if view is None else view
    if view is not None:
        view = integer(view, "view", 0, game.num_players - 1)
    if move_index is None:
        return game, view
    moves = game.moves()
    move_index = integer(move_index, "move_index", 0, len(moves))
    if move_index < len(moves) and moves[move_index]["move"] == "deal":
        raise ValueError(
            f"move {move_index} supplies the deal's cards: there is no decision before it "
            f"(the first of that deal is before move {move_index + 1})"
        )
    return game.at_move(move_index), view


def _position_hint(
    position: _core.Position,
    seat: int | None,
    settings: Settings,
    cancel: _core.CancelToken | None,
) -> tuple[Game, dict[str, Any]]:
    """The game continued from `position` (for the discard's parts) and its
    decision's values, seeded by the position (`_core._position_values`)."""
    if seat is not None and integer(seat, "seat", 0, 1) != position.to_move:
        raise ValueError(f"it is seat {position.to_move}'s turn, not seat {seat}'s")
    raw = _core._position_values(position, **settings.to_dict(), cancel=cancel)
    return Game.from_position(position, seed=0), raw


def hint(
    game: RecordLike | PositionLike,
    seat: int | None = None,
    *,
    settings: Settings | None = None,
    objective: Objective | str | Unset = UNSET,
    precision: float | Unset = UNSET,
    budget: int | Unset = UNSET,
    seed: int | Unset = UNSET,
    policy: Policy | str | Unset = UNSET,
    move_index: int | None = None,
    view: int | None = None,
    cancel: _core.CancelToken | None = None,
) -> Hint:
    """The best action for the seat to move, with the alternatives and why.

    Every distinct action is valued from the mover's view by the game
    analysis's evaluator, seeded as `analysis.analyze_game` seeds that
    decision with the same `seed`: when the move played there is the hint's,
    the analysis values the decision exactly as the hint does.

    Parameters
    ----------
    game : Game, GameRecord, dict, Position, str or bytes
        A game to 121 without muggins (two players, three, or four in
        partnerships: each option's equity is its side's, from the mover's
        view, by the chance to win), in progress or finished, or
        its record in any form `cribbage_fast.records.read` takes; or a game
        position (`cribbage_fast.Position`, or its one-line text, str or
        UTF-8 bytes: `records.is_position` tells the two kinds of text
        apart), valued from its seat's view, which must be to move. The
        hidden cards are drawn for every sample from what that seat saw (a
        study position's other cards are used as known), and the samples are
        seeded by `seed` and the position together, so one position gets one
        answer from every front end.
    seat : int or None
        The seat asking (None: the seat to move); it must be the seat to move.
    settings : Settings or None
        The objective, precision, budget, policy and seed, as for
        `analysis.analyze_game` (None: `Settings()`, the defaults every
        front end shares).
    objective, precision, budget, seed, policy : optional
        Each given (not `UNSET`) replaces its setting (`Settings` says what each means and
        its default); the seed is the analysis seed, as `analyze_game`'s.
    move_index : int or None
        The decision before this move of the game's record (None: now; not
        for a position).
    view : int or None
        The seat whose view the record holds, when only its cards are known
        (a record with a ``View`` tag or ``view`` key gives its own): a
        decision of another seat, whose cards were filled in, is refused.
    cancel : CancelToken or None
        Another thread's way to stop the hint (`Cancelled` is raised).

    Returns
    -------
    Hint
        The options best first, with their equities and parts.

    Raises
    ------
    ValueError
        A muggins or non-121 game; ``objective="points"`` with three or four
        players; a finished game (without
        `move_index`); `seat` not to move; a decision of a seat whose cards
        the record does not hold; a `move_index` that supplies a deal; a bad
        setting; a position whose seat is not to move, or given with
        `move_index` or `view`.
    PositionError
        Position text that is not a possible position (the field and column).
    KeyboardInterrupt
        Ctrl-C, within about a second, at any policy and budget.
    Cancelled
        `cancel` was cancelled.
    TypeError
        A game that is not a `Game` or a record, a `seat` that is not an
        integer, or a setting of the wrong type (naming it).

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> g = Game(2, seed=7)
    >>> h = hint(g, budget=46, seed=1)
    >>> g.discard(h.best.move["cards"])  # take the hint
    >>> g.to_move
    1
    >>> h = hint("4-6/121 d0 v0 m0 play 3C,6C,8D,9D QD,QS 6S 3H,3C,3S 9", budget=64)
    >>> h.kind, [o.action for o in h.options]
    ('lay', ['lay 6C', 'lay 8D', 'lay 9D'])
    """
    settings = Settings.of(
        settings, objective=objective, precision=precision, budget=budget, policy=policy, seed=seed
    )
    position = as_position(game)
    if position is not None:
        if move_index is not None or view is not None:
            raise ValueError("a position is one decision from its own view: no move_index or view")
        at, raw = _position_hint(position, seat, settings, cancel)
    else:
        at, raw = _game_hint(cast(RecordLike, game), seat, settings, move_index, view, cancel)
    mover = int(raw["seat"])
    # The discard's parts come from the two-player tables; at a table of three
    # or four every option's pegging is the evaluator's (its side's net).
    two = at.num_players == 2
    parts = _discard_parts(at, mover) if at.phase == "discard" and two else None
    options = [_option(raw, i, parts) for i in range(len(raw["actions"]))]
    # Best first; equal equities keep the evaluator's order (its best is first).
    order = sorted(range(len(options)), key=lambda i: (i != raw["best"], -options[i].equity, i))
    return Hint(
        seat=mover,
        kind=str(raw["actions"][0]["move"]),
        move_index=int(raw["move_index"]),
        forced=len(options) == 1,
        objective=settings.objective,
        precision=settings.precision,
        budget=settings.budget,
        seed=settings.seed,
        options=tuple(options[i] for i in order),
        policy=settings.policy,
    )


def _game_hint(
    game: RecordLike,
    seat: int | None,
    settings: Settings,
    move_index: int | None,
    view: int | None,
    cancel: _core.CancelToken | None,
) -> tuple[Game, dict[str, Any]]:
    """The game at the decision and its values, seeded as the analysis of
    the game seeds that decision."""
    at, view = _position(game, move_index, view)
    if at.is_over:
        raise ValueError("the game is over: there is no decision to hint")
    if seat is not None and integer(seat, "seat", 0, at.num_players - 1) != at.to_move:
        raise ValueError(f"it is seat {at.to_move}'s turn, not seat {seat}'s")
    if view is not None and at.to_move != view:
        raise ValueError(
            f"it is seat {at.to_move}'s decision, and the record holds only seat {view}'s view"
        )
    return at, _core._decision_values(at, **settings.to_dict(), cancel=cancel)
