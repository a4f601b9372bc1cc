"""Game analysis at a table of three and of four (partnerships): every side's
decomposition adds up, the same seed gives the same analysis at any thread
count, a record in the text notation analyses as its game, the report, the
picture and the engine cover every side, and bad inputs get clear errors."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import analysis
from cribbage_fast.analysis.engine import answer
from cribbage_fast.records.record import write_text

CHEAP = {"precision": 0.05, "budget": 8}


def same(a: analysis.GameAnalysis, b: analysis.GameAnalysis) -> bool:
    """Equal analyses, NaN (the game-points rates) equal to NaN, timings aside."""

    def text(x: analysis.GameAnalysis) -> str:
        d = x.to_dict()
        for decision in d["decisions"]:
            del decision["seconds"]
        return json.dumps(d, sort_keys=True, default=str)

    return text(a) == text(b)


def table_game(players: int, seed: int) -> cf.Game:
    bots = [cf.ExpertPlayer(), cf.GreedyPlayer(), cf.RandomPlayer(seed=seed), cf.ExpertPlayer()]
    game = cf.Game(players, seed=seed)
    game.play(bots[:players])  # type: ignore[arg-type]
    return game


@pytest.fixture(scope="module")
def games() -> dict[int, list[cf.Game]]:
    return {n: [table_game(n, s) for s in range(3)] for n in (3, 4)}


@pytest.mark.parametrize("players", [3, 4])
def test_every_side_s_decomposition_adds_up(games: dict[int, list[cf.Game]], players: int) -> None:
    for i, g in enumerate(games[players]):
        a = analysis.analyze_game(g, seed=i, **CHEAP)
        sides = 3 if players == 3 else 2
        assert len(a.players) == sides and a.num_players == players
        for p in a.players:
            total = p.start + p.skill + p.luck + p.opponent_errors
            assert abs(total - p.result) < 1e-9, (i, p)
            assert math.isnan(p.error_rates["points"])
        assert sum(p.result for p in a.players) == 1.0
        assert a.players[a.winner].result == 1.0
        # Cut for the first deal: every side starts at its fair share.
        assert all(p.start == pytest.approx(1 / sides) for p in a.players)
        assert len(a.seat_accuracy) == players
        assert all(0 <= x <= 100 for x in a.seat_accuracy)
        for d in a.decisions:
            assert d.side == (d.seat % 2 if players == 4 else d.seat)
            assert len(d.scores) == sides
        if players == 4:
            assert [p.seats for p in a.players] == [(0, 2), (1, 3)]


@pytest.mark.parametrize("players", [3, 4])
def test_the_same_seed_gives_the_same_analysis_at_one_and_two_threads(
    games: dict[int, list[cf.Game]], players: int
) -> None:
    g = games[players][1]
    one = analysis.analyze_game(g, seed=5, threads=1, **CHEAP)
    two = analysis.analyze_game(g, seed=5, threads=2, **CHEAP)
    assert same(one, two)
    assert not same(one, analysis.analyze_game(g, seed=6, threads=2, **CHEAP))


@pytest.mark.parametrize("players", [3, 4])
def test_a_text_record_analyses_as_its_game(games: dict[int, list[cf.Game]], players: int) -> None:
    g = games[players][0]
    text = write_text(g)
    assert same(
        analysis.analyze_game(text, seed=2, **CHEAP), analysis.analyze_game(g, seed=2, **CHEAP)
    )


def test_the_report_and_the_picture_show_every_side(games: dict[int, list[cf.Game]]) -> None:
    three = analysis.analyze_game(games[3][0], seed=1, **CHEAP)
    report = three.report()
    head = next(line for line in report.splitlines() if line.startswith("Summary"))
    assert all(f"seat {s}" in head for s in range(3))
    assert "others' errors" in report and "game points" not in report
    four = analysis.analyze_game(games[4][0], seed=1, **CHEAP)
    report = four.report()
    assert "seats 0 and 2" in report and "Accuracy by seat: seat 0" in report
    pytest.importorskip("matplotlib")
    from cribbage_fast.analysis.report import figure

    def curves(a: analysis.GameAnalysis) -> list[str]:
        lines = figure(a).axes[0].get_lines()
        return [str(x.get_label()) for x in lines if not str(x.get_label()).startswith("_")]

    assert curves(three) == ["seat 0", "seat 1", "seat 2"]  # one curve per seat
    assert curves(four) == ["seats 0 and 2", "seats 1 and 3"]  # one per partnership
    svg = three._repr_svg_()
    assert svg.count('class="summary"') == 3


def test_the_engine_analyses_a_table_game(games: dict[int, list[cf.Game]]) -> None:
    g = games[4][2]
    query = {"id": "t", "record": g.to_record(), "decisions": "game", "seed": 3, **CHEAP}
    out = json.loads(answer(query))
    assert out["status"] == "ok", out
    assert len(out["players"]) == 2
    assert {d["side"] for d in out["decisions"]} == {0, 1}
    direct = analysis.analyze_game(g, seed=3, **CHEAP)
    assert [d["loss"] for d in out["decisions"]] == [d.loss for d in direct.decisions]


def test_what_a_table_game_cannot_be_analysed_by_is_refused(
    games: dict[int, list[cf.Game]],
) -> None:
    g = games[3][0]
    with pytest.raises(ValueError, match="game-point tables"):
        analysis.analyze_game(g, objective="points", **CHEAP)
    with pytest.raises(ValueError, match="seats"):
        analysis.analyze_game(g, seats=[0], **CHEAP)
    unfinished = cf.Game(3, seed=1)
    with pytest.raises(ValueError, match="not finished"):
        analysis.analyze_game(unfinished, **CHEAP)


@settings(max_examples=25, deadline=None)
@given(
    budget=st.one_of(
        st.integers(max_value=0),
        st.integers(min_value=100_001),
        st.floats(allow_nan=True),
        st.text(max_size=3),
        st.none(),
    )
)
def test_a_bad_budget_is_refused_by_name(budget: object) -> None:
    g = _three()
    with pytest.raises((TypeError, ValueError), match="budget"):
        analysis.analyze_game(g, budget=budget, precision=0.05)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(seats=st.one_of(st.lists(st.integers(-3, 6), max_size=3), st.integers(), st.text()))
def test_a_seat_choice_is_refused_at_a_table(seats: object) -> None:
    g = _three()
    with pytest.raises((TypeError, ValueError), match="seats"):
        analysis.analyze_game(g, seats=seats, **CHEAP)  # type: ignore[arg-type]


def _three() -> cf.Game:
    return table_game(3, 9)


@pytest.mark.parametrize("players", [3, 4])
def test_a_hint_at_a_move_is_the_analysis_of_that_decision(
    games: dict[int, list[cf.Game]], players: int
) -> None:
    g = games[players][2]
    a = analysis.analyze_game(g, seed=4, **CHEAP)
    unforced = [d for d in a.decisions if not d.forced]
    for d in unforced[:: max(1, len(unforced) // 8)]:
        h = cf.hint(g, move_index=d.move_index, seed=4, **CHEAP)
        assert h.seat == d.seat
        assert {o.action: o.equity for o in h.options} == dict(
            zip(d.actions, d.equities, strict=True)
        ), d.move_index
    with pytest.raises(ValueError, match="game-point tables"):
        cf.hint(g, move_index=unforced[0].move_index, objective="points", **CHEAP)
