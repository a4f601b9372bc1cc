//! Random play phases per second in pure Rust (docs/rules.md, "The play"): deal 4
//! cards a seat, play uniformly random legal moves to the end, with and
//! without the event log.

use std::hint::black_box;

use cribbage_fast::Card;
use cribbage_fast::Rng;
use cribbage_fast::{random_play_phases, Pegging, PlayMove};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const PHASES: u64 = 1000;

fn quiet_phases(c: &mut Criterion) {
    let mut group = c.benchmark_group("play phases, no event log");
    group.throughput(Throughput::Elements(PHASES));
    for seats in [2usize, 3, 4] {
        group.bench_function(format!("{seats} seats"), |b| {
            b.iter(|| random_play_phases(black_box(PHASES), seats, 1).expect("valid seats"))
        });
    }
    group.finish();
}

/// The same loop with the event log on and a clone per move (as a search
/// would make), to show what recording and cloning cost.
fn recorded_phases(c: &mut Criterion) {
    let mut group = c.benchmark_group("play phases, event log and a clone per move");
    group.throughput(Throughput::Elements(PHASES));
    let mut deck: Vec<Card> = Card::deck().collect();
    group.bench_function("2 seats", |b| {
        b.iter(|| {
            let mut rng = Rng::new(1);
            let mut total = 0u64;
            for phase in 0..PHASES {
                for i in 0..8 {
                    let j = i + rng.below(52 - i as u32) as usize;
                    deck.swap(i, j);
                }
                let hands = [&deck[0..4], &deck[4..8]];
                let mut play = Pegging::new(&hands, (phase % 2) as usize).expect("valid deal");
                while !play.is_over() {
                    let moves = play.legal_moves();
                    let mv: PlayMove = moves[rng.below(moves.len() as u32) as usize];
                    let copy = black_box(play.clone());
                    drop(copy);
                    play.apply(mv).expect("legal move");
                }
                total += play.events().len() as u64;
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, quiet_phases, recorded_phases);
criterion_main!(benches);
