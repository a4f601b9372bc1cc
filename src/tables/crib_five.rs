//! Five-card hands (three and four players, docs/rules.md "Dealing"): the crib's
//! expected show by the rank of the card each seat throws, and each seat's
//! pegging, from play with the others' throws modelled (built by
//! [`crate::builders::crib_five`]).
//!
//! Positions count from the dealer: 0 the dealer, 1 the seat after (the pone, who
//! leads), 2 and 3 the next; with three players position 3 is the crib's card
//! from the deck. One card's suit is interchangeable with any other's (a crib
//! flush needs all four cards and the starter of one suit, whatever that suit),
//! so the crib is tabled by rank alone; nobs is the jack's rank.
//!
//! `data/five_card_sums.bin` holds exact little-endian u64 sums, one block per
//! player count (three, then four) of [`BLOCK_LEN`]: the crib part
//! `[position][rank][CRIB_STATS]` (deals; the crib's show summed over every
//! starter left; the square of that sum), then the pegging part
//! `[position][deals, points, squared points]` and, for partners,
//! `[team][points, squared points]` (team 0 the dealer's). Its build record is
//! `data/five_card_meta.json`.

use std::sync::OnceLock;

use crate::analysis::discard::{analyze_discards, DiscardOption};
use crate::ground::card::{Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::rules::game::GameConfig;
use crate::tables::shipped::decode;

/// Seats (and, with three players, the deck's card) counted from the dealer.
pub const POSITIONS: usize = 4;
/// Sums per position and thrown rank: deals, crib totals, squared totals.
pub const CRIB_STATS: usize = 3;
/// The crib part of a block.
pub const CRIB_LEN: usize = POSITIONS * 13 * CRIB_STATS;
/// Sums per position's pegging (deals, points, squared points).
pub const PEG_STATS: usize = 3;
/// Teams with partners (the dealer's first).
pub const TEAMS: usize = 2;
/// One player count's sums.
pub const BLOCK_LEN: usize = CRIB_LEN + POSITIONS * PEG_STATS + TEAMS * 2;
/// The shipped file: three players, then four.
pub const SHIPPED_LEN: usize = 2 * BLOCK_LEN;

/// Crib values (expected show) by position and rank (`[position][rank - 1]`).
pub type Values = [[f64; 13]; POSITIONS];

static SHIPPED: &[u8] = include_bytes!("../data/five_card_sums.bin");

/// The shipped table's build record (JSON: engine version, method, seed,
/// deals, the fixed point's iterations).
pub static SHIPPED_META: &str = include_str!("../data/five_card_meta.json");

/// The shipped sums ([`SHIPPED_LEN`]), if the file has the right size.
pub fn shipped_five_sums() -> Option<&'static [u64]> {
    static SUMS: OnceLock<Option<Vec<u64>>> = OnceLock::new();
    SUMS.get_or_init(|| decode(SHIPPED, SHIPPED_LEN, u64::from_le_bytes))
        .as_deref()
}

/// The rules of a five-card game of `players` (3 or 4), else an error.
pub fn five_card_config(players: i64) -> Result<GameConfig> {
    let config = GameConfig::new(players, crate::rules::game::DEFAULT_TARGET, false)?;
    if config.hand_size() != 5 {
        return Err(Error::Invalid(format!(
            "five-card hands are dealt to 3 or 4 players, not {players}"
        )));
    }
    Ok(config)
}

/// The crib's positions in a game: the seats, and the deck's card with three.
pub fn positions(config: GameConfig) -> usize {
    usize::from(config.players) + usize::from(config.players == 3)
}

/// Starters a crib can see once every seat has kept its four: the cards in no
/// hand and not in the crib.
pub fn starters(config: GameConfig) -> u64 {
    let kept = config.hand_size() - config.discards();
    (52 - usize::from(config.players) * kept - 4) as u64
}

/// Mean and standard error of `n` samples with sum `s` and squared sum `q`,
/// each divided by `scale`; `None` without samples.
fn mean_se(n: u64, s: u64, q: u64, scale: f64) -> Option<(f64, f64)> {
    (n > 0).then(|| {
        let (n, s, q) = (n as f64, s as f64, q as f64);
        let mean = s / n;
        let var = (q / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean / scale, (var / n).sqrt() / scale)
    })
}

/// One crib value: mean show, its standard error and the deals behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CribValue {
    pub mean: f64,
    pub se: f64,
    pub deals: u64,
}

/// The crib value of `rank` (1..=13) thrown from `position` in a block of sums.
pub fn crib_value(
    block: &[u64],
    config: GameConfig,
    position: usize,
    rank: u8,
) -> Option<CribValue> {
    if position >= positions(config) || !(1..=13).contains(&rank) {
        return None;
    }
    let at = (position * 13 + usize::from(rank - 1)) * CRIB_STATS;
    let cell = block.get(at..at + CRIB_STATS)?;
    let (mean, se) = mean_se(cell[0], cell[1], cell[2], starters(config) as f64)?;
    Some(CribValue {
        mean,
        se,
        deals: cell[0],
    })
}

/// The values a thrower reads from a block: each rank's mean; a rank the
/// block never saw thrown from a position takes the position's mean crib.
pub fn values_of(block: &[u64], config: GameConfig) -> Values {
    let mut values = [[0.0; 13]; POSITIONS];
    for (p, row) in values.iter_mut().enumerate().take(positions(config)) {
        let cells = &block[p * 13 * CRIB_STATS..(p + 1) * 13 * CRIB_STATS];
        let (n, s) = cells
            .chunks(CRIB_STATS)
            .fold((0, 0), |(n, s), c| (n + c[0], s + c[1]));
        let fallback = mean_se(n, s, 0, starters(config) as f64).map_or(0.0, |m| m.0);
        for (r, v) in row.iter_mut().enumerate() {
            *v = crib_value(block, config, p, r as u8 + 1).map_or(fallback, |c| c.mean);
        }
    }
    values
}

/// Pegging points of `position` (a seat from the dealer), or of a team (0 the
/// dealer's) when `team`: mean and standard error per deal.
pub fn pegging_value(block: &[u64], index: usize, team: bool) -> Option<(f64, f64)> {
    let peg = &block[CRIB_LEN..];
    let deals = peg[0];
    if team {
        let cell = peg.get(POSITIONS * PEG_STATS + 2 * index..)?;
        mean_se(deals, cell[0], cell[1], 1.0)
    } else {
        let cell = peg.get(PEG_STATS * index..PEG_STATS * index + PEG_STATS)?;
        mean_se(cell[0], cell[1], cell[2], 1.0)
    }
}

/// Whether the crib is the side's of the seat at `position` from the dealer.
pub fn owns_crib(config: GameConfig, position: usize) -> bool {
    config.side_of(position) == config.side_of(0)
}

/// One keep of a five-card hand: the exact analysis (hand EV, and the crib
/// with every other crib card uniform) and the crib of the thrown card from
/// the table, for the thrower's seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FiveCardOption {
    pub option: DiscardOption,
    pub crib: CribValue,
    pub own: bool,
}

impl FiveCardOption {
    /// Hand EV plus the table's crib if the crib is the thrower's side's, minus it
    /// otherwise.
    pub fn net(&self) -> f64 {
        let sign = if self.own { 1.0 } else { -1.0 };
        self.option.hand_ev() + sign * self.crib.mean
    }
}

/// Every keep of a five-card `hand` thrown from `position` (0 the dealer) in a
/// game of `config`, with the crib read from `block`, best first by net,
/// then hand EV, then the thrown card's index.
pub fn five_card_options(
    hand: &[Card],
    config: GameConfig,
    position: usize,
    block: &[u64],
) -> Result<Vec<FiveCardOption>> {
    if position >= usize::from(config.players) {
        return Err(Error::Invalid(format!(
            "the seat from the dealer must be 0..{} with {} players, got {position}",
            config.players - 1,
            config.players
        )));
    }
    if hand.len() != config.hand_size() {
        return Err(Error::WrongCount {
            what: "a hand to discard from",
            expected: "5 (3 or 4 players)",
            got: hand.len(),
        });
    }
    let own = owns_crib(config, position);
    let mut out = Vec::with_capacity(5);
    for option in analyze_discards(hand, own)? {
        let rank = option.discard()[0].rank();
        let crib = crib_value(block, config, position, rank).ok_or_else(|| {
            Error::Invalid(format!(
                "the five-card table has no {rank} thrown from seat {position}"
            ))
        })?;
        out.push(FiveCardOption { option, crib, own });
    }
    out.sort_by(|a, b| {
        b.net()
            .total_cmp(&a.net())
            .then(b.option.hand_ev().total_cmp(&a.option.hand_ev()))
            .then(
                a.option.discard()[0]
                    .index()
                    .cmp(&b.option.discard()[0].index()),
            )
    });
    Ok(out)
}

/// The card (as a mask) a thrower at `position` lays away from the five-card
/// `hand` (mask) by the table `values`: the most hand EV plus (own crib) or
/// minus the thrown rank's value; ties go to the lowest card.
pub fn table_throw(hand: u64, config: GameConfig, position: usize, values: &Values) -> u64 {
    let unseen = crate::analysis::discard::UnseenCounts::of(
        CardSet::from_mask(CardSet::DECK.mask() & !hand).iter(),
    );
    let sign = if owns_crib(config, position) {
        1.0
    } else {
        -1.0
    };
    let cards: Vec<Card> = CardSet::from_mask(hand).iter().collect();
    let mut best = (f64::NEG_INFINITY, 0u64);
    for (i, &throw) in cards.iter().enumerate() {
        let mut keep = [throw; 4];
        for (slot, &c) in keep.iter_mut().zip(
            cards
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, c)| c),
        ) {
            *slot = c;
        }
        let hand_ev = f64::from(crate::analysis::discard::hand_total_closed(keep, &unseen))
            / f64::from(unseen.rank.iter().sum::<u32>());
        let value = hand_ev + sign * values[position][usize::from(throw.rank() - 1)];
        if value > best.0 {
            best = (value, throw.bit());
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;

    fn config(players: i64) -> GameConfig {
        five_card_config(players).unwrap()
    }

    #[test]
    fn layout_follows_the_rules() {
        assert_eq!(starters(config(3)), 36);
        assert_eq!(starters(config(4)), 32);
        assert_eq!(positions(config(3)), 4);
        assert_eq!(positions(config(4)), 4);
        assert!(five_card_config(2).is_err());
        assert!(five_card_config(5).is_err());
        assert!(owns_crib(config(4), 2) && !owns_crib(config(4), 3));
        assert!(owns_crib(config(3), 0) && !owns_crib(config(3), 2));
    }

    #[test]
    fn means_and_errors_come_from_the_sums() {
        let mut block = vec![0u64; BLOCK_LEN];
        // Two deals of a five thrown by the dealer: crib totals 360 and 720.
        block[(4) * CRIB_STATS..(4) * CRIB_STATS + 3].copy_from_slice(&[
            2,
            1080,
            360 * 360 + 720 * 720,
        ]);
        let v = crib_value(&block, config(3), 0, 5).unwrap();
        assert!((v.mean - 15.0).abs() < 1e-12 && v.deals == 2);
        // Sample sd of 10 and 20 points is 7.07; over sqrt(2).
        assert!((v.se - 5.0).abs() < 1e-9, "{}", v.se);
        assert!(crib_value(&block, config(3), 0, 6).is_none());
        let values = values_of(&block, config(3));
        assert_eq!(values[0][5], 15.0);
        assert_eq!(values[1][5], 0.0);
    }

    #[test]
    fn the_table_throw_keeps_the_best_net() {
        let hand = parse_cards("5H 5D 5C JS KD").unwrap();
        let mask = hand.iter().fold(0, |m, c| m | c.bit());
        let flat = [[4.0; 13]; POSITIONS];
        // Equal crib values: the best hand, three fives and the jack, throws the king.
        assert_eq!(table_throw(mask, config(3), 1, &flat), hand[4].bit());
        let mut fives = flat;
        fives[0][4] = 40.0;
        assert_eq!(table_throw(mask, config(3), 0, &fives), hand[2].bit());
        assert_eq!(table_throw(mask, config(3), 1, &fives), hand[4].bit());
    }

    #[test]
    fn options_are_refused_for_bad_seats_and_hands() {
        let block = vec![0u64; BLOCK_LEN];
        let hand = parse_cards("5H 5D 5C JS KD").unwrap();
        assert!(five_card_options(&hand, config(3), 3, &block).is_err());
        assert!(five_card_options(&hand[..4], config(4), 0, &block).is_err());
        assert!(
            five_card_options(&hand, config(4), 0, &block).is_err(),
            "empty table"
        );
    }
}
