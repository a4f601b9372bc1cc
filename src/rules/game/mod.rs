//! Whole games for 2, 3 and 4 players, move by move (docs/rules.md, every section;
//! ACC tournament rules where it is silent).
//!
//! - First deal: every seat cuts, the lowest rank deals (ace low); if the
//!   lowest rank is shared, everybody cuts again.
//! - The deal: 2 players get 6 cards and discard 2; 3 players get 5, discard 1,
//!   and the crib gets one card from the deck; 4 players (partners 0+2, 1+3)
//!   get 5 and discard 1. The seat left of the dealer discards first.
//! - The starter is turned once everyone has discarded; a jack pegs 2 for the
//!   dealer at once (his heels).
//! - The play ([`Pegging`]) is led by the seat left of the dealer.
//! - The show: left of the dealer first, clockwise, the dealer's hand last, then
//!   the crib. With muggins each owner announces a count; an over-count is
//!   corrected, and the first opponent clockwise may claim missed points.
//! - The game ends the moment a side reaches the target, wherever that happens;
//!   nothing is scored after it. Scores are kept as pegged (a winning hand may
//!   carry a side past the target). Skunk: the best loser is under 91 (91 of a
//!   121 game: target - 30); double skunk: under 61 (target - 60).
//! - The deal passes to the left. A supplied deal with the wrong number of
//!   cards is a misdeal: it is refused and the same dealer deals again.
//!
//! Determinism: the game draws all randomness from its own seeded generator
//! ([`Rng`]), so the same seed and the same moves give the same game on any
//! machine. [`Game::moves`] records every move (including supplied deals), so
//! a game replays from its seed and move list.

use crate::ground::card::{format_cards, Card};
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::play::{mask_cards, Pegging, PlayEvent, PlayMove};
use crate::rules::show::his_heels;

mod deal;
mod hidden;
mod show;

pub use crate::rules::play::MAX_SEATS;
/// The usual game: 121 points.
pub const DEFAULT_TARGET: u16 = 121;
/// The most a side can end a usual game with: one short of the target, then
/// the best show.
pub const MAX_SCORE: u16 = DEFAULT_TARGET - 1 + crate::rules::show::BEST_SHOW as u16;

/// Rules switches of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    pub players: u8,
    pub target: u16,
    pub muggins: bool,
}

impl GameConfig {
    /// Checks the player count (2, 3 or 4) and target (31..=1000).
    pub fn new(
        players: impl Into<i64>,
        target: impl Into<i64>,
        muggins: bool,
    ) -> Result<GameConfig> {
        let (players, target) = (players.into(), target.into());
        if !(2..=4).contains(&players) {
            return Err(Error::Invalid(format!(
                "cribbage is played by 2, 3 or 4 players, got {players}"
            )));
        }
        if !(31..=1000).contains(&target) {
            return Err(Error::Invalid(format!(
                "the target must be between 31 and 1000 points, got {target}"
            )));
        }
        // Both fit: checked just above.
        Ok(GameConfig {
            players: players as u8,
            target: target as u16,
            muggins,
        })
    }

    /// Sides that keep a score: partners share one with 4 players.
    pub fn sides(self) -> usize {
        if self.players == 4 {
            2
        } else {
            usize::from(self.players)
        }
    }

    /// The side `seat` scores for.
    pub fn side_of(self, seat: usize) -> usize {
        if self.players == 4 {
            seat & 1
        } else {
            seat
        }
    }

    /// Cards dealt to each seat.
    pub fn hand_size(self) -> usize {
        if self.players == 2 {
            6
        } else {
            5
        }
    }

    /// Cards each seat gives to the crib.
    pub fn discards(self) -> usize {
        if self.players == 2 {
            2
        } else {
            1
        }
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Seats give cards to the crib, in turn from the left of the dealer.
    Discard,
    /// The play (pegging).
    Play,
    /// Muggins only: the owner of the hand (or crib) being shown announces it.
    Count,
    /// Muggins only: an opponent may claim points the owner missed.
    Claim,
    /// Somebody reached the target.
    Over,
}

impl Phase {
    /// Every phase, in the order a game meets them.
    pub const ALL: [Phase; 5] = [
        Phase::Discard,
        Phase::Play,
        Phase::Count,
        Phase::Claim,
        Phase::Over,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Discard => "discard",
            Phase::Play => "play",
            Phase::Count => "count",
            Phase::Claim => "claim",
            Phase::Over => "over",
        }
    }
}

/// A decision of the seat to move (or a deal supplied from outside).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Give these cards (bitmask of card indexes) to the crib.
    Discard(u64),
    /// Lay a card in the play.
    Lay(Card),
    /// Say go in the play.
    Go,
    /// Muggins: announce the points of the hand or crib being shown.
    Count(u8),
    /// Muggins: claim missed points (0 passes).
    Claim(u8),
    /// Replace the random deal: each seat's cards, the starter to turn, and
    /// (3 players) the crib's card from the deck. Not a player's move.
    Deal(Box<SuppliedDeal>),
}

/// A deal given from outside (a real table, a replay, a puzzle).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SuppliedDeal {
    pub hands: Vec<Vec<Card>>,
    pub starter: Option<Card>,
    pub crib_card: Option<Card>,
    /// The score position to play from (a puzzle); `None` keeps the scores.
    pub scores: Option<Vec<u16>>,
}

/// Where pegged points came from, for statistics ([`Game::points_by_source`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The dealer's 2 for a jack turned as the starter.
    HisHeels = 0,
    /// The play (pegging), go and last card included.
    Play = 1,
    /// A hand's show.
    Hand = 2,
    /// The crib's show.
    Crib = 3,
    /// Muggins: points claimed from an opponent's show.
    Muggins = 4,
}

/// Number of [`Source`]s.
pub const SOURCES: usize = 5;

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEvent {
    /// A round of cutting for the first deal; `dealer` is set when it decided.
    CutForDeal {
        cuts: Vec<Card>,
        dealer: Option<u8>,
    },
    /// Cards dealt (hands per seat; the crib's deck card with 3 players).
    Deal {
        number: u32,
        dealer: u8,
        hands: Vec<u64>,
        crib_card: Option<Card>,
        supplied: bool,
    },
    Discard {
        seat: u8,
        cards: u64,
    },
    /// The starter and the dealer's points for his heels.
    Starter {
        card: Card,
        his_heels: u8,
    },
    /// One event of the play.
    Peg(PlayEvent),
    /// A hand (or the crib) shown: its cards, what it is worth, what was
    /// announced (muggins) and what the owner pegged.
    Show {
        seat: u8,
        crib: bool,
        cards: u64,
        points: u8,
        announced: Option<u8>,
        pegged: u8,
    },
    /// Muggins: an opponent claimed missed points.
    Muggins {
        seat: u8,
        owner: u8,
        claimed: u8,
        pegged: u8,
    },
    /// A side reached the target.
    GameOver {
        winner: u8,
        scores: Vec<u16>,
    },
}

/// The show being counted (muggins) or about to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ShowStep {
    /// 0..players are the hands from the left of the dealer; players is the crib.
    index: u8,
    /// Muggins: points the owner missed, open to a claim.
    missed: u8,
}

/// A game of cribbage, driven one move at a time.
#[derive(Clone, Debug)]
pub struct Game {
    config: GameConfig,
    seed: u64,
    rng: Rng,
    /// Each deal shuffled by a generator of its own, seeded by the game's seed
    /// and the deal number ([`Game::with_deal_seeds`]).
    deal_seeds: bool,
    scores: [u16; MAX_SEATS],
    dealer: u8,
    deal_number: u32,
    phase: Phase,
    /// Cards held: all dealt cards until the discard, then the four kept.
    hands: [u64; MAX_SEATS],
    /// The cards each seat gave to the crib this deal.
    discards: [u64; MAX_SEATS],
    crib: u64,
    /// The crib's card from the deck (3 players).
    crib_card: Option<Card>,
    /// The undealt cards; the starter is cut from them.
    stock: Vec<Card>,
    /// A starter fixed by a supplied deal.
    fixed_starter: Option<Card>,
    starter: Option<Card>,
    pegging: Option<Pegging>,
    /// Cards laid this deal, in order, with their seats.
    laid: Vec<(u8, Card)>,
    show: ShowStep,
    winner: Option<u8>,
    /// Points pegged this game per seat and [`Source`].
    tally: [[u16; SOURCES]; MAX_SEATS],
    record: bool,
    events: Vec<GameEvent>,
    moves: Vec<(u8, Move)>,
}

/// What rebuilds a game from its moves: its settings and seed, the first
/// dealer when it was given (`None`: cut for) and whether each deal has a
/// generator of its own ([`Game::with_deal_seeds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub config: GameConfig,
    pub seed: u64,
    pub first_dealer: Option<usize>,
    pub deal_seeds: bool,
}

impl Origin {
    /// The origin of `game`, whose first dealer was `first_dealer` if given.
    pub fn of(game: &Game, first_dealer: Option<usize>) -> Origin {
        Origin {
            config: game.config(),
            seed: game.seed(),
            first_dealer,
            deal_seeds: game.deal_seeds(),
        }
    }

    /// The game before its first move (`record`: keep its log and moves).
    pub fn start(&self, record: bool) -> Result<Game> {
        let game = match self.first_dealer {
            Some(dealer) => Game::with_first_dealer(self.config, self.seed, record, dealer)?,
            None => Game::new(self.config, self.seed, record),
        };
        if self.deal_seeds {
            game.with_deal_seeds()
        } else {
            Ok(game)
        }
    }
}

impl Game {
    /// A new game: cuts for the first deal and deals. `record` keeps the event
    /// log and move list (switch off for fast simulation).
    pub fn new(config: GameConfig, seed: u64, record: bool) -> Game {
        Game::start(config, seed, record, None)
    }

    fn start(config: GameConfig, seed: u64, record: bool, dealer: Option<u8>) -> Game {
        let mut game = Game {
            config,
            seed,
            rng: Rng::new(seed),
            deal_seeds: false,
            scores: [0; MAX_SEATS],
            dealer: 0,
            deal_number: 0,
            phase: Phase::Discard,
            hands: [0; MAX_SEATS],
            discards: [0; MAX_SEATS],
            crib: 0,
            crib_card: None,
            stock: Vec::with_capacity(52),
            fixed_starter: None,
            starter: None,
            pegging: None,
            laid: Vec::with_capacity(24),
            show: ShowStep {
                index: 0,
                missed: 0,
            },
            winner: None,
            tally: [[0; SOURCES]; MAX_SEATS],
            record,
            events: Vec::new(),
            moves: Vec::new(),
        };
        game.dealer = match dealer {
            Some(dealer) => dealer,
            None => game.cut_for_deal(),
        };
        game.deal();
        game
    }

    /// A new game whose first dealer is given (no cut), e.g. to alternate the
    /// first deal over a series of games.
    pub fn with_first_dealer(
        config: GameConfig,
        seed: u64,
        record: bool,
        dealer: usize,
    ) -> Result<Game> {
        if dealer >= usize::from(config.players) {
            return Err(Error::Invalid(format!(
                "the first dealer must be a seat 0..{}, got {dealer}",
                config.players - 1
            )));
        }
        Ok(Game::start(config, seed, record, Some(dealer as u8)))
    }

    /// This new game (before its first move) with every deal's shuffle and
    /// starter drawn from a generator seeded by the game's seed and the deal
    /// number, not from one stream for the whole game: deal `k` holds the
    /// same cards for the same seats however the earlier deals were played
    /// (duplicate matches). Only the first deal is dealt again.
    pub fn with_deal_seeds(mut self) -> Result<Game> {
        if self.deal_number != 1 || self.phase != Phase::Discard || self.discards != [0; MAX_SEATS]
        {
            return Err(Error::IllegalMove(
                "deal seeds can only be set before the first move".into(),
            ));
        }
        self.deal_seeds = true;
        self.deal_number = 0;
        self.events.retain(|e| !matches!(e, GameEvent::Deal { .. }));
        self.deal();
        Ok(self)
    }

    /// Whether each deal has a generator of its own ([`Game::with_deal_seeds`]).
    pub fn deal_seeds(&self) -> bool {
        self.deal_seeds
    }

    /// This new game played from a board position (side `i` at `scores[i]`),
    /// e.g. resuming a game from a real table. Points given here are not in
    /// [`Game::points_by_source`].
    pub fn with_scores(mut self, scores: &[i64]) -> Result<Game> {
        let (sides, target) = (self.config.sides(), self.config.target);
        if scores.len() != sides {
            return Err(Error::Invalid(format!(
                "scores needs one score for each of the {sides} sides, got {}",
                scores.len()
            )));
        }
        if let Some(&s) = scores
            .iter()
            .find(|&&s| !(0..i64::from(target)).contains(&s))
        {
            return Err(Error::Invalid(format!(
                "scores must be 0 to {} (the game is not over), got {s}",
                target - 1
            )));
        }
        if self.deal_number != 1 || self.phase != Phase::Discard || self.discards != [0; MAX_SEATS]
        {
            return Err(Error::IllegalMove(
                "scores can only be set before the first move".into(),
            ));
        }
        for (slot, &s) in self.scores.iter_mut().zip(scores) {
            *slot = s as u16; // checked above
        }
        Ok(self)
    }

    // ----- reading the state -------------------------------------------------

    pub fn config(&self) -> GameConfig {
        self.config
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn dealer(&self) -> usize {
        usize::from(self.dealer)
    }

    /// Deals so far, counting the current one from 1.
    pub fn deal_number(&self) -> u32 {
        self.deal_number
    }

    /// Scores per side (per seat with 2 or 3 players, per team with 4).
    pub fn scores(&self) -> &[u16] {
        &self.scores[..self.config.sides()]
    }

    /// The winning side once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Whether events and moves are recorded.
    pub fn records(&self) -> bool {
        self.record
    }

    /// The cards `seat` holds now.
    pub fn hand(&self, seat: usize) -> u64 {
        match &self.pegging {
            Some(play) if self.phase == Phase::Play => play.hand_mask(seat),
            _ => self.hands.get(seat).copied().unwrap_or(0),
        }
    }

    /// The four cards `seat` kept for the show (its whole hand before discarding).
    pub fn kept(&self, seat: usize) -> u64 {
        self.hands.get(seat).copied().unwrap_or(0)
    }

    /// What `seat` gave to the crib this deal.
    pub fn discards_of(&self, seat: usize) -> u64 {
        self.discards.get(seat).copied().unwrap_or(0)
    }

    /// The crib once every seat has discarded (and its deck card, 3 players).
    pub fn crib(&self) -> u64 {
        self.crib
    }

    pub fn starter(&self) -> Option<Card> {
        self.starter
    }

    /// The play in progress (or just finished) this deal.
    pub fn pegging(&self) -> Option<&Pegging> {
        self.pegging.as_ref()
    }

    /// Cards laid this deal, with the seat that laid each.
    pub fn laid(&self) -> &[(u8, Card)] {
        &self.laid
    }

    /// Points each seat pegged this game, by [`Source`] (index with
    /// `Source as usize`); kept whether or not the game records events.
    pub fn points_by_source(&self) -> &[[u16; SOURCES]; MAX_SEATS] {
        &self.tally
    }

    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Every move so far with its seat (supplied deals as `Move::Deal`).
    pub fn moves(&self) -> &[(u8, Move)] {
        &self.moves
    }

    /// The seat that must move, or `None` once the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<usize> {
        match self.phase {
            Phase::Over => None,
            Phase::Discard => self.next_to_discard(),
            Phase::Play => self.pegging.as_ref().and_then(Pegging::to_move),
            Phase::Count => Some(self.show_owner()),
            Phase::Claim => Some(self.claimant()),
        }
    }

    /// The first seat from the left of the dealer that has not discarded.
    fn next_to_discard(&self) -> Option<usize> {
        let n = usize::from(self.config.players);
        let dealer = usize::from(self.dealer);
        (dealer + 1..n)
            .chain(0..=dealer)
            .find(|&s| self.discards[s] == 0)
    }

    /// Every legal move of the seat to move. Count and claim offer 0..=29.
    pub fn legal_moves(&self) -> Vec<Move> {
        let Some(seat) = self.to_move() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Discard => discard_choices(self.hands[seat], self.config.discards())
                .map(Move::Discard)
                .collect(),
            Phase::Play => self
                .pegging
                .as_ref()
                .map(|p| p.legal_moves().iter().map(|&m| play_to_move(m)).collect())
                .unwrap_or_default(),
            Phase::Count => (0..=29).map(Move::Count).collect(),
            Phase::Claim => (0..=29).map(Move::Claim).collect(),
            Phase::Over => Vec::new(),
        }
    }

    // ----- moves -------------------------------------------------------------

    /// Applies the move of the seat to move. An illegal move returns
    /// `Error::IllegalMove` and changes nothing.
    pub fn apply(&mut self, mv: Move) -> Result<()> {
        let seat = match (self.phase, &mv) {
            // The play engine checks its own moves and changes nothing on an
            // illegal one: no need to check twice.
            (Phase::Play, Move::Lay(_) | Move::Go) => self.to_move().unwrap_or(0),
            _ => self.check(&mv)?,
        };
        let recorded = self.record.then(|| mv.clone());
        match mv {
            Move::Discard(cards) => self.discard(seat, cards),
            Move::Lay(card) => self.peg(PlayMove::Lay(card))?,
            Move::Go => self.peg(PlayMove::Go)?,
            Move::Count(points) => self.count(points),
            Move::Claim(points) => self.claim(seat, points),
            Move::Deal(deal) => self.supply(*deal),
        }
        if let Some(mv) = recorded {
            self.moves.push((seat as u8, mv));
        }
        Ok(())
    }

    /// Checks a move without changing anything; `Ok` carries the seat.
    pub fn check(&self, mv: &Move) -> Result<usize> {
        let illegal = |why: String| Err(Error::IllegalMove(why));
        if let Move::Deal(deal) = mv {
            return self.check_supplied(deal).map(|()| usize::from(self.dealer));
        }
        let Some(seat) = self.to_move() else {
            return illegal(format!(
                "the game is over; no more moves ({mv:?} was tried)"
            ));
        };
        let phase = self.phase;
        match (phase, mv) {
            (Phase::Discard, Move::Discard(cards)) => {
                self.check_discard(seat, *cards)?;
            }
            (Phase::Play, Move::Lay(card)) => {
                self.play_ref().check(PlayMove::Lay(*card))?;
            }
            (Phase::Play, Move::Go) => {
                self.play_ref().check(PlayMove::Go)?;
            }
            (Phase::Count, Move::Count(p)) | (Phase::Claim, Move::Claim(p)) if *p <= 29 => {}
            (Phase::Count, Move::Count(p)) | (Phase::Claim, Move::Claim(p)) => {
                return illegal(format!("no show is worth {p}: the most is 29"));
            }
            _ => {
                return illegal(format!(
                    "seat {seat} must {} now, not {}",
                    phase_action(phase),
                    move_name(mv)
                ));
            }
        }
        Ok(seat)
    }

    fn play_ref(&self) -> &Pegging {
        self.pegging
            .as_ref()
            .expect("the play phase always has a pegging engine")
    }

    fn check_discard(&self, seat: usize, cards: u64) -> Result<()> {
        let want = self.config.discards();
        let got = cards.count_ones() as usize;
        if got != want {
            return Err(Error::IllegalMove(format!(
                "seat {seat} must give {want} card{} to the crib, not {got}",
                if want == 1 { "" } else { "s" }
            )));
        }
        let foreign = cards & !self.hands[seat];
        if foreign != 0 {
            return Err(Error::IllegalMove(format!(
                "seat {seat} does not hold {}; it holds {}",
                mask_text(foreign),
                mask_text(self.hands[seat])
            )));
        }
        Ok(())
    }

    fn discard(&mut self, seat: usize, cards: u64) {
        self.hands[seat] &= !cards;
        self.discards[seat] = cards;
        self.crib |= cards;
        self.log(GameEvent::Discard {
            seat: seat as u8,
            cards,
        });
        if self.to_move().is_none() {
            self.turn_starter();
        }
    }

    /// Cuts the starter once all have discarded; his heels may end the game.
    fn turn_starter(&mut self) {
        let starter = match self.fixed_starter.take() {
            Some(card) => card,
            None => {
                let i = self.rng.below(self.stock.len() as u32) as usize;
                self.stock.swap_remove(i)
            }
        };
        self.starter = Some(starter);
        let heels = his_heels(starter);
        self.log(GameEvent::Starter {
            card: starter,
            his_heels: heels,
        });
        if self.peg_points(usize::from(self.dealer), heels, Source::HisHeels) {
            return;
        }
        // Every seat keeps exactly four cards after the discard.
        let mut hands = [[Card::MIN; 4]; MAX_SEATS];
        for (hand, &mask) in hands.iter_mut().zip(&self.hands) {
            for (slot, card) in hand.iter_mut().zip(mask_cards(mask)) {
                *slot = card;
            }
        }
        let n = usize::from(self.config.players);
        let leader = usize::from((self.dealer + 1) % self.config.players);
        let play = Pegging::with_events(&hands[..n], leader, self.record)
            .expect("dealt hands are distinct and of the right size");
        self.pegging = Some(play);
        self.phase = Phase::Play;
    }

    /// A move of the play; an illegal one changes nothing.
    fn peg(&mut self, mv: PlayMove) -> Result<()> {
        let play = self.pegging.as_mut().expect("play phase");
        let seat = play.to_move().unwrap_or(0);
        let before = play.events().len();
        let gained = play.apply(mv)?;
        if let PlayMove::Lay(card) = mv {
            self.laid.push((seat as u8, card));
        }
        if self.record {
            let new: Vec<PlayEvent> = play.events()[before..].to_vec();
            self.events.extend(new.into_iter().map(GameEvent::Peg));
        }
        // At most one seat pegs per move (the mover, or the last to lay on a go).
        for (s, &points) in gained
            .iter()
            .enumerate()
            .take(usize::from(self.config.players))
        {
            if self.peg_points(s, points, Source::Play) {
                return Ok(());
            }
        }
        if self.play_ref().is_over() {
            self.start_show();
        }
        Ok(())
    }

    /// Adds points to the seat's side. Returns true when that wins the game.
    fn peg_points(&mut self, seat: usize, points: u8, source: Source) -> bool {
        if points == 0 {
            return false;
        }
        self.tally[seat][source as usize] += u16::from(points);
        let side = self.config.side_of(seat);
        self.scores[side] += u16::from(points);
        if self.scores[side] < self.config.target {
            return false;
        }
        self.phase = Phase::Over;
        self.winner = Some(side as u8);
        let scores = self.scores().to_vec();
        self.log(GameEvent::GameOver {
            winner: side as u8,
            scores,
        });
        true
    }

    fn log(&mut self, event: GameEvent) {
        if self.record {
            self.events.push(event);
        }
    }

    // ----- results -----------------------------------------------------------

    /// Game points for the winner: 1, 2 for a skunk (best loser under
    /// target - 30), 3 for a double skunk (under target - 60).
    pub fn game_points(&self) -> u8 {
        let Some(winner) = self.winner() else {
            return 0;
        };
        let best_loser = self
            .scores()
            .iter()
            .enumerate()
            .filter(|&(side, _)| side != winner)
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(0);
        game_points_against(best_loser, self.config.target)
    }
}

/// Game points for a win over a best loser at `best_loser`: 1, 2 for a skunk
/// (under target - 30), 3 for a double skunk (under target - 60).
pub fn game_points_against(best_loser: u16, target: u16) -> u8 {
    let (skunk, double_skunk) = skunk_lines(target);
    if best_loser < double_skunk {
        3
    } else if best_loser < skunk {
        2
    } else {
        1
    }
}

/// The skunk line and the double-skunk line of a game to `target` (91 and 61
/// of a 121 game): a best loser under the first is skunked, under the second
/// double-skunked.
pub fn skunk_lines(target: u16) -> (u16, u16) {
    (target.saturating_sub(30), target.saturating_sub(60))
}

/// Cards of a bitmask as text, e.g. "5H 6D".
pub fn mask_text(mask: u64) -> String {
    format_cards(&mask_cards(mask).collect::<Vec<_>>())
}

/// Every way to choose `k` (1 or 2) cards of `hand`, as bitmasks.
pub fn discard_choices(hand: u64, k: usize) -> impl Iterator<Item = u64> {
    let cards: Vec<u64> = mask_cards(hand).map(Card::bit).collect();
    let n = cards.len();
    let pairs: Vec<u64> = if k == 1 {
        cards
    } else {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .map(|(i, j)| cards[i] | cards[j])
            .collect()
    };
    pairs.into_iter()
}

fn play_to_move(mv: PlayMove) -> Move {
    match mv {
        PlayMove::Lay(card) => Move::Lay(card),
        PlayMove::Go => Move::Go,
    }
}

fn phase_action(phase: Phase) -> &'static str {
    match phase {
        Phase::Discard => "discard to the crib",
        Phase::Play => "lay a card or say go",
        Phase::Count => "announce the count of the show",
        Phase::Claim => "claim missed points or pass",
        Phase::Over => "stop: the game is over",
    }
}

fn move_name(mv: &Move) -> String {
    match mv {
        Move::Discard(cards) => format!("discard {}", mask_text(*cards)),
        Move::Lay(card) => format!("lay {card}"),
        Move::Go => "go".into(),
        Move::Count(p) => format!("count {p}"),
        Move::Claim(p) => format!("claim {p}"),
        Move::Deal(_) => "a new deal".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{game_points_against, skunk_lines};

    #[test]
    fn skunk_lines_of_a_121_game_are_91_and_61() {
        assert_eq!(skunk_lines(121), (91, 61));
        assert_eq!(skunk_lines(61), (31, 1));
        assert_eq!(skunk_lines(31), (1, 0));
        let points: Vec<u8> = [0, 60, 61, 90, 91, 120]
            .iter()
            .map(|&loser| game_points_against(loser, 121))
            .collect();
        assert_eq!(points, [3, 3, 2, 2, 1, 1]);
        // A game to 31: only a loser on 0 is skunked, and nobody double-skunked.
        assert_eq!(
            (game_points_against(0, 31), game_points_against(1, 31)),
            (2, 1)
        );
    }
}
