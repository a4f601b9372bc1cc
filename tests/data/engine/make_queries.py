"""Writes queries.jsonl, the engine's conformance queries (docs/engine.md);
`CRIBBAGE_REGEN=1 pytest tests/review/test_engine.py` then writes
answers.jsonl from them.

    python tests/data/engine/make_queries.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer

HERE = Path(__file__).parent
CHEAP = {"budget": 46, "precision": 0.05, "seed": 1}
#: A game position in the play, but its count.
LAY = "4-6/121 d0 v0 m0 play 3C,6C,8D,9D QD,QS 6S 3H,3C,3S"


def _live(seed: int, moves: int) -> dict[str, Any]:
    """Game `seed` played by two Experts for `moves` moves."""
    game = Game(2, seed=seed)
    expert = ExpertPlayer()
    for _ in range(moves):
        game.step(expert)
    return game.to_record()


def _finished(seed: int) -> dict[str, Any]:
    game = Game(2, seed=seed)
    game.play([ExpertPlayer(), GreedyPlayer()])
    return game.to_record()


def queries() -> list[Any]:
    done = _finished(3)
    out: list[Any] = []
    for seed, moves in [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5), (6, 8), (7, 2), (8, 0)]:
        out.append({"id": f"live-{seed}-{moves}", "record": _live(seed, moves), **CHEAP})
    out += [
        {"id": "points", "record": _live(9, 2), "objective": "points", **CHEAP},
        {"id": "seed-2", "record": _live(9, 2), **{**CHEAP, "seed": 2}},
        {"id": 17, "record": _live(10, 0), "decisions": "current", **CHEAP},
        {"id": "indexes", "record": done, "decisions": [0, 3, 4, 20, 41], **CHEAP},
        {"id": "whole", "record": done, "decisions": "game", "budget": 8, "precision": 0.05},
        {
            "id": "whole-points",
            "record": done,
            "decisions": "game",
            "objective": "points",
            "budget": 8,
            "precision": 0.1,
            "seed": 5,
        },
        {"id": "over", "record": done, **CHEAP},
        {"id": "past-end", "record": done, "decisions": [100000], **CHEAP},
        {"id": "bad-objective", "record": _live(1, 0), "objective": "fun"},
        {"id": "bad-budget", "record": _live(1, 0), "budget": 0},
        {"id": "bool-budget", "record": _live(1, 0), "budget": True},
        {"id": "bad-precision", "record": _live(1, 0), "precision": -1},
        {"id": "bad-seed", "record": _live(1, 0), "seed": -3},
        {"id": "bad-decisions", "record": _live(1, 0), "decisions": "all"},
        {"id": "bad-index", "record": _live(1, 0), "decisions": ["1"]},
        {"id": "unknown-field", "record": _live(1, 0), "depth": 3},
        {"id": "three-players", "record": Game(3, seed=1).to_record()},
        {"id": "muggins", "record": Game(2, seed=1, muggins=True).to_record()},
        {"id": "no-record"},
        {"id": "record-number", "record": 5},
        {"id": "tampered", "record": {**_live(1, 1), "moves": [{"seat": 1, "move": "go"}]}},
        {"id": "bad-action", "action": "ponder"},
        {"id": "stop-nothing", "action": "terminate", "terminate_id": "never-sent"},
        {"id": ["list", "id"], "record": _live(12, 1), **CHEAP},
        {"id": "position", "position": f"{LAY} 9", **CHEAP},
        {"id": "bad-position", "position": f"{LAY} 19"},
        {"id": "position-and-record", "position": "0-0/121", "record": _live(1, 0)},
    ]
    return out


def main() -> None:
    lines = [json.dumps(q) for q in queries()]
    lines += ["not json", "[1, 2]", '{"no": "id"}', '{"id": "cut', ""]
    (HERE / "queries.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} lines")


if __name__ == "__main__":
    main()
