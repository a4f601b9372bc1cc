"""Accuracy (`cribbage_fast.analysis.accuracy`): the curve's values at known
points, its bounds and its monotony; a player of only best actions scores 100;
forced decisions do not count; the figure reaches the summary, the report,
the picture, the JSON, the engine and the command line."""

from __future__ import annotations

import json
import math
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from cribbage_fast import ExpertPlayer, Game, Player
from cribbage_fast.analysis.accuracy import (
    DECAY,
    SHIFT,
    decision_accuracy,
    game_accuracy,
    volatility_weights,
)
from cribbage_fast.analysis.analyze import GameAnalysis, analyze_game
from cribbage_fast.analysis.engine import answer
from cribbage_fast.analysis.pictures import analysis_svg
from cribbage_fast.analysis.results import DecisionReview
from cribbage_fast.cli import main

QUICK = {"precision": 0.02, "budget": 64, "seed": 1}


def decision(win_loss: float, chance: float = 0.5, forced: bool = False) -> DecisionReview:
    """A lay that gave up `win_loss` of the chance to win (`chance` with the best)."""
    return DecisionReview(
        move_index=0,
        seat=0,
        deal=1,
        dealer=0,
        scores=(0, 0),
        kind="lay",
        played="lay 5H",
        best="lay 5H",
        forced=forced,
        actions=(),
        equities=(),
        stderrs=(),
        samples=0,
        played_equity=None,
        best_equity=None,
        loss=win_loss,
        loss_stderr=0.0,
        mark=None,
        win_loss=win_loss,
        win_chance=None if forced else chance,
    )


def test_the_curve_at_known_points() -> None:
    assert decision_accuracy(0.0) == 100.0
    # lichess's curve in percentage points, with the scale 100 + SHIFT
    for points, expected in [(1, 95.6), (4, 83.5), (8, 69.7), (20, 40.0), (50, 8.5)]:
        assert decision_accuracy(points / 100) == pytest.approx(expected, abs=0.05)
        exact = (100 + SHIFT) * math.exp(-DECAY * points) - SHIFT
        assert decision_accuracy(points / 100) == pytest.approx(exact, rel=1e-12)
    assert decision_accuracy(0.81) == 0.0 and decision_accuracy(1.0) == 0.0
    assert decision_accuracy(-0.01) == 100.0  # never above 100
    with pytest.raises(ValueError, match="win_loss"):
        decision_accuracy(math.nan)


def test_the_curve_falls_and_stays_in_bounds() -> None:
    losses = [i / 1000 for i in range(1001)]
    scores = [decision_accuracy(x) for x in losses]
    assert all(0.0 <= s <= 100.0 for s in scores)
    assert all(a >= b for a, b in pairwise(scores))
    assert all(a > b for a, b in pairwise(scores[:791]))


def test_only_best_actions_score_100() -> None:
    best = [decision(0.0, chance=c / 40) for c in range(40)]
    assert game_accuracy(best) == 100.0


def test_forced_decisions_do_not_count() -> None:
    one = [decision(0.08)]
    with_forced = one + [decision(0.0, forced=True) for _ in range(30)]
    assert game_accuracy(with_forced) == pytest.approx(game_accuracy(one), abs=1e-12)
    assert game_accuracy(one) == pytest.approx(decision_accuracy(0.08), abs=1e-12)
    assert math.isnan(game_accuracy([decision(0.0, forced=True)]))
    assert math.isnan(game_accuracy([]))


def test_a_bad_decision_weighs_more_than_its_share() -> None:
    played = [decision(0.0)] * 9 + [decision(0.5)]
    plain = sum(decision_accuracy(d.win_loss) for d in played) / len(played)
    assert game_accuracy(played) < plain


def test_volatile_decisions_weigh_more() -> None:
    calm = [decision(0.0, chance=0.5)] * 10
    swings = [decision(0.0, chance=0.1 if i % 2 else 0.9) for i in range(10)]
    # the same loss in a calm stretch and in a swinging one
    a = game_accuracy([*calm, decision(0.1, chance=0.5), *swings])
    b = game_accuracy([*calm, *swings[:5], decision(0.1, chance=0.1), *swings[5:]])
    assert b < a
    weights = volatility_weights([d.win_chance or 0.0 for d in calm + swings])
    assert all(0.5 <= w <= 12.0 for w in weights)
    assert weights[0] == 0.5 and weights[-1] == 12.0


losses = st.lists(
    st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.booleans()), min_size=1, max_size=60
)


@given(losses, st.integers(0, 59), st.floats(0.0, 0.5))
def test_a_game_lies_between_its_decisions_and_falls_with_any_loss(
    rows: list[tuple[float, float, bool]], at: int, more: float
) -> None:
    played = [decision(0.0 if f else x, c, f) for x, c, f in rows]
    scores = [decision_accuracy(d.win_loss) for d in played if not d.forced]
    got = game_accuracy(played)
    if not scores:
        assert math.isnan(got)
        return
    assert min(scores) - 1e-9 <= got <= max(scores) + 1e-9
    worse = list(played)
    i = at % len(worse)
    if not worse[i].forced:
        worse[i] = decision(worse[i].win_loss + more, worse[i].win_chance or 0.0)
        assert game_accuracy(worse) <= got + 1e-9


@cache
def careless() -> GameAnalysis:
    """The Expert double-skunks a player of the first legal move."""
    game = Game(2, seed=31, first_dealer=0, names=["Expert", "Careless"])
    game.play([ExpertPlayer(), Player()])
    return analyze_game(game, **QUICK)


def test_the_summary_holds_each_players_accuracy() -> None:
    a = careless()
    for p in a.players:
        mine = [d for d in a.decisions if d.seat == p.seat]
        assert p.accuracy == game_accuracy(mine)
        assert 0.0 <= p.accuracy <= 100.0
        for d in mine:
            assert (d.accuracy is None) == d.forced
            if not d.forced:
                assert d.accuracy == decision_accuracy(d.win_loss)
    assert a.players[0].accuracy > a.players[1].accuracy


def test_the_json_carries_it() -> None:
    a = careless()
    data = json.loads(a.to_json())
    for p, row in zip(a.players, data["players"], strict=True):
        assert row["accuracy"] == p.accuracy
    for d, row in zip(a.decisions, data["decisions"], strict=True):
        assert row["accuracy"] == d.accuracy
    game = Game(2, seed=31, first_dealer=0)
    game.play([ExpertPlayer(), Player()])
    reply = json.loads(answer({"id": 1, "record": game.to_record(), "decisions": "game", **QUICK}))
    assert reply["status"] == "ok"
    assert [p["accuracy"] for p in reply["players"]] == [p.accuracy for p in a.players]
    assert [d["accuracy"] for d in reply["decisions"]] == [d.accuracy for d in a.decisions]


def test_one_seats_view_leaves_the_other_accuracy_null() -> None:
    game = Game(2, seed=31, first_dealer=0)
    game.play([ExpertPlayer(), Player()])
    a = analyze_game(game, seats=[0], **QUICK)
    assert 0.0 <= a.players[0].accuracy <= 100.0 and math.isnan(a.players[1].accuracy)
    assert json.loads(a.to_json())["players"][1]["accuracy"] is None


def test_the_report_and_the_picture_show_it() -> None:
    a = careless()
    row = [line for line in a.report().splitlines() if line.startswith("accuracy")]
    p0, p1 = a.players
    assert row == [f"{'accuracy (0-100)':<24}{p0.accuracy:>12.1f}{p1.accuracy:>12.1f}"]
    svg = str(analysis_svg(a))
    assert f"accuracy {p0.accuracy:.1f}" in svg and f"accuracy {p1.accuracy:.1f}" in svg


def test_the_command_line_shows_it(tmp_path: Path) -> None:
    game = Game(2, seed=31, first_dealer=0)
    game.play([ExpertPlayer(), Player()])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    cheap = ["--precision", "0.02", "--budget", "64", "--seed", "1"]
    out = CliRunner().invoke(main, ["analyze", str(path), "--json", *cheap])
    assert out.exit_code == 0, out.output
    p0, p1 = (p["accuracy"] for p in json.loads(out.output)["players"])
    assert 0.0 <= p1 < p0 <= 100.0
    text = CliRunner().invoke(main, ["analyze", str(path), *cheap])
    assert text.exit_code == 0, text.output
    assert f"{'accuracy (0-100)':<24}{p0:>12.1f}{p1:>12.1f}" in text.output.splitlines()
