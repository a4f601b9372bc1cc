"""Every long call stops within about a second of a real Ctrl-C (SIGINT sent
to a subprocess once it says it is ready): a loop of games with the master,
a master match at a high budget, a simulation, and the commands that run
them. Nothing is swallowed ("Exception ignored") and the command line exits
with status 130."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cribbage_fast as cf

#: Seconds from SIGINT to the end of the process that count as "about a second"
#: on a loaded two-core machine (the process also has to unwind and exit).
PROMPT = 4.0
CLI = str(Path(sys.executable).with_name("cribbage-fast"))


def interrupt(stop_when_ready: Callable[..., Any], code: str) -> Any:
    """Runs `code`, which prints ``ready`` just before its long call, and
    sends SIGINT as soon as it has."""
    args = [sys.executable, "-c", f"import sys\n{code}"]
    return stop_when_ready(args, "^ready$")


def assert_interrupted(stopped: Any) -> None:
    assert stopped.seconds < PROMPT, f"took {stopped.seconds:.1f} s to stop"
    assert "KeyboardInterrupt" in stopped.stderr, stopped.stderr
    assert "Exception ignored" not in stopped.stderr, stopped.stderr
    assert stopped.status != 0


def test_a_loop_of_games_with_the_master_stops(stop_when_ready: Callable[..., Any]) -> None:
    code = """
import cribbage_fast as cf
players = [cf.MasterPlayer(budget=1024), cf.MasterPlayer(budget=1024, seed=1)]
i = 0
print("ready", flush=True)
while True:
    cf.Game(2, seed=i).play(players)
    i += 1
"""
    assert_interrupted(interrupt(stop_when_ready, code))


@pytest.mark.parametrize("adaptive", [True, False])
def test_a_master_match_at_a_high_budget_stops(
    adaptive: bool, stop_when_ready: Callable[..., Any]
) -> None:
    """Without the adaptive budget one game takes seconds: the games stop
    between two moves, or inside a search."""
    code = (
        "import cribbage_fast as cf\nprint('ready', flush=True)\n"
        f"cf.master_match('expert', games=10**6, budget=4096, adaptive={adaptive})"
    )
    assert_interrupted(interrupt(stop_when_ready, code))


def test_a_long_simulation_stops(stop_when_ready: Callable[..., Any]) -> None:
    code = (
        "import cribbage_fast as cf\nprint('ready', flush=True)\n"
        "cf.simulate('expert', 'expert', games=10**9)"
    )
    assert_interrupted(interrupt(stop_when_ready, code))


def test_the_command_line_stops_with_status_130(
    ctrl_c_at_a_terminal: Callable[..., tuple[int, str]],
) -> None:
    """A real Ctrl-C typed at a terminal once the progress bar shows."""
    args = [CLI, "simulate", "master", "expert", "--games", "1000000"]
    status, output = ctrl_c_at_a_terminal(args, "master vs expert")
    assert status == 130, output
    assert "interrupted" in output and "Traceback" not in output


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
