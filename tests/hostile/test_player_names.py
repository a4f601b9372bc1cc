"""Player names (`Game(names=...)`, the notation's ``Player`` tags, records,
the engine): a name round-trips through every record, and a hostile one (any
text Hypothesis makes up: control and format characters, quotes, line breaks,
long runs, space at the ends) is either kept exactly or refused with an error
naming the tag and its line, never written into a tag line it would break."""

from __future__ import annotations

import copy
import json
import pickle
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
from cribbage_fast.analysis.engine import answer
from cribbage_fast.records import NotationError, load, read, write_text

#: Text of any code point, short and long (the limit is 40).
HOSTILE = st.text(min_size=0, max_size=60) | st.text(
    alphabet=st.characters(codec="utf-8"), min_size=38, max_size=45
)


@cache
def played(names: tuple[str | None, ...] | None = None) -> Game:
    game = Game(2, seed=4, names=names)
    game.play([ExpertPlayer(), GreedyPlayer()])
    return game


def acceptable(name: str) -> bool:
    """What a name may be (docs/notation.md, "Player names")."""
    return (
        0 < len(name) <= 40
        and name.isprintable()
        and '"' not in name
        and "\\" not in name
        and name == name.strip()
    )


def test_without_names_nothing_changes() -> None:
    game = played()
    assert game.names == (None, None)
    assert "names" not in game.to_record()
    assert "[Player" not in write_text(game)
    assert read(write_text(game)).game.to_record() == game.to_record()


def test_names_round_trip_through_every_record() -> None:
    game = played(("Ann Lee", "Bob"))
    record = game.to_record()
    assert record["names"] == ["Ann Lee", "Bob"]
    assert Game.replay(record).names == ("Ann Lee", "Bob")
    assert Game.replay(json.dumps(record)).names == ("Ann Lee", "Bob")
    text = write_text(game)
    assert '[Player0 "Ann Lee"]' in text and '[Player1 "Bob"]' in text
    assert read(text).game.to_record() == record
    assert load(write_text(game)).names == ("Ann Lee", "Bob")
    for twin in (
        game.clone(),
        copy.copy(game),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game)),
    ):
        assert twin.names == ("Ann Lee", "Bob") and twin.to_record() == record


def test_one_named_seat_and_a_tag_that_overrides() -> None:
    game = played(("Ann", None))
    assert Game.replay(game.to_record()).names == ("Ann", None)
    text = write_text(game, tags={"Player1": "Cy"})
    assert read(text).game.names == ("Ann", "Cy")


@settings(max_examples=150, deadline=None)
@given(name=HOSTILE)
def test_a_hostile_name_is_kept_exactly_or_refused_by_game_and_record(name: str) -> None:
    if acceptable(name):
        game = Game(2, seed=1, names=[name, None])
        assert Game.replay(json.dumps(game.to_record())).names == (name, None)
        assert read(write_text(game)).game.names == (name, None)
        return
    with pytest.raises(ValueError, match=r"names\[0\]"):
        Game(2, seed=1, names=[name, None])
    record = Game(2, seed=1).to_record()
    record["names"] = [None, name]
    with pytest.raises(ValueError, match=r"the record's names: names\[1\]"):
        Game.replay(record)
    with pytest.raises(ValueError, match="Player1"):
        write_text(Game(2, seed=1), tags={"Player1": name})


@settings(max_examples=150, deadline=None)
@given(name=HOSTILE, line=st.integers(1, 3))
def test_a_hostile_player_tag_is_read_exactly_or_refused_at_its_line(name: str, line: int) -> None:
    tags = ['[Event "x"]', '[NumPlayers "2"]', '[FirstDealer "0"]']
    tags.insert(line - 1, f'[Player0 "{name}"]')
    text = "\n".join(tags) + "\n"
    try:
        parsed = read(text)
    except NotationError as err:
        assert err.line == line, (err, text)
        return
    assert acceptable(name), name
    assert parsed.game.names == (name, None)


def test_the_tag_errors_name_the_tag_and_the_line() -> None:
    for value, why in (
        ("", "1 to 40"),
        ("a" * 41, "1 to 40"),
        ("a\x07b", "printable"),
        (" a", "space"),
    ):
        with pytest.raises(
            NotationError, match=rf"line 2, column 1: the tag Player1's value .*{why}"
        ):
            read(f'[NumPlayers "2"]\n[Player1 "{value}"]\n[FirstDealer "0"]\n')
    with pytest.raises(NotationError, match=r"line 2.*Player2 names a seat a 2-player game lacks"):
        read('[NumPlayers "2"]\n[Player2 "Cy"]\n[FirstDealer "0"]\n')
    with pytest.raises(NotationError, match=r"line 1.*the tag Event's value must be printable"):
        read('[Event "a\x1bb"]\n[NumPlayers "2"]\n[FirstDealer "0"]\n')


def test_a_name_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"names\[1\] must be a string"):
        Game(2, names=["Ann", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="names must be a list"):
        Game(2, names="Ann")
    with pytest.raises(ValueError, match=r"one name \(or None\) per seat: 2, got 3"):
        Game(2, names=["a", "b", "c"])
    game = Game(2)
    with pytest.raises(ValueError, match=r"names\[0\]"):
        game.names = ["\n", None]
    assert game.names == (None, None)


@settings(max_examples=60, deadline=None)
@given(name=HOSTILE)
def test_the_engine_echoes_a_good_name_and_refuses_a_bad_one(name: str) -> None:
    record = Game(2, seed=2).to_record()
    record["names"] = [name, "Bob"]
    reply = json.loads(answer({"id": 1, "record": record, "budget": 8}))
    if acceptable(name):
        assert reply["status"] == "ok" and reply["names"] == [name, "Bob"]
    else:
        assert reply["status"] == "error" and "names[0]" in reply["error"]
    text = write_text(Game(2, seed=2, first_dealer=0)).replace(
        '[NumPlayers "2"]', f'[Player0 "{name}"]\n[NumPlayers "2"]'
    )
    reply = json.loads(answer({"id": 2, "record": text, "budget": 8}))
    if reply["status"] == "ok":
        assert acceptable(name) and reply["names"] == [name, None]
    else:
        assert "line 1" in reply["error"]


def test_the_engine_answers_without_names_as_before() -> None:
    reply = json.loads(answer({"id": 1, "record": Game(2, seed=2).to_record(), "budget": 8}))
    assert "names" not in reply
