//! Random whole games for 2, 3 and 4 players: rule invariants on thousands of
//! seeded games, and replay of the recorded moves.

use cribbage_fast::Rng;
use cribbage_fast::{Game, GameConfig, GameEvent, Move, Phase};

/// Plays a game with uniformly random legal moves (counts and claims random too).
fn random_game(players: u8, seed: u64, muggins: bool) -> Game {
    let config = GameConfig::new(players, 121, muggins).unwrap();
    let mut game = Game::new(config, seed, true);
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut last_scores = game.scores().to_vec();
    while !game.is_over() {
        let moves = game.legal_moves();
        let mv = moves[rng.below(moves.len() as u32) as usize].clone();
        let phase = game.phase();
        game.apply(mv).unwrap();
        // Scores only grow.
        for (before, now) in last_scores.iter().zip(game.scores()) {
            assert!(now >= before, "a score went down");
        }
        last_scores = game.scores().to_vec();
        if phase == Phase::Discard && game.phase() == Phase::Play {
            check_cards_conserved(&game);
        }
    }
    game
}

/// Kept hands, crib and starter: every card once, the right counts.
fn check_cards_conserved(game: &Game) {
    let n = game.config().players as usize;
    let mut all = game.crib();
    assert_eq!(game.crib().count_ones(), 4, "the crib has 4 cards");
    for seat in 0..n {
        let kept = game.kept(seat);
        assert_eq!(kept.count_ones(), 4, "seat {seat} keeps 4");
        assert_eq!(all & kept, 0, "a card is in two places");
        all |= kept;
    }
    let starter = 1u64 << game.starter().unwrap().index();
    assert_eq!(all & starter, 0, "the starter is also held");
    assert_eq!((all | starter).count_ones() as usize, 4 * n + 5);
}

/// The points the log says each side pegged.
fn logged_points(game: &Game) -> Vec<u32> {
    let config = game.config();
    let mut points = vec![0u32; config.sides()];
    let mut dealer = 0usize;
    for event in game.events() {
        match event {
            GameEvent::Deal { dealer: d, .. } => dealer = usize::from(*d),
            GameEvent::Starter { his_heels, .. } => {
                points[config.side_of(dealer)] += u32::from(*his_heels);
            }
            GameEvent::Peg(e) => points[config.side_of(e.seat.into())] += u32::from(e.points()),
            GameEvent::Show { seat, pegged, .. } | GameEvent::Muggins { seat, pegged, .. } => {
                points[config.side_of((*seat).into())] += u32::from(*pegged);
            }
            _ => {}
        }
    }
    points
}

#[test]
fn thousands_of_random_games_keep_the_rules() {
    for players in 2..=4u8 {
        for seed in 0..1500u64 {
            let muggins = seed % 5 == 0;
            let game = random_game(players, seed, muggins);
            let winner = game.winner().unwrap();
            let scores: Vec<u32> = game.scores().iter().map(|&s| u32::from(s)).collect();
            assert!(scores[winner] >= 121);
            assert!(scores
                .iter()
                .enumerate()
                .all(|(s, &p)| s == winner || p < 121));
            assert_eq!(
                logged_points(&game),
                scores,
                "players {players} seed {seed}"
            );
            assert!(matches!(
                game.events().last(),
                Some(GameEvent::GameOver { .. })
            ));
        }
    }
}

#[test]
fn replaying_the_moves_reproduces_the_game() {
    for players in 2..=4u8 {
        for seed in 0..50u64 {
            let game = random_game(players, seed, seed % 2 == 0);
            let mut replay = Game::new(game.config(), seed, true);
            for (_, mv) in game.moves() {
                replay.apply(mv.clone()).unwrap();
            }
            assert_eq!(replay.events(), game.events());
            assert_eq!(replay.scores(), game.scores());
        }
    }
}

#[test]
fn illegal_moves_change_nothing() {
    let config = GameConfig::new(2, 121, false).unwrap();
    let mut game = Game::new(config, 3, true);
    let before = format!("{game:?}");
    assert!(game.apply(Move::Go).is_err());
    assert!(game
        .apply(Move::Discard(game.kept(0) & game.kept(0).wrapping_neg()))
        .is_err());
    assert!(game.apply(Move::Count(3)).is_err());
    assert_eq!(format!("{game:?}"), before);
}
