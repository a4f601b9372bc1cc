"""Ctrl-C and terminate stop every long call within about a second, at any
policy and budget (docs/errors.md, "Stopping"): a real SIGINT sent to a
subprocess once it says it is ready (never after a fixed sleep), and the
engine's terminate. Without the cancel flag these calls ran for minutes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import cribbage_fast as cf
from cribbage_fast.analysis.analyze import analyze_game

#: Seconds from the signal to the end of the process that count as "about a
#: second" on a loaded two-core machine (the process unwinds and exits too).
PROMPT = 10.0
CLI = str(Path(sys.executable).with_name("cribbage-fast"))
#: A whole game sampled with the master far past any stopping point.
ENDLESS = {"policy": "master", "budget": 100_000, "precision": 1e-4}


def _finished_record() -> dict[str, object]:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.ExpertPlayer()])
    return game.to_record()


def _python(code: str) -> list[str]:
    """A Python process that runs `code`, printing ``ready`` just before its
    long call, and ``interrupted`` (status 3) on KeyboardInterrupt."""
    body = "\n".join(f"    {line}" for line in code.strip().splitlines())
    script = f"try:\n{body}\nexcept KeyboardInterrupt:\n    print('interrupted', flush=True)\n"
    script += "    raise SystemExit(3)\n"
    return [sys.executable, "-c", script]


@pytest.mark.parametrize(
    "call",
    [
        "analysis.analyze_game(record, **ENDLESS)",
        "cf.hint(cf.Game.replay(record), move_index=10, **ENDLESS)",
        "analysis.analyze_games([record], progress=False, **ENDLESS)",
        "cf.hint(cf.Game.replay(record).position(10), **ENDLESS)",
        "cf.play_out(cf.Game.replay(record).position(10), ('master', 'master'), games=10**7)",
    ],
)
def test_ctrl_c_stops_a_master_analysis_at_any_budget(
    call: str, stop_when_ready: Callable[..., object]
) -> None:
    code = f"""
import json, sys
import cribbage_fast as cf
from cribbage_fast import analysis
record = json.loads(sys.stdin.readline())
ENDLESS = {ENDLESS!r}
print("ready", flush=True)
{call}
"""
    stopped = stop_when_ready(_python(code), "ready", stdin=json.dumps(_finished_record()) + "\n")
    assert stopped.status == 3, stopped
    assert "interrupted" in stopped.stdout and "Traceback" not in stopped.stderr
    assert stopped.seconds < PROMPT, stopped


def test_ctrl_c_stops_the_analyze_command_on_a_terminal(
    tmp_path: Path, ctrl_c_at_a_terminal: Callable[..., tuple[int, str]]
) -> None:
    """A real Ctrl-C typed at a terminal once the progress bar shows."""
    record = tmp_path / "game.json"
    record.write_text(json.dumps(_finished_record()), encoding="utf-8")
    args = [CLI, "analyze", str(record), "--policy", "master", "--budget", "100000"]
    status, output = ctrl_c_at_a_terminal(args, "games analysed")
    assert status == 130, output
    assert "interrupted" in output and "Traceback" not in output


def test_ctrl_c_stops_the_engine_in_the_middle_of_a_master_query(
    stop_when_ready: Callable[..., object],
) -> None:
    long = {"id": "long", "record": _finished_record(), "decisions": "game", **ENDLESS}
    quick = {"id": "quick", "record": cf.Game(2, seed=1).to_record(), "budget": 46}
    lines = json.dumps(long) + "\n" + json.dumps(quick) + "\n"
    # Two threads: once "quick" is answered, "long" is running.
    stopped = stop_when_ready([CLI, "engine", "--threads", "2"], '"id":"quick"', stdin=lines)
    assert stopped.status == 130, stopped
    assert '{"id":"long","status":"cancelled"}' in stopped.stdout
    assert "Traceback" not in stopped.stderr and stopped.seconds < PROMPT


def test_terminate_stops_a_master_query_in_flight_and_the_engine_goes_on() -> None:
    long = {"id": "long", "record": _finished_record(), "decisions": "game", **ENDLESS}
    quick = {"id": "quick", "record": cf.Game(2, seed=1).to_record(), "budget": 46}
    terminate = {"id": "t", "action": "terminate", "terminate_id": "long"}
    with subprocess.Popen(
        [CLI, "engine", "--threads", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as engine:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write(json.dumps(long) + "\n" + json.dumps(quick) + "\n")
        engine.stdin.flush()
        assert json.loads(engine.stdout.readline())["id"] == "quick"  # "long" is running
        engine.stdin.write(json.dumps(terminate) + "\n")
        engine.stdin.write(json.dumps({**quick, "id": "after"}) + "\n")
        engine.stdin.flush()
        got = {}
        while len(got) < 3:
            reply = json.loads(engine.stdout.readline())
            got[reply["id"]] = reply
        engine.stdin.close()
        assert engine.wait(timeout=60) == 0
    assert got["long"] == {"id": "long", "status": "cancelled"}
    assert got["t"]["terminated"] is True and got["after"]["status"] == "ok"


def test_ctrl_c_while_the_command_is_still_loading_exits_quietly() -> None:
    """Ctrl-C while the package loads (the engine's library is mapped, NumPy
    and the tables still to come): status 130 and one line, no traceback."""
    proc = subprocess.Popen(
        [CLI, "simulate", "expert", "expert", "--games", "1000000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    maps = Path(f"/proc/{proc.pid}/maps")
    if not maps.exists():
        proc.kill()
        pytest.skip("no /proc here")
    while proc.poll() is None and "_core.abi3" not in maps.read_text(errors="replace"):
        pass
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err


def test_a_cancel_token_stops_a_call_from_another_thread() -> None:
    """Cancelled from another thread, before or during the call: `Cancelled`."""
    import threading

    record = _finished_record()
    token = cf.CancelToken()
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            analyze_game(record, cancel=token, threads=1, **ENDLESS)
        except BaseException as err:
            outcome.append(err)

    worker = threading.Thread(target=run)
    worker.start()
    token.cancel()
    worker.join(timeout=120)
    assert not worker.is_alive() and isinstance(outcome[0], cf.Cancelled)
    with pytest.raises(cf.Cancelled):
        cf.hint(cf.Game(2, seed=7), cancel=token)
    assert repr(token) == "CancelToken(cancelled=True)"
    with pytest.raises(TypeError, match="cancel"):
        cf.hint(cf.Game(2, seed=7), cancel="yes")  # type: ignore[arg-type]
