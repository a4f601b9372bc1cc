"""Every environment's info holds the board (scores, phase, dealer) next to
what it held before, checked against the game itself at every step, and
``render_mode="human"`` prints the table to the terminal."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cribbage_fast.envs import CribbageAECEnv, CribbageEnv


def assert_board(info: dict[str, object], game: object) -> None:
    assert info["scores"] == tuple(game.scores)  # type: ignore[attr-defined]
    assert info["phase"] == game.phase  # type: ignore[attr-defined]
    assert info["dealer"] == game.dealer  # type: ignore[attr-defined]


def test_the_gymnasium_info_holds_the_board_at_every_step() -> None:
    env = CribbageEnv(opponent="greedy")
    _, info = env.reset(seed=4)
    assert set(info) == {"action_mask", "scores", "phase", "dealer"}
    rng = np.random.default_rng(4)
    phases, dealers = set(), set()
    while True:
        assert_board(info, env.game())
        phases.add(info["phase"])
        dealers.add(info["dealer"])
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = env.step(action)
        if terminated:
            assert_board(info, env.game())
            assert info["phase"] == "over" and max(info["scores"]) >= 121
            break
    assert {"discard", "play"} <= phases and dealers == {0, 1}
    _, info = env.reset(seed=5)
    _, _, terminated, _, info = env.step(52)  # go is illegal in the discard
    assert terminated and info["illegal_action"] and "scores" in info


def test_human_render_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = CribbageEnv(render_mode="human")
    assert "human" in env.metadata["render_modes"]
    _, info = env.reset(seed=1)
    first = capsys.readouterr().out
    assert first.startswith("scores") and "your hand" in first
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert capsys.readouterr().out.startswith("scores")
    assert env.render() is None and capsys.readouterr().out.startswith("scores")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        made = gym.make("Cribbage-v0", render_mode="human")
    check_env(made.unwrapped)
    with pytest.raises(ValueError, match="'ansi', 'human' or None"):
        CribbageEnv(render_mode="rgb_array")


def test_the_pettingzoo_infos_hold_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    env = CribbageAECEnv(num_players=3, render_mode="human")
    env.reset(seed=2)
    assert capsys.readouterr().out.startswith("scores")
    for _ in range(30):
        agent = env.agent_selection
        _, _, terminated, _, info = env.last()
        assert_board(info, env._game)
        if terminated:
            break
        env.step(int(env.observe(agent)["action_mask"].argmax()))
    assert capsys.readouterr().out.count("scores") >= 30
    with pytest.raises(ValueError, match="'ansi', 'human' or None"):
        CribbageAECEnv(render_mode="rgb_array")


def test_the_rllib_infos_hold_the_board() -> None:
    pytest.importorskip("ray.rllib")
    from cribbage_fast.envs.rllib import CribbageMultiAgentEnv

    env = CribbageMultiAgentEnv({"num_players": 2})
    obs, infos = env.reset(seed=0)
    (agent,) = infos
    assert_board(infos[agent], env._game)
    for _ in range(400):
        action = int(obs[agent]["action_mask"].argmax())
        obs, _, terminateds, _, infos = env.step({agent: action})
        for info in infos.values():
            assert_board(info, env._game)
        if terminateds["__all__"]:
            break
        (agent,) = obs
    assert terminateds["__all__"]
