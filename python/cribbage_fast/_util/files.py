"""Every file the package writes goes through here: it is written to a
temporary file beside its target and renamed into place only when complete,
so an error or Ctrl-C part way leaves the target as it was (and no partial
file); an output that is one of the command's inputs is refused before any
work.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "a.txt", "hello\\n")
>>> (folder / "a.txt").read_text()
'hello\\n'
>>> write_text(folder / "a.txt", "again", inputs=[folder / "a.txt"])
Traceback (most recent call last):
ValueError: the output ... is also an input (...): write to another file
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np

from .text import utf8

PathLike = str | os.PathLike[str]


def same_file(a: PathLike, b: PathLike) -> bool:
    """Whether `a` and `b` name one file (the same inode through links, or
    the same resolved path when either does not exist yet).

    Examples
    --------
    >>> same_file("x/../y.csv", "y.csv")
    True
    """
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def refuse_inputs(target: PathLike, inputs: Iterable[PathLike | None]) -> None:
    """Raises ValueError if `target` is one of `inputs` (None entries, such as
    stdin, are skipped).

    Examples
    --------
    >>> refuse_inputs("out.csv", ["in.csv", None])
    """
    for source in inputs:
        if source is not None and str(source) != "-" and same_file(target, source):
            raise ValueError(
                f"the output {os.fspath(target)} is also an input ({os.fspath(source)}): "
                "write to another file"
            )


def read_text(path: PathLike) -> str:
    """A text file's contents: UTF-8 (a leading byte-order mark left out),
    an error naming the file otherwise.

    Raises
    ------
    ValueError
        The file is not UTF-8 text (the message names it and the byte).
    OSError
        It cannot be read.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> _ = target.write_bytes(b"\\xef\\xbb\\xbfdeal 1")
    >>> read_text(target)
    'deal 1'
    >>> _ = target.write_bytes(b"caf\\xe9")
    >>> read_text(target)
    Traceback (most recent call last):
    ValueError: ... is not UTF-8 text (byte 3 is 0xe9)
    """
    return utf8(Path(path).read_bytes(), os.fspath(path), bom=True)


def _mode_for(target: Path) -> int:
    """The permissions the file gets: the old file's, else what the umask gives."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def atomic_path(target: PathLike, *, inputs: Iterable[PathLike | None] = ()) -> Iterator[Path]:
    """A temporary path beside `target` (hidden, with the same suffix, so a
    writer that reads the suffix writes the same format) to write the whole
    file to; renamed to `target` when the block ends normally, removed when
    it raises (KeyboardInterrupt included). A `target` that is a link is
    followed; one that is a device or a pipe (``/dev/stdout``) is written
    directly.

    Parameters
    ----------
    target : str or Path
        The file to write.
    inputs : iterable of paths
        The files the work reads: `target` may be none of them.

    Raises
    ------
    ValueError
        `target` is one of `inputs` (before the block runs).
    OSError
        The folder cannot be written.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t.bin"
    >>> with atomic_path(target) as part:
    ...     _ = part.write_bytes(b"ok")
    >>> target.read_bytes()
    b'ok'
    """
    refuse_inputs(target, inputs)
    # Through a link to the file it names; a device or a pipe is written in
    # place (it cannot be replaced, and holds no file to lose).
    final = Path(os.path.realpath(target))
    if final.exists() and not final.is_file():
        yield final
        return
    folder = final.parent
    handle, name = tempfile.mkstemp(
        prefix=f".{final.name}.", suffix=f".part{final.suffix}", dir=folder
    )
    os.close(handle)
    part = Path(name)
    try:
        yield part
        os.chmod(part, _mode_for(final))
        os.replace(part, final)
    except BaseException:
        part.unlink(missing_ok=True)
        raise


@contextmanager
def atomic_open(
    target: PathLike,
    mode: str = "w",
    *,
    inputs: Iterable[PathLike | None] = (),
    encoding: str | None = "utf-8",
) -> Iterator[IO[Any]]:
    """`atomic_path` opened for writing (``"w"`` text, ``"wb"`` bytes).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> with atomic_open(target) as f:
    ...     _ = f.write("ok")
    >>> target.read_text()
    'ok'
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', got {mode!r}")
    with atomic_path(target, inputs=inputs) as part:
        binary = mode == "wb"
        with open(part, mode, encoding=None if binary else encoding) as f:
            yield f


def write_text(target: PathLike, text: str, *, inputs: Iterable[PathLike | None] = ()) -> None:
    """Writes `text` (UTF-8) to `target`, whole or not at all.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t.json"
    >>> write_text(target, "{}")
    >>> target.read_text()
    '{}'
    """
    with atomic_open(target, inputs=inputs) as f:
        f.write(text)


def write_bytes(target: PathLike, data: bytes, *, inputs: Iterable[PathLike | None] = ()) -> None:
    """Writes `data` to `target`, whole or not at all.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t.bin"
    >>> write_bytes(target, b"ok")
    >>> target.read_bytes()
    b'ok'
    """
    with atomic_open(target, "wb", inputs=inputs) as f:
        f.write(data)


def npz_path(path: PathLike) -> Path:
    """Where NumPy writes ``np.savez(path)``: `path`, with ``.npz`` added
    when it lacks it.

    Examples
    --------
    >>> npz_path("table"), npz_path("table.npz")
    (PosixPath('table.npz'), PosixPath('table.npz'))
    """
    text = os.fspath(path)
    return Path(text if text.endswith(".npz") else text + ".npz")


def save_npz(path: PathLike, *, compressed: bool = True, **arrays: Any) -> None:
    """``np.savez_compressed`` (or ``np.savez``) of `arrays` to `path` (as
    `npz_path` names it), whole or not at all.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "t"
    >>> save_npz(target, x=np.arange(3))
    >>> sorted(np.load(npz_path(target)).files)
    ['x']
    """
    save = np.savez_compressed if compressed else np.savez
    with atomic_open(npz_path(path), "wb") as f:
        save(f, **arrays)


def save_figure(figure: Any, path: PathLike, **options: Any) -> None:
    """``figure.savefig(path)`` (the format from the suffix), whole or not at all.

    Examples
    --------
    >>> save_figure  # doctest: +ELLIPSIS
    <function save_figure at ...>
    """
    target = Path(path)
    with atomic_path(target) as part:
        figure.savefig(part, format=target.suffix.lstrip(".") or None, **options)
