//! Solve, then verify, on small reduced-deck deals: only the top 1–4 ranks of each suit are
//! in play (the lower ranks already home), so every preset answers in milliseconds.
//!
//! Input: byte 0 the ranks in play, byte 1 the free cells, byte 2 the cascades, byte 3 the
//! build rule and capacity, bytes 4–11 the shuffle seed. Checks, for every preset:
//! - no `SolveError` (a solution that fails the solver's own verification is a bug);
//! - a solution replays to a win in the core replayer, written out in standard notation it
//!   verifies again to the same moves, and `Solution::steps` walks it to the won board;
//! - the presets agree: none solves a deal `bfs` proved unsolvable;
//! - `bfs` is optimal over single-card moves: no preset's solution, decomposed into
//!   single-card moves, is shorter.
#![no_main]

use freecell_core::{Board, BuildRule, Card, Layout, Notation, Rules, SequenceCapacity, replay, verify};
use freecell_solver::{Outcome, Preset, Solution, Solver};
use libfuzzer_sys::fuzz_target;

/// Node limit per preset: small decks need far fewer; this only bounds a bad case.
const MAX_NODES: u64 = 5_000;

/// Fisher–Yates driven by `SplitMix64`.
fn shuffle(cards: &mut [Card], seed: u64) {
    let mut rng = freecell_core::SplitMix64::new(seed);
    for i in (1..cards.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        cards.swap(i, j);
    }
}

fn board(head: &[u8; 12]) -> Board {
    let ranks = head[0] % 4 + 1;
    let build = [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit][usize::from(head[3] % 3)];
    let capacity = [SequenceCapacity::Standard, SequenceCapacity::Linear, SequenceCapacity::SingleCard]
        [usize::from(head[3] / 3 % 3)];
    let rules = Rules { free_cells: head[1] % 5, cascades: head[2] % 8 + 1, build, capacity, ..Rules::default() };
    let home = 13 - ranks;
    let mut cards: Vec<Card> = Card::deck().filter(|c| c.rank().get() > home).collect();
    shuffle(&mut cards, u64::from_le_bytes(head[4..12].try_into().expect("8 bytes")));
    let mut layout = Layout::deal(rules, &cards, 0);
    layout.foundations = [home; 4];
    Board::try_from(layout).expect("a reduced deal is a legal layout")
}

/// The solution's length in single-card moves, each run move decomposed.
fn single_card_moves(board: &Board, solution: &Solution) -> usize {
    let mut position = board.clone();
    let mut count = 0;
    for &mv in &solution.moves {
        count += if mv.count() > 1 { position.decompose(mv).expect("solutions decompose").len() } else { 1 };
        position.apply(mv).expect("solutions replay");
    }
    count
}

fn check_solution(preset: Preset, board: &Board, solution: &Solution) {
    let end = replay(board, &solution.moves).unwrap_or_else(|e| panic!("{preset}: {e}"));
    assert!(end.is_won(), "{preset}: the solution does not win");
    let written = board.write_solution(&solution.moves, Notation::Standard).expect("the solution replays");
    let again = verify(board, &written).unwrap_or_else(|e| panic!("{preset}: {e}\n{written}"));
    assert_eq!(again.moves, solution.moves, "{preset}");
    let steps: Vec<_> = solution.steps(board).expect("the solution replays").collect();
    assert_eq!(steps.len(), solution.len());
    assert!(steps.last().is_none_or(|s| s.board.is_won()), "{preset}");
}

fuzz_target!(|data: &[u8]| {
    let Some(head) = data.first_chunk::<12>() else { return };
    let board = board(head);
    let bfs = Solver::new(Preset::Bfs).max_nodes(MAX_NODES).solve(&board).expect("no solver bug");
    let optimum = match &bfs.outcome {
        Outcome::Solved(solution) => {
            check_solution(Preset::Bfs, &board, solution);
            Some(single_card_moves(&board, solution))
        }
        _ => None,
    };
    for preset in Preset::ALL {
        let report = Solver::new(preset).max_nodes(MAX_NODES).solve(&board).unwrap_or_else(|e| panic!("{preset}: {e}"));
        match &report.outcome {
            Outcome::Solved(solution) => {
                check_solution(preset, &board, solution);
                assert_ne!(bfs.outcome, Outcome::Unsolvable, "{preset} solved what bfs proved unsolvable");
                if let Some(optimum) = optimum {
                    let len = single_card_moves(&board, solution);
                    assert!(len >= optimum, "{preset}: {len} single-card moves, bfs's optimum is {optimum}");
                }
            }
            Outcome::Unsolvable => assert!(optimum.is_none(), "{preset}: unsolvable, but bfs solved it"),
            Outcome::Undecided(_) => {}
        }
    }
});
