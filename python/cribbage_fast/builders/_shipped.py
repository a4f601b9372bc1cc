"""Writing a table in the engine's shipped form: its bytes and its build
record, with the checksum every table reader knows, in the repository's
``src/data`` (built into the next engine build)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy.typing as npt

from .._util.files import write_bytes, write_text
from ..tables._checks import stamp


def write_shipped(
    data_dir: str | Path,
    files: tuple[str, str],
    data: bytes,
    meta: Mapping[str, Any],
    arrays: Mapping[str, npt.NDArray[Any]],
) -> None:
    """Writes `data` and `meta`, stamped with the checksum of `arrays` (the
    table `data` holds), to the two `files` (the table, its JSON record) in
    `data_dir`; FileNotFoundError if `data_dir` is not a directory."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise FileNotFoundError(f"no directory {data_dir}: run from the repository root")
    table, record = files
    write_bytes(data_dir / table, data)
    write_text(data_dir / record, json.dumps(stamp(meta, arrays), indent=1) + "\n")
