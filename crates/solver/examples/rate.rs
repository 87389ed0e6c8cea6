//! Solves a range of Microsoft deals with one preset and prints a summary: success rate,
//! mean nodes, time and length, and the generated-nodes rate.
//!
//! `cargo run --release -p freecell-solver --example rate -- PRESET FIRST LAST NODES [SECSs] [v]`,
//! e.g. `… -- goals 1 1000 100000000 10s`: at most NODES expanded positions and SECS seconds
//! per deal (default 60 s); `v` prints one line per deal. Without arguments: `fast` on MS
//! 1–100 with at most 2,000,000 nodes per deal.

#![allow(clippy::print_stdout)]

use std::time::Duration;

use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args.first().map_or("fast", String::as_str).parse()?;
    let first: u64 = args.get(1).map_or("1", String::as_str).parse()?;
    let last: u64 = args.get(2).map_or("100", String::as_str).parse()?;
    let max_nodes: u64 = args.get(3).map_or("2000000", String::as_str).parse()?;
    let rest = args.get(4..).unwrap_or_default();
    let verbose = rest.iter().any(|a| a == "v");
    let timeout = match rest.iter().find_map(|a| a.strip_suffix('s')) {
        Some(secs) => Duration::from_secs_f64(secs.parse()?),
        None => Duration::from_mins(1),
    };
    let solver = Solver::new(preset).max_nodes(max_nodes).timeout(timeout);
    let (mut wins, mut expanded, mut generated, mut seconds) = (0u64, 0u64, 0u64, 0f64);
    let (mut won_expanded, mut won_seconds, mut length, mut single, mut detailed) =
        (0u64, 0f64, 0usize, 0usize, 0usize);
    let mut undecided = std::collections::BTreeMap::<String, u64>::new();
    for n in first..=last {
        let board = DealNumber::new(n).ok_or("deal number out of range")?.board();
        let report = solver.solve(&board)?;
        let secs = report.stats.elapsed.as_secs_f64();
        expanded += report.stats.search.expanded;
        generated += report.stats.search.generated;
        seconds += secs;
        let what = match &report.outcome {
            Outcome::Solved(s) => {
                wins += 1;
                won_expanded += report.stats.search.expanded;
                won_seconds += secs;
                length += s.len();
                single += s.single_card_len();
                // Detailed notation: each supermove written as the single-card moves it is
                // made of (a run of n cards takes 2n − 1 or more), as the thesis counts.
                let mut replayed = board.clone();
                let mut steps = 0;
                for &mv in &s.moves {
                    steps += replayed.decompose(mv)?.len();
                    replayed.apply(mv)?;
                }
                detailed += steps;
                format!("solved, {} moves ({} single-card, {steps} detailed)", s.len(), s.single_card_len())
            }
            Outcome::Unsolvable => "unsolvable".to_owned(),
            Outcome::Undecided(r) => {
                *undecided.entry(r.to_string()).or_default() += 1;
                format!("undecided: {r}")
            }
        };
        if verbose {
            println!(
                "{n}: {what}; {} expanded, {} generated, {} evaluated, {} bytes, {secs:.3} s",
                report.stats.search.expanded,
                report.stats.search.generated,
                report.stats.search.evaluated,
                report.stats.search.bytes,
            );
        }
    }
    let deals = last - first + 1;
    let won = wins.max(1) as f64;
    println!(
        "{preset} on MS {first}-{last}, limits {max_nodes} nodes and {:.0} s per deal: {wins}/{deals} solved ({:.1}%)",
        timeout.as_secs_f64(),
        100.0 * wins as f64 / deals as f64
    );
    println!(
        "  all deals: mean {:.0} expanded, {:.0} generated, {:.3} s; {:.2} M generated/s",
        expanded as f64 / deals as f64,
        generated as f64 / deals as f64,
        seconds / deals as f64,
        generated as f64 / seconds / 1e6
    );
    println!(
        "  solved deals: mean {:.0} expanded, {:.3} s, length {:.1} moves (sequence model), {:.1} single-card, {:.1} detailed",
        won_expanded as f64 / won,
        won_seconds / won,
        length as f64 / won,
        single as f64 / won,
        detailed as f64 / won
    );
    for (reason, count) in undecided {
        println!("  undecided ({reason}): {count}");
    }
    Ok(())
}
