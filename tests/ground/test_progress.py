"""The one progress bar and range splitter of every long job."""

from __future__ import annotations

import sys

import pytest

from cribbage_fast._util.progress import map_local, progress, ranges


@pytest.mark.parametrize(("total", "chunk"), [(0, 3), (1, 1), (10, 3), (12, 4), (5, 100)])
def test_ranges_cover_the_total_once_in_order(total: int, chunk: int) -> None:
    cut = ranges(total, chunk)
    assert [i for start, stop in cut for i in range(start, stop)] == list(range(total))
    assert all(0 < stop - start <= chunk for start, stop in cut)


def test_a_chunk_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="chunk must be at least 1"):
        ranges(5, 0)


def test_quiet_off_a_terminal_or_when_disabled(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    with progress(10, "label") as bar:
        bar.update(10)
        bar.set_postfix(x=1)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with progress(10, "label", enabled=False) as bar:
        bar.update(10)
    assert capsys.readouterr().err == ""


def test_map_local_runs_every_range_in_order() -> None:
    assert list(map_local(lambda a, b: (a, b), 5, 2, "items")) == [(0, 2), (2, 4), (4, 5)]
