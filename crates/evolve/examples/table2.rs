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

/// The solver SOLVER names; genomes and policies are checked as `freecell solve` does.
fn solver(spec: &str) -> Result<Solver, Box<dyn std::error::Error>> {
    Ok(if let Some(path) = spec.strip_prefix("weights:") {
        let weights: Weights = std::fs::read_to_string(path)?.parse().map_err(|e| format!("{path}: {e}"))?;
        if !weights.is_valid() {
            return Err(format!("{path}: every weight must be in [0, 1]").into());
        }
        Solver::with_weights(weights)
    } else if let Some(path) = spec.strip_prefix("policy:") {
        let policy: Policy = std::fs::read_to_string(path)?.parse().map_err(|e| format!("{path}: {e}"))?;
        policy.validate().map_err(|e| format!("{path}: {e}"))?;
        Solver::with_policy(policy)
    } else {
        Solver::new(spec.parse::<Preset>()?)
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [first, last, max_nodes, jobs, rest @ ..] = args.as_slice() else {
        return Err("usage: table2 FIRST LAST MAX_NODES JOBS [--exclude CHECKPOINT] SOLVER...".into());
    };
    let deal = |text: &str, what: &str| text.parse::<DealNumber>().map_err(|e| format!("{what}: {e}"));
    let (first, last, max_nodes, jobs) =
        (deal(first, "FIRST")?, deal(last, "LAST")?, max_nodes.parse::<u64>()?, jobs.parse::<usize>()?);
    if first > last {
        return Err(format!("FIRST ({first}) is after LAST ({last})").into());
    }
    let (first, last) = (first.get(), last.get());
    let (excluded, specs): (BTreeSet<u64>, &[String]) = match rest {
        [flag, path, specs @ ..] if flag == "--exclude" => {
            let checkpoint = Checkpoint::from_json(&std::fs::read_to_string(path)?)?;
            (checkpoint.training().iter().map(|&d| u64::from(d)).collect(), specs)
        }
        specs => (BTreeSet::new(), specs),
    };
    let deals: Vec<u64> = (first..=last).filter(|d| !excluded.contains(d)).collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let penalty = max_nodes.saturating_mul(2);
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
                        // FIRST and LAST are deal numbers, and so is every number between.
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
        let penalised = node_sum.saturating_add(penalty.saturating_mul((deals.len() - solved.len()) as u64)) as f64
            / deals.len().max(1) as f64;
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
