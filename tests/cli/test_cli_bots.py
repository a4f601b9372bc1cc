"""The ``cribbage-fast simulate`` and ``cribbage-fast play`` commands."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner

from cribbage_fast import Game
from cribbage_fast.cli import main


def test_simulate_prints_a_summary_table() -> None:
    result = CliRunner().invoke(main, ["simulate", "greedy", "random", "--games", "500"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("greedy vs random: 500 games (seed 0)")
    assert lines[1].split()[:4] == ["player", "wins", "rate", "95%"]
    assert lines[2].startswith("greedy") and lines[3].startswith("random")
    wins = [int(line.split()[1].replace(",", "")) for line in lines[2:4]]
    assert sum(wins) == 500


def test_simulate_json_is_reproducible_and_thread_independent() -> None:
    runner = CliRunner()
    args = ["simulate", "EXPERT", "greedy", "--games", "60", "--seed", "3", "--json"]
    one = runner.invoke(main, [*args, "--threads", "1"])
    two = runner.invoke(main, [*args, "--threads", "2"])
    assert one.exit_code == two.exit_code == 0
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert a == b and a["games"] == 60 and a["players"] == ["expert", "greedy"]


def test_simulate_rejects_bad_input() -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["simulate", "smart", "greedy"]).exit_code == 2
    assert runner.invoke(main, ["simulate", "random", "greedy", "--games", "0"]).exit_code == 2
    assert runner.invoke(main, ["simulate", "random", "greedy", "--threads", "0"]).exit_code == 2


def first_option_answers(seed: int) -> str:
    """Input for a whole game against the random bot: always the first menu
    entries ("1 2" to discard, "1" to lay), replayed on a mirror game to know
    how many prompts there will be."""
    return mirror_game(seed)[0]


def mirror_game(seed: int) -> tuple[str, Game]:
    """The answers of `first_option_answers` and the finished game they play."""
    from cribbage_fast import RandomPlayer

    game = Game(num_players=2, seed=seed)
    bot = RandomPlayer(seed=seed)
    lines: list[str] = []
    while not game.is_over:
        if game.to_move == 1:
            game.step(bot)
        elif game.phase == "discard":
            hand = game.hand(0)
            lines.append("1 2")
            game.discard(hand[:2])
        else:
            view = game.view(0)
            if view.legal_moves[0].kind == "go":
                game.go()
            else:
                hand = game.hand(0)
                lines.append("1")
                first = hand[0]
                if first.value + view.count > 31:
                    # The first card does not fit: answer it (re-prompt), then a fitting one.
                    index = next(i for i, c in enumerate(hand) if c.value + view.count <= 31)
                    lines.append(str(index + 1))
                    game.lay(hand[index])
                else:
                    game.lay(first)
    return "\n".join(lines) + "\n", game


def test_play_a_whole_game_against_the_random_bot() -> None:
    answers = first_option_answers(seed=5)
    result = CliRunner().invoke(main, ["play", "--bot", "random", "--seed", "5"], input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Cribbage against the random bot" in out
    assert "=== Deal 1:" in out and "Board: you 0, random bot 0" in out
    assert "Starter:" in out and "count" in out
    assert re.search(r"Your hand [^\n]* \+ \S+: \d+", out)
    assert re.search(
        r"\n(You win|The random bot wins) \d+ to \d+(, a (double )?skunk .*)?\.\n", out
    )
    # A spoken show ("fifteen two ...") or a zero hand appears.
    assert "fifteen two" in out or "nineteen" in out


def test_play_reprompts_on_bad_input() -> None:
    answers = "zz\n9\n5x 5y\n" + first_option_answers(seed=2)
    result = CliRunner().invoke(main, ["play", "--bot", "greedy", "--seed", "2"], input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("Try again.") >= 3
    assert "9 is not on the menu" in result.output


def test_simulate_ctrl_c_stops_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage_fast import cli

    def interrupted(*args: object, progress: Any = None, **kwargs: object) -> None:
        progress(1_000)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._core, "simulate", interrupted)
    result = CliRunner().invoke(main, ["simulate", "random", "random", "--games", "5000"])
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == "interrupted after 1,000 of 5,000 games"
