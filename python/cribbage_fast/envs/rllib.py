"""RLlib multi-agent environment (extra ``rllib``: ``pip install -e ".[rllib]"`` in a clone).

`CribbageMultiAgentEnv` implements RLlib's `MultiAgentEnv` (new API stack) for
2, 3 or 4 players; importing this module registers it with Ray Tune as
``"cribbage_fast"``, so ``config.environment("cribbage_fast", env_config={...})``
works on every worker. Observations follow RLlib's action-masking convention:
``{"observations": 444 float32, "action_mask": 53 float32 0/1}``. The game and
the encoding run in Rust (`cribbage_fast._core.ActionGame`). A PPO
configuration with an action-masking RLModule is in
`cribbage_fast.examples.rllib_ppo`.
"""

from __future__ import annotations

from typing import Any

from .._util.extras import require

require("ray.rllib", "rllib")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from numpy.typing import NDArray  # noqa: E402
from ray.rllib.env.multi_agent_env import MultiAgentEnv  # noqa: E402
from ray.rllib.utils.typing import MultiAgentDict  # noqa: E402
from ray.tune.registry import register_env  # noqa: E402

from .._core import NUM_ACTIONS, OBS_SIZE, ActionGame, IllegalMove  # noqa: E402
from ._order import require_reset  # noqa: E402
from ._table import board_info  # noqa: E402

__all__ = ["ENV_NAME", "CribbageMultiAgentEnv", "register"]

#: The name the env is registered under with `ray.tune.registry.register_env`.
ENV_NAME = "cribbage_fast"

_StepResult = tuple[MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict, MultiAgentDict]

_CONFIG_KEYS = ("num_players", "reward", "target", "illegal_action")


class CribbageMultiAgentEnv(MultiAgentEnv):
    """Cribbage for RLlib: agents ``player_0`` ... in seat order, no muggins.

    ``env_config`` (all optional): ``num_players`` 2, 3 or 4 (partners 0+2 and
    1+3 share rewards with 4); ``reward`` ``"win"`` (default: at the end +1 to
    the winning side, -1/(sides - 1) to the others), ``"game_points"`` (the
    same times 1, 2 skunk, 3 double skunk) or ``"points"`` (each step a side's
    points minus the mean of the other sides'); ``target`` (121);
    ``illegal_action`` ``"lose"`` (default: the game ends, the offending
    side gets -1 and each other side +1/(sides - 1), and the offender's info
    has ``"illegal_action": True``) or ``"raise"`` (`cribbage_fast.IllegalMove`,
    nothing changes).

    Only the agent to move gets an observation; every agent gets its reward
    when it is earned (RLlib adds it to that agent's next step). When the game
    ends every agent gets its final observation (mask all zeros) and
    ``terminateds["__all__"]`` is true. Actions: 0..51 a card, 52 go; a
    2-player discard is two card actions (integers only: anything else is a
    TypeError). Use the mask: an illegal action loses (see above). Each
    info holds the board: ``"scores"`` (by side), ``"phase"``, ``"dealer"``.

    Examples
    --------
    >>> env = CribbageMultiAgentEnv({"num_players": 3})
    >>> obs, infos = env.reset(seed=0)
    >>> [(agent, sorted(o)) for agent, o in obs.items()]  # doctest: +ELLIPSIS
    [('player_...', ['action_mask', 'observations'])]
    """

    def __init__(self, env_config: dict[str, Any] | None = None) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        config = dict(env_config or {})
        unknown = sorted(set(config) - set(_CONFIG_KEYS))
        if unknown:
            raise ValueError(f"unknown env_config keys {unknown}: use {list(_CONFIG_KEYS)}")
        self.num_players = config.get("num_players", 2)
        self.reward_mode = config.get("reward", "win")
        self.target = config.get("target", 121)
        self.illegal_action = config.get("illegal_action", "lose")
        if self.illegal_action not in ("lose", "raise"):
            raise ValueError(
                f'illegal_action must be "lose" or "raise", got {self.illegal_action!r}'
            )
        if self.reward_mode not in ("win", "game_points", "points"):
            raise ValueError(
                f'reward must be "win", "game_points" or "points", got {self.reward_mode!r}'
            )
        self._game = ActionGame(self.num_players, 0, self.target)  # validates
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict(
            {
                "observations": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0.0, 1.0, (NUM_ACTIONS,), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._illegal = False
        self._started = False

    def _obs(self, seat: int) -> dict[str, NDArray[np.float32]]:
        if self._game.to_move == seat:
            mask = self._game.action_mask().astype(np.float32)
        else:
            mask = np.zeros(NUM_ACTIONS, np.float32)
        return {"observations": self._game.observe(seat), "action_mask": mask}

    def _to_move(self) -> int:
        seat = self._game.to_move
        assert seat is not None, "a game in progress has a seat to move"
        return seat

    def reset(  # type: ignore[override]
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[MultiAgentDict, MultiAgentDict]:
        """A new game (its seed drawn from ``self.np_random``).

        Parameters
        ----------
        seed : int or None, default None
            Seeds ``self.np_random``.
        options : dict or None, default None
            Passed to RLlib's ``MultiAgentEnv.reset``.

        Returns
        -------
        tuple of (dict, dict)
            The observation and the info of the agent to move, by agent id.

        Examples
        --------
        >>> obs, infos = CribbageMultiAgentEnv({"num_players": 2}).reset(seed=0)
        >>> len(obs), sorted(next(iter(obs.values())))
        (1, ['action_mask', 'observations'])
        """
        super().reset(seed=seed, options=options)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._game = ActionGame(self.num_players, game_seed, self.target)
        self.agents = self.possible_agents[:]
        self._illegal = False
        self._started = True
        seat = self._to_move()
        agent = self.possible_agents[seat]
        return {agent: self._obs(seat)}, {agent: self._board()}

    def step(  # type: ignore[override]
        self, action_dict: MultiAgentDict
    ) -> _StepResult:
        """Plays the action of the agent to move (the only key of ``action_dict``).

        Parameters
        ----------
        action_dict : dict
            ``{agent: action}`` for the agent to move only.

        Returns
        -------
        tuple
            ``(obs, rewards, terminateds, truncateds, infos)`` by agent id, with
            ``"__all__"`` in ``terminateds`` and ``truncateds``.

        Raises
        ------
        RuntimeError
            Before the first `reset` (`ResetNeeded`), or once the game is
            over: call `reset` first.
        ValueError
            Not exactly the agent to move in ``action_dict``.
        IllegalMove
            An illegal action with ``illegal_action="raise"``.

        Examples
        --------
        >>> env = CribbageMultiAgentEnv({"num_players": 2})
        >>> obs, infos = env.reset(seed=0)
        >>> agent, o = next(iter(obs.items()))
        >>> result = env.step({agent: int(o["action_mask"].argmax())})
        >>> result[3]["__all__"]
        False
        """
        require_reset(self._started, "step")
        if self._game.is_over or self._illegal:
            raise RuntimeError("the game is over: call reset() before step()")
        seat = self._to_move()
        agent = self.possible_agents[seat]
        if set(action_dict) != {agent}:
            raise ValueError(
                f"{agent} is to move: expected its action only, got {sorted(map(str, action_dict))}"
            )
        try:
            gained = self._game.step(action_dict[agent])
        except IllegalMove:
            if self.illegal_action == "raise":
                raise
            return self._lost_by_illegal_action(seat)
        side_rewards = self._game.side_rewards(gained, self.reward_mode)
        rewards = {
            a: float(side_rewards[self._game.side_of(s)])
            for s, a in enumerate(self.possible_agents)
        }
        if self._game.is_over:
            return self._end(rewards, {})
        nxt = self._to_move()
        agent = self.possible_agents[nxt]
        terminateds = dict.fromkeys([*self.possible_agents, "__all__"], False)
        truncateds = dict.fromkeys([*self.possible_agents, "__all__"], False)
        return {agent: self._obs(nxt)}, rewards, terminateds, truncateds, {agent: self._board()}

    def _board(self) -> dict[str, Any]:
        """The board an info holds: scores by side, phase, dealer."""
        return board_info(self._game.scores, self._game.phase, self._game.dealer)

    def _lost_by_illegal_action(self, seat: int) -> _StepResult:
        self._illegal = True
        sides = 2 if self.num_players == 4 else self.num_players
        loser = self._game.side_of(seat)
        rewards = {
            a: -1.0 if self._game.side_of(s) == loser else 1.0 / (sides - 1)
            for s, a in enumerate(self.possible_agents)
        }
        return self._end(rewards, {self.possible_agents[seat]: {"illegal_action": True}})

    def _end(self, rewards: MultiAgentDict, extra: MultiAgentDict) -> _StepResult:
        """Every agent's final observation (no mask), all terminated."""
        obs = {a: self._final_obs(s) for s, a in enumerate(self.possible_agents)}
        infos = {a: {**self._board(), **extra.get(a, {})} for a in self.possible_agents}
        terminateds = dict.fromkeys([*self.possible_agents, "__all__"], True)
        truncateds = dict.fromkeys([*self.possible_agents, "__all__"], False)
        return obs, rewards, terminateds, truncateds, infos

    def _final_obs(self, seat: int) -> dict[str, NDArray[np.float32]]:
        return {
            "observations": self._game.observe(seat),
            "action_mask": np.zeros(NUM_ACTIONS, np.float32),
        }


def register() -> str:
    """Registers the env with Ray Tune under `ENV_NAME` and returns the name.

    Importing this module registers it; a registration made while a Ray
    cluster was running ends with that cluster, so call this again after a
    new ``ray.init()``.

    Returns
    -------
    str
        ``ENV_NAME``, for ``config.environment(register())``.

    Examples
    --------
    >>> from cribbage_fast.envs.rllib import register
    >>> register()
    'cribbage_fast'
    """
    register_env(ENV_NAME, CribbageMultiAgentEnv)
    return ENV_NAME


register()
