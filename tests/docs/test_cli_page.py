"""docs/cli.md against the click commands: every command has its section and
every option its row in that section's table (and no row names an option the
command lacks), and every console session on the page runs as written."""

from __future__ import annotations

import doctest
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cribbage_fast.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
#: The section that documents the options of `cribbage-fast` itself.
ROOT_SECTION = "What every command shares"


def commands(group: click.Group = main, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command path below `group`, the group's own first."""
    yield path
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name)


def command_at(path: tuple[str, ...]) -> click.Command:
    command: click.Command = main
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    return command


def options_of(command: click.Command) -> set[str]:
    """The long options of `command`, help left out (every command has it)."""
    return {
        opt
        for param in command.params
        if isinstance(param, click.Option)
        for opt in (*param.opts, *param.secondary_opts)
        if opt.startswith("--") and opt != "--help"
    }


def sections() -> dict[tuple[str, ...], str]:
    """The page's sections by command path (``##`` or ``###`` heading)."""
    found: dict[tuple[str, ...], str] = {}
    parts = re.split(r"^#{2,3} (.+)$", PAGE.read_text(), flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        path = () if heading.strip() == ROOT_SECTION else tuple(heading.split())
        found[path] = body
    return found


def table_options(body: str) -> set[str]:
    """The options a section's table rows name in their first cell."""
    rows = [line for line in body.splitlines() if line.startswith("| `-")]
    return {opt for row in rows for opt in re.findall(r"--[a-z][a-z-]*", row.split(" | ")[0])}


COMMANDS = list(commands())


def test_the_walk_finds_every_command() -> None:
    names = {" ".join(path) for path in COMMANDS}
    assert {"score", "analyze", "position", "tables", "tables positions", "convert"} <= names


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "cribbage-fast")
def test_every_command_and_option_is_on_the_page(path: tuple[str, ...]) -> None:
    found = sections()
    name = " ".join(("cribbage-fast", *path))
    assert path in found, f"docs/cli.md has no section for {name}"
    wanted = options_of(command_at(path))
    listed = table_options(found[path])
    assert wanted - listed == set(), f"{name}: options missing from docs/cli.md"
    assert listed - wanted == set(), f"{name}: docs/cli.md lists options it does not have"


def sessions() -> list[tuple[str, str]]:
    """(command line, expected output) of every console block on the page."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", PAGE.read_text(), flags=re.S):
        lines = [line.strip() for line in block.splitlines()]
        starts = [i for i, line in enumerate(lines) if line.startswith("$ ")]
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(lines)
            found.append((lines[start][2:], "\n".join(lines[start + 1 : end])))
    return found


SESSIONS = sessions()


def test_the_page_has_sessions_to_run() -> None:
    assert len(SESSIONS) >= 5


@pytest.mark.parametrize(("line", "expected"), SESSIONS, ids=[s[0] for s in SESSIONS])
def test_every_console_session_runs_as_written(line: str, expected: str) -> None:
    stdin = None
    if " | " in line:
        feed, line = line.split(" | ", 1)
        printf = shlex.split(feed)
        assert printf[0] == "printf", "a session feeds its input with printf"
        stdin = printf[1].encode().decode("unicode_escape").encode()
    words = shlex.split(line)
    assert words[0] == "cribbage-fast"
    result = CliRunner().invoke(main, words[1:], input=stdin, prog_name="cribbage-fast")
    shown = result.stdout if result.exit_code == 0 else result.stderr
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(expected + "\n", shown, flags), (
        f"{line!r} printed:\n{shown}(status {result.exit_code})"
    )
