//! The sliding-tile puzzle through `freecell-search`'s traits: random 8-puzzles with BFS, A*
//! and IDA*, then Korf's 15-puzzle instances with IDA* and A* (Manhattan distance), each
//! checked against its published optimal length.
//!
//! Run in release: `cargo run --release -p freecell-examples --example sliding_tile`.

// An example reports on standard output.
#![allow(clippy::print_stdout)]

#[path = "../crates/search/tests/it/sliding.rs"]
mod sliding;

use std::time::Instant;

use freecell_search::{Cycles, Report, astar, bfs, idastar};
use sliding::{Dir, KORF, Manhattan, Sliding};

fn line(name: &str, r: &Report<Dir>, secs: f64) {
    println!(
        "  {name:<6} cost {:>3}  expanded {:>10}  stored {:>9}  {:>6.1} MB  {:>7.3} s  {:>6.1} M nodes/s",
        r.cost().map_or_else(|| "-".to_string(), |c| c.to_string()),
        r.stats.expanded,
        r.stats.peak_stored,
        r.stats.bytes as f64 / 1e6,
        secs,
        r.stats.expanded as f64 / secs.max(1e-9) / 1e6,
    );
}

fn main() {
    let eight = Sliding::eight();
    let mut bc = bfs::Cache::new();
    let mut ac = astar::Cache::new();
    let mut ic = idastar::Cache::new();
    let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
    println!("8-puzzle, random states:");
    for seed in 1..=3 {
        let s = eight.scramble(seed, 200);
        println!(" seed {seed}: {:?}", eight.unpack(s));
        let t = Instant::now();
        let r = bfs::Bfs::default().search(&mut bc, &eight, &s, &mut ());
        line("BFS", &r, t.elapsed().as_secs_f64());
        let t = Instant::now();
        let r = astar::AStar::default().search(&mut ac, &eight, &s, &Manhattan, &mut ());
        line("A*", &r, t.elapsed().as_secs_f64());
        let t = Instant::now();
        let r = ida.search(&mut ic, &eight, &s, &Manhattan, &mut ());
        line("IDA*", &r, t.elapsed().as_secs_f64());
    }

    let fifteen = Sliding::fifteen();
    println!("15-puzzle, Korf (1985) instances:");
    for (n, tiles, optimal) in KORF {
        let s = fifteen.pack(&tiles);
        println!(" Korf #{n} (published optimum {optimal}):");
        let t = Instant::now();
        let r = ida.search(&mut ic, &fifteen, &s, &Manhattan, &mut ());
        line("IDA*", &r, t.elapsed().as_secs_f64());
        assert_eq!(r.cost(), Some(optimal), "IDA* must match the published optimum");
        let t = Instant::now();
        let r = astar::AStar::default().search(&mut ac, &fifteen, &s, &Manhattan, &mut ());
        line("A*", &r, t.elapsed().as_secs_f64());
        assert_eq!(r.cost(), Some(optimal), "A* must match the published optimum");
    }
}
