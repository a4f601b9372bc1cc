//! The Expert discards with [`crate::analysis::discard::best_discard`] (read from
//! the table of [`crate::tables::discards`] where it can be): the exact expected hand
//! plus (dealer, or the dealer's partner) or minus (pone) the exact expected
//! crib. In the play it scores each card that fits by a small expectimax over
//! the cards it cannot see: the points the card pegs now, minus the expected
//! points of the next opponent's best reply (the opponent holds a uniformly
//! random set of the unseen cards, of the size it must hold, and answers
//! greedily; the chance that its best card is of each rank is exact), plus the
//! expected points of its own best counter to that reply, plus what it pegs
//! alone (go, last card) when the opponent cannot answer. Near the end of the
//! game it weighs the board: a card that reaches the target wins at once; a
//! reply that would let the opponent peg out is heavily penalised; as the pone
//! whose hand will count out first it plays defence (opponent points weigh
//! double, its own half); as the dealer facing a pone within a hand's count of
//! the target it plays for points (its own weigh more).

use crate::analysis::discard::binomial;
use crate::bots::greedy::greedy_discard;
use crate::ground::card::{rank_value, Card};
use crate::rules::observe::{four, Observation};
use crate::rules::play::{
    fits_mask, mask_cards, one_per_rank, score_play_at, LayPoints, MAX_COUNT, MAX_PILE,
};
use crate::rules::show::score_hand;
use crate::tables::discards::best_discard_mask;

/// A card of each rank 1..=13 (clubs): pegging points depend on rank alone.
fn rank_card(rank: u8) -> Card {
    Card::new(rank, 0).unwrap_or(Card::MIN)
}

/// Whether the crib of `obs`'s deal is its seat's side's.
pub(crate) fn own_crib(obs: &Observation) -> bool {
    obs.config.side_of(obs.seat) == obs.config.side_of(obs.dealer)
}

/// The Expert's discard: the exact best (see the module comment).
pub(crate) fn expert_discard(obs: &Observation) -> u64 {
    let hand = obs.hand.mask();
    let ours = own_crib(obs);
    best_discard_mask(hand, ours).unwrap_or_else(|_| greedy_discard(hand, obs.config.discards()))
}

/// A count in progress for the lookahead: its cards and total.
#[derive(Clone, Copy)]
struct Count {
    pile: [Card; MAX_PILE + 3],
    len: usize,
    total: u8,
}

impl Count {
    fn new(pile: &[Card], total: u8) -> Count {
        let mut c = Count {
            pile: [Card::MIN; MAX_PILE + 3],
            len: pile.len().min(MAX_PILE),
            total,
        };
        c.pile[..c.len].copy_from_slice(&pile[..c.len]);
        c
    }

    fn room(&self) -> u8 {
        MAX_COUNT.saturating_sub(self.total)
    }

    /// Lays `card`: the points it pegs and the count after it.
    fn lay(&self, card: Card) -> (u8, Count) {
        let next = self.with(card);
        (score_play_at(&next.pile[..next.len], next.total), next)
    }

    /// The count after `card`, unscored.
    fn with(&self, card: Card) -> Count {
        let mut next = *self;
        next.pile[next.len] = card;
        next.len += 1;
        next.total += card.value();
        next
    }

    /// What a card of each rank would peg laid next.
    fn points(&self) -> LayPoints {
        LayPoints::of(&self.pile[..self.len], self.total)
    }
}

/// Points one seat pegs laying alone from `hand` until it cannot (the others
/// said go): the best order, with the point for go (or last card).
fn solo(count: &Count, hand: u64) -> f64 {
    if count.total == MAX_COUNT {
        return 0.0;
    }
    let fits = hand & fits_mask(count.room());
    if fits == 0 {
        return if count.len > 0 { 1.0 } else { 0.0 };
    }
    let points = count.points();
    let mut best = 0.0f64;
    for card in mask_cards(one_per_rank(fits)) {
        let pegged = f64::from(points.of_rank(card.rank()));
        best = best.max(pegged + solo(&count.with(card), hand & !card.bit()));
    }
    best
}

/// Big enough to dominate any ordinary difference in points.
const DECISIVE: f64 = 1000.0;

/// [`binomial`] for the lookahead's odds (at most 52 cards unseen, at most
/// 4 held), read from a table built once at compile time.
fn choose(n: u64, k: u64) -> u64 {
    const CHOOSE: [[u64; 5]; 53] = {
        let mut table = [[0u64; 5]; 53];
        let mut n = 0;
        while n < 53 {
            let mut k = 0;
            while k < 5 {
                table[n][k] = binomial(n as u64, k as u64);
                k += 1;
            }
            n += 1;
        }
        table
    };
    match CHOOSE.get(n as usize).and_then(|row| row.get(k as usize)) {
        Some(&ways) => ways,
        None => binomial(n, k),
    }
}

/// What the expert weighs when it lays: the cards the next opponent may
/// hold, by rank, and the board position.
struct Lookahead {
    /// Unseen cards per rank (index 1..=13).
    rank_unseen: [u64; 14],
    /// Unseen cards.
    m: u64,
    /// Cards the next opponent holds (0 when it cannot answer).
    k: u64,
    /// Ways to choose the opponent's `k` cards from the `m` unseen.
    all_ways: f64,
    my_need: u16,
    opp_need: u16,
    /// Weights of my points (offence) and the opponent's (defence).
    w_off: f64,
    w_def: f64,
}

impl Lookahead {
    fn new(obs: &Observation) -> Lookahead {
        let me = obs.seat;
        let config = obs.config;
        let opp = (me + 1) % usize::from(config.players);
        let my_need = config.target.saturating_sub(obs.scores[config.side_of(me)]);
        let opp_need = config
            .target
            .saturating_sub(obs.scores[config.side_of(opp)]);
        let unseen = obs.unseen();
        let mut rank_unseen = [0u64; 14];
        for card in unseen {
            rank_unseen[usize::from(card.rank())] += 1;
        }
        let m = u64::from(unseen.len());
        let opp_held = 4u64.saturating_sub(u64::from(obs.laid[opp].len()));
        // Laying again on my own card means everyone else said go this count.
        let others_stuck = !obs.pile().is_empty() && obs.last_to_lay == Some(me);
        let k = if others_stuck { 0 } else { opp_held.min(m) };
        let (w_off, w_def) = board_weights(obs, my_need, opp_need);
        Lookahead {
            rank_unseen,
            m,
            k,
            all_ways: choose(m, k) as f64,
            my_need,
            opp_need,
            w_off,
            w_def,
        }
    }

    /// The value of laying `card` on `start` from `hand`.
    fn value(&self, start: &Count, hand: u64, card: Card) -> f64 {
        let (imm, after) = start.lay(card);
        let rest = hand & !card.bit();
        if u16::from(imm) >= self.my_need {
            DECISIVE * 10.0 + f64::from(imm)
        } else if after.total == MAX_COUNT {
            self.w_off * f64::from(imm)
        } else if self.k == 0 {
            self.w_off * (f64::from(imm) + solo(&after, rest))
        } else {
            self.w_off * f64::from(imm) + self.replies(&after, rest)
        }
    }

    /// The expected outcome of the opponent's best reply to `after` (and my
    /// best counter to it), or of its go.
    fn replies(&self, after: &Count, rest: u64) -> f64 {
        let (m, k) = (self.m, self.k);
        // The opponent's replies, best first, with their points; the count
        // after each reply, by rank.
        let mut replies: [(u8, u8); 13] = [(0, 0); 13];
        let points = after.points();
        let mut n = 0;
        for rank in 1..=13u8 {
            if self.rank_unseen[usize::from(rank)] > 0 && rank_value(rank) <= after.room() {
                replies[n] = (points.of_rank(rank), rank);
                n += 1;
            }
        }
        replies[..n].sort_by_key(|r| std::cmp::Reverse(r.0));
        // Cards of one rank peg alike: my counters, one per rank.
        let counters = one_per_rank(rest);
        let mut expected = 0.0;
        let mut covered = 0u64;
        for &(points, rank) in &replies[..n] {
            let none_before = choose(m - covered, k);
            covered += self.rank_unseen[usize::from(rank)];
            let none_after = choose(m - covered, k);
            let p = (none_before - none_after) as f64 / self.all_ways;
            if p == 0.0 {
                continue;
            }
            let mut outcome = -self.w_def * f64::from(points);
            if u16::from(points) >= self.opp_need {
                outcome -= DECISIVE;
            }
            let replied = after.with(rank_card(rank));
            if replied.total < MAX_COUNT {
                let answers = replied.points();
                let counter = mask_cards(counters & fits_mask(replied.room()))
                    .map(|c| answers.of_rank(c.rank()))
                    .max()
                    .unwrap_or(0);
                outcome += self.w_off * f64::from(counter);
            }
            expected += p * outcome;
        }
        let p_go = choose(m - covered, k) as f64 / self.all_ways;
        expected + p_go * self.w_off * solo(after, rest)
    }
}

/// Weights of my points and the opponent's near the end (the pone's hand
/// counts first).
fn board_weights(obs: &Observation, my_need: u16, opp_need: u16) -> (f64, f64) {
    let pone = obs.seat == (obs.dealer + 1) % usize::from(obs.config.players);
    let my_show = match (four(obs.kept), obs.starter) {
        (Some(cards), Some(starter)) => u16::from(score_hand(cards, starter, false)),
        _ => 0,
    };
    if pone && my_show >= my_need {
        (0.5, 2.0) // my hand counts out first: only stop the opponent pegging out
    } else if !pone && opp_need <= 8 && my_need > 0 {
        (2.0, 0.5) // the pone will likely count out: peg what I can
    } else {
        (1.0, 1.0)
    }
}

/// The Expert's lay from `lays` (not empty): its one-reply lookahead.
pub fn expert_lay(obs: &Observation, lays: u64) -> Card {
    let look = Lookahead::new(obs);
    let start = Count::new(obs.pile(), obs.count);
    let mut best = (f64::NEG_INFINITY, Card::MIN);
    // Of equal values the lowest card wins, so the lowest of each rank.
    for card in mask_cards(one_per_rank(lays)) {
        let value = look.value(&start, obs.hand.mask(), card);
        if value > best.0 {
            best = (value, card);
        }
    }
    best.1
}

/// Whether [`expert_lay`] lays a card of `card`'s rank from `lays`: the same
/// values, but it stops at the first card that would be laid instead.
pub fn expert_lays_rank(obs: &Observation, lays: u64, card: Card) -> bool {
    let choices = one_per_rank(lays);
    let Some(card) = mask_cards(choices & 0xF << (4 * (card.rank() - 1))).next() else {
        return false;
    };
    let look = Lookahead::new(obs);
    let start = Count::new(obs.pile(), obs.count);
    let hand = obs.hand.mask();
    let value = look.value(&start, hand, card);
    mask_cards(choices & !card.bit()).all(|other| {
        let beaten = look.value(&start, hand, other);
        beaten < value || (beaten == value && other > card)
    })
}
