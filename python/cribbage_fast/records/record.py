"""A game record, read from any form it comes in and written as text.

`read` is the one reader: every entry point that takes a record (`hint`,
`analyze_game`, the JSON engine, the command line) calls it, so each reads
the same input the same way. It takes a `Game`, a `GameRecord`, a record
dict (``Game.to_record()``), or text: a ``str`` (or UTF-8 ``bytes``) is
**JSON when its first character other than blanks and a byte-order mark is
``{``, and the text notation (docs/notation.md) otherwise**. A path is not a
record: read the file and pass its text.

>>> from cribbage_fast import Game
>>> from cribbage_fast.records import load, read, write_text
>>> game = Game(2, seed=3)
>>> game.playout(seed=1)
>>> text = write_text(game, tags={"Event": "Example"})
>>> load(text) == game == load(game.to_record())
True
>>> read(text).tags["Event"]
'Example'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import _core
from .._util import json as _json
from .._util.args import integer
from .._util.errors import in_context
from .._util.text import utf8
from ..games.game import Game
from .notation.grammar import FilledCard, split
from .notation.replay import replay
from .notation.write import FREE_TAGS, check, write_game
from .position import is_position

__all__ = ["GameRecord", "RecordLike", "is_json", "load", "read", "read_all", "write_text"]


@dataclass(frozen=True)
class GameRecord:
    """A record read: the game, and what a record holds beside its moves.

    `game` is the game at the end of the record; `tags` the header (every
    tag of a text; a JSON record's ``tags`` object); `view` the recording
    seat when the record holds only what one seat saw (a ``View`` tag, a
    ``view`` key), else None; `filled` each card a text left unknown
    (``xx``) with the card chosen for it; `marks` the annotation marks by
    move index.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> g = Game(2, seed=3)
    >>> g.playout(seed=1)
    >>> r = read(write_text(g, view=1))
    >>> r.view, r.game.scores == g.scores, {(f.seat, f.role) for f in r.filled}
    (1, True, {(0, 'discard')})
    """

    game: Game
    tags: dict[str, str] = field(default_factory=dict)
    view: int | None = None
    filled: tuple[FilledCard, ...] = ()
    marks: dict[int, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON record: ``Game.to_record()`` with, when there are any, the
        header's free tags (``tags``), the recording seat (``view``), the
        cards filled in (``filled``) and the marks (``marks``, keyed by move
        index as text). `read` reads it back (all but ``filled``, which is
        for the reader's eyes); `Game.replay` ignores these keys.

        Returns
        -------
        dict
            JSON-ready.

        Examples
        --------
        >>> from cribbage_fast import Game
        >>> g = Game(2, seed=3)
        >>> g.playout(seed=1)
        >>> d = read(write_text(g, tags={"Event": "Club"})).to_dict()
        >>> d["tags"], read(d).tags
        ({'Event': 'Club'}, {'Event': 'Club'})
        """
        record = self.game.to_record()
        tags = {k: v for k, v in self.tags.items() if k in FREE_TAGS}
        if tags:
            record["tags"] = tags
        if self.view is not None:
            record["view"] = self.view
        if self.filled:
            record["filled"] = [asdict(f) for f in self.filled]
        if self.marks:
            record["marks"] = {str(k): v for k, v in sorted(self.marks.items())}
        return record


#: What `read` takes.
RecordLike = Game | GameRecord | dict[str, Any] | str | bytes | bytearray


def is_json(text: str) -> bool:
    """The rule for what a ``str`` record is: JSON when its first character
    other than blanks and a byte-order mark is ``{``, else the text notation.

    Parameters
    ----------
    text : str
        A record's text.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_json(' \\n{"num_players": 2}'), is_json('[NumPlayers "2"]')
    (True, False)
    """
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def read(record: RecordLike, *, seed: int = 0) -> GameRecord:
    """Reads a game record, whatever form it comes in, and replays it by the
    rules (once).

    Parameters
    ----------
    record : Game, GameRecord, dict, str or bytes
        A `Game` (taken as it is: every card known); a `GameRecord` (returned
        as it is); a record dict (``Game.to_record()``, or `GameRecord.to_dict`
        with its ``tags``, ``view`` and ``marks``); or text: JSON of such a
        dict when the first character other than blanks and a byte-order
        mark is ``{`` (`is_json`), else the text notation. Bytes are read as
        UTF-8 text first.
    seed : int, default 0
        Seeds the completion of the cards a text leaves unknown (``xx``): 0
        to 2**64 - 1; the same text and seed give the same game.

    Returns
    -------
    GameRecord
        The game, the tags, the recording seat, the cards filled in, the marks.

    Raises
    ------
    NotationError
        Text off the grammar, or a move the rules refuse: its line and
        column, and what was expected.
    ValueError
        JSON that is not JSON (or too deep, or a number too large), bytes
        that are not UTF-8, a record the replay refuses (the move or event,
        and what differs), a ``view`` that is no seat, bad ``tags`` or
        ``marks``, a `seed` out of range; a game position (a `Position`, or
        text `is_position` takes for one), which is no record.
    TypeError
        A record of another type (a path among them), a JSON value that is
        not an object, a field of the wrong type.

    Examples
    --------
    >>> r = read('''[NumPlayers "2"]
    ... [FirstDealer "1"]
    ... deal 1 dealer 1
    ... hand 0 5H 5D 5C JS 6H 7H
    ... hand 1 AS 2S 3S 4S 8D 9D
    ... discard 0 6H 7H
    ... discard 1 8D 9D
    ... starter 5S''')
    >>> r.game.phase, r.game.moves()[0]["move"]
    ('play', 'deal')
    >>> read(42)
    Traceback (most recent call last):
    TypeError: a game record is a Game, a dict or its text (str or bytes), got int
    """
    seed = integer(seed, "seed", 0, (1 << 64) - 1)
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, Game):
        return GameRecord(record)
    if isinstance(record, _core.Game):
        raise TypeError("expected a cribbage_fast.Game or its record, not a bare core Game")
    if isinstance(record, bytes | bytearray):
        record = utf8(record, "the record")
    if isinstance(record, _core.Position) or is_position(record):
        raise ValueError(
            "this is a game position, not a game record: read it with "
            "records.parse_position, or continue it with Game.from_position "
            "(docs/game-positions.md)"
        )
    if isinstance(record, str):
        if not is_json(record):
            return _from_text(record, seed)
        record = _json.loads(record, "the record")  # an object: it starts with {
    if isinstance(record, dict):
        return _from_dict(record)
    if isinstance(record, os.PathLike):
        raise TypeError(
            "a game record is a Game, a dict or its text, not a path: read the file and pass "
            "its text"
        )
    raise TypeError(
        f"a game record is a Game, a dict or its text (str or bytes), got {type(record).__name__}"
    )


def load(record: RecordLike, *, seed: int = 0) -> Game:
    """The game a record holds: ``read(record, seed=seed).game``.

    Parameters
    ----------
    record : Game, GameRecord, dict, str or bytes
        As for `read`.
    seed : int, default 0
        As for `read`.

    Returns
    -------
    Game
        The game at the end of the record (finished or not).

    Raises
    ------
    NotationError, ValueError, TypeError
        As `read`.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> load(write_text(Game(2, seed=4))).hand(0) == Game(2, seed=4).hand(0)
    True
    """
    return read(record, seed=seed).game


def _from_text(text: str, seed: int) -> GameRecord:
    replayed = replay(split(text), seed)
    return GameRecord(
        game=replayed.game,
        tags={k: v for k, (v, _) in replayed.tags.items()},
        view=replayed.view,
        filled=tuple(replayed.filled),
        marks=dict(replayed.marks),
    )


def _from_dict(data: dict[str, Any]) -> GameRecord:
    """A record dict: the game by `Game.replay`, then the keys the notation
    adds (`GameRecord.to_dict`), checked as the writer checks them."""
    game = Game.replay(data)
    view = data.get("view")
    if view is not None:
        view = integer(view, "the record's view", 0, game.num_players - 1)
    tags, marks = data.get("tags", {}), data.get("marks", {})
    if not isinstance(tags, dict) or not isinstance(marks, dict):
        raise ValueError("the record's tags and marks must be objects")
    for name, value in tags.items():
        if not isinstance(value, str):
            raise ValueError(
                f"the record's tag {name!r:.40} must be text, got {_json.preview(value)}"
            )
    by_move = {}
    for key, mark in marks.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 7):
            raise ValueError(f"the record's marks are keyed by move index, got {key!r:.40}")
        if not isinstance(mark, str):
            raise ValueError(f"move {key}'s mark must be text, got {_json.preview(mark)}")
        by_move[int(key)] = mark
    check(game, tags, view, by_move)
    return GameRecord(game, dict(tags), view, (), by_move)


def write_text(
    record: RecordLike,
    *,
    tags: Mapping[str, str] | None = None,
    view: int | None = None,
    marks: Mapping[int, str] | None = None,
) -> str:
    """Writes a game record in the text notation.

    Parameters
    ----------
    record : Game, GameRecord, dict, str or bytes
        Any record `read` takes (and checked as it reads it). Its free tags
        (``Event``, ``Site``, ``Date``, ``Round``, ``Player0`` to
        ``Player3``), marks and recording seat are written unless given here.
    tags : mapping, optional
        Header tags to add or replace (the free tags above); the others
        come from the game.
    view : int, optional
        Write only what this seat saw at the table: the other seats' cards
        that were never laid or shown, their discards and the crib card
        become ``xx``, and the deals are written as supplied (no seed). A
        record holding one seat's view is written as that seat's only.
    marks : mapping, optional
        Annotation marks (`MARKS`) by move index, instead of the record's.

    Returns
    -------
    str
        The text, ending with a newline; `read` reads it back.

    Raises
    ------
    ValueError
        A record `read` refuses, an unknown tag, a tag value with a quote or
        a line break, a seat out of range or not the record's view, an
        unknown mark or one on a supplied deal.
    TypeError
        A record `read` does not take.

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> g = Game(2, seed=1, first_dealer=0)
    >>> g.discard("3D 8H")
    >>> print(write_text(g, tags={"Event": "Example"}))
    [Event "Example"]
    [NumPlayers "2"]
    [Target "121"]
    [Muggins "no"]
    [FirstDealer "0"]
    [Seed "1"]
    [Result "*"]
    <BLANKLINE>
    deal 1 dealer 0
    hand 0 3S 6H 7C 7S 9C KH
    hand 1 3D 8H 10C 10D QH KD
    discard 1 3D 8H
    <BLANKLINE>
    """
    held = read(record)
    if view is not None and held.view is not None and view != held.view:
        raise ValueError(f"view is {view}, but the record holds only seat {held.view}'s view")
    given = {k: v for k, v in held.tags.items() if k in FREE_TAGS}
    given.update(tags or {})
    chosen = held.view if view is None else view
    return write_game(held.game, given, chosen, dict(held.marks if marks is None else marks))


def read_all(text: str, *, source: str = "the text") -> list[GameRecord]:
    """The records of a text that may hold several: a JSON array of records
    (its first character other than blanks is ``[`` and the next one ``{`` or
    ``]``), JSON lines (one record a line, when the whole is not one JSON
    value), or else one record as `read` reads a ``str``.

    Parameters
    ----------
    text : str
        A file's text.
    source : str
        What it is, for the messages (a file's name).

    Returns
    -------
    list of GameRecord

    Raises
    ------
    NotationError, ValueError, TypeError
        As `read`, naming the record (``record 2 of games.json``) or the
        line (``line 3 of games.jsonl``).

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> one, two = Game(2, seed=1).to_record(), Game(2, seed=2).to_record()
    >>> import json
    >>> len(read_all(json.dumps(one) + "\\n" + json.dumps(two)))
    2
    >>> [r.game.seed for r in read_all(json.dumps([one, two]))]
    [1, 2]
    """
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("[") and start[1:].lstrip()[:1] in ("{", "]"):
        items = _json.loads(text, source)
        return [_numbered(item, f"record {i} of {source}") for i, item in enumerate(items)]
    if not is_json(text):
        return [read(text)]
    try:
        whole = _json.loads(text, source)
    except ValueError as err:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(lines) < 2:
            raise err from None
        return [
            _numbered(_json.loads(t, f"line {n} of {source}"), f"line {n} of {source}")
            for n, t in lines
        ]
    return [_numbered(whole, source)]


def _numbered(item: object, where: str) -> GameRecord:
    """One record of many, its errors naming where it stands."""
    if not isinstance(item, dict | str):
        raise TypeError(f"{where}: a game record is a JSON object, got {_json.preview(item)}")
    try:
        return read(item)
    except (TypeError, ValueError) as err:
        raise in_context(err, where) from err
