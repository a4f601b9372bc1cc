"""The analysis engine: JSON queries in, one JSON answer per query out,
matched by ``id`` (docs/engine.md), for programs in any language.

A query names a game record, which decisions to analyse, the objective, the
precision or budget and a seed; the answer gives every action's equity,
standard error and sample count and the best action (`hints.hint` for single
decisions, `analysis.analyze_game` for a whole game). Queries run concurrently
on a thread pool (the core releases the GIL); answers are written as they
finish, each one's bytes fixed by its query (sorted keys, no timings).

Examples
--------
>>> import json
>>> from cribbage_fast import Game
>>> from cribbage_fast.engine import answer
>>> query = {"id": "q1", "record": Game(2, seed=7).to_record(), "budget": 46, "seed": 1}
>>> a = json.loads(answer(query))
>>> a["id"], a["status"], a["decisions"][0]["best"]["move"]
('q1', 'ok', 'discard')
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict
from typing import IO, Any

from . import notation
from .analysis import DecisionReview, analyze_game
from .game import Game
from .hints import DEFAULT_BUDGET, DEFAULT_PRECISION, hint

__all__ = ["Cancelled", "Engine", "answer", "dumps"]

#: Query fields that set how decisions are valued, with their defaults.
SETTINGS = {
    "objective": "win",
    "precision": DEFAULT_PRECISION,
    "budget": DEFAULT_BUDGET,
    "seed": 0,
    "policy": "expert",
}
FIELDS = {"id", "record", "decisions", "action", "terminate_id", *SETTINGS}


class Cancelled(Exception):
    """A query was terminated before it finished."""


def dumps(obj: dict[str, Any]) -> str:
    """One answer as one line of JSON: sorted keys, no spaces; a number the
    record cannot give (NaN in the library, e.g. luck from one seat's view)
    is null.

    Parameters
    ----------
    obj : dict
        The answer.

    Returns
    -------
    str
        Its JSON text, the same bytes for the same answer.

    Examples
    --------
    >>> dumps({"status": "ok", "id": 1})
    '{"id":1,"status":"ok"}'
    """
    return json.dumps(_no_nan(obj), sort_keys=True, separators=(",", ":"), allow_nan=False)


def _no_nan(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_no_nan(v) for v in value]
    return value


def _check_settings(query: dict[str, Any]) -> dict[str, Any]:
    """The query's settings, checked for type (the core checks the values)."""
    unknown = sorted(set(query) - FIELDS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(FIELDS))})")
    out = {}
    for name, default in SETTINGS.items():
        value = query.get(name, default)
        kind = float if isinstance(default, float) else type(default)
        ok = isinstance(value, kind) or (kind is float and isinstance(value, int))
        if isinstance(value, bool) or not ok:
            what = {int: "an integer", float: "a number", str: "a string"}[kind]
            raise ValueError(f"{name} must be {what}, got {json.dumps(value)}")
        out[name] = float(value) if kind is float else value
    return out


def _game_of(query: dict[str, Any]) -> tuple[Game, int | None]:
    """The query's game, a JSON record (object) or a text record, and the
    seat whose view a text record holds (None: every card is known)."""
    if "record" not in query:
        raise ValueError("the query has no record")
    record = query["record"]
    if isinstance(record, dict):
        return Game.replay(record), None
    if isinstance(record, str):
        text = notation.parse(record)
        return text.game(), text.view
    raise ValueError(f"record must be a JSON record (object) or text, got {json.dumps(record)}")


def _decisions(game: Game, wanted: object) -> list[int | None]:
    """The move indexes asked for (None: the decision now)."""
    if wanted == "current":
        return [None]
    if isinstance(wanted, list) and wanted:
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in wanted):
            raise ValueError("decisions must be move indexes (integers)")
        return list(wanted)
    raise ValueError(
        f'decisions must be "current", "game" or a list of move indexes, got {json.dumps(wanted)}'
    )


def _single(
    game: Game, at: int | None, view: int | None, settings: dict[str, Any]
) -> dict[str, Any]:
    h = hint(game, move_index=at, **settings)
    if view is not None and h.seat != view:
        raise ValueError(f"it is seat {h.seat}'s, and the record holds only seat {view}'s view")
    return {
        "move_index": h.move_index,
        "seat": h.seat,
        "kind": h.kind,
        "forced": h.forced,
        "best": h.best.move,
        "why": h.why(),
        "actions": [asdict(o) for o in h.options],
    }


def _reviewed(d: DecisionReview) -> dict[str, Any]:
    """One decision of a whole-game analysis (a forced one has no equities)."""
    if d.forced:
        actions: list[dict[str, Any]] = [{"action": d.played}]
    else:
        actions = [
            {"action": text, "equity": eq, "stderr": se, "samples": d.samples}
            for text, eq, se in zip(d.actions, d.equities, d.stderrs, strict=True)
        ]
    return {
        "move_index": d.move_index,
        "seat": d.seat,
        "deal": d.deal,
        "kind": d.kind,
        "forced": d.forced,
        "played": d.played,
        "best": d.best,
        "loss": d.loss,
        "loss_stderr": d.loss_stderr,
        "mark": d.mark,
        "actions": actions,
    }


def _whole_game(
    game: Game, view: int | None, settings: dict[str, Any], cancelled: Callable[[], bool]
) -> dict[str, Any]:
    def check(_done: int) -> None:
        if cancelled():
            raise Cancelled

    seats = None if view is None else [view]
    a = analyze_game(game, threads=1, progress=check, seats=seats, **settings)
    decisions = [_reviewed(d) for d in a.decisions]
    players = [asdict(p) for p in a.players]
    return {"decisions": decisions, "players": players, "winner": a.winner}


def answer(query: dict[str, Any], cancelled: Callable[[], bool] = lambda: False) -> str:
    """The answer to one analysis query, as one line of JSON.

    Parameters
    ----------
    query : dict
        ``id``, ``record`` and optionally ``decisions`` (``"current"``, the
        default; ``"game"``; or a list of move indexes), ``objective``,
        ``precision``, ``budget``, ``seed``, ``policy``.
    cancelled : callable
        Polled between pieces of work; when it returns True the answer is
        ``{"id": ..., "status": "cancelled"}``.

    Returns
    -------
    str
        ``{"id", "status": "ok", "decisions": [...]}`` (and ``players``,
        ``winner`` for a whole game), or ``status`` ``"error"`` with ``error``.

    Examples
    --------
    >>> answer({"id": 7, "record": 3})
    '{"error":"record must be a JSON record (object) or text, got 3","id":7,"status":"error"}'
    """
    qid = query.get("id")
    try:
        settings = _check_settings(query)
        game, view = _game_of(query)
        wanted = query.get("decisions", "current")
        if wanted == "game":
            body = _whole_game(game, view, settings, cancelled)
        else:
            body = {"decisions": []}
            for at in _decisions(game, wanted):
                if cancelled():
                    raise Cancelled
                try:
                    body["decisions"].append(_single(game, at, view, settings))
                except (TypeError, ValueError) as err:
                    where = "the current decision" if at is None else f"decision {at}"
                    raise ValueError(f"{where}: {err}") from err
        if cancelled():
            raise Cancelled
    except Cancelled:
        return dumps({"id": qid, "status": "cancelled"})
    except (TypeError, ValueError, KeyError) as err:
        return dumps({"id": qid, "status": "error", "error": str(err)})
    return dumps({"id": qid, "status": "ok", **body})


class Engine:
    """Serves queries: `submit` each line, answers go to `write` (one line
    each, under a lock), `close` waits for the outstanding ones.

    Examples
    --------
    >>> out = []
    >>> with Engine(threads=1, write=out.append) as engine:
    ...     engine.submit('{"id": "a", "record": 5}')
    ...     engine.submit("not json")
    >>> sorted(out)[0][:25]
    '{"error":"line 2: not JSO'
    """

    def __init__(self, threads: int = 1, write: Callable[[str], object] = print) -> None:
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a positive integer, got {threads!r}")
        self._pool = ThreadPoolExecutor(max_workers=threads)
        self._write = write
        self._lock = threading.Lock()
        self._running: dict[Any, list[threading.Event]] = {}
        self._line = 0

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            # Ctrl-C: every query in flight stops at its next check.
            with self._lock:
                for events in self._running.values():
                    for event in events:
                        event.set()
        self.close()

    def _emit(self, obj: dict[str, Any] | str) -> None:
        text = obj if isinstance(obj, str) else dumps(obj)
        with self._lock:
            self._write(text)

    def submit(self, line: str) -> None:
        """Takes one line of input: a query, a terminate query, or junk
        (answered with an error naming the line).

        Parameters
        ----------
        line : str
            One line of the engine's input.

        Examples
        --------
        >>> out = []
        >>> with Engine(write=out.append) as e:
        ...     e.submit('{"id": 1, "action": "terminate", "terminate_id": 9}')
        >>> out
        ['{"action":"terminate","id":1,"status":"ok","terminate_id":9,"terminated":false}']
        """
        self._line += 1
        if not line.strip():
            return
        try:
            query = json.loads(line)
        except ValueError as err:
            self._emit(
                {"id": None, "status": "error", "error": f"line {self._line}: not JSON: {err}"}
            )
            return
        if not isinstance(query, dict) or "id" not in query:
            what = "has no id" if isinstance(query, dict) else "is not a JSON object"
            self._emit(
                {"id": None, "status": "error", "error": f"line {self._line}: the query {what}"}
            )
            return
        if query.get("action", "analyze") == "terminate":
            self._terminate(query)
        elif query.get("action", "analyze") != "analyze":
            error = f'action must be "analyze" or "terminate", got {json.dumps(query["action"])}'
            self._emit({"id": query["id"], "status": "error", "error": error})
        else:
            self._start(query)

    def _key(self, qid: Any) -> str:
        return json.dumps(qid, sort_keys=True)

    def _start(self, query: dict[str, Any]) -> None:
        stop = threading.Event()
        key = self._key(query["id"])
        with self._lock:
            self._running.setdefault(key, []).append(stop)
        task = {k: v for k, v in query.items() if k != "action"}
        future: Future[str] = self._pool.submit(answer, task, stop.is_set)

        def done(f: Future[str]) -> None:
            with self._lock:
                events = self._running.get(key, [])
                if stop in events:
                    events.remove(stop)
                if not events:
                    self._running.pop(key, None)
            try:
                text = f.result()
            except Exception as err:  # an answer for every query, whatever went wrong
                text = dumps({"id": query["id"], "status": "error", "error": f"internal: {err!r}"})
            self._emit(text)

        future.add_done_callback(done)

    def _terminate(self, query: dict[str, Any]) -> None:
        target = query.get("terminate_id")
        with self._lock:
            events = list(self._running.get(self._key(target), []))
        for event in events:
            event.set()
        self._emit(
            {
                "id": query["id"],
                "action": "terminate",
                "status": "ok",
                "terminate_id": target,
                "terminated": bool(events),
            }
        )

    def close(self) -> None:
        """Waits for every outstanding query to answer.

        Examples
        --------
        >>> Engine().close()
        """
        self._pool.shutdown(wait=True)


def serve(lines: Iterable[str], out: IO[str], threads: int = 1) -> None:
    """Answers every query of `lines` on `out` (flushed per answer).

    Parameters
    ----------
    lines : iterable of str
        The input, one query a line (stdin).
    out : file
        Where the answers go (stdout).
    threads : int
        Queries run at once.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> serve(['{"id": "x"}'], out)
    >>> print(out.getvalue(), end="")
    {"error":"the query has no record","id":"x","status":"error"}
    """

    def write(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    with Engine(threads, write) as engine:
        for line in lines:
            engine.submit(line)
