"""The grammar of the text notation (docs/notation.md): the one tag table,
the annotation marks, and `split`, which reads a text's header and deals as
written (cards still words, each with its line and column) for the replay
(`replay.py`) to check against the rules. The reader and the writer a user
calls are `cribbage_fast.records.read` and `cribbage_fast.records.write_text`.

>>> from cribbage_fast.records.notation.grammar import TAGS
>>> TAGS.index("NumPlayers") < TAGS.index("Result")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..._core import Card, CribbageError
from ..._util.names import check_name
from ...exceptions import NotationError

# The vocabulary `cribbage_fast.records` shows; `split`, `tag_value_ok` and
# the underscored names are the notation's own (its replay and writer).
__all__ = ["MARKS", "TAGS", "UNKNOWN", "FilledCard", "analysis_marks"]

#: How an unknown card is written.
UNKNOWN = "xx"

#: The annotation marks a move may carry (the analysis marks ``?!``, ``?``,
#: ``??`` for an inaccuracy, a mistake and a blunder; ``!`` and ``!!`` for good
#: moves; ``!?`` for an interesting one).
MARKS = ("!!", "!?", "?!", "??", "!", "?")

#: The header tags, in the order `write_text` writes them.
TAGS = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Player0",
    "Player1",
    "Player2",
    "Player3",
    "NumPlayers",
    "Target",
    "Muggins",
    "FirstDealer",
    "Seed",
    "View",
    "Result",
)

#: Body keywords and the order they may come in within a deal.
_PHASE = {
    "cut": 0,
    "deal": 1,
    "hand": 2,
    "crib_card": 2,
    "discard": 3,
    "starter": 4,
    "play": 5,
    "show": 6,
    "crib": 6,
}
_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+)\s+"([^"\\]*)"\]\s*(#.*)?')
_MAX_LINE = 1000
#: A line (read no further than one character past the longest allowed) and
#: its break.
_LINE = re.compile(r"([^\r\n]{0,1001})(\r\n|\r|\n|)")
_WORD = re.compile(r"\S+")
#: At most 20 digits: a seed (below 2**64) fits, and no word is a huge number.
_NUMBER = re.compile(r"[0-9]{1,20}")
#: The most show lines (the hands and the crib) and moves of the play one
#: deal can hold with four players: more is refused as it is read, so no
#: text makes the replay slow.
_MAX_SHOWS = 5
_MAX_PLAY = 64


class _Token(NamedTuple):
    """A word of the text and where it stands (line and column from 1)."""

    text: str
    line: int
    column: int

    def error(self, message: str) -> NotationError:
        """A `NotationError` at this word."""
        return NotationError(message, self.line, self.column)


@dataclass(frozen=True)
class FilledCard:
    """A card the text left unknown and the reader filled in: its deal, the seat
    whose card it is (None for the crib card of three players and for the
    starter) and what it is (``hand``, ``discard``, ``crib_card``, ``starter``)."""

    deal: int
    seat: int | None
    role: str
    card: str


#: The mark of each mark of the game analysis (`cribbage_fast.analysis.analyze.MARKS`).
ANALYSIS_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def analysis_marks(analysis: Any) -> dict[int, str]:
    """The marks of a game analysis, by move index, for `write_text`.

    Parameters
    ----------
    analysis : GameAnalysis
        From `cribbage_fast.analysis.analyze_game`.

    Returns
    -------
    dict of int to str
        ``?!``, ``?`` or ``??`` for each inaccuracy, mistake or blunder.

    Examples
    --------
    >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
    >>> from cribbage_fast.analysis.analyze import analyze_game
    >>> from cribbage_fast.records import read, write_text
    >>> g = Game(2, seed=3)
    >>> _ = g.play([ExpertPlayer(), GreedyPlayer()])
    >>> marks = analysis_marks(analyze_game(g, budget=8, precision=0.05))
    >>> sorted(set(marks.values()))
    ['?', '?!']
    >>> read(write_text(g, marks=marks)).marks == marks
    True
    """
    return {d.move_index: ANALYSIS_MARKS[d.mark] for d in analysis.decisions if d.mark}


# ---------------------------------------------------------------- parsing


@dataclass
class _Show:
    """A show line: whose, crib or hand, the cards, the points the cards hold
    (optional), and with muggins the announced count and a claim."""

    head: _Token
    seat: int
    crib: bool
    cards: list[_Token]
    points: _Token | None = None
    count: _Token | None = None
    claim_seat: _Token | None = None
    claim: _Token | None = None


@dataclass
class _Deal:
    """One deal of the text, as written (cards still text)."""

    head: _Token
    number: int
    dealer: int
    supplied: bool
    scores: list[int] | None = None
    hands: dict[int, list[_Token]] = field(default_factory=dict)
    discards: dict[int, list[_Token]] = field(default_factory=dict)
    crib_card: _Token | None = None
    starter: _Token | None = None
    starter_drawn: bool = False
    play: list[tuple[_Token, _Token]] = field(default_factory=list)
    shows: list[_Show] = field(default_factory=list)
    marks: dict[tuple[str, int], str] = field(default_factory=dict)


@dataclass
class _Parsed:
    """The header as written, and the body's deals, each read when the
    replay asks for it (so a long text is never held as deals at once)."""

    tags: dict[str, tuple[str, _Token]]
    cut: list[_Token] | None
    deals: Iterator[_Deal]


def _words(line: str, number: int) -> list[_Token]:
    """The words of a body line, comments (``#`` to the end) left out."""
    line = line.split("#", 1)[0]
    return [_Token(m.group(), number, m.start() + 1) for m in _WORD.finditer(line)]


def _mark(tok: _Token) -> tuple[_Token, str | None]:
    """A word without its trailing annotation mark, and the mark."""
    stem = tok.text.rstrip("?!")
    suffix = tok.text[len(stem) :]
    if not suffix:
        return tok, None
    if suffix not in MARKS:
        raise tok.error(f"{suffix!r} is not an annotation mark (expected one of {' '.join(MARKS)})")
    return _Token(stem, tok.line, tok.column), suffix


def _integer(tok: _Token, what: str, low: int, high: int) -> int:
    """The integer a word holds, between `low` and `high`."""
    if not _NUMBER.fullmatch(tok.text) or not low <= int(tok.text) <= high:
        raise tok.error(f"expected {what} ({low} to {high}), got {tok.text!r}")
    return int(tok.text)


def _card_of(tok: _Token, unknown: bool = True) -> Card | None:
    """The card a word names, or None for ``xx`` (when allowed)."""
    if tok.text == UNKNOWN:
        if not unknown:
            raise tok.error("this card was seen face up: it cannot be unknown (xx)")
        return None
    try:
        return Card(tok.text)
    except (CribbageError, ValueError):
        expected = "a card (e.g. 5H, 10S, JD)" + (" or xx (unknown)" if unknown else "")
        raise tok.error(f"expected {expected}, got {tok.text!r}") from None


#: The longest tag value (characters).
MAX_TAG_VALUE = 200


def tag_value_ok(value: object) -> bool:
    """What a tag line holds and the reader reads back: printable text (so no
    line break or control character of any kind), no quote or backslash, at
    most `MAX_TAG_VALUE` characters."""
    return (
        isinstance(value, str)
        and len(value) <= MAX_TAG_VALUE
        and value.isprintable()
        and not any(c in value for c in '"\\')
    )


def _tag(line: str, number: int, tags: dict[str, tuple[str, _Token]]) -> None:
    tok = _Token(line.strip(), number, len(line) - len(line.lstrip()) + 1)
    found = _TAG_LINE.fullmatch(line.strip())
    if not found:
        raise tok.error('expected a tag line [Name "value"]')
    name, value = found.group(1), found.group(2)
    if name not in TAGS:
        raise tok.error(f"unknown tag {name!r} (expected one of {', '.join(TAGS)})")
    if name in tags:
        raise tok.error(f"the tag {name} is given twice")
    if name.startswith("Player"):
        try:
            check_name(value, f"the tag {name}'s value (a player's name)")
        except ValueError as err:
            raise tok.error(str(err)) from None
    elif not tag_value_ok(value):
        raise tok.error(
            f"the tag {name}'s value must be printable text of at most {MAX_TAG_VALUE} "
            f"characters (no control characters), got {value!r:.80}"
        )
    tags[name] = (value, tok)


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """The text's lines (split at line breaks: \\n, \\r\\n or \\r), numbered
    from 1, a leading byte-order mark left out; read as they are needed,
    without a copy of the text."""
    pos, end = (1 if text.startswith("\ufeff") else 0), len(text)
    number = 0
    while pos < end:
        number += 1
        found = _LINE.match(text, pos)
        assert found is not None  # the pattern matches the empty string too
        line, pos = found.group(1), found.end()
        if len(line) > _MAX_LINE:
            raise NotationError(f"a line may hold at most {_MAX_LINE} characters", number, 1)
        yield number, line


def _body_words(lines: Iterator[tuple[int, str]]) -> Iterator[list[_Token]]:
    """The words of each body line (blank lines and comments left out), the
    line's keyword checked."""
    for number, line in lines:
        words = _words(line, number)
        if not words:
            continue
        key = words[0]
        if key.text not in _PHASE:
            raise key.error(
                f"expected one of {', '.join(_PHASE)} (or a comment #), got {key.text!r}"
            )
        yield words


def split(text: str) -> _Parsed:
    """The header tags and the cut of a text in the notation, read now; its
    deals, read one at a time as the replay asks for them.

    Parameters
    ----------
    text : str
        The record's text (docs/notation.md).

    Returns
    -------
    Parsed
        ``tags`` (name to value and where it stands), ``cut`` and ``deals``
        (an iterator), not yet checked against the rules.

    Raises
    ------
    NotationError
        A line off the grammar (an unknown tag or keyword, a tag given twice,
        a line too long), with its line and column; the deals' lines are
        checked as they are read.

    Examples
    --------
    >>> split('[NumPlayers "2"]\\n[Seed "x" ]]')
    Traceback (most recent call last):
    cribbage_fast.exceptions.NotationError: line 2, column 1: expected a tag line [Name "value"]
    """
    tags: dict[str, tuple[str, _Token]] = {}
    lines = _lines(text)
    body: list[_Token] | None = None
    for number, line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            _tag(line, number, tags)
            continue
        body = next(_body_words(iter([(number, line)])))
        break
    words = _body_words(lines)
    cut = None
    if body is not None and body[0].text == "cut":
        if len(body) == 1:
            raise body[0].error("expected the cards cut for the first deal after 'cut'")
        cut, body = body[1:], next(words, None)
    return _Parsed(tags, cut, _deals(body, words))


def _deals(first: list[_Token] | None, lines: Iterator[list[_Token]]) -> Iterator[_Deal]:
    """Each deal of the body with its lines, in order: a deal number once,
    one more than the last; the lines of a deal in the order of its steps."""
    if first is None:
        return
    deal: _Deal | None = None
    phase = -1
    for words in _chain(first, lines):
        key = words[0]
        if key.text == "cut":
            raise key.error("the cut for the first deal comes once, before the first deal")
        if key.text == "deal":
            new = _deal_line(words)
            if deal is not None:
                if new.number <= deal.number:
                    raise new.head.error(
                        f"deal {new.number} after deal {deal.number}: each deal comes once, "
                        "in order"
                    )
                yield deal
            deal, phase = new, _PHASE["deal"]
            continue
        if deal is None:
            raise key.error(f"expected a deal line before {key.text!r}")
        rank = _PHASE[key.text]
        if rank < phase:
            raise key.error(f"{key.text!r} comes before the lines of the later steps of the deal")
        phase = rank
        _deal_item(deal, key, words[1:])
    if deal is not None:
        yield deal


def _chain(first: list[_Token], rest: Iterator[list[_Token]]) -> Iterator[list[_Token]]:
    yield first
    yield from rest


def _deal_line(words: list[_Token]) -> _Deal:
    """``deal N dealer S [supplied] [scores A-B]``."""
    head = words[0]
    if len(words) < 4 or words[2].text != "dealer":
        raise head.error("expected 'deal NUMBER dealer SEAT [supplied] [scores A-B]'")
    deal = _Deal(head, _integer(words[1], "a deal number", 1, 999_999), 0, False)
    deal.dealer = _integer(words[3], "the dealer's seat", 0, 3)
    rest = words[4:]
    if rest and rest[0].text == "supplied":
        deal.supplied = True
        rest = rest[1:]
    if rest and rest[0].text == "scores" and len(rest) == 2:
        parts = rest[1].text.split("-")
        deal.scores = [
            _integer(_Token(p, rest[1].line, rest[1].column), "a score", 0, 999_999) for p in parts
        ]
        rest = []
    if rest:
        raise rest[0].error(f"expected 'supplied' or 'scores A-B', got {rest[0].text!r}")
    return deal


def _deal_item(deal: _Deal, key: _Token, words: list[_Token]) -> None:
    """One line of a deal after its ``deal`` line."""
    if not words and key.text != "play":
        raise key.error(f"expected more after {key.text!r}")
    if key.text in ("hand", "discard"):
        seat = _integer(words[0], "a seat", 0, 3)
        table = deal.hands if key.text == "hand" else deal.discards
        if seat in table:
            raise key.error(f"a second {key.text} line for seat {seat}")
        cards = words[1:]
        if key.text == "discard" and cards:
            cards[-1], mark = _mark(cards[-1])
            if mark is not None:
                deal.marks[("discard", seat)] = mark
                if not cards[-1].text:
                    cards.pop()
        if not cards:
            raise key.error(f"expected the cards of seat {seat}")
        table[seat] = _once(cards)
    elif key.text in ("starter", "crib_card"):
        drawn = key.text == "starter" and len(words) == 2 and words[1].text == "drawn"
        if len(words) != 1 and not drawn:
            raise words[-1].error(f"expected one card after {key.text!r}")
        if (deal.starter if key.text == "starter" else deal.crib_card) is not None:
            raise key.error(f"a second {key.text} line in deal {deal.number}")
        if key.text == "starter":
            deal.starter, deal.starter_drawn = words[0], drawn
        else:
            deal.crib_card = words[0]
    elif key.text == "play":
        _play_words(deal, words)
        if len(deal.play) > _MAX_PLAY:
            raise key.error(f"a deal's play holds at most {_MAX_PLAY} moves")
    else:
        if len(deal.shows) == _MAX_SHOWS:
            raise key.error(f"a deal has at most {_MAX_SHOWS} shows (the hands and the crib)")
        deal.shows.append(_show_line(deal, key, words))


def _once(cards: list[_Token]) -> list[_Token]:
    """The cards of one line, each at most once (``xx`` aside)."""
    seen: dict[Card, _Token] = {}
    for tok in cards:
        if tok.text == UNKNOWN:
            continue
        card = _card_of(tok)
        assert card is not None
        if card in seen:
            raise tok.error(f"{card} is twice in this line (column {seen[card].column} too)")
        seen[card] = tok
    return cards


def _play_words(deal: _Deal, words: list[_Token]) -> None:
    """``SEAT:CARD`` or ``SEAT:go``, each with an optional mark."""
    for word in words:
        word, mark = _mark(word)
        if not word.text and deal.play:  # a mark written apart from its move
            assert mark is not None
            deal.marks[("play", len(deal.play) - 1)] = mark
            continue
        seat, colon, move = word.text.partition(":")
        if not colon or not move:
            raise word.error(f"expected SEAT:CARD or SEAT:go in the play, got {word.text!r}")
        seat_tok = _Token(seat, word.line, word.column)
        _integer(seat_tok, "a seat", 0, 3)
        move_tok = _Token(move, word.line, word.column + len(seat) + 1)
        if mark is not None:
            deal.marks[("play", len(deal.play))] = mark
        deal.play.append((seat_tok, move_tok))


def _show_line(deal: _Deal, key: _Token, words: list[_Token]) -> _Show:
    """``show SEAT CARDS [= N] [count N] [claim SEAT:N]`` (``crib`` alike)."""
    show = _Show(key, _integer(words[0], "a seat", 0, 3), key.text == "crib", [])
    number = len(deal.shows)
    rest = iter(words[1:])
    word = next(rest, None)
    while word is not None and word.text not in ("=", "count", "claim"):
        show.cards.append(word)
        word = next(rest, None)
    _once(show.cards)
    while word is not None:
        after = next(rest, None)
        if after is None:
            raise word.error(f"expected a number after {word.text!r}")
        value, mark = _mark(after)
        if word.text == "=" and show.points is None:
            show.points = value
        elif word.text == "count" and show.count is None:
            show.count = value
        elif word.text == "claim" and show.claim is None:
            seat, colon, points = value.text.partition(":")
            if not colon:
                raise value.error(f"expected SEAT:POINTS after 'claim', got {value.text!r}")
            show.claim_seat = _Token(seat, value.line, value.column)
            show.claim = _Token(points, value.line, value.column + len(seat) + 1)
        else:
            raise word.error(f"expected '=', 'count' or 'claim' (each once), got {word.text!r}")
        if mark is not None:
            if word.text == "=":
                raise value.error("a mark goes after a count or a claim, not after '='")
            deal.marks[(word.text, number)] = mark
        word = next(rest, None)
    return show
