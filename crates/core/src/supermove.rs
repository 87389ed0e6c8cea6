//! Decomposing a sequence move ("supermove") into single-card moves.

use crate::board::{BoardN, NONE};
use crate::moves::{Move, MoveError, MoveList, Pile};
use crate::rules::{BuildRule, EmptyCascadeRule, SequenceCapacity};

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// The single-card moves that carry out `mv`, each legal in turn: the "detailed
    /// notation" of a sequence move. A single-card move decomposes into itself.
    ///
    /// Runs are moved through the empty free cells and, when there are more cards than
    /// cells, by parking part of the run in an empty cascade and recursing: the standard
    /// `(f + 1) · 2^e` construction.
    ///
    /// # Errors
    /// [`MoveError`] when `mv` is illegal, and [`MoveError::NotDecomposable`] when it is
    /// legal only under [`SequenceCapacity::Unlimited`] and carries more cards than the
    /// standard capacity, or moves several cards under [`BuildRule::SimpleSimon`], whose runs
    /// move only as units.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Layout, Move, Pile, Rules};
    /// // Cascade 1 holds KS QH JS TH 9S, cascade 2 holds KC; the rest fill cascades 3-8.
    /// let run: Vec<Card> = ["KS", "QH", "JS", "TH", "9S"].iter().map(|c| c.parse().unwrap()).collect();
    /// let king: Card = "KC".parse().unwrap();
    /// let mut layout = Layout::empty(Rules::freecell());
    /// layout.cascades[0] = run.clone();
    /// layout.cascades[1] = vec![king];
    /// let rest = Card::deck().filter(|c| !run.contains(c) && *c != king);
    /// for (i, card) in rest.enumerate() {
    ///     layout.cascades[2 + i % 6].push(card);
    /// }
    /// let board = Board::try_from(layout).unwrap();
    ///
    /// // QH JS TH 9S onto KC: three cards wait in free cells, QH moves, they follow.
    /// let supermove = Move::new(Pile::cascade(0), Pile::cascade(1), 4);
    /// let steps = board.decompose(supermove).unwrap();
    /// assert_eq!(steps.len(), 7);
    /// assert!(steps.iter().all(|m| m.count() == 1));
    /// ```
    pub fn decompose(&self, mv: Move) -> Result<MoveList, MoveError> {
        self.check(mv)?;
        let mut steps = MoveList::new();
        if mv.count() == 1 {
            steps.push(mv);
            return Ok(steps);
        }
        let cells: Vec<Pile> = (0..self.cell_count()).filter(|&i| self.cells[i] == NONE).map(Pile::cell).collect();
        if self.rules.build == BuildRule::SimpleSimon || mv.to().is_foundation() {
            // Simple Simon's runs and whole suits move as units: there are no single-card
            // steps to write without free cells.
            return Err(MoveError::NotDecomposable { count: mv.count() });
        }
        let empties: Vec<Pile> = match self.rules.empty_cascade {
            EmptyCascadeRule::KingsOnly | EmptyCascadeRule::Nothing => Vec::new(),
            EmptyCascadeRule::AnyCard => (0..self.cascade_count())
                .filter(|&i| self.lens[i] == 0 && Pile::cascade(i) != mv.to())
                .map(Pile::cascade)
                .collect(),
        };
        let count = usize::from(mv.count());
        if count > SequenceCapacity::Standard.capacity(cells.len(), empties.len()) {
            return Err(MoveError::NotDecomposable { count: mv.count() });
        }
        supermove(count, mv.from(), mv.to(), &cells, &empties, &mut steps);
        Ok(steps)
    }
}

/// Moves `n ≤ (cells + 1) · 2^empties` cards from `from` to `to`.
fn supermove(n: usize, from: Pile, to: Pile, cells: &[Pile], empties: &[Pile], out: &mut MoveList) {
    if n <= cells.len() + 1 {
        let parked = &cells[..n - 1];
        out.extend(parked.iter().map(|&cell| Move::single(from, cell)));
        out.push(Move::single(from, to));
        out.extend(parked.iter().rev().map(|&cell| Move::single(cell, to)));
        return;
    }
    let (&park, rest) = empties.split_first().unwrap_or_else(|| unreachable!("capacity checked by the caller"));
    // The upper part goes to `park`, the lower part straight to `to`, then the upper part
    // follows; each part fits the capacity with one empty cascade fewer.
    let upper = SequenceCapacity::Standard.capacity(cells.len(), rest.len()).min(n - 1);
    supermove(upper, from, park, cells, rest, out);
    supermove(n - upper, from, to, cells, rest, out);
    supermove(upper, park, to, cells, rest, out);
}
