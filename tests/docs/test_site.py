"""The documentation site: every example on every page runs as written, every
public name has an entry in the API reference, and the built site works in a
real browser (headless Chromium: the front page, a guide page, an API page,
a click in the navigation and in a page, and the search box), served over HTTP
and opened from disk (file://), with screenshots in
``target/site-screenshots/``."""

from __future__ import annotations

import ast
import doctest
import functools
import http.server
import importlib
import inspect
import os
import re
import shutil
import sys
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCREENSHOTS = ROOT / "target" / "site-screenshots"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# The modules whose public names the API reference must render.
DOCUMENTED = [
    "cribbage_fast",
    "cribbage_fast.tables",
    "cribbage_fast.builders",
    "cribbage_fast.distributed",
    "cribbage_fast.analysis.analyze",
    "cribbage_fast.analysis.report",
    "cribbage_fast.records",
    "cribbage_fast.analysis.hints",
    "cribbage_fast.svg",
    "cribbage_fast.analysis.engine",
    "cribbage_fast.envs",
    "cribbage_fast.envs.rllib",
    "cribbage_fast.envs.openspiel",
    "cribbage_fast.games.agents",
    "cribbage_fast.reference",
]

# A fenced block: its info string and its text. A block right after the
# comment "<!-- compile only: REASON -->" is compiled, not run (it needs
# something no extra installs, such as torch).
FENCE = re.compile(r"(<!-- compile only: [^>]+ -->\n)?^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)


def code_blocks() -> list[tuple[str, str, bool]]:
    """(test id, source, run) for every Python block of every page, doctests apart."""
    blocks = []
    for page in PAGES:
        text = page.read_text()
        for match in FENCE.finditer(text):
            compile_only, lang, body = match.groups()
            if lang != "python" or body.lstrip().startswith(">>>"):
                continue
            line = text.count("\n", 0, match.start(2)) + 1
            blocks.append((f"{page.relative_to(ROOT)}:{line}", body, compile_only is None))
    return blocks


BLOCKS = code_blocks()


def test_every_page_is_found() -> None:
    names = {page.name for page in PAGES}
    assert {"README.md", "index.md", "cookbook.md", "rules.md", "cards.md"} <= names
    assert any(name.startswith("docs/cookbook.md") for name, _, _ in BLOCKS)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_page_doctests(page: Path) -> None:
    # A closing code fence right after an expected output ends that output.
    text = page.read_text().replace("\n```", "\n\n```")
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.fixture(scope="module")
def ray_left_as_found() -> Iterator[None]:
    """The pages' scripts share the Ray that the first of them starts (one
    start-up, not one per script); it is shut down after the last."""
    import ray

    had_ray = ray.is_initialized()
    yield
    if ray.is_initialized() and not had_ray:
        ray.shutdown()


@pytest.fixture
def scratch_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ray_left_as_found: None
) -> Iterator[Path]:
    """A script runs in an empty folder."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.mark.parametrize(("where", "source", "run"), BLOCKS, ids=[b[0] for b in BLOCKS])
def test_page_scripts(where: str, source: str, run: bool, scratch_dir: Path) -> None:
    code = compile(source, where, "exec")
    if run:
        exec(code, {"__name__": "__main__"})


def stub_docstrings() -> dict[str, str]:
    """Qualified name -> docstring with an example, for everything `_core.pyi`
    documents: the reference renders these, not the compiled `__doc__`."""
    stub = ROOT / "python" / "cribbage_fast" / "_core.pyi"
    found = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef):
                name = f"{prefix}{child.name}"
                doc = ast.get_docstring(child)
                if doc and ">>>" in doc:
                    found[name] = doc
                visit(child, f"{name}.")

    visit(ast.parse(stub.read_text()), "_core.")
    return found


STUB_EXAMPLES = stub_docstrings()


@pytest.mark.parametrize("name", sorted(STUB_EXAMPLES))
def test_stub_docstring_examples(name: str) -> None:
    import cribbage_fast
    from cribbage_fast import _core

    names = vars(_core) | vars(cribbage_fast)
    test = doctest.DocTestParser().get_doctest(STUB_EXAMPLES[name], names, name, "_core.pyi", 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert test.examples


def public_names(module: ModuleType) -> dict[str, set[str]]:
    """Each public name (`__all__`, or else the functions and classes the module
    defines) -> the paths it may be rendered under: the public one, or where
    the object is defined (a name the package imports lazily)."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, obj in vars(module).items()
            if not name.startswith("_")
            and (inspect.isfunction(obj) or inspect.isclass(obj))
            and obj.__module__.startswith(module.__name__)
        ]
    paths = {}
    for name in names:
        obj = getattr(module, name)
        defined = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
        paths[f"{module.__name__}.{name}"] = {f"{module.__name__}.{name}", defined}
    return paths


def rendered_names(site: Path) -> set[str]:
    """Every object the API reference renders, from the site's inventory."""
    header_and_body = (site / "objects.inv").read_bytes().split(b"\n", 4)
    body = zlib.decompress(header_and_body[4]).decode()
    return {line.split(" ", 1)[0] for line in body.splitlines() if " py:" in line}


def test_every_public_name_has_a_reference_entry(site: Path) -> None:
    rendered = rendered_names(site)
    public: dict[str, set[str]] = {}
    for name in DOCUMENTED:
        public |= public_names(importlib.import_module(name))
    assert "cribbage_fast.score_hand" in public and "cribbage_fast.tables.crib_table" in public
    assert sorted(name for name, paths in public.items() if not paths & rendered) == []


def browser() -> tuple[str, str]:
    """Chromium and its driver (Debian's `chromium` and `chromium-driver`)."""
    found = shutil.which("chromium"), shutil.which("chromedriver")
    if None in found:
        if os.environ.get("CI"):
            pytest.fail("CI needs chromium and chromium-driver (.ci/run installs them)")
        pytest.skip("apt-get install -y chromium chromium-driver")
    return found[0] or "", found[1] or ""


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on 127.0.0.1, on a free port."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """Headless Chromium at its default settings: no flag that lets a file://
    page read other files, as a user's browser has none."""
    chromium, driver_path = browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.add_argument("--window-size=1280,1000")
    chrome = webdriver.Chrome(options=options, service=Service(driver_path))
    yield chrome
    chrome.quit()


def check_site_in_browser(driver: Any, front: str, shots: str) -> None:
    """From the front page: pages open with their headings, a link of the
    navigation and a link of a page lead to pages (not folder listings), and
    the search box finds an API entry; a screenshot of each step."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, 30)
    heading = (By.CSS_SELECTOR, "article h1")
    pages = {
        "front": ("index.html", "Find it fast"),
        "guide": ("bulk.html", "Bulk scoring with NumPy"),
        "api": ("reference/cards.html", "score_hand"),
    }
    for name, (path, expected) in pages.items():
        driver.get(front + path)
        wait.until(expected_conditions.presence_of_element_located(heading))
        assert expected in driver.find_element(By.CSS_SELECTOR, "article").text
        driver.save_screenshot(str(SCREENSHOTS / f"{shots}-{name}.png"))
    # A click in the navigation, then a click on a link of the page.
    driver.get(front + "index.html")
    nav = (By.CSS_SELECTOR, "nav.md-nav--primary a.md-nav__link[href$='cards.html']")
    wait.until(expected_conditions.element_to_be_clickable(nav)).click()
    wait.until(expected_conditions.text_to_be_present_in_element(heading, "Cards and scoring"))
    assert driver.current_url == front + "cards.html"
    link = (By.CSS_SELECTOR, "article a[href^='reference/cards.html']")
    wait.until(expected_conditions.element_to_be_clickable(link)).click()
    wait.until(expected_conditions.url_contains("reference/cards.html"))
    assert "score_hand" in driver.find_element(By.CSS_SELECTOR, "article").text
    # The search box.
    driver.get(front + "index.html")
    search = (By.CSS_SELECTOR, "input.md-search__input")
    box = wait.until(expected_conditions.element_to_be_clickable(search))
    box.click()
    box.send_keys("score_hand")
    hit = (By.CSS_SELECTOR, ".md-search-result__item a[href*='reference/cards']")
    wait.until(expected_conditions.element_to_be_clickable(hit)).click()
    wait.until(expected_conditions.url_contains("reference/cards.html"))
    driver.save_screenshot(str(SCREENSHOTS / f"{shots}-search.png"))


def test_the_site_served_in_a_browser(driver: Any, served: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    check_site_in_browser(driver, served, "served")
    assert {p.name for p in SCREENSHOTS.iterdir()} >= {"served-front.png", "served-search.png"}


def test_the_site_from_disk_in_a_browser(driver: Any, site: Path) -> None:
    """Opened as `target/site/index.html` from a file manager: file:// links,
    and the search without a server."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    check_site_in_browser(driver, site.as_uri() + "/", "disk")
    assert {p.name for p in SCREENSHOTS.iterdir()} >= {"disk-front.png", "disk-search.png"}


GOOGLE_SECTION = re.compile(r"^\s*(Args|Arguments|Returns|Raises|Examples?|Yields):\s*$", re.M)


def griffe_package() -> Any:
    """The package as the reference sees it: the sources and `_core.pyi`."""
    import griffe

    extensions = griffe.load_extensions(f"{ROOT}/.ci/griffe_stub_overloads.py:StubOverloads")
    return griffe.load(
        "cribbage_fast",
        search_paths=[str(ROOT / "python")],
        allow_inspection=False,
        extensions=extensions,
        docstring_parser="numpy",
        resolve_aliases=True,
    )


def documented_functions() -> dict[str, Any]:
    """Every public function of the documented modules, and every method of
    their public classes, as griffe reads them."""
    package = griffe_package()
    found = {}
    for name in DOCUMENTED:
        for public, paths in public_names(importlib.import_module(name)).items():
            for path in sorted(paths):
                obj = _member(package, path.removeprefix("cribbage_fast."))
                if obj is not None:
                    if obj.is_function:
                        found[public] = obj
                    elif obj.is_class:
                        # With the compiled base's methods (`Game` extends `_core.Game`).
                        for member in obj.all_members.values():
                            method = member.final_target if member.is_alias else member
                            if _is_method(method):
                                found[f"{public}.{member.name}"] = method
                    break
    return found


def _is_method(member: Any) -> bool:
    return (
        not member.name.startswith("_") and member.is_function and "property" not in member.labels
    )


def _member(package: Any, path: str) -> Any:
    try:
        obj = package[path]
    except (KeyError, ValueError):
        return None
    return obj.final_target if obj.is_alias else obj


def test_docstrings_are_numpy_style_with_every_section() -> None:
    """Every public function and method: parameters, returns, an example; no
    Google-style sections."""
    functions = documented_functions()
    assert "cribbage_fast.score_hand" in functions and "cribbage_fast.tables.atlas" in functions
    lacking = []
    for name, function in sorted(functions.items()):
        doc = function.docstring
        if doc is None or GOOGLE_SECTION.search(doc.value):
            lacking.append(f"{name}: no NumPy-style docstring")
            continue
        kinds = {section.kind.value for section in doc.parse("numpy")}
        wanted = {"examples"}
        if [p for p in function.parameters if p.name not in ("self", "cls")]:
            wanted.add("parameters")
        if function.returns is not None and str(function.returns) != "None":
            wanted.add("returns")
        lacking += [f"{name}: no {kind} section" for kind in sorted(wanted - kinds)]
    assert lacking == []


def test_the_speed_chart_is_drawn_from_the_performance_page(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "benches"))
    try:
        import plot_speed
    finally:
        sys.path.remove(str(ROOT / "benches"))
    rows = plot_speed.table_rows(plot_speed.PAGE.read_text(), "One hand from Python", 1)
    assert rows[0] == ("cribbage_fast.score_hand (Card objects)", 0.40)
    plot_speed.main(str(tmp_path / "speed.png"))
    assert (tmp_path / "speed.png").stat().st_size > 10_000


def test_the_wheel_installs_as_the_guide_says() -> None:
    """The guide builds the wheel into a folder of its own and installs it by a
    pattern that matches that one file; CI builds and installs it the same way
    (`.ci/run`, with no Rust on PATH), so the pattern is tried on every run."""
    guide = (DOCS / "getting-started.md").read_text()
    assert "maturin build --release --out dist/" in guide
    assert "pip install dist/cribbage_fast-*.whl" in guide
    assert "target/wheels" not in guide.replace("point the install at `target/wheels/`", "")
    ci = (ROOT / ".ci" / "run").read_text()
    assert '--out "$wheels/dist"' in ci and '"$wheels"/dist/cribbage_fast-*.whl' in ci
