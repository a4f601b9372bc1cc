//! Discard analysis speed (target: at most 5 ms per 6-card hand with the
//! exact crib expectation), against the brute-force enumeration it is tested on.

use std::hint::black_box;

use cribbage_fast::parse_cards;
use cribbage_fast::{analyze_discards, analyze_discards_brute_force, best_discard};
use criterion::{criterion_group, criterion_main, Criterion};

const SIX: [&str; 4] = [
    "5H 5D JC 4S 6H KD",
    "2H 7H 9H JH QH KC",
    "3C 4D 5S 6C 7H 8D",
    "AC 2D 9S 10C QH KS",
];

fn bench(c: &mut Criterion) {
    let six: Vec<_> = SIX.iter().map(|t| parse_cards(t).unwrap()).collect();
    let five = parse_cards("5H 5D JC 4S 6H").unwrap();
    let mut group = c.benchmark_group("discard");
    group.bench_function("analyze_discards/6-card (per hand, 4 hands)", |b| {
        b.iter(|| {
            for hand in &six {
                black_box(analyze_discards(black_box(hand), true).unwrap());
            }
        })
    });
    group.bench_function("analyze_discards/5-card", |b| {
        b.iter(|| black_box(analyze_discards(black_box(&five), false).unwrap()))
    });
    group.bench_function("best_discard/6-card", |b| {
        b.iter(|| black_box(best_discard(black_box(&six[0]), false).unwrap()))
    });
    group.sample_size(10);
    group.bench_function("brute_force/6-card", |b| {
        b.iter(|| black_box(analyze_discards_brute_force(black_box(&six[0]), true).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
