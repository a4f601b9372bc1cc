"""The puzzle file: a round trip, an atomic write, and hostile files refused
with the line named (a PuzzleFileError, never another exception)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import Move
from cribbage_fast.exceptions import PuzzleFileError
from cribbage_fast.puzzles.glicko import Rating
from cribbage_fast.puzzles.puzzle import (
    FORMAT,
    MAX_LINE,
    Puzzle,
    read_puzzles,
    solves,
    write_puzzles,
)

DISCARD = Puzzle(
    "0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0",
    "discard QH KD",
    0.5512345678,
    {"discard 5C 5H": 0.081234567, "discard JS QH": 0.1},
    ("giving the crib", "the five"),
    Rating(1612.34, 80.04, 0.0600001),
    {"seed": 1, "game": 3, "move_index": 7, "players": ["expert", "random"]},
    0.0123,
)
LAY = Puzzle(
    "2-0/121 d0 v1 m1 play 5D,5S,9S,KH 2C,3C 8H 5S,5H 10",
    "lay 5D",
    0.7,
    {"lay KH": 0.2, "lay 9S": 0.15},
    ("fifteen", "pair royal"),
)


def entry(**changes: Any) -> dict[str, Any]:
    return {**DISCARD.to_dict(), **changes}


def write_raw(path: Path, lines: list[Any]) -> Path:
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    path.write_bytes(gzip.compress(text.encode()))
    return path


HEADER = {"format": FORMAT, "engine": "0.1.0", "seed": 0}


def test_a_round_trip_keeps_every_field(tmp_path: Path) -> None:
    target = tmp_path / "p.jsonl.gz"
    write_puzzles(target, [DISCARD, LAY], {"seed": 9, "method": {"margin": 0.05}})
    back = read_puzzles(target)
    assert back.puzzles == (DISCARD, LAY)
    assert back.header["seed"] == 9 and back.header["format"] == FORMAT
    assert back.header["engine"] and back.header["method"] == {"margin": 0.05}
    assert back.puzzles[0].source["players"] == ["expert", "random"]


def test_the_same_puzzles_give_the_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"
    write_puzzles(a, [DISCARD], {})
    write_puzzles(b, [DISCARD], {})
    assert a.read_bytes() == b.read_bytes()


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "p.jsonl.gz"
    write_puzzles(target, [DISCARD], {})
    before = target.read_bytes()

    def broken() -> Iterator[Puzzle]:
        yield LAY
        raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError, match="disk gone"):
        write_puzzles(target, broken(), {})
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["p.jsonl.gz"]


def test_solves_reads_a_lay_by_its_rank() -> None:
    assert solves(LAY, Move.lay("5D")) and not solves(LAY, Move.lay("KH"))
    assert solves(DISCARD, Move.discard("QH KD")) and not solves(DISCARD, Move.discard("JS QH"))


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        ([{"format": "other"}], 1, "header must name the format"),
        (["not json"], 1, "not JSON"),
        ([HEADER, "{"], 2, "not JSON"),
        ([HEADER, entry(), [1, 2]], 3, "a puzzle is a JSON object"),
        ([HEADER, entry(extra=1)], 2, "wrong: \\['extra'\\]"),
        ([HEADER, entry(answer="discard 2C 3C")], 2, "not a legal move"),
        ([HEADER, entry(losses={"discard QH KD": 0.1})], 2, "not another legal move"),
        ([HEADER, entry(losses={})], 2, "at least one move"),
        ([HEADER, entry(losses={"discard 5C 5H": -0.1})], 2, "between"),
        ([HEADER, entry(themes=["nobs"])], 2, "themes must be"),
        ([HEADER, entry(rating=[1500, 0, 0.06])], 2, "deviation"),
        ([HEADER, entry(rating="1500")], 2, "rating must be"),
        ([HEADER, entry(equity=True)], 2, "equity must be a number"),
        ([HEADER, entry(position="0-0/121 d0 v1 m1 discard 5C,5C - - - 0")], 2, "hand"),
        ([HEADER, entry(position=7)], 2, "must be text"),
        ([HEADER, entry(source=[])], 2, "source must be"),
        ([HEADER, '{"equity": NaN}'], 2, "NaN"),
        ([HEADER, "x" * (MAX_LINE + 5)], 2, "longer than"),
        ([], 1, "empty file"),
    ],
)
def test_a_hostile_file_is_refused_with_the_line(
    tmp_path: Path, lines: list[Any], line: int, message: str
) -> None:
    path = write_raw(tmp_path / "bad.jsonl.gz", lines)
    with pytest.raises(PuzzleFileError, match=message) as err:
        read_puzzles(path)
    assert err.value.line == line and f"line {line}:" in str(err.value)
    assert str(path) in str(err.value)


@pytest.mark.parametrize("data", [b"", b"plain text", gzip.compress(b"x" * 10)[:-4]])
def test_a_file_that_is_not_gzip_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "bad.jsonl.gz"
    path.write_bytes(data)
    with pytest.raises(PuzzleFileError, match="line 1"):
        read_puzzles(path)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(sorted(DISCARD.to_dict())), value=_json)
def test_any_field_replaced_by_any_json_is_read_or_refused_by_line(
    tmp_path_factory: pytest.TempPathFactory, key: str, value: Any
) -> None:
    path = write_raw(tmp_path_factory.mktemp("h") / "p.jsonl.gz", [HEADER, entry(**{key: value})])
    try:
        back = read_puzzles(path)
    except PuzzleFileError as err:
        assert err.line == 2
    else:
        assert len(back.puzzles) == 1


@settings(max_examples=40, deadline=None)
@given(data=st.binary(max_size=200))
def test_any_bytes_in_a_line_are_refused_by_line(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    path = tmp_path_factory.mktemp("b") / "p.jsonl.gz"
    path.write_bytes(gzip.compress(json.dumps(HEADER).encode() + b"\n" + data.replace(b"\n", b"")))
    try:
        back = read_puzzles(path)
    except PuzzleFileError as err:
        assert err.line == 2
    else:
        assert back.puzzles == ()
