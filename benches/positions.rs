//! Benchmark positions: random playouts of MS deals 1–100, a fixed seed, so every run
//! measures the same 1,000 positions.

use freecell_core::{Automove, Board, Move, MoveModel, SplitMix64};

/// 1,000 positions: from each of MS deals 1–100, ten positions taken every 5 random
/// sequence moves (with Horne automoves) of one playout.
pub(crate) fn sample() -> Vec<Board> {
    let mut rng = SplitMix64::new(2026);
    let mut positions = Vec::with_capacity(1000);
    let mut moves: Vec<Move> = Vec::new();
    for deal in 1..=100 {
        let mut board = freecell_deals::DealNumber::new(deal).expect("deals 1-100 exist").board();
        for step in 0..50 {
            if step % 5 == 0 {
                positions.push(board.clone());
            }
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            board.apply_unchecked(mv);
            board.apply_automoves(Automove::Horne, &mut moves);
        }
    }
    positions
}
