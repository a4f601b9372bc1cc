"""Checks of a table as it is loaded: every reader validates its arrays and
build record once, at load, and refuses a bad table with a ValueError naming
the file and what is wrong; every writer records the arrays' checksum
(`checksum`) in the build record, and every reader verifies it.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from .. import _core


def checksum(arrays: Mapping[str, npt.NDArray[Any]]) -> str:
    """SHA-256 of named arrays: their names, dtypes, shapes and bytes (the
    build record's ``checksum``)."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(array.data)
    return "sha256:" + digest.hexdigest()


def stamp(meta: Mapping[str, Any], arrays: Mapping[str, npt.NDArray[Any]]) -> dict[str, Any]:
    """`meta` with the checksum of `arrays` (what a writer records)."""
    return {**meta, "checksum": checksum(arrays)}


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """`array`, no longer writable (a shared table's arrays)."""
    array.flags.writeable = False
    return array


def built_in(size: int, table: str, command: str) -> None:
    """Refuses an engine built without its `table` (``src/data`` was empty)."""
    if size == 0:
        raise RuntimeError(
            f"this engine was built without a {table} table: "
            f"`python scripts/ship_tables.py {command}` writes one into src/data"
        )


class TableCheck:
    """The checks of one table, every failure naming its `source`."""

    def __init__(self, source: str | Path, kind: str) -> None:
        self.source = str(source)
        self.kind = kind

    def fail(self, problem: str) -> NoReturn:
        raise ValueError(f"{self.source}: not a valid {self.kind}: {problem}")

    def load_npz(self, path: str | Path) -> dict[str, npt.NDArray[Any]]:
        """The arrays of an ``.npz`` file (never unpickling anything)."""
        try:
            data = np.load(path, allow_pickle=False)
            if not isinstance(data, np.lib.npyio.NpzFile):
                arrays = None
            else:
                with data:
                    arrays = {name: data[name] for name in data.files}
        except (FileNotFoundError, IsADirectoryError, PermissionError):
            raise
        except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile) as error:
            self.fail(f"cannot read it ({error})")
        if arrays is None:
            self.fail("not an .npz archive")
        return arrays

    def keys(self, arrays: Mapping[str, Any], expected: Iterable[str]) -> None:
        want, got = set(expected), set(arrays)
        if want - got:
            self.fail(f"missing {', '.join(sorted(want - got))}")
        if got - want:
            self.fail(f"unexpected {', '.join(sorted(got - want))}")

    def array(
        self,
        arrays: Mapping[str, Any],
        name: str,
        dtype: Any,
        shape: tuple[int | None, ...] | None,
    ) -> npt.NDArray[Any]:
        """`arrays[name]`, checked for its dtype and shape (None: any length
        or any shape)."""
        array = arrays[name]
        if not isinstance(array, np.ndarray) or array.dtype != np.dtype(dtype):
            got = getattr(array, "dtype", type(array).__name__)
            self.fail(f"{name} must be {np.dtype(dtype)}, got {got}")
        if shape is not None and (
            len(array.shape) != len(shape)
            or any(want not in (None, got) for want, got in zip(shape, array.shape, strict=True))
        ):
            self.fail(f"{name} must have shape {shape}, got {array.shape}")
        return array

    def within(self, name: str, values: npt.NDArray[Any], low: float, high: float) -> None:
        """Every value finite and in ``low..high``."""
        bad = ~(np.isfinite(values) & (values >= low) & (values <= high))
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            self.fail(f"{name}{list(where)} is {values[where]}, not a number from {low} to {high}")

    def true(self, ok: bool, problem: str) -> None:
        if not ok:
            self.fail(problem)

    def meta(self, arrays: Mapping[str, Any], name: str) -> dict[str, Any]:
        """The build record stored as JSON text in `arrays[name]`."""
        raw = arrays[name]
        if not isinstance(raw, np.ndarray | str) or (
            isinstance(raw, np.ndarray) and (raw.shape != () or raw.dtype.kind != "U")
        ):
            self.fail(f"{name} must be JSON text")
        return self.meta_text(str(raw))

    def meta_text(self, text: str) -> dict[str, Any]:
        try:
            meta = json.loads(text)
        except json.JSONDecodeError as error:
            self.fail(f"its build record is not JSON ({error})")
        if not isinstance(meta, dict):
            self.fail("its build record is not a JSON object")
        return meta

    def built(self, meta: Mapping[str, Any], method: Any, key: str = "method") -> None:
        """The build record: this engine's version series and `method`."""
        version = meta.get("engine_version")
        if not isinstance(version, str) or not compatible(version):
            self.fail(
                f"built by engine version {version!r}; this engine ({_core.__version__}) reads "
                "tables of its own major.minor version, no newer: rebuild the table"
            )
        if meta.get(key) != method:
            self.fail(f"built by another method ({key} {meta.get(key)!r}): rebuild the table")

    def checksum(self, meta: Mapping[str, Any], arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        recorded = meta.get("checksum")
        if not isinstance(recorded, str):
            self.fail("its build record has no checksum of its arrays: rebuild the table")
        if recorded != checksum(arrays):
            self.fail(
                "its arrays do not match the checksum in its build record (changed or damaged)"
            )


def _version(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def compatible(version: str) -> bool:
    """Whether a table built by engine `version` is read by this engine:
    the same major.minor series, no newer."""
    ours, theirs = _version(_core.__version__), _version(version)
    return ours is not None and theirs is not None and theirs[:2] == ours[:2] and theirs <= ours
