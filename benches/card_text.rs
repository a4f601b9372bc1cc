//! Hand text to card indices (`card_text::parse_cells`) against scoring the
//! same hands from indices (`bulk::score_hands_into`), side by side on 1 and
//! 2 threads: 1,000,000 random deals written as `Card` writes them ("5H 10D
//! ..."), as an Arrow-layout column, as an Arrow view-layout column (what
//! polars exports), as NumPy-layout UCS-4 hand cells and
//! as NumPy-layout single-card cells (`(N, 5)` of `<U3`). The
//! issue-23 goal is parsing at most twice the scoring.
//!
//! Run: `cargo bench --bench card_text`.

use std::hint::black_box;

use cribbage_fast::bulk::{self, ROW};
use cribbage_fast::card_text::{parse_cells, Layout, Ucs4Grid, Utf8Column, ViewColumn};
use cribbage_fast::{Card, Rng};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const HANDS: usize = 1_000_000;

/// `HANDS` random deals (four cards and the starter) as card indices.
fn deals() -> Vec<u8> {
    let mut rng = Rng::new(23);
    let mut deck: Vec<u8> = (0..52).collect();
    let mut rows = Vec::with_capacity(HANDS * ROW);
    for _ in 0..HANDS {
        rng.shuffle_prefix(&mut deck, ROW);
        rows.extend_from_slice(&deck[..ROW]);
    }
    rows
}

fn text_of(row: &[u8]) -> String {
    let cards: Vec<String> = row
        .iter()
        .map(|&i| {
            Card::from_index(i.into())
                .map(|c| c.to_string())
                .unwrap_or_default()
        })
        .collect();
    cards.join(" ")
}

fn bench_card_text(c: &mut Criterion) {
    let rows = deals();
    let texts: Vec<String> = rows.chunks_exact(ROW).map(text_of).collect();
    let mut offsets = vec![0i32];
    let mut data = Vec::new();
    for text in &texts {
        data.extend_from_slice(text.as_bytes());
        offsets.push(data.len() as i32);
    }
    let width = texts.iter().map(String::len).max().unwrap_or(0);
    let mut codes = vec![0u32; HANDS * width];
    for (cell, text) in codes.chunks_exact_mut(width).zip(&texts) {
        for (slot, ch) in cell.iter_mut().zip(text.chars()) {
            *slot = ch.into();
        }
    }
    let mut cells = vec![0u32; HANDS * ROW * 3];
    for (cell, &card) in cells.chunks_exact_mut(3).zip(&rows) {
        let name = Card::from_index(card.into())
            .map(|c| c.to_string())
            .unwrap_or_default();
        for (slot, ch) in cell.iter_mut().zip(name.chars()) {
            *slot = ch.into();
        }
    }
    // The view layout (what polars exports): each string longer than 12
    // bytes as its length, first four bytes, buffer 0 and offset.
    let mut views = Vec::with_capacity(HANDS * 16);
    for pair in offsets.windows(2) {
        let (start, end) = (pair[0] as usize, pair[1] as usize);
        views.extend_from_slice(&(pair[1] - pair[0]).to_ne_bytes());
        views.extend_from_slice(&data[start..start + 4]);
        views.extend_from_slice(&0i32.to_ne_bytes());
        views.extend_from_slice(&pair[0].to_ne_bytes());
        assert!(end - start > 12, "every hand text is held in the buffer");
    }
    let arrow = Utf8Column::new(&offsets, &data, None).expect("a well-formed column");
    let polars = ViewColumn::new(&views, vec![&data], None).expect("a well-formed column");
    let numpy_cells = Ucs4Grid::new(&cells, HANDS, ROW, 3).expect("a well-formed grid");
    let numpy = Ucs4Grid::new(&codes, HANDS, 1, width).expect("a well-formed grid");
    let layout = Layout::Hands { pad: false };
    let mut cards = vec![0u8; HANDS * ROW];
    let mut scores = vec![0u8; HANDS];

    let mut group = c.benchmark_group("card_text");
    group.sample_size(10);
    group.throughput(Throughput::Elements(HANDS as u64));
    for threads in [1, 2] {
        group.bench_function(format!("score_indices_threads_{threads}"), |b| {
            b.iter(|| bulk::score_hands_into(black_box(&rows), false, Some(threads), &mut scores))
        });
        group.bench_function(format!("parse_arrow_threads_{threads}"), |b| {
            b.iter(|| parse_cells(&arrow, layout, ROW, 1, Some(threads), black_box(&mut cards)))
        });
        group.bench_function(format!("parse_view_threads_{threads}"), |b| {
            b.iter(|| {
                parse_cells(
                    &polars,
                    layout,
                    ROW,
                    1,
                    Some(threads),
                    black_box(&mut cards),
                )
            })
        });
        group.bench_function(format!("parse_numpy_threads_{threads}"), |b| {
            b.iter(|| parse_cells(&numpy, layout, ROW, 1, Some(threads), black_box(&mut cards)))
        });
        group.bench_function(format!("parse_numpy_cells_threads_{threads}"), |b| {
            let cards_layout = Layout::Cards;
            b.iter(|| {
                parse_cells(
                    &numpy_cells,
                    cards_layout,
                    ROW,
                    1,
                    Some(threads),
                    black_box(&mut cards),
                )
            })
        });
    }
    group.finish();
    assert_eq!(cards, rows, "the text parses back to the deals");
}

criterion_group!(benches, bench_card_text);
criterion_main!(benches);
