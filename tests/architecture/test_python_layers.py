"""The shape of the Python package: imports go one way.

The table builders and the command line may import the table readers; the
readers (``cribbage_fast.tables``) never import the builders or the command
line, the builders never import the command line, only the command line
imports itself (the examples use the library), and the pure-Python reference
scorers (``cribbage_fast.reference``) import nothing of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "cribbage_fast"

#: Sub-package -> the sub-packages it must not import.
FORBIDDEN = {
    "cribbage_fast.tables": ("cribbage_fast.builders", "cribbage_fast.cli"),
    "cribbage_fast.builders": ("cribbage_fast.cli",),
    "cribbage_fast.reference": ("cribbage_fast",),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(path: Path) -> set[str]:
    """Every module `path` imports (``from a import b`` counts as ``a`` and ``a.b``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_walk_sees_the_sub_packages() -> None:
    names = modules()
    assert {"cribbage_fast.tables.pegging", "cribbage_fast.builders.pegging"} <= set(names)
    assert "cribbage_fast.tables.pegging" in imported(names["cribbage_fast.builders.pegging"])


@pytest.mark.parametrize("name", sorted(modules()))
def test_imports_go_one_way(name: str) -> None:
    path = modules()[name]
    found = imported(path)
    for package, forbidden in FORBIDDEN.items():
        if not within(name, package):
            continue
        for target in forbidden:
            bad = sorted(m for m in found if within(m, target) and not within(m, package))
            assert not bad, f"{name} imports {bad}: {package} must not import {target}"
    if not within(name, "cribbage_fast.cli"):
        bad = sorted(m for m in found if within(m, "cribbage_fast.cli"))
        assert not bad, f"{name} imports the command line ({bad}): only the CLI may"
