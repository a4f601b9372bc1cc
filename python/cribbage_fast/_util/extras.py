"""Optional dependencies: a clear ImportError naming the extra to install."""

from __future__ import annotations

import importlib


def require(module: str, extra: str) -> None:
    """Raises ImportError unless `module` can be imported, naming the command
    that installs the extra.

    Examples
    --------
    >>> require("json", "rl")
    >>> require("no_such_module", "rl")
    Traceback (most recent call last):
    ImportError: ... pip install "cribbage_fast[rl]" (in a clone of the repository: ...)
    """
    try:
        importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"this part of cribbage_fast needs {module!r}, from the optional extra "
            f'{extra!r}: pip install "cribbage_fast[{extra}]" '
            f'(in a clone of the repository: pip install -e ".[{extra}]")',
            name=module,
        ) from err
