"""The built site as files: the build prints nothing but errors (no theme
banner), every link of every page names a file that exists (so the site works
opened from disk, where a link to a folder shows a listing), every anchor a
link names is on its page, the search index is inlined for file:// pages, and
the ten tasks the front page lists are as many clicks away as it says."""

from __future__ import annotations

import collections
import html.parser
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .conftest import ROOT, BuiltSite

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


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class ClickableLinks(html.parser.HTMLParser):
    """The `<a href>` links of one page by where they sit: the menu (the
    navigation on the left), the page's contents (the table of contents on the
    right), or the page itself."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str]] = []
        self.links: dict[str, list[str]] = collections.defaultdict(list)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links[self.place()].append(values["href"] or "")
        if tag not in VOID:
            self.open.append((tag, values.get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def place(self) -> str:
        for tag, classes in reversed(self.open):
            if tag == "nav" and "md-nav--secondary" in classes:
                return "contents"
            if tag == "nav" and "md-nav--primary" in classes:
                return "menu"
            if tag == "article":
                return "page"
        return "other"


def clicks_from_front(site: Path, places: set[str]) -> dict[tuple[str, str], int]:
    """The fewest clicks from the front page to every (page, anchor) the
    links in `places` reach, breadth first."""
    site = site.resolve()
    parsed: dict[Path, ClickableLinks] = {}

    def links_of(page: Path) -> ClickableLinks:
        if page not in parsed:
            parsed[page] = ClickableLinks()
            parsed[page].feed(page.read_text(encoding="utf-8"))
        return parsed[page]

    front = (site / "index.html", "")
    distance = {front: 0}
    queue = collections.deque([front])
    while queue:
        node = queue.popleft()
        page = node[0]
        for place in places:
            for link in links_of(page).links.get(place, []):
                found = local_target(page, link)
                if found is None or found[0].suffix != ".html" or not found[0].is_file():
                    continue
                target = found
                if target not in distance:
                    distance[target] = distance[node] + 1
                    queue.append(target)
    return {(str(page.relative_to(site)), anchor): n for (page, anchor), n in distance.items()}


# A row of the front page's table of tasks: the link, the clicks from there,
# the clicks by the menu.
TASK_ROW = re.compile(r"^\| [^|]+ \| \[[^]]+\]\(([^)]+)\) \| (\d) \| (\d): [^|]+\|$", re.M)


def test_ten_tasks_are_at_most_two_clicks_from_the_front_page(site: Path) -> None:
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    section = text.split("## Ten tasks", 1)[1].split("\n## ", 1)[0]
    rows = TASK_ROW.findall(section)
    assert len(rows) == 10
    anywhere = clicks_from_front(site, {"menu", "contents", "page"})
    by_menu = clicks_from_front(site, {"menu", "contents"})
    for link, here, menu in rows:
        page, _, anchor = link.partition("#")
        target = (page.replace(".md", ".html"), anchor)
        assert (anywhere.get(target), by_menu.get(target)) == (int(here), int(menu)), link
        assert int(here) <= 2 and int(menu) <= 2
