"""``scripts/ship_tables.py``: the repository script that writes the engine's built-in tables."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from click.testing import CliRunner

from cribbage_fast.tables._checks import checksum

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ship_tables.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ship_tables", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_writes_into_the_repositorys_data_by_default(script: ModuleType) -> None:
    assert SCRIPT.parent.parent / "src" / "data" == script.DATA_DIR
    assert (script.DATA_DIR / "pegging_sums.bin").exists()


def test_pegging_writes_the_shipped_form(script: ModuleType, tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["pegging", "--samples", "2", "--data-dir"]
    result = runner.invoke(script.main, [*args, str(tmp_path / "missing")])
    assert result.exit_code == 2 and "does not exist" in result.output
    result = runner.invoke(script.main, [*args, str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "3640 samples (2 to 2 per keep)" in result.output
    assert (tmp_path / "pegging_sums.bin").stat().st_size == 1820 * 2 * 5 * 8
    assert json.loads((tmp_path / "pegging_meta.json").read_text())["seed"] == 2026


def test_positions_writes_the_shipped_form(script: ModuleType, tmp_path: Path) -> None:
    args = ["positions", "--deals", "40", "--seed", "4", "--data-dir", str(tmp_path)]
    result = CliRunner().invoke(script.main, args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "positions.bin").stat().st_size == 4 * 121 * 121 * 4
    meta = json.loads((tmp_path / "positions_meta.json").read_text())
    assert meta["deals"] == 40 and meta["seed"] == 4


def test_expert_ties_rebuilds_the_shipped_file(script: ModuleType, tmp_path: Path) -> None:
    result = CliRunner().invoke(script.main, ["expert-ties", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    built = (tmp_path / "expert_ties.bin").read_bytes()
    assert built == (script.DATA_DIR / "expert_ties.bin").read_bytes()
    meta = json.loads((tmp_path / "expert_ties_meta.json").read_text())
    shipped = json.loads((script.DATA_DIR / "expert_ties_meta.json").read_text())
    ties = {"ties": np.frombuffer(built, np.uint8)}
    assert meta["checksum"] == shipped["checksum"] == checksum(ties)
    assert meta["deals"] * 5 == len(built)
