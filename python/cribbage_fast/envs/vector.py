"""Gymnasium vector environment: N games stepped per call inside Rust.

Every game is a `CribbageEnv` game (seat 0 against a built-in opponent). One
`step` plays all N agent actions and the opponents' replies in Rust, with the
GIL released and rayon across cores, writing into preallocated NumPy arrays.
Finished games restart in the same step (``AutoresetMode.SAME_STEP``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from .._core import NUM_ACTIONS, OBS_SIZE
from .._core import VecEnv as _CoreVecEnv
from .gym_env import RewardMode

__all__ = ["CribbageVectorEnv"]


class CribbageVectorEnv(VectorEnv[NDArray[np.float32], NDArray[np.int64], NDArray[Any]]):
    """`num_envs` `CribbageEnv` games stepped together in Rust.

    ``step(actions)`` returns ``(obs, rewards, terminations, truncations, info)``
    with ``info["action_mask"]`` of shape ``(num_envs, 53)`` (int8). When a
    game ends its row already holds the first observation and mask of the next
    game, while the reward and termination belong to the game that ended
    (same-step autoreset; the final observation of a finished game is not
    returned: it is terminal). Results for a seed do not depend on the thread
    count (``num_threads``: a private pool of that size; ``None``: rayon's
    global pool). An illegal action raises `cribbage_fast.IllegalMove` and
    changes no game.

    ``copy=False`` returns the internal arrays themselves (overwritten by the
    next call; fastest); the default returns copies.

    >>> envs = CribbageVectorEnv(4)
    >>> obs, info = envs.reset(seed=0)
    >>> obs.shape, info["action_mask"].shape
    ((4, 444), (4, 53))
    >>> actions = info["action_mask"].argmax(axis=1)
    >>> obs, rewards, terminations, truncations, info = envs.step(actions)
    >>> rewards.tolist(), terminations.tolist()
    ([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        opponent: str = "random",
        reward: RewardMode = "win",
        target: int = 121,
        num_threads: int | None = None,
        copy: bool = True,
    ) -> None:
        self._core = _CoreVecEnv(num_envs, opponent, reward, target, num_threads)
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, OBS_SIZE), np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._rewards = np.zeros(num_envs, np.float32)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Starts every game afresh (seeds drawn from ``self.np_random``)."""
        super().reset(seed=seed)
        batch_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._core.reset(batch_seed, self._obs, self._masks, self._rewards, self._terminations)
        return self._out(self._obs), {"action_mask": self._out(self._masks)}

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        acts = np.ascontiguousarray(actions, dtype=np.int64).reshape(self.num_envs)
        self._core.step(acts, self._obs, self._masks, self._rewards, self._terminations)
        return (
            self._out(self._obs),
            self._out(self._rewards),
            self._out(self._terminations),
            self._out(self._truncations),
            {"action_mask": self._out(self._masks)},
        )

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of every game now, ``(num_envs, 53)`` booleans."""
        return self._masks.astype(bool)

    def _out(self, a: NDArray[Any]) -> NDArray[Any]:
        return a.copy() if self.copy else a
