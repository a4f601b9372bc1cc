"""The shipped puzzle set against fresh analysis: a seeded sample of its
puzzles is replayed from its source and re-analysed (the answer is still the
evaluator's unique best at another seed, the recorded losses and themes come
back exactly), and the bots' solve rates fall as the rating rises."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from cribbage_fast import Game, Move, _core
from cribbage_fast.analysis.hints import hint
from cribbage_fast.puzzles.build import game_players, game_seed
from cribbage_fast.puzzles.mine import MiningSettings, verdict
from cribbage_fast.puzzles.puzzle import FORMAT, Puzzle
from cribbage_fast.puzzles.rate import BANDS, SOLVERS, solve_table
from cribbage_fast.puzzles.shipped import load_puzzles, shipped_puzzles
from cribbage_fast.puzzles.themes import THEMES, themes_of
from cribbage_fast.records import write_position

SHIPPED = shipped_puzzles()
SAMPLE = random.Random(2026).sample(range(len(SHIPPED.puzzles)), 12)


def source_game(p: Puzzle) -> Game:
    seed, k = p.source["seed"], p.source["game"]
    assert tuple(p.source["players"]) == game_players(k)
    g = Game(2, seed=game_seed(seed, k))
    g.play(list(game_players(k)))
    return g


def test_the_header_records_the_engine_the_method_and_the_seed() -> None:
    h = SHIPPED.header
    assert h["format"] == FORMAT and h["engine"] and isinstance(h["seed"], int)
    assert h["count"] == len(SHIPPED.puzzles) >= 1000
    assert h["method"]["mining"] == MiningSettings().to_dict()
    assert list(h["solvers"]) == list(SOLVERS)


@pytest.mark.parametrize("i", SAMPLE)
def test_a_shipped_puzzle_is_still_the_unique_best_move(i: int) -> None:
    p = SHIPPED.puzzles[i]
    g = source_game(p)
    index = p.source["move_index"]
    assert p.position == write_position(g.position(index))
    fresh = hint(g, move_index=index, seed=987654321)
    assert fresh.best.action == p.answer
    assert verdict(fresh, 0.0, 2.0), "every other move trails by two standard errors"


@pytest.mark.parametrize("i", SAMPLE[:4])
def test_a_shipped_puzzle_reproduces_its_losses_and_themes(i: int) -> None:
    p = SHIPPED.puzzles[i]
    g = source_game(p)
    index, s = p.source["move_index"], MiningSettings()
    seed = game_seed(p.source["seed"], p.source["game"]) + 1
    h = hint(g, move_index=index, budget=s.recheck_budget, precision=s.recheck_precision, seed=seed)
    assert {o.action: round(h.best.equity - o.equity, 5) for o in h.options[1:]} == p.losses
    moves = [Move.from_dict({k: v for k, v in o.move.items() if k != "seat"}) for o in h.options]
    assert themes_of(g.at_move(index), moves[0], moves[1]) == p.themes


def test_solve_rates_fall_as_the_rating_rises() -> None:
    """In the bands of the solve table (`BANDS`, those of 30 puzzles or more)
    no bot's solve rate rises by more than two standard errors from one band to
    the next; `random` is left out, as its move solves by chance at a rate set
    by how many legal moves there are, not by how hard the puzzle is
    (docs/puzzles.md, "Measured")."""
    results = {s: [c == "1" for c in r] for s, r in SHIPPED.header["results"].items()}
    puzzles = SHIPPED.puzzles
    edges = [*BANDS[1:], math.inf]
    bands = [
        [i for i, p in enumerate(puzzles) if low <= p.rating.rating < high]
        for low, high in zip(BANDS, edges, strict=True)
    ]
    bands = [rows for rows in bands if len(rows) >= 30]
    assert len(bands) >= 3
    for solver, solved in results.items():
        if solver == "random":
            continue
        rates = [(sum(solved[i] for i in rows) / len(rows), len(rows)) for rows in bands]
        for (p1, n1), (p2, n2) in itertools.pairwise(rates):
            spread = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
            assert p2 <= p1 + 2 * spread, (solver, rates)
    assert solve_table(puzzles, results).count("\n") == len(BANDS)


def test_the_set_is_loaded_by_theme_and_band() -> None:
    for theme in ("giving the crib", "pair"):
        chosen = load_puzzles(theme=theme)
        assert chosen and all(theme in p.themes for p in chosen)
    band = load_puzzles(rating=(1400, 1600))
    assert band and all(1400 <= p.rating.rating < 1600 for p in band)
    assert len(load_puzzles()) == len(SHIPPED.puzzles)
    assert {t for p in SHIPPED.puzzles for t in p.themes} <= set(THEMES)
    assert SHIPPED.header["engine"].split(".")[0] == _core.__version__.split(".")[0]


def test_a_bad_filter_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown theme"):
        load_puzzles(theme="nobs")
    with pytest.raises(ValueError, match="low to high"):
        load_puzzles(rating=(1700, 1500))
