"""The observation and action encoding (src/encode.rs): layout, masks against
`legal_moves()`, and nothing hidden leaking into an observation."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cribbage_fast import Card, Game
from cribbage_fast._core import GO_ACTION, NUM_ACTIONS, OBS_SIZE, ActionGame, IllegalMove

HAND, OWN_DISCARDS, STARTER, PILE, LAID = 0, 52, 104, 156, 208
COUNT, PHASE, DEALER, TO_MOVE, SAID_GO, HELD, SCORES, PLAYERS, TO_DISCARD = (
    416,
    417,
    420,
    424,
    428,
    432,
    436,
    440,
    443,
)


def cards_at(obs: np.ndarray, base: int) -> set[int]:
    return {int(i) for i in np.flatnonzero(obs[base : base + 52])}


def indices(cards: list[Card]) -> set[int]:
    return {c.index for c in cards}


def random_states(players: int, seed: int) -> list[ActionGame]:
    """Every position of a random game (as copies)."""
    rng = random.Random(seed)
    g = ActionGame(players, seed)
    states = [g.clone()]
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
        states.append(g.clone())
    return states


def test_sizes_and_first_observation() -> None:
    assert (OBS_SIZE, NUM_ACTIONS, GO_ACTION) == (444, 53, 52)
    g = ActionGame(2, seed=4)
    seat = g.to_move
    assert seat is not None
    obs = g.observe(seat)
    assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
    game = g.game()
    assert cards_at(obs, HAND) == indices(game.hand(seat))
    assert obs[PHASE] == 1.0 and obs[PLAYERS] == 1.0 and obs[TO_DISCARD] == 1.0
    assert obs[TO_MOVE] == 1.0  # rel seat 0: the observer is to move
    assert obs[DEALER + (game.dealer - seat) % 2] == 1.0
    assert np.all(obs[HELD : HELD + 2] == 1.0) and obs[HELD + 2] == 0.0
    assert not cards_at(obs, STARTER) and obs[COUNT] == 0.0


def test_a_two_card_discard_is_two_actions() -> None:
    g = ActionGame(2, seed=9)
    seat = g.to_move
    assert seat is not None
    first, second = g.legal_actions()[:2]
    assert g.step(first) == [0, 0]
    assert g.to_move == seat, "the same seat puts its second card aside"
    obs = g.observe(seat)
    assert first not in cards_at(obs, HAND)
    assert cards_at(obs, OWN_DISCARDS) == {first}
    assert obs[TO_DISCARD] == 0.5
    assert first not in g.legal_actions()
    other = 1 - seat
    assert not cards_at(g.observe(other), OWN_DISCARDS)
    assert g.observe(other)[HELD + 1] == 5 / 6  # one card put aside, face down
    g.step(second)
    assert g.to_move == other
    assert cards_at(g.observe(seat), OWN_DISCARDS) == {first, second}
    assert indices(g.game().kept(seat)) == cards_at(g.observe(seat), HAND)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_masks_match_legal_moves(players: int) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        g = ActionGame(players, seed)
        aside: set[int] = set()
        while not g.is_over:
            game = g.game()
            mask = g.action_mask()
            assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
            legal = set(np.flatnonzero(mask).tolist())
            assert legal == set(g.legal_actions())
            expected: set[int] = set()
            for m in game.legal_moves():
                if m.kind == "go":
                    expected.add(GO_ACTION)
                else:
                    expected |= indices(m.cards)
            assert legal == expected - aside
            if GO_ACTION in legal:
                assert legal == {GO_ACTION}, "go only when nothing else is legal"
            a = rng.choice(sorted(legal))
            seat, phase = g.to_move, g.phase
            g.step(a)
            if phase == "discard" and g.to_move == seat and g.phase == "discard":
                aside.add(a)
            else:
                aside.clear()
        assert not g.action_mask().any()


def test_illegal_actions_raise_and_change_nothing() -> None:
    g = ActionGame(2, seed=1)
    illegal = next(a for a in range(NUM_ACTIONS) if a not in g.legal_actions())
    before = g.observe(0)
    with pytest.raises(IllegalMove):
        g.step(illegal)
    with pytest.raises(IllegalMove):
        g.step(GO_ACTION)
    np.testing.assert_array_equal(before, g.observe(0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_are_in_range_and_follow_the_play(players: int) -> None:
    for g in random_states(players, seed=players)[::3]:
        game = g.game()
        for seat in range(players):
            obs = g.observe(seat)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            assert obs[PLAYERS + players - 2] == 1.0
            if game.phase == "play":
                assert obs[COUNT] == pytest.approx(game.count / 31)
                assert cards_at(obs, PILE) == indices(game.pile)
                assert cards_at(obs, HAND) == indices(game.hand(seat))
                assert game.starter is not None
                assert cards_at(obs, STARTER) == {game.starter.index}
            laid = set()
            for k in range(4):
                laid |= cards_at(obs, LAID + 52 * k)
            assert laid == {c.index for _, c in game.view(seat).laid}
            for s, c in game.view(seat).laid:
                assert obs[LAID + 52 * ((s - seat) % players) + c.index] == 1.0
            side = game.side_of(seat)
            assert obs[SCORES] == pytest.approx(min(game.scores[side] / 121, 1.0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_cards_never_reach_an_observation(players: int) -> None:
    """Resampling everything a seat cannot see leaves its observation as it was."""
    changed = 0
    for i, g in enumerate(random_states(players, seed=10 + players)[::2]):
        game = g.game()
        if game.is_over:
            continue
        for seat in range(players):
            world = game.determinize(seat, seed=i)
            for s in range(players):
                if s != seat and indices(world.hand(s)) != indices(game.hand(s)):
                    changed += 1
            twin = ActionGame.from_game(world)
            np.testing.assert_array_equal(
                ActionGame.from_game(game).observe(seat), twin.observe(seat)
            )
    assert changed > 20


def test_determinize_is_a_valid_permutation_of_the_hidden_cards() -> None:
    g = Game(3, seed=5)
    for _ in range(3):
        g.apply(g.legal_moves()[0])  # every discard: now the play
    assert g.phase == "play"
    g.apply(g.legal_moves()[0])
    seat = 1
    seen = indices(g.kept(seat)) | indices(g.view(seat).discards)
    seen |= {c.index for _, c in g.view(seat).laid}
    seen |= {g.starter.index} if g.starter else set()
    for seed in range(20):
        d = g.determinize(seat, seed=seed)
        assert d.hand(seat) == g.hand(seat) and d.view(seat).laid == g.view(seat).laid
        assert d.starter == g.starter and d.scores == g.scores
        held = [indices(d.kept(s)) for s in range(3)]
        crib = indices(d.crib)
        assert len(crib) == 4
        everything = set().union(*held) | crib | {d.starter.index}
        assert len(everything) == 4 * 3 + 4 + 1, "no card in two places"
        hidden_before = (
            set().union(*[indices(g.kept(s)) for s in range(3)]) | indices(g.crib)
        ) - seen
        hidden_after = everything - seen - {d.starter.index}
        assert len(hidden_after) == len(hidden_before)
        assert not hidden_after & seen
        assert d.legal_moves() == g.legal_moves() or d.to_move != seat
    with pytest.raises(ValueError, match="seat"):
        g.determinize(5)


def test_a_determinized_game_plays_on() -> None:
    g = Game(2, seed=3)
    d = g.determinize(1, seed=1)
    assert type(d) is Game and not d.record
    d.playout(seed=2, end_of_deal=True)
    assert d.is_over or d.deal_number == 2
    d.playout(seed=2)
    assert d.is_over and d.winner in (0, 1)
    assert g.deal_number == 1 and not g.is_over, "the original is untouched"
