//! The exhaustive search of the games without free cells that build regardless of suit and
//! take any card on an empty cascade (Beleaguered Castle, Streets and Alleys, Citadel),
//! depth first ([`prove`], [`resume`]): every position reached stored once, exactly, as in
//! the breadth-first [`proof`](super::proof), so it proves a deal lost after the same
//! positions; it differs in the order it meets them.
//!
//! **Why depth first:** under these rules the proof decides most of the deals the greedy
//! searches leave, and on those it is the costlier stage. Breadth first, it rebuilds each
//! position's board from its packed form before expanding it (57 % of its instructions on
//! Streets and Alleys deal 91); depth first, a child's board is its parent's with one move
//! and its automoves, kept on a stack while its moves are tried. And a won deal the greedy
//! searches miss is solved by a walk down one line of play, where breadth first must store
//! every position up to the solution's depth: fc-solve's scans for these games are
//! depth-first searches for that reason (`shlomif/fc-solve`, `fc-solve/source/scans.c`,
//! its soft DFS).

use freecell_core::{Automove, BoardN, Move, MoveModel, Packed, Packer, Pile};
use freecell_search::containers::bytes::{held, reserve, reserve_growth};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

use super::moves::{moved_card, moves_again};
use crate::packed_store::{Linked, NO_PARENT, Store};

/// The automoves played after every move, as in the greedy stage and the breadth-first
/// proof, so that either stage's path is completed by replaying it with Raymond's rule.
const AUTOMOVE: Automove = Automove::Raymond;

/// Room made in the move list before a position's moves are generated: more than any
/// position of eight cascades has (at most four moves home, seven into an empty cascade
/// and four onto each top card from each other cascade).
const MOVE_ROOM: usize = 256;

/// A position on the stack: its board and packing, where its moves lie in the shared move
/// list, and how it was reached.
#[derive(Clone)]
struct Frame<const C: usize, const F: usize> {
    board: BoardN<C, F>,
    key: Packed,
    /// Its moves are the shared list's from `from` to the end (it is the top frame when
    /// they are tried); the next to try is at `next`.
    from: u32,
    next: u32,
    /// The move of the frame beneath that reached it (its automoves played after it).
    mv: Move,
    /// Where that move put its card, when no card went home after it: moving the card on
    /// reaches what the frame beneath reaches with one move (see [`moved_card`]).
    again: Option<Pile>,
}

/// The search's storage, kept between solves and between the turns of one solve.
pub(crate) struct Cache<const C: usize, const F: usize> {
    store: Store<Linked>,
    frames: Vec<Frame<C, F>>,
    moves: Vec<Move>,
}

impl<const C: usize, const F: usize> Default for Cache<C, F> {
    fn default() -> Self {
        Cache { store: Store::default(), frames: Vec::new(), moves: Vec::new() }
    }
}

impl<const C: usize, const F: usize> Cache<C, F> {
    /// Bytes held: stored positions and their index, the stack and the move list
    /// (capacities).
    pub(crate) fn memory_usage(&self) -> usize {
        self.store.bytes() + held(&self.frames) + held(&self.moves)
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
    let c = cache.get_or_insert_with(Cache::default);
    c.store.reset();
    c.frames.clear();
    c.moves.clear();
    resume(cache, start, budget, observer)
}

/// [`prove`], going on where the last search stopped at a limit: that search must have
/// been of this same `start` (the caller's to ensure). Its stack and stored positions are
/// kept, so a search resumed in turns expands each position once. The report counts this
/// call's work alone, and `budget` limits it.
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
    if c.store.len() == 0 {
        // A fresh search: the start is stored and expanded first.
        let key = packer.pack(start).ok_or(UndecidedReason::Inconsistent)?;
        let hash = key.hash64();
        budget.expand(stats)?;
        make_room(c, check)?;
        let Err(slot) = c.store.find(&key, hash) else { return Err(UndecidedReason::Inconsistent) };
        c.store.insert(slot, Linked::new(key, NO_PARENT), hash)?;
        // Never played: the start's frame is left out of paths.
        let none = Move::new(Pile::cascade(0), Pile::cascade(0), 1);
        push(c, start.clone(), key, none, None);
        stats.expanded += 1;
    }
    loop {
        let Some(top) = c.frames.last() else { return Ok(SearchOutcome::Exhausted) };
        let at = top.next as usize;
        if at == c.moves.len() {
            // Every move of the top position tried.
            c.moves.truncate(top.from as usize);
            c.frames.pop();
            continue;
        }
        let mv = c.moves[at];
        if moves_again(top.again, mv) {
            bump(c);
            continue;
        }
        if budget.get_max_generated().is_some_and(|n| stats.generated >= n) {
            return Err(UndecidedReason::Budget(Limit::Generated));
        }
        let mut child = top.board.clone();
        child.apply_unchecked(mv);
        child.play_automoves(AUTOMOVE);
        let key = packer.repack(&top.key, &top.board, &child).ok_or(UndecidedReason::Inconsistent)?;
        if child.is_won() {
            let moves: Vec<Move> = c.frames.iter().skip(1).map(|f| f.mv).chain([mv]).collect();
            let cost = moves.len() as u32;
            return Ok(SearchOutcome::Solved(MovePath { moves, cost }));
        }
        let again = moved_card(&top.board, mv, &child);
        let hash = key.hash64();
        make_room(c, check)?;
        let slot = match c.store.find(&key, hash) {
            Ok(_) => {
                stats.generated += 1;
                stats.duplicates += 1;
                bump(c);
                continue;
            }
            Err(slot) => slot,
        };
        // A new position: stopped here, a resumed search makes it again.
        budget.expand(stats)?;
        c.store.insert(slot, Linked::new(key, NO_PARENT), hash)?;
        push(c, child, key, mv, again);
        stats.generated += 1;
        stats.expanded += 1;
        // The frame beneath goes on with its next move once this one's are tried.
        let beneath = c.frames.len() - 2;
        c.frames[beneath].next += 1;
        if observer.on_expand(stats) == Control::Stop {
            return Err(UndecidedReason::Stopped);
        }
    }
}

/// The top frame's next move.
#[inline]
fn bump<const C: usize, const F: usize>(c: &mut Cache<C, F>) {
    if let Some(top) = c.frames.last_mut() {
        top.next += 1;
    }
}

/// Makes room for one more stored position and one more frame with its moves, or says
/// which limit that would pass: after this, storing and pushing cannot fail but by the
/// allocator's refusal of the store's next chunk.
fn make_room<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason>,
) -> Result<(), UndecidedReason> {
    check(c, c.store.insert_growth() + reserve_growth(&c.frames, 1) + reserve_growth(&c.moves, MOVE_ROOM))?;
    reserve(&mut c.frames, 1)?;
    reserve(&mut c.moves, MOVE_ROOM)?;
    c.store.make_room()
}

/// Pushes `board` (packed as `key`) with its moves, reached by `mv` (which put its card on
/// `again`, see [`Frame::again`]); [`make_room`] made room for it.
fn push<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    board: BoardN<C, F>,
    key: Packed,
    mv: Move,
    again: Option<Pile>,
) {
    let from = c.moves.len() as u32;
    board.generate_moves(MoveModel::Atomic, &mut c.moves);
    c.frames.push(Frame { board, key, from, next: from, mv, again });
}

#[cfg(test)]
mod tests {
    use freecell_core::{Board, Game};
    use freecell_deals::DealNumber;
    use freecell_search::{Budget, SearchOutcome};

    use super::super::portfolio::run;
    use super::super::proof;
    use super::{AUTOMOVE, prove};

    /// Deals fc-solve proves unsolvable (`docs/results/data/fc-solve-games`: a complete
    /// search with every single-card move) are lost here too, after storing exactly the
    /// positions the breadth-first proof stores: both store every reachable position once.
    #[test]
    fn lost_deals_store_every_position_once() {
        for (game, deal) in [
            (Game::BeleagueredCastle, 1),
            (Game::BeleagueredCastle, 57),
            (Game::StreetsAndAlleys, 1),
            (Game::StreetsAndAlleys, 42),
            (Game::Citadel, 65),
        ] {
            let board = DealNumber::new(deal).expect("in range").board_for(game).expect("deals");
            let depth = prove(&mut None, &board, Budget::default(), &mut ());
            let breadth = proof::prove(&mut None, &board, Budget::default(), &mut ());
            assert_eq!(depth.outcome, SearchOutcome::Exhausted, "{game:?} {deal}");
            assert_eq!(breadth.outcome, SearchOutcome::Exhausted, "{game:?} {deal}");
            assert_eq!(depth.stats.peak_stored, breadth.stats.peak_stored, "{game:?} {deal}");
            assert_eq!(depth.stats.expanded, breadth.stats.expanded, "{game:?} {deal}");
            assert!(depth.stats.expanded > 10, "{game:?} {deal}: {:?}", depth.stats);
        }
    }

    /// A won position is solved, by moves that are legal one after another (each followed
    /// by the automoves) and win: positions halfway along the solutions `fast` finds.
    #[test]
    fn won_positions_are_solved_by_legal_moves() {
        for (game, deal) in [(Game::BeleagueredCastle, 2), (Game::StreetsAndAlleys, 8), (Game::Citadel, 1)] {
            let start = DealNumber::new(deal).expect("in range").board_for(game).expect("deals");
            let report = run(&mut None, &start, Budget::default(), None, None, &mut ());
            let SearchOutcome::Solved(path) = report.outcome else { panic!("{game:?} {deal}: {:?}", report.outcome) };
            let mut mid: Board = start.clone();
            for &mv in &path.moves[..path.moves.len() / 2] {
                mid.apply(mv).expect("fast's own moves are legal");
                mid.play_automoves(AUTOMOVE);
            }
            let proof = prove(&mut None, &mid, Budget::default().max_expanded(200_000), &mut ());
            let SearchOutcome::Solved(found) = proof.outcome else { panic!("{game:?} {deal}: {:?}", proof.outcome) };
            let mut board = mid;
            for &mv in &found.moves {
                board.apply(mv).expect("a legal move");
                board.play_automoves(AUTOMOVE);
            }
            assert!(board.is_won(), "{game:?} {deal}");
        }
    }
}
