//! The `fast` preset's second stage, [`prove`]: a depth-first search over single-card moves
//! with Raymond's safe automoves (those of the greedy stage), every position reached stored
//! once, exactly: the only source of `Unsolvable`.
//!
//! **Why depth-first:** a complete search expands every reachable position whatever its
//! order, so a lost position costs the same expansions either way; what the order decides
//! is what an expansion costs. A breadth-first search stores each position to expand it
//! later, and must rebuild its board from the stored form then (`Packer::unpack`, 44 % of
//! the breadth-first proof's instructions on the difficulty census's rungs); depth-first,
//! the board of the position expanded is on the stack, one move and its automoves from its
//! parent's, so nothing is unpacked, and a stored position needs no parent id either: the
//! way back is the stack. A position is stored as its [`Packed`] form alone (20 bytes,
//! exact: equal exactly when the positions' keys are) in a [`Store`]; the stack holds a
//! board (136 bytes for a `Board`) and the moves not yet tried for each position on the
//! path from the start (measured in `docs/results/fast.md`, eighteenth session).
//!
//! **Wins.** The first win found ends the search, with the stack's moves as its path: no
//! longer the fewest single-card moves, as the breadth-first order gave. The `fast`
//! preset's solutions were never the shortest (its greedy stage finds nearly all of them),
//! and its detour pass shortens this path as it does theirs.
//!
//! **Why not the generic [`dfs`](freecell_search::dfs()):** it stores each position's key
//! (39 bytes) and board in a standard hash map, several times the room of a packed
//! position in a chunked store, and it cannot stop at a byte limit and resume.

use freecell_core::{Automove, BoardN, Move, MoveModel, Packed, Packer};
use freecell_search::containers::bytes::{held, reserve, reserve_growth};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

use super::dominance::Dominance;
use super::frozen::Frozen;
use crate::packed_store::Store;

/// The automoves played after every move, as in the greedy stage, so that either stage's
/// path is completed by replaying it with Raymond's rule.
const AUTOMOVE: Automove = Automove::Raymond;

/// Moves a position has room for before the list grows (FreeCell positions have fewer).
const MOVES: usize = 64;

/// The proof's storage, kept between solves (its positions are freed at the start of each;
/// its stack and move lists keep their room).
pub(crate) struct Cache<const C: usize, const F: usize> {
    store: Store<Packed>,
    /// The path from the start to the position being expanded, one frame a position.
    stack: Vec<Frame<C, F>>,
    /// The moves of the positions on the stack, each frame's after its parent's.
    moves: Vec<Move>,
    /// One position's moves as generated, before the dominated ones are dropped.
    fresh: Vec<Move>,
    /// Whether the last search stopped at a limit with its stack kept, so that [`resume`]
    /// goes on from there.
    paused: bool,
}

impl<const C: usize, const F: usize> Default for Cache<C, F> {
    fn default() -> Self {
        Cache { store: Store::default(), stack: Vec::new(), moves: Vec::new(), fresh: Vec::new(), paused: false }
    }
}

/// A position on the stack: its board and packing, the move from its parent, and its moves
/// (`moves[first..]` while it is on top, those before `next` tried).
struct Frame<const C: usize, const F: usize> {
    board: BoardN<C, F>,
    key: Packed,
    /// The move from its parent (none for the start).
    via: Option<Move>,
    /// Whether its moves are generated (it is expanded when it first comes to the top).
    expanded: bool,
    first: u32,
    next: u32,
}

impl<const C: usize, const F: usize> Cache<C, F> {
    /// Bytes held: positions, index, stack and scratch (capacities).
    pub(crate) fn memory_usage(&self) -> usize {
        self.store.bytes() + held(&self.stack) + held(&self.moves) + held(&self.fresh)
    }
}

/// Searches every position reachable from `start` under `budget`: `Solved` with a path of
/// `start`'s own moves (automoves left out), `Exhausted` when none is won.
pub(crate) fn prove<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
) -> Report<Move> {
    if let Some(c) = cache.as_mut() {
        c.paused = false;
    }
    resume(cache, start, budget, observer)
}

/// [`prove`], going on where the last search stopped at a limit (of its budget, or by the
/// observer) instead of starting over: that search must have been of this same `start`
/// (the caller's to ensure: stored positions are packed relative to it). Its stored
/// positions and stack are kept, so a search resumed in turns expands each position once.
/// The report counts this call's work alone, and `budget` limits it.
pub(crate) fn resume<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
) -> Report<Move> {
    let c = cache.get_or_insert_with(Cache::default);
    let mut stats = Stats::default();
    stats.iterations = 1;
    let outcome = run(c, start, budget, observer, &mut stats).unwrap_or_else(SearchOutcome::Undecided);
    stats.peak_stored = c.store.len() as u64;
    stats.bytes = c.memory_usage();
    Report { outcome, stats }
}

fn run<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    start: &BoardN<C, F>,
    budget: Budget,
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
    if !std::mem::take(&mut c.paused) {
        c.store.reset();
        c.stack.clear();
        c.moves.clear();
        // Every position stored is reachable from `start`, so it packs.
        let key = packer.pack(start).ok_or(UndecidedReason::Inconsistent)?;
        store(c, check, key, observer)?;
        push(c, check, start.clone(), key, None)?;
    }
    let outcome = search(c, &packer, budget, check, observer, stats);
    // Stopped at a limit: the stack is where to go on from (a position stored but not yet
    // expanded is expanded then).
    c.paused = matches!(outcome, Err(UndecidedReason::Budget(_) | UndecidedReason::Stopped));
    outcome
}

/// The depth-first loop of [`run`], from the stack as it stands.
fn search<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    packer: &Packer<C, F>,
    budget: Budget,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason> + Copy,
    observer: &mut impl Observer,
    stats: &mut Stats,
) -> Result<SearchOutcome<Move>, UndecidedReason> {
    // A position with a card that can never move is lost: not stored, not expanded (every
    // position stored passed the test, the start before the proof: see `Frozen::dead_after`).
    let frozen = Frozen::applies(*packer.start().rules());
    // Moves that lead nowhere better lose no win (see `Dominance`): not made.
    let dominance = Dominance::for_rules(*packer.start().rules());
    while let Some(top) = c.stack.len().checked_sub(1) {
        if !c.stack[top].expanded {
            budget.expand(stats)?;
            stats.expanded += 1;
            if observer.on_expand(stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }
            check(c, reserve_growth(&c.fresh, MOVES) + reserve_growth(&c.moves, MOVES))?;
            reserve(&mut c.fresh, MOVES)?;
            reserve(&mut c.moves, MOVES)?;
            let frame = &mut c.stack[top];
            c.fresh.clear();
            frame.board.generate_moves(MoveModel::Atomic, &mut c.fresh);
            dominance.drop_from(&frame.board, &mut c.fresh);
            c.moves.extend_from_slice(&c.fresh);
            frame.expanded = true;
        }
        let frame = &mut c.stack[top];
        let Some(&mv) = c.moves.get(frame.next as usize) else {
            // Every move tried: back to the parent, whose moves end here.
            c.moves.truncate(frame.first as usize);
            c.stack.pop();
            continue;
        };
        if budget.get_max_generated().is_some_and(|n| stats.generated >= n) {
            return Err(UndecidedReason::Budget(Limit::Generated));
        }
        frame.next += 1;
        stats.generated += 1;
        let mut child = frame.board.clone();
        child.apply_unchecked(mv);
        child.play_automoves(AUTOMOVE);
        let key = packer.repack(&frame.key, &frame.board, &child).ok_or(UndecidedReason::Inconsistent)?;
        if child.is_won() {
            let moves = shortcut(&c.stack, packer, &mut c.fresh)
                .unwrap_or_else(|| c.stack.iter().filter_map(|f| f.via).chain([mv]).collect());
            let cost = moves.len() as u32;
            return Ok(SearchOutcome::Solved(MovePath { moves, cost }));
        }
        if frozen.is_some_and(|f| f.dead_after(&frame.board, mv, &child)) {
            continue;
        }
        if store(c, check, key, observer)? {
            push(c, check, child, key, Some(mv))?;
        } else {
            stats.duplicates += 1;
        }
    }
    Ok(SearchOutcome::Exhausted)
}

/// A path from the start to a win through the positions of `stack`, whose top position has
/// a move that wins: from each position reached, the move to the position furthest up the
/// stack (or to a win), so the path is never longer than the stack's and often much
/// shorter (a depth-first path wanders: MS 209's won rung with two cells, 208 moves
/// without this, after the solver's detour pass; see `docs/results/fast.md`). `None` if a
/// position has no such move, which a stack the search built always has (the move it
/// made).
fn shortcut<const C: usize, const F: usize>(
    stack: &[Frame<C, F>],
    packer: &Packer<C, F>,
    moves: &mut Vec<Move>,
) -> Option<Vec<Move>> {
    let height: std::collections::HashMap<Packed, usize> =
        stack.iter().enumerate().map(|(i, frame)| (frame.key, i)).collect();
    let (mut board, mut key, mut at) = (packer.start().clone(), stack.first()?.key, 0);
    let mut path = Vec::new();
    loop {
        moves.clear();
        board.generate_moves(MoveModel::Atomic, moves);
        let mut best: Option<(usize, Move, BoardN<C, F>, Packed)> = None;
        for &mv in moves.iter() {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            child.play_automoves(AUTOMOVE);
            if child.is_won() {
                path.push(mv);
                return Some(path);
            }
            let next = packer.repack(&key, &board, &child)?;
            if let Some(&up) = height.get(&next).filter(|&&up| up > best.as_ref().map_or(at, |b| b.0)) {
                best = Some((up, mv, child, next));
            }
        }
        let (up, mv, child, next) = best?;
        path.push(mv);
        (board, key, at) = (child, next, up);
    }
}

/// Stores `key` unless it is stored already: whether it is new. `check` says whether the
/// bytes it may allocate fit; `observer` may stop the index's growth (the search then
/// ends, and a solve's next proof starts over).
#[inline]
fn store<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason>,
    key: Packed,
    observer: &mut impl Observer,
) -> Result<bool, UndecidedReason> {
    let hash = key.hash64();
    check(c, c.store.insert_growth())?;
    c.store.make_room(observer)?;
    match c.store.find(&key, hash) {
        Ok(_) => Ok(false),
        Err(slot) => c.store.insert(slot, key, hash).map(|_| true),
    }
}

/// Puts `board`, packed as `key` and reached by `via`, on the stack, to be expanded when
/// it comes to the top.
#[inline]
fn push<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason>,
    board: BoardN<C, F>,
    key: Packed,
    via: Option<Move>,
) -> Result<(), UndecidedReason> {
    check(c, reserve_growth(&c.stack, 1))?;
    reserve(&mut c.stack, 1)?;
    let first = c.moves.len() as u32;
    c.stack.push(Frame { board, key, via, expanded: false, first, next: first });
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use freecell_core::{Board, replay};
    use freecell_deals::reduced::{Truth, fewest_moves, positions};

    use super::*;

    /// Positions reachable from `start` by single-card moves, each followed by `AUTOMOVE`'s
    /// automoves, and whether one is won: a plain breadth-first search over canonical keys,
    /// sharing nothing with the proof's stack, packing or store.
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
    /// exactly the positions a plain search over the same moves and automoves reaches. Not
    /// vacuous: both verdicts are met many times.
    #[test]
    fn verdicts_and_positions_match_independent_searches() {
        let (mut won, mut lost) = (0, 0);
        for board in positions(0x0d35_f001, 240, &[3, 4, 5]) {
            let truth = fewest_moves(&board, MoveModel::Atomic, 200_000);
            if truth == Truth::TooBig {
                continue;
            }
            let report = prove(&mut None, &board, Budget::default(), &mut ());
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
}
