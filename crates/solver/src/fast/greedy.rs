//! One greedy best-first search, resumable ([`Search`]): it expands positions under one
//! evaluation until its turn's node limit, the byte limit, a solution or the end of its
//! positions, and keeps everything it stored for its next turn.

use std::cell::Cell;

use freecell_core::{Automove, BOARD_CASCADES, BOARD_CELLS, BoardN, BuildRule, GeneratedMoves, Move, MoveModel, Pile};
use freecell_search::containers::bytes::{grown_capacity, grown_peak, held, push, room};
use freecell_search::containers::{HashSet64, LinkedBuckets, prefetch, prefetch_whole};
use freecell_search::{Control, Observer, Stats, UndecidedReason};

use super::dominance::Dominance;
use super::eval::{Blocking, Counts, Digging, Weights, evaluate};
use super::frozen::Frozen;
use super::joins;
use super::loan::{Allowance, Lender};
use super::moves::{Sparing, automoves_after, goes_home, is_home_move, moved_card, moves_again, skipped_cells};

/// The parent of the start position.
const ROOT: u32 = u32::MAX;

/// No node: the link of a node that waits last in its open-list bucket.
const NONE: u32 = LinkedBuckets::END;

/// A generated position: where its parent's board is, the move that reached it from its
/// parent, its depth, and the next position of its open-list bucket while it waits.
///
/// Only expanded positions keep a board (about one in fifteen): a position waiting in the
/// open list is its parent's board with one move and its automoves replayed, which costs
/// less than copying every child's board into the arena and keeps the arena in cache.
#[derive(Clone, Copy)]
struct Node {
    /// Its parent's board's index in [`Search::boards`] (the start's board is the first), or
    /// [`ROOT`]: an expansion reads its parent's board without first reading its parent's
    /// node, a miss fewer in each expansion's chain of them once the search is out of
    /// cache. The parent's node is kept beside its board ([`Expanded`]).
    parent: u32,
    /// While the node waits in the open list: the next node of its bucket, or
    /// [`LinkedBuckets::END`]. Once it is taken, nothing reads it: an expanded node is
    /// found from its board ([`Blocking::spare`]), so it is not written again (a store to a
    /// line that would otherwise stay clean).
    link: u32,
    mv: Move,
    depth: u16,
}

/// One greedy best-first search (weighted by depth), resumable: the positions it
/// generated, the hashes it has seen, its open list and its counts. Kept between solves,
/// so nothing is allocated per node once warm.
#[derive(Default)]
pub(super) struct Search<const C: usize, const F: usize> {
    nodes: Vec<Node>,
    /// The boards of the expanded nodes, each beside its counts.
    boards: Vec<Expanded<C, F>>,
    /// The hashes of every position generated (see [`HashSet64`] for what a false match
    /// costs).
    seen: HashSet64,
    /// The open list, threaded through [`Node::link`].
    open: LinkedBuckets,
    /// The expanded position's moves (kept in the search, not the heap: no byte limit
    /// counts them).
    moves: GeneratedMoves,
    pub(super) stats: Stats,
    /// Whether a move was skipped as one a player would not make ([`Sparing`], the moves
    /// into a cell the spared generation leaves out, or Simple Simon's joins) since the
    /// search began: if not, running out of positions means what the patient search's does.
    pub(super) spared: bool,
    /// Whether the allocator refused memory in the middle of an expansion: the search is
    /// left half-grown and cannot be resumed ([`resumable`](Self::resumable)).
    torn: bool,
    /// A cell: the byte check updates it while the expanded board is borrowed from
    /// `boards`.
    steady: Cell<Steady>,
}

/// The bytes [`Search::peak`] counts while nothing grows, part by part, and how far the
/// lengths may go before a part grows: most expansions then check the byte limit with four
/// comparisons (the full count was 5 % of `fast`'s instructions), and one where a part grows
/// counts that part again, not all four.
#[derive(Clone, Copy, Default)]
struct Steady {
    /// Valid while `nodes.len() + extra` stays within its bound,
    nodes: Part,
    /// the boards and their derived counts while `boards.len() + 1` does,
    boards: Part,
    /// the seen set while `seen.len() + extra` does,
    seen: Part,
    /// and the open list while its buckets stay its bound, the priorities below it.
    open: Part,
    /// The four parts' bytes.
    bytes: usize,
}

/// One part of [`Steady`]: the bound of its lengths (0: counted at the next check), and its
/// bytes.
#[derive(Clone, Copy, Default)]
struct Part {
    bound: usize,
    bytes: usize,
}

impl<const C: usize, const F: usize> Search<C, F> {
    /// Bytes held by the capacities (to give memory back after a hard deal).
    pub(super) fn capacity_bytes(&self) -> usize {
        held(&self.nodes) + held(&self.boards) + self.seen.bytes() + self.open.bytes()
    }

    /// Bytes held, at most, while `extra` more nodes are stored: computed from lengths, as
    /// a cache filled from empty would hold them, so that a byte limit stops a search at the
    /// same node whether or not the cache is warm. The model is that of
    /// `freecell_search::containers::bytes`, whose growth rule the vectors follow.
    /// `priorities`: the open list's buckets then reserved (see [`LinkedBuckets::reserve`]).
    pub(super) fn peak(&self, extra: usize, priorities: usize) -> usize {
        self.nodes_peak(extra) + self.boards_peak() + self.seen_peak(extra) + self.open.peak(priorities)
    }

    /// [`peak`](Self::peak)'s part for the nodes.
    #[inline]
    fn nodes_peak(&self, extra: usize) -> usize {
        grown_peak::<Node>(self.nodes.len(), extra)
    }

    /// [`peak`](Self::peak)'s part for the boards and their counts, one more.
    #[inline]
    fn boards_peak(&self) -> usize {
        grown_peak::<Expanded<C, F>>(self.boards.len(), 1)
    }

    /// [`peak`](Self::peak)'s part for the seen set.
    #[inline]
    fn seen_peak(&self, extra: usize) -> usize {
        HashSet64::peak(self.seen.len(), extra)
    }

    /// [`peak`](Self::peak), from [`Steady`] while nothing grows.
    #[inline]
    fn peak_checked(&self, extra: usize, priorities: usize) -> usize {
        let s = self.steady.get();
        if self.fits(s, extra, priorities) == [true; 4] {
            debug_assert_eq!(s.bytes, self.peak(extra, priorities));
            return s.bytes;
        }
        self.peak_recounted(extra, priorities)
    }

    /// Which parts of the search hold within their [`Steady`] bounds `s` while `extra` more
    /// nodes are stored and the open list has `priorities` buckets: the nodes, the boards,
    /// the seen set and the open list.
    #[inline]
    fn fits(&self, s: Steady, extra: usize, priorities: usize) -> [bool; 4] {
        let heads = self.open.buckets();
        [
            self.nodes.len() + extra <= s.nodes.bound,
            self.boards.len() < s.boards.bound,
            self.seen.len() + extra <= s.seen.bound,
            heads == s.open.bound && priorities <= heads,
        ]
    }

    /// [`peak_checked`](Self::peak_checked) where a part grows: its count and bound anew.
    /// Out of line and cold, though about one check in six on FreeCell's short searches
    /// comes here (52,709 of 323,701 on MS 1–1,500): the loop without it is shorter, and
    /// FreeCell's solves took 0.25 % fewer instructions.
    #[cold]
    #[inline(never)]
    fn peak_recounted(&self, extra: usize, priorities: usize) -> usize {
        let (nodes, boards, seen, heads) = (self.nodes.len(), self.boards.len(), self.seen.len(), self.open.buckets());
        let mut s = self.steady.get();
        let fits = self.fits(s, extra, priorities);
        // A vector's capacity as the model counts it holds until it is full, the seen set's
        // slots until it is half full; while they hold, nothing grows and a part's count is
        // this one. A part that grows now counts both allocations: its bound is 0, so the
        // next check counts it again. Only the parts out of their bounds are counted: early
        // in a search, one vector's capacity often lies between its length and its length
        // plus the moves for several expansions.
        let part = |bound: usize, within: bool, bytes: usize| Part { bound: if within { bound } else { 0 }, bytes };
        if !fits[0] {
            let bound = grown_capacity(nodes);
            s.nodes = part(bound, nodes + extra <= bound, self.nodes_peak(extra));
        }
        if !fits[1] {
            let bound = grown_capacity(boards);
            s.boards = part(bound, boards < bound, self.boards_peak());
        }
        if !fits[2] {
            let bound = grown_capacity(seen).min(HashSet64::slots_for(seen) / 2);
            s.seen = part(bound, seen + extra <= bound, self.seen_peak(extra));
        }
        if !fits[3] {
            s.open = part(heads, priorities <= heads, self.open.peak(priorities));
        }
        s.bytes = s.nodes.bytes + s.boards.bytes + s.seen.bytes + s.open.bytes;
        debug_assert_eq!(s.bytes, self.peak(extra, priorities));
        self.steady.set(s);
        s.bytes
    }

    /// Empties the search, keeping its capacities. A search the last solve left full must
    /// not wait for its [`begin`](Self::begin) to be emptied: until then its lengths count
    /// in the other searches' byte limit (`peak`), so what a solve did would depend on the
    /// deal solved before it (Simple Simon 3045 took 245 expansions after 3044 stopped at
    /// 2,000,000, and 5,194 alone).
    pub(super) fn forget(&mut self) {
        self.nodes.clear();
        self.boards.clear();
        self.seen.clear();
        self.open.clear();
        self.moves.clear();
        self.stats = Stats::default();
        self.torn = false;
    }

    /// Gives the memory back where a hard deal grew the cache past a quarter of `max_bytes`,
    /// rather than start the next search over the limit.
    pub(super) fn shed(&mut self, max_bytes: usize) {
        if self.capacity_bytes() > max_bytes / 4 {
            *self = Search::default();
        }
    }

    /// Whether the search, stopped for bytes, can be resumed where it stopped: the byte
    /// limit stops it before the position it took is expanded, and puts that position back
    /// (see [`resume`](Self::resume)); only an allocator's refusal leaves it half-grown.
    pub(super) fn resumable(&self) -> bool {
        !self.torn && !self.nodes.is_empty()
    }

    /// Starts a search of `start` under `weights`: the start position alone is open. The
    /// start is taken as it is, without automoves: the first move is the search's, so a
    /// path is completed by replaying each move with the automoves it implies. `Err` when
    /// the allocator refuses the little this needs.
    pub(super) fn begin(
        &mut self,
        start: &BoardN<C, F>,
        weights: &Weights,
        max_bytes: usize,
    ) -> Result<(), UndecidedReason> {
        self.shed(max_bytes);
        self.forget();
        self.spared = false;
        self.steady.set(Steady::default());
        self.stats.iterations = 1;
        // Torn until the start waits in the open list.
        self.torn = true;
        self.seen.insert(start.hash64())?;
        push(
            &mut self.nodes,
            Node { parent: ROOT, link: NONE, mv: Move::single(Pile::cell(0), Pile::cell(0)), depth: 0 },
        )?;
        self.open.reserve(weights.priorities::<C, F>(0))?;
        self.open.push(&mut self.nodes[0].link, 0, evaluate(start, weights));
        self.torn = false;
        Ok(())
    }

    /// Expands positions until this search has expanded `max_expanded` in all, would hold
    /// more than `max_bytes` (the position taken is put back: the search can be resumed
    /// with more room), reaches a won position or runs out of positions. `others`:
    /// bytes the other searches hold, counted into the peak reported; `lender` holds some of
    /// `max_bytes` until the search needs them ([`Lender`]).
    #[allow(clippy::too_many_lines)]
    #[inline(never)]
    pub(super) fn resume(
        &mut self,
        start: &BoardN<C, F>,
        config: &Config,
        (limits, lender): ((u64, usize), &mut impl Lender),
        others: usize,
        observer: &mut impl Observer,
    ) -> End {
        let (max_expanded, max_bytes) = limits;
        let mut allowance = Allowance::new(max_bytes, others, lender);
        let w = &config.weights;
        // The allocator refusing memory ends the search as the byte limit does (its caller
        // then drops it, so what it leaves half-grown does not matter).
        macro_rules! or_bytes {
            ($label:lifetime, $e:expr) => {
                match $e {
                    Ok(value) => value,
                    Err(_) => {
                        self.torn = true;
                        break $label End::Bytes;
                    }
                }
            };
        }
        // The observer is told of an expansion only from the count it names (see
        // `Observer::quiet_until`).
        let mut quiet = observer.quiet_until();
        let end = 'expand: loop {
            if self.open.is_empty() {
                break End::Exhausted;
            }
            if self.stats.expanded >= max_expanded {
                break End::Nodes;
            }
            let nodes = &self.nodes;
            let Some(id) = self.open.pop(|id| nodes[id as usize].link) else { break End::Exhausted };
            self.stats.expanded += 1;
            if self.stats.expanded >= quiet {
                if observer.on_expand(&self.stats) == Control::Stop {
                    break End::Stopped;
                }
                quiet = observer.quiet_until();
            }
            let node = self.nodes[id as usize];
            or_bytes!('expand, room(&mut self.boards));
            // The next position's reads are started a stage at a time while this one is
            // expanded (see `load_next`), where the search is out of cache.
            let large = self.seen.is_large();
            if large {
                self.load_next(Stage::Node);
            }
            // The board is built in its place in `boards` (it is copied once, not moved
            // there after); `again` names the moves skipped (see `moved_card`).
            let again = if node.parent == ROOT {
                let mut blocking = Blocking::of(start);
                let digging = Digging::of(start, &blocking);
                blocking.spare = id;
                self.boards.push(Expanded { board: start.clone(), blocking, digging });
                None
            } else {
                let at = node.parent as usize;
                // The parent's counts are copied with its board, then replaced.
                self.boards.extend_from_within(at..=at);
                let last = self.boards.len() - 1;
                let (parents, child) = self.boards.split_at_mut(last);
                let (parent, child) = (&parents[at], &mut child[0]);
                let board = &mut child.board;
                board.apply_unchecked(node.mv);
                automoves_after(board, node.mv, config.automove, at != 0);
                child.blocking = parent.blocking.child(&parent.board, node.mv, board);
                child.blocking.spare = id;
                child.digging = parent.digging.child(&parent.board, node.mv, board);
                moved_card(&parent.board, node.mv, board)
            };
            if let DeadTest::Expanded(f) = config.dead {
                // Lost: a card can never move (see `DeadTest`). Its parent passed the test
                // when it was expanded, the start before any search.
                let board = &self.boards[self.boards.len() - 1].board;
                let parent = (node.parent != ROOT).then(|| &self.boards[node.parent as usize].board);
                if parent.map_or_else(|| f.dead(board), |parent| f.dead_after(parent, node.mv, board)) {
                    self.boards.pop();
                    continue;
                }
            }
            if large {
                self.load_next(Stage::Board);
            }
            let here = (self.boards.len() - 1) as u32;
            let Expanded { board, blocking, digging } = &self.boards[self.boards.len() - 1];
            // Saturating: a path of 65,535 moves is far beyond any budget, but must not panic.
            let depth = node.depth.saturating_add(1);
            if config.spares {
                let left_out = board.generate_spared_moves_into(MoveModel::Sequence, &mut self.moves);
                // Once a move was skipped, the search stays one that skipped: no more tests.
                self.spared = self.spared || (left_out != 0 && skipped_cells(board, left_out, again, config.dominance));
            } else {
                board.generate_moves_into(MoveModel::Sequence, &mut self.moves);
            }
            config.dominance.drop_from(board, &mut self.moves);
            if config.joins {
                // Moves the joins drop are skipped moves too: a search that ran out of
                // positions after dropping any has not seen every reachable one.
                let all = self.moves.len();
                joins::spare(board, &mut self.moves);
                self.spared |= self.moves.len() < all;
            }
            // Checked before anything grows: every move could give a new node.
            let priorities = w.priorities::<C, F>(depth);
            let peak = self.peak_checked(self.moves.len(), priorities);
            if !allowance.fits(peak) {
                self.put_back(id);
                break End::Bytes;
            }
            or_bytes!('expand, self.open.reserve(priorities));
            self.stats.bytes = self.stats.bytes.max(allowance.beside() + peak);
            let mut solved = None;
            let counts = Counts::of(board, blocking.blocked, digging.dig);
            let tally = digging.tally();
            let settled = id != 0;
            // The swaps are spared only where every move carries one card.
            let sparing = Sparing::new(matches!(config.dead, DeadTest::Children(_) | DeadTest::Expanded(_)));
            // The children's slots in a seen set out of cache, loaded ahead: each probe below
            // would otherwise wait for its miss in turn (a third of an undecided Streets and
            // Alleys deal's time). A child with automoves has another hash: a wasted hint.
            // Not in a small table (most FreeCell solves), where the previews would cost
            // instructions for nothing.
            if large {
                self.load_children(board);
            }
            for &mv in self.moves.iter() {
                if moves_again(again, mv) {
                    continue;
                }
                if config.spares && sparing.skips(board, mv) {
                    self.spared = true;
                    continue;
                }
                // A move that puts no card home and uncovers none that goes home by itself
                // has no automove after it: its child is scored and checked for a duplicate
                // without building its board.
                if settled && config.previews && !is_home_move::<C, F>(mv) {
                    let preview = board.preview(mv);
                    if !preview.uncovered.is_some_and(|card| goes_home(board, card, config.automove)) {
                        self.stats.generated += 1;
                        if !or_bytes!('expand, self.seen.insert(preview.hash)) {
                            self.stats.duplicates += 1;
                            continue;
                        }
                        let child_id = self.nodes.len() as u32;
                        or_bytes!('expand, push(&mut self.nodes, Node { parent: here, link: NONE, mv, depth }));
                        let h = counts.after(board, mv, &preview, blocking, (digging, &tally)).score(w)
                            + w.depth * u32::from(depth);
                        self.stats.evaluated += 1;
                        self.open.push(&mut self.nodes[child_id as usize].link, child_id, h);
                        continue;
                    }
                }
                // Where every child is built (no previews), one with no automove after it
                // is looked up before it is built, by the hash of its move alone: a
                // duplicate (most children of a long search) costs no board.
                let looked_up = settled && !config.previews && !is_home_move::<C, F>(mv) && {
                    let (hash, uncovered) = board.preview_hash(mv);
                    !uncovered.is_some_and(|card| goes_home(board, card, config.automove)) && {
                        self.stats.generated += 1;
                        if !or_bytes!('expand, self.seen.insert(hash)) {
                            self.stats.duplicates += 1;
                            continue;
                        }
                        true
                    }
                };
                let mut child = board.clone();
                child.apply_unchecked(mv);
                automoves_after(&mut child, mv, config.automove, settled);
                if !looked_up {
                    self.stats.generated += 1;
                    if !or_bytes!('expand, self.seen.insert(child.hash64())) {
                        self.stats.duplicates += 1;
                        continue;
                    }
                }
                if let DeadTest::Children(f) | DeadTest::Runs(f) = config.dead
                    && f.dead_after(board, mv, &child)
                {
                    continue;
                }
                let child_id = self.nodes.len() as u32;
                or_bytes!('expand, push(&mut self.nodes, Node { parent: here, link: NONE, mv, depth }));
                if child.is_won() {
                    solved = Some(child_id);
                    break;
                }
                let h = Counts::of(&child, blocking.after(board, mv), digging.after(&tally, board, mv, &child))
                    .score(w)
                    + w.depth * u32::from(depth);
                self.stats.evaluated += 1;
                self.open.push(&mut self.nodes[child_id as usize].link, child_id, h);
            }
            if let Some(goal) = solved {
                break End::Solved(self.path_to(goal));
            }
        };
        self.stats.peak_stored = self.stats.peak_stored.max(self.nodes.len() as u64);
        end
    }

    /// Undoes the expansion of node `id` begun and stopped by the byte limit before it
    /// stored anything but its board and derived counts: the node waits again where it was,
    /// first in its bucket, so a later [`resume`](Self::resume) with more room goes on as
    /// if the search had stopped before taking it (the same positions in the same order).
    /// The expansion still counts (its board was built and its moves generated; a resume
    /// counts it again): a search that is not resumed keeps the counts it had before it
    /// could be, and so does every solve that never resumes one.
    #[cold]
    #[inline(never)]
    fn put_back(&mut self, id: u32) {
        self.boards.pop();
        self.open.requeue(&mut self.nodes[id as usize].link, id);
        // The byte check's counts held for one more board: counted afresh next time.
        self.steady.set(Steady::default());
    }

    /// Starts loading the seen set's slots of `board`'s children (its moves, `self.moves`),
    /// from their hashes alone ([`BoardN::preview_hash`]: the whole preview's counts of
    /// built and beneath-run cards are not needed here). Out of line: only
    /// a search out of cache calls it, and inlined, it lays the loop out anew for the
    /// searches in cache (most of FreeCell's).
    #[inline(never)]
    fn load_children(&self, board: &BoardN<C, F>) {
        for &mv in self.moves.iter() {
            self.seen.prefetch(board.preview_hash(mv).0);
        }
    }

    /// Starts loading, without waiting for it, what the next expansion reads first: the
    /// queue's best node is the next one unless a child of the node being expanded goes
    /// ahead of it (and then what it reads is in cache). Once a search is out of cache each
    /// of those reads is a miss at a random place, the second waiting for the first: the
    /// node, then its parent's board and counts. A stage loads one of them, its caller
    /// leaving work between stages for the load before to arrive.
    #[inline(never)]
    fn load_next(&self, stage: Stage) {
        let Some(next) = self.open.peek().and_then(|next| self.nodes.get(next as usize)) else { return };
        if stage == Stage::Node {
            return prefetch(next);
        }
        if let Some(expanded) = self.boards.get(next.parent as usize) {
            prefetch_whole(expanded);
        }
    }

    /// The moves from the start to node `goal`.
    fn path_to(&self, goal: u32) -> Vec<Move> {
        let mut path = Vec::with_capacity(usize::from(self.nodes[goal as usize].depth));
        let mut node = &self.nodes[goal as usize];
        while node.parent != ROOT {
            path.push(node.mv);
            node = &self.nodes[self.boards[node.parent as usize].blocking.spare as usize];
        }
        path.reverse();
        path
    }
}

impl Config {
    /// The search of one turn under `weights` read for `rules`, with Raymond's automoves
    /// (the proof's), skipping the moves a player would not make when `spares`.
    pub(super) fn turn(weights: Weights, rules: freecell_core::Rules, spares: bool) -> Config {
        let weights = weights.for_rules(rules);
        let joins = spares && rules.build == BuildRule::SimpleSimon;
        let dead = match (Frozen::applies(rules), Frozen::for_single_cards(rules)) {
            (Some(f), _) if rules.build == BuildRule::AnySuit => DeadTest::Expanded(f),
            (Some(f), _) => DeadTest::Children(f),
            (None, Some(f)) => DeadTest::Runs(f),
            (None, None) => DeadTest::Off,
        };
        Config {
            weights,
            automove: Automove::Raymond,
            spares,
            joins,
            previews: weights.breaks == 0 && !matches!(dead, DeadTest::Children(_) | DeadTest::Runs(_)),
            dead,
            dominance: Dominance::for_rules(rules),
        }
    }
}

/// Where a greedy search tests for lost positions ([`Frozen::dead`]), under the rules the
/// test applies to; what it proves lost is dropped.
#[derive(Clone, Copy, Debug)]
pub(super) enum DeadTest {
    /// No test: the rules let runs move.
    Off,
    /// On every child, which then needs its board (no previews). Under suit building (Fan,
    /// Cruel) a card has one place to go and many children are lost: testing them keeps them
    /// out of the open list (tested on expansion instead, Fan deals 1–500 expand twice as
    /// many positions, with 6 % more CPU).
    Children(Frozen),
    /// On each position taken from the open list, about a seventh as many. Under any-suit
    /// building (Baker's Dozen, Good Measure) few children are lost, and testing every one
    /// was two thirds of the search's instructions (Good Measure deals 1–20).
    Expanded(Frozen),
    /// As `Children`, where runs move only through empty cascades (Beleaguered Castle,
    /// Streets and Alleys, Citadel: [`Frozen::for_single_cards`]): a lost deal's searches
    /// run out of positions sooner, leaving the proof more of the budget; the test ends at
    /// once while a cascade is empty. Not the swaps [`Sparing`] skips under single cards.
    Runs(Frozen),
}

/// What [`Search::load_next`] loads: the next node, or its parent's board and counts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Node,
    Board,
}

/// An expanded position: its board, and its blocking and digging, each derived from its
/// parent's. Kept together, an expansion's read of its parent's is one place in memory, not
/// two (each, out of cache, a miss and a page walk of its own). The position's node is kept
/// in the blocking's `spare` bytes, for [`Search::path_to`]: 232 bytes for a [`Board`](freecell_core::Board)'s
/// width, as the board and counts took apart.
#[derive(Clone)]
struct Expanded<const C: usize, const F: usize> {
    board: BoardN<C, F>,
    blocking: Blocking<C>,
    digging: Digging,
}

const _: () = assert!(size_of::<Expanded<BOARD_CASCADES, BOARD_CELLS>>() == 232);

/// How a greedy search's turn ended.
pub(super) enum End {
    /// The moves chosen (automoves not listed).
    Solved(Vec<Move>),
    /// Every state reachable was seen, as far as 64-bit hashes tell: not a proof.
    Exhausted,
    /// The turn's node limit.
    Nodes,
    /// The byte limit.
    Bytes,
    /// The observer stopped it.
    Stopped,
}

/// Settings of one greedy search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Config {
    pub(super) weights: Weights,
    pub(super) automove: Automove,
    /// Whether a child that needs no automove is scored from its parent's counts and
    /// [`Board::preview`](freecell_core::Board::preview), without building its board:
    /// not under [`Weights::breaks`], which counts from a board.
    pub(super) previews: bool,
    /// Whether the moves a player would not make are skipped (see [`Sparing`]).
    pub(super) spares: bool,
    /// The test for lost positions, where it runs.
    pub(super) dead: DeadTest,
    /// Whether, besides, Simple Simon's joins narrow the moves (see [`joins::spare`]).
    pub(super) joins: bool,
    /// The moves never made, in every search: they lead nowhere better.
    pub(super) dominance: Dominance,
}

#[cfg(test)]
mod tests {
    use freecell_core::{Game, WideBoard};
    use freecell_deals::DealNumber;

    use super::super::eval::{Evaluations, Weights};
    use super::*;

    /// The patient search of Streets and Alleys deal `deal` ([`Weights::turns`]' last,
    /// keeping every move).
    fn patient(deal: u64) -> (WideBoard, Config) {
        let layout = DealNumber::new(deal).expect("a deal number").layout(Game::StreetsAndAlleys);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let rules = *start.rules();
        let turns = Weights::turns(rules, Evaluations::Tuned);
        (start, Config::turn(turns[turns.len() - 1], rules, false))
    }

    /// A search stopped by its byte limit, resumed with more room, wins with the moves of one
    /// run with that room at once, after the same positions: the position it took when it
    /// stopped waits again where it was. Its counts are the other's but the expansion begun
    /// and undone, counted twice.
    #[test]
    fn a_search_stopped_for_bytes_resumes_where_it_stopped() {
        for deal in 1..=20 {
            let (start, config) = patient(deal);
            let mut whole = Search::default();
            whole.begin(&start, &config.weights, 1 << 30).expect("room");
            let End::Solved(once) = whole.resume(&start, &config, ((20_000, 1 << 30), &mut ()), 0, &mut ()) else {
                continue;
            };
            if whole.stats.expanded < 500 {
                continue;
            }
            let mut stopped = Search::default();
            stopped.begin(&start, &config.weights, 1 << 30).expect("room");
            let end = stopped.resume(&start, &config, ((20_000, whole.stats.bytes / 2), &mut ()), 0, &mut ());
            assert!(matches!(end, End::Bytes) && stopped.resumable(), "deal {deal}");
            assert!(stopped.stats.bytes <= whole.stats.bytes / 2, "deal {deal}");
            let End::Solved(resumed) = stopped.resume(&start, &config, ((20_001, 1 << 30), &mut ()), 0, &mut ()) else {
                panic!("deal {deal}: no win resumed");
            };
            assert_eq!(resumed, once, "deal {deal}");
            let (a, b) = (stopped.stats, whole.stats);
            assert_eq!(
                (a.expanded, a.generated, a.duplicates),
                (b.expanded + 1, b.generated, b.duplicates),
                "deal {deal}"
            );
            return;
        }
        panic!("no deal of 1-20 won by the patient search within 20,000 expansions after 500");
    }
}
