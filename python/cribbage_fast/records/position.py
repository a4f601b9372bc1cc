"""The one-line text of a game situation (`cribbage_fast.Position`), like FEN
for chess: `parse_position` and `write_position` (grammar: docs/positions.md).

The text is only presentation: the fields are read here, and the `Position`
type of the core checks what the rules allow. Every error is a
`PositionError` naming the field and its column.

Examples
--------
>>> from cribbage_fast.records import parse_position, write_position
>>> text = "112-118/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0"
>>> position = parse_position(text)
>>> position.scores, position.seat, len(position.hand)
([112, 118], 1, 6)
>>> write_position(position) == text
True
"""

from __future__ import annotations

import re

from .._core import Card, CribbageError, Position
from .._util.text import utf8
from ..exceptions import PositionError

__all__ = [
    "FIELDS",
    "PositionLike",
    "as_position",
    "is_position",
    "parse_position",
    "position_of",
    "write_position",
]

#: What stands for a position: the type, or its one-line text (str or UTF-8 bytes).
PositionLike = Position | str | bytes | bytearray

#: The fields of a position's text, in order; the last is optional.
FIELDS = (
    "board",
    "dealer",
    "view",
    "to move",
    "phase",
    "hand",
    "discards",
    "starter",
    "play",
    "count",
    "other",
)
_REQUIRED = len(FIELDS) - 1
#: Longer text is refused before it is read (the longest position is ~120).
_MAX_LENGTH = 400
_BOARD = re.compile(r"(\d{1,4})-(\d{1,4})/(\d{1,4})(/muggins)?")
#: A position's text begins with its board; a game record never does.
_LOOKS_LIKE_POSITION = re.compile(r"[\ufeff\s]*\d{1,4}-\d{1,4}/\d")
_SEAT = re.compile(r"\d{1,2}")
_COUNT = re.compile(r"\d{1,2}")
_EMPTY = "-"

# The core names the field of an impossible position first ("hand: ...");
# its field in the text.
_CORE_FIELDS = {
    "scores": "board",
    "players": "board",
    "game": "board",
    "seat": "view",
    "dealer": "dealer",
    "to move": "to move",
    "phase": "phase",
    "hand": "hand",
    "cards": "hand",
    "discards": "discards",
    "starter": "starter",
    "play": "play",
    "count": "count",
    "other": "other",
}


def parse_position(text: str) -> Position:
    """A `Position` from its one-line text (docs/positions.md).

    Parameters
    ----------
    text : str
        Ten fields separated by spaces, and an eleventh (the other seat's
        cards) for a study position.

    Returns
    -------
    Position

    Raises
    ------
    PositionError
        Text that does not follow the grammar, or a position the rules
        refuse: the message, `field` and `column` (from 1) name the place.

    Examples
    --------
    >>> p = parse_position("0-0/121 d1 v1 m1 play 5C,5H,6D,JS QH,KD 7C 10S 10")
    >>> p.play, p.count
    ([Card('10S')], 10)
    >>> try:
    ...     parse_position("0-0/121 d1 v1 m1 play 5C,5H,6D,JS QH,KD 7C 10S 12")
    ... except PositionError as err:
    ...     print(err.field, err.column, err.reason)
    count 48 the play so far makes a count of 10, not 12
    """
    if not isinstance(text, str):
        raise TypeError(f"a position is text, got {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise PositionError(
            f"{len(text)} characters; a position has at most {_MAX_LENGTH}", "text", 1
        )
    words = _split(text)
    if len(words) not in (_REQUIRED, _REQUIRED + 1):
        column = words[-1][0] if len(words) > _REQUIRED else len(text) + 1
        raise PositionError(
            f"{len(words)} fields; a position has {_REQUIRED} (and the other seat's cards)",
            "text",
            column,
        )
    columns = {name: column for name, (column, _) in zip(FIELDS, words, strict=False)}
    fields = {name: word for name, (_, word) in zip(FIELDS, words, strict=False)}
    arguments = _arguments(fields, columns)
    try:
        return Position(**arguments)  # type: ignore[arg-type]
    except CribbageError as err:
        name, _, reason = str(err).partition(": ")
        field = _CORE_FIELDS.get(name.split(",")[0], "text")
        # "play, step 3 (KH): ..." keeps its step; a bare field name goes.
        if field == "text" or name not in _CORE_FIELDS:
            reason = str(err)
        raise PositionError(reason, field, columns.get(field, 1)) from None


def is_position(text: object) -> bool:
    """Whether `text` is meant as a position rather than a game record: the one
    place this is decided. A position's text begins (after blanks and a
    byte-order mark) with its board, scores and target like ``0-0/121``; a
    record begins with a tag, a deal or ``{``.

    Parameters
    ----------
    text : object
        Anything; only a str or bytes can be a position's text.

    Returns
    -------
    bool
        True for the start of a position's text, valid or not (`parse_position`
        then says what is wrong), False for anything else.

    Examples
    --------
    >>> is_position("0-0/121 d0 v1 m1 discard 3D,8H,10C,10D,QH,KD - - - 0")
    True
    >>> is_position('[NumPlayers "2"]'), is_position(b" 12-9/121 d0"), is_position(7)
    (False, True, False)
    """
    if isinstance(text, bytes | bytearray):
        text = bytes(text[:64]).decode("utf-8", errors="replace")
    return isinstance(text, str) and _LOOKS_LIKE_POSITION.match(text[:64]) is not None


def as_position(value: object) -> Position | None:
    """`value` as a `Position` if it stands for one (the type, or text
    `is_position` takes for one), else None (a game or its record).

    Parameters
    ----------
    value : object

    Returns
    -------
    Position or None

    Raises
    ------
    PositionError
        Text that begins as a position but is not a possible one (the field
        and column named).
    ValueError
        Bytes of a position that are not UTF-8.

    Examples
    --------
    >>> as_position("0-0/121 d0 v1 m1 discard 3D,8H,10C,10D,QH,KD - - - 0").phase
    'discard'
    >>> as_position('[NumPlayers "2"]') is None
    True
    """
    if isinstance(value, Position) or is_position(value):
        return position_of(value)  # type: ignore[arg-type]
    return None


def position_of(value: PositionLike) -> Position:
    """`value` as a `Position`: the type itself, or its one-line text (str, or
    UTF-8 bytes; blanks and a byte-order mark around it are ignored).

    Parameters
    ----------
    value : Position, str or bytes

    Returns
    -------
    Position

    Raises
    ------
    PositionError
        Text that is not a possible position (the field and column named).
    ValueError
        Bytes that are not UTF-8.
    TypeError
        Anything else.

    Examples
    --------
    >>> position_of(b"0-0/121 d0 v1 m1 discard 3D,8H,10C,10D,QH,KD - - - 0").seat
    1
    >>> position_of(7)
    Traceback (most recent call last):
    TypeError: a position is a Position or its one-line text (str or bytes), got int
    """
    if isinstance(value, Position):
        return value
    if isinstance(value, bytes | bytearray):
        value = utf8(value, "the position")
    if not isinstance(value, str):
        raise TypeError(
            "a position is a Position or its one-line text (str or bytes), "
            f"got {type(value).__name__}"
        )
    return parse_position(value.strip().strip("\ufeff").strip())


def write_position(position: Position) -> str:
    """The one-line text of `position` (`parse_position` reads it back).

    Parameters
    ----------
    position : Position

    Returns
    -------
    str

    Examples
    --------
    >>> from cribbage_fast import Game
    >>> write_position(Game(2, seed=1, first_dealer=0).position())
    '0-0/121 d0 v1 m1 discard 3D,8H,10C,10D,QH,KD - - - 0'
    """
    if not isinstance(position, Position):
        raise TypeError(f"expected a Position, got {type(position).__name__}")
    board = "-".join(str(s) for s in position.scores) + f"/{position.target}"
    if position.muggins:
        board += "/muggins"
    words = [
        board,
        f"d{position.dealer}",
        f"v{position.seat}",
        f"m{position.to_move}",
        position.phase,
        _cards(position.hand),
        _cards(position.discards),
        _EMPTY if position.starter is None else str(position.starter),
        ",".join(str(step) for step in position.play) or _EMPTY,
        str(position.count),
    ]
    if position.other is not None:
        words.append(_cards(position.other))
    return " ".join(words)


def _split(text: str) -> list[tuple[int, str]]:
    """The words of `text` with their columns (from 1)."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", text)]


def _arguments(fields: dict[str, str], columns: dict[str, int]) -> dict[str, object]:
    def fail(name: str, why: str) -> PositionError:
        return PositionError(why, name, columns[name])

    board = _BOARD.fullmatch(fields["board"])
    if board is None:
        raise fail("board", f"expected scores and target like 0-0/121, got {fields['board']!r}")
    arguments: dict[str, object] = {
        "scores": (int(board[1]), int(board[2])),
        "target": int(board[3]),
        "muggins": board[4] is not None,
        "phase": fields["phase"],
    }
    for name, letter, key in (
        ("dealer", "d", "dealer"),
        ("view", "v", "seat"),
        ("to move", "m", "to_move"),
    ):
        word = fields[name]
        if word[:1] != letter or _SEAT.fullmatch(word[1:]) is None:
            raise fail(name, f"expected {letter} and a seat like {letter}0, got {word!r}")
        arguments[key] = int(word[1:])
    if fields["phase"] not in ("discard", "play"):
        raise fail("phase", f"expected discard or play, got {fields['phase']!r}")
    for name in ("hand", "discards", "other"):
        if name in fields:
            arguments[name] = _read_cards(fields[name], name, columns[name])
    starter = fields["starter"]
    arguments["starter"] = (
        None if starter == _EMPTY else _read_cards(starter, "starter", columns["starter"])[0]
    )
    if "," in starter:
        raise fail("starter", f"the starter is one card, got {starter!r}")
    arguments["play"] = (
        [] if fields["play"] == _EMPTY else _read_play(fields["play"], columns["play"])
    )
    if _COUNT.fullmatch(fields["count"]) is None:
        raise fail("count", f"expected the count 0 to 31, got {fields['count']!r}")
    arguments["count"] = int(fields["count"])
    return arguments


def _read_cards(word: str, field: str, column: int) -> list[Card]:
    if word == _EMPTY:
        return []
    cards = []
    for offset, part in _parts(word):
        try:
            cards.append(Card(part))
        except (CribbageError, TypeError) as err:
            raise PositionError(f"{part!r} is not a card ({err})", field, column + offset) from None
    return cards


def _read_play(word: str, column: int) -> list[Card | str]:
    steps: list[Card | str] = []
    for offset, part in _parts(word):
        if part == "go":
            steps.append("go")
            continue
        try:
            steps.append(Card(part))
        except (CribbageError, TypeError) as err:
            raise PositionError(
                f"{part!r} is neither a card nor go ({err})", "play", column + offset
            ) from None
    return steps


def _parts(word: str) -> list[tuple[int, str]]:
    """The comma-separated parts of `word` with their offsets."""
    parts, offset = [], 0
    for part in word.split(","):
        parts.append((offset, part))
        offset += len(part) + 1
    return parts


def _cards(cards: list[Card]) -> str:
    return ",".join(str(card) for card in cards) or _EMPTY
