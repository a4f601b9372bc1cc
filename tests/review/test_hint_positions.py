"""Hints from any position (docs/game-positions.md): a `Position`, its text
or bytes; the same best action as the hint at that move of a recorded game;
forced goes; study positions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer, Position, hint
from cribbage_fast.exceptions import PositionError
from cribbage_fast.records import parse_position, write_position

QUICK = {"budget": 64, "precision": 0.02, "seed": 5}


def decisions(seed: int) -> Iterator[tuple[Game, int]]:
    """A seeded Expert-vs-greedy game and each of its decisions' move index."""
    game = Game(2, seed=seed)
    game.play([ExpertPlayer(), GreedyPlayer()])
    moves = game.moves()
    for i, move in enumerate(moves):
        if move["move"] in ("discard", "lay", "go"):
            yield game, i


def forced_go_positions(seeds: range) -> Iterator[tuple[Game, int]]:
    for seed in seeds:
        for game, i in decisions(seed):
            if game.moves()[i]["move"] == "go" and len(game.at_move(i).legal_moves()) == 1:
                yield game, i


def test_a_forced_go_is_hinted_from_a_game_and_from_its_position() -> None:
    found = list(forced_go_positions(range(4)))
    assert len(found) >= 4
    for game, i in found:
        from_game = hint(game, move_index=i, **QUICK)
        assert from_game.forced and from_game.kind == "go"
        assert from_game.best.move["move"] == "go"
        from_position = hint(game.position(i), **QUICK)
        assert from_position.forced and from_position.best.move["move"] == "go"
        assert 0.0 <= from_position.best.equity <= 1.0
