"""One base class for the errors the engine raises on purpose: ``CribbageError``,
a ``ValueError``, of which ``IllegalMove`` and ``Misdeal`` are kinds."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import cribbage_fast as cf
from cribbage_fast import Card, CribbageError, Game, IllegalMove, Misdeal, Pegging


def test_the_hierarchy() -> None:
    assert issubclass(CribbageError, ValueError)
    assert issubclass(IllegalMove, CribbageError) and issubclass(Misdeal, CribbageError)
    assert "CribbageError" in cf.__all__


@pytest.mark.parametrize(
    ("bad", "kind", "match"),
    [
        (lambda: Pegging(["KS QS", "KD 9C"]).go(), IllegalMove, "cannot say go"),
        (lambda: Game(2, seed=5).supply_deal(["AC 2C 3C 4C 6D 7D"]), Misdeal, "1 hand"),
        (lambda: cf.score_hand("5H 5D 5X JS", "5S"), CribbageError, "unknown card"),
        (lambda: Card.from_index(52), CribbageError, "outside 0..51"),
        (lambda: Card.from_index(10**30), CribbageError, "outside 0..51"),
        (lambda: cf.score_hand("5H 5D 5C JS", "5S 6S"), CribbageError, "one card"),
        (lambda: cf.score_hand("5H 5D 5C 5H", "5S"), CribbageError, "more than once"),
        (lambda: cf.score_hands(np.array([[0, 1, 2, 3, 60]])), CribbageError, "row 0"),
    ],
)
def test_one_clause_catches_what_the_engine_rejects(
    bad: Callable[[], object], kind: type[CribbageError], match: str
) -> None:
    with pytest.raises(kind, match=match):
        bad()
    try:
        bad()
    except CribbageError as err:
        assert isinstance(err, ValueError) and type(err) is kind
