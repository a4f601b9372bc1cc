"""Game positions (docs/game-positions.md): text -> position -> text and
position -> game -> position at every move of seeded random and greedy
2-player games, seen from either seat, with and without the other seat's
cards. The 100,000-state run is `benches/game_positions_roundtrip.py`."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from cribbage_fast import CribbageError, Game, GreedyPlayer, Move, Position, RandomPlayer

#: Game states in the suite: enough to meet every kind of play, and quick.
STATES = 2_000
ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "game_positions_roundtrip", ROOT / "benches" / "game_positions_roundtrip.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ROUND_TRIP = bench()


def test_positions_round_trip_at_every_move_of_random_games() -> None:
    phases = set()
    for k, (game, seat, reveal) in enumerate(ROUND_TRIP.states(STATES)):
        ROUND_TRIP.check_state(game, seat, reveal, seed=k)
        phases.add((game.phase, seat == game.to_move, bool(game.pile)))
    # Both phases, from the mover's seat and the other, with a count under way.
    assert {("discard", True, False), ("play", False, True), ("play", True, True)} <= phases


def test_a_continued_game_is_reproducible_and_plays_to_the_end() -> None:
    game = Game(2, seed=5)
    for _ in range(4):
        game.step(GreedyPlayer())
    position = game.position()
    assert position.phase == "play"
    first = Game.from_position(position, seed=11)
    second = Game.from_position(position, seed=11)
    assert first.hand(1 - position.seat) == second.hand(1 - position.seat)
    result_a = first.play([GreedyPlayer(), GreedyPlayer()])
    result_b = second.play([GreedyPlayer(), GreedyPlayer()])
    assert result_a.scores == result_b.scores and first.is_over
    others = {
        tuple(Game.from_position(position, seed=s).kept(1 - position.seat)) for s in range(20)
    }
    assert len(others) > 1


def test_the_hidden_cards_respect_the_goes_the_other_seat_said() -> None:
    # Seat 1 (pone) led 10S, seat 0 laid KD (20), seat 1 laid 10C (30) and
    # seat 0 said go: every card seat 0 still holds is over 1, i.e. no ace.
    position = Position(
        "play",
        "10S 10C AH 3D",
        discards="AS AD",
        starter="7C",
        seat=1,
        dealer=0,
        to_move=1,
        play="10S KD 10C go",
        count=30,
        scores=(10, 10),
    )
    for seed in range(50):
        continued = Game.from_position(position, seed=seed)
        assert all(card.rank > 1 for card in continued.hand(0))
        assert continued.position(seat=1) == position


def test_the_position_before_each_move_of_a_record() -> None:
    game = Game(2, seed=3)
    game.play([GreedyPlayer(), RandomPlayer(seed=1)])
    moves = game.moves()
    replayed = Game(2, seed=3)
    for index, entry in enumerate(moves[:60]):
        if replayed.phase in ("discard", "play"):
            assert game.position(index) == replayed.position()
            assert game.position(index, seat=1, reveal=True) == replayed.position(
                seat=1, reveal=True
            )
        replayed.apply(Move.from_dict(entry))
    with pytest.raises(CribbageError, match="move_index"):
        game.position(len(moves) + 1)
    with pytest.raises(TypeError):
        game.position("3")  # type: ignore[arg-type]
