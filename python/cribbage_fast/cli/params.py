"""Option types that refuse bad values while the command line is read, before
any work starts: an output file that can be written (``--out``), a finite
number, and a Ray address (``--ray``). A refusal is a click usage error: one
line on stderr, status 2 (`cli.errors`)."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path
from typing import Any

import click


class OutPath(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A file to write, checked first: not empty, one of `suffixes` (any,
    when none are given), not a directory, in a directory where a file can
    be created (with `make_dirs`, the nearest existing parent). The command
    then writes exactly this path (through `cribbage_fast._files`)."""

    name = "file"

    def __init__(self, *suffixes: str, make_dirs: bool = False) -> None:
        self.suffixes = suffixes
        self.make_dirs = make_dirs

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "FILE" + "|".join(self.suffixes)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            value = str(value)
        if not str(value).strip():
            self.fail("the file name is empty", param, ctx)
        path = Path(value).expanduser()
        if self.suffixes and path.suffix.lower() not in self.suffixes:
            wanted = " or ".join(self.suffixes)
            self.fail(f"{value!r} does not end in {wanted}: name the file to write", param, ctx)
        if path.is_dir():
            self.fail(f"{value!r} is a directory", param, ctx)
        folder = path.parent
        while self.make_dirs and not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            self.fail(f"cannot write {value!r}: {folder} is not a directory", param, ctx)
        try:
            with tempfile.TemporaryFile(dir=folder):
                pass
            if path.exists():
                with open(path, "ab"):
                    pass
        except OSError as err:
            self.fail(f"cannot write {value!r}: {err.strerror or err}", param, ctx)
        return path


class FiniteFloat(click.FloatRange):
    """A float range that also refuses NaN and infinities."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def check_ray_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The ``--ray`` callback: the extra is installed, the address is one,
    and a cluster answers there (within `distributed.CONNECT_TIMEOUT`)."""
    if value is None:
        return None
    try:
        from .. import distributed
    except ImportError as err:
        raise click.BadParameter(str(err), ctx, param) from None
    if value != "local":
        try:
            distributed._check_address(value)
            distributed._reachable(value)
        except (ValueError, ConnectionError) as err:
            raise click.BadParameter(str(err), ctx, param) from None
    return value
