//! Legal-move generation.

use crate::board::{BOTTOM, Board, NONE};
use crate::card::Card;
use crate::moves::{Move, Pile};
use crate::rules::EmptyCascadeRule;

/// Which moves a search takes as one step, and so how a solution's length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveModel {
    /// Single-card moves only: each card relocation is one move.
    Atomic,
    /// Cascade-to-cascade moves carry whole runs within the rules' capacity; a run move is
    /// one move (the count of Paul & Helmert and of FreeCell Pro's standard notation).
    #[default]
    Sequence,
}

impl Board {
    /// Appends the legal moves of this position to `out` (never clears it), allocating
    /// nothing once `out` has room.
    ///
    /// Moves that only permute cascades or cells are left out: moves into a free cell go to
    /// the first empty one, moves into an empty cascade go to the first empty one, moves
    /// between free cells and moves of a whole cascade into an empty one are not generated.
    /// Every other move [`check`](Board::check) accepts is generated exactly once, and every
    /// generated move is accepted.
    ///
    /// Order: moves to foundations first, then onto cascade cards, then into an empty
    /// cascade, then into a free cell.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Layout, MoveModel, Rules};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
    /// let mut moves = Vec::new();
    /// board.generate_moves(MoveModel::Atomic, &mut moves);
    /// assert!(moves.iter().all(|&mv| board.check(mv).is_ok()));
    /// ```
    pub fn generate_moves(&self, model: MoveModel, out: &mut Vec<Move>) {
        let cascades = self.cascade_count();
        let cells = self.cell_count();
        let first_empty_cell = self.cells[..cells].iter().position(|&c| c == NONE);
        let first_empty_cascade = self.lens[..cascades].iter().position(|&n| n == 0);
        let (onto_card_capacity, to_empty_capacity) = match model {
            MoveModel::Atomic => (1, 1),
            MoveModel::Sequence => (self.sequence_capacity(false), self.sequence_capacity(true)),
        };

        // Foundations.
        for (i, &card) in self.cells[..cells].iter().enumerate() {
            if self.goes_home(card) {
                out.push(Move::single(Pile::cell(i), home_pile(card)));
            }
        }
        for (a, &card) in self.tops[..cascades].iter().enumerate() {
            if self.goes_home(card) {
                out.push(Move::single(Pile::cascade(a), home_pile(card)));
            }
        }

        // Cascade to cascade: the deepest moving card is fixed by the destination's rank.
        let mut run = [NONE; 13];
        for a in 0..cascades {
            let top = self.tops[a];
            if top == NONE {
                continue;
            }
            let run_len = self.collect_run(top, &mut run);
            let top_rank = top / 4 + 1;
            for b in 0..cascades {
                let onto = self.tops[b];
                if b == a || onto == NONE {
                    continue;
                }
                let depth = usize::from((onto / 4 + 1).wrapping_sub(top_rank));
                if (1..=run_len.min(onto_card_capacity)).contains(&depth) && self.stacks(run[depth - 1], onto) {
                    out.push(Move::new(Pile::cascade(a), Pile::cascade(b), depth as u8));
                }
            }
            if let Some(b) = first_empty_cascade {
                let len = usize::from(self.lens[a]);
                for depth in 1..=run_len.min(to_empty_capacity) {
                    // Moving a whole cascade into an empty one changes nothing.
                    if depth < len && self.accepts_in_empty(run[depth - 1]) {
                        out.push(Move::new(Pile::cascade(a), Pile::cascade(b), depth as u8));
                    }
                }
            }
        }

        // Free cells to cascades.
        for (i, &card) in self.cells[..cells].iter().enumerate() {
            if card == NONE {
                continue;
            }
            for b in 0..cascades {
                let onto = self.tops[b];
                if onto != NONE && self.stacks(card, onto) {
                    out.push(Move::single(Pile::cell(i), Pile::cascade(b)));
                }
            }
            if let Some(b) = first_empty_cascade
                && self.accepts_in_empty(card)
            {
                out.push(Move::single(Pile::cell(i), Pile::cascade(b)));
            }
        }

        // Cascades to a free cell.
        if let Some(cell) = first_empty_cell {
            for a in 0..cascades {
                if self.tops[a] != NONE {
                    out.push(Move::single(Pile::cascade(a), Pile::cell(cell)));
                }
            }
        }
    }

    /// Whether card byte `card` (maybe `NONE`) is the next card of its foundation.
    #[inline]
    pub(crate) fn goes_home(&self, card: u8) -> bool {
        card != NONE && self.home[usize::from(card % 4)] == card / 4
    }

    #[inline]
    fn accepts_in_empty(&self, card: u8) -> bool {
        match self.rules.empty_cascade {
            EmptyCascadeRule::AnyCard => true,
            EmptyCascadeRule::KingsOnly => card / 4 == 12,
        }
    }

    /// Fills `run` with the built sequence on top of a cascade, top first; returns its length.
    #[inline]
    fn collect_run(&self, top: u8, run: &mut [u8; 13]) -> usize {
        run[0] = top;
        let mut len = 1;
        while len < 13 {
            let under = self.below[usize::from(run[len - 1] & 63)];
            if under >= BOTTOM || !self.stacks(run[len - 1], under) {
                break;
            }
            run[len] = under;
            len += 1;
        }
        len
    }
}

/// The foundation pile of card byte `card`.
#[inline]
fn home_pile(card: u8) -> Pile {
    match Card::from_index(card) {
        Some(card) => Pile::foundation(card.suit()),
        None => unreachable!("only called on cards"),
    }
}
