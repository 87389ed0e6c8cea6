//! The `fast` preset's second stage, [`prove`]: breadth-first search over single-card moves
//! with Raymond's safe automoves (those of the greedy stage), every position reached stored
//! once, exactly: the only source of `Unsolvable`.
//!
//! **Why not the generic [`bfs`](freecell_search::bfs()):** it stores each position's board
//! (128 bytes) beside its key, about 200 bytes a position with its index and spare
//! capacity. Here a position is stored as its [`Packed`] form (20 bytes, exact: equal
//! exactly when the positions' keys are) with a parent id, 24 bytes, in a [`Store`]: about
//! 31 bytes a position in all (measured in `docs/results/fast.md`), so the same memory
//! decides deals whose reachable space is several times larger.
//!
//! **Boards kept a layer ahead.** A stored position's board must be rebuilt to expand it
//! ([`Packer::unpack`], 44 % of the proof's instructions on the difficulty census's rungs),
//! but the board was at hand when the position was first reached: the boards of the next
//! layer are kept, in the order their positions are stored, while they take at most half
//! the bytes of the store, and the store takes their room back when a byte limit needs it.
//! A board kept has its piles sorted ([`BoardN::sort_piles`]) as `unpack` would give them,
//! so every position is expanded exactly as before (its moves in the same order): the same
//! positions, the same expansions, the same wins, whether a board was kept or rebuilt. A
//! depth-first proof, which never rebuilds a board either, was measured and not kept: it
//! finds wins in another order, on the census's MS 267 with two cells after 36.3 million
//! expansions instead of 16.7 million (`docs/results/fast.md`, eighteenth session).

use freecell_core::{Automove, BoardN, Move, MoveModel, Packed, Packer};
use freecell_search::containers::bytes::{held, reserve, reserve_growth};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

use super::dominance::Dominance;
use super::frozen::Frozen;
use super::swaps::KingSwaps;
use crate::packed_store::{Linked, NO_PARENT, Store};

/// The automoves played after every move, as in the greedy stage, so that either stage's
/// path is completed by replaying it with Raymond's rule.
const AUTOMOVE: Automove = Automove::Raymond;

/// Moves a position has room for before the list grows (FreeCell positions have fewer).
const MOVES: usize = 64;

/// The proof's storage, kept between solves (its nodes and boards are freed at the start of
/// each).
pub(crate) struct Cache<const C: usize, const F: usize> {
    store: Store<Linked>,
    moves: Vec<Move>,
    /// Boards of the layer being expanded, its piles sorted, from its first node on.
    layer: Vec<BoardN<C, F>>,
    /// Boards of the next layer's nodes stored so far, from its first node on.
    next: Vec<BoardN<C, F>>,
    /// Where the last search stopped at a limit, so that [`resume`] goes on from there.
    paused: Option<Cursor>,
}

impl<const C: usize, const F: usize> Default for Cache<C, F> {
    fn default() -> Self {
        Cache { store: Store::default(), moves: Vec::new(), layer: Vec::new(), next: Vec::new(), paused: None }
    }
}

/// Where a breadth-first search stands: every stored node before `next` is expanded, the
/// layer being expanded runs from `layer_start` to `layer_end`, at `depth`.
#[derive(Clone, Copy, Debug)]
struct Cursor {
    next: usize,
    layer_start: usize,
    layer_end: usize,
    depth: u32,
}

impl<const C: usize, const F: usize> Cache<C, F> {
    /// Bytes held: nodes, index, boards kept and scratch (capacities).
    pub(crate) fn memory_usage(&self) -> usize {
        self.store.bytes() + held(&self.moves) + self.boards_bytes()
    }

    /// Positions stored and not yet expanded where the last search stopped at a limit (none
    /// when it did not stop so): every node before its cursor is expanded.
    pub(crate) fn unexpanded(&self) -> u64 {
        self.paused.map_or(0, |at| (self.store.len() - at.next) as u64)
    }

    /// Bytes held by the boards kept.
    fn boards_bytes(&self) -> usize {
        held(&self.layer) + held(&self.next)
    }

    /// Frees the boards kept: the positions they stand for are rebuilt instead.
    fn drop_boards(&mut self) {
        self.layer = Vec::new();
        self.next = Vec::new();
    }

    /// Whether `extra` more bytes fit `check`, after freeing the boards kept if they do not
    /// fit beside them: the boards never cost the search room it had without them.
    #[inline]
    fn fit(
        &mut self,
        check: impl Fn(&Self, usize) -> Result<(), UndecidedReason>,
        extra: usize,
    ) -> Result<(), UndecidedReason> {
        if check(self, extra).is_err() {
            self.drop_boards();
            check(self, extra)?;
        }
        Ok(())
    }

    /// Keeps the board `board` builds, whose position was just stored as node `id`, for its
    /// expansion: when the boards of the next layer (from node `first`) are kept up to it,
    /// and one more takes at most half the store's bytes (and fits `check`).
    #[inline]
    fn keep(
        &mut self,
        check: impl Fn(&Self, usize) -> Result<(), UndecidedReason>,
        first: usize,
        id: u32,
        board: impl FnOnce() -> BoardN<C, F>,
    ) {
        if self.next.len() != id as usize - first {
            return;
        }
        let growth = reserve_growth(&self.next, 1);
        if 2 * (self.boards_bytes() + growth) > self.store.bytes() || check(self, growth).is_err() {
            return;
        }
        if reserve(&mut self.next, 1).is_ok() {
            let mut board = board();
            board.sort_piles();
            self.next.push(board);
        }
    }
}

/// When a proof under a node budget stops undecided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ends {
    /// At the budget's last expansion.
    AtLimit,
    /// As soon as the positions stored and not yet expanded outnumber the expansions left:
    /// each must be expanded before the space is exhausted, so from there the budget can
    /// no longer prove a loss, only find a win. A space the budget can exhaust never
    /// stops so (it never stores more positions than it holds), so every loss proved
    /// under the budget is proved all the same; only a win the breadth-first search would
    /// have reached after that point is given up, for a position probably lost.
    OnceUnprovable,
}

/// Searches every position reachable from `start` under `budget`: `Solved` with a path of
/// `start`'s own moves (automoves left out), `Exhausted` when none is won; undecided at the
/// budget's node limit as `ends` says.
pub(crate) fn prove<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    ends: Ends,
    observer: &mut impl Observer,
) -> Report<Move> {
    if let Some(c) = cache.as_mut() {
        c.paused = None;
    }
    resume(cache, start, budget, ends, observer)
}

/// [`prove`], going on where the last search stopped at a limit (of its budget, or by the
/// observer) instead of starting over: that search must have been of this same `start`
/// (the caller's to ensure: stored positions are packed relative to it). Its stored
/// positions are kept, so a search resumed in turns expands each position once. The
/// report counts this call's work alone, and `budget` limits it.
pub(crate) fn resume<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    ends: Ends,
    observer: &mut impl Observer,
) -> Report<Move> {
    let c = cache.get_or_insert_with(Cache::default);
    let mut stats = Stats::default();
    stats.iterations = 1;
    let outcome = run(c, start, (budget, ends), observer, &mut stats).unwrap_or_else(SearchOutcome::Undecided);
    stats.peak_stored = c.store.len() as u64;
    stats.bytes = c.memory_usage();
    Report { outcome, stats }
}

fn run<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    start: &BoardN<C, F>,
    (budget, ends): (Budget, Ends),
    observer: &mut impl Observer,
    stats: &mut Stats,
) -> Result<SearchOutcome<Move>, UndecidedReason> {
    if start.is_won() {
        return Ok(SearchOutcome::Solved(MovePath { moves: Vec::new(), cost: 0 }));
    }
    let packer = Packer::new(start);
    let max_bytes = budget.get_max_bytes();
    let check = |c: &Cache<C, F>, extra: usize| match max_bytes {
        Some(n) if extra > 0 && c.memory_usage() + extra > n => Err(UndecidedReason::Budget(Limit::Bytes)),
        _ => Ok(()),
    };
    let mut at = if let Some(cursor) = c.paused.take() {
        cursor
    } else {
        c.store.reset();
        c.drop_boards();
        // Every position stored is reachable from `start`, so it packs.
        let key = packer.pack(start).ok_or(UndecidedReason::Inconsistent)?;
        store(c, check, &key, key.hash64(), NO_PARENT, observer)?;
        Cursor { next: 0, layer_start: 0, layer_end: 1, depth: 0 }
    };
    let outcome = expand(c, &packer, (budget, ends), check, observer, stats, &mut at);
    // Stopped at a limit, every node before `at.next` expanded (the one it stopped in is
    // expanded again: its children stored so far are found as duplicates).
    if matches!(outcome, Err(UndecidedReason::Budget(_) | UndecidedReason::Stopped)) {
        c.paused = Some(at);
    }
    outcome
}

/// The breadth-first loop of [`run`] from `at`, which it keeps at the node being expanded.
fn expand<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    packer: &Packer<C, F>,
    (budget, ends): (Budget, Ends),
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason> + Copy,
    observer: &mut impl Observer,
    stats: &mut Stats,
    at: &mut Cursor,
) -> Result<SearchOutcome<Move>, UndecidedReason> {
    // A position with a card that can never move is lost: not stored, not expanded (every
    // position stored passed the test, the start before the proof: see `Frozen::dead_after`).
    let frozen = Frozen::for_single_cards(*packer.start().rules());
    // Moves that lead nowhere better lose no win (see `Dominance`): not made.
    let dominance = Dominance::for_rules(*packer.start().rules());
    // Under Good Measure's rules, nor a queen's swaps between lone kings (see `KingSwaps`).
    let swaps = KingSwaps::for_rules(*packer.start().rules());
    let max_expanded = budget.get_max_expanded().filter(|_| ends == Ends::OnceUnprovable);
    while at.next < c.store.len() {
        if at.next == at.layer_end {
            at.layer_start = at.next;
            at.layer_end = c.store.len();
            std::mem::swap(&mut c.layer, &mut c.next);
            c.next.clear();
            at.depth += 1;
            stats.iterations += 1;
            if observer.on_iteration(at.depth, stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }
        }
        let id = at.next as u32;
        budget.expand(stats)?;
        if max_expanded.is_some_and(|n| (c.store.len() - at.next) as u64 > n - stats.expanded) {
            return Err(UndecidedReason::Budget(Limit::Expanded));
        }
        stats.expanded += 1;
        if observer.on_expand(stats) == Control::Stop {
            return Err(UndecidedReason::Stopped);
        }
        let parent_key = c.store.node(id).key;
        let board = match c.layer.get(at.next - at.layer_start) {
            Some(kept) => kept.clone(),
            None => packer.unpack(&parent_key),
        };
        c.moves.clear();
        c.fit(check, reserve_growth(&c.moves, MOVES))?;
        reserve(&mut c.moves, MOVES)?;
        board.generate_moves(MoveModel::Atomic, &mut c.moves);
        dominance.drop_from(&board, &mut c.moves);
        swaps.drop_from(&board, &mut c.moves);
        let mut i = 0;
        while i < c.moves.len() {
            // The children in batches: each packed, its index slot loaded ahead, before any
            // is looked up (see `Ahead`).
            let mut batch = [Ahead::default(); AHEAD];
            let mut len = 0;
            let mut end = None;
            while i < c.moves.len() && len < AHEAD {
                if budget.get_max_generated().is_some_and(|n| stats.generated >= n) {
                    end = Some(End::Limit);
                    break;
                }
                stats.generated += 1;
                let mv = c.moves[i];
                let mut child = board.clone();
                play(&mut child, mv, id);
                let key = packer.repack(&parent_key, &board, &child).ok_or(UndecidedReason::Inconsistent)?;
                i += 1;
                if child.is_won() {
                    end = Some(End::Won(key));
                    break;
                }
                if frozen.is_some_and(|f| f.dead_after(&board, mv, &child)) {
                    continue;
                }
                let hash = key.hash64();
                c.store.prefetch(hash);
                batch[len] = Ahead { key, hash, mv: i - 1 };
                len += 1;
            }
            let batch = &batch[..len];
            for child in batch {
                c.store.prefetch_first(child.hash);
            }
            for child in batch {
                match store(c, check, &child.key, child.hash, id, observer)? {
                    Some(new) => {
                        let mv = c.moves[child.mv];
                        let child = || {
                            let mut child = board.clone();
                            play(&mut child, mv, id);
                            child
                        };
                        c.keep(check, at.layer_end, new, child);
                    }
                    None => stats.duplicates += 1,
                }
            }
            match end {
                None => {}
                Some(End::Limit) => return Err(UndecidedReason::Budget(Limit::Generated)),
                Some(End::Won(key)) => {
                    let won =
                        store(c, check, &key, key.hash64(), id, observer)?.ok_or(UndecidedReason::Inconsistent)?;
                    let moves = path(&c.store, packer, won);
                    let cost = moves.len() as u32;
                    return Ok(SearchOutcome::Solved(MovePath { moves, cost }));
                }
            }
        }
        at.next += 1;
        stats.peak_stored = c.store.len() as u64;
    }
    Ok(SearchOutcome::Exhausted)
}

/// Children built ahead of their index lookups, at most this many at once: each child's
/// index slot, then the node that slot names, is loaded while the others are built, so that
/// their cache misses overlap where storing child after child would wait for each in turn
/// (a large proof's index and nodes are far larger than the cache). The same positions are
/// stored in the same order. A batch on the stack, not counted in the proof's bytes, holds
/// no boards: a child kept for the next layer is built again once stored.
const AHEAD: usize = 16;

/// A child waiting in a batch for its lookup: its packing, that packing's hash, the index
/// of its move.
#[derive(Clone, Copy, Default)]
struct Ahead {
    key: Packed,
    hash: u64,
    mv: usize,
}

/// Why a batch of children ended before the moves did.
enum End {
    /// The budget's limit of generated positions.
    Limit,
    /// A won child, packed.
    Won(Packed),
}

/// Plays `mv` on `board`, a child of node `id`, then its automoves.
#[allow(clippy::inline_always)] // two call sites: left to itself, LLVM calls it in the loop
#[inline(always)]
fn play<const C: usize, const F: usize>(board: &mut BoardN<C, F>, mv: Move, id: u32) {
    board.apply_unchecked(mv);
    // Every stored position but the start (node 0) was played to the end of its
    // automoves, so the move alone says which card may now go home.
    if id == 0 {
        board.play_automoves(AUTOMOVE);
    } else {
        board.play_automoves_after(mv, AUTOMOVE);
    }
}

/// Stores `key`, whose hash is `hash`, reached from node `parent`, unless it is stored
/// already: its new id, or `None` for a duplicate. `check` says whether the bytes it may
/// allocate fit (the boards kept give their room up first); `observer` may stop the index's
/// growth (the search then ends, and a solve's next proof starts over).
#[inline]
fn store<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason>,
    key: &Packed,
    hash: u64,
    parent: u32,
    observer: &mut impl Observer,
) -> Result<Option<u32>, UndecidedReason> {
    c.fit(check, c.store.insert_growth())?;
    c.store.make_room(observer)?;
    match c.store.find(key, hash) {
        Ok(_) => Ok(None),
        Err(slot) => c.store.insert(slot, Linked::new(*key, parent), hash).map(Some),
    }
}

/// The moves from the start to node `goal`, as moves of the start's own board (a stored
/// position's board is rebuilt in another cascade order): each step is the move whose
/// position, after automoves, packs to the next node's.
fn path<const C: usize, const F: usize>(store: &Store<Linked>, packer: &Packer<C, F>, goal: u32) -> Vec<Move> {
    let mut ids = Vec::new();
    let mut id = goal;
    while id != NO_PARENT {
        ids.push(id);
        id = store.node(id).parent();
    }
    ids.reverse();
    let mut board = packer.start().clone();
    let mut moves = Vec::new();
    let mut path = Vec::with_capacity(ids.len());
    for &to in ids.iter().skip(1) {
        let to = store.node(to).key;
        moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut moves);
        let step = moves.iter().find_map(|&mv| {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            child.play_automoves(AUTOMOVE);
            (packer.pack(&child) == Some(to)).then_some((mv, child))
        });
        // Every stored parent link is a move found by the search; should one not be found
        // again, the path stops short and the solver's verification reports it.
        let Some((mv, child)) = step else { break };
        path.push(mv);
        board = child;
    }
    path
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use freecell_core::{Board, Game, replay};
    use freecell_deals::DealNumber;
    use freecell_deals::reduced::{Truth, fewest_moves, positions};

    use super::*;

    /// Positions reachable from `start` by single-card moves, each followed by `AUTOMOVE`'s
    /// automoves, and whether one is won: a plain graph search over canonical keys,
    /// sharing nothing with the proof's packing, boards kept or store.
    fn reachable(start: &Board) -> (usize, bool) {
        let mut seen = HashSet::from([start.key()]);
        let mut queue = vec![start.clone()];
        let mut moves = Vec::new();
        while let Some(board) = queue.pop() {
            moves.clear();
            board.generate_moves(MoveModel::Atomic, &mut moves);
            for &mv in &moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                child.play_automoves(AUTOMOVE);
                if child.is_won() {
                    return (seen.len(), true);
                }
                if seen.insert(child.key()) {
                    queue.push(child);
                }
            }
        }
        (seen.len(), false)
    }

    /// `path` with the automoves after each move written out, replayed by the verifier from
    /// `start`: whether it wins.
    fn wins(start: &Board, path: &[Move]) -> bool {
        let (mut board, mut full) = (start.clone(), Vec::new());
        for &mv in path {
            full.push(mv);
            if board.apply(mv).is_err() {
                return false;
            }
            board.apply_automoves(AUTOMOVE, &mut full);
        }
        replay(start, &full).is_ok_and(|end| end.is_won())
    }

    /// On reduced deals with one to three cells, the proof's verdict is that of an
    /// independent breadth-first search with no automoves (`freecell_deals::reduced`),
    /// every win it returns replays to a won position, and a loss is proved by expanding
    /// exactly the positions a plain search over the same moves and automoves reaches,
    /// whether their boards were kept or rebuilt. Not vacuous: both verdicts are met many
    /// times.
    #[test]
    fn verdicts_and_positions_match_independent_searches() {
        let (mut won, mut lost) = (0, 0);
        for board in positions(0x0d35_f001, 240, &[3, 4, 5]) {
            let truth = fewest_moves(&board, MoveModel::Atomic, 200_000);
            if truth == Truth::TooBig {
                continue;
            }
            let report = prove(&mut None, &board, Budget::default(), Ends::AtLimit, &mut ());
            match (&report.outcome, truth) {
                (SearchOutcome::Solved(path), Truth::Optimum(_)) => {
                    assert!(wins(&board, &path.moves), "a path that does not win:\n{board}");
                    won += 1;
                }
                (SearchOutcome::Exhausted, Truth::Lost) => {
                    let (count, won) = reachable(&board);
                    assert!(!won);
                    assert_eq!(report.stats.expanded, count as u64, "\n{board}");
                    assert_eq!(report.stats.peak_stored, count as u64, "\n{board}");
                    lost += 1;
                }
                (outcome, truth) => panic!("{outcome:?} against {truth:?}:\n{board}"),
            }
        }
        assert!(won >= 100 && lost >= 10, "{won} won, {lost} lost");
    }

    /// A proof that ends once it can no longer prove a loss proves every loss its budget
    /// holds, with the same expansions, and stops short of a budget one expansion too small
    /// (Beleaguered Castle deals lost, as fc-solve finds them:
    /// `docs/results/data/fc-solve-games`).
    #[test]
    fn a_proof_ends_once_its_budget_cannot_prove_the_loss() {
        for deal in [1, 57] {
            let board = DealNumber::new(deal).expect("in range").board_for(Game::BeleagueredCastle).expect("deals");
            let whole = prove(&mut None, &board, Budget::default(), Ends::AtLimit, &mut ());
            assert_eq!(whole.outcome, SearchOutcome::Exhausted, "deal {deal}");
            let n = whole.stats.expanded;
            let held = prove(&mut None, &board, Budget::default().max_expanded(n), Ends::OnceUnprovable, &mut ());
            assert_eq!((held.outcome, held.stats.expanded), (SearchOutcome::Exhausted, n), "deal {deal}");
            let budget = Budget::default().max_expanded(n - 1);
            let at_limit = prove(&mut None, &board, budget, Ends::AtLimit, &mut ());
            let short = prove(&mut None, &board, budget, Ends::OnceUnprovable, &mut ());
            let node_limit = SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded));
            assert_eq!((&at_limit.outcome, at_limit.stats.expanded), (&node_limit, n - 1), "deal {deal}");
            assert_eq!(short.outcome, node_limit, "deal {deal}");
            assert!(short.stats.expanded < n - 1, "deal {deal}: {} of {n}", short.stats.expanded);
        }
    }
}
