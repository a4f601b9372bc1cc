"""The Python API's edges: five-card text for `score_hand` and `explain_hand`,
``starter=`` for `score_hands`, `win_probability` and `expected_game_points`
at and past the target, one name per function across the public modules,
reprs that show what the attributes hold, and `PlayerView` in the games guide."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import tables

ROOT = Path(__file__).resolve().parents[2]
DECK = [cf.Card.from_index(i) for i in range(52)]
SHOWS = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


def text(cards: list[cf.Card]) -> str:
    return " ".join(str(c) for c in cards)


def test_five_card_text_is_the_hand_then_the_starter() -> None:
    assert cf.score_hand("5H 5D 5C JS 5S") == 29 == cf.score_hand("5H 5D 5C JS", "5S")
    assert cf.score_hand("2H 4H 6H 8H KS", crib=True) == 0
    assert cf.score_hand(["5H", "5D", "5C", "JS", cf.Card("5S")], None) == 29
    breakdown = cf.explain_hand("4S 5H 5D 6C KS")
    assert breakdown.starter == cf.Card("KS") and breakdown.total == 16


@pytest.mark.parametrize(
    ("hand", "starter", "words"),
    [
        ("5H 5D 5C JS", None, "5 cards"),
        ("5H 5D 5C", None, "got 3"),
        ("5H 5D 5C JS 5S 6S", None, "got 6"),
        ("5H 5D 5C JS 5S", "6S", "a starter is given"),
        ("5H 5D 5C JS 5H", None, "5H"),
    ],
)
def test_a_show_without_four_cards_and_a_starter_says_why(
    hand: str, starter: str | None, words: str
) -> None:
    for function in (cf.score_hand, cf.explain_hand):
        with pytest.raises(ValueError, match=words):
            function(hand, starter)


@given(SHOWS, st.booleans())
def test_five_cards_score_as_four_and_the_starter(cards: list[cf.Card], crib: bool) -> None:
    assert cf.score_hand(text(cards), crib=crib) == cf.score_hand(cards[:4], cards[4], crib)
    assert cf.explain_hand(cards, crib=crib) == cf.explain_hand(cards[:4], cards[4], crib)


@given(st.text(alphabet="5HDCSJQKA1023 ,x♥", max_size=24))
def test_any_text_is_a_show_or_a_clear_error(hand: str) -> None:
    try:
        cards = cf.cards(hand)
    except ValueError:
        cards = None
    try:
        total = cf.score_hand(hand)
    except ValueError as err:
        assert str(err)
        assert cards is None or len(cards) != 5 or len(set(cards)) != 5
    else:
        assert cards is not None and total == cf.score_hand(cards[:4], cards[4])


def test_score_hands_takes_the_starters_apart() -> None:
    hands, starters = ["5H 5D 5C JS", "4S 5H 5D 6C"], ["5S", "KS"]
    want = cf.score_hands(["5H 5D 5C JS 5S", "4S 5H 5D 6C KS"])
    assert (cf.score_hands(hands, starter=starters) == want).all()
    index = cf.card_indices(hands)
    top = np.array([cf.Card(s).index for s in starters], dtype=np.int16)
    assert (cf.score_hands(index, starter=top) == want).all()
    assert (cf.score_hands(index, starter=[cf.Card(s) for s in starters]) == want).all()
    assert (cf.score_hands(index, starter=top[:, None]) == want).all()
    one = cf.score_hands(hands, starter="KS")  # one starter for every row
    assert one.tolist() == [cf.score_hand(h, "KS") for h in hands]
    parts = cf.score_hands(hands, starter=starters, breakdown=True)
    assert parts.shape == (2, 5) and (parts.sum(axis=1) == want).all()
    assert (
        cf.score_hands(hands, True, starter=starters) == cf.score_hands(index, True, starter=top)
    ).all()


@pytest.mark.parametrize(
    ("cards", "starter", "error", "words"),
    [
        (["5H 5D 5C JS 5S"], ["KS"], ValueError, "row 0"),
        (np.zeros((2, 5), np.uint8), [1, 2], ValueError, r"shape \(N, 4\)"),
        (np.array([[0, 1, 2, 3]]), [1, 2], ValueError, "starter"),
        (np.array([[0, 1, 2, 3]]), [3], ValueError, "row 0"),
        (np.array([[0, 1, 2, 3]]), [52], ValueError, "row 0"),
        (np.array([[0, 1, 2, 3]]), [-1], ValueError, "row 0"),
        (np.array([[0, 1, 2, 3]]), 99, ValueError, "starter"),
        (np.array([[0, 1, 2, 3]]), 2**80, ValueError, "starter"),
        (np.array([[0, 1, 2, 3]]), [1.5], TypeError, "starter"),
        (np.array([[0, 1, 2, 3]]), True, TypeError, "starter"),
        (np.array([[0, 1, 2, 3]]), "KS QS", ValueError, "starter"),
        (np.array([[0, 1, 2, 3]]), ["KX"], ValueError, "KX"),
        (np.array([[0.0, 1, 2, 3]]), [5], TypeError, "cards"),
        (np.array([[True, False, True, False]]), [5], TypeError, "cards"),
        (np.ma.masked_array([[0, 1, 2, 3]]), [5], TypeError, "masked"),
    ],
)
def test_bad_starters_are_clear_errors(cards: Any, starter: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        cf.score_hands(cards, starter=starter)


@given(st.lists(SHOWS, min_size=1, max_size=8), st.sampled_from(["text", "index", "card"]))
@settings(max_examples=60, deadline=None)
def test_starters_in_any_form_score_as_whole_rows(rows: list[list[cf.Card]], form: str) -> None:
    hands = [text(r[:4]) for r in rows]
    tops: Any = {
        "text": [str(r[4]) for r in rows],
        "index": np.array([r[4].index for r in rows]),
        "card": [r[4] for r in rows],
    }[form]
    want = cf.score_hands([text(r) for r in rows])
    assert (cf.score_hands(hands, starter=tops) == want).all()


@given(
    st.one_of(st.integers(), st.floats(), st.text(max_size=8), st.lists(st.integers(), max_size=3))
)
@settings(max_examples=100, deadline=None)
def test_any_starter_is_scored_or_refused_clearly(starter: Any) -> None:
    hands = np.array([[0, 1, 2, 3], [4, 5, 6, 7]])
    try:
        scores = cf.score_hands(hands, starter=starter)
    except (ValueError, TypeError) as err:
        assert str(err)
    else:
        assert scores.shape == (2,)


def test_win_probability_at_and_past_the_target() -> None:
    assert cf.win_probability(121, 100, True) == 1.0
    assert cf.win_probability(100, 121, False) == 0.0
    assert cf.win_probability(149, 0, True) == 1.0
    assert cf.expected_game_points(121, 91, True) == 1.0
    assert cf.expected_game_points(121, 90, True) == 2.0
    assert cf.expected_game_points(60, 125, False) == -3.0
    for bad in [(121, 121), (130, 125), (-1, 0), (0, 150)]:
        with pytest.raises(ValueError, match="score"):
            cf.win_probability(*bad, True)
        with pytest.raises(ValueError, match="score"):
            cf.expected_game_points(*bad, True)


PUBLIC = [
    "cribbage_fast",
    "cribbage_fast.tables",
    "cribbage_fast.builders",
    "cribbage_fast.analysis.analyze",
    "cribbage_fast.records.notation.grammar",
    "cribbage_fast.analysis.hints",
    "cribbage_fast.analysis.engine",
    "cribbage_fast.bulk.text",
]


def test_one_public_name_is_one_function() -> None:
    """A name public in two modules is the same object (the reference
    implementation, which mirrors the core's names by design, apart)."""
    seen: dict[str, tuple[str, Any]] = {}
    for name in PUBLIC:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", []):
            value = getattr(module, attr)
            if not (inspect.isroutine(value) or inspect.isclass(value)):
                continue
            if attr in seen:
                where, other = seen[attr]
                assert value is other, f"{name}.{attr} and {where}.{attr} are different"
            seen[attr] = (name, value)
    assert not hasattr(tables, "analyze_discards") and not hasattr(tables, "best_discard")
    assert tables.table_discards("5H 5D JC 4S 6H KD", True)[0].crib_model == "uniform"


def _game_objects() -> list[Any]:
    game = cf.Game(2, seed=7)
    pegging = cf.Pegging(["5H 10S", "10D 5C"], leader=0)
    events = pegging.lay("5H")
    return [
        cf.best_discard("5H 5D JC 4S 6H KD", True),
        cf.analyze_discards("5H 5D JC 4S 6H KD", True, crib_model="fixed_point", pegging=True)[0],
        cf.explain_hand("4S 5H 5D 6C KS"),
        cf.explain_hand("4S 5H 5D 6C KS").items[0],
        cf.explain_play("7S 9H 8D 6C"),
        pegging,
        events[0],
        game.view(0),
        game,
        cf.Card("5H"),
        cf.simulate("greedy", "random", games=4),
        cf.hint(game, budget=8),
    ]


def fields(shown: str) -> list[tuple[str, str]]:
    """The ``name=value`` parts of a repr ``Type(name=value, ...)``, split at
    its top-level commas."""
    inner = shown[shown.index("(") + 1 : shown.rindex(")")]
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(inner):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return [tuple(p.strip().split("=", 1)) for p in parts if "=" in p]  # type: ignore[misc]


def attribute(obj: Any, path: str) -> Any:
    for name in path.split("."):
        obj = getattr(obj, name)
    return obj() if callable(obj) else obj


@pytest.mark.parametrize("obj", _game_objects(), ids=lambda o: type(o).__name__)
def test_a_repr_shows_what_each_attribute_holds(obj: Any) -> None:
    """Every ``name=value`` of a repr whose name is an attribute (or a path
    of them, ``best.action``) shows the attribute's own repr (a float to the
    digits shown)."""
    shown = repr(obj)
    checked = 0
    for name, value_text in fields(shown):
        if not re.fullmatch(r"[a-z_]+(\.[a-z_]+)*", name):
            continue
        try:
            value = attribute(obj, name)
        except AttributeError:
            continue
        checked += 1
        if isinstance(value, float):
            assert abs(float(value_text) - value) < 1e-3, (name, shown)
        else:
            assert value_text == repr(value), f"{type(obj).__name__}.{name}: {shown}"
    assert checked or "=" not in shown, shown


def test_every_player_view_field_is_in_the_games_guide() -> None:
    page = (ROOT / "docs" / "games.md").read_text()
    view = cf.Game(2, seed=1).view(0)
    fields = [n for n in dir(view) if not n.startswith("_")]
    assert len(fields) > 15
    missing = [n for n in fields if f"`{n}`" not in page]
    assert missing == [], f"docs/games.md does not describe PlayerView.{missing}"
