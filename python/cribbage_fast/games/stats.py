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
greedy rate        rate              95% CI    Elo     Elo 95% CI     separate    ±0.5 points
plain            98.50%    [95.68%, 99.49%]   +727   [+538, +916]            1          2,282
(games needed at 95%: to separate the players, for an interval of ±0.5 points)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from cribbage_fast._core import SimulationStats

__all__ = [
    "DealerPoints",
    "LuckFold",
    "LuckSums",
    "PonePoints",
    "RolePoints",
    "SimulationStatsDict",
    "WinEstimate",
    "format_stats",
]


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


class WinEstimate(TypedDict):
    """Player 0's win rate as an estimate (`SimulationStats.win_estimate`).

    ``interval`` is the 95% interval of ``rate`` (Wilson in a plain match,
    normal over the pairs in a duplicate one, normal for a luck-adjusted
    rate); ``elo`` is player 0's rating above player 1, ``400 log10(p / (1 -
    p))``, with the interval's ends mapped the same way;
    ``games_to_separate`` is how many games (at the spread measured) would
    give an interval leaving 50% out, ``games_for_half_point`` how many would
    give an interval of plus or minus 0.5 percentage points.
    """

    rate: float
    stderr: float
    interval: tuple[float, float]
    elo: float
    elo_interval: tuple[float, float]
    games_to_separate: float
    games_for_half_point: float


class LuckFold(TypedDict):
    """Exact sums over the units of one fold: the units, player 0's wins in
    them and their squares, each luck term's sum (deal, starter), each term
    times the wins, and the terms' products ((deal, deal), (deal, starter),
    (starter, starter)); luck in units of 2**-24 of a game."""

    units: int
    wins: int
    wins_sq: int
    luck: list[int]
    luck_wins: list[int]
    luck_products: list[int]


class LuckSums(TypedDict):
    """Exact sums of player 0's luck over the units (games, or duplicate
    pairs) of even and of odd index (``folds``): they merge exactly."""

    folds: list[LuckFold]


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
    duplicate: bool
    luck_adjusted: bool
    pairs: tuple[int, int, int]
    luck_sums: LuckSums
    win_estimate: WinEstimate
    adjusted_estimate: WinEstimate | None
    mean_luck: tuple[float, float] | None
    variance_reduction: float | None
    luck_coefficients: list[list[float]] | None


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


def _games(n: float) -> str:
    return "never" if n == float("inf") else f"{n:,.0f}"


def _elo(x: float) -> str:
    return f"{x:+.0f}" if abs(x) != float("inf") else ("+inf" if x > 0 else "-inf")


def _estimate_rows(stats: SimulationStats) -> list[str]:
    """Player 0's plain and luck-adjusted rates with intervals, Elo and games needed."""
    row = "{:<14}  {:>7}  {:>18}  {:>5}  {:>13}  {:>11}  {:>13}"
    lines = [
        row.format(
            f"{stats.players[0]} rate",
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
    lines.append("(games needed at 95%: to separate the players, for an interval of ±0.5 points)")
    if stats.variance_reduction is not None and stats.mean_luck is not None:
        mean, se = stats.mean_luck
        lines.append(
            f"variance reduction {stats.variance_reduction:.2f}x; "
            f"mean luck {mean:+.4f} ± {1.96 * se:.4f} per game (should be 0)"
        )
    return lines


def _header(stats: SimulationStats) -> str:
    a, b = stats.players
    how = f"{stats.games:,} games"
    if stats.duplicate:
        how += f" in {stats.games // 2:,} duplicate pairs"
    return (
        f"{a} vs {b}: {how} (seed {stats.seed}){_start_text(stats)}, "
        f"{stats.mean_deals:.2f} deals per game"
    )


def format_stats(stats: SimulationStats) -> str:
    """The summary table of a simulation (what ``str(stats)`` shows)."""
    a, b = stats.players
    width = max(len(a), len(b), 6)
    row = f"{{:<{width}}}  {{:>9}}  {{:>7}}  {{:>18}}  {{:>9}}  {{:>7}}  {{:>7}}"
    lines = [
        _header(stats),
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
    if stats.duplicate:
        both, split, lost = stats.pairs
        lines.append(f"pairs: {a} won both {both:,}, split {split:,}, {b} won both {lost:,}")
    return "\n".join(lines + _estimate_rows(stats))
