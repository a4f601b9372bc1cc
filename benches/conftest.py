"""Benchmarks are only meaningful on a release build of the core."""

import pytest

import cribbage_fast


@pytest.fixture(autouse=True)
def _release_build_only(request: pytest.FixtureRequest) -> None:
    if cribbage_fast.build_profile != "release" and not request.config.getoption(
        "benchmark_disable"
    ):
        pytest.fail("benchmarks need a release build (pip install -e . builds one)")
