//! [`GeneratedMoves`]: one position's legal moves, in a list of fixed capacity.

use std::ops::Deref;

use crate::moves::{Move, Pile};

/// One position's legal moves, as [`Board::generate_moves_into`] lists them: a list of
/// fixed capacity, for searches that generate moves at every position they expand.
///
/// Filled through [`Vec::push`], a generator reloads and stores the vector's length and
/// tests its capacity at every move (about a fifth of `generate_moves`' instructions in the
/// `fast` preset's searches); written into an array whose bound no position can reach, it
/// keeps the length in a register and stores it once.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Card, GeneratedMoves, Layout, MoveModel, Rules};
/// let deck: Vec<Card> = Card::deck().collect();
/// let board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
/// let mut moves = GeneratedMoves::default();
/// board.generate_moves_into(MoveModel::Sequence, &mut moves);
/// let mut listed = Vec::new();
/// board.generate_moves(MoveModel::Sequence, &mut listed);
/// assert_eq!(&moves[..], &listed[..]);
/// moves.retain(|mv| mv.count() > 1);
/// assert!(moves.iter().all(|mv| mv.count() > 1));
/// ```
///
/// [`Board::generate_moves_into`]: crate::Board::generate_moves_into
#[derive(Clone, Debug)]
pub struct GeneratedMoves {
    moves: [Move; SLOTS],
    len: u8,
}

/// Slots of a [`GeneratedMoves`]: indexed by a `u8`, so no write can fall outside them, and
/// more than any position has (at most 156, with 20 cascades: 4 moves home, 52 runs or cell
/// cards into an empty cascade, at most four cards onto each top card, 20 cards into a cell).
const SLOTS: usize = 256;

impl Default for GeneratedMoves {
    fn default() -> Self {
        let filler = Move::single(Pile::cell(0), Pile::cell(0));
        GeneratedMoves { moves: [filler; SLOTS], len: 0 }
    }
}

impl GeneratedMoves {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the moves for which `keep` holds, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..usize::from(self.len) {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    /// The writer a generator fills the list with (see [`Writer`]).
    pub(crate) fn writer(&mut self) -> Writer<'_> {
        Writer { moves: &mut self.moves, len: &mut self.len, at: 0 }
    }
}

impl Deref for GeneratedMoves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }
}

/// Writes a [`GeneratedMoves`] from its start, its length a local (in a register) until the
/// writer is dropped: the list's own field, written through a reference, would be stored
/// at every move.
pub(crate) struct Writer<'a> {
    moves: &'a mut [Move; SLOTS],
    len: &'a mut u8,
    at: u8,
}

impl Writer<'_> {
    /// Appends `mv`. A `u8` index never leaves the 256 slots; no position has 255 moves.
    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[usize::from(self.at)] = mv;
        self.at += 1;
    }
}

impl Drop for Writer<'_> {
    fn drop(&mut self) {
        *self.len = self.at;
    }
}
