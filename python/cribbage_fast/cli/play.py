"""``cribbage-fast play``: a game against a built-in bot in the terminal,
with hints (``h`` at any prompt) and a tutor (``--tutor``) that warns before a
mistake (docs/hints.md).

Example::

    $ cribbage-fast play --bot expert --tutor
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .. import _core
from ..analysis.analyze import mark_of
from ..analysis.hints import Hint, hint
from ..analysis.settings import DEFAULTS, MAX_BUDGET
from ..games.game import Game
from ..records.position import write_position
from .params import OutPath, PlayerSpec

if TYPE_CHECKING:
    from .._core import _GameEventDict

HUMAN, BOT = 0, 1
BOTS = tuple(_core.OPPONENTS)
QUIT = ("q", "quit")
HINT = ("h", "hint")
#: Prints the position now as one line of text, to paste into `hint` elsewhere.
POSITION = ("p", "position")
#: The tutor steps in before a move with one of these marks.
TUTOR_MARKS = ("mistake", "blunder")


def _hand_text(cards: list[_core.Card]) -> str:
    """Cards numbered for the menu: 1:5H 2:10S ..."""
    return "  ".join(f"{i}:{c}" for i, c in enumerate(cards, start=1))


def _parse_choice(text: str, hand: list[_core.Card], want: int) -> list[_core.Card]:
    """`want` cards from menu numbers ("1 3") or card text ("5h 10S", "T♠").

    Raises
    ------
    ValueError
        unknown text, a number off the menu, a card not held, or not `want` cards.
    """
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ValueError("type a card such as 5h or its number")
    chosen: list[_core.Card] = []
    for token in tokens:
        if token.isdigit():
            i = int(token)
            if not 1 <= i <= len(hand):
                raise ValueError(f"{i} is not on the menu: choose 1 to {len(hand)}")
            chosen.append(hand[i - 1])
        else:
            card = _core.cards(token)[0]
            if card not in hand:
                raise ValueError(f"you do not hold {card}")
            chosen.append(card)
    if len(set(chosen)) != len(chosen):
        raise ValueError("the same card twice")
    if len(chosen) != want:
        raise ValueError(f"choose {want} card{'s' if want > 1 else ''}")
    return chosen


class _Table:
    """Prints what happens in a game between the human (seat 0) and a bot."""

    def __init__(self, game: Game, bot_name: str, odds: bool = False) -> None:
        self.game = game
        self.bot_name = bot_name
        self.odds = odds
        self.seen = 0
        self.starter: str | None = None

    def who(self, seat: int) -> str:
        return "You" if seat == HUMAN else f"The {self.bot_name} bot"

    def board(self) -> None:
        you, bot = self.game.scores
        click.echo(f"Board: you {you}, {self.bot_name} bot {bot} (to {self.game.target})")

    def leave(self) -> None:
        """The goodbye when the human leaves before the end."""
        click.echo("Goodbye: you left the game.")
        self.board()

    def echo_odds(self, you_deal: bool) -> None:
        """Your chance to win from this board (the Expert-vs-Expert table)."""
        from ..tables.positions import win_probability

        you, bot = self.game.scores
        if max(you, bot) < self.game.target == 121:
            odds = win_probability(you, bot, dealer=you_deal)
            click.echo(f"Your chance to win from here (Expert vs Expert): {100 * odds:.1f}%")

    def report(self) -> None:
        """Echoes the events since the last report."""
        events = self.game.events()
        for event in events[self.seen :]:
            self.echo_event(event)
        self.seen = len(events)

    def echo_event(self, e: _GameEventDict) -> None:
        kind = e["event"]
        if kind == "deal":
            dealer = "you deal" if e["dealer"] == HUMAN else f"the {self.bot_name} bot deals"
            click.echo(f"\n=== Deal {e['number']}: {dealer} ===")
            self.board()
            if self.odds:
                self.echo_odds(e["dealer"] == HUMAN)
        elif kind == "discard" and e["seat"] == BOT:
            click.echo(f"The {self.bot_name} bot lays away two cards to the crib.")
        elif kind == "starter":
            self.starter = e["card"]
            click.echo(f"Starter: {e['card']}")
            if e["his_heels"]:
                click.echo("His heels: the dealer pegs 2.")
        elif kind == "peg":
            self.echo_peg(e)
        elif kind == "show":
            self.echo_show(e)
        elif kind == "game_over":
            click.echo(f"\n{self.game_over()}")

    def game_over(self) -> str:
        """The winner first: "The greedy bot wins 126 to 94." plus any skunk."""
        result = self.game.result()
        winner, loser = sorted(result.scores, reverse=True)
        line = f"{self.who(result.winner)} win{'' if result.winner == HUMAN else 's'}"
        line += f" {winner} to {loser}"
        if result.double_skunk:
            line += ", a double skunk (3 game points)"
        elif result.skunk:
            line += ", a skunk (2 game points)"
        return line + "."

    def echo_peg(self, e: _GameEventDict) -> None:
        who = self.who(e["seat"])
        reasons = ", ".join(e["reasons"])
        if e["kind"] == "lay":
            line = f"{who}: {e['card']}, count {e['count']}"
            if e["points"]:
                line += f" — {reasons}"
            click.echo(line)
        elif e["kind"] == "go":
            # The CLI says go for the human only when no card fits.
            why = ", no card fits" if e["seat"] == HUMAN else ""
            click.echo(f"{who}: go (count {e['count']}{why})")
        else:
            click.echo(f"{who} peg {reasons}." if e["seat"] == HUMAN else f"{who} pegs {reasons}.")

    def echo_show(self, e: _GameEventDict) -> None:
        whose = "Your" if e["seat"] == HUMAN else f"The {self.bot_name} bot's"
        what = "crib" if e["crib"] else "hand"
        cards = e["cards"]
        if self.starter is None:
            click.echo(f"{whose} {what} {cards}: {e['points']}")
            return
        breakdown = _core.explain_hand(cards, self.starter, crib=e["crib"])
        click.echo(f"{whose} {what} {cards} + {self.starter}: {breakdown.total} — {breakdown}")


class _Quit(Exception):
    """The human typed q or quit."""


class _Coach:
    """Hints for the human's decisions, and the tutor's warnings (seed 0, so
    a hint is the one `hint(game)` gives)."""

    def __init__(self, game: Game, tutor: bool, budget: int) -> None:
        self.game = game
        self.tutor = tutor
        self.budget = budget
        self.cached: tuple[int, Hint] | None = None

    def hint(self) -> Hint:
        """The hint for the decision now (worked out once per decision)."""
        at = len(self.game.moves())
        if self.cached is None or self.cached[0] != at:
            self.cached = (at, hint(self.game, HUMAN, budget=self.budget))
        return self.cached[1]

    def show(self) -> None:
        click.echo(self.hint().text(top=3))

    def show_position(self) -> None:
        """The human's position now, as its one-line text."""
        click.echo(f"Position: {write_position(self.game.position(seat=HUMAN))}")

    def allows(self, move: dict[str, Any]) -> bool:
        """Whether to play `move`: the tutor warns before a mistake or a
        blunder, says what it would play and why, and offers to take it back."""
        if not self.tutor:
            return True
        h = self.hint()
        chosen = h.option_for(move)
        loss = h.loss(chosen)
        mark = mark_of(loss, h.objective)
        if mark not in TUTOR_MARKS:
            return True
        click.echo(
            f"Careful: to {chosen.action} gives up {100 * loss:.1f} points of your chance "
            f"to win (a {mark})."
        )
        click.echo(f"  I would {h.why()}")
        click.echo(f"  yours:   {chosen.why(h.objective)}")
        return not click.confirm("Take it back?", default=True)


def _ask(
    prompt: str,
    hand: list[_core.Card],
    want: int,
    play: Callable[[list[_core.Card]], dict[str, Any]],
    coach: _Coach,
    go: Callable[[], str],
) -> list[_core.Card]:
    """Prompts until `want` held cards are chosen and played. `play` checks
    the cards and returns their move (ValueError: say why); ``h`` shows the
    hint, ``p`` the position's text, ``go`` gets `go()`'s answer.

    Raises
    ------
    _Quit
        the human typed q or quit.
    """
    while True:
        click.echo(f"Your hand: {_hand_text(hand)}")
        text = click.prompt(prompt, default="", show_default=False).strip().lower()
        if text in QUIT:
            raise _Quit
        if text in HINT:
            coach.show()
            continue
        if text in POSITION:
            coach.show_position()
            continue
        try:
            if text == "go":
                raise ValueError(go())
            chosen = _parse_choice(text, hand, want)
            move = play(chosen)
        except (ValueError, TypeError) as err:
            click.echo(f"  {err}. Try again.")
            continue
        if coach.allows(move):
            return chosen


@click.command()
@click.option(
    "--bot",
    type=PlayerSpec(BOTS),
    default="expert",
    show_default=True,
    help="The opponent: a built-in bot, or MODULE:CLASS for a Python player.",
)
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed (repeatable game).")
@click.option("--odds", is_flag=True, help="Show your chance to win on the board each deal.")
@click.option(
    "--tutor",
    is_flag=True,
    help=(
        "Warn before a mistake or a blunder, say what to play instead and why, "
        "offer to take it back."
    ),
)
@click.option(
    "--budget",
    type=click.IntRange(min=1, max=MAX_BUDGET),
    default=DEFAULTS.budget,
    show_default=True,
    help="Samples at most per hint (fewer: quicker, rougher hints).",
)
@click.option(
    "--record",
    "record_path",
    type=OutPath(),
    default=None,
    help="Write the game's record (JSON) here at the end, for cribbage-fast analyze "
    "(checked before the game starts).",
)
def play(
    bot: Any, seed: int | None, odds: bool, tutor: bool, budget: int, record_path: Path | None
) -> None:
    """Play a game of cribbage against a bot (built-in, or MODULE:CLASS) in the terminal.

    Type cards as 5h, 10S, TS or T♠, or their numbers in the hand shown; a go is
    said for you when no card fits. Type h or hint for the best play and why,
    p or position for the position's one-line text (to paste into
    `cribbage-fast hint`), q or quit to leave.
    """
    factories: dict[str, Callable[[], Any]] = {
        "random": lambda: _core.RandomPlayer(seed=seed),
        "master": lambda: _core.MasterPlayer(seed=seed or 0),
    }
    if isinstance(bot, str):
        # Every other bot (the panel too) by its name.
        name = bot
        opponent = factories.get(name, lambda: _core.BotPlayer(name, seed=seed or 0))()
    else:
        name, opponent = type(bot).__name__, bot
    game = Game(num_players=2, seed=seed)
    table = _Table(game, name, odds)
    coach = _Coach(game, tutor, budget)
    click.echo(
        f"Cribbage against the {name} bot, first to {game.target}. You are seat 0; "
        "h hints, p shows the position, q quits."
    )
    table.report()
    try:
        _play_out(game, opponent, table, coach)
        from .analyze import after_the_game

        after_the_game(game, record_path)
    except _Quit:
        table.leave()
    except (click.Abort, KeyboardInterrupt):  # Ctrl-C or end of input: like q, status 1
        click.echo()
        table.leave()
        sys.exit(1)


def _play_out(game: Game, opponent: Any, table: _Table, coach: _Coach) -> None:
    """Plays the game to its end, asking the human for each decision."""
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if seat == BOT:
            game.step(opponent)
        elif game.phase == "discard":
            _human_discard(game, coach)
        else:
            _human_play(game, coach)
        table.report()


def _human_discard(game: Game, coach: _Coach) -> None:
    whose = "your" if game.dealer == HUMAN else "the bot's"

    def lay_away(cards: list[_core.Card]) -> dict[str, Any]:
        return {"move": "discard", "cards": " ".join(str(c) for c in cards)}

    cards = _ask(
        f"Lay away 2 cards to {whose} crib (e.g. '5h 10s' or '1 4')",
        game.hand(HUMAN),
        2,
        lay_away,
        coach,
        lambda: "go is for the play: first lay away 2 cards to the crib",
    )
    game.discard(cards)
    click.echo(f"You lay away {cards[0]} {cards[1]}.")


def _human_play(game: Game, coach: _Coach) -> None:
    view = game.view(HUMAN)
    if view.legal_moves[0].kind == "go":
        game.go()  # reported with the events: "You: go (count 28, no card fits)"
        return
    pile = " ".join(str(c) for c in view.pile) or "empty"
    click.echo(f"Count {view.count} (pile: {pile}).")
    legal = {m.card for m in view.legal_moves if m.card is not None}

    def lay(cards: list[_core.Card]) -> dict[str, Any]:
        card = cards[0]
        if card not in legal:
            total = view.count + card.value
            raise ValueError(
                f"{card} would take the count past 31 ({view.count} + {card.value} = {total}); "
                "play another card"
            )
        return {"move": "lay", "card": str(card)}

    def go() -> str:
        fits = " ".join(str(c) for c in sorted(legal))
        return (
            f"you can still play ({fits} fit the count of {view.count}): go only when no card fits"
        )

    (card,) = _ask("Lay a card", game.hand(HUMAN), 1, lay, coach, go)
    game.lay(card)
