//! Simulator speed (targets per core: at least 100,000 random-vs-random
//! and 20,000 greedy-vs-greedy games per second), on 1 and 2 threads. Each
//! iteration plays a batch of whole games; criterion reports games per second.

use std::hint::black_box;

use cribbage_fast::BotKind;
use cribbage_fast::Simulator;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    let pairs = [
        (
            "random vs random",
            BotKind::Random,
            BotKind::Random,
            2_000u64,
        ),
        ("greedy vs greedy", BotKind::Greedy, BotKind::Greedy, 1_000),
        ("expert vs greedy", BotKind::Expert, BotKind::Greedy, 40),
    ];
    for (name, a, b, games) in pairs {
        group.throughput(Throughput::Elements(games));
        for threads in [1usize, 2] {
            let sim = Simulator::new([a, b], 1, Some(threads)).unwrap();
            group.bench_function(format!("{name}/{threads} thread(s)"), |bench| {
                let mut start = 0u64;
                bench.iter(|| {
                    let stats = sim.run(start..start + games).unwrap();
                    start += games;
                    black_box(stats)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
