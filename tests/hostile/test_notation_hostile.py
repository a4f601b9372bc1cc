"""The notation under hostile text (docs/errors.md, "The notation"): every
input is used or refused (a card twice in a line, a second starter, a deal
line again, scores on a seeded deal, any line written twice), seeds are
integers in range, what `write_text` writes `read` reads back, and parsing is
linear in its input (a deal holds at most five shows)."""

from __future__ import annotations

import tracemalloc
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
from cribbage_fast.records import MARKS, NotationError, read, write_text


@cache
def played(seed: int, supplied: bool = False) -> Game:
    game = Game(2, seed=seed)
    if supplied:
        game = Game(2, seed=seed, first_dealer=0)
        game.supply_deal(["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"], starter="KS")
    game.play([ExpertPlayer(), GreedyPlayer()])
    return game


@cache
def text_of(seed: int, view: int | None = None) -> str:
    return write_text(played(seed), view=view)


BODY = ("cut", "deal", "hand", "crib_card", "discard", "starter", "play", "show", "crib")


def _lines(text: str, *kinds: str) -> list[int]:
    lines = text.splitlines()
    return [i for i, line in enumerate(lines) if line.split()[:1] and line.split()[0] in kinds]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([1, 2, 3]), st.sampled_from([None, 0]), st.data())
def test_any_line_written_twice_is_refused(
    seed: int, view: int | None, data: st.DataObject
) -> None:
    """No line of a record may stand twice: a tag, a hand, a discard, a
    starter, a play, a show, a deal."""
    text = text_of(seed, view)
    lines = text.splitlines()
    candidates = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")]
    i = data.draw(st.sampled_from(candidates))
    doubled = "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
    with pytest.raises(NotationError):
        read(doubled)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([1, 2, 3]), st.sampled_from([None, 1]), st.data())
def test_a_card_twice_in_one_line_is_refused(
    seed: int, view: int | None, data: st.DataObject
) -> None:
    text = text_of(seed, view)
    lines = text.splitlines()
    i = data.draw(st.sampled_from(_lines(text, "hand", "discard", "show", "crib")))
    words = lines[i].split()
    cards = [k for k, w in enumerate(words) if k >= 2 and w not in ("=", "xx") and w[0] != "="]
    cards = [k for k in cards if words[k - 1] != "="]
    if len(cards) < 2:
        return
    a, b = data.draw(st.permutations(cards))[:2]
    words[b] = words[a]
    lines[i] = " ".join(words)
    with pytest.raises(NotationError, match="twice in this line"):
        read("\n".join(lines))


def test_each_example_of_the_issue_is_refused() -> None:
    text = text_of(3)
    lines = text.splitlines()
    starter = _lines(text, "starter")[0]
    deal = _lines(text, "deal")[0]
    cases = {
        "two starters": [*lines[: starter + 1], "starter KS", *lines[starter + 1 :]],
        "a deal line twice": [*lines[: deal + 1], lines[deal], *lines[deal + 1 :]],
        "scores on a seeded deal": [*lines[:deal], lines[deal] + " scores 5-6", *lines[deal + 1 :]],
    }
    for name, body in cases.items():
        with pytest.raises(NotationError):
            read("\n".join(body))
        assert name
    for bad in ('[NumPlayers "2"]\n[Seed "1"]\ncut\n', '[NumPlayers "2"]\n[Seed "1"]\ncut   # c\n'):
        with pytest.raises(NotationError, match="cards cut"):
            read(bad)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.booleans(),
        st.text(max_size=5),
        st.floats(),
        st.binary(max_size=4),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.lists(st.integers(), max_size=2),
    )
)
def test_seeds_are_integers_in_range(seed: object) -> None:
    """A seed fills the unknown cards the same way every time: any integer
    0 to 2**64 - 1; anything else is refused, never read some other way."""
    text = text_of(2, view=0)
    ok = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**64
    if not ok:
        with pytest.raises((TypeError, ValueError), match="seed"):
            read(text, seed=seed)  # type: ignore[arg-type]
        return
    assert read(text, seed=seed) == read(text, seed=seed)


printable_or_not = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=12
)


@settings(max_examples=80, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["Event", "Site", "Player0", "Round"]), printable_or_not),
    st.one_of(st.none(), st.integers(-1, 2), st.booleans(), st.text(max_size=2)),
    st.dictionaries(st.integers(-2, 400), st.sampled_from([*MARKS, "?!?", ""]), max_size=3),
)
def test_what_write_writes_parse_reads_back(
    tags: dict[str, str], view: object, marks: dict[int, str]
) -> None:
    game = played(4)
    try:
        text = write_text(game, tags=tags, view=view, marks=marks)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return
    back = read(text)
    assert {k: back.tags[k] for k in tags} == tags
    assert back.view == view
    if view is None:
        named = game.clone()  # the Player tags name the seats
        named.names = [tags.get(f"Player{seat}") for seat in range(game.num_players)]
        assert back.game == named and back.marks == marks
    else:  # the view's record supplies each deal: the same marks, on moves one later
        assert sorted(back.marks.values()) == sorted(marks.values())


def test_the_writer_refuses_what_the_reader_would() -> None:
    game = played(4)
    for value in ("a\x0cb", "a\u2028b", "a\x85b", "tab\there", 'say "hi"', "x" * 201):
        with pytest.raises(ValueError, match="tag Event"):
            write_text(game, tags={"Event": value})
    with pytest.raises(TypeError, match="view"):
        write_text(game, view=True)
    with pytest.raises(ValueError, match="supplies a deal"):
        write_text(played(5, supplied=True), marks={0: "?"})


def test_a_supplied_deal_round_trips() -> None:
    game = played(5, supplied=True)
    assert read(write_text(game)).game.to_record() == game.to_record()


def test_parsing_stops_at_the_first_line_past_what_a_deal_can_hold() -> None:
    """10**5 show lines: refused at the sixth, not after reading them all
    (the parser is linear: nothing past a bad line is read)."""
    head = text_of(1).split("\nshow ", 1)[0]
    shows = "\n".join("show 0 AS 2S 3S 4S" for _ in range(100_000))
    with pytest.raises(NotationError, match="at most 5 shows") as err:
        read(head + "\n" + shows)
    assert err.value.line == head.count("\n") + 1 + 6
    plays = "\n".join("play 0:AS" for _ in range(100_000))
    with pytest.raises(NotationError):
        read(head + "\n" + plays)


def test_a_million_deal_lines_are_not_held_in_memory() -> None:
    """Deals are read as they are replayed: 10**6 deal lines (16 MB of text)
    are refused at the second, holding little more than the text itself."""
    text = '[NumPlayers "2"]\n[FirstDealer "0"]\n' + "".join(
        f"deal {n} dealer {(n - 1) % 2}\n" for n in range(1, 1_000_001)
    )
    tracemalloc.start()
    try:
        with pytest.raises(NotationError) as err:
            read(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.value.line == 4
    assert peak < 3 * len(text) + (16 << 20), peak


def test_a_bom_and_any_line_break_read_as_the_writer_wrote() -> None:
    text = text_of(2)
    for variant in ("\ufeff" + text, text.replace("\n", "\r\n"), text.replace("\n", "\r")):
        assert read(variant).game.to_record() == played(2).to_record()
