//! Core benchmarks: legal-move generation, apply + undo, and the canonical key, on
//! positions reached by random playouts of Microsoft deals 1–100.
//!
//! Targets: ≥ 10 M positions/s for move generation, ≥ 50 M apply+undo/s,
//! key ≤ 60 ns. Criterion reports time per element; throughput = 1 / that.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use freecell_core::{Board, Move, MoveModel};

mod positions;

fn movegen(c: &mut Criterion) {
    let positions = positions::sample();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut moves: Vec<Move> = Vec::with_capacity(256);
    for model in [MoveModel::Sequence, MoveModel::Atomic] {
        group.bench_function(format!("{model:?}"), |b| {
            b.iter(|| {
                let mut total = 0;
                for board in &positions {
                    moves.clear();
                    board.generate_moves(model, &mut moves);
                    total += moves.len();
                }
                black_box(total)
            });
        });
    }
    group.finish();
}

fn apply_undo(c: &mut Criterion) {
    let positions = positions::sample();
    // Every legal sequence move of every position, applied and taken back.
    let work: Vec<(Board, Vec<Move>)> = positions
        .into_iter()
        .map(|board| {
            let mut moves = Vec::new();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            (board, moves)
        })
        .collect();
    let total: usize = work.iter().map(|(_, moves)| moves.len()).sum();
    let mut group = c.benchmark_group("apply_undo");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("unchecked", |b| {
        let mut work = work.clone();
        b.iter(|| {
            for (board, moves) in &mut work {
                for &mv in moves.iter() {
                    board.apply_unchecked(mv);
                    black_box(board.hash64());
                    board.undo(mv);
                }
            }
        });
    });
    group.bench_function("checked", |b| {
        let mut work = work.clone();
        b.iter(|| {
            for (board, moves) in &mut work {
                for &mv in moves.iter() {
                    let _ = black_box(board.apply(mv));
                    board.undo(mv);
                }
            }
        });
    });
    group.finish();
}

fn key(c: &mut Criterion) {
    let positions = positions::sample();
    let mut group = c.benchmark_group("key");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("key", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(p.key());
            }
        });
    });
    group.bench_function("key_hash64_from_scratch", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(p.key().hash64());
            }
        });
    });
    group.finish();
}

criterion_group!(benches, movegen, apply_undo, key);
criterion_main!(benches);
