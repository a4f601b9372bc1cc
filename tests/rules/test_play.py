"""The play (docs/rules.md, "The play"): every row of the play table and its edge
cases, through the Rust core and the pure-Python reference alike."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import cribbage_fast as cf
from cribbage_fast import reference

SCORERS = [pytest.param(cf.score_play, id="rust"), pytest.param(reference.score_play, id="ref")]
EXPLAINERS = [
    pytest.param(cf.explain_play, id="rust"),
    pytest.param(reference.explain_play, id="ref"),
]
ENGINES = [pytest.param(cf.Pegging, id="rust"), pytest.param(reference.Pegging, id="ref")]

# (pile, points, spoken) — the last card of the pile scores.
PILES = [
    ("10S 5H", 2, "fifteen for 2"),
    ("KS QH 6D 5D", 2, "thirty-one for 2"),  # 31 is 2, never 2 + 1 for go
    ("5S 5H", 2, "a pair for 2"),
    ("2S 2H 2D", 6, "a pair royal for 6"),
    ("2S 2H 2D 2C", 12, "a double pair royal for 12"),
    ("5S 5H 5D", 8, "fifteen for 2, a pair royal for 6"),
    ("7S 4H 4D", 4, "fifteen for 2, a pair for 2"),
    ("KS 9D 6H 6C", 4, "thirty-one for 2, a pair for 2"),
    ("KS 8D 6H 7C", 5, "thirty-one for 2, a run of 3 for 3"),
    ("4S 6H 5D", 5, "fifteen for 2, a run of 3 for 3"),  # the 4-6-5
    ("7S 9H 8D 6C", 4, "a run of 4 for 4"),  # 7-9-8-6, any order
    ("AS 2H 3D", 3, "a run of 3 for 3"),  # ace low
    ("3S 5H 4D 7C 6S", 5, "a run of 5 for 5"),
    ("AS 2D 3C 4H 5S 6D 7H", 7, "a run of 7 for 7"),
    ("2S 3H 4D 5C", 4, "a run of 4 for 4"),  # the longest run only
    ("3S 4H 4D 5C", 0, "no points"),  # a pair between the cards breaks the run
    ("AS 2H 3D KC 4S", 0, "no points"),  # an unrelated card breaks the run
    ("KS QH AD 2C 3S", 3, "a run of 3 for 3"),  # ... but a fresh run after it counts
    ("QH KS AD", 0, "no points"),  # Q-K-A is not a run
    ("5S 6H 5D", 0, "no points"),  # a pair needs the two most recent cards
    ("5S 5H 6D", 0, "no points"),
    ("KS", 0, "no points"),
]


@pytest.mark.parametrize("score", SCORERS)
@pytest.mark.parametrize(("pile", "points", "spoken"), PILES)
def test_score_play_table(score: Callable[[str], int], pile: str, points: int, spoken: str) -> None:
    assert score(pile) == points


@pytest.mark.parametrize("explain", EXPLAINERS)
@pytest.mark.parametrize(("pile", "points", "spoken"), PILES)
def test_explain_play_table(
    explain: Callable[[str], Any], pile: str, points: int, spoken: str
) -> None:
    b = explain(pile)
    assert str(b) == spoken
    assert b.total == points == sum(i.points for i in b.items)
    assert len(b) == len(b.items)
    assert b.count == sum(cf.Card(c).value for c in pile.split())
    assert [str(i) for i in b.items] == ([] if points == 0 else spoken.split(", "))
    assert b.to_dict()["total"] == points


def test_explain_play_objects() -> None:
    b = cf.explain_play(["4S", cf.Card("6H"), "5d"])
    assert [(i.kind, i.points) for i in b.items] == [("fifteen", 2), ("run", 3)]
    assert b.pile == tuple(cf.cards("4S 6H 5D"))
    assert repr(b) == "PlayBreakdown(pile=(Card('4S'), Card('6H'), Card('5D')), count=15, total=5)"
    assert repr(b.items[1]) == "PlayItem(kind='run', points=3)"
    assert b == cf.explain_play("4S 6H 5D")
    kinds = [
        i.kind
        for p in ("5S 5H", "2S 2H 2D", "2S 2H 2D 2C", "KS QH 6D 5D")
        for i in cf.explain_play(p).items
    ]
    assert kinds == ["pair", "pair_royal", "double_pair_royal", "thirty_one"]
    assert b.to_dict() == reference.explain_play("4S 6H 5D").to_dict()


@pytest.mark.parametrize("score", SCORERS)
@pytest.mark.parametrize(
    ("pile", "message"),
    [
        ("", "empty"),
        ("5H 5H", "5H appears more than once"),
        ("KS QS JS 5C", "past 31"),
        ("5X", "unknown card"),
    ],
)
def test_bad_piles(score: Callable[[str], int], pile: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score(pile)


# --- the engine ---------------------------------------------------------------


def log(events: Any) -> list[str]:
    """Events as compact lines: "seat kind card count points"."""
    return [
        f"{e.seat} {e.kind} {e.card if e.card is not None else '-'} {e.count} {e.points}"
        for e in events
    ]


def run(engine: Any, hands: list[str], moves: str, leader: int = 0) -> Any:
    play = engine(hands, leader)
    for move in moves.split():
        play.play(move)
    return play


def snapshot(play: Any) -> tuple[Any, ...]:
    return (
        play.to_move,
        play.count,
        [str(c) for c in play.pile],
        [[str(c) for c in h] for h in play.hands],
        play.points,
        play.said_go,
        play.is_over,
        [str(m) for m in play.legal_moves()],
        [e.to_dict() for e in play.events],
    )


@pytest.mark.parametrize("engine", ENGINES)
def test_go_at_30_nobody_can_lay_the_last_to_lay_pegs_1(engine: Any) -> None:
    play = run(engine, ["KS QS 5H 4H", "KD 9C 8C 7C"], "KS KD QS")
    assert log(play.events) == [
        "0 lay KS 10 0",
        "1 lay KD 20 2",
        "0 lay QS 30 0",
        "0 go_point - 30 1",
    ]
    assert play.events[-1].reasons == ("go for 1",)
    assert (play.count, play.pile, play.points) == (0, (), (1, 2))
    assert play.to_move == 1  # the seat after the last to lay leads the next count


@pytest.mark.parametrize("engine", ENGINES)
def test_go_at_30_then_31_scores_2_not_3(engine: Any) -> None:
    play = run(engine, ["KS QS AH 5H", "KD 9C 8C 7C"], "KS KD QS")
    assert (play.to_move, play.legal_moves()) == (1, ["go"])
    with pytest.raises(ValueError, match="past 31"):
        play.lay("9C")
    assert log(play.go()) == ["1 go - 30 0"]
    assert play.said_go == (1,)
    assert log(play.lay("AH")) == ["0 lay AH 31 2"]
    assert play.events[-1].reasons == ("thirty-one for 2",)
    assert (play.points, play.count, play.to_move, play.said_go) == ((2, 2), 0, 1, ())


@pytest.mark.parametrize("engine", ENGINES)
def test_after_go_the_other_keeps_laying_and_scores(engine: Any) -> None:
    play = run(engine, ["KS 4H 2H 3H", "JD 9C 9D 9S"], "KS JD 4H go 2H 3H")
    assert log(play.events) == [
        "0 lay KS 10 0",
        "1 lay JD 20 0",
        "0 lay 4H 24 0",
        "1 go - 24 0",
        "0 lay 2H 26 0",
        "0 lay 3H 29 3",  # a run of 3 after the go
        "0 go_point - 29 1",
    ]
    assert play.to_move == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_a_seat_that_said_go_lays_no_more_in_that_count(engine: Any) -> None:
    play = run(engine, ["KS 9H AC AD", "QD 5C 6C 7C"], "KS QD 9H go")
    assert play.to_move == 0
    play.lay("AC")
    assert play.to_move == 0  # seat 1 said go: seat 0 lays again
    assert log(play.lay("AD")) == ["0 lay AD 31 4"]  # a pair and thirty-one
    assert play.to_move == 1 and play.said_go == ()


@pytest.mark.parametrize("engine", ENGINES)
def test_last_card_and_a_seat_out_of_cards_is_skipped(engine: Any) -> None:
    play = run(engine, ["5H", "6D 4C 2S"], "5H 6D")
    assert play.to_move == 1  # seat 0 is out of cards
    play.lay("4C")
    assert play.to_move == 1
    assert log(play.lay("2S")) == ["1 lay 2S 17 0", "1 last_card - 17 1"]
    assert play.events[2].reasons == ("fifteen for 2", "a run of 3 for 3")
    assert play.events[-1].reasons == ("last card for 1",)
    assert (play.is_over, play.to_move, play.points, play.legal_moves()) == (True, None, (0, 6), [])


@pytest.mark.parametrize("engine", ENGINES)
def test_last_card_at_31_scores_only_the_31(engine: Any) -> None:
    play = run(engine, ["KS 10S", "QS AS"], "KS QS 10S AS")
    assert log(play.events)[-1] == "1 lay AS 31 2"
    assert play.is_over and play.points == (0, 2)


@pytest.mark.parametrize("engine", ENGINES)
def test_three_seats_two_say_go_in_turn(engine: Any) -> None:
    play = run(engine, ["KS 9H", "QS 8H", "5S 3C 2C"], "KS QS 5S go go 3C 2C")
    assert log(play.events) == [
        "0 lay KS 10 0",
        "1 lay QS 20 0",
        "2 lay 5S 25 0",
        "0 go - 25 0",
        "1 go - 25 0",
        "2 lay 3C 28 0",
        "2 lay 2C 30 0",
        "2 go_point - 30 1",
    ]
    assert play.to_move == 0  # seat 2 is out; the seat after it leads


@pytest.mark.parametrize("engine", ENGINES)
def test_the_leader_out_of_cards_is_skipped(engine: Any) -> None:
    assert engine(["", "5H", "6H"], 0).to_move == 1
    assert engine(["7D", "5H", ""], 2).to_move == 0
    empty = engine([[], []], 1)
    assert empty.is_over and empty.events == () and empty.to_move is None


@pytest.mark.parametrize("engine", ENGINES)
def test_four_seats_report_points_per_seat(engine: Any) -> None:
    play = run(engine, ["5H", "5D", "5C", "5S"], "5H 5D 5C 5S")
    # pair 2, pair royal 6 + fifteen 2, double pair royal 12 + last card 1
    assert play.points == (0, 2, 8, 13)
    assert log(play.events)[-2:] == ["3 lay 5S 20 12", "3 last_card - 20 1"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_whole_two_seat_play(engine: Any) -> None:
    play = run(engine, ["3H 4D 6C 10S", "2S 5C 9D KH"], "3H 2S 4D 5C 6C 9D 10S KH", leader=0)
    assert log(play.events) == [
        "0 lay 3H 3 0",
        "1 lay 2S 5 0",
        "0 lay 4D 9 3",  # 2-3-4
        "1 lay 5C 14 4",  # 2-3-4-5
        "0 lay 6C 20 5",  # 2-3-4-5-6
        "1 lay 9D 29 0",
        "1 go_point - 29 1",  # 10S and KH pass 31
        "0 lay 10S 10 0",  # seat 0 leads after seat 1 laid last
        "1 lay KH 20 0",
        "1 last_card - 20 1",
    ]
    assert play.points == (8, 6)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("moves", "bad", "message"),
    [
        ("KS KD", "9C", "seat 0 to move does not hold 9C"),
        ("KS KD", "2D", "seat 0 to move does not hold 2D"),
        ("KS KD", "go", "seat 0 cannot say go at count 20: it can lay AH 5H"),
        ("KS KD QS go", "5H", "cannot lay 5H: the count would go from 30 to 35, past 31"),
        ("", "go", "seat 0 cannot say go at count 0"),
    ],
)
def test_illegal_moves_leave_the_play_unchanged(
    engine: Any, moves: str, bad: str, message: str
) -> None:
    play = run(engine, ["KS QS AH 5H", "KD 9C 8C 7C"], moves)
    before = snapshot(play)
    with pytest.raises(ValueError, match=message) as err:
        play.play(bad)
    assert type(err.value).__name__ == "IllegalMove"
    assert snapshot(play) == before


@pytest.mark.parametrize("engine", ENGINES)
def test_no_move_after_the_play_is_over(engine: Any) -> None:
    play = run(engine, ["5H", "6D"], "5H 6D")
    before = snapshot(play)
    for bad in ("go", "5H", "KS"):
        with pytest.raises(ValueError, match="the play is over"):
            play.play(bad)
    assert snapshot(play) == before


def test_rust_illegal_move_is_the_public_exception() -> None:
    play = cf.Pegging(["5H", "6D"])
    with pytest.raises(cf.IllegalMove, match=r"\(seat 1 holds it\)"):
        play.lay("6D")
    assert issubclass(cf.IllegalMove, ValueError)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("hands", "leader", "error", "message"),
    [
        (["5H"], 0, ValueError, "2, 3 or 4 hands"),
        (["5H", "6H", "7H", "8H", "9H"], 0, ValueError, "2, 3 or 4 hands"),
        (["5H", "6H"], 2, ValueError, "leader must be a seat"),
        (["5H", "6H"], -1, ValueError, "leader must be a seat"),
        (["5H 6H", "6H"], 0, ValueError, "6H"),
        (["5H 5H", "6H"], 0, ValueError, "5H"),
        (["AH 2H 3H 4H 5H 6H 7H", "KS"], 0, ValueError, "seat 0 holds 7 cards"),
        (["5H", "6X"], 0, ValueError, "unknown card"),
        (["5H", [5]], 0, TypeError, "expected a Card"),
        ("5H 6H", 0, TypeError, "one hand per seat"),
    ],
)
def test_bad_deals(engine: Any, hands: Any, leader: int, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        engine(hands, leader)


@pytest.mark.parametrize("engine", ENGINES)
def test_clones_are_independent(engine: Any) -> None:
    play = run(engine, ["5H 6H", "5D 6D"], "5H")
    for other in (play.clone(), copy.copy(play), copy.deepcopy(play)):
        before = snapshot(play)
        other.lay("5D")
        assert snapshot(play) == before
        assert other.points == (0, 2) and play.points == (0, 0)


def test_rust_events_and_state_objects() -> None:
    play = cf.Pegging(["4S 6H", "5D 9C"], leader=1)
    assert repr(play) == "Pegging(seats=2, to_move=1, count=0, pile=(), points=(0, 0))"
    play.lay("5D")
    (event,) = play.lay(cf.Card("6H"))
    assert event.card == cf.Card("6H") and event.kind == "lay" and event.count == 11
    (event,) = play.play("9c")
    assert (event.seat, event.card, event.count) == (1, cf.Card("9C"), 20)
    play = run(cf.Pegging, ["KS QS AH", "KD 9C"], "KS KD QS")
    (event,) = play.go()
    assert event.to_dict() == {
        "seat": 1,
        "kind": "go",
        "card": None,
        "count": 30,
        "points": 0,
        "reasons": [],
    }
    assert repr(event) == "PlayEvent(seat=1, kind='go', card=None, count=30, points=0, reasons=())"
    play = cf.Pegging(["4S 6H", "5D 9C"], leader=0)
    play.lay("4S")
    play.lay("5D")
    (event,) = play.lay("6H")
    assert event.to_dict() == {
        "seat": 0,
        "kind": "lay",
        "card": "6H",
        "count": 15,
        "points": 5,
        "reasons": ["fifteen for 2", "a run of 3 for 3"],
    }
    assert repr(event) == (
        "PlayEvent(seat=0, kind='lay', card=Card('6H'), count=15, points=5, "
        "reasons=('fifteen for 2', 'a run of 3 for 3'))"
    )
    assert [(i.kind, i.points) for i in event.items] == [("fifteen", 2), ("run", 3)]
    assert event == play.events[-1] and hash(event) == hash(play.events[-1])
    with pytest.raises(AttributeError):
        event.points = 9  # type: ignore[misc]
    assert play.hands == ((), (cf.Card("9C"),))
    assert play.pile == tuple(cf.cards("4S 5D 6H"))
    assert play == play.clone()
    assert play.seats == 2
