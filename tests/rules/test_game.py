"""Scripted games that hit each rule of the whole game (docs/rules.md, all sections)."""

import copy
import doctest
import json
from typing import Any

import pytest

import cribbage_fast as cf
from cribbage_fast import Game, IllegalMove, Misdeal, Move, Player


def snapshot(game: Game) -> Any:
    """Everything observable about a game, to check an illegal move changed nothing."""
    seats = range(game.num_players)
    return (
        game.phase,
        game.to_move,
        game.scores,
        game.dealer,
        [game.hand(s) for s in seats],
        [game.kept(s) for s in seats],
        game.crib,
        game.starter,
        game.count,
        game.pile,
        game.moves(),
        game.events(),
    )


def events_of(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.events() if e["event"] == kind]


def two_player_deal(
    dealer_cards: str, pone_cards: str, starter: str, scores: tuple[int, int] = (0, 0)
) -> Game:
    """A 2-player game whose first deal is supplied; `scores` is (dealer, pone)."""
    game = Game(2, seed=11)
    dealer, pone = game.dealer, 1 - game.dealer
    hands = ["", ""]
    hands[dealer], hands[pone] = dealer_cards, pone_cards
    position = [0, 0]
    position[dealer], position[pone] = scores
    game.supply_deal(hands, starter=starter, scores=position)
    return game


def discard_last_two(game: Game) -> None:
    """Every seat discards its two highest cards (the last two in index order)."""
    while game.phase == "discard":
        game.discard(game.hand(game.to_move)[-2:])  # type: ignore[index]


def play_first_legal_moves(game: Game) -> None:
    """Plays out the play phase with the first legal move each time."""
    while game.phase == "play":
        game.apply(game.legal_moves()[0])


def test_his_heels_wins_the_game() -> None:
    game = two_player_deal("AC 2C 3C 4C 6D 7D", "AH 2H 3H 4H 6S 7S", "JS", scores=(119, 50))
    discard_last_two(game)
    assert game.is_over and game.winner == game.dealer
    assert game.scores[game.dealer] == 121
    assert events_of(game, "starter")[0]["his_heels"] == 2
    assert events_of(game, "peg") == []  # nothing is scored after the win
    assert game.events()[-1]["event"] == "game_over"
    assert game.legal_moves() == [] and game.to_move is None


def test_a_win_in_the_play_stops_the_play() -> None:
    game = two_player_deal("QD 10C 9C 8C KS KC", "5H 4H 3H 2H KH KD", "2D", scores=(119, 50))
    discard_last_two(game)
    assert game.phase == "play"
    game.lay("5H")  # pone leads
    game.lay("QD")  # fifteen for 2: the dealer reaches 121
    assert game.is_over and game.winner == game.dealer
    assert [e["kind"] for e in events_of(game, "peg")] == ["lay", "lay"]
    assert events_of(game, "show") == []
    with pytest.raises(IllegalMove, match="over"):
        game.lay("5H")


def test_pone_counts_first_and_wins_before_the_dealer_shows() -> None:
    # Pone keeps 5H 5D 5C JS (29 with the 5S starter); the dealer's 4-4-6-6 is
    # worth 24 too, but the pone counts first.
    game = two_player_deal("4C 4H 6D 6H KC KD", "5H 5D 5C JS QC QD", "5S", scores=(100, 100))
    discard_last_two(game)
    play_first_legal_moves(game)
    pegs = events_of(game, "peg")
    assert sum(e["points"] for e in pegs) < 21, "the play must not decide this test"
    assert game.is_over and game.winner == 1 - game.dealer
    shows = events_of(game, "show")
    assert [(s["seat"], s["points"]) for s in shows] == [(1 - game.dealer, 29)]


def test_show_order_hands_from_left_of_dealer_then_crib() -> None:
    game = Game(3, seed=4)
    dealer = game.dealer
    while not game.is_over and game.deal_number == 1:
        game.apply(game.legal_moves()[0])
    shows = [(e["seat"], e["crib"]) for e in events_of(game, "show")][:4]
    expected = [((dealer + k) % 3, False) for k in (1, 2, 3)] + [(dealer, True)]
    assert shows == expected[: len(shows)]


def test_three_player_crib_gets_a_card_from_the_deck() -> None:
    game = Game(3, seed=2)
    deal = events_of(game, "deal")[0]
    assert deal["crib_card"] is not None
    assert [len(game.hand(s)) for s in range(3)] == [5, 5, 5]
    assert [str(c) for c in game.crib] == [deal["crib_card"]]
    while game.phase == "discard":
        game.discard(game.hand(game.to_move)[0])  # type: ignore[index]
    assert len(game.crib) == 4 and deal["crib_card"] in map(str, game.crib)
    assert [len(game.kept(s)) for s in range(3)] == [4, 4, 4]


def test_four_players_partners_share_scores() -> None:
    game = Game(4, seed=9)
    assert len(game.scores) == 2
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    result = game.play([Player()] * 4)
    assert result.winner in (0, 1)
    pegged = [0, 0]
    for e in result.record["events"]:
        if e["event"] == "peg":
            pegged[e["seat"] % 2] += e["points"]
        elif e["event"] == "show":
            pegged[e["seat"] % 2] += e["pegged"]
    heels = sum(e["his_heels"] for e in result.record["events"] if e["event"] == "starter")
    assert sum(pegged) + heels == sum(result.scores)


@pytest.mark.parametrize(
    ("loser", "points", "skunk", "double"),
    [(91, 1, False, False), (90, 2, True, False), (61, 2, True, False), (60, 3, True, True)],
)
def test_skunk_boundaries(loser: int, points: int, skunk: bool, double: bool) -> None:
    game = two_player_deal("AC 2C 3C 4C 6D 7D", "AH 2H 3H 4H 6S 7S", "JS", scores=(119, loser))
    discard_last_two(game)
    result = game.result()
    assert result.scores[1 - game.dealer] == loser
    assert (result.game_points, result.skunk, result.double_skunk) == (points, skunk, double)


@pytest.mark.parametrize(
    ("hands", "crib_card", "match"),
    [
        (["AC 2C 3C 4C 6D", "AH 2H 3H 4H 6S 7S"], None, "seat 0 was dealt 5 cards, not 6"),
        (["AC 2C 3C 4C 6D 7D"], None, "1 hand for 2 players"),
        (["AC 2C 3C 4C 6D 7D", "AH 2H 3H 4H 6S 7S"], "9C", "only 3 players"),
    ],
)
def test_misdeal_is_refused_and_the_same_dealer_deals_again(
    hands: list[str], crib_card: str | None, match: str
) -> None:
    game = Game(2, seed=5)
    before = snapshot(game)
    with pytest.raises(Misdeal, match=match):
        game.supply_deal(hands, crib_card=crib_card)
    assert snapshot(game) == before
    game.supply_deal(["AC 2C 3C 4C 6D 7D", "AH 2H 3H 4H 6S 7S"], starter="9S")
    assert game.dealer == before[3] and game.deal_number == 1
    discard_last_two(game)
    assert game.starter == cf.Card("9S")


def test_misdeal_is_a_value_error_and_repeats_are_rejected() -> None:
    game = Game(2, seed=5)
    assert issubclass(Misdeal, ValueError)
    with pytest.raises(ValueError, match="AC appears more than once"):
        game.supply_deal(["AC 2C 3C 4C 6D 7D", "AC 2H 3H 4H 6S 7S"])
    with pytest.raises(ValueError, match="reached the target"):
        game.supply_deal(["AC 2C 3C 4C 6D 7D", "AH 2H 3H 4H 6S 7S"], scores=[121, 0])


def test_three_player_misdeal_without_the_crib_card() -> None:
    game = Game(3, seed=5)
    with pytest.raises(Misdeal, match="crib needs its card"):
        game.supply_deal(["AC 2C 3C 4C 6D", "AH 2H 3H 4H 6S", "AD 2D 3D 4D 6C"])


def muggins_game() -> Game:
    """Muggins on; pone keeps 5H 5D 5C JS for 29 with the 5S starter."""
    game = Game(2, seed=11, muggins=True)
    hands = ["", ""]
    hands[game.dealer], hands[1 - game.dealer] = "4C 7H 9D KC 2S 3S", "5H 5D 5C JS QC QD"
    game.supply_deal(hands, starter="5S")
    discard_last_two(game)
    play_first_legal_moves(game)
    return game


def test_muggins_missed_points_are_claimed() -> None:
    game = muggins_game()
    pone = 1 - game.dealer
    assert game.phase == "count" and game.to_move == pone
    view = game.view()
    assert view.show_owner == pone and [str(c) for c in view.show_cards] == ["5C", "5D", "5H", "JS"]
    before = game.scores
    game.announce(20)
    assert game.phase == "claim" and game.to_move == game.dealer
    assert game.view().announced == 20
    game.claim(12)  # an over-claim: only the 9 missed points are pegged
    assert game.scores[pone] == before[pone] + 20
    assert game.scores[game.dealer] == before[game.dealer] + 9
    muggins = events_of(game, "muggins")[0]
    assert (muggins["claimed"], muggins["pegged"]) == (12, 9)


def test_muggins_overcount_is_corrected_and_exact_count_skips_the_claim() -> None:
    game = muggins_game()
    pone = 1 - game.dealer
    before = game.scores[pone]
    game.announce(29 + 0)
    assert game.phase == "count" and game.to_move == game.dealer  # no claim phase
    assert game.scores[pone] == before + 29
    game2 = muggins_game()
    game2.announce(29)
    assert game2.scores == game.scores
    game3 = muggins_game()
    game3.announce(29)  # the same; then the dealer over-counts
    game3.announce(29)
    show = events_of(game3, "show")[-1]
    assert show["announced"] == 29 and show["pegged"] == show["points"] < 29


def test_muggins_player_protocol_counts_and_claims() -> None:
    class Sloppy(Player):
        def count(self, view: cf.PlayerView) -> int:
            return 0

    result = Game(2, seed=3, muggins=True).play([Sloppy(), Player()])
    claims = [e for e in result.record["events"] if e["event"] == "muggins"]
    assert claims and all(c["seat"] == 1 and c["pegged"] > 0 for c in claims)
    assert result.winner == 1


@pytest.mark.parametrize(
    ("move", "match"),
    [
        (Move.discard("AC"), "must give 2 cards to the crib, not 1"),
        (Move.lay("AC"), "must discard to the crib now, not lay AC"),
        (Move.go(), "must discard to the crib now"),
        (Move.count(5), "must discard to the crib now"),
    ],
)
def test_illegal_moves_in_the_discard_leave_the_game_unchanged(move: Move, match: str) -> None:
    game = Game(2, seed=8)
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=match):
        game.apply(move)
    assert snapshot(game) == before


def test_discarding_a_card_not_held_is_illegal() -> None:
    game = Game(2, seed=8)
    other = game.hand(1 - game.to_move)  # type: ignore[operator]
    mine = game.hand(game.to_move)  # type: ignore[arg-type]
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=f"does not hold {other[0]}"):
        game.discard([other[0], mine[0]])
    assert snapshot(game) == before


def test_illegal_lays_leave_the_game_unchanged() -> None:
    game = two_player_deal("AC 2C 10C JC QH KH", "5H 4H 9H 3H QS KS", "2D")
    discard_last_two(game)
    game.lay("5H")
    game.lay("JC")
    game.lay("4H")
    game.lay("10C")  # 29: the pone's 9H and 3H both pass 31
    before = snapshot(game)
    for bad, match in [("JC", "does not hold"), ("9H", "past 31")]:
        with pytest.raises(IllegalMove, match=match):
            game.lay(bad)
        assert snapshot(game) == before
    game.go()  # legal now: 3H and 9H both pass 31
    assert game.to_move == game.dealer
    before = snapshot(game)
    with pytest.raises(IllegalMove, match="cannot say go at count 29: it can lay AC 2C"):
        game.go()
    assert snapshot(game) == before


def test_views_show_only_what_a_seat_may_know() -> None:
    game = Game(2, seed=6)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    assert view.seat == seat and view.hand == game.hand(seat) and len(view.hand) == 6
    assert view.starter is None and view.discards == [] and view.legal_moves
    assert not hasattr(view, "crib") and not hasattr(view, "hands")
    other = game.view(1 - seat)
    assert other.legal_moves == [] and other.hand == game.hand(1 - seat)
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        game.view(2)


def test_same_seed_same_decisions_same_game_and_replay() -> None:
    first = Game(3, seed=42).play([Player()] * 3)
    second = Game(3, seed=42).play([Player()] * 3)
    assert first.record == second.record
    text = first.to_json()
    replayed = Game.replay(json.loads(text))
    assert replayed.events() == first.record["events"] and tuple(replayed.scores) == first.scores
    assert isinstance(replayed, Game)


def test_clone_is_independent_and_keeps_the_class() -> None:
    game = Game(2, seed=1)
    twin = game.clone()
    assert isinstance(twin, Game) and snapshot(twin) == snapshot(game)
    twin.apply(twin.legal_moves()[0])
    assert snapshot(twin) != snapshot(game)
    assert snapshot(copy.copy(game)) == snapshot(game) == snapshot(copy.deepcopy(game))


def test_bad_game_settings() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players, got 5"):
        Game(5)
    with pytest.raises(ValueError, match=r"first dealer must be a seat 0\.\.1, got 2"):
        Game(2, first_dealer=2)
    with pytest.raises(ValueError, match="target"):
        Game(2, target=10)
    with pytest.raises(ValueError, match="2 players needed"):
        Game(2).play([Player()])


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Game(2, seed=-1), r"seed must be 0 to 2\*\*64 - 1, got -1"),
        (lambda: Game(2, seed=2**64), "seed must be"),
        (lambda: Game(2, target=10**9), "between 31 and 1000 points, got 1000000000"),
        (lambda: Game(-3), "2, 3 or 4 players, got -3"),
        (lambda: Game(2, first_dealer=-1), "first dealer must be a seat"),
        (lambda: Game(2).hand(-1), "seat must be"),
        (lambda: Game(2).view(7), "seat must be"),
        (lambda: Game(2, muggins=True).announce(300), "no show is worth 300"),
        (lambda: Move.count(-1), "no show is worth -1"),
        (lambda: Move.claim(30), "the most is 29"),
    ],
)
def test_numbers_out_of_range_are_value_errors(make: Any, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        make()


def test_play_match_totals_game_points() -> None:
    match = cf.play_match([Player(), Player()], games=6, seed=1)
    assert match.games == 6 and sum(match.wins) == 6
    assert sum(match.game_points) == sum(r.game_points for r in match.results)


@pytest.mark.parametrize(
    "cls",
    [
        cf._core.Game,
        cf._core.Move,
        cf._core.PlayerView,
        cf.RandomPlayer,
        cf.GreedyPlayer,
        cf.ExpertPlayer,
    ],
)
def test_compiled_docstring_examples_run(cls: type) -> None:
    # The doc comments of the bindings are what help() shows: their examples run.
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = []
    for name in ["", *dir(cls)]:
        obj = getattr(cls, name) if name else cls
        doc = getattr(obj, "__doc__", None)
        if isinstance(doc, str) and ">>>" in doc and not name.startswith("__"):
            label = f"{cls.__name__}.{name}"
            tests.append(doctest.DocTestParser().get_doctest(doc, {}, label, None, 0))
    for test in tests:
        runner.run(test)
    assert tests and runner.summarize(verbose=False).failed == 0, cls
