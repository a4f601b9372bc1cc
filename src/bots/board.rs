//! Board-aware discards for the master (docs/rules.md, "The show order and
//! the end of the game"): near the end of a two-player game, the discard that
//! most often wins, not the one that scores the most points.
//!
//! Far from the end a point is worth about the same whatever the score, and
//! the master discards for expected points (the Expert's exact analysis). Once
//! either side needs at most [`END_ZONE`] points, each of the Expert's
//! [`CANDIDATES`] best discards is played out over the same [`SAMPLES`] deals
//! of the cards the master has not seen: a starter, and six cards for the
//! opponent, which discards from them as the Expert would
//! ([`modelled_discard`]). A sample is scored in the order the rules score a
//! deal: his heels, then the play (both sides laying the card that pegs the
//! most at once), then the pone's hand, the dealer's hand and the crib; the
//! first side to reach the target wins. A deal that ends no game is valued by
//! the shipped board-position table ([`shipped_win`]) at the new scores, with
//! the other player to deal. The discard with the highest mean wins.

use crate::analysis::discard::analyze_discards;
use crate::ground::card::{Card, CardSet, JACK};
use crate::ground::rng::Rng;
use crate::rules::observe::{four, Observation};
use crate::rules::play::{mask_cards, Pegging};
use crate::rules::show::score_hand;
use crate::tables::discards::modelled_discard;
use crate::tables::positions::shipped_win;

/// Board-aware once either side needs at most this many points: about the
/// last two deals of a game, where defence and offence start to differ.
pub const END_ZONE: u16 = 35;

/// Deals sampled per decision, shared by every candidate.
pub const SAMPLES: usize = 48;

/// The gain in the chance to win (over the Expert's choice) a discard needs.
pub const MARGIN: f64 = 0.03;

/// The Expert's best discards that are played out.
pub const CANDIDATES: usize = 6;

/// One sampled deal: what the master cannot see, drawn.
struct Sample {
    starter: Card,
    opp_keep: [Card; 4],
    opp_throw: u64,
}

/// The cards to discard near the end of a two-player game, as a bitmask;
/// `None` far from the end or where the sample cannot be drawn (the master
/// then discards as the Expert).
pub fn board_discard(obs: &Observation) -> Option<u64> {
    if obs.config.players != 2 || obs.hand.len() != 6 {
        return None;
    }
    let (me, opp) = (obs.seat, 1 - obs.seat);
    let target = obs.config.target;
    let need = [
        target.checked_sub(obs.scores[me])?,
        target.checked_sub(obs.scores[opp])?,
    ];
    if need[0].min(need[1]) > END_ZONE {
        return None;
    }
    let dealer = obs.dealer == me;
    let options = analyze_discards(&obs.hand.to_vec(), dealer).ok()?;
    let candidates: Vec<(u64, [Card; 4])> = options
        .iter()
        .take(CANDIDATES)
        .map(|o| (o.discard().iter().fold(0, |m, c| m | c.bit()), o.keep()))
        .collect();
    // Seeded by the position, so a game replays exactly.
    let seed = obs.hand.mask() ^ u64::from(need[0]) << 52 ^ u64::from(need[1]) << 58;
    let mut rng = Rng::new(seed);
    let unseen = CardSet::DECK.mask() & !obs.hand.mask();
    let mut totals = vec![0.0; candidates.len()];
    for _ in 0..SAMPLES {
        let sample = draw_sample(unseen, !dealer, &mut rng)?;
        for (total, &(throw, keep)) in totals.iter_mut().zip(&candidates) {
            *total += win_chance(obs, need, dealer, (keep, throw), &sample)?;
        }
    }
    let best = (0..candidates.len()).fold(0, |b, k| if totals[k] > totals[b] { k } else { b });
    // The samples are few: leave the Expert's choice only for a clear gain.
    let pick = if totals[best] > totals[0] + MARGIN * SAMPLES as f64 {
        best
    } else {
        0
    };
    Some(candidates[pick].0)
}

/// A starter and the opponent's deal from `unseen`, its discard modelled.
fn draw_sample(unseen: u64, opp_deals: bool, rng: &mut Rng) -> Option<Sample> {
    let starter = rng.draw(unseen, 1);
    let dealt = rng.draw(unseen & !starter, 6);
    let opp_throw = modelled_discard(dealt, opp_deals).ok()?;
    Some(Sample {
        starter: CardSet::from_mask(starter).first()?,
        opp_keep: four(CardSet::from_mask(dealt & !opp_throw))?,
        opp_throw,
    })
}

/// The chance the master wins when it keeps `keep` and throws `throw` and
/// the deal is `sample`: 1 or 0 if someone reaches the target in it, else
/// the position table's value of the next deal.
fn win_chance(
    obs: &Observation,
    need: [u16; 2],
    dealer: bool,
    (keep, throw): ([Card; 4], u64),
    sample: &Sample,
) -> Option<f64> {
    // Side 0 is the master, side 1 the opponent.
    let dealer_side = usize::from(!dealer);
    let pone_side = 1 - dealer_side;
    let mut points = [0u16; 2];
    let reached = |points: &[u16; 2], side: usize| points[side] >= need[side];
    let verdict = |side: usize| if side == 0 { 1.0 } else { 0.0 };
    if sample.starter.rank() == JACK {
        points[dealer_side] += 2;
        if reached(&points, dealer_side) {
            return Some(verdict(dealer_side));
        }
    }
    if let Some(side) = play_out(keep, sample.opp_keep, pone_side, need, &mut points) {
        return Some(verdict(side));
    }
    let hands = [keep, sample.opp_keep];
    let crib = four(CardSet::from_mask(throw | sample.opp_throw))?;
    let shows = [
        (
            pone_side,
            score_hand(hands[pone_side], sample.starter, false),
        ),
        (
            dealer_side,
            score_hand(hands[dealer_side], sample.starter, false),
        ),
        (dealer_side, score_hand(crib, sample.starter, true)),
    ];
    for (side, show) in shows {
        points[side] += u16::from(show);
        if reached(&points, side) {
            return Some(verdict(side));
        }
    }
    // Nobody reached the target: the pone deals next.
    let ours = obs.scores[obs.seat] + points[0];
    let theirs = obs.scores[1 - obs.seat] + points[1];
    Some(if dealer {
        shipped_win(theirs, ours).map(|w| 1.0 - w)?
    } else {
        shipped_win(ours, theirs)?
    })
}

/// Plays the deal's play out, each side laying the card that pegs the most at
/// once (the lower card on a tie), adding to `points`; the side that reaches
/// its need first, if any.
fn play_out(
    ours: [Card; 4],
    theirs: [Card; 4],
    leader: usize,
    need: [u16; 2],
    points: &mut [u16; 2],
) -> Option<usize> {
    let mut pegging = Pegging::with_events(&[ours, theirs], leader, false).ok()?;
    while let Some(seat) = pegging.to_move() {
        let lays = pegging.legal_lays();
        let gained = if lays == 0 {
            pegging.go().ok()?
        } else {
            let mut best: Option<(u8, Card)> = None;
            for card in mask_cards(lays) {
                let mut trial = pegging.clone();
                let pts = trial.lay(card).ok()?[seat];
                if best.is_none_or(|(b, _)| pts > b) {
                    best = Some((pts, card));
                }
            }
            pegging.lay(best?.1).ok()?
        };
        for side in [seat, 1 - seat] {
            points[side] += u16::from(gained[side]);
            if points[side] >= need[side] {
                return Some(side);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;
    use crate::rules::game::{GameConfig, Phase};

    fn obs(hand: &str, scores: [u16; 2], dealer: usize) -> Observation {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut obs = Observation::new(0, config, dealer, Phase::Discard);
        for card in parse_cards(hand).unwrap() {
            obs.hand.insert(card);
        }
        obs.set_scores(&scores);
        obs
    }

    #[test]
    fn three_or_four_players_discard_as_the_expert() {
        for players in [3usize, 4] {
            let config = GameConfig::new(players as i64, 121, false).unwrap();
            let mut o = Observation::new(players - 1, config, 0, Phase::Discard);
            for card in parse_cards("5H 5D JC 4S 6H").unwrap() {
                o.hand.insert(card);
            }
            o.set_scores(&vec![118; players]);
            assert_eq!(board_discard(&o), None);
        }
    }

    #[test]
    fn far_from_the_end_the_points_decide() {
        assert_eq!(board_discard(&obs("5H 5D JC 4S 6H KD", [40, 60], 0)), None);
        assert_eq!(board_discard(&obs("5H 5D JC 4S 6H KD", [85, 85], 1)), None);
    }

    #[test]
    fn near_the_end_two_of_the_hand_go_and_the_choice_replays() {
        for (scores, dealer) in [([110, 100], 0), ([100, 115], 1), ([118, 60], 1)] {
            let o = obs("5H 5D JC 4S 6H KD", scores, dealer);
            let discard = board_discard(&o).unwrap();
            assert_eq!(discard.count_ones(), 2);
            assert_eq!(discard & !o.hand.mask(), 0);
            assert_eq!(board_discard(&o), Some(discard));
        }
    }

    #[test]
    fn a_pone_one_point_from_home_keeps_a_sure_fifteen() {
        // Pone needs 2 and counts first: keeping the 5 and a ten-card is a
        // sure fifteen whatever the starter; the dealer is far away.
        let o = obs("5H KD 9C 7S AD 3C", [119, 60], 1);
        let discard = board_discard(&o).unwrap();
        let keep = o.hand.mask() & !discard;
        let sure = parse_cards("5H KD")
            .unwrap()
            .iter()
            .all(|c| keep & c.bit() != 0);
        assert!(sure, "{:?}", CardSet::from_mask(keep).to_vec());
    }
}
