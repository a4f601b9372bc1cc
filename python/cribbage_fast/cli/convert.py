"""``cribbage-fast convert``: a game record between the text notation and JSON
(docs/notation.md).

Example::

    $ cribbage-fast convert game.json game.txt
    $ cribbage-fast convert game.txt game.json
    $ cribbage-fast convert game.json - --view 0     # what seat 0 saw, on stdout
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import records
from .._util import json as _json
from .._util.files import read_text, refuse_inputs, write_text
from .._util.text import utf8
from .errors import describe, fail, wrote


def _read(path: str) -> str:
    if path == "-":
        return utf8(sys.stdin.buffer.read(), "stdin", bom=True)
    return read_text(path)


@click.command("convert")
@click.argument("source", metavar="IN")
@click.argument("target", metavar="OUT")
@click.option(
    "--to",
    "form",
    type=click.Choice(["text", "json"]),
    default=None,
    help="The output form (default: from OUT's extension, .json or .txt, else the other form).",
)
@click.option(
    "--view",
    type=click.IntRange(min=0, max=3),
    default=None,
    help="To text: write only what this seat saw (the others' unseen cards as xx).",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0, max=2**64 - 1),
    default=None,
    help="From text: seeds the completion of unknown cards (xx)  [default: 0]",
)
def convert(source: str, target: str, form: str | None, view: int | None, seed: int | None) -> None:
    """Convert a game record between the text notation and JSON.

    IN and OUT are files, or - for stdin and stdout (OUT may not be IN; it
    is written whole or not at all, and a line on stderr says so). IN's form is read from its first
    character (a JSON record starts with {). A text record is replayed
    through the rules, so a record they refuse is an error naming its line
    and column.
    """
    try:
        if target != "-":
            refuse_inputs(target, [source])
        text = _read(source)
        if form is None:
            suffix = Path(target).suffix.lower()
            form = {".json": "json", ".txt": "text"}.get(suffix)
        if form is None:
            form = "text" if records.is_json(text) else "json"
        if form == "json" and view is not None:
            raise ValueError("--view goes with text output (--to text or OUT.txt)")
        if records.is_json(text) and seed is not None:
            raise ValueError("--seed goes with text input (it fills the cards left unknown)")
        record = records.read(text, seed=seed or 0)
        if form == "text":
            out = records.write_text(record, view=view)
        elif records.is_json(text):
            out = text.rstrip("\n") + "\n"  # the record as it came, once the replay accepts it
        else:
            out = _json.dumps(record.to_dict()) + "\n"
        if target == "-":
            click.echo(out, nl=False)
        else:
            write_text(target, out, inputs=[source])
            wrote(target, f"the record as {'JSON' if form == 'json' else 'text'}")
    except (ValueError, TypeError, OSError) as err:
        fail(describe(err))
