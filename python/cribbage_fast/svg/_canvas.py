"""The drawing surface shared by the pictures: the `SVG` text type, the root
element, the colours and text helpers. Elements are built with
`xml.etree.ElementTree`, which escapes every text and attribute."""

from __future__ import annotations

import xml.etree.ElementTree as ET

__all__ = ["SVG"]

SVG_NS = "http://www.w3.org/2000/svg"

#: Card faces: red suits and black suits, the face and its edge.
RED = "#c0282d"
BLACK = "#1b1b1b"
FACE = "#fffdf7"
EDGE = "#8a8a8a"
#: Pegs, one colour a side (front peg solid, back peg pale).
PEG_COLOURS = ("#d1342f", "#1f5fbf", "#1f8a3a")
WOOD = "#e3c48d"
HOLE = "#5b3d17"
INK = "#222222"
MUTED = "#666666"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


class SVG(str):
    """SVG text that Jupyter shows as a picture.

    Every drawing function of `cribbage_fast.svg` returns one: it is a `str`
    (write it to a ``.svg`` file, embed it in HTML) with a ``_repr_svg_``.

    Examples
    --------
    >>> from cribbage_fast import svg
    >>> picture = svg.card("5H")
    >>> isinstance(picture, str), picture.startswith("<svg")
    (True, True)
    >>> picture._repr_svg_() == picture
    True
    """

    def _repr_svg_(self) -> str:
        return str(self)


def root(width: float, height: float, title: str) -> ET.Element:
    """An ``<svg>`` element of that size, with a title for screen readers."""
    svg = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "width": _num(width),
            "height": _num(height),
            "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "font-family": FONT,
        },
    )
    ET.SubElement(svg, "title").text = title
    return svg


def finish(svg: ET.Element) -> SVG:
    """The element as SVG text."""
    return SVG(ET.tostring(svg, encoding="unicode"))


def group(parent: ET.Element, x: float = 0.0, y: float = 0.0, **attrib: str) -> ET.Element:
    """A ``<g>`` moved to (x, y); keyword ``class_`` sets ``class``."""
    attrs = {k.rstrip("_").replace("_", "-"): v for k, v in attrib.items()}
    if x or y:
        attrs["transform"] = f"translate({_num(x)},{_num(y)})"
    return ET.SubElement(parent, "g", attrs)


def text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    size: float = 12,
    *,
    fill: str = INK,
    anchor: str = "start",
    weight: str = "normal",
    class_: str | None = None,
) -> ET.Element:
    """A line of text with its baseline at (x, y)."""
    attrs = {
        "x": _num(x),
        "y": _num(y),
        "font-size": _num(size),
        "fill": fill,
        "text-anchor": anchor,
    }
    if weight != "normal":
        attrs["font-weight"] = weight
    if class_:
        attrs["class"] = class_
    element = ET.SubElement(parent, "text", attrs)
    element.text = content
    return element


def rect(parent: ET.Element, x: float, y: float, w: float, h: float, **attrib: str) -> ET.Element:
    """A rectangle; keyword arguments are SVG attributes (``_`` for ``-``)."""
    attrs = {"x": _num(x), "y": _num(y), "width": _num(w), "height": _num(h)}
    attrs.update({k.rstrip("_").replace("_", "-"): v for k, v in attrib.items()})
    return ET.SubElement(parent, "rect", attrs)


def circle(parent: ET.Element, cx: float, cy: float, r: float, **attrib: str) -> ET.Element:
    """A circle; keyword arguments are SVG attributes (``_`` for ``-``)."""
    attrs = {"cx": _num(cx), "cy": _num(cy), "r": _num(r)}
    attrs.update({k.rstrip("_").replace("_", "-"): v for k, v in attrib.items()})
    return ET.SubElement(parent, "circle", attrs)


def line(
    parent: ET.Element, x1: float, y1: float, x2: float, y2: float, **attrib: str
) -> ET.Element:
    """A line; keyword arguments are SVG attributes (``_`` for ``-``)."""
    attrs = {"x1": _num(x1), "y1": _num(y1), "x2": _num(x2), "y2": _num(y2)}
    attrs.update({k.rstrip("_").replace("_", "-"): v for k, v in attrib.items()})
    return ET.SubElement(parent, "line", attrs)


def _num(value: float) -> str:
    """A coordinate without trailing zeros (``12``, ``12.5``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
