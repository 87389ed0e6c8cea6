//! Sequence-move capacities and decompositions on hand-built positions, with the answers worked
//! out from the rules (`(f + 1) · 2^e`, the destination not counted among the empty cascades:
//! `shlomif/fc-solve` `fc-solve/source/meta_move_funcs_helpers.h`, `calc_max_sequence_move`).

use freecell_core::{Move, MoveError, MoveModel, Pile, Rules, SequenceCapacity};

use crate::common::Board;

use crate::common::position;

fn run_move(from: usize, to: usize, count: u8) -> Move {
    Move::new(Pile::cascade(from), Pile::cascade(to), count)
}

/// Decomposes `mv`, checks every step is a legal single-card move in turn and that the
/// steps end where the sequence move does; returns the number of steps.
fn steps(board: &Board, mv: Move) -> usize {
    let steps = board.decompose(mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
    let mut stepwise = board.clone();
    for &step in &steps {
        assert_eq!(step.count(), 1);
        stepwise.apply(step).unwrap_or_else(|e| panic!("{mv:?} -> {steps:?}: {step:?}: {e}"));
    }
    let mut whole = board.clone();
    whole.apply(mv).expect("the sequence move is legal");
    assert_eq!(stepwise.key(), whole.key());
    steps.len()
}

fn generated(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(MoveModel::Sequence, &mut moves);
    moves
}

/// Cascade 1 holds the run KH QC JD TC 9D 8C 7D (7 cards, on a 2C that does not build).
const SEVEN_RUN: &str = "2C KH QC JD TC 9D 8C 7D";

#[test]
fn four_free_cells_and_no_empty_cascade_move_five() {
    // (4 + 1) · 2^0 = 5: JD…7D (5 cards) onto QS is legal, QC…7D (6) onto KD is not.
    let board = position(Rules::freecell(), "", &[], &[SEVEN_RUN, "QS", "KD", "*", "*", "*", "*", "*"]);
    assert_eq!(board.sequence_capacity(false), 5);
    assert_eq!(board.check(run_move(0, 1, 5)), Ok(()));
    assert_eq!(board.check(run_move(0, 2, 6)), Err(MoveError::OverCapacity { count: 6, capacity: 5 }));
    assert!(generated(&board).contains(&run_move(0, 1, 5)));
    assert!(!generated(&board).iter().any(|m| m.to() == Pile::cascade(2) && m.from() == Pile::cascade(0)));
    // Four cards wait in the four cells, one moves, four follow: 2 · 5 − 1 = 9 steps.
    assert_eq!(steps(&board, run_move(0, 1, 5)), 9);
    assert_eq!(board.parse_move("12"), Ok(run_move(0, 1, 5)));
}

#[test]
fn an_empty_cascade_doubles_the_capacity() {
    // Cascade 1: KH QC JD TC 9D 8C 7D 6C 5D 4C 3D on a 2C; cascade 2: KD; cascade 3 empty.
    let long = "2C KH QC JD TC 9D 8C 7D 6C 5D 4C 3D";
    let board = position(Rules::freecell(), "", &[], &[long, "KD", "", "*", "*", "*", "*", "*"]);
    // Onto KD: (4 + 1) · 2^1 = 10, exactly QC…3D.
    assert_eq!(board.check(run_move(0, 1, 10)), Ok(()));
    // Five cards go to the empty cascade through the cells (9 steps), five more onto KD
    // (9), then the first five follow (9): 27.
    assert_eq!(steps(&board, run_move(0, 1, 10)), 27);
    // Into the empty cascade itself the destination does not count: (4 + 1) · 2^0 = 5.
    assert_eq!(board.sequence_capacity(true), 5);
    assert_eq!(board.check(run_move(0, 2, 5)), Ok(()));
    assert_eq!(board.check(run_move(0, 2, 6)), Err(MoveError::OverCapacity { count: 6, capacity: 5 }));
    assert_eq!(board.check(run_move(0, 2, 11)), Err(MoveError::OverCapacity { count: 11, capacity: 5 }));

    // One cell taken: (3 + 1) · 2 = 8 < 10.
    let board = position(Rules::freecell(), "", &["AS"], &[long, "KD", "", "*", "*", "*", "*", "*"]);
    assert_eq!(board.check(run_move(0, 1, 10)), Err(MoveError::OverCapacity { count: 10, capacity: 8 }));
    assert_eq!(
        board.check(run_move(0, 1, 8)),
        Err(MoveError::DoesNotBuild { card: "TC".parse().unwrap(), onto: "KD".parse().unwrap() })
    );
}

#[test]
fn four_cards_with_three_free_cells_take_seven_steps() {
    // One cell taken, no empty cascade: (3 + 1) · 1 = 4 cards; 3 out, 1 across, 3 back.
    let board = position(Rules::freecell(), "", &["AS"], &["KH QC JD TC 9D", "KD", "*", "*", "*", "*", "*", "*"]);
    assert_eq!(steps(&board, run_move(0, 1, 4)), 7);
    assert_eq!(board.check(run_move(0, 1, 4)), Ok(()));
}

#[test]
fn no_free_cell_and_two_empty_cascades_move_four() {
    // (0 + 1) · 2^2 = 4: QC JD TC 9D onto KD using only the two empty cascades.
    let board = position(
        Rules::freecell(),
        "",
        &["AS", "2S", "3S", "4S"],
        &["KH QC JD TC 9D", "KD", "", "", "*", "*", "*", "*"],
    );
    assert_eq!(board.sequence_capacity(false), 4);
    // 9D to E1, TC to E2, 9D onto TC (the pair parked: 3), JD to E1, QC onto KD, JD onto
    // QC (3), then the parked pair follows through E1 (3): 9 single-card moves.
    assert_eq!(steps(&board, run_move(0, 1, 4)), 9);
    // The whole run KH…9D into an empty cascade: (0 + 1) · 2^1 = 2.
    assert_eq!(board.check(run_move(0, 2, 5)), Err(MoveError::OverCapacity { count: 5, capacity: 2 }));
    assert_eq!(steps(&board, run_move(0, 2, 2)), 3);
}

#[test]
fn other_capacity_rules() {
    let long = "2C KH QC JD TC 9D 8C 7D 6C 5D 4C 3D";
    let at = |capacity| {
        position(Rules { capacity, ..Rules::freecell() }, "", &[], &[long, "KD", "", "*", "*", "*", "*", "*"])
    };
    // f = 4, e = 1: linear f + e + 1 = 6; deep 1 + f(e + 1) + e(e + 1)/2 = 10; one card.
    assert_eq!(
        at(SequenceCapacity::Linear).check(run_move(0, 1, 10)),
        Err(MoveError::OverCapacity { count: 10, capacity: 6 })
    );
    assert_eq!(at(SequenceCapacity::DeepSupermove).check(run_move(0, 1, 10)), Ok(()));
    assert_eq!(at(SequenceCapacity::SingleCard).sequence_capacity(false), 1);
    // Unlimited allows the move, but 11 cards into the empty cascade (standard capacity 5)
    // have no single-card decomposition.
    let unlimited = at(SequenceCapacity::Unlimited);
    assert_eq!(unlimited.check(run_move(0, 2, 11)), Ok(()));
    assert_eq!(unlimited.decompose(run_move(0, 2, 11)), Err(MoveError::NotDecomposable { count: 11 }));
    assert_eq!(steps(&unlimited, run_move(0, 2, 5)), 9);
}

#[test]
fn kings_only_empty_cascades_do_not_help_supermoves() {
    // Eight Off builds by suit: QH JH TH 9H 8H onto KH. Six of eight cells taken (f = 2),
    // one empty cascade that only a king may fill, so it parks nothing: (2 + 1) = 3.
    let cells = ["AS", "2S", "3S", "4S", "5S", "6S", "-", "-"];
    let cascades = ["2C QH JH TH 9H 8H", "KH", "", "*", "*", "*", "*", "*"];
    let board = position(Rules::eight_off(), "", &cells, &cascades);
    assert_eq!(board.sequence_capacity(false), 3);
    assert_eq!(board.check(run_move(0, 1, 5)), Err(MoveError::OverCapacity { count: 5, capacity: 3 }));
    // With all eight cells free: 9 cards may move.
    let board = position(Rules::eight_off(), "", &[], &cascades);
    assert_eq!(board.check(run_move(0, 1, 5)), Ok(()));
    assert_eq!(steps(&board, run_move(0, 1, 5)), 9);
}
