"""Mining: the verdict's thresholds, the decisions with a choice, and mined
puzzles that are what the evaluator says (small budgets, so it is quick)."""

from __future__ import annotations

import dataclasses

import pytest

from cribbage_fast import Game, Move
from cribbage_fast.analysis.hints import hint
from cribbage_fast.analysis.results import HintData, HintOption
from cribbage_fast.puzzles.mine import MARGIN, SIGMAS, MiningSettings, decisions, mine_game, verdict
from cribbage_fast.puzzles.themes import THEMES
from cribbage_fast.records import write_position

FAST = MiningSettings(screen_budget=46, budget=92, recheck_budget=184, master_budget=92)


def option(equity: float, diff_stderr: float = 0.0) -> HintOption:
    return HintOption({"move": "go"}, "go", equity, 0.01, diff_stderr, 100, 0.0)


def data(*options: HintOption) -> HintData:
    return HintData(0, "lay", 3, len(options) == 1, "win", 0.005, 100, 0, options)


@pytest.mark.parametrize(
    ("others", "passes"),
    [
        ([option(0.4499)], True),
        ([option(0.45 + 1e-6)], False),
        ([option(0.40), option(0.46)], False),
        ([option(0.40, diff_stderr=0.06)], False),
        ([option(0.40, diff_stderr=0.045)], True),
        ([], False),
    ],
)
def test_the_verdict_needs_the_margin_and_two_standard_errors(
    others: list[HintOption], passes: bool
) -> None:
    assert MARGIN == 0.05 and SIGMAS == 2.0
    assert verdict(data(option(0.5), *others), MARGIN, SIGMAS) is passes


def test_decisions_are_the_moves_with_a_choice() -> None:
    g = Game(2, seed=11)
    g.play(["pegger", "greedy"])
    chosen = set(decisions(g))
    for index, move in enumerate(g.moves()):
        at = g.at_move(index)
        ranks = {m.card.rank for m in at.legal_moves() if m.card is not None}
        real = move["move"] == "discard" or (move["move"] == "lay" and len(ranks) > 1)
        assert (index in chosen) is real, (index, move)


def test_mined_puzzles_are_the_evaluators_clear_best_moves() -> None:
    g = Game(2, seed=4)
    g.play(["random", "expert"])
    found = mine_game(g, FAST, source={"game": 4}, seed=2)
    assert found, "a random player's game holds clear decisions"
    for p in found:
        i = p.source["move_index"]
        assert p.source["game"] == 4 and i in set(decisions(g))
        assert p.position == write_position(g.position(i))
        again = hint(g, move_index=i, budget=184, precision=0.0025, seed=3)
        assert again.best.action == p.answer
        assert p.margin >= MARGIN and set(p.themes) <= set(THEMES)
        assert p.answer not in p.losses and len(p.losses) == len(again.options) - 1
        assert Move.from_dict(dict(again.best.move)) in g.at_move(i).legal_moves()


def test_a_screen_too_strict_finds_nothing() -> None:
    g = Game(2, seed=4)
    g.play(["random", "expert"])
    strict = MiningSettings(screen_budget=46, screen_margin=1.0, budget=92, recheck_budget=184)
    assert mine_game(g, strict, source={}, seed=2) == []


def test_a_users_record_is_mined_as_the_game_it_holds() -> None:
    from cribbage_fast.records import read, write_text

    g = Game(2, seed=4)
    g.play(["random", "expert"])
    loaded = read(write_text(g)).game
    mined = mine_game(loaded, FAST, source={"record": "mine"}, seed=2)
    direct = mine_game(g, FAST, source={"record": "mine"}, seed=2)
    assert mined == direct and mined


def test_a_lay_stays_only_if_it_is_best_with_the_master_playing_out() -> None:
    """A mined lay is the best lay again with the master's play-outs (at
    ``master_budget``, seed + 2); the Expert's play-outs alone keep one
    more lay of this game (move 88), which the master's do not."""
    g = Game(2, seed=8)
    g.play(["greedy", "expert"])
    kept = mine_game(g, FAST, source={}, seed=8)
    unchecked = mine_game(g, dataclasses.replace(FAST, master_budget=0), source={}, seed=8)
    at = {p.source["move_index"] for p in kept}
    assert at == {p.source["move_index"] for p in unchecked} - {88}
    for p in kept:
        if p.answer.startswith("lay "):
            index = p.source["move_index"]
            master = hint(g, move_index=index, budget=92, policy="master", seed=10)
            assert master.best.action == p.answer
    dropped = hint(g, move_index=88, budget=92, policy="master", seed=10)
    assert dropped.best.action != next(p for p in unchecked if p.source["move_index"] == 88).answer
