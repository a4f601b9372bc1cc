//! Games driven by action numbers ([`Table`]) and the one-seat environment
//! ([`SoloEnv`]) behind the Gymnasium and batched environments (docs/rules.md, every
//! section; muggins is off: the show counts itself).
//!
//! Actions and observations are laid out in [`crate::learn::encode`]. The opponents
//! are [`Policy`] functions looked up by name in [`policy`]; add a built-in
//! bot there.

use crate::bots::random::random_move;
use crate::bots::{Bot, BotKind, Observation};
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::learn::encode::{self, GO, NUM_ACTIONS};
use crate::rules::game::{Game, GameConfig, Move, Phase, MAX_SEATS};

/// A player for the environments: the move of the seat to move.
pub type Policy = fn(&Game, &mut Rng) -> Move;

/// The built-in opponent called `name`.
/// `"random"` is [`random_move`]; the others are the bots of [`crate::bots`].
pub fn policy(name: &str) -> Result<Policy> {
    let kind = BotKind::ALL.into_iter().find(|k| k.name() == name);
    match kind {
        Some(BotKind::Random) => Ok(random_move),
        Some(BotKind::Greedy) => Ok(|game, rng| bot_move(BotKind::Greedy, game, rng)),
        Some(BotKind::Expert) => Ok(|game, rng| bot_move(BotKind::Expert, game, rng)),
        Some(BotKind::Master) => Ok(|game, rng| bot_move(BotKind::Master, game, rng)),
        Some(BotKind::Noisy) => Ok(|game, rng| bot_move(BotKind::Noisy, game, rng)),
        Some(BotKind::Pegger) => Ok(|game, rng| bot_move(BotKind::Pegger, game, rng)),
        Some(BotKind::HandMax) => Ok(|game, rng| bot_move(BotKind::HandMax, game, rng)),
        Some(BotKind::Ismcts) => Ok(|game, rng| bot_move(BotKind::Ismcts, game, rng)),
        Some(BotKind::Cautious) => Ok(|game, rng| bot_move(BotKind::Cautious, game, rng)),
        Some(BotKind::IsmctsDeep) => Ok(|game, rng| bot_move(BotKind::IsmctsDeep, game, rng)),
        None => Err(Error::Invalid(format!(
            "unknown opponent {name:?}: the built-in opponents are {:?}",
            BotKind::names()
        ))),
    }
}

/// The move of a built-in bot for the seat to move, from what that seat sees.
fn bot_move(kind: BotKind, game: &Game, rng: &mut Rng) -> Move {
    let seat = game
        .to_move()
        .expect("a bot moves only while the game is on");
    let observation = Observation::from_game(game, seat);
    Bot::new(kind, rng.next_u64())
        .choose(&observation)
        .expect("the game is not over")
}

/// The `k`-th set bit of `mask` (k < popcount).
fn nth_bit(mut mask: u64, mut k: u32) -> u32 {
    while k > 0 {
        mask &= mask - 1;
        k -= 1;
    }
    mask.trailing_zeros()
}

/// A uniformly random action among the legal ones of `legal` (a bitmask as
/// [`Table::legal_actions`] gives it; not 0).
pub fn random_action(legal: u64, rng: &mut Rng) -> usize {
    nth_bit(legal, rng.below(legal.count_ones())) as usize
}

fn card_of(index: u32) -> Card {
    Card::from_index(i64::from(index)).expect("a bit of a card mask is a card")
}

/// A game (muggins off) driven by action numbers, with the card put aside in
/// an unfinished 2-card discard.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    pending: u64,
}

impl Table {
    /// A new game without event log (muggins off).
    pub fn new(players: impl Into<i64>, target: impl Into<i64>, seed: u64) -> Result<Table> {
        let config = GameConfig::new(players, target, false)?;
        Ok(Table {
            game: Game::new(config, seed, false),
            pending: 0,
        })
    }

    /// Drives an existing game (muggins must be off).
    pub fn from_game(game: Game) -> Result<Table> {
        if game.config().muggins {
            return Err(Error::Invalid(
                "action tables play without muggins: the show counts itself".into(),
            ));
        }
        Ok(Table { game, pending: 0 })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The card put aside in an unfinished 2-card discard by the seat to move.
    pub fn pending(&self) -> u64 {
        self.pending
    }

    /// Legal actions of the seat to move, bit `a` for action `a`.
    pub fn legal_actions(&self) -> u64 {
        encode::legal_actions(&self.game, self.pending)
    }

    /// The observation of `seat` (see [`crate::learn::encode`]).
    pub fn observe(&self, seat: usize, out: &mut [f32]) {
        encode::encode(&self.game, seat, self.pending, out);
    }

    /// Plays action `action` for the seat to move and returns the points each
    /// side gained. An illegal action changes nothing.
    pub fn step(&mut self, action: usize) -> Result<[u16; MAX_SEATS]> {
        let legal = self.legal_actions();
        if action >= NUM_ACTIONS || (legal >> action) & 1 == 0 {
            return Err(self.illegal(action, legal));
        }
        let mv = if action == GO {
            Move::Go
        } else if self.game.phase() == Phase::Discard {
            let chosen = self.pending | (1u64 << action);
            if (chosen.count_ones() as usize) < self.game.config().discards() {
                self.pending = chosen;
                return Ok([0; MAX_SEATS]);
            }
            Move::Discard(chosen)
        } else {
            Move::Lay(card_of(action as u32))
        };
        let gained = self.apply_move(mv)?;
        Ok(gained)
    }

    /// Plays a whole move (a policy's) for the seat to move; refused while a
    /// discard is half done. Returns the points each side gained.
    pub fn apply_move(&mut self, mv: Move) -> Result<[u16; MAX_SEATS]> {
        if self.pending != 0 && !matches!(mv, Move::Discard(m) if m & self.pending == self.pending)
        {
            return Err(Error::IllegalMove(
                "the seat to move is half-way through its discard".into(),
            ));
        }
        let mut before = [0u16; MAX_SEATS];
        let sides = self.game.scores().len();
        before[..sides].copy_from_slice(self.game.scores());
        self.game.apply(mv)?;
        self.pending = 0;
        let mut gained = [0u16; MAX_SEATS];
        for (g, (now, was)) in gained.iter_mut().zip(self.game.scores().iter().zip(before)) {
            *g = now - was;
        }
        Ok(gained)
    }

    fn illegal(&self, action: usize, legal: u64) -> Error {
        let what = if action == GO {
            "go".to_string()
        } else if action < 52 {
            format!("card {}", card_of(action as u32))
        } else {
            return Error::IllegalMove(format!(
                "action {action} is out of range: actions are 0..{}",
                NUM_ACTIONS - 1
            ));
        };
        if self.game.is_over() {
            return Error::IllegalMove(format!("the game is over; action {action} ({what})"));
        }
        Error::IllegalMove(format!(
            "action {action} ({what}) is not legal now; legal actions: {:?}",
            encode::actions_of(legal)
        ))
    }
}

/// How the one-seat environments reward the agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// +1 for a win, -1 for a loss, at the end; 0 before.
    Win,
    /// +/- the game points (1, 2 for a skunk, 3 for a double skunk) at the end.
    GamePoints,
    /// Every step: points the agent's side gained minus the opponent's.
    Points,
}

impl Reward {
    pub fn parse(name: &str) -> Result<Reward> {
        match name {
            "win" => Ok(Reward::Win),
            "game_points" => Ok(Reward::GamePoints),
            "points" => Ok(Reward::Points),
            _ => Err(Error::Invalid(format!(
                "unknown reward {name:?}: use \"win\", \"game_points\" or \"points\""
            ))),
        }
    }
}

/// What each side earns from a step of a game where every seat learns
/// (partners share a side): with [`Reward::Win`] +1 to the winning side and
/// -1/(sides - 1) to each other side once the game is over (zero-sum);
/// [`Reward::GamePoints`] the same times the game points; with
/// [`Reward::Points`] every step a side's points `gained` minus the mean of
/// the other sides' gains. Sides past `game.config().sides()` get 0.
pub fn side_rewards(game: &Game, gained: &[u16; MAX_SEATS], reward: Reward) -> [f32; MAX_SEATS] {
    let sides = game.config().sides();
    let others = (sides - 1) as f32;
    let mut out = [0.0f32; MAX_SEATS];
    if reward == Reward::Points {
        let total: f32 = gained[..sides].iter().map(|&g| f32::from(g)).sum();
        for (r, &g) in out.iter_mut().zip(&gained[..sides]) {
            *r = f32::from(g) - (total - f32::from(g)) / others;
        }
        return out;
    }
    let Some(winner) = game.winner() else {
        return out;
    };
    let scale = match reward {
        Reward::GamePoints => f32::from(game.game_points()),
        _ => 1.0,
    };
    for (side, r) in out[..sides].iter_mut().enumerate() {
        *r = if side == winner {
            scale
        } else {
            -scale / others
        };
    }
    out
}

/// The agent plays seat 0 of a 2-player game against a [`Policy`]; the
/// first dealer is cut for, so the agent deals first in about half the games.
#[derive(Clone, Debug)]
pub struct SoloEnv {
    table: Table,
    opponent: Policy,
    opponent_rng: Rng,
    reward: Reward,
    target: u16,
}

/// The agent's seat in [`SoloEnv`].
pub const AGENT: usize = 0;

impl SoloEnv {
    /// An environment (call [`SoloEnv::reset`] before stepping).
    pub fn new(opponent: &str, reward: Reward, target: impl Into<i64>) -> Result<SoloEnv> {
        let table = Table::new(2, target, 0)?;
        let target = table.game().config().target;
        Ok(SoloEnv {
            table,
            opponent: policy(opponent)?,
            opponent_rng: Rng::new(0),
            reward,
            target,
        })
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// A new game from `seed` (the deals and the opponent's choices).
    pub fn reset(&mut self, seed: u64) {
        self.table = Table::new(2, self.target, seed).expect("checked in new");
        self.opponent_rng = Rng::new(seed ^ 0x0990_0E47_5EED_0001);
        self.run_opponent();
    }

    /// Plays the opponent until the agent is to move or the game is over;
    /// returns the points per side it caused.
    fn run_opponent(&mut self) -> [u16; MAX_SEATS] {
        let mut gained = [0u16; MAX_SEATS];
        while let Some(seat) = self.table.game.to_move() {
            if seat == AGENT {
                break;
            }
            let mv = (self.opponent)(&self.table.game, &mut self.opponent_rng);
            let got = self
                .table
                .apply_move(mv)
                .expect("a built-in opponent plays legal moves");
            for (g, x) in gained.iter_mut().zip(got) {
                *g += x;
            }
        }
        gained
    }

    /// The agent's action, then the opponent's replies: `(reward, terminated)`.
    pub fn step(&mut self, action: usize) -> Result<(f32, bool)> {
        let mut gained = self.table.step(action)?;
        for (g, x) in gained.iter_mut().zip(self.run_opponent()) {
            *g += x;
        }
        let game = &self.table.game;
        let over = game.is_over();
        let sign = |won: bool| if won { 1.0 } else { -1.0 };
        let reward = match self.reward {
            Reward::Points => f32::from(gained[AGENT]) - f32::from(gained[1 - AGENT]),
            _ if !over => 0.0,
            Reward::Win => sign(game.winner() == Some(AGENT)),
            Reward::GamePoints => {
                sign(game.winner() == Some(AGENT)) * f32::from(game.game_points())
            }
        };
        Ok((reward, over))
    }

    /// The agent's observation.
    pub fn observe(&self, out: &mut [f32]) {
        self.table.observe(AGENT, out);
    }

    /// The agent's legal actions as a bitmask.
    pub fn legal_actions(&self) -> u64 {
        self.table.legal_actions()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::encode::{action_of, OBS_SIZE};

    #[test]
    fn masks_match_the_engines_legal_moves() {
        for players in 2..=4u8 {
            for seed in 0..40 {
                let mut table = Table::new(players, 121, seed).unwrap();
                let mut rng = Rng::new(seed);
                while !table.game().is_over() {
                    let legal = table.legal_actions();
                    let moves = table.game().legal_moves();
                    let mut from_moves = 0u64;
                    for mv in &moves {
                        match mv {
                            Move::Discard(m) => from_moves |= m,
                            other => from_moves |= 1u64 << action_of(other).unwrap(),
                        }
                    }
                    assert_eq!(legal, from_moves & !table.pending());
                    if legal & (1 << GO) != 0 {
                        assert_eq!(legal, 1 << GO, "go only alone");
                    }
                    let a = nth_bit(legal, rng.below(legal.count_ones())) as usize;
                    table.step(a).unwrap();
                }
                assert_eq!(table.legal_actions(), 0);
            }
        }
    }

    #[test]
    fn illegal_actions_change_nothing() {
        let mut table = Table::new(2, 121, 3).unwrap();
        let legal = table.legal_actions();
        let bad = (0..53).find(|a| legal >> a & 1 == 0).unwrap();
        let err = table.step(bad).unwrap_err();
        assert!(matches!(err, Error::IllegalMove(_)), "{err}");
        assert!(table.step(99).is_err());
        assert_eq!(table.pending(), 0);
        let first = legal.trailing_zeros() as usize;
        table.step(first).unwrap();
        assert_eq!(table.pending(), 1 << first);
        assert!(table.step(first).is_err(), "the same card twice");
        assert!(table.apply_move(Move::Go).is_err());
        assert_eq!(table.pending(), 1 << first);
    }

    #[test]
    fn solo_env_is_seeded_and_ends_with_the_reward() {
        let play = |seed: u64| {
            let mut env = SoloEnv::new("random", Reward::Win, 121).unwrap();
            env.reset(seed);
            let mut rng = Rng::new(seed + 1);
            let mut obs = vec![0.0; OBS_SIZE];
            let mut trace = Vec::new();
            loop {
                env.observe(&mut obs);
                trace.push(obs.iter().sum::<f32>());
                let legal = env.legal_actions();
                let a = nth_bit(legal, rng.below(legal.count_ones())) as usize;
                let (reward, over) = env.step(a).unwrap();
                if over {
                    let won = env.table().game().winner() == Some(AGENT);
                    assert_eq!(reward, if won { 1.0 } else { -1.0 });
                    return trace;
                }
                assert_eq!(reward, 0.0);
            }
        };
        assert_eq!(play(5), play(5));
        assert_ne!(play(5), play(6));
        assert!(SoloEnv::new("nobody", Reward::Win, 121).is_err());
    }

    #[test]
    fn points_reward_sums_to_the_score_difference() {
        let mut env = SoloEnv::new("random", Reward::Points, 121).unwrap();
        env.reset(11);
        let mut rng = Rng::new(2);
        let mut total = 0.0;
        // Before the agent's first move the opponent may already have pegged.
        let start: Vec<u16> = env.table().game().scores().to_vec();
        let start = f32::from(start[0]) - f32::from(start[1]);
        loop {
            let legal = env.legal_actions();
            let a = nth_bit(legal, rng.below(legal.count_ones())) as usize;
            let (reward, over) = env.step(a).unwrap();
            total += reward;
            if over {
                break;
            }
        }
        let s = env.table().game().scores();
        assert_eq!(start + total, f32::from(s[0]) - f32::from(s[1]));
    }
}
