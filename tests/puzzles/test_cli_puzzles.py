"""``cribbage-fast puzzles``: build a small set, show it, refuse bad input."""

from __future__ import annotations

import gzip
import sys
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from cribbage_fast.cli import main
from cribbage_fast.puzzles.puzzle import read_puzzles

CLI = str(Path(sys.executable).with_name("cribbage-fast"))


def test_build_writes_a_rated_set_and_show_prints_it(tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl.gz"
    runner = CliRunner()
    args = ["puzzles", "build", "--count", "2", "--seed", "3", "--workers", "1", "--out", str(out)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    found = read_puzzles(out)
    assert len(found.puzzles) == 2 and found.header["seed"] == 3
    assert found.header["method"]["mining"]["margin"] == 0.05
    assert "wrote 2 puzzles" in result.output and "band" in result.output
    shown = runner.invoke(main, ["puzzles", "show", "--file", str(out), "--top", "1"])
    assert shown.exit_code == 0 and found.puzzles[0].position in shown.output


def test_build_extends_a_set_and_refuses_to_write_over_it(tmp_path: Path) -> None:
    first, more = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    runner = CliRunner()
    base = ["puzzles", "build", "--seed", "3", "--workers", "1"]
    assert runner.invoke(main, [*base, "--count", "1", "--out", str(first)]).exit_code == 0
    args = [*base, "--count", "2", "--extend", str(first), "--out", str(more)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    start, extended = read_puzzles(first), read_puzzles(more)
    assert extended.puzzles[0].position == start.puzzles[0].position
    assert len(extended.puzzles) == 2 and extended.header["extended"] == 1
    before = first.read_bytes()
    args = [*base, "--count", "2", "--extend", str(first), "--out", str(first)]
    result = runner.invoke(main, args)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "also an input" in result.output and first.read_bytes() == before
    other = ["puzzles", "build", "--seed", "4", "--count", "2", "--extend", str(first)]
    result = runner.invoke(main, [*other, "--out", str(more)])
    assert result.exit_code == 2 and "another seed" in result.output


def test_a_bad_puzzle_file_is_one_line_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl.gz"
    bad.write_bytes(gzip.compress(b'{"format": "cribbage-fast-puzzles/1"}\n{"x": 1}\n'))
    result = CliRunner().invoke(main, ["puzzles", "show", "--file", str(bad)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "line 2:" in result.output


def test_bad_options_are_refused() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["puzzles", "build", "--count", "0", "--out", "x.jsonl.gz"])
    assert result.exit_code == 2 and "--count" in result.output
    result = runner.invoke(main, ["puzzles", "build", "--count", "1", "--out", "x.txt"])
    assert result.exit_code == 2 and ".gz" in result.output
    result = runner.invoke(main, ["puzzles", "show", "--theme", "nobs"])
    assert result.exit_code == 2 and "nobs" in result.output


def test_ctrl_c_stops_the_build_and_writes_nothing(
    tmp_path: Path, ctrl_c_at_a_terminal: Callable[..., tuple[int, str]]
) -> None:
    """A real Ctrl-C typed at a terminal once the progress bar shows."""
    out = tmp_path / "p.jsonl.gz"
    args = [CLI, "puzzles", "build", "--count", "100000", "--workers", "2", "--out", str(out)]
    status, output = ctrl_c_at_a_terminal(args, "puzzles mined")
    assert status == 130, output
    assert "interrupted" in output and "Traceback" not in output
    assert list(tmp_path.iterdir()) == []
