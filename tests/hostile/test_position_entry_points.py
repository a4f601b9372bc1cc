"""The entry points that take a game position, under hostile input (docs/
game-positions.md): `hint` on random and mutated position texts, on bytes
and on values of the wrong type; `play_out`; `records.read` given a
position; the engine's ``position`` field. Always a clear exception
(`PositionError`, `ValueError`, `TypeError` naming the problem) or an
answer, never a panic or a hang."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage_fast import Game, GreedyPlayer, RandomPlayer, hint, play_out
from cribbage_fast.analysis.engine import answer
from cribbage_fast.exceptions import PositionError
from cribbage_fast.records import as_position, is_position, read, write_position

QUICK = {"budget": 1, "precision": 0.5, "seed": 1}


@cache
def valid_texts() -> tuple[str, ...]:
    texts = []
    for seed in range(3):
        game = Game(2, seed=seed)
        players = [GreedyPlayer(), RandomPlayer(seed=seed)]
        while not game.is_over and len(texts) < 40 * (seed + 1):
            texts.append(write_position(game.position(reveal=seed == 1)))
            game.step(players[game.to_move])
    return tuple(texts)


def hint_or_refuse(value: object) -> None:
    try:
        h = hint(value, **QUICK)  # type: ignore[arg-type]
    except PositionError as err:
        assert err.field and err.column >= 1, err
    except (ValueError, TypeError) as err:
        assert str(err), type(err)
    else:
        assert h.options and all(0.0 <= o.equity <= 1.0 for o in h.options)


def mutate(text: str, data: st.DataObject) -> str:
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(chars) - 1))
        kind = data.draw(st.sampled_from(["replace", "delete", "insert"]))
        if kind == "replace":
            chars[i] = data.draw(st.characters())
        elif kind == "delete" and len(chars) > 1:
            del chars[i]
        else:
            chars.insert(i, data.draw(st.sampled_from([",", " ", "go", "5H", "9", "-"])))
    return "".join(chars)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_position_texts_get_a_hint_or_a_clear_error(data: st.DataObject) -> None:
    text = mutate(data.draw(st.sampled_from(valid_texts())), data)
    hint_or_refuse(text)
    hint_or_refuse(text.encode("utf-8", errors="surrogatepass"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=120), st.binary(max_size=120)))
def test_random_text_and_bytes_get_a_clear_error(value: str | bytes) -> None:
    hint_or_refuse(value)
    hint_or_refuse(b"0-0/121 " + value if isinstance(value, bytes) else "0-0/121 " + value)


@pytest.mark.parametrize("value", [None, 7, 1.5, ["0-0/121"], object()])
def test_values_of_the_wrong_type_are_type_errors(value: object) -> None:
    with pytest.raises(TypeError):
        hint(value, **QUICK)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        play_out(value, ("greedy", "greedy"), games=1)  # type: ignore[arg-type]


def test_bytes_that_are_not_utf8_name_the_byte() -> None:
    with pytest.raises(ValueError, match="not UTF-8 text \\(byte 8 is 0x"):
        hint(b"0-0/121 \xff d0", **QUICK)


def test_records_read_refuses_a_position_pointing_to_positions() -> None:
    text = valid_texts()[3]
    assert is_position(text) and is_position(text.encode())
    for value in (text, text.encode(), as_position(text)):
        with pytest.raises(ValueError, match=r"game position, not a game record.*parse_position"):
            read(value)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_play_out_takes_a_position_or_refuses_it_clearly(data: st.DataObject) -> None:
    text = mutate(data.draw(st.sampled_from(valid_texts())), data)
    players = data.draw(
        st.sampled_from([("greedy", "random"), ("greedy",), "greedy", ("greedy", "nobody")])
    )
    try:
        stats = play_out(text, players, games=2, seed=1, threads=1)  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        assert str(err)
    else:
        assert stats.games == 2 and sum(stats.wins) == 2


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_engine_answers_every_position_query(data: st.DataObject) -> None:
    text = data.draw(
        st.one_of(
            st.sampled_from(valid_texts()).map(lambda t: mutate(t, data)),
            st.text(max_size=60),
            st.integers(),
            st.none(),
        )
    )
    query = {"id": 1, "position": text, **QUICK}
    reply = json.loads(answer(query))
    assert reply["id"] == 1 and reply["status"] in ("ok", "error"), reply
    if reply["status"] == "ok":
        assert reply["decisions"][0]["best"], reply
    else:
        assert reply["error"], reply
