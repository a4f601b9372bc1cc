"""Play-outs from a game position (docs/game-positions.md): seeded, the
same at any thread count, hidden cards dealt afresh per game, and in line
with the hint's equity."""

from __future__ import annotations

import math

import pytest

from cribbage_fast import ExpertPlayer, Game, Position, hint, play_out, simulate
from cribbage_fast.exceptions import PositionError
from cribbage_fast.records import parse_position

#: The pone to discard first, late in a game: short play-outs.
LATE = "100-104/121 d0 v1 m1 discard 3C,4D,5H,9S,JC,KD - - - 0"


def test_a_play_out_is_seeded_and_the_same_at_any_thread_count() -> None:
    one = play_out(LATE, ("expert", "greedy"), games=60, seed=4, threads=1)
    two = play_out(parse_position(LATE), ["expert", "greedy"], games=60, seed=4, threads=2)
    assert one == two and one.games == 60 and sum(one.wins) == 60
    assert one.start_scores == (100, 104) and one.first_dealer == 0
    assert play_out(LATE, ("expert", "greedy"), games=60, seed=5) != one
    # play_out names simulate from the position.
    assert simulate("expert", "greedy", 60, 4, position=parse_position(LATE)) == one


def test_each_game_deals_the_unseen_cards_afresh() -> None:
    p = parse_position(LATE)
    games = [Game.from_position(p, seed=s) for s in range(6)]
    assert len({str(g.hand(0)) for g in games}) > 1
    assert all(g.hand(1) == games[0].hand(1) for g in games)


def test_a_play_out_agrees_with_the_hints_equity_for_its_best_move() -> None:
    """The Expert's discard here is the hint's best; playing on with the
    Expert on both sides wins as often as the hint says, within 2.5 standard
    errors (the hint's and the play-out's together)."""
    text = "100-104/121 d0 v1 m1 discard AS,3C,7D,9C,10C,JS - - - 0"
    h = hint(text, budget=20000, precision=0.001, seed=1)
    p = parse_position(text)
    expert = Game.from_position(p, seed=0)
    expert.step(ExpertPlayer())
    assert expert.moves()[-1]["cards"] == h.best.move["cards"]
    stats = play_out(p, ("expert", "expert"), games=3000, seed=2)
    rate = stats.win_rates[1]
    se = math.sqrt(rate * (1 - rate) / stats.games + h.best.stderr**2)
    assert abs(rate - h.best.equity) < 2.5 * se, (rate, h.best.equity, se)


def test_bad_play_outs_are_refused_naming_the_problem() -> None:
    p = parse_position(LATE)
    with pytest.raises(PositionError):
        play_out("100-104/121 d0 v1 m1 discard 3C,4D,5H,9S,JC,3C - - - 0", ("expert", "expert"))
    with pytest.raises(ValueError, match="two players"):
        play_out(p, ("expert",))
    with pytest.raises(TypeError, match="pair"):
        play_out(p, "expert")
    with pytest.raises(ValueError, match=r"unknown|bot"):
        play_out(p, ("expert", "nobody"), games=1)
    with pytest.raises(ValueError, match="scores or first_dealer"):
        simulate("expert", "expert", 1, position=p, scores=(5, 5))
    with pytest.raises(ValueError, match="duplicate"):
        simulate("expert", "expert", 2, position=p, duplicate=True)
    with pytest.raises(TypeError, match="Position"):
        simulate("expert", "expert", 1, position="0-0/121")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="121"):
        play_out(
            Position("discard", "5H 5C 6D JS QH KD", seat=1, dealer=0, target=61),
            ("expert", "expert"),
        )
