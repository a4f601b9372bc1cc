"""The command line: score, --crib, --json, bad input exits 2."""

import json

from click.testing import CliRunner

from cribbage_fast.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_score_prints_total_and_spoken_count() -> None:
    code, out, _ = run("score", "5H", "5D", "5C", "JS", "5S")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("29: fifteen two, fifteen four")
    assert first.endswith("and one for his nob is twenty-nine")
    assert "nobs JS for 1" in out


def test_score_accepts_one_quoted_argument() -> None:
    code, out, _ = run("score", "4S 5H 5D 6C KS")
    assert code == 0 and out.startswith("16: ")


def test_crib_flag() -> None:
    assert run("score", "2H", "4H", "6H", "8H", "KS")[1].startswith("4: ")
    assert run("score", "--crib", "2H", "4H", "6H", "8H", "KS")[1].startswith("0: ")


def test_json_output() -> None:
    code, out, _ = run("score", "--json", "4S", "5H", "5D", "6C", "KS")
    data = json.loads(out)
    assert code == 0 and data["total"] == 16 and data["runs"] == 6 and data["crib"] is False


def test_bad_input_exits_2_with_one_line() -> None:
    for args in (["5H", "5D", "5C", "JS", "5X"], ["5H", "5D", "5C", "JS"], ["5H"] * 5):
        code, out, err = run("score", *args)
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and err.startswith("cribbage-fast: error:")
