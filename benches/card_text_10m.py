"""The issue-23 measurements at full size (docs/bulk_text.md):

1. text to scores for 10,000,000 hands from NumPy cells, NumPy hand strings,
   an Arrow column and a polars column, against index arrays to scores, on
   1 and 2 threads, side by side in one run: ``--repeat`` rounds of every
   source in turn, the best time of each and the ratio within each round;
2. peak memory of ``card_indices`` over a 10,000,000-row pyarrow and polars
   column, each in a fresh process, against the size of its output;
3. ``cribbage-fast score --file`` on a 10,000,000-row CSV file: wall time
   and the peak memory of the process.

Run: ``nice -n 10 python benches/card_text_10m.py [--rows N] [--repeat K]
[--parts speed,memory,cli]``
(about two minutes on 2 cores; writes its files to a temporary directory).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

import cribbage_fast as cf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_card_text import DECK, hand_column, random_deals, sources


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def speed(rows: int, repeat: int) -> None:
    """Each source in turn, `repeat` rounds (so a change of load hits them
    all): the best time of each, and the ratio to the index array within
    each round (its median and range)."""
    deals = random_deals(rows)
    inputs = sources(deals)
    print(f"\n## text to scores, {rows:,} hands (best of {repeat}), hands per second")
    print("| source | threads | hands/s | vs index | per round: median [min, max] |")
    print("|---|---|---|---|---|")
    for threads in (1, 2):
        times: dict[str, list[float]] = {name: [] for name in inputs}
        for _ in range(repeat):
            for name, data in inputs.items():
                times[name].append(seconds(lambda d=data, t=threads: cf.score_hands(d, threads=t)))
        index = times["index"]
        for name, taken in times.items():
            rounds = [i / t for i, t in zip(index, taken, strict=True)]
            best = min(index) / min(taken)
            spread = f"{statistics.median(rounds):.2f} [{min(rounds):.2f}, {max(rounds):.2f}]"
            rate = f"{rows / min(taken) / 1e6:.1f} M"
            print(f"| {name} | {threads} | {rate} | {best:.2f} | {spread} |")


# Run in a fresh process: the peak (VmHWM) is reset after loading the column,
# so it measures card_indices alone.
PEAK = """
import sys, numpy as np, pyarrow.parquet as pq
from cribbage_fast.bulk.text import card_indices
column = pq.read_table(sys.argv[1]).column("show")
if sys.argv[2] == "polars":
    import polars as pl
    column = pl.from_arrow(column)
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
open("/proc/self/clear_refs", "w").write("5")
before = status("VmRSS:")
codes = card_indices(column)
print(status("VmHWM:") - before, codes.nbytes, column.nbytes if hasattr(column, "nbytes") else 0)
"""


def memory(rows: int, folder: Path) -> None:
    path = folder / "show.parquet"
    pq.write_table(pa.table({"show": hand_column(random_deals(rows))}), path)
    print(f"\n## peak memory of card_indices over {rows:,} rows")
    print("| column | text bytes | output bytes | peak growth |")
    print("|---|---|---|---|")
    for kind in ("pyarrow", "polars"):
        out = subprocess.run(
            [sys.executable, "-c", PEAK, str(path), kind], capture_output=True, text=True
        )
        if out.returncode:
            print(out.stderr)
            continue
        peak, nbytes, text = map(int, out.stdout.split())
        text_mb = f"{text / 1e6:.0f} MB" if text else "-"
        print(f"| {kind} | {text_mb} | {nbytes / 1e6:.0f} MB | {peak / 1e6:.0f} MB |")


# The command in a child of its own, so the peak is the command's alone.
RUN = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
"""


def cli(rows: int, folder: Path) -> None:
    deals = random_deals(rows)
    path = folder / "hands.csv"
    starter = pa.array(DECK).take(deals[:, 4])
    pacsv.write_csv(pa.table({"hand": hand_column(deals[:, :4]), "starter": starter}), path)
    size = path.stat().st_size
    exe = Path(sys.executable).with_name("cribbage-fast")
    command = [str(exe), "score", "--file", str(path), "--hand", "hand"]
    command += ["--starter", "starter", "--out", str(folder / "scores.csv")]
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", RUN, *command], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if out.returncode:
        print(out.stderr)
        return
    peak = int(out.stdout.split()[-1])
    print(f"\n## cribbage-fast score --file, {rows:,} rows ({size / 1e6:.0f} MB of CSV)")
    print(f"{seconds:.1f} s wall, peak memory {peak / 1e6:.0f} MB, {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--parts", default="speed,memory,cli", help="which to measure")
    args = parser.parse_args()
    parts = args.parts.split(",")
    print(f"load average before: {os.getloadavg()}")
    if "speed" in parts:
        speed(args.rows, args.repeat)
    with tempfile.TemporaryDirectory() as folder:
        if "memory" in parts:
            memory(args.rows, Path(folder))
        if "cli" in parts:
            cli(args.rows, Path(folder))
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
