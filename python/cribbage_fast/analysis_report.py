"""The text report and the win-probability picture of a `GameAnalysis`."""

from __future__ import annotations

import os
from collections import defaultdict
from typing import TYPE_CHECKING

from ._extras import require
from ._files import save_figure

if TYPE_CHECKING:
    from .analysis import DecisionReview, GameAnalysis, LuckEvent

__all__ = ["plot", "render"]


def _num(value: float, objective: str, sign: bool = True) -> str:
    """Win probability in percentage points, game points with 3 decimals."""
    if objective == "win":
        return f"{100 * value:+.1f}" if sign else f"{100 * value:.1f}%"
    return f"{value:+.3f}" if sign else f"{value:.3f}"


def _decision_line(d: DecisionReview, objective: str) -> str:
    who = f"seat {d.seat} {d.kind:<7}"
    if d.forced:
        return f"  {who} {d.played:<6} (forced)"
    assert d.played_equity is not None and d.best_equity is not None
    line = (
        f"  {who} {d.played:<6} {_num(d.played_equity, objective, False):>7}"
        f"   best {d.best:<6} {_num(d.best_equity, objective, False):>7}"
    )
    if d.played != d.best:
        line += f"   loss {_num(d.loss, objective, False).rstrip('%')} ± "
        line += _num(d.loss_stderr, objective, False).rstrip("%")
    if d.mark:
        line += f"   {d.mark.upper()}"
    return line


def _luck_line(label: str, events: list[LuckEvent], objective: str) -> list[str]:
    total = [0.0, 0.0]
    for e in events:
        total[e.seat] += e.luck
    return [f"  {label}: seat 0 {_num(total[0], objective)}, seat 1 {_num(total[1], objective)}"]


def _no_luck(label: str, events: list[LuckEvent], objective: str) -> list[str]:
    return []


def render(a: GameAnalysis) -> str:
    """The report: deal by deal (luck of the deal and the cut, each decision),
    then the per-player summary."""
    unit = "percentage points of win probability" if a.objective == "win" else "game points"
    lines = [
        f"Game analysis: equity in {unit}; policy {a.policy}, precision {a.precision:g}, "
        f"seed {a.seed}.",
        f"Seat {a.winner} won, {a.scores[0]}-{a.scores[1]}.",
    ]
    by_deal: dict[int, list[DecisionReview]] = defaultdict(list)
    for d in a.decisions:
        by_deal[d.deal].append(d)
    luck: dict[tuple[int, str], list[LuckEvent]] = defaultdict(list)
    for e in a.luck:
        luck[(e.deal, e.kind)].append(e)
    luck_line = _luck_line
    if len(a.seats) < 2:  # one seat's view: no luck to tell (see analyze_game's seats)
        lines.append(f"Only seat {a.seats[0]}'s decisions; luck is not analysed.")
        luck_line = _no_luck
    if luck.get((1, "cut_for_deal")):
        lines += luck_line("cut for the first deal", luck[(1, "cut_for_deal")], a.objective)
    for deal in sorted(by_deal):
        first = by_deal[deal][0]
        lines.append("")
        lines.append(f"Deal {deal}: seat {first.dealer} deals, {first.scores[0]}-{first.scores[1]}")
        lines += luck_line("luck of the deal", luck[(deal, "deal")], a.objective)
        for d in by_deal[deal]:
            if d.kind != "discard":
                continue
            lines.append(_decision_line(d, a.objective))
        starter = a.starters.get(deal, "?")
        lines += luck_line(f"starter {starter}", luck[(deal, "starter")], a.objective)
        for d in by_deal[deal]:
            if d.kind != "discard":
                lines.append(_decision_line(d, a.objective))
        rest = luck[(deal, "play")] + luck[(deal, "show")] + luck[(deal, "hidden_discard")]
        lines += luck_line("luck of the play and the show", rest, a.objective)
    lines.append("")
    lines.extend(_summary_table(a))
    return "\n".join(lines)


_PLURAL = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def _rate(value: float, objective: str) -> str:
    return f"{100 * value:.2f} pts" if objective == "win" else f"{value:.4f}"


def _summary_table(a: GameAnalysis) -> list[str]:
    p0, p1 = a.players
    o = a.objective
    rows: list[tuple[str, str, str]] = [
        ("decisions", str(p0.decisions), str(p1.decisions)),
        ("unforced", str(p0.unforced), str(p1.unforced)),
        ("error rate", _rate(p0.error_rate, o), _rate(p1.error_rate, o)),
        ("error rating (x1000)", f"{p0.error_rating:.1f}", f"{p1.error_rating:.1f}"),
    ]
    rows += [(_PLURAL[m], str(p0.marks[m]), str(p1.marks[m])) for m in p0.marks]
    for label, attr in (
        ("start", "start"),
        ("skill", "skill"),
        ("luck", "luck"),
        ("opponent's errors", "opponent_errors"),
        ("result", "result"),
        ("luck-adjusted result", "luck_adjusted"),
    ):
        rows.append((label, _num(getattr(p0, attr), o), _num(getattr(p1, attr), o)))
    out = [f"{'Summary':<24}{'seat 0':>12}{'seat 1':>12}"]
    out += [f"{label:<24}{x:>12}{y:>12}" for label, x, y in rows]
    return out


_MARK_STYLE = {"inaccuracy": ("?!", "gold"), "mistake": ("?", "orange"), "blunder": ("??", "red")}


def plot(a: GameAnalysis, path: str | os.PathLike[str]) -> None:
    """Draws each seat's equity (its own view) through the game, with the
    marked decisions, to `path` (PNG; extra ``plot``).

    Raises
    ------
    ImportError
        Without matplotlib (the ``plot`` extra).
    """
    require("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 4.5))
    for seat, colour in ((0, "tab:blue"), (1, "tab:green")):
        xs = [max(m, -1) for m, s, _ in a.curve if s == seat]
        ys = [v for _, s, v in a.curve if s == seat]
        ax.step(xs, ys, where="post", color=colour, label=f"seat {seat} (own view)")
    for d in a.decisions:
        if d.mark and d.played_equity is not None:
            text, colour = _MARK_STYLE[d.mark]
            ax.scatter([d.move_index], [d.played_equity], color=colour, zorder=3, s=30)
            ax.annotate(
                text,
                (d.move_index, d.played_equity),
                textcoords="offset points",
                xytext=(0, 6),
                ha="center",
                fontsize=8,
                color=colour,
            )
    ax.set_xlabel("move of the record")
    ax.set_ylabel("chance to win" if a.objective == "win" else "expected game points")
    if a.objective == "win":
        ax.set_ylim(0, 1)
    ax.set_title(
        f"Seat {a.winner} won {a.scores[0]}-{a.scores[1]}; ?! inaccuracy, ? mistake, ?? blunder"
    )
    ax.legend(loc="best")
    fig.tight_layout()
    try:
        save_figure(fig, path, dpi=110)
    finally:
        plt.close(fig)
