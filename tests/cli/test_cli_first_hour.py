"""The command line as a new user meets it: --help, --version, one-line usage
errors, quiet progress off a terminal, and the `play` table's lines."""

from __future__ import annotations

import re
import sys
from importlib.metadata import version

import pytest
from click.testing import CliRunner

import cribbage_fast
from cli.test_cli_bots import mirror_game
from cribbage_fast import Game, GreedyPlayer, RandomPlayer
from cribbage_fast._util.progress import progress
from cribbage_fast.cli import main
from cribbage_fast.cli import play as play_cli


def test_version_comes_from_the_package_metadata() -> None:
    assert cribbage_fast.__version__ == version("cribbage_fast")
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"cribbage-fast, version {cribbage_fast.__version__}\n"


def test_help_lists_every_command_with_its_whole_summary() -> None:
    out = CliRunner().invoke(main, ["--help"]).stdout
    commands = out.split("Commands:\n")[1]
    assert "..." not in commands
    for name, command in main.commands.items():
        summary = " ".join((command.help or "").split("\n\n")[0].split())
        listed = re.search(rf"^  {name} +(.*?)(?=^  \S|\Z)", commands, re.M | re.S)
        assert listed and " ".join(listed.group(1).split()) == summary


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["simulate", "nosuchbot", "greedy"], "'nosuchbot' is not one of"),
        (["simulate", "random"], "Missing argument 'B'"),
        (["simulate", "random", "greedy", "--games", "0"], "--games"),
        (["nosuchcommand"], "No such command 'nosuchcommand'"),
        (["score", "--nosuchoption", "5H"], "--nosuchoption"),
        (["play", "--bot", "smart"], "'smart' is not one of"),
    ],
)
def test_usage_errors_print_one_line(args: list[str], names: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("cribbage-fast: error: ") and names in result.stderr


def test_simulate_is_quiet_when_stderr_is_not_a_terminal() -> None:
    result = CliRunner().invoke(main, ["simulate", "random", "random", "--games", "50"])
    assert result.exit_code == 0 and result.stderr == ""


def test_simulate_shows_a_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with progress(10, "label") as bar:
        assert type(bar).__name__ == "tqdm"


def test_game_over_line_puts_the_winner_first() -> None:
    answers, mirror = mirror_game(seed=11)
    result = CliRunner().invoke(main, ["play", "--bot", "random", "--seed", "11"], input=answers)
    assert result.exit_code == 0, result.output
    high, low = sorted(mirror.scores, reverse=True)
    who = "You win" if mirror.winner == 0 else "The random bot wins"
    assert result.output.splitlines()[-1].startswith(f"{who} {high} to {low}")


def test_game_over_line_says_skunk_and_double_skunk() -> None:
    seen: dict[int, str] = {}
    for seed in range(200):
        game = Game(num_players=2, seed=seed)
        game.play([GreedyPlayer(), RandomPlayer(seed=seed)])
        points = game.result().game_points
        if points not in seen:
            high, low = sorted(game.scores, reverse=True)
            seen[points] = play_cli._Table(game, "random").game_over()
            assert seen[points].startswith(f"You win {high} to {low}")
        if len(seen) == 3:
            break
    assert re.fullmatch(r"You win \d+ to \d+\.", seen[1])
    assert seen[2].endswith(", a skunk (2 game points).")
    assert seen[3].endswith(", a double skunk (3 game points).")


def test_play_prints_points_and_goes_once() -> None:
    answers, mirror = mirror_game(seed=5)
    result = CliRunner().invoke(main, ["play", "--bot", "random", "--seed", "5"], input=answers)
    out = result.output
    # "a pair for 2", never "a pair for 2 (2)"
    assert re.search(r"for \d+", out) and not re.search(r"for \d+ \(\d+\)", out)
    human_goes = [
        e for e in mirror.events() if e["event"] == "peg" and e["kind"] == "go" and e["seat"] == 0
    ]
    assert human_goes and out.count("no card fits") == len(human_goes)
    assert out.count("You: go") == len(human_goes)


@pytest.mark.parametrize(("answers", "code"), [("1 2\nquit\n", 0), ("Q\n", 0), ("1 2\n", 1)])
def test_leave_a_game_with_a_goodbye_and_the_board(answers: str, code: int) -> None:
    """q or quit leaves; end of input (like Ctrl-C) leaves the same way, status 1."""
    result = CliRunner().invoke(main, ["play", "--bot", "greedy", "--seed", "4"], input=answers)
    assert result.exit_code == code
    lines = result.output.splitlines()
    assert lines[-2].endswith("Goodbye: you left the game.")
    assert re.fullmatch(r"Board: you \d+, greedy bot \d+ \(to 121\)", lines[-1])
    assert "Aborted" not in result.output


def test_ismcts_example_help_and_quiet_output(capsys: pytest.CaptureFixture[str]) -> None:
    from cribbage_fast.examples import ismcts

    with pytest.raises(SystemExit):
        ismcts.main(["--help"])
    help_text = capsys.readouterr().out
    assert "games to play (default: 200)" in help_text
    assert "ISMCTS iterations per play decision" in help_text
    # The description keeps its paragraphs.
    assert "\n\nSeats and the first dealer alternate" in help_text
    ismcts.main(["--games", "2", "--iterations", "5", "--seed", "3"])
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("ISMCTS (5 iterations, 20 for discards) vs greedy: ")
    with pytest.raises(SystemExit):
        ismcts.main(["--games", "0"])
    assert "--games and --iterations must be at least 1" in capsys.readouterr().err


def test_misdeal_messages_count_cards_and_hands() -> None:
    game = Game(2, seed=5)
    with pytest.raises(cribbage_fast.Misdeal, match=r"seat 1 was dealt 1 card, not 6$"):
        game.supply_deal(["AC 2C 3C 4C 6D 7D", "AH"])
    with pytest.raises(cribbage_fast.Misdeal, match=r"1 hand for 2 players$"):
        game.supply_deal(["AC 2C 3C 4C 6D 7D"])


def test_ctrl_c_during_a_game_leaves_like_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(play_cli, "_play_out", interrupted)
    result = CliRunner().invoke(main, ["play", "--bot", "random", "--seed", "1"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-2:] == [
        "Goodbye: you left the game.",
        "Board: you 0, random bot 0 (to 121)",
    ]
