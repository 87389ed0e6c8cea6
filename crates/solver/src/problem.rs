//! FreeCell as a search problem.

use freecell_core::{Automove, Board, Key, Move, MoveModel};
use freecell_search::{ByCopy, SearchProblem};

/// How a solution's length is counted: the two move-count models of FREECELL-FACTS §3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CostModel {
    /// Every card relocation costs 1: a run of n cards costs n.
    SingleCard,
    /// A run move costs 1; every foundation move costs 1 (Paul & Helmert's count).
    #[default]
    Sequence,
}

/// The game under one choice of move generation, automoves and cost.
///
/// With automoves on, one search step is a move followed by every safe automove it allows;
/// the search path then lists the chosen moves only, and the full move list is recovered by
/// replaying them with the same automove rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FreeCell {
    model: MoveModel,
    automove: Automove,
    cost: CostModel,
}

impl FreeCell {
    /// The game with `model` moves, `automove` applied after each move, and `cost` per step.
    pub const fn new(model: MoveModel, automove: Automove, cost: CostModel) -> FreeCell {
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

impl Default for FreeCell {
    /// Sequence moves, Horne's safe automoves, the sequence-move cost.
    fn default() -> Self {
        FreeCell::new(MoveModel::Sequence, Automove::Horne, CostModel::Sequence)
    }
}

impl SearchProblem for FreeCell {
    type State = Board;
    type Move = Move;
    type Key = Key;
    // Automoves make a step irreversible by a single `undo`; copying a ~100-byte board per
    // depth is cheap and keeps one problem type for every setting.
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.is_won()
    }

    #[inline]
    fn moves(&self, board: &Board, out: &mut Vec<Move>) {
        board.generate_moves(self.model, out);
    }

    #[inline]
    fn apply(&self, board: &mut Board, mv: Move) {
        board.apply_unchecked(mv);
        board.play_automoves(self.automove);
    }

    #[inline]
    fn key(&self, board: &Board) -> Key {
        board.key()
    }

    #[inline]
    fn step_cost(&self, _: &Board, mv: Move) -> u32 {
        match self.cost {
            CostModel::SingleCard => u32::from(mv.count()),
            CostModel::Sequence => 1,
        }
    }
}
