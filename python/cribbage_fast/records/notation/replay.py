"""Replays parsed notation through the rules engine (docs/notation.md): the
header's settings, each deal's cards (supplied or checked against the seed),
every move in turn, and the shows and the result as checks. Cards the text
leaves unknown (``xx``) are filled by a seeded completion that the replay
accepts; the engine is the judge of every rule, nothing here restates one."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..._core import Card, CribbageError, Move
from ...exceptions import NotationError
from ...games.game import Game
from .grammar import FilledCard, _card_of, _Deal, _integer, _Parsed, _Token

#: Completions tried for a deal with unknown cards before the text is refused,
#: and for the whole text (so hostile text cannot make parsing slow).
TRIES = 400
TOTAL_TRIES = 4000

_DECK = tuple(Card.from_index(i) for i in range(52))


@dataclass
class Replayed:
    """The game a text replays to, with what was filled and marked."""

    game: Game
    tags: dict[str, tuple[str, _Token]]
    view: int | None
    filled: list[FilledCard] = field(default_factory=list)
    marks: dict[int, str] = field(default_factory=dict)
    moves: int = 0
    tries: int = 0


def _tag_int(parsed: _Parsed, name: str, low: int, high: int) -> int | None:
    if name not in parsed.tags:
        return None
    value, tok = parsed.tags[name]
    return _integer(_Token(value, tok.line, tok.column), f"the {name} tag's value", low, high)


def _settings(parsed: _Parsed) -> dict[str, object]:
    """The `Game` settings the header gives."""
    top = _Token("", 1, 1)
    n = _tag_int(parsed, "NumPlayers", 2, 4)
    if n is None:
        raise top.error('expected a [NumPlayers "2"] tag (2, 3 or 4) in the header')
    seed = _tag_int(parsed, "Seed", 0, (1 << 64) - 1) if "Seed" in parsed.tags else None
    muggins, tok = parsed.tags.get("Muggins", ("no", top))
    if muggins not in ("yes", "no"):
        raise tok.error(f"expected the Muggins tag to be yes or no, got {muggins!r}")
    first, tok = parsed.tags.get("FirstDealer", ("cut", top))
    if first == "cut":
        if seed is None:
            raise tok.error("without a Seed tag the first dealer must be a seat (FirstDealer)")
        first_dealer = None
    else:
        first_dealer = _integer(_Token(first, tok.line, tok.column), "the first dealer", 0, n - 1)
    if parsed.cut is not None and first_dealer is not None:
        raise parsed.cut[0].error('a cut line goes with [FirstDealer "cut"] and a Seed tag')
    return {
        "num_players": n,
        "seed": 0 if seed is None else seed,
        "target": _tag_int(parsed, "Target", 1, 10_000) or 121,
        "muggins": muggins == "yes",
        "first_dealer": first_dealer,
    }


def _names(parsed: _Parsed, num_players: int) -> list[str | None]:
    """The players' names the ``Player`` tags give (checked as they were read)."""
    names: list[str | None] = [None] * num_players
    for name, (value, tok) in parsed.tags.items():
        if name.startswith("Player"):
            seat = int(name[-1])
            if seat >= num_players:
                raise tok.error(f"the tag {name} names a seat a {num_players}-player game lacks")
            names[seat] = value
    return names


def replay(parsed: _Parsed, seed: int) -> Replayed:
    """The game the parsed text describes, checked move by move."""
    settings = _settings(parsed)
    try:
        game = Game(**settings)  # type: ignore[arg-type]
    except (CribbageError, ValueError) as err:
        raise _Token("", 1, 1).error(f"the header's settings: {err}") from None
    view = _tag_int(parsed, "View", 0, int(str(settings["num_players"])) - 1)
    game.names = _names(parsed, game.num_players)
    out = Replayed(game, parsed.tags, view)
    _check_cut(parsed, game)
    rng = random.Random(seed)
    seeded = "Seed" in parsed.tags
    deal = next(parsed.deals, None)
    if deal is None:
        _check_result(parsed, out.game)
    else:
        _check_start(out.game, deal)
    shows: list[tuple[int, _Deal]] = []
    while deal is not None:
        after = next(parsed.deals, None)
        _deal(out, parsed, deal, after, seeded, rng)
        if deal.shows:
            shows.append((deal.number, _shows_only(deal)))
        deal = after
    by_deal = _by_deal(out.game.events())
    for number, written in shows:
        _check_shows(by_deal.get(number, []), written)
    return out


def _shows_only(deal: _Deal) -> _Deal:
    """What the final check of the shows needs of a replayed deal (the rest
    of it is let go)."""
    return _Deal(deal.head, deal.number, deal.dealer, deal.supplied, shows=deal.shows)


def _check_cut(parsed: _Parsed, game: Game) -> None:
    if parsed.cut is None:
        return
    cuts = next((e.get("cuts") for e in game.events() if e["event"] == "cut_for_deal"), None)
    written = " ".join(str(_card_of(t, unknown=False)) for t in parsed.cut)
    if written != cuts:
        raise parsed.cut[0].error(f"the seed cuts {cuts} for the first deal, not {written}")


def _check_start(game: Game, deal: _Deal) -> None:
    """A deal line must come where the game starts that deal."""
    if game.is_over:
        raise deal.head.error(f"the game is over (side {game.winner} won): no deal {deal.number}")
    fresh = len(game.crib) == (1 if game.num_players == 3 else 0)
    if game.phase != "discard" or game.deal_number != deal.number or not fresh:
        what = f"seat {game.to_move} is to {game.phase}" if game.to_move is not None else ""
        raise deal.head.error(
            f"expected the rest of deal {game.deal_number} ({what}), not deal {deal.number}"
        )
    if deal.dealer != game.dealer:
        raise deal.head.error(
            f"seat {game.dealer} deals deal {deal.number}, not seat {deal.dealer}"
        )


def _check_result(parsed: _Parsed, game: Game) -> None:
    if "Result" not in parsed.tags:
        return
    value, tok = parsed.tags["Result"]
    actual = "*" if game.winner is None else f"{game.winner} " + "-".join(map(str, game.scores))
    if value != actual:
        raise tok.error(f"the game's result is {actual!r}, the Result tag says {value!r}")


@dataclass
class _Fill:
    """One completion of a deal: the hands to supply (None: the seed's), the
    discards, the crib card and starter to supply, and what was filled."""

    hands: list[str] | None
    discards: dict[int, list[Card]]
    crib_card: Card | None
    starter: Card | None
    filled: list[FilledCard]


class _Known:
    """What a deal's text says of its cards: whose each card is, which are
    discards and which were kept (laid or shown). Contradictions are refused
    here, before any completion is tried."""

    def __init__(self, game: Game, deal: _Deal, supplied: bool) -> None:
        n = game.num_players
        self.deal, self.supplied, self.n = deal, supplied, n
        self.size, self.dsize = (6, 2) if n == 2 else (5, 1)
        self.owner: dict[Card, tuple[str, _Token]] = {}
        self.seeded = None if supplied else {s: set(game.hand(s)) for s in range(n)}
        self.hand_cards = {s: self._hand(s) for s in range(n)}
        self.dealt = {s: {c for c in self.hand_cards[s] if c is not None} for s in range(n)}
        self.kept: dict[int, set[Card]] = {s: set() for s in range(n)}
        self.disc: dict[int, set[Card]] = {s: set() for s in range(n)}
        for s, toks in deal.discards.items():
            self._seat(s, deal.head)
            if len(toks) != self.dsize:
                raise toks[0].error(f"expected {self.dsize} discarded card(s) of seat {s}")
            self.disc[s] = self._own(toks, s, self.dealt[s])
        for seat_tok, move in deal.play:
            s = self._seat(int(seat_tok.text), seat_tok)
            if move.text != "go":
                self.kept[s] |= self._own([move], s, self.dealt[s], unknown=False)
        self.crib_shown: list[tuple[Card, _Token]] = []
        for show in deal.shows:
            if len(show.cards) != 4:
                raise show.head.error(f"expected the 4 cards of the {show.head.text}")
            if show.crib:
                self.crib_shown += [(c, t) for t in show.cards if (c := _card_of(t)) is not None]
            else:
                s = self._seat(show.seat, show.head)
                self.kept[s] |= self._own(show.cards, s, self.dealt[s])
        self.starter = self._single(deal.starter, "starter")
        self.crib_card = self._single(deal.crib_card, "crib card")
        if not supplied:
            self._seeded(game)
        self._attribute()

    def _seat(self, seat: int, tok: _Token) -> int:
        if seat >= self.n:
            raise tok.error(f"expected a seat 0 to {self.n - 1}, got {seat}")
        return seat

    def _hand(self, seat: int) -> list[Card | None]:
        toks = self.deal.hands.get(seat)
        if toks is None:
            return [None] * self.size
        self._seat(seat, toks[0])
        if len(toks) != self.size:
            raise toks[0].error(f"expected {self.size} cards in seat {seat}'s hand (xx if unknown)")
        return [c for c in self._list(toks, seat)]

    def _list(self, toks: list[_Token], seat: int, unknown: bool = True) -> list[Card | None]:
        out = []
        for tok in toks:
            card = _card_of(tok, unknown)
            if card is not None:
                self._claim(card, f"seat {seat}", tok)
                if self.seeded is not None and card not in self.seeded[seat]:
                    raise tok.error(
                        f"seat {seat} was not dealt {card} (the seed deals it elsewhere)"
                    )
            out.append(card)
        return out

    def _own(
        self, toks: list[_Token], seat: int, dealt: set[Card], unknown: bool = True
    ) -> set[Card]:
        cards = {c for c in self._list(toks, seat, unknown) if c is not None}
        dealt |= cards
        if len(dealt) > self.size:
            raise toks[0].error(f"seat {seat} would hold more than {self.size} cards")
        return cards

    def _claim(self, card: Card, owner: str, tok: _Token) -> None:
        """A card belongs to one seat (or is the starter, or the crib card)."""
        seen = self.owner.setdefault(card, (owner, tok))
        if seen[0] != owner:
            where = f"line {seen[1].line}, column {seen[1].column}"
            raise tok.error(f"{card} is already {seen[0]}'s card ({where})")

    def _single(self, tok: _Token | None, owner: str) -> Card | None:
        if tok is None:
            return None
        card = _card_of(tok, unknown=owner != "starter")
        if card is not None:
            self._claim(card, owner if owner == "starter" else "the crib's", tok)
        return card

    def _seeded(self, game: Game) -> None:
        """The seed deals the cards (the seats' are checked as they are read)."""
        assert self.seeded is not None
        self.dealt = self.seeded
        if self.n == 3 and self.crib_card is not None and [self.crib_card] != game.crib:
            assert self.deal.crib_card is not None
            raise self.deal.crib_card.error(f"the seed deals {game.crib[0]} to the crib")
        if self.starter is not None and self.deal.starter_drawn:
            raise self.deal.head.error("'drawn' goes with supplied deals only")

    def _attribute(self) -> None:
        """The crib's shown cards: a seat's discard when the seat is known."""
        self.loose: list[tuple[Card, _Token]] = []
        for card, tok in self.crib_shown:
            if card == self.crib_card or any(card in d for d in self.disc.values()):
                continue
            seat = next((s for s in range(self.n) if card in self.dealt[s]), None)
            if seat is None:
                self.loose.append((card, tok))
            elif card in self.kept[seat]:
                raise tok.error(f"{card} is in the crib, but seat {seat} kept it")
            elif len(self.disc[seat]) >= self.dsize:
                raise tok.error(f"{card} is in the crib, but seat {seat} discarded other cards")
            else:
                self.disc[seat].add(card)

    @property
    def complete(self) -> bool:
        """Nothing is left to choose."""
        full = all(len(self.dealt[s]) == self.size for s in range(self.n))
        discards = all(len(self.disc[s]) == self.dsize for s in range(self.n))
        cards = not self.supplied or (
            self.starter is not None and (self.n != 3 or self.crib_card is not None)
        )
        return full and discards and cards and not self.loose

    def fill(self, rng: random.Random) -> _Fill:
        """A completion of the unknown cards, drawn with `rng`."""
        number = self.deal.number
        dealt = {s: set(c) for s, c in self.dealt.items()}
        disc = {s: set(c) for s, c in self.disc.items()}
        used = set(self.owner) | {c for c, _ in self.crib_shown}
        for s in dealt:
            used |= dealt[s]
        pool = [c for c in _DECK if c not in used]
        rng.shuffle(pool)
        crib_card = self.crib_card
        filled: list[FilledCard] = []
        for card, tok in self.loose:
            room = [s for s in dealt if len(dealt[s]) < self.size and len(disc[s]) < self.dsize]
            if self.supplied and self.n == 3 and crib_card is None:
                room.append(-1)
            if not room:
                raise tok.error(f"{card} is in the crib, but no seat has room for it")
            seat = rng.choice(room)
            if seat < 0:
                crib_card = card
                filled.append(FilledCard(number, None, "crib_card", str(card)))
            else:
                dealt[seat].add(card)
                disc[seat].add(card)
        for s in dealt:
            while len(dealt[s]) < self.size:
                dealt[s].add(pool.pop())
            free = sorted(dealt[s] - self.kept[s] - disc[s], key=lambda c: c.index)
            disc[s] |= set(rng.sample(free, self.dsize - len(disc[s])))
        if not self.supplied:
            crib_card = None
        elif self.n == 3 and crib_card is None:
            crib_card = pool.pop()
            filled.append(FilledCard(number, None, "crib_card", str(crib_card)))
        starter = self.starter
        if self.supplied and starter is None and not self.deal.starter_drawn:
            starter = pool.pop()
            filled.append(FilledCard(number, None, "starter", str(starter)))
        for s in dealt:
            for card in sorted(dealt[s] - self.dealt[s] | disc[s] - self.disc[s], key=_index):
                role = "discard" if card in disc[s] else "hand"
                filled.append(FilledCard(number, s, role, str(card)))
        return _Fill(
            self._hands(dealt) if self.supplied else None,
            {s: sorted(disc[s], key=_index) for s in disc},
            crib_card,
            None if self.deal.starter_drawn else starter,
            filled,
        )

    def _hands(self, dealt: dict[int, set[Card]]) -> list[str]:
        """The hands to supply, in the text's order, unknowns in their places."""
        hands = []
        for s in range(self.n):
            known = {c for c in self.hand_cards[s] if c is not None}
            extra = iter(sorted(dealt[s] - known, key=_index))
            cards = [c if c is not None else next(extra) for c in self.hand_cards[s]]
            hands.append(" ".join(str(c) for c in cards))
        return hands


def _index(card: Card) -> int:
    return card.index


def _deal(
    out: Replayed,
    parsed: _Parsed,
    deal: _Deal,
    after: _Deal | None,
    seeded: bool,
    rng: random.Random,
) -> None:
    """Plays `deal` on a copy of the game and checks where it leads (the
    start of the deal `after` it, or the result); with unknown cards, tries
    completions until the replay accepts one (shows included)."""
    known = _Known(out.game, deal, deal.supplied or not seeded)
    if deal.supplied and not seeded:
        raise deal.head.error("'supplied' goes with a Seed tag (without one every deal is)")
    if deal.scores is not None and seeded and not deal.supplied:
        raise deal.head.error(
            "'scores A-B' goes with supplied deals only: a seeded deal starts at the game's scores"
        )
    tries = 1 if known.complete else TRIES
    last: NotationError | None = None
    for _ in range(tries):
        out.tries += 1
        if out.tries > TOTAL_TRIES:
            raise deal.head.error(f"more than {TOTAL_TRIES} completions of unknown cards tried")
        fill = known.fill(rng)
        # One try: a refusal ends the parse, so the game itself can be played on.
        work = out.game.clone() if tries > 1 else out.game
        marks: dict[int, str] = {}
        try:
            moves = _apply(work, deal, fill, out.moves, marks)
            if tries > 1:
                _check_shows(_by_deal(work.events()).get(deal.number, []), deal)
            if after is not None:
                _check_start(work, after)
            else:
                _check_result(parsed, work)
        except NotationError as err:
            if tries == 1:
                raise
            last = err
            continue
        out.game, out.moves = work, moves
        out.filled += fill.filled
        out.marks.update(marks)
        return
    assert last is not None
    raise NotationError(
        f"no completion of deal {deal.number}'s unknown cards (xx) agrees with the record "
        f"({tries} tried); the last: {last.reason}",
        last.line,
        last.column,
    )


def _do(game: Game, move: Move, tok: _Token) -> None:
    try:
        game.apply(move)
    except (CribbageError, ValueError) as err:
        raise tok.error(str(err)) from None


def _turn(game: Game, seat_tok: _Token, phase: str, what: str) -> None:
    """The seat written must be the seat to move, in the phase written."""
    seat = int(seat_tok.text)
    if game.is_over:
        raise seat_tok.error(f"the game is over (side {game.winner} won): no {what} by seat {seat}")
    if game.phase != phase or game.to_move != seat:
        raise seat_tok.error(
            f"expected seat {game.to_move} to {game.phase}, not a {what} by seat {seat}"
        )


def _apply(game: Game, deal: _Deal, fill: _Fill, index: int, marks: dict[int, str]) -> int:
    """The deal's moves on `game` from move `index` on; fills `marks` (by
    move index) and returns the number of moves after the deal."""
    if fill.hands is not None:
        try:
            game.supply_deal(fill.hands, fill.starter, fill.crib_card, deal.scores)
        except (CribbageError, ValueError) as err:
            raise deal.head.error(f"the deal's cards: {err}") from None
        index += 1
    later = deal.starter is not None or deal.play or deal.shows
    while game.phase == "discard" and game.deal_number == deal.number and not game.is_over:
        seat = game.to_move
        assert seat is not None
        if seat not in deal.discards and not later:
            break  # an unfinished record: this discard is not made yet
        tok = deal.discards.get(seat, [deal.head])[0]
        _do(game, Move.discard(fill.discards[seat]), tok)
        if ("discard", seat) in deal.marks:
            marks[index] = deal.marks[("discard", seat)]
        index += 1
    _check_starter(game, deal)
    for i, (seat_tok, move_tok) in enumerate(deal.play):
        _turn(game, seat_tok, "play", "lay" if move_tok.text != "go" else "go")
        move = Move.go() if move_tok.text == "go" else Move.lay(_seen(move_tok))
        _do(game, move, move_tok)
        if ("play", i) in deal.marks:
            marks[index] = deal.marks[("play", i)]
        index += 1
    for i in range(len(deal.shows)):
        index = _show_moves(game, deal, i, index, marks)
    return index


def _seen(tok: _Token) -> Card:
    """A card laid face up (never ``xx``)."""
    card = _card_of(tok, unknown=False)
    assert card is not None
    return card


def _check_starter(game: Game, deal: _Deal) -> None:
    if deal.starter is None or game.starter is None:
        return
    card = _seen(deal.starter)
    if card != game.starter:
        raise deal.starter.error(f"the starter is {game.starter}, not {card}")


def _show_moves(game: Game, deal: _Deal, i: int, index: int, marks: dict[int, str]) -> int:
    """With muggins, a show's announced count and its claim are moves."""
    show = deal.shows[i]
    if not game.muggins:
        if show.count is not None or show.claim is not None:
            raise show.head.error("'count' and 'claim' are for games with muggins")
        return index
    if show.count is None:
        raise show.head.error("with muggins a show needs 'count N', the points announced")
    seat = _Token(str(show.seat), show.head.line, show.head.column)
    _turn(game, seat, "count", "count")
    _do(game, Move.count(_integer(show.count, "the points announced", 0, 29)), show.count)
    if ("count", i) in deal.marks:
        marks[index] = deal.marks[("count", i)]
    index += 1
    if show.claim is not None and show.claim_seat is not None:
        _integer(show.claim_seat, "a seat", 0, 3)
        _turn(game, show.claim_seat, "claim", "claim")
        _do(game, Move.claim(_integer(show.claim, "the points claimed", 0, 29)), show.claim)
        if ("claim", i) in deal.marks:
            marks[index] = deal.marks[("claim", i)]
        index += 1
    return index


def _by_deal(events: list[Any]) -> dict[int, list[Any]]:
    """The events of each deal, by its number."""
    out: dict[int, list[Any]] = {}
    current: list[Any] = []
    for e in events:
        if e["event"] == "deal":
            current = out[int(e["number"])] = []
        current.append(e)
    return out


def _check_shows(events: list[Any], deal: _Deal) -> None:
    """The shows written must be the shows the engine counted in the deal
    (its `events`), in order."""
    shows = [e for e in events if e["event"] == "show"]
    for i, show in enumerate(deal.shows):
        if i >= len(shows):
            raise show.head.error(
                "the deal has no more shows (the game is over, or it is unfinished)"
            )
        event = shows[i]
        seat, crib = event.get("seat"), bool(event.get("crib"))
        if (seat, crib) != (show.seat, show.crib):
            whose = "crib" if crib else "show"
            raise show.head.error(f"expected the {whose} of seat {seat} here")
        cards = {Card(c) for c in str(event.get("cards")).split()}
        for tok in show.cards:
            card = _card_of(tok)
            if card is not None and card not in cards:
                raise tok.error(f"{card} is not in this show ({event.get('cards')})")
        if show.points is not None:
            points = _integer(show.points, "the points", 0, 29)
            if points != event.get("points"):
                raise show.points.error(f"the cards hold {event.get('points')}, not {points}")
