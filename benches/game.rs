//! Whole random games per second driven from Rust: every decision a uniformly
//! random legal move through the public `Game` API (docs/rules.md, every section).

use std::hint::black_box;

use cribbage_fast::Rng;
use cribbage_fast::{Game, GameConfig};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const GAMES: u64 = 100;

/// Plays `GAMES` random games; returns the winners' total so nothing is elided.
fn random_games(players: u8, record: bool) -> u64 {
    let config = GameConfig::new(players, 121, false).expect("valid settings");
    let mut rng = Rng::new(7);
    let mut total = 0u64;
    for seed in 0..GAMES {
        let mut game = Game::new(config, seed, record);
        while !game.is_over() {
            let moves = game.legal_moves();
            let pick = rng.below(moves.len() as u32) as usize;
            game.apply(moves[pick].clone()).expect("a legal move");
        }
        total += u64::from(game.scores()[game.winner().unwrap_or(0)]);
    }
    total
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random games through Game");
    group.throughput(Throughput::Elements(GAMES));
    for players in [2u8, 3, 4] {
        group.bench_function(format!("{players} players, no log"), |b| {
            b.iter(|| random_games(black_box(players), false))
        });
    }
    group.bench_function("2 players, full log", |b| {
        b.iter(|| random_games(black_box(2), true))
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
