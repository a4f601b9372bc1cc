"""A puzzle's one home: a position with one clearly best move, what every
other move loses, its themes, its Glicko-2 rating and where it came from;
and the puzzle file, gzipped JSON lines behind a header line, written
atomically and read with every line checked (docs/puzzles.md).

>>> import pathlib, tempfile
>>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
...            0.55, {"discard 5C 5H": 0.08}, ("giving the crib",))
>>> target = pathlib.Path(tempfile.mkdtemp()) / "p.jsonl.gz"
>>> write_puzzles(target, [p], {"seed": 1})
>>> read_puzzles(target).puzzles == (p,)
True
"""

from __future__ import annotations

import gzip
import math
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import _core
from .._util import json as _json
from .._util.files import PathLike, atomic_open
from ..analysis.actions import action_name
from ..exceptions import PuzzleFileError
from ..games.game import Game
from ..records.position import parse_position
from .glicko import DEFAULT_RATING, Rating
from .themes import THEMES

__all__ = [
    "FORMAT",
    "MAX_HEADER",
    "MAX_LINE",
    "Puzzle",
    "PuzzleSet",
    "rating_of",
    "read_puzzles",
    "solves",
    "write_puzzles",
]

#: The header's ``format`` value (and its version).
FORMAT = "cribbage-fast-puzzles/1"
#: The longest puzzle line a puzzle file may hold, in bytes.
MAX_LINE = 16384
#: The longest header line (it holds every solver's result at every puzzle), in bytes.
MAX_HEADER = 2**24
_KEYS = {"position", "answer", "equity", "losses", "themes", "rating", "source", "stderr"}


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the mover's position (`records.write_position` text), the
    answer (`analysis.action_name`), the answer's chance to win, each other
    move's loss in chance to win, the themes (`themes.THEMES`), the rating,
    the source (``seed``, ``game``, ``move_index``, ``players``) and the
    evaluator's standard error of the closest difference.

    Examples
    --------
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08, "discard 6D JS": 0.12})
    >>> p.margin, p.rating.rating
    (0.08, 1500.0)
    """

    position: str
    answer: str
    equity: float
    losses: Mapping[str, float]
    themes: tuple[str, ...] = ()
    rating: Rating = DEFAULT_RATING
    source: Mapping[str, Any] = field(default_factory=dict)
    stderr: float = 0.0

    def __post_init__(self) -> None:
        # Rounded as the file holds them, so a puzzle reads back equal.
        r = self.rating
        rounded = Rating(round(r.rating, 1), round(r.deviation, 1), round(r.volatility, 6))
        object.__setattr__(self, "equity", round(self.equity, 5))
        object.__setattr__(self, "losses", {k: round(v, 5) for k, v in self.losses.items()})
        object.__setattr__(self, "themes", tuple(self.themes))
        object.__setattr__(self, "rating", rounded)
        object.__setattr__(self, "stderr", round(self.stderr, 5))

    @property
    def margin(self) -> float:
        """The smallest loss: how far the answer leads the next best move."""
        return min(self.losses.values())

    def game(self, seed: int = 0) -> Game:
        """A game at the puzzle's position, the hidden cards dealt from `seed`.

        Examples
        --------
        >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
        ...            0.55, {"discard 5C 5H": 0.08})
        >>> p.game().to_move
        1
        """
        return Game.from_position(parse_position(self.position), seed=seed)

    @classmethod
    def from_dict(cls, entry: Any) -> Puzzle:
        """The puzzle of one decoded line of its file, every field checked.

        Raises
        ------
        ValueError
            A field that is missing, of the wrong type or out of range, or a
            move that is not legal in the position (naming it).

        Examples
        --------
        >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
        ...            0.55, {"discard 5C 5H": 0.08})
        >>> Puzzle.from_dict(p.to_dict()) == p
        True
        """
        return _puzzle(entry)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as one line of its file (JSON-ready)."""
        r = self.rating
        return {
            "position": self.position,
            "answer": self.answer,
            "equity": self.equity,
            "losses": dict(self.losses),
            "themes": list(self.themes),
            "rating": [r.rating, r.deviation, r.volatility],
            "source": dict(self.source),
            "stderr": self.stderr,
        }


def solves(puzzle: Puzzle, move: _core.Move) -> bool:
    """Whether `move` is the puzzle's answer (in the play a card stands for
    its rank, as in the hints).

    Examples
    --------
    >>> from cribbage_fast import Move
    >>> p = Puzzle("0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0", "discard QH KD",
    ...            0.55, {"discard 5C 5H": 0.08})
    >>> solves(p, Move.discard("QH KD")), solves(p, Move.discard("5C 5H"))
    (True, False)
    """
    name = action_name(move)
    if move.kind == "lay" and puzzle.answer.startswith("lay "):
        card = move.card
        return card is not None and _core.Card(puzzle.answer[4:]).rank == card.rank
    return name == puzzle.answer


@dataclass(frozen=True)
class PuzzleSet:
    """A puzzle file's header (``format``, ``engine``, ``method``, ``seed``,
    ``count``, ...) and its puzzles."""

    header: Mapping[str, Any]
    puzzles: tuple[Puzzle, ...]


def _lines(puzzles: Iterable[Puzzle], header: Mapping[str, Any]) -> Iterator[str]:
    yield _json.dumps({"format": FORMAT, "engine": _core.__version__, **header}) + "\n"
    for p in puzzles:
        yield _json.dumps(p.to_dict()) + "\n"


def write_puzzles(
    path: PathLike, puzzles: Iterable[Puzzle], header: Mapping[str, Any] | None = None
) -> None:
    """Writes a puzzle file: gzipped JSON lines, the header first (the
    format and the engine version added), written to a temporary name and
    renamed when complete.

    Parameters
    ----------
    path : str or PathLike
        The file (``.jsonl.gz`` by custom).
    puzzles : iterable of Puzzle
    header : mapping, optional
        What the file records besides its puzzles (the method, the seed).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "none.jsonl.gz"
    >>> write_puzzles(target, [], {"seed": 0})
    >>> read_puzzles(target).header["seed"]
    0
    """
    with (
        atomic_open(path, "wb") as raw,
        gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as out,
    ):
        for line in _lines(puzzles, header or {}):
            out.write(line.encode("utf-8"))


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number, got {_json.preview(value)}")
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{what} must be between {low} and {high}, got {value}")
    return float(value)


def rating_of(value: Any) -> Rating:
    """A rating as a file holds it, ``[rating, deviation, volatility]``, each
    checked (for puzzle files and the trainer's profile).

    Raises
    ------
    ValueError
        Not a list of three numbers in range (naming the one out of it).

    Examples
    --------
    >>> rating_of([1500, 350, 0.06]).deviation
    350.0
    """
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("rating must be [rating, deviation, volatility]")
    return Rating(
        _number(value[0], "the rating", -10000.0, 10000.0),
        _number(value[1], "the deviation", 1e-6, 1000.0),
        _number(value[2], "the volatility", 1e-9, 10.0),
    )


def _legal_names(position: str) -> set[str]:
    game = Game.from_position(parse_position(position), seed=0)
    return {action_name(m) for m in game.legal_moves()}


def _puzzle(entry: Any) -> Puzzle:
    """The puzzle of one decoded line, every field checked."""
    if not isinstance(entry, dict):
        raise ValueError(f"a puzzle is a JSON object, got {_json.preview(entry)}")
    if set(entry) != _KEYS:
        wrong = sorted(set(entry) ^ _KEYS)
        raise ValueError(f"a puzzle has the keys {sorted(_KEYS)}; wrong: {wrong}")
    position, answer, losses = entry["position"], entry["answer"], entry["losses"]
    if not isinstance(position, str) or not isinstance(answer, str):
        raise ValueError("position and answer must be text")
    legal = _legal_names(position)
    if answer not in legal:
        raise ValueError(f"the answer {answer!r} is not a legal move of the position")
    if not isinstance(losses, dict) or not losses:
        raise ValueError("losses must be an object of at least one move")
    for name, loss in losses.items():
        if name not in legal or name == answer:
            raise ValueError(f"loss of {name!r}: not another legal move of the position")
        _number(loss, f"the loss of {name!r}", 1e-9, 1.0)
    themes = entry["themes"]
    if not isinstance(themes, list) or any(
        not isinstance(t, str) or t not in THEMES for t in themes
    ):
        raise ValueError(f"themes must be a list of {sorted(THEMES)}, got {_json.preview(themes)}")
    if not isinstance(entry["source"], dict):
        raise ValueError("source must be an object")
    return Puzzle(
        position,
        answer,
        _number(entry["equity"], "equity", 0.0, 1.0),
        {k: float(v) for k, v in losses.items()},
        tuple(themes),
        rating_of(entry["rating"]),
        entry["source"],
        _number(entry["stderr"], "stderr", 0.0, 1.0),
    )


def _read_lines(stream: gzip.GzipFile, name: str) -> Iterator[tuple[int, bytes]]:
    number = 0
    while True:
        number += 1
        limit = MAX_HEADER if number == 1 else MAX_LINE
        try:
            line = stream.readline(limit + 1)
        except (OSError, EOFError, zlib.error) as err:
            raise PuzzleFileError(f"not a gzipped puzzle file ({err})", name, number) from None
        if not line:
            return
        if len(line) > limit:
            raise PuzzleFileError(f"a line longer than {limit} bytes", name, number)
        yield number, line


def read_puzzles(path: PathLike) -> PuzzleSet:
    """Reads a puzzle file written by `write_puzzles`, checking every line:
    each position is read and checked by the rules, each answer and loss
    must be a legal move of it.

    Parameters
    ----------
    path : str or PathLike

    Returns
    -------
    PuzzleSet
        The header and the puzzles in file order.

    Raises
    ------
    PuzzleFileError
        A file that is not gzip, a header of another format, or a bad line:
        the message names the file and the line.
    OSError
        The file cannot be opened.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "bad.jsonl.gz"
    >>> _ = target.write_bytes(b"plain text")
    >>> read_puzzles(target)
    Traceback (most recent call last):
    cribbage_fast.exceptions.PuzzleFileError: ...bad.jsonl.gz, line 1: not a gzipped puzzle file ...
    """
    name = str(path)
    header: dict[str, Any] | None = None
    puzzles: list[Puzzle] = []
    with open(path, "rb") as raw, gzip.GzipFile(fileobj=raw, mode="rb") as stream:
        for number, line in _read_lines(stream, name):
            try:
                entry = _json.loads(line, f"line {number}")
                if header is None:
                    if not isinstance(entry, dict) or entry.get("format") != FORMAT:
                        raise ValueError(f"the header must name the format {FORMAT!r}")
                    header = entry
                else:
                    puzzles.append(_puzzle(entry))
            except ValueError as err:
                raise PuzzleFileError(str(err), name, number) from None
    if header is None:
        raise PuzzleFileError("an empty file (no header)", name, 1)
    return PuzzleSet(header, tuple(puzzles))
