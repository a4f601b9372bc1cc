"""Never lose a user's data (docs/errors.md, "Files"): every file the package
writes is written to a temporary file beside it and renamed into place only
when complete, so an error or Ctrl-C part way leaves the old file as it was
and no partial one; an output that is an input is refused before any work;
the command's own columns never replace the user's."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast._util import files as _files
from cribbage_fast.builders import save_crib_tables, save_pegging_table
from cribbage_fast.cli import main
from cribbage_fast.cli import score_file as cli_score_file
from cribbage_fast.cli.analyze import after_the_game
from cribbage_fast.records import write_text
from cribbage_fast.tables import crib_table, crib_table_info, pegging_table

DECK = [str(cf.Card.from_index(i)) for i in range(52)]
OLD = b"the user's old file\n"


def _hands(n: int, seed: int = 1) -> list[str]:
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, :5]
    return [" ".join(DECK[c] for c in row) for row in deals]


def _left_over(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".part" in p.name)


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*map(str, args)])
    return result.exit_code, result.output


class Boom(Exception):
    """An error raised part way through a write."""


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("interrupt", [Boom, KeyboardInterrupt])
def test_score_file_stopped_part_way_leaves_the_old_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, interrupt: type[BaseException]
) -> None:
    """An error or Ctrl-C in the third of five batches: the old output is
    untouched and no partial file is left (the command once left 2.5M of 8M
    rows in a complete-looking file)."""
    source = tmp_path / "hands.csv"
    pacsv.write_csv(pa.table({"hand": _hands(5000)}), source)
    out = tmp_path / f"scores{suffix}"
    out.write_bytes(OLD)
    monkeypatch.setattr(cli_score_file, "BATCH_ROWS", 1000)
    monkeypatch.setattr(cli_score_file, "CSV_BLOCK", 20_000)
    real = cli_score_file._scored
    calls = []

    def third_fails(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise interrupt
        return real(*args)

    monkeypatch.setattr(cli_score_file, "_scored", third_fails)
    with pytest.raises(interrupt):
        cli_score_file.score_file(
            source, "hand", None, out, cli_score_file._Options(False, False, False, 1)
        )
    assert out.read_bytes() == OLD and _left_over(tmp_path) == []


def test_the_output_may_not_be_the_input(tmp_path: Path) -> None:
    """``--out X.csv`` for ``--file X.csv`` (or the same file by another
    name or a link) is refused before any work; the input stays whole."""
    source = tmp_path / "hands.csv"
    pacsv.write_csv(pa.table({"hand": _hands(100)}), source)
    before = source.read_bytes()
    (tmp_path / "link.csv").symlink_to(source)
    for out in (source, tmp_path / "." / "hands.csv", tmp_path / "link.csv"):
        code, output = run("score", "--file", source, "--hand", "hand", "--out", out)
        assert code == 2 and "also an input" in output, output
    assert source.read_bytes() == before
    text = tmp_path / "game.txt"
    text.write_text(write_text(cf.Game(2, seed=1)), encoding="utf-8")
    code, output = run("convert", text, text)
    assert code == 2 and "also an input" in output
    assert text.read_text(encoding="utf-8") == write_text(cf.Game(2, seed=1))


@pytest.mark.parametrize("taken", ["score", "error", "fifteens", "nobs"])
def test_the_commands_columns_never_replace_the_users(tmp_path: Path, taken: str) -> None:
    source = tmp_path / "hands.csv"
    pacsv.write_csv(pa.table({"hand": _hands(10), taken: list(range(10))}), source)
    code, output = run(
        "score", "--file", source, "--hand", "hand", "--out", tmp_path / "o.csv",
        "--breakdown", "--skip-bad",
    )  # fmt: skip
    assert code == 2 and repr(taken) in output and not (tmp_path / "o.csv").exists()


def test_columns_named_alike_all_stay(tmp_path: Path) -> None:
    source = tmp_path / "hands.csv"
    source.write_text("x,hand,x\n1," + _hands(1)[0] + ",2\n", encoding="utf-8")
    out = tmp_path / "o.csv"
    assert run("score", "--file", source, "--hand", "hand", "--out", out)[0] == 0
    assert out.read_text(encoding="utf-8").splitlines()[0] == '"x","hand","x","score"'
    source.write_text("hand,hand\n" + _hands(1)[0] + ",x\n", encoding="utf-8")
    code, output = run("score", "--file", source, "--hand", "hand", "--out", out)
    assert code == 2 and "2 columns named 'hand'" in output


def test_skip_bad_goes_past_rows_that_are_not_rows(tmp_path: Path) -> None:
    """A row with an extra field or text that is not UTF-8 is skipped with
    --skip-bad (and said so), and named without it."""
    good = _hands(3)
    source = tmp_path / "hands.csv"
    source.write_bytes(
        b"hand,note\n"
        + f"{good[0]},a\n".encode()
        + f"{good[1]},b,extra\n".encode()
        + f"{good[2]},caf".encode()
        + b"\xe9\n"
        + f"{good[0]},d\n".encode()
    )
    out = tmp_path / "o.csv"
    code, output = run("score", "--file", source, "--hand", "hand", "--out", out, "--skip-bad")
    assert code == 0 and "2 rows skipped" in output, output
    assert pacsv.read_csv(out).column("note").to_pylist() == ["a", "d"]
    code, output = run("score", "--file", source, "--hand", "hand", "--out", out)
    assert code == 2 and "Expected 2 columns, got 3" in output
    source.write_bytes(b"hand,note\n" + f"{good[2]},caf".encode() + b"\xe9\n")
    code, output = run("score", "--file", source, "--hand", "hand", "--out", out)
    assert code == 2 and "row 0, column 'note': not UTF-8 text" in output


def test_a_garbage_parquet_is_named(tmp_path: Path) -> None:
    source = tmp_path / "hands.parquet"
    source.write_bytes(b"PAR1 but not really" * 10)
    code, output = run("score", "--file", source, "--hand", "hand", "--out", tmp_path / "o.csv")
    assert code == 2 and "hands.parquet is not a Parquet file" in output


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=300), st.booleans())
def test_any_file_contents_are_scored_or_refused_in_one_line(
    tmp_path: Path, contents: bytes, skip: bool
) -> None:
    """Whatever a CSV file holds: status 0 with a complete output, or status
    2 with one line and no output at all; never a traceback, never a part."""
    source = tmp_path / "in.csv"
    source.write_bytes(b"hand\n" + contents)
    out = tmp_path / "out.parquet"
    out.unlink(missing_ok=True)
    args = ["score", "--file", source, "--hand", "hand", "--out", out, *(["--skip-bad"] * skip)]
    result = CliRunner().invoke(main, [*map(str, args)])
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code == 2:
        assert len(result.output.strip().splitlines()) == 1 and not out.exists()
    else:
        assert pq.read_table(out).num_rows >= 0
    assert _left_over(tmp_path) == []


def _writers(tmp_path: Path) -> dict[str, tuple[Path, Callable[[Path], object]]]:
    """Every writer of the package, each with the file it writes."""
    game = cf.Game(2, seed=1)
    game.playout(seed=1)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.to_record()), encoding="utf-8")

    def convert(out: Path) -> None:
        result = CliRunner().invoke(main, ["convert", str(record), str(out)])
        if result.exit_code:
            raise SystemExit(result.exit_code)

    return {
        "convert": (tmp_path / "game.txt", convert),
        "play --record": (tmp_path / "played.json", lambda out: after_the_game(game, out)),
        "save_pegging_table": (
            tmp_path / "peg.npz",
            lambda out: save_pegging_table(pegging_table(), out),
        ),
        "save_crib_tables": (
            tmp_path / "crib.npz",
            lambda out: save_crib_tables({"meta": crib_table_info(), "t": crib_table()}, out),
        ),
        "PositionTable.save": (tmp_path / "pos.npz", lambda out: cf.position_table().save(out)),
        "write_text": (tmp_path / "t.json", lambda out: _files.write_text(out, "{}")),
    }


WRITERS = [
    "convert",
    "play --record",
    "save_pegging_table",
    "save_crib_tables",
    "PositionTable.save",
    "write_text",
]


@pytest.mark.parametrize("name", WRITERS)
def test_every_writer_writes_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Each writer, made to fail as it renames its finished file into place,
    leaves the old file and no temporary one; left alone it writes the file
    (readable, with the permissions of a new file)."""
    out, write = _writers(tmp_path)[name]
    out.write_bytes(OLD)
    os.chmod(out, 0o640)

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(_files.os, "replace", refuse)
        with pytest.raises((OSError, SystemExit)):
            write(out)
    assert out.read_bytes() == OLD and _left_over(tmp_path) == []
    write(out)
    assert out.read_bytes() != OLD and _left_over(tmp_path) == []
    assert out.stat().st_mode & 0o777 == 0o640  # an existing file keeps its permissions


def test_a_link_is_written_through_and_a_device_in_place(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_bytes(OLD)
    (tmp_path / "link.json").symlink_to(target)
    _files.write_text(tmp_path / "link.json", "{}")
    assert (tmp_path / "link.json").is_symlink() and target.read_text() == "{}"
    _files.write_text("/dev/null", "{}")  # a device is written, never replaced
    assert Path("/dev/null").is_char_device()
