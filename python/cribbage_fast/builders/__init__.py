"""Builders of the shipped tables: they play and analyse deals to make what
`cribbage_fast.tables` reads.

The installed ``cribbage-fast tables ...`` commands call these and write where
``--out`` says; ``scripts/ship_tables.py`` (in the repository) writes the
tables built into the engine.

>>> from cribbage_fast.builders import build_pegging_table
>>> build_pegging_table(2, seed=1).samples
2
"""

from __future__ import annotations

from ..tables.pegging import MAX_SAMPLES_PER_KEEP as MAX_SAMPLES_PER_KEEP
from ..tables.positions import BATCHES as BATCHES
from .boards import BoardDealSampler, build_board_table, play_from_board, ship_board_table
from .deals import analyze_all_deals, build_atlas, build_crib_tables, save_crib_tables
from .five_card import (
    FiveCardBuild,
    FiveCardSettings,
    build_five_card_tables,
    five_card_match,
    five_card_sums,
    ship_five_card_tables,
)
from .pegging import PEGGING_SAMPLE_CAP as PEGGING_SAMPLE_CAP
from .pegging import (
    build_pegging_table,
    keep_range_sums,
    pegging_samples_needed,
    pegging_sums,
    save_pegging_table,
    ship_pegging_table,
)
from .positions import DEFAULT_PRECISION as DEFAULT_PRECISION
from .positions import DEFAULT_SEED as DEFAULT_SEED
from .positions import (
    DealSampler,
    build_table,
    deals_for_precision,
    sample_local,
    ship_position_table,
)

# The functions and classes (the constants above are importable too).
__all__ = [
    "BoardDealSampler",
    "DealSampler",
    "FiveCardBuild",
    "FiveCardSettings",
    "analyze_all_deals",
    "build_atlas",
    "build_board_table",
    "build_crib_tables",
    "build_five_card_tables",
    "build_pegging_table",
    "build_table",
    "deals_for_precision",
    "five_card_match",
    "five_card_sums",
    "keep_range_sums",
    "pegging_samples_needed",
    "pegging_sums",
    "play_from_board",
    "sample_local",
    "save_crib_tables",
    "save_pegging_table",
    "ship_board_table",
    "ship_five_card_tables",
    "ship_pegging_table",
    "ship_position_table",
]
