//! The master bot (docs/rules.md, "The play" and "The show order and the end
//! of the game"): the Expert's exact discard analysis plus what it ignores.
//!
//! **Pegging by search over the hidden cards.** For each card it may lay, the
//! master averages, over `budget` determinizations of the opponent's hand, the
//! value of a full-width alpha-beta search of the rest of the play with every
//! card known (perfect-information Monte Carlo). Each determinization draws the
//! opponent's unlaid cards from the cards the master has not seen, as the
//! opponent would have kept them (discard inference, below) and
//! *conditioned on the goes* ([`go_floor`]): a seat that said go at count `c`
//! (or could not lay on to the end of a count at `c`) holds no card of value
//! `<= 31 - c`, and neither does it later. It also draws the opponent's two
//! crib cards from the rest, so the end of the play is valued exactly for that
//! deal: the pone counts first, then the dealer's hand and crib; a side that
//! reaches the target (in the play or in the show order) wins and scores
//! [`DECISIVE`]; otherwise the value is the net pegging. Far from the end this
//! is "peg the most net points"; near it the search plays defence and offence
//! from the real show order, not from fixed weights. The search follows the
//! engine's go, 31 and last-card rules exactly (it is tested against
//! [`crate::rules::play::Pegging`]). Same-rank cards are one move (suits never matter
//! in the play).
//!
//! **Discard inference.** Real players do not keep random cards: they keep
//! fives, pairs and runs. So a determinization is a whole deal for the
//! opponent: its laid cards plus cards drawn from the unseen ones, kept only
//! if the Expert's discard from those six ([`modelled_discard`]) keeps every
//! card the opponent has laid and leaves it unlaid cards that agree with its
//! goes; the two cards it threw are its crib cards. After
//! [`INFERENCE_TRIES`] misfits the draw is uniform, as without inference.
//!
//! **Lay inference** ([`crate::bots::master_lays`]): a guess is also kept only if
//! the Expert, holding it, would have laid what the opponent laid this deal;
//! guesses of an earlier decision of the deal that still fit are used first.
//! **Adaptive budget**: sampling a decision stops once the best lay leads
//! every other clearly ([`settled`]); `budget` is then the most samples.
//!
//! **Discards** are the Expert's exact hand and crib expectations (every
//! starter, every opponent discard). [`MasterConfig::pegging_table`] adds the
//! kept cards' expected net pegging from the shipped pegging table (Expert
//! play, [`crate::tables::pegging`]); [`MasterConfig::board`] plays the end of
//! the game to the board instead ([`crate::bots::board`]). Both measured within
//! noise of the plain discards, so both are off by default (README, "The
//! master bot"). A realistic crib model is not built yet.
//!
//! Every ingredient has a switch in [`MasterConfig`], for the ablation
//! ([`crate::bots::simulate::Simulator::with_master`]). With three players the master
//! discards as the Expert and searches the play in [`crate::bots::master_table`]
//! (with four it plays as the Expert: see [`crate::bots`]). This module holds the master's own decisions; the
//! player (`BotKind::Master` in [`crate::bots`]) falls back on the Expert
//! wherever these answer `None`.

use crate::analysis::discard::analyze_discards;
use crate::bots::board::board_discard;
use crate::bots::greedy::greedy_discard;
use crate::bots::master_lays::{Choices, LayHistory, Likelihood, Particles};
use crate::bots::models::{Belief, Evidence};
use crate::bots::random::random_discard;
use crate::ground::card::{Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::observe::{four, Observation};
use crate::rules::play::{
    fits_mask, mask_cards, one_per_rank, rank_counts, score_play_at, MAX_COUNT,
};
use crate::rules::show::score_hand;
use crate::tables::discards::{best_discard_mask, modelled_discard};
use crate::tables::pegging::net_pegging;

/// A side that reaches the target is worth this many points of net pegging.
pub const DECISIVE: f64 = 100.0;

/// Determinizations per searched lay by default.
pub const DEFAULT_BUDGET: u32 = 32;

/// The largest budget accepted: about a second per lay, far past any gain
/// measured (README, "The master bot"); more would look like a hang.
pub const MAX_BUDGET: u32 = 4096;

/// The master's settings: the search budget and a switch per ingredient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MasterConfig {
    /// Determinizations of the opponent's hand per searched lay (>= 1).
    pub budget: u32,
    /// Pegging by search (off: the Expert's one-reply lookahead).
    pub search: bool,
    /// Condition the opponent's hidden cards on its goes.
    pub go_inference: bool,
    /// Near the end of the game, discard for the chance to win
    /// ([`crate::bots::board`]) rather than for points.
    pub board: bool,
    /// Draw the opponent's hidden cards as the Expert would have kept them
    /// from a whole deal (else uniformly from the unseen cards).
    pub discard_inference: bool,
    /// Add the kept cards' expected net pegging ([`pegging_value`]) to the
    /// discard's expected hand and crib.
    pub pegging_table: bool,
    /// Keep only sampled hands with which the Expert would have laid what the
    /// opponent laid ([`crate::bots::master_lays`]; with discard inference).
    pub lay_inference: bool,
    /// Stop sampling a lay once the best leads every other clearly
    /// ([`settled`]): `budget` is then the most samples.
    pub adaptive: bool,
    /// Use the samples of this deal's earlier decisions that still fit
    /// before drawing fresh ones (with lay inference).
    pub kept_samples: bool,
    /// The model Expert of lay inference lays without knowing its two crib
    /// cards ([`crate::bots::master_lays`]); off: it knows them.
    pub crib_blind: bool,
    /// Weigh sampled hands by how likely a mixture of opponent models
    /// ([`crate::bots::models`]) makes the opponent's lays, instead of keeping
    /// only hands with which the Expert lays as it did; off: the master of
    /// Expert-only inference, exactly.
    pub mixture: bool,
    /// With the mixture, draw the opponent's discard from the mixture of
    /// discard models (off: the Expert's discard only).
    pub discard_mixture: bool,
    /// With the mixture, learn which models fit the opponent from deal to
    /// deal (off: the prior shares every deal).
    pub learning: bool,
}

impl Default for MasterConfig {
    fn default() -> MasterConfig {
        MasterConfig {
            budget: DEFAULT_BUDGET,
            search: true,
            go_inference: true,
            discard_inference: true,
            board: false,
            pegging_table: false,
            lay_inference: true,
            adaptive: true,
            kept_samples: true,
            crib_blind: true,
            mixture: true,
            discard_mixture: true,
            learning: true,
        }
    }
}

impl MasterConfig {
    /// The default settings with `budget` determinizations.
    pub fn with_budget(budget: u32) -> Result<MasterConfig> {
        MasterConfig {
            budget,
            ..MasterConfig::default()
        }
        .checked()
    }

    /// Every setting by its name (as the Python keywords), the budget first
    /// and each switch as 0 or 1.
    pub fn named(&self) -> [(&'static str, u32); 13] {
        let on = u32::from;
        [
            ("budget", self.budget),
            ("search", on(self.search)),
            ("go_inference", on(self.go_inference)),
            ("discard_inference", on(self.discard_inference)),
            ("board", on(self.board)),
            ("pegging_table", on(self.pegging_table)),
            ("lay_inference", on(self.lay_inference)),
            ("adaptive", on(self.adaptive)),
            ("kept_samples", on(self.kept_samples)),
            ("crib_blind", on(self.crib_blind)),
            ("mixture", on(self.mixture)),
            ("discard_mixture", on(self.discard_mixture)),
            ("learning", on(self.learning)),
        ]
    }

    /// These settings if the budget is in `1..=MAX_BUDGET`.
    pub fn checked(self) -> Result<MasterConfig> {
        if !(1..=MAX_BUDGET).contains(&self.budget) {
            return Err(Error::Invalid(format!(
                "budget must be at least 1 and at most {MAX_BUDGET}, got {}",
                self.budget
            )));
        }
        Ok(self)
    }
}

/// Whether the master searches the two-player lay for `obs` (search on; a
/// table of three or four is searched by [`crate::bots::master_table`]).
pub fn searches(config: &MasterConfig, obs: &Observation) -> bool {
    obs.config.players == 2 && config.search
}

/// The cards the master gives to the crib, as a bitmask; `None` where it
/// discards as the Expert (three or four players).
pub fn discard(config: &MasterConfig, obs: &Observation) -> Option<u64> {
    if obs.config.players != 2 {
        return None;
    }
    if config.board {
        if let Some(discard) = board_discard(obs) {
            return Some(discard);
        }
    }
    let dealer = obs.seat == obs.dealer;
    if !config.pegging_table {
        // The Expert's exact choice, read from its table where it can be.
        return best_discard_mask(obs.hand.mask(), dealer).ok();
    }
    let options = analyze_discards(&obs.hand.to_vec(), dealer).ok()?;
    let mut best = (f64::NEG_INFINITY, 0u64);
    for option in &options {
        let value = option.net() + pegging_value(option.keep(), dealer);
        if value > best.0 {
            best = (value, option.discard().iter().fold(0, |m, &c| m | c.bit()));
        }
    }
    Some(best.1)
}

// ----- the pegging table ----------------------------------------------------

/// The expected net pegging (own points minus the opponent's) of keeping
/// `keep`, for the dealer or the pone, from the shipped pegging table
/// (0 where the table has no samples).
fn pegging_value(keep: [Card; 4], dealer: bool) -> f64 {
    net_pegging(keep.map(Card::rank), dealer).unwrap_or(0.0)
}

// ----- go inference ---------------------------------------------------------

/// The highest card value each seat of a two-player play is known not to
/// hold (0: nothing known), from the deal's cards `laid` in order and the
/// current `count` (a count of 0 after cards were laid means the last count
/// ended). A seat that said go at count `c`, or laid last in a count that
/// ended in a go at `c`, held no card of value `<= 31 - c`, so it holds none
/// now. A seat laying twice running in one count shows the other said go.
pub fn go_floor(laid: &[(u8, Card)], count: u8) -> [u8; 2] {
    let mut floor = [0u8; 2];
    let mut note = |seat: usize, at: u8| {
        if let Some(f) = floor.get_mut(seat) {
            *f = (*f).max(MAX_COUNT - at);
        }
    };
    let (mut total, mut last) = (0u8, None::<usize>);
    for &(seat, card) in laid {
        let seat = usize::from(seat);
        if let Some(prev) = last.filter(|_| total > 0) {
            if total + card.value() > MAX_COUNT {
                // The count ended in a go: neither seat could lay at `total`.
                note(0, total);
                note(1, total);
                total = 0;
            } else if prev == seat {
                note(1 - seat.min(1), total);
            }
        }
        total += card.value();
        if total == MAX_COUNT {
            total = 0;
        }
        last = Some(seat);
    }
    if total > 0 && count == 0 {
        // The last count just ended in a go.
        note(0, total);
        note(1, total);
    }
    floor
}

// ----- the search ----------------------------------------------------------

/// The rest of a two-player play with every card known; side 0 is the
/// searcher.
#[derive(Clone, Copy)]
pub(crate) struct Play {
    pub(crate) hands: [u64; 2],
    pile: [Card; 16],
    len: usize,
    count: u8,
    /// The side that laid the most recent card.
    last: usize,
    /// Bit per side that said go in this count.
    gone: u8,
    pub(crate) to_move: usize,
    /// Points pegged in the search, per side.
    pub(crate) points: [u16; 2],
}

/// What the end of the play is worth, for one determinization.
pub(crate) struct Ending {
    /// Points each side needs to reach the target.
    pub(crate) need: [u16; 2],
    /// Each side's show (the dealer's includes the crib).
    pub(crate) show: [u16; 2],
    /// The side that counts first (the pone).
    pub(crate) pone: usize,
}

/// What a sample's search values depend on ([`Ending::sample_key`]).
type SampleKey = (u64, [u16; 2]);

/// The most points one lay can peg (a fourth of a kind making 15 or 31),
/// with the point for go or last card.
const MOST_PER_LAY: u16 = 12 + 2 + 1;

impl Ending {
    /// The key of the sample where the opponent holds `opp_hand` and the
    /// play starts at `start`: the ranks the opponent holds, and the points
    /// each side must peg to reach the target in the show order, where
    /// every total out of reach of the cards held is the same.
    fn sample_key(&self, start: &Play, opp_hand: u64) -> SampleKey {
        let held = [start.hands[0], opp_hand].map(|h| h.count_ones() as u16);
        let short = [0, 1].map(|s| {
            let short = self.need[s].saturating_sub(self.show[s]);
            short.min(MOST_PER_LAY * held[s] + 1)
        });
        (rank_counts(opp_hand), short)
    }

    /// Value for side 0 when the play ends with `points` pegged.
    pub(crate) fn value(&self, points: [u16; 2]) -> f64 {
        let first = self.pone;
        let second = 1 - first;
        let reach = |side: usize| points[side] + self.show[side] >= self.need[side];
        let sign = |side: usize| if side == 0 { DECISIVE } else { -DECISIVE };
        if reach(first) {
            sign(first)
        } else if reach(second) {
            sign(second)
        } else {
            f64::from(points[0]) - f64::from(points[1])
        }
    }
}

impl Play {
    /// A fresh play: side 0 holds `mine`, side 1 `theirs`; the pone leads.
    pub(crate) fn new(mine: u64, theirs: u64, i_lead: bool) -> Play {
        let lead = usize::from(!i_lead);
        Play {
            hands: [mine, theirs],
            pile: [Card::MIN; 16],
            len: 0,
            count: 0,
            last: 1 - lead,
            gone: 0,
            to_move: lead,
            points: [0, 0],
        }
    }

    /// After a lay or go: the point for go or last card when nobody can lay,
    /// then the next side to move (the engine's rules, two seats).
    fn settle(&mut self, mover: usize) {
        let all = self.hands[0] | self.hands[1];
        if self.len > 0 && all & fits_mask(MAX_COUNT - self.count) == 0 {
            self.points[self.last] += 1;
            self.reset();
        }
        let next = if self.len == 0 {
            1 - self.last
        } else {
            1 - mover
        };
        let open = |s: usize| self.hands[s] != 0 && self.gone & (1 << s) == 0;
        self.to_move = if open(next) { next } else { 1 - next };
    }

    fn reset(&mut self) {
        self.count = 0;
        self.len = 0;
        self.gone = 0;
    }

    pub(crate) fn over(&self) -> bool {
        self.hands[0] | self.hands[1] == 0
    }

    /// Lays `card` for the side to move.
    pub(crate) fn lay(&self, card: Card) -> Play {
        let mut next = *self;
        let mover = self.to_move;
        next.hands[mover] &= !card.bit();
        next.pile[next.len] = card;
        next.len += 1;
        next.count += card.value();
        next.points[mover] += u16::from(score_play_at(&next.pile[..next.len], next.count));
        next.last = mover;
        if next.count == MAX_COUNT {
            next.reset();
        }
        next.settle(mover);
        next
    }

    /// Says go for the side to move.
    pub(crate) fn go(&self) -> Play {
        let mut next = *self;
        next.gone |= 1 << self.to_move;
        next.settle(self.to_move);
        next
    }

    /// One card of each rank among `mask`'s cards that fit.
    pub(crate) fn moves(&self) -> u64 {
        let fits = self.hands[self.to_move] & fits_mask(MAX_COUNT - self.count);
        one_per_rank(fits)
    }
}

/// Alpha-beta value of `play` for side 0 (which maximises).
fn solve(play: &Play, end: &Ending, mut alpha: f64, mut beta: f64) -> f64 {
    for side in 0..2 {
        if play.points[side] >= end.need[side] {
            return if side == 0 { DECISIVE } else { -DECISIVE };
        }
    }
    if play.over() {
        return end.value(play.points);
    }
    let moves = play.moves();
    if moves == 0 {
        return solve(&play.go(), end, alpha, beta);
    }
    let maximise = play.to_move == 0;
    let mut best = if maximise {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    for card in mask_cards(moves) {
        let v = solve(&play.lay(card), end, alpha, beta);
        if maximise {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The lay with the best mean search value over `config.budget`
/// determinizations of the opponent's hand and crib cards (`lays`: the legal
/// lays, not empty), fewer once one lay is clearly best (`config.adaptive`).
/// Go inference reads the order of the cards laid from `obs`. With lay
/// inference, the samples of this deal's earlier decisions that still fit
/// (`particles`) are used first.
pub fn search_lay(
    config: &MasterConfig,
    rng: &mut Rng,
    particles: &mut Particles,
    obs: &Observation,
    lays: u64,
) -> Card {
    let choices = one_per_rank(lays);
    let first = mask_cards(choices).next().unwrap_or(Card::MIN);
    if choices.count_ones() == 1 {
        return first;
    }
    let mut draw = Sampler::new(config, obs, particles, rng);
    let start = start_play(obs);
    let cards: Vec<Card> = mask_cards(choices).collect();
    let width = cards.len();
    // Samples that peg alike and show alike have the same values: each
    // sample's key, and the row where its values were first worked out.
    let mut solved: Vec<(SampleKey, usize)> = Vec::new();
    best_by_samples(config, &cards, |values| {
        let (opp_hand, opp_crib) = draw.next(rng);
        let end = ending(obs, opp_hand, opp_crib);
        let key = end.sample_key(&start, opp_hand);
        if let Some(&(_, row)) = solved.iter().find(|(k, _)| *k == key) {
            values.extend_from_within(row * width..(row + 1) * width);
        } else {
            solved.push((key, values.len() / width));
            let mut play = start;
            play.hands[1] = opp_hand;
            for &card in &cards {
                values.push(solve(
                    &play.lay(card),
                    &end,
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                ));
            }
        }
    })
}

/// The card of `cards` (one a rank, not empty) with the best mean value
/// over at most `config.budget` samples, fewer once one is clearly best
/// (`config.adaptive`, [`settled`]) or once asked to stop (the caller gives
/// up on this decision anyway). `sample(values)` appends one sample's value
/// of each card, in order (the samples common to every card), or nothing
/// for a sample it could not make. The search of every table size.
pub(crate) fn best_by_samples(
    config: &MasterConfig,
    cards: &[Card],
    mut sample: impl FnMut(&mut Vec<f64>),
) -> Card {
    let width = cards.len();
    let mut values: Vec<f64> = Vec::with_capacity(width * config.budget as usize);
    for done in 1..=config.budget {
        sample(&mut values);
        if config.adaptive && done % CHECK_EVERY == 0 && settled(&values, width) {
            break;
        }
        if crate::ground::cancel::requested() {
            break;
        }
    }
    let best = best_column(&values, width);
    cards
        .get(best)
        .or(cards.first())
        .copied()
        .unwrap_or(Card::MIN)
}

/// Where one decision's samples of the opponent's cards come from: the
/// kept particles first (lay inference), then fresh draws.
struct Sampler<'a> {
    config: &'a MasterConfig,
    obs: &'a Observation,
    pool: u64,
    held: u32,
    history: Option<LayHistory>,
    particles: &'a mut Particles,
    /// Kept particles that fit, and how many were used.
    reusable: usize,
    used: usize,
    /// Fresh draws that fitted no lay of the opponent's.
    misses: u32,
}

impl<'a> Sampler<'a> {
    fn new(
        config: &'a MasterConfig,
        obs: &'a Observation,
        particles: &'a mut Particles,
        rng: &mut Rng,
    ) -> Sampler<'a> {
        let opp = 1 - obs.seat;
        let held = 4u32.saturating_sub(obs.laid[opp].len());
        let pool = hidden_pool(config, obs, held);
        let history = (config.lay_inference && config.discard_inference)
            .then(|| LayHistory::new(obs, config.crib_blind));
        let mut reusable = 0;
        if let Some(history) = &history {
            let (laid, unseen) = (obs.laid[opp].mask(), obs.unseen().mask());
            let deal = (
                obs.kept.mask() | obs.discards.mask(),
                obs.starter.map_or(0, Card::bit) | (obs.dealer as u64) << 63,
            );
            let fits = |kept: u64, crib: u64| {
                kept & laid == laid && (kept & !laid) & !pool == 0 && crib & !unseen == 0
            };
            // Without kept samples none was ever kept: this only starts the deal.
            reusable = if config.mixture {
                particles.start_mixed(deal, history, config.learning, rng, fits)
            } else {
                particles.start(deal, history, fits)
            };
        }
        Sampler {
            config,
            obs,
            pool,
            held,
            history,
            particles,
            reusable,
            used: 0,
            misses: 0,
        }
    }

    /// The next sample: the opponent's unlaid cards and crib cards.
    fn next(&mut self, rng: &mut Rng) -> (u64, u64) {
        let laid = self.obs.laid[1 - self.obs.seat].mask();
        if self.used < self.reusable {
            self.used += 1;
            if let Some((kept, crib)) = self.particles.get(self.used - 1) {
                return (kept & !laid, crib);
            }
        }
        // An opponent that lays unlike the Expert soon shows it: stop
        // looking for hands that would explain its lays.
        let h = self.history.as_ref().filter(|_| self.misses < GIVE_UP);
        let cap = self.config.budget as usize;
        if self.config.mixture {
            let particles = &mut *self.particles;
            let lays = h.map(|h| (h, &mut particles.choices));
            let model = Mixture {
                belief: &particles.belief,
                evidence: &mut particles.evidence,
            };
            let (hand, crib, fitted, likelihood) = determinize_mixed(
                self.config,
                self.obs,
                self.pool,
                self.held,
                lays,
                model,
                rng,
            );
            self.misses += u32::from(!fitted);
            if let (Some(history), true) = (h, fitted && self.config.kept_samples) {
                particles.push_mixed(hand | laid, crib, history, likelihood, cap);
            }
            return (hand, crib);
        }
        let lays = h.map(|h| (h, &mut self.particles.choices));
        let (hand, crib, fitted) =
            determinize(self.config, self.obs, self.pool, self.held, lays, rng);
        self.misses += u32::from(!fitted);
        if let (Some(history), true) = (h, fitted && self.config.kept_samples) {
            self.particles.push(hand | laid, crib, history, cap);
        }
        (hand, crib)
    }
}

/// The cards the opponent may hold: the unseen ones, less those its goes
/// rule out (go inference, when it leaves enough cards).
pub(crate) fn hidden_pool(config: &MasterConfig, obs: &Observation, held: u32) -> u64 {
    let me = obs.seat;
    let opp = 1 - me;
    let unseen = obs.unseen().mask();
    // Laying on my own card means the opponent said go at this count: a
    // rule, not an inference (a hand that could lay would break the search).
    let mut pool = if obs.last_to_lay == Some(me) && !obs.pile().is_empty() {
        unseen & !fits_mask(MAX_COUNT - obs.count)
    } else {
        unseen
    };
    if config.go_inference {
        let allowed = pool & !fits_mask(go_floor(obs.laid_order(), obs.count)[opp]);
        if allowed.count_ones() >= held {
            pool = allowed;
        }
    }
    pool
}

/// Samples before the adaptive budget may stop, and how often it checks.
const MIN_SAMPLES: usize = 8;
const CHECK_EVERY: u32 = 4;

/// Standard errors by which the best lay must lead each other lay.
const CLEAR_LEAD: f64 = 2.0;

/// The column (lay) of `values` (rows of `width` search values, one row a
/// sample) with the highest total; the first on a tie.
fn best_column(values: &[f64], width: usize) -> usize {
    let mut totals = [0.0f64; 4];
    for row in values.chunks_exact(width) {
        for (t, v) in totals.iter_mut().zip(row) {
            *t += v;
        }
    }
    (0..width.min(4)).fold(0, |b, k| if totals[k] > totals[b] { k } else { b })
}

/// Whether the best lay so far leads every other by at least [`CLEAR_LEAD`]
/// standard errors of the paired difference (the samples are common to
/// every lay), after at least [`MIN_SAMPLES`] samples.
fn settled(values: &[f64], width: usize) -> bool {
    let n = values.len() / width;
    if n < MIN_SAMPLES {
        return false;
    }
    let best = best_column(values, width);
    (0..width).filter(|&k| k != best).all(|k| {
        let (mut sum, mut sum_sq) = (0.0, 0.0);
        for row in values.chunks_exact(width) {
            let d = row[best] - row[k];
            sum += d;
            sum_sq += d * d;
        }
        let mean = sum / n as f64;
        let var = (sum_sq / n as f64 - mean * mean).max(0.0);
        mean >= CLEAR_LEAD * (var / (n - 1) as f64).sqrt()
    })
}

/// Draws before a determinization falls back on a uniform draw.
const INFERENCE_TRIES: u32 = 64;

/// Draws with lay inference: its samples are rarer.
const LAY_INFERENCE_TRIES: u32 = 256;

/// Fresh samples of one decision that may fit no lay before lay inference
/// is dropped for the rest of it.
const GIVE_UP: u32 = 2;

/// One guess at the opponent's unlaid cards and crib cards. With discard
/// inference, a guess is the opponent's whole deal (its laid cards and cards
/// drawn from the unseen ones) kept only if the Expert's discard from it keeps
/// every card the opponent has laid and leaves unlaid cards in `pool` (the
/// go inference): real players keep fives, pairs and runs, not random cards.
/// With a lay `history`, the Expert must also have laid what the opponent
/// laid (`lays`, with the Expert's lays worked out so far); if no draw does,
/// the first that fits the rest is used. The third
/// value says whether the guess fits everything inferred.
pub(crate) fn determinize(
    config: &MasterConfig,
    obs: &Observation,
    pool: u64,
    held: u32,
    lays: Option<(&LayHistory, &mut Choices)>,
    rng: &mut Rng,
) -> (u64, u64, bool) {
    if config.mixture {
        let (belief, mut evidence) = (Belief::default(), Evidence::default());
        let model = Mixture {
            belief: &belief,
            evidence: &mut evidence,
        };
        let (hand, crib, fitted, _) = determinize_mixed(config, obs, pool, held, lays, model, rng);
        return (hand, crib, fitted);
    }
    let unseen = obs.unseen().mask();
    let opp = 1 - obs.seat;
    let laid = obs.laid[opp].mask();
    if config.discard_inference && obs.config.players == 2 {
        let mut lays = lays.filter(|(h, _)| !h.is_empty());
        let tries = lays
            .as_ref()
            .map_or(INFERENCE_TRIES, |_| LAY_INFERENCE_TRIES);
        let mut fallback = None;
        for _ in 0..tries {
            let dealt = laid | rng.draw(unseen, 6 - laid.count_ones());
            let Ok(crib) = modelled_discard(dealt, obs.dealer == opp) else {
                break;
            };
            let hand = dealt & !crib & !laid;
            if crib & laid == 0 && hand & !pool == 0 {
                let agrees = match &mut lays {
                    Some((h, choices)) => h.agrees(dealt & !crib, crib, choices),
                    None => true,
                };
                if agrees {
                    return (hand, crib, true);
                }
                fallback.get_or_insert((hand, crib));
            }
        }
        if let Some((hand, crib)) = fallback {
            return (hand, crib, false);
        }
    }
    let hand = rng.draw(pool, held);
    (hand, rng.draw(unseen & !hand, 2), false)
}

/// The belief a draw of the mixture follows and the evidence it adds to.
pub(crate) struct Mixture<'a> {
    pub belief: &'a Belief,
    pub evidence: &'a mut Evidence,
}

/// The opponent's discard from its six cards `dealt` under discard model
/// `model` ([`crate::bots::models`]).
fn model_discard(model: usize, dealt: u64, dealer: bool, rng: &mut Rng) -> Result<u64> {
    match model {
        0 => modelled_discard(dealt, dealer),
        1 => Ok(greedy_discard(dealt, 2)),
        _ => Ok(random_discard(dealt, 2, rng)),
    }
}

/// [`determinize`] for the mixture of opponent models: each draw of the
/// opponent's deal takes its discard from a discard model chosen by the
/// belief (the Expert's only without `config.discard_mixture`), must keep
/// the laid cards and agree with the goes, and with a lay `history` is kept
/// with the chance its lays' likelihood gives it ([`Likelihood::acceptance`]):
/// a hand nobody models still gets the uniform floor's weight. What each draw
/// shows about the models goes to `model.evidence`. The fourth value is the
/// kept draw's likelihood.
pub(crate) fn determinize_mixed(
    config: &MasterConfig,
    obs: &Observation,
    pool: u64,
    held: u32,
    lays: Option<(&LayHistory, &mut Choices)>,
    model: Mixture<'_>,
    rng: &mut Rng,
) -> (u64, u64, bool, Likelihood) {
    let unseen = obs.unseen().mask();
    let opp = 1 - obs.seat;
    let laid = obs.laid[opp].mask();
    let Mixture { belief, evidence } = model;
    if config.discard_inference && obs.config.players == 2 {
        let mut lays = lays.filter(|(h, _)| !h.is_empty());
        let tries = lays
            .as_ref()
            .map_or(INFERENCE_TRIES, |_| LAY_INFERENCE_TRIES);
        let discard_models = if config.discard_mixture {
            *belief
        } else {
            Belief {
                discards: [1.0, 0.0, 0.0],
                ..*belief
            }
        };
        let mut fallback = None;
        for _ in 0..tries {
            let dealt = laid | rng.draw(unseen, 6 - laid.count_ones());
            let m = discard_models.discard_model(rng.unit());
            let Ok(crib) = model_discard(m, dealt, obs.dealer == opp, rng) else {
                break;
            };
            evidence.discard_tries[m] += 1;
            let hand = dealt & !crib & !laid;
            if crib & laid != 0 || hand & !pool != 0 {
                continue;
            }
            evidence.discard_fits[m] += 1;
            let Some((history, choices)) = &mut lays else {
                return (hand, crib, true, Likelihood::ONE);
            };
            let likelihood = history.likelihoods(0, dealt & !crib, crib, choices);
            for (sum, l) in evidence.lays.iter_mut().zip(likelihood.like) {
                *sum += l;
            }
            evidence.lay_draws += 1;
            if rng.unit() < likelihood.acceptance(belief) {
                return (hand, crib, true, likelihood);
            }
            fallback.get_or_insert((hand, crib, likelihood));
        }
        if let Some((hand, crib, likelihood)) = fallback {
            return (hand, crib, false, likelihood);
        }
    }
    let hand = rng.draw(pool, held);
    (hand, rng.draw(unseen & !hand, 2), false, Likelihood::ONE)
}

/// The play as the searcher (side 0) sees it, the opponent's hand empty.
pub(crate) fn start_play(obs: &Observation) -> Play {
    let mut play = Play {
        hands: [obs.hand.mask(), 0],
        pile: [Card::MIN; 16],
        len: obs.pile().len(),
        count: obs.count,
        last: 1,
        gone: 0,
        to_move: 0,
        points: [0, 0],
    };
    play.pile[..play.len].copy_from_slice(obs.pile());
    if obs.last_to_lay == Some(obs.seat) && play.len > 0 {
        // Laying on my own card: the opponent said go in this count.
        play.last = 0;
        play.gone = 1 << 1;
    }
    play
}

/// The end-of-play values for one determinization.
pub(crate) fn ending(obs: &Observation, opp_hand: u64, opp_crib: u64) -> Ending {
    let me = obs.seat;
    let opp = 1 - me;
    let need = [
        obs.config.target.saturating_sub(obs.scores[me]),
        obs.config.target.saturating_sub(obs.scores[opp]),
    ];
    let show_of = |mask: u64, crib: bool| -> u16 {
        match (four(CardSet::from_mask(mask)), obs.starter) {
            (Some(cards), Some(starter)) => u16::from(score_hand(cards, starter, crib)),
            _ => 0,
        }
    };
    let mut show = [
        show_of(obs.kept.mask(), false),
        show_of(obs.laid[opp].mask() | opp_hand, false),
    ];
    let dealer_side = usize::from(obs.dealer != me);
    show[dealer_side] += show_of(obs.discards.mask() | opp_crib, true);
    Ending {
        need,
        show,
        pone: 1 - dealer_side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::rules::game::{Game, GameConfig, Phase};
    use crate::rules::play::Pegging;

    #[test]
    fn the_search_follows_the_engine_rules() {
        let mut rng = Rng::new(3);
        for _ in 0..3000 {
            let cards = rng.draw(crate::rules::play::ALL_CARDS, 8);
            let mine = rng.draw(cards, 4);
            let theirs = cards & !mine;
            let i_lead = rng.below(2) == 0;
            let hands: Vec<Vec<Card>> = [mine, theirs]
                .iter()
                .map(|&m| mask_cards(m).collect())
                .collect();
            let mut engine = Pegging::with_events(&hands, usize::from(!i_lead), false).unwrap();
            let mut play = Play::new(mine, theirs, i_lead);
            while !engine.is_over() {
                assert!(!play.over());
                assert_eq!(engine.to_move(), Some(play.to_move));
                assert_eq!(engine.count(), play.count);
                let lays = engine.legal_lays();
                if lays == 0 {
                    engine.go().unwrap();
                    play = play.go();
                } else {
                    let card = mask_cards(lays)
                        .nth(rng.below(lays.count_ones()) as usize)
                        .unwrap();
                    engine.lay(card).unwrap();
                    play = play.lay(card);
                }
                assert_eq!(engine.points(), &play.points[..]);
            }
            assert!(play.over());
        }
    }

    #[test]
    fn samples_with_one_key_have_the_same_values() {
        let (mut shared, mut shown_apart) = (0, 0);
        let mut rng = Rng::new(8);
        for g in 0..150 {
            // A short game, so that reaching the target often matters.
            let mut game = Game::new(GameConfig::new(2, 61, false).unwrap(), g, false);
            let mut bots = [Bot::new(BotKind::Expert, 1), Bot::new(BotKind::Expert, 2)];
            while let Some(seat) = game.to_move() {
                let obs = Observation::from_game(&game, seat);
                let lays = obs.hand.mask() & fits_mask(MAX_COUNT - obs.count);
                if game.phase() == Phase::Play && lays != 0 {
                    let start = start_play(&obs);
                    let held = 4 - obs.laid[1 - seat].len();
                    let pool = hidden_pool(&MasterConfig::default(), &obs, held);
                    let mut seen: Vec<(SampleKey, [u16; 2], Vec<f64>)> = Vec::new();
                    for _ in 0..24 {
                        let hand = rng.draw(pool, held);
                        let crib = rng.draw(obs.unseen().mask() & !hand, 2);
                        let end = ending(&obs, hand, crib);
                        let mut play = start;
                        play.hands[1] = hand;
                        let values: Vec<f64> = mask_cards(one_per_rank(lays))
                            .map(|c| solve(&play.lay(c), &end, f64::NEG_INFINITY, f64::INFINITY))
                            .collect();
                        let key = end.sample_key(&start, hand);
                        for (k, show, v) in &seen {
                            if *k == key {
                                assert_eq!(*v, values, "{obs:?}");
                                shared += 1;
                                shown_apart += usize::from(*show != end.show);
                            }
                        }
                        seen.push((key, end.show, values));
                    }
                }
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
        }
        assert!(shared > 1000 && shown_apart > 100, "{shared} {shown_apart}");
    }

    #[test]
    fn go_floors_are_sound_in_real_games() {
        let mut informative = 0;
        for g in 0..200 {
            let mut game = Game::new(GameConfig::new(2, 121, false).unwrap(), g, false);
            let mut bots = [Bot::new(BotKind::Greedy, 1), Bot::new(BotKind::Random, 2)];
            while let Some(seat) = game.to_move() {
                if let (Phase::Play, Some(play)) = (game.phase(), game.pegging()) {
                    let floor = go_floor(game.laid(), play.count());
                    for (s, &f) in floor.iter().enumerate() {
                        assert_eq!(game.hand(s) & fits_mask(f), 0, "{:?}", game.laid());
                        informative += usize::from(f > 0);
                    }
                }
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
        }
        assert!(informative > 500, "{informative}");
    }

    #[test]
    fn inferred_hands_are_what_the_expert_keeps_and_fit_what_was_seen() {
        let config = MasterConfig {
            mixture: false,
            ..MasterConfig::default()
        };
        let mut rng = Rng::new(11);
        let (mut checked, mut uniform, mut misfits) = (0, 0, 0);
        for g in 0..60 {
            let mut game = Game::new(GameConfig::new(2, 121, false).unwrap(), g, false);
            let mut bots = [Bot::new(BotKind::Expert, 1), Bot::new(BotKind::Expert, 2)];
            while let Some(seat) = game.to_move() {
                if game.phase() == Phase::Play {
                    let obs = Observation::from_game(&game, seat);
                    let opp = 1 - seat;
                    let laid = obs.laid[opp].mask();
                    let held = 4 - laid.count_ones();
                    let pool = obs.unseen().mask();
                    let history = LayHistory::new(&obs, true);
                    let mut choices = Choices::new();
                    let lays = Some((&history, &mut choices));
                    let (hand, crib, _) = determinize(&config, &obs, pool, held, lays, &mut rng);
                    assert_eq!((hand.count_ones(), crib.count_ones()), (held, 2));
                    assert_eq!((hand | crib) & !pool, 0, "only unseen cards");
                    assert_eq!(hand & crib, 0);
                    // The opponent, dealt these six, keeps what it has laid
                    // (else no guess fitted and the draw was uniform).
                    let dealt = hand | crib | laid;
                    let modelled = modelled_discard(dealt, obs.dealer == opp).unwrap();
                    uniform += usize::from(modelled != crib);
                    misfits += usize::from(!history.agrees(hand | laid, crib, &mut choices));
                    checked += 1;
                }
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
        }
        assert!(checked > 2000, "{checked}");
        assert!(uniform * 50 < checked, "{uniform} of {checked}");
        // Rarely does no draw lay as the opponent laid.
        assert!(misfits * 20 < checked, "{misfits} of {checked}");
    }

    #[test]
    fn the_adaptive_budget_stops_on_a_clear_lead_only() {
        // Rows of three lays; the second leads by 1 with a little noise.
        let clear: Vec<f64> = (0..8)
            .flat_map(|i| [0.0, 1.0 + f64::from(i % 2) * 0.1, -2.0])
            .collect();
        assert!(settled(&clear, 3));
        assert_eq!(best_column(&clear, 3), 1);
        assert!(!settled(&clear[..3 * (MIN_SAMPLES - 1)], 3));
        // A lead that swings from sample to sample is not settled.
        let noisy: Vec<f64> = (0..12)
            .flat_map(|i| [if i % 2 == 0 { 5.0 } else { -4.0 }, 0.0])
            .collect();
        assert!(!settled(&noisy, 2));
        // Lays worth the same in every sample are settled (either will do).
        assert!(settled(&[1.0; 16], 2));
    }

    #[test]
    fn a_go_at_25_rules_out_sixes_and_below() {
        let cards = |t: &str| crate::ground::card::parse_cards(t).unwrap();
        let c = cards("KH 9C 6D 2S");
        // Seat 1 leads KH, seat 0 9C (19), seat 1 6D (25), seat 0 says go,
        // seat 1 lays 2S (27) again.
        let laid = [(1, c[0]), (0, c[1]), (1, c[2]), (1, c[3])];
        assert_eq!(go_floor(&laid, 27), [6, 0]);
        // The count ended in a go at 27 (seat 1 could not lay on either).
        assert_eq!(go_floor(&laid, 0), [6, 4]);
    }
}
