"""Pictures in SVG: cards, hands, the play pile, the cribbage board, and the
package's objects as Jupyter shows them.

Every function returns an `SVG`: a `str` of SVG text that a notebook shows
as a picture (write it to a ``.svg`` file or put it in a web page as it is).
Cards, hand breakdowns, plays (`Pegging`), games, player views and
simulation statistics have a ``_repr_svg_`` that draws them with these
functions (hints and game analyses with `cribbage_fast.analysis.pictures`).

Examples
--------
>>> from cribbage_fast import svg
>>> svg.hand("5H 5D 5C JS", starter="5S").count('class="card"')
5
>>> svg.board([95, 60], names=["Ann", "Bo"]).count('class="peg front"')
2
"""

from ._board import board, hole_position
from ._canvas import SVG
from ._cards import breakdown, card, hand, pile
from ._objects import game, pegging, stats, view

__all__ = [
    "SVG",
    "board",
    "breakdown",
    "card",
    "game",
    "hand",
    "hole_position",
    "pegging",
    "pile",
    "stats",
    "view",
]
