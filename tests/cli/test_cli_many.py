"""The command line's edges: `score` of many hands (arguments or one a line of
standard input, ``--json`` lines), a line on stderr for every file written,
hints that name the option missing, and Python players as MODULE:CLASS for
`simulate` and `play`."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast.cli import main

FIVES = "5H 5D 5C JS 5S"
SIXTEEN = "4S 5H 5D 6C KS"


def run(*args: str | Path, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def assert_one_line_error(result: Result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cribbage-fast: error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_score_takes_a_hand_an_argument_or_single_cards_five_at_a_time() -> None:
    for args in ([FIVES, SIXTEEN], [*FIVES.split(), *SIXTEEN.split()]):
        result = run("score", *args)
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert [line.split("  ")[0] for line in lines] == [FIVES, SIXTEEN]
        assert lines[0].split("  ")[1].startswith("29: ") and " 16: " in f" {lines[1]}"


def test_score_json_is_one_object_a_line() -> None:
    result = run("score", "--json", FIVES, SIXTEEN)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["hand"], r["starter"], r["total"]) for r in rows] == [
        ("5H 5D 5C JS", "5S", 29),
        ("4S 5H 5D 6C", "KS", 16),
    ]


def test_score_reads_one_hand_a_line_of_stdin() -> None:
    text = f"\ufeff{FIVES}\n\n  {SIXTEEN}\r\n"
    result = run("score", "--json", "--crib", stdin=text.encode())
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["total"] for r in rows] == [29, 16] and all(r["crib"] for r in rows)
    one = run("score", stdin=f"{FIVES}\n".encode())
    assert one.stdout.startswith("29: ") and "nobs JS for 1" in one.stdout


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (f"{FIVES}\n4S 5H 5D 6C\n", ["line 2", "holds 4 cards"]),
        (f"{FIVES}\n\n5H 5X 5C JS 5S\n", ["line 3", "5X"]),
        ("5H 5H 5C JS 5S\n", ["line 1", "5H"]),
        (b"5H 5D 5C JS \xff5S\n", ["line 1", "UTF-8"]),
    ],
)
def test_a_bad_line_of_stdin_is_one_line_naming_it(text: str | bytes, words: list[str]) -> None:
    data = text if isinstance(text, bytes) else text.encode()
    assert_one_line_error(run("score", stdin=data), *words)


def test_bad_arguments_are_refused_before_any_line_is_printed() -> None:
    result = run("score", FIVES, "4S 5H 5D 6C")
    assert_one_line_error(result, "'4S 5H 5D 6C'", "holds 4 cards")
    assert result.stdout == ""
    assert_one_line_error(run("score", *FIVES.split(), "4S"), "got 6 cards")
    assert_one_line_error(run("score", FIVES, "5H 5H 5C JS 5S"), "hand 2")


@given(st.lists(st.text(alphabet="5HDCSJQK1023 ,\t♥x\ufeff", max_size=20), max_size=6))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_lines_on_stdin_are_scored_or_refused_in_one_line(lines: list[str]) -> None:
    data = "\n".join(lines).encode()
    result = run("score", "--json", stdin=data)
    if result.exit_code == 0:
        shown = [json.loads(line) for line in result.stdout.splitlines()]
        wanted = [line for line in data.decode().splitlines() if line.strip()]
        assert len(shown) == len(wanted)
        for row, line in zip(shown, wanted, strict=True):
            cards = cf.cards(line)
            assert row["total"] == cf.score_hand(cards[:4], cards[4])
    else:
        assert_one_line_error(result, "line ")


def test_file_options_without_file_and_json_with_file_are_refused(tmp_path: Path) -> None:
    assert_one_line_error(run("score", "--out", tmp_path / "o.csv", FIVES), "--out", "--file")
    hands = tmp_path / "h.csv"
    hands.write_text(f"hand\n{FIVES}\n")
    result = run("score", "--file", hands, "--hand", "hand", "--out", tmp_path / "o.csv", "--json")
    assert_one_line_error(result, "--json")


def test_the_hint_names_the_missing_option(tmp_path: Path) -> None:
    hands = tmp_path / "hands.csv"
    hands.write_text("hand,starter\n5H 5D 5C JS,5S\n")
    out = tmp_path / "o.csv"
    line = assert_one_line_error(run("score", "--file", hands, "--hand", "hand", "--out", out))
    assert "--starter COLUMN" in line and "--skip-bad" not in line
    five = tmp_path / "five.csv"
    five.write_text(f"hand,starter\n{FIVES},5S\n")
    args = ["score", "--file", five, "--hand", "hand", "--starter", "starter", "--out", out]
    line = assert_one_line_error(run(*args))
    assert "leave out --starter" in line and "--skip-bad" not in line
    line = assert_one_line_error(run("score", "--file", hands, "--hand", "hand"), "--out")
    assert "--hand" not in line.split("needs")[1]
    line = assert_one_line_error(run("score", "--file", hands, "--out", out), "--hand")
    assert "--out" not in line.split("needs")[1]
    bad = tmp_path / "bad.csv"
    bad.write_text("hand\n5H 5X 5C JS 5S\n")
    assert_one_line_error(run("score", "--file", bad, "--hand", "hand", "--out", out), "--skip-bad")
    assert not out.exists()


def test_every_file_written_is_said_on_stderr(tmp_path: Path) -> None:
    hands = tmp_path / "hands.csv"
    hands.write_text(f"hand\n{FIVES}\n{SIXTEEN}\n")
    out = tmp_path / "scored.csv"
    result = run("score", "--file", hands, "--hand", "hand", "--out", out)
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.splitlines() == [f"wrote 2 rows with their scores to {out}"]
    game = cf.Game(2, seed=3)
    while not game.is_over:
        game.step(cf.GreedyPlayer())
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.to_record()))
    text = tmp_path / "game.txt"
    result = run("convert", record, text)
    assert (result.stdout, result.stderr) == ("", f"wrote the record as text to {text}\n")
    result = run("convert", text, tmp_path / "back.json")
    assert result.stderr == f"wrote the record as JSON to {tmp_path / 'back.json'}\n"


PLAYERS = '''
from cribbage_fast import Player


class Careful(Player):
    """Plays like the base player."""


class NeedsArguments(Player):
    def __init__(self, depth):
        super().__init__()


player = Careful()
number = 3
'''


@pytest.fixture
def players_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of players in the current directory, named for this test."""
    name = f"players_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(PLAYERS)
    (tmp_path / f"{name}_broken.py").write_text("raise RuntimeError('boom')\n")
    monkeypatch.chdir(tmp_path)
    return name


def test_simulate_plays_a_python_player_named_module_class(players_module: str) -> None:
    for spec in (f"{players_module}:Careful", f"{players_module}:player"):
        result = run("simulate", spec, "greedy", "--games", "6", "--json")
        assert result.exit_code == 0, result.output
        stats = json.loads(result.stdout)
        assert stats["games"] == 6 and sum(stats["wins"]) == 6
    direct = cf.simulate(cf.Player(), "greedy", games=6)
    result = run("simulate", f"{players_module}:Careful", "greedy", "--games", "6", "--json")
    assert json.loads(result.stdout)["wins"] == list(direct.wins)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("{m}:Nope", ["has no 'Nope'"]),
        ("{m}:NeedsArguments", ["NeedsArguments()", "no arguments"]),
        ("{m}:number", ["not a player", "discard or play"]),
        ("{m}_broken:Careful", ["RuntimeError", "boom"]),
        ("no_such_module_here:Careful", ["cannot import", "no_such_module_here"]),
        ("{m}:", ["MODULE:CLASS"]),
        (":Careful", ["MODULE:CLASS"]),
        ("smart", ["'smart'", "MODULE:CLASS"]),
    ],
)
def test_a_bad_player_spec_is_one_line(players_module: str, spec: str, words: list[str]) -> None:
    spec = spec.format(m=players_module)
    assert_one_line_error(run("simulate", spec, "greedy", "--games", "2"), *words)
    assert_one_line_error(run("play", "--bot", spec), *words)


def test_play_takes_a_python_opponent(players_module: str) -> None:
    result = run("play", "--bot", f"{players_module}:Careful", "--seed", "1", stdin=b"q\n")
    assert result.exit_code == 0, result.output
    assert "against the Careful bot" in result.stdout and "Goodbye" in result.stdout


def test_ray_refuses_a_python_player(players_module: str) -> None:
    pytest.importorskip("ray")
    line = assert_one_line_error(run("simulate", f"{players_module}:Careful", "greedy", "--ray"))
    assert "built-in bots only" in line


NAME = st.text(alphabet=string.ascii_letters + string.digits + "_.-/ :\\\x00é", max_size=24)


@given(attribute=NAME, tail=NAME)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_spec_for_a_missing_module_or_any_text_is_one_line(attribute: str, tail: str) -> None:
    """Specs of a module that is nowhere, and text that is no spec: one line,
    status 2 (module names are kept to ones that cannot exist, so no real
    module's import runs)."""
    tail = tail.replace(":", "")
    for spec in (f"no_such_module_{tail}:{attribute}", tail):
        if spec.strip().lower() in cf._core.OPPONENTS:
            continue
        result = run("simulate", "--games", "1", "--", spec, "greedy")
        assert_one_line_error(result, "Invalid value for 'A'")
