//! The evaluator: the equity of every action of one seat, from what that seat
//! has seen, by playing the rest of the deal out over sampled hidden cards.
//!
//! A sample is a whole deal consistent with the seat's view: its own six
//! cards, and for the opponent six cards drawn as the master draws them
//! ([`crate::bots::master::determinize`]: its laid cards, unlaid cards that agree
//! with its goes, and a discard from the mixture of discard models, the Expert,
//! the best hand and uniform, 6:1:1 ([`crate::bots::models`]); with
//! [`Settings::robust`] off, the Expert's discard only). Before the
//! starter is cut, sample `k` takes the `k mod n`-th of the `n` cards the seat
//! has not seen as the starter, so every block of `n` samples covers each
//! possible starter exactly once (stratified, not sampled). The deal is
//! replayed move by move on a fresh [`Game`] (so scoring follows the rules'
//! order), then every action is tried on a copy of the same sample (common
//! random numbers) and the deal is played out by the policy. A game that ends
//! scores 1 or 0 (or the game points won or lost); a deal that ends no game is
//! valued by the shipped position table at its new scores and dealer.
//!
//! **Three or four players.** The equity is the viewer's *side*'s: its own
//! with three players, its partnership's with four (partners' points count
//! together, and the partner's cards are as hidden as the opponents'). After
//! the cut, every other seat's cards are drawn as the master at the table
//! draws them ([`crate::bots::master_table::sample_deal`]: uniform over the
//! unseen cards that agree with the goes, replayed through the play); before
//! it, uniformly from the unseen cards, the starter stratified as above and
//! the discards the policy's. A deal that ends no game is valued by the
//! shipped board table of three players or of partnerships
//! ([`crate::tables::boards_n`]); only the chance to win is measured (there
//! are no game-point tables for these tables), so the other objective's
//! values are NaN. Each sample also values the deal for every side, so a
//! decision's loss can be split among the sides that gain by it
//! ([`ActionValue::sides`]).

use super::{Objective, Settings};
use crate::bots::master::{determinize, hidden_pool, MasterConfig};
use crate::bots::master_table::sample_deal;
use crate::bots::simulate::game_seed;
use crate::bots::Bot;
use crate::ground::cancel;
use crate::ground::card::{Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase, Source, SuppliedDeal};
use crate::rules::observe::Observation;
use crate::rules::play::{mask_cards, ALL_CARDS, MAX_SEATS};
use crate::tables::boards_n::{partnership_chances, three_hand_chances};
use crate::tables::positions::{shipped_arrays, SCORES};

/// Samples per batch after the starter is cut (stopping is checked per batch).
pub const PLAY_BATCH: u32 = 32;

/// The deal a decision belongs to, as it stood before anyone discarded.
#[derive(Clone, Debug)]
pub struct DealStart {
    /// The game at the start of the deal (its cards are replaced per sample).
    pub game: Game,
    /// Each seat's cards, as dealt.
    pub hands: Vec<u64>,
    /// The moves of the deal so far, with their seats.
    pub moves: Vec<(u8, Move)>,
}

/// One evaluation: the actions of `viewer` at `state` (`None`: the policy
/// moves on, to value a point where the viewer is not to move).
#[derive(Clone, Debug)]
pub struct Task {
    pub state: Game,
    pub deal: DealStart,
    pub viewer: usize,
    pub actions: Vec<Option<Move>>,
    /// The action played, which must be measured to the precision.
    pub played: Option<usize>,
    pub seed: u64,
    /// Every card known but the starter (the opponent's true six and its
    /// true discard): for checks against exhaustive enumeration.
    pub open: bool,
    /// The other seat's cards when a study position gives them (the six
    /// dealt before its discard, the four kept after): its discards, if
    /// made, stay hidden and are drawn uniformly from the unseen cards.
    pub other: Option<u64>,
}

/// One action's estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionValue {
    pub equity: f64,
    pub stderr: f64,
    /// The standard error of the best action's equity less this one's, on
    /// the same samples (0 for the best).
    pub diff_stderr: f64,
    pub samples: u32,
    /// The points the viewer pegs from the action to the end of the deal's
    /// play, less the opponent's (mean over the same samples).
    pub pegging: f64,
    /// The equity by the other objective (game points when the settings'
    /// objective is the chance to win, and the reverse), on the same samples.
    pub other_equity: f64,
    /// The standard error of the other objective's best action's equity less
    /// this one's (0 for that best).
    pub other_diff_stderr: f64,
    /// Each side's equity (by the objective) after the action, on the same
    /// samples, from the viewer's view: with three or four players, what a
    /// loss gives each other side.
    pub sides: [f64; MAX_SEATS],
    /// Seconds the whole evaluation took (not part of the answer: it varies).
    pub seconds: f64,
}

/// A position's value for `viewer` from the board (dealer's score, pone's
/// score) before a deal, from the shipped table.
pub fn position_value(
    scores: &[u16],
    dealer: usize,
    viewer: usize,
    objective: Objective,
) -> Result<f64> {
    let (d, p) = (usize::from(scores[dealer]), usize::from(scores[1 - dealer]));
    let arrays = shipped_arrays().ok_or_else(|| Error::Invalid("no position table".into()))?;
    if d >= SCORES || p >= SCORES {
        return Err(Error::Invalid(format!("no board position {d}-{p}")));
    }
    let at = d * SCORES + p;
    let dealer_view = match objective {
        Objective::Win => f64::from(arrays[at]),
        Objective::Points => f64::from(arrays[SCORES * SCORES + at]),
    };
    Ok(match (viewer == dealer, objective) {
        (true, _) => dealer_view,
        (false, Objective::Win) => 1.0 - dealer_view,
        (false, Objective::Points) => -dealer_view,
    })
}

/// Each side's chance to win from a board before a deal (`scores` by side)
/// at a table of three or four, from the shipped board tables.
pub fn board_values(players: u8, scores: &[u16], dealer: usize) -> Result<Vec<f64>> {
    Ok(match players {
        3 => three_hand_chances(scores, dealer)?.to_vec(),
        4 => partnership_chances(scores, dealer)?.to_vec(),
        n => return Err(Error::Invalid(format!("no board table for {n} players"))),
    })
}

/// What a finished game, or the start of the next deal, is worth to each
/// side (seat 0 and seat 1 with two players).
pub fn side_outcomes(game: &Game, objective: Objective) -> Result<Vec<f64>> {
    let config = game.config();
    if config.players == 2 {
        return Ok(vec![
            outcome(game, 0, objective)?,
            outcome(game, 1, objective)?,
        ]);
    }
    if objective == Objective::Points {
        return Err(points_at_a_table(config.players));
    }
    match game.winner() {
        Some(w) => Ok((0..config.sides())
            .map(|s| f64::from(u8::from(s == w)))
            .collect()),
        None => board_values(config.players, game.scores(), game.dealer()),
    }
}

/// The refusal of the game-points objective at a table of three or four.
pub fn points_at_a_table(players: u8) -> Error {
    Error::Invalid(format!(
        "the objective \"points\" needs game-point tables, which exist for two \
         players only; a {players}-player game is analysed by the chance to win"
    ))
}

/// What a finished game, or the start of the next deal, is worth to `viewer`
/// (a seat of a two-player game).
pub fn outcome(game: &Game, viewer: usize, objective: Objective) -> Result<f64> {
    match (game.winner(), objective) {
        (Some(w), Objective::Win) => Ok(f64::from(u8::from(w == viewer))),
        (Some(w), Objective::Points) => {
            let points = f64::from(game.game_points());
            Ok(if w == viewer { points } else { -points })
        }
        (None, _) => position_value(game.scores(), game.dealer(), viewer, objective),
    }
}

/// The hidden cards of one sample: every other seat's cards as dealt and its
/// discard, the starter, and the crib's card from the deck (three players).
struct Hidden {
    dealt: [u64; MAX_SEATS],
    discards: [Discarded; MAX_SEATS],
    starter: u64,
    crib_card: Option<Card>,
}

impl Hidden {
    /// A two-player sample: the opponent of `me` holds `six`.
    fn two(me: usize, six: u64, discard: Discarded, starter: u64) -> Hidden {
        let mut dealt = [0; MAX_SEATS];
        let mut discards = [Discarded::Recorded; MAX_SEATS];
        dealt[1 - me] = six;
        discards[1 - me] = discard;
        Hidden {
            dealt,
            discards,
            starter,
            crib_card: None,
        }
    }
}

/// Another seat's discard in a sample, if it has been made.
#[derive(Clone, Copy)]
enum Discarded {
    /// As the record has it (every card known).
    Recorded,
    /// As the policy makes it from the sampled six.
    Policy,
    /// These cards (drawn with the opponent's hand).
    Cards(u64),
}

/// The opponent's cards for sample `k` of `task`.
fn draw_hidden(task: &Task, robust: bool, k: u32, rng: &mut Rng) -> Result<Hidden> {
    let me = task.viewer;
    if task.open {
        let unseen = starter_pool(task);
        let starter = match task.state.starter() {
            Some(card) => card.bit(),
            None => nth_bit(unseen, k % unseen.count_ones()),
        };
        let opp_six = task.deal.hands[1 - me];
        return Ok(Hidden::two(me, opp_six, Discarded::Recorded, starter));
    }
    if task.state.config().players > 2 {
        return table_hidden(task, k, rng);
    }
    if let Some(kept) = task.other {
        return Ok(study_hidden(task, kept, k, rng));
    }
    if let Some(starter) = task.state.starter() {
        let obs = Observation::from_game(&task.state, me);
        let config = hidden_model(robust);
        let held = 4u32.saturating_sub(obs.laid[1 - me].len());
        let pool = hidden_pool(&config, &obs, held);
        // The opponent's lays are not inferred here: its play is the policy's.
        let (hand, crib, _) = determinize(&config, &obs, pool, held, None, rng);
        let opp_six = obs.laid[1 - me].mask() | hand | crib;
        return Ok(Hidden::two(
            me,
            opp_six,
            Discarded::Cards(crib),
            starter.bit(),
        ));
    }
    let unseen = starter_pool(task);
    let starter = nth_bit(unseen, k % unseen.count_ones());
    let six = rng.draw(unseen & !starter, 6);
    Ok(Hidden::two(me, six, Discarded::Policy, starter))
}

/// The other seats' cards for sample `k` at a table of three or four: after
/// the cut as the master at the table draws them ([`sample_deal`]), before
/// it uniformly, the starter stratified and the discards the policy's.
fn table_hidden(task: &Task, k: u32, rng: &mut Rng) -> Result<Hidden> {
    let me = task.viewer;
    let config = task.state.config();
    let n = usize::from(config.players);
    let mut dealt = [0; MAX_SEATS];
    let mut discards = [Discarded::Policy; MAX_SEATS];
    let one = |mask: u64| CardSet::from_mask(mask).first();
    if let Some(starter) = task.state.starter() {
        let obs = Observation::from_game(&task.state, me);
        let deal = (0..REDRAWS)
            .find_map(|_| sample_deal(&obs, rng))
            .ok_or_else(|| no_draw(&task.state))?;
        for s in (0..n).filter(|&s| s != me) {
            dealt[s] = deal.hands[s] | obs.laid[s].mask() | deal.discards[s];
            discards[s] = Discarded::Cards(deal.discards[s]);
        }
        return Ok(Hidden {
            dealt,
            discards,
            starter: starter.bit(),
            crib_card: one(deal.deck_card),
        });
    }
    let unseen = starter_pool(task);
    let starter = nth_bit(unseen, k % unseen.count_ones());
    let mut free = unseen & !starter;
    for s in (0..n).filter(|&s| s != me) {
        dealt[s] = rng.draw(free, config.hand_size() as u32);
        free &= !dealt[s];
    }
    let crib_card = (n == 3).then(|| rng.draw(free, 1));
    Ok(Hidden {
        dealt,
        discards,
        starter,
        crib_card: crib_card.and_then(one),
    })
}

/// A study position's hidden cards: the other seat's known cards, its
/// discards (uniform among the unseen cards, when made) and the starter.
fn study_hidden(task: &Task, kept: u64, k: u32, rng: &mut Rng) -> Hidden {
    let unseen = starter_pool(task);
    let starter = match task.state.starter() {
        Some(card) => card.bit(),
        None => nth_bit(unseen, k % unseen.count_ones()),
    };
    if task.state.discards_of(1 - task.viewer) == 0 {
        return Hidden::two(task.viewer, kept, Discarded::Policy, starter);
    }
    let crib = rng.draw(unseen & !starter, 2);
    Hidden::two(task.viewer, kept | crib, Discarded::Cards(crib), starter)
}

/// How the opponent's hidden cards are drawn: the master's robust mixture of
/// discard models (`robust`, [`crate::bots::models`]) or the Expert's discard
/// only.
fn hidden_model(robust: bool) -> MasterConfig {
    MasterConfig {
        mixture: robust,
        ..MasterConfig::default()
    }
}

/// The cards the starter may be, as the viewer sees them (stratified over).
fn starter_pool(task: &Task) -> u64 {
    let me = task.viewer;
    let known = task.deal.hands[me]
        | match (task.open, task.other) {
            (true, _) => task.deal.hands[1 - me],
            (false, Some(kept)) => kept,
            (false, None) => 0,
        };
    ALL_CARDS & !known
}

/// The `n`-th set bit of `mask`, as a mask.
fn nth_bit(mask: u64, n: u32) -> u64 {
    let mut rest = mask;
    for _ in 0..n {
        rest &= rest - 1;
    }
    rest & rest.wrapping_neg()
}

/// The policy's players for one sample, one a seat (seeded by it, for
/// common numbers).
fn players(task: &Task, settings: &Settings, seed: u64) -> Result<Vec<Bot>> {
    let bot = |seat: u64| -> Result<Bot> {
        let s = game_seed(seed, seat);
        match settings.policy {
            crate::bots::BotKind::Master => Bot::master(MasterConfig::default(), s),
            kind => Ok(Bot::new(kind, s)),
        }
    };
    (1..=task.deal.hands.len() as u64).map(bot).collect()
}

/// The sample's deal replayed up to the task's state.
fn build_world(task: &Task, hidden: &Hidden, bots: &mut [Bot]) -> Result<Game> {
    let me = task.viewer;
    let hands = (0..task.deal.hands.len())
        .map(|s| {
            let cards = if s == me {
                task.deal.hands[me]
            } else {
                hidden.dealt[s]
            };
            mask_cards(cards).collect()
        })
        .collect();
    let mut world = task.deal.game.clone();
    world.apply(Move::Deal(Box::new(SuppliedDeal {
        hands,
        starter: CardSet::from_mask(hidden.starter).first(),
        crib_card: hidden.crib_card,
        scores: None,
    })))?;
    for (seat, mv) in &task.deal.moves {
        let seat = usize::from(*seat);
        let mv = match mv {
            Move::Discard(_) if seat != me => match hidden.discards[seat] {
                Discarded::Recorded => mv.clone(),
                Discarded::Cards(cards) => Move::Discard(cards),
                Discarded::Policy => bots[seat].decide(&world, seat)?,
            },
            other => other.clone(),
        };
        world.apply(mv)?;
    }
    Ok(world)
}

/// The points `viewer`'s side has pegged in the play this game, less the
/// mean of the other sides'.
fn net_pegged(game: &Game, viewer: usize) -> f64 {
    let config = game.config();
    let tally = game.points_by_source();
    let play = Source::Play as usize;
    let mut sides = [0u16; MAX_SEATS];
    for (seat, points) in tally.iter().enumerate().take(usize::from(config.players)) {
        sides[config.side_of(seat)] += points[play];
    }
    let mine = config.side_of(viewer);
    let others: f64 = (0..config.sides())
        .filter(|&s| s != mine)
        .map(|s| f64::from(sides[s]))
        .sum();
    f64::from(sides[mine]) - others / (config.sides() - 1) as f64
}

/// The objective that is not `objective`.
pub fn other(objective: Objective) -> Objective {
    match objective {
        Objective::Win => Objective::Points,
        Objective::Points => Objective::Win,
    }
}

/// The precision of the other objective: game points span about twice the
/// range of a chance to win, as the marks' thresholds do (`None` at a table
/// of three or four, where it is not measured).
fn other_precision(task: &Task, settings: &Settings) -> Option<f64> {
    (task.deal.hands.len() == 2).then_some(match settings.objective {
        Objective::Win => 2.0 * settings.precision,
        Objective::Points => settings.precision / 2.0,
    })
}

/// What one play-out is worth to the viewer: by the objective, by the other
/// objective (NaN at a table of three or four), its net pegging at the end,
/// and each side's value by the objective.
struct Valued {
    value: f64,
    other: f64,
    pegged: f64,
    sides: [f64; MAX_SEATS],
}

/// Plays the deal out by the policy and values the end for `viewer`.
fn play_out(
    mut world: Game,
    bots: &mut [Bot],
    viewer: usize,
    objective: Objective,
) -> Result<Valued> {
    let deal = world.deal_number();
    while world.deal_number() == deal {
        let Some(seat) = world.to_move() else { break };
        if world.phase() != Phase::Discard && world.phase() != Phase::Play {
            return Err(Error::Invalid(
                "the analysis plays games without muggins only".into(),
            ));
        }
        let mv = bots[seat].decide(&world, seat)?;
        world.apply(mv)?;
    }
    let config = world.config();
    let mut sides = [0.0; MAX_SEATS];
    for (slot, v) in sides.iter_mut().zip(side_outcomes(&world, objective)?) {
        *slot = v;
    }
    let two = config.players == 2;
    Ok(Valued {
        value: if two {
            outcome(&world, viewer, objective)?
        } else {
            sides[config.side_of(viewer)]
        },
        other: if two {
            outcome(&world, viewer, other(objective))?
        } else {
            f64::NAN
        },
        pegged: net_pegged(&world, viewer),
        sides,
    })
}

/// One action's sampled values: sample `k` is the `k`-th (every action that
/// is still sampled has the same samples; one retired from the race has a
/// prefix of them).
#[derive(Clone, Debug, Default)]
struct Tally {
    values: Vec<f64>,
    /// The same samples valued by the other objective.
    other: Vec<f64>,
    /// The sum of the net pegging over the samples.
    pegging: f64,
    /// The sum of each side's value over the samples.
    sides: [f64; MAX_SEATS],
}

impl Tally {
    fn mean(&self) -> f64 {
        self.values.iter().sum::<f64>() / self.values.len().max(1) as f64
    }

    fn stderr(&self) -> f64 {
        paired(&self.values, None).1
    }
}

/// The mean of `a` (or of `a - b`, paired over their common samples) and its
/// standard error.
fn paired(a: &[f64], b: Option<&[f64]>) -> (f64, f64) {
    let n = b.map_or(a.len(), |b| a.len().min(b.len()));
    let x = |i: usize| a[i] - b.map_or(0.0, |b| b[i]);
    let mean = (0..n).map(x).sum::<f64>() / n.max(1) as f64;
    if n < 2 {
        return (mean, f64::INFINITY);
    }
    let var = (0..n).map(|i| (x(i) - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, (var / n as f64).sqrt())
}

/// The race after a batch: `None` when sampling can stop, else which actions
/// are still sampled.
///
/// Sampling stops when the best action has every sample drawn, the played
/// action's difference from the best has a standard error of at most the
/// precision (or it is the best), and every other action either trails the
/// best by 3 standard errors of the paired difference or is itself measured
/// against it to the precision. An action that is so settled retires (it is
/// no longer played out); the best and the played action never do, and a
/// retired action that becomes the best is sampled again. Several actions
/// race by the other objective too, at `other_precision`, and sampling stops
/// when both races are settled, so both objectives' losses are measured
/// (`other_precision` `None`: the other objective is not measured).
fn race(
    tallies: &[Tally],
    played: Option<usize>,
    precision: f64,
    other_precision: Option<f64>,
) -> Option<Vec<bool>> {
    let values: Vec<&[f64]> = tallies.iter().map(|t| t.values.as_slice()).collect();
    let (settled, mut active) = race_on(&values, played, precision);
    let Some(other_precision) = other_precision.filter(|_| tallies.len() > 1) else {
        return (!settled).then_some(active);
    };
    let other: Vec<&[f64]> = tallies.iter().map(|t| t.other.as_slice()).collect();
    let (other_settled, other_active) = race_on(&other, played, other_precision);
    for (a, on) in active.iter_mut().zip(other_active) {
        *a |= on;
    }
    (!(settled && other_settled)).then_some(active)
}

/// One objective's race: whether it is settled, and the actions it samples
/// on (always its best and the played action).
fn race_on(values: &[&[f64]], played: Option<usize>, precision: f64) -> (bool, Vec<bool>) {
    let best = best_of(values);
    if values.len() == 1 {
        return (paired(values[0], None).1 <= precision, vec![true]);
    }
    let drawn = values.iter().map(|v| v.len()).max().unwrap_or(0);
    let done = |a: usize| {
        let (lead, se) = paired(values[best], Some(values[a]));
        a == best || se <= precision || (Some(a) != played && lead >= 3.0 * se)
    };
    let active: Vec<bool> = (0..values.len())
        .map(|a| a == best || Some(a) == played || !done(a))
        .collect();
    let settled = values[best].len() == drawn && (0..values.len()).all(done);
    (settled, active)
}

/// The index of the highest mean (the first on a tie).
fn best_of(values: &[&[f64]]) -> usize {
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    (0..values.len()).fold(0, |b, a| {
        if mean(values[a]) > mean(values[b]) {
            a
        } else {
            b
        }
    })
}

/// Sample `k` of the task: the deal replayed on its hidden cards, with the
/// seed of its players.
///
/// A draw whose replay does not reach the task's decision is drawn again:
/// the engine ends a count nobody can lay on by itself (docs/rules.md,
/// "Decisions where the texts are silent"), so a
/// seat asked for a go has learnt that the other seat can still lay.
fn sample(task: &Task, settings: &Settings, k: u32) -> Result<(Game, u64)> {
    let seed = game_seed(task.seed, u64::from(k));
    let mut rng = Rng::new(seed);
    for _ in 0..REDRAWS {
        let hidden = draw_hidden(task, settings.robust, k, &mut rng)?;
        let mut bots = players(task, settings, seed)?;
        let world = build_world(task, &hidden, &mut bots)?;
        if at_the_same_decision(&world, &task.state) {
            return Ok((world, seed));
        }
    }
    Err(no_draw(&task.state))
}

/// The error of a decision no draw of the hidden cards reaches.
fn no_draw(state: &Game) -> Error {
    Error::Invalid(format!(
        "no draw of the hidden cards in {REDRAWS} reaches this decision \
         (seat {:?} to move at count {})",
        state.to_move(),
        state.pegging().map_or(0, |p| p.count())
    ))
}

/// Draws of the hidden cards tried for one sample before giving up.
const REDRAWS: u32 = 1_000;

/// Whether a sample's replay stands where the task's game does.
fn at_the_same_decision(world: &Game, state: &Game) -> bool {
    world.to_move() == state.to_move()
        && world.phase() == state.phase()
        && world.pegging().map(|p| p.count()) == state.pegging().map(|p| p.count())
}

/// Plays `action` out on a copy of a sample and adds its value to `tally`.
fn try_action(
    task: &Task,
    settings: &Settings,
    (world, seed): &(Game, u64),
    action: &Option<Move>,
    tally: &mut Tally,
) -> Result<()> {
    let mut trial = world.clone();
    let mut bots = players(task, settings, *seed)?;
    let pegged = net_pegged(&trial, task.viewer);
    if let Some(mv) = action {
        trial.apply(mv.clone())?;
    }
    let end = play_out(trial, &mut bots, task.viewer, settings.objective)?;
    tally.values.push(end.value);
    tally.other.push(end.other);
    tally.pegging += end.pegged - pegged;
    for (sum, v) in tally.sides.iter_mut().zip(end.sides) {
        *sum += v;
    }
    Ok(())
}

/// Brings every active action that lacks some of the first `drawn` samples
/// up to them (a retired action that has become the best again).
fn catch_up(
    task: &Task,
    settings: &Settings,
    tallies: &mut [Tally],
    active: &[bool],
    drawn: u32,
) -> Result<()> {
    for (a, tally) in tallies.iter_mut().enumerate() {
        if !active[a] {
            continue;
        }
        for k in tally.values.len() as u32..drawn {
            cancel::check()?;
            let world = sample(task, settings, k)?;
            try_action(task, settings, &world, &task.actions[a], tally)?;
        }
    }
    Ok(())
}

/// Every action's equity for the task's viewer.
///
/// Samples come in batches (a block of every possible starter before the
/// cut, [`PLAY_BATCH`] after); after each batch the race ([`race`]) retires
/// the actions it has settled and says whether to stop; at the budget
/// (rounded up to a whole batch) sampling stops regardless. The thread's
/// cancel flag ([`crate::ground::cancel`]) is polled before every sample.
pub fn evaluate(task: &Task, settings: &Settings) -> Result<Vec<ActionValue>> {
    let batch = match (settings.batch, task.state.starter()) {
        (0, Some(_)) => PLAY_BATCH,
        (0, None) => starter_pool(task).count_ones(),
        (n, _) => n,
    };
    let clock = std::time::Instant::now();
    let mut tallies = vec![Tally::default(); task.actions.len()];
    let mut active = vec![true; task.actions.len()];
    let mut k = 0u32;
    while k < settings.budget.max(batch) {
        for _ in 0..batch {
            cancel::check()?;
            let world = sample(task, settings, k)?;
            for (a, action) in task.actions.iter().enumerate() {
                if active[a] {
                    try_action(task, settings, &world, action, &mut tallies[a])?;
                }
            }
            k += 1;
        }
        match race(
            &tallies,
            task.played,
            settings.precision,
            other_precision(task, settings),
        ) {
            None => break,
            Some(next) => active = next,
        }
        catch_up(task, settings, &mut tallies, &active, k)?;
    }
    let (best, other_best) = complete_bests(task, settings, &mut tallies, k)?;
    let n = |t: &Tally| t.values.len().max(1) as f64;
    let lag = |lead: &[f64], t: &[f64], a: usize, b: usize| {
        if a == b {
            0.0
        } else {
            paired(lead, Some(t)).1
        }
    };
    Ok(tallies
        .iter()
        .enumerate()
        .map(|(a, t)| ActionValue {
            equity: t.mean(),
            stderr: t.stderr(),
            diff_stderr: lag(&tallies[best].values, &t.values, a, best),
            samples: t.values.len() as u32,
            pegging: t.pegging / n(t),
            other_equity: t.other.iter().sum::<f64>() / t.other.len().max(1) as f64,
            other_diff_stderr: match other_best {
                Some(b) => lag(&tallies[b].other, &t.other, a, b),
                None => f64::NAN,
            },
            sides: t.sides.map(|sum| sum / n(t)),
            seconds: clock.elapsed().as_secs_f64(),
        })
        .collect())
}

/// The best action by each objective (the other `None` when it is not
/// measured), each brought up to all `drawn` samples (one retired and become
/// the best is sampled again).
fn complete_bests(
    task: &Task,
    settings: &Settings,
    tallies: &mut [Tally],
    drawn: u32,
) -> Result<(usize, Option<usize>)> {
    let measured = other_precision(task, settings).is_some();
    loop {
        let (values, other) = columns(tallies);
        let bests = (best_of(&values), measured.then(|| best_of(&other)));
        let mut whole = vec![false; tallies.len()];
        for b in [Some(bests.0), bests.1].into_iter().flatten() {
            whole[b] = tallies[b].values.len() as u32 != drawn;
        }
        if !whole.contains(&true) {
            return Ok(bests);
        }
        catch_up(task, settings, tallies, &whole, drawn)?;
    }
}

/// Each action's samples by the objective and by the other objective.
fn columns(tallies: &[Tally]) -> (Vec<&[f64]>, Vec<&[f64]>) {
    tallies
        .iter()
        .map(|t| (t.values.as_slice(), t.other.as_slice()))
        .unzip()
}

#[cfg(test)]
mod race_tests {
    use super::{race, Tally};

    /// A tally of `n` samples: `ones` of them 1, the rest 0 (the ones first).
    fn tally(n: usize, ones: usize) -> Tally {
        let values: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i < ones))).collect();
        Tally {
            other: values.clone(),
            values,
            pegging: 0.0,
            sides: [0.0; 4],
        }
    }

    /// `tally` whose other objective's samples are `other`'s.
    fn with_other(mut t: Tally, other: &Tally) -> Tally {
        t.other = other.values.clone();
        t
    }

    #[test]
    fn the_race_goes_on_until_the_other_objective_is_settled_too() {
        // By the objective 0 leads clearly; by the other the two are close.
        let t = [
            with_other(tally(100, 80), &tally(100, 52)),
            with_other(tally(100, 10), &tally(100, 50)),
        ];
        assert_eq!(race(&t, Some(1), 0.05, Some(0.5)), None);
        assert_eq!(race(&t, Some(1), 0.05, Some(0.01)), Some(vec![true, true]));
        assert_eq!(race(&t, None, 0.005, Some(0.01)), Some(vec![true, true]));
    }

    #[test]
    fn a_clear_lead_retires_the_others_and_stops() {
        // 0: 80 of 100 wins; 1: 10 of 100, the same samples (the 10 are shared).
        let t = [tally(100, 80), tally(100, 10)];
        assert_eq!(race(&t, None, 0.005, Some(0.005)), None);
        assert_eq!(race(&t, Some(0), 0.005, Some(0.005)), None);
    }

    #[test]
    fn the_played_action_goes_on_until_its_difference_is_precise() {
        // The played action trails clearly, but the difference's standard
        // error (about 0.046) is above the precision: it is sampled on.
        let t = [tally(100, 80), tally(100, 10)];
        assert_eq!(
            race(&t, Some(1), 0.005, Some(0.005)),
            Some(vec![true, true])
        );
        assert_eq!(race(&t, Some(1), 0.05, Some(0.05)), None);
    }

    #[test]
    fn an_action_neither_clear_nor_precise_keeps_the_race_going() {
        // 0 leads 2 clearly and 1 by a little: 1 stays in, 2 retires.
        let t = [tally(100, 60), tally(100, 55), tally(100, 5)];
        assert_eq!(
            race(&t, None, 0.005, Some(0.005)),
            Some(vec![true, true, false])
        );
        // Measured to the precision against the best, it retires too.
        assert_eq!(race(&t, None, 0.5, Some(0.5)), None);
    }

    #[test]
    fn a_retired_action_that_becomes_the_best_is_sampled_again() {
        // Action 1 retired after 50 samples with the higher mean.
        let t = [tally(100, 40), tally(50, 45)];
        assert_eq!(race(&t, Some(0), 0.5, Some(0.5)), Some(vec![true, true]));
    }

    #[test]
    fn a_single_action_stops_at_its_own_precision() {
        assert_eq!(
            race(&[tally(100, 50)], None, 0.01, Some(0.01)),
            Some(vec![true])
        );
        assert_eq!(race(&[tally(100, 50)], None, 0.1, Some(0.1)), None);
    }
}
