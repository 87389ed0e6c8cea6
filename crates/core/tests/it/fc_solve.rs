//! An outside check of the rules: fc-solve's solution of Microsoft deal 24, replayed.
//!
//! fc-solve is a well-known FreeCell solver written in C. Its public repository
//! `shlomif/fc-solve` keeps, in `fc-solve/site/wml/src/js/web-fc-solve-tests.js`, the
//! layout of deal 24 (`ms_deal_24`) and fc-solve's verbose solution of it
//! (`solution_for_deal_24__default`). The solution's move lines, converted one for one to
//! standard notation, are `tests/data/ms24-fc-solve.solution` (its header gives the
//! conversion). Every one of them must be legal under our rules, in turn, with no
//! automatic moves, and they must win the game.

use freecell_core::{Layout, Notation, Rules, Verified, verify};

use freecell_core::Board;

use crate::common::cards;

/// Deal 24's cascades, deepest card first, as `ms_deal_24` in fc-solve's
/// `web-fc-solve-tests.js` gives them (and as the Microsoft shuffle deals them).
const MS_DEAL_24: &str = "\
4C 2C 9C 8C QS 4S 2H
5H QH 3C AC 3H 4H QD
QC 9S 6H 9H 3S KS 3D
5D 2S JC 5C JH 6D AS
2D KD TH TC TD 8D
7H JS KH TS KC 7C
AH 5S 6S AD 8H JD
7S 6C 7D 4D 8S 9D
";

/// fc-solve's solution, converted to standard notation.
const SOLUTION: &str = include_str!("../data/ms24-fc-solve.solution");

/// The number of `Move ...` lines in fc-solve's solution of deal 24.
const FC_SOLVE_MOVES: usize = 138;

/// fc-solve's `Move N cards from stack i to stack j` lines with N > 1, as (move number
/// from 1, N). Its other moves carry one card each.
const MULTI_CARD_MOVES: [(usize, u8); 8] = [(25, 2), (31, 2), (51, 2), (57, 2), (63, 3), (96, 2), (102, 2), (103, 2)];

/// Deal 24, built from [`MS_DEAL_24`] through a [`Layout`].
fn deal_24() -> Board {
    let lines: Vec<&str> = MS_DEAL_24.lines().collect();
    assert_eq!(lines.len(), 8, "deal 24 has 8 cascades");
    let mut layout = Layout::empty(Rules::freecell());
    for (cascade, line) in layout.cascades.iter_mut().zip(lines) {
        *cascade = cards(line);
    }
    Board::try_from(layout).unwrap_or_else(|e| panic!("deal 24 is not a legal deal: {e}"))
}

/// The solution's tokens, read without the crate: comments dropped, split on white space.
fn solution_tokens() -> Vec<&'static str> {
    SOLUTION.lines().flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace()).collect()
}

fn replay_fc_solve(board: &Board) -> Verified {
    verify(board, SOLUTION).unwrap_or_else(|e| panic!("fc-solve's solution of deal 24 does not replay: {e}\n{board}"))
}

#[test]
fn fc_solve_solution_of_deal_24_replays_and_wins() {
    let board = deal_24();
    let replayed = replay_fc_solve(&board);
    assert!(replayed.board.is_won(), "not won after fc-solve's moves:\n{}", replayed.board);
    assert_eq!(replayed.moves.len(), FC_SOLVE_MOVES);
    assert_eq!(solution_tokens().len(), FC_SOLVE_MOVES);
}

#[test]
fn fc_solve_multi_card_moves_carry_the_counts_it_printed() {
    let replayed = replay_fc_solve(&deal_24());
    let multi: Vec<(usize, u8)> = replayed
        .moves
        .iter()
        .enumerate()
        .filter(|(_, mv)| mv.count() > 1)
        .map(|(index, mv)| (index + 1, mv.count()))
        .collect();
    assert_eq!(multi, MULTI_CARD_MOVES);
    // The data file states those counts itself, in fc-solve's `v` + hex extension.
    let written: Vec<(usize, u8)> = solution_tokens()
        .iter()
        .enumerate()
        .filter_map(|(index, token)| {
            let (_, hex) = token.split_once('v')?;
            Some((index + 1, u8::from_str_radix(hex, 16).expect("a hexadecimal count")))
        })
        .collect();
    assert_eq!(written, MULTI_CARD_MOVES);
}

#[test]
fn fc_solve_solution_round_trips_through_our_writer() {
    let board = deal_24();
    let replayed = replay_fc_solve(&board);
    let text = board
        .write_solution(&replayed.moves, Notation::Standard)
        .unwrap_or_else(|e| panic!("cannot write fc-solve's solution: {e}"));
    let again = verify(&board, &text).unwrap_or_else(|e| panic!("our own writing does not replay: {e}\n{text}"));
    assert_eq!(again.moves, replayed.moves);
    assert!(again.board.is_won());
    // Every multi-card move of this solution lands on a card, where the count follows from
    // the ranks, so our writer leaves out the `v` counts and writes the same tokens otherwise.
    let expected: Vec<&str> =
        solution_tokens().into_iter().map(|token| token.split('v').next().unwrap_or(token)).collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
}
