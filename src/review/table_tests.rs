//! Game analysis at a table of three and of four (partnerships).

use super::*;
use crate::bots::Bot;
use crate::ground::pool;
use crate::rules::game::{Game, GameConfig, Origin};
use crate::tables::boards_n::{partnership_chances, three_hand_chances};

/// A finished game of `players` seeded `seed`, the bots `kinds` round the
/// table.
fn played(players: u8, seed: u64, kinds: &[BotKind]) -> Game {
    let config = GameConfig::new(players, 121, false).unwrap();
    let mut game = Game::new(config, seed, true);
    let mut bots: Vec<Bot> = (0..usize::from(players))
        .map(|s| Bot::new(kinds[s % kinds.len()], seed * 10 + s as u64))
        .collect();
    while let Some(seat) = game.to_move() {
        let mv = bots[seat].decide(&game, seat).unwrap();
        game.apply(mv).unwrap();
    }
    game
}

fn cheap() -> Settings {
    Settings::new(Objective::Win, BotKind::Expert, 0.05, 8).unwrap()
}

fn review(game: &Game, first_dealer: Option<usize>, seed: u64) -> GameReview {
    Plan::new(Origin::of(game, first_dealer), game.moves(), cheap(), seed)
        .unwrap()
        .review()
        .unwrap()
}

/// Every side's steps add up: start + skill + luck + others' errors = result.
fn assert_identity(r: &GameReview, what: &str) {
    for side in 0..r.start.len() {
        let steps = r.steps.iter().filter(|s| s.seat == side);
        let total: f64 = steps.map(|s| s.skill + s.luck + s.opponent_errors).sum();
        let gap = r.start[side] + total - r.result[side];
        assert!(gap.abs() < 1e-9, "{what} side {side}: {gap}");
    }
}

#[test]
fn the_decomposition_adds_up_for_every_side_at_a_table() {
    let kinds = [BotKind::Expert, BotKind::Greedy, BotKind::Random];
    for players in [3u8, 4] {
        for seed in 0..3u64 {
            let game = played(players, seed, &kinds);
            let r = review(&game, None, seed);
            assert_eq!(r.start.len(), if players == 3 { 3 } else { 2 });
            assert_identity(&r, &format!("{players} players, seed {seed}"));
            assert_eq!(r.result[r.winner], 1.0);
            assert_eq!(r.result.iter().sum::<f64>(), 1.0);
            // Cut for the deal: every side starts at its fair share.
            let share = 1.0 / r.start.len() as f64;
            assert!(r.start.iter().all(|&s| s == share), "{:?}", r.start);
            let unforced: Vec<_> = r.decisions.iter().filter(|d| !d.forced).collect();
            assert!(unforced.len() > 20);
            for d in unforced {
                assert_eq!(d.side, game.config().side_of(d.seat));
                for v in &d.values {
                    // The sides' chances add up to one on every sample.
                    let sum: f64 = v.sides[..r.start.len()].iter().sum();
                    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
                    assert_eq!(v.sides[d.side], v.equity);
                    assert!(v.other_equity.is_nan());
                }
                assert!(d.values[d.best].equity >= d.values[d.played].equity);
            }
        }
    }
}

#[test]
fn a_partner_s_errors_stay_with_the_partnership() {
    let game = played(4, 7, &[BotKind::Random, BotKind::Expert]);
    let r = review(&game, None, 1);
    // Seats 0 and 2 play at random: their losses are side 0's skill.
    let lost: f64 = r
        .decisions
        .iter()
        .filter(|d| !d.forced && d.side == 0)
        .map(|d| d.values[d.best].equity - d.values[d.played].equity)
        .sum();
    let skill: f64 = r
        .steps
        .iter()
        .filter(|s| s.seat == 0)
        .map(|s| s.skill)
        .sum();
    assert!((skill + lost).abs() < 1e-9, "{skill} {lost}");
    let seats: std::collections::BTreeSet<usize> = r
        .decisions
        .iter()
        .filter(|d| d.side == 0)
        .map(|d| d.seat)
        .collect();
    assert_eq!(seats.into_iter().collect::<Vec<_>>(), vec![0, 2]);
    // The others' errors of a side are the other side's losses, in total.
    let theirs: f64 = r
        .steps
        .iter()
        .filter(|s| s.seat == 1)
        .map(|s| s.opponent_errors)
        .sum();
    assert!((theirs - lost).abs() < 1e-9, "{theirs} {lost}");
}

#[test]
fn a_table_game_starts_at_the_board_table_s_first_deal() {
    for (players, dealer) in [(3u8, 1usize), (4, 2)] {
        let config = GameConfig::new(players, 121, false).unwrap();
        let mut game = Game::with_first_dealer(config, 11, true, dealer).unwrap();
        let mut bots: Vec<Bot> = (0..players)
            .map(|s| Bot::new(BotKind::Expert, u64::from(s)))
            .collect();
        while let Some(seat) = game.to_move() {
            let mv = bots[seat].decide(&game, seat).unwrap();
            game.apply(mv).unwrap();
        }
        let r = review(&game, Some(dealer), 3);
        let expected = match players {
            3 => three_hand_chances(&[0, 0, 0], dealer).unwrap().to_vec(),
            _ => partnership_chances(&[0, 0], dealer).unwrap().to_vec(),
        };
        assert_eq!(r.start, expected);
        assert_identity(&r, "first dealer given");
    }
}

#[test]
fn a_table_review_is_the_same_at_any_thread_count() {
    for players in [3u8, 4] {
        let game = played(players, 4, &[BotKind::Greedy, BotKind::Expert]);
        let plan = Plan::new(Origin::of(&game, None), game.moves(), cheap(), 5).unwrap();
        let one = pool::Pool::new(Some(1))
            .unwrap()
            .install(|| plan.review().unwrap());
        let two = pool::Pool::new(Some(2))
            .unwrap()
            .install(|| plan.review().unwrap());
        assert_eq!(one.steps, two.steps, "{players} players");
        let equities = |r: &GameReview| -> Vec<Vec<f64>> {
            r.decisions
                .iter()
                .map(|d| d.values.iter().map(|v| v.equity).collect())
                .collect()
        };
        assert_eq!(equities(&one), equities(&two));
    }
}
