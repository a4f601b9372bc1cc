"""The ``cribbage-fast`` command line.

Bad input exits with status 2 and a one-line error on stderr.

Example::

    $ cribbage-fast score 5H 5D 5C JS 5S
    29: fifteen two, fifteen four, ... and one for his nob is twenty-nine
    $ cribbage-fast discard 5H 5D JC 4S 6H KD --dealer --top 1
    $ cribbage-fast simulate expert greedy --games 100000
    $ cribbage-fast play --bot expert
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from . import _core
from .game import Game


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with status 2 (bad input)."""
    click.echo(f"cribbage-fast: error: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_core.__version__, prog_name="cribbage-fast")
def main() -> None:
    """cribbage_fast: an exact, fast cribbage engine."""


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--crib", is_flag=True, help="Score as a crib (only a 5-card flush counts).")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def score(cards: tuple[str, ...], crib: bool, as_json: bool) -> None:
    """Score a show: four hand cards then the starter, e.g. 5H 5D 5C JS 5S."""
    try:
        parsed = _core.cards(" ".join(cards))
        if len(parsed) != 5:
            fail(f"expected 5 cards (4 in hand, then the starter), got {len(parsed)}")
        breakdown = _core.explain_hand(parsed[:4], parsed[4], crib=crib)
    except (ValueError, TypeError) as err:
        fail(str(err))
    if as_json:
        click.echo(json.dumps(breakdown.to_dict()))
        return
    click.echo(f"{breakdown.total}: {breakdown}")
    for item in breakdown.items:
        click.echo(f"  {item}")


def _format_discards(options: list[_core.DiscardOption], dealer: bool) -> list[str]:
    """The ranked discards as an aligned table."""
    header = ("#", "discard", "keep", "hand EV", "crib EV", "net")
    rows = [
        (
            str(rank),
            " ".join(str(c) for c in option.discard),
            " ".join(str(c) for c in option.keep),
            f"{option.hand_ev:.3f}",
            f"{option.crib_ev:.3f}",
            f"{option.net:.3f}",
        )
        for rank, option in enumerate(options, start=1)
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    # Text columns left-aligned, numbers right-aligned.
    left = {1, 2}

    def line(row: tuple[str, ...]) -> str:
        cells = [
            cell.ljust(width) if i in left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    net = "hand + crib (dealer)" if dealer else "hand - crib (pone)"
    return [f"net = {net}", line(header), *(line(row) for row in rows)]


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--dealer/--pone",
    default=False,
    help="Whose crib it is: --dealer adds the crib, --pone (default) subtracts it.",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Show only the N best discards.",
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def discard(cards: tuple[str, ...], dealer: bool, top: int | None, as_json: bool) -> None:
    """Rank every discard of a 6-card (2-player) or 5-card (3/4-player) hand.

    Expected hand and crib points are exact over every unseen starter and every
    completion of the crib from the unseen cards, e.g. 5H 5D JC 4S 6H KD --dealer.
    """
    try:
        options = _core.analyze_discards(" ".join(cards), dealer)
    except (ValueError, TypeError) as err:
        fail(str(err))
    shown = options if top is None else options[:top]
    if as_json:
        hand = " ".join(cards)
        payload = {
            "hand": " ".join(str(c) for c in _core.cards(hand)),
            "dealer": dealer,
            "options": [option.to_dict() for option in shown],
        }
        click.echo(json.dumps(payload))
        return
    for text in _format_discards(shown, dealer):
        click.echo(text)


BOTS = ("random", "greedy", "expert", "master")


@main.command()
@click.argument("a", type=click.Choice(BOTS, case_sensitive=False))
@click.argument("b", type=click.Choice(BOTS, case_sensitive=False))
@click.option(
    "--games", type=click.IntRange(min=1), default=10_000, show_default=True, help="Games to play."
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=None,
    help="Threads to use (default: every core). Results do not depend on it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
def simulate(a: str, b: str, games: int, seed: int, threads: int | None, as_json: bool) -> None:
    """Play seeded games between two built-in bots and summarise them.

    A plays seat 0, B seat 1; the first deal alternates. E.g. expert greedy --games 100000.
    """
    done = 0
    with click.progressbar(
        length=games, label=f"{a} vs {b}", file=sys.stderr, show_pos=True
    ) as bar:

        def progress(n: int) -> None:
            nonlocal done
            bar.update(n - done)
            done = n

        try:
            stats = _core.simulate(
                a.lower(), b.lower(), games=games, seed=seed, threads=threads, progress=progress
            )
        except KeyboardInterrupt:
            click.echo(f"\ninterrupted after {done:,} of {games:,} games", err=True)
            sys.exit(130)
    if as_json:
        click.echo(json.dumps(stats.to_dict()))
    else:
        click.echo(str(stats))


# ----- play -------------------------------------------------------------------

HUMAN, BOT = 0, 1


def _hand_text(cards: list[_core.Card]) -> str:
    """Cards numbered for the menu: 1:5H 2:10S ..."""
    return "  ".join(f"{i}:{c}" for i, c in enumerate(cards, start=1))


def _parse_choice(text: str, hand: list[_core.Card]) -> list[_core.Card]:
    """Cards from menu numbers ("1 3") or card text ("5h 10S", "T♠").

    Raises:
        ValueError: unknown text, a number off the menu, or a card not held.
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
    return chosen


class _Table:
    """Prints what happens in a game between the human (seat 0) and a bot."""

    def __init__(self, game: Game, bot_name: str) -> None:
        self.game = game
        self.bot_name = bot_name
        self.seen = 0
        self.starter: str | None = None

    def who(self, seat: int) -> str:
        return "You" if seat == HUMAN else f"The {self.bot_name} bot"

    def board(self) -> None:
        you, bot = self.game.scores
        click.echo(f"Board: you {you}, {self.bot_name} bot {bot} (to {self.game.target})")

    def report(self) -> None:
        """Echoes the events since the last report."""
        events: list[dict[str, Any]] = self.game.events()
        for event in events[self.seen :]:
            self.echo_event(event)
        self.seen = len(events)

    def echo_event(self, e: dict[str, Any]) -> None:
        kind = e["event"]
        if kind == "deal":
            dealer = "you deal" if e["dealer"] == HUMAN else f"the {self.bot_name} bot deals"
            click.echo(f"\n=== Deal {e['number']}: {dealer} ===")
            self.board()
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
            you, bot = e["scores"]
            result = "You win" if e["winner"] == HUMAN else f"The {self.bot_name} bot wins"
            click.echo(f"\n{result}, {you} to {bot}.")

    def echo_peg(self, e: dict[str, Any]) -> None:
        who = self.who(e["seat"])
        reasons = ", ".join(e["reasons"])
        if e["kind"] == "lay":
            line = f"{who}: {e['card']}, count {e['count']}"
            if e["points"]:
                line += f" — {reasons} ({e['points']})"
            click.echo(line)
        elif e["kind"] == "go":
            click.echo(f"{who}: go")
        else:
            click.echo(f"{who} peg {reasons}." if e["seat"] == HUMAN else f"{who} pegs {reasons}.")

    def echo_show(self, e: dict[str, Any]) -> None:
        whose = "Your" if e["seat"] == HUMAN else f"The {self.bot_name} bot's"
        what = "crib" if e["crib"] else "hand"
        cards = e["cards"]
        if self.starter is None:
            click.echo(f"{whose} {what} {cards}: {e['points']}")
            return
        breakdown = _core.explain_hand(cards, self.starter, crib=e["crib"])
        click.echo(f"{whose} {what} {cards} + {self.starter}: {breakdown.total} — {breakdown}")


def _ask(prompt: str, hand: list[_core.Card], want: int, check: Any) -> list[_core.Card]:
    """Prompts until `want` held cards are chosen and `check(cards)` accepts them."""
    while True:
        click.echo(f"Your hand: {_hand_text(hand)}")
        text = click.prompt(prompt, default="", show_default=False)
        try:
            chosen = _parse_choice(text, hand)
            if len(chosen) != want:
                raise ValueError(f"choose {want} card{'s' if want > 1 else ''}")
            check(chosen)
            return chosen
        except (ValueError, TypeError) as err:
            click.echo(f"  {err}. Try again.")


@main.command()
@click.option(
    "--bot",
    type=click.Choice(BOTS, case_sensitive=False),
    default="expert",
    show_default=True,
    help="The opponent.",
)
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Seed (repeatable game).")
def play(bot: str, seed: int | None) -> None:
    """Play a game of cribbage against a built-in bot in the terminal.

    Type cards as 5h, 10S, TS or T♠, or their numbers in the hand shown; a go is
    said for you when no card fits.
    """
    name = bot.lower()
    factories: dict[str, Callable[[], Any]] = {
        "random": lambda: _core.RandomPlayer(seed=seed),
        "greedy": _core.GreedyPlayer,
        "expert": _core.ExpertPlayer,
        "master": lambda: _core.MasterPlayer(seed=seed or 0),
    }
    opponent = factories[name]()
    game = Game(num_players=2, seed=seed)
    table = _Table(game, name)
    click.echo(f"Cribbage against the {name} bot, first to {game.target}. You are seat 0.")
    table.report()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if seat == BOT:
            game.step(opponent)
        elif game.phase == "discard":
            whose = "your" if game.dealer == HUMAN else "the bot's"
            hand = game.hand(HUMAN)
            cards = _ask(
                f"Lay away 2 cards to {whose} crib (e.g. '5h 10s' or '1 4')", hand, 2, game.discard
            )
            click.echo(f"You lay away {cards[0]} {cards[1]}.")
        else:
            _human_play(game)
        table.report()


def _human_play(game: Game) -> None:
    view = game.view(HUMAN)
    if view.legal_moves[0].kind == "go":
        click.echo(f"Count {view.count}: no card fits, you say go.")
        game.go()
        return
    pile = " ".join(str(c) for c in view.pile) or "empty"
    click.echo(f"Count {view.count} (pile: {pile}).")
    _ask("Lay a card", game.hand(HUMAN), 1, lambda cards: game.lay(cards[0]))


if __name__ == "__main__":
    main()
