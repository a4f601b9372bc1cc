//! Bulk scoring against the one-show scorers and the public distribution
//! table (docs/rules.md, "The show": 12,994,800 deals summing to 61,974,180).

use cribbage_fast::bulk::{self, DEALS, ROW, SCORES};
use cribbage_fast::Error;
use cribbage_fast::{parse_cards, Card};
use cribbage_fast::{Show, ShowKind};
use rayon::prelude::*;

/// Hand (not crib) scores over every deal: the public table.
const PUBLIC_HAND_TABLE: [u64; SCORES] = [
    1_009_008, 99_792, 2_813_796, 505_008, 2_855_676, 697_508, 1_800_268, 751_324, 1_137_236,
    361_224, 388_740, 51_680, 317_340, 19_656, 90_100, 9_168, 58_248, 11_196, 2_708, 0, 8_068,
    2_496, 444, 356, 3_680, 0, 0, 0, 76, 4,
];

fn cards(text: &str) -> Vec<u8> {
    parse_cards(text)
        .unwrap()
        .iter()
        .map(|c| c.index())
        .collect()
}

fn card(i: u8) -> Card {
    Card::from_index(i64::from(i)).unwrap()
}

#[test]
fn every_deal_is_listed_once() {
    let rows = bulk::all_deals();
    assert_eq!(rows.len() as u64, DEALS * ROW as u64);
    assert_eq!(DEALS, 12_994_800);
}

#[test]
fn exhaustive_hand_distribution_is_the_public_table() {
    let dist = bulk::hand_score_distribution_brute(false, None).unwrap();
    assert_eq!(dist, PUBLIC_HAND_TABLE);
    assert_eq!(dist.iter().sum::<u64>(), DEALS);
    assert_eq!(dist[0], 1_009_008);
    assert_eq!(dist[28], 76);
    assert_eq!(dist[29], 4);
    for never in [19, 25, 26, 27] {
        assert_eq!(dist[never], 0);
    }
    let points: u64 = dist.iter().enumerate().map(|(s, &n)| s as u64 * n).sum();
    assert_eq!(points, 61_974_180);
}

#[test]
fn combinatorial_distribution_equals_brute_force() {
    for crib in [false, true] {
        assert_eq!(
            bulk::hand_score_distribution(crib),
            bulk::hand_score_distribution_brute(crib, None).unwrap(),
            "crib={crib}"
        );
    }
    assert_eq!(bulk::hand_score_distribution(false), PUBLIC_HAND_TABLE);
}

#[test]
fn crib_distribution_differs_only_by_four_card_flushes() {
    let hand = bulk::hand_score_distribution(false);
    let crib = bulk::hand_score_distribution(true);
    assert_eq!(crib.iter().sum::<u64>(), DEALS);
    // A 4-card flush: 4 distinct-suit... 4 cards of one suit, starter of another:
    // C(13,4) * 4 suits * 39 starters deals lose exactly 4 points in a crib.
    let lost = 715 * 4 * 39 * 4;
    let hand_points: u64 = hand.iter().enumerate().map(|(s, &n)| s as u64 * n).sum();
    let crib_points: u64 = crib.iter().enumerate().map(|(s, &n)| s as u64 * n).sum();
    assert_eq!(hand_points - crib_points, lost);
}

/// bulk == cribbage_fast::score_hand on every deal, hand and crib, and the breakdown
/// columns sum to the total.
#[test]
fn bulk_equals_score_hand_on_every_deal() {
    let rows = bulk::all_deals();
    for crib in [false, true] {
        let totals = bulk::score_hands(&rows, crib, None).unwrap();
        let parts = bulk::score_hands_breakdown(&rows, crib, None).unwrap();
        let mismatch = rows
            .par_chunks_exact(ROW)
            .zip(totals.par_iter())
            .zip(parts.par_chunks_exact(5))
            .find_any(|((row, &total), parts)| {
                let hand_cards = [card(row[0]), card(row[1]), card(row[2]), card(row[3])];
                total != cribbage_fast::score_hand(hand_cards, card(row[4]), crib)
                    || parts.iter().sum::<u8>() != total
            });
        assert_eq!(
            mismatch.map(|((row, _), _)| row.to_vec()),
            None,
            "crib={crib}"
        );
    }
}

/// bulk total == explain_hand(..).total() and the breakdown columns ==
/// explain_hand's points per kind. The itemising explainer is slow (it
/// allocates every subset), so this runs on the deals whose lowest card is a
/// club: every deal is one of those with its suits relabelled, and the
/// test above holds bulk to `score_hand` on all deals. A crib differs from a
/// hand only by the 4-card flush, so cribs are explained where the four hand
/// cards share a suit.
#[test]
fn bulk_equals_explain_hand_up_to_suit_relabelling() {
    let rows: Vec<u8> = bulk::all_deals()
        .chunks_exact(ROW)
        .filter(|row| row.iter().min().is_some_and(|&low| low % 4 == 0))
        .flatten()
        .copied()
        .collect();
    assert!((rows.len() / ROW) as u64 * 4 >= DEALS);
    let suited: Vec<u8> = rows
        .chunks_exact(ROW)
        .filter(|row| row[..4].iter().all(|&c| c % 4 == row[0] % 4))
        .flatten()
        .copied()
        .collect();
    for (rows, crib) in [(&rows, false), (&suited, true)] {
        let totals = bulk::score_hands(rows, crib, None).unwrap();
        let parts = bulk::score_hands_breakdown(rows, crib, None).unwrap();
        let mismatch = rows
            .par_chunks_exact(ROW)
            .zip(totals.par_iter())
            .zip(parts.par_chunks_exact(5))
            .find_any(|((row, &total), parts)| {
                let explained = cribbage_fast::explain_hand(Show {
                    hand: [card(row[0]), card(row[1]), card(row[2]), card(row[3])],
                    starter: card(row[4]),
                    crib,
                });
                let kinds = ShowKind::ALL.map(|k| explained.points_of(k));
                total != explained.total() || **parts != kinds
            });
        assert_eq!(
            mismatch.map(|((row, _), _)| row.to_vec()),
            None,
            "crib={crib}"
        );
    }
}

#[test]
fn known_shows() {
    let rows = [
        cards("5H 5D 5C JS 5S"),
        cards("4S 5H 5D 6C KS"),
        cards("6H 7D 7C 8S KS"),
        cards("7H 8D 8C 8S 9S"),
        cards("3H 3D 3C 4S 5S"),
        cards("2H 4H 6H 8H KS"),
        cards("2H 4H 6H 8H KH"),
        cards("2H 4H 6H JH KH"),
    ]
    .concat();
    assert_eq!(
        bulk::score_hands(&rows, false, Some(1)).unwrap(),
        [29, 16, 12, 21, 21, 4, 5, 6]
    );
    assert_eq!(
        bulk::score_hands(&rows, true, Some(2)).unwrap(),
        [29, 16, 12, 21, 21, 0, 5, 6]
    );
    let parts = bulk::score_hands_breakdown(&rows[..10], false, None).unwrap();
    assert_eq!(parts, [16, 12, 0, 0, 1, 8, 2, 6, 0, 0]);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let rows = bulk::all_deals();
    let rows = &rows[..ROW * 3_000_000];
    let one = bulk::score_hands(rows, false, Some(1)).unwrap();
    for threads in [Some(2), Some(3), Some(7), None] {
        assert_eq!(bulk::score_hands(rows, false, threads).unwrap(), one);
    }
}

#[test]
fn the_first_bad_row_is_reported_whatever_the_threads() {
    let mut rows = bulk::all_deals()[..ROW * 200_000].to_vec();
    rows[ROW * 150_000 + 4] = 52; // a later bad row in another block
    let kept = rows[ROW * 90_001 + 2];
    rows[ROW * 90_001 + 2] = rows[ROW * 90_001]; // the first: a duplicate
    rows[ROW * 190_000] = 255;
    for threads in [Some(1), Some(2), Some(5), None] {
        let err = bulk::score_hands(&rows, false, threads).unwrap_err();
        match &err {
            Error::BadRow { row, reason } => {
                assert_eq!(*row, 90_001);
                assert!(reason.contains("appears more than once"), "{reason}");
            }
            other => panic!("unexpected {other:?}"),
        }
        let err = bulk::score_hands_breakdown(&rows, true, threads).unwrap_err();
        assert!(matches!(err, Error::BadRow { row: 90_001, .. }));
    }
    rows[ROW * 90_001 + 2] = kept;
    let err = bulk::score_hands(&rows, false, Some(2)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 150000: card index 52 in column 4 (the starter) is outside 0..51"
    );
}

#[test]
fn bad_shapes_and_threads_are_errors() {
    assert!(bulk::score_hands(&[1, 2, 3], false, None).is_err());
    assert!(bulk::score_hands(&cards("5H 5D 5C JS 5S"), false, Some(0)).is_err());
    assert_eq!(
        bulk::score_hands(&[], false, None).unwrap(),
        Vec::<u8>::new()
    );
}

#[test]
fn plays_match_score_play() {
    let pad = bulk::PAD;
    let mut piles = Vec::new();
    let texts = [
        "4S 6H 5D",
        "7S 9H 8D 6C",
        "3S 4H 4D 5C",
        "5S 5H 5D",
        "2S 2H 2D 2C",
        "KS QH 6D 5D",
        "KS QH AD 2C 3S",
        "5H",
    ];
    for text in texts {
        let mut row = cards(text);
        row.resize(8, pad);
        piles.extend(row);
    }
    let expected: Vec<u8> = texts
        .iter()
        .map(|t| cribbage_fast::score_play(&parse_cards(t).unwrap()))
        .collect();
    assert_eq!(expected, [5, 4, 0, 8, 12, 2, 3, 0]);
    for threads in [Some(1), Some(2), None] {
        assert_eq!(
            bulk::score_plays(&piles, 8, None, threads).unwrap(),
            expected
        );
    }
    // Explicit lengths ignore whatever follows each pile.
    let lengths: Vec<i64> = texts
        .iter()
        .map(|t| parse_cards(t).unwrap().len() as i64)
        .collect();
    let mut junk = piles.clone();
    for (row, &len) in junk.chunks_exact_mut(8).zip(&lengths) {
        row[len as usize..].fill(200);
    }
    assert_eq!(
        bulk::score_plays(&junk, 8, Some(&lengths), Some(2)).unwrap(),
        expected
    );
    // Shorter lengths score a prefix.
    let short = vec![2i64; texts.len()];
    let prefix: Vec<u8> = piles[..7 * 8]
        .chunks_exact(8)
        .map(|r| {
            let pile: Vec<Card> = r[..2].iter().map(|&c| card(c)).collect();
            cribbage_fast::score_play(&pile)
        })
        .collect();
    assert_eq!(
        bulk::score_plays(&piles, 8, Some(&short), None)
            .unwrap_err()
            .to_string(),
        "row 7: column 1 is padding (-1), inside the pile's length 2"
    );
    let mut no_single = piles.clone();
    no_single.truncate(7 * 8);
    assert_eq!(
        bulk::score_plays(&no_single, 8, Some(&short[..7]), None).unwrap(),
        prefix
    );
}

#[test]
fn bad_piles_name_the_first_bad_row() {
    let pad = bulk::PAD;
    let mut piles = vec![pad; 6 * 4];
    let rows = [
        cards("5H 5D"),
        cards("KS QH JD 5C"),
        cards("5C 5C"),
        vec![],
        vec![60],
        vec![3, pad, 4],
    ];
    for (i, row) in rows.iter().enumerate() {
        piles[i * 4..i * 4 + row.len()].copy_from_slice(row);
    }
    let expect = [
        "row 1: the pile counts 35, past 31: a count resets at 31",
        "row 2: card 5C appears more than once",
        "row 3: the pile is empty: it needs at least the card just laid",
        "row 4: card index 60 in column 0 is outside 0..51",
        "row 5: column 2 holds 4 after the padding in column 1",
    ];
    for (k, message) in expect.iter().enumerate() {
        // The good first row, then bad row k + 1.
        let mut two = piles[..4].to_vec();
        two.extend_from_slice(&piles[(k + 1) * 4..(k + 2) * 4]);
        for threads in [Some(1), Some(2)] {
            let err = bulk::score_plays(&two, 4, None, threads).unwrap_err();
            let first = message.replacen(&format!("row {}", k + 1), "row 1", 1);
            assert_eq!(err.to_string(), first);
        }
        // Over the whole batch the lowest bad row wins.
        let err = bulk::score_plays(&piles, 4, None, None).unwrap_err();
        assert_eq!(err.to_string(), expect[0]);
    }
    let lengths = [2, 5, 2, 1, 1, 1];
    assert_eq!(
        bulk::score_plays(&piles, 4, Some(&lengths), None)
            .unwrap_err()
            .to_string(),
        "row 1: length 5 is outside 0..4"
    );
    assert!(bulk::score_plays(&piles, 4, Some(&lengths[..2]), None).is_err());
    assert!(bulk::score_plays(&piles, 0, None, None).is_err());
}
