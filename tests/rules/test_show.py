"""Every worked example of the rules texts, through the Rust core and the reference."""

from collections.abc import Callable

import pytest

import cribbage_fast as cf
from cribbage_fast import reference

Scorer = Callable[..., int]
SCORERS = [pytest.param(cf.score_hand, id="rust"), pytest.param(reference.score_hand, id="ref")]

# (hand, starter, crib, total, why) — docs/rules.md "The show" and the two rule texts.
WORKED = [
    ("5H 5D 5C JS", "5S", False, 29, "the maximum: 16 fifteens, 12 pairs, nobs"),
    ("4S 5H 5D 6C", "KS", False, 16, "scoring-explained worked example"),
    ("6H 7D 7C 8S", "KS", False, 12, "double run 8 + two fifteens"),
    ("7H 8D 8C 8S", "9S", False, 21, "triple run 15 + three fifteens"),
    ("3H 4D 4C 5S", "KS", False, 10, "double run of 3 = 8, + 5-K fifteen"),
    ("3H 4D 5C 5S", "6S", False, 14, "double run of 4 = 10, + two fifteens"),
    ("3H 3D 3C 4S", "5S", False, 21, "triple run = 15, + three fifteens"),
    ("3H 4D 4C 5S", "5D", False, 16, "double-double run = 16, no fifteens"),
    ("2H 4H 6H 8H", "KS", False, 4, "4-card flush in hand"),
    ("2H 4H 6H 8H", "KS", True, 0, "4-card flush in a crib scores nothing"),
    ("2H 4H 6H 8H", "QH", False, 5, "5-card flush in hand"),
    ("2H 4H 6H 8H", "QH", True, 5, "5-card flush in a crib"),
    ("JH 2C 4D 8S", "KH", False, 1, "nobs: jack in hand of the starter's suit"),
    ("2C 4D 8S KH", "JH", False, 0, "the starter jack is not nobs"),
    ("JH 2C 4D 8S", "KS", False, 0, "a jack of another suit is not nobs"),
    ("QH KD AC 4S", "8C", False, 4, "Q-K-A is not a run: only Q-A-4 and K-A-4 fifteens"),
    ("AH 2D 3C 8S", "8H", False, 5, "A-2-3 is a run (ace low) + a pair"),
    ("5H 10D JC QS", "KH", False, 12, "a five with four ten-cards: 4 fifteens + run of 4"),
    ("2C 4D 6S 8H", "QC", False, 0, "a nineteen hand"),
]


@pytest.mark.parametrize("score", SCORERS)
@pytest.mark.parametrize(("hand", "starter", "crib", "total", "why"), WORKED)
def test_worked_examples(
    score: Scorer, hand: str, starter: str, crib: bool, total: int, why: str
) -> None:
    assert score(hand, starter, crib=crib) == total, why


def test_breakdown_of_the_worked_example() -> None:
    b = cf.explain_hand("4S 5H 5D 6C", "KS")
    assert (b.total, b.fifteens, b.pairs, b.runs, b.flush, b.nobs) == (16, 8, 2, 6, 0, 0)
    assert str(b) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, "
        "and a pair is ten, and a double run is sixteen"
    )
    assert len(b) == len(b.items) == 4 + 1 + 2
    assert {item.kind for item in b.items} == {"fifteen", "pair", "run"}
    runs = [item for item in b.items if item.kind == "run"]
    assert sorted(tuple(map(str, r.cards)) for r in runs) == [
        ("4S", "5D", "6C"),
        ("4S", "5H", "6C"),
    ]


def test_q_k_a_is_not_a_run() -> None:
    assert cf.explain_hand("QH KD AC 4S", "8C").runs == 0
    assert cf.explain_hand("QH KD JC 4S", "8C").runs == 3


def test_runs_are_counted_at_their_longest_only() -> None:
    b = cf.explain_hand("3H 4D 5C 6S", "7S")
    assert [(i.kind, i.points) for i in b.items if i.kind == "run"] == [("run", 5)]


@pytest.mark.parametrize(
    ("hand", "starter", "spoken"),
    [
        ("5H 5D 5C JS", "5S", "and a double pair royal is twenty-eight, and one for his nob"),
        ("3H 3D 3C 4S", "5S", "fifteen six, and a pair royal is twelve, and a triple run is"),
        ("3H 4D 4C 5S", "5D", "two pairs is four, and a double double run is sixteen"),
        ("3H 4D 5C 5S", "6S", "and a double run of four is fourteen"),
        ("2H 4H 6H 8H", "QH", "a flush of five is five"),
        ("2C 4D 6S 8H", "QC", "nineteen"),
    ],
)
def test_spoken_counts(hand: str, starter: str, spoken: str) -> None:
    assert spoken in str(cf.explain_hand(hand, starter))


def test_crib_flag_only_changes_the_flush() -> None:
    assert cf.explain_hand("2H 4H 6H 8H", "KS", crib=True).flush == 0
    assert cf.explain_hand("2H 4H 6H 8H", "KS").flush == 4
    assert cf.explain_hand("2H 4H 6H 8H", "KS", crib=True).crib is True


@pytest.mark.parametrize("heels", [cf.his_heels, reference.his_heels])
def test_his_heels(heels: Callable[[str], int]) -> None:
    assert heels("JD") == 2
    assert heels("QD") == 0
    assert heels("AS") == 0


def test_to_dict_is_json_ready() -> None:
    d = cf.explain_hand("5H 5D 5C JS", "5S").to_dict()
    assert d["total"] == 29 and d["fifteens"] == 16 and d["pairs"] == 12 and d["nobs"] == 1
    assert d["hand"] == "5H 5D 5C JS" and d["starter"] == "5S"
    assert sum(item["points"] for item in d["items"]) == 29


def test_accepts_card_objects_text_and_mixed() -> None:
    hand = cf.cards("5H 5D 5C JS")
    assert cf.score_hand(hand, cf.Card("5S")) == 29
    assert cf.score_hand(["5H", "5D", cf.Card("5C"), "JS"], "5S") == 29
    assert cf.score_hand(tuple(hand), "5s") == 29
