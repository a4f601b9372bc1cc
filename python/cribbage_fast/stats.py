"""Presentation of simulation statistics: the text table of ``str(stats)`` and
the typed dict of ``stats.to_dict()``.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from cribbage_fast._core import SimulationStats

__all__ = ["DealerPoints", "PonePoints", "RolePoints", "SimulationStatsDict", "format_stats"]


class DealerPoints(TypedDict):
    """The dealer's points (exact totals, or means per completed deal)."""

    pegging: float
    hand: float
    crib: float
    his_heels: float


class PonePoints(TypedDict):
    """The pone's points: pegging and hand."""

    pegging: float
    hand: float


class RolePoints(TypedDict):
    """Points by role in the completed deals."""

    dealer: DealerPoints
    pone: PonePoints


class SimulationStatsDict(TypedDict):
    """`SimulationStats.to_dict()`: pairs are (seat 0, seat 1); ``points`` holds
    exact integer totals, ``per_deal`` their means per completed deal."""

    players: tuple[str, str]
    player_seeds: tuple[int | None, int | None]
    seed: int
    start_scores: tuple[int, int]
    first_dealer: int | None
    ranges: list[tuple[int, int]]
    games: int
    wins: tuple[int, int]
    win_rates: tuple[float, float]
    win_intervals: tuple[tuple[float, float], tuple[float, float]]
    game_points: tuple[int, int]
    skunks: tuple[int, int]
    double_skunks: tuple[int, int]
    total_scores: tuple[int, int]
    mean_scores: tuple[float, float]
    deals: int
    completed_deals: int
    mean_deals: float
    points: RolePoints
    per_deal: RolePoints


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _start_text(stats: SimulationStats) -> str:
    """The start of every game, if not the usual one."""
    parts = []
    if stats.start_scores != (0, 0):
        parts.append("from {}-{}".format(*stats.start_scores))
    if stats.first_dealer is not None:
        parts.append(f"seat {stats.first_dealer} deals first")
    return f" ({', '.join(parts)})" if parts else ""


def format_stats(stats: SimulationStats) -> str:
    """The summary table of a simulation (what ``str(stats)`` shows)."""
    a, b = stats.players
    width = max(len(a), len(b), 6)
    row = f"{{:<{width}}}  {{:>9}}  {{:>7}}  {{:>18}}  {{:>9}}  {{:>7}}  {{:>7}}"
    lines = [
        f"{a} vs {b}: {stats.games:,} games (seed {stats.seed}){_start_text(stats)}, "
        f"{stats.mean_deals:.2f} deals per game",
        row.format("player", "wins", "rate", "95% CI", "game pts", "skunks", "double"),
    ]
    for i, name in enumerate(stats.players):
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
        f"{'pone':<8}  {pone['pegging']:>7.3f}  {pone['hand']:>6.3f}",
    ]
    return "\n".join(lines)
