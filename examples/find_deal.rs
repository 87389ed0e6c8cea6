//! Find the Microsoft deal a position came from: random deals drawn over the whole range
//! 1 … 8,589,934,591, and positions 10 to 30 moves into their `fast` solutions, each
//! placed by `DealFinder` on one thread, with the worst and median times of both.
//!
//! `cargo run --release -p freecell-examples --example find_deal -- 100` (the number of
//! deals defaults to 3; a second argument seeds the draw, default 2026; a third plays that
//! many moves of each solution instead of 10 to 30).

use std::error::Error;
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use freecell_core::{Board, replay};
use freecell_deals::{DealFinder, DealNumber, FindDealError, SplitMix64};
use freecell_solver::{Preset, Solver};

/// Places `args[0]` random deals (default 3, drawn by a `SplitMix64` seeded with `args[1]`,
/// default 2026) and a position 10 to 30 moves (or `args[2]`) into each one's `fast`
/// solution, writing a line per deal and the worst and median times. A deal found wrong
/// is an error; a position with too few dealt cards to tell is reported as such.
pub(crate) fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let count: usize = args.first().map_or(Ok(3), |n| n.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(2026), |n| n.parse())?;
    let fixed_moves: Option<usize> = args.get(2).map(|n| n.parse()).transpose()?;
    let mut rng = SplitMix64::new(seed);
    let finder = DealFinder::new().threads(NonZeroUsize::MIN);
    let solver = Solver::new(Preset::Fast).max_nodes(2_000_000);
    let (mut dealt_times, mut played_times) = (Vec::new(), Vec::new());
    for _ in 0..count {
        let deal = DealNumber::new(1 + rng.below(DealNumber::MAX.get())).ok_or("drawn in range")?;
        // Drawn even when fixed, so that the deals do not depend on the third argument.
        let drawn_moves = 10 + rng.below(21) as usize;
        let moves_in = fixed_moves.unwrap_or(drawn_moves);
        let board = deal.board();
        let (found, time) = timed(finder, &board)?;
        if found != [deal] {
            return Err(format!("deal {deal} was found as {found:?}").into());
        }
        dealt_times.push(time);
        write!(out, "deal {deal}: found in {:.3} s", time.as_secs_f64())?;
        let Some(solution) = solver.solve(&board)?.outcome.solution().cloned() else {
            writeln!(out, "; no solution to play from")?;
            continue;
        };
        let moves_in = moves_in.min(solution.moves.len());
        let played = replay(&board, &solution.moves[..moves_in])?;
        write!(out, "; after {moves_in} moves, {} cards home: ", played.cards_home())?;
        let (found, time) = match timed(finder, &played) {
            Err(FindDealError::TooFewDealtCards { trusted, .. }) => {
                writeln!(out, "too few dealt cards to tell ({trusted} trusted)")?;
                continue;
            }
            result => result?,
        };
        if !found.contains(&deal) {
            return Err(format!("deal {deal} after {moves_in} moves was found as {found:?}").into());
        }
        played_times.push(time);
        if found.len() > 1 {
            write!(out, "{} deals fit, ", found.len())?;
        }
        writeln!(out, "found in {:.3} s", time.as_secs_f64())?;
    }
    for (what, times) in [("deals", &mut dealt_times), ("played positions", &mut played_times)] {
        times.sort_unstable();
        if let (Some(worst), Some(median)) = (times.last(), times.get(times.len() / 2)) {
            let (worst, median) = (worst.as_secs_f64(), median.as_secs_f64());
            writeln!(out, "{} {what}: worst {worst:.3} s, median {median:.3} s", times.len())?;
        }
    }
    Ok(())
}

/// The deals `finder` finds for `board`, and how long it took.
fn timed(finder: DealFinder, board: &Board) -> Result<(Vec<DealNumber>, Duration), FindDealError> {
    let started = Instant::now();
    let found = finder.find(board)?;
    Ok((found, started.elapsed()))
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdout().lock())
}
