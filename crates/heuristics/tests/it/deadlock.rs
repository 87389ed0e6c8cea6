//! Admissibility of `h_p` against exhaustive search on reduced decks.
//!
//! A game with ranks A–N is isomorphic to the end game in which every foundation already
//! holds rank 13 − N, so reduced positions are built that way (foundations at 9: 16 cards in
//! play; at 8: 20 cards), with fewer cascades and cells, dealt from a seeded shuffle and
//! then disturbed by a few random moves. The true optimum comes from breadth-first search
//! over `MoveModel::Atomic` (single-card model: every move relocates one card) and over
//! `MoveModel::Sequence` (a run move and a foundation move each count 1), with duplicate
//! detection on `key()` and no automoves.
//!
//! The quick test checks about 100 positions in any build; the full run is
//! `cargo test --release -p freecell-heuristics -- --ignored` and checks at least 1,000.

use freecell_core::{Board, MoveModel};
use freecell_heuristics::{CostModel, deadlock_bound};

use freecell_deals::reduced::{Truth, fewest_moves, positions};

/// What a run of checks found.
#[derive(Debug, Default)]
struct Tally {
    /// Positions whose optimum was found in both models and all bounds checked.
    checked: usize,
    /// Positions where `h_1 > h_0`, `h_2 > h_1`, `h_3 > h_2`, `h_4 > h_3` (single-card model).
    stronger: [usize; 4],
    /// Positions where the sequence-model `h_2` equals the sequence optimum.
    exact_h2_sequence: usize,
}

/// Checks `h_p ≤ optimum` in both cost models, `h_p ≤ h_{p+1}`, and that the sequence
/// bound never exceeds the single-card one, for every position; panics on a violation.
fn check(positions: impl Iterator<Item = Board>, limit: usize) -> Tally {
    let mut tally = Tally::default();
    for board in positions {
        let Truth::Optimum(single) = fewest_moves(&board, MoveModel::Atomic, limit) else { continue };
        let Truth::Optimum(sequence) = fewest_moves(&board, MoveModel::Sequence, limit) else { continue };
        let h_single: Vec<u32> = (0..=4).map(|p| deadlock_bound(&board, p, CostModel::SingleCard)).collect();
        let h_sequence: Vec<u32> = (0..=4).map(|p| deadlock_bound(&board, p, CostModel::Sequence)).collect();
        for p in 0..=4 {
            assert!(h_single[p] <= single, "h_{p} = {} > single-card optimum {single}\n{board}", h_single[p]);
            assert!(h_sequence[p] <= sequence, "h_{p} = {} > sequence optimum {sequence}\n{board}", h_sequence[p]);
            assert!(h_sequence[p] <= h_single[p], "sequence h_{p} above single-card h_{p}\n{board}");
            if p < 4 {
                assert!(h_single[p] <= h_single[p + 1], "single-card h_{p} > h_{}\n{board}", p + 1);
                assert!(h_sequence[p] <= h_sequence[p + 1], "sequence h_{p} > h_{}\n{board}", p + 1);
                if h_single[p + 1] > h_single[p] {
                    tally.stronger[p] += 1;
                }
            }
        }
        if h_sequence[2] == sequence {
            tally.exact_h2_sequence += 1;
        }
        tally.checked += 1;
    }
    tally
}

#[test]
fn bounds_are_admissible_and_monotone_on_small_reduced_decks() {
    let tally = check(positions(0xdead_10c0, 300, &[2, 2, 3]), 2_000);
    assert!(tally.checked >= 100, "only {} positions were solvable within the limit: {tally:?}", tally.checked);
    // The deadlock terms do something on these positions.
    assert!(tally.stronger[0] > 0 && tally.stronger[1] > 0, "{tally:?}");
}

#[test]
#[ignore = "exhaustive search on 1,000+ positions: run with --release -- --ignored"]
fn bounds_are_admissible_and_monotone_on_a_thousand_reduced_positions() {
    let tally = check(positions(0xdead_10c0, 3_200, &[3, 4, 4, 5]), 100_000);
    // The slow run reports what it covered (shown with `--nocapture`).
    #[allow(clippy::print_stderr)]
    {
        eprintln!("{tally:?}");
    }
    assert!(tally.checked >= 1_000, "only {} positions checked: {tally:?}", tally.checked);
    assert!(tally.stronger[0] > 0 && tally.stronger[1] > 0, "{tally:?}");
}

#[test]
fn goal_and_hand_built_positions() {
    let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
    for p in 0..=4 {
        assert_eq!(deadlock_bound(&won, p, CostModel::SingleCard), 0);
        assert_eq!(deadlock_bound(&won, p, CostModel::Sequence), 0);
    }
    // Hearts home to 7, spades to 8: out are 8H…KH (6) and 9S…KS (5), 11 cards.
    // Cascades, deepest first: QH JH | KH 9H | TH 9S 8H | KS QS JS TS. Every card lies only
    // on higher cards of its own suit (JH on QH, 9H on KH, 8H on TH, the spades on higher
    // spades), so nothing is forced: h_1 = 11. Two-suit pairs: JH, QH, KH wait for TH,
    // which lies under 9S, but 9S waits for no spade (8S is home); TS…KS wait for 9S, under
    // 8H, but 8H waits for no heart. No pair: every h_p = 11.
    let b: Board = "Foundations: C-K D-K H-7 S-8\n: QH JH\n: KH 9H\n: TH 9S 8H\n: KS QS JS TS\n".parse().unwrap();
    for p in 0..=4 {
        assert_eq!(deadlock_bound(&b, p, CostModel::SingleCard), 11);
        assert_eq!(deadlock_bound(&b, p, CostModel::Sequence), 11);
    }
    // Same cards, cascades TS KH | 8H 9H | QH JH TH | 9S KS QS JS. Forced: 9H (on 8H) and
    // KS, QS, JS (each above 9S). KH lies on a spade and TH on higher hearts. h_1 = 11 + 4.
    // Under the sequence model no two of them build on each other (9H–8H wrong order,
    // JS–QS–KS same colour), so four segments: also 15.
    let b: Board = "Foundations: C-K D-K H-7 S-8\n: TS KH\n: 8H 9H\n: QH JH TH\n: 9S KS QS JS\n".parse().unwrap();
    assert_eq!(deadlock_bound(&b, 0, CostModel::SingleCard), 11);
    assert_eq!(deadlock_bound(&b, 1, CostModel::SingleCard), 15);
    assert_eq!(deadlock_bound(&b, 1, CostModel::Sequence), 15);
}

#[test]
fn sequence_model_charges_one_move_per_built_segment() {
    // Hearts and spades home to 7: out are 8H…KH and 8S…KS, 12 cards.
    // Cascades 8S TH 9S | 8H QS JH | KH 9H | KS JS | QH | TS. Forced: 9S (above 8S) and JH
    // (above 8H); TH, QS have no lower card of their suit beneath. Single-card h_1 = 14.
    // Sequence model: 9S builds on TH and JH on QS, but the two forced cards are in
    // different cascades: two segments, h_1 = 14 too.
    let b: Board =
        "Foundations: C-K D-K H-7 S-7\n: 8S TH 9S\n: 8H QS JH\n: KH 9H\n: KS JS\n: QH\n: TS\n".parse().unwrap();
    assert_eq!(deadlock_bound(&b, 1, CostModel::SingleCard), 14);
    assert_eq!(deadlock_bound(&b, 1, CostModel::Sequence), 14);
    // Cascade 8S 8H TS 9H: TS (above 8S) and 9H (above 8H) are both forced, and 9H builds on
    // TS, so one run move can give both their extra move: single-card h_1 = 12 + 2,
    // sequence h_1 = 12 + 1.
    let b: Board = "Foundations: C-K D-K H-7 S-7\n: 8S 8H TS 9H\n: QS JH\n: KH TH 9S\n: KS JS\n: QH\n".parse().unwrap();
    assert_eq!(deadlock_bound(&b, 1, CostModel::SingleCard), 14);
    assert_eq!(deadlock_bound(&b, 1, CostModel::Sequence), 13);
}
