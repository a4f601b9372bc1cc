"""The built site as files: the build prints nothing but errors (no theme
banner), every link of every page names a file that exists (so the site works
opened from disk, where a link to a folder shows a listing), every anchor a
link names is on its page, and the search index is inlined for file:// pages."""

from __future__ import annotations

import html.parser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .conftest import BuiltSite

# The attributes that load or open another file.
LINKING = {("href", "a"), ("href", "link"), ("src", "script"), ("src", "img")}


class Links(html.parser.HTMLParser):
    """The links (`href`, `src`) and the element ids of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif (name, tag) in LINKING:
                self.links.append(value)


def read_page(page: Path) -> Links:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def local_target(page: Path, link: str) -> tuple[Path, str] | None:
    """The file and the anchor a link of `page` names, or None for a link
    off the site."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return target, unquote(parts.fragment)


def test_the_build_prints_nothing(built_site: BuiltSite) -> None:
    """`mkdocs build --strict --quiet` as the README runs it, with no variable
    hiding notices: no end-of-life banner, no warning (the theme is pinned
    below the release that prints one)."""
    assert built_site.output == ""


def test_every_link_names_a_file_and_every_anchor_is_there(site: Path) -> None:
    # 404.html is for a server (its links are from the root), never opened from disk.
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 40
    parsed = {page.resolve(): read_page(page) for page in pages}
    broken = []
    for page, links in parsed.items():
        for link in links.links:
            found = local_target(page, link)
            if found is None:
                continue
            target, anchor = found
            where = f"{page.relative_to(site.resolve())}: {link}"
            if not target.is_file():
                broken.append(f"{where} (no such file)")
            elif anchor and target.suffix == ".html" and anchor not in parsed[target].ids:
                broken.append(f"{where} (no such anchor)")
    assert broken == []


def test_the_search_index_is_inlined_for_pages_from_disk(site: Path) -> None:
    script = (site / "search" / "search_index.js").read_text(encoding="utf-8")
    assert script.startswith("var __index = {") and '"location":"cards.html"' in script
    front = (site / "index.html").read_text(encoding="utf-8")
    # The worker for file:// pages is the site's own, loaded before the theme's scripts.
    assert front.index("javascripts/iframe-worker.js") < front.index("assets/javascripts/bundle")
    assert "unpkg.com" not in front and "fonts.googleapis.com" not in front
