"""Optional dependencies: a clear ImportError naming the extra to install."""

from __future__ import annotations

import importlib


def require(module: str, extra: str) -> None:
    """Raises ImportError unless `module` can be imported.

    >>> require("json", "rl")
    """
    try:
        importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"this part of cribbage_fast needs {module!r}, from the optional extra "
            f"{extra!r}: pip install cribbage_fast[{extra}]",
            name=module,
        ) from err
