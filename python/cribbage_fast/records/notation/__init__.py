"""The text notation of a game record: the grammar and its one tag table
(`grammar`), the replay by the rules (`replay`) and the writer (`write`).
The names to use are `cribbage_fast.records`'s (`read`, `write_text`).

Examples
--------
>>> from cribbage_fast.records.notation.grammar import TAGS
>>> "NumPlayers" in TAGS
True
"""

__all__: list[str] = []
