"""The five-card tables (three and four players): the shipped crib and pegging
against fresh computation, the keeps' exact expectations against the reference
implementation, and bad input."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import _core
from cribbage_fast.builders.five_card import CRIB_LEN, FiveCardSettings, five_card_sums
from cribbage_fast.reference.show import score_hand as reference_score
from cribbage_fast.tables._checks import checksum
from cribbage_fast.tables.five_card import (
    BLOCK_LEN,
    five_card_crib,
    five_card_discards,
    five_card_info,
    five_card_pegging,
)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ship_tables.py"
HANDS = ["5H 5D JC 4S KD", "JH 2H 8H KH 9H", "AC 2C 3D 3S JD", "7C 8D 9S 10H QC"]


def fresh(players: int, seed: int, deals: int, play: bool) -> np.ndarray:
    """Fresh sums: thrown by the shipped fixed point's values (or, with `play`,
    thrown and played by the Expert)."""
    values = None if play else np.array(five_card_info()["players"][str(players)]["values"])
    return five_card_sums(players, seed, 0, deals, values, play=play)


@pytest.mark.parametrize("players", [3, 4])
def test_the_shipped_crib_matches_fresh_deals(players: int) -> None:
    shipped = five_card_crib(players)
    mean, se, deals, _ = _core._five_card_crib(players, fresh(players, 77, 200_000, False))
    # The cells most thrown, a five from every position, and the deck's card.
    checked = 0
    for p in range(4):
        for r in range(13):
            if deals[p, r] < 2_000:
                continue
            z = (shipped.mean[p, r] - mean[p, r]) / math.hypot(shipped.se[p, r], se[p, r])
            assert abs(z) < 4.5, (players, p, r + 1, shipped.mean[p, r], mean[p, r])
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("players", [3, 4])
def test_the_fixed_point_values_are_the_shipped_means(players: int) -> None:
    info = five_card_info()["players"][str(players)]
    crib = five_card_crib(players)
    values = np.array(info["values"])
    ok = crib.deals > 10_000
    gap = np.abs(values - crib.mean)[ok] - 5 * crib.se[ok]
    assert (gap < 0.05).all(), gap.max()
    assert info["converged"], info["changes"]


@pytest.mark.parametrize("players", [3, 4])
def test_the_shipped_pegging_matches_fresh_play(players: int) -> None:
    shipped = five_card_pegging(players)
    rows = _core._five_card_pegging(players, fresh(players, 78, 3_000, True))
    for (name, (mean, se)), (m, s) in zip(shipped.items(), rows, strict=False):
        assert abs(mean - m) < 4.5 * math.hypot(se, s), (name, mean, m)
    # Every point pegged is some seat's: the teams add up to the seats.
    if players == 4:
        seats = sum(shipped[k][0] for k in list(shipped)[:4])
        assert abs(seats - shipped["dealer's team"][0] - shipped["pone's team"][0]) < 1e-9


def test_the_crib_favours_fives_and_the_deck_card_is_a_random_card() -> None:
    for players in (3, 4):
        crib = five_card_crib(players)
        assert (crib.mean[:players, 4] > crib.mean[:players, 12] + 1).all()
        assert (crib.se[crib.deals > 0] < 0.2).all()
    deck = five_card_crib(3).deals[3]
    # The deck's card is dealt, not chosen: each rank about 1/13 of the deals.
    assert (np.abs(deck / deck.sum() - 1 / 13) < 0.002).all()


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize(
    ("players", "seat", "own"),
    [
        (3, 0, True),
        (3, 1, False),
        (3, 2, False),
        (4, 0, True),
        (4, 1, False),
        (4, 2, True),
        (4, 3, False),
    ],
)
def test_keeps_are_the_exact_analysis_plus_the_table(
    hand: str, players: int, seat: int, own: bool
) -> None:
    options = five_card_discards(hand, players, seat)
    crib = five_card_crib(players)
    uniform = {str(o.discard[0]): o.crib_ev for o in _core.analyze_discards(hand, own)}
    cards = hand.split()
    unseen = [str(_core.Card.from_index(i)) for i in range(52)]
    unseen = [c for c in unseen if c not in {str(_core.Card(x)) for x in cards}]
    assert len(options) == 5 and len(unseen) == 47
    for o in options:
        keep = [str(c) for c in o.keep]
        # The hand over every unseen starter, by the reference scorer.
        exact = sum(reference_score(keep, s) for s in unseen) / 47
        assert o.hand_ev == pytest.approx(exact, abs=1e-12)
        assert o.uniform_crib_ev == uniform[str(o.discard)]
        assert o.crib_ev == crib.mean[seat, o.discard.rank - 1]
        assert o.own is own
        assert o.net == pytest.approx(o.hand_ev + (o.crib_ev if own else -o.crib_ev))
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)


def test_the_build_is_the_same_from_the_same_seed() -> None:
    from cribbage_fast.builders.five_card import build_five_card_tables

    small = FiveCardSettings(30, 60, 2, 0.01, 30, 10)
    a, b = build_five_card_tables(small, seed=5), build_five_card_tables(small, seed=5)
    assert (a.sums == b.sums).all() and a.sums.shape == (2 * BLOCK_LEN,)
    assert a.meta["players"] == b.meta["players"]
    whole = five_card_sums(3, 5, 0, 50, play=True)
    parts = five_card_sums(3, 5, 0, 20, play=True) + five_card_sums(3, 5, 20, 50, play=True)
    assert (whole == parts).all()
    assert int(whole[CRIB_LEN]) == 50


BAD_PLAYERS = st.one_of(
    st.integers().filter(lambda n: n not in (3, 4)),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
)


@settings(max_examples=60, deadline=None)
@given(players=BAD_PLAYERS)
def test_bad_player_counts_are_refused(players: object) -> None:
    for call in (five_card_crib, five_card_pegging):
        with pytest.raises((ValueError, TypeError), match=r"players|3 or 4"):
            call(players)  # type: ignore[arg-type]
    with pytest.raises((ValueError, TypeError), match=r"players|3 or 4"):
        five_card_discards("5H 5D JC 4S KD", players, 0)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([3, 4]),
    seat=st.one_of(st.integers(), st.booleans(), st.floats(), st.text(max_size=2)),
)
def test_bad_seats_are_refused(players: int, seat: object) -> None:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        assert len(five_card_discards("5H 5D JC 4S KD", players, seat)) == 5
        return
    with pytest.raises((ValueError, TypeError), match="seat"):
        five_card_discards("5H 5D JC 4S KD", players, seat)  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(
    hand=st.one_of(
        st.lists(st.integers(0, 51), max_size=8).map(
            lambda ix: [str(_core.Card.from_index(i)) for i in ix]
        ),
        st.text(max_size=20),
        st.lists(st.one_of(st.integers(), st.none(), st.text(max_size=3)), max_size=6),
    )
)
def test_bad_hands_are_refused(hand: object) -> None:
    try:
        options = five_card_discards(hand, 3, 1)
    except (ValueError, TypeError) as error:
        assert str(error)
    else:
        assert len(options) == 5


@settings(max_examples=40, deadline=None)
@given(
    start=st.integers(-3, 5),
    stop=st.integers(-3, 5),
    shape=st.sampled_from([(4, 13), (3, 13), (4, 12), (52,)]),
    fill=st.sampled_from([4.0, math.nan, math.inf]),
)
def test_the_core_refuses_bad_ranges_and_values(
    start: int, stop: int, shape: tuple[int, ...], fill: float
) -> None:
    values = np.full(shape, fill)
    good = 0 <= start <= stop and shape == (4, 13) and math.isfinite(fill)
    if good:
        assert _core._five_card_sums(3, 1, start, stop, values, False).shape == (BLOCK_LEN,)
        return
    with pytest.raises((ValueError, TypeError)):
        _core._five_card_sums(3, 1, start, stop, values, False)
    with pytest.raises((ValueError, TypeError)):
        _core._five_card_crib(3, np.zeros(BLOCK_LEN - 1, np.uint64))


def test_the_ship_command_writes_the_shipped_form(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("ship_tables", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    sizes = ["--expert-deals", "20", "--deals", "30", "--iterations", "2"]
    sizes += ["--fresh-deals", "30", "--pegging-deals", "5", "--seed", "9"]
    result = CliRunner().invoke(script.main, ["five-card", *sizes, "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "five_card_sums.bin").stat().st_size == 2 * BLOCK_LEN * 8
    meta = json.loads((tmp_path / "five_card_meta.json").read_text())
    assert meta["seed"] == 9 and meta["settings"]["deals"] == 30
    sums = np.frombuffer((tmp_path / "five_card_sums.bin").read_bytes(), "<u8")
    assert meta["checksum"] == checksum({"sums": sums.astype(np.uint64)})
    bad_args = ["five-card", "--deals", "0", "--data-dir", str(tmp_path)]
    bad = CliRunner().invoke(script.main, bad_args)
    assert bad.exit_code == 2 and "--deals" in bad.output
