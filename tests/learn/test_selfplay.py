"""The self-play batched env, final observations of both vector envs, and the
input edges of the learning environments."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from cribbage_fast import IllegalMove
from cribbage_fast._core import NUM_ACTIONS, OBS_SIZE, ActionGame, SelfPlayVecEnv, VecEnv
from cribbage_fast.envs import (
    CribbageAECEnv,
    CribbageEnv,
    CribbageSelfPlayVectorEnv,
    CribbageVectorEnv,
    unpack_obs,
)


def random_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def twin_of(env: CribbageSelfPlayVectorEnv, i: int) -> ActionGame:
    """The step-by-step game in the state of row ``i`` (cards put aside included)."""
    twin = ActionGame.from_game(env.game(i))
    for card in env._core.pending(i):
        twin.step(card)
    return twin


# ----- the self-play env ----------------------------------------------------------


def test_spaces_shapes_and_dtypes() -> None:
    env = CribbageSelfPlayVectorEnv(5, num_players=4)
    obs, info = env.reset(seed=1)
    assert obs.shape == (5, OBS_SIZE) and obs.dtype == np.float32
    assert info["action_mask"].shape == (5, NUM_ACTIONS) and info["action_mask"].dtype == np.int8
    assert info["to_move"].shape == (5,) and set(info["to_move"]) <= {0, 1, 2, 3}
    assert env.observation_space.contains(obs)
    obs, rewards, terms, truncs, info = env.step(env.sample_actions())
    assert rewards.shape == (5, 4) and terms.shape == truncs.shape == (5,)
    assert env.metadata["autoreset_mode"].name == "SAME_STEP"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rows_match_the_step_by_step_game_move_for_move(players: int) -> None:
    n = 6
    env = CribbageSelfPlayVectorEnv(n, num_players=players, reward="points", threads=1)
    obs, info = env.reset(seed=players)
    twins = [twin_of(env, i) for i in range(n)]
    rng = np.random.default_rng(players)
    finished = 0
    for _ in range(300):
        for i, twin in enumerate(twins):
            seat = twin.to_move
            assert info["to_move"][i] == seat
            np.testing.assert_array_equal(obs[i], twin.observe(seat))
            np.testing.assert_array_equal(info["action_mask"][i], twin.action_mask())
        actions = random_actions(rng, info["action_mask"])
        last = info["to_move"]
        obs, rewards, terms, truncs, info = env.step(actions)
        assert not truncs.any()
        for i, twin in enumerate(twins):
            gained = twin.step(int(actions[i]))
            sides = twin.side_rewards(gained, "points")
            assert rewards[i].tolist() == [sides[twin.side_of(s)] for s in range(players)]
            assert terms[i] == twin.is_over
            if twin.is_over:
                finished += 1
                np.testing.assert_array_equal(info["final_obs"][i], twin.observe(last[i]))
                assert info["final_info"]["seat"][i] == last[i]
                assert not info["final_info"]["action_mask"][i].any()
                twins[i] = twin_of(env, i)
                assert env.game(i).deal_number == 1
        if terms.any():
            np.testing.assert_array_equal(info["_final_obs"], terms)
            assert all((x is None) != t for x, t in zip(info["final_obs"], terms, strict=True))
        else:
            assert "final_obs" not in info
    assert finished > 0


def test_whole_games_end_with_zero_sum_win_rewards() -> None:
    env = CribbageSelfPlayVectorEnv(64, num_players=3, target=61)
    env.reset(seed=0)
    ends = 0
    for _ in range(400):
        _, rewards, terms, _, _ = env.step(env.sample_actions())
        assert not rewards[~terms].any()
        for row in rewards[terms]:
            assert sorted(row.tolist()) == [-0.5, -0.5, 1.0]
            ends += 1
    assert ends > 20


def test_deterministic_for_any_thread_count() -> None:
    def run(threads: int | None) -> list[np.ndarray]:
        env = CribbageSelfPlayVectorEnv(300, num_players=2, threads=threads)
        obs, _ = env.reset(seed=7)
        out = [obs]
        for _ in range(150):
            obs, rewards, terms, _, _ = env.step(env.sample_actions())
            out += [obs, rewards, terms]
        return out

    one, two, every = run(1), run(2), run(None)
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(one, every, strict=True))
    first, _ = CribbageSelfPlayVectorEnv(300).reset(seed=8)
    assert not np.array_equal(first, one[0])


def test_uint8_observations_unpack_to_the_float32_ones() -> None:
    floats = CribbageSelfPlayVectorEnv(16, num_players=2, target=61)
    bytes_ = CribbageSelfPlayVectorEnv(16, num_players=2, target=61, obs_dtype=np.uint8)
    f, _ = floats.reset(seed=3)
    b, _ = bytes_.reset(seed=3)
    assert b.dtype == np.uint8 and bytes_.observation_space.contains(b)
    for _ in range(200):
        np.testing.assert_array_equal(unpack_obs(b, 61), f)
        actions = floats.sample_actions()
        f, _, terms, _, info = floats.step(actions)
        b, _, _, _, binfo = bytes_.step(actions)
        if terms.any():
            i = int(np.flatnonzero(terms)[0])
            np.testing.assert_array_equal(
                unpack_obs(binfo["final_obs"][i], 61), info["final_obs"][i]
            )
    with pytest.raises(ValueError, match="255"):
        CribbageSelfPlayVectorEnv(2, target=300, obs_dtype=np.uint8)
    with pytest.raises(ValueError, match="obs_dtype"):
        CribbageSelfPlayVectorEnv(2, obs_dtype=np.float64)


def test_copy_false_returns_the_internal_arrays() -> None:
    env = CribbageSelfPlayVectorEnv(4, copy=False)
    obs, _ = env.reset(seed=0)
    obs2, *_ = env.step(env.sample_actions())
    assert obs2 is obs
    copied = CribbageSelfPlayVectorEnv(4)
    obs, _ = copied.reset(seed=0)
    obs2, *_ = copied.step(copied.sample_actions())
    assert obs2 is not obs


def test_illegal_and_malformed_actions_change_nothing() -> None:
    env = CribbageSelfPlayVectorEnv(3, num_players=3)
    obs, info = env.reset(seed=2)
    good = env.sample_actions()
    bad = good.copy()
    bad[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalMove, match="game 1"):
        env.step(bad)
    for actions, error in [
        (good.astype(np.float64) + 0.5, TypeError),
        (good[:2], ValueError),
        (np.array([-1, 0, 0]), IllegalMove),
        (np.array([2**64 - 1] * 3, np.uint64), IllegalMove),
    ]:
        with pytest.raises(error):
            env.step(actions)
    np.testing.assert_array_equal(env._obs, obs)
    twin = CribbageSelfPlayVectorEnv(3, num_players=3)
    twin.reset(seed=2)
    np.testing.assert_array_equal(env.step(good)[0], twin.step(good)[0])


# ----- final observations of the opponent vector env ------------------------------


def test_vector_env_returns_final_observations() -> None:
    n = 8
    venv = CribbageVectorEnv(n, threads=1)
    _, info = venv.reset(seed=4)
    rng = np.random.default_rng(4)
    seen = 0
    for _ in range(500):
        before = [ActionGame.from_game(venv._core.game(i)) for i in range(n)]
        _, rewards, terms, _, info = venv.step(random_actions(rng, info["action_mask"]))
        if not terms.any():
            assert "final_obs" not in info
            continue
        np.testing.assert_array_equal(info["_final_obs"], terms)
        np.testing.assert_array_equal(info["_final_info"], terms)
        for i in np.flatnonzero(terms):
            final = info["final_obs"][i]
            assert final.shape == (OBS_SIZE,) and final[419] == 1.0  # phase: over
            assert not info["final_info"]["action_mask"][i].any()
            # Scores in the final observation: the winner (seat 0 or 1) reached 121.
            assert max(final[436:438]) == 1.0
            assert (final[436] == 1.0) == (rewards[i] == 1.0)
            assert before[i].is_over is False
            seen += 1
        for i in np.flatnonzero(~terms):
            assert info["final_obs"][i] is None
    assert seen > 0


# ----- input edges --------------------------------------------------------------


@pytest.mark.parametrize("n", [0, -1, 10**8, 2**63, 2**64])
def test_batch_sizes_out_of_range_are_value_errors(n: int) -> None:
    with pytest.raises(ValueError, match="num_envs"):
        CribbageVectorEnv(n)
    with pytest.raises(ValueError, match="num_envs"):
        CribbageSelfPlayVectorEnv(n)


def test_a_huge_batch_exits_with_a_python_error_not_an_abort() -> None:
    code = "from cribbage_fast.envs import CribbageVectorEnv\nCribbageVectorEnv(10**8)\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "CribbageError: num_envs" in proc.stderr  # a ValueError


@pytest.mark.parametrize("threads", [0, -1, 257, 100_000, 2**64])
def test_thread_counts_are_bounded(threads: int) -> None:
    with pytest.raises(ValueError, match="threads"):
        CribbageVectorEnv(2, threads=threads)
    with pytest.raises(ValueError, match="threads"):
        CribbageSelfPlayVectorEnv(2, threads=threads)
    with pytest.raises(TypeError):
        CribbageVectorEnv(2, threads=1.5)  # type: ignore[arg-type]


def test_read_only_or_shared_output_arrays_are_refused() -> None:
    n = 2
    core = VecEnv(n)
    obs = np.zeros((n, OBS_SIZE), np.float32)
    masks = np.zeros((n, NUM_ACTIONS), np.int8)
    rewards = np.zeros(n, np.float32)
    done = np.zeros(n, np.bool_)
    last = np.zeros((n, OBS_SIZE), np.float32)
    core.reset(0, obs, masks, rewards, done, last)
    frozen = obs.copy()
    frozen.flags.writeable = False
    actions = masks.argmax(axis=1).astype(np.int64)
    with pytest.raises(ValueError, match="writeable"):
        core.step(actions, frozen, masks, rewards, done, last)
    with pytest.raises(ValueError, match="writeable"):
        core.reset(0, obs, masks, rewards, done, obs)
    with pytest.raises(ValueError, match="contiguous"):
        core.reset(0, np.zeros((n, 2 * OBS_SIZE), np.float32)[:, ::2], masks, rewards, done, last)
    core.step(actions, obs, masks, rewards, done, last)  # still fine

    sp = SelfPlayVecEnv(n, 2)
    seats = np.zeros(n, np.int64)
    rewards2 = np.zeros((n, 2), np.float32)
    sp.reset(0, obs, masks, seats, rewards2, done, last)
    with pytest.raises(ValueError, match="writeable"):
        sp.step(actions, obs, masks, seats, rewards2, done, obs)
    with pytest.raises(TypeError, match="float32"):
        sp.step(actions, obs, masks, seats, rewards2, done, last.astype(np.uint8))
    frozen_ints = np.zeros(n, np.int64)
    frozen_ints.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        sp.sample_actions(frozen_ints)


@pytest.mark.parametrize(
    "make",
    [
        lambda: ActionGame(256),
        lambda: ActionGame(2, -1),
        lambda: ActionGame(2, 2**64),
        lambda: ActionGame(2, 0, 2**63),
        lambda: CribbageEnv(target=-1),
        lambda: CribbageEnv(target=2**70),
        lambda: CribbageSelfPlayVectorEnv(2, num_players=2**63),
    ],
)
def test_out_of_range_numbers_are_value_errors(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


def test_negative_and_huge_actions_are_illegal_moves() -> None:
    env = CribbageEnv()
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(-1)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = CribbageEnv(illegal_action="raise")
    strict.reset(seed=0)
    for action in (-1, 53, 2**70, np.int64(-5)):
        with pytest.raises(IllegalMove):
            strict.step(action)
    game = ActionGame(2, 1)
    with pytest.raises(IllegalMove):
        game.step(-1)


@pytest.mark.parametrize("action", [5.9, "5", 5.0, np.float32(5), None, [5]])
def test_non_integer_actions_are_type_errors(action: object) -> None:
    env = CribbageEnv()
    _, info = env.reset(seed=0)
    with pytest.raises(TypeError):
        env.step(action)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(np.int32(legal))  # NumPy integers are integers; nothing changed before
    aec = CribbageAECEnv()
    aec.reset(seed=0)
    if action is not None:
        with pytest.raises(TypeError):
            aec.step(action)  # type: ignore[arg-type]


# ----- the NumPy learning example ----------------------------------------------------


def test_numpy_learning_example_runs_end_to_end(tmp_path: object) -> None:
    from pathlib import Path

    from cribbage_fast.examples.numpy_pg import Policy, evaluate, main, plot, train

    policy, curve = train(60.0, num_envs=16, horizon=8, max_updates=30)
    assert isinstance(policy, Policy) and curve and 0.0 <= curve[-1][1] <= 1.0
    wins, games = evaluate(policy, 20, num_envs=8)
    assert games == 20 and 0 <= wins <= 20
    png = Path(str(tmp_path)) / "curve.png"
    plot(curve, str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    main(["--updates", "2", "--envs", "8", "--eval-games", "10"])


@pytest.mark.parametrize(
    "name", ["cribbage_fast.envs.selfplay", "cribbage_fast.envs.vector", "cribbage_fast.envs"]
)
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_compiled_docstring_examples() -> None:
    import doctest

    from cribbage_fast import _core

    for obj in (
        _core.ActionGame,
        _core.SoloEnv,
        _core.VecEnv,
        _core.SelfPlayVecEnv,
        _core.obs_denominators,
    ):
        test = doctest.DocTestParser().get_doctest(obj.__doc__ or "", {}, obj.__name__, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.summarize().attempted > 0 and runner.failures == 0


def test_seats_and_rows_out_of_range_are_value_errors() -> None:
    game = ActionGame(3, 1)
    vec = CribbageVectorEnv(2)
    selfplay = CribbageSelfPlayVectorEnv(2)
    calls = [game.observe, game.side_of, vec._core.game, selfplay.game, selfplay._core.pending]
    for call in calls:
        for bad in (-1, 3, 2**63, 2**70):
            with pytest.raises(ValueError):
                call(bad)
        with pytest.raises(TypeError):
            call(0.5)
    assert game.side_of(np.int64(2)) == 2
    with pytest.raises(ValueError, match="65535"):
        game.side_rewards([70000, 0, 0], "points")
    with pytest.raises(ValueError, match="one per side"):
        game.side_rewards([0, 0], "points")
