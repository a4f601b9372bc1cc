//! Lay inference for the master (docs/rules.md, "The play"): the opponent's
//! lays so far in this deal say something about the cards it still holds.
//!
//! The master models its opponent as the Expert, whose lay is a function of
//! what it sees: its cards, the count, the cards laid, the scores. So a
//! sampled deal for the opponent (the four cards it kept and the two it
//! threw) can be checked: replay each of the opponent's lays of this deal as
//! the Expert would have seen it, holding the sampled cards, and keep the
//! sample only if the Expert lays a card of the rank the opponent laid
//! (suits never matter in the play). A player who keeps a pair leads from
//! it; a pone rarely leads a five.

use std::collections::HashMap;

use crate::bots::expert::expert_lays_rank;
use crate::bots::greedy::greedy_lay;
use crate::bots::models::{lay_chance, most_lay_chance, Belief, Evidence, LAY_MODELS};
use crate::ground::card::{Card, CardSet};
use crate::ground::rng::Rng;
use crate::rules::game::Phase;
use crate::rules::observe::{four, Observation};
use crate::rules::play::{fits_mask, rank_counts, score_play, MAX_COUNT, MAX_PILE};
use crate::rules::show::score_hand;

/// The most lays of one seat in a two-player deal.
const MAX_LAYS: usize = 4;

/// The opponent's lays of this deal, each with what the opponent saw when it
/// laid, except its own cards (which each sample supplies).
pub struct LayHistory {
    moments: [(Observation, Card); MAX_LAYS],
    len: usize,
    /// Whether the model Expert lays without knowing its two crib cards
    /// (see [`LayHistory::agrees`]).
    crib_blind: bool,
}

impl LayHistory {
    /// The opponent's lays so far, read from the master's observation `obs`
    /// of a two-player play, for a model Expert that knows its crib cards or
    /// not (`crib_blind`).
    pub fn new(obs: &Observation, crib_blind: bool) -> LayHistory {
        let opp = 1 - obs.seat.min(1);
        let laid = obs.laid_order();
        let pegged = pegged_points(laid, obs.count);
        let mut seen = Observation::new(opp, obs.config, obs.dealer, Phase::Play);
        seen.starter = obs.starter;
        seen.to_move = Some(opp);
        let mut history = LayHistory {
            moments: [(seen, Card::MIN); MAX_LAYS],
            len: 0,
            crib_blind,
        };
        // The scores when the play began, then each lay's pegging added.
        let mut scores = [0u16; 2];
        for (s, slot) in scores.iter_mut().enumerate() {
            *slot = obs.scores[s].saturating_sub(pegged[s]);
        }
        let mut count = Count::default();
        for &(seat, card) in laid {
            let seat = usize::from(seat);
            if let Some(point) = count.close_if_over(card) {
                scores[point] += 1;
            }
            if seat == opp && history.len < MAX_LAYS {
                seen.set_scores(&scores);
                seen.set_pile(count.total, count.pile());
                history.moments[history.len] = (seen, card);
                history.len += 1;
            }
            scores[seat] += u16::from(count.lay(seat, card));
            seen.lay(seat, card);
        }
        history
    }

    /// Whether the Expert, keeping `kept` (a card mask with every card the
    /// opponent laid) and throwing `crib`, lays what the opponent laid;
    /// `choices` remembers the Expert's lays worked out for this deal. A
    /// crib-blind model Expert does not know its crib cards (they count as
    /// unseen): the two it threw barely sway its lays, and without them its
    /// choices repeat from sample to sample, so they are worked out once.
    pub fn agrees(&self, kept: u64, crib: u64, choices: &mut Choices) -> bool {
        self.agrees_from(0, kept, crib, choices)
    }

    /// [`LayHistory::agrees`] for the opponent's lays from the `from`-th on.
    /// The latest lay is checked first: it sees the fewest cards, so its
    /// choices are remembered the most often.
    fn agrees_from(&self, from: usize, kept: u64, crib: u64, choices: &mut Choices) -> bool {
        let crib = if self.crib_blind { 0 } else { crib };
        let moments = &self.moments[..self.len];
        let mut laid_before = moments.iter().fold(0u64, |m, (_, card)| m | card.bit());
        for (moment, (seen, card)) in moments.iter().enumerate().skip(from).rev() {
            laid_before &= !card.bit();
            let hand = kept & !laid_before;
            let lays = hand & fits_mask(MAX_COUNT - seen.count);
            // A card of one rank is the only choice there is.
            if one_rank(lays) {
                continue;
            }
            let key = choice_key(moment, hand, crib, shows_out(seen, kept));
            let agrees = *choices.entry(key).or_insert_with(|| {
                let mut seen = *seen;
                seen.kept = CardSet::from_mask(kept);
                seen.hand = CardSet::from_mask(hand);
                seen.discards = CardSet::from_mask(crib);
                expert_lays_rank(&seen, lays, *card)
            });
            if !agrees {
                return false;
            }
        }
        true
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How likely each lay model makes the opponent's lays from the
    /// `from`-th on, keeping `kept` and throwing `crib` (see
    /// [`crate::bots::models`]), and the most it could be for these cards.
    pub fn likelihoods(
        &self,
        from: usize,
        kept: u64,
        crib: u64,
        choices: &mut Choices,
    ) -> Likelihood {
        let blind_crib = if self.crib_blind { 0 } else { crib };
        let moments = &self.moments[..self.len];
        let mut laid_before = moments.iter().fold(0u64, |m, (_, card)| m | card.bit());
        let mut out = Likelihood::ONE;
        for (moment, (seen, card)) in moments.iter().enumerate().rev() {
            laid_before &= !card.bit();
            if moment < from {
                break;
            }
            let hand = kept & !laid_before;
            let lays = hand & fits_mask(MAX_COUNT - seen.count);
            if one_rank(lays) {
                continue;
            }
            let ranks = crate::rules::play::one_per_rank(lays).count_ones();
            let key = choice_key(moment, hand, blind_crib, shows_out(seen, kept));
            let expert = *choices.entry(key).or_insert_with(|| {
                let mut seen = *seen;
                seen.kept = CardSet::from_mask(kept);
                seen.hand = CardSet::from_mask(hand);
                seen.discards = CardSet::from_mask(blind_crib);
                expert_lays_rank(&seen, lays, *card)
            });
            let greedy = greedy_lay(seen.pile(), seen.count, lays).rank() == card.rank();
            for (m, agrees) in [expert, greedy, false].into_iter().enumerate() {
                out.like[m] *= lay_chance(m, agrees, ranks);
                out.most[m] *= most_lay_chance(m, ranks);
            }
        }
        out
    }
}

/// Per lay model, the likelihood of the opponent's lays for a sample and
/// the most it could be (the product of each lay's largest chance).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Likelihood {
    pub like: [f64; LAY_MODELS],
    pub most: [f64; LAY_MODELS],
}

impl Likelihood {
    pub const ONE: Likelihood = Likelihood {
        like: [1.0; LAY_MODELS],
        most: [1.0; LAY_MODELS],
    };

    /// This likelihood with `more` lays' factors.
    fn times(self, more: &Likelihood) -> Likelihood {
        let mut out = self;
        for m in 0..LAY_MODELS {
            out.like[m] *= more.like[m];
            out.most[m] *= more.most[m];
        }
        out
    }

    /// The chance of keeping a sample of this likelihood under `belief`:
    /// its mixture over the most the mixture could be.
    pub fn acceptance(&self, belief: &Belief) -> f64 {
        let most = belief.mix(&self.most);
        if most > 0.0 {
            belief.mix(&self.like) / most
        } else {
            1.0
        }
    }
}

/// The Expert's lays worked out for one deal, by [`choice_key`]: whether it
/// lays what the opponent laid at that moment.
pub type Choices = HashMap<u64, bool>;

/// What the model Expert's lay at the `moment`-th lay of a deal depends on,
/// beyond what is fixed for that moment: the ranks of the cards it holds
/// (`hand`) and of its `crib` cards (none for the crib-blind model), and
/// whether its own hand will count it out (near the end). Its lookahead reads
/// ranks only, and it takes the lowest of equal lays.
fn choice_key(moment: usize, hand: u64, crib: u64, shows_out: bool) -> u64 {
    // 52 bits of counts, 8 of crib ranks, 3 of moment and flag.
    let counts = rank_counts(hand);
    // The crib's lowest and highest rank (0 for none): 4 bits each.
    let crib_ranks = if crib == 0 {
        0
    } else {
        u64::from(crib.trailing_zeros() / 4 + 1) << 4
            | u64::from((63 - crib.leading_zeros()) / 4 + 1)
    };
    ((counts << 8 | crib_ranks) << 2 | moment as u64) << 1 | u64::from(shows_out)
}

/// Whether the opponent, as pone, would count out with its hand `kept` (the
/// Expert then lays only to stop the dealer pegging out).
fn shows_out(seen: &Observation, kept: u64) -> bool {
    let need = seen.config.target.saturating_sub(seen.scores[seen.seat]);
    if seen.seat == seen.dealer || need > 29 {
        return false;
    }
    match (four(CardSet::from_mask(kept)), seen.starter) {
        (Some(cards), Some(starter)) => u16::from(score_hand(cards, starter, false)) >= need,
        _ => false,
    }
}

/// A sample of the opponent's deal that fitted everything seen when drawn:
/// the four cards it kept, the two it threw, and how many of its lays of the
/// deal were checked.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    kept: u64,
    crib: u64,
    checked: usize,
    /// Its likelihood under each lay model (the mixture only).
    likelihood: Likelihood,
}

/// The samples of one deal kept from one decision of the master to the next.
/// Samples that fitted what was seen then and fit what is seen now (checked
/// again for the new lays only) are draws from the opponent's cards as they
/// are known now: they are used first, and fresh draws only make up the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Particles {
    /// The deal the samples belong to (see [`Particles::start`]).
    deal: (u64, u64),
    samples: Vec<Sample>,
    /// The Expert's lays worked out for this deal.
    pub choices: Choices,
    /// What the master believes about its opponent (the mixture only),
    /// kept across deals and games.
    pub belief: Belief,
    /// The evidence of the latest decision, learnt from when a deal ends.
    pub evidence: Evidence,
}

impl Particles {
    /// Starts a decision of the deal `deal` (the master's six cards, the
    /// starter and the dealer; any other deal's samples are dropped): keeps
    /// the samples whose unlaid cards `fits` and whose Expert lays agree with
    /// `history`; how many there are.
    pub fn start(
        &mut self,
        deal: (u64, u64),
        history: &LayHistory,
        fits: impl Fn(u64, u64) -> bool,
    ) -> usize {
        self.new_deal(deal, false);
        let choices = &mut self.choices;
        self.samples.retain_mut(|s| {
            let ok =
                fits(s.kept, s.crib) && history.agrees_from(s.checked, s.kept, s.crib, choices);
            s.checked = history.len;
            ok
        });
        self.samples.len()
    }

    /// Drops another deal's samples; with `learning`, the evidence of its
    /// last decision updates the belief first.
    fn new_deal(&mut self, deal: (u64, u64), learning: bool) {
        if deal != self.deal {
            if learning {
                self.belief.learn(&self.evidence);
            }
            self.deal = deal;
            self.samples.clear();
            self.choices.clear();
        }
        self.evidence = Evidence::default();
    }

    /// [`Particles::start`] for the mixture: a kept sample stays with the
    /// chance that its new lays keep it (its acceptance now over its
    /// acceptance when drawn, at most 1), so the kept samples are draws of
    /// the same chance as fresh ones. With `learning`, a new deal first
    /// updates the belief from the last deal's evidence.
    pub fn start_mixed(
        &mut self,
        deal: (u64, u64),
        history: &LayHistory,
        learning: bool,
        rng: &mut Rng,
        fits: impl Fn(u64, u64) -> bool,
    ) -> usize {
        self.new_deal(deal, learning);
        let (choices, belief) = (&mut self.choices, &self.belief);
        self.samples.retain_mut(|s| {
            if !fits(s.kept, s.crib) {
                return false;
            }
            let more = history.likelihoods(s.checked, s.kept, s.crib, choices);
            let now = s.likelihood.times(&more);
            let was = s.likelihood.acceptance(belief);
            let keep = was <= 0.0 || rng.unit() * was < now.acceptance(belief);
            s.likelihood = now;
            s.checked = history.len;
            keep
        });
        self.samples.len()
    }

    /// Keeps a fresh sample of the mixture with its `likelihood`.
    pub fn push_mixed(
        &mut self,
        kept: u64,
        crib: u64,
        history: &LayHistory,
        likelihood: Likelihood,
        cap: usize,
    ) {
        if self.samples.len() < cap {
            self.samples.push(Sample {
                kept,
                crib,
                checked: history.len,
                likelihood,
            });
        }
    }

    /// The `i`-th kept sample: the opponent's kept cards and crib cards.
    pub fn get(&self, i: usize) -> Option<(u64, u64)> {
        self.samples.get(i).map(|s| (s.kept, s.crib))
    }

    /// Keeps a fresh sample that fitted `history` (at most `cap` samples).
    pub fn push(&mut self, kept: u64, crib: u64, history: &LayHistory, cap: usize) {
        if self.samples.len() < cap {
            self.samples.push(Sample {
                kept,
                crib,
                checked: history.len,
                likelihood: Likelihood::ONE,
            });
        }
    }
}

/// Whether every card of `mask` has one rank (4 bits per rank).
fn one_rank(mask: u64) -> bool {
    mask == 0 || mask >> (mask.trailing_zeros() / 4 * 4) < 16
}

/// The current count of a replayed play.
struct Count {
    pile: [Card; MAX_PILE],
    len: usize,
    total: u8,
    last: usize,
}

impl Default for Count {
    fn default() -> Count {
        Count {
            pile: [Card::MIN; MAX_PILE],
            len: 0,
            total: 0,
            last: 0,
        }
    }
}

impl Count {
    fn pile(&self) -> &[Card] {
        &self.pile[..self.len]
    }

    /// Ends the count if `card` cannot go on it (nobody could lay: a go);
    /// the seat that takes the point for go.
    fn close_if_over(&mut self, card: Card) -> Option<usize> {
        if self.len > 0 && self.total + card.value() > MAX_COUNT {
            self.len = 0;
            self.total = 0;
            return Some(self.last);
        }
        None
    }

    /// Lays `card` for `seat`: the points it pegs (a 31 ends the count).
    fn lay(&mut self, seat: usize, card: Card) -> u8 {
        self.last = seat;
        self.pile[self.len] = card;
        self.len += 1;
        self.total += card.value();
        let points = score_play(self.pile());
        if self.total == MAX_COUNT {
            self.len = 0;
            self.total = 0;
        }
        points
    }
}

/// Points each seat pegged in this deal's play so far, from the cards `laid`
/// in order and the current `count` (0 after cards: the last count ended in
/// a go, whose point is already scored).
fn pegged_points(laid: &[(u8, Card)], count: u8) -> [u16; 2] {
    let mut pegged = [0u16; 2];
    let mut replay = Count::default();
    for &(seat, card) in laid {
        let seat = usize::from(seat).min(1);
        if let Some(point) = replay.close_if_over(card) {
            pegged[point] += 1;
        }
        pegged[seat] += u16::from(replay.lay(seat, card));
    }
    if replay.len > 0 && count == 0 {
        pegged[replay.last] += 1;
    }
    pegged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::rules::game::{Game, GameConfig, Source};

    /// Every position of Expert-vs-Expert games, from the view of the seat
    /// to move, with the opponent's true kept cards and crib, and each seat's
    /// points pegged in the deal so far.
    fn positions(games: u64) -> Vec<(Observation, u64, u64, [u16; 2])> {
        let mut out = Vec::new();
        let play_points = |game: &Game| {
            let p = game.points_by_source();
            [0, 1].map(|s| p[s][Source::Play as usize])
        };
        for g in 0..games {
            let mut game = Game::new(GameConfig::new(2, 121, false).unwrap(), g, false);
            let mut bots = [Bot::new(BotKind::Expert, 1), Bot::new(BotKind::Expert, 2)];
            let mut before = [0u16; 2];
            while let Some(seat) = game.to_move() {
                if game.phase() == Phase::Discard {
                    before = play_points(&game);
                }
                if game.phase() == Phase::Play {
                    let opp = 1 - seat;
                    let obs = Observation::from_game(&game, seat);
                    let now = play_points(&game);
                    let pegged = [now[0] - before[0], now[1] - before[1]];
                    out.push((obs, game.kept(opp), game.discards_of(opp), pegged));
                }
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
        }
        out
    }

    #[test]
    fn a_rank_check_is_the_experts_lay() {
        use crate::bots::expert::expert_lay;
        let mut checked = 0;
        for (obs, _, _, _) in positions(30) {
            let lays = obs.hand.mask() & fits_mask(MAX_COUNT - obs.count);
            if lays == 0 {
                continue;
            }
            let laid = expert_lay(&obs, lays);
            for card in obs.hand.iter() {
                let expected = card.bit() & lays != 0 && card.rank() == laid.rank();
                assert_eq!(expert_lays_rank(&obs, lays, card), expected, "{obs:?}");
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn the_true_cards_of_an_expert_almost_always_agree() {
        let (mut checked, mut refused) = (0, 0);
        for (obs, kept, crib, _) in positions(80) {
            let history = LayHistory::new(&obs, true);
            refused += usize::from(!history.agrees(kept, crib, &mut Choices::new()));
            // The model that knows its crib cards is the Expert itself.
            let exact = LayHistory::new(&obs, false);
            assert!(exact.agrees(kept, crib, &mut Choices::new()), "{obs:?}");
            checked += 1;
        }
        // Only where the crib cards the blind model forgets swayed a lay:
        // about one position in 23 (259 of 5,839).
        assert!(checked > 5000, "{checked}");
        assert!(refused * 100 < checked * 6, "{refused} of {checked}");
    }

    #[test]
    fn other_cards_often_disagree() {
        let (mut tried, mut refused) = (0, 0);
        for (obs, kept, crib, _) in positions(30) {
            let history = LayHistory::new(&obs, true);
            let laid = obs.laid[1 - obs.seat].mask();
            if history.is_empty() || kept == laid {
                continue;
            }
            // Swap one unlaid card for an unseen one of another rank.
            let unlaid = kept & !laid;
            let out = unlaid & unlaid.wrapping_neg();
            let unseen = obs.unseen().mask() & !kept & !crib;
            if let Some(card) = CardSet::from_mask(unseen)
                .iter()
                .find(|c| c.rank() != CardSet::from_mask(out).first().map_or(0, Card::rank))
            {
                tried += 1;
                let other = kept & !out | card.bit();
                refused += usize::from(!history.agrees(other, crib, &mut Choices::new()));
            }
        }
        assert!(refused * 10 > tried, "{refused} of {tried}");
    }

    #[test]
    fn remembered_lays_are_the_lays_worked_out() {
        let mut rng = crate::ground::rng::Rng::new(4);
        let (mut hits, mut tried) = (0, 0);
        for ((obs, _, _, _), crib_blind) in
            positions(25).into_iter().zip([true, false].iter().cycle())
        {
            let history = LayHistory::new(&obs, *crib_blind);
            let laid = obs.laid[1 - obs.seat].mask();
            let mut choices = Choices::new();
            for _ in 0..40 {
                let unseen = obs.unseen().mask();
                let hand = rng.draw(unseen, 4 - laid.count_ones());
                let crib = rng.draw(unseen & !hand, 2);
                let before = choices.len();
                let remembered = history.agrees(hand | laid, crib, &mut choices);
                hits += usize::from(choices.len() == before);
                let fresh = history.agrees(hand | laid, crib, &mut Choices::new());
                assert_eq!(remembered, fresh);
                tried += 1;
            }
        }
        assert!(hits * 10 > tried, "{hits} of {tried}");
    }

    #[test]
    fn pegging_replays_the_engine() {
        for (obs, _, _, pegged) in positions(40) {
            let laid = obs.laid_order();
            assert_eq!(pegged_points(laid, obs.count), pegged, "{laid:?}");
        }
    }
}
