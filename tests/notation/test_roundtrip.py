"""Record -> text -> record -> replay, byte-identical (docs/notation.md): the
first games of benches/notation_roundtrip.py (2, 3 and 4 players, muggins on
and off, cut or fixed first dealer, seeded and supplied deals); the benchmark
runs 100,000."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from cribbage_fast import Game, Player
from cribbage_fast.records import load, read, write_text

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "notation_roundtrip", ROOT / "benches" / "notation_roundtrip.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ROUND_TRIP = bench()


@pytest.mark.parametrize("start", range(0, 2400, 400))
def test_simulated_games_round_trip(start: int) -> None:
    kinds: set[str] = set()
    for i in range(start, start + 400):
        record = ROUND_TRIP.simulated_game(i).to_record()
        kinds.update(m["move"] for m in record["moves"])
        assert ROUND_TRIP.round_trip(record), f"game {i}"
    assert kinds >= {"discard", "lay", "go", "count", "claim", "deal"}


def test_game_methods_round_trip() -> None:
    game = Game(3, seed=11, muggins=True)
    game.play([Player(), Player(), Player()])
    back = load(write_text(game, tags={"Event": "x"}))
    assert json.dumps(back.to_record()) == json.dumps(game.to_record())
    assert type(back) is Game


@pytest.mark.parametrize("n", [2, 3, 4])
def test_unfinished_games_round_trip(n: int) -> None:
    game = Game(n, seed=5)
    for steps in range(0, 60, 7):
        part = game.clone()
        for _ in range(steps):
            part.apply(part.legal_moves()[0])
        back = load(write_text(part))
        assert json.dumps(back.to_record()) == json.dumps(part.to_record()), steps


def test_puzzle_scores_and_drawn_starter_round_trip() -> None:
    game = Game(2, seed=3, first_dealer=0)
    game.supply_deal(["5H 5D 5C JS 6H 7H", "AS 2S 3S 4S 8D 9D"], scores=[100, 110])
    game.playout(seed=1)
    text = write_text(game)
    assert "supplied scores 100-110" in text and "drawn" in text
    assert load(text).to_record() == game.to_record()


def test_marks_are_kept() -> None:
    game = Game(2, seed=1)
    game.playout(seed=2)
    marks = {0: "?!", 5: "??", 7: "!"}

    parsed = read(write_text(game, marks=marks))
    assert parsed.marks == marks
    assert parsed.game == game
