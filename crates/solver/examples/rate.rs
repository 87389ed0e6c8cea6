//! Solves a range of Microsoft deals with one preset and prints per-deal results and the
//! generated-nodes rate: `cargo run --release -p freecell-solver --example rate -- hsd 1 100`.

#![allow(clippy::print_stdout)]

use std::time::Duration;

use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args.first().map_or("hsd", String::as_str).parse()?;
    let first: u64 = args.get(1).map_or("1", String::as_str).parse()?;
    let last: u64 = args.get(2).map_or("100", String::as_str).parse()?;
    let max_nodes: u64 = args.get(3).map_or("2000000", String::as_str).parse()?;
    let verbose = args.get(4).is_some();
    let mut solver = Solver::new(preset).max_nodes(max_nodes).timeout(Duration::from_mins(1));
    let (mut wins, mut generated, mut seconds, mut length) = (0u64, 0u64, 0f64, 0usize);
    for n in first..=last {
        let board = DealNumber::new(n).ok_or("deal number out of range")?.board();
        let report = solver.solve(&board)?;
        generated += report.stats.search.generated;
        seconds += report.stats.elapsed.as_secs_f64();
        let what = match &report.outcome {
            Outcome::Solved(s) => {
                wins += 1;
                length += s.len();
                format!("solved, {} moves ({} single-card)", s.len(), s.single_card_len())
            }
            Outcome::Unsolvable => "unsolvable".to_owned(),
            Outcome::Undecided(r) => format!("undecided: {r}"),
        };
        if verbose {
            println!(
                "{n}: {what}; {} expanded, {} generated, {:.3} s",
                report.stats.search.expanded,
                report.stats.search.generated,
                report.stats.elapsed.as_secs_f64()
            );
        }
    }
    let deals = last - first + 1;
    println!(
        "{preset}: {wins}/{deals} solved, mean length {:.1}, {generated} generated in {seconds:.2} s = {:.2} M generated/s",
        length as f64 / wins.max(1) as f64,
        generated as f64 / seconds / 1e6
    );
    Ok(())
}
