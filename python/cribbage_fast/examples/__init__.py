"""Runnable examples (``python -m cribbage_fast.examples.NAME``): ISMCTS
against the greedy bot, a NumPy policy trained against the random bot, and
an RLlib PPO configuration."""

from __future__ import annotations

import argparse


class _HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The module text as written, and every option's default."""


def parser(name: str, doc: str | None) -> argparse.ArgumentParser:
    """The command line of example `name` (``python -m
    cribbage_fast.examples.NAME``): `doc` as its description, and every
    option's default in ``--help``."""
    return argparse.ArgumentParser(
        prog=f"python -m cribbage_fast.examples.{name}",
        description=doc,
        formatter_class=_HelpFormatter,
    )
