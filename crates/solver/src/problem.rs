//! FreeCell as a search problem.

use freecell_core::{Automove, BOARD_CASCADES, BOARD_CELLS, BoardN, Key, Move, MoveModel};
use freecell_search::{ByCopy, SearchProblem};

/// The one type for how moves are counted, shared with the deadlock bound that counts them
/// the same way.
pub use freecell_heuristics::CostModel;

/// The game under one choice of move generation, automoves and cost.
///
/// With automoves on, one search step is a move followed by every safe automove it allows;
/// the search path then lists the chosen moves only, and the full move list is recovered by
/// replaying them with the same automove rule.
///
/// Its state is a [`BoardN<C, F>`]: a [`Board`](freecell_core::Board) by default, a
/// [`WideBoard`](freecell_core::WideBoard) for the games with more than 10 cascades or 8
/// cells. The width is a type parameter, not a field, so that FreeCell's searches compile
/// to code for its own board size; it is inferred from the board searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FreeCell<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    model: MoveModel,
    automove: Automove,
    cost: CostModel,
}

impl<const C: usize, const F: usize> FreeCell<C, F> {
    /// The game with `model` moves, `automove` applied after each move, and `cost` per step.
    pub const fn new(model: MoveModel, automove: Automove, cost: CostModel) -> Self {
        FreeCell { model, automove, cost }
    }

    /// Which moves one step takes.
    pub const fn move_model(&self) -> MoveModel {
        self.model
    }

    /// The automove rule applied after every move.
    pub const fn automove(&self) -> Automove {
        self.automove
    }

    /// How steps are counted.
    pub const fn cost_model(&self) -> CostModel {
        self.cost
    }
}

impl<const C: usize, const F: usize> Default for FreeCell<C, F> {
    /// Sequence moves, Horne's safe automoves, the sequence-move cost.
    fn default() -> Self {
        FreeCell::new(MoveModel::Sequence, Automove::Horne, CostModel::Sequence)
    }
}

impl<const C: usize, const F: usize> SearchProblem for FreeCell<C, F> {
    type State = BoardN<C, F>;
    type Move = Move;
    type Key = Key;
    // Automoves make a step irreversible by a single `undo`; copying a ~100-byte board per
    // depth is cheap and keeps one problem type for every setting.
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, board: &BoardN<C, F>) -> bool {
        board.is_won()
    }

    #[inline]
    fn moves(&self, board: &BoardN<C, F>, out: &mut Vec<Move>) {
        board.generate_moves(self.model, out);
    }

    #[inline]
    fn apply(&self, board: &mut BoardN<C, F>, mv: Move) {
        board.apply_unchecked(mv);
        board.play_automoves(self.automove);
    }

    #[inline]
    fn key(&self, board: &BoardN<C, F>) -> Key {
        board.key()
    }

    /// The key's Zobrist hash, [`Key::hash64`].
    #[inline]
    fn key_hash(&self, key: &Key) -> u64 {
        key.hash64()
    }

    /// The board keeps its key's Zobrist hash up to date: no hashing per generated node.
    #[inline]
    fn state_key_hash(&self, board: &BoardN<C, F>, _: &Key) -> u64 {
        board.hash64()
    }

    #[inline]
    fn step_cost(&self, _: &BoardN<C, F>, mv: Move) -> u32 {
        match self.cost {
            CostModel::SingleCard => u32::from(mv.count()),
            CostModel::Sequence => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Card, Layout, Rules};

    use super::*;

    /// The contract of `state_key_hash`: it equals `key_hash` of the state's key.
    #[test]
    fn state_key_hash_equals_key_hash_along_playouts() {
        let mut seed = 3u64;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            seed >> 33
        };
        let problem = FreeCell::default();
        let mut moves = Vec::new();
        for _ in 0..20 {
            let mut deck: Vec<Card> = Card::deck().collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut board = Layout::deal(Rules::freecell(), &deck, 0).into_board().unwrap();
            for _ in 0..200 {
                let key = problem.key(&board);
                assert_eq!(problem.state_key_hash(&board, &key), problem.key_hash(&key));
                moves.clear();
                problem.moves(&board, &mut moves);
                if moves.is_empty() {
                    break;
                }
                problem.apply(&mut board, moves[(next() % moves.len() as u64) as usize]);
            }
        }
    }
}
