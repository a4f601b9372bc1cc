"""Discard tables: crib values of thrown pairs, pegging values of kept hands,
and the atlas of every deal's discards.

The crib tables ship with the package (``data/``, built by ``cribbage-fast
tables crib``), the pegging table inside the engine (``src/data``, built by
``scripts/ship_tables.py pegging`` from a seed), each with the engine
version and method recorded; the atlas is built on demand by
``cribbage-fast tables atlas`` into a file. This package only reads them;
:mod:`cribbage_fast.builders` builds them. The models are described in the
README ("Discard tables") and in the Rust modules ``crib_table`` and
``pegging_table``.

>>> from cribbage_fast.tables import crib_table
>>> table = crib_table(own=True, model="fixed_point", flushes=False)
>>> table.shape, bool((table == table.T).all())
((13, 13), True)
>>> bool(8.0 < table[4, 4] < 10.0)
True
"""

from __future__ import annotations

from .atlas import SPLITS, Atlas, atlas, default_atlas_path
from .crib import CRIB_FILE, DATA, MODELS, CribModel, crib_table, crib_table_info
from .discards import TableDiscardOption, analyze_discards, best_discard
from .pegging import KEEPS, PEGGING_STATS, PeggingTable, keep_index, pegging_table

__all__ = [
    "CRIB_FILE",
    "DATA",
    "KEEPS",
    "MODELS",
    "PEGGING_STATS",
    "SPLITS",
    "Atlas",
    "CribModel",
    "PeggingTable",
    "TableDiscardOption",
    "analyze_discards",
    "atlas",
    "best_discard",
    "crib_table",
    "crib_table_info",
    "default_atlas_path",
    "keep_index",
    "pegging_table",
]
