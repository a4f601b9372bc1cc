"""Writes a game in the notation (docs/notation.md): the header from the
record's settings, then deal by deal the cards, the discards, the starter, the
play (one line per count) and the shows, from the game's moves and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..._core import Card
from ..._util.args import integer
from ..._util.names import check_name
from ...games.game import Game
from .grammar import MARKS, TAGS, UNKNOWN, tag_value_ok

#: The tags a caller may give; the others come from the record.
FREE_TAGS = ("Event", "Site", "Date", "Round", "Player0", "Player1", "Player2", "Player3")


@dataclass
class _DealPart:
    """One deal's events and moves, grouped for writing."""

    event: dict[str, Any]
    supplied: dict[str, Any] | None
    discards: list[tuple[int, str, int]] = field(default_factory=list)
    starter: str | None = None
    play: list[tuple[int, str, int, bool]] = field(default_factory=list)
    shows: list[tuple[dict[str, Any], list[tuple[str, int, int]]]] = field(default_factory=list)


def check(game: Game, tags: dict[str, str], view: int | None, marks: dict[int, str]) -> None:
    """What may be written of `game`: the caller's tags (`FREE_TAGS`, good
    values), the seat of the view, and marks on moves a mark may go on."""
    for name, value in tags.items():
        if name not in FREE_TAGS:
            raise ValueError(f"the tag {name!r} is not one to give (give {', '.join(FREE_TAGS)})")
        if name.startswith("Player") and int(name[-1]) >= game.num_players:
            raise ValueError(f"the tag {name} names a seat a {game.num_players}-player game lacks")
        if name.startswith("Player"):
            check_name(value, f"the tag {name}'s value (a player's name)")
        elif not tag_value_ok(value):
            raise ValueError(
                f"the tag {name}'s value must be printable text of at most 200 characters "
                f"without quotes or backslashes (no line breaks or control characters), "
                f"got {value!r:.80}"
            )
    if view is not None:
        integer(view, "view", 0, game.num_players - 1)
    moves = game.moves()
    for index, mark in marks.items():
        integer(index, "a mark's move index", 0, len(moves) - 1)
        if moves[index]["move"] == "deal":
            raise ValueError(
                f"move {index} supplies a deal: marks go on discards, lays, goes, counts and claims"
            )
        if mark not in MARKS:
            raise ValueError(f"move {index}'s mark {mark!r} is not one of {' '.join(MARKS)}")


def _header(game: Game, tags: dict[str, str], view: int | None, events: list[Any]) -> list[str]:
    """The tag lines: the game's names (a ``Player`` tag given overrides its
    seat's), the caller's tags, then the settings and the result."""
    values = {f"Player{seat}": name for seat, name in enumerate(game.names) if name is not None}
    values.update(tags)
    values["NumPlayers"] = str(game.num_players)
    values["Target"] = str(game.target)
    values["Muggins"] = "yes" if game.muggins else "no"
    first = game.first_dealer
    if first is None and view is not None:
        first = next(e["dealer"] for e in events if e["event"] == "deal")
    values["FirstDealer"] = "cut" if first is None else str(first)
    if view is None:
        values["Seed"] = str(game.seed)
    else:
        values["View"] = str(view)
    winner = game.winner
    values["Result"] = "*" if winner is None else f"{winner} " + "-".join(map(str, game.scores))
    return [f'[{name} "{values[name]}"]' for name in TAGS if name in values]


def _deals(game: Game, moves: list[Any], events: list[Any]) -> list[_DealPart]:
    """The events grouped by deal, each paired with the move that made it."""
    deals: list[_DealPart] = []
    at = 0

    def take(kind: str) -> tuple[dict[str, Any], int]:
        nonlocal at
        move = moves[at]
        if move["move"] != kind:  # the engine keeps moves and events in step
            raise ValueError(f"move {at} of the record is a {move['move']}, the events say {kind}")
        at += 1
        return move, at - 1

    for e in events:
        kind = e["event"]
        if kind == "deal":
            deals.append(_DealPart(e, take("deal")[0] if e["supplied"] else None))
        elif kind == "discard":
            move, i = take("discard")
            deals[-1].discards.append((move["seat"], move["cards"], i))
        elif kind == "starter":
            deals[-1].starter = e["card"]
        elif kind == "peg" and e["kind"] in ("lay", "go"):
            move, i = take(e["kind"])
            new_count = e["kind"] == "lay" and e["count"] == Card(e["card"]).value
            deals[-1].play.append((move["seat"], move.get("card", "go"), i, new_count))
        elif kind == "show":
            said = []
            if game.muggins:
                move, i = take("count")
                said.append(("count", move["points"], i))
                if at < len(moves) and moves[at]["move"] == "claim":
                    move, i = take("claim")
                    said.append((f"claim {move['seat']}:", move["points"], i))
            deals[-1].shows.append((e, said))
    if at != len(moves):
        raise ValueError(f"the record's moves from {at} on have no events")
    return deals


def _seen(part: _DealPart, seat: int) -> list[str]:
    """The cards of `seat` every player saw: laid, or shown in its hand."""
    cards = {c for s, c, _, _ in part.play if s == seat and c != "go"}
    for show, _ in part.shows:
        if show["seat"] == seat and not show["crib"]:
            cards |= set(show["cards"].split())
    return sorted(cards, key=lambda c: Card(c).index)


def _deal_lines(part: _DealPart, view: int | None, marks: dict[int, str]) -> list[str]:
    e, move = part.event, part.supplied
    head = f"deal {e['number']} dealer {e['dealer']}"
    if move is not None and view is None:
        head += " supplied"
    if move is not None and move.get("scores") is not None:
        head += " scores " + "-".join(map(str, move["scores"]))
    lines = [head]
    hands = move["hands"] if move is not None else e["hands"]
    for seat, hand in enumerate(hands):
        size = len(hand.split())
        if view is not None and seat != view:
            seen = _seen(part, seat)
            hand = " ".join(seen + [UNKNOWN] * (size - len(seen)))
        lines.append(f"hand {seat} {hand}")
    if e.get("crib_card") is not None:
        lines.append(f"crib_card {UNKNOWN if view is not None else e['crib_card']}")
    for seat, cards, i in part.discards:
        if view is not None and seat != view:
            cards = " ".join([UNKNOWN] * len(cards.split()))
        lines.append(f"discard {seat} {cards}{_mark(marks, i, ' ')}")
    if part.starter is not None:
        drawn = move is not None and move.get("starter") is None and view is None
        lines.append(f"starter {part.starter}" + (" drawn" if drawn else ""))
    lines += _play_lines(part, marks)
    for show, said in part.shows:
        word = "crib" if show["crib"] else "show"
        text = f"{word} {show['seat']} {show['cards']} = {show['points']}"
        for label, points, i in said:
            sep = "" if label.endswith(":") else " "
            text += f" {label}{sep}{points}{_mark(marks, i)}"
        lines.append(text)
    return lines


def _mark(marks: dict[int, str], index: int, sep: str = "") -> str:
    return f"{sep}{marks[index]}" if index in marks else ""


def _play_lines(part: _DealPart, marks: dict[int, str]) -> list[str]:
    """The play, one line per count."""
    lines: list[list[str]] = []
    for seat, card, i, new_count in part.play:
        if new_count or not lines:
            lines.append([])
        lines[-1].append(f"{seat}:{card}{_mark(marks, i)}")
    return ["play " + " ".join(words) for words in lines]


def write_game(game: Game, tags: dict[str, str], view: int | None, marks: dict[int, str]) -> str:
    """The text of `game` (see `cribbage_fast.records.write_text`)."""
    check(game, tags, view, marks)
    moves, events = game.moves(), game.events()
    if moves and not events:
        raise ValueError("the game keeps no events (record=False): it cannot be written")
    lines = _header(game, tags, view, events)
    if game.first_dealer is None and view is None:
        cut = next((e["cuts"] for e in events if e["event"] == "cut_for_deal"), None)
        if cut is not None:
            lines += ["", f"cut {cut}"]
    for part in _deals(game, moves, events):
        lines += ["", *_deal_lines(part, view, marks)]
    return "\n".join(lines) + "\n"
