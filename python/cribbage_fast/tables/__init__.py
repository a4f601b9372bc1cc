"""Discard tables: crib values of thrown pairs, pegging values of kept hands,
and the atlas of every deal's discards.

The crib tables ship with the package (``data/``, built by ``cribbage-fast
tables crib``), the pegging table inside the engine (``src/data``, built by
``cribbage-fast tables pegging --ship`` from a seed), each with the engine
version and method recorded; the atlas is built on demand by
``cribbage-fast tables atlas`` into a file. The models are described in the
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

import functools
import itertools
import json
import math
import operator
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .. import _core

DATA = Path(__file__).parent.parent / "data"
CRIB_FILE = DATA / "crib_tables.npz"

CribModel = Literal["uniform", "fixed_point"]
MODELS = ("uniform", "fixed_point")
#: Kept four-card rank multisets (ranks 1..13), in the pegging table's order.
KEEPS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations_with_replacement(range(1, 14), 4))
_KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
#: Discarded positions of the 15 splits of a six-card deal (index order).
SPLITS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(6), 2))
#: Sums per kept hand and role in the pegging builder.
PEGGING_STATS = 5


def _table_key(model: str, own: bool, flushes: bool) -> str:
    if model not in MODELS:
        raise ValueError(f"unknown crib model {model!r}: choose 'uniform' or 'fixed_point'")
    who = "own" if own or model == "uniform" else "opponent"
    return f"{model}_{who}_{'flushes' if flushes else 'no_flushes'}"


@functools.cache
def _crib_data() -> dict[str, Any]:
    with np.load(CRIB_FILE) as data:
        tables = {k: data[k] for k in data.files if k != "meta"}
        meta = json.loads(str(data["meta"]))
    return {"tables": tables, "meta": meta}


def crib_table(
    own: bool = True, model: str = "fixed_point", flushes: bool = True
) -> npt.NDArray[np.float64]:
    """Expected crib points of each discarded rank pair.

    Parameters
    ----------
    own : bool
        True for the dealer's own crib (the dealer throws the pair), False for
        the opponent's crib (the pone throws the pair into the dealer's crib).
    model : {"fixed_point", "uniform"}
        ``"fixed_point"``: both players discard optimally against the tables,
        iterated to a fixed point (Hessel's method), each pair valued given
        the six cards it is thrown from. ``"uniform"``: the
        other two crib cards are random unseen cards (the model of
        ``analyze_discards``), averaged over every deal; the same for both.
    flushes : bool
        Whether crib flushes count (False: Hessel's convention).

    Returns
    -------
    numpy.ndarray
        (13, 13) float64, index ``rank - 1``, symmetric.

    Raises
    ------
    ValueError
        For an unknown model.

    Examples
    --------
    >>> t = crib_table(own=False, model="uniform", flushes=True)
    >>> round(float(t[4, 4] - t[12, 0]), 1) > 4
    True
    """
    key = _table_key(model, own, flushes)
    table: npt.NDArray[np.float64] = _crib_data()["tables"][key].copy()
    return table


def crib_table_info() -> dict[str, Any]:
    """How the shipped crib tables were built (engine version, method,
    iterations and the change at each, build time).

    >>> crib_table_info()["deals"]
    962988
    """
    meta: dict[str, Any] = dict(_crib_data()["meta"])
    return meta


@dataclass(frozen=True)
class PeggingTable:
    """Expected pegging points of each kept rank multiset, for the dealer and
    the pone, against the Expert (see :func:`pegging_table`)."""

    keeps: npt.NDArray[np.int64]
    """(1820, 4) kept ranks, ascending."""
    dealer: npt.NDArray[np.float64]
    """Points the dealer pegs holding each keep."""
    dealer_se: npt.NDArray[np.float64]
    pone: npt.NDArray[np.float64]
    """Points the pone pegs holding each keep."""
    pone_se: npt.NDArray[np.float64]
    dealer_opponent: npt.NDArray[np.float64]
    """Points the pone pegs against a dealer holding each keep."""
    pone_opponent: npt.NDArray[np.float64]
    """Points the dealer pegs against a pone holding each keep."""
    samples: int
    """Samples per keep and role (of the keep with the fewest)."""
    sums: npt.NDArray[np.uint64]
    """The exact sums the table is made of: (1820, 2, 5), roles pone then
    dealer; samples, points, squared points, opponent's points, squared."""
    meta: dict[str, Any]

    def value(self, ranks: Iterable[int], dealer: bool) -> float:
        """Expected points pegged holding `ranks` (four ranks, 1..13).

        >>> round(pegging_table().value([5, 5, 10, 10], dealer=True), 0) > 0
        True
        """
        index = keep_index(ranks)
        return float(self.dealer[index] if dealer else self.pone[index])


def keep_index(ranks: Iterable[int]) -> int:
    """The pegging table's row of four kept ranks (1..13, any order).

    >>> keep_index([1, 1, 1, 1]), keep_index([13, 13, 13, 13])
    (0, 1819)
    """
    key = tuple(sorted(int(r) for r in ranks))
    if key not in _KEEP_INDEX:
        raise ValueError(f"not four ranks from 1 to 13: {key}")
    return _KEEP_INDEX[key]


def _pegging_from_sums(sums: npt.NDArray[np.uint64], meta: dict[str, Any]) -> PeggingTable:
    s = sums.reshape(len(KEEPS), 2, PEGGING_STATS).astype(np.float64)
    n = s[:, :, 0]
    mean = s[:, :, 1] / n
    var = np.maximum(s[:, :, 2] / n - mean**2, 0.0) * n / np.maximum(n - 1, 1)
    se = np.sqrt(var / n)
    opp = s[:, :, 3] / n
    return PeggingTable(
        keeps=np.array(KEEPS, dtype=np.int64),
        dealer=mean[:, 1],
        dealer_se=se[:, 1],
        pone=mean[:, 0],
        pone_se=se[:, 0],
        dealer_opponent=opp[:, 1],
        pone_opponent=opp[:, 0],
        samples=int(n.min()),
        sums=sums.reshape(len(KEEPS), 2, PEGGING_STATS),
        meta=meta,
    )


@functools.cache
def _shipped_pegging_table() -> PeggingTable:
    sums, meta = _core._shipped_pegging()
    if sums.size == 0:
        raise RuntimeError(
            "this engine was built without a pegging table: "
            "`cribbage-fast tables pegging --ship` writes one into src/data"
        )
    return _pegging_from_sums(sums, json.loads(meta))


def pegging_table(path: str | Path | None = None) -> PeggingTable:
    """The shipped pegging table (built into the engine, which reads it for
    its own decisions), or one written by ``cribbage-fast tables pegging
    --out FILE``: points pegged by the dealer and the pone holding each of the
    1,820 kept rank multisets, against an opponent who discards and plays as
    the Expert, with standard errors.

    Parameters
    ----------
    path : str or Path or None
        A ``.npz`` table written by :func:`save_pegging_table`; None for the
        shipped table.

    Returns
    -------
    PeggingTable

    Examples
    --------
    >>> t = pegging_table()
    >>> t.dealer.shape, t.samples > 0, t.meta["seed"]
    ((1820,), True, 2026)
    """
    if path is None:
        return _shipped_pegging_table()
    with np.load(path) as data:
        sums = data["sums"]
        meta = json.loads(str(data["meta"]))
    return _pegging_from_sums(sums, meta)


def pegging_sums(seed: int, start: int, stop: int) -> npt.NDArray[np.uint64]:
    """Exact pegging sums of samples ``start..stop`` (picklable, for
    :func:`cribbage_fast.distributed.map_ranges`): the same seed gives the
    same table whatever the chunking.

    >>> int(pegging_sums(1, 0, 4).reshape(1820, 2, 5)[:, :, 0].sum())
    8
    """
    return _core._pegging_sums(seed, start, stop)


#: The most samples of one keep (sample indices stay far inside 64 bits).
MAX_SAMPLES_PER_KEEP = 1 << 40


def keep_range_sums(
    seed: int, froms: Sequence[int], tos: Sequence[int], start: int, stop: int
) -> npt.NDArray[np.uint64]:
    """Exact pegging sums of items ``start..stop`` of the per-keep sample
    ranges ``froms[k]..tos[k]`` laid end to end (keep 0's, then keep 1's,
    ...). Sample ``j`` of keep ``k`` is the same sample in every table of a
    seed, so the sums are the same however the items are split (picklable,
    for :func:`cribbage_fast.distributed.map_ranges`).

    Raises
    ------
    ValueError
        Not 1,820 ranges, a range backwards or past
        :data:`MAX_SAMPLES_PER_KEEP`, or items outside the ranges.

    Examples
    --------
    >>> froms, tos = [0] * 1820, [3] * 1820
    >>> bool((keep_range_sums(1, froms, tos, 0, 5460) == pegging_sums(1, 0, 5460)).all())
    True
    """
    froms, tos = _check_keep_ranges(froms, tos)
    if not 0 <= start <= stop:
        raise ValueError(f"the items {start}..{stop} are not an increasing range")
    return _core._keep_range_sums(seed, froms, tos, start, stop)


def _check_keep_ranges(froms: Sequence[int], tos: Sequence[int]) -> tuple[list[int], list[int]]:
    a, b = [int(x) for x in froms], [int(x) for x in tos]
    if len(a) != len(KEEPS) or len(b) != len(KEEPS):
        raise ValueError(f"need {len(KEEPS)} sample ranges, got {len(a)} froms and {len(b)} tos")
    for k, (lo, hi) in enumerate(zip(a, b, strict=True)):
        if not 0 <= lo <= hi <= MAX_SAMPLES_PER_KEEP:
            raise ValueError(
                f"keep {k}'s sample range {lo}..{hi} is not within 0..{MAX_SAMPLES_PER_KEEP}"
            )
    return a, b


#: Samples per keep at most, for a target standard error.
PEGGING_SAMPLE_CAP = 1_000_000


def pegging_samples_needed(
    sums: npt.NDArray[np.uint64], target_se: float, margin: float = 1.02, cap: int = 0
) -> npt.NDArray[np.int64]:
    """Samples per keep for the standard error of both roles' points to reach
    `target_se`, from the variances in `sums` (Neyman allocation: samples in
    proportion to the larger variance), times `margin`, never fewer than the
    keep has, at most `cap` (0: :data:`PEGGING_SAMPLE_CAP`).

    >>> needed = pegging_samples_needed(build_pegging_table(8, seed=1).sums, 0.5)
    >>> bool(needed.min() >= 8 and needed.sum() > 8 * 1820)
    True
    """
    table = _pegging_from_sums(sums, {})
    n = table.sums[:, 0, 0].astype(np.int64)
    var = np.maximum(table.dealer_se, table.pone_se) ** 2 * n
    want = np.ceil(margin * var / target_se**2).astype(np.int64)
    needed: npt.NDArray[np.int64] = np.minimum(np.maximum(want, n), cap or PEGGING_SAMPLE_CAP)
    return needed


def build_pegging_table(
    samples: int | None = None,
    seed: int = 2026,
    *,
    target_se: float | None = None,
    pilot: int = 2000,
    chunk: int = 0,
    ray_address: str | None = None,
    use_ray: bool = False,
    progress: bool = False,
) -> PeggingTable:
    """Simulates `samples` deals per kept hand, or as many as each kept hand
    needs for a standard error of `target_se`.

    With `target_se`, every keep first plays `pilot` samples; then each keep
    gets the samples its larger role variance needs (see
    :func:`pegging_samples_needed`), re-estimated from all its samples after
    each round until every keep has enough. The table's ``meta`` records the
    standard errors reached (``max_se``, ``median_se``): the largest exceeds
    the target only for a keep at :data:`PEGGING_SAMPLE_CAP`.

    Parameters
    ----------
    samples : int or None
        Samples per kept rank multiset (each plays the deal as dealer and as
        pone); standard errors fall as ``1 / sqrt(samples)``.
    seed : int
        The same seed gives the same table, whatever the chunking; sample
        ``j`` of a keep is the same in a uniform and a target-SE table.
    target_se : float or None
        The standard error (points) each value should reach; give this or
        `samples`.
    pilot : int
        Samples per keep before the allocation (with `target_se`).
    chunk : int
        Samples per task (0: about 1% of a phase, at most 100,000, so Ctrl-C
        stops within seconds).
    ray_address, use_ray
        Run the chunks on Ray through ``cribbage_fast.distributed.map_ranges``.
    progress : bool
        Show a progress bar per phase.

    Returns
    -------
    PeggingTable

    Raises
    ------
    TypeError
        `samples` or `pilot` not an integer.
    ValueError
        Neither or both of `samples` and `target_se`; fewer than 2 samples or
        pilot samples; a target that is not a positive number; a seed outside
        64 bits.

    Examples
    --------
    >>> build_pegging_table(2, seed=1).samples
    2
    >>> t = build_pegging_table(seed=1, target_se=1.5, pilot=4)
    >>> t.meta["max_se"] <= 1.5
    True
    """
    if (samples is None) == (target_se is None):
        raise ValueError("give exactly one of samples and target_se")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be 0 to 2**64 - 1, got {seed}")
    started = time.perf_counter()
    run = functools.partial(
        _run_keep_ranges, seed, chunk, ray_address, use_ray or ray_address is not None, progress
    )
    if samples is not None:
        samples = operator.index(samples)
        if not 2 <= samples <= PEGGING_SAMPLE_CAP:
            raise ValueError(f"samples must be 2 to {PEGGING_SAMPLE_CAP}, got {samples}")
        sums = run([0] * len(KEEPS), [samples] * len(KEEPS), "pegging")
        plan: dict[str, Any] = {"allocation": "uniform", "samples_per_keep": samples}
    else:
        assert target_se is not None
        if not math.isfinite(target_se) or target_se <= 0:
            raise ValueError(f"target_se must be a positive number of points, got {target_se}")
        pilot = operator.index(pilot)
        if not 2 <= pilot <= PEGGING_SAMPLE_CAP:
            raise ValueError(f"pilot must be 2 to {PEGGING_SAMPLE_CAP}, got {pilot}")
        counts = np.full(len(KEEPS), pilot, dtype=np.int64)
        sums = run([0] * len(KEEPS), counts.tolist(), "pegging pilot")
        rounds = 0
        # Each round only adds samples, up to the cap: the loop ends.
        while ((needed := pegging_samples_needed(sums, target_se)) > counts).any():
            rounds += 1
            sums += run(counts.tolist(), needed.tolist(), f"pegging round {rounds}")
            counts = needed
        plan = {
            "allocation": "target_se: a pilot, then samples per keep in proportion to "
            "the larger role variance (times 1.02), re-estimated each round",
            "target_se": target_se,
            "pilot": pilot,
            "rounds": rounds,
            "capped_keeps": int((counts >= PEGGING_SAMPLE_CAP).sum()),
        }
    table = _pegging_from_sums(sums, {})
    se = np.concatenate([table.dealer_se, table.pone_se])
    meta = {
        "engine_version": _core.__version__,
        "method": "simulation: kept ranks with random suits, the opponent's six random cards "
        "discarded and every card played as the Expert, random starter; dealer and pone",
        "seed": seed,
        **plan,
        "total_samples": int(table.sums[:, 0, 0].sum()),
        "max_se": round(float(se.max()), 5),
        "median_se": round(float(np.median(se)), 5),
        "seconds": round(time.perf_counter() - started, 1),
    }
    return _pegging_from_sums(sums, meta)


def _run_keep_ranges(
    seed: int,
    chunk: int,
    ray_address: str | None,
    use_ray: bool,
    progress: bool,
    froms: list[int],
    tos: list[int],
    desc: str,
) -> npt.NDArray[np.uint64]:
    """The sums of samples ``froms[k]..tos[k]`` of every keep, in chunks."""
    total = sum(tos) - sum(froms)
    sums = np.zeros(len(KEEPS) * 2 * PEGGING_STATS, dtype=np.uint64)
    if total == 0:
        return sums
    chunk = chunk or min(max(len(KEEPS), total // 100), 100_000)
    fn = functools.partial(keep_range_sums, seed, froms, tos)
    if use_ray:
        from .. import distributed  # type: ignore[attr-defined,unused-ignore]

        parts: Iterable[npt.NDArray[np.uint64]] = distributed.map_ranges(
            fn, total, chunk=chunk, address=ray_address, progress=progress, desc=desc
        )
    else:
        parts = (fn(a, b) for a, b in _progress(_ranges(total, chunk), progress, total, desc))
    for part in parts:
        sums += part
    return sums


def save_pegging_table(table: PeggingTable, path: str | Path) -> None:
    """Writes a pegging table (its exact sums and metadata) as ``.npz``,
    read back by ``pegging_table(path)``."""
    np.savez_compressed(path, sums=table.sums, meta=np.array(json.dumps(table.meta)))


def ship_pegging_table(table: PeggingTable, data_dir: str | Path) -> None:
    """Writes a pegging table in the engine's shipped form:
    ``pegging_sums.bin`` (little-endian uint64 sums, (1820, 2, 5)) and
    ``pegging_meta.json`` in `data_dir` (the repository's ``src/data``),
    built into the next engine build."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise FileNotFoundError(f"no directory {data_dir}: run from the repository root")
    (data_dir / "pegging_sums.bin").write_bytes(table.sums.astype("<u8").tobytes())
    (data_dir / "pegging_meta.json").write_text(json.dumps(table.meta, indent=1) + "\n")


def _ranges(total: int, chunk: int) -> list[tuple[int, int]]:
    return [(s, min(s + chunk, total)) for s in range(0, total, chunk)]


def _progress(
    items: Sequence[tuple[int, int]], show: bool, total: int, what: str
) -> Iterable[tuple[int, int]]:
    if not show:
        yield from items
        return
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    with tqdm(total=total, desc=what, unit="") as bar:
        for start, stop in items:
            yield start, stop
            bar.update(stop - start)


def analyze_all_deals(progress: bool = False, chunk: int = 20_000) -> _core.DealAnalysis:
    """The exact discard analysis of every canonical six-card deal (a few
    minutes on two cores): the source of the crib tables, the Expert's
    discard table and the atlas."""
    analysis = _core.DealAnalysis()
    total = len(_core._canonical_deals()[0])
    for start, stop in _progress(_ranges(total, chunk), progress, total, "deals"):
        analysis.extend(stop - start)
    return analysis


def build_crib_tables(analysis: _core.DealAnalysis) -> dict[str, Any]:
    """Every crib table (both models, both owners, with and without flushes)
    from a complete deal analysis, with a ``meta`` entry describing them."""
    started = time.perf_counter()
    tables: dict[str, Any] = {}
    meta: dict[str, Any] = {
        "engine_version": _core.__version__,
        "deals": len(analysis),
        "method": {
            "uniform": "exact crib EV of analyze_discards (other crib cards uniform), "
            "averaged over every deal and every discard of the pair",
            "fixed_point": "optimal discards (exact hand EV +/- table) over every deal, "
            "tables rebuilt from the running average of the thrown pairs (fictitious play, "
            "iteration n weighing n) until no value moves more than the tolerance (Hessel); "
            "each pair valued given the six cards it is thrown from (the other player's "
            "pairs and the starter from the cards left), averaged over the hands throwing it",
        },
        "fixed_point": {},
    }
    for flushes in (False, True):
        uniform = analysis.uniform_table(flushes)
        tables[_table_key("uniform", True, flushes)] = uniform
        own, opponent, changes, converged = analysis.fixed_point(flushes)
        tables[_table_key("fixed_point", True, flushes)] = own
        tables[_table_key("fixed_point", False, flushes)] = opponent
        meta["fixed_point"]["flushes" if flushes else "no_flushes"] = {
            "iterations": len(changes),
            "max_change_per_iteration": changes,
            "converged": converged,
            "tolerance": _core.DealAnalysis.FIXED_POINT_TOLERANCE,
        }
    meta["table_seconds"] = round(time.perf_counter() - started, 1)
    tables["meta"] = meta
    return tables


def save_crib_tables(tables: dict[str, Any], path: str | Path) -> None:
    """Writes :func:`build_crib_tables`' result as ``.npz``."""
    arrays = {k: v for k, v in tables.items() if k != "meta"}
    np.savez_compressed(path, meta=np.array(json.dumps(tables["meta"])), **arrays)


@dataclass(frozen=True)
class TableDiscardOption:
    """One discard under a crib model, optionally with the kept hand's
    expected pegging (see :func:`analyze_discards`)."""

    discard: tuple[_core.Card, ...]
    keep: tuple[_core.Card, ...]
    dealer: bool
    hand_ev: float
    crib_ev: float
    net: float
    """hand + crib (dealer) or hand - crib (pone)."""
    pegging_ev: float | None
    """Points the holder pegs with the kept cards (None unless asked)."""
    crib_model: str

    @property
    def total(self) -> float:
        """``net`` plus ``pegging_ev`` (``net`` without pegging)."""
        return self.net + (self.pegging_ev or 0.0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "discard": " ".join(str(c) for c in self.discard),
            "keep": " ".join(str(c) for c in self.keep),
            "dealer": self.dealer,
            "hand_ev": self.hand_ev,
            "crib_ev": self.crib_ev,
            "net": self.net,
            "pegging_ev": self.pegging_ev,
            "total": self.total,
            "crib_model": self.crib_model,
        }


def _with_model(option: _core.DiscardOption, crib_model: str, pegging: bool) -> TableDiscardOption:
    dealer = option.dealer
    crib = option.crib_ev
    if crib_model != "uniform":
        if len(option.discard) != 2:
            raise ValueError("the crib tables are for two-player (six-card) hands")
        a, b = (c.rank - 1 for c in option.discard)
        crib = float(crib_table(own=dealer, model=crib_model, flushes=True)[a, b])
    peg = pegging_table().value([c.rank for c in option.keep], dealer) if pegging else None
    net = option.hand_ev + crib if dealer else option.hand_ev - crib
    return TableDiscardOption(
        option.discard, option.keep, dealer, option.hand_ev, crib, net, peg, crib_model
    )


def _order(option: TableDiscardOption) -> tuple[float, float, list[int]]:
    """Best first: total, then hand EV, then the discard's card indices."""
    return (-option.total, -option.hand_ev, sorted(c.index for c in option.discard))


def analyze_discards(
    hand: Any, dealer: bool, crib_model: str = "uniform", pegging: bool = False
) -> list[TableDiscardOption]:
    """Every discard of a hand under a crib model, best first.

    Parameters
    ----------
    hand : cards
        Six cards (``"5H 5D JC 4S 6H KD"`` or a list of cards); five with the
        uniform model.
    dealer : bool
        Whether the crib is the holder's.
    crib_model : {"uniform", "fixed_point"}
        ``"uniform"``: the exact crib EV of ``cribbage_fast.analyze_discards``;
        ``"fixed_point"``: the shipped fixed-point table (with crib flushes) for
        the discarded ranks.
    pegging : bool
        Add the kept hand's expected pegging (the shipped pegging table) and
        rank by ``net + pegging_ev``.

    Returns
    -------
    list of TableDiscardOption

    Raises
    ------
    ValueError
        For a bad hand or an unknown model.

    Examples
    --------
    >>> best = analyze_discards("5H 5D JC 4S 6H KD", True, crib_model="fixed_point")[0]
    >>> " ".join(str(c) for c in best.discard), best.crib_model
    ('JC KD', 'fixed_point')
    """
    _table_key(crib_model, True, True)
    options = [_with_model(o, crib_model, pegging) for o in _core.analyze_discards(hand, dealer)]
    return sorted(options, key=_order)


def best_discard(hand: Any, dealer: bool) -> TableDiscardOption:
    """The best discard of a six-card hand under the fixed-point crib table
    with the kept hand's pegging: read from the atlas when one is loaded with
    :func:`atlas`, else computed directly (the same numbers).

    >>> best_discard("5H 5D JC 4S 6H KD", dealer=True).pegging_ev is not None
    True
    """
    if _ATLAS:
        return _ATLAS[0].lookup(hand, dealer)[0]
    return analyze_discards(hand, dealer, crib_model="fixed_point", pegging=True)[0]


_ATLAS: list[Atlas] = []  # the atlas loaded by atlas(), if any


def _card_mask(hand: Any) -> int:
    cards = _core.cards(hand)
    if len(cards) != 6:
        raise ValueError(f"the atlas holds six-card hands, got {len(cards)} cards")
    return sum(1 << c.index for c in cards)


def _deal_card_indices(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """(n, 6) card indices of each deal mask, ascending."""
    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    return np.nonzero(bits)[1].reshape(len(masks), 6)


_KEEP_LUT = np.full(13**4, -1, dtype=np.int64)
for _i, _k in enumerate(KEEPS):
    _KEEP_LUT[((_k[0] - 1) * 13 + _k[1] - 1) * 169 + (_k[2] - 1) * 13 + _k[3] - 1] = _i


class Atlas:
    """Every canonical six-card deal's 15 discards for the dealer and the
    pone, best first by ``hand_ev +/- crib_ev + pegging_ev`` (the fixed-point
    crib table with flushes and the pegging table).

    Arrays (``n`` = 962,988 canonical deals; role 0 pone, 1 dealer):
    ``masks`` (n,) card masks, ``weights`` (n,) real deals each stands for,
    ``hand_total`` (n, 15) exact show totals over 46 starters by split,
    ``order`` (n, 2, 15) splits best first, and the columns ``hand_ev``,
    ``crib_ev``, ``pegging_ev``, ``total`` as (n, 2, 15) in split order
    (:meth:`columns`).
    """

    def __init__(self, arrays: dict[str, Any]) -> None:
        self.masks: npt.NDArray[np.uint64] = arrays["masks"]
        self.weights: npt.NDArray[np.uint32] = arrays["weights"]
        self.hand_total: npt.NDArray[np.uint16] = arrays["hand_total"]
        self.crib_tables: npt.NDArray[np.float64] = arrays["crib_tables"]
        self.pegging: npt.NDArray[np.float64] = arrays["pegging"]
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.cards = _deal_card_indices(self.masks)
        self.order: npt.NDArray[np.uint8] = arrays["order"] if "order" in arrays else self._rank()

    def __len__(self) -> int:
        return len(self.masks)

    def columns(self, rows: Any = slice(None)) -> dict[str, npt.NDArray[np.float64]]:
        """``hand_ev``, ``crib_ev``, ``pegging_ev``, ``total`` of `rows` as
        (rows, 2, 15) arrays in split order (role 0 pone, 1 dealer)."""
        cards = self.cards[rows]
        ranks = cards // 4
        splits = np.array(SPLITS)
        rest = np.array([[p for p in range(6) if p not in s] for s in SPLITS])
        a, b = ranks[:, splits[:, 0]], ranks[:, splits[:, 1]]
        kept = np.sort(ranks[:, rest], axis=-1)
        keep = _KEEP_LUT[
            ((kept[..., 0] * 13 + kept[..., 1]) * 13 + kept[..., 2]) * 13 + kept[..., 3]
        ]
        hand = self.hand_total[rows].astype(np.float64) / 46.0
        crib = np.stack([self.crib_tables[role][a, b] for role in (0, 1)], axis=1)
        peg = np.stack([self.pegging[role][keep] for role in (0, 1)], axis=1)
        hand2 = np.stack([hand, hand], axis=1)
        net = hand2 + np.array([-1.0, 1.0])[None, :, None] * crib
        return {"hand_ev": hand2, "crib_ev": crib, "pegging_ev": peg, "total": net + peg}

    def _rank(self, block: int = 100_000) -> npt.NDArray[np.uint8]:
        order = np.empty((len(self), 2, 15), dtype=np.uint8)
        splits = np.array(SPLITS)
        for start in range(0, len(self), block):
            rows = slice(start, start + block)
            cols = self.columns(rows)
            cards = self.cards[rows]
            tie = (cards[:, splits[:, 0]] * 52 + cards[:, splits[:, 1]])[:, None, :]
            tie = np.broadcast_to(tie, cols["total"].shape)
            order[rows] = np.lexsort((tie, -cols["hand_ev"], -cols["total"]), axis=-1)
        return order

    def lookup(self, hand: Any, dealer: bool) -> list[TableDiscardOption]:
        """Every discard of a six-card hand, best first, from the atlas (the
        hand's suits relabelled to its canonical deal and back).

        Raises
        ------
        ValueError
            For a hand that is not six different cards.
        """
        canon, to_canonical = _core._canonicalize(_card_mask(hand))
        row = int(np.searchsorted(self.masks, np.uint64(canon)))
        if row >= len(self) or int(self.masks[row]) != canon:
            raise ValueError(f"no deal {canon:#x} in this atlas")
        real = [to_canonical.index(s) for s in range(4)]
        cards = [_core.Card.from_index(int(i) // 4 * 4 + real[int(i) % 4]) for i in self.cards[row]]
        cols = self.columns(slice(row, row + 1))
        role = int(dealer)
        out = []
        for k in self.order[row, role]:
            i, j = SPLITS[k]
            discard = tuple(sorted((cards[i], cards[j])))
            keep = tuple(sorted(c for p, c in enumerate(cards) if p not in (i, j)))
            values = {name: float(col[0, role, k]) for name, col in cols.items()}
            net = values["total"] - values["pegging_ev"]
            out.append(
                TableDiscardOption(
                    discard,
                    keep,
                    dealer,
                    values["hand_ev"],
                    values["crib_ev"],
                    net,
                    values["pegging_ev"],
                    "fixed_point",
                )
            )
        return out

    def arrays(self) -> dict[str, Any]:
        """The atlas as NumPy arrays (what :meth:`save` writes)."""
        return {
            "masks": self.masks,
            "weights": self.weights,
            "hand_total": self.hand_total,
            "order": self.order,
            "crib_tables": self.crib_tables,
            "pegging": self.pegging,
            "meta": np.array(json.dumps(self.meta)),
        }

    def save(self, path: str | Path) -> None:
        """Writes the atlas as ``.npz`` (or Parquet for a ``.parquet`` path:
        one row per deal and role, the 15 discards best first as lists)."""
        path = Path(path)
        if path.suffix == ".parquet":
            self._save_parquet(path)
        else:
            np.savez(path, **self.arrays())

    def _save_parquet(self, path: Path, block: int = 100_000) -> None:
        from .._extras import require

        require("pyarrow", "tables")
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

        writer = None
        splits = np.array(SPLITS)
        try:
            for start in range(0, len(self), block):
                rows = slice(start, start + block)
                n = len(self.masks[rows])
                cols = self.columns(rows)
                order = self.order[rows].astype(np.int64)
                cards = self.cards[rows]
                table: dict[str, Any] = {
                    "deal": np.repeat(np.arange(start, start + n, dtype=np.uint32), 2),
                    "mask": np.repeat(self.masks[rows], 2),
                    "weight": np.repeat(self.weights[rows], 2),
                    "dealer": np.tile(np.array([False, True]), n),
                }
                pick = np.arange(n)[:, None, None], np.arange(2)[None, :, None], order
                disc = np.stack([cards[:, splits[:, 0]], cards[:, splits[:, 1]]], axis=-1)
                disc = np.broadcast_to(disc[:, None], (n, 2, 15, 2))[pick[0], pick[1], order]
                table["discard"] = _fixed_lists(pa, disc.reshape(2 * n, 30).astype(np.uint8), 30)
                for name, col in cols.items():
                    table[name] = _fixed_lists(pa, col[pick].reshape(2 * n, 15), 15)
                batch = pa.table(table)
                if writer is None:
                    meta = {b"cribbage_fast": json.dumps(self.meta).encode()}
                    writer = pq.ParquetWriter(
                        path, batch.schema.with_metadata(meta), compression="zstd"
                    )
                writer.write_table(batch.replace_schema_metadata(writer.schema.metadata))
        finally:
            if writer is not None:
                writer.close()


def _fixed_lists(pa: Any, values: npt.NDArray[Any], size: int) -> Any:
    return pa.FixedSizeListArray.from_arrays(pa.array(values.reshape(-1)), size)


def build_atlas(analysis: _core.DealAnalysis) -> Atlas:
    """The atlas from a complete deal analysis and the shipped tables."""
    masks, weights = _core._canonical_deals()
    peg = pegging_table()
    meta = {
        "engine_version": _core.__version__,
        "crib": "fixed_point, flushes",
        "crib_meta": crib_table_info(),
        "pegging_meta": peg.meta,
    }
    return Atlas(
        {
            "masks": masks,
            "weights": weights,
            "hand_total": analysis.hand_totals(),
            "crib_tables": np.stack(
                [crib_table(own=o, model="fixed_point", flushes=True) for o in (False, True)]
            ),
            "pegging": np.stack([peg.pone, peg.dealer]),
            "meta": json.dumps(meta),
        }
    )


def default_atlas_path() -> Path:
    """Where ``cribbage-fast tables atlas`` writes by default and
    :func:`atlas` looks: ``~/.cache/cribbage_fast/atlas.npz``."""
    return Path.home() / ".cache" / "cribbage_fast" / "atlas.npz"


def atlas(path: str | Path | None = None) -> Atlas:
    """Loads an atlas written by ``cribbage-fast tables atlas`` (``.npz``) and
    makes :func:`best_discard` read from it.

    Raises
    ------
    FileNotFoundError
        When there is no atlas file: build one with
        ``cribbage-fast tables atlas --out FILE``.
    """
    path = Path(path) if path is not None else default_atlas_path()
    if not path.exists():
        raise FileNotFoundError(
            f"no atlas at {path}: build one with `cribbage-fast tables atlas --out {path}`"
        )
    with np.load(path) as data:
        loaded = Atlas({k: data[k] for k in data.files})
    _ATLAS[:] = [loaded]
    return loaded
