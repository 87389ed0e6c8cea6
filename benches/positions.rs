//! Benchmark positions: random playouts of MS deals 1–100, a fixed seed, so every run
//! measures the same 1,000 positions.

use freecell_core::{Automove, Board, Move, MoveModel};

/// A small fixed-seed generator for choosing playout moves (`SplitMix64`).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// 1,000 positions: from each of MS deals 1–100, ten positions taken every 5 random
/// sequence moves (with Horne automoves) of one playout.
pub(crate) fn sample() -> Vec<Board> {
    let mut rng = Rng(2026);
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
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            board.apply_unchecked(mv);
            board.apply_automoves(Automove::Horne, &mut moves);
        }
    }
    positions
}
