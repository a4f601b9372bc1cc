"""Bad text and records the rules refuse: a `NotationError` naming the line,
the column and what was expected (docs/notation.md, "Errors")."""

from __future__ import annotations

import pytest

from cribbage_fast import CribbageError, Game
from cribbage_fast.records import NotationError, read, write_text

HEADER = """[NumPlayers "2"]
[Muggins "no"]
[FirstDealer "cut"]
[Seed "0"]
"""
DEAL = """cut 8S 10S
deal 1 dealer 0
hand 0 3S 6S 7H 9D 10D KC
hand 1 2D 6C 7S 8S 9S JD
discard 1 2D JD
discard 0 9D 10D
starter 4D
play 1:6C 0:3S 1:7S 0:7H 1:8S
play 0:KC 1:9S 0:6S
show 1 6C 7S 8S 9S = 8
show 0 3S 6S 7H KC = 0
"""
TEXT = HEADER + DEAL
FIRST = len(HEADER.splitlines()) + 1  # the line of "cut"


def error(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        read(text)
    return caught.value


def test_the_base_text_parses() -> None:
    game = read(TEXT).game
    assert game.deal_number == 2 and game.phase == "discard"


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words"),
    [
        ("hand 1 2D 6C 7S 8S 9S JD", "hand 1 2D 6C 7S 8S 9S KC", 3, 23, "already seat 0"),
        ("play 1:6C 0:3S 1:7S 0:7H 1:8S", "play 1:9S 0:KC 1:8S 0:7H", 7, 23, "31"),
        ("show 1 6C 7S 8S 9S = 8", "show 1 6C 7S 8S 9S = 9", 9, 22, "hold 8, not 9"),
        ("play 1:6C 0:3S", "play 0:3S 1:6C", 7, 6, "expected seat 1"),
        ("starter 4D", "starter 5D", 6, 9, "the starter is 4D"),
        ("hand 0 3S 6S", "hand 0 3X 6S", 2, 8, "expected a card"),
        ("discard 0 9D 10D", "discard 0 9D", 5, 11, "expected 2 discarded"),
        ("play 0:KC 1:9S 0:6S", "play 0:KC 1:xx 0:6S", 8, 13, "face up"),
        ("show 0 3S 6S 7H KC = 0", "show 0 3S 6S 7H KC = 0 count 0", 10, 1, "muggins"),
        ("deal 1 dealer 0", "deal 1 dealer 1", 1, 1, "seat 0 deals"),
        ("deal 1 dealer 0", "deal 2 dealer 0", 1, 1, "expected the rest of deal 1"),
        ("hand 0 3S 6S 7H 9D 10D KC", "hand 0 3S 6S 7H 9D 10D QC", 2, 24, "not dealt QC"),
        ("cut 8S 10S", "cut 8S 9S", 0, 5, "the seed cuts 8S 10S"),
        ("play 0:KC 1:9S 0:6S", "play 0:KC 1:9S 0:6S?x", 8, 18, "expected a card"),
        ("play 0:KC 1:9S 0:6S", "play 0:KC 1:9S 0:6S!!?", 8, 16, "not an annotation mark"),
        ("starter 4D", "starter 4D 5D", 6, 12, "one card"),
        ("show 1 6C 7S 8S 9S = 8", "show 1 6C 7S 8S QS = 8", 9, 17, "QS"),
        ("show 1 6C 7S 8S 9S = 8", "show 1 6C 7S 8S = 8", 9, 1, "the 4 cards"),
        ("play 1:6C", "play 5:6C", 7, 6, "a seat"),
        ("play 1:6C", "play 1-6C", 7, 6, "SEAT:CARD"),
    ],
)
def test_errors_name_the_line_and_column(
    old: str, new: str, line: int, column: int, words: str
) -> None:
    assert old in DEAL
    err = error(HEADER + DEAL.replace(old, new, 1))
    assert (err.line, err.column) == (FIRST + line, column), str(err)
    assert words in str(err)
    assert str(err).startswith(f"line {err.line}, column {err.column}: ")
    assert isinstance(err, CribbageError) and isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('[NumPlayers "2"]\n[Colour "red"]\n', 2, "unknown tag 'Colour'"),
        ('[NumPlayers "2"]\n[NumPlayers "2"]\n', 2, "given twice"),
        ('[NumPlayers "5"]\n', 1, "2 to 4"),
        ('[NumPlayers "2"]\n[Muggins "maybe"]\n', 2, "yes or no"),
        ('[NumPlayers "2"]\n', 1, "the first dealer must be a seat"),
        ('[Seed "1"]\n', 1, "NumPlayers"),
        ('[NumPlayers "2"\n', 1, "tag line"),
        ('[NumPlayers "2"]\n[Seed "1"]\n[Result "0 121-100"]\n', 3, "result is '*'"),
        (HEADER + "starter 4D\n", FIRST, "deal line"),
        (HEADER + "deal 1 dealer 0\nplay 1:6C\nstarter 4D\n", FIRST + 2, "comes before"),
        (HEADER + "deal 1 dealer 0\nbid 3\n", FIRST + 1, "expected one of"),
        (HEADER + 'deal 1 dealer 0\n[Target "61"]\n', FIRST + 1, "expected one of"),
        (HEADER + "deal 1 dealer 0\ncut 8S 10S\n", FIRST + 1, "once, before the first deal"),
        (HEADER + "deal 1 dealer 0 supplied scores 5\n", FIRST, "deal"),
        ('[NumPlayers "2"]\n[FirstDealer "0"]\ndeal 1 dealer 0 supplied\n', 3, "Seed"),
        (HEADER + "deal 1 dealer 0\n" + "x" * 2000 + "\n", FIRST + 1, "at most"),
        ('[NumPlayers "2"]\n[Seed "99999999999999999999999"]\n', 2, "Seed"),
    ],
)
def test_header_and_layout_errors(text: str, line: int, words: str) -> None:
    err = error(text)
    assert err.line == line, str(err)
    assert words in str(err)


def test_a_finished_game_has_no_more_deals() -> None:
    game = Game(2, seed=1)
    game.playout(seed=1)
    text = write_text(game).replace('[Result "', '[Round "x"]\n[Result "')
    extra = text + "\ndeal 99 dealer 0\n"
    assert "game is over" in str(error(extra))


def test_muggins_needs_the_announced_count() -> None:
    game = Game(2, seed=2, muggins=True)
    game.playout(seed=2)
    text = write_text(game)
    broken = "\n".join(
        line.split(" count ")[0] if line.startswith("show") else line for line in text.splitlines()
    )
    assert "count N" in str(error(broken))


def test_the_writer_refuses_bad_tags_marks_and_views() -> None:
    game = Game(2, seed=1)
    for kwargs in (
        {"tags": {"Seed": "3"}},
        {"tags": {"Event": 'say "hi"'}},
        {"tags": {"Player2": "Cy"}},
        {"marks": {0: "?!?"}},
        {"view": 2},
    ):
        with pytest.raises(ValueError):
            write_text(game, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got int"):
        read(12)  # type: ignore[arg-type]
    # Bytes are UTF-8 text, read by the rule a str is read by.
    with pytest.raises(NotationError, match="line 1, column 1"):
        read(b"deal")


def test_a_tampered_record_is_refused_by_the_writer() -> None:
    game = Game(2, seed=1)
    game.playout(seed=1)
    record = game.to_record()
    record["moves"][3] = dict(record["moves"][3], card="KS")
    with pytest.raises(ValueError):
        write_text(record)


def test_typed_text_may_use_any_card_spelling_tabs_and_crlf() -> None:
    typed = "\ufeff" + TEXT.replace("10D", "td").replace("7H", "7♥").replace(
        "hand 0 ", "hand\t0  "
    ).replace("\n", "\r\n")
    assert read(typed).game.to_record() == read(TEXT).game.to_record()
