"""Learning environments (optional extra ``rl``: ``pip install -e ".[rl]"`` in a clone).

- `CribbageEnv` (Gymnasium, id ``Cribbage-v0``): the agent plays seat 0 of a
  2-player game against a built-in opponent.
- `CribbageVectorEnv` (Gymnasium vector API): many such games stepped together
  in Rust, in parallel, with automatic resets.
- `CribbageSelfPlayVectorEnv`: many games of 2, 3 or 4 players where the agent
  plays every seat (self-play), stepped together in Rust.
- `CribbageAECEnv` / `aec_env()` (PettingZoo AEC): 2, 3 or 4 players, partners
  share rewards.
- `cribbage_fast.envs.rllib.CribbageMultiAgentEnv` (RLlib, extra ``rllib``).

Observation (444 float32 in 0..1) and action (53: card index, 52 = go) layouts
are documented in docs/environments.md and in `src/encode.rs`.

Examples
--------
>>> import gymnasium as gym
>>> import cribbage_fast.envs
>>> env = gym.make("Cribbage-v0", opponent="random")
>>> obs, info = env.reset(seed=0)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((444,), True)
"""

from __future__ import annotations

from typing import Any

from .._util.extras import require

require("gymnasium", "rl")

import gymnasium  # noqa: E402

from .._core import GO_ACTION, NUM_ACTIONS, OBS_SIZE, OPPONENTS  # noqa: E402
from .gym_env import CribbageEnv  # noqa: E402
from .selfplay import CribbageSelfPlayVectorEnv, unpack_obs  # noqa: E402
from .vector import CribbageVectorEnv  # noqa: E402

__all__ = [
    "GO_ACTION",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "OPPONENTS",
    "CribbageAECEnv",
    "CribbageEnv",
    "CribbageSelfPlayVectorEnv",
    "CribbageVectorEnv",
    "aec_env",
    "unpack_obs",
]

if "Cribbage-v0" not in gymnasium.registry:
    gymnasium.register(
        id="Cribbage-v0",
        entry_point="cribbage_fast.envs.gym_env:CribbageEnv",
        vector_entry_point="cribbage_fast.envs.vector:CribbageVectorEnv",
    )


def __getattr__(name: str) -> Any:
    # PettingZoo is imported on first use: it is slow to import.
    if name in ("CribbageAECEnv", "aec_env"):
        from . import aec

        return getattr(aec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
