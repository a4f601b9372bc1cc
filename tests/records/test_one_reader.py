"""The record's one home (docs/notation.md): `records.read` is the one reader
of a record, its one rule for a ``str``, and every entry point reading the
same inputs the same way (`hint`, `analyze_game`, the engine, the command
line); round trips; hostile inputs of every kind."""

from __future__ import annotations

import ast
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast.analysis import analyze_game, hint
from cribbage_fast.analysis.engine import answer
from cribbage_fast.cli import main
from cribbage_fast.exceptions import NotationError
from cribbage_fast.records import GameRecord, is_json, load, read, read_all, write_text

QUICK: dict[str, Any] = {"precision": 0.5, "budget": 1, "seed": 3}


@cache
def finished() -> cf.Game:
    game = cf.Game(2, seed=3, names=["Ann", "Bob"])
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return game


def forms(game: cf.Game) -> dict[str, Any]:
    """One record in every form a user may hold it in."""
    text = write_text(game)
    dumped = json.dumps(game.to_record())
    return {
        "game": game,
        "dict": game.to_record(),
        "json": dumped,
        "json bytes": dumped.encode(),
        "text": text,
        "text bytes": text.encode(),
        "record": read(text),
    }


# ---------------------------------------------------------------- the rule


def test_the_rule_for_a_str_is_its_first_character() -> None:
    game = finished()
    dumped = json.dumps(game.to_record())
    text = write_text(game)
    for padded in (dumped, " \n\t" + dumped, "\ufeff" + dumped, "\r\n" + dumped):
        assert is_json(padded) and load(padded) == game
    for padded in (text, "\n\n" + text, "\ufeff" + text, "# a comment { not JSON\n" + text):
        assert not is_json(padded) and load(padded) == game
    # Text that is neither is read by the rule: JSON errors for "{", the
    # notation's (a line and a column) for anything else.
    with pytest.raises(ValueError, match="the record is not JSON"):
        read("{not json")
    with pytest.raises(NotationError, match="line 1, column 1"):
        read('["not", "a record"]')


def test_types_are_explicit() -> None:
    with pytest.raises(TypeError, match="not a path"):
        read(Path("game.json"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bare core Game"):
        read(cf._core.Game(2, seed=1))  # type: ignore[arg-type]
    for bad in (None, 3, 2.5, ["x"], ("x",), object()):
        with pytest.raises(TypeError, match="a game record is"):
            read(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not UTF-8"):
        read(b"\xff\xfe{")
    game = finished()
    assert read(game).game is game and read(read(game)) == read(game)


# ---------------------------------------------------------------- every entry point


def test_hint_reads_every_form_the_same_way() -> None:
    game = cf.Game(2, seed=7)
    game.discard(game.hand(0)[:2])
    answers = {name: hint(form, budget=46, seed=1) for name, form in forms(game).items()}
    assert len({repr(a) for a in answers.values()}) == 1, answers


def test_analyze_game_reads_every_form_the_same_way() -> None:
    answers = {name: analyze_game(form, **QUICK) for name, form in forms(finished()).items()}
    first = answers["game"]
    assert all(a == first for a in answers.values())
    assert first.names == ("Ann", "Bob")


def test_the_engine_reads_every_form_the_same_way() -> None:
    game = finished()
    settings = {"budget": 1, "precision": 0.5, "seed": 3}
    by_form = {
        name: answer({"id": 1, "record": form, "decisions": [3, 10], **settings})
        for name, form in forms(game).items()
        if name in ("dict", "json", "text")
    }
    assert len(set(by_form.values())) == 1 and '"status":"ok"' in by_form["text"]
    whole = answer({"id": 1, "record": write_text(game), "decisions": "game", **settings})
    assert whole == answer({"id": 1, "record": game.to_record(), "decisions": "game", **settings})


def test_the_engine_replays_a_text_query_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage_fast.records import record as record_module

    calls = {"text": 0, "dict": 0}
    replay_text = record_module.replay
    replay_dict = cf.Game.replay.__func__  # type: ignore[attr-defined]

    def counted_text(*args: Any) -> Any:
        calls["text"] += 1
        return replay_text(*args)

    def counted_dict(cls: type, record: Any) -> Any:
        calls["dict"] += 1
        return replay_dict(cls, record)

    monkeypatch.setattr(record_module, "replay", counted_text)
    monkeypatch.setattr(cf.Game, "replay", classmethod(counted_dict))
    text = write_text(finished())
    for decisions in ("game", [3]):
        calls.update(text=0, dict=0)
        reply = json.loads(answer({"id": 1, "record": text, "decisions": decisions, **QUICK}))
        assert reply["status"] == "ok" and calls == {"text": 1, "dict": 0}
    calls.update(text=0, dict=0)
    answer({"id": 1, "record": finished().to_record(), "decisions": "game", **QUICK})
    assert calls == {"text": 0, "dict": 1}


def run(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_command_line_reads_every_form_the_same_way(tmp_path: Path) -> None:
    game = finished()
    files = {
        "game.json": json.dumps(game.to_record()),
        "game.txt": write_text(game),
        "games.jsonl": json.dumps(game.to_record()) + "\n" + json.dumps(game.to_record()),
        "games.json": json.dumps([game.to_record(), game.to_record()]),
    }
    outs = {}
    for name, content in files.items():
        (tmp_path / name).write_text(content)
        code, out, err = run("analyze", str(tmp_path / name), "--budget", "1", "--precision", "0.5")
        assert code == 0, err
        outs[name] = out
    assert outs["game.json"] == outs["game.txt"]
    assert outs["games.jsonl"] == outs["games.json"]  # game i of a batch: game_seed(seed, i)
    assert outs["games.json"].startswith(outs["game.json"].split("\n\n")[0])
    direct = analyze_game(game, precision=0.5, budget=1).report()
    assert outs["game.txt"].strip() == direct.strip()


def test_a_bad_record_in_a_file_is_named_by_its_place(tmp_path: Path) -> None:
    good = json.dumps(finished().to_record())
    bad = json.loads(good)
    bad["moves"][3] = {"seat": 0, "move": "lay", "card": "AS"}
    path = tmp_path / "games.jsonl"
    path.write_text(good + "\n" + json.dumps(bad) + "\n")
    code, _, err = run("analyze", str(path))
    assert code == 2 and f"line 2 of {path}: move 3" in err and err.count("\n") == 1
    with pytest.raises(ValueError, match="record 1 of the text: move 3"):
        read_all(json.dumps([json.loads(good), bad]))
    with pytest.raises(TypeError, match="record 1 of the text: a game record is a JSON object"):
        read_all(json.dumps([json.loads(good), 7]))


# ---------------------------------------------------------------- round trips


@settings(max_examples=30)
@given(st.integers(0, 2**64 - 1), st.integers(0, 1), st.booleans())
def test_round_trips(seed: int, view: int, muggins: bool) -> None:
    game = cf.Game(2, seed=seed, muggins=muggins)
    game.playout(seed=seed % 1000)
    assert load(write_text(game)) == game
    assert load(game.to_record()) == game == load(json.dumps(game.to_record()))
    seen = read(write_text(game, view=view, tags={"Event": "Club"}, marks={1: "?!"}))
    # The view's record supplies each deal: the mark is on the move one later.
    assert seen.view == view and seen.tags["Event"] == "Club" and seen.marks == {2: "?!"}
    assert seen.game.scores == game.scores and seen.game.winner == game.winner
    again = read(json.dumps(seen.to_dict()))
    assert (again.game, again.view, again.marks) == (seen.game, seen.view, seen.marks)
    assert again.tags == {"Event": "Club"}
    assert write_text(again) == write_text(seen)


def test_write_text_keeps_a_records_tags_marks_and_view() -> None:
    text = write_text(finished(), tags={"Event": "Club"}, view=0, marks={2: "??"})
    assert write_text(text) == text == write_text(read(text))
    with pytest.raises(ValueError, match="holds only seat 0's view"):
        write_text(text, view=1)
    assert '[Event "Other"]' in write_text(text, tags={"Event": "Other"})


def test_games_are_told_apart_in_one_place() -> None:
    game = finished()
    assert game == game.clone() == cf.Game.replay(game.to_record())
    other = game.clone()
    other.names = ["Ann", "Cy"]
    assert other != game and cf.Game(2, seed=3) != game and game != "a game"
    loose = cf.Game(2, seed=3, record=False)
    assert loose == loose and loose != cf.Game(2, seed=3, record=False)
    with pytest.raises(TypeError):
        hash(game)


def test_the_result_calls_its_record_record() -> None:
    result = cf.Game(2, seed=1).play([cf.Player(), cf.Player()])
    assert load(result.record).scores == list(result.scores)
    assert not hasattr(result, "log")


def test_game_knows_no_notation_and_the_parser_keeps_its_internals() -> None:
    from cribbage_fast.records.notation import grammar

    assert not hasattr(cf.Game, "to_text") and not hasattr(cf.Game, "from_text")
    for name in ("Token", "Deal", "Parsed", "integer", "card_of"):
        assert not hasattr(grammar, name)
    # games/ imports nothing of records, not even inside a function.
    for path in (Path(cf.__file__).parent / "games").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert "records" not in (node.module or "").split("."), (path, node.lineno)
                assert all(alias.name != "records" for alias in node.names), path
            elif isinstance(node, ast.Import):
                assert all("records" not in a.name.split(".") for a in node.names), path


# ---------------------------------------------------------------- hostile input


def _refused_or_sound(value: Any) -> None:
    """`read` refuses `value` with a clear error, or reads a game that is
    what its record says (written and read again, the same game)."""
    try:
        got = read(value)
    except NotationError as err:
        assert err.line is not None and err.line >= 1 and err.reason
        return
    except (TypeError, ValueError) as err:
        assert str(err)
        return
    assert isinstance(got, GameRecord)
    assert load(got.game.to_record()) == got.game


@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    _refused_or_sound(text)


@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    _refused_or_sound(data)


@cache
def valid_texts() -> tuple[str, str]:
    game = finished()
    return write_text(game), json.dumps(game.to_record())


@settings(max_examples=100)
@given(st.integers(0, 1), st.data())
def test_truncated_and_mutated_records(which: int, data: st.DataObject) -> None:
    text = valid_texts()[which]
    cut = data.draw(st.integers(0, len(text)))
    _refused_or_sound(text[:cut])
    at = data.draw(st.integers(0, len(text) - 1))
    size = data.draw(st.integers(0, 8))
    patch = data.draw(st.text(alphabet='0123456789 xX:{}[]",-.\n#?!AKQJHDCS', max_size=8))
    _refused_or_sound(text[:at] + patch + text[at + size :])


def test_a_notation_error_names_the_line() -> None:
    text = valid_texts()[0]
    lines = text.splitlines()
    deal = next(i for i, line in enumerate(lines) if line.startswith("play "))
    lines[deal] = lines[deal] + " 0:ZZ"
    with pytest.raises(NotationError) as info:
        read("\n".join(lines))
    assert info.value.line == deal + 1 and "ZZ" in str(info.value)


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        _nested,
        max_leaves=20,
    )
)
def test_wrong_types_and_shapes(value: Any) -> None:
    _refused_or_sound(value)
    if isinstance(value, dict):
        _refused_or_sound(json.dumps(value))


@pytest.mark.parametrize(
    "change",
    [
        {"num_players": 10**400},
        {"seed": 2**64},
        {"seed": -1},
        {"target": 1e308},
        {"muggins": "yes"},
        {"moves": [{"seat": 10**30, "move": "discard", "cards": "AS 2S"}]},
        {"moves": "all"},
        {"names": ["x" * 10_000, None]},
        {"view": 2},
        {"view": True},
        {"tags": {"Event": 'say "hi"'}},
        {"tags": {"Seed": "3"}},
        {"tags": []},
        {"marks": {"0": "?!?"}},
        {"marks": {"-1": "?"}},
        {"marks": {"9" * 400: "?"}},
        {"marks": {"1": 5}},
    ],
)
def test_hostile_fields(change: dict[str, Any]) -> None:
    record = {**finished().to_record(), **change}
    for form in (record, json.dumps(record) if "1e308" not in str(change) else record):
        with pytest.raises((TypeError, ValueError)):
            read(form)


def test_huge_numbers_and_deep_nesting_in_json() -> None:
    base = json.dumps(finished().to_record())
    for text in (
        base.replace('"seed": 3', '"seed": ' + "9" * 5000),
        base.replace('"seed": 3', '"seed": 1e999'),
        "{" + '"a": {' * 100_000 + "}" * 100_001,
        '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ):
        with pytest.raises(ValueError):
            read(text)
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(10_000):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(ValueError):
        read({**finished().to_record(), "extra": deep})


def test_huge_numbers_in_text() -> None:
    text = valid_texts()[0]
    for old, new in (
        ("deal 1 ", "deal " + "9" * 400 + " "),
        ('[Seed "3"]', '[Seed "' + "9" * 400 + '"]'),
    ):
        assert old in text
        with pytest.raises(NotationError):
            read(text.replace(old, new, 1))
    with pytest.raises(ValueError, match="seed"):
        read(text, seed=2**64)
