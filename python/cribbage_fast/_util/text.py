"""Bytes read as UTF-8 text, one way everywhere: an error names what was read
and the first bad byte.

>>> utf8(b"5H 5D", "the hand")
'5H 5D'
>>> utf8(b"caf\\xe9", "line 3")
Traceback (most recent call last):
ValueError: line 3 is not UTF-8 text (byte 3 is 0xe9)
"""

from __future__ import annotations

__all__ = ["utf8"]


def utf8(data: bytes | bytearray, what: str, *, bom: bool = False) -> str:
    """`data` decoded as UTF-8 (with `bom`, a leading byte-order mark left out).

    Parameters
    ----------
    data : bytes or bytearray
    what : str
        What the bytes are, for the error ("the record", a file's name).
    bom : bool
        Leave out a leading byte-order mark.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        The bytes are not UTF-8: the message names `what`, the byte's
        offset and its value.

    Examples
    --------
    >>> utf8(b"\\xef\\xbb\\xbfdeal 1", "the file", bom=True)
    'deal 1'
    """
    raw = bytes(data)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"{what} is not UTF-8 text (byte {err.start} is 0x{raw[err.start]:02x})"
        ) from None
    return text.removeprefix("\ufeff") if bom else text
