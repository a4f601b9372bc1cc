"""No module-level mutable state: no function of the package rebinds a
module's name (``global``) or changes a list, dict or set a module holds.

What a caller loads (an atlas, a table from a file) is an object the caller
holds, so loading one changes no other caller's answer
(tests/tables/test_table_checks.py shows it for the atlas). The shipped
tables are cached once, read-only, and handed out as copies or read-only
views; those caches are ``functools.cache`` functions, not module names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "cribbage_fast"

MUTATORS = {
    "append",
    "extend",
    "insert",
    "update",
    "setdefault",
    "pop",
    "popitem",
    "clear",
    "add",
    "discard",
    "remove",
    "sort",
    "reverse",
}
CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
FACTORIES = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque"}


def module_containers(tree: ast.Module) -> set[str]:
    """Names a module binds at its top level to a list, dict or set."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            value = node.value
            made = isinstance(value, CONTAINERS) or (
                isinstance(value, ast.Call) and getattr(value.func, "id", None) in FACTORIES
            )
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if made:
                names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def writes(source: str) -> list[str]:
    """Every place a function of `source` writes module state."""
    tree = ast.parse(source)
    held = module_containers(tree)
    found = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        local = {a.arg for a in func.args.args + func.args.kwonlyargs + func.args.posonlyargs}
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                found.append(f"{func.name}: global {', '.join(node.names)}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                if (
                    isinstance(owner, ast.Name)
                    and owner.id in held - local
                    and node.func.attr in MUTATORS
                ):
                    found.append(f"{func.name}: {owner.id}.{node.func.attr}()")
            elif isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
                targets = (
                    node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
                )
                for target in targets:
                    if (
                        isinstance(target, ast.Subscript)
                        and isinstance(target.value, ast.Name)
                        and target.value.id in held - local
                    ):
                        found.append(f"{func.name}: {target.value.id}[...] written")
    return found


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_no_function_writes_module_state(path: Path) -> None:
    assert not writes(path.read_text(encoding="utf-8"))


def test_a_planted_module_cache_is_caught() -> None:
    source = """
_ATLAS: list[object] = []
_SEEN = {}
COUNT = 0
def load(path):
    _ATLAS.append(path)
def remember(key):
    _SEEN[key] = True
def count():
    global COUNT
    COUNT += 1
def fine(_ATLAS):
    _ATLAS.append(1)
    local = []
    local.append(1)
"""
    assert writes(source) == [
        "load: _ATLAS.append()",
        "remember: _SEEN[...] written",
        "count: global COUNT",
    ]
