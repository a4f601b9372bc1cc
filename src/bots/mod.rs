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
//! **GreedyPlayer** ([`crate::bots::greedy`]) keeps the four cards with the
//! best expected hand and lays for points; **ExpertPlayer**
//! ([`crate::bots::expert`]) discards exactly and lays by a small lookahead.
//! This module is the dispatcher: [`BotKind`] names every bot and [`Bot`]
//! asks the bot of its kind for a move.
//!
//! **The opponent panel** (docs/bots.md, "The panel"): greedy and five more,
//! each a strategy of its own rather than a weakened Expert, one module each:
//! [`noisy`], [`pegger`], [`handmax`], [`ismcts`], [`cautious`]
//! ([`BotKind::PANEL`]). The master's models of its opponent live in
//! [`models`].
//!
//! The game runner and the simulator live in [`crate::bots::simulate`].

pub mod board;
pub mod cautious;
pub mod expert;
pub mod greedy;
pub mod handmax;
pub mod ismcts;
pub mod luck;
pub mod luck_fit;
pub mod master;
pub mod master_lays;
pub mod master_table;
pub mod match_stats;
pub mod models;
pub mod noisy;
#[cfg(test)]
mod panel_tests;
pub mod pegger;
pub mod random;
pub mod search;
pub mod simulate;
pub mod summary;

pub use crate::bots::expert::expert_lay;
use crate::bots::expert::{expert_discard, own_crib};
pub use crate::bots::greedy::hand_total;
use crate::bots::greedy::{greedy_discard, greedy_lay};
use crate::bots::master::MasterConfig;
use crate::bots::random::{random_discard, random_lay};
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase};
pub use crate::rules::observe::Observation;

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
    /// The same tree search with [`ismcts::DEEP_ITERATIONS`] a lay.
    IsmctsDeep,
}

impl BotKind {
    /// Every built-in bot: the first four, then the opponent panel.
    pub const ALL: [BotKind; 10] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Expert,
        BotKind::Master,
        BotKind::Noisy,
        BotKind::Pegger,
        BotKind::HandMax,
        BotKind::Ismcts,
        BotKind::Cautious,
        BotKind::IsmctsDeep,
    ];

    /// The opponent panel: bots that play unlike the Expert and unlike each
    /// other, weakest first against the Expert (docs/bots.md, "The panel").
    pub const PANEL: [BotKind; 7] = [
        BotKind::Greedy,
        BotKind::Noisy,
        BotKind::Pegger,
        BotKind::HandMax,
        BotKind::Ismcts,
        BotKind::Cautious,
        BotKind::IsmctsDeep,
    ];

    /// The bot's name: "random", "greedy", "expert", "master", "noisy",
    /// "pegger", "handmax", "ismcts", "cautious" or "ismcts_deep".
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
            BotKind::IsmctsDeep => "ismcts_deep",
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
    pub fn names() -> [&'static str; 10] {
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
            BotKind::Ismcts | BotKind::IsmctsDeep if obs.config.players == 2 => {
                let iterations = ismcts::iterations(self.kind == BotKind::IsmctsDeep);
                ismcts::ismcts_discard(obs, iterations * ismcts::DISCARD_FACTOR, &mut self.rng)
            }
            BotKind::Ismcts | BotKind::IsmctsDeep => greedy_discard(hand, k),
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
            // With partners the search lost ground to the Expert's lays
            // (docs/master.md, "Three and four players"): at four it lays as
            // the Expert until it earns its place.
            BotKind::Master if obs.config.players == 3 && self.master.search => {
                crate::bots::master_table::search_lay(&self.master, &mut self.rng, obs, lays)
            }
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
            BotKind::Ismcts | BotKind::IsmctsDeep if obs.config.players == 2 => {
                let iterations = ismcts::iterations(self.kind == BotKind::IsmctsDeep);
                ismcts::ismcts_lay(obs, lays, iterations, &mut self.rng)
            }
            BotKind::Ismcts | BotKind::IsmctsDeep => greedy_lay(obs.pile(), obs.count, lays),
            BotKind::Cautious => {
                cautious::cautious_lay(obs.pile(), obs.count, lays, obs.unseen().mask())
            }
        })
    }
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
    use crate::ground::card::test_mask as mask;
    use crate::ground::card::CardSet;
    use crate::rules::game::GameConfig;
    use crate::rules::play::ALL_CARDS;

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
