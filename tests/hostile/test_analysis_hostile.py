"""Game analysis and hints under hostile arguments and records (docs/errors.md,
"Arguments", "The notation"): every argument of any type is used or refused
with the parameter named, a record that holds one seat's view is analysed
and hinted from that seat only, and no JSON written holds NaN."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import records
from cribbage_fast.analysis.analyze import analyze_game, analyze_games
from cribbage_fast.analysis.engine import answer

QUICK = {"precision": 0.5, "budget": 1}


@cache
def finished() -> cf.Game:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return game


def _strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in JSON written by the package")

    return json.loads(text, parse_constant=refuse)


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.text(max_size=6),
    st.binary(max_size=3),
    st.lists(st.integers(-2, 3), max_size=3),
    st.sampled_from([10**400, "win", "points", "expert", "master", 0.0, b"\x00", [0.0], [True]]),
)
SETTINGS = ["objective", "policy", "precision", "budget", "seed", "seats", "threads"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SETTINGS), anything)
def test_every_analysis_setting_of_any_type_is_used_or_refused(name: str, value: object) -> None:
    try:
        a = analyze_game(finished(), **{**QUICK, name: value})
    except (TypeError, ValueError) as err:
        assert name in str(err) or "seat" in str(err), (name, value, err)
        return
    # Accepted: it was a value of the documented kind.
    if name == "seats" and value is not None:
        assert isinstance(value, list) and all(type(s) is int for s in value)
        assert a.seats == tuple(sorted(set(value)))  # type: ignore[arg-type]
    elif name in ("budget", "seed", "threads") and value is not None:
        assert type(value) is int
    elif name == "precision":
        assert type(value) in (int, float)
    else:
        assert value in ("win", "points", "expert", "master", None)
    _strict(a.to_json())


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(
        ["objective", "policy", "precision", "budget", "seed", "move_index", "seat", "view"]
    ),
    anything,
)
def test_every_hint_argument_of_any_type_is_used_or_refused(name: str, value: object) -> None:
    game = cf.Game.replay(finished().to_record())
    args: dict[str, Any] = {**QUICK, "move_index": 4, name: value}
    try:
        h = cf.hint(game, **args)
    except (TypeError, ValueError) as err:
        known = ("seat", "game is over", "supplies the deal")
        assert name.split("_")[0] in str(err) or any(k in str(err) for k in known), (name, err)
        return
    assert h.options and _strict(json.dumps(h.to_dict()))


@pytest.mark.parametrize(
    ("kwargs", "kind", "words"),
    [
        ({"seats": [0.0]}, TypeError, "seats"),
        ({"seats": b"\x00"}, TypeError, "seats"),
        ({"seats": "01"}, TypeError, "seats"),
        ({"precision": 10**400}, ValueError, "precision"),
        ({"objective": None}, TypeError, "objective"),
        ({"policy": 3}, TypeError, "policy"),
        ({"policy": "random"}, ValueError, "policy"),
    ],
)
def test_the_issues_analysis_arguments_are_refused(
    kwargs: dict[str, Any], kind: type[Exception], words: str
) -> None:
    with pytest.raises(kind, match=words):
        analyze_game(finished(), **{**QUICK, **kwargs})


def test_analyze_games_refuses_a_flag_that_is_not_one_before_any_work() -> None:
    for name in ("ray", "progress"):
        with pytest.raises(TypeError, match=name):
            analyze_games([finished()], **{name: "false"}, **QUICK)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="records must be a list"):
        analyze_games(records.write_text(finished()), **QUICK)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        analyze_games([finished()], seed=-1, **QUICK)


def test_a_notation_error_in_a_batch_names_the_game_and_keeps_its_kind() -> None:
    text = records.write_text(finished()).replace("\ncut ", "\ncut xx ", 1)
    with pytest.raises(records.NotationError, match="game 1: line"):
        analyze_games([finished(), text], progress=False, **QUICK)


@cache
def one_seat() -> tuple[str, dict[str, Any]]:
    """A text record of seat 0's view, and its JSON as convert writes it."""
    from click.testing import CliRunner

    from cribbage_fast.cli import main

    text = records.write_text(finished(), view=0)
    result = CliRunner().invoke(main, ["convert", "-", "-", "--to", "json"], input=text)
    return text, json.loads(result.output)


def test_a_one_seat_record_is_analysed_and_hinted_from_that_seat_only() -> None:
    text, record = one_seat()
    for held in (text, record, json.dumps(record)):
        a = analyze_game(held, **QUICK)
        assert a.seats == (0,) and {d.seat for d in a.decisions} == {0}
        assert "NaN" not in a.to_json() and _strict(a.to_json())
        with pytest.raises(ValueError, match="seat 0's view"):
            analyze_game(held, seats=[0, 1], **QUICK)
    other = next(
        i
        for i, m in enumerate(record["moves"])
        if m["seat"] == 1 and m["move"] in ("discard", "lay")
    )
    with pytest.raises(ValueError, match="only seat 0's view"):
        cf.hint(record, move_index=other, **QUICK)
    reply = _strict(answer({"id": 1, "record": record, "decisions": [other], **QUICK}))
    assert reply["status"] == "error" and "seat 0's view" in reply["error"]
    whole = _strict(answer({"id": 2, "record": record, "decisions": "game", **QUICK}))
    assert whole["status"] == "ok" and {d["seat"] for d in whole["decisions"]} == {0}
    with pytest.raises(ValueError, match="view"):
        analyze_game({**record, "view": 5}, **QUICK)


def test_no_hint_on_cards_that_were_never_dealt() -> None:
    """Before a supplied deal's first discard is a decision; before the move
    that supplies it there is none (the seed's cards were never dealt)."""
    game = cf.Game(2, seed=1, first_dealer=0)
    hands = ["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"]
    game.supply_deal(hands)
    with pytest.raises(ValueError, match="supplies the deal"):
        cf.hint(game, move_index=0, **QUICK)
    h = cf.hint(game, move_index=1, **QUICK)
    assert set(h.best.move["cards"].split()) <= set(hands[h.seat].split())


def test_analysis_json_on_the_command_line_has_no_nan(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from cribbage_fast.cli import main

    text, _ = one_seat()
    path = tmp_path / "seat0.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["analyze", str(path), "--json", "--budget", "1"])
    assert result.exit_code == 0, result.output
    assert _strict(result.output)["players"][1]["luck"] is None
