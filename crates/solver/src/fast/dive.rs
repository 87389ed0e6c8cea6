//! A depth-first search for Baker's Dozen (single cards, no cells, building regardless of
//! suit, emptied cascades staying empty): [`Dive`], resumable, taking turns with the greedy
//! searches.
//!
//! **Why depth first.** In these games a card moves only onto a card one rank higher and an
//! emptied cascade stays empty, so most lines of play are short and irreversible: a search
//! that commits to a line and backs up only when it is stuck wins where the greedy
//! searches' evaluations, written for FreeCell, see no difference between the positions
//! they compare. fc-solve's presets for both games are such a search (a depth-first "soft
//! DFS" over its moves in the order `0123456789`: cards home, then a card that is not on
//! its parent onto one, then a card on its parent onto another; `shlomif/fc-solve`,
//! `source/freecell.c`, `fc_solve_sfs_move_stack_cards_to_different_stacks` and
//! `fc_solve_sfs_move_cards_to_a_different_parent`): it solves Baker's Dozen 2071 after
//! 129 states, where the greedy searches needed 1,674,791 expansions. This search tries the
//! moves in that order, plays the safe automoves after each, skips the dominated moves
//! ([`Dominance`]) and drops every position a card of which can never move ([`Frozen`]).
//! Every move is kept, so running out of positions means every position reachable was seen
//! (as far as 64-bit hashes tell); it proves nothing, and only the proof does.

use freecell_core::{Automove, BoardN, Game, Move, MoveModel, NextHome, Pile, PileKind, Rules};
use freecell_search::containers::HashSet64;
use freecell_search::containers::bytes::{grown, grown_peak, held, push, reserve};
use freecell_search::{Control, Observer, Stats};

use super::dominance::Dominance;
use super::frozen::Frozen;
use super::greedy::End;
use super::moves::{automoves_after, moved_card, moves_again};

/// Room made in the move list before each move generation (see the greedy search's).
const MOVE_ROOM: usize = 256;

/// A position on the current line: its moves are `moves[next..end]` still to try, and `mv`
/// the move that reached it from the position below.
#[derive(Clone, Copy)]
struct Frame {
    next: u32,
    end: u32,
    mv: Move,
    /// Where the move that reached it put a single card (see [`moved_card`]).
    again: Option<Pile>,
}

/// The depth-first search, resumable: the current line (a board and the moves left to try
/// at each of its positions) and the hashes of every position it reached. Kept between
/// solves, so nothing is allocated per position once warm.
#[derive(Default)]
pub(super) struct Dive<const C: usize, const F: usize> {
    boards: Vec<BoardN<C, F>>,
    frames: Vec<Frame>,
    moves: Vec<Move>,
    /// One position's moves, before they are put in order, and with their keys.
    scratch: Vec<Move>,
    keyed: Vec<(u32, Move)>,
    seen: HashSet64,
    pub(super) stats: Stats,
    /// Whether the search has begun (its start is on the line, or it has ended).
    begun: bool,
}

/// The rules the search runs under, where it applies.
#[derive(Clone, Copy, Debug)]
pub(super) struct DiveRules {
    frozen: Frozen,
    dominance: Dominance,
    order: Order,
}

/// Which moves of a class (see [`class`]) a dive tries first: two dives, one of each, find
/// different wins.
#[derive(Clone, Copy, Debug)]
pub(super) enum Order {
    /// From the cascade holding the card nearest its foundation (see [`Keys`]).
    Nearest,
    /// The move uncovering the lowest card.
    Uncovered,
}

impl DiveRules {
    /// The search's settings under `rules`, when they are Baker's Dozen's.
    ///
    /// Good Measure's rules are the same but for its ten cascades, and the dives did not pay
    /// there: at 100,000 expansions a deal, of its deals 1–6,284 they solved 69 left
    /// undecided without them but left 57 solved and 10 proved lost undecided, the
    /// expansions they took being the greedy searches' and the proof's.
    pub(super) fn applies(rules: Rules) -> Option<DiveRules> {
        Frozen::applies(rules).filter(|_| rules == Game::BakersDozen.rules()).map(|frozen| DiveRules {
            frozen,
            dominance: Dominance::for_rules(rules),
            order: Order::Nearest,
        })
    }

    /// These rules, the moves tried in `order`.
    pub(super) fn ordered(self, order: Order) -> DiveRules {
        DiveRules { order, ..self }
    }
}

impl<const C: usize, const F: usize> Dive<C, F> {
    /// Empties the search, keeping its capacities (a table grown large is dropped, as
    /// [`HashSet64::clear`] does).
    pub(super) fn forget(&mut self) {
        self.boards.clear();
        self.frames.clear();
        self.moves.clear();
        self.seen.clear();
        self.stats = Stats::default();
        self.begun = false;
    }

    /// Bytes held by the capacities.
    pub(super) fn capacity_bytes(&self) -> usize {
        held(&self.boards)
            + held(&self.frames)
            + held(&self.moves)
            + held(&self.scratch)
            + held(&self.keyed)
            + self.seen.bytes()
    }

    /// Bytes held, at most, while one more position is stored: computed from lengths, as
    /// the greedy searches' are, so that the byte limit stops the search at the same
    /// position whether or not its vectors were warm.
    pub(super) fn peak(&self) -> usize {
        grown_peak::<BoardN<C, F>>(self.boards.len(), 1)
            + grown_peak::<Frame>(self.frames.len(), 1)
            + grown_peak::<Move>(self.moves.len(), MOVE_ROOM)
            + grown::<Move>(MOVE_ROOM)
            + grown::<(u32, Move)>(MOVE_ROOM)
            + HashSet64::peak(self.seen.len(), 1)
    }

    /// Searches on from where the last turn stopped until `max_expanded` positions are
    /// expanded in all, the search would hold more than `max_bytes`, a position is won, or
    /// no position is left (every one reachable seen). `others`: bytes held beside it,
    /// counted into the peak reported.
    pub(super) fn resume(
        &mut self,
        start: &BoardN<C, F>,
        rules: DiveRules,
        (max_expanded, max_bytes): (u64, usize),
        others: usize,
        observer: &mut impl Observer,
    ) -> End {
        if !self.begun {
            self.begun = true;
            self.stats.iterations = 1;
            if self.seen.insert(start.hash64()).is_err() || self.enter(start.clone(), None, rules).is_err() {
                return End::Bytes;
            }
        }
        loop {
            if self.stats.expanded >= max_expanded {
                return End::Nodes;
            }
            // Checked before a move is tried: each may store one more position.
            let peak = self.peak();
            if peak > max_bytes {
                return End::Bytes;
            }
            let Some(top) = self.frames.last_mut() else { return End::Exhausted };
            if top.next == top.end {
                // Every move of the line's last position tried: back up, its moves being the
                // list's last.
                self.frames.pop();
                self.boards.pop();
                self.moves.truncate(self.frames.last().map_or(0, |f| f.end as usize));
                continue;
            }
            let mv = self.moves[top.next as usize];
            top.next += 1;
            if moves_again(top.again, mv) {
                continue;
            }
            let parent = &self.boards[self.boards.len() - 1];
            let mut child = parent.clone();
            child.apply_unchecked(mv);
            automoves_after(&mut child, mv, Automove::Raymond, self.frames.len() > 1);
            self.stats.generated += 1;
            match self.seen.insert(child.hash64()) {
                Err(_) => return End::Bytes,
                Ok(false) => {
                    self.stats.duplicates += 1;
                    continue;
                }
                Ok(true) => {}
            }
            if child.is_won() {
                let mut path: Vec<Move> = self.frames[1..].iter().map(|f| f.mv).collect();
                path.push(mv);
                return End::Solved(path);
            }
            if rules.frozen.dead(&child) {
                // Lost: a card can never move.
                continue;
            }
            self.stats.expanded += 1;
            self.stats.bytes = self.stats.bytes.max(others + peak);
            if observer.on_expand(&self.stats) == Control::Stop {
                return End::Stopped;
            }
            let again = moved_card(parent, mv, &child);
            if self.enter(child, Some((mv, again)), rules).is_err() {
                return End::Bytes;
            }
            self.stats.peak_stored = self.stats.peak_stored.max(self.frames.len() as u64);
        }
    }

    /// Puts `board`, reached by `reached` (none for the start), on the line with its moves
    /// in the order tried.
    fn enter(
        &mut self,
        board: BoardN<C, F>,
        reached: Option<(Move, Option<Pile>)>,
        rules: DiveRules,
    ) -> Result<(), freecell_search::containers::OutOfMemory> {
        reserve(&mut self.scratch, MOVE_ROOM)?;
        reserve(&mut self.keyed, MOVE_ROOM)?;
        self.scratch.clear();
        board.generate_moves(MoveModel::Atomic, &mut self.scratch);
        rules.dominance.drop_from(&board, &mut self.scratch);
        reserve(&mut self.moves, MOVE_ROOM)?;
        let next = self.moves.len() as u32;
        let keys = Keys::of(&board, rules.order);
        let first = self.keyed.len();
        for (i, &mv) in self.scratch.iter().enumerate() {
            // Below 256 moves (`MOVE_ROOM`): the index fits its byte, and breaks ties in
            // generation order.
            let key = u32::from(class(&board, mv)) << 24 | keys.of_move::<F>(mv) << 8 | i as u32;
            self.keyed.push((key, mv));
        }
        self.keyed[first..].sort_unstable_by_key(|&(key, _)| key);
        self.moves.extend(self.keyed.drain(first..).map(|(_, mv)| mv));
        // The start's frame has no move: a placeholder, never read.
        let (mv, again) = reached.unwrap_or((Move::single(Pile::cell(0), Pile::cell(0)), None));
        push(&mut self.frames, Frame { next, end: self.moves.len() as u32, mv, again })?;
        push(&mut self.boards, board)
    }
}

/// The class of `mv`, a move of `board`, in the order fc-solve's presets for these games try
/// them: 0 home, 1 a card not on its parent onto a card, 2 a card on its parent onto another
/// (its `-to 0123456789`: moves 0, 4 and 8 are the ones these rules leave).
fn class<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move) -> u8 {
    match (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to())) {
        (_, PileKind::Foundation(_)) => 0,
        (PileKind::Cascade(a), _) if board.splits_run(a, 1) => 2,
        _ => 1,
    }
}

/// The keys of the moves within a class, per cascade they leave, under an [`Order`].
///
/// [`Order::Nearest`]: from the cascade that holds the card nearest its foundation first
/// (fewest ranks between it and its suit's next card home, then fewest cards above it), so
/// the line digs for the cards the foundations wait for. [`Order::Uncovered`]: the move that
/// uncovers the lowest card first. On the 72 Baker's Dozen deals left undecided at 200,000
/// expansions, a depth-first search alone solves 30 within as many under either order (12
/// and 11 of the 16 of them fc-solve solves, not the same ones), against 27 (6) in the
/// order moves are generated.
struct Keys<const C: usize> {
    /// Per cascade; below 2^16.
    of: [u32; C],
}

impl<const C: usize> Keys<C> {
    fn of<const F: usize>(board: &BoardN<C, F>, order: Order) -> Keys<C> {
        let mut of = [0xffff; C];
        for (i, key) in of.iter_mut().enumerate().take(board.cascade_count()) {
            match order {
                Order::Nearest => {
                    for (depth, card) in board.cascade(i).enumerate() {
                        let NextHome::Card(next) = board.next_home(card.suit()) else { continue };
                        let ranks = u32::from(card.rank().get().saturating_sub(next.rank().get()));
                        *key = (*key).min(ranks * 64 + depth as u32);
                    }
                }
                Order::Uncovered => {
                    let under = board.cascade_top(i).and_then(|top| board.beneath(top));
                    *key = under.map_or(0, |card| u32::from(card.rank().get()));
                }
            }
        }
        Keys { of }
    }

    /// The key of `mv` (0 for moves from no cascade, which these rules do not have).
    fn of_move<const F: usize>(&self, mv: Move) -> u32 {
        match BoardN::<C, F>::locate(mv.from()) {
            PileKind::Cascade(a) => self.of[a],
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Automove, Game, Notation, WideBoard, verify};
    use freecell_deals::DealNumber;

    use super::*;

    /// A dive under each order from Baker's Dozen deal `deal`, at most `nodes` expansions:
    /// the moves of its win with their automoves, written out, or how it ended.
    fn dive(deal: u64, order: Order, nodes: u64) -> Result<(WideBoard, String), &'static str> {
        let layout = DealNumber::new(deal).expect("a deal number").layout(Game::BakersDozen);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let rules = DiveRules::applies(*start.rules()).expect("Baker's Dozen has dives").ordered(order);
        let mut search = Dive::default();
        match search.resume(&start, rules, (nodes, 1 << 30), 0, &mut ()) {
            End::Solved(path) => {
                let mut board = start.clone();
                let mut moves = Vec::new();
                for mv in path {
                    moves.push(mv);
                    board.apply(mv).expect("a chosen move is legal");
                    board.apply_automoves(Automove::Raymond, &mut moves);
                }
                Ok((start.clone(), start.write_solution(&moves, Notation::Standard).expect("legal moves")))
            }
            End::Exhausted => Err("exhausted"),
            End::Nodes => Err("node limit"),
            End::Bytes => Err("byte limit"),
            End::Stopped => Err("stopped"),
        }
    }

    /// Baker's Dozen 2071 and 7132, which fc-solve's depth-first preset solves after 129 and
    /// 254 states and the greedy searches alone did not within 1,000,000 expansions, are won
    /// by a dive within a few hundred, and each win replays through the verifier.
    #[test]
    fn dives_win_what_fc_solve_wins_at_once() {
        for (deal, order) in [(2071, Order::Nearest), (7132, Order::Nearest), (7132, Order::Uncovered)] {
            let (start, solution) = dive(deal, order, 1_000).unwrap_or_else(|end| panic!("{deal} {order:?}: {end}"));
            let verified = verify(&start, &solution).expect("the win replays");
            assert!(verified.board.is_won(), "{deal} {order:?}: not won");
        }
    }

    /// A lost deal, Baker's Dozen 64 (fc-solve: unsolvable after 4,320 states), runs out of
    /// positions under either order.
    #[test]
    fn a_dive_never_wins_a_lost_deal() {
        for order in [Order::Nearest, Order::Uncovered] {
            assert_eq!(dive(64, order, 1_000_000).err(), Some("exhausted"), "{order:?}");
        }
    }

    /// Only Baker's Dozen has dives.
    #[test]
    fn applies_to_bakers_dozen_only() {
        for game in Game::ALL {
            let on = DiveRules::applies(game.rules()).is_some();
            assert_eq!(on, game == Game::BakersDozen, "{game:?}");
        }
    }
}
