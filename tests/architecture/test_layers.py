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
PATH = re.compile(r"\b((?:crate|self|super)(?:::\w+)*)")
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
    return without_tests(path.read_text(encoding="utf-8"))


def code_lines(text: str) -> list[str]:
    """Lines that are neither blank nor comments."""
    return [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("//")]


GROUP = re.compile(r"\b(\w+(?:::\w+)*)::\{")


def _split_top(text: str) -> list[str]:
    """`text` split at the commas outside braces."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    return [*items, text[start:]]


def flatten_groups(code: str) -> str:
    """Use-trees written out one path each: ``super::{a, b::{c, d}}`` reads
    ``super::a super::b::c super::b::d``, ``x::{self, y}`` ``x x::y``, and a
    glob ``x::*`` reads ``x``."""
    code = re.sub(r"::\*", "", code)
    while m := GROUP.search(code):
        depth, end = 0, m.end() - 1
        for end in range(m.end() - 1, len(code)):
            depth += {"{": 1, "}": -1}.get(code[end], 0)
            if depth == 0:
                break
        prefix = m.group(1)
        inner = code[m.end() : end]
        paths = []
        for item in _split_top(inner):
            item = item.strip()
            if "{" not in item:
                item = item.split(" as ")[0].strip()
            if item:
                paths.append(prefix if item == "self" else f"{prefix}::{item}")
        code = code[: m.start()] + " ".join(paths) + code[end + 1 :]
    return code


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
    return imports_in(path.read_text(encoding="utf-8"), module_of(path), modules)


def without_tests(text: str) -> str:
    cut = text.find("#[cfg(test)]\nmod tests")
    return text if cut < 0 else text[:cut]


def imports_in(text: str, module: str, modules: set[str]) -> set[str]:
    """`imports` of the source `text` of `module`."""
    code = flatten_groups("\n".join(code_lines(without_tests(text))))
    # Visibility (`pub(super)`, `pub(crate)`) names no module to import.
    code = re.sub(r"\bpub\s*\([^)]*\)", "pub", code)
    children = set(CHILD.findall(code))
    paths = PATH.findall(code)
    if children:
        bare = re.compile(r"(?<!::)\b((?:" + "|".join(sorted(children)) + r")(?:::\w+)+)")
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
    return graph_of({module_of(p): p.read_text(encoding="utf-8") for p in rust_files()})


def graph_of(sources: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the crate modules it imports, from each module's source."""
    modules = set(sources)
    edges: dict[str, set[str]] = defaultdict(set)
    for name, text in sources.items():
        for target in imports_in(text, name, modules):
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


def circle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `edges` (its path, first module repeated last), or None."""
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
            return cycle
    return None


def test_no_import_circle() -> None:
    cycle = circle(graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


# The checker itself, on planted sources: a parent module is a node.

DISPATCHER = """
pub mod expert;
pub mod master;
use crate::bots::master::MasterConfig;
pub enum BotKind { Master }
"""


@pytest.mark.parametrize(
    "child",
    [
        "use super::BotKind;\npub struct MasterConfig;",
        "use crate::bots::BotKind;\npub struct MasterConfig;",
        "pub struct MasterConfig;\nfn kind() -> crate::bots::BotKind { BotKind::Master }",
        "use super::{expert, BotKind};\npub struct MasterConfig;",
        "use super::{self as parent, expert};\npub struct MasterConfig;",
        "use super::*;\npub struct MasterConfig;",
        "use crate::{bots::{expert::expert_lay, BotKind}, ground};\npub struct MasterConfig;",
    ],
)
def test_a_planted_circle_through_a_parent_module_fails(child: str) -> None:
    sources = {"bots": DISPATCHER, "bots::master": child, "bots::expert": "", "ground": ""}
    edges = graph_of(sources)
    assert "bots" in edges["bots::master"] and "bots::master" in edges["bots"]
    assert circle(edges) in (
        ["bots", "bots::master", "bots"],
        ["bots::master", "bots", "bots::master"],
    )


def test_a_child_using_a_sibling_or_its_tests_using_the_parent_is_no_circle() -> None:
    child = (
        "use super::expert::expert_lay;\npub struct MasterConfig;\n"
        "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::bots::BotKind;\n}\n"
    )
    sources = {"bots": DISPATCHER, "bots::master": child, "bots::expert": "// uses crate::bots::X"}
    edges = graph_of(sources)
    assert edges["bots::master"] == {"bots::expert"}
    assert circle(edges) is None


def test_a_path_through_another_module_of_a_childs_name_is_not_the_child() -> None:
    parent = "mod show;\nuse crate::rules::show::his_heels;\npub struct Game;"
    child = "use super::{Game, Phase};\nimpl Game {}"
    sources = {"rules::game": parent, "rules::game::show": child, "rules::show": ""}
    edges = graph_of(sources)
    assert edges["rules::game"] == {"rules::show"}
    assert circle(edges) is None


def test_visibility_is_no_import() -> None:
    child = "pub(super) fn lay() {}\npub(crate) struct A;\npub(in crate::bots) struct B;"
    edges = graph_of({"bots": DISPATCHER, "bots::master": child, "bots::expert": ""})
    assert "bots::master" not in edges
    assert circle(edges) is None


def test_a_planted_upward_import_is_an_edge() -> None:
    edges = graph_of({"rules": "use crate::bots::BotKind;", "bots": ""})
    assert edges["rules"] == {"bots"}


def test_use_trees_are_read_path_by_path() -> None:
    assert flatten_groups("use super::{a, b::{c, d as e}, self};").split() == [
        "use",
        "super::a",
        "super::b::c",
        "super::b::d",
        "super;",
    ]
    assert flatten_groups("use crate::rules::*;") == "use crate::rules;"


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
