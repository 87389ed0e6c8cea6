//! The `bestfirst` engine: the tree-search solver of Castiaux's thesis (2021), chapter
//! "Tree Search Solver".
//!
//! The thesis lists its key ideas; each is kept:
//! 1. a fixed **5-move depth-first look-ahead** over single-card moves from the chosen
//!    position; every position it discovers is scored and queued;
//! 2. the score is **`n − d/4`** ([`thesis_score`]): cards on the foundations minus a
//!    quarter of the depth in the search tree;
//! 3. a position already discovered is not entered again (the move is cancelled), so the
//!    graph is searched as a tree;
//! 4. after each look-ahead the best queued position is taken and looked ahead from;
//! 5. a taken position leaves the queue for good (the thesis sets its score to −∞); when
//!    no position is left the game has no solution;
//! 6. a node stores only its last move and its parent (here also its depth, 12 bytes), not
//!    the board;
//! 7. one board is changed in place: moves are applied and undone.
//!
//! To go from the position just looked ahead from to the next one taken, the engine undoes
//! moves up to their common ancestor and replays down (usually a few moves, since the best
//! position is most often one just discovered).
//!
//! Choices the thesis leaves open, named:
//! - **Ties.** Positions of equal score leave the queue last-in first-out: the most
//!   recently discovered first (its priority queue's order is not stated).
//! - **Goal test.** A won position ends the search as soon as it is discovered, not when it
//!   would be taken from the queue.
//! - **Duplicates** are detected on the canonical [`Key`] (the thesis hashed the exact
//!   layout, so it kept boards differing only in the order of cells or cascades apart).
//! - **Counters.** `expanded` counts positions whose moves were generated (each look-ahead's
//!   root and its inner positions), `generated` the moves applied, `duplicates` the
//!   cancelled ones, `evaluated` the positions scored and queued, `iterations` the
//!   look-aheads.
//!
//! # Completeness
//! Every discovered position either has its moves generated inside a look-ahead or is
//! queued, and every queued position is eventually taken and has its moves generated. A
//! move is cancelled only when it leads to a position already discovered. So when the queue
//! runs dry, every position reachable by single-card moves (no automoves) has been
//! discovered, and none was won: the search is exhaustive, and the engine reports
//! [`SearchOutcome::Exhausted`].

use freecell_core::{BoardN, Key, Move, MoveModel, Pile};
use freecell_heuristics::thesis::thesis_score;
use freecell_search::containers::bytes::{growth, held, reserve, room};
use freecell_search::containers::{BucketQueue, KeySet};
use freecell_search::{
    Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, TieBreak, UndecidedReason,
};

/// Depth of each look-ahead, in single-card moves (the thesis's "fixed 5-steps look-ahead").
pub const LOOKAHEAD: usize = 5;

/// Room made on the move stack before each move generation: more than a position's
/// single-card moves (at most 52 with 10 cascades and 8 cells: 4 home, one per cascade and
/// cell into an empty cascade, two onto each cascade's top card, one per cascade into a
/// cell).
const MOVE_ROOM: usize = 128;

/// Parent id of the root.
const ROOT_PARENT: u32 = u32::MAX;

/// The root's move, never played: the walks up the tree stop at the root.
const NO_MOVE: Move = Move::single(Pile::cell(0), Pile::cell(0));

/// A discovered position: how it was reached. The board itself is not stored.
#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    depth: u32,
    mv: Move,
}

/// The queue key of a position: `4 · (52 − score)` for the score `n − d/4`, an integer, and
/// smaller for better positions.
///
/// `4 · (52 − n + d/4) = 208 − 4n + d`: exact in `f64` (quarters) and non-negative.
pub(crate) fn queue_key<const C: usize, const F: usize>(board: &BoardN<C, F>, depth: u32) -> u32 {
    let score = thesis_score(board, depth);
    // score ≤ 52 and a whole number of quarters, so the product is a non-negative integer
    // below 2^32 for any depth a u32 holds.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let key = ((52.0 - score) * 4.0) as u32;
    key
}

/// One look-ahead level: the node whose moves these are and the unexplored part of its
/// moves on the shared move stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    node: u32,
    start: usize,
    next: usize,
    end: usize,
}

/// The engine's memory, kept between searches so that a warm cache allocates little.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    nodes: Vec<Node>,
    /// Every discovered position, found by its Zobrist hash.
    seen: KeySet<Key>,
    /// The queued positions by [`queue_key`] (one sub-bucket: `g` is always 0), most recent
    /// first among equals.
    queue: BucketQueue,
    moves: Vec<Move>,
    frames: Vec<Frame>,
    replay: Vec<Move>,
}

impl Cache {
    fn clear(&mut self) {
        self.nodes.clear();
        self.seen.clear();
        self.queue.clear(TieBreak::LargerG);
        self.moves.clear();
        self.frames.clear();
        self.replay.clear();
    }

    /// Bytes held by what grows with the positions discovered: nodes, seen set and queue.
    /// The look-ahead's move stack (the moves of at most six positions, a few hundred bytes)
    /// is left out.
    fn bytes(&self) -> usize {
        held(&self.nodes) + self.seen.bytes() + self.queue.bytes()
    }

    /// Bytes held, scratch included (kept between searches).
    pub(crate) fn held(&self) -> usize {
        self.bytes() + held(&self.moves) + held(&self.replay) + held(&self.frames)
    }

    /// Bytes held once one more position is stored with queue key `key`.
    fn bytes_to_store(&self, key: u32) -> usize {
        self.bytes() + growth(&self.nodes) + self.seen.growth() + self.queue.growth(key, 0)
    }

    /// Stores a discovered position, whose key is `key` and Zobrist hash `hash`, and queues
    /// it; `Err` when the allocator refuses the room or `observer` stops the seen set's
    /// growth (the search must then end).
    fn store(
        &mut self,
        (node, key, hash): (Node, Key, u64),
        queue: u32,
        observer: &mut (impl Observer + ?Sized),
    ) -> Result<u32, UndecidedReason> {
        let id = self.nodes.len() as u32;
        room(&mut self.nodes)?;
        self.seen.insert(hash, key, Key::hash64, observer)?;
        self.queue.push(queue, 0, id)?;
        self.nodes.push(node);
        Ok(id)
    }

    /// Takes the best queued position (lowest key, most recent first).
    fn pop(&mut self) -> Option<u32> {
        self.queue.pop().map(|(_, id, _)| id)
    }

    /// The moves from the root to `id`.
    fn path(&self, mut id: u32) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.nodes[id as usize].depth as usize);
        while self.nodes[id as usize].parent != ROOT_PARENT {
            moves.push(self.nodes[id as usize].mv);
            id = self.nodes[id as usize].parent;
        }
        moves.reverse();
        moves
    }

    /// Changes `board` from position `from` to position `to` through their common ancestor.
    fn navigate<const C: usize, const F: usize>(&mut self, board: &mut BoardN<C, F>, mut from: u32, mut to: u32) {
        let node = |id: u32| self.nodes[id as usize];
        self.replay.clear();
        while node(from).depth > node(to).depth {
            board.undo(node(from).mv);
            from = node(from).parent;
        }
        while node(to).depth > node(from).depth {
            self.replay.push(node(to).mv);
            to = node(to).parent;
        }
        while from != to {
            board.undo(node(from).mv);
            from = node(from).parent;
            self.replay.push(node(to).mv);
            to = node(to).parent;
        }
        for &mv in self.replay.iter().rev() {
            board.apply_unchecked(mv);
        }
    }
}

/// Searches `start` as the thesis's tree-search solver does, within `budget`, asking
/// `observer` after every expansion whether to go on.
pub(crate) fn search<const C: usize, const F: usize>(
    cache: &mut Cache,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
) -> Report<Move> {
    cache.clear();
    let mut stats = Stats::default();
    let outcome = run(cache, start, budget, observer, &mut stats);
    stats.bytes = stats.bytes.max(cache.bytes());
    Report { outcome, stats }
}

fn run<const C: usize, const F: usize>(
    cache: &mut Cache,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
    stats: &mut Stats,
) -> SearchOutcome<Move> {
    let solved = |moves: Vec<Move>| {
        let cost = moves.iter().map(|m| u32::from(m.count())).sum();
        SearchOutcome::Solved(MovePath { moves, cost })
    };
    if start.is_won() {
        return solved(Vec::new());
    }
    let max_bytes = budget.get_max_bytes().unwrap_or(usize::MAX);
    let max_generated = budget.get_max_generated().unwrap_or(u64::MAX);
    let root_key = queue_key(start, 0);
    if cache.bytes_to_store(root_key) > max_bytes {
        return SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes));
    }
    stats.evaluated += 1;
    let root = Node { parent: ROOT_PARENT, depth: 0, mv: NO_MOVE };
    if let Err(reason) = cache.store((root, start.key(), start.hash64()), root_key, &mut *observer) {
        return SearchOutcome::Undecided(reason);
    }
    let mut board = start.clone();
    let mut at = 0u32;
    loop {
        stats.peak_stored = stats.peak_stored.max(cache.nodes.len() as u64);
        stats.bytes = stats.bytes.max(cache.bytes());
        let Some(best) = cache.pop() else { return SearchOutcome::Exhausted };
        cache.navigate(&mut board, at, best);
        at = best;
        stats.iterations += 1;
        // The look-ahead: a depth-first walk of at most LOOKAHEAD moves below `best`.
        // The observer is passed in, not captured: storing a child tells it too.
        let expand =
            |cache: &mut Cache, board: &BoardN<C, F>, node: u32, stats: &mut Stats, observer: &mut dyn Observer| {
                budget.expand(stats)?;
                stats.expanded += 1;
                // A position has fewer than 100 single-card moves, so the move generation, which
                // cannot fail, does not grow the stack beyond this room.
                reserve(&mut cache.moves, MOVE_ROOM)?;
                room(&mut cache.frames)?;
                let from = cache.moves.len();
                board.generate_moves(MoveModel::Atomic, &mut cache.moves);
                cache.frames.push(Frame { node, start: from, next: from, end: cache.moves.len() });
                if observer.on_expand(stats) == Control::Stop {
                    return Err(UndecidedReason::Stopped);
                }
                Ok(())
            };
        if let Err(reason) = expand(cache, &board, best, stats, observer) {
            return SearchOutcome::Undecided(reason);
        }
        while let Some(frame) = cache.frames.last_mut() {
            if frame.next == frame.end {
                let done = *frame;
                cache.frames.pop();
                cache.moves.truncate(done.start);
                if !cache.frames.is_empty() {
                    board.undo(cache.nodes[done.node as usize].mv);
                }
                continue;
            }
            let mv = cache.moves[frame.next];
            frame.next += 1;
            let parent = frame.node;
            let level = cache.frames.len(); // the child's depth below `best`
            if stats.generated >= max_generated {
                return SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Generated));
            }
            stats.generated += 1;
            board.apply_unchecked(mv);
            if board.is_won() {
                let mut moves = cache.path(parent);
                moves.push(mv);
                return solved(moves);
            }
            let (key, hash) = (board.key(), board.hash64());
            if cache.seen.contains(hash, &key) {
                stats.duplicates += 1;
                board.undo(mv);
                continue;
            }
            if cache.nodes.len() >= ROOT_PARENT as usize {
                return SearchOutcome::Undecided(UndecidedReason::Capacity);
            }
            let depth = cache.nodes[parent as usize].depth + 1;
            let queue = queue_key(&board, depth);
            if cache.bytes_to_store(queue) > max_bytes {
                return SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes));
            }
            stats.evaluated += 1;
            let child = match cache.store((Node { parent, depth, mv }, key, hash), queue, &mut *observer) {
                Ok(child) => child,
                Err(reason) => return SearchOutcome::Undecided(reason),
            };
            if level < LOOKAHEAD {
                if let Err(reason) = expand(cache, &board, child, stats, observer) {
                    return SearchOutcome::Undecided(reason);
                }
            } else {
                board.undo(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::Board;

    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("test boards are valid")
    }

    #[test]
    fn the_queue_key_is_four_times_52_minus_the_score() {
        // Won: n = 52, so the key is the depth alone.
        let won = board("Foundations: C-K D-K H-K S-K\n");
        assert_eq!(queue_key(&won, 0), 0);
        assert_eq!(queue_key(&won, 7), 7);
        // n = 11 + 13 + 13 + 11 = 48: score 48 − d/4, key 208 − 192 + d = 16 + d.
        let end = board("Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n");
        assert_eq!(queue_key(&end, 0), 16);
        assert_eq!(queue_key(&end, 4), 20);
        // One more card home (n = 49) four moves deeper scores the same as n = 48 at the
        // root: 49 − 4/4 = 48 − 0/4. Three moves deeper it scores a quarter better.
        let one_more = board("Foundations: H-Q C-K D-K S-J\n: KS\n: QS KH\n");
        assert_eq!(queue_key(&one_more, 4), queue_key(&end, 0));
        assert_eq!(queue_key(&one_more, 3) + 1, queue_key(&end, 0));
    }

    #[test]
    fn the_best_score_leaves_the_queue_first_and_ties_most_recent_first() {
        let mut cache = Cache::default();
        let node = Node { parent: ROOT_PARENT, depth: 0, mv: NO_MOVE };
        let key = |n: u8| Key::from_bytes([n; freecell_core::KEY_BYTES]);
        // Scores (n − d/4): id 0: 2 − 4/4 = 1; id 1: 1 − 0 = 1; id 2: 3 − 9/4 = 0.75;
        // id 3: 5 − 12/4 = 2. Keys 4·(52 − score): 204, 204, 205, 200.
        for (i, queue) in [204, 204, 205, 200].into_iter().enumerate() {
            let key = key(i as u8);
            assert_eq!(cache.store((node, key, key.hash64()), queue, &mut ()), Ok(i as u32));
        }
        // Best first (id 3), then the tie most recent first (1 before 0), then id 2.
        let order: Vec<u32> = std::iter::from_fn(|| cache.pop()).collect();
        assert_eq!(order, [3, 1, 0, 2]);
        assert!(cache.queue.is_empty());
    }

    #[test]
    fn navigation_reaches_the_target_position() {
        // Root, then two branches: a → a1 and b. Navigating a1 → b must undo a1's two moves
        // and play b's one.
        let start = board("Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n");
        let mut cache = Cache::default();
        let k = |n: u8| Key::from_bytes([n; freecell_core::KEY_BYTES]);
        let qh_home = Move::single(Pile::cascade(0), Pile::foundation(freecell_core::Suit::Hearts));
        let kh_home = Move::single(Pile::cascade(1), Pile::foundation(freecell_core::Suit::Hearts));
        let qh_cell = Move::single(Pile::cascade(0), Pile::cell(0));
        cache.store((Node { parent: ROOT_PARENT, depth: 0, mv: NO_MOVE }, k(0), k(0).hash64()), 0, &mut ()).unwrap();
        cache.store((Node { parent: 0, depth: 1, mv: qh_home }, k(1), k(1).hash64()), 0, &mut ()).unwrap();
        cache.store((Node { parent: 1, depth: 2, mv: kh_home }, k(2), k(2).hash64()), 0, &mut ()).unwrap();
        cache.store((Node { parent: 0, depth: 1, mv: qh_cell }, k(3), k(3).hash64()), 0, &mut ()).unwrap();
        let mut b = start.clone();
        b.apply(qh_home).unwrap();
        b.apply(kh_home).unwrap();
        cache.navigate(&mut b, 2, 3);
        let mut expected = start.clone();
        expected.apply(qh_cell).unwrap();
        assert_eq!(b, expected);
        cache.navigate(&mut b, 3, 0);
        assert_eq!(b, start);
    }
}
