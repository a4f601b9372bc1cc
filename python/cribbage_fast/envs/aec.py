"""PettingZoo AEC environment for 2, 3 or 4 players (partners 0+2, 1+3 share).

The game and the encoding run in Rust (`cribbage_fast._core.ActionGame`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from .._util.extras import require

require("pettingzoo", "rl")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.utils import seeding  # noqa: E402
from numpy.typing import NDArray  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from .._core import NUM_ACTIONS, OBS_SIZE, ActionGame  # noqa: E402
from .._util.args import integer  # noqa: E402
from ._order import require_reset  # noqa: E402
from ._table import RENDER_MODES, board_info, check_render_mode, render_text  # noqa: E402

__all__ = ["CribbageAECEnv", "aec_env"]

AecReward = Literal["win", "game_points", "points"]


class CribbageAECEnv(AECEnv):  # type: ignore[misc]
    """Cribbage for 2, 3 or 4 agents (``player_0`` ... in seat order), no muggins.

    Each observation is ``{"observation": 444 float32, "action_mask": 53 int8}``;
    the mask is all zeros for an agent that is not to move. Actions as in
    `CribbageEnv` (0..51 a card, 52 go; a 2-card discard is two actions).

    Rewards (``reward=``), shared by partners with 4 players:
    ``"win"`` (default) at the end +1 to the winning side and -1/(sides - 1)
    to each other side (zero-sum: -1 with 2 sides, -0.5 with 3 players);
    ``"game_points"`` the same times the game points (1, 2 skunk, 3 double
    skunk); ``"points"`` every step each side's points gained minus the mean
    of the other sides' gains.

    An illegal action raises `cribbage_fast.IllegalMove` (use the mask).
    Every agent's info holds the board after each reset and step:
    ``"scores"`` (by side), ``"phase"`` and ``"dealer"`` (a seat). Render
    modes: ``"ansi"`` (`render` returns the text) and ``"human"`` (printed
    after every reset and step).

    Examples
    --------
    >>> env = CribbageAECEnv(num_players=3)
    >>> env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> sorted(obs), env.agent_selection in env.agents
    (['action_mask', 'observation'], True)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cribbage_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        reward: AecReward = "win",
        target: int = 121,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        num_players = integer(num_players, "num_players", 2, 4)
        if reward not in ("win", "game_points", "points"):
            raise ValueError(f'reward must be "win", "game_points" or "points", got {reward!r}')
        check_render_mode(render_mode)
        ActionGame(num_players, 0, target)  # validates the target
        self.num_players = num_players
        self.reward_mode = reward
        self.target = target
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self._game = ActionGame(num_players, 0, target)
        self._started = False

    def _seat_of(self, agent: object) -> int:
        """The seat of `agent`; ValueError naming it if it is not one."""
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}: expected one of {self.possible_agents}")
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent`: ``observation`` and ``action_mask``.

        Parameters
        ----------
        agent : str
            One of ``possible_agents`` (``"player_0"``, ...).

        Returns
        -------
        gymnasium.spaces.Dict
            444 float32 in 0..1 and 53 int8.

        Raises
        ------
        ValueError
            Not an agent of the game.

        Examples
        --------
        >>> sorted(CribbageAECEnv().observation_space("player_0"))
        ['action_mask', 'observation']
        """
        self._seat_of(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: 0..51 a card, 52 go.

        Parameters
        ----------
        agent : str
            One of ``possible_agents`` (``"player_0"``, ...).

        Returns
        -------
        gymnasium.spaces.Discrete
            53 actions.

        Raises
        ------
        ValueError
            Not an agent of the game.

        Examples
        --------
        >>> int(CribbageAECEnv().action_space("player_1").n)
        53
        """
        self._seat_of(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game.

        Parameters
        ----------
        seed : int or None, default None
            Seeds the environment's generator (None keeps it, or seeds it afresh).
        options : dict or None, default None
            Unused (PettingZoo's signature).

        Examples
        --------
        >>> env = CribbageAECEnv(num_players=2)
        >>> env.reset(seed=0)
        >>> env.agents
        ['player_0', 'player_1']
        """
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self._game = ActionGame(self.num_players, game_seed, self.target)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._started = True
        self._select()
        self._show()

    def _show(self) -> None:
        """After a reset or a step: the board in every agent's info (scores
        by side, phase, dealer), and a human render's print."""
        board = board_info(self._game.scores, self._game.phase, self._game.dealer)
        for agent in self.agents:
            self.infos[agent] = dict(board)
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = self._game.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """What `agent` may know now, and its legal actions (none unless it moves).

        Parameters
        ----------
        agent : str
            One of ``possible_agents`` (``"player_0"``, ...).

        Returns
        -------
        dict
            ``observation`` (444 float32) and ``action_mask`` (53 int8).

        Raises
        ------
        ValueError
            Not an agent of the game.

        Examples
        --------
        >>> env = CribbageAECEnv()
        >>> env.reset(seed=0)
        >>> int(env.observe(env.agent_selection)["action_mask"].sum()) > 0
        True
        """
        seat = self._seat_of(agent)
        require_reset(self._started, "observe")
        if self._game.to_move == seat:
            mask = self._game.action_mask()
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": self._game.observe(seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation, reward, termination, truncation
        and info (PettingZoo's ``last``).

        Parameters
        ----------
        observe : bool, default True
            False leaves the observation out (None).

        Returns
        -------
        tuple
            ``(observation, reward, terminated, truncated, info)``.

        Raises
        ------
        ResetNeeded
            Before the first `reset` (a RuntimeError).

        Examples
        --------
        >>> env = CribbageAECEnv()
        >>> env.reset(seed=0)
        >>> env.last()[1:4]
        (0.0, False, False)
        """
        require_reset(self._started, "last")
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        """Plays the action of the agent to move (``agent_selection``).

        Parameters
        ----------
        action : int or None
            0..51 a card, 52 go; None only for an agent that is done.

        Raises
        ------
        ValueError
            None for an agent that is to move.
        ResetNeeded
            Before the first `reset` (a RuntimeError).
        IllegalMove
            An illegal action; the game is unchanged.

        Examples
        --------
        >>> env = CribbageAECEnv()
        >>> env.reset(seed=0)
        >>> first = env.agent_selection
        >>> env.step(int(env.observe(first)["action_mask"].argmax()))
        >>> env.agent_selection == first  # a 2-player discard is two actions
        True
        """
        require_reset(self._started, "step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for finished agents")
        gained = self._game.step(action)
        self._cumulative_rewards[agent] = 0.0
        side_reward = self._game.side_rewards(gained, self.reward_mode)
        for a in self.agents:
            self.rewards[a] = side_reward[self._game.side_of(self._seat[a])]
        if self._game.is_over:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        self._show()

    def render(self) -> str | None:
        """The table as text: returned with ``render_mode="ansi"``, printed
        with ``"human"``.

        Returns
        -------
        str or None
            Scores, dealer, phase, seat to move, count, pile and starter; None
            without ``render_mode="ansi"``.

        Examples
        --------
        >>> env = CribbageAECEnv(render_mode="ansi")
        >>> env.reset(seed=0)
        >>> env.render().startswith("scores")
        True
        """
        if self.render_mode is None:
            return None
        game = self._game.game()
        return render_text(
            self.render_mode,
            f"scores {game.scores} dealer {game.dealer} phase {game.phase} "
            f"to move {game.to_move}; count {game.count}, pile "
            f"{' '.join(map(str, game.pile))}, starter {game.starter}",
        )

    def close(self) -> None:
        """Nothing to release (PettingZoo's API).

        Examples
        --------
        >>> CribbageAECEnv().close()
        """


def aec_env(**kwargs: Any) -> Any:
    """`CribbageAECEnv` wrapped in PettingZoo's order-enforcing wrapper.

    Parameters
    ----------
    **kwargs
        The arguments of `CribbageAECEnv` (``num_players``, ...).

    Returns
    -------
    pettingzoo.utils.wrappers.OrderEnforcingWrapper
        The wrapped environment: calls out of order raise.

    Raises
    ------
    ValueError
        As `CribbageAECEnv` does for bad arguments.

    Examples
    --------
    >>> env = aec_env(num_players=4)
    >>> env.reset(seed=1)
    >>> len(env.agents)
    4
    """
    return wrappers.OrderEnforcingWrapper(CribbageAECEnv(**kwargs))
