"""``cribbage-fast convert``: a game record between the text notation and JSON
(docs/notation.md).

Example::

    $ cribbage-fast convert game.json game.txt
    $ cribbage-fast convert game.txt game.json
    $ cribbage-fast convert game.json - --view 0     # what seat 0 saw, on stdout
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from ..game import Game
from ..notation import parse, write
from ..notation_write import FREE_TAGS
from .errors import fail


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


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
    return json.dumps(record)


def _checked(text: str) -> str:
    """JSON to JSON: the record, once the replay accepts it."""
    Game.replay(text)
    return text


def _to_text(text: str, view: int | None) -> str:
    try:
        record = json.loads(text)
    except ValueError as err:
        raise ValueError(f"not a JSON game record: {err}") from err
    if not isinstance(record, dict):
        raise ValueError("not a JSON game record: expected an object")
    if view is None and isinstance(record.get("view"), int):
        view = record["view"]
    marks = record.get("marks") or {}
    tags = record.get("tags") or {}
    if not isinstance(marks, dict) or not isinstance(tags, dict):
        raise ValueError("the record's marks and tags must be objects")
    return write(record, tags=tags, view=view, marks={int(k): str(v) for k, v in marks.items()})


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
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="To JSON: seeds the completion of unknown cards (xx).",
)
def convert(source: str, target: str, form: str | None, view: int | None, seed: int) -> None:
    """Convert a game record between the text notation and JSON.

    IN and OUT are files, or - for stdin and stdout. IN's form is read from
    its first character (a JSON record starts with {). A text record is
    replayed through the rules, so a record they refuse is an error naming
    its line and column.
    """
    try:
        text = _read(source)
        if form is None:
            suffix = Path(target).suffix.lower()
            form = {".json": "json", ".txt": "text"}.get(suffix)
        if form is None:
            form = "text" if _is_json(text) else "json"
        if form == "json":
            out = _checked(text) if _is_json(text) else _to_json(text, seed)
            out = out.rstrip("\n") + "\n"
        else:
            out = (
                _to_text(text, view)
                if _is_json(text)
                else write(parse(text, seed=seed).record, view=view)
            )
        if target == "-":
            click.echo(out, nl=False)
        else:
            Path(target).write_text(out, encoding="utf-8")
    except (ValueError, TypeError, OSError, UnicodeDecodeError) as err:
        fail(str(err))
