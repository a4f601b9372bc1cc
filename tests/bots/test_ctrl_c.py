"""Issue 22, class 5: every long call stops within about a second of a real
Ctrl-C (SIGINT sent to a subprocess): a loop of games with the master, a
master match at a high budget (its chunks are sized by time, not by a game
count), a simulation, and the commands that run them. Nothing is swallowed
("Exception ignored") and the command line exits with status 130."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

import cribbage_fast as cf

#: Seconds from SIGINT to the end of the process that count as "about a second"
#: on a loaded two-core machine (the process also has to unwind and exit).
PROMPT = 4.0


def interrupt(
    code: str, *, wait: float = 1.5, cli: list[str] | None = None
) -> tuple[int, str, float]:
    """Runs `code` (or the command line `cli`), sends SIGINT `wait` seconds
    after it printed ``ready`` (the CLI: after it started), and returns the
    status, stderr and the seconds from SIGINT to exit."""
    if cli is None:
        args = [sys.executable, "-c", f"import sys\nprint('ready', flush=True)\n{code}"]
    else:
        args = [sys.executable, "-c", "from cribbage_fast.cli import main; main()", *cli]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    if cli is None:
        assert proc.stdout.readline().strip() == "ready"
    time.sleep(wait)
    assert proc.poll() is None, "finished before the interrupt"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("still running 60 s after Ctrl-C")
    return proc.returncode, err, time.monotonic() - sent


def assert_interrupted(status: int, err: str, took: float) -> None:
    assert took < PROMPT, f"took {took:.1f} s to stop"
    assert "KeyboardInterrupt" in err, err
    assert "Exception ignored" not in err, err
    assert status != 0


def test_a_loop_of_games_with_the_master_stops() -> None:
    code = """
import cribbage_fast as cf
players = [cf.MasterPlayer(budget=1024), cf.MasterPlayer(budget=1024, seed=1)]
i = 0
while True:
    cf.Game(2, seed=i).play(players)
    i += 1
"""
    assert_interrupted(*interrupt(code))


@pytest.mark.parametrize("adaptive", [True, False])
def test_a_master_match_at_a_high_budget_stops(adaptive: bool) -> None:
    """Without the adaptive budget one game takes seconds: the games stop
    between two moves."""
    code = (
        "import cribbage_fast as cf\n"
        f"cf.master_match('expert', games=10**6, budget=4096, adaptive={adaptive})"
    )
    assert_interrupted(*interrupt(code, wait=3.0))


def test_a_long_simulation_stops() -> None:
    code = "import cribbage_fast as cf\ncf.simulate('expert', 'expert', games=10**9)"
    assert_interrupted(*interrupt(code))


def test_the_command_line_stops_with_status_130() -> None:
    status, err, took = interrupt(
        "", wait=3.0, cli=["simulate", "master", "expert", "--games", "1000000"]
    )
    assert status == 130 and took < PROMPT, (status, err, took)
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.parametrize("threads", [1, 2])
def test_results_do_not_depend_on_the_chunking(threads: int) -> None:
    """Chunks are sized by time, so they differ from run to run: the totals
    are exact sums, the same for a seed however the games were cut."""
    one = cf.master_match("greedy", games=40, seed=3, threads=threads, budget=8)
    for _ in range(2):
        assert cf.master_match("greedy", games=40, seed=3, threads=2, budget=8) == one
    assert cf.simulate("master", "greedy", games=40, seed=3, threads=threads) == cf.master_match(
        "greedy", games=40, seed=3, threads=1
    )
    progress: list[int] = []
    cf.simulate("greedy", "random", games=30_000, seed=1, threads=threads, progress=progress.append)
    assert progress[-1] == 30_000 and progress == sorted(progress)
