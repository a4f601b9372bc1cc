"""The terminal game's hints and tutor, driven through a pseudo-terminal, and
its player's wording (issue 22, class 7)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from cli.test_cli_bots import mirror_game
from cribbage_fast import ExpertPlayer, Game, hint
from cribbage_fast.analysis.analyze import mark_of
from cribbage_fast.cli import main

BUDGET = 46
CLI = str(Path(sys.executable).with_name("cribbage-fast"))


def _first_decision(seed: int) -> Game:
    """The game at the human's first prompt, as `play --bot expert` has it."""
    game = Game(2, seed=seed)
    bot = ExpertPlayer()
    while game.to_move == 1:
        game.step(bot)
    return game


def test_the_tutor_warns_before_a_blunder_and_takes_it_back() -> None:
    seed = 1
    h = hint(_first_decision(seed), 0, budget=BUDGET)
    worst, best = h.options[-1], h.best
    assert mark_of(h.loss(worst)) in ("mistake", "blunder")
    child = pexpect.spawn(
        CLI,
        ["play", "--seed", str(seed), "--tutor", "--budget", str(BUDGET)],
        encoding="utf-8",
        timeout=120,
        dimensions=(50, 200),
    )
    try:
        child.expect_exact("Lay away 2 cards")
        child.sendline("go")
        child.expect_exact("go is for the play: first lay away 2 cards to the crib. Try again.")
        child.expect_exact("Lay away 2 cards")
        child.sendline(worst.move["cards"])
        child.expect(r"Careful: to (.+) gives up ([\d.]+) points of your chance to win")
        assert child.match.group(1) == worst.action
        assert float(child.match.group(2)) == pytest.approx(100 * h.loss(worst), abs=0.05)
        child.expect_exact(f"I would {best.why()}")
        child.expect_exact("Take it back? [Y/n]")
        child.sendline("y")
        child.expect_exact("Lay away 2 cards")
        child.sendline("h")
        child.expect_exact(f"Hint: {best.why()}")
        child.expect_exact("Lay away 2 cards")
        child.sendline(best.move["cards"])
        child.expect_exact(f"You lay away {' '.join(best.move['cards'].split())}.")
        child.expect_exact("Starter:")
        child.sendline("q")
        child.expect_exact("Goodbye: you left the game.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "Careful" not in (child.before or "")


def test_the_tutor_lets_a_blunder_stand_when_asked() -> None:
    seed = 1
    h = hint(_first_decision(seed), 0, budget=BUDGET)
    worst = h.options[-1]
    answers = f"{worst.move['cards']}\nn\nq\n"
    args = ["play", "--seed", str(seed), "--tutor", "--budget", str(BUDGET)]
    result = CliRunner().invoke(main, args, input=answers)
    assert result.exit_code == 0, result.output
    assert f"Careful: to {worst.action} gives up" in result.output
    assert f"You lay away {worst.move['cards']}." in result.output


def test_hint_at_a_lay_prompt_and_go_is_a_word_not_a_card() -> None:
    answers, _ = mirror_game(seed=5)
    lines = answers.splitlines()
    # The first lay prompt follows the first discard: ask for a hint, say go.
    answers = "\n".join([lines[0], "hint", "go", *lines[1:]]) + "\n"
    result = CliRunner().invoke(
        main, ["play", "--bot", "random", "--seed", "5", "--budget", "32"], input=answers
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"\nHint: lay \S+: pegging [+-]\d+\.\d net, win \d+\.\d%\n", out)
    assert re.search(
        r"you can still play \(.+ fits? the count of \d+\): go only when no card fits", out
    )
    assert "unknown card" not in out.lower()


def _past_31_answers(seed: int) -> str:
    """Input for a whole game against the random bot that first offers a card
    past 31 whenever one is held (then a card that fits)."""
    from cribbage_fast import RandomPlayer

    game, bot, lines = Game(2, seed=seed), RandomPlayer(seed=seed), []
    while not game.is_over:
        if game.to_move == 1:
            game.step(bot)
        elif game.phase == "discard":
            lines.append("1 2")
            game.discard(game.hand(0)[:2])
        elif game.view(0).legal_moves[0].kind == "go":
            game.go()
        else:
            hand, count = game.hand(0), game.view(0).count
            fits = [i for i, c in enumerate(hand, 1) if c.value + count <= 31]
            lines += [str(i) for i, c in enumerate(hand, 1) if c.value + count > 31][:1]
            lines.append(str(fits[0]))
            game.lay(hand[fits[0] - 1])
    return "\n".join(lines) + "\n"


def test_a_card_past_31_is_refused_in_a_players_words() -> None:
    answers = _past_31_answers(seed=5)
    result = CliRunner().invoke(main, ["play", "--bot", "random", "--seed", "5"], input=answers)
    assert result.exit_code == 0, result.output
    found = re.findall(
        r"(\S+) would take the count past 31 \((\d+) \+ (\d+) = (\d+)\); play another card\.",
        result.output,
    )
    assert len(found) >= 2
    for _card, count, value, total in found:
        assert int(count) + int(value) == int(total) > 31
    assert "illegal move" not in result.output and "seat 0 cannot" not in result.output
