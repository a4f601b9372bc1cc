//! Tests of the opponent panel and of the master's opponent models against
//! it: whole games, seeds, and what the belief learns.

use crate::bots::master::MasterConfig;
use crate::bots::master_lays::{Choices, LayHistory};
use crate::bots::models::Belief;
use crate::bots::simulate::{simulate, Simulator};
use crate::bots::{Bot, BotKind};
use crate::rules::game::{Game, GameConfig, Phase};
use crate::rules::observe::Observation;

/// Plays `games` whole games of `players` seats, `kinds` round the table.
fn play(players: u8, kinds: &[BotKind], games: u64) -> Vec<Game> {
    let config = GameConfig::new(players, 121, false).unwrap();
    (0..games)
        .map(|g| {
            let mut game = Game::new(config, g, false);
            let mut bots: Vec<Bot> = (0..u64::from(players))
                .map(|s| Bot::new(kinds[((g + s) as usize) % kinds.len()], g * 10 + s))
                .collect();
            while let Some(seat) = game.to_move() {
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
            game
        })
        .collect()
}

#[test]
fn every_panel_bot_plays_whole_legal_games_for_2_3_4_players() {
    for players in [2u8, 3, 4] {
        for game in play(players, &BotKind::PANEL, 12) {
            assert!(game.is_over());
        }
    }
}

#[test]
fn panel_bots_replay_for_a_seed_and_differ_from_each_other() {
    let mut results = Vec::new();
    for kind in BotKind::PANEL {
        // The deep search costs some 40 Expert games a game.
        let games = if kind == BotKind::IsmctsDeep { 8 } else { 60 };
        let a = simulate(kind, BotKind::Expert, games, 3, Some(1)).unwrap();
        let b = simulate(kind, BotKind::Expert, games, 3, Some(2)).unwrap();
        assert_eq!(a, b, "{kind}");
        results.push(a.scores);
    }
    for (i, r) in results.iter().enumerate() {
        for s in &results[i + 1..] {
            assert_ne!(r, s, "two panel bots played the same games");
        }
    }
}

#[test]
fn the_master_with_the_mixture_is_deterministic_at_any_thread_count() {
    let sim = |threads| {
        Simulator::new([BotKind::Master, BotKind::Pegger], 4, Some(threads))
            .unwrap()
            .run(0..24)
            .unwrap()
    };
    assert_eq!(sim(1), sim(2));
}

/// The master's belief at the end of a game against `opponent`.
fn belief_after_a_game(opponent: BotKind, seed: u64) -> Belief {
    let config = GameConfig::new(2, 121, false).unwrap();
    let mut game = Game::new(config, seed, false);
    let mut bots = [
        Bot::master(MasterConfig::default(), seed).unwrap(),
        Bot::new(opponent, seed + 1),
    ];
    while let Some(seat) = game.to_move() {
        let mv = bots[seat].decide(&game, seat).unwrap();
        game.apply(mv).unwrap();
    }
    bots[0].belief()
}

#[test]
fn the_belief_goes_to_the_expert_against_the_expert_and_off_it_against_a_pegger() {
    let (mut expert, mut pegger, mut random) = (0.0, 0.0, 0.0);
    let games = 6;
    for seed in 0..games {
        expert += belief_after_a_game(BotKind::Expert, seed).lays[0];
        pegger += belief_after_a_game(BotKind::Pegger, seed).lays[0];
        random += belief_after_a_game(BotKind::Random, seed).lays[0];
    }
    let n = games as f64;
    let prior = Belief::default().lays[0];
    assert!(
        expert / n > prior,
        "Expert share {} against the Expert",
        expert / n
    );
    // Measured over these six games: 0.96, 0.75 and 0.45.
    assert!(
        pegger / n < expert / n - 0.1,
        "{} against a pegger",
        pegger / n
    );
    assert!(random / n < prior - 0.2, "{} against random", random / n);
}

#[test]
fn without_learning_the_belief_stays_the_prior() {
    let config = GameConfig::new(2, 121, false).unwrap();
    let mut game = Game::new(config, 3, false);
    let master = MasterConfig {
        learning: false,
        ..MasterConfig::default()
    };
    let mut bots = [
        Bot::master(master, 3).unwrap(),
        Bot::new(BotKind::Random, 4),
    ];
    while let Some(seat) = game.to_move() {
        let mv = bots[seat].decide(&game, seat).unwrap();
        game.apply(mv).unwrap();
    }
    assert_eq!(bots[0].belief(), Belief::default());
}

#[test]
fn a_hand_no_model_explains_still_has_weight() {
    // The true hands of a random player: with a floor of zero, the lays that
    // neither the Expert nor the greedy player would make rule them out.
    let (mut positions, mut unexplained) = (0, 0);
    let belief = Belief::default();
    for game_seed in 0..30 {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut game = Game::new(config, game_seed, false);
        let mut bots = [Bot::new(BotKind::Expert, 1), Bot::new(BotKind::Random, 2)];
        while let Some(seat) = game.to_move() {
            if game.phase() == Phase::Play && seat == 0 {
                let obs = Observation::from_game(&game, 0);
                let history = LayHistory::new(&obs, true);
                let (kept, crib) = (game.kept(1), game.discards_of(1));
                let like = history.likelihoods(0, kept, crib, &mut Choices::new());
                let expert_only = history.agrees(kept, crib, &mut Choices::new());
                assert!(like.acceptance(&belief) > 0.0, "{obs:?}");
                unexplained += usize::from(!expert_only);
                positions += 1;
            }
            let mv = bots[seat].decide(&game, seat).unwrap();
            game.apply(mv).unwrap();
        }
    }
    assert!(
        positions > 500 && unexplained * 4 > positions,
        "{unexplained} of {positions}"
    );
}
