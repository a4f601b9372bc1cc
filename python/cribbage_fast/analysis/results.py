"""The result vocabulary of analysis: what a game's analysis and a hint hold,
shared by the analysis, the hints, the report, the pictures and the engine.

`GameAnalysisData` and `HintData` are the results as data; `GameAnalysis`
(`cribbage_fast.analysis.analyze`) and `Hint` (`cribbage_fast.analysis.hints`),
what `analyze_game` and `hint` return, add their report and picture, which are
drawn from these types (so the pictures never import the analysis).

>>> from cribbage_fast import Game, hint
>>> from cribbage_fast.analysis.results import HintData
>>> isinstance(hint(Game(2, seed=7), budget=46, seed=1), HintData)
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .. import _core
from .._util import json as _json
from .settings import Objective, Policy, Settings

__all__ = [
    "DecidedEarly",
    "DecisionReview",
    "GameAnalysisData",
    "HintData",
    "HintOption",
    "LuckEvent",
    "PlayerSummary",
]


@dataclass(frozen=True)
class DecidedEarly:
    """The loser's chance to win stayed below `DECIDED_BELOW` from this
    decision (`move_index`, in `deal`, at `scores`) to the end of the game,
    and that began before the last deal. `decisions` counts the loser's
    unforced decisions from there; `error_rates` is their mean loss by each
    objective (``"win"``, ``"points"``)."""

    seat: int
    move_index: int
    deal: int
    scores: tuple[int, ...]
    win_chance: float
    decisions: int
    error_rates: dict[str, float]


@dataclass(frozen=True)
class DecisionReview:
    """One decision: the move played and the best, their equities (from the
    mover's view), the equity lost and its mark. Forced decisions (one
    distinct choice) carry no equities and count in no rate.

    `played`, `best` and `actions` are action names (`action_name`:
    ``discard 9S QC``, ``lay 5H``, ``go``), as the hint and the engine name them.

    `win_loss` and `points_loss` are the loss by each objective (one of them
    is `loss`), the other measured on the same samples against that
    objective's best; `win_chance` is the mover's chance to win with its best
    action (None when forced); `accuracy` is the decision's score, 0 to 100,
    from `win_loss` (`cribbage_fast.analysis.accuracy.decision_accuracy`;
    None when forced).

    `side` is the mover's side: its seat, or with four players its
    partnership (0: seats 0 and 2; 1: seats 1 and 3), whose equity the
    decision is judged by (not given: the seat); `scores` holds each side's score. With three or
    four players only the chance to win is measured: `points_loss` is NaN."""

    move_index: int
    seat: int
    deal: int
    dealer: int
    scores: tuple[int, ...]
    kind: str
    played: str
    best: str
    forced: bool
    actions: tuple[str, ...]
    equities: tuple[float, ...]
    stderrs: tuple[float, ...]
    samples: int
    played_equity: float | None
    best_equity: float | None
    loss: float
    loss_stderr: float
    mark: str | None
    win_loss: float = 0.0
    points_loss: float = 0.0
    win_chance: float | None = None
    accuracy: float | None = None
    seconds: float = field(default=0.0, compare=False)
    side: int = -1

    def __post_init__(self) -> None:
        if self.side < 0:
            object.__setattr__(self, "side", self.seat)


@dataclass(frozen=True)
class LuckEvent:
    """A step of one seat's equity that is not its own decision: its luck
    (the change less the opponent's errors in it) and those errors. `kind` is
    ``cut_for_deal``, ``deal``, ``starter``, ``play`` (what the opponent's lays
    and goes reveal), ``show`` (the end of the deal) or ``hidden_discard``.
    With four players `seat` is the partnership (0: seats 0 and 2; 1: seats 1
    and 3), and `opponent_errors` are the other sides' errors."""

    seat: int
    kind: str
    deal: int
    move_index: int | None
    before: float
    after: float
    luck: float
    opponent_errors: float


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's game: rates, marks and the decomposition
    ``start + skill + luck + opponent_errors == result``. `error_rate` is the
    mean loss of an unforced decision by the analysis's objective;
    `error_rates` gives it by both (``"win"``: chance to win, ``"points"``:
    game points). `accuracy` is the game's accuracy, 0 to 100, from the
    chance to win each unforced decision gave up
    (`cribbage_fast.analysis.accuracy.game_accuracy`; NaN with none).

    With four players a summary is a partnership's (`seat` is 0 for seats 0
    and 2, 1 for seats 1 and 3; `seats` lists them): both partners' decisions
    are its skill, the opponents' are its `opponent_errors`. With three or
    four players the game-points error rate is NaN (there are no game-point
    tables for them)."""

    seat: int
    decisions: int
    unforced: int
    error_rate: float
    error_rating: float
    error_rates: dict[str, float]
    marks: dict[str, int]
    start: float
    skill: float
    luck: float
    opponent_errors: float
    result: float
    luck_adjusted: float
    accuracy: float = float("nan")
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameAnalysisData:
    """An analysed game. `curve` holds each seat's equity (its own view) after
    each of its steps, as ``(move_index, seat, equity)``; `names` the
    players' names from the record (None: unnamed); `decided` says when the
    game was decided early (`DecidedEarly`), else None; `settings` the
    settings it was made with.

    With three or four players (`num_players`), `players`, `scores`, the
    curve's and the luck's seats are by side (a seat with three, a
    partnership with four: `side_label`); `seat_accuracy` gives every seat's
    accuracy (`cribbage_fast.analysis.accuracy.game_accuracy`)."""

    objective: Objective
    policy: Policy
    precision: float
    budget: int
    seed: int
    winner: int
    decisions: list[DecisionReview]
    luck: list[LuckEvent]
    players: tuple[PlayerSummary, ...]
    curve: list[tuple[int, int, float]]
    starters: dict[int, str] = field(default_factory=dict)
    scores: tuple[int, ...] = (0, 0)
    seats: tuple[int, ...] = (0, 1)
    names: tuple[str | None, ...] = (None, None)
    decided: DecidedEarly | None = None
    num_players: int = 2
    seat_accuracy: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "objective", Objective.parse(self.objective))
        object.__setattr__(self, "policy", Policy.parse(self.policy))

    @property
    def settings(self) -> Settings:
        """The settings the analysis was made with.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> from cribbage_fast.analysis import analyze_game
        >>> g = Game(2, seed=3)
        >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
        >>> analyze_game(g, seed=1, budget=8).settings.budget
        8
        """
        return Settings(self.objective, self.precision, self.budget, self.policy, self.seed)

    def label(self, seat: int) -> str:
        """A seat as the report calls it: its player's name, else ``seat N``.

        Parameters
        ----------
        seat : int
            0 or 1.

        Returns
        -------
        str
            The name the record gives the seat's player, or ``seat N``.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> from cribbage_fast.analysis import analyze_game
        >>> g = Game(2, seed=3, names=["Ann", None])
        >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
        >>> a = analyze_game(g, seed=1, budget=8)
        >>> a.label(0), a.label(1)
        ('Ann', 'seat 1')
        """
        from .._util.names import label

        return label(self.names, seat)

    def side_label(self, side: int) -> str:
        """A side as the report calls it: its seat's `label`, or with four
        players the partnership's two labels.

        Parameters
        ----------
        side : int
            A seat (two or three players) or a partnership (four: 0 holds
            seats 0 and 2, 1 holds seats 1 and 3).

        Returns
        -------
        str
            ``seat N`` or the player's name; ``seats 0 and 2`` or ``Ann and
            Cy`` for a partnership.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> from cribbage_fast.analysis import analyze_game
        >>> g = Game(4, seed=3)
        >>> _ = g.play([ExpertPlayer()] * 4)
        >>> analyze_game(g, seed=1, budget=8, precision=0.05).side_label(1)
        'seats 1 and 3'
        """
        if self.num_players != 4:
            return self.label(side)
        seats = self.players[side].seats
        if all(self.names[s] is None for s in seats):
            return "seats " + " and ".join(str(s) for s in seats)
        return " and ".join(self.label(s) for s in seats)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain dictionaries, lists and numbers.

        Returns
        -------
        dict
            JSON-ready: every field of the analysis.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> from cribbage_fast.analysis import analyze_game
        >>> g = Game(2, seed=3)
        >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
        >>> sorted(analyze_game(g, seed=1, budget=8).to_dict())[:3]
        ['budget', 'curve', 'decided']
        """
        return asdict(self)

    def to_json(self) -> str:
        """The analysis as JSON text.

        Returns
        -------
        str
            JSON of `to_dict`; a number the record cannot give (NaN in
            `to_dict`) is ``null``.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> from cribbage_fast.analysis import analyze_game
        >>> g = Game(2, seed=3)
        >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
        >>> analyze_game(g, seed=1, budget=8).to_json().startswith("{")
        True
        """
        return _json.dumps(self.to_dict())


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
class HintData:
    """The hint for one decision: the options ranked best first.

    Examples
    --------
    >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
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
        >>> from cribbage_fast import Game, hint
        >>> sorted(hint(Game(2, seed=7), budget=46, seed=1).to_dict())[:3]
        ['budget', 'forced', 'kind']
        """
        return asdict(self)

    def __repr__(self) -> str:
        return (
            f"Hint(seat={self.seat}, kind={self.kind!r}, best.action={self.best.action!r}, "
            f"best.equity={self.best.equity:.4f}, len(options)={len(self.options)})"
        )
