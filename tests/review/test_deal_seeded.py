"""Games whose deals are seeded one by one (`Game(deal_seeds=True)`, the games
of duplicate matches) are analysed and hinted like any other: the analysis
rebuilds them from their record's origin (`rules::game::Origin`)."""

from __future__ import annotations

import json

import pytest

import cribbage_fast as cf
from cribbage_fast import analysis, hint

CHEAP = {"precision": 0.05, "budget": 8, "seed": 1}


def duplicate_games() -> list[cf.Game]:
    """Both games of two duplicate pairs, as `play_match(duplicate=True)` deals them."""
    games = []
    for group in range(2):
        for swap in (False, True):
            players = [cf.ExpertPlayer(), cf.GreedyPlayer()]
            game = cf.Game(2, seed=40 + group, deal_seeds=True, first_dealer=group % 2)
            game.play(players[::-1] if swap else players)
            games.append(game)
    return games


@pytest.mark.parametrize("game", duplicate_games())
def test_a_deal_seeded_game_is_analysed_and_adds_up(game: cf.Game) -> None:
    for source in (game, json.dumps(game.to_record())):
        a = analysis.analyze_game(source, **CHEAP)
        for p in a.players:
            total = p.start + p.skill + p.luck + p.opponent_errors
            assert total == pytest.approx(p.result, abs=1e-9)
        assert a.winner == game.winner
    assert analysis.analyze_game(json.dumps(game.to_record()), **CHEAP) == analysis.analyze_game(
        game, **CHEAP
    )


def test_every_decision_of_a_deal_seeded_game_is_hinted_as_analysed() -> None:
    game = duplicate_games()[1]
    for d in analysis.analyze_game(game, **CHEAP).decisions:
        h = hint(game, move_index=d.move_index, **CHEAP)
        assert (h.seat, h.kind) == (d.seat, d.kind)
        assert d.best in [o.action for o in h.options]
        assert h.best.move in [m.to_dict() for m in game.at_move(d.move_index).legal_moves()]
