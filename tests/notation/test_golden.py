"""The text of a game is stable for a seed: golden files in tests/data/notation/
(games of benches/notation_roundtrip.py). After a deliberate change of the
notation, rewrite them with ``UPDATE_GOLDEN=1 pytest tests/notation/test_golden.py``
and review the diff."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cribbage_fast.records import load, read, write_text

from .test_roundtrip import ROUND_TRIP

DATA = Path(__file__).resolve().parents[1] / "data" / "notation"

#: 2 players cut for the deal; 2 players at a real table with muggins;
#: 3 players with muggins; 4 players with muggins; 4 players without.
GAMES = [0, 3, 4, 5, 8]


@pytest.mark.parametrize("index", GAMES)
def test_golden_text(index: int) -> None:
    game = ROUND_TRIP.simulated_game(index)
    path = DATA / f"game_{index}.txt"
    text = write_text(game, tags={"Event": f"benches/notation_roundtrip.py game {index}"})
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    back = load(path.read_text(encoding="utf-8"))
    assert json.dumps(back.to_record()) == json.dumps(game.to_record())


def test_golden_files_are_the_games_listed() -> None:
    assert sorted(p.name for p in DATA.glob("game_*.txt")) == sorted(f"game_{i}.txt" for i in GAMES)


def test_golden_tags() -> None:
    tags = read((DATA / "game_4.txt").read_text(encoding="utf-8")).tags
    assert tags["NumPlayers"] == "3" and tags["Muggins"] == "yes" and tags["Seed"] == "4"
