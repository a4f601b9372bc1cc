"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a
rating, its deviation and its volatility, updated once per rating period
from the results against opponents of known rating and deviation.

>>> r = Rating(1500, 200, 0.06)
>>> new = update(r, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["DEFAULT_RATING", "SCALE", "TAU", "Rating", "expected", "update"]

#: The factor between the Glicko scale and Glicko-2's (Glickman's 173.7178).
SCALE = 400 / math.log(10)
#: The system constant that bounds how fast the volatility changes.
TAU = 0.5
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, deviation (RD) and volatility.

    Examples
    --------
    >>> Rating()
    Rating(rating=1500.0, deviation=350.0, volatility=0.06)
    """

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


#: An unrated player or puzzle.
DEFAULT_RATING = Rating()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The expected score of `player` against `opponent` (Glicko-2's E).

    Parameters
    ----------
    player, opponent : Rating
        The two ratings.

    Returns
    -------
    float
        Between 0 and 1.

    Examples
    --------
    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    mu, mu_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE
    return 1 / (1 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The rating after one rating period of `results`.

    Parameters
    ----------
    player : Rating
        The rating before the period.
    results : iterable of (Rating, float)
        Each opponent's rating (before the period) and the score against it
        (1 a win, 0 a loss, 0.5 a draw).
    tau : float, default TAU
        The system constant.

    Returns
    -------
    Rating
        The new rating; with no results only the deviation grows.

    Raises
    ------
    ValueError
        A score outside 0..1 or a deviation that is not positive.

    Examples
    --------
    >>> update(Rating(1500, 200), []).deviation > 200
    True
    """
    phi, sigma = player.deviation / SCALE, player.volatility
    if not phi > 0:
        raise ValueError(f"the deviation must be positive, got {player.deviation}")
    mu = (player.rating - 1500) / SCALE
    inverse_v = total = 0.0
    for opponent, score in results:
        if not 0 <= score <= 1:
            raise ValueError(f"a score is between 0 and 1, got {score}")
        g = _g(opponent.deviation / SCALE)
        e = 1 / (1 + math.exp(-g * (mu - (opponent.rating - 1500) / SCALE)))
        inverse_v += g * g * e * (1 - e)
        total += g * (score - e)
    if inverse_v == 0:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    v = 1 / inverse_v
    sigma = _volatility(phi, sigma, v * total, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    return Rating(1500 + SCALE * (mu + phi * phi * total), SCALE * phi, sigma)
