"""Self-play vector environment: N games of 2, 3 or 4 players where the agent
plays every seat, stepped per call inside Rust (GIL released, rayon).

Each row's observation is that of the seat to move in that game
(``info["to_move"]``); rewards are per seat, ``(num_envs, num_players)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import DTypeLike, NDArray

from .._core import NUM_ACTIONS, OBS_SIZE, Game, obs_denominators
from .._core import SelfPlayVecEnv as _CoreSelfPlay
from .._util.args import flag
from ._order import require_reset
from ._table import BatchBoard
from .gym_env import RewardMode
from .vector import add_final_info, as_actions

__all__ = ["CribbageSelfPlayVectorEnv", "unpack_obs"]


def unpack_obs(obs: NDArray[np.uint8], target: int = 121) -> NDArray[np.float32]:
    """uint8 observations (``obs_dtype=np.uint8``) as the float32 ones.

    Every slot of a uint8 observation is the whole number behind the float32
    value: card planes and one-hot slots are 0/1, the count 0..31, cards held
    0..6, scores 0..target, cards still to discard 0..2.
    ``unpack_obs(u8, target)`` equals the float32 observation exactly.

    Parameters
    ----------
    obs : numpy.ndarray
        uint8 observations, shape (..., 444).
    target : int, default 121
        The game's target, which scales the score slots.

    Returns
    -------
    numpy.ndarray
        float32 observations of the same shape, all in 0..1.

    Raises
    ------
    ValueError
        A target outside 31..1000, or a last axis other than 444 (as NumPy's
        broadcasting reports it).

    Examples
    --------
    >>> envs = CribbageSelfPlayVectorEnv(2, obs_dtype=np.uint8)
    >>> obs, info = envs.reset(seed=0)
    >>> floats = CribbageSelfPlayVectorEnv(2).reset(seed=0)[0]
    >>> bool((unpack_obs(obs) == floats).all())
    True
    """
    unpacked: NDArray[np.float32] = np.asarray(obs, np.float32) / obs_denominators(target)
    return unpacked


class CribbageSelfPlayVectorEnv(VectorEnv[NDArray[Any], NDArray[np.int64], NDArray[Any]]):
    """`num_envs` games of `num_players` where the agent plays every seat.

    ``reset(seed=None) -> (obs, info)``; ``step(actions) -> (obs, rewards,
    terminations, truncations, info)``. Row ``i`` of ``obs`` is what the seat
    to move in game ``i`` may know (444 values, layout in docs/environments.md), that
    seat is ``info["to_move"][i]`` and its legal actions
    ``info["action_mask"][i]`` (int8, 53: a card index, 52 go; a 2-player
    discard is two card actions); ``info["scores"]`` (num_envs, sides),
    ``info["phase"]`` and ``info["dealer"]`` hold each game's board.
    ``rewards[i, s]`` is what seat ``s`` earned
    from the step (partners share): ``"win"`` +1 to the winners and
    -1/(sides - 1) to the others at the end; ``"game_points"`` the same times
    1, 2 (skunk) or 3 (double skunk); ``"points"`` each step a side's points
    minus the mean of the other sides'.

    A finished game restarts in the same step (``AutoresetMode.SAME_STEP``):
    its row holds the next game's first observation; ``info["final_obs"]``
    (object array, ``None`` for rows still playing) holds the final
    observation, from the seat that made the last move
    (``info["final_info"]["seat"]``), as Gymnasium's vector envs do.

    ``obs_dtype=np.uint8`` writes the whole numbers behind the float32 values
    (4x less memory traffic; `unpack_obs` turns them into float32 exactly).
    Results for a seed do not depend on ``threads`` (a private pool of that
    many threads, at most 256; ``None``: every core). ``copy=False`` returns
    the internal arrays (overwritten by the next call; fastest). An illegal
    action raises `cribbage_fast.IllegalMove` and changes no game.

    Examples
    --------
    >>> envs = CribbageSelfPlayVectorEnv(4, num_players=3)
    >>> obs, info = envs.reset(seed=0)
    >>> obs.shape, info["action_mask"].shape, info["to_move"].shape
    ((4, 444), (4, 53), (4,))
    >>> obs, rewards, terminations, truncations, info = envs.step(
    ...     info["action_mask"].argmax(axis=1))
    >>> rewards.shape
    (4, 3)
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        num_players: int = 2,
        reward: RewardMode = "win",
        target: int = 121,
        obs_dtype: DTypeLike = np.float32,
        threads: int | None = None,
        copy: bool = True,
    ) -> None:
        copy = flag(copy, "copy")
        dtype = np.dtype(obs_dtype)
        if dtype not in (np.dtype(np.float32), np.dtype(np.uint8)):
            raise ValueError(f"obs_dtype must be float32 or uint8, got {dtype}")
        self._core = _CoreSelfPlay(num_envs, num_players, reward, target, threads)
        if dtype == np.uint8 and target > 255:
            raise ValueError(f"uint8 observations need a target of at most 255, got {target}")
        n = self.num_envs = self._core.num_envs
        self._started = False
        self.num_players = self._core.num_players
        self.target = target
        self.copy = copy
        high = 1.0 if dtype == np.float32 else 255
        box_dtype: Any = dtype.type
        self.single_observation_space = spaces.Box(0, high, (OBS_SIZE,), box_dtype)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs = np.zeros((n, OBS_SIZE), dtype)
        self._final_obs = np.zeros((n, OBS_SIZE), dtype)
        self._masks = np.zeros((n, NUM_ACTIONS), np.int8)
        self._to_move = np.zeros(n, np.int64)
        self._rewards = np.zeros((n, self.num_players), np.float32)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self._last_seat = np.zeros(n, np.int64)
        self._final_masks = np.zeros((n, NUM_ACTIONS), np.int8)
        self._board = BatchBoard(self._core, n, Game.sides_for(self._core.num_players))

    def _outputs(self) -> tuple[NDArray[Any], ...]:
        return (
            self._obs,
            self._masks,
            self._to_move,
            self._rewards,
            self._terminations,
            self._final_obs,
        )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[Any], dict[str, Any]]:
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
            The observation of the seat to move in each game, and
            ``{"action_mask", "to_move"}`` with each game's board:
            ``"scores"`` (num_envs, sides), ``"phase"``, ``"dealer"``.

        Examples
        --------
        >>> obs, info = CribbageSelfPlayVectorEnv(4).reset(seed=0)
        >>> obs.shape, info["to_move"].shape
        ((4, 444), (4,))
        """
        super().reset(seed=seed)
        batch_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._started = True
        self._core.reset(batch_seed, *self._outputs())
        return self._out(self._obs), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[Any],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays one action in every game, for the seat to move in it.

        Parameters
        ----------
        actions : array_like of int
            One action per game (0..51 a card, 52 go).

        Returns
        -------
        tuple
            ``(obs, rewards, terminated, truncated, info)``, one row per game,
            rewards ``(num_envs, num_players)`` per seat; a
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
        >>> envs = CribbageSelfPlayVectorEnv(4, num_players=3)
        >>> _ = envs.reset(seed=0)
        >>> obs, rewards, terminated, truncated, info = envs.step(envs.sample_actions())
        >>> rewards.shape
        (4, 3)
        """
        require_reset(self._started, "step")
        acts = as_actions(actions, self.num_envs)
        np.copyto(self._last_seat, self._to_move)
        self._core.step(acts, *self._outputs())
        info = self._info()
        final: dict[str, NDArray[Any]] = {
            "action_mask": self._final_masks,
            "seat": self._last_seat.copy(),
        }
        add_final_info(info, self._terminations, self._final_obs, final)
        return (
            self._out(self._obs),
            self._out(self._rewards),
            self._out(self._terminations),
            self._out(self._truncations),
            info,
        )

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self._out(self._masks),
            "to_move": self._out(self._to_move),
            **self._board.info(),
        }

    def sample_actions(self) -> NDArray[np.int64]:
        """A uniformly random legal action for every game, drawn in Rust.

        Each row draws from its own generator, seeded by `reset`, so the
        actions do not depend on ``threads``: a fast random player for
        baselines, exploration and benchmarks.

        Returns
        -------
        numpy.ndarray
            (num_envs,) int64 legal actions.

        Examples
        --------
        >>> envs = CribbageSelfPlayVectorEnv(3)
        >>> _, info = envs.reset(seed=0)
        >>> actions = envs.sample_actions()
        >>> bool(info["action_mask"][np.arange(3), actions].all())
        True
        """
        out = np.empty(self.num_envs, np.int64)
        self._core.sample_actions(out)
        return out

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of every game now, ``(num_envs, 53)`` booleans.

        Returns
        -------
        numpy.ndarray
            (num_envs, 53) booleans.

        Examples
        --------
        >>> envs = CribbageSelfPlayVectorEnv(2)
        >>> _ = envs.reset(seed=0)
        >>> envs.action_masks().shape
        (2, 53)
        """
        return self._masks.astype(bool)

    def game(self, i: int) -> Any:
        """A copy of the game in row ``i`` (`cribbage_fast.Game`).

        Parameters
        ----------
        i : int
            A row, 0 to ``num_envs - 1``.

        Returns
        -------
        Game
            A copy: changing it leaves the environment alone.

        Raises
        ------
        ValueError
            Not a row of the batch.

        Examples
        --------
        >>> envs = CribbageSelfPlayVectorEnv(2, num_players=4)
        >>> _ = envs.reset(seed=0)
        >>> envs.game(1).num_players
        4
        """
        return self._core.game(i)

    def _out(self, a: NDArray[Any]) -> NDArray[Any]:
        return a.copy() if self.copy else a
