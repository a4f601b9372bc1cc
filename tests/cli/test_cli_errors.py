"""Issue 22, class 6: one error path for the whole command line. Every
expected error is one line on stderr and status 2, found before any work
starts (an output file is checked first); ``--out X`` writes exactly X or
refuses a wrong suffix, and says what it wrote."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from cribbage_fast import builders
from cribbage_fast.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_one_line_error(result: Result, *words: str) -> str:
    """Status 2, one line on stderr naming `words`, nothing on stdout."""
    err = result.stderr.strip()
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "\n" not in err and err.startswith("cribbage-fast: error: "), err
    assert "Traceback" not in result.output
    for word in words:
        assert word in err, (word, err)
    return err


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table build fails the test if it starts: errors come first."""

    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the work started before the error was found")

    for name in ("analyze_all_deals", "build_pegging_table", "build_table"):
        monkeypatch.setattr(builders, name, started)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "x", "0"])
def test_target_se_must_be_a_finite_number(no_work: None, value: str, tmp_path: Path) -> None:
    result = run("tables", "pegging", "--out", str(tmp_path / "p.npz"), "--target-se", value)
    assert_one_line_error(result, "--target-se")


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_positions_precision_must_be_a_finite_number(
    no_work: None, value: str, tmp_path: Path
) -> None:
    result = run("tables", "positions", "--out", str(tmp_path / "t.npz"), "--precision", value)
    assert_one_line_error(result, "--precision")


@pytest.mark.parametrize("command", ["crib", "pegging", "atlas", "expert", "positions"])
def test_an_unwritable_out_is_refused_before_any_work(
    no_work: None, command: str, tmp_path: Path
) -> None:
    suffix = ".bin" if command == "expert" else ".npz"
    a_file = tmp_path / "file.txt"
    a_file.write_text("")
    for out in [f"/nonexistent/p{suffix}", f"{a_file}/p{suffix}", str(tmp_path)]:
        if command == "atlas" and out.startswith("/nonexistent"):
            continue  # the atlas makes its folders (the cache folder of its docs)
        assert_one_line_error(run("tables", command, "--out", out), "--out")


@pytest.mark.parametrize("command", ["crib", "pegging", "atlas", "expert", "positions"])
def test_an_empty_or_misnamed_out_is_refused(no_work: None, command: str, tmp_path: Path) -> None:
    assert_one_line_error(run("tables", command, "--out", ""), "empty")
    misnamed = run("tables", command, "--out", str(tmp_path / "table.txt"))
    assert_one_line_error(misnamed, "does not end in")
    assert list(tmp_path.iterdir()) == []


def test_out_writes_exactly_that_file_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "peg.npz"
    result = run("tables", "pegging", "--out", str(out), "--samples", "2")
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["peg.npz"]
    assert result.stderr.splitlines() == [f"wrote the pegging table to {out}"]


def test_a_full_disk_is_one_line(tmp_path: Path) -> None:
    full = tmp_path / "peg.npz"
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    full.symlink_to("/dev/full")  # every write there fails with ENOSPC
    result = run("tables", "pegging", "--out", str(full), "--samples", "2")
    assert_one_line_error(result, "No space left on device")


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games", "99999999999999999999999"),
        ("--games", "0"),
        ("--games", "1.5"),
        ("--threads", "257"),
        ("--threads", "0"),
        ("--seed", "-1"),
        ("--seed", str(2**64)),
    ],
)
def test_simulate_numbers_out_of_range(option: str, value: str) -> None:
    assert_one_line_error(run("simulate", "random", "random", option, value), option)


def test_ray_address_that_is_no_address() -> None:
    pytest.importorskip("ray")
    for address in ["not an address", "host:", ":80", "host:99999"]:
        result = run("simulate", "random", "random", "--ray", address)
        assert_one_line_error(result, "--ray", "address must be")


def test_an_unreachable_cluster_gives_up_with_a_stated_timeout() -> None:
    pytest.importorskip("ray")
    from cribbage_fast import distributed

    began = time.monotonic()
    result = run("simulate", "random", "random", "--ray", "127.0.0.1:1")
    assert time.monotonic() - began < distributed.CONNECT_TIMEOUT + 5
    assert_one_line_error(result, "no Ray cluster answers at 127.0.0.1:1", "gave up after")


BLOCK_RAY = "import sys; sys.modules['ray'] = None; from cribbage_fast.cli import main; main()"


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "random", "random", "--ray"],
        ["tables", "pegging", "--out", "p.npz", "--ray"],
        ["tables", "positions", "--out", "p.npz", "--ray", "auto"],
    ],
)
def test_ray_without_the_extra_is_one_line_naming_the_install(
    args: list[str], tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK_RAY, *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    err = done.stderr.strip()
    assert done.returncode == 2 and "\n" not in err, err
    assert 'pip install "cribbage_fast[ray]"' in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_the_install_hint_names_the_published_form() -> None:
    from cribbage_fast._util.extras import require

    with pytest.raises(ImportError, match=r'needs .*: pip install "cribbage_fast\[rl\]"'):
        require("no_such_module_at_all", "rl")
