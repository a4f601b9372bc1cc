"""Issue 22, class 7 (all but the terminal game): words for people. The bot
lists name the master, the examples report what they did and show their
defaults, and ``discard`` can use the fixed-point crib and the pegging table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import cribbage_fast as cf
from cribbage_fast.cli import main
from cribbage_fast.tables import table_discards

ROOT = Path(__file__).resolve().parents[2]
HAND = ["5H", "5D", "JC", "4S", "6H", "KD"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="cribbage-fast")
    return result.exit_code, result.stdout, result.stderr


def test_every_bot_list_names_the_master() -> None:
    assert "master" in cf._core.OPPONENTS
    help_text = " ".join(run("simulate", "--help")[1].split())
    assert "(random, greedy, expert, master, or the opponent panel:" in help_text
    assert '``"master"``' in (cf.simulate.__doc__ or "")
    code, _, err = run("simulate", "nosuchbot", "greedy")
    sample = next(
        line for line in (ROOT / "docs" / "cli.md").read_text().splitlines() if "nosuchbot'" in line
    )
    assert code == 2 and err.strip() == sample.strip()


def test_discard_with_the_fixed_point_crib() -> None:
    code, out, _ = run("discard", *HAND, "--dealer", "--crib-model", "fixed-point")
    assert code == 0
    lines = out.splitlines()
    assert "fixed-point table" in lines[0] and lines[1].split()[-1] == "net"
    expected = table_discards(" ".join(HAND), True, crib_model="fixed_point")
    first = lines[2].split()
    assert first[1:3] == [str(c) for c in expected[0].discard]
    assert float(first[-2]) == pytest.approx(expected[0].crib_ev, abs=5e-4)


def test_discard_with_the_pegging_table_ranks_by_the_total() -> None:
    args = ["discard", *HAND, "--dealer", "--crib-model", "fixed-point", "--pegging"]
    code, out, _ = run(*args)
    assert code == 0
    lines = out.splitlines()
    assert "ranked by total" in lines[0] and lines[1].split()[-1] == "total"
    assert "pegging" in lines[1]
    totals = [float(line.split()[-1]) for line in lines[2:]]
    assert totals == sorted(totals, reverse=True) and len(totals) == 15
    expected = table_discards(" ".join(HAND), True, crib_model="fixed_point", pegging=True)
    assert totals[0] == pytest.approx(expected[0].total, abs=5e-4)
    payload = json.loads(run(*args, "--json", "--top", "1")[1])
    assert payload["options"] == [expected[0].to_dict()]


def test_discard_without_options_is_unchanged() -> None:
    code, out, _ = run("discard", *HAND, "--dealer")
    assert code == 0 and out.splitlines()[0] == "net = hand + crib (dealer)"
    assert out.splitlines()[1].split() == [
        "#",
        "discard",
        "keep",
        "hand",
        "EV",
        "crib",
        "EV",
        "net",
    ]


def test_numpy_example_reports_the_agent_steps_it_trained(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cribbage_fast.examples.numpy_pg import main as numpy_pg

    numpy_pg(["--updates", "20", "--envs", "8", "--eval-games", "10"])
    out = capsys.readouterr().out
    steps = int(re.search(r"\(([\d,]+) agent steps\)", out).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert steps == 20 * 16 * 8  # updates x horizon x environments


@pytest.mark.parametrize(
    ("module", "defaults"),
    [
        ("numpy_pg", ["(default: 4.0)", "(default: 256)", "(default: 4000)"]),
        ("ismcts", ["(default: 200)", "(default: 0)"]),
    ],
)
def test_example_help_shows_the_defaults(
    module: str, defaults: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib

    example = importlib.import_module(f"cribbage_fast.examples.{module}")
    with pytest.raises(SystemExit) as exit_:
        example.main(["--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for default in defaults:
        assert default in text


@pytest.mark.parametrize(
    "args", [["--envs", "0"], ["--minutes", "nan"], ["--updates", "0"], ["--seed", "-1"]]
)
def test_numpy_example_refuses_bad_options(args: list[str]) -> None:
    from cribbage_fast.examples.numpy_pg import main as numpy_pg

    with pytest.raises(SystemExit) as exit_:
        numpy_pg(args)
    assert exit_.value.code == 2
