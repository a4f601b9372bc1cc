//! The Expert's discard: the table lookup of `discard_cache` against the
//! exact analysis it replaces, side by side on the same hands, and whole
//! Expert-vs-Expert games on one thread (target: at least 3,000 games/s).

use std::hint::black_box;

use cribbage_fast::best_discard;
use cribbage_fast::best_discard_mask;
use cribbage_fast::mask_cards;
use cribbage_fast::BotKind;
use cribbage_fast::Card;
use cribbage_fast::Rng;
use cribbage_fast::Simulator;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn hands(n: usize) -> Vec<u64> {
    let mut rng = Rng::new(15);
    (0..n)
        .map(|_| {
            let mut deck: Vec<Card> = Card::deck().collect();
            rng.shuffle(&mut deck);
            deck[..6].iter().fold(0, |m, c| m | c.bit())
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hands = hands(200);
    let mut group = c.benchmark_group("expert discard");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("table lookup", |b| {
        b.iter(|| {
            for &h in &hands {
                black_box(best_discard_mask(h, true).unwrap());
            }
        })
    });
    group.bench_function("exact analysis", |b| {
        b.iter(|| {
            for &h in &hands {
                let cards: Vec<Card> = mask_cards(h).collect();
                black_box(best_discard(&cards, true).unwrap());
            }
        })
    });
    group.finish();

    let mut games = c.benchmark_group("expert vs expert");
    games.throughput(Throughput::Elements(100));
    let sim = Simulator::new([BotKind::Expert, BotKind::Expert], 1, Some(1)).unwrap();
    games.bench_function("1 thread", |b| {
        let mut start = 0u64;
        b.iter(|| {
            let stats = sim.run(start..start + 100).unwrap();
            start += 100;
            black_box(stats)
        })
    });
    games.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
