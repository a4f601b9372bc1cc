"""The RLlib multi-agent env: RLlib's own checker, RLlib's episode bookkeeping
over whole games, registration, and the missing-extra error. Training (torch)
stays out of the test run; the PPO example is only compiled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from ray.rllib.env.multi_agent_episode import MultiAgentEpisode
from ray.rllib.utils.pre_checks.env import check_multiagent_environments
from ray.tune.registry import ENV_CREATOR, _global_registry

from cribbage_fast import IllegalMove
from cribbage_fast.envs.rllib import ENV_NAME, CribbageMultiAgentEnv, register


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rllib_checker_passes(players: int) -> None:
    check_multiagent_environments(CribbageMultiAgentEnv({"num_players": players}))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_through_rllib_episodes(players: int) -> None:
    env = CribbageMultiAgentEnv({"num_players": players, "target": 61})
    rng = np.random.default_rng(players)
    obs, infos = env.reset(seed=players)
    episode = MultiAgentEpisode(
        observation_space=env.observation_spaces, action_space=env.action_spaces
    )
    episode.add_env_reset(observations=obs, infos=infos)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while True:
        (agent,) = obs
        assert env.observation_spaces[agent].contains(obs[agent])
        mask = obs[agent]["action_mask"]
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, rewards, terms, truncs, infos = env.step({agent: action})
        episode.add_env_step(
            observations=obs,
            actions={agent: action},
            rewards=rewards,
            infos=infos,
            terminateds=terms,
            truncateds=truncs,
        )
        for a, r in rewards.items():
            totals[a] += r
        if terms["__all__"]:
            break
    assert episode.is_done and episode.is_terminated
    assert set(obs) == set(env.possible_agents)
    assert not any(o["action_mask"].any() for o in obs.values())
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) == 1.0
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0})


def test_bad_config_and_actions() -> None:
    with pytest.raises(ValueError, match="unknown env_config"):
        CribbageMultiAgentEnv({"players": 3})
    with pytest.raises(ValueError):
        CribbageMultiAgentEnv({"num_players": 5})
    with pytest.raises(ValueError, match="reward"):
        CribbageMultiAgentEnv({"reward": "money"})
    env = CribbageMultiAgentEnv()
    obs, _ = env.reset(seed=0)
    (agent,) = obs
    other = next(a for a in env.possible_agents if a != agent)
    with pytest.raises(ValueError, match="to move"):
        env.step({other: 0})
    with pytest.raises(TypeError):
        env.step({agent: 1.5})
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    obs, rewards, terms, _, infos = env.step({agent: illegal})
    assert terms["__all__"] and infos[agent]["illegal_action"] is True
    assert rewards[agent] == -1.0 and sum(rewards.values()) == 0.0
    strict = CribbageMultiAgentEnv({"illegal_action": "raise"})
    obs, _ = strict.reset(seed=0)
    with pytest.raises(IllegalMove):
        strict.step({agent: illegal})


def test_registered_with_tune() -> None:
    # Another test's Ray cluster may have ended, taking the import-time
    # registration with it: registering again is the documented remedy.
    assert register() == ENV_NAME
    assert _global_registry.contains(ENV_CREATOR, ENV_NAME)
    env = _global_registry.get(ENV_CREATOR, ENV_NAME)({"num_players": 4})
    assert len(env.possible_agents) == 4


def test_ppo_example_compiles() -> None:
    import cribbage_fast.examples

    path = Path(cribbage_fast.examples.__file__).parent / "rllib_ppo.py"
    compile(path.read_text(), str(path), "exec")


def test_missing_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "try:\n"
        "    import cribbage_fast.envs.rllib\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert 'pip install -e ".[rllib]"' in out


def test_docstring_examples() -> None:
    import doctest

    import cribbage_fast.envs.rllib as module

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
