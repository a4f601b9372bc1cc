//! Built-in players and the simulator (docs/rules.md, every section: the bots only
//! choose among the moves [`Game`] allows; the rules stay in `game` and `play`).
//!
//! Every bot decides from an [`Observation`]: what its seat may know (its own
//! cards and discards, the starter, the cards laid, the scores), never the
//! other hands or the crib. Counts in muggins are always honest, and a bot
//! claims exactly the points an opponent missed.
//!
//! **RandomPlayer** picks uniformly among the legal moves: every discard of
//! its hand is equally likely, and in the play every card that fits is (it
//! says go only when nothing fits). It draws from its own seeded [`Rng`], so a
//! seeded game with random players replays exactly.
//!
//! **GreedyPlayer** keeps the four cards with the best expected hand (the
//! exact mean show over every unseen starter, ignoring the crib; computed from
//! a table of rank points per kept rank multiset and starter rank, with flush
//! and nobs counted in closed form, about 15 × 13 table reads per discard). In
//! the play it lays the card that pegs the most points at once; ties go to the
//! card that does not leave the count at 5 or 21 (where any ten-card makes 15
//! or 31), then to the lower card.
//!
//! **ExpertPlayer** discards with [`crate::analysis::discard::best_discard`] (read from
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
//!
//! The game runner and the simulator live in [`crate::bots::simulate`].

pub mod board;
pub mod cautious;
pub mod handmax;
pub mod ismcts;
pub mod luck;
pub mod master;
pub mod master_lays;
pub mod match_stats;
pub mod models;
pub mod noisy;
#[cfg(test)]
mod panel_tests;
pub mod pegger;
pub mod random;
pub mod search;
pub mod simulate;

use crate::analysis::discard::{binomial, hand_total_closed, UnseenCounts};
use crate::bots::master::MasterConfig;
use crate::bots::random::{random_discard, random_lay};
use crate::ground::card::{rank_value, Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase};
use crate::rules::observe::four;
pub use crate::rules::observe::Observation;
use crate::rules::play::{
    fits_mask, mask_cards, one_per_rank, score_play, score_play_at, LayPoints, ALL_CARDS,
    MAX_COUNT, MAX_PILE,
};
use crate::rules::show::score_hand;
use crate::tables::discards::best_discard_mask;

/// The built-in strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    Random,
    Greedy,
    Expert,
    /// The master bot: see [`crate::bots::master`].
    Master,
    /// The Expert with random moves now and then: [`crate::bots::noisy`].
    Noisy,
    /// Pegging first: [`crate::bots::pegger`].
    Pegger,
    /// Best hand, crib ignored, the Expert's play: [`crate::bots::handmax`].
    HandMax,
    /// Information-set tree search: [`crate::bots::ismcts`].
    Ismcts,
    /// Gives nothing away: [`crate::bots::cautious`].
    Cautious,
}

impl BotKind {
    /// Every built-in bot: the first four, then the opponent panel.
    pub const ALL: [BotKind; 9] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Expert,
        BotKind::Master,
        BotKind::Noisy,
        BotKind::Pegger,
        BotKind::HandMax,
        BotKind::Ismcts,
        BotKind::Cautious,
    ];

    /// The opponent panel: bots that play unlike the Expert and unlike each
    /// other, weakest first against the Expert (docs/bots.md, "The panel").
    pub const PANEL: [BotKind; 6] = [
        BotKind::Greedy,
        BotKind::Noisy,
        BotKind::Pegger,
        BotKind::HandMax,
        BotKind::Ismcts,
        BotKind::Cautious,
    ];

    /// The bot's name: "random", "greedy", "expert", "master", "noisy",
    /// "pegger", "handmax", "ismcts" or "cautious".
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Expert => "expert",
            BotKind::Master => "master",
            BotKind::Noisy => "noisy",
            BotKind::Pegger => "pegger",
            BotKind::HandMax => "handmax",
            BotKind::Ismcts => "ismcts",
            BotKind::Cautious => "cautious",
        }
    }

    /// Parses a bot name (case-insensitive): the one place names are read.
    pub fn from_name(name: &str) -> Result<BotKind> {
        let wanted = name.trim().to_ascii_lowercase();
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == wanted)
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "unknown bot {name:?}: choose {}",
                    BotKind::names().join(", ")
                ))
            })
    }

    /// The names of every built-in bot, in [`BotKind::ALL`]'s order.
    pub fn names() -> [&'static str; 9] {
        BotKind::ALL.map(BotKind::name)
    }
}

impl std::str::FromStr for BotKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<BotKind> {
        BotKind::from_name(s)
    }
}

impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A card of each rank 1..=13 (clubs): pegging points depend on rank alone.
fn rank_card(rank: u8) -> Card {
    Card::new(rank, 0).unwrap_or(Card::MIN)
}

/// A built-in player: its strategy and its own seeded generator.
#[derive(Clone, Debug, PartialEq)]
pub struct Bot {
    kind: BotKind,
    rng: Rng,
    /// The master's settings (used by `BotKind::Master` only).
    master: MasterConfig,
    /// The master's samples kept between the decisions of a deal.
    particles: crate::bots::master_lays::Particles,
}

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: Rng::new(seed),
            master: MasterConfig::default(),
            particles: Default::default(),
        }
    }

    /// The master bot with chosen settings (a budget in `1..=MAX_BUDGET`).
    pub fn master(config: MasterConfig, seed: u64) -> Result<Bot> {
        Ok(Bot {
            master: config.checked()?,
            ..Bot::new(BotKind::Master, seed)
        })
    }

    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// What the master believes about its opponent so far (the prior until
    /// a deal with the mixture and learning on is over; see
    /// [`crate::bots::models`]).
    pub fn belief(&self) -> crate::bots::models::Belief {
        self.particles.belief
    }

    /// The bot's move, or `None` when the game is over.
    pub fn choose(&mut self, obs: &Observation) -> Option<Move> {
        Some(match obs.phase {
            Phase::Discard => Move::Discard(self.discard(obs)),
            Phase::Play => match self.lay(obs) {
                Some(card) => Move::Lay(card),
                None => Move::Go,
            },
            Phase::Count => Move::Count(obs.show_value()),
            Phase::Claim => Move::Claim(obs.claimable),
            Phase::Over => return None,
        })
    }

    /// The cards to give to the crib, as a bitmask.
    pub fn discard(&mut self, obs: &Observation) -> u64 {
        let k = obs.config.discards();
        let hand = obs.hand.mask();
        match self.kind {
            BotKind::Random => random_discard(hand, k, &mut self.rng),
            BotKind::Greedy => greedy_discard(hand, k),
            BotKind::Expert => expert_discard(obs),
            BotKind::Master => crate::bots::master::discard(&self.master, obs)
                .unwrap_or_else(|| expert_discard(obs)),
            BotKind::Noisy => noisy::noisy_discard(hand, k, &mut self.rng, || expert_discard(obs)),
            BotKind::Pegger => pegger::pegger_discard(hand, k, own_crib(obs)),
            BotKind::HandMax => handmax::handmax_discard(hand, k),
            BotKind::Ismcts if obs.config.players == 2 => ismcts::ismcts_discard(
                obs,
                ismcts::ITERATIONS * ismcts::DISCARD_FACTOR,
                &mut self.rng,
            ),
            BotKind::Ismcts => greedy_discard(hand, k),
            BotKind::Cautious => cautious::cautious_discard(hand, k, own_crib(obs)),
        }
    }

    /// The card to lay, or `None` to say go (only when nothing fits).
    pub fn lay(&mut self, obs: &Observation) -> Option<Card> {
        let lays = obs.legal_lays().mask();
        if lays == 0 {
            return None;
        }
        Some(match self.kind {
            BotKind::Random => random_lay(lays, &mut self.rng),
            BotKind::Greedy => greedy_lay(obs.pile(), obs.count, lays),
            BotKind::Master if crate::bots::master::searches(&self.master, obs) => {
                crate::bots::master::search_lay(
                    &self.master,
                    &mut self.rng,
                    &mut self.particles,
                    obs,
                    lays,
                )
            }
            BotKind::Expert | BotKind::Master => expert_lay(obs, lays),
            BotKind::Noisy => noisy::noisy_lay(lays, &mut self.rng, || expert_lay(obs, lays)),
            BotKind::Pegger => pegger::pegger_lay(obs.pile(), obs.count, obs.hand.mask(), lays),
            BotKind::HandMax => handmax::handmax_lay(obs, lays),
            BotKind::Ismcts if obs.config.players == 2 => {
                ismcts::ismcts_lay(obs, lays, ismcts::ITERATIONS, &mut self.rng)
            }
            BotKind::Ismcts => greedy_lay(obs.pile(), obs.count, lays),
            BotKind::Cautious => {
                cautious::cautious_lay(obs.pile(), obs.count, lays, obs.unseen().mask())
            }
        })
    }
}

/// Whether the crib of `obs`'s deal is its seat's side's.
fn own_crib(obs: &Observation) -> bool {
    obs.config.side_of(obs.seat) == obs.config.side_of(obs.dealer)
}

/// The Expert's discard: the exact best (see the module comment).
fn expert_discard(obs: &Observation) -> u64 {
    let hand = obs.hand.mask();
    let ours = own_crib(obs);
    best_discard_mask(hand, ours).unwrap_or_else(|_| greedy_discard(hand, obs.config.discards()))
}

// ----- greedy ---------------------------------------------------------------

/// The exact sum of the show of the four cards `keep` over every starter in
/// `unseen` (a hand, not a crib). Equal to summing [`score_hand`].
pub fn hand_total(keep: u64, unseen: u64) -> u32 {
    let Some(cards) = four(CardSet::from_mask(keep)) else {
        return 0;
    };
    hand_total_closed(cards, &UnseenCounts::of(mask_cards(unseen & !keep)))
}

/// The discard (of `k` cards) keeping the best expected hand, crib ignored;
/// ties go to the first in index order.
pub(crate) fn greedy_discard(hand: u64, k: usize) -> u64 {
    let unseen = UnseenCounts::of(mask_cards(ALL_CARDS & !hand));
    let mut best = (0u64, None::<u32>);
    let mut consider = |discard: u64| {
        if let Some(keep) = four(CardSet::from_mask(hand & !discard)) {
            let total = hand_total_closed(keep, &unseen);
            if best.1.is_none_or(|b| total > b) {
                best = (discard, Some(total));
            }
        }
    };
    let mut first = hand;
    while first != 0 {
        let a = first & first.wrapping_neg();
        first &= first - 1;
        if k == 1 {
            consider(a);
        } else {
            let mut second = first;
            while second != 0 {
                let b = second & second.wrapping_neg();
                second &= second - 1;
                consider(a | b);
            }
        }
    }
    best.0
}

/// Points pegged by laying `card` on `pile` (a valid count stays valid).
pub(crate) fn lay_points(pile: &[Card], card: Card) -> u8 {
    let mut buf = [Card::MIN; MAX_PILE + 1];
    let n = pile.len().min(MAX_PILE);
    buf[..n].copy_from_slice(&pile[..n]);
    buf[n] = card;
    score_play(&buf[..=n])
}

/// The lay with the most points now; then not leaving 5 or 21; then the lower card.
pub(crate) fn greedy_lay(pile: &[Card], count: u8, lays: u64) -> Card {
    let mut best = (i32::MIN, Card::MIN);
    for card in mask_cards(lays) {
        let after = count + card.value();
        let dangerous = i32::from(after == 5 || after == 21);
        let key = i32::from(lay_points(pile, card)) * 100 - dangerous * 20 - i32::from(card.rank());
        if key > best.0 {
            best = (key, card);
        }
    }
    best.1
}

// ----- expert ---------------------------------------------------------------

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

impl Bot {
    /// The move of `seat` (the seat to move) in `game`, from what it sees.
    pub fn decide(&mut self, game: &Game, seat: usize) -> Result<Move> {
        // The random and greedy bots need only their cards and the count: a
        // short path for simulations, equal to `choose(Observation::from_game)`.
        if matches!(self.kind, BotKind::Random | BotKind::Greedy) {
            match (game.phase(), game.pegging()) {
                (Phase::Play, Some(play)) => {
                    let lays = play.legal_lays();
                    return Ok(match self.kind {
                        _ if lays == 0 => Move::Go,
                        BotKind::Random => Move::Lay(random_lay(lays, &mut self.rng)),
                        _ => Move::Lay(greedy_lay(play.pile(), play.count(), lays)),
                    });
                }
                (Phase::Discard, _) => {
                    let k = game.config().discards();
                    let hand = game.hand(seat);
                    return Ok(Move::Discard(match self.kind {
                        BotKind::Random => random_discard(hand, k, &mut self.rng),
                        _ => greedy_discard(hand, k),
                    }));
                }
                _ => {}
            }
        }
        self.choose(&Observation::from_game(game, seat))
            .ok_or_else(|| Error::Invalid("the game is over".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::discard::analyze_discards;
    use crate::ground::card::parse_cards;
    use crate::rules::game::GameConfig;

    fn mask(text: &str) -> u64 {
        parse_cards(text)
            .unwrap()
            .iter()
            .fold(0, |m, &c| m | c.bit())
    }

    #[test]
    fn names_round_trip_and_unknown_names_fail() {
        for kind in BotKind::ALL {
            assert_eq!(BotKind::from_name(kind.name()).unwrap(), kind);
        }
        assert_eq!(BotKind::from_name(" Expert ").unwrap(), BotKind::Expert);
        let err = BotKind::from_name("smart").unwrap_err().to_string();
        assert!(err.contains("smart") && err.contains("expert"), "{err}");
    }

    #[test]
    fn hand_total_matches_the_discard_analysis_exactly() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let mut deck: Vec<Card> = Card::deck().collect();
            rng.shuffle(&mut deck);
            for size in [6usize, 5] {
                let hand = &deck[..size];
                let hmask = hand.iter().fold(0, |m, &c| m | c.bit());
                for option in analyze_discards(hand, false).unwrap() {
                    let keep = option.keep().iter().fold(0, |m, &c| m | c.bit());
                    let total = hand_total(keep, ALL_CARDS & !hmask);
                    assert_eq!(u64::from(total), option.hand_total(), "{hand:?}");
                }
            }
        }
    }

    #[test]
    fn greedy_discard_keeps_the_best_hand() {
        // 5-5-5-J of one suit... keep the three fives and the jack.
        let hand = mask("5H 5D 5C JS 2C 9D");
        assert_eq!(greedy_discard(hand, 2), mask("2C 9D"));
        let best = hand_total(mask("5H 5D 5C JS"), ALL_CARDS & !hand);
        assert!(best > 0);
    }

    #[test]
    fn greedy_lays_for_points_and_avoids_five() {
        let pile = parse_cards("10H").unwrap();
        // 5 makes fifteen for 2.
        assert_eq!(
            greedy_lay(&pile, 10, mask("5C 2D 3S")),
            "5C".parse().unwrap()
        );
        // Leading: 4 and A score nothing, A leaves 1; never lead to 5... with 4C+AS, lead the lower.
        assert_eq!(greedy_lay(&[], 0, mask("4C AS")), "AS".parse().unwrap());
        // Count 2: a 3 leaves 5, a 4 leaves 6: lay the 4.
        let two = parse_cards("2H").unwrap();
        assert_eq!(greedy_lay(&two, 2, mask("3C 4D")), "4D".parse().unwrap());
    }

    #[test]
    fn expert_takes_a_winning_peg_and_avoids_giving_fifteen() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut obs = Observation::new(0, config, 1, Phase::Play);
        obs.hand = CardSet::from_mask(mask("5C 4D"));
        obs.kept = CardSet::from_mask(mask("5C 4D 8S 9S"));
        obs.discards = CardSet::from_mask(mask("KC QC"));
        obs.starter = Some("2H".parse().unwrap());
        obs.set_scores(&[100, 100]);
        // Leading: a 5 invites a ten-card for fifteen; lead the 4.
        assert_eq!(
            Bot::new(BotKind::Expert, 0).lay(&obs),
            Some("4D".parse().unwrap())
        );
        // At 119, the 5 that makes fifteen wins the game.
        obs.lay(1, "KH".parse().unwrap());
        obs.set_pile(10, &parse_cards("KH").unwrap());
        obs.set_scores(&[119, 100]);
        assert_eq!(
            Bot::new(BotKind::Expert, 0).lay(&obs),
            Some("5C".parse().unwrap())
        );
    }
}
