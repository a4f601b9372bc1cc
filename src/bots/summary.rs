//! What one game leaves for the statistics: its winner, scores, deals and the
//! points each role made by source (the runner in [`crate::bots::simulate`]
//! fills it, [`crate::bots::match_stats`] adds it up).

use crate::rules::game::{Source, MAX_SEATS, SOURCES};

/// Points of completed deals by role: index 0 the dealer, 1 the other seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleTotals {
    pub his_heels: u64,
    pub pegging: [u64; 2],
    pub hand: [u64; 2],
    pub crib: u64,
}

impl RoleTotals {
    pub(crate) fn add(&mut self, o: &RoleTotals) {
        self.his_heels += o.his_heels;
        self.crib += o.crib;
        for i in 0..2 {
            self.pegging[i] += o.pegging[i];
            self.hand[i] += o.hand[i];
        }
    }

    /// Adds one completed deal: the tally difference, by the deal's dealer.
    pub(crate) fn add_deal(
        &mut self,
        before: &[[u16; SOURCES]; MAX_SEATS],
        after: &[[u16; SOURCES]; MAX_SEATS],
        dealer: usize,
    ) {
        for seat in 0..MAX_SEATS {
            let d = |s: Source| u64::from(after[seat][s as usize] - before[seat][s as usize]);
            let role = usize::from(seat != dealer);
            self.his_heels += d(Source::HisHeels);
            self.pegging[role] += d(Source::Play);
            self.hand[role] += d(Source::Hand);
            self.crib += d(Source::Crib);
        }
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// The winning side.
    pub winner: usize,
    /// 1, 2 (skunk) or 3 (double skunk).
    pub game_points: u8,
    pub scores: [u16; MAX_SEATS],
    /// Deals played, the interrupted last one included.
    pub deals: u32,
    /// Deals whose crib was shown.
    pub completed_deals: u32,
    /// Points of the completed deals by role.
    pub points: RoleTotals,
}

impl GameSummary {
    /// The same game seen with the seats swapped.
    pub fn swapped(mut self) -> GameSummary {
        self.winner = 1 - self.winner.min(1);
        self.scores.swap(0, 1);
        self
    }
}
