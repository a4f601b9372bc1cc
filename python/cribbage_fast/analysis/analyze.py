"""Game analysis: what every decision of a game cost in winning chances, and
how much of the result was luck (docs/analysis.md), for two players, three, or
four in partnerships (each side's equity: a seat's, or a partnership's).

The Rust core values every action of the seat to move from that seat's view
(hidden cards drawn as the master infers them, the rest of the deal played out
by the Expert, the next deal valued by the position table) and splits each
seat's equity into skill, luck and the opponent's errors, so that, exactly,
``start + skill + luck + opponent_errors == result`` for each seat. This module
adds the marks, the per-player summary and the report.

>>> from cribbage_fast import Game, ExpertPlayer, GreedyPlayer
>>> from cribbage_fast.analysis.analyze import analyze_game
>>> record = Game(2, seed=3).play([ExpertPlayer(), GreedyPlayer()]).to_json()
>>> a = analyze_game(record, precision=0.05, budget=8, seed=1)
>>> p = a.players[0]
>>> abs(p.start + p.skill + p.luck + p.opponent_errors - p.result) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import _core
from .._util.args import _describe, flag, integer
from .._util.errors import in_context
from .._util.progress import progress as progress_bar
from ..games.game import Game
from ..records.record import GameRecord, RecordLike, read
from .accuracy import decision_accuracy, game_accuracy
from .actions import action_name
from .decided import DECIDED_BELOW, decided_early, error_rates
from .pictures import analysis_svg
from .report import render
from .results import DecisionReview, GameAnalysisData, LuckEvent, PlayerSummary
from .settings import UNSET, Objective, Policy, Settings, Unset

__all__ = [
    "DECIDED_BELOW",
    "MARKS",
    "THRESHOLDS",
    "GameAnalysis",
    "analyze_game",
    "analyze_games",
    "game_seed",
    "mark_of",
]

#: The marks, mildest first.
MARKS = ("inaccuracy", "mistake", "blunder")

#: The least equity lost (win probability) for each mark. With the
#: ``"points"`` objective the thresholds are twice these, in game points.
THRESHOLDS = {"inaccuracy": 0.02, "mistake": 0.04, "blunder": 0.08}


def mark_of(loss: float, objective: Objective | str = Objective.WIN) -> str | None:
    """The mark a loss of equity earns, or None below every threshold.

    Parameters
    ----------
    loss : float
        The equity given up against the best action (win probability, 0..1;
        game points with ``objective="points"``).
    objective : {"win", "points"} or Objective, default "win"
        The objective `loss` is measured by (the thresholds are doubled for
        points).

    Returns
    -------
    str or None
        ``"inaccuracy"``, ``"mistake"``, ``"blunder"``, or None.

    Raises
    ------
    TypeError, ValueError
        An objective that is not one (`Objective.parse`).

    Examples
    --------
    >>> mark_of(0.01), mark_of(0.05), mark_of(0.2)
    (None, 'mistake', 'blunder')
    """
    scale = Objective.parse(objective).mark_scale
    found = None
    for mark in MARKS:
        if loss >= THRESHOLDS[mark] * scale:
            found = mark
    return found


class GameAnalysis(GameAnalysisData):
    """An analysed game (`GameAnalysisData`: the decisions, the luck, each
    seat's summary), as `analyze_game` returns it, with its report and its
    picture.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game
    >>> g = Game(2, seed=3)
    >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
    >>> isinstance(analyze_game(g, seed=1, budget=8), GameAnalysisData)
    True
    """

    def report(self) -> str:
        """The readable report (`render`): deal by deal, then the per-player
        summary.

        Returns
        -------
        str
            The report's lines.

        Examples
        --------
        >>> from cribbage_fast import ExpertPlayer, Game
        >>> g = Game(2, seed=3)
        >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
        >>> analyze_game(g, seed=1, budget=8).report().splitlines()[0][:13]
        'Game analysis'
        """
        return render(self)

    def _repr_svg_(self) -> str:
        """The analysis as a picture (`pictures.analysis_svg`), for Jupyter."""
        return analysis_svg(self)


def _decision(d: dict[str, Any], objective: Objective) -> DecisionReview:
    forced = bool(d["forced"])
    actions = tuple(action_name(m) for m in d["actions"])
    played, best = int(d["played"]), int(d["best"])
    eq = tuple(float(x) for x in d["equity"])
    other_loss, chance = 0.0, None
    if forced:
        played_eq = best_eq = None
        loss = loss_se = 0.0
    else:
        played_eq, best_eq = eq[played], eq[best]
        loss = best_eq - played_eq
        loss_se = float(d["diff_stderr"][played])
        other = [float(x) for x in d["other_equity"]]
        other_loss = max(other) - other[played]  # NaN with three or four players
        chance = best_eq if objective is Objective.WIN else max(other)
    win_loss = loss if objective is Objective.WIN else other_loss
    return DecisionReview(
        move_index=int(d["move_index"]),
        seat=int(d["seat"]),
        side=int(d["side"]),
        deal=int(d["deal"]),
        dealer=int(d["dealer"]),
        scores=tuple(int(x) for x in d["scores"]),
        kind=str(d["played_move"]["move"]),
        played=action_name(d["played_move"]),
        best=actions[best] if not forced else action_name(d["played_move"]),
        forced=forced,
        actions=actions,
        equities=eq,
        stderrs=tuple(float(x) for x in d["stderr"]),
        samples=max((int(n) for n in d["samples"]), default=0),
        played_equity=played_eq,
        best_equity=best_eq,
        loss=loss,
        loss_stderr=loss_se,
        mark=None if forced else mark_of(loss, objective),
        win_loss=win_loss,
        points_loss=other_loss if objective is Objective.WIN else loss,
        win_chance=chance,
        accuracy=None if forced else decision_accuracy(win_loss),
        seconds=float(d["seconds"]),
    )


def _summary(
    seat: int, raw: dict[str, Any], decisions: list[DecisionReview], seats: tuple[int, ...]
) -> PlayerSummary:
    """Side `seat`'s summary (a seat, or with four players a partnership of `seats`)."""
    mine = [d for d in decisions if d.side == seat]
    unforced = [d for d in mine if not d.forced]
    steps = [s for s in raw["steps"] if s["seat"] == seat]
    skill = sum(s["skill"] for s in steps)
    luck = sum(s["luck"] for s in steps)
    errors = sum(s["opponent_errors"] for s in steps)
    rates = error_rates(unforced)
    rate = rates[str(raw["objective"])]
    result = float(raw["result"][seat])
    return PlayerSummary(
        seat=seat,
        decisions=len(mine),
        unforced=len(unforced),
        error_rate=rate,
        error_rating=1000.0 * rate,
        error_rates=rates,
        marks={m: sum(d.mark == m for d in unforced) for m in MARKS},
        start=float(raw["start"][seat]),
        skill=skill,
        luck=luck,
        opponent_errors=errors,
        result=result,
        luck_adjusted=result - luck,
        accuracy=game_accuracy(unforced),
        seats=seats,
    )


def _starters(game: Game) -> dict[int, str]:
    """The starter of each deal, from the game's events."""
    found, deal = {}, 0
    for event in game.events():
        if event["event"] == "deal":
            deal = int(event["number"])
        elif event["event"] == "starter":
            found[deal] = str(event["card"])
    return found


def analyze_game(
    record: RecordLike,
    *,
    settings: Settings | None = None,
    objective: Objective | str | Unset = UNSET,
    precision: float | Unset = UNSET,
    budget: int | Unset = UNSET,
    policy: Policy | str | Unset = UNSET,
    seed: int | Unset = UNSET,
    threads: int | None = None,
    progress: Callable[[int], object] | None = None,
    seats: Sequence[int] | None = None,
    cancel: _core.CancelToken | None = None,
    robust_model: bool = True,
) -> GameAnalysis:
    """Analyses a finished game without muggins: two players, three, or four
    in partnerships.

    Parameters
    ----------
    record : Game, GameRecord, dict, str or bytes
        A finished `Game`, or its record in any form `cribbage_fast.records.read`
        takes (``Game.to_record()``, ``GameResult.to_json()``, text in the
        notation), replayed and checked by the rules. A record holding
        one seat's view (a ``View`` tag, a ``view`` key) is analysed from that
        seat only, as with ``seats=[view]``.
    settings : Settings or None
        The objective, precision, budget, policy and seed (None: `Settings()`,
        the defaults every front end shares).
    objective, precision, budget, policy, seed : optional
        Each given (not `UNSET`) replaces its setting (`Settings` says what each means and
        its default). A decision stopped by the budget keeps its wider
        ``loss_stderr``; the same seed gives the same analysis at any thread
        count.
    threads : int or None
        Threads (None: every core).
    progress : callable or None
        Called with the number of evaluations done.
    seats : sequence of int or None
        Only these seats' decisions (None: both, or the record's view; two-player
        games only: a 3- or 4-player game is analysed whole). For a record that holds one
        seat's view (cards it never saw filled in, `cribbage_fast.records.read`):
        each decision is valued from its mover's view, so the seat's own
        decisions, skill and equity curve are honest; its luck, the
        opponent's errors and the luck-adjusted result need the other seat's
        cards and are NaN (``null`` in `GameAnalysis.to_json`), the luck
        events are left out, and the other seat's summary is NaN. Asking for
        a seat whose cards the record does not hold is refused.
    cancel : CancelToken or None
        Another thread's way to stop the analysis (`Cancelled` is raised).
    robust_model : bool
        Draw the opponent's hidden cards from the master's mixture of discard
        models (the Expert, the best hand, uniform; docs/master.md), so a
        player unlike the Expert is not misread; False: as the Expert would
        have kept them (the model before). Two players only: at a table of
        three or four the hidden cards are drawn uniformly among those that
        agree with what the seat saw.

    Returns
    -------
    GameAnalysis
        With three or four players, one summary per side (a seat, or a
        partnership: `GameAnalysisData.side_label`), judged by the chance to
        win only, and each seat's accuracy in ``seat_accuracy``.

    Raises
    ------
    ValueError
        A muggins, unfinished or non-121 game; ``objective="points"`` or
        `seats` with three or four players; a record the
        replay refuses (its error says which move or event); a bad setting
        (naming it).
    TypeError
        A record that is not a dict, JSON text or `Game`; a setting of the
        wrong type (naming it).
    KeyboardInterrupt
        Ctrl-C, within about a second, at any policy and budget.
    Cancelled
        `cancel` was cancelled.

    Examples
    --------
    >>> from cribbage_fast import Game, ExpertPlayer
    >>> g = Game(2, seed=5)
    >>> _ = g.play([ExpertPlayer(), ExpertPlayer()])
    >>> a = analyze_game(g, precision=0.05, budget=8)
    >>> sorted(a.players[0].marks)
    ['blunder', 'inaccuracy', 'mistake']
    >>> a.decisions[0].played.split()[0]
    'discard'
    >>> quick = Settings(precision=0.05, budget=8)
    >>> analyze_game(g, settings=quick, seed=2).settings.seed  # a keyword replaces its setting
    2
    """
    settings = Settings.of(
        settings, objective=objective, precision=precision, budget=budget, policy=policy, seed=seed
    )
    if isinstance(record, _core.Game) and not isinstance(record, Game):
        raise TypeError(
            "analyze_game needs a cribbage_fast.Game or its record, not a bare core Game"
        )
    loaded = read(record)
    game, view = loaded.game, loaded.view
    players = int(game.num_players)
    chosen = _seats(seats, view) if players == 2 else _table_seats(seats, view, players)
    raw = _core._analyze_game(
        game,
        **settings.to_dict(),
        threads=threads,
        progress=progress,
        cancel=cancel,
        robust_model=robust_model,
    )
    decisions = [_decision(d, settings.objective) for d in raw["decisions"]]
    luck = [
        LuckEvent(
            seat=s["seat"],
            kind=s["kind"],
            deal=s["deal"],
            move_index=s["move_index"],
            before=s["before"],
            after=s["after"],
            luck=s["luck"],
            opponent_errors=s["opponent_errors"],
        )
        for s in raw["steps"]
        if s["kind"] != "decision"
    ]
    curve = [
        (s["move_index"] if s["move_index"] is not None else -1, s["seat"], s["after"])
        for s in raw["steps"]
    ]
    summaries = tuple(
        _summary(side, raw, decisions, tuple(s for s in range(players) if game.side_of(s) == side))
        for side in range(game.num_sides)
    )
    if chosen != (0, 1) and players == 2:
        decisions, luck, summaries, curve = _view_only(chosen, decisions, summaries, curve)
    winner = int(raw["winner"])
    return GameAnalysis(
        objective=settings.objective,
        policy=settings.policy,
        precision=settings.precision,
        budget=settings.budget,
        seed=settings.seed,
        winner=int(raw["winner"]),
        decisions=decisions,
        luck=luck,
        players=summaries,
        curve=curve,
        starters=_starters(game),
        scores=tuple(int(x) for x in game.scores),
        seats=chosen,
        names=game.names,
        decided=decided_early(decisions, winner) if players == 2 else None,
        num_players=players,
        seat_accuracy=tuple(
            game_accuracy([d for d in decisions if d.seat == s and not d.forced])
            for s in range(players)
        ),
    )


def _seats(seats: Sequence[int] | None, view: int | None) -> tuple[int, ...]:
    """The seats to analyse: `seats` checked (a list of 0 and/or 1), of
    which a record holding one seat's `view` allows only that seat."""
    if seats is None:
        return (0, 1) if view is None else (view,)
    if isinstance(seats, str | bytes | bytearray) or not isinstance(seats, Sequence | set):
        raise TypeError(f"seats must be a list of seats (0 and/or 1), got {_describe(seats)}")
    chosen = tuple(sorted({integer(s, "each of seats", 0, 1) for s in seats}))
    if not chosen:
        raise ValueError("seats must name seat 0 and/or seat 1, got none")
    if view is not None and chosen != (view,):
        raise ValueError(
            f"the record holds only seat {view}'s view: its cards were filled in for the "
            f"other seat, so only seats=[{view}] can be analysed"
        )
    return chosen


def _table_seats(seats: Sequence[int] | None, view: int | None, players: int) -> tuple[int, ...]:
    """The sides of a 3- or 4-player game: every one (`seats` and a view
    record are for two-player games)."""
    if view is not None:
        raise ValueError(
            f"a {players}-player record holding one seat's view cannot be analysed: "
            "the analysis of three or four players needs every seat's cards"
        )
    if seats is not None:
        raise ValueError(
            f"seats: a {players}-player game is analysed for every side; seats= is for "
            f"two-player games, got {_describe(seats)}"
        )
    return tuple(range(Game.sides_for(players)))


def _view_only(
    seats: tuple[int, ...],
    decisions: list[DecisionReview],
    players: tuple[PlayerSummary, ...],
    curve: list[tuple[int, int, float]],
) -> tuple[list[DecisionReview], list[LuckEvent], tuple[PlayerSummary, ...], list[Any]]:
    """What stays honest when only `seats` saw their cards (see `analyze_game`)."""
    nan = float("nan")
    summaries = tuple(
        replace(p, luck=nan, opponent_errors=nan, luck_adjusted=nan)
        if p.seat in seats
        else replace(
            p,
            luck=nan,
            opponent_errors=nan,
            luck_adjusted=nan,
            decisions=0,
            unforced=0,
            marks=dict.fromkeys(MARKS, 0),
            error_rate=nan,
            error_rating=nan,
            error_rates=dict.fromkeys(p.error_rates, nan),
            accuracy=nan,
            skill=nan,
            start=nan,
        )
        for p in players
    )
    return (
        [d for d in decisions if d.seat in seats],
        [],
        (summaries[0], summaries[1]),
        [c for c in curve if c[1] in seats],
    )


def game_seed(seed: int, index: int) -> int:
    """The analysis seed of game `index` of a batch seeded `seed` (SplitMix64),
    so a game's analysis does not depend on how the batch is split.

    Parameters
    ----------
    seed : int
        The batch's seed.
    index : int
        The game's place in the batch.

    Returns
    -------
    int
        A 64-bit seed.

    Examples
    --------
    >>> game_seed(0, 1) != game_seed(0, 2)
    True
    """
    mask = (1 << 64) - 1
    return _core._game_seed(seed & mask, index & mask)


@dataclass(frozen=True)
class _BatchChunk:
    """Games ``start .. stop - 1`` of a batch, for `distributed.map_ranges`."""

    records: list[Any]
    settings: Settings

    def __call__(self, start: int, stop: int) -> list[GameAnalysis]:
        return [
            _one_of_many(self.records[i], self.settings, i, threads=1) for i in range(start, stop)
        ]


def _one_of_many(record: Any, settings: Settings, i: int, threads: int | None) -> GameAnalysis:
    """Game `i` of a batch analysed with `settings`, at its own seed."""
    return analyze_game(
        record, settings=settings, seed=game_seed(settings.seed, i), threads=threads
    )


def analyze_games(
    records: Iterable[RecordLike],
    *,
    settings: Settings | None = None,
    objective: Objective | str | Unset = UNSET,
    precision: float | Unset = UNSET,
    budget: int | Unset = UNSET,
    policy: Policy | str | Unset = UNSET,
    seed: int | Unset = UNSET,
    threads: int | None = None,
    ray: bool = False,
    address: str | None = None,
    progress: bool = True,
) -> list[GameAnalysis]:
    """Analyses many games: game ``i`` with seed ``game_seed(seed, i)``, so the
    results are the same in process (every core) or on Ray, however split.

    Parameters
    ----------
    records : iterable of records
        As for `analyze_game`.
    settings, objective, precision, budget, policy
        As for `analyze_game`.
    seed : int, optional
        The batch's seed (replacing ``settings.seed``).
    threads : int or None
        In process: threads (None: every core).
    ray : bool
        Run one task per game on Ray (`distributed.map_ranges`; extra ``ray``).
    address : str or None
        The Ray cluster (see `distributed.connect`).
    progress : bool
        A progress bar of games done, on a terminal only (tqdm).

    Returns
    -------
    list of GameAnalysis

    Raises
    ------
    ValueError, TypeError
        As `analyze_game`, naming the game.
    KeyboardInterrupt
        Ctrl-C (outstanding Ray tasks are cancelled).

    Examples
    --------
    >>> from cribbage_fast import Game, ExpertPlayer
    >>> games = [Game(2, seed=s) for s in (1, 2)]
    >>> for g in games:
    ...     _ = g.play([ExpertPlayer(), ExpertPlayer()])
    >>> out = analyze_games(games, precision=0.05, budget=8, progress=False)
    >>> len(out)
    2
    """
    if isinstance(records, str | bytes | bytearray | dict | Game | GameRecord):
        raise TypeError(
            f"records must be a list of records, got one {type(records).__name__} "
            "(analyze_game takes one)"
        )
    ray, progress = flag(ray, "ray"), flag(progress, "progress")
    settings = Settings.of(
        settings, objective=objective, precision=precision, budget=budget, policy=policy, seed=seed
    )
    items = [r.to_record() if isinstance(r, Game) else r for r in records]
    if ray:
        from .. import distributed

        if not items:
            return []
        parts = distributed.map_ranges(
            _BatchChunk(items, settings),
            len(items),
            chunk=1,
            address=address,
            progress=progress,
            desc="games analysed",
        )
        return [a for part in parts for a in part]
    return _in_process(items, settings, threads, progress)


def _in_process(
    items: Sequence[Any], settings: Settings, threads: int | None, progress: bool
) -> list[GameAnalysis]:
    out = []
    with progress_bar(len(items), "games analysed", enabled=progress, unit="game") as bar:
        for i, record in enumerate(items):
            try:
                out.append(_one_of_many(record, settings, i, threads))
            except (TypeError, ValueError) as err:
                raise in_context(err, f"game {i}") from err
            bar.update(1)
    return out
