"""Discard tables: crib tables, pegging table, atlas, Expert discard table."""

from __future__ import annotations

import doctest
import importlib
import itertools
import pkgutil
import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import cribbage_fast as cf
from cribbage_fast import _core, builders, tables
from cribbage_fast.cli import main

# Published Hessel values (crib flushes ignored, optimal discards iterated).
HESSEL_55_OWN = 8.95
HESSEL_55_OPPONENT = 9.39
HESSEL_79_OWN = 4.06
HESSEL_JQ_OWN = 4.90


def random_hands(n: int, seed: int) -> list[list[_core.Card]]:
    rng = random.Random(seed)
    deck = [_core.Card.from_index(i) for i in range(52)]
    return [rng.sample(deck, 6) for _ in range(n)]


@pytest.mark.parametrize(
    ("own", "model", "flushes"),
    list(itertools.product([True, False], tables.MODELS, [True, False])),
)
def test_crib_tables_are_symmetric_13_by_13(own: bool, model: str, flushes: bool) -> None:
    t = tables.crib_table(own=own, model=model, flushes=flushes)
    assert t.shape == (13, 13)
    assert (t == t.T).all()
    assert len({float(t[i, j]) for i in range(13) for j in range(i, 13)}) > 80
    assert t.min() > 2.0 and t.max() < 10.0
    # 5-5 is the richest discard; a pair of fives beats ace-king everywhere.
    assert t[4, 4] == t.max()


def test_fixed_point_agrees_with_hessel() -> None:
    own = tables.crib_table(own=True, model="fixed_point", flushes=False)
    opponent = tables.crib_table(own=False, model="fixed_point", flushes=False)
    # Within 0.2 only with the rebuild conditioned on the thrower's six cards
    # (the independent rebuild gave 8.61 and 8.99 for 5-5).
    assert abs(own[4, 4] - HESSEL_55_OWN) < 0.2
    assert abs(opponent[4, 4] - HESSEL_55_OPPONENT) < 0.2
    assert abs(own[6, 8] - HESSEL_79_OWN) < 0.2
    assert abs(own[10, 11] - HESSEL_JQ_OWN) < 0.2
    # The dealer helps his own crib; the pone throws the dealer's crib less help.
    assert opponent[4, 4] > own[4, 4]
    info = tables.crib_table_info()
    assert info["deals"] == 962_988
    for key in ("flushes", "no_flushes"):
        run = info["fixed_point"][key]
        assert run["iterations"] == len(run["max_change_per_iteration"]) >= 5
        assert run["converged"]
        assert run["max_change_per_iteration"][-1] < run["tolerance"] <= 1e-3


def test_flushes_change_little() -> None:
    for own in (True, False):
        with_flushes = tables.crib_table(own=own, model="fixed_point", flushes=True)
        without = tables.crib_table(own=own, model="fixed_point", flushes=False)
        assert np.abs(with_flushes - without).max() < 0.1


def test_bad_model_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown crib model 'hessel'"):
        tables.crib_table(model="hessel")
    with pytest.raises(ValueError, match="unknown crib model"):
        cf.analyze_discards("5H 5D JC 4S 6H KD", True, crib_model="hessel")


def test_uniform_table_is_the_mean_of_analyze_discards() -> None:
    # Paired over random deals: the table's value of every discard against the
    # exact crib EV analyze_discards gives it (the table averages these).
    uniform = tables.crib_table(model="uniform", flushes=True)
    diffs = []
    for hand in random_hands(600, seed=3):
        for o in cf.analyze_discards(hand, dealer=True):
            a, b = (c.rank - 1 for c in o.discard)
            diffs.append(o.crib_ev - uniform[a, b])
    mean = float(np.mean(diffs))
    se = float(np.std(diffs) / np.sqrt(len(diffs)))
    assert abs(mean) < 4 * se + 0.005, (mean, se)


def test_analyze_discards_with_the_tables() -> None:
    hand = "5H 5D JC 4S 6H KD"
    plain = cf.analyze_discards(hand, True)
    fixed = cf.analyze_discards(hand, True, crib_model="fixed_point")
    assert all(isinstance(o, tables.TableDiscardOption) for o in fixed)
    own = tables.crib_table(own=True, model="fixed_point", flushes=True)
    by_discard = {o.discard: o for o in plain}
    for o in fixed:
        a, b = (c.rank - 1 for c in o.discard)
        assert o.crib_ev == own[a, b]
        assert o.hand_ev == by_discard[o.discard].hand_ev
        assert o.net == o.hand_ev + o.crib_ev and o.pegging_ev is None
        assert o.opponent_pegging_ev is None and o.pegging_net is None and o.total == o.net
    assert [o.total for o in fixed] == sorted((o.total for o in fixed), reverse=True)
    pone = cf.analyze_discards(hand, False, crib_model="uniform", pegging=True)
    for o in pone:
        assert o.pegging_ev == tables.pegging_table().value([c.rank for c in o.keep], dealer=False)
        assert o.pegging_net == tables.pegging_table().net([c.rank for c in o.keep], dealer=False)
        assert o.crib_ev == by_discard[o.discard].crib_ev
        assert o.total == o.net + o.pegging_net
    assert [o.total for o in pone] == sorted((o.total for o in pone), reverse=True)
    assert pone[0].to_dict()["crib_model"] == "uniform"
    with pytest.raises(ValueError, match="six-card"):
        cf.analyze_discards("5H 5D JC 4S 6H", False, crib_model="fixed_point")


def test_pegging_table_reproduces_for_a_seed_whatever_the_chunks() -> None:
    a = builders.build_pegging_table(2, seed=11, chunk=1820)
    b = builders.build_pegging_table(2, seed=11, chunk=1000)
    assert (a.sums == b.sums).all() and a.samples == 2
    # The uniform table is the per-keep machinery with every count 2.
    assert (a.sums.reshape(-1) == builders.pegging_sums(11, 0, 2 * 1820)).all()
    c = builders.build_pegging_table(2, seed=12)
    assert not (a.sums == c.sums).all()
    with pytest.raises(ValueError, match="samples"):
        builders.build_pegging_table(1)


def test_keep_ranges_sum_the_same_however_split() -> None:
    rng = np.random.default_rng(5)
    froms = rng.integers(0, 3, size=1820).tolist()
    tos = [f + int(n) for f, n in zip(froms, rng.integers(0, 3, size=1820), strict=True)]
    total = sum(tos) - sum(froms)
    whole = builders.keep_range_sums(3, froms, tos, 0, total)
    cuts = [0, 1, 777, 778, total - 1, total]
    parts = sum(builders.keep_range_sums(3, froms, tos, a, b) for a, b in itertools.pairwise(cuts))
    assert (whole == parts).all()
    counts = whole.reshape(1820, 2, 5)[:, :, 0]
    assert (counts[:, 0] == np.subtract(tos, froms)).all() and (counts[:, 1] == counts[:, 0]).all()
    # Samples 0..to of each keep = samples 0..from plus from..to.
    head = builders.keep_range_sums(3, [0] * 1820, froms, 0, sum(froms))
    both = builders.keep_range_sums(3, [0] * 1820, tos, 0, sum(tos))
    assert (head + whole == both).all()


@pytest.mark.parametrize(
    ("froms", "tos", "start", "stop", "match"),
    [
        ([0] * 1819, [1] * 1819, 0, 1, "1820 sample ranges"),
        ([0] * 1820, [1] * 1819, 0, 1, "1819 tos"),
        ([2] + [0] * 1819, [1] * 1820, 0, 1, "keep 0's sample range 2..1"),
        ([0] * 1820, [-1] + [1] * 1819, 0, 1, "keep 0's"),
        ([0] * 1820, [1 << 41] + [1] * 1819, 0, 1, "keep 0's"),
        ([0] * 1820, [1] * 1820, 0, 1821, "not within the 1820 items"),
        ([0] * 1820, [1] * 1820, 5, 4, "5..4"),
        ([0] * 1820, [1] * 1820, -1, 4, "-1..4"),
    ],
)
def test_keep_ranges_are_validated(
    froms: list[int], tos: list[int], start: int, stop: int, match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        builders.keep_range_sums(1, froms, tos, start, stop)


def test_target_se_build_allocates_where_the_variance_is() -> None:
    t = builders.build_pegging_table(seed=4, target_se=0.6, pilot=6)
    counts = t.sums[:, 0, 0].astype(np.int64)
    assert t.meta["max_se"] <= 0.6 and t.meta["allocation"].startswith("target_se")
    assert t.meta["total_samples"] == counts.sum() and t.samples == counts.min() >= 6
    assert max(t.dealer_se.max(), t.pone_se.max()) <= 0.6
    # The same seed gives the same table; its sums are the direct sums of
    # samples 0..n of each keep.
    again = builders.build_pegging_table(seed=4, target_se=0.6, pilot=6, chunk=999)
    assert (again.sums == t.sums).all()
    direct = builders.keep_range_sums(4, [0] * 1820, counts.tolist(), 0, int(counts.sum()))
    assert (direct == t.sums.reshape(-1)).all()
    # More samples where the variance is.
    var = np.maximum(t.dealer_se, t.pone_se) ** 2 * counts
    high, low = var > np.quantile(var, 0.9), var < np.quantile(var, 0.1)
    assert counts[high].mean() > 1.5 * counts[low].mean()
    for kwargs, match in (
        ({}, "exactly one"),
        ({"samples": 5, "target_se": 0.1}, "exactly one"),
        ({"target_se": 0.0}, "positive"),
        ({"target_se": float("nan")}, "positive"),
        ({"target_se": 0.1, "pilot": 1}, "pilot"),
        ({"samples": 2, "seed": -1}, "seed"),
    ):
        with pytest.raises(ValueError, match=match):
            builders.build_pegging_table(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        builders.build_pegging_table(2.5)  # type: ignore[arg-type]


def test_shipped_pegging_table_equals_direct_computation_at_sample_keeps() -> None:
    t = tables.pegging_table()
    meta = t.meta
    assert meta["seed"] == 2026 and meta["engine_version"] and "Expert" in meta["method"]
    counts = t.sums[:, 0, 0].astype(np.int64)
    assert meta["total_samples"] == counts.sum()
    assert (t.sums[:, 1, 0] == t.sums[:, 0, 0]).all()
    se = np.concatenate([t.dealer_se, t.pone_se])
    assert meta["max_se"] == round(float(se.max()), 5)
    if "target_se" in meta:
        assert se.max() <= meta["target_se"]
    # Recompute the two keeps with the fewest samples (the rest would take
    # the whole build) and compare exactly.
    for keep in np.argsort(counts, kind="stable")[:2]:
        tos = [0] * 1820
        tos[keep] = int(counts[keep])
        direct = builders.keep_range_sums(meta["seed"], [0] * 1820, tos, 0, tos[keep])
        assert (direct.reshape(1820, 2, 5)[keep] == t.sums[keep]).all()


def test_pegging_table_loads_a_saved_table(tmp_path: Path) -> None:
    built = builders.build_pegging_table(2, seed=8)
    builders.save_pegging_table(built, tmp_path / "p.npz")
    loaded = tables.pegging_table(tmp_path / "p.npz")
    assert (loaded.sums == built.sums).all() and loaded.meta == built.meta
    builders.ship_pegging_table(built, tmp_path)
    raw = np.fromfile(tmp_path / "pegging_sums.bin", dtype="<u8")
    assert (raw == built.sums.reshape(-1)).all()
    with pytest.raises(FileNotFoundError, match="repository root"):
        builders.ship_pegging_table(built, tmp_path / "missing")


def test_shipped_pegging_table_is_sane_and_matches_real_games() -> None:
    t = tables.pegging_table()
    assert t.keeps.shape == (1820, 4) and t.samples >= 100
    # The shipped build's target: every value within a standard error of 0.01.
    assert max(t.dealer_se.max(), t.pone_se.max()) <= 0.01
    # Weighted by the hands the Expert keeps, the table's pegging is the
    # simulator's per-deal pegging (dealer about 3.4, pone about 2.4).
    dealer, pone = [], []
    for hand in random_hands(1500, seed=9):
        for is_dealer, out in ((True, dealer), (False, pone)):
            keep = _core.best_discard(hand, is_dealer).keep
            out.append(t.value([c.rank for c in keep], is_dealer))
    stats = _core.simulate("expert", "expert", games=300, seed=4).to_dict()["per_deal"]
    assert abs(np.mean(dealer) - stats["dealer"]["pegging"]) < 0.3
    assert abs(np.mean(pone) - stats["pone"]["pegging"]) < 0.3
    assert np.mean(dealer) > np.mean(pone)


def test_partial_atlas_lookups_equal_direct_analysis() -> None:
    analysis = _core.DealAnalysis()
    analysis.extend(400)
    with pytest.raises(ValueError, match="only 400"):
        analysis.uniform_table(True)
    masks, weights = _core._canonical_deals()
    atlas = tables.Atlas.from_tables(masks[:400], weights[:400], analysis.hand_totals())
    rng = random.Random(1)
    perms = list(itertools.permutations(range(4)))
    for row in rng.sample(range(400), 40):
        # A real deal of this canonical one, with its suits relabelled.
        perm = rng.choice(perms)
        idx = [i for i in range(52) if int(masks[row]) >> i & 1]
        hand = [_core.Card.from_index(i // 4 * 4 + perm[i % 4]) for i in idx]
        for dealer in (False, True):
            got = atlas.lookup(hand, dealer)
            want = tables.table_discards(hand, dealer, crib_model="fixed_point", pegging=True)
            # Atlas discards are in card order, analyze_discards' in hand order.
            assert {(frozenset(o.discard), o.hand_ev, o.crib_ev, o.pegging_net) for o in got} == {
                (frozenset(o.discard), o.hand_ev, o.crib_ev, o.pegging_net) for o in want
            }
            assert [o.total for o in got] == [o.total for o in want]
            assert [frozenset(o.discard) for o in got] == [frozenset(o.discard) for o in want]
    with pytest.raises(ValueError, match="six-card"):
        atlas.lookup("5H 5D", True)


def test_best_discard_without_an_atlas() -> None:
    best = tables.best_table_discard("5H 5D JC 4S 6H KD", dealer=False)
    assert best == tables.table_discards("5H 5D JC 4S 6H KD", False, "fixed_point", True)[0]
    with pytest.raises(FileNotFoundError, match="cribbage-fast tables atlas"):
        tables.atlas(Path("/nonexistent/atlas.npz"))


def test_expert_table_is_shipped_and_gives_the_same_games() -> None:
    assert _core._expert_table_present()
    # Recorded before the Expert read its discards from the table.
    stats = _core.simulate("expert", "expert", games=3000, seed=2026, threads=1).to_dict()
    assert stats["wins"] == (1499, 1501)
    assert stats["deals"] == 26835 and stats["completed_deals"] == 23835
    assert stats["game_points"] == (1701, 1694)


def test_cli_tables_group(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["tables", "--help"])
    assert result.exit_code == 0
    for name in ("crib", "pegging", "atlas", "expert"):
        assert name in result.output
    out = tmp_path / "peg.npz"
    result = runner.invoke(
        main, ["tables", "pegging", "--out", str(out), "--samples", "2", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "3640 samples (2 to 2 per keep)" in result.output and out.exists()
    assert tables.pegging_table(out).meta["allocation"] == "uniform"
    result = runner.invoke(main, ["tables", "pegging", "--samples", "2"])
    assert result.exit_code == 2 and "Missing option '--out'" in result.output
    # The installed command never writes into a source tree.
    result = runner.invoke(main, ["tables", "pegging", "--ship", "--samples", "2"])
    assert result.exit_code == 2 and "No such option" in result.output and "--ship" in result.output


def test_module_examples() -> None:
    names = [
        f"{p.__name__}.{m.name}"
        for p in (tables, builders)
        for m in pkgutil.iter_modules(p.__path__)
    ]
    results = [
        doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        for name in [tables.__name__, *names]
    ]
    assert sum(r.failed for r in results) == 0 and sum(r.attempted for r in results) > 5


def test_pegging_table_on_ray_equals_the_local_build() -> None:
    ray = pytest.importorskip("ray")
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = builders.build_pegging_table(2, seed=21, chunk=700, use_ray=True)
    finally:
        if started:
            ray.shutdown()
    local = builders.build_pegging_table(2, seed=21)
    assert (on_ray.sums == local.sums).all()
