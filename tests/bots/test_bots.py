"""Built-in players and the simulator: legal play, reproducible and
thread-independent statistics, strength ordering, Python players, bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cribbage_fast as cf
from cribbage_fast import (
    ExpertPlayer,
    Game,
    GreedyPlayer,
    Player,
    PlayerView,
    RandomPlayer,
    simulate,
)

BOTS: list[Any] = [RandomPlayer, GreedyPlayer, ExpertPlayer]


def make(kind: Any, seed: int) -> Any:
    return kind(seed=seed) if kind is RandomPlayer else kind()


class Checked(Player):
    """Wraps a bot and checks each answer is among the view's legal moves."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def discard(self, view: PlayerView) -> list[cf.Card]:
        cards = self.bot.discard(view)
        legal = [set(m.cards) for m in view.legal_moves]
        assert set(cards) in legal, (cards, view)
        self.decisions += 1
        return list(cards)

    def play(self, view: PlayerView) -> cf.Card | None:
        card = self.bot.play(view)
        legal = [m.card for m in view.legal_moves]
        assert card in legal, (card, view)
        self.decisions += 1
        return card  # type: ignore[no-any-return]

    def count(self, view: PlayerView) -> int:
        points = self.bot.count(view)
        assert points == cf.score_hand(view.show_cards, view.starter, crib=view.show_is_crib)
        return points  # type: ignore[no-any-return]

    def claim(self, view: PlayerView) -> int:
        points = self.bot.claim(view)
        worth = cf.score_hand(view.show_cards, view.starter, crib=view.show_is_crib)
        assert points == worth - (view.announced or 0)
        return points  # type: ignore[no-any-return]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("muggins", [False, True])
def test_python_bots_only_make_legal_moves(players: int, muggins: bool) -> None:
    games = 30
    for g in range(games):
        seats = [Checked(make(BOTS[(g + s) % 3], seed=g * 7 + s)) for s in range(players)]
        result = Game(players, seed=g, muggins=muggins).play(seats)
        assert max(result.scores) >= 121
        assert all(s.decisions > 0 for s in seats)


def test_rust_simulator_games_are_legal_in_bulk() -> None:
    # Every move of the Rust simulator goes through Game.apply, which refuses
    # illegal moves; thousands of games finishing proves the bots stay legal.
    for a in ("random", "greedy"):
        for b in ("random", "greedy"):
            stats = simulate(a, b, games=3000, seed=4)
            assert sum(stats.wins) == 3000


def test_bots_answer_like_the_view_says_and_are_deterministic() -> None:
    game = Game(seed=5)
    view = game.view(game.to_move)
    assert GreedyPlayer().discard(view) == GreedyPlayer().discard(view)
    assert ExpertPlayer().discard(view) == ExpertPlayer().discard(view)
    a, b = RandomPlayer(seed=3), RandomPlayer(seed=3)
    assert [a.discard(view) for _ in range(5)] == [b.discard(view) for _ in range(5)]
    assert RandomPlayer(seed=3).seed == 3
    assert [p.name for p in (RandomPlayer(), GreedyPlayer(), ExpertPlayer())] == [
        "random",
        "greedy",
        "expert",
    ]
    with pytest.raises(ValueError, match="play"):
        ExpertPlayer().play(view)  # a discard view


def test_expert_discard_is_best_discard() -> None:
    game = Game(seed=9)
    seat = game.to_move
    view = game.view(seat)
    best = cf.best_discard(view.hand, dealer=view.is_dealer)
    assert set(ExpertPlayer().discard(view)) == set(best.discard)


def test_simulate_is_reproducible_and_thread_independent() -> None:
    one = simulate("greedy", "random", games=3000, seed=11, threads=1)
    two = simulate("greedy", "random", games=3000, seed=11, threads=2)
    again = simulate("greedy", "random", games=3000, seed=11)
    assert one.to_dict() == two.to_dict() == again.to_dict()
    other = simulate("greedy", "random", games=3000, seed=12, threads=1)
    assert other.to_dict() != one.to_dict()


def test_statistics_are_consistent() -> None:
    stats = simulate("random", "greedy", games=4000, seed=2, threads=2)
    assert stats.games == 4000 and sum(stats.wins) == 4000
    assert stats.players == ("random", "greedy")
    for i in range(2):
        lo, hi = stats.win_intervals[i]
        assert lo < stats.win_rates[i] < hi
        assert stats.skunks[i] + stats.double_skunks[i] <= stats.wins[i]
        plain = stats.wins[i] - stats.skunks[i] - stats.double_skunks[i]
        assert stats.game_points[i] == plain + 2 * stats.skunks[i] + 3 * stats.double_skunks[i]
    assert stats.win_rates[0] + stats.win_rates[1] == pytest.approx(1.0)
    assert stats.completed_deals < stats.deals
    assert stats.mean_deals == pytest.approx(stats.deals / 4000)
    per = stats.per_deal
    # Hands average about 4.8 points for random keeps; the dealer's crib too.
    assert 3.5 < per["pone"]["hand"] < 8 and 3.5 < per["dealer"]["crib"] < 8
    assert per["dealer"]["his_heels"] == pytest.approx(2 / 13, abs=0.03)
    d = stats.to_dict()
    assert json.loads(json.dumps(d)) == json.loads(json.dumps(d))
    assert d["wins"] == [*stats.wins] or tuple(d["wins"]) == stats.wins
    text = str(stats)
    assert text.startswith("random vs greedy: 4,000 games (seed 2)")
    assert "95% CI" in text and "dealer" in text and "pone" in text
    assert "SimulationStats(" in repr(stats)


def test_greedy_beats_random() -> None:
    stats = simulate("greedy", "random", games=20_000, seed=1)
    lo, _ = stats.win_intervals[0]
    assert lo > 0.5, str(stats)


def test_expert_beats_greedy() -> None:
    stats = simulate("expert", "greedy", games=6_000, seed=1)
    lo, _ = stats.win_intervals[0]
    assert lo > 0.5, str(stats)


def test_first_dealer_alternates_so_mirror_matches_are_fair() -> None:
    stats = simulate("random", "random", games=4000, seed=8)
    lo, hi = stats.win_intervals[0]
    assert lo < 0.5 < hi


class FirstLegal(Player):
    """A Python player: the first legal discard and lay."""


def test_python_players_through_simulate() -> None:
    stats = simulate(FirstLegal(), "random", games=30, seed=3)
    assert stats.games == 30 and stats.players == ("FirstLegal", "random")
    # A built-in object or class stands for its bot; results match the names.
    by_object = simulate(GreedyPlayer(), RandomPlayer, games=500, seed=3, threads=1)
    by_name = simulate("greedy", "random", games=500, seed=3, threads=1)
    assert by_object.to_dict() == by_name.to_dict()


def test_a_python_copy_of_a_bot_matches_the_rust_simulator() -> None:
    class Wrapped:
        def __init__(self) -> None:
            self.bot = GreedyPlayer()

        def discard(self, view: PlayerView) -> Any:
            return self.bot.discard(view)

        def play(self, view: PlayerView) -> Any:
            return self.bot.play(view)

    python = simulate(Wrapped(), "greedy", games=40, seed=6)
    rust = simulate("greedy", "greedy", games=40, seed=6)
    assert python.wins == rust.wins and python.deals == rust.deals
    assert python.per_deal == rust.per_deal


def test_progress_is_reported_up_to_the_end() -> None:
    seen: list[int] = []
    simulate("random", "random", games=50_000, seed=0, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 50_000 and len(seen) >= 2


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"a": "smart"}, ValueError, 'unknown bot "smart"'),
        ({"games": 0}, ValueError, "games must be at least 1"),
        ({"games": -5}, ValueError, "games must be at least 1"),
        ({"threads": 0}, ValueError, "threads must be at least 1"),
        ({"a": 42}, TypeError, "discard"),
        ({"a": Player}, TypeError, "not the class"),
        ({"progress": 3}, TypeError, "progress"),
    ],
)
def test_bad_input(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    args: dict[str, Any] = {"a": "random", "b": "random", "games": 10}
    args.update(kwargs)
    with pytest.raises(error, match=match):
        simulate(**args)


def test_an_illegal_python_move_raises() -> None:
    class Cheat(Player):
        def play(self, view: PlayerView) -> cf.Card | None:
            return None  # go even when a card fits

    with pytest.raises(cf.IllegalMove):
        simulate(Cheat(), "random", games=5, seed=1)


def test_a_keyboard_interrupt_in_progress_stops_the_simulation() -> None:
    calls: list[int] = []

    def stop(done: int) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("random", "random", games=100_000, seed=0, progress=stop)
    assert len(calls) == 1 and calls[0] < 100_000


def claim_view_after_announcing_one(record: bool) -> tuple[PlayerView, int]:
    """A claim view of seed 0 after the owner announced 1 on a show worth 6."""
    game = Game(2, seed=0, muggins=True, record=record)
    while not game.is_over:
        if game.phase == "count":
            view = game.view()
            worth = cf.score_hand(view.show_cards, view.starter, crib=view.show_is_crib)
            if worth == 6:
                game.announce(1)
                return game.view(), worth
            game.announce(worth)
        else:
            game.apply(game.legal_moves()[0])
    raise AssertionError("no 6-point show in the game")


@pytest.mark.parametrize("record", [False, True])
def test_claims_answer_what_was_missed_with_and_without_a_log(record: bool) -> None:
    # Regression: without a log the view lost what was announced, so the
    # players claimed the whole show (6) instead of what was missed (5).
    view, worth = claim_view_after_announcing_one(record)
    assert view.phase == "claim" and view.announced == 1
    for player in [Player(), RandomPlayer(seed=1), GreedyPlayer(), ExpertPlayer()]:
        assert player.claim(view) == worth - 1, player
