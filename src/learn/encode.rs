//! Observations and actions for learning agents (docs/rules.md, "The play" and
//! "Dealing": only what a seat may know at the table).
//!
//! # Actions (53)
//!
//! | action | meaning |
//! |---|---|
//! | `0..=51` | the card with that index (`(rank - 1) * 4 + suit`, suits C D H S): in the discard phase "put this card in the crib", in the play "lay this card" |
//! | `52` ([`GO`]) | say go: legal only when it is the only legal move |
//!
//! A 2-player discard of two cards is two consecutive card actions by the same
//! seat: the first card is put aside (it shows in the seat's own discards and
//! leaves its hand in the observation), the second completes the discard. Any
//! order of the two cards gives the same discard. With 3 or 4 players a
//! discard is one card action. Muggins is always off (the show counts itself).
//!
//! # Observation ([`OBS_SIZE`] = 444 `f32` values, all in `0..=1`)
//!
//! Seats are relative to the observer: "rel k" is the seat k places to its left
//! (rel 0 is the observer; with 4 players rel 2 is its partner). Sides (scores)
//! likewise: rel 0 is the observer's side.
//!
//! | offset | size | what |
//! |---|---|---|
//! | [`HAND`] = 0 | 52 | cards the seat holds now (discard: dealt cards not yet put aside; play: cards not yet laid) |
//! | [`OWN_DISCARDS`] = 52 | 52 | cards the seat gave (or is giving) to the crib this deal |
//! | [`STARTER`] = 104 | 52 | the starter, once cut |
//! | [`PILE`] = 156 | 52 | cards of the current count (since the count last reset) |
//! | [`LAID`] = 208 | 4 x 52 | every card laid this deal, plane k = laid by rel seat k |
//! | [`COUNT`] = 416 | 1 | the running count / 31 |
//! | [`PHASE`] = 417 | 3 | one-hot: discard, play, over |
//! | [`DEALER`] = 420 | 4 | one-hot rel seat of the dealer |
//! | [`TO_MOVE`] = 424 | 4 | one-hot rel seat to move (all 0 once over) |
//! | [`SAID_GO`] = 428 | 4 | rel seats that said go in this count |
//! | [`HELD`] = 432 | 4 | cards still held per rel seat / 6 (public: everyone sees the backs) |
//! | [`SCORES`] = 436 | 4 | score per rel side / target, capped at 1 (unused sides 0) |
//! | [`PLAYERS`] = 440 | 3 | one-hot: 2, 3, 4 players |
//! | [`TO_DISCARD`] = 443 | 1 | cards the seat still has to give to the crib / 2 |
//!
//! Nothing another seat holds, nor the crib's other cards, nor the stock, ever
//! reaches an observation (tested by resampling the hidden cards with
//! [`crate::bots::search::determinize`]).

use crate::rules::game::{Game, Move, Phase};
use crate::rules::observe::Observation;
use crate::rules::play::mask_cards;

/// Number of actions: 52 cards and go.
pub const NUM_ACTIONS: usize = 53;
/// The go action.
pub const GO: usize = 52;
/// Length of one observation.
pub const OBS_SIZE: usize = 444;

pub const HAND: usize = 0;
pub const OWN_DISCARDS: usize = 52;
pub const STARTER: usize = 104;
pub const PILE: usize = 156;
pub const LAID: usize = 208;
pub const COUNT: usize = 416;
pub const PHASE: usize = 417;
pub const DEALER: usize = 420;
pub const TO_MOVE: usize = 424;
pub const SAID_GO: usize = 428;
pub const HELD: usize = 432;
pub const SCORES: usize = 436;
pub const PLAYERS: usize = 440;
pub const TO_DISCARD: usize = 443;

/// An element type observations can be written in: `f32` (every value in
/// `0..=1`) or `u8` (the whole numbers behind them; see [`DENOMINATORS`]).
pub trait ObsValue: Copy + Send + Sync + 'static {
    const ZERO: Self;
    const ONE: Self;
    /// `num / den` as this type (`u8`: `num` itself; callers keep it <= 255).
    fn ratio(num: u16, den: u16) -> Self;
}

impl ObsValue for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    #[inline]
    fn ratio(num: u16, den: u16) -> f32 {
        f32::from(num) / f32::from(den)
    }
}

impl ObsValue for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
    #[inline]
    fn ratio(num: u16, _den: u16) -> u8 {
        num.min(255) as u8
    }
}

/// What divides each `u8` observation value to give the `f32` one: 1 for the
/// 0/1 slots, 31 for the count, 6 for cards held, the target for scores
/// (`u8` observations need a target of at most 255), 2 for cards to discard.
pub fn denominators(target: u16) -> [u16; OBS_SIZE] {
    let mut d = [1u16; OBS_SIZE];
    d[COUNT] = 31;
    d[HELD..HELD + 4].fill(6);
    d[SCORES..SCORES + 4].fill(target);
    d[TO_DISCARD] = 2;
    d
}

/// Writes the cards of a bitmask as ones at `base + index`.
fn set_cards<T: ObsValue>(out: &mut [T], base: usize, mask: u64) {
    let mut rest = mask;
    while rest != 0 {
        out[base + rest.trailing_zeros() as usize] = T::ONE;
        rest &= rest - 1;
    }
}

/// The observation of `seat` into `out` (length [`OBS_SIZE`]). `pending` is
/// the card mask the seat to move has put aside in an unfinished 2-card
/// discard (0 if none); it is only shown to that seat.
///
/// # Panics
/// If `out` is shorter than [`OBS_SIZE`] or `seat` is not a seat of the game.
pub fn encode(game: &Game, seat: usize, pending: u64, out: &mut [f32]) {
    encode_as(game, seat, pending, out);
}

/// [`encode`] into any [`ObsValue`] type (`u8`: whole numbers, see
/// [`denominators`]).
pub fn encode_as<T: ObsValue>(game: &Game, seat: usize, pending: u64, out: &mut [T]) {
    let out = &mut out[..OBS_SIZE];
    out.fill(T::ZERO);
    let n = usize::from(game.config().players);
    assert!(seat < n, "seat {seat} is not at a {n}-player table");
    let obs = Observation::from_game(game, seat);
    let rel = |s: usize| (s + n - seat) % n;
    let mine = pending_of(&obs, seat, pending);

    set_cards(out, HAND, obs.hand.mask() & !mine);
    set_cards(out, OWN_DISCARDS, obs.discards.mask() | mine);
    if let Some(starter) = obs.starter {
        out[STARTER + usize::from(starter.index())] = T::ONE;
    }
    for &card in obs.pile() {
        out[PILE + usize::from(card.index())] = T::ONE;
    }
    out[COUNT] = T::ratio(u16::from(obs.count), 31);
    for s in (0..n).filter(|&s| obs.said_go[s]) {
        out[SAID_GO + rel(s)] = T::ONE;
    }
    for &(s, card) in obs.laid_order() {
        out[LAID + 52 * rel(usize::from(s)) + usize::from(card.index())] = T::ONE;
    }
    let phase_slot = match obs.phase {
        Phase::Discard => 0,
        Phase::Play | Phase::Count | Phase::Claim => 1,
        Phase::Over => 2,
    };
    out[PHASE + phase_slot] = T::ONE;
    out[DEALER + rel(obs.dealer)] = T::ONE;
    if let Some(s) = obs.to_move {
        out[TO_MOVE + rel(s)] = T::ONE;
    }
    for s in 0..n {
        // A card put aside in an unfinished discard is face down: not held.
        let held = u32::from(obs.held[s]) - pending_of(&obs, s, pending).count_ones();
        out[HELD + rel(s)] = T::ratio(held as u16, 6);
    }
    let sides = obs.config.sides();
    let target = obs.config.target;
    for (side, &score) in obs.side_scores().iter().enumerate() {
        let r = (side + sides - obs.side()) % sides;
        out[SCORES + r] = T::ratio(score.min(target), target);
    }
    out[PLAYERS + n - 2] = T::ONE;
    if obs.phase == Phase::Discard && obs.discards.is_empty() {
        let left = obs.config.discards() - mine.count_ones() as usize;
        out[TO_DISCARD] = T::ratio(left as u16, 2);
    }
}

/// The pending mask if `s` is the seat to move in the discard phase.
fn pending_of(obs: &Observation, s: usize, pending: u64) -> u64 {
    if obs.phase == Phase::Discard && obs.to_move == Some(s) {
        pending
    } else {
        0
    }
}

/// The legal actions of the seat to move as a bitmask (bit `a` = action `a`;
/// bit 52 = go). 0 once the game is over. Only the phases of a game without
/// muggins have actions.
pub fn legal_actions(game: &Game, pending: u64) -> u64 {
    let Some(seat) = game.to_move() else {
        return 0;
    };
    match game.phase() {
        Phase::Discard => game.hand(seat) & !pending,
        Phase::Play => match game.pegging() {
            Some(play) => {
                let lays = play.legal_lays();
                if lays == 0 {
                    1u64 << GO
                } else {
                    lays
                }
            }
            None => 0,
        },
        Phase::Count | Phase::Claim | Phase::Over => 0,
    }
}

/// Writes a legal-action bitmask as 0/1 bytes (length [`NUM_ACTIONS`]).
pub fn write_mask(mask: u64, out: &mut [i8]) {
    for (a, slot) in out[..NUM_ACTIONS].iter_mut().enumerate() {
        *slot = ((mask >> a) & 1) as i8;
    }
}

/// The action of a game move (discards of one card only), if it has one.
pub fn action_of(mv: &Move) -> Option<usize> {
    match mv {
        Move::Lay(card) => Some(usize::from(card.index())),
        Move::Discard(mask) if mask.count_ones() == 1 => Some(mask.trailing_zeros() as usize),
        Move::Go => Some(GO),
        _ => None,
    }
}

/// The cards of a mask as actions, in index order (a convenience for tests).
pub fn actions_of(mask: u64) -> Vec<usize> {
    let mut out: Vec<usize> = mask_cards(mask & ((1u64 << 52) - 1))
        .map(|c| usize::from(c.index()))
        .collect();
    if mask & (1u64 << GO) != 0 {
        out.push(GO);
    }
    out
}
