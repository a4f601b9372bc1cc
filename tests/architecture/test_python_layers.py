"""The shape of the Python package: every module has a layer, imports go down.

``LAYERS`` gives every module of ``python/cribbage_fast/`` its layer, lowest
first, as ``docs/architecture.md`` draws them. A module may import its own
layer or a lower one, never a higher one, and no chain of imports comes back
to where it started. ``cribbage_fast.reference`` (the plain-Python rules the
tests check the core against) stands apart: it imports nothing else of the
package and nothing else imports it.

Every import counts: at the top of a file, inside a function, under
``if TYPE_CHECKING:``, and ``importlib.import_module("...")`` with a literal
name. ``from P import x`` is an import of the module ``P.x`` when ``x`` is a
module, of ``P`` otherwise (so ``from .. import _core`` is an import of
``cribbage_fast._core``, not of the package's ``__init__``). Importing
``a.b.c`` runs the ``__init__`` of each package above ``c`` that is not
already above the importer, and that counts as an import of each of them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = "cribbage_fast"
PACKAGE = Path(__file__).resolve().parents[2] / "python" / ROOT

#: Every module or sub-package (named below ``cribbage_fast``) by layer,
#: lowest first. ``""`` is the package's own ``__init__``: the skin.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("_core", "exceptions", "_util", "stats", "svg"),
    ("games", "bulk", "tables"),
    ("records", "distributed"),
    ("analysis",),
    ("envs", "builders", "examples", "puzzles"),
    ("cli",),
    ("",),
)
#: Sub-packages that import nothing of the package and that nothing imports.
APART = ("reference",)

Graph = Mapping[str, Iterable[str]]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package: its ``.py`` files and the compiled
    ``_core`` (read through its stubs, which import nothing of the package)."""
    found = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    for stub in sorted(PACKAGE.rglob("*.pyi")):
        found.setdefault(module_name(stub), stub)
    return found


def is_package(path: Path) -> bool:
    return path.name in ("__init__.py", "__init__.pyi")


def _known_prefix(dotted: str, known: set[str]) -> str | None:
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in known:
            return candidate
    return None


def _literal_import_module(node: ast.Call) -> str | None:
    """The name in ``importlib.import_module("name")`` (or a bare
    ``import_module("name")``) when it is a literal."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if called != "import_module" or not node.args:
        return None
    arg = node.args[0]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def imports_of(source: str, name: str, package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that the module `name` (a package's
    ``__init__`` when `package`) imports, given its `source`, wherever the
    import stands: the named module itself, before the implicit parents."""
    here = name if package else name.rpartition(".")[0]
    found: set[str] = set()

    def add(dotted: str) -> None:
        target = _known_prefix(dotted, known)
        if target is not None:
            found.add(target)

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in known else base)
        elif isinstance(node, ast.Call) and (literal := _literal_import_module(node)):
            add(literal)
    return found


def with_parents(source: str, targets: Iterable[str], known: set[str]) -> set[str]:
    """`targets` and every package above each that is not above `source`:
    importing ``a.b.c`` runs ``a.b``'s ``__init__`` unless it already runs."""
    out = set()
    for target in targets:
        out.add(target)
        parts = target.split(".")
        for n in range(1, len(parts)):
            parent = ".".join(parts[:n])
            if parent in known and not (source == parent or source.startswith(parent + ".")):
                out.add(parent)
    out.discard(source)
    return out


def graph() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports."""
    files = modules()
    known = set(files)
    return {
        name: with_parents(
            name,
            imports_of(path.read_text(encoding="utf-8"), name, is_package(path), known),
            known,
        )
        for name, path in files.items()
    }


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer_of(module: str, layers: tuple[tuple[str, ...], ...] = LAYERS) -> int | None:
    """The layer of `module` (a full name): that of the longest entry of
    `layers` it is or lies in; ``None`` when it has none."""
    rel = module.removeprefix(ROOT).removeprefix(".")
    best: tuple[int, int] | None = None
    for level, entries in enumerate(layers):
        for entry in entries:
            hit = rel == entry if entry == "" else within(rel, entry)
            if hit and (best is None or len(entry) > best[1]):
                best = (level, len(entry))
    return None if best is None else best[0]


def apart(module: str) -> str | None:
    rel = module.removeprefix(ROOT).removeprefix(".")
    return next((p for p in APART if within(rel, p)), None)


def upward_imports(edges: Graph, layers: tuple[tuple[str, ...], ...] = LAYERS) -> list[str]:
    """Every import of a higher layer, or into or out of an apart package."""
    bad = []
    for source, targets in edges.items():
        for target in targets:
            a, b = apart(source), apart(target)
            if a or b:
                if a != b:
                    bad.append(f"{source} -> {target} (reference stands apart)")
                continue
            la, lb = layer_of(source, layers), layer_of(target, layers)
            if la is not None and lb is not None and lb > la:
                bad.append(f"{source} (layer {la}) -> {target} (layer {lb})")
    return sorted(bad)


def circles(edges: Graph) -> list[list[str]]:
    """The import circles of `edges`: its strongly connected components of
    more than one module (Tarjan's algorithm, iterative), each sorted."""
    nodes = sorted(set(edges) | {t for ts in edges.values() for t in ts})
    succ = {n: sorted(edges.get(n, ())) for n in nodes}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(succ[node]):
                work.append((node, i + 1))
                nxt = succ[node][i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(found)


def test_every_module_has_a_layer() -> None:
    missing = sorted(m for m in modules() if layer_of(m) is None and apart(m) is None)
    assert not missing, f"modules without a layer in LAYERS: {missing}"


def test_every_table_entry_is_a_module() -> None:
    names = set(modules())
    entries = [e for level in LAYERS for e in level] + list(APART)
    stale = [e for e in entries if (f"{ROOT}.{e}" if e else ROOT) not in names]
    assert not stale, f"LAYERS names what the package does not hold: {stale}"


def test_no_import_goes_up_a_layer() -> None:
    bad = upward_imports(graph())
    assert not bad, "imports of a higher layer:\n" + "\n".join(bad)


def test_no_import_circle() -> None:
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_walk_sees_the_sub_packages_and_every_kind_of_import() -> None:
    edges = graph()
    assert "cribbage_fast.tables.pegging" in edges["cribbage_fast.builders.pegging"]
    assert "cribbage_fast._core" in edges and "cribbage_fast.reference.show" in edges
    assert sum(len(t) for t in edges.values()) > 150


# The checker itself, on planted sources and graphs.

KNOWN = {
    ROOT,
    f"{ROOT}._core",
    f"{ROOT}.games",
    f"{ROOT}.games.game",
    f"{ROOT}.games.stats",
    f"{ROOT}.records",
    f"{ROOT}.records.notation",
    f"{ROOT}.records.notation.grammar",
    f"{ROOT}.tables",
    f"{ROOT}.tables.discards",
    f"{ROOT}.reference",
    f"{ROOT}.reference.show",
}


def planted(source: str, name: str = f"{ROOT}.games.game", package: bool = False) -> set[str]:
    return with_parents(name, imports_of(source, name, package, KNOWN), KNOWN)


def test_from_dots_import_a_submodule_is_that_submodule() -> None:
    assert planted("from .. import _core") == {f"{ROOT}._core"}
    assert planted("from . import stats") == {f"{ROOT}.games.stats"}
    assert planted("from .. import Card") == {ROOT}
    assert planted("from . import Thing") == {f"{ROOT}.games"}
    assert planted("from ..notation import grammar", f"{ROOT}.records.notation.write") == {
        f"{ROOT}.records.notation.grammar"
    }
    assert planted("from .notation import grammar", f"{ROOT}.records", package=True) == {
        f"{ROOT}.records.notation.grammar",
        f"{ROOT}.records.notation",
    }


def test_imports_in_functions_type_checking_and_import_module_count() -> None:
    source = """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from ..records import notation
def f():
    import cribbage_fast.tables.discards as d
    return importlib.import_module("cribbage_fast.reference.show")
"""
    assert planted(source) == {
        f"{ROOT}.records",
        f"{ROOT}.records.notation",
        f"{ROOT}.tables",
        f"{ROOT}.tables.discards",
        f"{ROOT}.reference",
        f"{ROOT}.reference.show",
    }


def test_a_planted_upward_import_fails() -> None:
    edges = {f"{ROOT}.games.game": planted("def to_text():\n    from ..records import notation\n")}
    assert upward_imports(edges) == [
        f"{ROOT}.games.game (layer 1) -> {ROOT}.records (layer 2)",
        f"{ROOT}.games.game (layer 1) -> {ROOT}.records.notation (layer 2)",
    ]
    down = {f"{ROOT}.records": planted("from ..games import game", f"{ROOT}.records", True)}
    assert upward_imports(down) == []


def test_a_planted_import_of_the_skin_or_of_the_reference_fails() -> None:
    edges = {
        f"{ROOT}.cli.play": {ROOT},
        f"{ROOT}.tables.discards": {f"{ROOT}.reference.show"},
        f"{ROOT}.reference.show": {f"{ROOT}._core"},
    }
    assert len(upward_imports(edges)) == 3


def test_a_planted_circle_is_found() -> None:
    a, b, c, d = (f"{ROOT}.records.{x}" for x in "abcd")
    assert circles({a: {b}, b: {c}, c: {a, d}, d: set()}) == [[a, b, c]]
    assert circles({a: {b}, b: {c}, c: {d}}) == []
    two = circles({a: {b}, b: {a}, c: {d}, d: {c}})
    assert two == [[a, b], [c, d]]
    # Through a package's __init__: games.game imports the package it lives in.
    game = f"{ROOT}.games.game"
    edges = {f"{ROOT}.games": planted("from .game import Game", f"{ROOT}.games", True)}
    edges[game] = planted("from . import Thing")
    assert circles(edges) == [[f"{ROOT}.games", game]]


def test_a_module_missing_from_the_table_is_named() -> None:
    layers = (("_core",), ("games",), ("",))
    assert layer_of(f"{ROOT}.games.game", layers) == 1
    assert layer_of(ROOT, layers) == 2
    assert layer_of(f"{ROOT}.gamesx", layers) is None
    assert layer_of(f"{ROOT}.records.notation", layers) is None


def test_a_long_chain_does_not_recurse() -> None:
    chain = {f"m{i}": {f"m{i + 1}"} for i in range(5000)}
    assert circles(chain) == []
    chain["m5000"] = {"m0"}
    assert len(circles(chain)[0]) == 5001
