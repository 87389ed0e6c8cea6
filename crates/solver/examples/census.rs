//! Solves a range of Microsoft deals and summarises: solved, unsolvable, undecided, total and
//! slowest solve time, mean solution length, peak search bytes. Each solution is replayed
//! again here. Deals are shared among `jobs` threads, one solver each.
//!
//! `cargo run --release -p freecell-solver --example census -- fast 1 32000 [jobs] [shorten|raw|default] [hard]`
//! (`hard`: list the deals that expand at least this many positions).

#![allow(clippy::print_stdout)]

use std::time::{Duration, Instant};

use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

#[derive(Default)]
struct Tally {
    solved: u64,
    length: u64,
    unsolvable: Vec<u64>,
    undecided: Vec<(u64, String)>,
    solve_time: Duration,
    slowest: (Duration, u64),
    bytes: (usize, u64),
    expanded: u64,
    per_deal: Vec<u64>,
}

fn run(preset: Preset, deals: impl Iterator<Item = u64>, shorten: Option<bool>, hard: u64) -> Tally {
    let mut solver = Solver::new(preset).timeout(Duration::from_mins(1));
    if let Some(yes) = shorten {
        solver = solver.shorten(yes);
    }
    let mut t = Tally::default();
    for n in deals {
        let board = DealNumber::new(n).expect("deal number in range").board();
        let report = solver.solve(&board).expect("no solver bug");
        let elapsed = report.stats.elapsed;
        t.solve_time += elapsed;
        t.slowest = t.slowest.max((elapsed, n));
        t.bytes = t.bytes.max((report.stats.search.bytes, n));
        t.expanded += report.stats.search.expanded;
        t.per_deal.push(report.stats.search.expanded);
        if report.stats.search.expanded >= hard {
            println!("hard {n}: {} expanded, {:.3} s", report.stats.search.expanded, elapsed.as_secs_f64());
        }
        match &report.outcome {
            Outcome::Solved(s) => {
                let end = freecell_core::replay(&board, &s.moves).expect("the solution replays");
                assert!(end.is_won(), "deal {n}: the solution does not win");
                t.solved += 1;
                t.length += s.len() as u64;
            }
            Outcome::Unsolvable => t.unsolvable.push(n),
            Outcome::Undecided(r) => t.undecided.push((n, r.to_string())),
        }
    }
    t
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args.first().map_or("fast", String::as_str).parse()?;
    let first: u64 = args.get(1).map_or("1", String::as_str).parse()?;
    let last: u64 = args.get(2).map_or("1000", String::as_str).parse()?;
    let jobs: u64 = args.get(3).map_or("1", String::as_str).parse()?;
    let shorten = match args.get(4).map(String::as_str) {
        Some("shorten") => Some(true),
        Some("raw") => Some(false),
        _ => None,
    };
    // Deals that expand at least this many positions are listed.
    let hard: u64 = args.get(5).map_or("18446744073709551615", String::as_str).parse()?;
    let wall = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|k| scope.spawn(move || run(preset, (first + k..=last).step_by(jobs as usize), shorten, hard)))
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    let wall = wall.elapsed();
    let mut all = Tally::default();
    for t in tallies {
        all.solved += t.solved;
        all.length += t.length;
        all.unsolvable.extend(t.unsolvable);
        all.undecided.extend(t.undecided);
        all.solve_time += t.solve_time;
        all.slowest = all.slowest.max(t.slowest);
        all.bytes = all.bytes.max(t.bytes);
        all.expanded += t.expanded;
        all.per_deal.extend(t.per_deal);
    }
    all.per_deal.sort_unstable();
    let pct = |p: usize| all.per_deal[(all.per_deal.len() - 1) * p / 100];
    all.unsolvable.sort_unstable();
    println!(
        "{preset} MS {first}-{last}, {jobs} job(s): solved {}, unsolvable {:?}, undecided {:?}",
        all.solved, all.unsolvable, all.undecided
    );
    println!(
        "wall {:.2} s, solve time {:.2} s, slowest {:.3} s (deal {}), peak search bytes {} (deal {}), \
         mean length {:.1}, mean expanded {:.0} (median {}, 90% {}, 99% {}, max {})",
        wall.as_secs_f64(),
        all.solve_time.as_secs_f64(),
        all.slowest.0.as_secs_f64(),
        all.slowest.1,
        all.bytes.0,
        all.bytes.1,
        all.length as f64 / all.solved.max(1) as f64,
        all.expanded as f64 / (last - first + 1) as f64,
        pct(50),
        pct(90),
        pct(99),
        pct(100)
    );
    Ok(())
}
