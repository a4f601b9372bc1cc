"""Whole random games per second: OpenSpiel's cribbage stepped from Python, our
Gymnasium env, our PettingZoo env, the batched env against a built-in opponent
and the self-play batched env (agent steps per second).

Every benchmark plays uniformly random legal moves for every seat it controls
(the Gymnasium and batched envs' opponent is the built-in random player, in
Rust). The batched envs draw the agent's actions either in NumPy from the
action mask (``numpy``: the cost of a Python agent included) or, for the
self-play env, with its Rust `sample_actions` (``rust``). An agent step is one
action of the agent (the self-play env: one move of any seat; the opponent
env: one move of seat 0 plus the opponent's replies). ``extra_info`` holds
games/s and agent steps/s of the last round.

    .venv/bin/python -m pytest benches/bench_envs.py --benchmark-enable
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from cribbage_fast.envs import (
    CribbageAECEnv,
    CribbageEnv,
    CribbageSelfPlayVectorEnv,
    CribbageVectorEnv,
)

GAMES = 20


def record(benchmark: Any, games: int, steps: int) -> None:
    seconds = benchmark.stats.stats.mean if benchmark.stats else None
    if seconds:
        benchmark.extra_info["games_per_s"] = round(games / seconds)
        benchmark.extra_info["agent_steps_per_s"] = round(steps / seconds)


def counted(benchmark: Any, play: Callable[[], tuple[int, int]]) -> None:
    totals: list[tuple[int, int]] = []
    benchmark.pedantic(lambda: totals.append(play()), rounds=5, iterations=1, warmup_rounds=1)
    games, steps = totals[-1]
    record(benchmark, games, steps)


@pytest.mark.benchmark(group="envs: whole random games")
def test_openspiel_cribbage_python_loop(benchmark: Any) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("cribbage")
    rng = random.Random(0)

    def play() -> tuple[int, int]:
        steps = 0
        for _ in range(GAMES):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(rng.choice(outcomes)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
        return GAMES, steps

    counted(benchmark, play)


@pytest.mark.benchmark(group="envs: whole random games")
def test_gymnasium_env(benchmark: Any) -> None:
    env = CribbageEnv()
    rng = random.Random(0)
    seeds = iter(range(10**9))

    def play() -> tuple[int, int]:
        steps = 0
        for _ in range(GAMES):
            _, info = env.reset(seed=next(seeds))
            mask = info["action_mask"]
            while True:
                action = rng.choice(mask.nonzero()[0])
                _, _, terminated, _, info = env.step(action)
                mask = info["action_mask"]
                steps += 1
                if terminated:
                    break
        return GAMES, steps

    counted(benchmark, play)


@pytest.mark.benchmark(group="envs: whole random games")
def test_pettingzoo_aec_env(benchmark: Any) -> None:
    env = CribbageAECEnv(num_players=2)
    rng = random.Random(0)
    seeds = iter(range(10**9))

    def play() -> tuple[int, int]:
        steps = 0
        for _ in range(GAMES):
            env.reset(seed=next(seeds))
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
                    steps += 1
        return GAMES, steps

    counted(benchmark, play)


STEPS_PER_ROUND = 50


def masked_random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal action per row: argmax of masked noise."""
    return (rng.random(masks.shape, np.float32) * masks).argmax(axis=1)


@pytest.mark.benchmark(group="envs: whole random games")
@pytest.mark.parametrize("num_envs", [1024, 4096, 8192])
def test_batched_env(benchmark: Any, num_envs: int) -> None:
    venv = CribbageVectorEnv(num_envs, copy=False)
    _, info = venv.reset(seed=0)
    masks = info["action_mask"]
    rng = np.random.default_rng(0)

    def play() -> tuple[int, int]:
        games = 0
        for _ in range(STEPS_PER_ROUND):
            _, _, terminations, _, _ = venv.step(masked_random(rng, masks))
            games += int(terminations.sum())
        return games, STEPS_PER_ROUND * num_envs

    counted(benchmark, play)


@pytest.mark.benchmark(group="envs: whole random games")
@pytest.mark.parametrize("sampler", ["numpy", "rust"])
@pytest.mark.parametrize("obs_dtype", ["float32", "uint8"])
@pytest.mark.parametrize("num_envs", [4096, 16384])
def test_selfplay_env(benchmark: Any, num_envs: int, obs_dtype: str, sampler: str) -> None:
    venv = CribbageSelfPlayVectorEnv(num_envs, obs_dtype=np.dtype(obs_dtype), copy=False)
    _, info = venv.reset(seed=0)
    masks = info["action_mask"]
    rng = np.random.default_rng(0)

    def play() -> tuple[int, int]:
        games = 0
        for _ in range(STEPS_PER_ROUND):
            actions = venv.sample_actions() if sampler == "rust" else masked_random(rng, masks)
            _, _, terminations, _, _ = venv.step(actions)
            games += int(terminations.sum())
        return games, STEPS_PER_ROUND * num_envs

    counted(benchmark, play)
