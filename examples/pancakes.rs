//! Implementing `freecell-search`'s traits for your own puzzle: pancake sorting.
//!
//! A stack of pancakes of distinct sizes is sorted by flips: put the spatula under the top
//! `k` pancakes and turn them over. The puzzle needs three small pieces:
//! - [`SearchProblem`]: state, move, key, goal test, moves appended to a buffer, apply;
//! - [`Undo`] (optional): a flip is its own inverse, so depth-first engines can backtrack
//!   in place instead of copying states;
//! - a [`Heuristic`]: the *gap* heuristic (Helmert 2010) counts neighbours that differ by
//!   more than one in size, the plate counting as the largest size plus one. One flip
//!   changes at most one adjacency, so it never overestimates: A* and IDA* are optimal.
//!
//! `cargo run --release -p freecell-examples --example pancakes`
//!
//! The workspace's two other puzzles show more: `sliding_tile` (8- and 15-puzzles, checked
//! against Korf's published optima) and `rush_hour`.

use std::error::Error;
use std::io::{self, Write};

use freecell_search::{ByUndo, Cycles, Heuristic, SearchProblem, Undo, astar, bfs, idastar};

/// A stack, top first; pancake sizes are `0..N`.
type Stack = Vec<u8>;

/// Pancake sorting of `n` pancakes.
struct Pancakes {
    n: usize,
}

impl SearchProblem for Pancakes {
    type State = Stack;
    /// How many pancakes to flip, from the top (2 to n; flipping one changes nothing).
    type Move = u8;
    type Key = Stack;
    type Backtrack = ByUndo;

    fn is_goal(&self, stack: &Stack) -> bool {
        stack.iter().enumerate().all(|(i, &p)| usize::from(p) == i)
    }

    fn moves(&self, _: &Stack, out: &mut Vec<u8>) {
        out.extend(2..=self.n as u8);
    }

    fn apply(&self, stack: &mut Stack, flip: u8) {
        stack[..usize::from(flip)].reverse();
    }

    fn key(&self, stack: &Stack) -> Stack {
        stack.clone()
    }
}

impl Undo for Pancakes {
    fn undo(&self, stack: &mut Stack, flip: u8) {
        stack[..usize::from(flip)].reverse();
    }
}

/// The gap heuristic (admissible; see the module docs).
struct Gaps;

impl Heuristic<Pancakes> for Gaps {
    fn estimate(&self, problem: &Pancakes, stack: &Stack) -> u32 {
        let plate = problem.n as u8;
        let below = stack.iter().skip(1).chain(std::iter::once(&plate));
        stack.iter().zip(below).filter(|&(&a, &b)| a.abs_diff(b) > 1).count() as u32
    }
}

/// Sorts a few stacks with BFS, A* and IDA*, checks the three agree on the optimum, and
/// writes the flips.
pub(crate) fn run(out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let stacks: [Stack; 3] = [vec![2, 0, 1], vec![3, 1, 4, 0, 2], vec![5, 2, 7, 0, 6, 1, 4, 3]];
    for stack in stacks {
        let problem = Pancakes { n: stack.len() };
        let by_bfs = bfs::Bfs::default().search(&mut bfs::Cache::new(), &problem, &stack, &mut ());
        let by_astar = astar::AStar::default().search(&mut astar::Cache::new(), &problem, &stack, &Gaps, &mut ());
        let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
        let by_ida = ida.search(&mut idastar::Cache::new(), &problem, &stack, &Gaps, &mut ());
        let optimum = by_bfs.cost().ok_or("every stack of distinct pancakes can be sorted")?;
        if by_astar.cost() != Some(optimum) || by_ida.cost() != Some(optimum) {
            return Err(format!("{stack:?}: BFS {optimum}, A* {:?}, IDA* {:?}", by_astar.cost(), by_ida.cost()).into());
        }
        let flips = by_ida.solution().map(|s| s.moves.clone()).unwrap_or_default();
        writeln!(
            out,
            "{stack:?}: {optimum} flips {flips:?}; expanded: BFS {}, A* {}, IDA* {}",
            by_bfs.stats.expanded, by_astar.stats.expanded, by_ida.stats.expanded
        )?;
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    run(&mut io::stdout().lock())
}
