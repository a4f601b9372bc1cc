"""Issue 22, class 4: booleans and numbers are read strictly everywhere, in
the bindings and in the Python layer. A wrong type is a TypeError and a
wrong value a ValueError, each naming the parameter; NumPy integers and
bools are accepted where an int or a bool is."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import cribbage_fast as cf
from cribbage_fast.tables import best_table_discard, crib_table, pegging_table, table_discards
from cribbage_fast.tables.pegging import keep_index
from cribbage_fast.tables.positions import expected_game_points, win_probability

HAND = "5H 5D JC 4S 6H KD"


def test_crib_table_own_and_flushes_are_bools() -> None:
    with pytest.raises(TypeError, match="own must be True or False"):
        crib_table(own="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="flushes must be True or False"):
        crib_table(flushes=0)  # type: ignore[arg-type]
    assert np.array_equal(crib_table(own=np.bool_(False)), crib_table(own=False))  # type: ignore[arg-type]


@pytest.mark.parametrize("analyze", [cf.analyze_discards, table_discards])
def test_pegging_is_a_bool(analyze: object) -> None:
    with pytest.raises(TypeError, match="pegging must be True or False"):
        analyze(HAND, True, pegging="no")  # type: ignore[operator]
    with pytest.raises(TypeError, match="dealer must be True or False"):
        analyze(HAND, "yes")  # type: ignore[operator]


@pytest.mark.parametrize("dealer", [0.7, 1, "True", None])
def test_best_discard_dealer_is_a_bool(dealer: object) -> None:
    with pytest.raises(TypeError, match="dealer must be True or False"):
        best_table_discard(HAND, dealer)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dealer must be True or False"):
        cf.best_discard(HAND, dealer)  # type: ignore[arg-type]


def test_keep_index_refuses_fractional_ranks() -> None:
    with pytest.raises(TypeError, match=r"ranks must be an integer, got float 1\.9"):
        keep_index([1.9, 2.9, 3.9, 4.9])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="ranks must be an integer"):
        keep_index([True, 2, 3, 4])
    with pytest.raises(ValueError, match="ranks must be at least 1 and at most 13"):
        keep_index([0, 2, 3, 4])
    assert keep_index(np.array([13, 13, 13, 13])) == 1819
    with pytest.raises(TypeError, match="dealer must be True or False"):
        pegging_table().value([5, 5, 10, 10], dealer="no")  # type: ignore[arg-type]


def test_positions_scores_and_dealer() -> None:
    with pytest.raises(TypeError, match="my_score must be an integer"):
        win_probability(1.0, 0, True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="their_score must be an integer"):
        expected_game_points(0, True, True)
    with pytest.raises(ValueError, match="my_score must be at least 0 and at most 149"):
        win_probability(150, 0, True)
    with pytest.raises(TypeError, match="dealer must be True or False"):
        win_probability(0, 0, 1)  # type: ignore[arg-type]
    assert win_probability(np.int64(3), np.uint8(4), np.bool_(True)) == win_probability(3, 4, True)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1.0, True])
def test_a_replay_refuses_a_point_count_that_is_not_an_integer(value: object) -> None:
    game = cf.Game(num_players=2, seed=3)
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    record = game.to_record()
    index = next(i for i, e in enumerate(record["events"]) if e.get("points") == 1)
    record["events"][index]["points"] = value
    with pytest.raises(ValueError, match=f"event {index} of the record differs"):
        cf.Game.replay(json.dumps(record))
    record["events"][index]["points"] = 1
    assert cf.Game.replay(json.dumps(record)).events() == game.events()


def test_master_match_flags_are_bools() -> None:
    flags = ("search", "go_inference", "discard_inference", "board", "pegging_table")
    for name in (*flags, "lay_inference", "adaptive", "kept_samples", "crib_blind"):
        with pytest.raises(TypeError, match=f"{name} must be True or False"):
            cf.master_match("random", games=1, **{name: "no"})  # type: ignore[arg-type]
    stats = cf.master_match("random", games=np.int64(2), seed=np.uint64(1), search=np.bool_(False))  # type: ignore[arg-type]
    assert stats == cf.master_match("random", games=2, seed=1, search=False)


def test_environment_flags_and_rewards() -> None:
    envs = pytest.importorskip("cribbage_fast.envs")
    with pytest.raises(TypeError, match="copy must be True or False"):
        envs.CribbageSelfPlayVectorEnv(2, copy="no")
    with pytest.raises(TypeError, match="copy must be True or False"):
        envs.CribbageVectorEnv(2, copy="no")
    for bad in (math.nan, math.inf):
        with pytest.raises(ValueError, match="illegal_reward must be a finite number"):
            envs.CribbageEnv(illegal_reward=bad)
    with pytest.raises(TypeError, match="illegal_reward must be a number"):
        envs.CribbageEnv(illegal_reward="-1")  # type: ignore[arg-type]
    assert envs.CribbageEnv(illegal_reward=np.float32(-2)).illegal_reward == -2.0
    with pytest.raises(TypeError, match="num_players must be an integer"):
        envs.CribbageAECEnv(num_players=2.0)  # type: ignore[arg-type]


def test_ismcts_player_arguments() -> None:
    from cribbage_fast.games.agents import ISMCTSPlayer

    with pytest.raises(TypeError, match="iterations must be an integer"):
        ISMCTSPlayer(iterations=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        ISMCTSPlayer(iterations=0)
    with pytest.raises(ValueError, match="c must be a finite number"):
        ISMCTSPlayer(c=math.nan)
    assert ISMCTSPlayer(np.int64(3)).discard_iterations == 12
