"""Building a rated puzzle set from a seed: seeded games between every pair
of built-in and panel bots are played and mined on every core, then every
solver attempts every puzzle and the set is rated (docs/puzzles.md,
"Building"). The same seed gives the same file at any number of workers.

>>> import pathlib, tempfile
>>> fast = MiningSettings(screen_budget=46, budget=92, recheck_budget=184)
>>> found = build_puzzles(2, seed=1, settings=fast, workers=1, progress=False)
>>> len(found.puzzles), found.header["seed"]
(2, 1)
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from .._util.args import integer
from .._util.json import preview
from .._util.progress import progress as _progress
from ..games.game import Game
from .mine import MiningSettings, mine_game
from .puzzle import Puzzle, PuzzleSet
from .rate import ROUNDS, SOLVERS, attempts, rate

__all__ = ["PLAYERS", "build_puzzles", "game_players", "game_seed"]

#: The bots whose games are mined: every ordered pair plays in turn.
PLAYERS = (
    "random",
    "greedy",
    "expert",
    "master",
    "cautious",
    "handmax",
    "pegger",
    "noisy",
    "ismcts",
)
_PAIRS: list[tuple[str, str]] = [(a, b) for a, b in itertools.product(PLAYERS, repeat=2)]
_CHUNK = 16
T = TypeVar("T")
R = TypeVar("R")


def game_seed(seed: int, game: int) -> int:
    """The seed of game `game` of a build from `seed`.

    Examples
    --------
    >>> game_seed(1, 2)
    4294967298
    """
    return ((seed << 32) | game) % 2**64


def game_players(game: int) -> tuple[str, str]:
    """The bots of game `game` of a build (every ordered pair of `PLAYERS` in turn).

    Examples
    --------
    >>> game_players(0), game_players(1)
    (('random', 'random'), ('random', 'greedy'))
    """
    return _PAIRS[game % len(_PAIRS)]


def _mine(job: tuple[int, int, MiningSettings]) -> list[Puzzle]:
    seed, k, settings = job
    players = game_players(k)
    g = Game(2, seed=game_seed(seed, k))
    g.play(list(players))
    source = {"seed": seed, "game": k, "players": list(players)}
    return mine_game(g, settings, source=source, seed=game_seed(seed, k))


def _attempt(job: tuple[Sequence[Puzzle], int]) -> dict[str, list[bool]]:
    puzzles, seed = job
    return attempts(puzzles, seed)


def _quiet() -> None:
    # The parent alone answers Ctrl-C: it stops the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _map(fn: Callable[[T], R], jobs: Iterator[T], workers: int) -> Iterator[R]:
    """`fn` over `jobs` in order, in this process or a pool of `workers`
    (stopped at once on Ctrl-C or when the caller stops reading)."""
    if workers == 1:
        yield from map(fn, jobs)
        return
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_quiet)
    try:
        yield from pool.imap(fn, jobs)
    finally:
        pool.terminate()
        pool.join()


def _method(settings: MiningSettings) -> dict[str, Any]:
    """What a puzzle file records of how it was built, besides the seed."""
    return {"mining": settings.to_dict(), "players": list(PLAYERS), "rounds": ROUNDS}


def _resumed(
    start: PuzzleSet | None, seed: int, settings: MiningSettings
) -> tuple[list[Puzzle], int, int]:
    """The puzzles of `start`, the game to mine next and how many of that
    game's puzzles `start` already holds (its last game may be cut short)."""
    if start is None or not start.puzzles:
        return [], 0, 0
    for key, ours in (("seed", seed), ("method", _method(settings))):
        if start.header.get(key) != ours:
            raise ValueError(
                f"the set to extend was built with another {key}: "
                f"{preview(start.header.get(key))}, this build's is {preview(ours)}"
            )
    found = list(start.puzzles)
    last = found[-1].source.get("game")
    if not isinstance(last, int) or start.header.get("games") != last + 1:
        raise ValueError(
            "the set to extend does not end with its last game: its header counts "
            f"{preview(start.header.get('games'))} games, its last puzzle is of game "
            f"{preview(last)}"
        )
    return found, last, sum(p.source.get("game") == last for p in found)


def _mined(
    count: int,
    seed: int,
    settings: MiningSettings,
    workers: int,
    show: bool,
    start: PuzzleSet | None,
) -> tuple[list[Puzzle], int]:
    found, first, skip = _resumed(start, seed, settings)
    if len(found) > count:
        raise ValueError(f"the set to extend has {len(found)} puzzles, more than count={count}")
    games = first + (skip > 0)
    jobs = ((seed, k, settings) for k in range(first, 2**32))
    with _progress(count, "puzzles mined", enabled=show) as bar:
        bar.update(len(found))
        mined = _map(_mine, jobs, workers) if len(found) < count else iter(())
        for k, puzzles in zip(itertools.count(first), mined):
            games = k + 1
            take = puzzles[skip : skip + count - len(found)]
            skip = 0
            found += take
            bar.update(len(take))
            if len(found) >= count:
                break
    return found, games


def _rated(
    puzzles: list[Puzzle], seed: int, workers: int, show: bool
) -> tuple[list[Puzzle], dict[str, Any]]:
    chunks = [(puzzles[i : i + _CHUNK], seed + i) for i in range(0, len(puzzles), _CHUNK)]
    results: dict[str, list[bool]] = {s: [] for s in SOLVERS}
    with _progress(len(puzzles), "puzzles attempted", enabled=show) as bar:
        for part, (chunk, _) in zip(_map(_attempt, iter(chunks), workers), chunks, strict=False):
            for s in SOLVERS:
                results[s] += part[s]
            bar.update(len(chunk))
    rated, bots = rate(puzzles, results)
    solved = {s: sum(r) for s, r in results.items()}
    return rated, {
        "solvers": {
            s: {
                "rating": round(b.rating, 1),
                "deviation": round(b.deviation, 1),
                "solved": solved[s],
            }
            for s, b in bots.items()
        },
        "results": {s: "".join("1" if x else "0" for x in r) for s, r in results.items()},
    }


def build_puzzles(
    count: int,
    seed: int = 0,
    *,
    settings: MiningSettings | None = None,
    workers: int | None = None,
    progress: bool = True,
    extend: PuzzleSet | None = None,
) -> PuzzleSet:
    """A rated set of `count` puzzles mined from seeded games.

    Parameters
    ----------
    count : int
        Puzzles to find (games are played until there are as many).
    seed : int
        The build's seed: the games, the analysis and the attempts.
    settings : MiningSettings, optional
        The thresholds and budgets (None: the defaults).
    workers : int or None
        Processes (None: every core).
    progress : bool
        A progress bar on a terminal.
    extend : PuzzleSet, optional
        A set built from the same seed and settings (a build of fewer
        puzzles, or an earlier extension): its puzzles are kept and mining
        goes on from its last game, so the result is the fresh build of
        `count`, only cheaper. Every puzzle is rated again.

    Returns
    -------
    PuzzleSet
        The puzzles in game order, rated; the header records the engine
        version (added on writing), the method, the seed, the games mined,
        how many puzzles were taken over from `extend`, the solvers' ratings
        and results, and the seconds this build took.

    Raises
    ------
    ValueError
        `extend` was built with another seed or method, holds more than
        `count` puzzles, or does not end with its last game.
    KeyboardInterrupt
        Ctrl-C: the workers are stopped at once.

    Examples
    --------
    >>> build_puzzles(0, progress=False).puzzles
    ()
    """
    count = integer(count, "count", 0, 10**7)
    seed = integer(seed, "seed", 0, 2**32 - 1)
    workers = integer(workers or os.cpu_count() or 1, "workers", 1, 256)
    s = settings or MiningSettings()
    start = time.perf_counter()
    puzzles, games = _mined(count, seed, s, workers, progress, extend)
    mined = time.perf_counter() - start
    rated, solvers = _rated(puzzles, seed, workers, progress)
    header = {
        "method": _method(s),
        "seed": seed,
        "count": len(rated),
        "games": games,
        "extended": len(extend.puzzles) if extend is not None else 0,
        "seconds": {"mining": round(mined, 1), "total": round(time.perf_counter() - start, 1)},
        "workers": workers,
        **solvers,
    }
    return PuzzleSet(header, tuple(rated))
