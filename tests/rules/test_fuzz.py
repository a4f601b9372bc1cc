"""Hostile input everywhere: every public function, constructor and method of
`cribbage_fast`, `cribbage_fast.envs` and the OpenSpiel adapter is called with
generated bad arguments (wrong types, None, huge and negative integers, NaN,
bytes, nested lists, arrays of every dtype and shape, read-only, strided,
object and masked arrays). Only the documented exceptions may come out
(ValueError and TypeError, which include IllegalMove and Misdeal, and
MemoryError), and an object a call refused is unchanged.

The API is enumerated at run time (``__all__`` and each class's public
methods), so functions added later are fuzzed too. Hypothesis runs
derandomized (the same examples every run) and a few dozen examples per
target keep the whole file well under a minute.
"""

from __future__ import annotations

import copy
import inspect
import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cribbage_fast as cf

ALLOWED: tuple[type[BaseException], ...] = (ValueError, TypeError, MemoryError)
EXAMPLES = 50
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

# ---------------------------------------------------------------------------
# Bad values

HUGE = [2**31, 2**63 - 1, 2**63, 2**64, 2**64 + 1, 10**30, -(2**63) - 1, -(2**64), -1]


def _arrays() -> st.SearchStrategy[Any]:
    dtypes = [
        np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32,
        np.int64, np.uint64, np.float16, np.float32, np.float64, np.complex64,
        np.dtype(">i4"), np.dtype("U2"), np.dtype("S2"), np.dtype("M8[s]"), object,
    ]  # fmt: skip
    shapes = [(), (0,), (5,), (0, 5), (1, 5), (3, 5), (2, 4), (2, 6), (2, 2, 5), (1, 53)]

    def build(dtype: Any, shape: tuple[int, ...], fill: int, form: str) -> Any:
        size = int(np.prod(shape))
        raw = (np.arange(size, dtype=np.int64) * 7 + fill) % 300 - 20
        if np.dtype(dtype).kind in "US":
            arr = raw.astype(str).astype(dtype).reshape(shape)
        elif np.dtype(dtype).kind == "M":
            arr = raw.astype("M8[s]").reshape(shape)
        elif np.dtype(dtype) == np.dtype(object):
            arr = np.empty(shape, object)
            arr.flat[:] = [None, "5H", 3, 2.5, [1]][: max(1, size)] * size if size else []
        else:
            with np.errstate(all="ignore"):
                arr = raw.astype(dtype).reshape(shape)
        if form == "readonly":
            arr.flags.writeable = False
        elif form == "strided" and arr.ndim >= 1 and arr.shape[0] > 0:
            wide = np.repeat(arr, 2, axis=-1)
            arr = wide[..., ::2]
        elif form == "fortran":
            arr = np.asfortranarray(arr)
        elif form == "masked":
            arr = np.ma.masked_array(arr, mask=np.zeros(arr.shape, bool))
            if arr.size:
                arr.mask.flat[0] = True
        return arr

    return st.builds(
        build,
        st.sampled_from(dtypes),
        st.sampled_from(shapes),
        st.integers(0, 400),
        st.sampled_from(["plain", "readonly", "strided", "fortran", "masked"]),
    )


def _scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from(HUGE),
        st.integers(-(2**70), 2**70),
        st.integers(-3, 60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([math.nan, 5.9, -0.0]),
        st.binary(max_size=6),
        st.sampled_from(["", "x", "5H", "5S 6S", "5H 5D 5C JS", "go", "random", "10", "-1"]),
        st.text(max_size=6),
        st.sampled_from([np.int64(2**63 - 1), np.uint64(2**64 - 1), np.uint64(2**63), np.int8(-1)]),
        st.sampled_from([np.float32("nan"), np.bool_(True), np.int64(5), np.float64(5.0)]),
        st.sampled_from([object(), {}, {"kind": "lay"}, set(), (), [[]], [[1, [2]]], ...]),
    )


def _bad_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        _scalars(),
        _arrays(),
        st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=3)), max_size=6),
        st.lists(st.lists(st.integers(-2, 60), max_size=6), max_size=4),
    )


BAD = _bad_values()

# Sizes whose accepted range is expensive (games to play, environments to
# allocate): only values every version must refuse, or tiny ones.
SIZES = st.one_of(
    st.integers(-(2**70), -1),
    st.integers(2**64, 2**70),
    st.integers(0, 3),
    _scalars().filter(lambda v: not isinstance(v, int | np.integer) or isinstance(v, bool)),
)
SIZE_PARAMS = {"games", "num_envs", "phases", "n"}

# Parameters whose default is slow to run (1,000 games): always given.
COSTLY = {"games"}

# A plausible value per parameter name, so bad values also reach the later
# parameters of a call.
GOOD: dict[str, Any] = {
    "hand": "5H 5D 5C JS",
    "starter": "5S",
    "crib": False,
    "cards": np.array([[0, 1, 2, 3, 4]], np.uint8),
    "piles": np.array([[0, 1, -1]], np.int64),
    "pile": "4S 6H 5D",
    "threads": 1,
    "dealer": True,
    "seed": 1,
    "num_players": 2,
    "target": 121,
    "seat": 0,
    "games": 2,
    "a": "random",
    "b": "greedy",
    "text": "5H",
    "index": 3,
    "hands": ["5H 6D", "7C 8S"],
    "leader": 0,
    "points": 0,
    "card": "5H",
    "opponent": "random",
    "reward": "win",
    "num_envs": 2,
}


def _call_args(fn: Callable[..., Any], data: st.DataObject) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for `fn`: per parameter, left out (if it has a default), a
    plausible value or a bad one; at least one bad value when there are
    parameters."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return data.draw(st.lists(BAD, max_size=3), label="args"), {}
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    named = [p for p in params if p.name not in ("self", "cls")]
    bad_one = data.draw(st.integers(0, max(0, len(named) - 1)), label="bad") if named else -1
    for i, p in enumerate(named):
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        strategy = SIZES if p.name in SIZE_PARAMS else BAD
        if i == bad_one:
            value = data.draw(strategy, label=p.name)
        else:
            choice = data.draw(st.sampled_from(["default", "good", "bad"]), label=f"{p.name}?")
            if choice == "default" and p.default is not p.empty and p.name not in COSTLY:
                continue
            if choice == "good" and p.name in GOOD:
                value = copy.copy(GOOD[p.name])
            else:
                value = data.draw(strategy, label=p.name)
        if p.kind == p.POSITIONAL_ONLY:
            args.append(value)
        elif p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = value
        else:
            kwargs[p.name] = value
    return args, kwargs


def _call(
    fn: Callable[..., Any],
    args: list[Any],
    kwargs: dict[str, Any],
    allowed: tuple[type[BaseException], ...] = ALLOWED,
) -> BaseException | None:
    """Calls `fn`; returns the allowed exception it raised, fails on any other."""
    try:
        fn(*args, **kwargs)
    except KeyboardInterrupt:
        raise
    except allowed as err:
        assert str(err), f"{type(err).__name__} without a message from {fn!r}"
        return err
    except BaseException as err:  # PanicException is a BaseException
        pytest.fail(
            f"{getattr(fn, '__qualname__', fn)}(*{args!r}, **{kwargs!r}) raised "
            f"{type(err).__module__}.{type(err).__name__}: {err}"
        )
    return None


# ---------------------------------------------------------------------------
# The public API, enumerated


def _envs() -> Any:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import cribbage_fast.envs as envs

    return envs


def _openspiel() -> Any:
    pytest.importorskip("pyspiel")
    import cribbage_fast.envs.openspiel as adapter

    return adapter


MODULES: dict[str, Callable[[], Any]] = {
    "cribbage_fast": lambda: cf,
    "cribbage_fast.envs": _envs,
    "cribbage_fast.envs.openspiel": _openspiel,
}

# Callbacks the engine calls with its own arguments (a `PlayerView`), not
# entry points: their contract is the protocol, checked by `Game.play`.
CALLBACKS = {"Player", "PlayerProtocol"}


def _public(module: str) -> Iterator[tuple[str, Any]]:
    mod = MODULES[module]()
    for name in mod.__all__:
        obj = getattr(mod, name)
        if name in CALLBACKS or not callable(obj):
            continue
        if isinstance(obj, type) and issubclass(obj, BaseException):
            continue
        yield name, obj


def _names(module: str) -> list[str]:
    # Listing needs the optional extras; without them the module's tests skip.
    try:
        return [name for name, _ in _public(module)]
    except pytest.skip.Exception:
        return []


CALLABLES = [f"{module}:{name}" for module in MODULES for name in _names(module)]


# ---------------------------------------------------------------------------
# Methods of live objects, and their state after a refusal


def _game_mid_play() -> cf.Game:
    game = cf.Game(num_players=2, seed=3)
    player = cf.Player()
    while game.phase != "play":
        game.step(player)
    game.step(player)
    return game


def _pegging_mid_play() -> cf.Pegging:
    play = cf.Pegging(["5H 6D 9C", "7C 8S KD"], leader=1)
    play.lay("7C")
    return play


def _core_factories() -> dict[str, Callable[[], Any]]:
    return {
        "Card": lambda: cf.Card("5H"),
        "DiscardOption": lambda: cf.best_discard("5H 5D JC 4S 6H KD", True),
        "Game": lambda: cf.Game(num_players=2, seed=1),
        "Game(mid-play)": _game_mid_play,
        "Game(3 players, muggins)": lambda: cf.Game(num_players=3, seed=2, muggins=True),
        "HandBreakdown": lambda: cf.explain_hand("5H 5D 5C JS", "5S"),
        "ShowItem": lambda: cf.explain_hand("5H 5D 5C JS", "5S").items[0],
        "Move": lambda: cf.Game(num_players=2, seed=1).legal_moves()[0],
        "Pegging": lambda: cf.Pegging(["5H 6D 9C", "7C 8S KD"]),
        "Pegging(mid-play)": _pegging_mid_play,
        "PlayBreakdown": lambda: cf.explain_play("4S 6H 5D"),
        "PlayItem": lambda: cf.explain_play("4S 6H 5D").items[0],
        "PlayEvent": lambda: _pegging_mid_play().events[0],
        "PlayerView": lambda: cf.Game(num_players=2, seed=1).view(0),
        "RandomPlayer": lambda: cf.RandomPlayer(seed=1),
        "GreedyPlayer": lambda: cf.GreedyPlayer(),
        "SimulationStats": lambda: cf.simulate("random", "random", games=2),
        "GameResult": lambda: cf.play_match([cf.Player(), cf.Player()], 1).results[0],
        "MatchResult": lambda: cf.play_match([cf.Player(), cf.Player()], 1),
    }


def _env_factories() -> dict[str, Callable[[], Any]]:
    envs = _envs()

    def solo() -> Any:
        env = envs.CribbageEnv()
        env.reset(seed=0)
        return env

    def vector() -> Any:
        env = envs.CribbageVectorEnv(2)
        env.reset(seed=0)
        return env

    def aec() -> Any:
        env = envs.CribbageAECEnv()
        env.reset(seed=0)
        return env

    return {"CribbageEnv": solo, "CribbageVectorEnv": vector, "CribbageAECEnv": aec}


def _openspiel_factories() -> dict[str, Callable[[], Any]]:
    import pyspiel

    _openspiel()

    def chance() -> Any:
        return pyspiel.load_game("python_cribbage_fast", {"target": 31}).new_initial_state()

    def decision() -> Any:
        state = chance()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        return state

    def game() -> Any:
        return pyspiel.load_game("python_cribbage_fast", {"target": 31})

    return {
        "CribbageGame": game,
        "CribbageObserver": lambda: game().make_py_observer(),
        "CribbageState(chance)": chance,
        "CribbageState(decision)": decision,
    }


FACTORIES: dict[str, Callable[[], dict[str, Callable[[], Any]]]] = {
    "cribbage_fast": _core_factories,
    "cribbage_fast.envs": _env_factories,
    "cribbage_fast.envs.openspiel": _openspiel_factories,
}

# Methods OpenSpiel's own State/Game classes define that reach the adapter.
PYSPIEL_METHODS = {
    "apply_action", "legal_actions", "chance_outcomes", "current_player",
    "information_state_string", "observation_string", "observation_tensor",
    "action_to_string", "returns", "is_terminal", "clone", "child",
    "new_initial_state", "make_py_observer",
}  # fmt: skip
# Methods that are the engine's callbacks, or generic helpers of a base class.
SKIPPED_METHODS = {"discard", "play", "count", "claim"}


def _own_methods(obj: Any) -> list[str]:
    """Public methods defined by cribbage_fast classes in `obj`'s MRO (and
    the OpenSpiel entry points that call into the adapter)."""
    names = []
    for name in dir(obj):
        if name.startswith("_"):
            continue
        owner = next((k for k in type(obj).__mro__ if name in vars(k)), None)
        if owner is None or isinstance(vars(owner)[name], property):
            continue
        ours = (owner.__module__ or "").startswith("cribbage_fast")
        entry = ours or (owner.__module__ == "pyspiel" and name in PYSPIEL_METHODS)
        if entry and callable(getattr(obj, name, None)):
            names.append(name)
    return names


def _is_player(kind: str) -> bool:
    return kind.endswith("Player")


def _snapshot(obj: Any) -> Any:
    """What a refused call must not change."""
    if isinstance(obj, cf.Game):
        return (repr(obj), json.dumps(obj.moves()), json.dumps(obj.events()), obj.to_move)
    if isinstance(obj, cf.Pegging):
        return (repr(obj), obj.events, obj.hands, obj.pile, obj.said_go)
    if hasattr(obj, "history") and hasattr(obj, "is_chance_node"):  # OpenSpiel state
        return (str(obj), obj.history(), obj.current_player(), obj.is_terminal())
    core = getattr(obj, "_core", None)
    if core is not None:  # the environments
        arrays = [v for v in vars(obj).values() if isinstance(v, np.ndarray)]
        return (repr(core), [a.tobytes() for a in arrays], getattr(obj, "_done", None))
    if hasattr(obj, "agents") and hasattr(obj, "_game"):  # AEC
        return (repr(obj._game), list(obj.agents), dict(obj.rewards))
    return repr(obj)


def _allowed(module: str, method: str) -> tuple[type[BaseException], ...]:
    """The documented exceptions of `method`: ours, plus the base library's
    own argument checks where it checks before our code runs."""
    if module == "cribbage_fast.envs.openspiel" and method in PYSPIEL_METHODS:
        import pyspiel

        return (*ALLOWED, pyspiel.SpielError)
    if module == "cribbage_fast.envs" and method == "reset":
        import gymnasium

        return (*ALLOWED, gymnasium.error.Error)  # Gymnasium's seed check
    return ALLOWED


def _methods(module: str) -> list[Any]:
    try:
        factories = FACTORIES[module]()
    except pytest.skip.Exception:
        return []
    out = []
    for kind, factory in factories.items():
        names = _own_methods(factory())
        if _is_player(kind):
            names = [n for n in names if n not in SKIPPED_METHODS]
        for name in names:
            out.append(f"{module}:{kind}.{name}")
    return out


METHODS = [m for module in MODULES for m in _methods(module)]


# ---------------------------------------------------------------------------
# Every parameter with every edge value, deterministically


def _edge_values() -> list[Any]:
    row = np.array([[0, 1, 2, 3, 4]], np.uint8)
    readonly = row.copy()
    readonly.flags.writeable = False
    return [
        None, True, np.bool_(False), 1.5, math.nan, np.float64(math.nan), "", "x", "5S 6S",
        b"\x00", [], [[1]], [None], {}, object(), -1, 2**31, 2**63 - 1, 2**63, 2**64,
        -(2**63) - 1, 10**30, np.int64(-1), np.uint64(2**64 - 1), np.array([]),
        np.zeros((0, 5), np.uint8), np.array(5), np.ma.masked_array(row), row.astype(object),
        readonly, np.repeat(row, 2, axis=1)[:, ::2], row.astype(np.float32), row.astype(">u8"),
    ]  # fmt: skip


EDGES = _edge_values()


def _expensive(name: str, value: Any) -> bool:
    """A size another version may accept and then take forever (or all
    memory) to honour."""
    if name not in SIZE_PARAMS or isinstance(value, bool):
        return False
    return isinstance(value, int | np.integer) and 3 < int(value) < 2**64


def _edge_calls(fn: Callable[..., Any]) -> Iterator[tuple[list[Any], dict[str, Any]]]:
    try:
        params = [
            p
            for p in inspect.signature(fn).parameters.values()
            if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
    except (TypeError, ValueError):
        for value in EDGES:
            yield [value], {}
        return
    for p in params:
        for value in EDGES:
            if _expensive(p.name, value):
                continue
            args: list[Any] = []
            kwargs: dict[str, Any] = {}
            for q in params:
                if q is p:
                    v = value
                elif q.default is not q.empty and q.name not in COSTLY:
                    continue
                else:
                    v = copy.copy(GOOD[q.name]) if q.name in GOOD else value
                if q.kind == q.POSITIONAL_ONLY:
                    args.append(v)
                else:
                    kwargs[q.name] = v
            yield args, kwargs


@pytest.mark.parametrize("target", CALLABLES)
def test_functions_and_constructors_refuse_bad_input(target: str) -> None:
    module, name = target.split(":")
    fn = dict(_public(module))[name]
    for args, kwargs in _edge_calls(fn):
        _call(fn, args, kwargs)

    @FUZZ
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        args, kwargs = _call_args(fn, data)
        _call(fn, args, kwargs)

    fuzz()


@pytest.mark.parametrize("target", METHODS)
def test_methods_refuse_bad_input_and_change_nothing(target: str) -> None:
    module, rest = target.split(":")
    kind, name = rest.rsplit(".", 1)
    factory = FACTORIES[module]()[kind]
    allowed = _allowed(module, name)
    obj = factory()
    for args, kwargs in _edge_calls(getattr(obj, name)):
        before = _snapshot(obj)
        err = _call(getattr(obj, name), args, kwargs, allowed)
        if err is None:
            obj = factory()  # it may have changed: start afresh
        else:
            assert _snapshot(obj) == before, f"{target} changed the object, then raised {err!r}"

    @FUZZ
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        obj = factory()
        before = _snapshot(obj)
        method = getattr(obj, name)
        args, kwargs = _call_args(method, data)
        err = _call(method, args, kwargs, allowed)
        if err is not None:
            assert _snapshot(obj) == before, f"{target} changed the object, then raised {err!r}"

    fuzz()


def test_the_api_is_enumerated() -> None:
    """The enumeration finds the API (a refactor cannot silently empty it)."""
    names = {t if isinstance(t, str) else t.values[0] for t in CALLABLES}
    assert {"cribbage_fast:score_hands", "cribbage_fast:Game", "cribbage_fast:Pegging"} <= names
    methods = {t if isinstance(t, str) else t.values[0] for t in METHODS}
    assert "cribbage_fast:Game.apply" in methods and "cribbage_fast:Pegging.lay" in methods
