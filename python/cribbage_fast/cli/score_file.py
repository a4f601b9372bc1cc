"""``cribbage-fast score --file``: score every hand of a CSV or Parquet file.

The file is read in batches (bounded memory) with pyarrow, each batch's card
text is parsed and scored in the core on every core, and the batch is
written out with its scores before the next is read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import numpy as np
from numpy.typing import NDArray

from .. import _core
from .._util.extras import require
from .._util.files import atomic_path, refuse_inputs
from .._util.progress import progress
from ..bulk.text import NO_CARD, BadRow, parse_text
from ..exceptions import FileError

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

#: Rows per batch: large enough to keep the cores busy, small enough that
#: memory stays at tens of megabytes whatever the file size.
BATCH_ROWS = 1 << 20
#: Bytes of CSV read per batch (about 200,000 rows of two card columns):
#: pyarrow reads several blocks ahead, so this bounds the memory.
CSV_BLOCK = 4 << 20


#: The hint of a bad row that --skip-bad can go past.
SKIP_HINT = "use --skip-bad to write bad rows with their reason and go on"


def bad_row(number: int, reason: str, hint: str = SKIP_HINT) -> FileError:
    """The error of bad row `number`, with the one hint that fixes it (every
    bad row's error is made here)."""
    return FileError(f"row {number}: {reason} ({hint})")


def layout_hint(text: Any, starter: str | None) -> str:
    """The hint for a hand column's bad cell `text`: when it holds the cards
    of the other layout (four without --starter, five with it), the option
    to give or leave out; else `SKIP_HINT`."""
    try:
        held = len(_core.cards(text)) if isinstance(text, str) else None
    except ValueError:
        held = None
    if starter is None and held == 4:
        return "the hands hold 4 cards: name the starters' column with --starter COLUMN"
    if starter is not None and held == 5:
        return f"the hands hold 5 cards, the starter last: leave out --starter {starter}"
    return SKIP_HINT


@dataclass(frozen=True)
class _Options:
    """How to score: as cribs, with the breakdown, going past bad rows."""

    crib: bool
    breakdown: bool
    skip_bad: bool
    threads: int | None


def file_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of ``score --file``, for the ``score`` command."""
    options = [
        click.option(
            "--file",
            "file",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Score every row of a .csv or .parquet file instead of hands.",
        ),
        click.option(
            "--hand",
            "hand_column",
            metavar="COLUMN",
            help="With --file: the column of hands (4 cards, or 5 with the starter last).",
        ),
        click.option(
            "--starter",
            "starter_column",
            metavar="COLUMN",
            help="With --file: the column of starters (then --hand holds 4 cards).",
        ),
        click.option(
            "--breakdown",
            is_flag=True,
            help="With --file: also write fifteens, pairs, runs, flush and nobs.",
        ),
        click.option(
            "--out",
            type=click.Path(dir_okay=False, path_type=Path),
            help="With --file: the .csv or .parquet file to write.",
        ),
        click.option(
            "--skip-bad",
            is_flag=True,
            help="With --file: write bad rows with an empty score and the reason, and go on.",
        ),
        click.option(
            "--threads",
            type=click.IntRange(1, 256),
            help="With --file: threads to use (default: every core).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _format(path: Path, what: str) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise FileError(f"{what} {path} must end in .csv or .parquet, got {suffix or 'none'!r}")
    return suffix


@dataclass
class _Skipped:
    """CSV rows that could not be read as rows (the wrong number of fields,
    text that is not UTF-8): skipped with --skip-bad, else an error."""

    skip: bool
    count: int = 0
    first: str | None = None

    def row(self, why: str) -> None:
        if not self.skip:
            raise FileError(f"{why} ({SKIP_HINT})")
        self.count += 1
        self.first = self.first or why

    @contextmanager
    def quiet(self) -> Iterator[None]:
        """pyarrow cannot hand a row that is neither the right width nor
        UTF-8 to `handler` (it fails decoding the row's text, prints that,
        then stops on the row itself): the print is left out; the stop names
        the row."""
        previous = sys.unraisablehook

        def hook(unraisable: Any) -> None:
            if getattr(unraisable.object, "__self__", None) is not self:
                previous(unraisable)

        sys.unraisablehook = hook
        try:
            yield
        finally:
            sys.unraisablehook = previous

    def handler(self, row: Any) -> str:
        """pyarrow's ``invalid_row_handler`` with --skip-bad: a row of the
        wrong width is skipped (without, pyarrow's own error names it)."""
        where = f"row {row.number - 2}" if row.number is not None else "a row"
        text = row.text if len(row.text) <= 60 else row.text[:57] + "..."
        self.row(
            f"{where} has {row.actual_columns} fields, expected {row.expected_columns}: {text!r}"
        )
        return "skip"


def _batches(
    path: Path, columns: list[str], skipped: _Skipped
) -> tuple[Iterator[pa.RecordBatch], int | None, pa.Schema]:
    """The file's record batches (card columns read as text), its row count
    when known up front, and its schema."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
    import pyarrow.csv as pacsv  # type: ignore[import-untyped,unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

    if not path.is_file():
        raise FileError(f"no such file: {path}")
    if _format(path, "--file") == ".parquet":
        try:
            parquet = pq.ParquetFile(path)
        except (pa.ArrowException, OSError) as err:
            raise FileError(f"{path} is not a Parquet file: {err}") from None
        _check_columns(columns, parquet.schema_arrow.names, path)
        batches = parquet.iter_batches(batch_size=BATCH_ROWS)
        return batches, parquet.metadata.num_rows, parquet.schema_arrow
    reader = pacsv.open_csv(
        path,
        read_options=pacsv.ReadOptions(block_size=CSV_BLOCK),
        parse_options=pacsv.ParseOptions(
            invalid_row_handler=skipped.handler if skipped.skip else None
        ),
        # Text is checked batch by batch (_valid_text), so a bad row can be skipped.
        convert_options=pacsv.ConvertOptions(
            column_types={c: pa.string() for c in columns}, check_utf8=False
        ),
    )
    _check_columns(columns, reader.schema.names, path)
    return iter(reader), None, reader.schema


def _check_columns(columns: list[str], names: list[str], path: Path) -> None:
    missing = [c for c in columns if c not in names]
    if missing:
        raise FileError(f"{path} has no column {missing[0]!r}; its columns are {names}")
    twice = [c for c in columns if names.count(c) > 1]
    if twice:
        raise FileError(f"{path} has {names.count(twice[0])} columns named {twice[0]!r}: which?")


def _valid_text(batch: pa.RecordBatch, first: int, skipped: _Skipped) -> pa.RecordBatch:
    """The batch without its rows holding text that is not UTF-8 (each an
    error without --skip-bad)."""
    import numpy as np
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    bad = np.zeros(batch.num_rows, dtype=bool)
    for name, column in zip(batch.schema.names, batch.columns, strict=True):
        if not pa.types.is_string(column.type) and not pa.types.is_large_string(column.type):
            continue
        try:
            column.validate(full=True)
            continue
        except pa.ArrowInvalid:
            pass
        for i, value in enumerate(column.cast(pa.binary()).to_pylist()):
            if value is not None and not bad[i] and not _utf8(value):
                bad[i] = True
                skipped.row(f"row {first + i}, column {name!r}: not UTF-8 text")
    return batch.filter(pa.array(~bad)) if bad.any() else batch


def _utf8(value: bytes) -> bool:
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _codes(
    batch: pa.RecordBatch, hand: str, starter: str | None, first: int, skip: bool, threads: Any
) -> tuple[NDArray[np.uint8], dict[int, str]]:
    """The (N, 5) card indices of a batch and its bad rows (batch row ->
    reason); without ``skip`` the first bad row raises FileError."""
    limit = batch.num_rows if skip else 1
    width = 4 if starter is not None else 5
    codes, bad = parse_text(batch.column(hand), width=width, threads=threads, max_bad=limit)
    bad = [BadRow(b.row, repr(hand), b.reason) for b in bad]
    hand_rows = {b.row for b in bad}
    if starter is not None:
        top, bad_top = parse_text(batch.column(starter), width=1, threads=threads, max_bad=limit)
        codes = np.hstack([codes, top])
        bad += [BadRow(b.row, repr(starter), b.reason) for b in bad_top]
    reasons: dict[int, str] = {}
    for b in sorted(bad, key=lambda b: b.row):
        reasons.setdefault(b.row, f"column {b.column}: {b.reason}")
    if skip:
        # Without --skip-bad, score_hands finds these itself (see _scored).
        repeated = _repeated_cards(codes).items()
        reasons.update((row, reason) for row, reason in repeated if row not in reasons)
    if reasons and not skip:
        row = min(reasons)
        # The hand column's fault is named first (sorted stably, hand first).
        hint = (
            layout_hint(batch.column(hand)[row].as_py(), starter) if row in hand_rows else SKIP_HINT
        )
        raise bad_row(first + row, reasons[row], hint)
    return codes, reasons


def _repeated_cards(codes: NDArray[np.uint8]) -> dict[int, str]:
    """Rows holding a card twice (which no deal has), with the card; rows
    already found bad (all ``NO_CARD``) are left out."""
    ordered = np.sort(codes, axis=1)
    twice = (ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] != NO_CARD)
    rows = np.flatnonzero(twice.any(axis=1))
    return {
        int(r): f"card {_core.Card.from_index(int(ordered[r, 1:][twice[r]][0]))} appears twice"
        for r in rows
    }


def _scored(
    batch: pa.RecordBatch,
    codes: NDArray[np.uint8],
    reasons: dict[int, str],
    first: int,
    options: _Options,
) -> pa.RecordBatch:
    """The batch with its score columns (and, skipping, the reasons)."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    good = np.ones(len(codes), dtype=bool)
    good[list(reasons)] = False
    try:
        scored = _core.score_hands(
            codes[good] if reasons else codes,
            options.crib,
            threads=options.threads,
            breakdown=options.breakdown,
        )
    except ValueError as err:
        # A card twice in a row: the core names the row within the batch.
        row, _, reason = str(err).partition(": ")
        raise bad_row(int(row.removeprefix("row ")) + first, reason) from None
    if options.breakdown:
        names = ["score", *_core.BREAKDOWN_COLUMNS]
        values = [scored.sum(axis=1, dtype=np.uint8), *scored.T]
    else:
        names, values = ["score"], [scored]
    arrays, fields = list(batch.columns), list(batch.schema.names)
    for name, value in zip(names, values, strict=True):
        if reasons:
            full = np.zeros(len(codes), dtype=np.uint8)
            full[good] = value
            arrays.append(pa.array(full, mask=~good))
        else:
            arrays.append(pa.array(value))
        fields.append(name)
    if options.skip_bad:
        text = [reasons.get(r) for r in range(len(codes))] if reasons else None
        arrays.append(
            pa.array(text, type=pa.string()) if text else pa.nulls(len(codes), pa.string())
        )
        fields.append("error")
    # Arrays and names side by side: columns the input names alike all stay.
    return pa.RecordBatch.from_arrays(arrays, names=fields)


def output_columns(options: _Options) -> list[str]:
    """The columns the command adds to every row."""
    names = ["score", *(_core.BREAKDOWN_COLUMNS if options.breakdown else ())]
    return names + (["error"] if options.skip_bad else [])


class _Writer:
    """Writes batches to a .csv or .parquet file, opened at the first batch
    (an input without rows writes its header, or an empty Parquet file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.parquet = _format(path, "--out") == ".parquet"
        self.writer: Any = None

    def write(self, batch: pa.RecordBatch) -> None:
        import pyarrow.csv as pacsv
        import pyarrow.parquet as pq

        if self.writer is None:
            opener = pq.ParquetWriter if self.parquet else pacsv.CSVWriter
            self.writer = opener(self.path, batch.schema)
        self.writer.write_batch(batch) if self.parquet else self.writer.write(batch)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def score_file(
    file: Path,
    hand_column: str | None,
    starter_column: str | None,
    out: Path | None,
    options: _Options,
) -> tuple[int, int, _Skipped]:
    """Scores every row of `file` into `out` (written whole or not at all);
    returns the number of rows and of bad rows written, and the rows skipped (with
    ``options.skip_bad``). Raises FileError for bad input, before any work
    when the output is the input or would replace one of its columns."""
    require("pyarrow", "tables")
    if hand_column is None or out is None:
        missing = [
            option
            for option, value in [
                ("--hand COLUMN", hand_column),
                ("--out OUT.csv|OUT.parquet", out),
            ]
            if value is None
        ]
        raise FileError(f"--file needs {' and '.join(missing)}")
    _format(out, "--out")
    try:
        refuse_inputs(out, [file])
    except ValueError as err:
        raise FileError(str(err)) from None
    columns = [hand_column, *([starter_column] if starter_column is not None else [])]
    skipped = _Skipped(options.skip_bad)
    with skipped.quiet():
        return (*_score_rows(file, columns, out, options, skipped), skipped)


def _score_rows(
    file: Path, columns: list[str], out: Path, options: _Options, skipped: _Skipped
) -> tuple[int, int]:
    """`score_file`'s work: the number of rows and of bad rows written."""
    hand_column = columns[0]
    starter_column = columns[1] if len(columns) > 1 else None
    batches, total, schema = _batches(file, columns, skipped)
    taken = [name for name in output_columns(options) if name in schema.names]
    if taken:
        raise FileError(
            f"{file} already has a column {taken[0]!r}, which the output adds: rename it first"
        )
    first, bad, rows = 0, 0, 0
    with atomic_path(out) as part, progress(total, None, unit=" rows") as bar:
        writer = _Writer(part)
        try:
            # A file without rows still gets its header (its columns and the scores).
            for raw in _at_least_one(batches, schema):
                batch = _valid_text(raw, first, skipped)
                codes, reasons = _codes(
                    batch, hand_column, starter_column, first, options.skip_bad, options.threads
                )
                writer.write(_scored(batch, codes, reasons, first, options))
                rows += batch.num_rows
                first += raw.num_rows
                bad += len(reasons)
                bar.update(raw.num_rows)
        finally:
            writer.close()
    return rows, bad


def _at_least_one(batches: Iterator[pa.RecordBatch], schema: pa.Schema) -> Iterator[Any]:
    """The batches, or one batch of no rows when there are none."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

    empty = True
    for batch in batches:
        empty = False
        yield batch
    if empty:
        yield pa.RecordBatch.from_pylist([], schema=schema)


def run_score_file(cards: tuple[str, ...], crib: bool, **args: Any) -> None:
    """The ``score`` command with ``--file``: one line on stderr and status 2
    for bad input; at the end, on stderr, what it wrote and the rows it
    could not score."""
    from .errors import describe, fail, wrote

    if cards:
        fail("give either cards or --file, not both")
    opts = _Options(crib, args["breakdown"], args["skip_bad"], args["threads"])
    try:
        rows, bad, skipped = score_file(
            args["file"], args["hand_column"], args["starter_column"], args["out"], opts
        )
    except FileError as err:
        fail(str(err))
    except (ValueError, OSError) as err:
        fail(f"{args['file']}: {describe(err)}")
    wrote(args["out"], f"{rows:,} rows with their scores")
    if bad:
        click.echo(f"{bad} bad rows written with their reason in column 'error'", err=True)
    if skipped.count:
        click.echo(
            f"{skipped.count} rows skipped, unreadable as rows (the first: {skipped.first})",
            err=True,
        )
