"""Simulations and table builds past one machine, on a Ray cluster (extra ``ray``).

Every game of a simulation is seeded by its index, so a game range splits into
chunks that run anywhere, in any order, any number of times (a retried chunk
plays the same games), and their exact statistics merge to the very numbers of
one local run. Ray schedules the chunks (one task per CPU; the Rust simulator
runs with the GIL released inside each task), retries the tasks of a worker
that died, and cancels the outstanding ones on Ctrl-C.

Examples
--------
>>> from cribbage_fast import distributed, simulate
>>> distributed.connect()  # a local Ray; or a cluster: connect("auto")
>>> distributed.simulate("greedy", "random", 2_000, 7, progress=False) == simulate(
...     "greedy", "random", 2_000, 7)
True
>>> distributed.map_ranges(lambda i, j: list(range(i, j)), 5, chunk=2, progress=False)
[[0, 1], [2, 3], [4]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ._util.extras import require

require("ray", "ray")

import ray  # noqa: E402

from . import _core  # noqa: E402
from ._util import progress as _progress  # noqa: E402
from ._util.args import flag, integer  # noqa: E402

if TYPE_CHECKING:
    from ._core import SimulationStats

__all__ = ["connect", "map_ranges", "simulate"]

T = TypeVar("T")

#: Seconds between looks at finished tasks (and at Ctrl-C).
_POLL = 0.2


def connect(address: str | None = None) -> None:
    """Joins Ray unless this process already has.

    Parameters
    ----------
    address : str or None, default None
        ``None`` starts a local Ray (all the machine's cores), ``"auto"`` joins
        the cluster this machine belongs to, ``"ray://host:10001"`` or
        ``"host:6379"`` a given one.

    Raises
    ------
    TypeError, ValueError
        `address` is not None, ``"auto"``, ``"HOST:PORT"`` or ``"ray://HOST:PORT"``.
    ConnectionError
        No Ray cluster answers at `address` within `CONNECT_TIMEOUT` seconds.

    Examples
    --------
    >>> import ray
    >>> connect()  # a local Ray, unless this process already runs one
    >>> ray.is_initialized()
    True
    """
    if address is not None:
        _check_address(address)
    if ray.is_initialized():
        return
    if address is None:
        ray.init(include_dashboard=False, log_to_driver=False)
    else:
        _reachable(address)
        ray.init(address=address, log_to_driver=False)


#: Seconds to wait for a cluster's address to answer before giving up.
CONNECT_TIMEOUT = 10.0


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster address (None for "auto")."""
    if address == "auto":
        return None
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536 or " " in host:
        raise ValueError(
            'address must be "auto", "HOST:PORT" or "ray://HOST:PORT" (or None for a '
            f"local Ray), got {address!r}"
        )
    return host.strip("[]"), int(port)


def _check_address(address: object) -> None:
    """A TypeError or ValueError, naming the address, unless it is one."""
    if not isinstance(address, str):
        raise TypeError(f"address must be a string or None, got {type(address).__name__}")
    _host_port(address)


def _reachable(address: str) -> None:
    """Raises ConnectionError unless `address` accepts a connection within
    `CONNECT_TIMEOUT` seconds (Ray itself would wait for ever)."""
    import socket

    target = _host_port(address)
    if target is None:
        return
    try:
        socket.create_connection(target, timeout=CONNECT_TIMEOUT).close()
    except OSError as err:
        raise ConnectionError(
            f"no Ray cluster answers at {address} (gave up after {CONNECT_TIMEOUT:.0f} s: "
            f"{err.strerror or err})"
        ) from err


def _call(fn: Callable[[int, int], T], start: int, stop: int) -> T:
    return fn(start, stop)


_remote_call: Any = ray.remote(num_cpus=1)(_call)


#: The most items (games) one call covers, as for local `simulate`.
MAX_ITEMS = 2**63 - 1


def _check_count(name: str, value: object, low: int) -> int:
    return integer(value, name, low, MAX_ITEMS)


def map_ranges(
    fn: Callable[[int, int], T],
    total: int,
    *,
    chunk: int,
    address: str | None = None,
    progress: bool = True,
    desc: str | None = None,
    max_retries: int = 3,
) -> list[T]:
    """Runs ``fn(start, stop)`` on Ray over the index ranges ``[0, chunk)``,
    ``[chunk, 2 * chunk)``, ... up to `total`, and returns the results in order.

    `fn` must be picklable (a module-level function, a `functools.partial` of one,
    or an instance of a module-level class) and should depend only on its range
    (seed by index), so that a retried or reordered range gives the same result.

    Parameters
    ----------
    fn : callable
        ``fn(start, stop)`` for one range; runs in a Ray worker, one CPU each.
    total : int
        The number of items, at least 1.
    chunk : int
        Items per range (the last may be shorter), at least 1.
    address : str or None
        See `connect`; ignored when this process already runs Ray.
    progress : bool
        Show a progress bar of finished items, with an ETA, on a terminal.
    desc : str or None
        The progress bar's label.
    max_retries : int
        How often Ray reruns the range of a worker that died.

    Returns
    -------
    list
        ``fn``'s results, range by range in index order.

    Raises
    ------
    ValueError, TypeError
        A bad `total`, `chunk`, `max_retries`, `progress` or `address`
        (checked before Ray starts).
    KeyboardInterrupt
        Ctrl-C: the outstanding ranges are cancelled first.
    Exception
        The first error raised by `fn` (as Ray re-raises it).

    Examples
    --------
    >>> map_ranges(lambda i, j: sum(range(i, j)), 10, chunk=4, progress=False)
    [6, 22, 17]
    """
    total = _check_count("total", total, 1)
    chunk = _check_count("chunk", chunk, 1)
    max_retries = integer(max_retries, "max_retries", 0, 10_000)
    progress = flag(progress, "progress")
    if not callable(fn):
        raise TypeError(f"fn must be a callable fn(start, stop), got {type(fn).__name__}")
    if desc is not None and not isinstance(desc, str):
        raise TypeError(f"desc must be a string or None, got {type(desc).__name__}")
    connect(address)
    task = _remote_call.options(max_retries=max_retries)
    fn_ref = ray.put(fn)
    count = -(-total // chunk)
    # Ranges are submitted a window at a time: memory stays bounded however many.
    window = 4 * _cpus() + 4
    results: dict[int, Any] = {}
    running: dict[Any, int] = {}
    submitted = 0
    try:
        with _progress.progress(total, desc, enabled=progress) as bar:
            while submitted < count or running:
                while submitted < count and len(running) < window:
                    start = submitted * chunk
                    running[task.remote(fn_ref, start, min(start + chunk, total))] = submitted
                    submitted += 1
                ready, _ = ray.wait(list(running), num_returns=len(running), timeout=_POLL)
                for ref, value in zip(ready, ray.get(ready), strict=True):
                    i = running.pop(ref)
                    results[i] = value
                    bar.update(min(chunk, total - i * chunk))
    except BaseException:
        _cancel(list(running))
        raise
    return [results[i] for i in range(count)]


def _cancel(refs: list[Any]) -> None:
    """Cancels the ranges that have not finished, as Ctrl-C would stop them
    (a KeyboardInterrupt in the worker), never by force: a forced cancel of a
    range whose result is already on its way crashes Ray's own driver (a
    failed check in its task manager, seen with Ray 2.60), and it would kill
    the worker, which Ray must then replace."""
    if refs:
        _, pending = ray.wait(refs, num_returns=len(refs), timeout=0)
        for ref in pending:
            ray.cancel(ref, force=False)


def _cpus() -> int:
    """The CPUs of the Ray cluster this process joined."""
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    return max(1, int(resources.get("CPU", 1)))


def _player_spec(player: object) -> str | tuple[str, int]:
    """A built-in player as something any worker can rebuild."""
    if isinstance(player, str):
        return player
    if isinstance(player, _core.RandomPlayer):
        return ("random", player.seed)
    if isinstance(player, _core.GreedyPlayer | _core.ExpertPlayer):
        return player.name
    if player in (_core.RandomPlayer, _core.GreedyPlayer, _core.ExpertPlayer):
        return str(getattr(player, "__name__", "")).removesuffix("Player").lower()
    raise TypeError(
        "distributed.simulate runs built-in players only (a bot name, or a RandomPlayer, "
        f"GreedyPlayer or ExpertPlayer); got {type(player).__name__}: run Python players "
        "with cribbage_fast.simulate"
    )


def _player(spec: str | tuple[str, int]) -> object:
    if isinstance(spec, tuple):
        return _core.RandomPlayer(seed=spec[1])
    return spec


@dataclass(frozen=True)
class _SimulationChunk:
    """Games ``first_game + start .. first_game + stop - 1`` of one simulation."""

    a: str | tuple[str, int]
    b: str | tuple[str, int]
    seed: int
    first_game: int
    options: dict[str, Any]
    #: Games per unit of the ranges: 2 (a duplicate pair, never split) or 1.
    unit: int = 1

    def __call__(self, start: int, stop: int) -> SimulationStats:
        return _core.simulate(
            _player(self.a),
            _player(self.b),
            games=(stop - start) * self.unit,
            seed=self.seed,
            threads=1,
            first_game=self.first_game + start * self.unit,
            **self.options,
        )


def _default_chunk(games: int, expert: bool) -> int:
    """About 4 chunks per CPU, each under a second or two of work."""
    cap = 4_000 if expert else 100_000
    return max(1, min(cap, -(-games // (4 * _cpus()))))


def simulate(
    a: str | object,
    b: str | object,
    games: int = 1000,
    seed: int = 0,
    *,
    address: str | None = None,
    chunk_games: int | None = None,
    progress: bool = True,
    max_retries: int = 3,
    first_game: int = 0,
    scores: tuple[int, int] | None = None,
    first_dealer: int | None = None,
    duplicate: bool = False,
    adjusted: bool = False,
) -> SimulationStats:
    """`cribbage_fast.simulate` on a Ray cluster: the same statistics, to the last
    integer, whatever the cluster size, chunking, or retries.

    Parameters
    ----------
    a, b : str or built-in player
        ``"random"``, ``"greedy"``, ``"expert"``, or a `RandomPlayer` (its seed
        travels), `GreedyPlayer` or `ExpertPlayer` object or class.
    games, seed, first_game, scores, first_dealer, duplicate, adjusted
        As for `cribbage_fast.simulate` (a duplicate pair is never split
        between tasks).
    address : str or None
        None: the running Ray, else a local one; ``"auto"``: the cluster this
        machine is part of; ``"ray://host:10001"`` or ``"host:6379"``.
    chunk_games : int or None
        Games per Ray task (None: about four tasks per CPU, at most 100,000
        games, 4,000 with an expert).
    progress : bool
        A progress bar of finished games with an ETA, on a terminal only.
    max_retries : int
        How often a chunk whose worker died is rerun.

    Returns
    -------
    SimulationStats
        The statistics of `cribbage_fast.simulate` with the same arguments.

    Raises
    ------
    TypeError
        A Python player object (only built-in players run on Ray).
    ValueError
        As `cribbage_fast.simulate`, or a bad `chunk_games`, `max_retries` or
        `address`; every argument is checked before Ray starts.
    ConnectionError
        No Ray cluster answers at `address` (see `connect`).
    KeyboardInterrupt
        Ctrl-C; the outstanding tasks are cancelled.

    Examples
    --------
    >>> from cribbage_fast import simulate as local_simulate
    >>> stats = simulate("expert", "random", 400, 3, chunk_games=100, progress=False)
    >>> stats == local_simulate("expert", "random", 400, 3), stats.games
    (True, 400)
    """
    specs = (_player_spec(a), _player_spec(b))
    games = _check_count("games", games, 1)
    if chunk_games is not None:
        chunk_games = _check_count("chunk_games", chunk_games, 1)
    max_retries = integer(max_retries, "max_retries", 0, 10_000)
    progress = flag(progress, "progress")
    seed = integer(seed, "seed", 0, 2**64 - 1)
    first_game = integer(first_game, "first_game", 0, MAX_ITEMS - games)
    if address is not None:
        _check_address(address)
    duplicate = flag(duplicate, "duplicate")
    options: dict[str, Any] = {
        "scores": scores,
        "first_dealer": first_dealer,
        "duplicate": duplicate,
        "adjusted": flag(adjusted, "adjusted"),
    }
    unit = 2 if duplicate else 1
    for name, value in (("games", games), ("first_game", first_game)):
        if value % unit:
            raise ValueError(
                f"{name} must be even in a duplicate match (games come in pairs), got {value}"
            )
    # One local unit checks every other argument with simulate's own messages.
    _core.simulate(
        _player(specs[0]),
        _player(specs[1]),
        games=unit,
        seed=seed,
        first_game=first_game,
        **options,
    )
    connect(address)
    expert = "expert" in (specs[0], specs[1])
    chunk = chunk_games if chunk_games is not None else _default_chunk(games, expert)
    chunk = max(1, chunk // unit)
    job = _SimulationChunk(specs[0], specs[1], seed, first_game, options, unit)
    names = [s if isinstance(s, str) else s[0] for s in specs]
    parts = map_ranges(
        job,
        games // unit,
        chunk=chunk,
        progress=progress,
        desc=f"{names[0]} vs {names[1]}",
        max_retries=max_retries,
    )
    return _core.SimulationStats.merge(parts)
