//! A game's hint: `GameState::spawn_hint` on a mid-game position (a deal after the first 20
//! moves of its own solution), `fast` with its warm caches, timed from the spawn to the
//! answer. Target: p99 under 5 ms in a release build.
//!
//! Criterion reports the mean and median; after it, 1,000 timed hints on MS 1's position
//! give the p50 and p99 (and 50 on each of MS 1–20's positions, for the spread between
//! deals), printed as `latency ...` lines, and 1,000 hints computed on the calling thread
//! (`GameState::hint`) tell the search's own time from the thread's start and wake-up.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use freecell_engine::{GameState, Preset, Solver, Verdict};

/// How many moves of its solution each position is into its deal.
const MOVES_IN: usize = 20;

/// Deal `deal` after the first [`MOVES_IN`] moves of a solution of its own.
fn midgame(solver: &Solver, deal: u64) -> GameState {
    let mut game = GameState::deal(deal).expect("a deal number in range");
    let Verdict::Winnable(solution) = game.winnable(solver).expect("no solver error") else {
        panic!("MS {deal} is winnable");
    };
    for &mv in solution.moves.iter().take(MOVES_IN) {
        game.play(mv).expect("a solution's move is legal");
    }
    game
}

/// One background hint, from the spawn to the answer.
fn hint(solver: &Solver, game: &GameState) -> Duration {
    let started = Instant::now();
    let mut pending = game.spawn_hint(solver).expect("a thread");
    let hint = pending.wait(Duration::from_mins(1)).expect("no solver error");
    let elapsed = started.elapsed();
    assert!(black_box(hint.next).is_some(), "a winnable position has a hint");
    elapsed
}

fn background_hint(c: &mut Criterion) {
    let solver = Solver::new(Preset::Fast);
    let game = midgame(&solver, 1);
    c.bench_function("background_hint/ms1_move20", |b| b.iter(|| hint(&solver, &game)));
}

/// The `percent`-th percentile of sorted `times`, in microseconds (nearest rank).
fn percentile(times: &[Duration], percent: usize) -> f64 {
    let rank = (times.len() * percent).div_ceil(100).clamp(1, times.len());
    times[rank - 1].as_secs_f64() * 1e6
}

/// Prints the latency percentiles of `times` (sorted here).
#[allow(clippy::print_stdout, reason = "the bench's report")]
fn report(label: &str, times: &mut [Duration]) {
    times.sort_unstable();
    println!(
        "latency {label}: n = {}, p50 = {:.0} µs, p99 = {:.0} µs, max = {:.0} µs",
        times.len(),
        percentile(times, 50),
        percentile(times, 99),
        percentile(times, 100)
    );
}

fn percentiles() {
    let solver = Solver::new(Preset::Fast);
    let game = midgame(&solver, 1);
    let mut times: Vec<Duration> = (0..1000).map(|_| hint(&solver, &game)).collect();
    report("background_hint/ms1_move20", &mut times);
    let mut times: Vec<Duration> = (0..1000)
        .map(|_| {
            let started = Instant::now();
            let hint = game.hint(&solver).expect("no solver error");
            assert!(black_box(hint.next).is_some(), "a winnable position has a hint");
            started.elapsed()
        })
        .collect();
    report("hint_on_this_thread/ms1_move20", &mut times);
    let games: Vec<GameState> = (1..=20).map(|deal| midgame(&solver, deal)).collect();
    let mut times: Vec<Duration> = games.iter().flat_map(|game| (0..50).map(|_| hint(&solver, game))).collect();
    report("background_hint/ms1-20_move20", &mut times);
}

criterion_group!(benches, background_hint);

fn main() {
    benches();
    percentiles();
    Criterion::default().configure_from_args().final_summary();
}
