"""``cribbage-fast train`` through a pseudo-terminal: a session of puzzles, a
drill, the mistakes of a saved game asked again until solved, and a rating
file that survives Ctrl-C (docs/puzzles.md, "The trainer")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from cribbage_fast import Game, hint
from cribbage_fast.analysis.settings import Settings
from cribbage_fast.cli import main
from cribbage_fast.puzzles.puzzle import Puzzle, write_puzzles
from cribbage_fast.puzzles.trainer import mistakes_of, read_profile
from cribbage_fast.records import write_position

CLI = str(Path(sys.executable).with_name("cribbage-fast"))
BUDGET = 46
PROMPT = r"\(\? answer, p position, q quit\)"


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """Three first discards as puzzles, answered by a quick hint."""
    found = []
    for seed in (1, 2, 3):
        g = Game(2, seed=seed)
        h = hint(g, budget=BUDGET, seed=1)
        losses = {o.action: max(h.loss(o), 1e-6) for o in h.options if o is not h.best}
        found.append(Puzzle(write_position(g.position()), h.best.action, 0.5, losses))
    path = tmp_path_factory.mktemp("puzzles") / "p.jsonl.gz"
    write_puzzles(path, found, {"seed": 1})
    return path, {p.position: p.answer for p in found}


def _spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(CLI, ["train", *args], encoding="utf-8", timeout=120, dimensions=(50, 200))


def _position(child: pexpect.spawn) -> str:
    """Asks for the position's text at the prompt and reads it."""
    child.expect(PROMPT)
    child.sendline("p")
    child.expect(r"\r\n(\d+-\d+/121 [^\r\n]+)\r\n")
    return str(child.match.group(1))


def _cards(answer: str) -> str:
    return answer.split(" ", 1)[1]


def test_a_session_of_puzzles_rates_the_player(
    tmp_path: Path, puzzle_file: tuple[Path, dict[str, str]]
) -> None:
    path, answers = puzzle_file
    profile = tmp_path / "me.json"
    child = _spawn("--puzzles", str(path), "--profile", str(profile), "--count", "2", "--seed", "1")
    try:
        answer = answers[_position(child)]
        child.expect(PROMPT)
        child.sendline(_cards(answer))
        child.expect_exact(f"Right: {answer}.")
        child.expect(r"Your rating: 1500 -> (\d+)")
        assert int(child.match.group(1)) > 1500
        _position(child)
        child.expect(PROMPT)
        child.sendline("?")
        child.expect_exact("The answer:")
        child.expect_exact("This session: 1 of 2 right.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    saved = read_profile(profile)
    assert (saved.attempts, saved.solved, len(saved.seen)) == (2, 1, 1)


def test_a_discard_drill_is_judged_by_the_hint(tmp_path: Path) -> None:
    profile = tmp_path / "me.json"
    child = _spawn("discard", "--count", "1", "--budget", str(BUDGET), "--seed", "3",
                   "--profile", str(profile))  # fmt: skip
    try:
        child.expect(PROMPT)
        child.sendline("5h")  # not held, or one card only: asked again
        child.expect(r"Try again\.")
        child.expect(PROMPT)
        child.sendline("1 2")
        child.expect(r"Yours, discard \S+ \S+: ")
        child.expect_exact("Best: ")
        child.expect_exact("The discard drill so far:")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert read_profile(profile).drills["discard"][0] == 1


def test_the_mistakes_of_a_saved_game_come_back_until_solved(tmp_path: Path) -> None:
    game = Game(2, seed=5)
    game.play(["random", "expert"])
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(game.to_record()))
    answers = {p.position: p.answer for p in mistakes_of(game, 0, Settings(budget=BUDGET))}
    assert len(answers) >= 2
    profile = tmp_path / "me.json"
    common = ["--budget", str(BUDGET), "--profile", str(profile), "--seed", "1"]
    child = _spawn("mistakes", str(saved), "--count", "2", *common)
    try:
        child.expect_exact(f"{len(answers)} of your mistakes to solve.")
        child.sendline("?")  # the first: not solved, so it stays
        child.expect_exact("The answer:")
        answer = answers[_position(child)]
        child.expect(PROMPT)
        child.sendline(_cards(answer))
        child.expect_exact(f"Right: {answer}.")
        child.expect_exact(f"{len(answers) - 1} of your mistakes wait to be solved.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    left = read_profile(profile).mistakes
    assert len(left) == len(answers) - 1
    # Next time, without the game: the mistake not solved is asked again.
    child = _spawn("mistakes", "--count", "1", *common)
    try:
        assert _position(child) in {p.position for p in left}
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()


def test_ctrl_c_keeps_the_rating_file(
    tmp_path: Path, puzzle_file: tuple[Path, dict[str, str]]
) -> None:
    path, answers = puzzle_file
    profile = tmp_path / "me.json"
    child = _spawn("--puzzles", str(path), "--profile", str(profile), "--count", "3")
    try:
        answer = answers[_position(child)]
        child.expect(PROMPT)
        child.sendline(_cards(answer))
        child.expect_exact(f"Right: {answer}.")
        child.expect(PROMPT)  # the program waits for the second answer
        child.sendintr()
        child.expect_exact("This session: 1 of 1 right.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    kept = read_profile(profile)
    assert (kept.attempts, kept.solved) == (1, 1)
    assert [p.name for p in tmp_path.iterdir()] == ["me.json"]


def test_bad_arguments_are_one_line_with_status_2(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    cases = [
        (["train", "--profile", str(bad), "--count", "1"], "bad.json, line 1"),
        (["train", "discard", str(bad)], "mistakes mode"),
        (["train", "--theme", "nobs"], "nobs"),
        (["train", "--count", "0"], "--count"),
        (["train", "mistakes", str(bad), "--profile", str(bad)], "bad.json"),
    ]
    for args, named in cases:
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        assert named in result.output
