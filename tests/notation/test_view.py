"""Records from one seat's view (docs/notation.md, "Unknown cards"): a
hand-written record of a real game with unknown cards parses, replays and is
analysed from the recording seat's view; filled cards are listed, never the
recording seat's own; the seat's analysis does not depend on the filling."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
from cribbage_fast.analysis.analyze import analyze_game
from cribbage_fast.records import UNKNOWN, NotationError, read, write_text

REAL = Path(__file__).resolve().parents[1] / "data" / "notation" / "real_game.txt"
QUICK = {"budget": 8, "precision": 0.05, "seed": 1}


def test_the_real_game_parses_and_replays() -> None:
    text = REAL.read_text(encoding="utf-8")
    assert UNKNOWN in text and "Seed" not in text
    parsed = read(text)
    assert parsed.view == 0 and parsed.tags["Player1"] == "Bob"
    assert parsed.filled and all(f.seat != 0 for f in parsed.filled)
    game = parsed.game
    assert game.winner == 0 and game.scores == [123, 108]
    assert all(m["move"] == "deal" for m in parsed.game.moves() if m["seat"] is None)
    assert set(parsed.marks.values()) == {"?!", "!"}


def test_the_real_game_is_analysed_from_the_recording_seat() -> None:
    parsed = read(REAL.read_text(encoding="utf-8"))
    a = analyze_game(parsed.game, seats=[parsed.view], **QUICK)
    mine = [m for m in parsed.game.moves() if m["seat"] == 0 and m["move"] != "deal"]
    assert {d.seat for d in a.decisions} == {0} and len(a.decisions) == len(mine)
    assert a.luck == [] and a.seats == (0,)
    assert a.players[1].decisions == 0
    assert "luck is not analysed" in a.report()


@pytest.mark.parametrize("seat", [0, 1])
def test_the_view_analysis_does_not_depend_on_the_filling(seat: int) -> None:
    game = Game(2, seed=3)
    game.play([ExpertPlayer(), GreedyPlayer()])
    full = [d for d in analyze_game(game, **QUICK).decisions if d.seat == seat]
    for fill_seed in (0, 1):
        parsed = read(write_text(game, view=seat), seed=fill_seed)
        view = analyze_game(parsed.game, seats=[seat], **QUICK).decisions
        assert [(d.played, d.equities) for d in view] == [(d.played, d.equities) for d in full]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_view_texts_keep_the_seats_moves_and_the_result(n: int) -> None:
    for s in range(12):
        game = Game(n, seed=s, muggins=s % 2 == 1)
        game.play([ExpertPlayer() if i % 2 else GreedyPlayer() for i in range(n)])
        seat = s % n
        record = read(write_text(game, view=seat), seed=s).game.to_record()
        ours = [m for m in game.moves() if m["seat"] == seat or m["move"] != "discard"]
        theirs = [m for m in record["moves"] if m["move"] != "deal"]
        theirs = [m for m in theirs if m["seat"] == seat or m["move"] != "discard"]
        assert ours == theirs
        assert record["events"][-1] == game.events()[-1]


def test_the_writer_hides_what_the_seat_never_saw() -> None:
    game = Game(2, seed=8)
    game.play([ExpertPlayer(), ExpertPlayer()])
    text = write_text(game, view=1)
    for line in text.splitlines():
        if line.startswith("discard 0"):
            assert line == "discard 0 xx xx"
    assert '[View "1"]' in text and "Seed" not in text


def test_unknown_cards_the_record_contradicts_are_refused() -> None:
    text = """[NumPlayers "2"]
[FirstDealer "0"]
deal 1 dealer 0
hand 1 5H 5D 5C JS 6H 7H
discard 1 6H 7H
starter 5S
play 1:5H 0:KD 1:5D 0:QD 1:go 0:go
"""
    with pytest.raises(NotationError) as err:
        read(text)
    assert err.value.line == 7


def test_a_seat_without_room_for_a_crib_card_is_refused() -> None:
    text = """[NumPlayers "2"]
[FirstDealer "0"]
deal 1 dealer 0
hand 0 AS 2S 3S 4S 8D 9D
hand 1 5H 5D 5C JS 6H 7H
discard 0 8D 9D
discard 1 6H 7H
starter 5S
crib 0 8D 9D 6H KC
"""
    with pytest.raises(NotationError, match="KC"):
        read(text)


def test_seats_must_be_seats_of_the_game() -> None:
    game = Game(2, seed=3)
    game.play([ExpertPlayer(), GreedyPlayer()])
    for bad in ([2], [], [True]):
        with pytest.raises((ValueError, TypeError), match="seats"):
            analyze_game(game, seats=bad, **QUICK)


def test_a_text_with_a_view_tag_is_analysed_from_that_seat() -> None:
    a = analyze_game(REAL.read_text(encoding="utf-8"), **QUICK)
    assert a.seats == (0,) and {d.seat for d in a.decisions} == {0}
    both = analyze_game(
        read(REAL.read_text(encoding="utf-8")).game.to_record(), seats=[0, 1], **QUICK
    )
    assert both.seats == (0, 1) and both.luck
