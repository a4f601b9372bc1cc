"""Every example runs as written: every module's of the package and every
docstring of the compiled `cribbage_fast._core` (its functions', classes',
methods' and properties' `__doc__`, from the `///` comments in `src/py/`). New
modules and new compiled docstrings are picked up by themselves. The README's
and the documentation pages' examples run in tests/docs/test_site.py."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest

import cribbage_fast
from cribbage_fast import Game, Player, _core
from cribbage_fast._util.extras import require

ROOT = Path(__file__).resolve().parents[2]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# Every Python module of the package (the compiled one is walked below).
MODULES = ["cribbage_fast"] + [
    info.name
    for info in pkgutil.walk_packages(cribbage_fast.__path__, "cribbage_fast.")
    if info.name != "cribbage_fast._core"
]


def core_docstrings() -> dict[str, str]:
    """Qualified name -> docstring for everything the compiled module defines."""
    found = {"cribbage_fast._core": _core.__doc__ or ""}
    for name, obj in vars(_core).items():
        if getattr(obj, "__module__", None) != _core.__name__:
            continue
        found[f"_core.{name}"] = obj.__doc__ or ""
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                doc = getattr(member, "__doc__", None)
                if isinstance(doc, str) and not attr.startswith("__"):
                    found[f"_core.{name}.{attr}"] = doc
    return found


CORE = core_docstrings()
CORE_EXAMPLES = sorted(name for name, doc in CORE.items() if ">>>" in doc)


def run_doctest(text: str, name: str, globs: dict[str, Any]) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, dict(globs), name, name, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_every_module_is_found() -> None:
    assert {"cribbage_fast.games.game", "cribbage_fast.cli", "cribbage_fast.reference.show"} <= set(
        MODULES
    )
    # The sub-packages' modules too: readers, builders, the command line.
    assert {
        "cribbage_fast.tables.discard_atlas",
        "cribbage_fast.tables.positions",
        "cribbage_fast.builders.pegging",
        "cribbage_fast.cli.tables",
        "cribbage_fast._util.progress",
    } <= set(MODULES)
    assert "_core.score_hand" in CORE and "_core.Game.lay" in CORE


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.failed == 0


@pytest.mark.parametrize("name", CORE_EXAMPLES or ["(none yet)"])
def test_compiled_docstring_examples(name: str) -> None:
    if name not in CORE:
        pytest.skip("no compiled docstring has an example yet")
    result = run_doctest(CORE[name], name, vars(cribbage_fast))
    assert result.attempted > 0 and result.failed == 0


def player_example() -> type[Player]:
    """The subclass defined by the example in `help(Player)`, run as written."""
    namespace: dict[str, Any] = {}
    for example in doctest.DocTestParser().get_examples(Player.__doc__ or ""):
        exec(example.source, vars(cribbage_fast) | namespace, namespace)
    classes = [c for c in namespace.values() if isinstance(c, type) and issubclass(c, Player)]
    assert len(classes) == 1
    return classes[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_example_plays_whole_games(players: int) -> None:
    example = player_example()
    for seed in range(20):
        seats = [example() if seat % 2 == 0 else Player() for seat in range(players)]
        result = Game(num_players=players, seed=seed).play(seats)
        assert max(result.scores) >= 121


RULES_SECTIONS = [
    "Cards",
    "The show",
    "His heels",
    "The play",
    "The show order and the end of the game",
    "Dealing",
    "Muggins",
    "Decisions where the texts are silent",
]


def test_rules_document_has_the_sections_the_code_cites() -> None:
    text = (ROOT / "docs" / "rules.md").read_text()
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert headings == RULES_SECTIONS
    readme = (ROOT / "README.md").read_text()
    assert "(docs/rules.md)" in readme and "RULES.md" not in readme


def test_install_commands_work_as_written_today() -> None:
    """No unquoted `pip install cribbage_fast[...]`: it is not published yet, and
    shells expand the brackets."""
    texts = [(ROOT / "README.md").read_text(), (ROOT / "CONTRIBUTING.md").read_text()]
    for text in texts:
        assert "pip install cribbage_fast[" not in text
    with pytest.raises(ImportError, match=r'pip install -e "\.\[rl\]"'):
        require("no_such_module", "rl")
