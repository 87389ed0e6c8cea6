//! The `fast` preset's first stage: greedy best-first search over sequence moves with safe
//! automoves, a cheap evaluation, and 64-bit hashes for duplicate detection.
//!
//! **Why a dedicated engine:** the preset's budget is about a hundred microseconds per deal
//! (FREECELL-FACTS §7). The generic engines keep an exact 39-byte key per state and are
//! generic over the heuristic; this one stores each board once in an arena, detects
//! duplicates on [`Board::hash64`] (the Zobrist hash, invariant under permuting cascades and
//! cells, kept up to date by every move), and scores a board in one pass over its cascades.
//! Nothing is allocated per node once the [`Cache`] is warm.
//!
//! A 64-bit hash can collide; a collision would only drop a state, never produce a wrong
//! solution (every solution is verified) nor a wrong proof: this stage never claims a deal
//! unsolvable. Its "exhausted" is only a signal to run the exact stage.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use freecell_core::{Automove, Board, Move, MoveModel, Pile, Suit};
use freecell_search::{Budget, Control, Limit, Observer, Outcome, Reason, Report, Solution, Stats, bfs};

use crate::memory::vec_bytes;
use crate::preset::FAST_BYTES;
use crate::solver::combine;
use crate::{CostModel, FreeCell};

/// Weights of the evaluation (smaller is closer to the goal); see [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weights {
    /// Per card not on its foundation.
    pub(crate) out: u32,
    /// Per cascade card lying above a lower card of its own suit: it must move again before
    /// that card can go home (Paul & Helmert's `h_1` term).
    pub(crate) blocked: u32,
    /// Per card above the cascade's bottom run (its deepest cards, each built on the one
    /// beneath): cards that must move before the cascade is in order.
    pub(crate) unsorted: u32,
    /// Per card above the next card each foundation needs (HSDH's blocking sum).
    pub(crate) dig: u32,
    /// Per occupied free cell.
    pub(crate) cell: u32,
    /// Per non-empty cascade: an empty cascade is worth this much.
    pub(crate) column: u32,
    /// Per move already made (the `g` of weighted A*): keeps solutions short.
    pub(crate) depth: u32,
}

impl Weights {
    /// The first evaluation, tuned on MS 1–1,000 (docs/results/fast.md).
    pub(crate) const FAST: Weights = Weights { out: 4, blocked: 2, unsorted: 1, dig: 1, cell: 2, column: 3, depth: 1 };

    /// A second evaluation: fewer points for cards home, more for digging out the next
    /// home cards and for empty cascades. It finishes many deals the first one wanders on.
    const DIGGER: Weights = Weights { out: 3, blocked: 2, unsorted: 1, dig: 2, cell: 2, column: 4, depth: 1 };

    /// The first evaluation without the depth term: pure greedy, long solutions (shortened
    /// afterwards) but quick where the others compare too many equal paths.
    const GREEDY: Weights = Weights { depth: 0, ..Weights::FAST };

    /// A patient evaluation: cheaper free cells, dearer depth, so a broader search. It
    /// finishes the hardest deals met (MS 512539 runs out of 150 MB under the others).
    const PATIENT: Weights = Weights { out: 4, blocked: 2, unsorted: 1, dig: 1, cell: 1, column: 3, depth: 2 };

    /// The greedy stage's turns: an evaluation and how many expansions it gets before the
    /// next takes over; the last runs until a limit. Chosen on the deals of MS 1–32,000 that
    /// took the first evaluation alone 15,000 expansions or more, and on MS 512539
    /// (docs/results/fast.md).
    pub(crate) const TURNS: [(Weights, u64); 4] =
        [(Weights::FAST, 2_000), (Weights::DIGGER, 20_000), (Weights::GREEDY, 20_000), (Weights::PATIENT, u64::MAX)];
}

/// Whether card index `card` builds on card index `onto` in FreeCell (one rank lower, the
/// other colour; suits in deck order C D H S, so red is suit 1 or 2).
#[inline]
fn builds_on(card: u8, onto: u8) -> bool {
    let red = |c: u8| ((c ^ (c >> 1)) & 1) == 1;
    onto / 4 == card / 4 + 1 && red(card % 4) != red(onto % 4)
}

/// The same-suit cards of higher rank than each card, as bit sets over card indices.
static HIGHER_SAME_SUIT: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut card = 0;
    while card < 52 {
        let mut higher = card + 4;
        while higher < 52 {
            table[card] |= 1 << higher;
            higher += 4;
        }
        card += 1;
    }
    table
};

/// Scores `board` under `w` (without the depth term) in one walk down each cascade.
///
/// "Unsorted" and the built runs it measures follow FreeCell's alternate-colour rule; under
/// other build rules the evaluation is a guide like any other.
pub(crate) fn evaluate(board: &Board, w: &Weights) -> u32 {
    let mut next = [0u8; 4];
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        // Index of the next card each foundation needs (past the deck when complete).
        next[i] = board.foundation(suit) * 4 + i as u8;
    }
    let (mut blocked, mut unsorted, mut dig, mut columns) = (0u64, 0u32, 0u32, 0u32);
    for i in 0..board.cascade_count() {
        if board.cascade_len(i) == 0 {
            continue;
        }
        columns += 1;
        // Top down: the cards above, as a bit set; a card above a lower card of its suit is
        // blocked. The deepest card not lying on a card it builds on, and all above it, are
        // unsorted.
        let mut above = 0u64;
        let mut over: Option<u8> = None;
        let mut deepest_break = None;
        for (depth, card) in board.cascade(i).enumerate() {
            let index = card.index() as u8;
            if next[usize::from(index % 4)] == index {
                dig += depth as u32;
            }
            blocked |= above & HIGHER_SAME_SUIT[usize::from(index)];
            above |= 1 << index;
            if let Some(upper) = over
                && !builds_on(upper, index)
            {
                deepest_break = Some(depth - 1);
            }
            over = Some(index);
        }
        unsorted += deepest_break.map_or(0, |d| d as u32 + 1);
    }
    let blocked = blocked.count_ones();
    let out = 52 - board.cards_home() as u32;
    let cells = (board.cell_count() - board.empty_cells()) as u32;
    w.out * out + w.blocked * blocked + w.unsorted * unsorted + w.dig * dig + w.cell * cells + w.column * columns
}

/// A stored board, the move that reached it from its parent and its depth.
#[derive(Clone)]
struct Node {
    board: Board,
    parent: u32,
    mv: Move,
    depth: u16,
}

const ROOT: u32 = u32::MAX;

/// A set of 64-bit hashes, open addressing with linear probing; cleared by zeroing the
/// slots it used, so clearing costs what filling did.
#[derive(Default)]
struct HashSet64 {
    slots: Vec<u64>,
    used: Vec<u32>,
}

impl HashSet64 {
    fn clear(&mut self) {
        for &i in &self.used {
            self.slots[i as usize] = 0;
        }
        self.used.clear();
    }

    /// Inserts `hash`; false when it was already there.
    #[inline]
    fn insert(&mut self, hash: u64) -> bool {
        if (self.used.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let hash = hash | 1; // 0 marks an empty slot
        let mask = self.slots.len() - 1;
        // The high bits pick the slot: the low bit was forced above.
        let mut i = (hash >> 32) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == hash {
                return false;
            }
            if slot == 0 {
                self.slots[i] = hash;
                self.used.push(i as u32);
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = Self::slots_for(self.used.len() + 1);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.used.clear();
        for hash in old.into_iter().filter(|&h| h != 0) {
            self.insert(hash);
        }
    }

    /// Slots of a table holding `n` hashes: a power of two at least twice `n`, and at least
    /// 2¹².
    fn slots_for(n: usize) -> usize {
        if n == 0 { 0 } else { (n * 2).next_power_of_two().max(1 << 12) }
    }

    /// Bytes held while the table grows from `n` to `n + extra` hashes (while it rehashes,
    /// the old slots and the new ones), as a table filled from empty would hold them.
    fn peak(n: usize, extra: usize) -> usize {
        let (before, after) = (Self::slots_for(n) * 8, Self::slots_for(n + extra) * 8);
        let slots = if before == after { after } else { before + after };
        slots + growth_peak::<u32>(n, extra)
    }
}

/// Bytes held while a `Vec<T>` grows from `len` to `len + extra` elements: the new
/// allocation plus, when it reallocates, the old one (see `crate::memory`).
fn growth_peak<T>(len: usize, extra: usize) -> usize {
    let (before, after) = (vec_bytes::<T>(len), vec_bytes::<T>(len + extra));
    if before == after { after } else { before + after }
}

/// Scratch of the fast stage, kept between solves.
#[derive(Default)]
pub(crate) struct Cache {
    nodes: Vec<Node>,
    seen: HashSet64,
    /// `priority << 32 | (u32::MAX − id)`, smallest first: best score, then newest node.
    open: BinaryHeap<Reverse<u64>>,
    moves: Vec<Move>,
}

impl Cache {
    /// Bytes held by the capacities (to give memory back after a hard deal).
    fn capacity_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.seen.slots.capacity() * 8
            + self.seen.used.capacity() * 4
            + self.open.capacity() * 8
            + self.moves.capacity() * 3
    }

    /// Bytes held, at most, while `extra` more nodes are stored: computed from lengths, as
    /// a cache filled from empty would hold them, so that a byte limit stops a search at the
    /// same node whether or not the cache is warm (as the solver's other engines count).
    fn peak(&self, extra: usize) -> usize {
        growth_peak::<Node>(self.nodes.len(), extra)
            + HashSet64::peak(self.seen.used.len(), extra)
            + growth_peak::<u64>(self.open.len(), extra)
            + vec_bytes::<Move>(self.moves.len())
    }
}

/// How the fast stage ended.
pub(crate) enum End {
    /// The moves chosen (automoves not listed).
    Solved(Vec<Move>),
    /// Every state reachable was seen, as far as 64-bit hashes tell: not a proof.
    Exhausted,
    /// The node limit.
    Nodes,
    /// The byte limit.
    Bytes,
    /// The observer stopped it.
    Stopped,
}

/// Settings of one fast-stage search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub(crate) weights: Weights,
    pub(crate) automove: Automove,
    pub(crate) max_expanded: u64,
    pub(crate) max_bytes: usize,
}

/// Greedy best-first search (weighted by depth) from `start`.
pub(crate) fn search(cache: &mut Cache, start: &Board, config: &Config, observer: &mut impl Observer) -> (End, Stats) {
    let mut stats = Stats::default();
    stats.iterations = 1;
    if cache.capacity_bytes() > config.max_bytes / 4 {
        // A hard deal grew the cache: give the memory back rather than start over the limit.
        *cache = Cache::default();
    }
    cache.nodes.clear();
    cache.seen.clear();
    cache.open.clear();
    let w = &config.weights;
    // No automoves on the start board: the first move is the search's (so a path is
    // completed by replaying each move with the automoves it implies).
    let root = start.clone();
    if root.is_won() {
        return (End::Solved(Vec::new()), stats);
    }
    if cache.peak(1) > config.max_bytes {
        return (End::Bytes, stats);
    }
    cache.seen.insert(root.hash64());
    let h = evaluate(&root, w);
    cache.nodes.push(Node { board: root, parent: ROOT, mv: Move::single(Pile::cell(0), Pile::cell(0)), depth: 0 });
    cache.open.push(Reverse(u64::from(h) << 32 | u64::from(u32::MAX)));
    let mut moves = std::mem::take(&mut cache.moves);
    let end = loop {
        let Some(Reverse(entry)) = cache.open.pop() else { break End::Exhausted };
        let id = u32::MAX - (entry as u32);
        if stats.expanded >= config.max_expanded {
            break End::Nodes;
        }
        stats.expanded += 1;
        if observer.on_expand(&stats) == Control::Stop {
            break End::Stopped;
        }
        let parent = &cache.nodes[id as usize];
        let board = parent.board.clone();
        let depth = parent.depth + 1;
        moves.clear();
        board.generate_moves(MoveModel::Sequence, &mut moves);
        // Checked before anything grows: every move could give a new node.
        let peak = cache.peak(moves.len());
        if peak > config.max_bytes {
            break End::Bytes;
        }
        stats.bytes = stats.bytes.max(peak);
        let mut solved = None;
        for &mv in &moves {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            child.play_automoves(config.automove);
            stats.generated += 1;
            if !cache.seen.insert(child.hash64()) {
                stats.duplicates += 1;
                continue;
            }
            let child_id = cache.nodes.len() as u32;
            if child.is_won() {
                cache.nodes.push(Node { board: child, parent: id, mv, depth });
                solved = Some(child_id);
                break;
            }
            let h = evaluate(&child, w) + w.depth * u32::from(depth);
            stats.evaluated += 1;
            cache.nodes.push(Node { board: child, parent: id, mv, depth });
            cache.open.push(Reverse(u64::from(h) << 32 | u64::from(u32::MAX - child_id)));
        }
        if let Some(goal) = solved {
            let mut path = Vec::with_capacity(usize::from(depth));
            let mut at = goal;
            while at != ROOT {
                let node = &cache.nodes[at as usize];
                if node.parent == ROOT {
                    break;
                }
                path.push(node.mv);
                at = node.parent;
            }
            path.reverse();
            break End::Solved(path);
        }
    };
    cache.moves = moves;
    stats.peak_stored = cache.nodes.len() as u64;
    (end, stats)
}

/// The `fast` preset: two stages, each under what is left of the solver's limits.
///
/// 1. Greedy best-first search, bounded only by the limits and [`FAST_BYTES`]: it solves
///    every solvable deal we have tried, and runs out of states on the impossible ones,
///    whose reachable space is small.
/// 2. When it runs out of states (which proves nothing: it compares 64-bit hashes), the
///    `bfs` preset's exhaustive search over single-card moves (exact keys,
///    Raymond's safe automoves, as in stage 1) decides, and is the only source of `Unsolvable`.
pub(crate) fn run(
    greedy: &mut Option<Cache>,
    exhaustive: &mut Option<bfs::Cache<FreeCell>>,
    start: &Board,
    budget: Budget,
    observer: &mut impl Observer,
) -> Report<Move> {
    let max_bytes = budget.get_max_bytes().unwrap_or(FAST_BYTES);
    let max_nodes = budget.get_max_expanded();
    let left = |used: u64| max_nodes.map_or(u64::MAX, |n| n.saturating_sub(used));
    let greedy = greedy.get_or_insert_with(Cache::default);

    // 1. Greedy, in turns: a search that runs long under one evaluation often ends fast
    // under another, and the last turn runs until a limit.
    let mut stats = Stats::default();
    let turns = Weights::TURNS;
    for (turn, &(weights, cap)) in turns.iter().enumerate() {
        let last = turn + 1 == turns.len();
        let max_expanded = if last { left(stats.expanded) } else { left(stats.expanded).min(cap) };
        let config = Config { weights, automove: Automove::Raymond, max_expanded, max_bytes };
        let (end, run) = search(greedy, start, &config, &mut Offset { inner: &mut *observer, base: stats });
        stats = if turn == 0 { run } else { combine(stats, run) };
        let outcome = match end {
            End::Solved(moves) => {
                let cost = moves.len() as u32;
                Outcome::Solved(Solution { moves, cost })
            }
            End::Stopped => Outcome::Undecided(Reason::Stopped),
            End::Bytes => Outcome::Undecided(Reason::Budget(Limit::Bytes)),
            End::Nodes if last || left(stats.expanded) == 0 => Outcome::Undecided(Reason::Budget(Limit::Expanded)),
            // This turn's cap: the next turn.
            End::Nodes => continue,
            // The reachable space is the same under every evaluation: on to the proof.
            End::Exhausted => break,
        };
        return Report { outcome, stats };
    }

    // 2. Exhaustive, with the same automoves, so that either stage's path is completed by
    // replaying it with Raymond's rule.
    let proof = FreeCell::new(MoveModel::Atomic, Automove::Raymond, CostModel::SingleCard);
    let mut rest = Budget::default().max_bytes(max_bytes);
    if max_nodes.is_some() {
        rest = rest.max_expanded(left(stats.expanded));
    }
    let engine = bfs::Bfs::new(bfs::Config::new().budget(rest));
    let cache = exhaustive.get_or_insert_with(bfs::Cache::new);
    let mut report = engine.search(cache, &proof, start, &mut Offset { inner: observer, base: stats });
    report.stats = combine(stats, report.stats);
    report
}

/// An observer seeing a later stage's counts added to the earlier stages': the solver's
/// watch paces its clock checks by the expansions it has seen, which must not go back.
struct Offset<'a, O> {
    inner: &'a mut O,
    base: Stats,
}

impl<O: Observer> Observer for Offset<'_, O> {
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        self.inner.on_expand(&combine(self.base, *stats))
    }

    #[inline]
    fn on_iteration(&mut self, bound: u32, stats: &Stats) -> Control {
        self.inner.on_iteration(bound, &combine(self.base, *stats))
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Card, Layout, Rules};

    use super::*;

    /// The evaluation as first written: a walk down each cascade, then one back up.
    fn reference(board: &Board, w: &Weights) -> u32 {
        let mut next = [0u8; 4];
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            // Index of the next card each foundation needs (past the deck when complete).
            next[i] = board.foundation(suit) * 4 + i as u8;
        }
        let (mut blocked, mut unsorted, mut dig, mut columns) = (0u32, 0u32, 0u32, 0u32);
        let mut cards = [0u8; 52];
        for i in 0..board.cascade_count() {
            let len = board.cascade_len(i);
            if len == 0 {
                continue;
            }
            columns += 1;
            for (depth, card) in board.cascade(i).enumerate() {
                let index = card.index() as u8;
                cards[depth] = index;
                if next[usize::from(index % 4)] == index {
                    dig += depth as u32;
                }
            }
            // Bottom to top: the lowest rank beneath, per suit; whether the run from the bottom
            // is still built.
            let mut low = [u8::MAX; 4];
            let mut in_order = true;
            let mut under = cards[len - 1];
            for &card in cards[..len].iter().rev() {
                let (rank, suit) = (card / 4, usize::from(card % 4));
                if low[suit] < rank {
                    blocked += 1;
                }
                low[suit] = low[suit].min(rank);
                if card != under && !builds_on(card, under) {
                    in_order = false;
                }
                unsorted += u32::from(!in_order);
                under = card;
            }
        }
        let out = 52 - board.cards_home() as u32;
        let cells = (board.cell_count() - board.empty_cells()) as u32;
        w.out * out + w.blocked * blocked + w.unsorted * unsorted + w.dig * dig + w.cell * cells + w.column * columns
    }

    /// The one-pass evaluation agrees with the two-pass reference on positions along random
    /// games from shuffled decks.
    #[test]
    fn one_pass_evaluation_matches_the_reference() {
        let w = Weights { out: 1, blocked: 3, unsorted: 5, dig: 7, cell: 11, column: 13, depth: 0 };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut moves = Vec::new();
        for _ in 0..50 {
            let mut deck: Vec<Card> = Card::deck().collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).expect("a full deck deals");
            for _ in 0..100 {
                assert_eq!(evaluate(&board, &w), reference(&board, &w), "{board}");
                moves.clear();
                board.generate_moves(MoveModel::Sequence, &mut moves);
                let Some(&mv) = moves.get((next() % 64) as usize % moves.len().max(1)) else { break };
                board.apply_unchecked(mv);
            }
        }
    }
}
