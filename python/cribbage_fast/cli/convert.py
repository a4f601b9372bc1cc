"""``cribbage-fast convert``: a game record between the text notation and JSON
(docs/notation.md).

Example::

    $ cribbage-fast convert game.json game.txt
    $ cribbage-fast convert game.txt game.json
    $ cribbage-fast convert game.json - --view 0     # what seat 0 saw, on stdout
"""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from .._util import json as _json
from .._util.files import read_text, refuse_inputs, write_text
from ..records.notation.grammar import parse, replay_with_view, write
from ..records.notation.write import FREE_TAGS
from .errors import describe, fail, wrote


def _read(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
        try:
            return data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as err:
            raise ValueError(f"stdin is not UTF-8 text (byte {err.start})") from None
    return read_text(path)


def _is_json(text: str) -> bool:
    return text.lstrip().startswith("{")


def _to_json(text: str, seed: int) -> str:
    """The record of a text; cards the text left unknown are listed under
    ``filled`` (with the recording seat under ``view``) so nothing reads them
    as seen, and the header's free tags and the marks are kept
    (``tags``, ``marks``). `Game.replay` ignores these keys."""
    parsed = parse(text, seed=seed)
    record: dict[str, Any] = dict(parsed.record)
    tags = {k: v for k, v in parsed.tags.items() if k in FREE_TAGS}
    if tags:
        record["tags"] = tags
    if parsed.view is not None:
        record["view"] = parsed.view
    if parsed.filled:
        record["filled"] = [asdict(f) for f in parsed.filled]
    if parsed.marks:
        record["marks"] = {str(k): v for k, v in parsed.marks.items()}
    return _json.dumps(record)


def _checked(text: str) -> str:
    """JSON to JSON: the record, once the replay accepts it (a ``view`` key
    included)."""
    replay_with_view(text)
    return text


def _to_text(text: str, view: int | None) -> str:
    record = _json.loads(text, "the JSON game record")
    if not isinstance(record, dict):
        raise ValueError("not a JSON game record: expected an object")
    game, held = replay_with_view(record)
    view = _view(view, held)
    marks = record.get("marks") or {}
    tags = record.get("tags") or {}
    if not isinstance(marks, dict) or not isinstance(tags, dict):
        raise ValueError("the record's marks and tags must be objects")
    return write(game, tags=tags, view=view, marks=_marks(marks))


def _marks(marks: dict[str, Any]) -> dict[int, str]:
    """The record's ``marks`` object: move indexes (as JSON keys) to marks."""
    out = {}
    for key, mark in marks.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit()):
            raise ValueError(f"the record's marks are keyed by move index, got {key!r:.40}")
        if not isinstance(mark, str):
            raise ValueError(f"move {key}'s mark must be text, got {_json.preview(mark)}")
        out[int(key)] = mark
    return out


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
            form = "text" if _is_json(text) else "json"
        if form == "json" and view is not None:
            raise ValueError("--view goes with text output (--to text or OUT.txt)")
        if _is_json(text) and seed is not None:
            raise ValueError("--seed goes with text input (it fills the cards left unknown)")
        seed = seed or 0
        if form == "json":
            out = _checked(text) if _is_json(text) else _to_json(text, seed)
            out = out.rstrip("\n") + "\n"
        elif _is_json(text):
            out = _to_text(text, view)
        else:
            parsed = parse(text, seed=seed)
            tags = {k: v for k, v in parsed.tags.items() if k in FREE_TAGS}
            held = _view(view, parsed.view)
            out = write(parsed.record, tags=tags, view=held, marks=parsed.marks)
        if target == "-":
            click.echo(out, nl=False)
        else:
            write_text(target, out, inputs=[source])
            wrote(target, f"the record as {'JSON' if form == 'json' else 'text'}")
    except (ValueError, TypeError, OSError) as err:
        fail(describe(err))


def _view(asked: int | None, held: int | None) -> int | None:
    """The seat to write the view of: the one asked for, which must be the
    record's own when it holds one seat's view."""
    if asked is not None and held is not None and asked != held:
        raise ValueError(f"--view {asked}, but the record holds only seat {held}'s view")
    return held if asked is None else asked
