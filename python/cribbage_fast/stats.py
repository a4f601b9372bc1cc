"""The typed dicts of simulation statistics: what ``SimulationStats.to_dict()``
returns and its parts (``stats.points``, ``stats.win_estimate``, ...).

A ground module beside the compiled core, which returns these shapes; it
imports nothing. The text table of ``str(stats)`` is
`cribbage_fast.games.stats.format_stats`.

Examples
--------
>>> from cribbage_fast import simulate
>>> from cribbage_fast.stats import SimulationStatsDict
>>> d: SimulationStatsDict = simulate("greedy", "random", games=20, seed=1).to_dict()
>>> sorted(d["points"]), d["win_estimate"]["rate"]
(['dealer', 'pone'], 1.0)
"""

from __future__ import annotations

from typing import TypedDict

__all__ = [
    "DealerPoints",
    "LuckFold",
    "LuckSums",
    "PonePoints",
    "RolePoints",
    "SimulationStatsDict",
    "WinEstimate",
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
    """`SimulationStats.to_dict()`: ``players`` and ``player_seeds`` hold one
    entry a seat, the other tuples one a side (``sides``: two players, three,
    or two partnerships of four; seat 0's side first); ``points`` holds exact
    integer totals, ``per_deal`` their means per completed deal."""

    players: tuple[str, ...]
    player_seeds: tuple[int | None, ...]
    sides: int
    seed: int
    start_scores: tuple[int, ...]
    first_dealer: int | None
    ranges: list[tuple[int, int]]
    games: int
    wins: tuple[int, ...]
    win_rates: tuple[float, ...]
    win_intervals: tuple[tuple[float, float], ...]
    game_points: tuple[int, ...]
    skunks: tuple[int, ...]
    double_skunks: tuple[int, ...]
    total_scores: tuple[int, ...]
    mean_scores: tuple[float, ...]
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
