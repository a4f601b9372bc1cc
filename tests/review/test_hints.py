"""Hints: the evaluator of the game analysis on the decision now, with parts."""

from __future__ import annotations

import pytest

from cribbage_fast import Card, ExpertPlayer, Game, GreedyPlayer, Move, cards, hint
from cribbage_fast.analysis.analyze import analyze_game
from cribbage_fast.analysis.hints import Hint
from cribbage_fast.tables.pegging import keep_index, pegging_table

CHEAP = {"seed": 1, "budget": 46, "precision": 0.02}


@pytest.fixture(scope="module")
def finished() -> Game:
    game = Game(2, seed=3)
    game.play([ExpertPlayer(), GreedyPlayer()])
    return game


def test_hint_agrees_with_the_analysis_at_every_decision(finished: Game) -> None:
    """The best action is the analysis's, and where the best was played the
    equities are the same numbers (the same seeds, the same samples)."""
    analysis = analyze_game(finished, **CHEAP)
    unforced = [d for d in analysis.decisions if not d.forced]
    assert len(unforced) > 40
    for d in unforced:
        h = hint(finished, move_index=d.move_index, **CHEAP)
        assert (h.seat, h.kind) == (d.seat, d.kind)
        assert h.best.action == d.best, d.move_index
        if d.played == d.best:
            assert sorted(o.equity for o in h.options) == sorted(d.equities)


def test_hint_in_the_middle_of_a_game_is_the_same_as_at_its_index(finished: Game) -> None:
    moves = finished.moves()
    live = Game(2, seed=3)
    for entry in moves[:30]:
        live.apply(Move.from_dict(entry))
    assert hint(live, **CHEAP) == hint(finished, move_index=30, **CHEAP)


def test_a_discard_hint_shows_hand_crib_and_net_pegging() -> None:
    game = Game(2, seed=7)
    h = hint(game, **CHEAP)
    seat = h.seat
    dealer = game.dealer == seat
    table = pegging_table()
    assert h.kind == "discard" and len(h.options) == 15
    for option in h.options:
        assert option.keep is not None and option.hand is not None and option.crib is not None
        row = keep_index([c.rank for c in cards(option.keep)])
        own, against = (
            (table.dealer, table.dealer_opponent) if dealer else (table.pone, table.pone_opponent)
        )
        assert option.pegging == pytest.approx(own[row] - against[row])
        assert (option.crib > 0) == dealer
    assert [o.equity for o in h.options] == sorted((o.equity for o in h.options), reverse=True)
    assert h.why().startswith(f"discard {h.best.move['cards']}: keep {h.best.keep}, hand ")
    assert "crib" in h.why() and "net, win " in h.why()


def test_a_lay_hint_shows_net_pegging_and_the_chance_to_win() -> None:
    game = Game(2, seed=7)
    expert = ExpertPlayer()
    while game.phase == "discard":
        game.step(expert)
    h = hint(game, **CHEAP)
    assert h.kind == "lay" and h.best.hand is None
    assert h.why().startswith(f"lay {h.best.move['card']}: pegging ")
    ranks = [Card(o.move["card"]).rank for o in h.options]
    assert len(set(ranks)) == len(ranks)  # one card of each rank
    assert "Hint(seat=" in repr(h) and h.text().count("\n") == len(h.options)


def test_points_objective_reads_in_game_points() -> None:
    h = hint(Game(2, seed=7), objective="points", **CHEAP)
    assert "points " in h.why() and "%" not in h.why()


def test_to_dict_and_option_for() -> None:
    h = hint(Game(2, seed=7), **CHEAP)
    d = h.to_dict()
    assert d["options"][0] == h.to_dict()["options"][0]
    assert isinstance(h, Hint) and h.option_for(h.options[3].move) is h.options[3]
    with pytest.raises(ValueError, match="not a legal move"):
        h.option_for({"move": "go"})


@pytest.mark.parametrize(
    ("game", "kwargs", "error", "match"),
    [
        (Game(3, seed=1), {"objective": "points"}, ValueError, "game-point tables"),
        (Game(2, seed=1, muggins=True), {}, ValueError, "muggins"),
        (Game(2, seed=1, target=61), {}, ValueError, "121"),
        (Game(2, seed=1), {"seat": 1}, ValueError, "turn"),
        (Game(2, seed=1), {"seat": "0"}, TypeError, "seat"),
        (Game(2, seed=1), {"seat": True}, TypeError, "seat"),
        (Game(2, seed=1), {"seat": 5}, ValueError, "seat must be"),
        (Game(2, seed=1), {"budget": 0}, ValueError, "budget"),
        (Game(2, seed=1), {"precision": float("nan")}, ValueError, "precision"),
        (Game(2, seed=1), {"objective": "fun"}, ValueError, "objective"),
        (Game(2, seed=1), {"move_index": 5}, ValueError, "move_index"),
        (Game(2, seed=1, record=False), {}, ValueError, "record"),
        ("not json", {}, ValueError, "expected one of cut, deal"),
        (3, {}, TypeError, "dict"),
    ],
)
def test_bad_positions_and_settings_are_refused(
    game: object, kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        hint(game, **kwargs)  # type: ignore[arg-type]


def test_a_finished_game_has_no_hint_but_its_decisions_do(finished: Game) -> None:
    with pytest.raises(ValueError, match="over"):
        hint(finished)
    assert hint(finished, move_index=0, **CHEAP).kind == "discard"
