//! Rush Hour through `freecell-search`'s traits: the hardest puzzle of Michael Fogleman's
//! database of all 6×6 positions, solved with BFS and A* (blocking-vehicles heuristic) and
//! checked against its published optimum of 60 moves (a move slides one vehicle any number of
//! cells).
//!
//! Run: `cargo run --release -p freecell-examples --example rush_hour`.

// An example reports on standard output.
#![allow(clippy::print_stdout)]

#[path = "../crates/search/tests/it/rush.rs"]
mod rush;

use std::time::Instant;

use freecell_search::{SearchProblem, astar, bfs, staged};
use rush::{Blockers, HARDEST, HARDEST_MOVES, RushHour};

fn main() {
    let Some((p, start)) = RushHour::parse(HARDEST) else {
        println!("bad board");
        return;
    };
    println!("Rush Hour, Fogleman's hardest: {HARDEST} (published optimum {HARDEST_MOVES})");

    let t = Instant::now();
    let r = bfs::Bfs::default().search(&mut bfs::Cache::new(), &p, &start, &mut ());
    println!("  BFS:    {:?} moves, {} expanded, {:.3} s", r.cost(), r.stats.expanded, t.elapsed().as_secs_f64());
    assert_eq!(r.cost(), Some(HARDEST_MOVES));

    let t = Instant::now();
    let r = astar::AStar::default().search(&mut astar::Cache::new(), &p, &start, &Blockers, &mut ());
    println!("  A*:     {:?} moves, {} expanded, {:.3} s", r.cost(), r.stats.expanded, t.elapsed().as_secs_f64());
    assert_eq!(r.cost(), Some(HARDEST_MOVES));

    // Staged deepening is incomplete and not optimal: with one entry per heuristic value (both
    // GA-FreeCell's Algorithm 1 and Heineman's code) the weak blocking heuristic discards too
    // much here, so keep every leaf.
    let config = staged::Config::paper().look_ahead(3).one_entry_per_score(false);
    let s = staged::StagedDeepening::new(config).search(&mut staged::Cache::new(), &p, &start, &Blockers, &mut ());
    println!("  staged deepening (k = 3, every leaf kept): {:?} moves, {} expanded", s.cost(), s.stats.expanded);
    let s = staged::StagedDeepening::new(staged::Config::paper()).search(
        &mut staged::Cache::new(),
        &p,
        &start,
        &Blockers,
        &mut (),
    );
    println!("  staged deepening (paper preset): {:?}", s.outcome);

    if let Some(sol) = r.solution() {
        let mut s = start;
        let steps: Vec<String> = sol
            .moves
            .iter()
            .map(|m| {
                p.apply(&mut s, *m);
                format!("{}{:+}", p.name(m.vehicle), m.by)
            })
            .collect();
        println!("  solution: {}", steps.join(" "));
        println!("  final:    {}", p.show(&s));
    }
}
