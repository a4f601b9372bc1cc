//! Bulk show scoring: the bulk path on all 12,994,800 deals, single
//! thread and 2 threads, against a plain table-lookup loop over the same rows
//! (no validation, no parallelism), plus the exact score distribution.

use std::hint::black_box;

use cribbage_fast::bulk::{self, DEALS, ROW};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The baseline: one 13^5 table lookup by the five ranks plus flush and nobs
/// per row, nothing else.
fn plain_lookup_loop(rows: &[u8], table: &[u8], out: &mut [u8]) {
    for (row, o) in rows.chunks_exact(ROW).zip(out.iter_mut()) {
        let r = |i: usize| usize::from(row[i] >> 2);
        let index = (((r(0) * 13 + r(1)) * 13 + r(2)) * 13 + r(3)) * 13 + r(4);
        let suit = |i: usize| row[i] & 3;
        let four = suit(0) == suit(1) && suit(0) == suit(2) && suit(0) == suit(3);
        let flush = if four {
            4 + u8::from(suit(4) == suit(0))
        } else {
            0
        };
        let jack = 40 + suit(4);
        let nobs = u8::from(row[..4].contains(&jack));
        *o = table[index] + flush + nobs;
    }
}

fn bench_bulk(c: &mut Criterion) {
    let rows = bulk::all_deals();
    let table = bulk::rank_table();
    let mut out = vec![0u8; rows.len() / ROW];
    let mut group = c.benchmark_group("all_deals");
    group.sample_size(10);
    group.throughput(Throughput::Elements(DEALS));
    group.bench_function("plain_table_loop", |b| {
        b.iter(|| plain_lookup_loop(black_box(&rows), table, &mut out))
    });
    for threads in [1, 2] {
        group.bench_function(format!("score_hands_threads_{threads}"), |b| {
            b.iter(|| bulk::score_hands_into(black_box(&rows), false, Some(threads), &mut out))
        });
    }
    let mut parts = vec![0u8; rows.len()];
    group.bench_function("breakdown_threads_1", |b| {
        b.iter(|| bulk::score_hands_breakdown_into(black_box(&rows), false, Some(1), &mut parts))
    });
    group.finish();

    let mut group = c.benchmark_group("distribution");
    group.bench_function("hand_score_distribution", |b| {
        b.iter(|| bulk::hand_score_distribution(black_box(false)))
    });
    group.finish();
}

criterion_group!(benches, bench_bulk);
criterion_main!(benches);
