"""Each theme is given by its rule (cribbage_fast/puzzles/themes.py) at
positions made for it, and withheld where the rule does not hold."""

from __future__ import annotations

import pytest

from cribbage_fast import Game, Move, best_discard
from cribbage_fast.puzzles.themes import NEAR_THE_END, THEMES, themes_of
from cribbage_fast.records import parse_position


def at(text: str) -> Game:
    return Game.from_position(parse_position(text), seed=1)


PAIRS = "2-0/121 d0 v1 m1 play 5D,5S,9S,KH 2C,3C 8H 5S,5H 10"


@pytest.mark.parametrize(
    ("position", "answer", "runner_up", "themes"),
    [
        (PAIRS, "5D", "KH", ("fifteen", "pair royal")),
        (PAIRS, "KH", "5D", ("holding back",)),
        (
            "119-118/121 d0 v1 m1 play 5D,5S,9S,KH 2C,3C 8H 5S,5H 10",
            "5D",
            "KH",
            ("pegging out", "fifteen", "pair royal", "near the end"),
        ),
        ("0-0/121 d0 v1 m1 play 5D,5S,9S,KH 2C,3C 8H - 0", "9S", "KH", ("the lead",)),
        ("0-0/121 d0 v1 m1 play 2S,6S,JC,KD 4C,4D 8H 2S,3H,6S,10H 21", "JC", "KD", ("thirty-one",)),
        ("0-0/121 d0 v1 m1 play 4S,6S,JC,KD 2C,2D 8H 4S,5H 9", "6S", "JC", ("fifteen", "run")),
        ("0-0/121 d0 v1 m1 play 4S,6S,JC,KD 2C,2D 8H 4S,KH 14", "KD", "6S", ("pair",)),
        ("0-0/121 d0 v1 m1 play 4S,6S,JC,KD 2C,2D 8H 4S,KH 14", "6S", "KD", ("holding back",)),
    ],
)
def test_play_themes(position: str, answer: str, runner_up: str, themes: tuple[str, ...]) -> None:
    got = themes_of(at(position), Move.lay(answer), Move.lay(runner_up))
    assert got == themes


HAND = "0-0/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0"


def test_the_pone_gives_the_crib_and_the_dealer_owns_it() -> None:
    pone = themes_of(at(HAND), Move.discard("QH KD"), Move.discard("JS QH"))
    dealer = themes_of(at(HAND.replace("d0", "d1")), Move.discard("QH KD"), Move.discard("JS QH"))
    assert "giving the crib" in pone and "own crib" not in pone
    assert "own crib" in dealer and "giving the crib" not in dealer


def test_the_five_needs_the_two_best_moves_to_differ_in_laying_one_away() -> None:
    g = at(HAND)
    assert "the five" in themes_of(g, Move.discard("QH KD"), Move.discard("5C 5H"))
    assert "the five" not in themes_of(g, Move.discard("QH KD"), Move.discard("JS QH"))
    no_five = at("0-0/121 d0 v1 m1 discard 4C,4H,6D,JS,QH,KD - - - 0")
    assert "the five" not in themes_of(no_five, Move.discard("QH KD"), Move.discard("4C 4H"))


def test_beyond_the_points_is_any_discard_but_the_best_expected_points() -> None:
    g = at(HAND)
    best = " ".join(str(c) for c in best_discard(g.hand(1), False).discard)
    other = next(m for m in g.legal_moves() if sorted(map(str, m.cards)) != sorted(best.split()))
    assert "beyond the points" not in themes_of(g, Move.discard(best), other)
    assert "beyond the points" in themes_of(g, other, Move.discard(best))


def test_near_the_end_counts_either_seat() -> None:
    edge = 121 - NEAR_THE_END
    for scores in (f"{edge}-0", f"0-{edge}"):
        g = at(HAND.replace("0-0", scores))
        assert "near the end" in themes_of(g, Move.discard("QH KD"), Move.discard("JS QH"))
    g = at(HAND.replace("0-0", f"{edge - 1}-{edge - 1}"))
    assert "near the end" not in themes_of(g, Move.discard("QH KD"), Move.discard("JS QH"))


def test_every_theme_is_documented_on_the_page() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "puzzles.md").read_text()
    assert all(f"`{name}`" in page for name in THEMES)
