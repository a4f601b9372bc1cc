"""Hostile text (docs/notation.md): truncations, swapped words and lines,
unknown tags, junk and huge inputs never panic or hang, and are never
silently accepted: either a `NotationError`, or a record the replay accepts
whose moves the text really holds."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import Game
from cribbage_fast.records import NotationError, read, write_text

from .test_roundtrip import ROUND_TRIP


@cache
def base(index: int) -> tuple[str, str]:
    """A simulated game's text and record JSON (2, 3, 4 players; muggins; supplied)."""
    game = ROUND_TRIP.simulated_game(index)
    return write_text(game), json.dumps(game.to_record())


GAMES = st.sampled_from([0, 1, 2, 3, 4, 5])


def accepted(text: str) -> dict | None:
    """The parsed record, else None for a NotationError; anything else fails."""
    try:
        record = read(text).game.to_record()
    except NotationError as err:
        assert err.line >= 1 and err.column >= 1
        return None
    Game.replay(record)  # a record the rules accept
    assert read(write_text(record)).game.to_record() == record
    return record


def swap(items: list[str], data: st.DataObject) -> tuple[list[str], bool]:
    """`items` with two drawn places swapped, and whether they differed."""
    i = data.draw(st.integers(0, len(items) - 1))
    j = data.draw(st.integers(0, len(items) - 1))
    out = list(items)
    out[i], out[j] = out[j], out[i]
    return out, items[i] != items[j]


@settings(max_examples=100)
@given(GAMES, st.floats(0, 1))
def test_truncations_are_refused_or_a_prefix(index: int, at: float) -> None:
    text, full = base(index)
    cut = text[: int(len(text) * at)]
    record = accepted(cut)
    if record is not None:
        moves = json.loads(full)["moves"]
        assert record["moves"] == moves[: len(record["moves"])]
        if len(record["moves"]) == len(moves):  # only optional show lines were cut
            assert json.dumps(record) == full


@settings(max_examples=100)
@given(GAMES, st.data())
def test_swapped_words_are_refused_or_replay(index: int, data: st.DataObject) -> None:
    text, full = base(index)
    words, changed = swap(text.split(" "), data)
    record = accepted(" ".join(words))
    if record is not None and changed:
        # a swap the rules allow is a different, legal game (two cards of one
        # hand, say); it never changes the header's settings unnoticed
        assert json.loads(full)["num_players"] == record["num_players"]


@settings(max_examples=100)
@given(GAMES, st.data())
def test_swapped_lines_are_refused_or_the_same_game(index: int, data: st.DataObject) -> None:
    text, full = base(index)
    lines, _ = swap(text.splitlines(), data)
    record = accepted("\n".join(lines))
    if record is not None:
        # only lines whose order carries nothing may move (two hands, two tags)
        assert json.dumps(record) == full


@settings(max_examples=100)
@given(GAMES, st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,12}", fullmatch=True), st.text(max_size=20))
def test_unknown_tags_are_refused(index: int, name: str, value: str) -> None:
    from cribbage_fast.records import TAGS

    text, _ = base(index)
    line = f'[{name} "{value}"]'
    record = accepted(line + "\n" + text)
    if record is not None:
        assert name in TAGS


@settings(max_examples=100)
@given(GAMES, st.data())
def test_junk_in_a_line_is_refused(index: int, data: st.DataObject) -> None:
    text, full = base(index)
    lines = text.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    junk = data.draw(st.text(min_size=1, max_size=30))
    lines[i] = lines[i] + " " + junk
    record = accepted("\n".join(lines))
    if record is not None:
        assert json.dumps(record) == full  # only a comment or blanks were added


@given(st.text(max_size=300))
def test_any_text_is_refused_or_a_game(text: str) -> None:
    accepted(text)


def test_huge_inputs_are_refused_quickly() -> None:
    text, full = base(0)
    assert json.dumps(accepted(text + ("# a comment\n" * 200_000))) == full
    for huge in (
        "x" * 5_000_000,
        text.replace("deal 1 ", "deal " + "9" * 5000 + " ", 1),
        '[NumPlayers "2"]\n[Seed "' + "9" * 100_000 + '"]\n',
        '[NumPlayers "2"]\n[Target "' + "9" * 50 + '"]\n[Seed "1"]\n',
        text + "play " + "0:5H " * 150 + "\n",
    ):
        assert accepted(huge) is None


@cache
def view_text(index: int) -> str:
    return write_text(ROUND_TRIP.simulated_game(index), view=index % 2)


@settings(max_examples=100)
@given(GAMES, st.data())
def test_view_texts_with_swapped_words_are_refused_or_replay(
    index: int, data: st.DataObject
) -> None:
    words, _ = swap(view_text(index).split(" "), data)
    accepted(" ".join(words))


@settings(max_examples=100)
@given(GAMES, st.floats(0, 1))
def test_view_texts_truncated_are_refused_or_replay(index: int, at: float) -> None:
    text = view_text(index)
    accepted(text[: int(len(text) * at)])
