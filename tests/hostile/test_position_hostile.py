"""Game positions under hostile input (docs/game-positions.md): every text is
read or refused with a `PositionError` naming a field and its column (never
another exception, a panic or a hang), and every class of impossible
position is refused, by the text and by the `Position` constructor."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_fast import CribbageError, Game, GreedyPlayer, Position, RandomPlayer
from cribbage_fast.records import FIELDS, PositionError, parse_position, write_position

PLACES = (*FIELDS, "text")


@cache
def valid_texts() -> tuple[str, ...]:
    texts = []
    for seed in range(4):
        game = Game(2, seed=seed)
        players = [GreedyPlayer(), RandomPlayer(seed=seed)]
        while not game.is_over and len(texts) < 60 * (seed + 1):
            texts.append(write_position(game.position(reveal=seed % 2 == 0)))
            game.step(players[game.to_move])
    return tuple(texts)


def read_or_refuse(text: str) -> None:
    try:
        position = parse_position(text)
    except PositionError as err:
        assert err.field in PLACES, err
        assert 1 <= err.column <= max(len(text), 1) + 1, err
        assert str(err).startswith(f"{err.field} (column {err.column}): ")
    else:
        assert parse_position(write_position(position)) == position


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_random_text_is_read_or_refused_with_its_place(text: str) -> None:
    read_or_refuse(text)


WORDS = st.sampled_from(
    [
        "go",
        "-",
        "0",
        "31",
        "32",
        "99",
        "10S",
        "AS",
        "XX",
        "5H,5H",
        "d9",
        "v2",
        "m-1",
        "play",
        "discard",
        "show",
        "121-0/121",
        "0-0/30",
        "9" * 50,
        "0-0/121/muggins",
        ",",
        "5H,,6D",
    ]
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_valid_texts_are_read_or_refused_with_their_place(data: st.DataObject) -> None:
    words = data.draw(st.sampled_from(valid_texts())).split(" ")
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(words) - 1))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap", "char"]))
        if kind == "replace":
            words[i] = data.draw(WORDS)
        elif kind == "delete" and len(words) > 1:
            del words[i]
        elif kind == "insert":
            words.insert(i, data.draw(WORDS))
        elif kind == "swap":
            j = data.draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
        else:
            word = words[i]
            k = data.draw(st.integers(0, max(len(word) - 1, 0)))
            words[i] = word[:k] + data.draw(st.characters()) + word[k + 1 :]
    read_or_refuse(" ".join(words))


def test_huge_numbers_and_long_text_are_refused_by_field() -> None:
    good = "0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - - - 0"
    for text, field in [
        (good.replace("0-0/121", "9" * 5000 + "-0/121"), "text"),
        (good.replace("0-0/121", "99999-0/121"), "board"),
        (good.replace("0-0/121", "0-0/99999"), "board"),
        (good.replace("0-0/121", "0-0/5000"), "board"),
        (good.replace(" d0 ", " d18446744073709551616 "), "dealer"),
        (good.replace(" 0", " 123456789012345678901234567890"), "count"),
        (good + " x" * 300, "text"),
    ]:
        with pytest.raises(PositionError) as caught:
            parse_position(text)
        assert caught.value.field == field, caught.value


@pytest.mark.parametrize("value", [None, 7, b"0-0/121", ["0-0/121"]])
def test_text_of_the_wrong_type_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="position is text"):
        parse_position(value)  # type: ignore[arg-type]


# One impossible position of each class, as text, and the field named.
IMPOSSIBLE = [
    # a card twice: in the hand and as the starter; in the play twice
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 6C,7C 2C - 0", "hand"),
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 6C,7C 8C 2C,2C 4", "play"),
    ("0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,6C - - - 0", "hand"),
    # a count over 31, and a count the play does not make
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 6C,7C 8C - 40", "count"),
    ("0-0/121 d0 v1 m0 play 2C,3C,4C,5C 6C,7C 8C 2C 3", "count"),
    # a lay the rules forbid: past 31, a go with a card that fits, out of turn
    ("0-0/121 d0 v1 m1 play 10C,10D,10H,5C 6C,7C 8C 10C,KS,10D,go,5C 0", "play"),
    ("0-0/121 d0 v1 m0 play AC,2C,3C,4C 6C,7C 8C go 0", "play"),
    ("0-0/121 d0 v0 m0 play AC,2C,3C,4C 6C,7C 8C AC 1", "play"),
    # scores at or past the target
    ("121-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - - - 0", "board"),
    ("0-500/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - - - 0", "board"),
    # the wrong number of cards for the phase
    ("0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C - - - 0", "hand"),
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C,6C 7C,8C 9C - 0", "hand"),
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 7C,8C - - 0", "starter"),
    ("0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - 8C - 0", "starter"),
    ("0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - - 2C 2", "play"),
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 7C,8C 9C - 0 AS,AD", "other"),
    ("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 7C,8C 9C AH,AD,AS,KH,KD 0", "play"),
    # the wrong seat to move (the dealer discards last), points the deal
    # cannot have pegged
    ("0-0/121 d0 v1 m0 discard 2C,3C,4C,5C,6C,7C - - - 0", "to move"),
    ("0-0/121 d0 v0 m0 discard 2C,3C,4C,5C 6C,7C - - 0", "phase"),
    ("0-0/121 d0 v1 m1 play 5C,3C,4C,9C 6C,7C 8C 5C,10S 15", "board"),
    # not a seat, not a phase, not two players
    ("0-0/121 d2 v1 m1 discard 2C,3C,4C,5C,6C,7C - - - 0", "dealer"),
    ("0-0/121 d0 v1 m1 show 2C,3C,4C,5C,6C,7C - - - 0", "phase"),
    ("0-0-0/121 d0 v1 m1 discard 2C,3C,4C,5C,6C,7C - - - 0", "board"),
    # the other seat said go yet could hold no card bigger than the room
]


@pytest.mark.parametrize(("text", "field"), IMPOSSIBLE)
def test_every_impossible_position_is_refused_naming_the_field(text: str, field: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.field == field, caught.value
    assert (
        text[caught.value.column - 1 :].startswith(text.split(" ")[FIELDS.index(field)])
        or field == "text"
    )


def test_a_go_of_the_other_seat_that_no_hidden_cards_allow_is_refused() -> None:
    # Seat 0 said go at 2: every card fits, whatever it held.
    with pytest.raises(PositionError) as caught:
        parse_position("0-0/121 d0 v1 m1 play 2C,3C,4C,5C 6C,7C 8C 2C,go 2")
    assert caught.value.field == "play", caught.value
    assert "cannot say go" in str(caught.value)
    # At 22 it may hold only ten-cards: possible, and those are what it gets.
    position = parse_position("0-0/121 d0 v1 m1 play AC,10C,JC,QC 10H,JH QH 10C,2D,JC,go 22")
    for seed in range(30):
        held = Game.from_position(position, seed=seed).hand(0)
        assert len(held) == 3 and all(card.value == 10 for card in held)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"phase": 5, "hand": "2C 3C 4C 5C 6C 7C"}, TypeError),
        ({"phase": "play", "hand": 5}, TypeError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "scores": (2**70, 0)}, ValueError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "scores": "0 0"}, TypeError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "seat": 2**80}, ValueError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "dealer": -1}, ValueError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "count": 10**30}, ValueError),
        ({"phase": "play", "hand": "2C 3C 4C 5C", "play": [1.5]}, TypeError),
        ({"phase": "play", "hand": "2C 3C 4C 5C", "play": "2C stay"}, CribbageError),
        ({"phase": "discard", "hand": "2C 3C 4C 5C 6C 7C", "num_players": 3}, CribbageError),
    ],
)
def test_constructor_arguments_of_the_wrong_type_or_size(arguments: dict, error: type) -> None:
    with pytest.raises(error) as caught:
        Position(**arguments)
    assert not isinstance(caught.value, OverflowError)
