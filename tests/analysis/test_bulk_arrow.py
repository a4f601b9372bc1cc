"""Bulk scoring with ``output="arrow"`` (issue 23): the result as a pyarrow
array, ready for a DataFrame or Arrow table column."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pyarrow as pa
import pytest

import cribbage_fast as cf
from cribbage_fast.bulk.text import card_indices, to_arrow

SHOWS = ["5H 5D 5C JS 5S", "4S 5H 5D 6C KS", "AC 2C 3C 4C 10C"]


def test_totals_are_the_numpy_result_without_a_copy() -> None:
    cards = card_indices(SHOWS)
    for crib in (False, True):
        scores = cf.score_hands(cards, crib, output="arrow")
        assert isinstance(scores, pa.UInt8Array)
        assert scores.to_numpy().tolist() == cf.score_hands(cards, crib).tolist()
    plays = cf.score_plays(["4S 6H 5D", "5S 5H 5D 5C", "10S 5H"], output="arrow")
    assert plays.type == pa.uint8() and plays.to_pylist() == [5, 12, 2]
    # The Arrow array is made on the NumPy result's buffer, not a copy of it.
    totals = np.arange(5, dtype=np.uint8)
    assert to_arrow(totals, None).buffers()[1].address == totals.ctypes.data


def test_a_breakdown_is_a_struct_array_of_the_parts() -> None:
    parts = cf.score_hands(SHOWS, breakdown=True, output="arrow")
    expected = cf.score_hands(SHOWS, breakdown=True)
    assert isinstance(parts, pa.StructArray)
    assert [f.name for f in parts.type] == list(cf.BREAKDOWN_COLUMNS)
    assert all(f.type == pa.uint8() for f in parts.type)
    for k, name in enumerate(cf.BREAKDOWN_COLUMNS):
        assert parts.field(name).to_pylist() == expected[:, k].tolist()
    empty = cf.score_hands(np.zeros((0, 5), np.uint8), breakdown=True, output="arrow")
    assert len(empty) == 0 and empty.type == parts.type


@pytest.mark.parametrize("output", ["pandas", "Arrow", "", 3])
def test_other_outputs_are_refused_by_name(output: object) -> None:
    for call in (
        lambda: cf.score_hands(SHOWS, output=output),  # type: ignore[call-overload]
        lambda: cf.score_plays(["4S 6H"], output=output),  # type: ignore[call-overload]
    ):
        with pytest.raises(ValueError, match=r'^output must be "numpy" or "arrow", got'):
            call()


def test_without_pyarrow_arrow_output_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import cribbage_fast as cf\n"
        "print(cf.score_hands([[0, 1, 2, 3, 4]]))\n"
        "cf.score_hands([[0, 1, 2, 3, 4]], output='arrow')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "[12]" in run.stdout
    assert "ImportError" in run.stderr
    assert 'pip install "cribbage_fast[tables]"' in run.stderr
