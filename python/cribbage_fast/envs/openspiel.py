"""OpenSpiel adapter (optional extra ``openspiel``): ``python_cribbage_fast``.

A Python game registered with `pyspiel` that wraps the engine: 2, 3 or 4
players (parameter ``players``), ``target`` points (default 121), no
muggins, rewards only at the end (+1 to the winning side, -1/(sides - 1) to
each other side: zero-sum). Randomness is explicit chance nodes: the first
dealer (uniform seat), then each deal one card at a time (the hands, the
crib's deck card with 3 players, then the starter, which no player sees
until it is cut after the discards).

Actions as in the learning environments: 0..51 a card (discard it to the crib
or lay it), 52 go; a 2-card discard is two actions. Every action is checked
against the legal actions (or chance outcomes) before anything changes: an
illegal one raises ValueError (TypeError for a non-integer) and leaves the
state as it was. Observation tensors are
the 444-value encoding of `cribbage_fast.envs`; the information state string
is everything the player has seen this deal (its cards, its discards, the
cards laid in order, the starter) with the scores and the dealer.
``resample_from_infostate`` deals the hidden cards again with
`Game.determinize`, so OpenSpiel's ISMCTS runs on it.

Examples
--------
>>> import pyspiel
>>> import cribbage_fast.envs.openspiel
>>> game = pyspiel.load_game("python_cribbage_fast", {"target": 31})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
"""

from __future__ import annotations

from typing import Any

from .._util.extras import require

require("pyspiel", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from .._core import GO_ACTION, NUM_ACTIONS, OBS_SIZE, ActionGame, Card, Game  # noqa: E402

__all__ = ["CribbageGame", "CribbageObserver", "CribbageState"]

_SHORT_NAME = "python_cribbage_fast"

_GAME_TYPE = pyspiel.GameType(
    short_name=_SHORT_NAME,
    long_name="Cribbage (cribbage_fast engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "target": 121},
)


def _int_param(params: dict[str, Any], name: str, default: int, top: int) -> int:
    """An integer parameter in 0..top (the engine checks the exact range)."""
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if not 0 <= value <= top:
        raise ValueError(f"{name} must be between 0 and {top}, got {value}")
    return int(value)


def _card_text(index: int) -> str:
    return str(Card.from_index(index))


class CribbageGame(pyspiel.Game):  # type: ignore[misc]
    """The game: parameters ``players`` (2, 3, 4) and ``target``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        if params is not None and not isinstance(params, dict):
            raise TypeError(f"params must be a dict, got {type(params).__name__}")
        params = dict(params or {})
        unknown = sorted(map(str, set(params) - {"players", "target"}))
        if unknown:
            raise ValueError(f"unknown parameters {unknown}: use players and target")
        players = _int_param(params, "players", 2, _GAME_TYPE.max_num_players)
        target = _int_param(params, "target", 121, 2**31 - 1)
        Game(players, 0, target)  # checks both
        sides = Game.sides_for(players)
        # Every deal scores at least the point for last card, and has at most
        # 2 discards, 4 lays and 4 goes per seat.
        max_length = (sides * target + 1) * 10 * players + players
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(_GAME_TYPE, info, {"players": players, "target": target})
        self.players = players
        self.target = target

    def new_initial_state(self) -> CribbageState:
        """A game before the cut for the first deal (a chance node).

        Returns
        -------
        CribbageState
            The start of a game.

        Examples
        --------
        >>> CribbageGame().new_initial_state().is_chance_node()
        True
        """
        return CribbageState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CribbageObserver:
        """OpenSpiel's Python observer for this game.

        Parameters
        ----------
        iig_obs_type : pyspiel.IIGObservationType or None, default None
            With ``perfect_recall``, the information-state string; else the
            444-value observation tensor.
        params : dict or None, default None
            Not supported: must be empty.

        Returns
        -------
        CribbageObserver
            The observer.

        Raises
        ------
        ValueError
            Observation parameters.
        TypeError
            An `iig_obs_type` of another type.

        Examples
        --------
        >>> CribbageGame().make_py_observer().tensor.shape
        (444,)
        """
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise TypeError(
                f"iig_obs_type must be a pyspiel.IIGObservationType or None, "
                f"got {type(iig_obs_type).__name__}"
            )
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CribbageObserver(perfect_recall)


class CribbageState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's `Game` plus the deal being dealt (chance)."""

    def __init__(self, game: CribbageGame) -> None:
        if not isinstance(game, CribbageGame):  # pyspiel would crash on anything else
            raise TypeError(f"game must be a CribbageGame, got {type(game).__name__}")
        super().__init__(game)
        self._players = game.players
        self._target = game.target
        self._game: Game | None = None
        self._dealt: list[int] = []  # cards of the deal being dealt (chance)
        self._pending: list[int] = []  # half of a 2-card discard
        self._deal_number = 0

    # ----- the deal --------------------------------------------------------

    def _deal_size(self) -> int:
        n = self._players
        return n * (6 if n == 2 else 5) + (1 if n == 3 else 0) + 1

    def _dealing(self) -> bool:
        return self._game is None or len(self._dealt) < self._deal_size()

    def _finish_deal(self) -> None:
        assert self._game is not None
        n = self._players
        size = 6 if n == 2 else 5
        cards = [Card.from_index(c) for c in self._dealt]
        hands = [cards[i * size : (i + 1) * size] for i in range(n)]
        crib_card = cards[n * size] if n == 3 else None
        self._game.supply_deal(hands, starter=cards[-1], crib_card=crib_card)
        self._deal_number = self._game.deal_number

    # ----- the OpenSpiel API ------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player id.

        Returns
        -------
        int
            A seat, ``pyspiel.PlayerId.CHANCE`` (-1) while cutting and dealing,
            ``pyspiel.PlayerId.TERMINAL`` (-4) once the game is over.

        Examples
        --------
        >>> CribbageGame().new_initial_state().current_player()
        -1
        """
        if self._game is not None and self._game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._game.to_move if self._game is not None else None
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Whether the game is over.

        Returns
        -------
        bool
            True once a side has reached the target.

        Examples
        --------
        >>> CribbageGame().new_initial_state().is_terminal()
        False
        """
        return self._game is not None and self._game.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node and their probabilities.

        Returns
        -------
        list of tuple of (int, float)
            Before the first deal, the first dealer (each seat equally likely);
            while dealing, each card not yet dealt.

        Examples
        --------
        >>> CribbageGame().new_initial_state().chance_outcomes()
        [(0, 0.5), (1, 0.5)]
        """
        if self._game is None:
            return [(s, 1.0 / self._players) for s in range(self._players)]
        left = sorted(set(range(52)) - set(self._dealt))
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        game = self._game
        if game is None or game.is_over or self._dealing() or player != game.to_move:
            return []
        if game.phase == "discard":
            return sorted(c.index for c in game.hand(player) if c.index not in self._pending)
        moves = game.legal_moves()
        return sorted(GO_ACTION if m.card is None else m.card.index for m in moves)

    def _check_action(self, action: object) -> int:
        """`action` as an int if it is legal here, else an error (nothing changes)."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise TypeError(f"an action must be an integer, got {type(action).__name__}")
        if self.is_terminal():
            raise ValueError(f"action {action}: the game is over")
        if self._dealing():
            legal = [a for a, _ in self.chance_outcomes()]
        else:
            legal = self._legal_actions(self.current_player())
        if int(action) not in legal:
            shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
            raise ValueError(f"action {action} is not legal here; the legal actions are {shown}")
        return int(action)

    def _apply_action(self, action: int) -> None:
        action = self._check_action(action)
        if self._game is None:
            self._game = Game(self._players, 0, self._target, False, action, False)
            return
        if self._dealing():
            self._dealt.append(action)
            if len(self._dealt) == self._deal_size():
                self._finish_deal()
            return
        game = self._game
        if game.phase == "discard":
            self._pending.append(action)
            if len(self._pending) == (2 if self._players == 2 else 1):
                cards = [Card.from_index(c) for c in self._pending]
                self._pending = []
                game.discard(cards)
        elif action == GO_ACTION:
            game.go()
        else:
            game.lay(Card.from_index(action))
        if not game.is_over and game.deal_number != self._deal_number:
            self._dealt = []  # a new deal: dealt again by chance

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._game is None:
                return f"first dealer {action}"
            return f"deal {_card_text(action)}"
        return "go" if action == GO_ACTION else _card_text(action)

    def returns(self) -> list[float]:
        """Each player's reward: zero-sum, at the end of the game only.

        Returns
        -------
        list of float
            +1 for the winning side's players, -1/(sides - 1) for the others;
            zeros before the end.

        Examples
        --------
        >>> CribbageGame().new_initial_state().returns()
        [0.0, 0.0]
        """
        game = self._game
        if game is None or game.winner is None:
            return [0.0] * self._players
        sides = game.num_sides
        return [
            1.0 if game.side_of(p) == game.winner else -1.0 / (sides - 1)
            for p in range(self._players)
        ]

    def _seat(self, player: object) -> int:
        """`player` checked as a seat of this game; None: the player to move."""
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ValueError("no player is to move here: name the player")
        if isinstance(player, bool) or not isinstance(player, int | np.integer):
            raise TypeError(f"player must be an integer seat, got {type(player).__name__}")
        if not 0 <= player < self._players:
            raise ValueError(f"player must be a seat 0..{self._players - 1}, got {player}")
        return int(player)

    def information_state_string(self, player: int | None = None) -> str:
        """What `player` has seen this game, with the order of play (perfect recall).

        Parameters
        ----------
        player : int or None, default None
            A seat; None for the player to move.

        Returns
        -------
        str
            Equal for two states exactly when `player` cannot tell them apart.

        Raises
        ------
        ValueError
            Not a seat, or None where no player is to move.
        TypeError
            A player that is not an integer.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> state.information_state_string(0).split(" | ")[:3]
        ['p0', 'deal 1', 'dealer 0']
        """
        return self._info_string(self._seat(player), True)

    def observation_string(self, player: int | None = None) -> str:
        """What `player` sees now (the pile, the cards held and laid, the scores).

        Parameters
        ----------
        player : int or None, default None
            A seat; None for the player to move.

        Returns
        -------
        str
            The observation as text.

        Raises
        ------
        ValueError
            Not a seat, or None where no player is to move.
        TypeError
            A player that is not an integer.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> state.observation_string(1).startswith("p1 | deal 1")
        True
        """
        return self._info_string(self._seat(player), False)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The 444-value observation of `player` (the environments' encoding).

        Parameters
        ----------
        player : int or None, default None
            A seat; None for the player to move.

        Returns
        -------
        list of float
            444 values in 0..1 (zeros while cutting and dealing).

        Raises
        ------
        ValueError
            Not a seat, or None where no player is to move.
        TypeError
            A player that is not an integer.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> len(state.observation_tensor(0))
        444
        """
        tensor: list[float] = self._encode(self._seat(player)).tolist()
        return tensor

    def _encode(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        if self._game is None or self._dealing():
            return np.zeros(OBS_SIZE, np.float32)
        table = ActionGame.from_game(self._game)
        if self._game.to_move == seat:
            for c in self._pending:
                table.step(c)
        return table.observe(seat)

    def _info_string(self, seat: int, recall: bool) -> str:
        """What `seat` has seen (with `recall`: the order of play this deal)."""
        game = self._game
        if game is None:
            return f"p{seat} cutting for deal"
        if self._dealing():
            n = self._players
            size = 6 if n == 2 else 5
            mine = self._dealt[seat * size : (seat + 1) * size]
            return f"p{seat} deal {game.deal_number} dealing: {' '.join(map(_card_text, mine))}"
        view = game.view(seat)
        parts = [
            f"p{seat}",
            f"deal {game.deal_number}",
            f"dealer {game.dealer}",
            f"scores {view.scores}",
            f"phase {view.phase}",
            f"to move {game.to_move}",
            "hand " + " ".join(map(str, view.kept if view.phase != "discard" else view.hand)),
            "discards " + " ".join(map(str, view.discards)),
        ]
        if game.to_move == seat and self._pending:
            parts.append("aside " + " ".join(map(_card_text, self._pending)))
        parts.append(f"starter {view.starter}")
        if recall:
            parts.append("laid " + " ".join(f"{s}:{c}" for s, c in view.laid))
        else:
            parts.append(f"count {view.count} pile " + " ".join(map(str, view.pile)))
            parts.append("held " + " ".join(map(str, view.hand)))
            parts.append("laid " + " ".join(sorted(f"{s}:{c}" for s, c in view.laid)))
        return " | ".join(parts)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CribbageState:
        """A state `player` cannot tell from this one, its hidden cards dealt
        again uniformly (`Game.determinize`); during the deal (chance) the
        cards not yet seen are redrawn. `sampler` (OpenSpiel's uniform sampler:
        a callable returning a float in [0, 1)) seeds the draw when given.

        Parameters
        ----------
        player : int
            The seat whose information state is kept.
        sampler : callable or None, default None
            Returns a float in [0, 1) that seeds the draw.

        Returns
        -------
        CribbageState
            A new state with the same information state for `player`.

        Raises
        ------
        ValueError, TypeError
            A bad seat, or a sampler that is not callable.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> other = state.resample_from_infostate(0, lambda: 0.5)
        >>> other.information_state_string(0) == state.information_state_string(0)
        True
        """
        player = self._seat(player)
        if sampler is not None and not callable(sampler):
            raise TypeError(f"sampler must be callable or None, got {type(sampler).__name__}")
        copy: CribbageState = self.clone()
        seed = int(sampler() * 2**53) if callable(sampler) else None
        rng = np.random.default_rng(seed)
        if self._game is None:
            return copy
        if self._dealing():
            n = self._players
            size = 6 if n == 2 else 5
            mine = set(self._dealt[player * size : (player + 1) * size])
            others = [i for i, c in enumerate(self._dealt) if c not in mine]
            pool = [c for c in range(52) if c not in mine]
            redraw = rng.permutation(pool)[: len(others)]
            for i, c in zip(others, redraw, strict=True):
                copy._dealt[i] = int(c)
            return copy
        copy._game = self._game.determinize(player, int(rng.integers(0, 2**63 - 1)))
        return copy

    def __str__(self) -> str:
        if self._game is None:
            return "cutting for deal"
        return repr(self._game) + f" dealt={len(self._dealt)} aside={self._pending}"


class CribbageObserver:
    """OpenSpiel's Python observer: the 444-value tensor (or the perfect-recall
    string, whose tensor is empty)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CribbageState, player: int) -> None:
        """Writes `player`'s observation of `state` into ``tensor``.

        Parameters
        ----------
        state : CribbageState
            A state of this game.
        player : int
            A seat.

        Raises
        ------
        TypeError
            Not a state of this game.
        ValueError
            Not a seat.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> observer = CribbageGame().make_py_observer()
        >>> observer.set_from(state, 0)
        >>> bool(observer.tensor.any())
        True
        """
        seat = _state(state)._seat(player)
        if not self.perfect_recall:
            self.tensor[:] = state._encode(seat)

    def string_from(self, state: CribbageState, player: int) -> str:
        """`player`'s observation (or information state) of `state` as text.

        Parameters
        ----------
        state : CribbageState
            A state of this game.
        player : int
            A seat.

        Returns
        -------
        str
            As `CribbageState.observation_string` (or, with perfect recall,
            `CribbageState.information_state_string`).

        Raises
        ------
        TypeError
            Not a state of this game.
        ValueError
            Not a seat.

        Examples
        --------
        >>> state = CribbageGame().new_initial_state()
        >>> state.apply_action(0)  # seat 0 deals first
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> CribbageGame().make_py_observer().string_from(state, 0).startswith("p0")
        True
        """
        return _state(state)._info_string(state._seat(player), self.perfect_recall)


def _state(state: object) -> CribbageState:
    if not isinstance(state, CribbageState):
        raise TypeError(f"state must be a CribbageState, got {type(state).__name__}")
    return state


pyspiel.register_game(_GAME_TYPE, CribbageGame)
