"""The compiled extension calls back only into public, tested Python names.

The bindings (``src/py/**.rs``) convert and release the GIL; where a compiled
class needs Python (its picture, the text of its statistics, card text in
bulk, pickling by a public constructor), it imports a module of the package
by name and takes a name from it. This test reads every such call in the
Rust source and checks each name: no part of the module's path or of the name
starts with an underscore, the module imports, has the name, and lists it in
its ``__all__``. Names the Rust passes on to a helper (``picture(obj,
"hand")`` takes a name from ``cribbage_fast.svg``) are read at the helper's
call sites. An import the test cannot read fails, so a new kind of call is
added here before it ships.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "py"

#: `import("module")`, the module of the package imported by name.
IMPORT = re.compile(r'import\(\s*"(cribbage_fast[\w.]*)"\s*\)')
#: A name taken from what came before: `.getattr("x")`, `.call_method1("x", ...)`.
TAKE = re.compile(r'^\s*\??\s*\.(?:getattr|call_method0|call_method1|call_method)\(\s*"(\w+)"')
#: `let x = <expr>.import("module")?;`: the module held in a variable.
HELD = re.compile(r'let\s+(\w+)\s*=\s*[^;]*?import\(\s*"(cribbage_fast[\w.]*)"\s*\)\s*\?\s*;')
#: Helpers that take the name as their last argument, with the module they read.
HELPERS = {"picture": "cribbage_fast.svg"}
#: The helper's own body takes the name from a variable.
HELPER_BODY = re.compile(r"\.getattr\(\s*(\w+)\s*\)")


def sources() -> dict[str, str]:
    return {
        str(p.relative_to(SRC)): p.read_text(encoding="utf-8") for p in sorted(SRC.rglob("*.rs"))
    }


def callbacks(text: str) -> tuple[set[tuple[str, str]], list[str]]:
    """The (module, name) pairs `text` calls back, and what it could not read."""
    found: set[tuple[str, str]] = set()
    unread: list[str] = []
    held = {m.start(): (m.group(1), m.group(2)) for m in HELD.finditer(text)}
    for m in IMPORT.finditer(text):
        module = m.group(1)
        after = text[m.end() :]
        taken = TAKE.match(after)
        if taken:
            found.add((module, taken.group(1)))
            continue
        holder = [v for start, (v, mod) in held.items() if mod == module and start < m.start()]
        if holder:
            var = holder[-1]
            rest = text[m.end() :]
            names = re.findall(
                rf'\b{var}\s*\.(?:getattr|call_method0|call_method1|call_method)\(\s*"(\w+)"', rest
            )
            dynamic = re.search(rf"\b{var}\s*\.getattr\(\s*(\w+)\s*\)", rest)
            if names:
                found.update((module, n) for n in names)
                continue
            if dynamic and any(module == mod for mod in HELPERS.values()):
                continue  # a helper: its names are read at its call sites
        unread.append(text[m.start() : m.end() + 60].splitlines()[0])
    for helper, module in HELPERS.items():
        for call in re.finditer(rf"(?<!fn )\b{helper}\(", text):
            literal = re.match(r'[^;]*?,\s*"(\w+)"\s*\)', text[call.end() :])
            if literal:
                found.add((module, literal.group(1)))
            else:
                unread.append(text[call.start() : call.end() + 40].splitlines()[0])
    return found, unread


def every_callback() -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for text in sources().values():
        out |= callbacks(text)[0]
    return out


def test_every_import_by_name_is_read() -> None:
    unread = {f: callbacks(t)[1] for f, t in sources().items() if callbacks(t)[1]}
    assert not unread, f"calls into Python this test cannot read (add them here): {unread}"


def test_the_reader_finds_the_known_callbacks() -> None:
    found = every_callback()
    assert ("cribbage_fast.svg", "card") in found
    assert ("cribbage_fast.bulk.text", "scores_if_text") in found
    assert ("cribbage_fast.games.stats", "format_stats") in found
    assert ("cribbage_fast", "explain_hand") in found


@pytest.mark.parametrize("module, name", sorted(every_callback()))
def test_each_callback_is_public_importable_and_in_all(module: str, name: str) -> None:
    parts = [*module.split("."), name]
    assert not [p for p in parts if p.startswith("_")], f"{module}.{name} is private"
    imported = importlib.import_module(module)
    assert callable(getattr(imported, name)), f"{module}.{name} is not callable"
    assert name in getattr(imported, "__all__", ()), f"{name} is not in {module}.__all__"


def test_a_planted_private_or_unread_callback_is_caught() -> None:
    text = """
        let x = py.import("cribbage_fast.bulk.text")?.call_method1("_helper", (a,))?;
        let stats = slf.py().import("cribbage_fast.games.stats")?;
        stats.getattr("format_stats")?.call1((slf,))?;
        let m = py.import("cribbage_fast.tables")?;
        let f = m.getattr(name)?;
        picture(slf.as_any(), "hand")
        picture(slf.as_any(), drawing)
    """
    found, unread = callbacks(text)
    assert found == {
        ("cribbage_fast.bulk.text", "_helper"),
        ("cribbage_fast.games.stats", "format_stats"),
        ("cribbage_fast.svg", "hand"),
    }
    assert len(unread) == 2 and "cribbage_fast.tables" in unread[0] and "picture" in unread[1]
    with pytest.raises(AssertionError, match="private"):
        test_each_callback_is_public_importable_and_in_all("cribbage_fast.bulk.text", "_helper")
    with pytest.raises(AssertionError, match="__all__"):
        test_each_callback_is_public_importable_and_in_all("cribbage_fast.bulk.text", "parse_text")
