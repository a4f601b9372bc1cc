"""Building a set: an extension of a smaller build is the larger build, and
a set built another way is refused as a start (small budgets, so it is quick)."""

from __future__ import annotations

import dataclasses

import pytest

from cribbage_fast.puzzles.build import build_puzzles
from cribbage_fast.puzzles.mine import MiningSettings
from cribbage_fast.puzzles.puzzle import PuzzleSet

FAST = MiningSettings(screen_budget=46, budget=92, recheck_budget=184, master_budget=92)
# What differs between two builds of the same set: how it was run.
RUN = {"seconds", "workers", "extended"}


def build(count: int, start: PuzzleSet | None = None, seed: int = 5) -> PuzzleSet:
    return build_puzzles(count, seed, settings=FAST, workers=1, progress=False, extend=start)


def same(a: PuzzleSet, b: PuzzleSet) -> bool:
    header = {k: v for k, v in a.header.items() if k not in RUN}
    return a.puzzles == b.puzzles and header == {k: v for k, v in b.header.items() if k not in RUN}


FRESH = build(12)


@pytest.mark.parametrize("first", [0, 3, 8, 10, 12])
def test_an_extended_build_is_the_fresh_build(first: int) -> None:
    games = {p.source["game"] for p in FRESH.puzzles}
    assert len(games) > 1  # the extension crosses games, and may cut one short
    start = build(first)
    extended = build(12, start)
    assert same(extended, FRESH)
    assert extended.header["extended"] == first


def test_an_extension_may_be_extended_again() -> None:
    assert same(build(12, build(9, build(2))), FRESH)


def test_a_start_built_another_way_is_refused() -> None:
    start = build(2)
    with pytest.raises(ValueError, match="another seed"):
        build(4, start, seed=6)
    other = dataclasses.replace(FAST, budget=184)
    with pytest.raises(ValueError, match="another method"):
        build_puzzles(4, 5, settings=other, workers=1, progress=False, extend=start)
    with pytest.raises(ValueError, match="more than count=1"):
        build(1, start)
    cut = PuzzleSet({**start.header, "games": start.header["games"] + 3}, start.puzzles)
    with pytest.raises(ValueError, match="does not end with its last game"):
        build(4, cut)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("master_budget", -1, "master_budget"),
        ("budget", 0, "budget"),
        ("screen_budget", 10**6, "screen_budget"),
        ("margin", float("nan"), "margin"),
        ("sigmas", -1.0, "sigmas"),
        ("recheck_precision", 0.0, "recheck_precision"),
    ],
)
def test_bad_mining_settings_are_named(field: str, value: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MiningSettings(**{field: value})
