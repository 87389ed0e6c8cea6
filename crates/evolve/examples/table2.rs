//! GA-FreeCell's Table 2 on a range of Microsoft deals: solved deals, mean nodes (unsolved
//! deals penalised, and excluded), mean time and mean solution length, per solver.
//!
//! ```text
//! cargo run --release -p freecell-evolve --example table2 -- \
//!     FIRST LAST MAX_NODES JOBS [--exclude CHECKPOINT] SOLVER...
//! ```
//! SOLVER is a preset name (`hsd`, `ga`, …), `weights:FILE` or `policy:FILE`. With
//! `--exclude`, the training deals of that `freecell evolve` checkpoint are skipped (the
//! papers' test set is MS 1–32,000 minus the training set). An unsolved deal counts
//! `2 · MAX_NODES` nodes in the penalised mean (the papers' 1000 M, twice the budget here).

#![allow(clippy::print_stdout)]

use std::collections::BTreeSet;
use std::time::Instant;

use freecell_deals::DealNumber;
use freecell_evolve::Checkpoint;
use freecell_heuristics::Weights;
use freecell_heuristics::policy::Policy;
use freecell_solver::{Outcome, Preset, Solver};
use rayon::prelude::*;

fn solver(spec: &str) -> Result<Solver, Box<dyn std::error::Error>> {
    Ok(if let Some(path) = spec.strip_prefix("weights:") {
        Solver::with_weights(std::fs::read_to_string(path)?.trim().parse::<Weights>()?)
    } else if let Some(path) = spec.strip_prefix("policy:") {
        Solver::with_policy(std::fs::read_to_string(path)?.trim().parse::<Policy>()?)
    } else {
        Solver::new(spec.parse::<Preset>()?)
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [first, last, max_nodes, jobs, rest @ ..] = args.as_slice() else {
        return Err("usage: table2 FIRST LAST MAX_NODES JOBS [--exclude CHECKPOINT] SOLVER...".into());
    };
    let (first, last, max_nodes, jobs): (u64, u64, u64, usize) =
        (first.parse()?, last.parse()?, max_nodes.parse()?, jobs.parse()?);
    let (excluded, specs): (BTreeSet<u64>, &[String]) = match rest {
        [flag, path, specs @ ..] if flag == "--exclude" => {
            let checkpoint = Checkpoint::from_json(&std::fs::read_to_string(path)?)?;
            (checkpoint.training().iter().map(|&d| u64::from(d)).collect(), specs)
        }
        specs => (BTreeSet::new(), specs),
    };
    let deals: Vec<u64> = (first..=last).filter(|d| !excluded.contains(d)).collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let penalty = 2 * max_nodes;
    println!(
        "MS {first}–{last}: {} deals ({} training deals excluded), budget {max_nodes} expanded nodes, unsolved = {penalty}",
        deals.len(),
        (last - first + 1) as usize - deals.len()
    );
    println!(
        "| solver | solved | nodes (penalised) | nodes (excluded) | time ms (excluded) | length (excluded) | wall s |"
    );
    println!("|---|---|---|---|---|---|---|");
    for spec in specs {
        solver(spec)?; // Fail early on a bad file.
        let started = Instant::now();
        let results: Vec<Option<(u64, f64, usize)>> = pool.install(|| {
            deals
                .par_iter()
                .map_init(
                    || solver(spec).expect("checked above").max_nodes(max_nodes),
                    |s, &n| {
                        let board = DealNumber::new(n).expect("MS deal numbers").board();
                        let report = s.solve(&board).expect("no solver bug");
                        match report.outcome {
                            Outcome::Solved(sol) => Some((
                                report.stats.search.expanded,
                                report.stats.elapsed.as_secs_f64() * 1e3,
                                sol.len(),
                            )),
                            _ => None,
                        }
                    },
                )
                .collect()
        });
        let solved: Vec<&(u64, f64, usize)> = results.iter().flatten().collect();
        let k = solved.len().max(1) as f64;
        let node_sum: u64 = solved.iter().map(|r| r.0).sum();
        let penalised = (node_sum + penalty * (deals.len() - solved.len()) as u64) as f64 / deals.len().max(1) as f64;
        println!(
            "| {spec} | {} ({:.2} %) | {:.0} | {:.0} | {:.1} | {:.1} | {:.1} |",
            solved.len(),
            100.0 * solved.len() as f64 / deals.len().max(1) as f64,
            penalised,
            node_sum as f64 / k,
            solved.iter().map(|r| r.1).sum::<f64>() / k,
            solved.iter().map(|r| r.2 as f64).sum::<f64>() / k,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
