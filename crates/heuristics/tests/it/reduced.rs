//! Reduced-deck positions and their breadth-first optima, for tests against exhaustive
//! search, used by `freecell-heuristics`' admissibility tests and `freecell-solver`'s
//! optimality tests. Each crate keeps an identical copy of this file, so that it tests on
//! its own when packaged; the workspace's `examples` tests check that the copies stay
//! identical, so that both crates check the same positions for the same seeds against the
//! same search.
//!
//! A game with ranks A–N plays like the end game in which every foundation already holds
//! rank 13 − N: these positions have FreeCell's structure with state spaces that
//! breadth-first search covers.

use std::collections::HashSet;

use freecell_core::{Board, Card, Key, Layout, Move, MoveModel, Rules};
use freecell_deals::SplitMix64;

/// A reduced position: the top `ranks` ranks of each suit in play, dealt round-robin into
/// `cascades` cascades from a shuffle seeded by `seed`, then `walk` random single-card moves.
fn reduced(seed: u64, ranks: u8, cascades: u8, cells: u8, walk: usize) -> Board {
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
    let mut board = Board::try_from(layout).expect("a reduced deal is a valid layout");
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
    board
}

/// `count` reduced positions with seeds `seed`, `seed + 1`, …: ranks in play taken from
/// `ranks` in turn, 4–5 cascades, 1–3 cells, 0–6 random moves.
pub(crate) fn positions(seed: u64, count: u64, ranks: &'static [u8]) -> impl Iterator<Item = Board> {
    (0..count).map(move |i| {
        let in_play = ranks[(i % ranks.len() as u64) as usize];
        let cascades = 4 + (i / 3 % 2) as u8;
        let cells = 1 + (i / 6 % 3) as u8;
        reduced(seed + i, in_play, cascades, cells, (i % 7) as usize)
    })
}

/// What breadth-first search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    /// The fewest moves.
    Optimum(u32),
    /// Every reachable position searched: no win.
    Lost,
    /// More than the limit of positions.
    TooBig,
}

/// Breadth-first search under `model` with no automoves.
pub(crate) fn truth(start: &Board, model: MoveModel, limit: usize) -> Truth {
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
