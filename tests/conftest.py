"""Shared test set-up: hypothesis profiles (``HYPOTHESIS_PROFILE=dev|ci``)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# ---------------------------------------------------------------- signals


import queue  # noqa: E402
import re  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import pytest  # noqa: E402


def default_ctrl_c() -> None:
    """In a child about to start: Ctrl-C as a fresh shell gives it (a test
    run that ignores SIGINT, as Ray leaves it, would pass that on)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@dataclass
class Stopped:
    """How a process ended after a signal: its status, what it wrote, and
    the seconds from the signal to its end."""

    status: int
    stdout: str
    stderr: str
    seconds: float


def _pump(stream: object, name: str, lines: queue.Queue[tuple[str, str]]) -> None:
    for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
        lines.put((name, line))
    lines.put((name, ""))


@pytest.fixture
def stop_when_ready() -> Callable[..., Stopped]:
    """Runs `args`, writes `stdin` to it, waits until a line of its stdout or
    stderr matches `ready` (no fixed sleep: the program says it is ready),
    then sends `signal_` (SIGINT: a real Ctrl-C) and returns how it ended (a
    failure if it is still running 60 s later)."""

    def run(
        args: Sequence[str],
        ready: str,
        *,
        stdin: str = "",
        signal_: int = signal.SIGINT,
        env: dict[str, str] | None = None,
    ) -> Stopped:
        proc = subprocess.Popen(
            list(args),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=default_ctrl_c,
        )
        with proc:
            return _stop(proc, ready, stdin, signal_)

    return run


def _stop(proc: subprocess.Popen[str], ready: str, stdin: str, signal_: int) -> Stopped:
    assert proc.stdin is not None
    lines: queue.Queue[tuple[str, str]] = queue.Queue()
    pumps = [
        threading.Thread(target=_pump, args=(stream, name, lines), daemon=True)
        for name, stream in (("stdout", proc.stdout), ("stderr", proc.stderr))
    ]
    for pump in pumps:
        pump.start()
    proc.stdin.write(stdin)
    proc.stdin.flush()
    seen: dict[str, list[str]] = {"stdout": [], "stderr": []}
    ended = 0
    try:
        while True:
            name, line = lines.get(timeout=120)
            if not line:
                ended += 1
                assert ended < 2, f"ended before it was ready: {seen}"
                continue
            seen[name].append(line)
            if re.search(ready, line):
                break
        sent = time.monotonic()
        proc.send_signal(signal_)
        try:
            status = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 60 s after it was stopped; it wrote {seen}")
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
        for pump in pumps:
            pump.join(timeout=60)
    while not lines.empty():
        name, line = lines.get()
        seen[name].append(line)
    return Stopped(status, "".join(seen["stdout"]), "".join(seen["stderr"]), took)


@pytest.fixture
def ctrl_c_at_a_terminal() -> Callable[..., tuple[int, str]]:
    """Runs `args` in a pseudo-terminal, types Ctrl-C once its output shows
    `ready` (a progress bar: the work has begun) and returns its status and
    everything it wrote."""
    import pexpect

    def run(args: Sequence[str], ready: str) -> tuple[int, str]:
        child = pexpect.spawn(
            args[0], list(args[1:]), encoding="utf-8", timeout=120, preexec_fn=default_ctrl_c
        )
        child.expect(ready)
        seen = child.before + child.after
        child.sendintr()
        child.expect(pexpect.EOF, timeout=60)
        child.close()
        return child.exitstatus, seen + child.before

    return run
