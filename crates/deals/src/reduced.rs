//! Reduced deals: FreeCell with only the top ranks of each suit in play, and the plain
//! breadth-first search that solves them exactly.
//!
//! A game with ranks A–N plays like the end game in which every foundation already holds
//! rank 13 − N: such positions have FreeCell's structure with state spaces that
//! breadth-first search covers in milliseconds. Tests hold solvers and heuristics to them
//! (an optimal solver's lengths must equal [`fewest_moves`], an admissible bound must never
//! exceed it), and [`fewest_moves`] is written apart from `freecell-search` on purpose: an
//! oracle should not share the code it checks.

use std::collections::HashSet;

use freecell_core::{Board, Card, Key, Layout, Move, MoveModel, Rules};

use crate::SplitMix64;

/// A reduced position: the top `ranks` ranks of each suit in play (1 to 13), dealt
/// round-robin into `cascades` cascades from a shuffle seeded by `seed`, with `cells` free
/// cells and the lower ranks on the foundations, then `walk` random single-card moves.
/// `None` when `ranks` is 0 or above 13, or the rules are not a valid layout's (see
/// [`Rules`]).
///
/// # Examples
/// ```
/// use freecell_deals::reduced;
/// let board = reduced::deal(7, 3, 4, 2, 0).expect("3 ranks, 4 cascades and 2 cells are valid");
/// assert_eq!(board.cards_home(), 40); // the 10 lower ranks of each suit
/// assert!(reduced::deal(7, 14, 4, 2, 0).is_none());
/// ```
pub fn deal(seed: u64, ranks: u8, cascades: u8, cells: u8, walk: usize) -> Option<Board> {
    if !(1..=13).contains(&ranks) {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    let floor = 13 - ranks;
    let mut cards: Vec<Card> = Card::deck().filter(|c| c.rank().get() > floor).collect();
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    let rules = Rules { cascades, free_cells: cells, ..Rules::freecell() };
    let mut layout = Layout::deal(rules, &cards, 0);
    layout.foundations = [floor; 4];
    let mut board = Board::try_from(layout).ok()?;
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..walk {
        moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        board.apply_unchecked(mv);
    }
    Some(board)
}

/// `count` reduced positions with seeds `seed`, `seed + 1`, …: ranks in play taken from
/// `ranks` in turn (none when `ranks` is empty), 4–5 cascades, 1–3 cells, 0–6 random
/// moves; a value of `ranks` that [`deal`] refuses is skipped.
pub fn positions(seed: u64, count: u64, ranks: &[u8]) -> impl Iterator<Item = Board> + '_ {
    (0..count).filter(|_| !ranks.is_empty()).filter_map(move |i| {
        let in_play = ranks[(i % ranks.len() as u64) as usize];
        let cascades = 4 + (i / 3 % 2) as u8;
        let cells = 1 + (i / 6 % 3) as u8;
        deal(seed.wrapping_add(i), in_play, cascades, cells, (i % 7) as usize)
    })
}

/// What [`fewest_moves`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The fewest moves that win.
    Optimum(u32),
    /// Every reachable position was searched: no win.
    Lost,
    /// More positions than the limit.
    TooBig,
}

/// Breadth-first search from `start` under `model` with no automoves, storing at most
/// `limit` positions: the fewest moves that win, a proof that none does, or
/// [`Truth::TooBig`].
///
/// # Examples
/// ```
/// use freecell_core::MoveModel;
/// use freecell_deals::reduced::{self, Truth};
/// let board = reduced::deal(1, 2, 4, 1, 0).expect("a valid reduced deal");
/// assert!(matches!(reduced::fewest_moves(&board, MoveModel::Atomic, 100_000), Truth::Optimum(_) | Truth::Lost));
/// ```
pub fn fewest_moves(start: &Board, model: MoveModel, limit: usize) -> Truth {
    if start.is_won() {
        return Truth::Optimum(0);
    }
    let mut seen: HashSet<Key> = HashSet::new();
    seen.insert(start.key());
    let mut layer = vec![start.clone()];
    let mut next = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        for board in &layer {
            moves.clear();
            board.generate_moves(model, &mut moves);
            for &mv in &moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                if child.is_won() {
                    return Truth::Optimum(depth);
                }
                if seen.insert(child.key()) {
                    if seen.len() > limit {
                        return Truth::TooBig;
                    }
                    next.push(child);
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    Truth::Lost
}
