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

use super::{Objective, Settings};
use crate::bots::master::{determinize, hidden_pool, MasterConfig};
use crate::bots::simulate::game_seed;
use crate::bots::Bot;
use crate::ground::cancel;
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase, Source, SuppliedDeal};
use crate::rules::observe::Observation;
use crate::rules::play::ALL_CARDS;
use crate::tables::positions::{shipped_arrays, SCORES};

/// Samples per batch after the starter is cut (stopping is checked per batch).
pub const PLAY_BATCH: u32 = 32;

/// The deal a decision belongs to, as it stood before anyone discarded.
#[derive(Clone, Debug)]
pub struct DealStart {
    /// The game at the start of the deal (its cards are replaced per sample).
    pub game: Game,
    /// Each seat's six cards, as dealt.
    pub hands: [u64; 2],
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

/// What a finished game, or the start of the next deal, is worth to `viewer`.
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

/// The hidden cards of one sample: the opponent's six, its discard when it
/// is known to have been made, and the starter.
struct Hidden {
    opp_six: u64,
    opp_discard: Discarded,
    starter: u64,
}

/// The opponent's discard in a sample, if it has been made.
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
        return Ok(Hidden {
            opp_six,
            opp_discard: Discarded::Recorded,
            starter,
        });
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
        return Ok(Hidden {
            opp_six,
            opp_discard: Discarded::Cards(crib),
            starter: starter.bit(),
        });
    }
    let unseen = starter_pool(task);
    let starter = nth_bit(unseen, k % unseen.count_ones());
    Ok(Hidden {
        opp_six: rng.draw(unseen & !starter, 6),
        opp_discard: Discarded::Policy,
        starter,
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
        return Hidden {
            opp_six: kept,
            opp_discard: Discarded::Policy,
            starter,
        };
    }
    let crib = rng.draw(unseen & !starter, 2);
    Hidden {
        opp_six: kept | crib,
        opp_discard: Discarded::Cards(crib),
        starter,
    }
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

/// The policy's players for one sample (seeded by it, for common numbers).
fn players(settings: &Settings, seed: u64) -> Result<[Bot; 2]> {
    let bot = |seat: u64| -> Result<Bot> {
        let s = game_seed(seed, seat);
        match settings.policy {
            crate::bots::BotKind::Master => Bot::master(MasterConfig::default(), s),
            kind => Ok(Bot::new(kind, s)),
        }
    };
    Ok([bot(1)?, bot(2)?])
}

/// The sample's deal replayed up to the task's state.
fn build_world(task: &Task, hidden: &Hidden, bots: &mut [Bot; 2]) -> Result<Game> {
    let me = task.viewer;
    let mut hands = [Vec::new(), Vec::new()];
    hands[me] = crate::rules::play::mask_cards(task.deal.hands[me]).collect();
    hands[1 - me] = crate::rules::play::mask_cards(hidden.opp_six).collect();
    let mut world = task.deal.game.clone();
    world.apply(Move::Deal(Box::new(SuppliedDeal {
        hands: hands.to_vec(),
        starter: crate::ground::card::CardSet::from_mask(hidden.starter).first(),
        crib_card: None,
        scores: None,
    })))?;
    for (seat, mv) in &task.deal.moves {
        let seat = usize::from(*seat);
        let mv = match mv {
            Move::Discard(_) if seat != me => match hidden.opp_discard {
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

/// The points `viewer` has pegged in the play this game, less the opponent's.
fn net_pegged(game: &Game, viewer: usize) -> f64 {
    let tally = game.points_by_source();
    let play = Source::Play as usize;
    f64::from(tally[viewer][play]) - f64::from(tally[1 - viewer][play])
}

/// The objective that is not `objective`.
pub fn other(objective: Objective) -> Objective {
    match objective {
        Objective::Win => Objective::Points,
        Objective::Points => Objective::Win,
    }
}

/// The precision of the other objective: game points span about twice the
/// range of a chance to win, as the marks' thresholds do.
fn other_precision(settings: &Settings) -> f64 {
    match settings.objective {
        Objective::Win => 2.0 * settings.precision,
        Objective::Points => settings.precision / 2.0,
    }
}

/// Plays the deal out by the policy and values the end for `viewer` (by the
/// objective, then by the other objective), with the viewer's net pegging at
/// the end.
fn play_out(
    mut world: Game,
    bots: &mut [Bot; 2],
    viewer: usize,
    objective: Objective,
) -> Result<(f64, f64, f64)> {
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
    Ok((
        outcome(&world, viewer, objective)?,
        outcome(&world, viewer, other(objective))?,
        net_pegged(&world, viewer),
    ))
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
/// when both races are settled, so both objectives' losses are measured.
fn race(
    tallies: &[Tally],
    played: Option<usize>,
    precision: f64,
    other_precision: f64,
) -> Option<Vec<bool>> {
    let values: Vec<&[f64]> = tallies.iter().map(|t| t.values.as_slice()).collect();
    let (settled, mut active) = race_on(&values, played, precision);
    if tallies.len() == 1 {
        return (!settled).then_some(active);
    }
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
        let mut bots = players(settings, seed)?;
        let world = build_world(task, &hidden, &mut bots)?;
        if at_the_same_decision(&world, &task.state) {
            return Ok((world, seed));
        }
    }
    Err(Error::Invalid(format!(
        "no draw of the hidden cards in {REDRAWS} reaches this decision \
         (seat {:?} to move at count {})",
        task.state.to_move(),
        task.state.pegging().map_or(0, |p| p.count())
    )))
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
    let mut bots = players(settings, *seed)?;
    let pegged = net_pegged(&trial, task.viewer);
    if let Some(mv) = action {
        trial.apply(mv.clone())?;
    }
    let (value, other, end) = play_out(trial, &mut bots, task.viewer, settings.objective)?;
    tally.values.push(value);
    tally.other.push(other);
    tally.pegging += end - pegged;
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
            other_precision(settings),
        ) {
            None => break,
            Some(next) => active = next,
        }
        catch_up(task, settings, &mut tallies, &active, k)?;
    }
    let (best, other_best) = complete_bests(task, settings, &mut tallies, k)?;
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
            pegging: t.pegging / t.values.len().max(1) as f64,
            other_equity: t.other.iter().sum::<f64>() / t.other.len().max(1) as f64,
            other_diff_stderr: lag(&tallies[other_best].other, &t.other, a, other_best),
            seconds: clock.elapsed().as_secs_f64(),
        })
        .collect())
}

/// The best action by each objective, each brought up to all `drawn`
/// samples (one retired and become the best is sampled again).
fn complete_bests(
    task: &Task,
    settings: &Settings,
    tallies: &mut [Tally],
    drawn: u32,
) -> Result<(usize, usize)> {
    loop {
        let (values, other) = columns(tallies);
        let bests = (best_of(&values), best_of(&other));
        let mut whole = vec![false; tallies.len()];
        for b in [bests.0, bests.1] {
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
        assert_eq!(race(&t, Some(1), 0.05, 0.5), None);
        assert_eq!(race(&t, Some(1), 0.05, 0.01), Some(vec![true, true]));
        assert_eq!(race(&t, None, 0.005, 0.01), Some(vec![true, true]));
    }

    #[test]
    fn a_clear_lead_retires_the_others_and_stops() {
        // 0: 80 of 100 wins; 1: 10 of 100, the same samples (the 10 are shared).
        let t = [tally(100, 80), tally(100, 10)];
        assert_eq!(race(&t, None, 0.005, 0.005), None);
        assert_eq!(race(&t, Some(0), 0.005, 0.005), None);
    }

    #[test]
    fn the_played_action_goes_on_until_its_difference_is_precise() {
        // The played action trails clearly, but the difference's standard
        // error (about 0.046) is above the precision: it is sampled on.
        let t = [tally(100, 80), tally(100, 10)];
        assert_eq!(race(&t, Some(1), 0.005, 0.005), Some(vec![true, true]));
        assert_eq!(race(&t, Some(1), 0.05, 0.05), None);
    }

    #[test]
    fn an_action_neither_clear_nor_precise_keeps_the_race_going() {
        // 0 leads 2 clearly and 1 by a little: 1 stays in, 2 retires.
        let t = [tally(100, 60), tally(100, 55), tally(100, 5)];
        assert_eq!(race(&t, None, 0.005, 0.005), Some(vec![true, true, false]));
        // Measured to the precision against the best, it retires too.
        assert_eq!(race(&t, None, 0.5, 0.5), None);
    }

    #[test]
    fn a_retired_action_that_becomes_the_best_is_sampled_again() {
        // Action 1 retired after 50 samples with the higher mean.
        let t = [tally(100, 40), tally(50, 45)];
        assert_eq!(race(&t, Some(0), 0.5, 0.5), Some(vec![true, true]));
    }

    #[test]
    fn a_single_action_stops_at_its_own_precision() {
        assert_eq!(race(&[tally(100, 50)], None, 0.01, 0.01), Some(vec![true]));
        assert_eq!(race(&[tally(100, 50)], None, 0.1, 0.1), None);
    }
}
