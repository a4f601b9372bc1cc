"""The documentation site as the README builds it, once per test run, for the
tests that read it (tests/docs/test_site.py, tests/docs/test_site_links.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BuiltSite:
    path: Path
    output: str


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """`mkdocs build --strict` into a folder of its own, with no variable set
    that hides the theme's notices: what a user of the README sees."""
    out = tmp_path_factory.mktemp("site")
    env = {k: v for k, v in os.environ.items() if "MKDOCS" not in k}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    built = subprocess.run(
        [*command, "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert built.returncode == 0, built.stderr
    return BuiltSite(out, built.stdout + built.stderr)


@pytest.fixture(scope="session")
def site(built_site: BuiltSite) -> Path:
    return built_site.path
