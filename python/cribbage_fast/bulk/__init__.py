"""Card text in bulk: columns of card text (lists, NumPy, pyarrow, pandas,
polars) read into card indices at once.

Examples
--------
>>> from cribbage_fast.bulk import card_indices
>>> card_indices(["5H 5D 5C JS 5S"]).tolist()
[[18, 17, 16, 43, 19]]
"""

from .text import NO_CARD, BadRow, card_indices

__all__ = ["NO_CARD", "BadRow", "card_indices"]
