"""Option types that refuse bad values while the command line is read, before
any work starts: an output file that can be written (``--out``), a finite
number, and a Ray address (``--ray``). A refusal is a click usage error: one
line on stderr, status 2 (`cli.errors`)."""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..analysis.settings import DEFAULTS, MAX_BUDGET, Objective, Policy

#: A click command function, as decorators take and give it.
F = TypeVar("F", bound=Callable[..., Any])


def stacked(*options: Callable[[F], F]) -> Callable[[F], F]:
    """Several click options as one decorator, shown in `--help` in the order given."""

    def wrap(f: F) -> F:
        for option in reversed(options):
            f = option(f)
        return f

    return wrap


class OutPath(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A file to write, checked first: not empty, one of `suffixes` (any,
    when none are given), not a directory, in a directory where a file can
    be created (with `make_dirs`, the nearest existing parent). The command
    then writes exactly this path (through `cribbage_fast._util.files`)."""

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


class PlayerSpec(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A player: a built-in bot's name (any case), or ``module:Class`` for a
    Python player (a class made with no arguments, or an object, with
    ``discard(view)`` and ``play(view)``; the module is imported from the
    current directory first, then from the installed packages). Converts to
    the bot's name in lower case, or to the player object."""

    name = "player"

    def __init__(self, bots: tuple[str, ...]) -> None:
        self.bots = bots

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.bots) + "|MODULE:CLASS]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        if value.lower() in self.bots:
            return value.lower()
        module_name, colon, attribute = value.partition(":")
        if not colon or not module_name.strip() or not attribute.strip():
            bots = ", ".join(repr(b) for b in self.bots)
            self.fail(f"{value!r} is not one of {bots}, nor MODULE:CLASS", param, ctx)
        try:
            return player_of(module_name.strip(), attribute.strip())
        except (ImportError, AttributeError, TypeError) as err:
            self.fail(f"{value!r}: {' '.join(str(err).split())}", param, ctx)


def player_of(module_name: str, attribute: str) -> Any:
    """The player named ``module_name:attribute``: the class made with no
    arguments, or the object itself.

    Raises
    ------
    ImportError
        the module cannot be imported (its own error named).
    AttributeError
        the module has no such attribute.
    TypeError
        the class cannot be made without arguments, or the object lacks
        ``discard`` or ``play``.
    """
    import importlib
    import sys

    here = str(Path.cwd())
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise ImportError(f"cannot import module {module_name!r}: {err}") from None
    except Exception as err:  # the user's module failed while it loaded
        raise ImportError(
            f"importing module {module_name!r} failed: {type(err).__name__}: {err}"
        ) from None
    finally:
        if added:
            sys.path.remove(here)
    try:
        found = getattr(module, attribute)
    except AttributeError:
        raise AttributeError(f"module {module_name!r} has no {attribute!r}") from None
    player = found
    if isinstance(found, type):
        try:
            player = found()
        except Exception as err:  # the user's constructor failed
            raise TypeError(
                f"{attribute}() failed: {type(err).__name__}: {err} (a player class "
                "is made with no arguments)"
            ) from None
    lacking = [m for m in ("discard", "play") if not callable(getattr(player, m, None))]
    if lacking:
        raise TypeError(
            f"{attribute} is not a player: it has no {' or '.join(lacking)} method "
            "(a player has discard(view) and play(view))"
        )
    return player


#: The analysis settings as options (``--objective``, ``--precision``,
#: ``--budget``, ``--policy``, ``--seed``), with the defaults every front end
#: shares (`analysis.settings.DEFAULTS`): for ``analyze`` and ``hint``.
settings_options = stacked(
    click.option(
        "--objective",
        type=click.Choice([o.value for o in Objective]),
        default=DEFAULTS.objective.value,
        show_default=True,
        help="Equity as the chance to win, or as expected game points.",
    ),
    click.option(
        "--precision",
        type=FiniteFloat(min=1e-4, max=1.0),
        default=DEFAULTS.precision,
        show_default=True,
        help="Target standard error of each loss (win probability).",
    ),
    click.option(
        "--budget",
        type=click.IntRange(min=1, max=MAX_BUDGET),
        default=DEFAULTS.budget,
        show_default=True,
        help="Samples per evaluation at most.",
    ),
    click.option(
        "--policy",
        type=click.Choice([p.value for p in Policy]),
        default=DEFAULTS.policy.value,
        show_default=True,
        help="Who plays the rest of each sampled deal.",
    ),
    click.option(
        "--seed",
        type=click.IntRange(0, 2**64 - 1),
        default=DEFAULTS.seed,
        show_default=True,
    ),
)
