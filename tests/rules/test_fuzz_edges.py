"""Hostile input for the newer entry points (issue 22): the table readers and
the board positions, the master, the Ray front end, and every option of every
command (but the terminal game). It extends `test_fuzz.py` with the same
generated bad values, and adds a strictness check: where a parameter is a
bool or an int (by its annotation, in the Python layer and in the compiled
module's stub), a value of the wrong type is a TypeError naming it.

A command line answers any value with status 0 or 2, an error in one line
on stderr and never a traceback; the work itself is replaced by a stub, so
accepted values cost nothing."""

from __future__ import annotations

import ast
import inspect
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from rules.test_fuzz import ALLOWED, FUZZ, _call, _call_args, _edge_calls

ROOT = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------
# Entry points of the Python layer


def _tables() -> Any:
    import cribbage_fast.tables as tables

    return tables


def _positions() -> Any:
    import cribbage_fast.tables.positions as positions

    return positions


def _agents() -> Any:
    import cribbage_fast.games.agents as agents

    return agents


MODULES: dict[str, Callable[[], Any]] = {
    "cribbage_fast.tables": _tables,
    "cribbage_fast.tables.positions": _positions,
    "cribbage_fast.games.agents": _agents,
}
# Reading a table from a file may fail as files do.
FILE_ALLOWED = (*ALLOWED, OSError)
# Functions whose work is a file written or a plot drawn from a good table.
WRITERS = {"plot_table"}


def _public(module: Any) -> Iterator[tuple[str, Any]]:
    names = getattr(module, "__all__", None) or [
        n for n, v in vars(module).items() if not n.startswith("_") and inspect.isfunction(v)
    ]
    for name in names:
        obj = getattr(module, name)
        defined_here = getattr(obj, "__module__", "") == module.__name__
        error = isinstance(obj, type) and issubclass(obj, BaseException)
        if callable(obj) and (defined_here or hasattr(module, "__all__")) and not error:
            yield name, obj


TARGETS = [
    f"{module}:{name}"
    for module, load in MODULES.items()
    for name, _ in _public(load())
    if name not in WRITERS
]


# Left to the table readers' own validation (issue 22, class 1): the atlas's
# arrays, and the loader's helper that checks a position table's arrays.
@pytest.mark.parametrize("target", TARGETS)
def test_python_entry_points_refuse_bad_input(target: str) -> None:
    module, name = target.split(":")
    fn = dict(_public(MODULES[module]()))[name]
    for args, kwargs in _edge_calls(fn):
        _call(fn, args, kwargs, FILE_ALLOWED)

    @FUZZ
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        args, kwargs = _call_args(fn, data)
        _call(fn, args, kwargs, FILE_ALLOWED)

    fuzz()


# ---------------------------------------------------------------------------
# Strictness: a bool parameter takes only bools, an int parameter only ints

NOT_BOOLS = ["no", "", 0, 1, 0.7, None, np.int64(1), [True]]
NOT_INTS = [1.5, 2.0, True, np.bool_(False), "3", b"3", np.float64(2.0)]

# A plausible value per parameter name, so that only the value tried is wrong.
GOOD: dict[str, Any] = {
    "hand": "5H 5D JC 4S 6H KD",
    "starter": "5S",
    "opponent": "random",
    "a": "random",
    "b": "random",
    "games": 1,
    "ranks": [5, 5, 10, 10],
    "my_score": 3,
    "their_score": 4,
    "num_envs": 1,
    "cards": "5H 5D 5C JS",
    "pile": "4S 6H 5D",
    "text": "5H",
}
# Parameters whose wrong type is refused by another check first, by design.
SKIP = {"seed"}


def _stub_signatures() -> dict[str, dict[str, str]]:
    """Annotations of the compiled module's functions, from `_core.pyi`."""
    tree = ast.parse((ROOT / "python" / "cribbage_fast" / "_core.pyi").read_text())
    out: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            params = [*node.args.args, *node.args.kwonlyargs]
            out[node.name] = {
                p.arg: ast.unparse(p.annotation) for p in params if p.annotation is not None
            }
    return out


def _python_signatures() -> dict[str, tuple[Callable[..., Any], dict[str, str]]]:
    out = {}
    for module, load in MODULES.items():
        for name, fn in _public(load()):
            if isinstance(fn, type) or name in WRITERS:
                continue
            params = inspect.signature(fn).parameters.values()
            out[f"{module}.{name}"] = (fn, {p.name: str(p.annotation) for p in params})
    stubs = _stub_signatures()
    for name, kinds in stubs.items():
        fn = getattr(cf, name, None)
        if fn is None:
            continue
        if fn is not getattr(cf._core, name):
            # A Python function around the compiled one: its own signature.
            params = inspect.signature(fn).parameters.values()
            kinds = {p.name: str(p.annotation) for p in params}
        out[f"cribbage_fast.{name}"] = (fn, kinds)
    return out


SIGNATURES = _python_signatures()


def _strict_cases() -> list[tuple[str, str, str]]:
    cases = []
    for target, (fn, kinds) in SIGNATURES.items():
        params = inspect.signature(fn).parameters.values() if _has_signature(fn) else []
        required = [
            p.name for p in params if p.default is p.empty and p.kind not in (p.VAR_KEYWORD,)
        ]
        if any(r not in GOOD and kinds.get(r) not in ("bool", "int") for r in required):
            continue
        for name, annotation in kinds.items():
            if name in SKIP:
                continue
            if annotation == "bool":
                cases.append((target, name, "bool"))
            elif annotation == "int":
                cases.append((target, name, "int"))
    return cases


def _has_signature(fn: Any) -> bool:
    try:
        inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return True


STRICT = _strict_cases()


@pytest.mark.parametrize(("target", "name", "kind"), STRICT)
def test_a_wrong_type_is_a_type_error_naming_the_parameter(
    target: str, name: str, kind: str
) -> None:
    fn, kinds = SIGNATURES[target]
    params = inspect.signature(fn).parameters.values()
    base = {
        p.name: GOOD.get(p.name, True if kinds.get(p.name) == "bool" else 1)
        for p in params
        if p.default is p.empty
    }
    for value in NOT_BOOLS if kind == "bool" else NOT_INTS:
        with pytest.raises(TypeError, match=name):
            fn(**{**base, name: value})


def test_the_strictness_check_finds_the_flags() -> None:
    found = {(t, n) for t, n, _ in STRICT}
    assert ("cribbage_fast.master_match", "search") in found
    assert ("cribbage_fast.tables.crib_table", "own") in found
    assert ("cribbage_fast.tables.positions.win_probability", "dealer") in found
    assert ("cribbage_fast.analyze_discards", "pegging") in found


# ---------------------------------------------------------------------------
# The master: every argument of MasterPlayer and master_match


@pytest.mark.parametrize("value", [*NOT_INTS, -1, 0, 4097, 10**30])
def test_master_budget(value: object) -> None:
    with pytest.raises((TypeError, ValueError), match="budget"):
        cf.MasterPlayer(budget=value)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError), match="budget"):
        cf.master_match("random", games=1, budget=value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# The Ray front end


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    from cribbage_fast import distributed

    yield distributed
    ray.shutdown()


def _no_address(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` with the address left out: a name lookup of a generated host
    could wait on the network (addresses are tried by the tests below)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        kwargs.pop("address", None)
        return fn(*args, **kwargs)

    call.__signature__ = inspect.signature(fn)  # type: ignore[attr-defined]
    return call


@pytest.mark.parametrize("name", ["simulate", "map_ranges"])
def test_distributed_refuses_bad_input(local_ray: Any, name: str) -> None:
    fn = _no_address(getattr(local_ray, name))
    for args, kwargs in _edge_calls(fn):
        if name == "map_ranges" and "fn" not in kwargs:
            continue
        _call(fn, args, kwargs)

    @FUZZ
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        args, kwargs = _call_args(fn, data)
        if name == "map_ranges" and callable(kwargs.get("fn")):
            return  # a generated callable would run on Ray
        _call(fn, args, kwargs)

    fuzz()


@pytest.mark.parametrize(
    "address", ["", "x", "5H", "host:", ":1", "h:0", "h:65536", "a b:1", 5, b"auto", ["auto"]]
)
def test_distributed_refuses_bad_addresses(local_ray: Any, address: object) -> None:
    with pytest.raises((TypeError, ValueError), match="address"):
        local_ray.connect(address)
    with pytest.raises((TypeError, ValueError), match="address"):
        local_ray.simulate("random", "random", 2, address=address, progress=False)


# ---------------------------------------------------------------------------
# Every option of every command

HOSTILE = [
    "", " ", "nan", "inf", "-inf", "-1", "0", "1", "1.5", "1e999", "99999999999999999999999",
    "x", "5H", "-", "--", "é", "/nonexistent/x.npz", "a b:1", "127.0.0.1:1", "\t",
]  # fmt: skip


class _Started(Exception):
    """Raised by the stubbed work: the command accepted its arguments."""


@pytest.fixture
def stubbed_work(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage_fast import analysis, builders, distributed, tables

    def started(*args: Any, **kwargs: Any) -> Any:
        raise _Started

    for module, name in [
        (builders, "analyze_all_deals"),
        (builders, "build_pegging_table"),
        (builders, "build_table"),
        (cf._core, "simulate"),
        (distributed, "simulate"),
        (analysis, "analyze_games"),
        (tables.positions, "position_table"),
    ]:
        monkeypatch.setattr(module, name, started)


def _base_calls(tmp: Path) -> dict[tuple[str, ...], list[str]]:
    record = tmp / "game.json"
    game = cf.Game(2, seed=1)
    while not game.is_over:
        game.step(cf.GreedyPlayer())
    record.write_text(json.dumps(game.to_record()))
    hands = tmp / "hands.csv"
    hands.write_text("hand\n5H 5D 5C JS 5S\n")
    return {
        ("score",): ["score", "--file", str(hands), "--hand", "hand", "--out", str(tmp / "o.csv")],
        ("discard",): ["discard", "5H", "5D", "JC", "4S", "6H", "KD"],
        ("simulate",): ["simulate", "random", "random"],
        ("position",): ["position", "95", "110"],
        ("analyze",): ["analyze", str(record)],
        ("tables", "crib"): ["tables", "crib", "--out", str(tmp / "c.npz")],
        ("tables", "pegging"): ["tables", "pegging", "--out", str(tmp / "p.npz")],
        ("tables", "atlas"): ["tables", "atlas", "--out", str(tmp / "a.npz")],
        ("tables", "expert"): ["tables", "expert", "--out", str(tmp / "e.bin")],
        ("tables", "positions"): ["tables", "positions", "--out", str(tmp / "t.npz")],
    }


def _options(path: tuple[str, ...]) -> list[str]:
    from cribbage_fast.cli import main

    command: Any = main
    for part in path:
        command = command.get_command(click.Context(command), part)
    return [
        p.opts[0]
        for p in command.params
        if isinstance(p, click.Option) and not p.is_flag and p.opts[0] not in ("--help",)
    ]


COMMANDS = [
    ("score",), ("discard",), ("simulate",), ("position",), ("analyze",), ("tables", "crib"),
    ("tables", "pegging"), ("tables", "atlas"), ("tables", "expert"), ("tables", "positions"),
]  # fmt: skip
CLI_OPTIONS = [(" ".join(path), option) for path in COMMANDS for option in _options(path)]


@pytest.mark.parametrize(("command", "option"), CLI_OPTIONS)
def test_every_cli_option_answers_hostile_values_in_one_line(
    stubbed_work: None, command: str, option: str, tmp_path: Path
) -> None:
    from cribbage_fast.cli import main

    base = _base_calls(tmp_path)[tuple(command.split())]
    if option == "--ray":
        pytest.importorskip("ray")
    for value in HOSTILE:
        if option == "--ray" and value not in ("", "x", "a b:1", "-1", "5H"):
            continue  # a host name lookup could wait on the network
        result = CliRunner().invoke(main, [*base, option, value])
        if isinstance(result.exception, _Started):
            continue  # accepted: the work would start
        err = result.stderr.strip()
        assert result.exit_code in (0, 2), (command, option, value, result.output)
        assert "Traceback" not in result.output, (command, option, value)
        if result.exit_code == 2:
            assert "\n" not in err and err.startswith("cribbage-fast: error: "), (
                option,
                value,
                err,
            )


def test_the_cli_options_are_enumerated() -> None:
    found = set(CLI_OPTIONS)
    assert ("simulate", "--games") in found and ("tables pegging", "--target-se") in found
    assert ("tables positions", "--precision") in found and ("discard", "--crib-model") in found
    assert len(found) > 25
