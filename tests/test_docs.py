"""The examples in the README and in the Python modules' docstrings run as written."""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = [
    "cribbage_fast",
    "cribbage_fast.game",
    "cribbage_fast.reference",
    "cribbage_fast.reference.cards",
    "cribbage_fast.reference.show",
]


def test_readme_examples() -> None:
    # A closing code fence right after an expected output ends that output.
    text = (ROOT / "README.md").read_text().replace("\n```", "\n\n```")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize().attempted > 0 and runner.failures == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
