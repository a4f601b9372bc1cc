"""One settings type and one name for an action across the analysis's front
ends (docs/analysis.md, "Settings" and "Actions"): every front end reads its
defaults from `Settings()`, the engine's whole-game answer is `analyze_game`'s
at the same settings, and an action is named alike by the hint, the analysis,
the engine, the report and the pictures."""

from __future__ import annotations

import dataclasses
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import cribbage_fast as cf
from cribbage_fast import _core
from cribbage_fast.analysis import (
    DEFAULT_BUDGET,
    DEFAULT_PRECISION,
    DEFAULTS,
    Objective,
    Policy,
    Settings,
    action_name,
    analyze_game,
    analyze_games,
    answer,
    game_seed,
    hint,
)
from cribbage_fast.analysis.pictures import analysis_svg, hint_svg
from cribbage_fast.cli import main
from cribbage_fast.cli.analyze import analyze as analyze_command
from cribbage_fast.cli.play import play as play_command

QUICK = Settings(precision=0.05, budget=8, seed=5)


@cache
def finished() -> cf.Game:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return game


class _Stop(Exception):
    """Raised by a spy once it has seen what the core was asked."""


@pytest.fixture
def core_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The settings each call of the core's evaluator was given (the call
    itself is stopped: only the arguments matter here)."""
    calls: list[dict[str, Any]] = []
    names = ("objective", "precision", "budget", "policy", "seed")

    def spy(game: Any, **kwargs: Any) -> Any:
        calls.append({k: kwargs[k] for k in names})
        raise _Stop

    monkeypatch.setattr(_core, "_analyze_game", spy)
    monkeypatch.setattr(_core, "_decision_values", spy)
    return calls


def test_the_defaults_are_one_set() -> None:
    s = Settings()
    assert s == DEFAULTS == Settings.of() == Settings.of(None)
    assert s.to_dict() == {
        "objective": "win",
        "precision": _core.ANALYSIS_PRECISION,
        "budget": _core.ANALYSIS_BUDGET,
        "policy": "expert",
        "seed": 0,
    }
    assert (s.precision, s.budget) == (DEFAULT_PRECISION, DEFAULT_BUDGET)
    assert s.objective is Objective.WIN and s.policy is Policy.EXPERT
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.budget = 3  # type: ignore[misc]


def test_every_library_front_end_asks_the_core_for_the_defaults(
    core_calls: list[dict[str, Any]],
) -> None:
    live = cf.Game(2, seed=7)
    for call in (
        lambda: analyze_game(finished()),
        lambda: hint(live),
        lambda: analyze_games([finished()], progress=False),
        lambda: answer({"id": 1, "record": live.to_record()}),
        lambda: answer({"id": 2, "record": finished().to_record(), "decisions": "game"}),
    ):
        with pytest.raises(_Stop):
            call()
    want = DEFAULTS.to_dict()
    batch = {**want, "seed": game_seed(DEFAULTS.seed, 0)}  # game 0 of a batch
    assert core_calls == [want, want, batch, want, want]


def test_the_command_line_defaults_are_the_settings_defaults(
    core_calls: list[dict[str, Any]], tmp_path: Path
) -> None:
    shown = {p.name: p.default for p in analyze_command.params}
    assert {k: shown[k] for k in DEFAULTS.to_dict()} == DEFAULTS.to_dict()
    budget = next(p for p in play_command.params if p.name == "budget")
    assert budget.default == DEFAULTS.budget
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished().to_record()), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(path)])
    assert isinstance(result.exception, _Stop)
    assert core_calls == [{**DEFAULTS.to_dict(), "seed": game_seed(DEFAULTS.seed, 0)}]


def test_a_keyword_replaces_its_setting_and_the_rest_come_from_settings(
    core_calls: list[dict[str, Any]],
) -> None:
    base = Settings(objective="points", budget=46, policy="master", seed=9)
    with pytest.raises(_Stop):
        hint(cf.Game(2, seed=7), settings=base, budget=64)
    with pytest.raises(_Stop):
        analyze_game(finished(), settings=base, seed=1)
    assert core_calls == [
        {**base.to_dict(), "budget": 64},
        {**base.to_dict(), "seed": 1},
    ]
    with pytest.raises(TypeError, match="settings must be a Settings"):
        hint(cf.Game(2, seed=7), settings={"budget": 3})  # type: ignore[arg-type]


def test_the_results_carry_their_settings() -> None:
    a = analyze_game(finished(), settings=QUICK)
    assert a.settings == QUICK and a.objective is Objective.WIN
    h = hint(cf.Game(2, seed=7), settings=QUICK, objective="points")
    assert h.settings == Settings.of(QUICK, objective="points")
    assert h.objective is Objective.POINTS and h.to_dict()["objective"] == "points"
    assert json.loads(a.to_json())["objective"] == "win"


@pytest.mark.parametrize("objective", ["win", "points"])
def test_the_engines_whole_game_answer_is_analyze_game_at_the_same_settings(
    objective: str,
) -> None:
    s = Settings.of(QUICK, objective=objective)
    query = {"id": "g", "record": finished().to_record(), "decisions": "game", **s.to_dict()}
    got = json.loads(answer(query))
    a = analyze_game(finished(), settings=s)
    assert got["status"] == "ok" and got["winner"] == a.winner
    assert len(got["decisions"]) == len(a.decisions)
    for mine, d in zip(got["decisions"], a.decisions, strict=True):
        assert (mine["move_index"], mine["seat"], mine["played"], mine["best"]) == (
            d.move_index,
            d.seat,
            d.played,
            d.best,
        )
        assert (mine["loss"], mine["mark"]) == (d.loss, d.mark)
        if not d.forced:
            assert [x["action"] for x in mine["actions"]] == list(d.actions)
            assert [x["equity"] for x in mine["actions"]] == list(d.equities)
    for mine, p in zip(got["players"], a.players, strict=True):
        assert mine == json.loads(json.dumps(dataclasses.asdict(p)))


def test_an_action_is_named_alike_by_hint_analysis_engine_and_report() -> None:
    game = finished()
    a = analyze_game(game, settings=QUICK)
    report = a.report()
    moves = game.moves()
    unforced = [d for d in a.decisions if not d.forced]
    for d in a.decisions:
        assert d.played == action_name(moves[d.move_index])
        assert d.played in report and d.best in report
    for d in unforced[::6]:
        h = hint(game, move_index=d.move_index, settings=QUICK)
        assert h.best.action == d.best
        assert sorted(o.action for o in h.options) == sorted(d.actions)
        assert all(o.action == action_name(o.move) for o in h.options)
        assert h.why().startswith(f"{d.best}: ")
        assert f"Hint for seat {h.seat}: {d.best}" in hint_svg(h)
        query = {"id": 0, "record": game.to_record(), "decisions": [d.move_index]}
        (single,) = json.loads(answer({**query, **QUICK.to_dict()}))["decisions"]
        assert single["best"] == d.best and action_name(single["best_move"]) == d.best
        assert [x["action"] for x in single["actions"]] == [o.action for o in h.options]
    assert analysis_svg(a).count('class="summary"') == 2


def test_the_names_a_player_reads() -> None:
    assert action_name(cf.Move.discard("QC 9S")) == "discard 9S QC"
    assert action_name({"seat": 0, "move": "discard", "cards": "QC 9S"}) == "discard 9S QC"
    assert action_name({"move": "lay", "card": "10H"}) == "lay 10H"
    assert action_name(cf.Move.go()) == "go"
    assert action_name({"move": "count", "points": 12}) == "count 12"
    with pytest.raises(ValueError, match="card"):
        action_name({"move": "lay"})
    with pytest.raises(TypeError, match="move must be"):
        action_name("lay 5H")  # type: ignore[arg-type]


def test_the_batch_bar_is_the_packages_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """`analyze_games` shows its games on the package's one progress bar
    (`_util.progress`), and no other module draws a bar of its own."""
    import cribbage_fast.analysis.analyze as analyze_module
    from cribbage_fast._util import progress

    shown: list[tuple[Any, ...]] = []

    def bar(total: float | None, what: str | None, **options: Any) -> Any:
        shown.append((total, what, options))
        return progress.progress(total, what, **options)

    monkeypatch.setattr(analyze_module, "progress_bar", bar)
    analyze_games([finished()], settings=QUICK, progress=False)
    assert shown == [(1, "games analysed", {"enabled": False, "unit": "game"})]
    package = Path(cf.__file__).parent
    imports_tqdm = re.compile(r"^\s*(from|import) tqdm\b", re.MULTILINE)
    drawing = {
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if imports_tqdm.search(path.read_text(encoding="utf-8"))
    }
    assert drawing == {"_util/progress.py"}
