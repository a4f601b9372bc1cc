"""Presentation of simulation statistics: the text table of ``str(stats)``.

``SimulationStats.__str__`` calls `format_stats`; the typed dicts of
``stats.to_dict()`` are in `cribbage_fast.stats`.

Examples
--------
>>> from cribbage_fast import simulate
>>> print(format_stats(simulate("greedy", "random", games=200, seed=1)))
greedy vs random: 200 games (seed 1), 9.51 deals per game
player       wins     rate              95% CI   game pts   skunks   double
greedy        197   98.50%    [95.68%, 99.49%]        354      125       16
random          3    1.50%      [0.51%, 4.32%]          3        0        0
mean points per deal (1,701 completed deals):
          pegging    hand    crib  his heels
dealer      3.118   6.485   4.546      0.127
pone        1.924   6.312
greedy rate        rate              95% CI    Elo     Elo 95% CI     separate    ±0.5 points
plain            98.50%    [95.68%, 99.49%]   +727   [+538, +916]            1          2,282
(games needed at 95%: to separate the players, for an interval of ±0.5 points)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cribbage_fast._core import SimulationStats

__all__ = ["format_stats", "side_names"]


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _start_text(stats: SimulationStats) -> str:
    """The start of every game, if not the usual one."""
    parts = []
    if any(stats.start_scores):
        parts.append("from " + "-".join(map(str, stats.start_scores)))
    if stats.first_dealer is not None:
        parts.append(f"seat {stats.first_dealer} deals first")
    return f" ({', '.join(parts)})" if parts else ""


def _games(n: float) -> str:
    return "never" if n == float("inf") else f"{n:,.0f}"


def _elo(x: float) -> str:
    return f"{x:+.0f}" if abs(x) != float("inf") else ("+inf" if x > 0 else "-inf")


def _estimate_rows(stats: SimulationStats) -> list[str]:
    """Player 0's plain and luck-adjusted rates with intervals, Elo and games needed."""
    row = "{:<14}  {:>7}  {:>18}  {:>5}  {:>13}  {:>11}  {:>13}"
    lines = [
        row.format(
            f"{side_names(stats)[0].split()[-1]} rate",
            "rate",
            "95% CI",
            "Elo",
            "Elo 95% CI",
            "separate",
            "±0.5 points",
        )
    ]
    shown = [("plain", stats.win_estimate)]
    if stats.adjusted_estimate is not None:
        shown.append(("luck-adjusted", stats.adjusted_estimate))
    for label, e in shown:
        lo, hi = e["interval"]
        elo_lo, elo_hi = e["elo_interval"]
        lines.append(
            row.format(
                label,
                _pct(e["rate"]),
                f"[{_pct(lo)}, {_pct(hi)}]",
                _elo(e["elo"]),
                f"[{_elo(elo_lo)}, {_elo(elo_hi)}]",
                _games(e["games_to_separate"]),
                _games(e["games_for_half_point"]),
            )
        )
    lines.append(
        "(games needed at 95%: to separate the players, for an interval of ±0.5 points)"
        if len(stats.players) == 2
        else "(games needed at 95%: to leave the fair share out, for an interval of ±0.5 points;"
        " Elo against each other side)"
    )
    if stats.variance_reduction is not None and stats.mean_luck is not None:
        mean, se = stats.mean_luck
        lines.append(
            f"variance reduction {stats.variance_reduction:.2f}x; "
            f"mean luck {mean:+.4f} ± {1.96 * se:.4f} per game (should be 0)"
        )
    return lines


def side_names(stats: SimulationStats) -> list[str]:
    """The name of each side: its player, ``"seat 1 expert"`` at a table of
    three, ``"seats 0+2 master+expert"`` for a partnership of four.

    Parameters
    ----------
    stats : SimulationStats
        The statistics of a simulation.

    Returns
    -------
    list of str
        One name a side, seat 0's side first.

    Examples
    --------
    >>> from cribbage_fast import simulate
    >>> side_names(simulate(["greedy", "random", "random", "greedy"], games=4, seed=1))
    ['seats 0+2 greedy+random', 'seats 1+3 random+greedy']
    """
    names = stats.players
    if len(names) == 2:
        return list(names)
    if len(names) == 4:
        return [f"seats {i}+{i + 2} {names[i]}+{names[i + 2]}" for i in range(2)]
    return [f"seat {i} {name}" for i, name in enumerate(names)]


def _header(stats: SimulationStats) -> str:
    how = f"{stats.games:,} games"
    if stats.duplicate:
        how += f" in {stats.games // 2:,} duplicate pairs"
    return (
        f"{' vs '.join(stats.players)}: {how} (seed {stats.seed}){_start_text(stats)}, "
        f"{stats.mean_deals:.2f} deals per game"
    )


def format_stats(stats: SimulationStats) -> str:
    """The summary table of a simulation: what ``str(stats)`` shows.

    Parameters
    ----------
    stats : SimulationStats
        The result of ``simulate`` (or ``master_match``, or a merge).

    Returns
    -------
    str
        The wins with their 95% intervals, game points, skunks, the mean
        points of a deal by role, and the ratings.

    Examples
    --------
    >>> from cribbage_fast import simulate
    >>> stats = simulate("greedy", "random", games=50, seed=3)
    >>> format_stats(stats) == str(stats), format_stats(stats).splitlines()[1].split()[:2]
    (True, ['player', 'wins'])
    """
    sides = side_names(stats)
    width = max(*map(len, sides), 6)
    row = f"{{:<{width}}}  {{:>9}}  {{:>7}}  {{:>18}}  {{:>9}}  {{:>7}}  {{:>7}}"
    lines = [
        _header(stats),
        row.format("player", "wins", "rate", "95% CI", "game pts", "skunks", "double"),
    ]
    for i, name in enumerate(sides):
        lo, hi = stats.win_intervals[i]
        lines.append(
            row.format(
                name,
                f"{stats.wins[i]:,}",
                _pct(stats.win_rates[i]),
                f"[{_pct(lo)}, {_pct(hi)}]",
                f"{stats.game_points[i]:,}",
                f"{stats.skunks[i]:,}",
                f"{stats.double_skunks[i]:,}",
            )
        )
    dealer, pone = stats.per_deal["dealer"], stats.per_deal["pone"]
    lines += [
        f"mean points per deal ({stats.completed_deals:,} completed deals):",
        f"{'':<8}  {'pegging':>7}  {'hand':>6}  {'crib':>6}  {'his heels':>9}",
        f"{'dealer':<8}  {dealer['pegging']:>7.3f}  {dealer['hand']:>6.3f}  "
        f"{dealer['crib']:>6.3f}  {dealer['his_heels']:>9.3f}",
        f"{'pone' if stats.sides == 2 and len(sides) == 2 else 'others':<8}  "
        f"{pone['pegging']:>7.3f}  {pone['hand']:>6.3f}",
    ]
    if len(stats.players) > 2:
        lines.append(f"fair share {_pct(1 / stats.sides)} ('others': the other seats together)")
    if stats.duplicate:
        a, b = stats.players
        both, split, lost = stats.pairs
        lines.append(f"pairs: {a} won both {both:,}, split {split:,}, {b} won both {lost:,}")
    return "\n".join(lines + _estimate_rows(stats))
