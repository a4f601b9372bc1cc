"""The analysis engine: JSON queries in, one JSON answer per query out,
matched by ``id`` (docs/engine.md), for programs in any language.

A query names a game record, which decisions to analyse and the settings
(`Settings`: objective, precision, budget, policy, seed, with the library's
defaults); the answer gives every action's equity,
standard error and sample count and the best action (`hints.hint` for single
decisions, `analysis.analyze_game` for a whole game). Queries run concurrently
on a thread pool (the core releases the GIL); answers are written as they
finish, each one's bytes fixed by its query (sorted keys, no timings).

Examples
--------
>>> import json
>>> from cribbage_fast import Game
>>> from cribbage_fast.analysis.engine import answer
>>> query = {"id": "q1", "record": Game(2, seed=7).to_record(), "budget": 46, "seed": 1}
>>> a = json.loads(answer(query))
>>> a["id"], a["status"], a["decisions"][0]["best"].split()[0]
('q1', 'ok', 'discard')
"""

from __future__ import annotations

import json
import os
import queue
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict
from typing import IO, Any

from .._core import Cancelled, CancelToken
from .._util import json as _json
from .._util.text import utf8
from ..games.game import Game
from ..records.position import position_of, write_position
from ..records.record import read
from .analyze import analyze_game
from .hints import Hint, hint
from .results import DecisionReview
from .settings import DEFAULTS, Settings

__all__ = ["Cancelled", "Engine", "answer", "dumps"]

#: Query fields that set how decisions are valued, with their defaults: the
#: fields of `Settings`, so an answer is the library's at the same settings.
SETTINGS = DEFAULTS.to_dict()
FIELDS = {"id", "record", "position", "decisions", "action", "terminate_id", *SETTINGS}

#: The longest line read (bytes): a whole game's record is about 100 kB; a
#: longer line is answered with an error and skipped without being kept.
MAX_LINE = 4 << 20

#: The longest id (as JSON) an answer echoes.
MAX_ID = 1000

#: Bytes of queries read and waiting for a thread at most (kept as their
#: text until they start): a query past it is answered at once with an error
#: saying so, so memory stays bounded however much is sent.
MAX_WAITING = 64 << 20


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
    >>> dumps({"status": "ok", "id": 1, "luck": float("nan")})
    '{"id":1,"luck":null,"status":"ok"}'
    """
    return _json.dumps(obj, sort_keys=True, separators=(",", ":"))


def _check_settings(query: dict[str, Any]) -> Settings:
    """The query's settings (`Settings` checks each, naming it; a field
    left out keeps its default)."""
    unknown = sorted(set(query) - FIELDS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(FIELDS))})")
    return Settings(**{name: query[name] for name in SETTINGS if name in query})


def _game_of(query: dict[str, Any]) -> tuple[Game, int | None]:
    """The query's game, a JSON record (object) or a string read by the rule
    of `cribbage_fast.records.read`, and the seat whose view the record holds
    (None: every card is known)."""
    if "record" not in query:
        raise ValueError("the query has no record")
    record = query["record"]
    if not isinstance(record, dict | str):
        raise ValueError(
            f"record must be a JSON record (object) or text, got {_json.preview(record)}"
        )
    loaded = read(record)  # replayed by the rules once; hint and analyze_game take the game
    return loaded.game, loaded.view


def _decisions(game: Game, wanted: object) -> list[int | None]:
    """The move indexes asked for (None: the decision now)."""
    if wanted == "current":
        return [None]
    if isinstance(wanted, list) and wanted:
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in wanted):
            raise ValueError("decisions must be move indexes (integers)")
        most = len(game.moves()) + 1
        if len(wanted) > most:
            raise ValueError(
                f"decisions lists {len(wanted)} move indexes; the record has {most} decisions "
                "at most"
            )
        return list(wanted)
    raise ValueError(
        'decisions must be "current", "game" or a list of move indexes, '
        f"got {_json.preview(wanted)}"
    )


def _single(
    game: Game, at: int | None, view: int | None, settings: Settings, cancel: CancelToken
) -> dict[str, Any]:
    return _hinted(hint(game, move_index=at, view=view, cancel=cancel, settings=settings))


def _at_position(query: dict[str, Any], settings: Settings, cancel: CancelToken) -> dict[str, Any]:
    """A query's ``position`` (its one-line text): its decision's hint."""
    text = query["position"]
    if not isinstance(text, str):
        raise ValueError(f"position must be a position's text, got {_json.preview(text)}")
    for field in ("record", "decisions"):
        if field in query and not (field == "decisions" and query[field] == "current"):
            raise ValueError(f"a query with a position has no {field}: it asks for one decision")
    held = position_of(text)
    h = hint(held, cancel=cancel, settings=settings)
    return {"position": write_position(held), "decisions": [_hinted(h)]}


def _hinted(h: Hint) -> dict[str, Any]:
    """One hinted decision of an answer."""
    return {
        "move_index": h.move_index,
        "seat": h.seat,
        "kind": h.kind,
        "forced": h.forced,
        "best": h.best.action,
        "best_move": h.best.move,
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
        "side": d.side,
        "deal": d.deal,
        "kind": d.kind,
        "forced": d.forced,
        "played": d.played,
        "best": d.best,
        "loss": d.loss,
        "loss_stderr": d.loss_stderr,
        "win_loss": d.win_loss,
        "points_loss": d.points_loss,
        "mark": d.mark,
        "accuracy": d.accuracy,
        "actions": actions,
    }


def _whole_game(
    game: Game, view: int | None, settings: Settings, cancel: CancelToken
) -> dict[str, Any]:
    seats = None if view is None else [view]
    a = analyze_game(game, settings=settings, threads=1, seats=seats, cancel=cancel)
    decisions = [_reviewed(d) for d in a.decisions]
    players = [asdict(p) for p in a.players]
    decided = None if a.decided is None else asdict(a.decided)
    return {"decisions": decisions, "players": players, "winner": a.winner, "decided": decided}


def answer(query: dict[str, Any], cancel: CancelToken | None = None) -> str:
    """The answer to one analysis query, as one line of JSON.

    Parameters
    ----------
    query : dict
        ``id``, ``record`` and optionally ``decisions`` (``"current"``, the
        default; ``"game"``; or a list of move indexes) and the fields of
        `Settings` (``objective``, ``precision``, ``budget``, ``seed``,
        ``policy``), each defaulting as there. Instead of ``record``, a
        ``position`` (a game position's one-line text) asks for the hint at
        that position.
    cancel : CancelToken or None
        Another thread's way to stop the query: once cancelled, the answer is
        ``{"id": ..., "status": "cancelled"}`` within about a tenth of a second.

    Returns
    -------
    str
        ``{"id", "status": "ok", "decisions": [...]}`` (and ``players``,
        ``winner``, ``decided`` for a whole game; ``names`` when the record
        names a player; ``position``, as written back, for a position), or
        ``status`` ``"error"`` with ``error``.

    Examples
    --------
    >>> answer({"id": 7, "record": 3})
    '{"error":"record must be a JSON record (object) or text, got 3","id":7,"status":"error"}'
    """
    qid = query.get("id")
    token = cancel if cancel is not None else CancelToken()
    try:
        if token.cancelled:
            raise Cancelled
        settings = _check_settings(query)
        if "position" in query:
            body = _at_position(query, settings, token)
        else:
            body = _of_record(query, settings, token)
        if token.cancelled:
            raise Cancelled
    except Cancelled:
        return dumps({"id": qid, "status": "cancelled"})
    except (TypeError, ValueError, KeyError) as err:
        return dumps({"id": qid, "status": "error", "error": _message(err)})
    return dumps({"id": qid, "status": "ok", **body})


def _of_record(query: dict[str, Any], settings: Settings, cancel: CancelToken) -> dict[str, Any]:
    """The answer's body for a query's ``record``: the decisions asked for
    (and the names of the players the record names)."""
    game, view = _game_of(query)
    wanted = query.get("decisions", "current")
    if wanted == "game":
        body = _whole_game(game, view, settings, cancel)
    else:
        body = {"decisions": []}
        for at in _decisions(game, wanted):
            if cancel.cancelled:
                raise Cancelled
            try:
                body["decisions"].append(_single(game, at, view, settings, cancel))
            except (TypeError, ValueError) as err:
                where = "the current decision" if at is None else f"decision {at}"
                raise ValueError(f"{where}: {err}") from err
    if any(game.names):
        body["names"] = list(game.names)
    return body


def _message(err: BaseException) -> str:
    """An error's message for an answer, at most a few hundred characters
    (it may quote the input)."""
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 500 else text[:497] + "..."


class _TooLong:
    """A line of the input longer than `MAX_LINE`, skipped unread."""

    def __init__(self, size: int) -> None:
        self.size = size


def _read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | _TooLong]:
    """The lines of a byte stream, each at most `limit` bytes; a longer line
    is read to its end in pieces and given as `_TooLong`, never held whole.
    A stream with a file descriptor is read from it directly (no buffered
    reader's lock is held while it waits, so the process can always exit)."""
    pending = bytearray()
    dropped = 0  # bytes of a too-long line let go so far
    for chunk in _chunks(stream):
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start : end + 1]
            if dropped:
                dropped += len(piece)
            elif len(pending) + len(piece) > limit + (end >= 0):
                dropped = len(pending) + len(piece)
                pending.clear()
            else:
                pending += piece
            if end < 0:
                break
            start = end + 1
            if dropped:
                yield _TooLong(dropped)
                dropped = 0
            else:
                yield bytes(pending)
                pending.clear()
    if dropped:
        yield _TooLong(dropped)
    elif pending:
        yield bytes(pending)


def _chunks(stream: IO[bytes], size: int = 1 << 16) -> Iterator[bytes]:
    """What `stream` holds, a piece at a time as it comes."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fd = -1
    while True:
        chunk = os.read(fd, size) if fd >= 0 else stream.read(size)
        if not chunk:
            return
        yield chunk


def _id_of(text: str) -> Any:
    """The id of a line that cannot be read as a query, if one can be read."""
    try:
        query = _json.loads(text, "the line")
    except ValueError:
        return None
    qid = query.get("id") if isinstance(query, dict) else None
    return qid if len(_json.dumps(qid)) <= MAX_ID else None


class Engine:
    """Serves queries: `submit` each line, answers go to `write` (one line
    each, under a lock), `close` waits for the outstanding ones.

    Every line gets an answer, whatever it holds (not UTF-8, not JSON, nested
    too deep, too long, an unusable id): the engine never stops serving.
    Input is read as fast as it comes, so a terminate query takes effect at
    once; queries beyond those the threads are working on wait as their text,
    `MAX_WAITING` bytes of them at most (one past that is answered with an
    error saying so), so memory stays bounded.

    Examples
    --------
    >>> out = []
    >>> with Engine(threads=1, write=out.append) as engine:
    ...     engine.submit('{"id": "a", "record": 5}')
    ...     engine.submit("not json")
    >>> sorted(out)[0][:28]
    '{"error":"line 2 is not JSON'
    """

    def __init__(self, threads: int = 1, write: Callable[[str], object] = print) -> None:
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a positive integer, got {threads!r}")
        self._pool = ThreadPoolExecutor(max_workers=threads)
        self._threads = threads
        self._write = write
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._running: dict[str, list[CancelToken]] = {}
        self._waiting: deque[tuple[str, CancelToken]] = deque()
        self._waiting_bytes = 0
        self._started = 0
        self._line = 0

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self._cancel_all()
        self.close()

    def _cancel_all(self) -> None:
        """Ctrl-C: every query stops within a tenth of a second (one that
        has not started answers "cancelled" at once)."""
        with self._lock:
            for tokens in self._running.values():
                for token in tokens:
                    token.cancel()

    def _emit(self, obj: dict[str, Any] | str) -> None:
        try:
            text = obj if isinstance(obj, str) else dumps(obj)
        except (TypeError, ValueError) as err:  # never an answer lost
            text = dumps({"id": None, "status": "error", "error": f"internal: {_message(err)}"})
        with self._lock:
            self._write(text)

    def _refuse(self, qid: Any, why: str) -> None:
        self._emit({"id": qid, "status": "error", "error": f"line {self._line}: {why}"})

    def submit(self, line: str | bytes | _TooLong) -> None:
        """Takes one line of input: a query, a terminate query, or junk
        (answered with an error naming the line). Waits while the engine has
        no room for another query (see the class).

        Parameters
        ----------
        line : str or bytes
            One line of the engine's input (bytes are read as UTF-8).

        Examples
        --------
        >>> out = []
        >>> with Engine(write=out.append) as e:
        ...     e.submit('{"id": 1, "action": "terminate", "terminate_id": 9}')
        >>> out
        ['{"action":"terminate","id":1,"status":"ok","terminate_id":9,"terminated":false}']
        """
        self._line += 1
        try:
            self._take(line)
        except Exception as err:  # an answer for every line, whatever went wrong
            self._refuse(None, f"internal: {_message(err)}")

    def _take(self, line: str | bytes | _TooLong) -> None:
        if isinstance(line, _TooLong) or len(line) > MAX_LINE:
            size = line.size if isinstance(line, _TooLong) else len(line)
            self._refuse(None, f"the line holds {size} bytes, more than the {MAX_LINE} allowed")
            return
        if isinstance(line, bytes | bytearray):
            raw = bytes(line)
            try:
                line = utf8(raw, "the line")
            except ValueError as err:
                self._refuse(_id_of(raw.decode("utf-8", errors="replace")), str(err))
                return
        if not line.strip():
            return
        try:
            query = _json.loads(line, f"line {self._line}")
        except ValueError as err:
            self._emit({"id": None, "status": "error", "error": _message(err)})
            return
        if not isinstance(query, dict) or "id" not in query:
            what = "has no id" if isinstance(query, dict) else "is not a JSON object"
            self._refuse(None, f"the query {what}")
            return
        if len(_json.dumps(query["id"])) > MAX_ID:
            self._refuse(None, f"the query's id is longer than {MAX_ID} characters")
            return
        action = query.get("action", "analyze")
        if action == "terminate":
            self._terminate(query)
        elif action != "analyze":
            error = f'action must be "analyze" or "terminate", got {_json.preview(action)}'
            self._emit({"id": query["id"], "status": "error", "error": error})
        else:
            self._start(query, line)

    def _key(self, qid: Any) -> str:
        return json.dumps(qid, sort_keys=True)

    def _start(self, query: dict[str, Any], text: str) -> None:
        token = CancelToken()
        key = self._key(query["id"])
        with self._lock:
            if self._started >= 2 * self._threads:
                if self._waiting_bytes + len(text) > MAX_WAITING:
                    busy = (
                        f"line {self._line}: {self._waiting_bytes} bytes of queries are waiting "
                        f"already (at most {MAX_WAITING}): send it again once some are answered"
                    )
                    answer_now = {"id": query["id"], "status": "error", "error": busy}
                else:
                    self._waiting.append((text, token))
                    self._waiting_bytes += len(text)
                    answer_now = None
                    self._running.setdefault(key, []).append(token)
                if answer_now is not None:
                    self._write(dumps(answer_now))
                return
            self._started += 1
            self._running.setdefault(key, []).append(token)
        self._run(query, token)

    def _run(self, query: dict[str, Any], token: CancelToken) -> None:
        """Starts `query` on the pool; its answer, when done, starts the next
        waiting query."""
        key = self._key(query["id"])
        task = {k: v for k, v in query.items() if k != "action"}

        def done(f: Future[str]) -> None:
            try:
                text = f.result()
            except BaseException as err:  # an answer for every query, whatever went wrong
                text = dumps({"id": query["id"], "status": "error", "error": f"internal: {err!r}"})
            with self._lock:
                tokens = self._running.get(key, [])
                if token in tokens:
                    tokens.remove(token)
                if not tokens:
                    self._running.pop(key, None)
            self._emit(text)
            self._next()

        self._pool.submit(answer, task, token).add_done_callback(done)

    def _next(self) -> None:
        """A thread is free: the oldest waiting query starts, else one fewer runs."""
        with self._lock:
            if not self._waiting:
                self._started -= 1
                self._idle.notify_all()
                return
            text, token = self._waiting.popleft()
            self._waiting_bytes -= len(text)
        self._run(_json.loads(text, "a waiting query"), token)

    def _terminate(self, query: dict[str, Any]) -> None:
        target = query.get("terminate_id")
        with self._lock:
            tokens = list(self._running.get(self._key(target), []))
        for token in tokens:
            token.cancel()
        self._emit(
            {
                "id": query["id"],
                "action": "terminate",
                "status": "ok",
                "terminate_id": target,
                "terminated": bool(tokens),
            }
        )

    def close(self) -> None:
        """Waits for every outstanding query to answer (Ctrl-C meanwhile
        cancels them, and they answer at once).

        Examples
        --------
        >>> Engine().close()
        """
        try:
            self._drain()
        except KeyboardInterrupt:
            self._cancel_all()
            self._drain()
            raise
        finally:
            self._pool.shutdown(wait=True)

    def _drain(self) -> None:
        with self._idle:
            while self._started:
                self._idle.wait(_LOOK)  # in steps, so Ctrl-C is seen


def serve(lines: Iterable[str | bytes] | IO[bytes], out: IO[str], threads: int = 1) -> None:
    """Answers every query of `lines` on `out` (flushed per answer).

    Parameters
    ----------
    lines : iterable of str or bytes, or a binary stream
        The input, one query a line; a binary stream (``sys.stdin.buffer``)
        is read a line at a time, each at most `MAX_LINE` bytes held.
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

    source: Iterable[str | bytes | _TooLong]
    source = _in_the_background(lines) if hasattr(lines, "readline") else lines  # type: ignore[arg-type]
    with Engine(threads, write) as engine:
        for line in source:
            engine.submit(line)


#: Seconds the main thread waits for a line before it looks at Ctrl-C.
_LOOK = 0.1


def _in_the_background(stream: IO[bytes]) -> Iterator[bytes | _TooLong]:
    """The lines of `stream`, read by a thread of their own while this
    thread waits in short steps: Ctrl-C is seen within `_LOOK` seconds even
    when the signal reaches another thread (a blocking read in this thread
    would never wake). At most a few lines are read ahead."""
    lines: queue.Queue[bytes | _TooLong | BaseException | None] = queue.Queue(maxsize=4)

    def read() -> None:
        try:
            for line in _read_lines(stream):
                lines.put(line)
        except BaseException as err:  # the reading thread's error is the caller's
            lines.put(err)
            return
        lines.put(None)

    threading.Thread(target=read, name="engine input", daemon=True).start()
    while True:
        try:
            item = lines.get(timeout=_LOOK)
        except queue.Empty:
            continue
        if item is None:
            return
        if isinstance(item, BaseException):
            raise item
        yield item
