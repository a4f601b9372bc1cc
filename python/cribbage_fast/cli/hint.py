"""``cribbage-fast hint``: the hint for a game position (docs/game-positions.md).

Example::

    $ cribbage-fast hint "112-118/121 d0 v1 m1 discard 5C,5H,6D,JS,QH,KD - - - 0"
    $ cribbage-fast hint "0-0/121 d1 v1 m1 play 5C,5H,6D,JS QH,KD 7C 10S 10" --json
"""

from __future__ import annotations

import click

from .._util import json as _json
from ..analysis.hints import hint
from ..analysis.settings import Settings
from ..records.position import position_of
from .errors import describe, fail, interrupted
from .params import settings_options


@click.command("hint")
@click.argument("position")
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="Options to list, best first.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the hint as JSON.")
@settings_options
def hint_command(
    position: str,
    top: int,
    as_json: bool,
    objective: str,
    precision: float,
    budget: int,
    policy: str,
    seed: int,
) -> None:
    """The best action at POSITION (a game position's one-line text, quoted),
    with the alternatives and why, from the view of the seat to move.

    The cards that seat has not seen are drawn for every sample from what it
    saw; the same position and settings always give the same answer.
    """
    try:
        held = position_of(position)
        answer = hint(held, settings=Settings(objective, precision, budget, policy, seed))
    except KeyboardInterrupt:
        interrupted()
    except (ValueError, TypeError) as err:
        fail(describe(err))
    click.echo(_json.dumps(answer.to_dict()) if as_json else answer.text(top=top))
