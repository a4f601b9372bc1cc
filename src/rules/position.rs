//! A game situation seen from one seat (a *position*, as a chess player
//! would say; not the board positions of the win-probability table): the
//! board, the phase, the seat to move, the seat's cards and everything it
//! has seen this deal, and optionally the other seat's cards (a study
//! position). [`Position::from_game`] reads one out of a game and
//! [`Position::to_game`] deals the hidden cards again and continues it.
//!
//! The rules decide what is possible: a position is valid when some deal of
//! the cards the seat has not seen, replayed move by move by [`Game`], ends
//! exactly in it (the same seat to move, count and scores). Nothing here
//! restates a rule; the checks below only name the place of a wrong size.
//! Two players, in the discard or the play (without muggins the show has no
//! decision; with it, count and claim positions are not covered yet).

use crate::ground::card::{check_distinct, Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::ground::rng::{mix_seed, Rng};
use crate::rules::game::{Game, GameConfig, Move, Origin, Phase, SuppliedDeal};
use crate::rules::play::{fits_mask, mask_cards, Pegging, PlayMove, MAX_COUNT};

/// Deals of the unseen cards tried before a position is refused.
const TRIES: usize = 400;
/// Keeps the redeal of a position apart from its game's own streams.
const POSITION_SALT: u64 = 0x9051_7104_u64;

/// One seat's view of a game situation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub config: GameConfig,
    /// The seat whose view this is.
    pub seat: usize,
    pub dealer: usize,
    /// Scores per side now.
    pub scores: Vec<u16>,
    /// [`Phase::Discard`] or [`Phase::Play`].
    pub phase: Phase,
    pub to_move: usize,
    /// The seat's cards of this deal not given to the crib: the six dealt
    /// (four once it has discarded) in the discard, the four kept in the play
    /// (laid or not).
    pub hand: CardSet,
    /// What the seat gave to the crib (empty before it discards).
    pub discards: CardSet,
    pub starter: Option<Card>,
    /// The play so far this deal, in order: each lay and each go.
    pub play: Vec<PlayMove>,
    /// The running count now.
    pub count: u8,
    /// The other seat's cards, same meaning as `hand`, when known.
    pub other: Option<CardSet>,
}

/// A full deal consistent with a position: what each seat holds (kept
/// cards, or the dealt hand before its discard), its discards, the starter.
struct Deal {
    hands: [CardSet; 2],
    discards: [CardSet; 2],
    starter: Card,
}

impl Position {
    /// What `seat` may know of `game` now, with the other seat's cards when
    /// `reveal`. Only 2-player games in the discard or the play.
    pub fn from_game(game: &Game, seat: usize, reveal: bool) -> Result<Position> {
        let config = game.config();
        check_players(config)?;
        if seat >= 2 {
            return Err(Error::Invalid(format!(
                "seat: a seat is 0 or 1, got {seat}"
            )));
        }
        let phase = game.phase();
        let Some(to_move) = game.to_move().filter(|_| in_scope(phase)) else {
            return Err(Error::Invalid(format!(
                "phase: positions are taken in the discard or the play, not the {}",
                phase.name()
            )));
        };
        let other = 1 - seat;
        let mut play = Vec::new();
        let mut count = 0;
        if let Some(pegging) = game.pegging().filter(|_| phase == Phase::Play) {
            play = play_with_goes(game)?;
            count = pegging.count();
        }
        Ok(Position {
            config,
            seat,
            dealer: game.dealer(),
            scores: game.scores().to_vec(),
            phase,
            to_move,
            hand: CardSet::from_mask(game.kept(seat)),
            discards: CardSet::from_mask(game.discards_of(seat)),
            starter: game.starter(),
            play,
            count,
            other: reveal.then(|| CardSet::from_mask(game.kept(other))),
        })
    }

    /// The position before move `index` of `game` (its first `index` moves
    /// replayed on a new game of the same settings; `first_dealer` as given
    /// to it), from `seat`'s view or the mover's.
    pub fn before_move(
        game: &Game,
        first_dealer: Option<usize>,
        index: usize,
        seat: Option<usize>,
        reveal: bool,
    ) -> Result<Position> {
        let moves = game.moves();
        if index > moves.len() {
            return Err(Error::Invalid(format!(
                "move_index: the game has {} moves, got {index}",
                moves.len()
            )));
        }
        let mut before = Origin::of(game, first_dealer).start(true)?;
        for (_, mv) in &moves[..index] {
            before.apply(mv.clone())?;
        }
        let seat = seat.or(before.to_move()).unwrap_or(0);
        Position::from_game(&before, seat, reveal)
    }

    /// Checks the position: the sizes and places first, then that a deal of
    /// the unseen cards replays into it under the rules.
    pub fn check(&self) -> Result<()> {
        self.to_game(0).map(|_| ())
    }

    /// A game in this position: the cards the seat has not seen are dealt at
    /// random (seeded by `seed`) among the places it cannot see, consistently
    /// with what it saw (a go tells that the other seat held no card that
    /// fit), and the game continues under the ordinary rules from `seed`.
    pub fn to_game(&self, seed: u64) -> Result<Game> {
        self.check_places()?;
        let mut rng = Rng::new(mix_seed(seed ^ POSITION_SALT, 1));
        let unseen = self.unseen();
        let known_laid = self.laid_by_other();
        let threshold = self.other_go_room(unseen, known_laid);
        let mut last = None;
        for _ in 0..TRIES {
            let deal = self.sample(unseen, known_laid, threshold, &mut rng)?;
            match self.replay(&deal, seed, None) {
                Ok(pegged) => return self.finish(&deal, seed, &pegged),
                Err(err) => last = Some(err),
            }
            // With the other seat's cards known, no other deal replays differently.
            if self.other.is_some() {
                break;
            }
        }
        Err(last.unwrap_or_else(|| Error::Invalid("no deal fits the position".into())))
    }

    fn other_has_discarded(&self) -> bool {
        let pone = 1 - self.dealer;
        let other = 1 - self.seat;
        self.phase == Phase::Play || (other == pone && self.to_move == self.dealer)
    }

    fn cards_seen(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.hand.iter().chain(self.discards).collect();
        all.extend(self.starter);
        all.extend(self.other.into_iter().flatten());
        all
    }

    fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.discards | self.other.unwrap_or(CardSet::EMPTY);
        for mv in &self.play {
            if let PlayMove::Lay(card) = mv {
                seen.insert(*card);
            }
        }
        if let Some(card) = self.starter {
            seen.insert(card);
        }
        CardSet::DECK - seen
    }

    /// Cards laid that are not the seat's own: the other seat's.
    fn laid_by_other(&self) -> CardSet {
        self.play
            .iter()
            .filter_map(|mv| match mv {
                PlayMove::Lay(card) if !self.hand.contains(*card) => Some(*card),
                _ => None,
            })
            .collect()
    }

    /// Sizes, ranges and repeated cards, each named by its field.
    fn check_places(&self) -> Result<()> {
        check_players(self.config)?;
        let bad = |why: String| Err(Error::Invalid(why));
        for (name, value) in [
            ("seat", self.seat),
            ("dealer", self.dealer),
            ("to move", self.to_move),
        ] {
            if value >= 2 {
                return bad(format!("{name}: a seat is 0 or 1, got {value}"));
            }
        }
        if self.scores.len() != 2 {
            return bad(format!(
                "scores: 2 scores for 2 players, got {}",
                self.scores.len()
            ));
        }
        let target = self.config.target;
        if let Some((side, s)) = self.scores.iter().enumerate().find(|(_, &s)| s >= target) {
            return bad(format!(
                "scores: seat {side} has {s}, at or past the target {target} (the game would be over)"
            ));
        }
        check_distinct(&self.cards_seen()).map_err(|e| Error::Invalid(format!("cards: {e}")))?;
        let laid: Vec<Card> = self
            .play
            .iter()
            .filter_map(|mv| match mv {
                PlayMove::Lay(card) => Some(*card),
                PlayMove::Go => None,
            })
            .collect();
        check_distinct(&laid).map_err(|e| Error::Invalid(format!("play: {e}")))?;
        if let Some(&card) = laid
            .iter()
            .find(|c| self.discards.contains(**c) || Some(**c) == self.starter)
        {
            return bad(format!(
                "play: {card} was laid but is also a discard or the starter"
            ));
        }
        self.check_sizes()
    }

    fn check_sizes(&self) -> Result<()> {
        match self.phase {
            Phase::Discard => self.check_discard_sizes(),
            Phase::Play => self.check_play_sizes(),
            phase => Err(Error::Invalid(format!(
                "phase: positions are taken in the discard or the play, not the {}",
                phase.name()
            ))),
        }
    }

    fn check_discard_sizes(&self) -> Result<()> {
        let bad = |why: String| Err(Error::Invalid(why));
        let (hand, discards) = (self.hand.len(), self.discards.len());
        if !matches!((hand, discards), (6, 0) | (4, 2)) {
            return bad(format!(
                "hand: in the discard a seat holds 6 cards, or 4 with 2 discards; got {hand} and {discards}"
            ));
        }
        if let Some(card) = self.starter {
            return bad(format!(
                "starter: none is cut before both seats discard, got {card}"
            ));
        }
        if !self.play.is_empty() || self.count != 0 {
            return bad("play: nothing is laid before both seats discard".into());
        }
        let want = if self.other_has_discarded() { 4 } else { 6 };
        match self.other {
            Some(other) if other.len() != want => bad(format!(
                "other: the other seat holds {want} cards now, got {}",
                other.len()
            )),
            _ => Ok(()),
        }
    }

    fn check_play_sizes(&self) -> Result<()> {
        let bad = |why: String| Err(Error::Invalid(why));
        let (hand, discards) = (self.hand.len(), self.discards.len());
        if (hand, discards) != (4, 2) {
            return bad(format!(
                "hand: in the play a seat has 4 kept cards and 2 discards; got {hand} and {discards}"
            ));
        }
        if self.starter.is_none() {
            return bad("starter: the play begins once the starter is cut".into());
        }
        if self.count > MAX_COUNT {
            return bad(format!(
                "count: the count is at most 31, got {}",
                self.count
            ));
        }
        let theirs = self.laid_by_other();
        if theirs.len() > 4 {
            return bad(format!(
                "play: the other seat laid {} cards; it kept 4",
                theirs.len()
            ));
        }
        let Some(other) = self.other else {
            return Ok(());
        };
        if other.len() != 4 {
            return bad(format!(
                "other: the other seat kept 4 cards, got {}",
                other.len()
            ));
        }
        match (theirs - other).first() {
            Some(card) => bad(format!(
                "play: {card} was laid by the other seat but is not among its cards"
            )),
            None => Ok(()),
        }
    }

    /// The least room (31 less the count) at which the other seat said go,
    /// found by replaying with its highest unseen cards (they fit least): its
    /// hidden cards must all be bigger. `MAX_COUNT` when it never said go or
    /// that replay fails (the sampled deals then decide alone).
    fn other_go_room(&self, unseen: CardSet, known_laid: CardSet) -> u8 {
        if self.phase != Phase::Play || self.other.is_some() {
            return MAX_COUNT;
        }
        let hidden = 4 - known_laid.len() as usize;
        let mut high: Vec<Card> = unseen.to_vec();
        high.sort_by_key(|c| std::cmp::Reverse(c.value()));
        let kept: CardSet = known_laid | high[..hidden.min(high.len())].iter().copied().collect();
        let other = 1 - self.seat;
        let mut hands = [self.hand, self.hand];
        hands[other] = kept;
        let Ok(mut pegging) =
            Pegging::new(&[hands[0].to_vec(), hands[1].to_vec()], 1 - self.dealer)
        else {
            return MAX_COUNT;
        };
        let mut room = MAX_COUNT;
        for &mv in &self.play {
            if mv == PlayMove::Go && pegging.to_move() == Some(other) {
                room = room.min(MAX_COUNT - pegging.count());
            }
            if pegging.apply(mv).is_err() {
                return MAX_COUNT;
            }
        }
        room
    }

    /// One deal of the unseen cards into the hidden places.
    fn sample(
        &self,
        unseen: CardSet,
        known_laid: CardSet,
        room: u8,
        rng: &mut Rng,
    ) -> Result<Deal> {
        let other = 1 - self.seat;
        let mut hands = [CardSet::EMPTY; 2];
        let mut discards = [CardSet::EMPTY; 2];
        hands[self.seat] = self.hand;
        discards[self.seat] = self.discards;
        let mut pool = unseen;
        if let Some(known) = self.other {
            hands[other] = known;
        } else {
            let held = match self.phase {
                Phase::Play => 4 - known_laid.len(),
                _ if self.other_has_discarded() => 4,
                _ => 6,
            };
            let eligible = pool - CardSet::from_mask(fits_mask(room));
            let eligible = if room < MAX_COUNT { eligible } else { pool };
            if eligible.len() < held {
                return Err(Error::Invalid(format!(
                    "play: the other seat said go with {} on the count, so its {held} unlaid cards are all over {room}, but only {} unseen cards are",
                    MAX_COUNT - room,
                    eligible.len()
                )));
            }
            let fresh = draw(eligible, held, rng);
            hands[other] = known_laid | fresh;
            pool -= fresh;
        }
        if self.other_has_discarded() {
            let fresh = draw(pool, 2, rng);
            discards[other] = fresh;
            pool -= fresh;
        }
        let starter = match self.starter {
            Some(card) => card,
            None => draw(pool, 1, rng).first().expect("the deck has cards left"),
        };
        Ok(Deal {
            hands,
            discards,
            starter,
        })
    }

    /// Plays the position's deal on a new game (scores at the start of the
    /// deal: `start`, or 0 when `None`) and returns the game; every move is
    /// checked by the rules, and the end must be this position.
    fn replay(&self, deal: &Deal, seed: u64, start: Option<&[u16]>) -> Result<Game> {
        let mut game = Game::with_first_dealer(self.config, seed, true, self.dealer)?;
        let supplied = SuppliedDeal {
            hands: (0..2)
                .map(|s| (deal.hands[s] | deal.discards[s]).to_vec())
                .collect(),
            starter: Some(deal.starter),
            crib_card: None,
            scores: Some(start.map_or(vec![0, 0], <[u16]>::to_vec)),
        };
        game.apply(Move::Deal(Box::new(supplied)))
            .map_err(|e| Error::Invalid(format!("cards: {e}")))?;
        let pone = 1 - self.dealer;
        for seat in [pone, self.dealer] {
            if !deal.discards[seat].is_empty() {
                game.apply(Move::Discard(deal.discards[seat].mask()))
                    .map_err(|e| Error::Invalid(format!("discards: {e}")))?;
            }
        }
        for (i, &mv) in self.play.iter().enumerate() {
            let step = match mv {
                PlayMove::Lay(card) => Move::Lay(card),
                PlayMove::Go => Move::Go,
            };
            game.apply(step)
                .map_err(|e| Error::Invalid(format!("play, step {} ({mv}): {e}", i + 1)))?;
        }
        if game.phase() != self.phase {
            return Err(Error::Invalid(format!(
                "phase: these moves end in the {}, not the {}",
                game.phase().name(),
                self.phase.name()
            )));
        }
        if game.to_move() != Some(self.to_move) {
            return Err(Error::Invalid(format!(
                "to move: after these moves seat {} is to move, not seat {}",
                game.to_move().map_or("none".into(), |s| s.to_string()),
                self.to_move
            )));
        }
        let count = game.pegging().map_or(0, Pegging::count);
        if count != self.count {
            return Err(Error::Invalid(format!(
                "count: the play so far makes a count of {count}, not {}",
                self.count
            )));
        }
        Ok(game)
    }

    /// The game from the deal's start scores: the points pegged this deal
    /// (his heels, the play) come off the position's scores.
    fn finish(&self, deal: &Deal, seed: u64, pegged: &Game) -> Result<Game> {
        let mut start = Vec::with_capacity(2);
        for (side, (&now, &got)) in self.scores.iter().zip(pegged.scores()).enumerate() {
            if got > now {
                return Err(Error::Invalid(format!(
                    "scores: seat {side} pegged {got} this deal but has only {now}"
                )));
            }
            start.push(now - got);
        }
        self.replay(deal, seed, Some(&start))
    }
}

fn check_players(config: GameConfig) -> Result<()> {
    if config.players != 2 {
        return Err(Error::Invalid(format!(
            "players: positions cover 2-player games, got {}",
            config.players
        )));
    }
    Ok(())
}

fn in_scope(phase: Phase) -> bool {
    matches!(phase, Phase::Discard | Phase::Play)
}

/// `k` cards drawn uniformly from `pool`.
fn draw(pool: CardSet, k: u32, rng: &mut Rng) -> CardSet {
    let mut cards = pool.to_vec();
    let k = (k as usize).min(cards.len());
    rng.shuffle_prefix(&mut cards, k);
    cards[..k].iter().copied().collect()
}

/// The game's play this deal with its goes, replayed on the kept hands:
/// a seat that is to move but does not lay next said go.
fn play_with_goes(game: &Game) -> Result<Vec<PlayMove>> {
    let hands: Vec<Vec<Card>> = (0..2).map(|s| mask_cards(game.kept(s)).collect()).collect();
    let mut pegging = Pegging::with_events(&hands, (game.dealer() + 1) % 2, false)?;
    let mut steps = Vec::new();
    for &(seat, card) in game.laid() {
        go_until(&mut pegging, Some(usize::from(seat)), &mut steps)?;
        pegging.apply(PlayMove::Lay(card))?;
        steps.push(PlayMove::Lay(card));
    }
    go_until(&mut pegging, game.to_move(), &mut steps)?;
    Ok(steps)
}

/// Says go for every seat to move until `seat` is.
fn go_until(pegging: &mut Pegging, seat: Option<usize>, steps: &mut Vec<PlayMove>) -> Result<()> {
    while pegging.to_move() != seat && !pegging.is_over() {
        pegging.apply(PlayMove::Go)?;
        steps.push(PlayMove::Go);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_of_random_games_continue_into_themselves() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut rng = Rng::new(3);
        for seed in 0..40 {
            let mut game = Game::new(config, seed, true);
            while !game.is_over() {
                let seat = rng.below(2) as usize;
                let reveal = rng.below(2) == 0;
                let pos = Position::from_game(&game, seat, reveal).unwrap();
                let again = pos.to_game(seed).unwrap();
                assert_eq!(Position::from_game(&again, seat, reveal).unwrap(), pos);
                let mut moves = game.legal_moves();
                let mv = moves.swap_remove(rng.below(moves.len() as u32) as usize);
                game.apply(mv).unwrap();
            }
        }
    }

    #[test]
    fn impossible_positions_are_refused_with_the_place() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let game = Game::with_first_dealer(config, 1, true, 0).unwrap();
        let good = Position::from_game(&game, 1, false).unwrap();
        good.check().unwrap();
        let mut bad = good.clone();
        bad.scores = vec![121, 0];
        assert!(bad.check().unwrap_err().to_string().contains("scores"));
        let mut bad = good.clone();
        bad.starter = Some(bad.hand.first().unwrap());
        assert!(bad.check().unwrap_err().to_string().contains("cards"));
        let mut bad = good.clone();
        bad.to_move = 0;
        assert!(bad.check().unwrap_err().to_string().contains("to move"));
    }
}
