"""Simulations and the master at tables of three and four players."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import BotPlayer, Game, SimulationStats, master_match, simulate

THREE = ["master", "expert", "expert"]
FOUR = ["master", "expert", "expert", "expert"]


@pytest.mark.parametrize("players", [THREE, FOUR, ["greedy", "random", "expert"]])
def test_tables_are_seeded_thread_invariant_and_add_up(players: list[str]) -> None:
    one = simulate(players, games=24, seed=3, threads=1)
    assert one == simulate(players, games=24, seed=3, threads=2)
    parts = simulate(players, games=10, seed=3, threads=2) + simulate(
        players, games=14, seed=3, first_game=10, threads=1
    )
    assert parts == one
    sides = 2 if len(players) == 4 else 3
    assert one.sides == sides and one.players == tuple(players)
    assert len(one.wins) == len(one.win_intervals) == len(one.total_scores) == sides
    assert sum(one.wins) == 24
    assert sum(one.win_rates) == pytest.approx(1.0)
    for (lo, hi), rate in zip(one.win_intervals, one.win_rates, strict=True):
        assert lo <= rate <= hi
    assert SimulationStats.from_dict(one.to_dict()) == one
    assert pickle.loads(pickle.dumps(one)) == one
    assert one._repr_svg_().count('class="win-rate"') == sides
    text = str(one)
    assert "fair share" in text and " vs ".join(players) in text


def test_a_list_of_two_is_the_two_player_call() -> None:
    assert simulate(["expert", "greedy"], games=40, seed=5) == simulate(
        "expert", "greedy", games=40, seed=5
    )


def test_the_two_player_stream_is_unchanged() -> None:
    # Recorded before tables existed (seed 11, one thread).
    stats = simulate("master", "expert", games=300, seed=11, threads=1)
    assert stats.wins == (172, 128)
    assert stats.total_scores == (34761, 33944)
    stats = master_match("greedy", games=200, seed=5, threads=1)
    assert (stats.wins, stats.total_scores) == ((134, 66), (23719, 21548))


def test_the_first_deal_goes_round_the_table() -> None:
    seats = simulate(["greedy"] * 3, games=30, seed=1, first_dealer=2)
    assert seats.first_dealer == 2
    assert seats != simulate(["greedy"] * 3, games=30, seed=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"duplicate": True}, "duplicate"),
        ({"adjusted": True}, "adjusted"),
        ({"scores": (10, 0, 0)}, "scores"),
        ({"first_dealer": 3}, "first_dealer"),
    ],
)
def test_two_player_options_are_refused_at_a_table(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(["greedy"] * 3, games=4, **kwargs)


def test_bad_player_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        simulate(["greedy"], games=2)
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        simulate(["greedy"] * 5, games=2)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(["greedy", "nobody", "random"], games=2)
    with pytest.raises(TypeError, match="one list"):
        simulate("greedy", games=2)

    class Mine:
        def discard(self, view: object) -> object: ...
        def play(self, view: object) -> object: ...

    with pytest.raises(TypeError, match="built-in players only"):
        simulate(["greedy", Mine(), "random"], games=2)
    with pytest.raises(ValueError, match="players"):
        master_match("expert", games=2, players=5)
    with pytest.raises(ValueError, match="duplicate"):
        master_match("expert", games=2, players=3, duplicate=True)


@settings(max_examples=40, deadline=None)
@given(
    players=st.one_of(
        st.lists(st.sampled_from(["random", "greedy", "expert", 7, None, "x"]), max_size=6),
        st.tuples(st.sampled_from(["random", "greedy"]), st.integers()),
        st.text(max_size=5),
        st.integers(),
    ),
    games=st.one_of(st.integers(-3, 4), st.floats(allow_nan=True), st.none()),
    first_dealer=st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=2)),
)
def test_hostile_table_arguments_give_clear_errors(
    players: object, games: object, first_dealer: object
) -> None:
    try:
        stats = simulate(players, games=games, seed=1, first_dealer=first_dealer, threads=1)  # type: ignore[arg-type]
    except (ValueError, TypeError) as e:
        assert str(e)
    else:
        assert sum(stats.wins) == stats.games


@pytest.mark.parametrize("players", [3, 4])
def test_the_master_at_a_table_plays_legal_games(players: int) -> None:
    # Game refuses an illegal move: whole games through the engine, the master
    # in every seat in turn.
    for g in range(6):
        seats = [BotPlayer("expert", seed=s) for s in range(players)]
        seats[g % players] = BotPlayer("master", seed=g)
        game = Game(players, seed=g)
        game.play_to_end(seats)
        assert game.is_over
    stats = master_match("greedy", games=20, seed=2, players=players, threads=1)
    assert sum(stats.wins) == 20 and stats.players[0] == "master"


@pytest.mark.parametrize("players", [3, 4])
def test_a_table_simulation_stops_on_ctrl_c(players: int, stop_when_ready: Any) -> None:
    """A master at a high budget at a table of three or four stops within
    about a second of SIGINT, between two moves or inside a search."""
    from bots.test_ctrl_c import assert_interrupted, interrupt

    code = (
        "import cribbage_fast as cf\nprint('ready', flush=True)\n"
        f"cf.master_match('expert', games=10**6, budget=4096, adaptive=False, players={players})"
    )
    assert_interrupted(interrupt(stop_when_ready, code))
