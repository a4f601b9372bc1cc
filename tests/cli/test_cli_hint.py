"""``cribbage-fast hint POSITION`` (docs/cli.md) and the position key of the
terminal game (``p`` at any prompt)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cribbage_fast import hint
from cribbage_fast.cli import main
from cribbage_fast.records import parse_position

TEXT = "0-0/121 d1 v1 m1 play 5C,5H,6D,JS QH,KD 7C 10S 10"
QUICK = ["--budget", "64", "--precision", "0.05", "--seed", "3"]


def test_the_hint_of_a_position_is_printed_as_the_library_gives_it() -> None:
    result = CliRunner().invoke(main, ["hint", TEXT, *QUICK, "--top", "3"])
    assert result.exit_code == 0, result.output
    expected = hint(TEXT, budget=64, precision=0.05, seed=3)
    assert result.output == expected.text(top=3) + "\n"
    as_json = CliRunner().invoke(main, ["hint", TEXT, *QUICK, "--json"])
    assert json.loads(as_json.output) == json.loads(json.dumps(expected.to_dict()))


def test_a_bad_position_is_one_line_naming_the_place_with_status_2() -> None:
    for text, place in (
        ("0-0/121 d1 v1 m1 play 5C,5H,6D,JS QH,KD 7C 10S 12", "count (column 48)"),
        ("0-0/121 d1 v1 m1 play 5C,5H,6D,ZZ QH,KD 7C 10S 10", "hand (column 32)"),
        ("hello", "text (column 6)"),
        ("0-0/121 d1 v0 m1 play 5C,5H,6D,JS QH,KD 7C 10S 10", "to move"),
    ):
        result = CliRunner().invoke(main, ["hint", text, *QUICK])
        assert result.exit_code == 2, (text, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("cribbage-fast: error: "), result.output
        assert place in lines[0], (text, lines[0])


def test_p_at_a_prompt_prints_the_position_to_paste_elsewhere() -> None:
    result = CliRunner().invoke(
        main, ["play", "--bot", "random", "--seed", "5"], input="p\nposition\nq\n"
    )
    assert result.exit_code == 0, result.output
    shown = [
        line.removeprefix("Position: ")
        for line in result.output.splitlines()
        if line.startswith("Position: ")
    ]
    assert len(shown) == 2 and shown[0] == shown[1]
    position = parse_position(shown[0])
    assert position.seat == 0 and position.phase == "discard" and len(position.hand) == 6
    pasted = CliRunner().invoke(main, ["hint", shown[0], *QUICK])
    assert pasted.exit_code == 0 and pasted.output.startswith("Hint: discard "), pasted.output
