"""Game analysis (`cribbage_fast.analysis.analyze`, `cribbage-fast analyze`): the
decomposition adds up, the same seed gives the same analysis at any thread
count and on Ray, the marks follow the thresholds, and bad records get clear
errors."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

import cribbage_fast as cf
from cribbage_fast import analysis
from cribbage_fast.cli import main

CHEAP = {"precision": 0.05, "budget": 8}
#: Several batches a decision: the race retires actions on the way.
RACE = {"precision": 0.02, "budget": 512}


def record(seed: int, a: object = None, b: object = None) -> str:
    players = [a or cf.ExpertPlayer(), b or cf.GreedyPlayer()]
    return cf.Game(2, seed=seed).play(players).to_json()  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def records() -> list[str]:
    return [record(s, b=cf.RandomPlayer(seed=s) if s % 2 else None) for s in range(6)]


def test_the_decomposition_adds_up_for_each_player(records: list[str]) -> None:
    for objective in ("win", "points"):
        for i, r in enumerate(analysis.analyze_games(records, objective=objective, **CHEAP)):
            for p in r.players:
                total = p.start + p.skill + p.luck + p.opponent_errors
                assert total == pytest.approx(p.result, abs=1e-9), (i, p)
                assert p.luck_adjusted == pytest.approx(p.result - p.luck, abs=1e-12)
            assert r.players[r.winner].result > r.players[1 - r.winner].result


def test_decisions_and_marks(records: list[str]) -> None:
    a = analysis.analyze_game(records[1], **CHEAP, seed=3)
    assert a.decisions and any(d.forced for d in a.decisions)
    for d in a.decisions:
        if d.forced:
            assert d.mark is None and d.loss == 0
            continue
        assert d.best_equity == max(d.equities)
        assert d.loss == pytest.approx(d.best_equity - d.played_equity)
        assert d.loss >= 0 and d.mark == analysis.mark_of(d.loss)
        assert d.played in d.actions or d.kind == "lay"
    for p in a.players:
        mine = [d for d in a.decisions if d.seat == p.seat and not d.forced]
        assert p.unforced == len(mine)
        assert p.error_rate == pytest.approx(sum(d.loss for d in mine) / len(mine))
        assert p.error_rating == pytest.approx(1000 * p.error_rate)
        assert sum(p.marks.values()) == sum(d.mark is not None for d in mine)
    kinds = {e.kind for e in a.luck}
    assert {"cut_for_deal", "deal", "starter", "show"} <= kinds
    assert "Summary" in a.report() and "Deal 1" in a.report()
    json.loads(a.to_json())


def test_thresholds() -> None:
    assert analysis.mark_of(0.0199) is None
    assert analysis.mark_of(0.02) == "inaccuracy"
    assert analysis.mark_of(0.04) == "mistake"
    assert analysis.mark_of(0.08) == "blunder"
    assert analysis.mark_of(0.05, "points") == "inaccuracy"


def test_the_same_seed_gives_the_same_analysis_at_any_thread_count(records: list[str]) -> None:
    one = analysis.analyze_game(records[0], seed=9, threads=1, **RACE)
    two = analysis.analyze_game(records[0], seed=9, threads=2, **RACE)
    assert one == two
    other = analysis.analyze_game(records[0], seed=10, threads=2, **RACE)
    assert other != one


def test_ray_gives_the_same_analyses(records: list[str]) -> None:
    ray = pytest.importorskip("ray")
    local = analysis.analyze_games(records[:3], seed=4, progress=False, **RACE)
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = analysis.analyze_games(records[:3], seed=4, ray=True, progress=False, **RACE)
    finally:
        ray.shutdown()
    assert remote == local


def test_records_outside_the_analysis_get_clear_errors(records: list[str]) -> None:
    three = cf.Game(3, seed=1).play([cf.Player(), cf.Player(), cf.Player()]).to_json()
    with pytest.raises(ValueError, match="game-point tables, which exist for two players only"):
        analysis.analyze_game(three, objective="points")
    muggins = cf.Game(2, seed=1, muggins=True)
    muggins.play([cf.ExpertPlayer(), cf.ExpertPlayer()])
    with pytest.raises(ValueError, match="muggins"):
        analysis.analyze_game(muggins)
    tampered = json.loads(records[0])
    tampered["moves"][3] = {"seat": 0, "move": "lay", "card": "AS"}
    with pytest.raises(ValueError, match="move 3"):
        analysis.analyze_game(tampered)
    unfinished = cf.Game(2, seed=2)
    unfinished.apply(unfinished.legal_moves()[0])
    with pytest.raises(ValueError, match="not finished"):
        analysis.analyze_game(unfinished)
    with pytest.raises(TypeError):
        analysis.analyze_game(42)  # type: ignore[arg-type]
    for bad in ({"precision": 0.0}, {"budget": 0}, {"policy": "random"}, {"objective": "x"}):
        with pytest.raises(ValueError):
            analysis.analyze_game(records[0], **bad)  # type: ignore[arg-type]


def test_ctrl_c_stops_the_analysis(records: list[str]) -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analysis.analyze_game(records[0], progress=interrupt, **CHEAP)


def test_command_line(tmp_path: Path, records: list[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(records[0])
    runner = CliRunner()
    out = runner.invoke(main, ["analyze", str(path), "--precision", "0.05", "--budget", "8"])
    assert out.exit_code == 0, out.output
    assert "Deal 1" in out.output and "luck-adjusted result" in out.output
    png = tmp_path / "game.png"
    args = ["analyze", str(path), "--json", "--budget", "8", "--precision", "0.05"]
    out = runner.invoke(main, [*args, "--plot", str(png)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)  # "wrote the plot" goes to stderr
    assert len(data["players"]) == 2 and png.stat().st_size > 1000
    svg = tmp_path / "game.svg"  # the suffix picks the format
    out = runner.invoke(main, [*args, "--plot", str(svg)])
    assert out.exit_code == 0, out.output
    assert ElementTree.parse(svg).getroot().tag.endswith("svg")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    out = runner.invoke(main, ["analyze", str(bad)])
    assert out.exit_code == 2 and "error" in out.output


def test_play_writes_a_record_to_analyse(tmp_path: Path) -> None:
    from cli.test_cli_bots import first_option_answers

    path = tmp_path / "mine.json"
    args = ["play", "--bot", "random", "--seed", "5", "--record", str(path)]
    out = CliRunner().invoke(main, args, input=first_option_answers(seed=5))
    assert out.exit_code == 0, out.output
    assert f"wrote the game's record to {path}" in out.stderr
    a = analysis.analyze_game(path.read_text(), **CHEAP)
    assert a.players[0].unforced > 0
