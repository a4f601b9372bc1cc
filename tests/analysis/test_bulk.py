"""Bulk scoring: score_hands, score_plays, hand_score_distribution.

docs/rules.md, "The show" and "The play": totals held to the one-show scorer.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cribbage_fast as cf
from cribbage_fast import reference

# The public table: hand scores over all 12,994,800 (hand, starter) deals.
PUBLIC_HAND_TABLE = [
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236,
    361224, 388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
]  # fmt: skip

DECK = [cf.Card.from_index(i) for i in range(52)]


def idx(text: str) -> list[int]:
    return [c.index for c in cf.cards(text)]


def all_deals() -> np.ndarray:
    """Every (4-card hand, starter) deal as an (N, 5) uint8 array."""
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    starters = np.arange(52, dtype=np.uint8)
    rows = np.empty((len(hands), 52, 5), dtype=np.uint8)
    rows[:, :, :4] = hands[:, None, :]
    rows[:, :, 4] = starters[None, :]
    keep = (rows[:, :, :4] != rows[:, :, 4:5]).all(axis=2)
    return np.ascontiguousarray(rows[keep])


@pytest.fixture(scope="module")
def deals() -> np.ndarray:
    return all_deals()


rows_strategy = st.lists(st.permutations(range(52)).map(lambda p: p[:5]), min_size=1, max_size=60)


def single(row: list[int] | np.ndarray, crib: bool) -> int:
    cards = [DECK[int(i)] for i in row]
    return cf.score_hand(cards[:4], cards[4], crib)


@settings(max_examples=200, deadline=None)
@given(rows=rows_strategy, crib=st.booleans())
def test_score_hands_matches_score_hand(rows: list[list[int]], crib: bool) -> None:
    arr = np.array(rows, dtype=np.uint8)
    got = cf.score_hands(arr, crib)
    assert got.dtype == np.uint8
    assert got.shape == (len(rows),)
    assert got.tolist() == [single(r, crib) for r in rows]


@settings(max_examples=100, deadline=None)
@given(rows=rows_strategy, crib=st.booleans())
def test_breakdown_matches_explain_hand(rows: list[list[int]], crib: bool) -> None:
    parts = cf.score_hands(np.array(rows, dtype=np.int64), crib, breakdown=True)
    assert parts.dtype == np.uint8
    assert parts.shape == (len(rows), 5)
    for row, got in zip(rows, parts, strict=True):
        cards = [DECK[i] for i in row]
        b = cf.explain_hand(cards[:4], cards[4], crib)
        expected = [getattr(b, name) for name in cf.BREAKDOWN_COLUMNS]
        assert got.tolist() == expected
        assert int(got.sum()) == b.total


def test_score_hands_matches_the_reference() -> None:
    rng = np.random.default_rng(2026)
    rows = np.array([rng.permutation(52)[:5] for _ in range(1500)], dtype=np.uint8)
    for crib in (False, True):
        got = cf.score_hands(rows, crib).tolist()
        cards = [[DECK[i] for i in row] for row in rows.tolist()]
        assert got == [reference.score_hand(c[:4], c[4], crib) for c in cards]


def test_known_shows() -> None:
    rows = np.array(
        [idx("5H 5D 5C JS 5S"), idx("4S 5H 5D 6C KS"), idx("2H 4H 6H 8H KS")], dtype=np.uint8
    )
    assert cf.score_hands(rows).tolist() == [29, 16, 4]
    assert cf.score_hands(rows, crib=True).tolist() == [29, 16, 0]
    assert cf.BREAKDOWN_COLUMNS == ("fifteens", "pairs", "runs", "flush", "nobs")
    assert cf.score_hands(rows, breakdown=True).tolist() == [
        [16, 12, 0, 0, 1],
        [8, 2, 6, 0, 0],
        [0, 0, 0, 4, 0],
    ]


def test_exhaustive_scores_match_the_public_table(deals: np.ndarray) -> None:
    assert deals.shape == (12_994_800, 5)
    scores = cf.score_hands(deals)
    counts = np.bincount(scores, minlength=30)
    assert counts.tolist() == PUBLIC_HAND_TABLE
    assert int(scores.sum(dtype=np.int64)) == 61_974_180
    # A sample of the exhaustive rows against the one-show scorer.
    rng = np.random.default_rng(4)
    for i in rng.choice(len(deals), 2000, replace=False):
        assert scores[i] == single(deals[i], False)


def test_distribution_is_the_public_table(deals: np.ndarray) -> None:
    d = cf.hand_score_distribution()
    assert d.dtype == np.int64
    assert d.shape == (30,)
    assert d.tolist() == PUBLIC_HAND_TABLE
    assert int(d.sum()) == 12_994_800
    assert int((d * np.arange(30)).sum()) == 61_974_180
    assert d[0] == 1_009_008 and d[28] == 76 and d[29] == 4
    assert all(d[s] == 0 for s in (19, 25, 26, 27))
    crib = cf.hand_score_distribution(crib=True)
    assert crib.tolist() == np.bincount(cf.score_hands(deals, crib=True), minlength=30).tolist()


@pytest.mark.parametrize("threads", [1, 2, 3, 8, None])
def test_results_do_not_depend_on_threads(deals: np.ndarray, threads: int | None) -> None:
    part = deals[: 3_000_000 + 17]
    expected = cf.score_hands(part, threads=1)
    assert np.array_equal(cf.score_hands(part, threads=threads), expected)
    parts = cf.score_hands(part[:500_000], crib=True, threads=threads, breakdown=True)
    assert np.array_equal(
        parts, cf.score_hands(part[:500_000], crib=True, threads=1, breakdown=True)
    )


@pytest.mark.parametrize("threads", [0, -1])
def test_bad_thread_counts(threads: int) -> None:
    with pytest.raises(ValueError, match="threads must be at least 1"):
        cf.score_hands(np.array([idx("5H 5D 5C JS 5S")], dtype=np.uint8), threads=threads)


@pytest.mark.parametrize(
    "dtype",
    [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.intp],
)
def test_every_integer_dtype(dtype: type) -> None:
    rows = [idx("5H 5D 5C JS 5S"), idx("4S 5H 5D 6C KS")]
    assert cf.score_hands(np.array(rows, dtype=dtype)).tolist() == [29, 16]
    assert cf.score_hands(np.array(rows, dtype=np.dtype(dtype).newbyteorder(">"))).tolist() == [
        29,
        16,
    ]


def test_lists_and_views() -> None:
    rows = [idx("5H 5D 5C JS 5S"), idx("4S 5H 5D 6C KS")]
    assert cf.score_hands(rows).tolist() == [29, 16]
    big = np.array(rows * 3, dtype=np.uint8)
    assert cf.score_hands(big[::2]).tolist() == [29, 29, 29]  # strided rows
    fortran = np.asfortranarray(np.array(rows, dtype=np.uint8))
    assert cf.score_hands(fortran).tolist() == [29, 16]
    wide = np.zeros((2, 10), dtype=np.int32)
    wide[:, ::2] = rows
    assert cf.score_hands(wide[:, ::2]).tolist() == [29, 16]  # strided columns
    readonly = np.array(rows, dtype=np.uint8)
    readonly.flags.writeable = False
    assert cf.score_hands(readonly).tolist() == [29, 16]
    assert cf.score_hands(np.empty((0, 5), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "shape", [(5,), (3, 4), (3, 6), (2, 5, 1), (0,), (1, 1, 5)]
)  # fmt: skip
def test_wrong_shape(shape: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match=r"shape \(N, 5\)"):
        cf.score_hands(np.zeros(shape, dtype=np.uint8))


# Strings are card text (tests/test_card_text.py).
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, object, np.complex64])
def test_non_integer_arrays_are_type_errors(dtype: object) -> None:
    arr = np.array([idx("5H 5D 5C JS 5S")]).astype(dtype)
    with pytest.raises(TypeError, match="integer array"):
        cf.score_hands(arr)


GOOD = idx("5H 5D 5C JS 5S")


@pytest.mark.parametrize(
    ("value", "dtype", "message"),
    [
        (256, np.int64, "card index 256 in column 2 (hand card) is outside 0..51"),
        (256, np.uint16, "card index 256 in column 2 (hand card) is outside 0..51"),
        (-1, np.int64, "card index -1 in column 2 (hand card) is outside 0..51"),
        (-1, np.int8, "card index -1 in column 2 (hand card) is outside 0..51"),
        (52, np.uint8, "card index 52 in column 2 (hand card) is outside 0..51"),
        (255, np.uint8, "card index 255 in column 2 (hand card) is outside 0..51"),
        (52, np.int32, "card index 52 in column 2 (hand card) is outside 0..51"),
        (2**40, np.int64, f"card index {2**40} in column 2 (hand card) is outside 0..51"),
        (2**64 - 1, np.uint64, f"card index {2**64 - 1} in column 2"),
        (GOOD[0], np.uint8, "card 5H (index 18) in column 2 appears more than once"),
        (GOOD[0], np.int64, "card 5H (index 18) in column 2 appears more than once"),
    ],
)
def test_bad_values_name_the_first_bad_row(value: int, dtype: type, message: str) -> None:
    rows = np.array([GOOD] * 6, dtype=np.int64).astype(dtype)
    rows[3, 2] = value
    pattern = "^" + re.escape(f"row 3: {message}")
    with pytest.raises(ValueError, match=pattern):
        cf.score_hands(rows)
    # Also through a non-contiguous view of the same data.
    with pytest.raises(ValueError, match=pattern):
        cf.score_hands(np.asfortranarray(rows))


@pytest.mark.parametrize("threads", [1, 2, None])
def test_first_bad_row_wins_across_chunks_and_threads(
    deals: np.ndarray, threads: int | None
) -> None:
    rows = deals[:2_500_000].copy()
    rows[2_400_000, 1] = 200  # a bad row in a later chunk
    rows[1_100_001, 4] = rows[1_100_001, 0]  # the first bad row
    rows[1_100_002, 4] = 60
    with pytest.raises(ValueError, match=r"^row 1100001: card .* in column 4 appears more than"):
        cf.score_hands(rows, threads=threads)
    wide = rows.astype(np.int32)
    wide[300, 0] = 1000  # now the first, found during conversion
    with pytest.raises(ValueError, match=r"^row 300: card index 1000 in column 0"):
        cf.score_hands(wide, threads=threads, breakdown=True)
    wide[300, 0] = rows[300, 0]
    wide[1_500_000, 3] = -7  # conversion stops here, after the duplicate row
    with pytest.raises(ValueError, match=r"^row 1100001: "):
        cf.score_hands(wide, threads=threads)


ZERO_COPY_PROBE = textwrap.dedent(
    """
    import sys
    import numpy as np
    import cribbage_fast as cf

    def status(key):
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])  # kB

    n = 10_000_000
    rows = np.empty((n, 5), dtype=np.uint8, order=sys.argv[1])
    rows[:] = [16, 17, 18, 40, 19]
    cf.score_hands(rows[:10])  # build the lookup table first
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # reset the peak (VmHWM) to the current RSS
    before = status("VmRSS")
    scores = cf.score_hands(rows, threads=1)
    peak = status("VmHWM")
    assert scores[0] == 28
    print((peak - before) // 1024)  # peak growth in MiB
    """
)


def peak_growth_mib(layout: str) -> int:
    out = subprocess.run(
        [sys.executable, "-c", ZERO_COPY_PROBE, layout],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip())


@pytest.mark.skipif(sys.platform != "linux", reason="reads the peak RSS from Linux /proc")
def test_c_contiguous_uint8_is_not_copied() -> None:
    # 10M rows: 50 MB of input, 10 MB of scores. Reading the input in place
    # grows the peak by about the output alone; a converted copy would add
    # the 50 MB input again, as the Fortran-ordered array shows.
    in_place = peak_growth_mib("C")
    copied = peak_growth_mib("F")
    assert in_place < 30, in_place
    assert copied >= 45, copied


def pile(text: str, width: int = 8, pad: int = -1) -> list[int]:
    cards = idx(text)
    return cards + [pad] * (width - len(cards))


PLAYS = ["4S 6H 5D", "7S 9H 8D 6C", "3S 4H 4D 5C", "5S 5H 5D", "2S 2H 2D 2C", "KS QH 6D 5D", "5H"]
PLAY_POINTS = [5, 4, 0, 8, 12, 2, 0]


@pytest.mark.parametrize("threads", [1, 2, None])
def test_score_plays(threads: int | None) -> None:
    piles = np.array([pile(t) for t in PLAYS])
    assert cf.score_plays(piles, threads=threads).tolist() == PLAY_POINTS
    as_u8 = np.array([pile(t, pad=255) for t in PLAYS], dtype=np.uint8)
    assert cf.score_plays(as_u8, threads=threads).tolist() == PLAY_POINTS
    lengths = [len(t.split()) for t in PLAYS]
    junk = piles.copy()
    for row, n in zip(junk, lengths, strict=True):
        row[n:] = 999  # ignored past the length
    got = cf.score_plays(junk, np.array(lengths, dtype=np.uint8), threads=threads)
    assert got.tolist() == PLAY_POINTS
    assert cf.score_plays(as_u8, lengths).tolist() == PLAY_POINTS


@settings(max_examples=100, deadline=None)
@given(st.lists(st.permutations(range(52)).map(lambda p: p[:6]), min_size=1, max_size=30))
def test_score_plays_matches_the_rules_on_prefixes(perms: list[list[int]]) -> None:
    # Longest prefix of each permutation whose count stays within 31.
    piles, lengths = [], []
    for p in perms:
        n, count = 0, 0
        while n < len(p) and count + DECK[p[n]].value <= 31:
            count += DECK[p[n]].value
            n += 1
        piles.append(p)
        lengths.append(n)
    keep = [i for i, n in enumerate(lengths) if n > 0]
    piles = [piles[i] for i in keep]
    lengths = [lengths[i] for i in keep]
    got = cf.score_plays(np.array(piles, dtype=np.int16), lengths)
    for row, n, points in zip(piles, lengths, got, strict=True):
        pile = [DECK[i] for i in row[:n]]
        assert points == cf.score_play(pile) == reference.score_play(pile)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (pile("KS QH JD 5C"), "the pile counts 35, past 31"),
        (pile("5C 5C"), "card 5C appears more than once"),
        ([-1] * 8, "the pile is empty"),
        (pile("5C") [:1] + [60] + [-1] * 6, "card index 60 in column 1 is outside 0..51"),
        (pile("5C") [:1] + [-1, 7] + [-1] * 5, "column 2 holds 7 after the padding in column 1"),
        (pile("5C") [:1] + [-2] + [-1] * 6, "card index -2 in column 1 is outside 0..51"),
    ],
)  # fmt: skip
def test_bad_piles(row: list[int], message: str) -> None:
    piles = np.array([pile("5H 5D"), pile("AH"), row, pile("KS QH JD 5C")])
    with pytest.raises(ValueError, match=f"^row 2: {message}"):
        cf.score_plays(piles)


def test_bad_pile_arguments() -> None:
    piles = np.array([pile("5H 5D"), pile("AH")])
    with pytest.raises(ValueError, match=r"length 9 is outside 0\.\.8"):
        cf.score_plays(piles, [2, 9])
    with pytest.raises(ValueError, match="lengths must have shape"):
        cf.score_plays(piles, [2])
    with pytest.raises(TypeError, match="lengths must be an integer array"):
        cf.score_plays(piles, [2.0, 1.0])
    with pytest.raises(ValueError, match="padding"):
        cf.score_plays(piles, [3, 1])
    with pytest.raises(ValueError, match="shape"):
        cf.score_plays(np.zeros((2, 0), dtype=np.int64))
    with pytest.raises(TypeError, match="integer array"):
        cf.score_plays(piles.astype(float))


COMPILED_DOCS = [
    "score_hands",
    "score_plays",
    "hand_score_distribution",
    "score_hand",
    "explain_hand",
    "his_heels",
    "cards",
    "score_play",
    "explain_play",
    "analyze_discards",
    "best_discard",
]


@pytest.mark.parametrize("name", COMPILED_DOCS)
def test_compiled_docstrings_are_numpy_style_and_run(name: str) -> None:
    import doctest

    import cribbage_fast

    doc = getattr(cribbage_fast, name).__doc__ or ""
    for section in ("Parameters\n", "Returns\n", "Raises\n", "Examples\n"):
        assert section in doc, f"{name}: no {section.strip()} section"
    test = doctest.DocTestParser().get_doctest(doc, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples and runner.failures == 0
