"""Discard tables: crib values of thrown pairs, pegging values of kept hands,
and the atlas of every deal's discards.

The crib tables ship with the package (``data/``, built by ``cribbage-fast
tables crib``), the pegging table inside the engine (``src/data``, built by
``scripts/ship_tables.py pegging`` from a seed), each with the engine
version, method and a checksum of its arrays recorded (every table is
validated once, at load, and its arrays are read-only); the atlas is built on demand by
``cribbage-fast tables atlas`` into a file. This package only reads them;
`cribbage_fast.builders` builds them. The models are described in
docs/tables.md and in the Rust modules ``crib_table`` and
``pegging_table``; the five-card tables (three and four players) in
docs/discards.md and ``crib_five``.

Examples
--------
>>> from cribbage_fast.tables import crib_table
>>> table = crib_table(own=True, model="fixed_point", flushes=False)
>>> table.shape, bool((table == table.T).all())
((13, 13), True)
>>> bool(8.0 < table[4, 4] < 10.0)
True
"""

from __future__ import annotations

from .boards import (
    BoardTable,
    board_table_info,
    partnership_chances,
    three_player_chances,
    three_player_table,
)
from .crib import CRIB_FILE as CRIB_FILE
from .crib import DATA as DATA
from .crib import MODELS as MODELS
from .crib import CribModel as CribModel
from .crib import crib_table, crib_table_info
from .discard_atlas import SPLITS as SPLITS
from .discard_atlas import Atlas, atlas, default_atlas_path
from .discards import TableDiscardOption, best_table_discard, table_discards
from .five_card import FIVE_CARD_METHOD as FIVE_CARD_METHOD
from .five_card import (
    FiveCardCrib,
    FiveCardOption,
    five_card_crib,
    five_card_discards,
    five_card_info,
    five_card_pegging,
)
from .pegging import KEEPS as KEEPS
from .pegging import PEGGING_STATS as PEGGING_STATS
from .pegging import PeggingTable, keep_index, pegging_table

# The functions and classes (the constants above are importable too).
__all__ = [
    "Atlas",
    "BoardTable",
    "FiveCardCrib",
    "FiveCardOption",
    "PeggingTable",
    "TableDiscardOption",
    "atlas",
    "best_table_discard",
    "board_table_info",
    "crib_table",
    "crib_table_info",
    "default_atlas_path",
    "five_card_crib",
    "five_card_discards",
    "five_card_info",
    "five_card_pegging",
    "keep_index",
    "partnership_chances",
    "pegging_table",
    "table_discards",
    "three_player_chances",
    "three_player_table",
]
