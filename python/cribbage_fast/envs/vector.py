"""Gymnasium vector environment: N games stepped per call inside Rust.

Every game is a `CribbageEnv` game (seat 0 against a built-in opponent). One
`step` plays all N agent actions and the opponents' replies in Rust, with the
GIL released and rayon across cores, writing into preallocated NumPy arrays.
Finished games restart in the same step (``AutoresetMode.SAME_STEP``); the
final observation of each finished game is in ``info["final_obs"]``, as
Gymnasium's own vector envs give it.
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
from .._util.args import flag
from ._order import require_reset
from ._table import BatchBoard
from .gym_env import RewardMode

__all__ = ["CribbageVectorEnv", "add_final_info", "as_actions"]


def as_actions(actions: Any, num_envs: int) -> NDArray[np.int64]:
    """One integer action per game as a contiguous int64 array.

    Raises
    ------
    TypeError
        the actions are not integers (floats are never truncated).
    ValueError
        not one action per game.
    """
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers, got an array of {arr.dtype}")
    if arr.size != num_envs:
        raise ValueError(f"expected {num_envs} actions (one per game), got shape {arr.shape}")
    if arr.dtype == np.uint64:
        # Beyond int64: out of range either way, and must not wrap into range.
        arr = np.minimum(arr, np.uint64(2**63 - 1))
    return np.ascontiguousarray(arr.reshape(num_envs), dtype=np.int64)


def add_final_info(
    info: dict[str, Any],
    done: NDArray[np.bool_],
    final_obs: NDArray[Any],
    final_info: dict[str, NDArray[Any]],
) -> None:
    """Adds Gymnasium's same-step autoreset entries to ``info`` if any game ended.

    ``info["final_obs"]`` is an object array with the final observation of
    each finished game (``None`` elsewhere), ``info["final_info"]`` the batched
    info of those final steps, each with its ``_key`` boolean mask, as
    `gymnasium.vector.SyncVectorEnv` builds them.
    """
    if not done.any():
        return
    rows = np.flatnonzero(done)
    objects = np.full(len(done), None, dtype=object)
    for i in rows:
        objects[i] = final_obs[i].copy()
    mask = done.copy()
    batched: dict[str, NDArray[Any]] = {}
    for key, value in final_info.items():
        batched[key] = value
        batched[f"_{key}"] = mask
    info.update(
        {"final_obs": objects, "_final_obs": mask, "final_info": batched, "_final_info": mask}
    )


class CribbageVectorEnv(VectorEnv[NDArray[np.float32], NDArray[np.int64], NDArray[Any]]):
    """`num_envs` `CribbageEnv` games stepped together in Rust.

    ``step(actions)`` returns ``(obs, rewards, terminations, truncations, info)``
    with ``info["action_mask"]`` of shape ``(num_envs, 53)`` (int8) and each
    game's board: ``info["scores"]`` (num_envs, 2; the agent's first),
    ``info["phase"]`` (names) and ``info["dealer"]`` (seats). When a
    game ends its row already holds the first observation and mask of the next
    game, while the reward and termination belong to the game that ended
    (``AutoresetMode.SAME_STEP``). As in Gymnasium's own vector envs,
    ``info["final_obs"]`` (an object array, ``None`` for rows still playing)
    then holds the final observation of each finished game and
    ``info["final_info"]`` its info, each with a ``_final_obs`` /
    ``_final_info`` boolean mask. Results for a seed do not depend on the
    thread count (``threads``: a private pool of that size, at most 256;
    ``None``: rayon's global pool). An illegal action raises
    `cribbage_fast.IllegalMove` and changes no game.

    ``copy=False`` returns the internal arrays themselves (overwritten by the
    next call; fastest); the default returns copies.

    Examples
    --------
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
        threads: int | None = None,
        copy: bool = True,
    ) -> None:
        copy = flag(copy, "copy")
        self._core = _CoreVecEnv(num_envs, opponent, reward, target, threads)
        self.num_envs = self._core.num_envs
        self._started = False
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
        self._final_obs = np.zeros((num_envs, OBS_SIZE), np.float32)
        self._final_masks = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._board = BatchBoard(self._core, self.num_envs, 2)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Starts every game afresh (seeds drawn from ``self.np_random``).

        Parameters
        ----------
        seed : int or None, default None
            Seeds ``self.np_random`` (the same seed gives the same games).
        options : dict or None, default None
            Unused (Gymnasium's signature).

        Returns
        -------
        tuple of (numpy.ndarray, dict)
            ``(num_envs, 444)`` observations and the info: ``"action_mask"``
            (num_envs, 53) and each game's board, ``"scores"`` (num_envs, 2),
            ``"phase"`` and ``"dealer"`` (num_envs,).

        Examples
        --------
        >>> obs, info = CribbageVectorEnv(4).reset(seed=0)
        >>> obs.shape, info["action_mask"].shape
        ((4, 444), (4, 53))
        """
        super().reset(seed=seed)
        batch_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._started = True
        self._core.reset(
            batch_seed, self._obs, self._masks, self._rewards, self._terminations, self._final_obs
        )
        return self._out(self._obs), {"action_mask": self._out(self._masks), **self._board.info()}

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays one action in every game, and each opponent's replies.

        Parameters
        ----------
        actions : array_like of int
            One action per game (0..51 a card, 52 go).

        Returns
        -------
        tuple
            ``(obs, rewards, terminated, truncated, info)``, one row per game; a
            finished game restarts in the same step, its last observation in
            ``info["final_obs"]``.

        Raises
        ------
        TypeError
            Actions that are not integers.
        ValueError
            Not one action per game.
        ResetNeeded
            Before the first `reset` (a RuntimeError).
        IllegalMove
            An illegal action; no game changes.

        Examples
        --------
        >>> envs = CribbageVectorEnv(4)
        >>> obs, info = envs.reset(seed=0)
        >>> actions = info["action_mask"].argmax(axis=1)
        >>> obs, rewards, terminated, truncated, info = envs.step(actions)
        >>> rewards.shape, bool(terminated.any())
        ((4,), False)
        """
        require_reset(self._started, "step")
        acts = as_actions(actions, self.num_envs)
        self._core.step(
            acts, self._obs, self._masks, self._rewards, self._terminations, self._final_obs
        )
        info = {"action_mask": self._out(self._masks), **self._board.info()}
        add_final_info(
            info, self._terminations, self._final_obs, {"action_mask": self._final_masks}
        )
        return (
            self._out(self._obs),
            self._out(self._rewards),
            self._out(self._terminations),
            self._out(self._truncations),
            info,
        )

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of every game now, ``(num_envs, 53)`` booleans.

        Returns
        -------
        numpy.ndarray
            (num_envs, 53) booleans.

        Examples
        --------
        >>> envs = CribbageVectorEnv(2)
        >>> _ = envs.reset(seed=0)
        >>> envs.action_masks().shape
        (2, 53)
        """
        return self._masks.astype(bool)

    def _out(self, a: NDArray[Any]) -> NDArray[Any]:
        return a.copy() if self.copy else a
