"""`cribbage_fast.distributed` on a real local Ray (2 CPUs, then 1): the same
statistics as a local run whatever the chunking, a killed worker's task
retried, Ctrl-C, and the errors."""

from __future__ import annotations

import _thread
import doctest
import functools
import itertools
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
psutil = pytest.importorskip("psutil")

import cribbage_fast as cf  # noqa: E402
from cribbage_fast import distributed  # noqa: E402

# Workers cannot import this test module: ship its helpers by value.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(
    ("a", "b", "games", "chunks"),
    [
        ("random", "random", 3_000, [1_000, 777, 3_000, 5_000]),
        ("greedy", "random", 2_000, [333, 2_000]),
        ("expert", "greedy", 120, [7, 50]),
    ],
)
def test_same_statistics_as_a_local_run(a: str, b: str, games: int, chunks: list[int]) -> None:
    local = cf.simulate(a, b, games=games, seed=9)
    for chunk in [*chunks, None]:
        got = distributed.simulate(a, b, games, 9, chunk_games=chunk, progress=False)
        assert got == local and got.to_dict() == local.to_dict()


def test_options_travel() -> None:
    kwargs = {"first_game": 1_000, "scores": (90, 100), "first_dealer": 1}
    player = cf.RandomPlayer(seed=5)
    local = cf.simulate(player, cf.ExpertPlayer, games=80, seed=2, **kwargs)  # type: ignore[arg-type]
    got = distributed.simulate(
        player,
        cf.ExpertPlayer(),
        80,
        2,
        chunk_games=30,
        progress=False,
        **kwargs,  # type: ignore[arg-type]
    )
    assert got == local and got.ranges == [(1_000, 1_080)]


def _squares(start: int, stop: int) -> list[int]:
    return [i * i for i in range(start, stop)]


def test_map_ranges_keeps_the_order() -> None:
    parts = distributed.map_ranges(_squares, 103, chunk=10, progress=False)
    assert len(parts) == 11 and list(itertools.chain(*parts)) == [i * i for i in range(103)]
    assert distributed.map_ranges(_squares, 3, chunk=10, progress=False) == [[0, 1, 4]]


@dataclass(frozen=True)
class _DiesOnce:
    """Games of a simulation; the worker running `victim` kills itself the first time."""

    marker: str
    victim: int

    def __call__(self, start: int, stop: int) -> cf.SimulationStats:
        if start == self.victim and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return cf.simulate(
            "greedy", "random", games=stop - start, seed=4, first_game=start, threads=1
        )


def test_a_task_whose_worker_dies_is_retried(tmp_path: Path) -> None:
    job = _DiesOnce(str(tmp_path / "died"), victim=600)
    parts = distributed.map_ranges(job, 1_500, chunk=300, progress=False)
    assert (tmp_path / "died").exists()
    merged = cf.SimulationStats.merge(parts)
    assert merged == cf.simulate("greedy", "random", games=1_500, seed=4)


def _kill_a_busy_worker(killed: list[int], stop: threading.Event) -> None:
    """Kills the first worker process seen running a chunk."""
    while not stop.is_set() and not killed:
        for proc in psutil.process_iter(["pid", "cmdline"]):
            if "ray::_call" in " ".join(proc.info["cmdline"] or []):
                os.kill(proc.info["pid"], signal.SIGKILL)
                killed.append(proc.info["pid"])
                return
        time.sleep(0.05)


def test_killing_a_worker_mid_simulation_changes_nothing() -> None:
    killed: list[int] = []
    stop = threading.Event()
    killer = threading.Thread(target=_kill_a_busy_worker, args=(killed, stop))
    killer.start()
    try:
        got = distributed.simulate(
            "random", "random", 400_000, 3, chunk_games=25_000, progress=False
        )
    finally:
        stop.set()
        killer.join()
    assert killed, "no busy worker was found to kill"
    assert got == cf.simulate("random", "random", games=400_000, seed=3)


def _slow(start: int, stop: int, started: str) -> int:
    Path(started).touch()
    time.sleep(30)
    return stop - start


def test_ctrl_c_cancels_and_raises_promptly(tmp_path: Path) -> None:
    started = tmp_path / "started"
    sent: list[float] = []

    def ctrl_c_once_running() -> None:
        # Only once a task runs: submitting is then over, and the interrupt
        # lands in map_ranges's wait, where a user's Ctrl-C would.
        while not started.exists():
            time.sleep(0.05)
        sent.append(time.monotonic())
        _thread.interrupt_main(signal.SIGINT)

    # Ctrl-C raises KeyboardInterrupt through Python's default handler; a
    # library loaded by an earlier test may have put its own in its place.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Thread(target=ctrl_c_once_running, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            distributed.map_ranges(
                functools.partial(_slow, started=str(started)), 8, chunk=1, progress=False
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - sent[0] < 4.0
    # The cluster still works afterwards.
    assert distributed.map_ranges(_squares, 4, chunk=2, progress=False) == [[0, 1], [4, 9]]


class _Python:
    def discard(self, view: cf.PlayerView) -> list[cf.Card]:
        return view.hand[:2]

    def play(self, view: cf.PlayerView) -> cf.Card | None:
        return None


def test_errors() -> None:
    with pytest.raises(TypeError, match="built-in players only"):
        distributed.simulate(_Python(), "random", 10, progress=False)
    with pytest.raises(ValueError, match="seed must be at least 0"):
        distributed.simulate("random", "random", 10, -1, progress=False)
    with pytest.raises(ValueError, match="games must be at least 1"):
        distributed.simulate("random", "random", 0, progress=False)
    with pytest.raises(ValueError, match="chunk_games"):
        distributed.simulate("random", "random", 10, chunk_games=0, progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        distributed.simulate("smart", "random", 10, progress=False)
    with pytest.raises(ValueError, match="chunk must be at least 1"):
        distributed.map_ranges(_squares, 10, chunk=0)
    with pytest.raises(ZeroDivisionError):
        distributed.map_ranges(lambda i, j: 1 // 0, 4, chunk=2, progress=False)


def _fail_or_wait(start: int, stop: int, folder: str) -> int:
    """Range 0 fails once range 1 runs; range 1 waits, and notes an interrupt."""
    here = Path(folder)
    if start == 0:
        while not (here / "running-1").exists():
            time.sleep(0.01)
        raise RuntimeError("range 0 fails")
    (here / "running-1").touch()
    try:
        for _ in range(600):  # short sleeps, as the core's loops look for Ctrl-C
            time.sleep(0.1)
    except KeyboardInterrupt:
        (here / "interrupted-1").touch()
        raise
    return stop - start


def test_an_error_interrupts_the_other_ranges_without_killing_their_workers(
    tmp_path: Path,
) -> None:
    """The ranges left are cancelled as Ctrl-C would stop them, never by force:
    a forced cancel kills the worker (so nothing notes the interrupt), and one
    that races the range's own reply crashes Ray's driver."""
    with pytest.raises(RuntimeError, match="range 0 fails"):
        distributed.map_ranges(
            functools.partial(_fail_or_wait, folder=str(tmp_path)), 2, chunk=1, progress=False
        )
    deadline = time.monotonic() + 50
    while not (tmp_path / "interrupted-1").exists():
        assert time.monotonic() < deadline, "range 1 was not interrupted"
        time.sleep(0.05)


def test_cli_ray_gives_the_local_numbers() -> None:
    from click.testing import CliRunner

    from cribbage_fast.cli import main

    args = ["simulate", "greedy", "random", "--games", "700", "--seed", "5", "--json"]
    local = CliRunner().invoke(main, args)
    on_ray = CliRunner().invoke(main, [*args, "--ray"])
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)
    table = CliRunner().invoke(main, ["simulate", "random", "random", "--ray", "--games", "99"])
    assert table.exit_code == 0 and "random vs random: 99 games" in table.stdout


def test_docstring_examples_run() -> None:
    result = doctest.testmod(distributed, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_one_cpu_gives_the_same_statistics() -> None:
    ray.shutdown()
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    got = distributed.simulate("greedy", "random", 2_000, 1, chunk_games=300, progress=False)
    assert got == cf.simulate("greedy", "random", games=2_000, seed=1)


# ----- issue 22: NumPy integers, bounds, and checks before Ray -----------------


def test_numpy_integers_are_accepted() -> None:
    import numpy as np

    got = distributed.simulate(
        "greedy", "random", np.int64(300), np.uint64(7), chunk_games=np.int32(100), progress=False
    )
    assert got == cf.simulate("greedy", "random", games=300, seed=7)
    assert distributed.map_ranges(_squares, np.int64(4), chunk=np.uint8(2), progress=False) == [
        [0, 1],
        [4, 9],
    ]


def test_an_impossible_game_count_is_refused_at_once() -> None:
    began = time.monotonic()
    for games in (10**30, 2**63):
        with pytest.raises(ValueError, match="games must be at least 1 and at most"):
            distributed.simulate("random", "random", games, progress=False)
    with pytest.raises(ValueError, match="total must be at least 1 and at most"):
        distributed.map_ranges(_squares, 10**30, chunk=1, progress=False)
    with pytest.raises(ValueError, match="first_game"):
        distributed.simulate("random", "random", 10, first_game=2**63 - 5, progress=False)
    assert time.monotonic() - began < 5


CHECKS_BEFORE_RAY = """
import ray
from cribbage_fast import distributed
bad = [
    dict(games=10**30), dict(games=2.0), dict(games=True), dict(seed=-1), dict(seed="1"),
    dict(chunk_games=0), dict(max_retries=-1), dict(progress="no"), dict(address="not an address"),
    dict(address=5), dict(first_game=-1), dict(scores=(200, 0)), dict(first_dealer=2),
]
for kwargs in bad:
    try:
        distributed.simulate("random", "random", **kwargs)
    except (TypeError, ValueError):
        pass
    else:
        raise SystemExit(f"accepted {kwargs}")
for kwargs in [dict(total=0), dict(total=5, chunk=1.0), dict(total=5, progress=1)]:
    try:
        distributed.map_ranges(print, **{"chunk": 1, **kwargs})
    except (TypeError, ValueError):
        pass
    else:
        raise SystemExit(f"accepted {kwargs}")
print("ray started" if ray.is_initialized() else "no ray")
"""


def test_arguments_are_checked_before_ray_starts() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", CHECKS_BEFORE_RAY], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no ray"


def test_an_unreachable_address_gives_up_with_a_clear_error() -> None:
    began = time.monotonic()
    with pytest.raises(ConnectionError, match=r"no Ray cluster answers at 127\.0\.0\.1:1"):
        distributed._reachable("127.0.0.1:1")
    assert time.monotonic() - began < distributed.CONNECT_TIMEOUT + 2
