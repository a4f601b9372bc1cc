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

import sys
from collections.abc import Sequence
from typing import Any

import click

from .. import _core
from .._util import json as _json
from .._util import progress as _progress
from .errors import EXPECTED, describe, fail, interrupted
from .params import PlayerSpec
from .tables import ray_address_of, ray_option
from .tables import tables as tables_group


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
        except click.Abort as err:
            if isinstance(err.__cause__ or err.__context__, KeyboardInterrupt):
                interrupted()
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except EXPECTED as err:
            fail(describe(err))
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


#: Columns of every discard table, then whatever else a table model adds.
_DISCARD_COLUMNS = {"hand_ev": "hand EV", "crib_ev": "crib EV", "net": "net"}
_NOT_COLUMNS = {"discard", "keep", "dealer", "crib_model"}


def _columns(option: dict[str, Any]) -> dict[str, str]:
    """The value columns of a discard option's dict: hand, crib and net,
    then any expectations a table model adds (pegging, total); the exact
    model's integer totals stay in the JSON."""
    extra = {
        key: key.replace("_ev", " EV").replace("_", " ")
        for key, value in option.items()
        if key not in _NOT_COLUMNS and key not in _DISCARD_COLUMNS and isinstance(value, float)
    }
    return {**_DISCARD_COLUMNS, **extra}


def _format_discards(options: list[dict[str, Any]], dealer: bool, note: str = "") -> list[str]:
    """The ranked discards (their dicts) as an aligned table."""
    columns = _columns(options[0]) if options else _DISCARD_COLUMNS
    header = ("#", "discard", "keep", *columns.values())
    rows = [
        (str(rank), option["discard"], option["keep"], *(f"{option[k]:.3f}" for k in columns))
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
    return [f"net = {net}{note}", line(header), *(line(row) for row in rows)]


def _discard_options(hand: str, dealer: bool, crib_model: str, pegging: bool) -> list[Any]:
    """The ranked discards: exact, or with the fixed-point crib table and/or
    the pegging table (`cribbage_fast.tables.table_discards`)."""
    model = crib_model.replace("-", "_")
    if model == "uniform" and not pegging:
        return list(_core.analyze_discards(hand, dealer))
    from ..tables import table_discards

    return list(table_discards(hand, dealer, crib_model=model, pegging=pegging))


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
@click.option(
    "--crib-model",
    type=click.Choice(["uniform", "fixed-point"]),
    default="uniform",
    show_default=True,
    help="The crib's other cards: uniform (exact over the unseen cards) or fixed-point "
    "(the shipped table of both players discarding well; six-card hands).",
)
@click.option(
    "--pegging",
    is_flag=True,
    help="Add the kept cards' expected pegging (the shipped pegging table; six-card hands) "
    "and rank by the total.",
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def discard(
    cards: tuple[str, ...],
    dealer: bool,
    top: int | None,
    crib_model: str,
    pegging: bool,
    as_json: bool,
) -> None:
    """Rank the discards of a hand by expected points.

    A 6-card hand (2 players) lays away two cards, a 5-card hand (3 or 4 players) one.
    Expected hand and crib points are exact over every unseen starter and every
    completion of the crib from the unseen cards, e.g. 5H 5D JC 4S 6H KD --dealer;
    --crib-model fixed-point and --pegging use the shipped tables instead.
    """
    hand = " ".join(cards)
    options = [o.to_dict() for o in _discard_options(hand, dealer, crib_model, pegging)]
    shown = options if top is None else options[:top]
    if as_json:
        payload = {
            "hand": " ".join(str(c) for c in _core.cards(hand)),
            "dealer": dealer,
            "options": shown,
        }
        click.echo(_json.dumps(payload))
        return
    note = "" if crib_model == "uniform" else f"; crib from the {crib_model} table"
    if pegging:
        note += "; ranked by total = net + pegging net"
    # Without pegging the total is the net: one column for it.
    table = [{k: v for k, v in o.items() if pegging or k != "total"} for o in shown]
    for text in _format_discards(table, dealer, note):
        click.echo(text)


BOTS = tuple(_core.OPPONENTS)
#: The most games and threads `simulate` takes.
MAX_GAMES, MAX_THREADS = 2**63 - 1, 256


@main.command()
@click.argument("a", type=PlayerSpec(BOTS), metavar="A")
@click.argument("b", type=PlayerSpec(BOTS), metavar="B")
@click.option(
    "--games",
    type=click.IntRange(1, MAX_GAMES),
    default=10_000,
    show_default=True,
    help="Games to play.",
)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
@click.option(
    "--threads",
    type=click.IntRange(1, MAX_THREADS),
    default=None,
    help="Threads to use (default: every core). Results do not depend on it.",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Play duplicate pairs: the same deals twice, seats swapped (--games even).",
)
@click.option(
    "--adjusted", is_flag=True, help="Also report the luck-adjusted win rate (docs/duplicate.md)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@ray_option("Run")
def simulate(
    a: Any,
    b: Any,
    games: int,
    seed: int,
    threads: int | None,
    duplicate: bool,
    adjusted: bool,
    as_json: bool,
    ray_address: str | None,
) -> None:
    """Play seeded games between two players: built-in bots (random, greedy,
    expert, master, or the opponent panel: noisy, pegger, handmax, ismcts,
    cautious, ismcts_deep) or Python players (MODULE:CLASS).

    A plays seat 0, B seat 1; the first deal alternates. E.g. expert greedy
    --games 100000, or mybot:MyBot expert (mybot.py in the current directory
    or installed; the class is made with no arguments and has discard(view)
    and play(view)). A progress bar shows on a terminal. With --ray the games
    of built-in bots run as Ray tasks; the statistics are the same.
    Every win rate comes with its 95% interval, the rating difference (Elo) and the
    games needed; --duplicate and --adjusted need fewer games for the same interval.
    """
    if duplicate and games % 2:
        raise click.BadParameter(
            f"must be even with --duplicate (games come in pairs), got {games}",
            param_hint="'--games'",
        )
    if ray_address is not None:
        from .. import distributed

        if not (isinstance(a, str) and isinstance(b, str)):
            fail("--ray plays built-in bots only: a Python player runs here, without --ray")
        stats = distributed.simulate(
            a,
            b,
            games,
            seed,
            address=ray_address_of(ray_address),
            duplicate=duplicate,
            adjusted=adjusted,
        )
        click.echo(_json.dumps(stats.to_dict()) if as_json else str(stats))
        return
    done = 0
    with _progress.progress(games, f"{_label(a)} vs {_label(b)}", unit="game") as bar:

        def progress(n: int) -> None:
            nonlocal done
            bar.update(n - done)
            done = n

        try:
            stats = _core.simulate(
                a,
                b,
                games=games,
                seed=seed,
                threads=threads,
                progress=progress,
                duplicate=duplicate,
                adjusted=adjusted,
            )
        except KeyboardInterrupt:
            click.echo(f"\ninterrupted after {done:,} of {games:,} games", err=True)
            sys.exit(130)
    if as_json:
        click.echo(_json.dumps(stats.to_dict()))
    else:
        click.echo(str(stats))


def _label(player: Any) -> str:
    """A player's name on the progress bar: the bot's, or the class's."""
    return player if isinstance(player, str) else type(player).__name__


from .analyze import analyze  # noqa: E402
from .convert import convert  # noqa: E402
from .engine import engine as engine_command  # noqa: E402
from .hint import hint_command  # noqa: E402
from .play import play as play_command  # noqa: E402
from .positions import position  # noqa: E402
from .puzzles import puzzles as puzzles_group  # noqa: E402
from .score import score  # noqa: E402
from .train import train  # noqa: E402

main.add_command(score)
main.add_command(tables_group)
main.add_command(position)
main.add_command(analyze)
main.add_command(hint_command)
main.add_command(convert)
main.add_command(play_command)
main.add_command(engine_command)
main.add_command(puzzles_group)
main.add_command(train)

if __name__ == "__main__":
    main()
