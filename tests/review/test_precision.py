"""The evaluator's stopping rule (docs/analysis-method.md, "The evaluator"): the
played action's difference from the best is measured to the precision or the
decision stops at the budget and shows it; actions the race has settled are
retired (the same answer at any thread count and on Ray: test_analysis)."""

from __future__ import annotations

import pytest

import cribbage_fast as cf
from cribbage_fast import _core, analysis


@pytest.fixture(scope="module")
def game() -> cf.Game:
    g = cf.Game(2, seed=4, first_dealer=0)
    g.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return g


def _unforced(a: analysis.GameAnalysis) -> list[analysis.DecisionReview]:
    return [d for d in a.decisions if not d.forced]


def test_the_played_difference_is_measured_to_the_precision(game: cf.Game) -> None:
    a = analysis.analyze_game(game, precision=0.02, budget=4096, seed=2)
    wrong = [d for d in _unforced(a) if d.played != d.best]
    assert wrong
    for d in wrong:
        assert d.loss_stderr <= 0.02, d
    # Some decisions needed more than one batch to get there.
    assert any(d.samples > 46 for d in wrong)


def test_a_decision_stopped_by_the_budget_says_so(game: cf.Game) -> None:
    """Beyond reach of the budget, sampling stops at it (rounded up to whole
    batches: 2 of 32 for a lay, 2 blocks of the 46 possible starters for a
    discard) and the difference keeps its wider standard error."""
    a = analysis.analyze_game(game, precision=1e-4, budget=64, seed=2)
    short = [d for d in _unforced(a) if d.loss_stderr > 1e-4]
    assert short
    for d in short:
        assert d.samples == (92 if d.kind == "discard" else 64), d


def test_settled_actions_retire_and_the_best_has_every_sample() -> None:
    g = cf.Game(2, seed=7)
    raw = _core._decision_values(g, precision=0.005, budget=16384, seed=1)
    samples, best = raw["samples"], raw["best"]
    assert samples[best] == max(samples)
    # Most of the fifteen discards trail clearly after the first block.
    retired = [a for a, n in enumerate(samples) if n < samples[best]]
    assert len(retired) >= 5
    for a in retired:
        assert raw["equity"][a] < raw["equity"][best]
        assert samples[a] % 46 == 0
