"""Runnable examples (``python -m cribbage_fast.examples.NAME``): ISMCTS
against the greedy bot, a NumPy policy trained against the random bot, and
an RLlib PPO configuration."""

from __future__ import annotations

import argparse


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` of the examples: the module text as written, and every
    option's default."""
