//! Solves deals of every game of the FreeCell family (or the games named) with one preset and
//! prints a Markdown row per game: solved, proved lost, undecided, seconds per deal (mean
//! and slowest) and mean solution length. Each solution is replayed under the game's rules.
//!
//! `cargo run --release -p freecell-solver --example games -- [preset] [first] [last] [timeout-s] [game…]`
//! (defaults: `fast 1 1000 60`, every game; one thread).

#![allow(clippy::print_stdout)]

use std::time::{Duration, Instant};

use freecell_core::Game;
use freecell_deals::DealNumber;
use freecell_solver::{GameBoard, Outcome, Preset, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args.first().map_or(Ok(Preset::Fast), |s| s.parse())?;
    let first: u64 = args.get(1).map_or(Ok(1), |s| s.parse())?;
    let last_deal: u64 = args.get(2).map_or(Ok(1000), |s| s.parse())?;
    let timeout = Duration::from_secs(args.get(3).map_or(Ok(60), |s| s.parse())?);
    let games: Vec<Game> = if args.len() > 4 {
        args[4..].iter().map(|s| s.parse()).collect::<Result<_, _>>()?
    } else {
        Game::ALL.to_vec()
    };
    let fast = Solver::new(preset).timeout(timeout);
    println!("| game | solved | lost | undecided | s/deal | slowest (deal) | mean length |");
    println!("|---|---|---|---|---|---|---|");
    for game in games {
        let (mut won, mut proved_lost, mut length) = (0u64, 0u64, 0u64);
        let mut undecided = Vec::new();
        let mut slowest = (Duration::ZERO, 0);
        let started = Instant::now();
        for n in first..=last_deal {
            let board = GameBoard::try_from(DealNumber::try_from(n)?.layout(game))?;
            let report = fast.solve(&board)?;
            slowest = slowest.max((report.stats.elapsed, n));
            match &report.outcome {
                Outcome::Solved(s) => {
                    assert!(board.wins(&s.moves), "{game} deal {n}: the solution does not win");
                    won += 1;
                    length += s.len() as u64;
                }
                Outcome::Unsolvable => proved_lost += 1,
                Outcome::Undecided(reason) => undecided.push(format!("{n} ({reason})")),
            }
        }
        let deals = last_deal - first + 1;
        println!(
            "| {} | {won} | {proved_lost} | {} | {:.5} | {:.3} ({}) | {:.1} |",
            game.name(),
            undecided.len(),
            started.elapsed().as_secs_f64() / deals as f64,
            slowest.0.as_secs_f64(),
            slowest.1,
            length as f64 / won.max(1) as f64,
        );
        if !undecided.is_empty() {
            println!("<!-- {game} undecided: {} -->", undecided.join(", "));
        }
    }
    Ok(())
}
