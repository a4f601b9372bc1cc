"""Glicko-2 at the values of Glickman's worked example ("Example of the
Glicko-2 system", 2013): a player rated 1500 (RD 200, volatility 0.06)
beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300)."""

from __future__ import annotations

import math

import pytest

from cribbage_fast.puzzles.glicko import SCALE, Rating, expected, update

PLAYER = Rating(1500, 200, 0.06)
RESULTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_expected_scores_of_the_example() -> None:
    # The paper's E values: 0.639, 0.432, 0.303.
    got = [expected(PLAYER, r) for r, _ in RESULTS]
    assert [round(e, 3) for e in got] == [0.639, 0.432, 0.303]


def test_the_example_update() -> None:
    new = update(PLAYER, RESULTS)
    # The paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999 (its steps rounded to 4 places).
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_scale_is_glickmans() -> None:
    assert pytest.approx(173.7178, abs=1e-4) == SCALE


def test_no_games_only_widens_the_deviation() -> None:
    new = update(PLAYER, [])
    assert new.rating == 1500
    assert new.deviation == pytest.approx(math.hypot(200, 0.06 * SCALE))
    assert new.volatility == 0.06


def test_an_upset_raises_the_rating_and_the_volatility() -> None:
    # delta^2 > phi^2 + v: the other branch of the volatility's bracket.
    new = update(Rating(1500, 50, 0.06), [(Rating(2300, 30), 1.0)] * 5)
    assert new.rating > 1500 and new.volatility > 0.06 and math.isfinite(new.deviation)


def test_wins_and_losses_move_the_rating_each_way() -> None:
    assert update(Rating(), [(Rating(), 1.0)]).rating > 1500
    assert update(Rating(), [(Rating(), 0.0)]).rating < 1500
    assert update(Rating(), [(Rating(), 0.5)]).rating == pytest.approx(1500)


@pytest.mark.parametrize("score", [-0.1, 1.5, math.nan])
def test_a_score_outside_0_to_1_is_refused(score: float) -> None:
    with pytest.raises(ValueError, match="score"):
        update(PLAYER, [(Rating(), score)])


def test_a_deviation_that_is_not_positive_is_refused() -> None:
    with pytest.raises(ValueError, match="deviation"):
        update(Rating(1500, 0), [])
