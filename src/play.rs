//! The play (pegging): points for each card laid (RULES.md, "The play").

use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};

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

/// Points for the last card of `pile` (cards laid since the count last reset,
/// in order). Assumes a valid pile (see [`validate_pile`]).
pub fn score_play(pile: &[Card]) -> u8 {
    explain_play_items(pile).iter().map(|i| i.points).sum()
}

/// The items scored by the last card of a valid pile.
pub fn explain_play_items(pile: &[Card]) -> Vec<PlayItem> {
    let mut items = Vec::with_capacity(2);
    let count = count_of(pile);
    if count == 15 {
        items.push(PlayItem {
            kind: PlayKind::Fifteen,
            points: 2,
        });
    } else if count == u32::from(MAX_COUNT) {
        items.push(PlayItem {
            kind: PlayKind::ThirtyOne,
            points: 2,
        });
    }
    let same = same_rank_tail(pile);
    if same >= 2 {
        items.push(PlayItem {
            kind: PlayKind::Pair(same),
            points: same * (same - 1),
        });
    }
    let run = run_tail(pile);
    if run >= 3 {
        items.push(PlayItem {
            kind: PlayKind::Run(run),
            points: run,
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
    let (mut seen, mut lo, mut hi) = (0u16, u8::MAX, 0u8);
    for (n, card) in pile.iter().rev().enumerate() {
        let bit = 1u16 << card.rank();
        if seen & bit != 0 {
            break; // a repeated rank ends every longer run too
        }
        seen |= bit;
        lo = lo.min(card.rank());
        hi = hi.max(card.rank());
        let n = n as u8 + 1;
        if n >= 3 && hi - lo + 1 == n {
            best = n;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

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
}
