"""The ``cribbage-fast discard`` command."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cribbage_fast.cli import main

HAND = ["5H", "5D", "JC", "4S", "6H", "KD"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["discard", *args])
    return result.exit_code, result.stdout, result.stderr


def test_dealer_table_is_ranked_and_aligned() -> None:
    code, out, _ = run(*HAND, "--dealer")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "net = hand + crib (dealer)"
    header, rows = lines[1], lines[2:]
    assert header.split() == ["#", "discard", "keep", "hand", "EV", "crib", "EV", "net"]
    assert len(rows) == 15
    assert rows[0].split() == ["1", "JC", "KD", "5H", "5D", "4S", "6H", "15.957", "3.970", "19.926"]
    # Aligned: every row ends its net column where the header does.
    assert {len(row) for row in rows} == {len(header)}
    nets = [float(row.split()[-1]) for row in rows]
    assert nets == sorted(nets, reverse=True)


def test_pone_is_the_default_and_top_limits_rows() -> None:
    code, out, _ = run(*HAND, "--top", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "net = hand - crib (pone)"
    assert len(lines) == 2 + 3
    assert run(*HAND, "--pone", "--top", "3")[1] == out


def test_five_card_hand() -> None:
    code, out, _ = run("5H", "5D", "JC", "4S", "6H", "--top", "1")
    assert code == 0
    assert out.splitlines()[-1].split()[:6] == ["1", "JC", "5H", "5D", "4S", "6H"]


def test_json_output() -> None:
    code, out, _ = run(*HAND, "--dealer", "--json", "--top", "2")
    assert code == 0
    payload = json.loads(out)
    assert payload["hand"] == "5H 5D JC 4S 6H KD"
    assert payload["dealer"] is True
    assert [o["discard"] for o in payload["options"]] == ["JC KD", "4S 6H"]
    best = payload["options"][0]
    assert (best["hand_total"], best["hand_deals"]) == (734, 46)
    assert best["net"] == best["hand_ev"] + best["crib_ev"]


def test_bad_input_is_one_line_and_status_2() -> None:
    for args, message in [
        (["5H", "5D", "JC"], "got 3"),
        ([*HAND[:5], "5H"], "card 5H appears more than once"),
        ([*HAND[:5], "XX"], 'unknown card "XX"'),
    ]:
        code, out, err = run(*args)
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith("cribbage-fast: error: ")
        assert message in err


def test_top_must_be_positive() -> None:
    code, _, _ = run(*HAND, "--top", "0")
    assert code == 2
