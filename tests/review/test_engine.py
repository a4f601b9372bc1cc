"""The analysis engine: golden answers, the same bytes at any thread count,
cancellation, malformed lines (docs/engine.md)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cribbage_fast import ExpertPlayer, Game
from cribbage_fast.analysis.actions import action_name
from cribbage_fast.analysis.engine import Engine, answer, serve
from cribbage_fast.records.notation import grammar as notation

#: Every decision sampled to a large budget: long enough to be stopped on the way.
SLOW = {"precision": 1e-4, "budget": 16384}
DATA = Path(__file__).resolve().parents[1] / "data" / "engine"
CLI = str(Path(sys.executable).with_name("cribbage-fast"))


def _answers(threads: int) -> list[str]:
    out = io.StringIO()
    lines = (DATA / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    serve(lines, out, threads=threads)
    return sorted(out.getvalue().splitlines())


@pytest.fixture(scope="module")
def one_thread() -> list[str]:
    return _answers(1)


def test_answers_match_the_golden_file(one_thread: list[str]) -> None:
    """Every query's answer, byte for byte (regenerate: CRIBBAGE_REGEN=1)."""
    golden = DATA / "answers.jsonl"
    if os.environ.get("CRIBBAGE_REGEN"):
        golden.write_text("\n".join(one_thread) + "\n", encoding="utf-8")
    assert one_thread == golden.read_text(encoding="utf-8").splitlines()
    statuses = [json.loads(line)["status"] for line in one_thread]
    assert statuses.count("ok") >= 14 and statuses.count("error") >= 15


def test_the_same_bytes_whatever_the_thread_count(one_thread: list[str]) -> None:
    assert _answers(3) == one_thread


def test_every_query_is_answered_once_by_id(one_thread: list[str]) -> None:
    queries = (DATA / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    ids = []
    for line in queries:
        try:
            query = json.loads(line)
        except ValueError:
            continue
        if isinstance(query, dict) and "id" in query:
            ids.append(json.dumps(query["id"]))
    answered = [json.dumps(json.loads(line)["id"]) for line in one_thread]
    assert sorted(a for a in answered if a != "null") == sorted(ids)
    assert answered.count("null") == 4  # the lines with no readable id


def test_an_answer_carries_every_action_and_the_best() -> None:
    game = Game(2, seed=4)
    a = json.loads(answer({"id": 1, "record": game.to_record(), "budget": 46}))
    (decision,) = a["decisions"]
    actions = decision["actions"]
    assert len(actions) == 15 and decision["best_move"] == actions[0]["move"]
    assert decision["best"] == actions[0]["action"] == action_name(actions[0]["move"])
    for action in actions:
        assert {"equity", "stderr", "samples", "pegging", "hand", "crib"} <= set(action)
    assert actions[0]["equity"] == max(x["equity"] for x in actions)


def _engine(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [CLI, "engine", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_terminated_query_answers_cancelled_and_the_engine_keeps_serving() -> None:
    """The terminate is read as soon as it is sent: the long query answers
    "cancelled" whether it had started or was waiting for a thread."""
    game = Game(2, seed=3)
    game.play([ExpertPlayer(), ExpertPlayer()])
    long = {"id": "long", "record": game.to_record(), "decisions": "game", **SLOW}
    quick = {"id": "quick", "record": Game(2, seed=1).to_record(), "budget": 46}
    terminate = {"id": "t", "action": "terminate", "terminate_id": "long"}
    with _engine("--threads", "1") as engine:
        assert engine.stdin is not None and engine.stdout is not None
        for query in (long, terminate, quick):
            engine.stdin.write(json.dumps(query) + "\n")
        engine.stdin.flush()
        got = {}
        while len(got) < 3:
            line = engine.stdout.readline()
            assert line, engine.stderr.read() if engine.stderr else ""
            reply = json.loads(line)
            got[reply["id"]] = reply
        engine.stdin.close()
        assert engine.wait(timeout=30) == 0
    assert got["long"] == {"id": "long", "status": "cancelled"}
    assert got["t"]["terminated"] is True
    assert got["quick"]["status"] == "ok"


def test_ctrl_c_stops_the_engine_within_seconds(stop_when_ready: Callable[..., Any]) -> None:
    """SIGINT once the engine has answered a first query (it is serving)."""
    game = Game(2, seed=3)
    game.play([ExpertPlayer(), ExpertPlayer()])
    long = {"id": "long", "record": game.to_record(), "decisions": "game", **SLOW}
    quick = {"id": "quick", "record": Game(2, seed=1).to_record(), "budget": 46}
    lines = json.dumps(quick) + "\n" + json.dumps(long) + "\n"
    stopped = stop_when_ready([CLI, "engine", "--threads", "1"], '"id":"quick"', stdin=lines)
    assert stopped.status == 130 and stopped.seconds < 10, stopped


def test_malformed_lines_get_an_error_and_the_engine_goes_on() -> None:
    lines = ["{", '{"id": 3, "record": [', '{"id": 4}', "", '"just text"']
    result = subprocess.run(
        [CLI, "engine", "--threads", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == ""
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["status"] for r in replies] == ["error"] * 4
    assert sorted(str(r["id"]) for r in replies) == ["4", "None", "None", "None"]
    assert any("line 2 is not JSON" in r["error"] for r in replies)


def test_the_thread_option_is_checked() -> None:
    result = subprocess.run(
        [CLI, "engine", "--threads", "0"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    with pytest.raises(ValueError, match="threads"):
        Engine(threads=0)


@pytest.mark.skipif(shutil.which("jq") is None, reason="the example client needs jq")
def test_the_shell_client_prints_the_best_move_and_the_alternatives(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(Game(2, seed=7).to_record()), encoding="utf-8")
    script = Path(__file__).resolve().parents[2] / "docs" / "engine_client.sh"
    env = {**os.environ, "PATH": f"{Path(CLI).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", str(script), str(record), "1"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("seat 0 to move: discard ") and len(lines) == 16
    assert re.fullmatch(r"  discard( \S+){2}\t\d+\.\d% ± \d+\.\d  \(\d+ samples\)", lines[1])
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    result = subprocess.run(
        ["bash", str(script), str(bad)], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 2 and result.stderr.startswith("engine: the game record has no")


def test_a_text_record_is_read_by_the_game_notation() -> None:
    """A text record answers as its JSON record does."""
    game = Game(2, seed=4)
    query = {"id": 1, "budget": 46}
    by_json = json.loads(answer({**query, "record": game.to_record()}))
    by_text = json.loads(answer({**query, "record": game.to_text()}))
    assert by_text == by_json


def test_a_one_seat_text_is_analysed_from_that_seat_only() -> None:
    """A record typed in by one seat (the View tag) answers for that seat's
    decisions; the other seat's, whose cards were filled in, are refused."""
    text = (DATA.parent / "notation" / "real_game.txt").read_text()
    parsed = notation.parse(text)
    assert parsed.view is not None
    whole = json.loads(answer({"id": 2, "record": text, "decisions": "game", "budget": 24}))
    assert whole["status"] == "ok", whole
    assert {d["seat"] for d in whole["decisions"]} == {parsed.view}
    other = next(
        i
        for i, m in enumerate(parsed.record["moves"])
        if m["seat"] != parsed.view and m["move"] in ("discard", "lay")
    )
    reply = json.loads(answer({"id": 3, "record": text, "decisions": [other], "budget": 24}))
    assert reply["status"] == "error" and "view" in reply["error"]


def test_the_master_policy_answers_and_repeats_itself() -> None:
    game = Game(2, seed=11)
    expert = ExpertPlayer()
    for _ in range(4):
        game.step(expert)
    query = {"id": "m", "record": game.to_record(), "policy": "master", "budget": 8, "seed": 1}
    first = answer(query)
    assert json.loads(first)["status"] == "ok" and answer(query) == first
