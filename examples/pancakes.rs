//! `freecell-search` for your own puzzle, pancake sorting: first in one call, then with the
//! traits.
//!
//! A stack of pancakes of distinct sizes is sorted by flips: put the spatula under the top
//! `k` pancakes and turn them over.
//!
//! **One call.** [`freecell_search::astar`] takes the start, the successors of a stack (each
//! flip's result, at cost 1), a heuristic and a goal test, all closures, and returns the
//! stacks from the start to the sorted one, or why there is none (see [`one_call`]).
//!
//! **The traits**, for speed (no stack cloned per flip, moves of one byte, undo in place) and
//! for every engine and setting. The puzzle needs three small pieces:
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

use freecell_search::{ByUndo, Cycles, Heuristic, NoPath, SearchProblem, StatePath, Undo, astar, bfs, idastar};

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
        is_sorted(stack)
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
    fn estimate(&self, _: &Pancakes, stack: &Stack) -> u32 {
        gaps(stack)
    }
}

/// Whether the stack is sorted: size `i` at depth `i`, the smallest on top.
fn is_sorted(stack: &[u8]) -> bool {
    stack.iter().enumerate().all(|(i, &p)| usize::from(p) == i)
}

/// Neighbours that differ by more than one in size, the plate (below the stack) counting as
/// size `n`.
fn gaps(stack: &[u8]) -> u32 {
    let plate = stack.len() as u8;
    let below = stack.iter().skip(1).chain(std::iter::once(&plate));
    stack.iter().zip(below).filter(|&(&a, &b)| a.abs_diff(b) > 1).count() as u32
}

/// The puzzle in one call, no trait: the successors of a stack are the stacks each flip
/// makes, at cost 1.
fn one_call(stack: &Stack) -> Result<StatePath<Stack>, NoPath> {
    let flips = |s: &Stack| {
        (2..=s.len())
            .map(|k| {
                let mut flipped = s.clone();
                flipped[..k].reverse();
                (flipped, 1)
            })
            .collect::<Vec<_>>()
    };
    freecell_search::astar(stack, flips, |s: &Stack| gaps(s), |s: &Stack| is_sorted(s))
}

/// Sorts a few stacks in one call and with BFS, A* and IDA* on the traits, checks that all
/// four agree on the optimum, and writes the flips.
pub(crate) fn run(out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let stacks: [Stack; 3] = [vec![2, 0, 1], vec![3, 1, 4, 0, 2], vec![5, 2, 7, 0, 6, 1, 4, 3]];
    for stack in stacks {
        let problem = Pancakes { n: stack.len() };
        let by_bfs = bfs::Bfs::default().search(&mut bfs::Cache::new(), &problem, &stack, &mut ());
        let by_astar = astar::AStar::default().search(&mut astar::Cache::new(), &problem, &stack, &Gaps, &mut ());
        let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
        let by_ida = ida.search(&mut idastar::Cache::new(), &problem, &stack, &Gaps, &mut ());
        let optimum = by_bfs.cost().ok_or("every stack of distinct pancakes can be sorted")?;
        let in_one_call = one_call(&stack)?;
        if by_astar.cost() != Some(optimum) || by_ida.cost() != Some(optimum) || in_one_call.cost != optimum {
            return Err(format!(
                "{stack:?}: BFS {optimum}, A* {:?}, IDA* {:?}, one call {}",
                by_astar.cost(),
                by_ida.cost(),
                in_one_call.cost
            )
            .into());
        }
        let flips = by_ida.solution().map(|s| s.moves.clone()).unwrap_or_default();
        writeln!(
            out,
            "{stack:?}: {optimum} flips {flips:?}; expanded: BFS {}, A* {}, IDA* {}; one call: {:?}",
            by_bfs.stats.expanded, by_astar.stats.expanded, by_ida.stats.expanded, in_one_call.states
        )?;
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    run(&mut io::stdout().lock())
}
