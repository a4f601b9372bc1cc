"""`simulate` ranges, start positions and argument checks, and exact merging,
pickling and `to_dict` round trips of `SimulationStats`."""

from __future__ import annotations

import doctest
import json
import pickle
from typing import Any

import pytest

import cribbage_fast as cf
from cribbage_fast import SimulationStats, simulate
from cribbage_fast.games import stats as stats_module


@pytest.mark.parametrize(
    "players", [("random", "random"), ("greedy", "random"), ("expert", "greedy")]
)
def test_ranges_merge_to_one_run_exactly(players: tuple[str, str]) -> None:
    games = 60 if "expert" in players else 600
    whole = simulate(*players, games=games, seed=11, threads=2)
    cut = games // 3
    a = simulate(*players, games=cut, seed=11, threads=1)
    b = simulate(*players, games=games - cut, seed=11, first_game=cut, threads=2)
    assert a + b == whole == b + a == SimulationStats.merge([b, a])
    assert (a + b).to_dict() == whole.to_dict()
    assert whole.ranges == [(0, games)] and b.ranges == [(cut, games)]


def test_a_game_is_the_same_whatever_range_it_is_played_in() -> None:
    parts = [simulate("random", "greedy", games=1, seed=5, first_game=i) for i in range(40)]
    assert SimulationStats.merge(parts) == simulate("random", "greedy", games=40, seed=5)


def test_merging_refuses_overlaps_and_other_simulations() -> None:
    a = simulate("random", "random", games=100, seed=1)
    with pytest.raises(ValueError, match="counted twice"):
        _ = a + simulate("random", "random", games=100, seed=1, first_game=50)
    for other in [
        simulate("random", "random", games=100, seed=2, first_game=100),
        simulate("random", "greedy", games=100, seed=1, first_game=100),
        simulate("random", "random", games=100, seed=1, first_game=100, scores=(5, 0)),
        simulate("random", "random", games=100, seed=1, first_game=100, first_dealer=0),
        simulate(cf.RandomPlayer(seed=3), "random", games=100, seed=1, first_game=100),
    ]:
        with pytest.raises(ValueError, match="different simulations"):
            _ = a + other
    with pytest.raises(ValueError, match="at least one"):
        SimulationStats.merge([])
    with pytest.raises(TypeError):
        _ = a + 1  # type: ignore[operator]


def test_gaps_are_allowed_and_kept() -> None:
    a = simulate("random", "random", games=10, seed=1)
    b = simulate("random", "random", games=10, seed=1, first_game=30)
    assert (a + b).ranges == [(0, 10), (30, 40)] and (a + b).games == 20


def test_statistics_pickle_and_round_trip_through_json() -> None:
    s = simulate("expert", "random", games=30, seed=4, scores=(60, 90), first_dealer=1)
    assert pickle.loads(pickle.dumps(s)) == s
    again = SimulationStats.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s and str(again) == str(s)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d.pop("wins"), "wins"),
        (lambda d: d.update(wins=(1, 2)), "do not add up"),
        (lambda d: d.update(games=-1), "games"),
        (lambda d: d.update(ranges=[(0, 5)]), "ranges"),
        (lambda d: d.update(start_scores=(121, 0)), "scores"),
        (lambda d: d.update(first_dealer=3), "first_dealer"),
        (lambda d: d.update(players=("a",)), "players"),
    ],
)
def test_from_dict_refuses_bad_records(change: Any, match: str) -> None:
    d: dict[str, Any] = dict(simulate("random", "random", games=20, seed=1).to_dict())
    change(d)
    with pytest.raises(ValueError, match=match):
        SimulationStats.from_dict(d)


def test_start_scores_and_first_dealer() -> None:
    late = simulate("greedy", "greedy", games=400, seed=3, scores=(118, 90))
    assert late.start_scores == (118, 90) and late.first_dealer is None
    assert late.wins[0] > late.wins[1] and late.mean_deals < 2
    assert late.mean_scores[0] >= 118
    fixed = simulate("random", "random", games=50, seed=3, first_dealer=1)
    alternating = simulate("random", "random", games=50, seed=3)
    assert fixed != alternating and fixed.first_dealer == 1
    assert "from 118-90" in str(late) and "seat 1 deals first" in str(fixed)


def test_game_starts_from_a_board_position() -> None:
    game = cf.Game(seed=3, scores=(100, 50), first_dealer=0)
    assert game.scores == [100, 50] and game.dealer == 0
    assert cf.Game(seed=3, first_dealer=0).hand(0) == game.hand(0)  # the same deal
    for scores, error in [
        ((121, 0), ValueError),
        ((-1, 0), ValueError),
        ((1,), ValueError),
        ((2**80, 0), ValueError),
        ("ab", TypeError),
        ((1.5, 0), TypeError),
    ]:
        with pytest.raises(error, match="scores"):
            cf.Game(scores=scores)  # type: ignore[arg-type]


def test_a_seeded_random_player_is_honoured() -> None:
    one = simulate(cf.RandomPlayer(seed=1), "random", games=300, seed=1)
    two = simulate(cf.RandomPlayer(seed=2), "random", games=300, seed=1)
    assert one != two and one.player_seeds == (1, None)
    assert one == simulate(cf.RandomPlayer(seed=1), "random", games=300, seed=1)

    # The same seeds in Python-driven games give the same games.
    class Wrapped:
        def __init__(self) -> None:
            self.bot = cf.GreedyPlayer()

        def discard(self, view: cf.PlayerView) -> list[cf.Card]:
            return self.bot.discard(view)

        def play(self, view: cf.PlayerView) -> cf.Card | None:
            return self.bot.play(view)

    mixed = simulate(cf.RandomPlayer(seed=1), Wrapped(), games=20, seed=1)
    rust = simulate(cf.RandomPlayer(seed=1), "greedy", games=20, seed=1)
    assert mixed.wins == rust.wins and mixed.deals == rust.deals


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seed": -1}, ValueError, r"seed must be 0 to 2\*\*64 - 1"),
        ({"seed": 2**64}, ValueError, "seed must be 0 to"),
        ({"games": 2**63}, ValueError, "games must be at least 1 and at most"),
        ({"games": 2**200}, ValueError, "games must be at least 1 and at most"),
        ({"threads": 2**64}, ValueError, "threads must be at least 1 and at most"),
        ({"threads": -(2**70)}, ValueError, "threads must be at least 1"),
        ({"first_game": -1}, ValueError, "first_game must be at least 0"),
        ({"first_game": 2**63 - 5}, ValueError, "first_game must be at least 0 and at most"),
        ({"games": 2.5}, TypeError, "games must be an integer"),
        ({"scores": (121, 0)}, ValueError, "scores must be 0 to 120"),
        ({"scores": (1, 2, 3)}, ValueError, "scores"),
        ({"scores": 5}, TypeError, "scores"),
        ({"first_dealer": 2}, ValueError, "first_dealer"),
    ],
)
def test_bad_arguments_name_the_parameter(
    kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    args: dict[str, Any] = {"a": "random", "b": "random", "games": 10}
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate(**args)


@pytest.mark.parametrize("obj", [simulate, SimulationStats, stats_module])
def test_docstring_examples_run(obj: object) -> None:
    doc = obj.__doc__ or ""
    assert "Examples" in doc or ">>>" in doc
    globs = dict(vars(obj)) if obj is stats_module else {}
    test = doctest.DocTestParser().get_doctest(doc, globs, getattr(obj, "__name__", "doc"), None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize().attempted > 0 and runner.failures == 0


def test_help_shows_numpy_sections() -> None:
    doc = simulate.__doc__ or ""
    for section in ("Parameters", "Returns", "Raises", "Examples", "progress", "first_game"):
        assert section in doc
