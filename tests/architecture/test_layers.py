"""The shape of the Rust core: layers import downwards only, no import circles, small files.

The layers, lowest first, are the folders of ``src/`` (``src/lib.rs`` is their map).
A module may import its own folder or a lower layer; ``learn``, ``builders`` and
``review`` stand side by side above ``bots`` and never import each other; ``py``
(the PyO3 skin) may import anything. Lines inside ``#[cfg(test)]`` modules are
left out: tests may reach across. Every path counts, absolute or relative
(``crate::``, ``self::``, ``super::``, a declared child module), and a child
that uses its parent is an edge like any other, so a circle through a parent
module fails too.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

LEVEL = {
    "ground": 0,
    "rules": 1,
    "analysis": 2,
    "tables": 3,
    "bots": 4,
    "learn": 5,
    "builders": 5,
    "review": 5,
    "py": 9,
}
MAX_CODE_LINES = 700
MAX_FUNCTION_LINES = 60

# A path into the crate: absolute (`crate::a::b`), relative (`super::a`,
# `self::a`), or through a child module the file declares (`mod a;` then `a::b`).
PATH = re.compile(r"\b((?:crate|self|super)(?:::\w+)+)")
CHILD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)


def rust_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.rs") if p.name != "lib.rs")


def module_of(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "mod":
        parts.pop()
    return "::".join(parts)


def code_without_tests(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    cut = text.find("#[cfg(test)]\nmod tests")
    return text if cut < 0 else text[:cut]


def code_lines(text: str) -> list[str]:
    """Lines that are neither blank nor comments."""
    return [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("//")]


def absolute(path: str, module: str, children: set[str]) -> list[str]:
    """A path as it reads from `module`, made absolute (without `crate`)."""
    parts = path.split("::")
    if parts[0] == "crate":
        return parts[1:]
    base = module.split("::")
    if parts[0] in children:
        return [*base, *parts]
    while parts and parts[0] in ("self", "super"):
        if parts.pop(0) == "super":
            base = base[:-1]
    return [*base, *parts]


def imports(path: Path, modules: set[str]) -> set[str]:
    """The crate modules this file's code (tests and comments aside) names,
    a parent module and child modules included: a child that uses its
    parent while the parent uses it is a circle like any other."""
    module = module_of(path)
    code = "\n".join(code_lines(code_without_tests(path)))
    children = set(CHILD.findall(code))
    paths = PATH.findall(code)
    if children:
        bare = re.compile(r"\b((?:" + "|".join(sorted(children)) + r")(?:::\w+)+)")
        paths += [p for p in bare.findall(code) if not p.startswith(("crate", "self", "super"))]
    found = set()
    for text in paths:
        parts = absolute(text, module, children)
        # The longest prefix that is a module of the crate.
        for n in range(len(parts), 0, -1):
            candidate = "::".join(parts[:n])
            if candidate in modules:
                found.add(candidate)
                break
    return found


def graph() -> dict[str, set[str]]:
    files = {module_of(p): p for p in rust_files()}
    modules = set(files)
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in files.items():
        for target in imports(path, modules):
            if target != name:
                edges[name].add(target)
    return edges


def layer(module: str) -> str:
    return module.split("::")[0]


def test_every_folder_is_a_known_layer() -> None:
    folders = {layer(module_of(p)) for p in rust_files()}
    assert folders <= set(LEVEL), f"folders without a layer: {folders - set(LEVEL)}"


def test_no_import_goes_up_a_layer_or_sideways() -> None:
    upward = []
    for source, targets in graph().items():
        for target in targets:
            a, b = layer(source), layer(target)
            if a == b or a == "py":
                continue
            if LEVEL[b] >= LEVEL[a]:
                upward.append(f"{source} -> {target}")
    assert not upward, "imports that go up or sideways a layer:\n" + "\n".join(sorted(upward))


def test_no_import_circle() -> None:
    edges = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            pytest.fail("import circle: " + " -> ".join(cycle))


@pytest.mark.parametrize("path", rust_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_files_and_functions_are_small(path: Path) -> None:
    code = code_without_tests(path)
    assert len(code_lines(code)) <= MAX_CODE_LINES
    long = []
    lines = code.splitlines()
    fn = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")
    for i, line in enumerate(lines):
        m = fn.match(line)
        if not m or line.rstrip().endswith(";"):
            continue
        depth, started = 0, False
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            started = started or "{" in lines[j]
            if started and depth <= 0:
                body = code_lines("\n".join(lines[i : j + 1]))
                if len(body) > MAX_FUNCTION_LINES:
                    long.append(f"{m.group(5)} ({len(body)} lines)")
                break
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"
