"""``cribbage-fast convert`` between the text notation and JSON, and
``cribbage-fast analyze`` of a text record (docs/notation.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.test_cli import run

from cribbage_fast import Game, Player
from cribbage_fast.records import write_text

REAL = Path(__file__).resolve().parents[1] / "data" / "notation" / "real_game.txt"


@pytest.fixture
def game() -> Game:
    g = Game(3, seed=4, muggins=True)
    g.play([Player(), Player(), Player()])
    return g


def test_json_to_text_and_back(tmp_path: Path, game: Game) -> None:
    source = tmp_path / "game.json"
    source.write_text(json.dumps(game.to_record()))
    code, out, err = run("convert", str(source), str(tmp_path / "game.txt"))
    assert (code, out, err) == (0, "", f"wrote the record as text to {tmp_path / 'game.txt'}\n")
    text = (tmp_path / "game.txt").read_text()
    assert text == write_text(game)
    code, _, _ = run("convert", str(tmp_path / "game.txt"), str(tmp_path / "back.json"))
    assert code == 0
    assert (tmp_path / "back.json").read_text() == json.dumps(game.to_record()) + "\n"


def test_stdout_and_the_form_options(tmp_path: Path, game: Game) -> None:
    source = tmp_path / "game.json"
    source.write_text(json.dumps(game.to_record()))
    code, out, _ = run("convert", str(source), "-")
    assert code == 0 and out == write_text(game)
    code, out, _ = run("convert", str(source), "-", "--view", "1")
    assert code == 0 and '[View "1"]' in out and "xx" in out
    code, out, _ = run("convert", str(source), "-", "--to", "json")
    assert code == 0 and out == json.dumps(game.to_record()) + "\n"


def test_a_view_text_keeps_what_was_filled(tmp_path: Path) -> None:
    code, out, _ = run("convert", str(REAL), "-", "--to", "json")
    assert code == 0
    record = json.loads(out)
    assert record["view"] == 0 and record["filled"] and record["tags"]["Player0"] == "Ann"
    assert Game.replay(record).winner == 0
    (tmp_path / "real.json").write_text(out)
    code, text, _ = run("convert", str(tmp_path / "real.json"), "-")
    assert code == 0 and '[View "0"]' in text and "discard 1 xx xx" in text
    assert '[Event "Tuesday club night"]' in text and "?!" in text


def test_analyze_reads_a_text_record_from_its_view() -> None:
    code, out, _ = run("analyze", str(REAL), "--budget", "8", "--precision", "0.05")
    assert code == 0
    # The Player tags name the seats in the report.
    assert "Only Ann's decisions" in out and "Bob discard" not in out and "Ann discard" in out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("deal 1 dealer 0\n", "line 1, column 1"),
        ('[NumPlayers "2"]\n[Seed "1"]\n[Result "0 121-3"]\n', "line 3"),
        ('{"num_players": 2', "JSON"),
        ("[1, 2]", "line 1"),
    ],
)
def test_bad_records_exit_2_with_one_line(tmp_path: Path, content: str, words: str) -> None:
    source = tmp_path / "bad.txt"
    source.write_text(content)
    code, out, err = run("convert", str(source), str(tmp_path / "out.json"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cribbage-fast: error: ") and words in err


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("convert", str(tmp_path / "none.txt"), "-")
    assert code == 2 and "none.txt" in err
