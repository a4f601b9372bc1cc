"""The top-level ``__all__`` is grouped as the API reference is.

In ``python/cribbage_fast/__init__.py`` every name of ``__all__`` stands under
a comment ``# <title>: <page>.md`` naming a page of ``docs/reference/`` by its
file and its title; the groups follow the order of the reference's index, and
each name is documented on its group's page (the index's own entries,
the package's version, come last): an entry of its own
(``::: cribbage_fast.<name>``) or the entry of the module it is defined in.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INIT = ROOT / "python" / "cribbage_fast" / "__init__.py"
REFERENCE = ROOT / "docs" / "reference"

GROUP = re.compile(r"^\s*#\s*(?P<title>[^:]+):\s*(?P<page>[\w-]+\.md)\s*$")
NAME = re.compile(r'^\s*"(?P<name>\w+)",\s*$')
ENTRY = re.compile(r"^:::\s*(\S+)\s*$", re.M)


def groups(source: str) -> list[tuple[str, str, list[str]]]:
    """(title, page, names) of each group of the ``__all__`` list in `source`;
    a name before any group comment is put in a group of title ``""``."""
    body = source[source.index("__all__ = [") :]
    body = body[: body.index("\n]")]
    found: list[tuple[str, str, list[str]]] = []
    for line in body.splitlines()[1:]:
        if m := GROUP.match(line):
            found.append((m["title"].strip(), m["page"], []))
        elif m := NAME.match(line):
            if not found:
                found.append(("", "", []))
            found[-1][2].append(m["name"])
        elif line.strip():
            found.append(("", "", [f"<unread line {line.strip()!r}>"]))
    return found


def title(page: Path) -> str:
    return page.read_text(encoding="utf-8").splitlines()[0].removeprefix("# ").strip()


def index_order() -> list[str]:
    text = (REFERENCE / "index.md").read_text(encoding="utf-8")
    # The index's own entries (the package's version) close it.
    return [*re.findall(r"^\| \[[^]]+\]\(([\w-]+\.md)\)", text, re.M), "index.md"]


def documented_on(page: Path, name: str) -> bool:
    """Whether `page` has an entry for ``cribbage_fast.<name>`` or for the
    module (or a package above it) that defines the name."""
    entries = set(ENTRY.findall(page.read_text(encoding="utf-8")))
    if f"cribbage_fast.{name}" in entries:
        return True
    obj = getattr(importlib.import_module("cribbage_fast"), name)
    home = getattr(obj, "__module__", None) or ""
    parts = home.split(".")
    homes = {".".join(parts[:n]) for n in range(2, len(parts) + 1)}
    return bool(homes & entries) and not home.endswith("._core")


def problems(source: str, listed: list[str]) -> list[str]:
    found = []
    seen: list[str] = []
    for group_title, page, names in groups(source):
        path = REFERENCE / page
        if not page or not path.is_file():
            found.append(f"names {names} under no group naming a page of docs/reference/")
            continue
        if title(path) != group_title:
            found.append(f"the group {group_title!r} names {page}, titled {title(path)!r}")
        found += [f"{n} is not documented on {page}" for n in names if not documented_on(path, n)]
        seen += names
    if sorted(seen) != sorted(listed):
        found.append(f"grouped {sorted(set(seen) ^ set(listed))} differ from __all__")
    if len(seen) != len(set(seen)):
        found.append("a name stands in two groups")
    order = index_order()
    pages = [page for _, page, _ in groups(source) if page in order]
    if pages != sorted(pages, key=order.index):
        found.append(f"the groups' order {pages} is not the index's")
    return found


def test_every_name_of_all_stands_under_its_reference_page() -> None:
    import cribbage_fast

    assert not problems(INIT.read_text(encoding="utf-8"), list(cribbage_fast.__all__))


@pytest.mark.parametrize(
    "planted, words",
    [
        ('    # Cards and scoring: cards.md\n    "Card",\n    "simulate",\n', "simulate is not"),
        ('    # Cards and scoring: nowhere.md\n    "Card",\n', "no group"),
        ('    # Cards, mostly: cards.md\n    "Card",\n', "titled"),
        ('    "Card",\n', "no group"),
        (
            '    # Whole games: games.md\n    "Game",\n'
            '    # Cards and scoring: cards.md\n    "Card",\n',
            "order",
        ),
    ],
)
def test_a_planted_misgrouping_is_caught(planted: str, words: str) -> None:
    source = f"__all__ = [\n{planted}]\n"
    listed = re.findall(r'"(\w+)"', planted)
    assert any(words in p for p in problems(source, listed)), problems(source, listed)
