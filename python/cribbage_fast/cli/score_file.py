"""``cribbage-fast score --file``: score every hand of a CSV or Parquet file.

The file is read in batches (bounded memory) with pyarrow, each batch's card
text is parsed and scored in the core on every core, and the batch is
written out with its scores before the next is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import numpy as np
from numpy.typing import NDArray

from .. import _core
from .._extras import require
from .._progress import progress
from ..bulk_text import NO_CARD, BadRow, parse_text

if TYPE_CHECKING:
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]

#: Rows per batch: large enough to keep the cores busy, small enough that
#: memory stays at tens of megabytes whatever the file size.
BATCH_ROWS = 1 << 20
#: Bytes of CSV read per batch (about 200,000 rows of two card columns):
#: pyarrow reads several blocks ahead, so this bounds the memory.
CSV_BLOCK = 4 << 20


class FileError(ValueError):
    """Input the command cannot score: a message for the user."""


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
            help="Score every row of a .csv or .parquet file instead of one hand.",
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


def _batches(path: Path, columns: list[str]) -> tuple[Iterator[pa.RecordBatch], int | None]:
    """The file's record batches (card columns read as text) and its row
    count when known up front."""
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
    import pyarrow.csv as pacsv  # type: ignore[import-untyped,unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

    if not path.is_file():
        raise FileError(f"no such file: {path}")
    if _format(path, "--file") == ".parquet":
        parquet = pq.ParquetFile(path)
        missing = [c for c in columns if c not in parquet.schema_arrow.names]
        _check_columns(missing, parquet.schema_arrow.names, path)
        return parquet.iter_batches(batch_size=BATCH_ROWS), parquet.metadata.num_rows
    reader = pacsv.open_csv(
        path,
        read_options=pacsv.ReadOptions(block_size=CSV_BLOCK),
        convert_options=pacsv.ConvertOptions(column_types={c: pa.string() for c in columns}),
    )
    _check_columns([c for c in columns if c not in reader.schema.names], reader.schema.names, path)
    return iter(reader), None


def _check_columns(missing: list[str], names: list[str], path: Path) -> None:
    if missing:
        raise FileError(f"{path} has no column {missing[0]!r}; its columns are {names}")


def _codes(
    batch: pa.RecordBatch, hand: str, starter: str | None, first: int, skip: bool, threads: Any
) -> tuple[NDArray[np.uint8], dict[int, str]]:
    """The (N, 5) card indices of a batch and its bad rows (batch row ->
    reason); without ``skip`` the first bad row raises FileError."""
    limit = batch.num_rows if skip else 1
    width = 4 if starter is not None else 5
    codes, bad = parse_text(batch.column(hand), width=width, threads=threads, max_bad=limit)
    bad = [BadRow(b.row, repr(hand), b.reason) for b in bad]
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
        raise FileError(f"row {first + row}: {reasons[row]} (use --skip-bad to go on)")
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
        number = int(row.removeprefix("row ")) + first
        raise FileError(f"row {number}: {reason} (use --skip-bad to go on)") from None
    if options.breakdown:
        names = ["score", *_core.BREAKDOWN_COLUMNS]
        values = [scored.sum(axis=1, dtype=np.uint8), *scored.T]
    else:
        names, values = ["score"], [scored]
    columns = dict(zip(batch.schema.names, batch.columns, strict=True))
    for name, value in zip(names, values, strict=True):
        if reasons:
            full = np.zeros(len(codes), dtype=np.uint8)
            full[good] = value
            columns[name] = pa.array(full, mask=~good)
        else:
            columns[name] = pa.array(value)
    if options.skip_bad:
        text = [reasons.get(r) for r in range(len(codes))] if reasons else None
        columns["error"] = (
            pa.array(text, type=pa.string()) if text else pa.nulls(len(codes), pa.string())
        )
    return pa.RecordBatch.from_pydict(columns)


class _Writer:
    """Writes batches to a .csv or .parquet file, opened at the first batch."""

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
) -> int:
    """Scores every row of `file` into `out`; returns the number of bad rows
    written (with ``options.skip_bad``). Raises FileError for bad input."""
    require("pyarrow", "tables")
    if hand_column is None or out is None:
        raise FileError("--file needs --hand COLUMN and --out OUT.csv|OUT.parquet")
    _format(out, "--out")
    columns = [hand_column, *([starter_column] if starter_column is not None else [])]
    batches, total = _batches(file, columns)
    writer = _Writer(out)
    first, bad = 0, 0
    try:
        with progress(total, None, unit=" rows") as bar:
            for batch in batches:
                codes, reasons = _codes(
                    batch, hand_column, starter_column, first, options.skip_bad, options.threads
                )
                writer.write(_scored(batch, codes, reasons, first, options))
                first += batch.num_rows
                bad += len(reasons)
                bar.update(batch.num_rows)
    finally:
        writer.close()
    return bad


def run_score_file(cards: tuple[str, ...], crib: bool, **args: Any) -> None:
    """The ``score`` command with ``--file``: one line on stderr and status 2
    for bad input, a summary line on stderr at the end."""
    from .errors import fail

    if args["file"] is None:
        fail("expected 5 cards (4 in hand, then the starter) or --file HANDS.csv")
    if cards:
        fail("give either cards or --file, not both")
    opts = _Options(crib, args["breakdown"], args["skip_bad"], args["threads"])
    try:
        bad = score_file(
            args["file"], args["hand_column"], args["starter_column"], args["out"], opts
        )
    except (FileError, OSError) as err:
        fail(str(err))
    except ValueError as err:
        fail(f"{args['file']}: {err}")
    if bad:
        click.echo(f"{bad} bad rows written with their reason in column 'error'", err=True)
