//! The learning harness: one tuned turn run alone on each of a list of deals, through the
//! solver (so that a solution's length is the one `bench` reports), its counts written out.
//! The turns are independent searches, so a deal's expansions under any set of evaluations
//! and any schedule follow from these counts alone (`docs/results/fast.md`, sixteenth and
//! twenty-second sessions); the simulation and the search over weights are outside the tree.
//!
//! `LEARN_DEALS=FILE LEARN_SLOT=K LEARN_WEIGHTS=out,blocked,unsorted,dig,cell,column,depth[,tight[,under]]
//! LEARN_OUT=FILE [LEARN_THREADS=N] [LEARN_GOAL=verdict] cargo test --release -p freecell-solver learn -- --ignored`:
//! each line of the deals' file is a deal number and the most expansions to give it; each
//! line written is the deal, its expansions, positions generated, and the solution's length
//! (-1 when the turn did not solve it within those expansions). With `LEARN_GOAL=verdict`
//! the solutions are not shortened (the [`Goal::Verdict`](crate::Goal::Verdict) solver's).

use std::fmt::Write as _;

use freecell_deals::DealNumber;

use super::eval::{Evaluations, Weights};
use crate::{Goal, Preset, Solver};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

#[test]
#[ignore = "a harness, run by hand"]
fn learn() {
    let deals: Vec<(u64, u64)> = std::fs::read_to_string(env("LEARN_DEALS"))
        .expect("deals")
        .lines()
        .map(|line| {
            let mut words = line.split_whitespace().map(|w| w.parse::<u64>().expect("a number"));
            (words.next().expect("a deal"), words.next().expect("a cap"))
        })
        .collect();
    let slot: usize = env("LEARN_SLOT").parse().expect("a slot");
    let w: Vec<u32> = env("LEARN_WEIGHTS").split(',').map(|x| x.parse().expect("a weight")).collect();
    let weights = Weights {
        out: w[0],
        blocked: w[1],
        unsorted: w[2],
        dig: w[3],
        cell: w[4],
        column: w[5],
        depth: w[6],
        breaks: 0,
        tight: w.get(7).copied().unwrap_or(0),
        under: w.get(8).copied().unwrap_or(0),
    };
    let goal: Goal = std::env::var("LEARN_GOAL").map_or(Goal::Short, |g| g.parse().expect("a goal"));
    let threads: usize = std::env::var("LEARN_THREADS").map_or(1, |t| t.parse().expect("threads"));
    let chunk = deals.len().div_ceil(threads).max(1);
    let lines: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = deals
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut out = String::new();
                    for &(deal, cap) in part {
                        let solver = Solver::new(Preset::Fast)
                            .greedy_only()
                            .goal(goal)
                            .evaluations(Evaluations::Alone(slot, weights))
                            .max_nodes(cap);
                        let board = DealNumber::new(deal).expect("a deal").board();
                        let report = solver.solve(&board).expect("a solve");
                        let length = report.outcome.solution().map_or(-1, |s| s.len() as i64);
                        let stats = report.stats.search;
                        writeln!(out, "{deal} {} {} {length}", stats.expanded, stats.generated).expect("a line");
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a thread")).collect()
    });
    std::fs::write(env("LEARN_OUT"), lines.concat()).expect("written");
}
