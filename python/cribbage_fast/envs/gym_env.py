"""Gymnasium environment: one seat of a 2-player game against a built-in player.

The game, the opponent and the encoding run in Rust (`cribbage_fast._core.SoloEnv`);
a step is one call into the core.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from .._core import NUM_ACTIONS, OBS_SIZE, IllegalMove, SoloEnv
from .._util.args import real
from ._order import require_reset
from ._table import RENDER_MODES, board_info, check_render_mode, render_text

__all__ = ["CribbageEnv", "RewardMode"]

RewardMode = Literal["win", "game_points", "points"]

_ObsType = NDArray[np.float32]


class CribbageEnv(gym.Env[_ObsType, np.int64]):
    """The agent plays seat 0 of a 2-player game (to 121, no muggins) against
    `opponent` (``"random"``: a uniformly random legal move; see ``OPPONENTS``).
    The first dealer is cut for, so the agent deals first in about half the games.

    Observation: 444 float32 in [0, 1] (what seat 0 may know); action: 0..51
    lays or discards that card (``(rank - 1) * 4 + suit``), 52 says go. A
    2-card discard is two card actions. ``info["action_mask"]`` (int8) and
    `action_masks()` give the legal actions; go is legal only when nothing
    else is. Every ``info`` also holds the board: ``"scores"`` (the agent's
    first), ``"phase"`` and ``"dealer"`` (the seat that deals, 0 the agent).

    Render modes: ``"ansi"`` (`render` returns the table as text) and
    ``"human"`` (the text printed to the terminal after every reset and step).

    Rewards (``reward=``): ``"win"`` +1/-1 at the end (default),
    ``"game_points"`` +/-1, 2 (skunk) or 3 (double skunk) at the end,
    ``"points"`` each step the points the agent gained minus the opponent's
    (pegging and shows), nothing extra at the end.

    Illegal actions (``illegal_action=``), including integers outside 0..52:
    ``"lose"`` (default) ends the episode with reward ``illegal_reward`` (-1)
    and ``info["illegal_action"]``; ``"raise"`` raises
    `cribbage_fast.IllegalMove` (a ValueError) and changes nothing. Actions
    must be Python or NumPy integers (anything else: TypeError).

    Examples
    --------
    >>> env = CribbageEnv()
    >>> obs, info = env.reset(seed=1)
    >>> action = int(np.flatnonzero(info["action_mask"])[0])
    >>> obs, reward, terminated, truncated, info = env.step(action)
    >>> reward, terminated, truncated
    (0.0, False, False)
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        opponent: str = "random",
        reward: RewardMode = "win",
        target: int = 121,
        illegal_action: Literal["lose", "raise"] = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f'illegal_action must be "lose" or "raise", got {illegal_action!r}')
        check_render_mode(render_mode)
        self._core = SoloEnv(opponent, reward, target)
        self.opponent = opponent
        self.reward_mode = reward
        self.target = target
        self.illegal_action = illegal_action
        self.illegal_reward = real(illegal_reward, "illegal_reward")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._mask: NDArray[np.int8] = np.zeros(NUM_ACTIONS, np.int8)
        self._obs: _ObsType = np.zeros(OBS_SIZE, np.float32)
        self._done = True
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_ObsType, dict[str, Any]]:
        """Starts a new game; the game's seed comes from ``self.np_random``.

        Parameters
        ----------
        seed : int or None, default None
            Seeds ``self.np_random`` (the same seed gives the same games).
        options : dict or None, default None
            Unused (Gymnasium's signature).

        Returns
        -------
        tuple of (numpy.ndarray, dict)
            The agent's first observation (444 float32) and its info: the
            ``"action_mask"`` and the board (``"scores"``, ``"phase"``,
            ``"dealer"``).

        Examples
        --------
        >>> obs, info = CribbageEnv().reset(seed=1)
        >>> obs.shape, info["action_mask"].shape
        ((444,), (53,))
        >>> info["scores"], info["phase"]
        ((0, 0), 'discard')
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._obs, self._mask = self._core.reset(game_seed)
        self._done = False
        self._started = True
        return self._obs, self._info()

    def step(self, action: Any) -> tuple[_ObsType, float, bool, bool, dict[str, Any]]:
        """Plays the agent's action, then the opponent's moves up to the agent's next turn.

        Parameters
        ----------
        action : int
            0..51 a card, 52 go.

        Returns
        -------
        tuple
            ``(obs, reward, terminated, truncated, info)``; ``info["action_mask"]``
            marks the legal actions, ``info["illegal_action"]`` an illegal one.

        Raises
        ------
        RuntimeError
            Before the first `reset` (`ResetNeeded`), or once the game is over:
            call `reset` first.
        TypeError
            An action that is not an integer.
        IllegalMove
            An illegal action with ``illegal_action="raise"`` (otherwise it ends
            the episode with ``illegal_reward``).

        Examples
        --------
        >>> env = CribbageEnv()
        >>> obs, info = env.reset(seed=1)
        >>> obs, reward, terminated, truncated, info = env.step(52)  # go is illegal now
        >>> reward, terminated, info["illegal_action"]
        (-1.0, True, True)
        """
        require_reset(self._started, "step")
        if self._done:
            raise RuntimeError("the game is over: call reset() before step()")
        try:
            self._obs, self._mask, reward, terminated = self._core.step(action)
        except IllegalMove:
            if self.illegal_action == "raise":
                raise
            self._done = True
            self._mask = np.zeros(NUM_ACTIONS, np.int8)
            info = {**self._info(), "illegal_action": True}
            return self._obs.copy(), self.illegal_reward, True, False, info
        self._done = terminated
        return self._obs, reward, terminated, False, self._info()

    def _info(self) -> dict[str, Any]:
        """The info of a reset or step: the legal actions and the board (a
        human render prints the table here, after every reset and step)."""
        if self.render_mode == "human":
            self.render()
        return {"action_mask": self._mask.copy(), **board_info(*self._core.board())}

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions now as booleans (for maskable policies).

        Returns
        -------
        numpy.ndarray
            (53,) booleans.

        Examples
        --------
        >>> env = CribbageEnv()
        >>> _ = env.reset(seed=1)
        >>> int(env.action_masks().sum())
        6
        """
        return self._mask.astype(bool)

    def game(self) -> Any:
        """A copy of the game being played (`cribbage_fast._core.Game`), e.g. to
        inspect hands or scores.

        Returns
        -------
        Game
            A copy: changing it leaves the environment alone.

        Examples
        --------
        >>> env = CribbageEnv()
        >>> _ = env.reset(seed=1)
        >>> env.game().phase, len(env.game().hand(0))
        ('discard', 6)
        """
        return self._core.game()

    def render(self) -> str | None:  # type: ignore[override]
        """The board as text: returned with ``render_mode="ansi"``, printed
        with ``"human"``.

        Returns
        -------
        str or None
            Scores, dealer, phase, the agent's hand and the count; None without
            ``render_mode="ansi"``.

        Examples
        --------
        >>> env = CribbageEnv(render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render().startswith("scores")
        True
        """
        if self.render_mode is None:
            return None
        game = self._core.game()
        return render_text(
            self.render_mode,
            f"scores {game.scores} dealer {game.dealer} phase {game.phase}\n"
            f"your hand {' '.join(map(str, game.hand(0)))}  count {game.count}  "
            f"pile {' '.join(map(str, game.pile))}  starter {game.starter}",
        )
