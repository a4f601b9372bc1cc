"""The learning environments: Gymnasium (single and vector), PettingZoo, OpenSpiel,
the optional-extra import error, and the example agents."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import cribbage_fast.envs as envs
from cribbage_fast import Game, GreedyPlayer, IllegalMove
from cribbage_fast._core import NUM_ACTIONS, OBS_SIZE, ActionGame
from cribbage_fast.envs import CribbageEnv, CribbageVectorEnv
from cribbage_fast.games.agents import ISMCTSPlayer, play_with_search


def random_episode(env: CribbageEnv, seed: int) -> tuple[list[float], list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards, observations = [], [obs]
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        observations.append(obs)
        assert not truncated
        if terminated:
            return rewards, observations


# ----- Gymnasium -----------------------------------------------------------------


@pytest.mark.parametrize("reward", ["win", "game_points", "points"])
def test_gymnasium_env_checker(reward: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the checker's advisory notes, not failures
        env = gym.make("Cribbage-v0", reward=reward)
    check_env(env.unwrapped)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ansi = gym.make("Cribbage-v0", reward=reward, render_mode="ansi")
    check_env(ansi.unwrapped)
    text = ansi.unwrapped.render()
    assert isinstance(text, str) and "scores" in text


@pytest.mark.parametrize("opponent", ["greedy", "expert"])
def test_built_in_bots_are_opponents(opponent: str) -> None:
    rewards, _ = random_episode(CribbageEnv(opponent=opponent), 3)
    assert rewards[-1] in (1.0, -1.0)
    vec = CribbageVectorEnv(4, opponent=opponent)
    obs, _ = vec.reset(seed=1)
    assert obs.shape == (4, OBS_SIZE)


def test_registered_and_seeded() -> None:
    assert "Cribbage-v0" in gym.registry
    env = CribbageEnv()
    r1, o1 = random_episode(env, 5)
    r2, o2 = random_episode(env, 5)
    assert r1 == r2 and all(np.array_equal(a, b) for a, b in zip(o1, o2, strict=True))
    assert r1[-1] in (1.0, -1.0) and set(r1[:-1]) == {0.0}
    _, o3 = random_episode(env, 6)
    assert not np.array_equal(o1[0], o3[0]) or len(o1) != len(o3)


def test_action_masks_and_info() -> None:
    env = CribbageEnv()
    _obs, info = env.reset(seed=2)
    assert info["action_mask"].dtype == np.int8
    assert env.action_masks().dtype == np.bool_
    np.testing.assert_array_equal(env.action_masks(), info["action_mask"].astype(bool))
    game = env.game()
    assert game.to_move == 0
    assert set(np.flatnonzero(env.action_masks())) == {c.index for c in game.hand(0)}


def test_reward_modes() -> None:
    env = CribbageEnv(reward="game_points")
    rewards, _ = random_episode(env, 3)
    assert rewards[-1] in (-3.0, -2.0, -1.0, 1.0, 2.0, 3.0)
    game = env.game()
    assert abs(rewards[-1]) == game.game_points
    env = CribbageEnv(reward="points")
    rewards, _ = random_episode(env, 4)
    scores = env.game().scores
    # The opponent may peg before the agent's first move only by dealing first
    # and that never scores: the sum is the final margin.
    assert sum(rewards) == pytest.approx(scores[0] - scores[1])


def test_illegal_actions() -> None:
    env = CribbageEnv()
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = CribbageEnv(illegal_action="raise")
    _, info = strict.reset(seed=1)
    with pytest.raises(IllegalMove):
        strict.step(illegal)
    strict.step(int(np.flatnonzero(info["action_mask"])[0]))  # still playable
    with pytest.raises(ValueError, match="opponent"):
        CribbageEnv(opponent="nobody")
    with pytest.raises(ValueError, match="reward"):
        CribbageEnv(reward="money")  # type: ignore[arg-type]


# ----- the vector env ------------------------------------------------------------


def run_vector(threads: int | None, n: int = 64, steps: int = 300) -> list[np.ndarray]:
    envs_ = CribbageVectorEnv(n, threads=threads)
    obs, info = envs_.reset(seed=11)
    rng = np.random.default_rng(0)
    out = [obs]
    for _ in range(steps):
        masks = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terms, _truncs, info = envs_.step(actions)
        out += [obs, rewards, terms]
    return out


def test_vector_env_is_deterministic_for_any_thread_count() -> None:
    a, b = run_vector(1), run_vector(2)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    terms = np.concatenate(a[3::3])
    assert terms.sum() > 10, "games finish and restart"


def test_vector_rows_are_single_games() -> None:
    n = 8
    venv = CribbageVectorEnv(n, reward="win", threads=1)
    obs, info = venv.reset(seed=3)
    assert venv.observation_space.shape == (n, OBS_SIZE)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(400):
        for i in range(n):
            game = venv._core.game(i)
            twin = ActionGame.from_game(game)
            # A card the agent has put aside (half a discard) is only in the env.
            aside = set(np.flatnonzero(obs[i][52:104]).tolist())
            aside -= {c.index for c in game.view(0).discards}
            for card in aside:
                twin.step(card)
            np.testing.assert_array_equal(obs[i], twin.observe(0))
            np.testing.assert_array_equal(info["action_mask"][i], twin.action_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, rewards, terms, truncs, info = venv.step(actions)
        assert not truncs.any()
        for i in np.flatnonzero(terms):
            assert rewards[i] in (1.0, -1.0)
            # The row already holds a new game's first position.
            assert venv._core.game(i).deal_number == 1
            finished += 1
        assert set(rewards[~terms].tolist()) <= {0.0}
    assert finished > 0


def test_vector_env_refuses_illegal_actions() -> None:
    venv = CribbageVectorEnv(2)
    obs, info = venv.reset(seed=0)
    bad = np.array([int(np.flatnonzero(info["action_mask"][0] == 0)[0])] * 2)
    with pytest.raises(IllegalMove, match="game 0"):
        venv.step(bad)
    obs2, _ = venv.reset(seed=0)
    np.testing.assert_array_equal(obs, obs2)


# ----- PettingZoo -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_and_seed(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about Dict observation spaces
        api_test(envs.CribbageAECEnv(num_players=players), num_cycles=300)
        seed_test(lambda: envs.aec_env(num_players=players), num_cycles=100)


def test_partners_share_rewards() -> None:
    env = envs.CribbageAECEnv(num_players=4, reward="points")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert totals["player_0"] == totals["player_2"]
    assert totals["player_1"] == totals["player_3"]
    assert totals["player_0"] == -totals["player_1"] != 0


def test_three_player_win_rewards_are_zero_sum() -> None:
    env = envs.CribbageAECEnv(num_players=3, target=61)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, _truncated, _ = env.last()
        if terminated:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final.values()) == [-0.5, -0.5, 1.0]


# ----- OpenSpiel --------------------------------------------------------------------


def test_openspiel_game_plays_and_runs_ismcts() -> None:
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import cribbage_fast.envs.openspiel  # noqa: F401  (registers the game)

    for players in (2, 3, 4):
        game = pyspiel.load_game("python_cribbage_fast", {"players": players, "target": 61})
        state = game.new_initial_state()
        rng = np.random.default_rng(players)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            player = state.current_player()
            assert len(state.observation_tensor(player)) == OBS_SIZE
            legal = state.legal_actions()
            assert legal and all(0 <= a < NUM_ACTIONS for a in legal)
            key = state.information_state_string(player)
            assert state.resample_from_infostate(player).information_state_string(player) == key
            state.apply_action(int(rng.choice(legal)))
        assert sum(state.returns()) == pytest.approx(0.0)
        assert max(state.returns()) == 1.0

    game = pyspiel.load_game("python_cribbage_fast", {"target": 31})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0]


# ----- extras and agents -------------------------------------------------------------


def test_missing_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "import cribbage_fast\n"
        "assert cribbage_fast.score_hand('5H 5D 5C JS', '5S') == 29\n"
        "try:\n"
        "    import cribbage_fast.envs\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert 'pip install -e ".[rl]"' in out and 'pip install "cribbage_fast[rl]"' in out


def test_ismcts_smoke() -> None:
    winner, points = play_with_search(
        Game(2, seed=1, target=61), [ISMCTSPlayer(iterations=10, seed=1), GreedyPlayer()]
    )
    assert winner in (0, 1) and points >= 1
    winner, _ = play_with_search(
        Game(3, seed=2, target=61),
        [GreedyPlayer(), ISMCTSPlayer(iterations=5, seed=2), GreedyPlayer()],
    )
    assert winner in (0, 1, 2)


def test_ismcts_example_match() -> None:
    from cribbage_fast.examples.ismcts import match, wilson

    wins, games = match(games=1, iterations=3)
    assert games == 1 and wins in (0, 1)
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.6 < high < 0.7
