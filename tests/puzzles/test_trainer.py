"""The trainer's memory and judgement: the profile file, judging a move,
choosing the next puzzle, drills and the player's own mistakes
(docs/puzzles.md, "The trainer")."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import ExpertPlayer, Game, Move, hint
from cribbage_fast.analysis.analyze import analyze_game
from cribbage_fast.analysis.settings import Settings
from cribbage_fast.exceptions import PuzzleFileError
from cribbage_fast.puzzles.glicko import Rating
from cribbage_fast.puzzles.puzzle import Puzzle
from cribbage_fast.puzzles.trainer import (
    SOLVED_BELOW,
    Profile,
    drill_game,
    judge,
    key_of,
    mistakes_of,
    next_puzzle,
    read_profile,
    record_attempt,
    write_profile,
)
from cribbage_fast.records import parse_position, write_position

POSITION = "0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0"
PUZZLE = Puzzle(POSITION, "discard QH KD", 0.55, {"discard 5C 5H": 0.08, "discard JS KD": 0.01})


def test_the_answer_and_a_move_as_good_solve_it_the_others_do_not() -> None:
    assert judge(PUZZLE, Move.discard("KD QH")) == (True, 0.0)
    assert judge(PUZZLE, Move.discard("JS KD")) == (True, 0.01)
    assert judge(PUZZLE, Move.discard("5C 5H")) == (False, 0.08)
    assert judge(PUZZLE, Move.discard("6D JS")) == (False, None)
    edge = replace(PUZZLE, losses={"discard 5C 5H": SOLVED_BELOW})
    assert judge(edge, Move.discard("5C 5H")) == (False, SOLVED_BELOW)


def test_a_lay_stands_for_its_rank() -> None:
    g = Game(2, seed=4)
    while g.phase != "play" or len({m.card.rank for m in g.legal_moves() if m.card}) < 2:
        g.step(ExpertPlayer())
    lays = [m for m in g.legal_moves() if m.card is not None]
    answer, other = lays[0], next(m for m in lays if m.card.rank != lays[0].card.rank)
    text = write_position(g.position())
    p = Puzzle(text, f"lay {answer.card}", 0.5, {f"lay {other.card}": 0.1})
    same_rank = [m for m in lays if m.card.rank == answer.card.rank]
    assert all(judge(p, m)[0] for m in same_rank)
    assert judge(p, other) == (False, 0.1)


def test_an_attempt_moves_the_rating_and_a_solved_puzzle_is_not_asked_again() -> None:
    won = record_attempt(Profile(), PUZZLE, True)
    lost = record_attempt(Profile(), PUZZLE, False)
    assert lost.rating.rating < 1500 < won.rating.rating
    assert won.rating.deviation < Profile().rating.deviation
    assert (won.attempts, won.solved, lost.solved) == (1, 1, 0)
    assert next_puzzle([PUZZLE], won, random.Random(0)) is None
    assert next_puzzle([PUZZLE], lost, random.Random(0)) == PUZZLE
    assert next_puzzle([PUZZLE], lost, random.Random(0), skip=[key_of(PUZZLE)]) is None


def test_the_next_puzzle_is_near_the_players_rating() -> None:
    rated = [replace(PUZZLE, rating=Rating(r, 60, 0.06)) for r in range(0, 3000, 100)]
    player = replace(Profile(), rating=Rating(2000, 60, 0.06))
    chosen = {next_puzzle(rated, player, random.Random(s)).rating.rating for s in range(50)}
    assert min(chosen) >= 1500 and max(chosen) <= 2500


def test_a_profile_round_trips_and_a_bad_one_names_the_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "me.json"
    assert read_profile(target) == Profile()
    profile = record_attempt(replace(Profile(), mistakes=[PUZZLE]), PUZZLE, False)
    write_profile(profile, target)
    assert read_profile(target) == profile
    assert [p.name for p in target.parent.iterdir()] == ["me.json"]  # no temporary left
    for text in ["", "[]", '{"format": "x"}', json.dumps({**profile.to_dict(), "solved": 9})]:
        target.write_text(text)
        with pytest.raises(PuzzleFileError, match=r"me\.json, line 1"):
            read_profile(target)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(list(Profile().to_dict())), JSON, min_size=1))
def test_hostile_profiles_are_refused_with_the_file_named(
    tmp_path_factory: pytest.TempPathFactory, overrides: dict[str, object]
) -> None:
    """A profile with any field replaced reads back as a profile or is
    refused naming the file: never another exception."""
    target = tmp_path_factory.mktemp("p") / "me.json"
    target.write_text(json.dumps({**Profile().to_dict(), **overrides}))
    try:
        profile = read_profile(target)
    except PuzzleFileError as err:
        assert "me.json, line 1" in str(err)
    else:
        assert 0 <= profile.solved <= profile.attempts


@pytest.mark.parametrize("drill", ["discard", "pegging"])
def test_a_drill_is_a_real_decision_and_replays_for_a_seed(drill: str) -> None:
    for seed in range(5):
        g = drill_game(drill, seed)
        assert g.to_move is not None and not g.is_over
        assert g.position() == drill_game(drill, seed).position()
        if drill == "pegging":
            assert len({m.card.rank for m in g.legal_moves() if m.card}) >= 2
        else:
            assert g.phase == "discard"
    with pytest.raises(ValueError, match="unknown drill"):
        drill_game("show", 1)


def test_mistakes_are_the_analysis_marks_as_puzzles() -> None:
    game = Game(2, seed=5)
    game.play(["random", "expert"])
    quick = Settings(budget=46, precision=0.05)
    found = mistakes_of(game, 0, quick, source="game.json")
    marked = [
        d
        for d in analyze_game(
            game, settings=Settings.of(quick, objective="win"), seats=[0]
        ).decisions
        if d.seat == 0 and d.mark in ("mistake", "blunder")
    ]
    assert found and len(found) == len(marked)
    for p, d in zip(found, marked, strict=True):
        assert p.answer == d.best and p.source["move_index"] == d.move_index
        assert judge(p, Move.from_dict(dict(game.moves()[d.move_index])))[0] is False
        at = Game.from_position(parse_position(p.position))
        assert at.to_move == 0


def test_a_mistake_puzzle_is_valued_as_the_hint_at_that_move() -> None:
    game = Game(2, seed=5)
    game.play(["random", "expert"])
    quick = Settings(budget=46, precision=0.05)
    p = mistakes_of(game, 0, quick)[0]
    h = hint(game, move_index=p.source["move_index"], settings=quick)
    assert h.best.action == p.answer
