//! The play (pegging): points for each card laid, and [`Pegging`], an engine
//! that plays one whole play phase for 2, 3 or 4 seats (docs/rules.md, "The play").
//!
//! Rules implemented (docs/rules.md, "The play", ACC where it is silent):
//! - Seats lay in turn starting from the leader (the seat left of the dealer);
//!   the running count may never pass 31.
//! - A card scores for its owner: count 15 = 2, count 31 = 2 (never 2 + 1 for
//!   go), pair 2 / three of a kind 6 / four of a kind 12 from the most recent
//!   cards, a run of n >= 3 from the last n cards in any order = n (longest).
//!   Pairs and runs only use cards laid since the count last reset.
//! - A seat to move that holds cards, none of which fits, must say go; go when
//!   a card fits is illegal. A seat that said go lays no more in that count;
//!   the others continue in turn, scoring as usual.
//! - When nobody can lay (no seat holds a card that fits), the count ends on
//!   its own: the last seat to lay pegs 1 ("go", or "last card" when every hand
//!   is now empty) unless the count is exactly 31, which already scored 2 and
//!   resets at once. The seat after the last to lay leads the next count.
//! - Seats out of cards are skipped. The play is over when every hand is empty.
//! - With 4 seats partners (0 and 2, 1 and 3) share points in the game score;
//!   this engine reports points per seat.
//!
//! The engine is built for simulation: hands are card bitmasks, the pile a
//! fixed array, so a [`Pegging`] is a small `Clone` value and a move never
//! allocates. The event log ([`PlayEvent`]) can be switched off.

use crate::ground::card::{check_distinct, rank_value, Card, CardSet};
use crate::ground::error::{Error, Result};

/// The running count may never pass this.
pub const MAX_COUNT: u8 = 31;

/// Why points were pegged during the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayKind {
    /// The count made exactly 15.
    Fifteen,
    /// The count made exactly 31 (2, never 2 + 1 for go).
    ThirtyOne,
    /// The last `n` cards share a rank (2 → 2 points, 3 → 6, 4 → 12).
    Pair(u8),
    /// The last `n` cards form a run in any order.
    Run(u8),
    /// Last to lay before nobody could, count under 31.
    Go,
    /// Last card of the whole play, count under 31.
    LastCard,
}

/// One reason for points during the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayItem {
    pub kind: PlayKind,
    pub points: u8,
}

impl PlayItem {
    /// Describes the item as players say it, e.g. "a run of 3 for 3".
    pub fn describe(&self) -> String {
        let what = match self.kind {
            PlayKind::Fifteen => "fifteen".to_string(),
            PlayKind::ThirtyOne => "thirty-one".to_string(),
            PlayKind::Pair(2) => "a pair".to_string(),
            PlayKind::Pair(3) => "a pair royal".to_string(),
            PlayKind::Pair(_) => "a double pair royal".to_string(),
            PlayKind::Run(n) => format!("a run of {n}"),
            PlayKind::Go => "go".to_string(),
            PlayKind::LastCard => "last card".to_string(),
        };
        format!("{what} for {}", self.points)
    }
}

impl PlayKind {
    /// A stable identifier: "fifteen", "thirty_one", "pair", "pair_royal",
    /// "double_pair_royal", "run", "go" or "last_card".
    pub fn name(self) -> &'static str {
        match self {
            PlayKind::Fifteen => "fifteen",
            PlayKind::ThirtyOne => "thirty_one",
            PlayKind::Pair(2) => "pair",
            PlayKind::Pair(3) => "pair_royal",
            PlayKind::Pair(_) => "double_pair_royal",
            PlayKind::Run(_) => "run",
            PlayKind::Go => "go",
            PlayKind::LastCard => "last_card",
        }
    }
}

/// Sum of counting values.
pub fn count_of(pile: &[Card]) -> u32 {
    pile.iter().map(|c| u32::from(c.value())).sum()
}

/// Checks a pile: non-empty, distinct cards, count never above 31.
pub fn validate_pile(pile: &[Card]) -> Result<()> {
    if pile.is_empty() {
        return Err(Error::Invalid(
            "the pile is empty: it needs at least the card just laid".into(),
        ));
    }
    check_distinct(pile)?;
    let count = count_of(pile);
    if count > u32::from(MAX_COUNT) {
        return Err(Error::Invalid(format!(
            "the pile counts {count}, past 31: a count resets at 31"
        )));
    }
    Ok(())
}

/// The items one laid card scores: at most one of fifteen / thirty-one, one
/// pair group and one run, so three fit in a fixed array (no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayItems {
    len: u8,
    items: [PlayItem; 3],
}

impl PlayItems {
    const FILLER: PlayItem = PlayItem {
        kind: PlayKind::Fifteen,
        points: 0,
    };

    /// No items.
    pub const EMPTY: PlayItems = PlayItems {
        len: 0,
        items: [Self::FILLER; 3],
    };

    /// Exactly one item (used for the point for go or for last card).
    pub const fn one(item: PlayItem) -> PlayItems {
        PlayItems {
            len: 1,
            items: [item, Self::FILLER, Self::FILLER],
        }
    }

    fn push(&mut self, item: PlayItem) {
        // At most three pushes per pile (see `items_for`), so this index is in range.
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[PlayItem] {
        &self.items[..self.len as usize]
    }

    /// Sum of the items' points.
    pub fn total(&self) -> u8 {
        self.as_slice().iter().map(|i| i.points).sum()
    }
}

impl std::ops::Deref for PlayItems {
    type Target = [PlayItem];
    fn deref(&self) -> &[PlayItem] {
        self.as_slice()
    }
}

/// Items rebuilt from a saved list (e.g. an unpickled event); past the third
/// item the rest are ignored, as no card scores more than three.
impl FromIterator<PlayItem> for PlayItems {
    fn from_iter<I: IntoIterator<Item = PlayItem>>(iter: I) -> PlayItems {
        let mut items = PlayItems::EMPTY;
        for item in iter.into_iter().take(3) {
            items.push(item);
        }
        items
    }
}

/// Points for the last card of `pile` (cards laid since the count last reset,
/// in order). Assumes a valid pile (see [`validate_pile`]).
pub fn score_play(pile: &[Card]) -> u8 {
    play_items(pile).total()
}

/// [`score_play`] when the pile's count is already known (searches keep a
/// running count): the same items' points, without listing them.
pub fn score_play_at(pile: &[Card], count: u8) -> u8 {
    let tail = Tail::of(pile, count);
    tail.count_kind().map_or(0, |_| COUNT_POINTS) + pair_points(tail.same) + tail.run
}

/// What a card of each rank would peg laid next on a pile: the
/// [`score_play_at`] points of every rank at once, from one pass over the
/// pile (searches weigh every possible reply).
#[derive(Clone, Copy, Debug)]
pub struct LayPoints {
    count: u8,
    /// Pair and run points by rank (index 1..=13).
    tail: [u8; 14],
}

impl LayPoints {
    /// The points of each rank laid on `pile`, whose count is `count`.
    pub fn of(pile: &[Card], count: u8) -> LayPoints {
        let mut tail = [0u8; 14];
        if let Some(last) = pile.last() {
            tail[usize::from(last.rank())] = pair_points(same_rank_tail(pile) + 1);
        }
        // The last n distinct ranks make a run of n + 1 with the rank next to
        // either end when they are consecutive, or with the one rank missing
        // between them; a longer tail overwrites a shorter one.
        let mut seen = 0u16;
        for (n, card) in pile.iter().rev().enumerate() {
            let bit = 1u16 << card.rank();
            if seen & bit != 0 {
                break;
            }
            seen |= bit;
            let n = n as u32 + 1;
            let (low, high) = (seen.trailing_zeros(), 15 - seen.leading_zeros());
            if (high - low) as usize > pile.len() {
                break; // with the next card too many ranks are missing
            }
            let run = (n + 1) as u8;
            if n < 2 {
                continue;
            }
            if high - low + 1 == n {
                if low > 1 {
                    tail[low as usize - 1] = run;
                }
                if high < 13 {
                    tail[high as usize + 1] = run;
                }
            } else if high - low == n {
                let gap = (!seen >> low).trailing_zeros() + low;
                tail[gap as usize] = run;
            }
        }
        LayPoints { count, tail }
    }

    /// The points a card of `rank` pegs (it must fit the count).
    pub fn of_rank(&self, rank: u8) -> u8 {
        let counted = count_kind(self.count + rank_value(rank)).map_or(0, |_| COUNT_POINTS);
        counted + self.tail[usize::from(rank)]
    }
}

/// The items scored by the last card of a valid pile, without allocating.
pub fn play_items(pile: &[Card]) -> PlayItems {
    // A valid pile counts at most 31, so the sum fits a u8.
    items_for(pile, count_of(pile) as u8)
}

/// Points for making 15 or 31.
const COUNT_POINTS: u8 = 2;

/// Points for the last `same` cards sharing a rank (2 → 2, 3 → 6, 4 → 12).
const fn pair_points(same: u8) -> u8 {
    if same >= 2 {
        same * (same - 1)
    } else {
        0
    }
}

/// What the last card of a pile makes: its count, how many cards at the
/// tail share its rank, and the run it ends (0 for none).
struct Tail {
    count: u8,
    same: u8,
    run: u8,
}

impl Tail {
    fn of(pile: &[Card], count: u8) -> Tail {
        let same = same_rank_tail(pile);
        // Two cards of a rank at the tail end every run.
        let run = if same >= 2 { 0 } else { run_tail(pile) };
        Tail { count, same, run }
    }

    fn count_kind(&self) -> Option<PlayKind> {
        count_kind(self.count)
    }
}

/// What a count of `total` scores, if anything: 15 or 31.
const fn count_kind(total: u8) -> Option<PlayKind> {
    match total {
        15 => Some(PlayKind::Fifteen),
        MAX_COUNT => Some(PlayKind::ThirtyOne),
        _ => None,
    }
}

/// The items for the last card of `pile` when its count is already known
/// (the engine keeps a running count).
fn items_for(pile: &[Card], count: u8) -> PlayItems {
    let tail = Tail::of(pile, count);
    let mut items = PlayItems::EMPTY;
    if let Some(kind) = tail.count_kind() {
        items.push(PlayItem {
            kind,
            points: COUNT_POINTS,
        });
    }
    if tail.same >= 2 {
        items.push(PlayItem {
            kind: PlayKind::Pair(tail.same),
            points: pair_points(tail.same),
        });
    }
    if tail.run >= 3 {
        items.push(PlayItem {
            kind: PlayKind::Run(tail.run),
            points: tail.run,
        });
    }
    items
}

/// How many of the most recent cards share the last card's rank.
fn same_rank_tail(pile: &[Card]) -> u8 {
    let Some(last) = pile.last() else { return 0 };
    pile.iter()
        .rev()
        .take_while(|c| c.rank() == last.rank())
        .count() as u8
}

/// The longest n >= 3 such that the last n cards are n consecutive ranks.
fn run_tail(pile: &[Card]) -> u8 {
    let mut best = 0;
    // Ranks seen so far, as bits: n cards make a run when their n bits are
    // consecutive.
    let mut seen = 0u16;
    for (n, card) in pile.iter().rev().enumerate() {
        let bit = 1u16 << card.rank();
        if seen & bit != 0 {
            break; // a repeated rank ends every longer run too
        }
        seen |= bit;
        let n = n as u32 + 1;
        let span = 16 - seen.leading_zeros() - seen.trailing_zeros();
        if span as usize > pile.len() {
            break; // no run of the pile's cards spans more ranks than it holds
        }
        if n >= 3 && span == n {
            best = n as u8;
        }
    }
    best
}

/// Most seats at one table (the one home of this number).
pub const MAX_SEATS: usize = 4;
/// Most cards a seat may hold at the start of the play (6 allows a hand
/// before discarding; in a real deal every seat holds 4).
pub const MAX_HAND: usize = 6;
/// Most cards one count can hold: the smallest values 1,1,1,1,2,2,2,2,3,3,3,3,4
/// already count 28 with 13 cards, so a 14th card would pass 31.
pub const MAX_PILE: usize = 13;
/// Every card of the deck as a bitmask.
pub(crate) const ALL_CARDS: u64 = CardSet::DECK.mask();

/// Bitmask of the cards whose value is at most `room` (cards are ordered by
/// rank, so values 1..=9 are the first `4 * room` bits and 10 covers the rest).
pub(crate) const fn fits_mask(room: u8) -> u64 {
    if room >= 10 {
        ALL_CARDS
    } else {
        (1u64 << (4 * room as u32)) - 1
    }
}

/// The lowest card of each rank in `mask` (4 bits per rank): the play scores
/// ranks only, so one card of a rank stands for all.
pub(crate) const fn one_per_rank(mask: u64) -> u64 {
    const ABOVE_1: u64 = 0xEEEE_EEEE_EEEE_EEEE;
    const ABOVE_2: u64 = 0xCCCC_CCCC_CCCC_CCCC;
    const ABOVE_3: u64 = 0x8888_8888_8888_8888;
    mask & !(mask << 1 & ABOVE_1 | mask << 2 & ABOVE_2 | mask << 3 & ABOVE_3)
}

/// How many cards of each rank `mask` holds, 4 bits per rank: two hands
/// with equal counts peg alike (the play scores ranks only).
pub(crate) const fn rank_counts(mask: u64) -> u64 {
    let pairs = mask - (mask >> 1 & 0x5555_5555_5555_5555);
    (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333)
}

/// The cards of a bitmask in index order.
pub fn mask_cards(mask: u64) -> impl Iterator<Item = Card> {
    CardSet::from_mask(mask).iter()
}

/// One move of the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayMove {
    /// Lay this card from the hand of the seat to move.
    Lay(Card),
    /// Say go: only legal when no card held fits.
    Go,
}

impl std::fmt::Display for PlayMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayMove::Lay(card) => card.fmt(f),
            PlayMove::Go => f.write_str("go"),
        }
    }
}

/// What happened in one [`PlayEvent`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The seat laid a card (points for 15, 31, pairs, runs).
    Lay,
    /// The seat said go (never points).
    Go,
    /// Nobody could lay: the last seat to lay pegs 1 and the count resets.
    GoPoint,
    /// The last card of the whole play, count under 31: 1 point.
    LastCard,
}

impl EventKind {
    /// "lay", "go", "go_point" or "last_card".
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Lay => "lay",
            EventKind::Go => "go",
            EventKind::GoPoint => "go_point",
            EventKind::LastCard => "last_card",
        }
    }
}

/// One entry of the play's log.
///
/// `count` is the count announced with the event: after the card for a lay,
/// the count at which the seat said go, and the count that ended for a go
/// point or last card (the count then resets to 0, as it does after a lay
/// that makes 31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayEvent {
    pub seat: u8,
    pub kind: EventKind,
    pub card: Option<Card>,
    pub count: u8,
    pub items: PlayItems,
}

impl PlayEvent {
    pub fn points(&self) -> u8 {
        self.items.total()
    }
}

/// The hands of the play as masks: at most [`MAX_HAND`] cards a seat, no card
/// twice.
fn hand_masks<H: AsRef<[Card]>>(hands: &[H]) -> Result<[u64; MAX_SEATS]> {
    let mut masks = [0u64; MAX_SEATS];
    for (seat, hand) in hands.iter().enumerate() {
        let hand = hand.as_ref();
        if hand.len() > MAX_HAND {
            return Err(Error::Invalid(format!(
                "seat {seat} holds {} cards: a seat holds 0 to {MAX_HAND} in the play",
                hand.len()
            )));
        }
        for &card in hand {
            let bit = card.bit();
            if let Some(other) = (0..seat).find(|&s| masks[s] & bit != 0) {
                return Err(Error::Invalid(format!(
                    "card {card} is dealt to both seat {other} and seat {seat}"
                )));
            }
            if masks[seat] & bit != 0 {
                return Err(Error::Invalid(format!(
                    "card {card} appears twice in seat {seat}'s hand"
                )));
            }
            masks[seat] |= bit;
        }
    }
    Ok(masks)
}

/// Legal moves of the seat to move: the cards that fit, or go alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveList {
    len: u8,
    moves: [PlayMove; MAX_HAND],
}

impl std::ops::Deref for MoveList {
    type Target = [PlayMove];
    fn deref(&self) -> &[PlayMove] {
        &self.moves[..self.len as usize]
    }
}

/// One play phase, move by move. See the module documentation for the rules.
///
/// ```
/// use cribbage_fast::{parse_cards, Pegging, PlayMove};
///
/// let hands = [parse_cards("5H 10S").unwrap(), parse_cards("10D 5C").unwrap()];
/// let mut play = Pegging::new(&hands, 0).unwrap();
/// play.apply(PlayMove::Lay("5H".parse().unwrap())).unwrap();
/// play.apply(PlayMove::Lay("10D".parse().unwrap())).unwrap(); // fifteen for 2
/// assert_eq!(play.points(), &[0, 2]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pegging {
    seats: u8,
    hands: [u64; MAX_SEATS],
    pile: [Card; MAX_PILE],
    pile_len: u8,
    count: u8,
    /// Seat to move; meaningless once the play is over.
    to_move: u8,
    /// Bit per seat that said go in this count.
    said_go: u8,
    /// The seat that laid the most recent card (of the whole play).
    last_to_lay: u8,
    over: bool,
    points: [u16; MAX_SEATS],
    record: bool,
    events: Vec<PlayEvent>,
}

impl Pegging {
    /// A play phase with event recording on. `hands` holds each seat's cards in
    /// seat order (2..=4 seats, 0..=6 cards each, no card twice); `leader`
    /// lays first (seats out of cards are skipped).
    pub fn new<H: AsRef<[Card]>>(hands: &[H], leader: usize) -> Result<Pegging> {
        Pegging::with_events(hands, leader, true)
    }

    /// As [`Pegging::new`], recording events only when `record` is true (off,
    /// nothing is allocated and [`Pegging::events`] stays empty).
    pub fn with_events<H: AsRef<[Card]>>(
        hands: &[H],
        leader: usize,
        record: bool,
    ) -> Result<Pegging> {
        if !(2..=MAX_SEATS).contains(&hands.len()) {
            return Err(Error::Invalid(format!(
                "the play needs 2, 3 or 4 hands (one per seat), got {}",
                hands.len()
            )));
        }
        if leader >= hands.len() {
            return Err(Error::Invalid(format!(
                "leader must be a seat 0..{}, got {leader}",
                hands.len() - 1
            )));
        }
        let masks = hand_masks(hands)?;
        let seats = hands.len() as u8;
        let mut play = Pegging {
            seats,
            hands: masks,
            pile: [Card::MIN; MAX_PILE],
            pile_len: 0,
            count: 0,
            to_move: 0,
            said_go: 0,
            // So that "the seat after the last to lay" is the leader.
            last_to_lay: (leader as u8 + seats - 1) % seats,
            over: false,
            points: [0; MAX_SEATS],
            record,
            events: if record {
                Vec::with_capacity(32)
            } else {
                Vec::new()
            },
        };
        play.advance(leader as u8);
        Ok(play)
    }

    /// Number of seats, 2..=4.
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// The seat whose turn it is, or `None` once the play is over.
    pub fn to_move(&self) -> Option<usize> {
        (!self.over).then_some(usize::from(self.to_move))
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The running count (0 right after a reset).
    pub fn count(&self) -> u8 {
        self.count
    }

    /// Cards laid since the count last reset, in order.
    pub fn pile(&self) -> &[Card] {
        &self.pile[..usize::from(self.pile_len)]
    }

    /// The cards `seat` still holds, as a bitmask of card indexes.
    pub fn hand_mask(&self, seat: usize) -> u64 {
        self.hands.get(seat).copied().unwrap_or(0)
    }

    /// The cards `seat` still holds, in index order.
    pub fn hand(&self, seat: usize) -> impl Iterator<Item = Card> {
        mask_cards(self.hand_mask(seat))
    }

    /// Points pegged so far, per seat.
    pub fn points(&self) -> &[u16] {
        &self.points[..self.seats()]
    }

    /// Replaces the unlaid cards of `seat` by as many others (search deals
    /// the cards a seat cannot see again; the count of cards is unchanged).
    pub(crate) fn replace_hand(&mut self, seat: usize, cards: u64) {
        debug_assert_eq!(self.hands[seat].count_ones(), cards.count_ones());
        self.hands[seat] = cards;
    }

    /// Whether `seat` said go in the current count.
    pub fn said_go(&self, seat: usize) -> bool {
        seat < MAX_SEATS && self.said_go & (1 << seat) != 0
    }

    /// The log so far (empty when recording is off).
    pub fn events(&self) -> &[PlayEvent] {
        &self.events
    }

    /// The cards the seat to move may lay, as a bitmask (0 when it must say go
    /// or the play is over).
    pub fn legal_lays(&self) -> u64 {
        if self.over {
            return 0;
        }
        self.hands[usize::from(self.to_move)] & fits_mask(MAX_COUNT - self.count)
    }

    /// Every legal move: the cards that fit in index order, or go alone; empty
    /// once the play is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList {
            len: 0,
            moves: [PlayMove::Go; MAX_HAND],
        };
        if self.over {
            return list;
        }
        let lays = self.legal_lays();
        if lays == 0 {
            list.len = 1;
            return list;
        }
        for card in mask_cards(lays) {
            list.moves[usize::from(list.len)] = PlayMove::Lay(card);
            list.len += 1;
        }
        list
    }

    /// Checks a move without changing anything; `Ok` carries the seat to move.
    pub fn check(&self, mv: PlayMove) -> Result<usize> {
        if self.over {
            return Err(Error::IllegalMove(format!(
                "the play is over: no more moves ({mv} was tried)"
            )));
        }
        let seat = usize::from(self.to_move);
        let hand = self.hands[seat];
        match mv {
            PlayMove::Lay(card) => {
                if hand & card.bit() == 0 {
                    let held =
                        crate::ground::card::format_cards(&self.hand(seat).collect::<Vec<_>>());
                    let owner = (0..self.seats()).find(|&s| self.hands[s] & card.bit() != 0);
                    let whose = match owner {
                        Some(s) => format!(" (seat {s} holds it)"),
                        None => String::new(),
                    };
                    return Err(Error::IllegalMove(format!(
                        "seat {seat} to move does not hold {card}{whose}; it holds {held}"
                    )));
                }
                let after = u16::from(self.count) + u16::from(card.value());
                if after > u16::from(MAX_COUNT) {
                    return Err(Error::IllegalMove(format!(
                        "seat {seat} cannot lay {card}: the count would go from {} to {after}, past 31",
                        self.count
                    )));
                }
            }
            PlayMove::Go => {
                let fits = hand & fits_mask(MAX_COUNT - self.count);
                if fits != 0 {
                    let cards =
                        crate::ground::card::format_cards(&mask_cards(fits).collect::<Vec<_>>());
                    return Err(Error::IllegalMove(format!(
                        "seat {seat} cannot say go at count {}: it can lay {cards}",
                        self.count
                    )));
                }
            }
        }
        Ok(seat)
    }

    /// Plays a move for the seat to move. Returns the points each seat pegged
    /// as a result (the mover's points for a card, and the point for go or
    /// last card when the count ends with it). An illegal move changes nothing.
    pub fn apply(&mut self, mv: PlayMove) -> Result<[u8; MAX_SEATS]> {
        let seat = self.check(mv)?;
        let mut gained = [0u8; MAX_SEATS];
        match mv {
            PlayMove::Lay(card) => {
                self.hands[seat] &= !card.bit();
                self.pile[usize::from(self.pile_len)] = card;
                self.pile_len += 1;
                self.count += card.value();
                let items = items_for(self.pile(), self.count);
                let points = items.total();
                gained[seat] = points;
                self.points[seat] += u16::from(points);
                self.last_to_lay = seat as u8;
                self.log(seat, EventKind::Lay, Some(card), items);
                if self.count == MAX_COUNT {
                    self.reset();
                }
            }
            PlayMove::Go => {
                self.said_go |= 1 << seat;
                self.log(seat, EventKind::Go, None, PlayItems::EMPTY);
            }
        }
        self.end_count_if_stuck(&mut gained);
        let next = if self.pile_len == 0 {
            self.last_to_lay + 1
        } else {
            seat as u8 + 1
        };
        self.advance(if next >= self.seats {
            next - self.seats
        } else {
            next
        });
        Ok(gained)
    }

    /// Lays `card` for the seat to move (see [`Pegging::apply`]).
    pub fn lay(&mut self, card: Card) -> Result<[u8; MAX_SEATS]> {
        self.apply(PlayMove::Lay(card))
    }

    /// Says go for the seat to move (see [`Pegging::apply`]).
    pub fn go(&mut self) -> Result<[u8; MAX_SEATS]> {
        self.apply(PlayMove::Go)
    }

    fn log(&mut self, seat: usize, kind: EventKind, card: Option<Card>, items: PlayItems) {
        if self.record {
            self.events.push(PlayEvent {
                seat: seat as u8,
                kind,
                card,
                count: self.count,
                items,
            });
        }
    }

    fn reset(&mut self) {
        self.count = 0;
        self.pile_len = 0;
        self.said_go = 0;
    }

    fn all_hands(&self) -> u64 {
        self.hands.iter().fold(0, |all, &h| all | h)
    }

    /// When a count is under way and no seat holds a card that fits, the last
    /// seat to lay pegs 1 (go, or last card once every hand is empty) and the
    /// count resets. A count of 31 has already reset in `apply`.
    fn end_count_if_stuck(&mut self, gained: &mut [u8; MAX_SEATS]) {
        if self.pile_len == 0 || self.all_hands() & fits_mask(MAX_COUNT - self.count) != 0 {
            return;
        }
        let seat = usize::from(self.last_to_lay);
        let (kind, item) = if self.all_hands() == 0 {
            (EventKind::LastCard, PlayKind::LastCard)
        } else {
            (EventKind::GoPoint, PlayKind::Go)
        };
        gained[seat] += 1;
        self.points[seat] += 1;
        let items = PlayItems::one(PlayItem {
            kind: item,
            points: 1,
        });
        self.log(seat, kind, None, items);
        self.reset();
    }

    /// Gives the turn to the first seat from `start` on (cyclically) that holds
    /// cards and has not said go, or ends the play when every hand is empty.
    fn advance(&mut self, start: u8) {
        if self.all_hands() == 0 {
            self.over = true;
            return;
        }
        // Seats that hold cards and have not said go, as bits; the first at or
        // after `start`, wrapping round (no division on this hot path).
        let open = (0..self.seats).fold(0u8, |m, s| {
            m | (u8::from(self.hands[usize::from(s)] != 0) << s)
        }) & !self.said_go;
        let from_start = open & (u8::MAX << start);
        let pick = if from_start != 0 { from_start } else { open };
        if pick != 0 {
            self.to_move = pick.trailing_zeros() as u8;
            return;
        }
        // Unreachable while the invariants hold: somebody holding a card that
        // fits never said go, and `end_count_if_stuck` ran first.
        debug_assert!(false, "no seat can move but the play is not over");
        self.over = true;
    }
}

/// Plays `phases` random play phases for `seats` seats (4 cards each, a
/// random leader, uniformly random legal moves, no event log) and returns the
/// total points pegged, so the work cannot be optimised away. For benchmarks.
#[doc(hidden)]
pub fn random_play_phases(phases: u64, seats: usize, seed: u64) -> Result<u64> {
    if !(2..=MAX_SEATS).contains(&seats) {
        return Err(Error::Invalid(format!(
            "seats must be 2, 3 or 4, got {seats}"
        )));
    }
    let mut rng = crate::ground::rng::Rng::new(seed);
    let mut deck: [Card; 52] = [Card::MIN; 52];
    for (slot, card) in deck.iter_mut().zip(Card::deck()) {
        *slot = card;
    }
    let mut total = 0u64;
    let mut hands = [[Card::MIN; 4]; MAX_SEATS];
    for _ in 0..phases {
        // Partial Fisher-Yates: the first 4 * seats cards of the deck.
        for i in 0..4 * seats {
            let j = i + rng.below((52 - i) as u32) as usize;
            deck.swap(i, j);
        }
        for (seat, hand) in hands.iter_mut().take(seats).enumerate() {
            hand.copy_from_slice(&deck[4 * seat..4 * seat + 4]);
        }
        let leader = rng.below(seats as u32) as usize;
        let mut play = Pegging::with_events(&hands[..seats], leader, false)?;
        while !play.is_over() {
            let lays = play.legal_lays();
            let mv = if lays == 0 {
                PlayMove::Go
            } else {
                let mut pick = rng.below(lays.count_ones());
                let mut rest = lays;
                while pick > 0 {
                    rest &= rest - 1;
                    pick -= 1;
                }
                PlayMove::Lay(Card::from_index(i64::from(rest.trailing_zeros()))?)
            };
            play.apply(mv)?;
        }
        total += play.points().iter().map(|&p| u64::from(p)).sum::<u64>();
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_with_a_known_count_are_the_items_points() {
        let mut rng = crate::ground::rng::Rng::new(5);
        let deck: Vec<Card> = Card::deck().collect();
        for _ in 0..20_000 {
            let mut pile = Vec::new();
            let mut count = 0u8;
            while let Some(&card) = deck.get(rng.below(52) as usize) {
                if count + card.value() > MAX_COUNT || pile.contains(&card) {
                    break;
                }
                pile.push(card);
                count += card.value();
                assert_eq!(score_play_at(&pile, count), score_play(&pile), "{pile:?}");
            }
        }
    }

    #[test]
    fn one_per_rank_keeps_the_lowest_card_of_each_rank() {
        let mut rng = crate::ground::rng::Rng::new(3);
        for _ in 0..2000 {
            let mask = rng.draw(ALL_CARDS, 8);
            let mut expected = 0u64;
            for card in mask_cards(mask) {
                if expected >> (4 * (card.rank() - 1)) & 0xF == 0 {
                    expected |= card.bit();
                }
            }
            assert_eq!(one_per_rank(mask), expected, "{mask:#x}");
        }
        assert_eq!(one_per_rank(ALL_CARDS).count_ones(), 13);
    }

    #[test]
    fn lay_points_are_the_points_of_each_lay() {
        let mut rng = crate::ground::rng::Rng::new(6);
        let mut checked = 0;
        for _ in 0..20_000 {
            // A random valid pile: cards laid while they fit.
            let mut pile = Vec::new();
            let mut count = 0u8;
            let mut left = ALL_CARDS;
            for _ in 0..1 + rng.below(8) {
                let card = mask_cards(rng.draw(left & fits_mask(MAX_COUNT - count), 1)).next();
                let Some(card) = card else { break };
                left &= !card.bit();
                count += card.value();
                pile.push(card);
            }
            let points = LayPoints::of(&pile, count);
            for card in mask_cards(left & fits_mask(MAX_COUNT - count)) {
                let mut next = pile.clone();
                next.push(card);
                let expected = score_play_at(&next, count + card.value());
                assert_eq!(points.of_rank(card.rank()), expected, "{next:?}");
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn rank_counts_count_the_cards_of_each_rank() {
        let mut rng = crate::ground::rng::Rng::new(5);
        for _ in 0..2000 {
            let mask = rng.draw(ALL_CARDS, 9);
            let counts = rank_counts(mask);
            for rank in 1..=13u8 {
                let held = mask_cards(mask).filter(|c| c.rank() == rank).count() as u64;
                assert_eq!(counts >> (4 * (rank - 1)) & 0xF, held, "{mask:#x}");
            }
        }
        assert_eq!(rank_counts(ALL_CARDS), 0x4_4444_4444_4444);
    }
    use crate::ground::card::parse_cards;

    fn points(text: &str) -> u8 {
        let pile = parse_cards(text).unwrap();
        validate_pile(&pile).unwrap();
        score_play(&pile)
    }

    #[test]
    fn play_table() {
        assert_eq!(points("4S 6H 5D"), 5); // fifteen and a run of 3
        assert_eq!(points("7S 9H 8D 6C"), 4); // run of 4 in any order
        assert_eq!(points("3S 4H 4D 5C"), 0); // a pair between breaks the run
        assert_eq!(points("5S 5H"), 2);
        assert_eq!(points("5S 5H 5D"), 8); // pair royal 6 + fifteen 2
        assert_eq!(points("2S 2H 2D 2C"), 12);
        assert_eq!(points("KS QH 4D 5C"), 0);
        assert_eq!(points("KS QH 6D 5D"), 2); // 31 is 2, not 3
        assert_eq!(points("AS 2H 3D KC 4S"), 0); // a card in between breaks it
        assert_eq!(points("KS QH AD 2C 3S"), 3);
        assert_eq!(points("QH KS AD"), 0); // ace is low
    }

    #[test]
    fn bad_piles_are_rejected() {
        assert!(validate_pile(&[]).is_err());
        let pile = parse_cards("KS QH JD 5C").unwrap();
        assert!(validate_pile(&pile).is_err());
        let pile = parse_cards("5C 5C").unwrap();
        assert!(validate_pile(&pile).is_err());
    }

    fn hands(texts: &[&str]) -> Vec<Vec<Card>> {
        texts.iter().map(|t| parse_cards(t).unwrap()).collect()
    }

    fn mv(text: &str) -> PlayMove {
        if text == "go" {
            PlayMove::Go
        } else {
            PlayMove::Lay(text.parse().unwrap())
        }
    }

    /// Plays `moves` ("KS QD go ...") and returns the log as compact lines
    /// "seat kind card count points".
    fn script(texts: &[&str], leader: usize, moves: &str) -> (Pegging, Vec<String>) {
        let mut play = Pegging::new(&hands(texts), leader).unwrap();
        for m in moves.split_whitespace() {
            play.apply(mv(m))
                .unwrap_or_else(|e| panic!("{m}: {e} in {:?}", play.events()));
        }
        let log = play
            .events()
            .iter()
            .map(|e| {
                let card = e.card.map_or("-".to_string(), |c| c.to_string());
                format!(
                    "{} {} {} {} {}",
                    e.seat,
                    e.kind.name(),
                    card,
                    e.count,
                    e.points()
                )
            })
            .collect();
        (play, log)
    }

    #[test]
    fn nobody_can_lay_at_30_the_last_to_lay_pegs_go() {
        let (play, log) = script(&["KS QS 5H 4H", "KD 9C 8C 7C"], 0, "KS KD QS");
        assert_eq!(
            log,
            [
                "0 lay KS 10 0",
                "1 lay KD 20 2",
                "0 lay QS 30 0",
                "0 go_point - 30 1"
            ]
        );
        assert_eq!(play.count(), 0);
        assert!(play.pile().is_empty());
        assert_eq!(play.to_move(), Some(1)); // the seat after the last to lay leads
        assert_eq!(play.points(), &[1, 2]);
    }

    #[test]
    fn thirty_one_is_two_not_three_and_the_next_seat_leads() {
        let (play, log) = script(&["KS QS AH 5H", "KD 9C 8C 7C"], 0, "KS KD QS go AH");
        assert_eq!(
            log,
            [
                "0 lay KS 10 0",
                "1 lay KD 20 2",
                "0 lay QS 30 0",
                "1 go - 30 0",
                "0 lay AH 31 2"
            ]
        );
        assert_eq!(play.points(), &[2, 2]);
        assert_eq!(play.to_move(), Some(1));
        assert_eq!(play.count(), 0);
    }

    #[test]
    fn the_seat_that_said_go_lays_no_more_while_the_other_scores() {
        let (play, log) = script(&["KS 9H AC AD", "QD 5C 6C 7C"], 0, "KS QD 9H go AC AD");
        assert_eq!(
            log,
            [
                "0 lay KS 10 0",
                "1 lay QD 20 0",
                "0 lay 9H 29 0",
                "1 go - 29 0",
                "0 lay AC 30 0",
                "0 lay AD 31 4" // pair and thirty-one
            ]
        );
        assert_eq!(play.to_move(), Some(1));
        assert!(!play.said_go(1)); // a new count forgets the go
    }

    #[test]
    fn last_card_and_out_of_cards_is_skipped() {
        let (play, log) = script(&["5H", "6D 4C 2S"], 0, "5H 6D 4C 2S");
        assert_eq!(
            log,
            [
                "0 lay 5H 5 0",
                "1 lay 6D 11 0",
                "1 lay 4C 15 5", // fifteen and a run of 3
                "1 lay 2S 17 0",
                "1 last_card - 17 1"
            ]
        );
        assert!(play.is_over());
        assert_eq!(play.to_move(), None);
        assert_eq!(play.points(), &[0, 6]);
        assert!(play.legal_moves().is_empty());
    }

    #[test]
    fn last_card_at_31_scores_only_the_31() {
        let (play, log) = script(&["KS 10S", "QS AS"], 0, "KS QS 10S AS");
        assert_eq!(log.last().unwrap(), "1 lay AS 31 2");
        assert!(play.is_over());
        assert_eq!(play.points(), &[0, 2]);
    }

    #[test]
    fn three_seats_two_say_go_in_turn() {
        let (play, log) = script(&["KS 9H", "QS 8H", "5S 3C 2C"], 0, "KS QS 5S go go 3C 2C");
        assert_eq!(
            log,
            [
                "0 lay KS 10 0",
                "1 lay QS 20 0",
                "2 lay 5S 25 0",
                "0 go - 25 0",
                "1 go - 25 0",
                "2 lay 3C 28 0",
                "2 lay 2C 30 0",
                "2 go_point - 30 1"
            ]
        );
        assert_eq!(play.to_move(), Some(0)); // seat 2 is out; the seat after it leads
    }

    #[test]
    fn the_leader_out_of_cards_is_skipped_and_an_empty_deal_is_over() {
        let play = Pegging::new(&hands(&["", "5H", "6H"]), 0).unwrap();
        assert_eq!(play.to_move(), Some(1));
        let play = Pegging::new(&hands(&["", ""]), 1).unwrap();
        assert!(play.is_over());
        assert!(play.events().is_empty());
    }

    #[test]
    fn four_seats_report_points_per_seat() {
        let (play, _) = script(&["5H", "5D", "5C", "5S"], 0, "5H 5D 5C 5S");
        // pair 2, pair royal 6 + fifteen 2, double pair royal 12, last card 1.
        assert_eq!(play.points(), &[0, 2, 8, 13]);
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let (mut play, _) = script(&["KS QS AH 5H", "KD 9C 8C 7C"], 0, "KS KD");
        let before = play.clone();
        let cases = [
            ("9C", "seat 0 to move does not hold 9C (seat 1 holds it)"),
            ("2D", "seat 0 to move does not hold 2D; it holds AH 5H QS"),
            ("go", "seat 0 cannot say go at count 20: it can lay AH 5H"),
        ];
        for (m, message) in cases {
            let err = play.apply(mv(m)).unwrap_err();
            assert!(matches!(err, Error::IllegalMove(_)));
            assert!(err.to_string().contains(message), "{err}");
            assert_eq!(play, before);
        }
        play.apply(mv("QS")).unwrap();
        let before = play.clone();
        let err = play.apply(mv("9C")).unwrap_err();
        assert!(err.to_string().contains("from 30 to 39, past 31"), "{err}");
        assert_eq!(play, before);
        let mut done = script(&["5H", "6D"], 0, "5H 6D").0;
        let before = done.clone();
        let err = done.apply(mv("go")).unwrap_err();
        assert!(err.to_string().contains("the play is over"), "{err}");
        assert_eq!(done, before);
    }

    #[test]
    fn bad_deals_are_rejected() {
        let bad: [(&[&str], usize, &str); 6] = [
            (&["5H"], 0, "2, 3 or 4 hands"),
            (&["5H", "6H", "7H", "8H", "9H"], 0, "2, 3 or 4 hands"),
            (&["5H", "6H"], 2, "leader must be a seat 0..1"),
            (&["5H 6H", "6H"], 0, "6H is dealt to both seat 0 and seat 1"),
            (&["5H 5H", "6H"], 0, "5H appears twice in seat 0's hand"),
            (&["AH 2H 3H 4H 5H 6H 7H", "KS"], 0, "seat 0 holds 7 cards"),
        ];
        for (texts, leader, message) in bad {
            let err = Pegging::new(&hands(texts), leader).unwrap_err();
            assert!(err.to_string().contains(message), "{err}");
            assert!(matches!(err, Error::Invalid(_)));
        }
    }

    #[test]
    fn legal_moves_are_the_cards_that_fit_or_go() {
        let (mut play, _) = script(&["KS QS AH 5H", "KD 9C 8C 7C"], 0, "KS KD");
        assert_eq!(&*play.legal_moves(), &[mv("AH"), mv("5H"), mv("QS")]);
        play.apply(mv("QS")).unwrap();
        assert_eq!(play.to_move(), Some(1));
        assert_eq!(&*play.legal_moves(), &[PlayMove::Go]); // seat 1 holds nothing that fits
        assert_eq!(play.legal_lays(), 0);
    }

    #[test]
    fn events_can_be_switched_off_and_clones_are_independent() {
        let h = hands(&["5H 6H", "5D 6D"]);
        let mut quiet = Pegging::with_events(&h, 0, false).unwrap();
        let mut loud = Pegging::new(&h, 0).unwrap();
        let copy = loud.clone();
        for m in ["5H", "5D", "6H", "6D"] {
            assert_eq!(quiet.apply(mv(m)).unwrap(), loud.apply(mv(m)).unwrap());
        }
        assert!(quiet.events().is_empty());
        assert_eq!(loud.events().len(), 5);
        assert_eq!(quiet.points(), loud.points());
        assert_eq!(copy.count(), 0);
        assert_eq!(copy.hand(0).count(), 2);
    }

    /// Whole random phases: every card is laid once, the points are the sum
    /// of the events, counts never pass 31, and the seat to move can move.
    #[test]
    fn random_phases_keep_the_invariants() {
        let mut rng = crate::ground::rng::Rng::new(7);
        for phase in 0..3000 {
            let seats = 2 + phase % 3;
            let mut deck: Vec<Card> = Card::deck().collect();
            let mut h = Vec::new();
            for _ in 0..seats {
                let size = rng.below(7) as usize;
                let mut hand = Vec::new();
                for _ in 0..size {
                    hand.push(deck.swap_remove(rng.below(deck.len() as u32) as usize));
                }
                h.push(hand);
            }
            let dealt: usize = h.iter().map(Vec::len).sum();
            let mut play = Pegging::new(&h, phase % seats).unwrap();
            let mut gained_total = 0u32;
            while !play.is_over() {
                let moves = play.legal_moves();
                assert!(!moves.is_empty());
                let m = moves[rng.below(moves.len() as u32) as usize];
                let gained = play.apply(m).unwrap();
                assert!(gained.iter().filter(|&&g| g > 0).count() <= 1);
                gained_total += gained.iter().map(|&g| u32::from(g)).sum::<u32>();
                assert!(play.count() <= 31);
            }
            let lays = play.events().iter().filter(|e| e.kind == EventKind::Lay);
            assert_eq!(lays.count(), dealt);
            let from_events: u32 = play.events().iter().map(|e| u32::from(e.points())).sum();
            let points: u32 = play.points().iter().map(|&p| u32::from(p)).sum();
            assert_eq!(from_events, points);
            assert_eq!(gained_total, points);
            let last = play.events().last();
            if let Some(last) = last {
                assert!(
                    last.kind == EventKind::LastCard || last.count == 31,
                    "{last:?}"
                );
            }
        }
    }

    #[test]
    fn random_play_phases_runs() {
        assert!(random_play_phases(1000, 2, 1).unwrap() > 0);
        assert!(random_play_phases(1000, 4, 1).unwrap() > 0);
        assert!(random_play_phases(1, 5, 1).is_err());
    }
}
