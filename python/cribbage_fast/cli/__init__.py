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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from .. import _core, _progress
from ..game import Game
from .errors import fail
from .score_file import file_options, run_score_file
from .tables import ray_address_of, ray_option
from .tables import tables as tables_group

if TYPE_CHECKING:
    from .._core import _GameEventDict


def _summary(command: click.Command) -> str:
    """A command's line in the command list: its short help, else the whole
    first paragraph of its help (wrapped, never cut mid-sentence)."""
    if command.short_help:
        return command.short_help
    return " ".join((command.help or "").split("\n\n")[0].split())


class _Group(click.Group):
    """A click group whose usage errors print one line like every other bad
    input, and whose command list shows whole summaries. Subgroups
    (`@main.group()`) are of the same class."""

    group_class = type

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as err:
            message = " ".join(err.format_message().split())
            if isinstance(err, click.UsageError) and err.ctx is not None:
                message += f" (see '{err.ctx.command_path} --help')"
            fail(message)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        if standalone_mode:
            sys.exit(code if isinstance(code, int) else 0)
        return code

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, _summary(command)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_core.__version__, prog_name="cribbage-fast")
def main() -> None:
    """cribbage_fast: an exact, fast cribbage engine."""


@main.command()
@click.argument("cards", nargs=-1)
@click.option("--crib", is_flag=True, help="Score as a crib (only a 5-card flush counts).")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@file_options
def score(cards: tuple[str, ...], crib: bool, as_json: bool, **file_args: Any) -> None:
    """Score a show: four hand cards, then the starter.

    E.g. 5H 5D 5C JS 5S, or "5H 5D 5C JS 5S" as one argument; or every row
    of a file: --file HANDS.csv --hand COLUMN [--starter COLUMN] --out OUT.csv
    (.parquet too; docs/bulk_text.md).
    """
    if file_args["file"] is not None or not cards:
        run_score_file(cards, crib, **file_args)
        return
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
    """Rank the discards of a hand by exact expected points.

    A 6-card hand (2 players) lays away two cards, a 5-card hand (3 or 4 players) one.
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


BOTS = tuple(_core.OPPONENTS)


@main.command()
@click.argument("a", type=click.Choice(BOTS, case_sensitive=False), metavar="A")
@click.argument("b", type=click.Choice(BOTS, case_sensitive=False), metavar="B")
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
@ray_option("Run")
def simulate(
    a: str,
    b: str,
    games: int,
    seed: int,
    threads: int | None,
    as_json: bool,
    ray_address: str | None,
) -> None:
    """Play seeded games between two built-in bots (random, greedy, expert).

    A plays seat 0, B seat 1; the first deal alternates. E.g. expert greedy --games 100000.
    A progress bar shows on a terminal. With --ray the games run as Ray
    tasks; the statistics are the same.
    """
    if ray_address is not None:
        from .. import distributed

        try:
            stats = distributed.simulate(
                a.lower(),
                b.lower(),
                games,
                seed,
                address=ray_address_of(ray_address),
            )
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(130)
        click.echo(json.dumps(stats.to_dict()) if as_json else str(stats))
        return
    done = 0
    with _progress.progress(games, f"{a} vs {b}", unit="game") as bar:

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

    Raises
    ------
    ValueError
        unknown text, a number off the menu, or a card not held.
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


QUIT = ("q", "quit")


class _Quit(Exception):
    """The human typed q or quit."""


def _ask(prompt: str, hand: list[_core.Card], want: int, check: Any) -> list[_core.Card]:
    """Prompts until `want` held cards are chosen and `check(cards)` accepts them.

    Raises
    ------
    _Quit
        the human typed q or quit.
    """
    while True:
        click.echo(f"Your hand: {_hand_text(hand)}")
        text = click.prompt(prompt, default="", show_default=False)
        if text.strip().lower() in QUIT:
            raise _Quit
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
@click.option("--odds", is_flag=True, help="Show your chance to win on the board each deal.")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the game's record (JSON) here at the end, for cribbage-fast analyze.",
)
def play(bot: str, seed: int | None, odds: bool, record_path: str | None) -> None:
    """Play a game of cribbage against a built-in bot in the terminal.

    Type cards as 5h, 10S, TS or T♠, or their numbers in the hand shown; a go is
    said for you when no card fits. Type q or quit to leave.
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
    table = _Table(game, name, odds)
    click.echo(f"Cribbage against the {name} bot, first to {game.target}. You are seat 0; q quits.")
    table.report()
    try:
        _play_out(game, opponent, table)
        from .analyze import after_the_game

        after_the_game(game, record_path)
    except _Quit:
        table.leave()
    except (click.Abort, KeyboardInterrupt):  # Ctrl-C or end of input: like q, status 1
        click.echo()
        table.leave()
        sys.exit(1)


def _play_out(game: Game, opponent: Any, table: _Table) -> None:
    """Plays the game to its end, asking the human for each decision."""
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
        game.go()  # reported with the events: "You: go (count 28, no card fits)"
        return
    pile = " ".join(str(c) for c in view.pile) or "empty"
    click.echo(f"Count {view.count} (pile: {pile}).")
    _ask("Lay a card", game.hand(HUMAN), 1, lambda cards: game.lay(cards[0]))


from .analyze import analyze  # noqa: E402
from .convert import convert  # noqa: E402
from .positions import position  # noqa: E402

main.add_command(tables_group)
main.add_command(position)
main.add_command(analyze)
main.add_command(convert)

if __name__ == "__main__":
    main()
