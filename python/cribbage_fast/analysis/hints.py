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

from dataclasses import asdict, dataclass
from typing import Any

from .. import _core
from .._util.args import integer
from ..games.game import Game
from ..records.notation.grammar import replay_with_view
from ..tables.pegging import keep_index, pegging_table
from .actions import action_name
from .settings import UNSET, Objective, Policy, Settings, Unset

__all__ = ["Hint", "HintOption", "hint"]


@dataclass(frozen=True)
class HintOption:
    """One action with its equity (from the mover's view) and its parts.

    ``move`` is the action as a record move (``{"move": "lay", "card": "5H"}``)
    and ``action`` its name (`action_name`: ``lay 5H``, as the analysis and
    the engine name it); in the play one card stands for its rank (suits
    never matter there).
    ``hand``, ``crib`` and ``keep`` are for discards only: the exact expected
    points of the kept hand, of the crib (``+`` for the dealer's own crib, ``-``
    for the opponent's) and the kept cards. ``pegging`` is the net expected
    pegging: the mover's points less the opponent's.
    """

    move: dict[str, Any]
    action: str
    equity: float
    stderr: float
    diff_stderr: float
    samples: int
    pegging: float
    hand: float | None = None
    crib: float | None = None
    keep: str | None = None

    def why(self, objective: Objective | str = Objective.WIN) -> str:
        """One line: the action and its reasons.

        Parameters
        ----------
        objective : {"win", "points"} or Objective, default "win"
            How the equity reads: a chance to win, or game points.

        Returns
        -------
        str
            E.g. ``discard 6H KD: keep 5C 5D 5H JS, hand 20.9, crib +3.1,
            pegging +0.9 net, win 62.4%``.

        Examples
        --------
        >>> o = HintOption({"move": "go"}, "go", 0.5, 0.01, 0.0, 32, -0.4)
        >>> o.why()
        'go: pegging -0.4 net, win 50.0%'
        """
        if Objective.parse(objective).is_chance:
            value = f"win {100 * self.equity:.1f}%"
        else:
            value = f"points {self.equity:+.2f}"
        parts = [f"pegging {self.pegging:+.1f} net", value]
        if self.hand is not None and self.crib is not None:
            parts = [f"keep {self.keep}", f"hand {self.hand:.1f}", f"crib {self.crib:+.1f}", *parts]
        return f"{self.action}: {', '.join(parts)}"


@dataclass(frozen=True)
class Hint:
    """The hint for one decision: the options ranked best first.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> h = hint(Game(2, seed=7), budget=46, seed=1)
    >>> h.best is h.options[0], h.seat
    (True, 0)
    """

    seat: int
    kind: str
    """``"discard"``, ``"lay"`` or ``"go"``."""
    move_index: int
    """The decision's place in the game's record (its number of moves so far)."""
    forced: bool
    """One distinct choice: nothing to decide (the option is still valued)."""
    objective: Objective
    precision: float
    budget: int
    seed: int
    options: tuple[HintOption, ...]
    policy: Policy = Policy.EXPERT

    def __post_init__(self) -> None:
        object.__setattr__(self, "objective", Objective.parse(self.objective))
        object.__setattr__(self, "policy", Policy.parse(self.policy))

    @property
    def best(self) -> HintOption:
        """The best option (the first)."""
        return self.options[0]

    @property
    def settings(self) -> Settings:
        """The settings the options were valued with.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> hint(Game(2, seed=7), budget=46, seed=1).settings.budget
        46
        """
        return Settings(self.objective, self.precision, self.budget, self.policy, self.seed)

    def why(self) -> str:
        """The best option with its reasons, in one line.

        Returns
        -------
        str
            `HintOption.why` of the best option.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> hint(Game(2, seed=7), budget=46, seed=1).why().startswith("discard ")
        True
        """
        return self.best.why(self.objective)

    def loss(self, option: HintOption) -> float:
        """What `option` gives up against the best (equity, 0 for the best).

        Parameters
        ----------
        option : HintOption
            One of `options`.

        Returns
        -------
        float
            The best's equity less the option's.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> h = hint(Game(2, seed=7), budget=46, seed=1)
        >>> h.loss(h.best)
        0.0
        """
        return self.best.equity - option.equity

    def option_for(self, move: dict[str, Any]) -> HintOption:
        """The option a move is: the same discard, a lay of the same rank, go.

        Parameters
        ----------
        move : dict
            A record move (``{"move": "lay", "card": "5H"}``).

        Returns
        -------
        HintOption

        Raises
        ------
        ValueError
            The move is none of the options (not a legal move here).

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> h = hint(Game(2, seed=7), budget=46, seed=1)
        >>> h.option_for(h.best.move) is h.best
        True
        """

        def key(m: dict[str, Any]) -> tuple[str, ...]:
            if m.get("move") == "lay":
                return ("lay", str(_core.Card(m["card"]).rank))
            if m.get("move") == "discard":
                return ("discard", *sorted(str(c) for c in _core.cards(m["cards"])))
            return (str(m.get("move")),)

        wanted = key(move)
        for option in self.options:
            if key(option.move) == wanted:
                return option
        raise ValueError(f"{move} is not a legal move here")

    def text(self, top: int | None = None) -> str:
        """The hint and the alternatives, one per line, with what each gives up.

        Parameters
        ----------
        top : int or None
            Show only the `top` best options (None: all).

        Returns
        -------
        str
            ``Hint: ...`` then one line per option.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> print(hint(Game(2, seed=7), budget=46, seed=1).text(top=2))  # doctest: +ELLIPSIS
        Hint: discard ...
          1. discard ...
          2. discard ...
        """
        lines = [f"Hint: {self.why()}" + (" (the only choice)" if self.forced else "")]
        scale = self.objective.scale
        for rank, option in enumerate(self.options[:top], start=1):
            line = f"  {rank}. {option.why(self.objective)}"
            if option is not self.best:
                line += f"  (-{scale * self.loss(option):.1f} ± {scale * option.diff_stderr:.1f})"
            lines.append(line)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The hint as plain dictionaries, lists and numbers.

        Returns
        -------
        dict
            Every field, the options best first.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> sorted(hint(Game(2, seed=7), budget=46, seed=1).to_dict())[:3]
        ['budget', 'forced', 'kind']
        """
        return asdict(self)

    def _repr_svg_(self) -> str:
        """The hint as a picture (`pictures.hint_svg`), for Jupyter."""
        from .pictures import hint_svg

        return hint_svg(self)

    def __repr__(self) -> str:
        return (
            f"Hint(seat={self.seat}, kind={self.kind!r}, best.action={self.best.action!r}, "
            f"best.equity={self.best.equity:.4f}, len(options)={len(self.options)})"
        )


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
    game: Game | dict[str, Any] | str, move_index: int | None, view: int | None
) -> tuple[Game, int | None]:
    """The game at the decision (as it is, or before move `move_index`), and
    the seat whose view the record holds (`view`, else the record's own)."""
    if not isinstance(game, Game):
        if isinstance(game, _core.Game):
            raise TypeError("hint needs a cribbage_fast.Game or its record, not a bare core Game")
        game, held = replay_with_view(game)
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
    at = Game(
        num_players=game.num_players,
        seed=game.seed,
        target=game.target,
        muggins=game.muggins,
        first_dealer=game.first_dealer,
    )
    for entry in moves[:move_index]:
        at.apply(_core.Move.from_dict(entry))
    return at, view


def hint(
    game: Game | dict[str, Any] | str,
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
    game : Game, dict or str
        A two-player game to 121 without muggins, in progress or finished (or
        its record, replayed by `Game.replay`).
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
        The decision before this move of the game's record (None: now).
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
        A 3- or 4-player, muggins or non-121 game; a finished game (without
        `move_index`); `seat` not to move; a decision of a seat whose cards
        the record does not hold; a `move_index` that supplies a deal; a bad
        setting.
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
    """
    settings = Settings.of(
        settings, objective=objective, precision=precision, budget=budget, policy=policy, seed=seed
    )
    at, view = _position(game, move_index, view)
    if at.num_players != 2:
        raise ValueError(
            f"hints cover two-player games only; this game has {at.num_players} players"
        )
    if at.is_over:
        raise ValueError("the game is over: there is no decision to hint")
    if seat is not None and integer(seat, "seat", 0, at.num_players - 1) != at.to_move:
        raise ValueError(f"it is seat {at.to_move}'s turn, not seat {seat}'s")
    if view is not None and at.to_move != view:
        raise ValueError(
            f"it is seat {at.to_move}'s decision, and the record holds only seat {view}'s view"
        )
    raw = _core._decision_values(at, **settings.to_dict(), cancel=cancel)
    mover = int(raw["seat"])
    parts = _discard_parts(at, mover) if at.phase == "discard" else None
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
