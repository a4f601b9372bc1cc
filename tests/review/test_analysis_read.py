"""The analysis as a user reads it: both objectives' error rates, a game
decided early said so (hopeless careless play is not mistaken for accurate
play), the players' names in the report, the JSON and the picture, and the
picture itself (deals with their scores, marks above the line, a luck bar per
deal, PNG and SVG)."""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer, Player
from cribbage_fast.analysis.analyze import (
    DECIDED_BELOW,
    THRESHOLDS,
    GameAnalysis,
    analyze_game,
)
from cribbage_fast.analysis.decided import decided_early
from cribbage_fast.analysis.engine import answer
from cribbage_fast.analysis.pictures import analysis_svg
from cribbage_fast.analysis.results import DecisionReview
from cribbage_fast.records import write_text

QUICK = {"precision": 0.02, "budget": 64, "seed": 1}


@cache
def careless() -> Game:
    """The Expert double-skunks a player of the first legal move (123-46)."""
    game = Game(2, seed=31, first_dealer=0, names=["Expert", "Careless"])
    result = game.play([ExpertPlayer(), Player()])
    assert result.double_skunk
    return game


@cache
def analysed(objective: str = "win") -> GameAnalysis:
    return analyze_game(careless(), objective=objective, **QUICK)


def test_the_threshold_is_the_least_loss_of_a_mistake() -> None:
    assert THRESHOLDS["mistake"] == DECIDED_BELOW


def test_a_double_skunk_by_careless_play_is_flagged_as_decided_early() -> None:
    a = analysed()
    assert a.decided is not None and a.decided.seat == 1
    assert a.decided.deal < max(d.deal for d in a.decisions)
    later = [d for d in a.decisions if d.seat == 1 and d.move_index >= a.decided.move_index]
    assert all(
        d.win_chance is not None and d.win_chance < DECIDED_BELOW for d in later if not d.forced
    )
    # Hopeless, its decisions cost little chance to win but many game points.
    rates = a.decided.error_rates
    assert rates["win"] < THRESHOLDS["inaccuracy"] / 4
    assert rates["points"] > 10 * rates["win"]
    report = a.report()
    assert "Decided early: from deal" in report and "Careless's chance to win" in report
    assert "Read the game-points error rate" in report


def test_the_points_error_rate_is_shown_and_tells_the_players_apart() -> None:
    a = analysed()
    expert, careless_player = a.players
    assert careless_player.error_rates["points"] > 2 * expert.error_rates["points"]
    lines = a.report().splitlines()
    row = next(line for line in lines if line.startswith("error rate, game points"))
    assert f"{careless_player.error_rates['points']:.4f}" in row
    assert any(line.startswith("error rate, win chance") for line in lines)


def test_both_objectives_agree_on_which_rate_is_which() -> None:
    win, points = analysed("win"), analysed("points")
    for a in (win, points):
        for p in a.players:
            assert p.error_rate == pytest.approx(p.error_rates[a.objective])
        for d in a.decisions:
            assert d.loss == (d.win_loss if a.objective == "win" else d.points_loss)
            assert d.win_loss >= 0 and d.points_loss >= 0
    # Measured each way, the careless player loses more game points a decision.
    assert points.players[1].error_rates["points"] > 2 * points.players[0].error_rates["points"]
    assert points.decided is not None


def test_a_close_game_is_not_decided_early() -> None:
    game = Game(2, seed=3, first_dealer=1)
    game.play([ExpertPlayer(), GreedyPlayer()])  # won 123-117
    a = analyze_game(game, **QUICK)
    assert a.decided is None and "Decided early" not in a.report()


def _decision(move: int, deal: int, seat: int, chance: float | None) -> DecisionReview:
    return DecisionReview(
        move,
        seat,
        deal,
        0,
        (0, 0),
        "lay",
        "5H",
        "5H",
        chance is None,
        (),
        (),
        (),
        0,
        None,
        None,
        0.0,
        0.0,
        None,
        win_loss=0.0,
        points_loss=0.1,
        win_chance=chance,
    )


def test_decided_early_needs_the_chance_to_stay_low_from_before_the_last_deal() -> None:
    low = [_decision(i, 1 + i // 4, 1, 0.01) for i in range(12)]
    assert decided_early(low, winner=0).deal == 1  # type: ignore[union-attr]
    assert decided_early(low, winner=1) is None  # the winner is never "decided"
    comeback = [*low[:6], _decision(6, 2, 1, 0.3), *low[7:]]
    found = decided_early(comeback, winner=0)
    assert found is not None and found.move_index == 7 and found.decisions == 5
    only_last = [_decision(i, 1 + i // 4, 1, 0.5 if i < 8 else 0.01) for i in range(12)]
    assert decided_early(only_last, winner=0) is None
    forced = [_decision(i, 1 + i // 4, 1, None if i % 2 else 0.01) for i in range(12)]
    assert decided_early(forced, winner=0).decisions == 6  # type: ignore[union-attr]


def test_names_reach_the_report_the_json_and_the_engine() -> None:
    a = analysed()
    assert a.names == ("Expert", "Careless")
    report = a.report()
    assert report.splitlines()[1] == "Expert won, 123-46."
    assert "Careless discard" in report and "seat 1" in report.splitlines()[2]
    data = json.loads(a.to_json())
    assert data["names"] == ["Expert", "Careless"]
    assert data["decided"]["seat"] == 1 and set(data["players"][1]["error_rates"]) == {
        "win",
        "points",
    }
    reply = json.loads(
        answer({"id": 1, "record": write_text(careless()), "decisions": "game", **QUICK})
    )
    assert reply["status"] == "ok" and reply["names"] == ["Expert", "Careless"]
    assert reply["decided"]["seat"] == 1
    assert "points_loss" in reply["decisions"][0]


def test_without_names_the_report_says_seat() -> None:
    game = Game(2, seed=3, first_dealer=1)
    game.play([ExpertPlayer(), GreedyPlayer()])
    report = analyze_game(game, precision=0.05, budget=8).report()
    assert report.splitlines()[1] == "Seat 0 won, 123-117."
    assert "Players:" not in report and "seat 1 discard" in report


# ---------------------------------------------------------------- the picture


def test_the_picture_shows_deals_names_marks_and_luck() -> None:
    pytest.importorskip("matplotlib")
    from cribbage_fast.analysis.report import figure

    a = analysed()
    fig = figure(a)
    top, luck = fig.axes
    deals = sorted({d.deal for d in a.decisions})
    labels = [t.get_text() for t in luck.get_xticklabels()]
    first = {d.deal: d.scores for d in reversed(a.decisions)}
    assert labels == [f"{deal}\n{first[deal][0]}-{first[deal][1]}" for deal in deals]
    assert "deal" in luck.get_xlabel() and "Expert - Careless" in luck.get_xlabel()
    legend = [t.get_text() for t in top.get_legend().get_texts()]
    assert legend[:2] == ["Expert (seat 0)", "Careless (seat 1)"]
    assert "Expert beat Careless 123-46 (double skunk)" in top.get_title()
    assert "decided early" in top.get_title()
    # A bar per deal and seat.
    assert len(luck.patches) >= 2 * len(deals)
    # Each mark is text above its point, large, over the lines.
    marked = [d for d in a.decisions if d.mark]
    texts = {t.get_text(): t for t in top.texts if t.get_text() in ("?!", "?", "??")}
    assert marked and len([t for t in top.texts if t.get_text() in ("?!", "?", "??")]) == len(
        marked
    )
    line_z = max(line.get_zorder() for line in top.get_lines())
    for t in texts.values():
        assert t.get_fontsize() >= 10 and t.get_zorder() > line_z
        assert t.xyann[1] > 0  # offset upwards  # type: ignore[attr-defined]


def test_the_picture_is_written_as_png_and_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from cribbage_fast.analysis.report import plot, to_svg

    a = analysed()
    plot(a, tmp_path / "game.png")
    assert (tmp_path / "game.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    plot(a, tmp_path / "game.svg")
    for text in ((tmp_path / "game.svg").read_text(encoding="utf-8"), to_svg(a)):
        root = ET.fromstring(text)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        words = " ".join(
            "".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text")
        )
        assert "Careless" in words and "chance to win" in words and "?" in words
    assert not list(tmp_path.glob("*.tmp*")) and sorted(p.name for p in tmp_path.iterdir()) == [
        "game.png",
        "game.svg",
    ]


def test_one_seats_view_is_drawn_without_luck(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from cribbage_fast.analysis.report import figure

    a = analyze_game(write_text(careless(), view=1), **QUICK)
    assert a.seats == (1,)
    fig = figure(a)
    assert len(fig.axes) == 1
    assert fig.axes[0].get_legend().get_texts()[0].get_text() == "Careless (seat 1)"


@pytest.mark.parametrize("names", [("$x^{2}$", "<b>&amp;"), ("a$b", "Zoë & 'Bo' <i>")])
def test_any_name_is_drawn_as_written(names: tuple[str, str]) -> None:
    """A name with "$", "<", "&" or quotes is text in the picture (no
    mathematics, no markup), in the SVG and in the notebook's picture."""
    pytest.importorskip("matplotlib")
    from cribbage_fast.analysis.report import to_svg

    a = dataclasses.replace(analysed(), names=names)
    for text in (to_svg(a), str(analysis_svg(a))):
        root = ET.fromstring(text)
        words = "\n".join("".join(e.itertext()) for e in root.iter())
        assert all(name in words for name in names)
    assert f"{names[0]} won" in a.report().splitlines()[1]
