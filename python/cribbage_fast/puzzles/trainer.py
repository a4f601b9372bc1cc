"""The trainer's memory and judgement (docs/puzzles.md, "The trainer"): the
player's rating and record, kept in a small JSON file rewritten after every
attempt, so an interrupted session keeps everything done; how a move is
judged; which puzzle comes next; drills dealt from seeded games; and puzzles
made from the player's own mistakes, kept until solved.

>>> from cribbage_fast import Move
>>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
...            0.55, {"discard 5C 5H": 0.08})
>>> profile = Profile()
>>> solved, loss = judge(p, Move.discard("QH KD"))
>>> record_attempt(profile, p, solved).attempts, solved, loss
(1, True, 0.0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import _core
from .._util import json as _json
from .._util.files import PathLike, write_text
from ..analysis.actions import action_name
from ..analysis.analyze import THRESHOLDS, analyze_game
from ..analysis.settings import Settings
from ..exceptions import PuzzleFileError
from ..games.game import Game
from ..records.position import write_position
from ..records.record import RecordLike, read
from .glicko import DEFAULT_RATING, Rating, update
from .puzzle import Puzzle, rating_of, solves

__all__ = [
    "DRILLS",
    "PROFILE_FORMAT",
    "SOLVED_BELOW",
    "Profile",
    "default_profile_path",
    "drill_game",
    "judge",
    "key_of",
    "mistakes_of",
    "move_loss",
    "next_puzzle",
    "read_profile",
    "record_attempt",
    "record_drill",
    "write_profile",
]

#: The profile file's ``format`` value (and its version).
PROFILE_FORMAT = "cribbage-fast-trainer/1"

#: A move that loses less than this in chance to win solves a puzzle: the
#: analysis' threshold of an inaccuracy. A mined puzzle's every other move
#: loses at least `mine.MARGIN`, so there only the answer solves it.
SOLVED_BELOW = THRESHOLDS["inaccuracy"]

#: The drills: a discard of a dealt hand, or a lay in the play.
DRILLS = ("discard", "pegging")

#: How many of the unseen puzzles nearest the player's rating the next one is drawn from.
_NEAREST = 10


def default_profile_path() -> Path:
    """Where the trainer keeps the player's profile unless told otherwise:
    ``~/.cribbage-fast/trainer.json``.

    Examples
    --------
    >>> default_profile_path().name
    'trainer.json'
    """
    return Path.home() / ".cribbage-fast" / "trainer.json"


@dataclass
class Profile:
    """A player's training record: the Glicko-2 rating earned on puzzles,
    the puzzles attempted and solved, the keys of the puzzles solved (never
    asked again), the player's own mistakes not yet solved (asked again until
    they are), and each drill's ``[attempts, good]`` (a good answer loses less
    than `SOLVED_BELOW`).

    Examples
    --------
    >>> Profile().rating.rating, Profile().mistakes
    (1500.0, [])
    """

    rating: Rating = DEFAULT_RATING
    attempts: int = 0
    solved: int = 0
    seen: list[str] = field(default_factory=list)
    mistakes: list[Puzzle] = field(default_factory=list)
    drills: dict[str, list[int]] = field(default_factory=lambda: {d: [0, 0] for d in DRILLS})

    def to_dict(self) -> dict[str, Any]:
        """The profile as its file holds it (JSON-ready)."""
        r = self.rating
        return {
            "format": PROFILE_FORMAT,
            "rating": [r.rating, r.deviation, r.volatility],
            "attempts": self.attempts,
            "solved": self.solved,
            "seen": list(self.seen),
            "mistakes": [p.to_dict() for p in self.mistakes],
            "drills": {k: list(v) for k, v in self.drills.items()},
        }


def key_of(puzzle: Puzzle) -> str:
    """The puzzle's identity in a profile: its position and answer.

    Examples
    --------
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> key_of(p)
    '0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0 | discard QH KD'
    """
    return f"{puzzle.position} | {puzzle.answer}"


def read_profile(path: PathLike) -> Profile:
    """The profile in `path`, or a new one when there is no such file.

    Raises
    ------
    PuzzleFileError
        A file that is not a trainer profile (the path named, line 1).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "me.json"
    >>> read_profile(target).attempts
    0
    >>> write_profile(replace(Profile(), attempts=3), target)
    >>> read_profile(target).attempts
    3
    """
    path = Path(path)
    if not path.exists():
        return Profile()
    try:
        entry = _json.loads(path.read_bytes(), "the trainer profile")
        if not isinstance(entry, dict) or entry.get("format") != PROFILE_FORMAT:
            raise ValueError(f"not a trainer profile (format {PROFILE_FORMAT!r} expected)")
        drills = {d: [int(n) for n in entry["drills"][d]] for d in DRILLS}
        if any(len(v) != 2 or not 0 <= v[1] <= v[0] for v in drills.values()):
            raise ValueError("a drill's record is [attempts, good]")
        profile = Profile(
            rating_of(entry["rating"]),
            int(entry["attempts"]),
            int(entry["solved"]),
            [str(k) for k in entry["seen"]],
            [Puzzle.from_dict(p) for p in entry["mistakes"]],
            drills,
        )
    except (ValueError, TypeError, KeyError, OSError) as err:
        what = f"no {err}" if isinstance(err, KeyError) else str(err)
        raise PuzzleFileError(what, str(path), 1) from None
    if not 0 <= profile.solved <= profile.attempts:
        raise PuzzleFileError("more puzzles solved than attempted", str(path), 1)
    return profile


def write_profile(profile: Profile, path: PathLike) -> None:
    """Writes `profile` to `path` (a temporary name, then renamed: a stop
    halfway leaves the old file whole).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "me.json"
    >>> write_profile(Profile(), target)
    >>> target.exists()
    True
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, _json.dumps(profile.to_dict()) + "\n")


def move_loss(puzzle: Puzzle, move: _core.Move) -> float | None:
    """What `move` loses against the puzzle's answer in chance to win (0 for
    the answer; a lay stands for its rank), or None for a move the puzzle
    did not value.

    Examples
    --------
    >>> from cribbage_fast import Move
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> move_loss(p, Move.discard("5H 5C")), move_loss(p, Move.discard("6D JS"))
    (0.08, None)
    """
    if solves(puzzle, move):
        return 0.0
    name = action_name(move)
    if name in puzzle.losses:
        return puzzle.losses[name]
    if move.kind == "lay" and move.card is not None:
        rank = move.card.rank
        for other, loss in puzzle.losses.items():
            if other.startswith("lay ") and _core.Card(other[4:]).rank == rank:
                return loss
    return None


def judge(puzzle: Puzzle, move: _core.Move) -> tuple[bool, float | None]:
    """Whether `move` solves `puzzle` (it loses less than `SOLVED_BELOW`),
    and what it loses (None: a move the puzzle did not value, unsolved).

    Examples
    --------
    >>> from cribbage_fast import Move
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> judge(p, Move.discard("5C 5H"))
    (False, 0.08)
    """
    loss = move_loss(puzzle, move)
    return loss is not None and loss < SOLVED_BELOW, loss


def record_attempt(profile: Profile, puzzle: Puzzle, solved: bool) -> Profile:
    """The profile after an attempt at `puzzle`: the player's rating updated
    by Glicko-2 as a game against the puzzle's rating (won when solved); a
    solved puzzle is never asked again and a solved mistake leaves the list.

    Examples
    --------
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> after = record_attempt(Profile(), p, False)
    >>> after.rating.rating < 1500, after.solved
    (True, 0)
    """
    rating = update(profile.rating, [(puzzle.rating, 1.0 if solved else 0.0)])
    key = key_of(puzzle)
    seen = [*profile.seen, key] if solved and key not in profile.seen else profile.seen
    mistakes = [m for m in profile.mistakes if not (solved and key_of(m) == key)]
    return replace(
        profile,
        rating=rating,
        attempts=profile.attempts + 1,
        solved=profile.solved + solved,
        seen=seen,
        mistakes=mistakes,
    )


def record_drill(profile: Profile, drill: str, good: bool) -> Profile:
    """The profile after one answer of `drill` (good: it lost less than
    `SOLVED_BELOW` against the hint's best).

    Examples
    --------
    >>> record_drill(Profile(), "pegging", True).drills["pegging"]
    [1, 1]
    """
    tally = dict(profile.drills)
    attempts, goods = tally[drill]
    tally[drill] = [attempts + 1, goods + good]
    return replace(profile, drills=tally)


def next_puzzle(
    puzzles: Sequence[Puzzle], profile: Profile, rng: random.Random, skip: Iterable[str] = ()
) -> Puzzle | None:
    """A puzzle the player has not solved (nor skipped this session), drawn
    from the ten nearest the player's rating; None when none is left.

    Examples
    --------
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> next_puzzle([p], Profile(), random.Random(1)) == p
    True
    >>> next_puzzle([p], record_attempt(Profile(), p, True), random.Random(1)) is None
    True
    """
    done = set(profile.seen) | set(skip)
    unseen = [p for p in puzzles if key_of(p) not in done]
    if not unseen:
        return None
    target = profile.rating.rating
    nearest = sorted(unseen, key=lambda p: abs(p.rating.rating - target))[:_NEAREST]
    return rng.choice(nearest)


def drill_game(drill: str, seed: int) -> Game:
    """A game at a decision for `drill`, dealt from `seed`: the Expert plays
    both seats for a seeded number of deals (so the board is a real one),
    then stops at a discard, or at a lay with two ranks or more to choose
    from. The seat to move is the player's.

    Examples
    --------
    >>> g = drill_game("discard", 3)
    >>> g.phase, len(g.hand(g.to_move))
    ('discard', 6)
    >>> drill_game("pegging", 3).phase
    'play'
    """
    if drill not in DRILLS:
        raise ValueError(f"unknown drill {drill!r}: choose {', '.join(DRILLS)}")
    rng = random.Random(seed)
    while True:
        game = Game(2, seed=rng.randrange(2**63))
        expert = _core.ExpertPlayer()
        decisions = rng.randrange(1, 40)
        while not game.is_over:
            if _is_drill(game, drill):
                decisions -= 1
                if decisions == 0:
                    return game
            game.step(expert)


def _is_drill(game: Game, drill: str) -> bool:
    if drill == "discard":
        return game.phase == "discard"
    if game.phase != "play":
        return False
    ranks = {m.card.rank for m in game.legal_moves() if m.card is not None}
    return len(ranks) >= 2


def mistakes_of(
    record: RecordLike, seat: int = 0, settings: Settings | None = None, source: str = ""
) -> list[Puzzle]:
    """Puzzles made from the mistakes and blunders of `seat` in a finished
    game: each decision the analysis marks so, as the position the player
    saw, with the analysis' best move as the answer and every other move's
    loss (rated at the default 1500: nobody has tried them yet).

    Parameters
    ----------
    record : Game, GameRecord, dict, str or bytes
        A finished two-player game or its record (`analysis.analyze_game`).
    seat : int, default 0
        The player's seat (``cribbage-fast play`` seats the human at 0).
    settings : Settings, optional
        The analysis' settings (None: its defaults).
    source : str, default ""
        Where the game came from (a file name), kept in each puzzle's source.

    Returns
    -------
    list of Puzzle
        In the order of the game.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> g = Game(2, seed=3)
    >>> _ = g.play(["random", "expert"])
    >>> found = mistakes_of(g, 0, Settings(budget=46, precision=0.05))
    >>> all(p.source["seat"] == 0 and p.margin > 0 for p in found)
    True
    """
    settings = Settings.of(settings, objective="win")
    loaded = read(record)
    analysis = analyze_game(loaded, settings=settings, seats=[seat])
    game = loaded.game
    found = []
    for d in analysis.decisions:
        if d.seat != seat or d.mark not in ("mistake", "blunder") or d.best_equity is None:
            continue
        best = d.best_equity
        # A move as good as the best still solves it: its loss is kept above zero.
        losses = {
            a: max(best - e, 1e-6)
            for a, e in zip(d.actions, d.equities, strict=True)
            if a != d.best
        }
        position = write_position(game.position(d.move_index, seat))
        where = {"kind": "mistake", "game": source, "seat": seat, "move_index": d.move_index}
        found.append(Puzzle(position, d.best, best, losses, source={**where, "played": d.played}))
    return found
