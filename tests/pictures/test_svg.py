"""The pictures (`cribbage_fast.svg`) read back by parsing the SVG: the cards
drawn are the cards given, in red or black, the pegs stand in the holes of
the scores, the skunk lines sit before holes 91 and 61, and every object of
the package that Jupyter shows has a ``_repr_svg_``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import svg
from cribbage_fast.analysis.analyze import analyze_game

NS = "{http://www.w3.org/2000/svg}"
RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT_TEXT = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
#: Card values for the count, written out here: A 1 ... 10, face cards 10.
VALUE = {r: min(i + 1, 10) for i, r in enumerate(RANK_TEXT)}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    assert {"width", "height", "viewBox"} <= set(root.attrib)
    return root


def classed(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if cls in e.get("class", "").split()]


def drawn_cards(root: ET.Element) -> list[tuple[str, str, str, str]]:
    """(card, rank text, suit text, colour) of each card face, in order."""
    out = []
    for g in classed(root, "g", "card"):
        texts = {t.get("class"): t for t in g.iter(f"{NS}text")}
        rank, suit = texts["rank"], texts["suit"]
        assert rank.get("fill") == suit.get("fill")
        out.append((g.get("data-card", ""), rank.text or "", suit.text or "", rank.get("fill", "")))
    return out


def card_text(rank: str, suit: str) -> str:
    return ("10" if rank == "10" else rank[0]) + suit


ALL_CARDS = [card_text(r, s) for r in RANK_TEXT for s in "CDHS"]


@pytest.mark.parametrize("text", ALL_CARDS)
def test_each_card_shows_its_rank_and_suit_in_its_colour(text: str) -> None:
    rank, suit = text[:-1], text[-1]
    for picture in (svg.card(text), cf.Card(text)._repr_svg_()):
        [(card, shown_rank, shown_suit, fill)] = drawn_cards(parse(picture))
        assert (card, shown_rank, shown_suit) == (text, rank, SUIT_TEXT[suit])
        red = suit in "DH"
        assert classed(parse(picture), "g", "card")[0].get("data-colour") == (
            "red" if red else "black"
        )
        assert fill == drawn_cards(parse(svg.card("AH" if red else "AS")))[0][3]
    assert drawn_cards(parse(svg.card("AH")))[0][3] != drawn_cards(parse(svg.card("AS")))[0][3]


@given(st.permutations(ALL_CARDS).map(lambda cards: cards[:7]), st.integers(0, 6))
def test_a_hand_shows_its_cards_in_order_and_the_starter_apart(cards: list[str], n: int) -> None:
    held, starter = cards[:n], cards[6]
    root = parse(svg.hand(" ".join(held), starter=starter))
    assert [c[0] for c in drawn_cards(root)] == [*held, starter]
    [cut] = classed(root, "g", "starter")
    assert [g.get("data-card") for g in classed(cut, "g", "card")] == [starter]
    assert [c[0] for c in drawn_cards(parse(svg.hand(held)))] == held


def test_a_breakdown_shows_the_hand_the_starter_and_the_points() -> None:
    b = cf.explain_hand("5H 5D 5C JS", "5S")
    root = parse(b._repr_svg_())
    assert [c[0] for c in drawn_cards(root)] == ["5H", "5D", "5C", "JS", "5S"]
    [total] = classed(root, "text", "total")
    assert total.text == "hand: 29 points"
    assert len(classed(root, "text", "item")) == 15  # 8 fifteens, 6 pairs and nobs
    crib = parse(svg.breakdown(cf.explain_hand("2H 3H 4H 9C", "KS", crib=True)))
    assert classed(crib, "text", "total")[0].text == "crib: 7 points"


@given(st.permutations(ALL_CARDS), st.lists(st.integers(0, 1), max_size=2))
def test_the_pile_shows_its_cards_in_order_the_count_and_the_goes(
    deck: list[str], goes: list[int]
) -> None:
    laid: list[str] = []
    for text in deck:
        if sum(VALUE[c[:-1]] for c in [*laid, text]) > 31:
            break
        laid.append(text)
    count = sum(VALUE[c[:-1]] for c in laid)
    root = parse(svg.pile([(i % 2, c) for i, c in enumerate(laid)], goes=goes))
    assert [c[0] for c in drawn_cards(root)] == laid
    [pile] = classed(root, "g", "pile")
    assert pile.get("data-count") == str(count)
    assert classed(root, "text", "count")[0].text == f"count {count}"
    assert [int(g.get("data-seat", "")) for g in classed(root, "g", "go")] == goes


def test_a_play_shows_the_hands_the_pile_and_the_goes() -> None:
    play = cf.Pegging(["5H 10S 4C 9D", "10D 5C AH KS"], leader=0)
    for card in ["5H", "10D", "10S", "5C"]:
        play.lay(card)
    play.go()
    root = parse(play._repr_svg_())
    assert [c[0] for c in drawn_cards(root)] == ["4C", "9D", "AH", "KS", "5H", "10D", "10S", "5C"]
    assert classed(root, "g", "pile")[0].get("data-count") == "30"
    assert [g.get("data-seat") for g in classed(root, "g", "go")] == ["0"]


def holes(root: ET.Element) -> dict[tuple[str | None, int], tuple[float, float]]:
    """(track, hole) -> centre; the game hole is (None, target)."""
    out: dict[tuple[str | None, int], tuple[float, float]] = {}
    for c in classed(root, "circle", "hole"):
        key = (c.get("data-track"), int(c.get("data-hole", "")))
        assert key not in out
        out[key] = (float(c.get("cx", "")), float(c.get("cy", "")))
    return out


def pegs(root: ET.Element, which: str) -> dict[int, tuple[int, float, float]]:
    """track -> (hole, cx, cy) of the front or back pegs."""
    return {
        int(p.get("data-track", "")): (
            int(p.get("data-hole", "")),
            float(p.get("cx", "")),
            float(p.get("cy", "")),
        )
        for p in classed(root, "circle", which)
        if "peg" in p.get("class", "")
    }


def test_the_board_has_a_track_a_side_and_the_game_hole() -> None:
    for sides in (2, 3):
        found = holes(parse(svg.board([0] * sides)))
        assert len(found) == sides * 121 + 1
        assert (None, 121) in found
        for track in range(sides):
            row = [found[(str(track), h)] for h in range(1, 121)]
            assert len(set(row)) == 120
            # Holes run left to right within each row of 40, rows top to bottom.
            for h in range(1, 120):
                (x1, y1), (x2, y2) = row[h - 1], row[h]
                assert (y1 == y2 and x2 > x1) if h % 40 else y2 > y1


@given(
    st.lists(st.integers(0, 140), min_size=2, max_size=3),
    st.lists(st.integers(0, 140), min_size=3, max_size=3),
)
def test_pegs_stand_in_the_holes_of_the_scores(scores: list[int], behind: list[int]) -> None:
    back = [min(b, s, 120) for b, s in zip(behind, scores, strict=False)]
    root = parse(svg.board(scores, back=back))
    found = holes(root)
    front = pegs(root, "front")
    assert sorted(front) == list(range(len(scores)))
    for track, score in enumerate(scores):
        hole, x, y = front[track]
        assert hole == min(score, 121)
        if score < 121:
            assert (x, y) == found[(str(track), score)]
        else:
            gx, gy = found[(None, 121)]
            assert gy == y and abs(gx - x) <= 8
    back_pegs = pegs(root, "back")
    assert sorted(back_pegs) == [t for t in range(len(scores)) if back[t] != scores[t]]
    for track, (hole, x, y) in back_pegs.items():
        assert hole == back[track] and (x, y) == found[(str(track), back[track])]


def test_the_skunk_lines_stand_before_holes_91_and_61() -> None:
    root = parse(svg.board([50, 100]))
    found = holes(root)
    lines = {int(e.get("data-hole", "")): e for e in classed(root, "line", "skunk-line")}
    assert sorted(lines) == [61, 91]
    for at, e in lines.items():
        x = float(e.get("x1", ""))
        assert x == float(e.get("x2", ""))
        assert found[("0", at - 1)][0] < x < found[("0", at)][0]
        top, bottom = sorted((float(e.get("y1", "")), float(e.get("y2", ""))))
        assert top < found[("0", at)][1] and found[("1", at)][1] < bottom
    # A game to 61: the skunk line before hole 31, the double skunk before hole 1.
    short = parse(svg.board([10, 20], target=61))
    assert sorted(int(e.get("data-hole", "")) for e in classed(short, "line", "skunk-line")) == [
        1,
        31,
    ]
    assert len(holes(short)) == 2 * 61 + 1


def test_names_are_written_as_given_and_escaped() -> None:
    picture = svg.board([3, 4], names=["<Ann & co>", 'Bo "B"'])
    root = parse(picture)
    assert [t.text for t in classed(root, "text", "name")] == ["<Ann & co> 3", 'Bo "B" 4']
    assert "<Ann" not in picture


@cache
def finished() -> cf.Game:
    game = cf.Game(2, seed=3)
    game.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    return game


def test_a_game_shows_its_hands_crib_starter_pile_and_back_pegs() -> None:
    game = cf.Game(2, seed=11)
    history = [list(game.scores)]
    back = [0, 0]
    while not game.pile or game.phase != "play":
        game.apply(game.legal_moves()[0])
        for side, (old, new) in enumerate(zip(history[-1], game.scores, strict=True)):
            if new != old:
                back[side] = old
        history.append(list(game.scores))
    root = parse(game._repr_svg_())
    shown = [c[0] for c in drawn_cards(root)]
    expected = [str(c) for c in game.hand(0) + game.hand(1) + game.crib]
    if game.starter is not None:
        expected.append(str(game.starter))
    expected += [str(c) for c in game.pile]
    assert shown == expected
    front = pegs(root, "front")
    assert {t: h for t, (h, _, _) in front.items()} == dict(enumerate(game.scores))
    behind = {t: h for t, (h, _, _) in pegs(root, "back").items()}
    assert behind == {t: back[t] for t in (0, 1) if back[t] != game.scores[t]}
    over = parse(finished()._repr_svg_())
    assert max(h for h, _, _ in pegs(over, "front").values()) == 121


def test_the_players_names_label_the_board_and_the_seats() -> None:
    game = cf.Game(2, seed=11, names=["Ann", None])
    root = parse(game._repr_svg_())
    assert [t.text for t in classed(root, "text", "name")] == ["Ann 0", "seat 1 0"]
    assert [t.text for t in classed(root, "text", "seat")] == ["Ann", "seat 1"]
    partners = parse(cf.Game(4, seed=1, names=["Ann", "Bo", "Cy", None])._repr_svg_())
    assert [t.text for t in classed(partners, "text", "name")] == ["Ann & Cy 0", "Bo & seat 3 0"]
    played = cf.Game(2, seed=3, names=["Ann", "Bo"])
    played.play([cf.ExpertPlayer(), cf.GreedyPlayer()])
    analysed = parse(analyze_game(played, seed=1, budget=8)._repr_svg_())
    shown = [t.text or "" for t in classed(analysed, "text", "name")]
    assert [t.split()[0] for t in shown] == ["Ann", "Bo"]


def test_a_view_shows_only_the_seats_own_cards() -> None:
    game = cf.Game(2, seed=11)
    view = game.view(1)
    root = parse(view._repr_svg_())
    assert [c[0] for c in drawn_cards(root)] == [str(c) for c in view.hand]


def test_a_view_in_the_muggins_count_shows_the_show_not_its_worth() -> None:
    game = cf.Game(2, seed=5, muggins=True)
    while game.phase != "count":
        game.apply(game.legal_moves()[0])
    view = game.view(game.to_move)
    root = parse(view._repr_svg_())
    assert view.starter is not None
    expected = [str(c) for c in [*view.show_cards, view.starter]]
    assert [c[0] for c in drawn_cards(root)][: len(expected)] == expected
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    assert not any(str(view.show_value) in t.split() for t in texts if "worth" in t)
    assert not any("worth" in t or "points" in t for t in texts)


def test_every_object_jupyter_shows_has_a_picture() -> None:
    game = finished()
    objects = [
        cf.Card("5H"),
        cf.explain_hand("5H 5D 5C JS", "5S"),
        cf.Pegging(["5H 10S", "10D 5C"]),
        game,
        cf.Game(3, seed=1),
        cf.Game(4, seed=1),
        cf.Game(2, seed=1).view(0),
        cf.hint(cf.Game(2, seed=7), budget=46, seed=1),
        cf.simulate("expert", "random", games=20, seed=1),
        analyze_game(game, seed=1, budget=8),
    ]
    for obj in objects:
        picture = obj._repr_svg_()
        parse(picture)
        assert isinstance(picture, str) and picture.startswith("<svg")
    assert svg.stats(objects[8]).count('class="win-rate"') == 2
    assert len(classed(parse(objects[4]._repr_svg_()), "circle", "front")) == 3
