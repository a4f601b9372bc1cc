"""The API reference shows an overloaded function once: the stub's overloads
become one function with one signature, each parameter and the return typed
by the union of what the overloads say (.ci/griffe_stub_overloads.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import griffe

ROOT = Path(__file__).resolve().parents[2]


def test_overloads_become_one_signature() -> None:
    sys.path.insert(0, str(ROOT / ".ci"))
    try:
        from griffe_stub_overloads import StubOverloads
    finally:
        sys.path.remove(str(ROOT / ".ci"))
    package = griffe.load(
        "cribbage_fast",
        search_paths=[str(ROOT / "python")],
        extensions=griffe.Extensions(StubOverloads()),
        allow_inspection=False,
    )
    core = package["_core"]
    stub = (ROOT / "python" / "cribbage_fast" / "_core.pyi").read_text()
    overloaded = {
        line.split("(")[0].removeprefix("def ")
        for before, line in zip(stub.splitlines(), stub.splitlines()[1:], strict=False)
        if before == "@overload" and line.startswith("def ")
    }
    assert {"score_hands"} <= overloaded
    for name in overloaded:
        function = core[name]
        assert not function.overloads, f"{name} is shown once per overload"
        assert function.docstring is not None, name
    score_hands = core["score_hands"]
    output = score_hands.parameters["output"]
    assert "numpy" in str(output.annotation) and "arrow" in str(output.annotation)
    assert output.default == "'numpy'"
    assert "pa.Array" in str(score_hands.returns) and "NDArray" in str(score_hands.returns)
    assert "starter" in score_hands.parameters
    # Overloads in Python source: the implementation's signature, once.
    analyze = package["tables"]["discards"]["analyze_discards"]
    assert not analyze.overloads and "crib_model" in analyze.parameters
