"""Property tests over random seeded games for 2, 3 and 4 players."""

import itertools
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import Game, PlayerView


class RandomChoice:
    """Chooses uniformly among the legal moves (counts and claims at random too)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, view: PlayerView) -> Any:
        return self.rng.choice(view.legal_moves)


def play_randomly(game: Game, seed: int) -> list[list[int]]:
    """Plays to the end; returns the scores after every move."""
    chooser = RandomChoice(seed)
    history = []
    while not game.is_over:
        view = game.view()
        if game.phase == "discard":
            kept_before = len(view.hand)
            game.apply(chooser.pick(view))
            assert len(game.kept(view.seat)) == kept_before - (2 if game.num_players == 2 else 1)
        else:
            game.apply(chooser.pick(view))
        if game.phase == "play" and game.count == 0 and not game.pile:
            check_conserved(game)
        history.append(list(game.scores))
    return history


def check_conserved(game: Game) -> None:
    """Kept hands, crib and starter hold 4n + 5 distinct cards."""
    cards = [c for s in range(game.num_players) for c in game.kept(s)] + game.crib
    assert game.starter is not None
    cards.append(game.starter)
    assert len(cards) == len(set(cards)) == 4 * game.num_players + 5


def logged_points(game: Game) -> list[int]:
    points = [0] * len(game.scores)
    dealer = 0
    for e in game.events():
        side = None
        if e["event"] == "deal":
            dealer = e["dealer"]
        elif e["event"] == "starter":
            points[game.side_of(dealer)] += e["his_heels"]
        elif e["event"] == "peg":
            side, gained = game.side_of(e["seat"]), e["points"]
        elif e["event"] in ("show", "muggins"):
            side, gained = game.side_of(e["seat"]), e["pegged"]
        if side is not None:
            points[side] += gained
    return points


@settings(max_examples=60)
@given(st.integers(2, 4), st.integers(0, 2**63), st.booleans())
def test_random_games_keep_the_rules(players: int, seed: int, muggins: bool) -> None:
    game = Game(players, seed=seed, muggins=muggins)
    history = play_randomly(game, seed)
    for before, after in itertools.pairwise(history):
        assert all(a >= b for a, b in zip(after, before, strict=True))
    assert game.winner is not None and game.scores[game.winner] >= game.target
    assert sum(s >= game.target for s in game.scores) == 1
    assert logged_points(game) == game.scores
    assert game.events()[-1]["event"] == "game_over"
    replayed = Game.replay(game.to_record())
    assert replayed.events() == game.events() and replayed.scores == game.scores


def test_a_thousand_seeded_games_are_deterministic() -> None:
    for seed in range(1000):
        players = 2 + seed % 3
        a, b = Game(players, seed=seed, record=False), Game(players, seed=seed, record=False)
        play_randomly(a, seed)
        play_randomly(b, seed)
        assert a.scores == b.scores and a.winner == b.winner
