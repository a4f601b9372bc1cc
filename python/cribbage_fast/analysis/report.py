"""The text report and the picture of a `GameAnalysis`: deal by deal with
the players' names, both objectives' error rates and a word when the game was
decided early; the picture as PNG or SVG."""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from .._util.extras import require
from .._util.files import save_figure
from .decided import DECIDED_BELOW
from .results import DecisionReview, GameAnalysisData, LuckEvent
from .settings import Objective

__all__ = ["figure", "plot", "render", "to_svg"]


#: The widest action name (``discard 10H 10S``), so the report's columns line up.
_ACTION = 15


def _num(value: float, objective: Objective, sign: bool = True) -> str:
    """Win probability in percentage points, game points with 3 decimals."""
    if objective.is_chance:
        return f"{100 * value:+.1f}" if sign else f"{100 * value:.1f}%"
    return f"{value:+.3f}" if sign else f"{value:.3f}"


def _decision_line(a: GameAnalysisData, d: DecisionReview) -> str:
    objective = a.objective
    who = a.label(d.seat)
    if d.forced:
        return f"  {who} {d.played:<{_ACTION}} (forced)"
    assert d.played_equity is not None and d.best_equity is not None
    line = (
        f"  {who} {d.played:<{_ACTION}} {_num(d.played_equity, objective, False):>7}"
        f"   best {d.best:<{_ACTION}} {_num(d.best_equity, objective, False):>7}"
    )
    if d.played != d.best:
        line += f"   loss {_num(d.loss, objective, False).rstrip('%')} ± "
        line += _num(d.loss_stderr, objective, False).rstrip("%")
    if d.mark:
        line += f"   {d.mark.upper()}"
    return line


def _score(scores: Sequence[int]) -> str:
    """A board as the report writes it: ``122-68``, ``121-97-110``."""
    return "-".join(str(s) for s in scores)


def _sides(a: GameAnalysisData) -> range:
    """The sides: the seats, or with four players the partnerships."""
    return range(len(a.players))


def _luck_line(a: GameAnalysisData, label: str, events: list[LuckEvent]) -> list[str]:
    total = [0.0] * len(a.players)
    for e in events:
        total[e.seat] += e.luck
    o = a.objective
    each = ", ".join(f"{a.side_label(s)} {_num(total[s], o)}" for s in _sides(a))
    return [f"  {label}: {each}"]


def _no_luck(a: GameAnalysisData, label: str, events: list[LuckEvent]) -> list[str]:
    return []


def _heading(a: GameAnalysisData) -> list[str]:
    unit = a.objective.unit
    winner = a.side_label(a.winner)
    if all(a.names[s] is None for s in a.players[a.winner].seats):  # "seat 1" -> "Seat 1"
        winner = winner.capitalize()
    lines = [
        f"Game analysis: equity in {unit}; policy {a.policy}, precision {a.precision:g}, "
        f"seed {a.seed}.",
        f"{winner} won, {_score(a.scores)}.",
    ]
    if any(a.names):
        seats = range(a.num_players)
        lines.append("Players: " + ", ".join(f"seat {s} {a.label(s)}" for s in seats) + ".")
    return lines


def render(a: GameAnalysisData) -> str:
    """The report (`GameAnalysis.report`): deal by deal (luck of the deal and
    the cut, each decision), then the per-player summary with both
    objectives' error rates and the accuracy, and a word when the game was
    decided early.

    Parameters
    ----------
    a : GameAnalysis
        From `cribbage_fast.analysis.analyze_game`.

    Returns
    -------
    str
        The report's lines; a seat is called by its player's name when the
        record names it, else ``seat N``.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> g = Game(2, seed=3, names=["Ann", "Bob"])
    >>> _ = g.play([ExpertPlayer(), GreedyPlayer()])
    >>> render(analyze_game(g, budget=8, precision=0.05)).splitlines()[1]
    'Ann won, 122-68.'
    """
    lines = _heading(a)
    by_deal: dict[int, list[DecisionReview]] = defaultdict(list)
    for d in a.decisions:
        by_deal[d.deal].append(d)
    luck: dict[tuple[int, str], list[LuckEvent]] = defaultdict(list)
    for e in a.luck:
        luck[(e.deal, e.kind)].append(e)
    luck_line = _luck_line
    if len(a.seats) < 2:  # one seat's view: no luck to tell (see analyze_game's seats)
        lines.append(f"Only {a.label(a.seats[0])}'s decisions; luck is not analysed.")
        luck_line = _no_luck
    if luck.get((1, "cut_for_deal")):
        lines += luck_line(a, "cut for the first deal", luck[(1, "cut_for_deal")])
    for deal in sorted(by_deal):
        first = by_deal[deal][0]
        lines.append("")
        lines.append(f"Deal {deal}: {a.label(first.dealer)} deals, {_score(first.scores)}")
        lines += luck_line(a, "luck of the deal", luck[(deal, "deal")])
        lines += [_decision_line(a, d) for d in by_deal[deal] if d.kind == "discard"]
        starter = a.starters.get(deal, "?")
        lines += luck_line(a, f"starter {starter}", luck[(deal, "starter")])
        lines += [_decision_line(a, d) for d in by_deal[deal] if d.kind != "discard"]
        rest = luck[(deal, "play")] + luck[(deal, "show")] + luck[(deal, "hidden_discard")]
        lines += luck_line(a, "luck of the play and the show", rest)
    lines.append("")
    lines.extend(_summary_table(a))
    lines.extend(_decided_lines(a))
    return "\n".join(lines)


def _decided_lines(a: GameAnalysisData) -> list[str]:
    """The word on a game decided early (`cribbage_fast.analysis.analyze.DecidedEarly`)."""

    e = a.decided
    if e is None:
        return []
    rates = e.error_rates
    return [
        "",
        f"Decided early: from deal {e.deal} ({e.scores[0]}-{e.scores[1]}, move {e.move_index}) "
        f"{a.label(e.seat)}'s chance to win",
        f"stayed below {100 * DECIDED_BELOW:g}%, so none of its {e.decisions} decisions since "
        "could cost much of it.",
        f"Their error rate: {_rate(rates[Objective.WIN], Objective.WIN)} of win chance, "
        f"{_rate(rates[Objective.POINTS], Objective.POINTS)} game points a decision.",
        "Read the game-points error rate there: a low win-chance rate in a lost cause",
        "is not accurate play.",
    ]


_PLURAL = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def _rate(value: float, objective: Objective) -> str:
    return f"{100 * value:.2f} pts" if objective.is_chance else f"{value:.4f}"


def _rates(a: GameAnalysisData, objective: Objective) -> list[str]:
    return [_rate(p.error_rates[objective], objective) for p in a.players]


def _summary_table(a: GameAnalysisData) -> list[str]:
    ps = a.players
    o = a.objective
    rows: list[tuple[str, list[str]]] = [
        ("decisions", [str(p.decisions) for p in ps]),
        ("unforced", [str(p.unforced) for p in ps]),
        ("error rate, win chance", _rates(a, Objective.WIN)),
    ]
    if a.num_players == 2:  # no game-point tables for three or four players
        rows.append(("error rate, game points", _rates(a, Objective.POINTS)))
    rows += [
        ("error rating (x1000)", [f"{p.error_rating:.1f}" for p in ps]),
        ("accuracy (0-100)", [f"{p.accuracy:.1f}" for p in ps]),
    ]
    rows += [(_PLURAL[m], [str(p.marks[m]) for p in ps]) for m in ps[0].marks]
    errors = "opponent's errors" if a.num_players == 2 else "others' errors"
    for label, attr in (
        ("start", "start"),
        ("skill", "skill"),
        ("luck", "luck"),
        (errors, "opponent_errors"),
        ("result", "result"),
        ("luck-adjusted result", "luck_adjusted"),
    ):
        rows.append((label, [_num(getattr(p, attr), o) for p in ps]))
    names = [a.side_label(s) for s in _sides(a)]
    width = [max(12, len(n) + 2) for n in names]
    head = "".join(f"{n:>{w}}" for n, w in zip(names, width, strict=True))
    out = [f"{'Summary':<24}{head}"]
    out += [
        f"{label:<24}" + "".join(f"{x:>{w}}" for x, w in zip(xs, width, strict=True))
        for label, xs in rows
    ]
    if a.num_players == 4:
        each = ", ".join(f"{a.label(s)} {x:.1f}" for s, x in enumerate(a.seat_accuracy))
        out.append(f"Accuracy by seat: {each}.")
    return out


#: Each mark's text, colour and marker: dark, saturated colours that stand
#: apart from the seats' lines and from each other, and shapes that differ too.
_MARK_STYLE = {
    "inaccuracy": ("?!", "#7b3294", "v", 70),
    "mistake": ("?", "#e66101", "D", 80),
    "blunder": ("??", "#b2182b", "X", 130),
}
_SEAT_COLOURS = ("#2166ac", "#1b7837", "#8c510a")


def _deal_starts(a: GameAnalysisData) -> list[tuple[int, float, tuple[int, ...]]]:
    """Each deal's number, where it starts on the x axis (just before its
    first decision) and the score then."""
    starts: dict[int, tuple[float, tuple[int, ...]]] = {}
    for d in a.decisions:
        if d.deal not in starts:
            starts[d.deal] = (d.move_index - 0.5, d.scores)
    return [(deal, x, scores) for deal, (x, scores) in sorted(starts.items())]


def _draw_curves(ax: Any, a: GameAnalysisData) -> None:
    for seat in a.seats:
        xs = [max(m, -1) for m, s, _ in a.curve if s == seat]
        ys = [v for _, s, v in a.curve if s == seat]
        label = a.side_label(seat)
        if a.num_players != 4 and a.names[seat] is not None:
            label += f" (seat {seat})"
        ax.step(xs, ys, where="post", color=_SEAT_COLOURS[seat], lw=1.8, label=label)
    for d in a.decisions:
        if d.mark and d.played_equity is not None:
            text, colour, marker, size = _MARK_STYLE[d.mark]
            ax.scatter(
                [d.move_index],
                [d.played_equity],
                s=size,
                marker=marker,
                color=colour,
                edgecolors="white",
                linewidths=0.8,
                zorder=5,
            )
            ax.annotate(
                text,
                (d.move_index, d.played_equity),
                textcoords="offset points",
                xytext=(0, 9),
                ha="center",
                va="bottom",
                fontsize=11,
                fontweight="bold",
                color=colour,
                zorder=6,
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": colour, "lw": 0.8},
            )


def _draw_deals(axes: Sequence[Any], a: GameAnalysisData) -> list[float]:
    """Dotted lines at each deal's start; the deal and its score as ticks."""
    starts = _deal_starts(a)
    for ax in axes:
        for _, x, _ in starts:
            ax.axvline(x, color="0.55", lw=0.8, ls=":", zorder=1)
    end = max((m for m, _, _ in a.curve), default=0) + 0.5
    edges = [x for _, x, _ in starts] + [end]
    mids = [(lo + hi) / 2 for lo, hi in pairwise(edges)]
    axes[-1].set_xticks(mids, [f"{deal}\n{_score(s)}" for (deal, _, s) in starts], fontsize=8)
    axes[-1].set_xlim(edges[0] - 1 if edges else -1, end)
    return mids


def _draw_luck(ax: Any, a: GameAnalysisData, mids: list[float]) -> None:
    """A bar per deal and seat: the luck of that deal (the cut for the first
    deal counted in deal 1)."""
    deals = [deal for deal, _, _ in _deal_starts(a)]
    scale = a.objective.scale
    sides = len(a.players)
    width = min((hi - lo for lo, hi in pairwise(mids)), default=8.0) * 0.7 / sides
    for seat in _sides(a):
        luck = dict.fromkeys(deals, 0.0)
        for e in a.luck:
            if e.seat == seat and e.deal in luck:
                luck[e.deal] += e.luck * scale
        xs = [m + (seat - (sides - 1) / 2) * width for m in mids]
        ax.bar(xs, [luck[d] for d in deals], width=width, color=_SEAT_COLOURS[seat], alpha=0.8)
    ax.axhline(0, color="0.3", lw=0.8)
    ax.set_ylabel(
        "luck of the deal\n" + ("(win chance, pts)" if a.objective.is_chance else "(game points)")
    )


def _title(a: GameAnalysisData) -> str:

    if a.num_players > 2:
        return f"{a.side_label(a.winner)} won, {_score(a.scores)}"
    loser = 1 - a.winner
    points = max(a.scores) >= 121 and min(a.scores) < 61
    skunk = " (double skunk)" if points else " (skunk)" if min(a.scores) < 91 else ""
    title = f"{a.label(a.winner)} beat {a.label(loser)} {a.scores[0]}-{a.scores[1]}{skunk}"
    if a.decided is not None:
        title += (
            f"\ndecided early: from deal {a.decided.deal} {a.label(a.decided.seat)}'s chance "
            f"to win stayed below {100 * DECIDED_BELOW:g}% (read its game-points error rate)"
        )
    return title


#: SVG keeps its words as text (searchable, selectable, smaller).
_SVG_TEXT: dict[Any, Any] = {"svg.fonttype": "none"}


def figure(a: GameAnalysisData) -> Any:
    """The analysis picture as a matplotlib figure (extra ``plot``): each
    seat's equity through the game (its own view) with the marked decisions
    above the line, the deals and their scores along the x axis, and below, a
    bar per deal of each seat's luck (none for one seat's view).

    Parameters
    ----------
    a : GameAnalysis
        From `cribbage_fast.analysis.analyze_game`.

    Returns
    -------
    matplotlib.figure.Figure
        Not attached to pyplot (nothing to close); the axes are the equity's
        and, with both seats analysed, the luck's.

    Raises
    ------
    ImportError
        Without matplotlib (the ``plot`` extra).

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> g = Game(2, seed=3, names=["Ann", "Bob"])
    >>> _ = g.play([ExpertPlayer(), GreedyPlayer()])
    >>> fig = figure(analyze_game(g, budget=8, precision=0.05))
    >>> fig.axes[0].get_title().splitlines()[0]
    'Ann beat Bob 122-68 (skunk)'
    """
    require("matplotlib", "plot")
    import matplotlib

    # Names are text as written: a "$" is no mathematics.
    with matplotlib.rc_context({"text.parse_math": False}):
        return _figure(a)


def _figure(a: GameAnalysisData) -> Any:
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.ticker import PercentFormatter

    lucky = len(a.seats) >= 2
    fig = Figure(figsize=(11, 6.2 if lucky else 4.8))
    ratios = [3.2, 1] if lucky else [1]
    axes = fig.subplots(len(ratios), 1, sharex=True, gridspec_kw={"height_ratios": ratios})
    axes = list(axes) if lucky else [axes]
    top = axes[0]
    _draw_curves(top, a)
    mids = _draw_deals(axes, a)
    if lucky:
        _draw_luck(axes[1], a, mids)
    if a.objective.is_chance:
        top.set_ylim(-0.03, 1.12)
        top.yaxis.set_major_formatter(PercentFormatter(1.0))
        top.set_ylabel("chance to win")
    else:
        top.set_ylabel("expected game points")
    if a.decided is not None:
        start = a.decided.move_index - 0.5
        for ax in axes:
            ax.axvspan(start, ax.get_xlim()[1], color="0.85", alpha=0.5, zorder=0)
        top.annotate(
            "decided early",
            (start, 1.0),
            xycoords=("data", "axes fraction"),
            xytext=(4, -4),
            textcoords="offset points",
            ha="left",
            va="top",
            fontsize=9,
            color="0.3",
            style="italic",
        )
    handles, _ = top.get_legend_handles_labels()
    handles += [
        Line2D([], [], ls="", marker=m, color=c, markersize=8, label=f"{t} {name}")
        for name, (t, c, m, _) in _MARK_STYLE.items()
    ]
    # Above the picture, so it never hides a line.
    top.legend(
        handles=handles,
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=len(handles),
        fontsize=9,
        frameon=False,
        handlelength=1.6,
        columnspacing=1.2,
    )
    names = " - ".join(a.side_label(s) for s in _sides(a))
    axes[-1].set_xlabel(f"deal (the score at its start, {names})")
    top.set_title(_title(a), fontsize=11, pad=24)
    fig.tight_layout()
    return fig


def plot(a: GameAnalysisData, path: str | os.PathLike[str]) -> None:
    """Writes the analysis picture (`figure`) to `path`, in the format its
    suffix names (``.png``, ``.svg``, ``.pdf``; extra ``plot``), whole or not
    at all. SVG keeps its words as text.

    Parameters
    ----------
    a : GameAnalysis
        From `cribbage_fast.analysis.analyze_game`.
    path : str or PathLike
        The file to write (no suffix: PNG).

    Raises
    ------
    ImportError
        Without matplotlib (the ``plot`` extra).
    ValueError
        A suffix matplotlib cannot write.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> g = Game(2, seed=3)
    >>> _ = g.play([ExpertPlayer(), GreedyPlayer()])
    >>> a = analyze_game(g, budget=8, precision=0.05)
    >>> with tempfile.TemporaryDirectory() as out:
    ...     plot(a, pathlib.Path(out) / "game.svg")
    ...     plot(a, pathlib.Path(out) / "game.png")
    ...     sorted(p.name for p in pathlib.Path(out).iterdir())
    ['game.png', 'game.svg']
    """
    import matplotlib

    with matplotlib.rc_context(_SVG_TEXT):
        save_figure(figure(a), path, dpi=110)


def to_svg(a: GameAnalysisData) -> str:
    """The analysis picture (`figure`) as SVG text, e.g. for a notebook.

    Parameters
    ----------
    a : GameAnalysis
        From `cribbage_fast.analysis.analyze_game`.

    Returns
    -------
    str
        An SVG document whose words are text.

    Raises
    ------
    ImportError
        Without matplotlib (the ``plot`` extra).

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> g = Game(2, seed=3, names=["Ann", "Bob"])
    >>> _ = g.play([ExpertPlayer(), GreedyPlayer()])
    >>> svg = to_svg(analyze_game(g, budget=8, precision=0.05))
    >>> svg.lstrip().startswith("<?xml") and "Ann" in svg
    True
    """
    import io

    import matplotlib

    out = io.StringIO()
    with matplotlib.rc_context(_SVG_TEXT):
        figure(a).savefig(out, format="svg")
    return out.getvalue()
