"""``cribbage-fast score --file`` (issue 23): CSV and Parquet files scored in
batches, bad rows stopping the run or written with their reason; and the
cookbook of docs/bulk_text.md (pandas, polars, pyarrow, a column summary)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import cribbage_fast as cf
from cribbage_fast.bulk.text import card_indices
from cribbage_fast.cli import main
from cribbage_fast.cli import score_file as cli_score_file

DECK = np.array([str(cf.Card.from_index(i)) for i in range(52)])


def random_deals(n: int, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :5].astype(np.uint8)


def write_hands(path: Path, deals: np.ndarray) -> None:
    """A file of hands (four cards in one cell) and starters."""
    table = pa.table(
        {
            "id": np.arange(len(deals)),
            "hand": [" ".join(row) for row in DECK[deals[:, :4]].tolist()],
            "starter": DECK[deals[:, 4]].tolist(),
        }
    )
    if path.suffix == ".csv":
        pacsv.write_csv(table, path)
    else:
        pq.write_table(table, path)


def run(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["score", *map(str, args)])
    return result.exit_code, result.output


def read(path: Path) -> pa.Table:
    return pq.read_table(path) if path.suffix == ".parquet" else pacsv.read_csv(path)


@pytest.mark.parametrize(("src", "dst"), [(".csv", ".parquet"), (".parquet", ".csv")])
def test_scores_every_row_across_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, src: str, dst: str
) -> None:
    monkeypatch.setattr(cli_score_file, "BATCH_ROWS", 1000)
    monkeypatch.setattr(cli_score_file, "CSV_BLOCK", 1 << 14)
    deals = random_deals(5000)
    write_hands(tmp_path / f"hands{src}", deals)
    out = tmp_path / f"out{dst}"
    code, output = run(
        "--file", tmp_path / f"hands{src}", "--hand", "hand", "--starter", "starter",
        "--crib", "--breakdown", "--out", out,
    )  # fmt: skip
    assert code == 0, output
    table = read(out)
    assert table.column("id").to_pylist() == list(range(5000))
    assert (table.column("score").to_numpy() == cf.score_hands(deals, True)).all()
    parts = np.column_stack([table.column(c).to_numpy() for c in cf.BREAKDOWN_COLUMNS])
    assert (parts == cf.score_hands(deals, True, breakdown=True)).all()


def test_one_column_of_five_cards(tmp_path: Path) -> None:
    deals = random_deals(100)
    pacsv.write_csv(
        pa.table({"show": [" ".join(r) for r in DECK[deals].tolist()]}), tmp_path / "h.csv"
    )
    code, output = run("--file", tmp_path / "h.csv", "--hand", "show", "--out", tmp_path / "o.csv")
    assert code == 0, output
    assert (read(tmp_path / "o.csv").column("score").to_numpy() == cf.score_hands(deals)).all()


BAD = (
    "id,hand,starter\n0,5H 5D 5C JS,5S\n1,5H 5D 5X JS,5S\n2,5H 5D 5C,5S\n"
    "3,5H 5D 5C JS,5H\n4,AS 2S 3S 4S,\n"
)


def test_a_bad_row_stops_with_its_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_score_file, "BATCH_ROWS", 2)
    (tmp_path / "h.csv").write_text(BAD)
    code, output = run(
        "--file",
        tmp_path / "h.csv",
        "--hand",
        "hand",
        "--starter",
        "starter",
        "--out",
        tmp_path / "o.csv",
    )
    assert code == 2
    assert output.startswith(
        "cribbage-fast: error: row 1: column 'hand': card 3 of \"5H 5D 5X JS\""
    )
    assert "--skip-bad" in output and output.count("\n") == 1


def test_a_card_twice_stops_with_its_row_in_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_score_file, "BATCH_ROWS", 2)
    lines = BAD.splitlines()
    table = pacsv.read_csv(
        pa.py_buffer("\n".join([lines[0], lines[1], lines[1], lines[4]]).encode())
    )
    pq.write_table(table, tmp_path / "h.parquet")
    code, output = run(
        "--file", tmp_path / "h.parquet", "--hand", "hand", "--starter", "starter",
        "--out", tmp_path / "o.csv",
    )  # fmt: skip
    assert code == 2
    assert output.startswith("cribbage-fast: error: row 2: card 5H (index 18) in column 4")


def test_skip_bad_writes_the_reason(tmp_path: Path) -> None:
    (tmp_path / "h.csv").write_text(BAD)
    out = tmp_path / "o.parquet"
    code, output = run(
        "--file", tmp_path / "h.csv", "--hand", "hand", "--starter", "starter",
        "--out", out, "--skip-bad",
    )  # fmt: skip
    assert code == 0, output
    assert "4 bad rows" in output
    table = read(out)
    assert table.column("score").to_pylist() == [29, None, None, None, None]
    errors = table.column("error").to_pylist()
    assert errors[0] is None
    assert 'unknown card "5X"' in errors[1]
    assert "holds 3 cards, expected 4" in errors[2]
    assert errors[3] == "card 5H appears twice"
    assert "column 'starter'" in errors[4]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "nope", "--out", "o.csv"], "has no column 'nope'; its columns are"),
        (["--out", "o.csv"], "--file needs --hand COLUMN"),
        (["--hand", "hand", "--out", "o.txt"], "--out o.txt must end in .csv or .parquet"),
    ],
)
def test_bad_arguments_fail_in_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "h.csv").write_text(BAD)
    code, output = run("--file", tmp_path / "h.csv", *args)
    assert code == 2 and message in output and output.count("\n") == 1
    code, output = run("--file", tmp_path / "missing.csv", "--hand", "h", "--out", "o.csv")
    assert code == 2 and "no such file" in output
    code, output = run("5H", "--file", tmp_path / "h.csv", "--hand", "hand", "--out", "o.csv")
    assert code == 2 and "not both" in output


# The cookbook (docs/bulk_text.md): each example as a user would write it.


def test_cookbook_pandas() -> None:
    df = pd.DataFrame({"hand": ["5H 5D 5C JS", "AC 2C 3C 4C"], "starter": ["5S", "10C"]})
    cards = np.hstack([card_indices(df["hand"]), card_indices(df["starter"])])
    df["score"] = cf.score_hands(cards)
    # An Arrow-backed column instead (dtype uint8[pyarrow]), without a copy.
    df["crib"] = pd.arrays.ArrowExtensionArray(cf.score_hands(cards, True, output="arrow"))
    assert df["score"].tolist() == [29, 13] and df["crib"].tolist() == [29, 13]
    assert str(df["crib"].dtype) == "uint8[pyarrow]"


def test_cookbook_polars() -> None:
    df = pl.DataFrame({"show": ["5H 5D 5C JS 5S", "AC 2C 3C 4C 10C"]})
    df = df.with_columns(score=pl.Series(cf.score_hands(df["show"], output="arrow")))
    parts = pl.from_arrow(cf.score_hands(df["show"], breakdown=True, output="arrow"))
    assert isinstance(parts, pl.Series)
    df = df.hstack(parts.struct.unnest())
    assert df["score"].to_list() == [29, 13] and df["score"].dtype == pl.UInt8
    assert df.columns == ["show", "score", *cf.BREAKDOWN_COLUMNS]
    assert df["runs"].to_list() == [0, 4]


def test_cookbook_pyarrow() -> None:
    table = pa.table({"show": ["5H 5D 5C JS 5S", "AC 2C 3C 4C 10C"]})
    table = table.append_column("score", cf.score_hands(table["show"], output="arrow"))
    breakdown = cf.score_hands(table["show"], breakdown=True, output="arrow")
    parts = pa.Table.from_struct_array(breakdown)
    for name in parts.column_names:
        table = table.append_column(name, parts[name])
    assert table["score"].to_pylist() == [29, 13]
    assert table.column_names == ["show", "score", *cf.BREAKDOWN_COLUMNS]
    assert table["fifteens"].to_pylist() == [16, 4]


def test_cookbook_summary_of_a_column() -> None:
    deals = random_deals(20_000, seed=1)
    show = pa.array([" ".join(r) for r in DECK[deals].tolist()])
    scores = cf.score_hands(show)
    counts = np.bincount(scores, minlength=30)  # the distribution of 0..29
    mean = scores.mean()
    share_of_29 = counts[29] / len(scores)
    # Within 5 standard errors of the exact mean over every deal (4.7692...).
    exact = cf.hand_score_distribution()
    exact_mean = (np.arange(30) * exact).sum() / exact.sum()
    sd = np.sqrt((((np.arange(30) - exact_mean) ** 2) * exact).sum() / exact.sum())
    assert abs(mean - exact_mean) < 5 * sd / np.sqrt(len(scores))
    assert counts.sum() == 20_000 and 0 <= share_of_29 < 0.001
    # The same summary without leaving Arrow.
    arrow_scores = cf.score_hands(show, output="arrow")
    assert pc.mean(arrow_scores).as_py() == pytest.approx(mean)
    assert pc.sum(pc.equal(arrow_scores, 29)).as_py() == counts[29]
