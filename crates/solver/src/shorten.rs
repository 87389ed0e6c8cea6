//! Solution shortening: loops, one-move shortcuts and detours removed from a move list.

use std::time::Instant;

use freecell_core::{Automove, BoardN, MAX_CASCADES, MAX_CELLS, Move, MoveModel, Pile, PileKind};

/// `moves`, a solution of `board` listing every move (it replays with no automoves),
/// shortened; never longer, and still a solution.
///
/// Three rewrites, repeated until none applies:
/// - **Loops:** when a position comes back (up to the order of cascades and cells), the
///   moves between the two visits go.
/// - **Shortcuts:** when one move leads from a position to a later one of the solution, it
///   replaces the moves between them.
/// - **Detours:** a card (or run) moved from A to B and later from B to C moves from A to C
///   directly (or not at all when C is A), when every move stays legal and the position
///   after the second move is unchanged. The direct move goes where the run still lies on
///   A and C is as the second move found it: at the second move, at the first, or between
///   them. This removes the free-cell parking that greedy searches leave behind.
///
/// Later moves are renamed when a rewrite reaches a position with its cascades or cells in
/// another order. Each rewrite is checked by replaying, so the result is a solution whenever
/// the input is one; an input that does not replay is returned unchanged. The solver
/// verifies the result again before returning it ([`Solver::shorten`](crate::Solver::shorten)).
///
/// Cost: about the cost of generating the moves of each position once per round, plus
/// replays of the spans between a detour's two moves.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Move, Pile, Suit, replay};
/// use freecell_solver::shorten;
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let (one, two, cell) = (Pile::cascade(0), Pile::cascade(1), Pile::cell(0));
/// let (hearts, spades) = (Pile::foundation(Suit::Hearts), Pile::foundation(Suit::Spades));
/// // QH to a free cell and back before the real solution: both moves go.
/// let moves = [one, cell, one, two, two, one]
///     .iter()
///     .zip([cell, one, hearts, hearts, spades, spades])
///     .map(|(&from, to)| Move::single(from, to))
///     .collect::<Vec<_>>();
/// assert!(replay(&board, &moves)?.is_won());
/// let short = shorten(&board, &moves);
/// assert_eq!(short.len(), 4);
/// assert!(replay(&board, &short)?.is_won());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shorten<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &[Move]) -> Vec<Move> {
    if !replays(board, moves) {
        return moves.to_vec();
    }
    shorten_until(board, moves, None, Effort::Full)
}

/// How much of [`shorten`] [`shorten_until`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effort {
    /// Every rewrite, repeated until none applies.
    Full,
    /// Detour removal alone, the `fast` preset's choice. Its searches weigh depth and drop
    /// repeated positions, so their paths hold no loop, and on its solutions of MS 1–2,000
    /// the one-move shortcuts removed nothing more (mean 94.4 moves either way) while taking
    /// about a fifth of its time. On MS 1–32,000 the detour pass gave a mean of 94.320 moves
    /// against 94.285 with every rewrite repeated, and the whole solve about 4 % less time.
    ///
    /// Playing the direct move between the detour's two where the run's pile is touched
    /// before the second (the moves that ready C first where needed) took `fast`'s mean on
    /// MS 1–32,000 from 92.915 to 91.979 moves for 0.9 % more instructions a deal; every
    /// rewrite repeated then gives 91.970 for 80 % more. The detours are found with a table
    /// of each pile's last move, where a scan from each move had looked ahead for the second.
    OneDetourPass,
}

/// [`shorten`] of `moves`, a solution of `board` (the caller has verified it), stopping at
/// `deadline` with the shortest solution found by then (the solver's time limit covers
/// shortening too).
pub(crate) fn shorten_until<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    moves: &[Move],
    deadline: Option<Instant>,
    effort: Effort,
) -> Vec<Move> {
    let mut current = moves.to_vec();
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let mut scratch = Scratch::default();
    scratch.positions.reserve(current.len() + 1);
    if effort == Effort::OneDetourPass {
        detours(board, &mut current, &mut scratch, &late);
        return current;
    }
    // Room for every position up front: the map would otherwise rehash several times.
    scratch.last.reserve(current.len() + 1);
    loop {
        let before = current.len();
        current = jumps(board, &current, &mut scratch, &late);
        detours(board, &mut current, &mut scratch, &late);
        if current.len() >= before || late() {
            return current;
        }
    }
}

/// Whether a search with Horne's safe automoves would have chosen `mv` at `board`: every
/// move but the foundation move of a card that rule moves home by itself. Asked of each
/// position of the solution's verifying replay, so that counting needs no replay.
pub(crate) fn chosen<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move) -> bool {
    !(mv.is_to_foundation() && card_of(board, mv.from()).is_some_and(|c| board.is_safe_home(c, Automove::Horne)))
}

/// Buffers reused between rounds.
struct Scratch<const C: usize, const F: usize> {
    positions: Vec<BoardN<C, F>>,
    /// Keys are already Zobrist hashes: a fast hasher does.
    last: ahash::AHashMap<u64, usize>,
    generated: Vec<Move>,
    /// The positions after each move of a detour's rewrite (see [`skip_detour`]).
    fresh: Vec<BoardN<C, F>>,
    /// The order of a detour's rewritten span (see [`span_order`]).
    order: Vec<usize>,
}

impl<const C: usize, const F: usize> Default for Scratch<C, F> {
    fn default() -> Self {
        Scratch {
            positions: Vec::new(),
            last: ahash::AHashMap::default(),
            generated: Vec::new(),
            fresh: Vec::new(),
            order: Vec::new(),
        }
    }
}

/// Whether `moves` replays legally on `board` and wins.
fn replays<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &[Move]) -> bool {
    let mut b = board.clone();
    moves.iter().all(|&mv| b.apply(mv).is_ok()) && b.is_won()
}

/// The card a single-card move from `pile` takes (the top of a cascade, a cell's card).
fn card_of<const C: usize, const F: usize>(board: &BoardN<C, F>, pile: Pile) -> Option<freecell_core::Card> {
    match pile.kind() {
        PileKind::Cascade(i) => board.cascade_top(i),
        PileKind::Cell(i) => board.cell(i),
        PileKind::Foundation(_) => None,
    }
}

/// `pile` of `from` named in `to`, a position equal to `from` up to the order of cascades
/// and cells: a cascade by its top card (any empty one for an empty one), a cell by its card
/// (the first empty one for an empty one).
fn rename<const C: usize, const F: usize>(pile: Pile, from: &BoardN<C, F>, to: &BoardN<C, F>) -> Option<Pile> {
    match pile.kind() {
        PileKind::Foundation(_) => Some(pile),
        PileKind::Cascade(i) => match from.cascade_top(i) {
            Some(card) => (0..to.cascade_count()).find(|&k| to.cascade_top(k) == Some(card)).map(Pile::cascade),
            None => (0..to.cascade_count()).find(|&k| to.cascade_len(k) == 0).map(Pile::cascade),
        },
        PileKind::Cell(i) => match from.cell(i) {
            Some(card) => (0..to.cell_count()).find(|&k| to.cell(k) == Some(card)).map(Pile::cell),
            None => (0..to.cell_count()).find(|&k| to.cell(k).is_none()).map(Pile::cell),
        },
    }
}

/// `mv`, legal in `from`, as the same move in `to` (equal to `from` up to pile order).
fn translate<const C: usize, const F: usize>(mv: Move, from: &BoardN<C, F>, to: &BoardN<C, F>) -> Option<Move> {
    if from == to {
        return Some(mv);
    }
    Some(Move::new(rename(mv.from(), from, to)?, rename(mv.to(), from, to)?, mv.count()))
}

/// One pass of loop and shortcut removal, first position first.
fn jumps<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    moves: &[Move],
    scratch: &mut Scratch<C, F>,
    late: &impl Fn() -> bool,
) -> Vec<Move> {
    let positions = &mut scratch.positions;
    positions.clear();
    let mut b = board.clone();
    positions.push(b.clone());
    for &mv in moves {
        b.apply_unchecked(mv);
        positions.push(b.clone());
    }
    // The last index of each position, by its permutation-invariant hash.
    let last = &mut scratch.last;
    last.clear();
    for (j, p) in positions.iter().enumerate() {
        last.insert(p.hash64(), j);
    }
    let same = |p: &BoardN<C, F>, q: &BoardN<C, F>| p.key() == q.key();

    let mut out = Vec::with_capacity(moves.len());
    let mut cur = board.clone();
    let mut i = 0;
    while i < moves.len() {
        if i % 16 == 0 && late() {
            // Out of time: the input, which is a solution.
            return moves.to_vec();
        }
        // Loop: this position comes back later.
        if let Some(&j) = last.get(&cur.hash64())
            && j > i
            && same(&positions[j], &cur)
        {
            i = j;
            continue;
        }
        // Shortcut: one move reaches a position two or more moves ahead.
        let mut best: Option<(usize, Move)> = None;
        scratch.generated.clear();
        cur.generate_moves(MoveModel::Sequence, &mut scratch.generated);
        for &mv in &scratch.generated {
            let mut child = cur.clone();
            child.apply_unchecked(mv);
            if let Some(&j) = last.get(&child.hash64())
                && j > i + 1
                && best.is_none_or(|(k, _)| j > k)
                && same(&positions[j], &child)
            {
                best = Some((j, mv));
            }
        }
        if let Some((j, mv)) = best {
            out.push(mv);
            cur.apply_unchecked(mv);
            i = j;
            continue;
        }
        let Some(mv) = translate(moves[i], &positions[i], &cur) else { return moves.to_vec() };
        if cur.apply(mv).is_err() {
            return moves.to_vec();
        }
        out.push(mv);
        i += 1;
    }
    if cur.is_won() { out } else { moves.to_vec() }
}

/// Detour removal in place: see [`shorten`].
///
/// One scan finds each detour where its second move is: a move from a pile B whose last
/// move before it put the same number of cards there (a run or a cell's card), untouched
/// since. Only then are the positions built and the rewrite replayed, so a solution with no
/// detour costs one look at each move.
fn detours<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    moves: &mut Vec<Move>,
    scratch: &mut Scratch<C, F>,
    late: &impl Fn() -> bool,
) {
    let Scratch { positions, fresh, order, .. } = scratch;
    // Positions before each move, built only as far as a rewrite is replayed: the moves
    // after the last detour (a solution ends with a run of cards going home) never need theirs.
    positions.clear();
    positions.push(board.clone());
    // Detours ending before `from` were tried already: a rewrite changes no earlier move.
    let mut from = 0;
    'scan: loop {
        // One past the index of the last move that took or put cards on each pile.
        let mut last = [0usize; SLOTS];
        for j in 0..moves.len() {
            // Every rewrite leaves a solution, so stopping anywhere is safe.
            if j % 16 == 0 && late() {
                return;
            }
            let second = moves[j];
            let (b, c) = (slot(second.from()), slot(second.to()));
            if j >= from
                && let Some(i) = last[b].checked_sub(1)
                && moves[i].to() == second.from()
                && moves[i].count() == second.count()
                && span_order(moves, i, j, order)
            {
                // A rewrite at `j` compares with the position after it.
                extend(positions, moves, j + 1);
                if let Some((new, same_tail)) = skip_detour(moves, positions, i, j, order, fresh) {
                    *moves = new;
                    if same_tail {
                        // The positions from `j + 1` on are unchanged: only the rewritten
                        // span's are new.
                        positions.splice(i + 1..=j + 1, fresh.drain(..));
                    } else {
                        positions.truncate(i + 1);
                    }
                    from = i;
                    continue 'scan;
                }
            }
            last[b] = j + 1;
            last[c] = j + 1;
        }
        return;
    }
}

/// Room for every pile's slot in [`detours`]' table.
const SLOTS: usize = MAX_CASCADES + MAX_CELLS + 4;

/// A pile's index in [`detours`]' table.
fn slot(pile: Pile) -> usize {
    match pile.kind() {
        PileKind::Cascade(i) => i,
        PileKind::Cell(i) => MAX_CASCADES + i,
        PileKind::Foundation(suit) => MAX_CASCADES + MAX_CELLS + suit as usize,
    }
}

/// The order of the span of the detour of moves `i` (A → B) and `j` (B → C) rewritten with
/// one move from A to C, into `order`: the indexes of the moves in between, and `j` where
/// the direct move goes. False when no order is found.
///
/// The run must lie on A until the direct move (no move before it takes or puts cards
/// there) and C must be as at `j` from then on (no move after it touches C); a run going
/// back to A needs both moves gone, so A untouched throughout. Where C is ready before A
/// is left, the direct move goes as late as can be (so that a card bound for a cell holds
/// one for the shortest time), the other moves as they were. Otherwise the moves touching
/// C go before it, with every earlier move that shares a pile with one of them (their order
/// kept), and the rest after it, which works when none of those touches A. Moves that share
/// no pile commute, but for the room they leave for runs and cells: the replay checks that.
fn span_order(moves: &[Move], i: usize, j: usize, order: &mut Vec<usize>) -> bool {
    let (a, c) = (moves[i].from(), moves[j].to());
    let touches = |k: usize, pile: Pile| moves[k].from() == pile || moves[k].to() == pile;
    let left = (i + 1..j).find(|&k| touches(k, a)).unwrap_or(j);
    order.clear();
    if c == a {
        order.extend(i + 1..=j);
        return left == j;
    }
    let ready = (i + 1..j).rev().find(|&k| touches(k, c)).map_or(i + 1, |k| k + 1);
    if ready <= left {
        order.extend((i + 1..left).chain([j]).chain(left..j));
        return true;
    }
    // The moves that must go before the direct one, marked from the last (bit `k - i - 1`):
    // those touching C and those sharing a pile with a later one of them.
    if j - i > 64 {
        return false;
    }
    let bit = |pile: Pile| 1u64 << slot(pile);
    let (mut shared, mut before) = (0, 0u64);
    for k in (i + 1..j).rev() {
        let piles = bit(moves[k].from()) | bit(moves[k].to());
        if piles & (bit(c) | shared) != 0 {
            if piles & bit(a) != 0 {
                return false;
            }
            before |= 1 << (k - i - 1);
            shared |= piles;
        }
    }
    let first = |k: &usize| before >> (k - i - 1) & 1 == 1;
    order.extend((i + 1..j).filter(first));
    order.push(j);
    order.extend((i + 1..j).filter(|k| !first(k)));
    true
}

/// Extends `positions` (the positions before each of `moves`, from the first on, as far as
/// built) through the one before move `k`, the position after every move when `k` is
/// `moves.len()`.
fn extend<const C: usize, const F: usize>(positions: &mut Vec<BoardN<C, F>>, moves: &[Move], k: usize) {
    let built = positions.len();
    if built > k {
        return;
    }
    let mut b = positions[built - 1].clone();
    for &mv in &moves[built - 1..k] {
        b.apply_unchecked(mv);
        positions.push(b.clone());
    }
}

/// `moves` with the detour of moves `i` (A → B) and `j` (B → C) replaced by one move from A
/// to C (none when C is A), the moves in between played in `order` ([`span_order`]), if
/// every move stays legal and the position after `j` is the same up to pile order; later
/// moves renamed to match.
///
/// Also says whether the rest of the solution was kept as it was (the position after the
/// rewrite is the very position after `j`, piles in the same order); `fresh` then holds the
/// positions after each rewritten move, the last being the one after `j`.
fn skip_detour<const C: usize, const F: usize>(
    moves: &[Move],
    positions: &mut Vec<BoardN<C, F>>,
    i: usize,
    j: usize,
    order: &[usize],
    fresh: &mut Vec<BoardN<C, F>>,
) -> Option<(Vec<Move>, bool)> {
    let (first, second) = (moves[i], moves[j]);
    let target = second.to();
    let mut b = positions[i].clone();
    // Room for the whole rewrite (it is shorter) and its positions up front: grown move by
    // move, `out` (a copy of the first `i` moves) and `fresh` were reallocated 5,857 times
    // on `fast`'s solutions of MS 1-1,500, 8 % of the pass's instructions.
    let mut out = Vec::with_capacity(moves.len());
    out.extend_from_slice(&moves[..i]);
    fresh.clear();
    fresh.reserve(order.len());
    for &k in order {
        // From A to C, with C named as in the original position before `j`.
        if k == j && target != first.from() {
            let direct = if target.is_cell() {
                // Any empty cell will do.
                let cell = (0..b.cell_count()).find(|&k| b.cell(k).is_none())?;
                Move::new(first.from(), Pile::cell(cell), second.count())
            } else {
                Move::new(first.from(), target, second.count())
            };
            b.apply(direct).ok()?;
            out.push(direct);
            fresh.push(b.clone());
        } else if k < j {
            b.apply(moves[k]).ok()?;
            out.push(moves[k]);
            fresh.push(b.clone());
        }
    }
    let after = &positions[j + 1];
    if b == *after {
        // The very position, piles in the same order (the usual case): the rest of the
        // solution replays from it unchanged, as it did from `after`.
        out.extend_from_slice(&moves[j + 1..]);
        return Some((out, true));
    }
    if b.key() != after.key() {
        return None;
    }
    // Rename the rest of the solution into this position's pile order.
    extend(positions, moves, moves.len());
    for (k, &mv) in moves.iter().enumerate().skip(j + 1) {
        let renamed = translate(mv, &positions[k], &b)?;
        b.apply(renamed).ok()?;
        out.push(renamed);
    }
    b.is_won().then_some((out, false))
}

#[cfg(test)]
mod tests {
    use freecell_core::{Board, Suit, replay};

    use super::*;

    /// The last nine cards: the ten of hearts lies on the ten of spades, itself on the nine
    /// of hearts, and a queen of hearts waits for the jack of spades.
    const BOARD: &str = "Foundations: H-8 C-K D-K S-9\n: KS 9H TS TH\n: KH QH\n: QS JS\n: JH\n";

    /// `(from, to)` pairs as single-card moves, cascades numbered from 1, 0 a free cell, 5
    /// hearts' foundation and 6 spades'.
    fn moves(pairs: &[(usize, usize)]) -> Vec<Move> {
        let pile = |p| match p {
            0 => Pile::cell(0),
            5 => Pile::foundation(Suit::Hearts),
            6 => Pile::foundation(Suit::Spades),
            k => Pile::cascade(k - 1),
        };
        pairs.iter().map(|&(from, to)| Move::single(pile(from), pile(to))).collect()
    }

    /// [`detours`] on `pairs` (see [`moves`]) from `board` (a rewrite compares positions, so
    /// the moves need not win), checked to replay before and after.
    fn without_detours(board: &str, pairs: &[(usize, usize)]) -> Vec<Move> {
        let board: Board = board.parse().unwrap();
        let mut list = moves(pairs);
        replay(&board, &list).unwrap();
        detours(&board, &mut list, &mut Scratch::default(), &|| false);
        replay(&board, &list).unwrap();
        list
    }

    /// The ten of hearts goes to a cell, the jack of spades onto the queen of hearts, the
    /// two cards beneath the ten home, then the ten out of the cell onto the jack. The ten
    /// can neither stay where it was until then (the cards beneath it go first) nor go to
    /// the jack at once (not there yet): it goes onto the jack between the two, one move
    /// fewer.
    #[test]
    fn a_detour_becomes_one_move_between_its_own_two() {
        let short = without_detours(BOARD, &[(1, 0), (3, 2), (1, 6), (1, 5), (0, 2)]);
        assert_eq!(short, moves(&[(3, 2), (1, 2), (1, 6), (1, 5)]));
    }

    /// A detour at either end of its span: the ten waits on its pile until the jack's move
    /// (nothing takes the cards beneath it), or goes at once (the jack is there already).
    #[test]
    fn a_detour_becomes_one_move_at_either_end() {
        let late = without_detours(BOARD, &[(1, 0), (3, 2), (0, 2)]);
        assert_eq!(late, moves(&[(3, 2), (1, 2)]));
        let early = without_detours(BOARD, &[(3, 2), (1, 0), (1, 6), (1, 5), (0, 2)]);
        assert_eq!(early, moves(&[(3, 2), (1, 2), (1, 6), (1, 5)]));
    }

    /// Where the run's pile is left before its target is ready, the move that readies the
    /// target goes first when it shares no pile with the moves it passes.
    #[test]
    fn a_detour_reorders_the_moves_that_ready_its_target() {
        // The cards beneath the ten go home before the jack of spades reaches the queen.
        let short = without_detours(BOARD, &[(1, 0), (1, 6), (1, 5), (3, 2), (0, 2)]);
        assert_eq!(short, moves(&[(3, 2), (1, 2), (1, 6), (1, 5)]));
    }

    /// A detour stays where the move that readies its target leaves the run's pile: the
    /// jack of spades beneath the ten of hearts goes onto the queen, then the ten onto it.
    #[test]
    fn a_detour_stays_where_the_run_must_leave_before_its_target_is_ready() {
        let board = "Foundations: H-8 C-K D-K S-9\n: KS 9H JS TH\n: KH QH\n: QS TS\n: JH\n";
        let pairs = [(1, 0), (1, 2), (0, 2)];
        assert_eq!(without_detours(board, &pairs), moves(&pairs));
    }
}
