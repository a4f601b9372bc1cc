"""Rating by the bots' attempts: an attempt is judged by the answer, the
joint Glicko-2 rating orders puzzles by how many bots fail them."""

from __future__ import annotations

import pytest

from cribbage_fast import Game, best_discard
from cribbage_fast.puzzles.puzzle import Puzzle
from cribbage_fast.puzzles.rate import SOLVERS, attempt, attempts, rate, solve_table
from cribbage_fast.records import write_position

TEXT = "0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0"


def expert_puzzle() -> Puzzle:
    g = Game.from_position(Game(2, seed=1).position(), seed=0)
    best = best_discard(g.hand(g.to_move), g.dealer == g.to_move)
    answer = "discard " + " ".join(str(c) for c in best.discard)
    other = next(m for m in g.legal_moves() if sorted(m.cards) != sorted(best.discard))
    from cribbage_fast.analysis.actions import action_name

    return Puzzle(write_position(g.position()), answer, 0.5, {action_name(other): 0.1})


def test_the_expert_solves_a_puzzle_whose_answer_is_its_discard() -> None:
    p = expert_puzzle()
    assert attempt("expert", p, seed=3) and attempt("master", p, seed=3)


def test_an_attempt_is_seeded() -> None:
    p = Puzzle(TEXT, "discard QH KD", 0.5, {"discard 5C 5H": 0.1})
    runs = [[attempt("random", p, seed=s) for s in range(20)] for _ in range(2)]
    assert runs[0] == runs[1] and 0 < sum(runs[0]) < 20


def test_an_unknown_solver_is_refused() -> None:
    p = Puzzle(TEXT, "discard QH KD", 0.5, {"discard 5C 5H": 0.1})
    with pytest.raises(ValueError, match="unknown solver 'nobody'"):
        attempt("nobody", p)


def test_attempts_cover_every_solver_and_puzzle() -> None:
    p = Puzzle(TEXT, "discard QH KD", 0.5, {"discard 5C 5H": 0.1})
    got = attempts([p, p], seed=1)
    assert list(got) == list(SOLVERS) and all(len(r) == 2 for r in got.values())


def test_a_puzzle_failed_by_more_bots_is_rated_higher() -> None:
    p = Puzzle(TEXT, "discard QH KD", 0.5, {"discard 5C 5H": 0.1})
    results = {
        "weak": [True, False, False, False],
        "middle": [True, True, False, False],
        "strong": [True, True, True, False],
    }
    rated, bots = rate([p] * 4, results)
    ratings = [q.rating.rating for q in rated]
    assert ratings == sorted(ratings) and ratings[0] < ratings[-1]
    assert bots["weak"].rating < bots["middle"].rating < bots["strong"].rating
    assert all(q.rating.deviation < 350 for q in rated)


def test_the_solve_table_counts_each_band() -> None:
    p = Puzzle(TEXT, "discard QH KD", 0.5, {"discard 5C 5H": 0.1})
    rated, _ = rate([p] * 2, {"a": [True, False], "b": [True, True]})
    table = solve_table(rated, {"a": [True, False], "b": [True, True]}, bands=(0, 1500))
    lines = table.splitlines()
    assert lines[0].split() == ["band", "n", "a", "b"]
    assert lines[1].split() == ["0+", "1", "1.00", "1.00"]
    assert lines[2].split() == ["1500+", "1", "0.00", "1.00"]
