"""The opponent panel by name everywhere, and the master's settings as keywords
(docs/bots.md, "The panel"; docs/master.md, "Who is it playing?")."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import BotPlayer, Game, MasterPlayer, master_match, simulate
from cribbage_fast.analysis.analyze import analyze_game
from cribbage_fast.cli import main

PANEL = ["greedy", "noisy", "pegger", "handmax", "ismcts", "cautious", "ismcts_deep"]
SWITCHES = [
    "search",
    "go_inference",
    "discard_inference",
    "board",
    "pegging_table",
    "lay_inference",
    "adaptive",
    "kept_samples",
    "crib_blind",
    "mixture",
    "discard_mixture",
    "learning",
]


def test_every_panel_bot_is_a_built_in_name() -> None:
    assert set(PANEL) <= set(cf._core.OPPONENTS)


@pytest.mark.parametrize("name", PANEL)
def test_a_panel_bot_plays_by_name_in_simulate_master_match_and_game_play(name: str) -> None:
    stats = simulate(name, "expert", games=6, seed=2, threads=1)
    assert stats.games == 6 and stats.players == (name, "expert")
    by_object = simulate(BotPlayer(name), "expert", games=6, seed=2, threads=1)
    assert by_object.player_seeds == (0, None)
    if name not in ("noisy", "ismcts", "ismcts_deep"):  # the others draw nothing
        assert by_object.total_scores == stats.total_scores
    assert master_match(name, games=2, seed=2, threads=1).players == ("master", name)
    result = Game(2, seed=4, target=61).play([name, "expert"])
    again = Game(2, seed=4, target=61).play([BotPlayer(name, seed=0), "expert"])
    assert result.winner in (0, 1)
    assert again.scores == result.scores or name in ("noisy", "ismcts", "ismcts_deep")


def test_a_named_seat_plays_as_in_simulate() -> None:
    """Seat s of a named game gets the seed simulate gives it."""
    one = Game(2, seed=9, target=61).play(["ismcts", "noisy"])
    two = Game(2, seed=9, target=61).play(["ismcts", "noisy"])
    assert one.scores == two.scores


def test_the_command_line_simulates_the_panel() -> None:
    result = CliRunner().invoke(main, ["simulate", "pegger", "cautious", "--games", "20"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("pegger vs cautious: 20 games")


def test_bot_player_reports_its_name_and_seed() -> None:
    p = BotPlayer("Cautious", seed=5)
    assert (p.name, p.seed) == ("cautious", 5)
    assert repr(p) == 'BotPlayer("cautious", seed=5)'


def test_master_player_takes_every_setting() -> None:
    old = MasterPlayer(budget=8, seed=1, mixture=False, learning=False)
    assert old.settings["mixture"] is False and old.settings["budget"] == 8
    assert set(old.settings) == {"budget", *SWITCHES}
    assert "mixture=False" in repr(old)
    # Each switch reaches the player: the old model is master_match's.
    game = Game(2, seed=3)
    game.play([MasterPlayer(seed=0, mixture=False), "expert"])
    assert game.winner in (0, 1)


@given(name=st.text(max_size=12))
@settings(max_examples=60, deadline=None)
def test_an_unknown_bot_name_is_refused_by_name(name: str) -> None:
    if name.strip().lower() in cf._core.OPPONENTS:
        return
    with pytest.raises(ValueError, match="unknown bot"):
        BotPlayer(name)
    with pytest.raises(ValueError, match="unknown bot"):
        Game(2, seed=1).play([name, "expert"])


@given(value=st.one_of(st.integers(), st.floats(), st.none(), st.text(), st.lists(st.booleans())))
@settings(max_examples=60, deadline=None)
def test_a_switch_that_is_not_a_bool_names_itself(value: object) -> None:
    for switch in ("mixture", "discard_mixture", "learning"):
        with pytest.raises(TypeError, match=switch):
            MasterPlayer(**{switch: value})
        with pytest.raises(TypeError, match=switch):
            master_match("expert", games=1, **{switch: value})


@given(budget=st.one_of(st.integers(max_value=0), st.integers(min_value=4097)))
@settings(max_examples=40, deadline=None)
def test_a_budget_out_of_range_names_the_budget(budget: int) -> None:
    with pytest.raises(ValueError, match="budget"):
        MasterPlayer(budget=budget)


@given(name=st.one_of(st.integers(), st.none(), st.binary(), st.floats()))
@settings(max_examples=30, deadline=None)
def test_a_bot_name_that_is_not_text_names_the_parameter(name: object) -> None:
    with pytest.raises(TypeError, match="name"):
        BotPlayer(name)  # type: ignore[arg-type]


def test_the_analysis_switch_is_checked_and_keeps_the_old_model() -> None:
    game = Game(2, seed=5)
    game.play(["pegger", "expert"])
    with pytest.raises(TypeError, match="robust_model"):
        analyze_game(game, precision=0.05, budget=8, robust_model=1)  # type: ignore[arg-type]

    def equities(**kw: object) -> list[tuple[float, ...]]:
        a = analyze_game(game, precision=0.05, budget=8, **kw)  # type: ignore[arg-type]
        return [d.equities for d in a.decisions]

    new = equities(threads=2)
    assert new == equities(threads=1)
    assert new != equities(robust_model=False)
