//! The `fast` preset's first stage: greedy best-first search over sequence moves with safe
//! automoves, a cheap evaluation, and 64-bit hashes for duplicate detection.
//!
//! **Why a dedicated engine:** the preset's budget is about a hundred microseconds per deal
//! (FREECELL-FACTS §7). The generic engines keep an exact 39-byte key per state and are
//! generic over the heuristic; this one keeps a board only for the positions it expanded,
//! detects duplicates on [`Board::hash64`] (the Zobrist hash, invariant under permuting
//! cascades and cells, kept up to date by every move), and scores a child from its
//! parent's counts and the move — most children without building their board at all
//! ([`Board::preview`]). Moves that can only reach a position already seen (the card the
//! last move placed, moved on) are not generated. Nothing is allocated per node once the
//! [`Cache`] is warm.
//!
//! A 64-bit hash can collide, and the seen set's slots hold 32 of its bits (see
//! `HashSet64`); a collision would only drop a state, never produce a wrong solution (every
//! solution is verified) nor a wrong proof: this stage never claims a deal unsolvable. Its
//! "exhausted" is only a signal to run the exact stage.

use std::cell::Cell;

use freecell_core::{
    Automove, Board, Card, MAX_CASCADES, MAX_CELLS, Move, MoveModel, NextHome, Pile, PileKind, Preview, Suit,
};
use freecell_search::{Budget, Control, Limit, Observer, Outcome, Reason, Report, Solution, Stats, bfs};

use crate::memory::{push, room, try_zeroed, vec_bytes};
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
    /// The first evaluation: every term, free cells dear.
    const FIRST: Weights = Weights { out: 4, blocked: 2, unsorted: 1, dig: 1, cell: 4, column: 3, depth: 1 };

    /// A second evaluation: fewer points for cards home, more for digging out the next
    /// home cards and for empty cascades. It finishes many deals the first one wanders on.
    const DIGGER: Weights = Weights { out: 3, blocked: 2, unsorted: 1, dig: 2, cell: 2, column: 4, depth: 1 };

    /// Pure greedy (no depth term): long solutions, shortened afterwards, but quick where
    /// the others compare too many equal paths.
    const GREEDY: Weights = Weights { out: 4, blocked: 2, unsorted: 1, dig: 1, cell: 2, column: 3, depth: 0 };

    /// A patient evaluation: cheaper free cells, dearer depth, so a broader search. It
    /// finishes the hardest deals met (MS 512539 runs out of 150 MB under the others).
    const PATIENT: Weights = Weights { out: 4, blocked: 2, unsorted: 1, dig: 1, cell: 1, column: 3, depth: 2 };

    /// Priorities of the nodes at `depth` lie below this: the largest score, every count
    /// at its most (52 cards, 51 above each next home card, every cell and cascade), plus
    /// the depth term.
    fn priorities(&self, depth: u16) -> usize {
        let most = (self.out + self.blocked + self.unsorted) * 52
            + self.dig * 4 * 51
            + self.cell * MAX_CELLS as u32
            + self.column * MAX_CASCADES as u32;
        (most + self.depth * u32::from(depth)) as usize + 1
    }

    /// The evaluations that take turns, first first. The first three were chosen on
    /// MS 1–3,000 from fourteen candidates, by the expansions each needed alone on every
    /// deal and a simulation of the turns; the patient one costs about 3 % there and
    /// finishes MS 512539 (docs/results/fast.md).
    pub(crate) const TURNS: [Weights; 4] = [Weights::FIRST, Weights::DIGGER, Weights::GREEDY, Weights::PATIENT];
}

/// The same-suit cards of lower rank than each card, as bit sets over card indices.
static LOWER_SAME_SUIT: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut card = 4;
    while card < 52 {
        table[card] = table[card - 4] | 1 << (card - 4);
        card += 1;
    }
    table
};

/// Which cascade cards are *blocked* (lie above a lower card of their suit) in a position,
/// kept so that each child's count costs a look at the cards its move carries.
///
/// A move changes only the moved cards' status: a card's status depends on the cards
/// beneath it, and the cards of a built run lie on higher ranks. Automoves change nothing:
/// a card goes home only after every lower card of its suit, so it was not blocked.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Blocking {
    /// Each cascade's cards, as a bit set over card indices.
    cascades: [u64; MAX_CASCADES],
    /// Blocked cards in the position.
    blocked: u32,
}

impl Blocking {
    /// One walk down each cascade.
    pub(crate) fn of(board: &Board) -> Blocking {
        let mut cascades = [0u64; MAX_CASCADES];
        let mut blocked = 0;
        for (i, set) in cascades.iter_mut().enumerate().take(board.cascade_count()) {
            // Bottom up would need the cards beneath; top down, a card is blocked when a
            // lower card of its suit is still to come.
            let mut below: u64 = 0;
            for card in board.cascade(i) {
                below |= 1 << card.index();
            }
            *set = below;
            for card in board.cascade(i) {
                below &= !(1 << card.index());
                blocked += u32::from(below & LOWER_SAME_SUIT[card.index()] != 0);
            }
        }
        Blocking { cascades, blocked }
    }

    /// The cards `mv`, a legal move of `board`, carries, as a bit set over card indices.
    #[inline]
    fn moved(board: &Board, mv: Move) -> u64 {
        match mv.from().kind() {
            // One card (most moves) without the cascade iterator.
            PileKind::Cascade(a) if mv.count() == 1 => board.cascade_top(a).map_or(0, |c| 1u64 << c.index()),
            PileKind::Cascade(a) => {
                board.cascade(a).take(usize::from(mv.count())).fold(0u64, |m, c| m | 1 << c.index())
            }
            PileKind::Cell(k) => board.cell(k).map_or(0, |c| 1u64 << c.index()),
            PileKind::Foundation(_) => 0,
        }
    }

    /// The blocking of `child`, the position after `mv` (a legal move of `board`, the
    /// position this describes) and its automoves: the move's cards change cascade, and
    /// cards gone home leave theirs. No cascade is walked.
    #[inline]
    fn child(&self, board: &Board, mv: Move, child: &Board) -> Blocking {
        let moved = Blocking::moved(board, mv);
        let mut cascades = self.cascades;
        if let PileKind::Cascade(a) = mv.from().kind() {
            cascades[a] &= !moved;
        }
        if let PileKind::Cascade(b) = mv.to().kind() {
            cascades[b] |= moved;
        }
        // Cards gone home (by the move or its automoves) leave their cascades; most moves
        // put none home.
        if child.cards_home() != board.cards_home() {
            let mut home = 0;
            for suit in Suit::ALL {
                if let NextHome::Card(card) = child.next_home(suit) {
                    home |= LOWER_SAME_SUIT[card.index()];
                } else {
                    home |= LOWER_SAME_SUIT[suit as usize + 48] | 1 << (suit as usize + 48);
                }
            }
            for set in &mut cascades {
                *set &= !home;
            }
        }
        Blocking { cascades, blocked: self.after_moving(mv, moved) }
    }

    /// Blocked cards after `mv`, a legal move of `board` (the position this describes).
    #[inline]
    pub(crate) fn after(&self, board: &Board, mv: Move) -> u32 {
        self.after_moving(mv, Blocking::moved(board, mv))
    }

    /// [`after`](Self::after), given the cards `mv` carries.
    #[inline]
    fn after_moving(&self, mv: Move, moved: u64) -> u32 {
        let mut blocked = self.blocked;
        let rest = match mv.from().kind() {
            PileKind::Cascade(a) => self.cascades[a] & !moved,
            PileKind::Cell(_) => 0,
            PileKind::Foundation(_) => return blocked,
        };
        let onto = match mv.to().kind() {
            PileKind::Cascade(b) => self.cascades[b],
            _ => 0,
        };
        let mut cards = moved;
        while cards != 0 {
            let lower = LOWER_SAME_SUIT[cards.trailing_zeros() as usize];
            blocked = blocked + u32::from(onto & lower != 0) - u32::from(rest & lower != 0);
            cards &= cards - 1;
        }
        blocked
    }
}

/// Cards lying above the next card each foundation needs, summed over the suits (HSDH's
/// blocking sum).
fn dig(board: &Board) -> u32 {
    let mut dig = 0;
    for suit in Suit::ALL {
        if let NextHome::Card(card) = board.next_home(suit) {
            dig += board.cards_above(card).unwrap_or(0) as u32;
        }
    }
    dig
}

/// Where the next card of each foundation lies in a position, kept so that a child's
/// [`dig`] costs a look at its move unless a card went home.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Digging {
    /// The foundations' ranks.
    home: [u8; 4],
    /// Per suit: the cascade holding its next card (`u8::MAX` when it is in a cell or the
    /// foundation is complete) and the cards above it.
    next: [(u8, u8); 4],
    /// The sum of `next`'s counts ([`dig`]), kept: every child's score starts from it.
    dig: u32,
}

impl Digging {
    /// `blocking` describes the same position.
    pub(crate) fn of(board: &Board, blocking: &Blocking) -> Digging {
        let mut home = [0; 4];
        let mut next = [(u8::MAX, 0); 4];
        let mut dig = 0;
        for (k, suit) in Suit::ALL.into_iter().enumerate() {
            home[k] = board.foundation(suit);
            if let NextHome::Card(card) = board.next_home(suit)
                && let Some(above) = board.cards_above(card)
                && let Some(i) = blocking.cascades.iter().position(|&set| set & 1 << card.index() != 0)
            {
                next[k] = (i as u8, above as u8);
                dig += above as u32;
            }
        }
        Digging { home, next, dig }
    }

    /// The digging of `child`, the position after `mv` (a legal move of `board`, the
    /// position this describes) and its automoves; `blocking` describes `child`. Unless a
    /// card went home, only the move's piles change (as in [`after`](Self::after)), and a
    /// next home card leaving a cell lies on top of its cascade.
    #[inline]
    fn child(&self, board: &Board, mv: Move, child: &Board, blocking: &Blocking) -> Digging {
        if !self.same_home(child) {
            return Digging::of(child, blocking);
        }
        let count = mv.count();
        let (from, to) = (cascade_of(mv.from()), cascade_of(mv.to()));
        let mut next = self.next;
        for entry in &mut next {
            let (cascade, above) = *entry;
            if Some(cascade) == from {
                // Beneath the run, or inside it (and carried with it).
                *entry =
                    if above >= count { (cascade, above - count) } else { to.map_or((u8::MAX, 0), |b| (b, above)) };
            } else if Some(cascade) == to {
                entry.1 = above + count;
            }
        }
        if let PileKind::Cell(k) = mv.from().kind()
            && let Some(card) = board.cell(k)
            && board.next_home(card.suit()) == NextHome::Card(card)
        {
            next[card.suit() as usize] = (to.unwrap_or(u8::MAX), 0);
        }
        // Each next card's count of cards above it is in `next` (0 for one in a cell).
        let dig = next.iter().map(|&(_, above)| u32::from(above)).sum();
        Digging { home: self.home, next, dig }
    }

    /// Whether `child` has this position's foundations.
    #[inline]
    fn same_home(&self, child: &Board) -> bool {
        Suit::ALL.into_iter().enumerate().all(|(k, suit)| child.foundation(suit) == self.home[k])
    }

    /// Per cascade, the next home cards it holds and the fewest cards above one of them.
    #[inline]
    fn tally(&self) -> Tally {
        let mut tally = Tally { held: [0; MAX_CASCADES], fewest_above: [u8::MAX; MAX_CASCADES] };
        for &(cascade, above) in &self.next {
            if let Some(i) = tally.held.get_mut(usize::from(cascade)) {
                *i += 1;
                let fewest = &mut tally.fewest_above[usize::from(cascade)];
                *fewest = (*fewest).min(above);
            }
        }
        tally
    }

    /// [`dig`] of `child`, the position after `mv` (and its automoves) from the position
    /// this describes, whose [`tally`](Self::tally) is `tally`.
    ///
    /// While the foundations stay as they were, only the move's two piles change: a next
    /// card beneath the moved cards loses them, one on the destination cascade gains them,
    /// and one inside the moved run keeps the cards above it (runs move whole, a card to a
    /// cell has none).
    #[inline]
    pub(crate) fn after(&self, tally: &Tally, mv: Move, child: &Board) -> u32 {
        if !self.same_home(child) {
            return dig(child);
        }
        self.after_same_home(tally, mv)
    }

    /// [`after_same_home`](Self::after_same_home) for one card leaving cascade `a` for a
    /// free cell.
    #[inline]
    fn after_one_off(&self, tally: &Tally, a: usize) -> u32 {
        self.dig - self.beneath(tally, a, 1)
    }

    /// The next home cards beneath the top `count` cards of cascade `a` (one among them is
    /// carried along with them).
    #[inline]
    fn beneath(&self, tally: &Tally, a: usize, count: u8) -> u32 {
        if count <= tally.fewest_above[a] {
            u32::from(tally.held[a])
        } else {
            self.next.iter().filter(|&&(cascade, above)| usize::from(cascade) == a && above >= count).count() as u32
        }
    }

    /// [`dig`] after `mv`, a move that leaves the foundations as they were.
    #[inline]
    fn after_same_home(&self, tally: &Tally, mv: Move) -> u32 {
        let count = mv.count();
        let mut dig = self.dig;
        if let Some(a) = cascade_of(mv.from()) {
            dig -= u32::from(count) * self.beneath(tally, usize::from(a), count);
        }
        if let Some(b) = cascade_of(mv.to()) {
            dig += u32::from(count) * u32::from(tally.held[usize::from(b)]);
        }
        dig
    }
}

/// A [`Digging`] summed per cascade, computed once per expanded position so that each
/// child's digging costs a look at its move's two cascades (the loop over the four suits
/// it replaces was 5 % of `fast`'s instructions).
pub(crate) struct Tally {
    /// The next home cards each cascade holds.
    held: [u8; MAX_CASCADES],
    /// The fewest cards above one of them (`u8::MAX` when none).
    fewest_above: [u8; MAX_CASCADES],
}

/// The index of `pile` when it is a cascade, as [`Digging`] names cascades.
#[inline]
fn cascade_of(pile: Pile) -> Option<u8> {
    match pile.kind() {
        PileKind::Cascade(i) => Some(i as u8),
        _ => None,
    }
}

/// The terms of the evaluation in a position (see [`Weights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counts {
    out: u32,
    blocked: u32,
    unsorted: u32,
    dig: u32,
    cells: u32,
    columns: u32,
}

impl Counts {
    /// The counts of `board`, given its numbers of blocked cards and of cards above the
    /// next home cards.
    ///
    /// "Unsorted" cards are those above each cascade's built base, which the board keeps
    /// ([`Board::built_base_len`]), so under other build rules it follows those rules. Nothing
    /// here walks a cascade.
    #[inline]
    pub(crate) fn of(board: &Board, blocked: u32, dig: u32) -> Counts {
        let out = 52 - board.cards_home() as u32;
        let cells = (board.cell_count() - board.empty_cells()) as u32;
        let columns = (board.cascade_count() - board.empty_cascades()) as u32;
        // Every card not home lies in a cascade or a cell.
        let unsorted = out - cells - board.built_base_cards() as u32;
        Counts { out, blocked, unsorted, dig, cells, columns }
    }

    /// The counts after `mv`, a legal move of `board` (the position these describe) that
    /// puts no card home and is followed by no automove, from its [`Board::preview`] and
    /// the position's [`Blocking`] and [`Digging`]: no board is built.
    #[inline]
    fn after(
        &self,
        board: &Board,
        mv: Move,
        preview: &Preview,
        blocking: &Blocking,
        (digging, tally): (&Digging, &Tally),
    ) -> Counts {
        if let (PileKind::Cascade(a), PileKind::Cell(_)) = (mv.from().kind(), mv.to().kind()) {
            // About half of all children: a path without the general one's matching.
            return self.after_to_cell(board, a, preview, blocking, (digging, tally));
        }
        let (mut cells, mut columns) = (self.cells, self.columns);
        match mv.from().kind() {
            PileKind::Cascade(a) => columns -= u32::from(board.cascade_len(a) == usize::from(mv.count())),
            _ => cells -= 1,
        }
        match mv.to().kind() {
            PileKind::Cascade(b) => columns += u32::from(board.cascade_len(b) == 0),
            _ => cells += 1,
        }
        Counts {
            out: self.out,
            blocked: blocking.after(board, mv),
            unsorted: self.out - cells - preview.built_base_cards as u32,
            dig: digging.after_same_home(tally, mv),
            cells,
            columns,
        }
    }

    /// [`after`](Self::after) for the top card of cascade `a` moved into a free cell: one
    /// card leaves the cascade and enters no other. Its blocked count is
    /// [`Blocking::after`]'s for that one card, spelled out: the general call here costs
    /// 1.6 % more of `fast`'s instructions.
    #[inline]
    fn after_to_cell(
        &self,
        board: &Board,
        a: usize,
        preview: &Preview,
        blocking: &Blocking,
        (digging, tally): (&Digging, &Tally),
    ) -> Counts {
        let card = board.cascade_top(a).map_or(0, Card::index);
        let moved = 1u64 << card;
        let cells = self.cells + 1;
        Counts {
            out: self.out,
            blocked: blocking.blocked - u32::from(blocking.cascades[a] & !moved & LOWER_SAME_SUIT[card] != 0),
            unsorted: self.out - cells - preview.built_base_cards as u32,
            dig: digging.after_one_off(tally, a),
            cells,
            columns: self.columns - u32::from(board.cascade_len(a) == 1),
        }
    }

    /// The score under `w`, without the depth term: smaller is closer to the goal.
    #[inline]
    pub(crate) fn score(&self, w: &Weights) -> u32 {
        w.out * self.out
            + w.blocked * self.blocked
            + w.unsorted * self.unsorted
            + w.dig * self.dig
            + w.cell * self.cells
            + w.column * self.columns
    }
}

/// Scores `board` under `w` (without the depth term) from scratch.
pub(crate) fn evaluate(board: &Board, w: &Weights) -> u32 {
    Counts::of(board, Blocking::of(board).blocked, dig(board)).score(w)
}

/// Whether `card`, just uncovered, goes home by itself: it is the next card of its
/// foundation and safe there. Safety depends on the foundations alone.
#[inline]
fn goes_home(board: &Board, card: Card, rule: Automove) -> bool {
    board.next_home(card.suit()) == NextHome::Card(card) && board.is_safe_home(card, rule)
}

/// Plays the safe automoves after `mv`, just played on `board`.
///
/// When the position before the move had none left to play (`settled`: every position but
/// the start, which the search takes as it is), a move that puts no card home can only
/// have exposed one new candidate: the card it uncovered. Safety depends on the
/// foundations alone, which such a move leaves as they were. So the full scan runs only
/// when that card may go home, or after a move home.
#[inline]
fn automoves_after(board: &mut Board, mv: Move, rule: Automove, settled: bool) {
    if settled && !mv.is_to_foundation() {
        let PileKind::Cascade(a) = mv.from().kind() else { return };
        let Some(card) = board.cascade_top(a) else { return };
        if !goes_home(board, card, rule) {
            return;
        }
    }
    board.play_automoves(rule);
}

/// Where `mv`, a move of `parent` that led to `child` (its automoves played), put a single
/// card, when no card went home after it.
///
/// Moving that card on again from `child` reaches what `parent`'s own move of it there
/// reached (or `parent` itself, when it goes back), a position the search has seen: such
/// moves are skipped, about a tenth of all moves. After an automove a destination may have
/// changed (its top gone home), and a run could need the room its move freed, so neither
/// is skipped.
#[inline]
fn moved_card(parent: &Board, mv: Move, child: &Board) -> Option<Pile> {
    (mv.count() == 1 && child.cards_home() == parent.cards_home()).then_some(mv.to())
}

/// The moves every evaluation but the patient one skips, which a player would not make:
/// breaking a built run (its top card into a free cell, or part of it into an empty
/// cascade), and putting a card into a free cell when it has a place on another cascade.
///
/// Why they can go: a card built on the one beneath it usually moves with it, as part of
/// the run (a supermove onto another cascade, the whole run into an empty one), and a card
/// with a place on a cascade usually goes there, keeping the cell. Taking either alone to
/// a cell pays only in the rarer lines that move the card beneath next or keep the place
/// for another card. The searches that skip these moves expand 40 % fewer positions over
/// MS 1–32,000, with slightly shorter solutions; the deals that need such a move are
/// finished by the patient evaluation, which keeps every move, and a search that skips
/// moves cannot claim to have seen every position (see [`run`]).
///
/// Moves are judged one by one in the order [`Board::generate_moves`] gives them, which
/// lists the moves onto cascade cards before the moves into a free cell.
#[derive(Default)]
struct Sparing {
    /// Cascades whose top card has a move onto another cascade's card (bit = cascade).
    placed: u32,
}

impl Sparing {
    /// Whether `mv`, the next move of `board`, is skipped.
    #[inline]
    fn skips(&mut self, board: &Board, mv: Move) -> bool {
        let PileKind::Cascade(a) = mv.from().kind() else { return false };
        match mv.to().kind() {
            PileKind::Cell(_) => self.placed >> a & 1 == 1 || board.splits_run(a, 1),
            PileKind::Cascade(b) if board.cascade_len(b) == 0 => board.splits_run(a, usize::from(mv.count())),
            PileKind::Cascade(_) => {
                self.placed |= 1 << a;
                false
            }
            PileKind::Foundation(_) => false,
        }
    }
}

/// Whether `mv` moves on the card [`moved_card`] found on pile `again`.
#[inline]
fn moves_again(again: Option<Pile>, mv: Move) -> bool {
    again == Some(mv.from()) && mv.count() == 1
}

/// A generated position: the move that reached it from its parent, its depth, and a link
/// (the next position of its open-list bucket while it waits, its board once expanded).
///
/// Only expanded positions keep a board (about one in fifteen): a position waiting in the
/// open list is its parent's board with one move and its automoves replayed, which costs
/// less than copying every child's board into the arena and keeps the arena in cache.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    /// While the node waits in the open list: the next node of its bucket, or [`NONE`].
    /// Once it is expanded: its board's index in [`Search::boards`].
    link: u32,
    mv: Move,
    depth: u16,
}

/// No node (the end of a bucket).
const NONE: u32 = u32::MAX;

/// Room made in the move list before each move generation: more than any position has (at
/// most 94 with 10 cascades and 8 cells: 4 home, one per card into an empty cascade, two
/// onto each cascade's top card, one from each cascade into a cell), so that the core's
/// move generation, which cannot fail, never grows it.
const MOVE_ROOM: usize = 256;

const ROOT: u32 = u32::MAX;

/// A set of 64-bit hashes, open addressing with linear probing. A slot holds 32 bits of
/// a hash (its low half; the high half picks the home slot), so the table takes half the
/// room of full hashes and more of it stays in cache: the probe's load was the search's
/// largest single stall. The hashes themselves are listed aside, to clear the slots they
/// used and to rehash when the table grows.
///
/// Two hashes are taken as equal when they share a home slot's cluster and their low
/// halves: at least 44 of 64 bits (the smallest table has 2¹² slots). A false match drops
/// a state, as a 64-bit collision would: about once in 4·10⁹ probes of a used slot, or
/// 0.02 times expected over the 86 million insertions of MS 1–32,000.
#[derive(Default)]
struct HashSet64 {
    slots: Vec<u32>,
    hashes: Vec<u64>,
}

impl HashSet64 {
    /// Empties the set. A table grown large by a hard deal is dropped rather than kept:
    /// the next search's probes would scatter over megabytes (a cache and TLB miss each)
    /// while an ordinary deal fits in the smallest table.
    fn clear(&mut self) {
        if self.slots.len() > Self::KEPT_SLOTS {
            *self = HashSet64::default();
            return;
        }
        // Each hash's cluster from its home slot on: together they cover every used slot
        // (a hash lies between its home and the cluster's end), and a walk stops at the
        // first empty slot, which a walk before it may have made.
        let mask = self.slots.len().wrapping_sub(1);
        for &hash in &self.hashes {
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                self.slots[i] = 0;
                i = (i + 1) & mask;
            }
        }
        self.hashes.clear();
    }

    /// The largest table kept between searches (128 KiB of slots, within a core's L2).
    const KEPT_SLOTS: usize = 1 << 15;

    /// The home slot of `hash`: its high bits.
    #[inline]
    fn home(hash: u64, mask: usize) -> usize {
        (hash >> 32) as usize & mask
    }

    /// The 32 bits of `hash` a slot holds; 0 marks an empty slot.
    #[inline]
    fn fingerprint(hash: u64) -> u32 {
        (hash as u32).max(1)
    }

    /// Inserts `hash`; false when it was already there. `Err` (the set unchanged) when the
    /// allocator refuses to grow it.
    #[inline(always)]
    #[allow(clippy::inline_always)] // the search's inner loop: with the `Result`, LLVM calls it
    fn insert(&mut self, hash: u64) -> Result<bool, Reason> {
        if (self.hashes.len() + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let (mask, fingerprint) = (self.slots.len() - 1, Self::fingerprint(hash));
        let mut i = Self::home(hash, mask);
        loop {
            let slot = self.slots[i];
            if slot == fingerprint {
                return Ok(false);
            }
            if slot == 0 {
                push(&mut self.hashes, hash)?;
                self.slots[i] = fingerprint;
                return Ok(true);
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), Reason> {
        self.slots = try_zeroed(Self::slots_for(self.hashes.len() + 1))?;
        let mask = self.slots.len() - 1;
        for &hash in &self.hashes {
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = Self::fingerprint(hash);
        }
        Ok(())
    }

    /// Slots of a table holding `n` hashes: a power of two at least twice `n`, and at least
    /// 2¹².
    fn slots_for(n: usize) -> usize {
        if n == 0 { 0 } else { (n * 2).next_power_of_two().max(1 << 12) }
    }

    /// Bytes held while the table grows from `n` to `n + extra` hashes (while it rehashes,
    /// the old slots and the new ones), as a table filled from empty would hold them.
    fn peak(n: usize, extra: usize) -> usize {
        let (before, after) = (Self::slots_for(n) * 4, Self::slots_for(n + extra) * 4);
        let slots = if before == after { after } else { before + after };
        slots + growth_peak::<u64>(n, extra)
    }
}

/// The open list: a bucket queue, one stack of waiting nodes per priority, threaded
/// through [`Node::link`]. It pops the smallest priority and, among equals, the newest
/// node (ids grow with every push), the order of a binary heap on (priority, newest), at
/// a constant cost per push and about one per pop.
#[derive(Default)]
struct Open {
    /// Per priority: the newest node waiting with it, or [`NONE`].
    heads: Vec<u32>,
    /// No bucket below this one holds a node.
    min: usize,
    len: usize,
}

impl Open {
    fn clear(&mut self) {
        self.heads.clear();
        self.min = 0;
        self.len = 0;
    }

    /// Makes room for priorities below `n`: done before a node's children are pushed, so
    /// that the byte limit can count it (see [`Search::peak`]). `Err` (nothing changed) when
    /// the allocator refuses.
    #[inline]
    fn reserve(&mut self, n: usize) -> Result<(), Reason> {
        if self.heads.len() < n { self.grow(n) } else { Ok(()) }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) -> Result<(), Reason> {
        let (buckets, len) = (Self::buckets_for(n), self.heads.len());
        room(&mut self.heads, buckets - len)?;
        self.heads.resize(buckets, NONE);
        Ok(())
    }

    /// Buckets held for priorities below `n`: a multiple of 64, so that the list grows once
    /// every few dozen levels of depth rather than at each (every growth makes
    /// [`Search::peak_checked`] count the bytes again).
    fn buckets_for(n: usize) -> usize {
        n.next_multiple_of(64)
    }

    /// Queues node `id` (its slot in `nodes`) at `priority`, below the reserved bound.
    #[inline]
    fn push(&mut self, nodes: &mut [Node], id: u32, priority: u32) {
        let p = priority as usize;
        nodes[id as usize].link = self.heads[p];
        self.heads[p] = id;
        self.min = self.min.min(p);
        self.len += 1;
    }

    /// The best waiting node, taken off the list.
    #[inline]
    fn pop(&mut self, nodes: &[Node]) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        while self.heads[self.min] == NONE {
            self.min += 1;
        }
        let id = self.heads[self.min];
        self.heads[self.min] = nodes[id as usize].link;
        self.len -= 1;
        Some(id)
    }
}

/// Bytes held while a `Vec<T>` grows from `len` to `len + extra` elements: the new
/// allocation plus, when it reallocates, the old one (see `crate::memory`).
fn growth_peak<T>(len: usize, extra: usize) -> usize {
    let (before, after) = (vec_bytes::<T>(len), vec_bytes::<T>(len + extra));
    if before == after { after } else { before + after }
}

/// One greedy best-first search (weighted by depth), resumable: the positions it
/// generated, the hashes it has seen, its open list and its counts. Kept between solves,
/// so nothing is allocated per node once warm.
#[derive(Default)]
struct Search {
    nodes: Vec<Node>,
    /// The boards of the expanded nodes.
    boards: Vec<Board>,
    /// Their blocking and digging, each derived from its parent's.
    derived: Vec<(Blocking, Digging)>,
    seen: HashSet64,
    open: Open,
    moves: Vec<Move>,
    stats: Stats,
    /// A cell: the byte check updates it while the expanded board is borrowed from
    /// `boards`.
    steady: Cell<Steady>,
}

/// The bytes [`Search::peak`] counts while nothing grows, and how far the lengths may go
/// before something does: most expansions then check the byte limit with four comparisons
/// (the full count was 5 % of `fast`'s instructions).
#[derive(Clone, Copy, Default)]
struct Steady {
    /// Valid while `nodes.len() + extra` stays within this,
    nodes: usize,
    /// `boards.len() + 1` within this,
    boards: usize,
    /// `seen.hashes.len() + extra` within this,
    seen: usize,
    /// and the open list's buckets stay this many, the priorities below it.
    heads: usize,
    /// Bytes of every vector and table but `moves`.
    bytes: usize,
}

impl Search {
    /// Bytes held by the capacities (to give memory back after a hard deal).
    fn capacity_bytes(&self) -> usize {
        self.nodes.capacity() * size_of::<Node>()
            + self.boards.capacity() * size_of::<Board>()
            + self.derived.capacity() * size_of::<(Blocking, Digging)>()
            + self.seen.slots.capacity() * 4
            + self.seen.hashes.capacity() * 8
            + self.open.heads.capacity() * 4
            + self.moves.capacity() * 3
    }

    /// Bytes held, at most, while `extra` more nodes are stored: computed from lengths, as
    /// a cache filled from empty would hold them, so that a byte limit stops a search at the
    /// same node whether or not the cache is warm (as the solver's other engines count).
    /// `priorities`: the open list's buckets then reserved (see [`Open::reserve`]).
    fn peak(&self, extra: usize, priorities: usize) -> usize {
        let heads = self.open.heads.len();
        growth_peak::<Node>(self.nodes.len(), extra)
            + growth_peak::<Board>(self.boards.len(), 1)
            + growth_peak::<(Blocking, Digging)>(self.derived.len(), 1)
            + HashSet64::peak(self.seen.hashes.len(), extra)
            + growth_peak::<u32>(heads, Open::buckets_for(priorities).saturating_sub(heads))
            + vec_bytes::<Move>(self.moves.len())
    }

    /// [`peak`](Self::peak), from [`Steady`] while nothing grows.
    #[inline]
    fn peak_checked(&self, extra: usize, priorities: usize) -> usize {
        let (nodes, boards, seen, heads) =
            (self.nodes.len(), self.boards.len(), self.seen.hashes.len(), self.open.heads.len());
        let moves = vec_bytes::<Move>(self.moves.len());
        let holds = |s: &Steady| {
            nodes + extra <= s.nodes
                && boards < s.boards
                && seen + extra <= s.seen
                && heads == s.heads
                && priorities <= heads
        };
        let s = self.steady.get();
        if holds(&s) {
            debug_assert_eq!(s.bytes + moves, self.peak(extra, priorities));
            return s.bytes + moves;
        }
        let peak = self.peak(extra, priorities);
        // A vector's capacity as the model counts it (see `crate::memory`) holds until it is
        // full, the seen set's slots until it is half full; while they hold, nothing grows
        // and the count is this one. When something grows now, the count holds both
        // allocations, so the next call counts again.
        let capacity = |n: usize| vec_bytes::<u8>(n);
        let next = Steady {
            nodes: capacity(nodes),
            boards: capacity(boards),
            seen: capacity(seen).min(HashSet64::slots_for(seen) / 2),
            heads,
            bytes: peak - moves,
        };
        self.steady.set(if holds(&next) { next } else { Steady::default() });
        peak
    }

    /// Starts a search of `start` under `weights`: the start position alone is open. The
    /// start is taken as it is, without automoves: the first move is the search's, so a
    /// path is completed by replaying each move with the automoves it implies. `Err` when
    /// the allocator refuses the little this needs.
    fn begin(&mut self, start: &Board, weights: &Weights, max_bytes: usize) -> Result<(), Reason> {
        if self.capacity_bytes() > max_bytes / 4 {
            // A hard deal grew the cache: give the memory back rather than start over the limit.
            *self = Search::default();
        }
        self.nodes.clear();
        self.boards.clear();
        self.derived.clear();
        self.seen.clear();
        self.open.clear();
        self.stats = Stats::default();
        self.steady.set(Steady::default());
        self.stats.iterations = 1;
        self.seen.insert(start.hash64())?;
        push(
            &mut self.nodes,
            Node { parent: ROOT, link: NONE, mv: Move::single(Pile::cell(0), Pile::cell(0)), depth: 0 },
        )?;
        self.open.reserve(weights.priorities(0))?;
        self.open.push(&mut self.nodes, 0, evaluate(start, weights));
        Ok(())
    }

    /// Expands positions until this search has expanded `max_expanded` in all, would hold
    /// more than `max_bytes`, reaches a won position or runs out of positions. `others`:
    /// bytes the other searches hold, counted into the peak reported.
    #[allow(clippy::too_many_lines)]
    fn resume(
        &mut self,
        start: &Board,
        config: &Config,
        limits: (u64, usize),
        others: usize,
        observer: &mut impl Observer,
    ) -> End {
        let (max_expanded, max_bytes) = limits;
        let w = &config.weights;
        let mut moves = std::mem::take(&mut self.moves);
        // Cleared before each move generation, it keeps this room throughout.
        if room(&mut moves, MOVE_ROOM).is_err() {
            self.moves = moves;
            return End::Bytes;
        }
        // The allocator refusing memory ends the search as the byte limit does (its caller
        // then drops it, so what it leaves half-grown does not matter).
        macro_rules! or_bytes {
            ($label:lifetime, $e:expr) => {
                match $e {
                    Ok(value) => value,
                    Err(_) => break $label End::Bytes,
                }
            };
        }
        let end = 'expand: loop {
            if self.open.len == 0 {
                break End::Exhausted;
            }
            if self.stats.expanded >= max_expanded {
                break End::Nodes;
            }
            let Some(id) = self.open.pop(&self.nodes) else { break End::Exhausted };
            self.stats.expanded += 1;
            if observer.on_expand(&self.stats) == Control::Stop {
                break End::Stopped;
            }
            let node = self.nodes[id as usize];
            or_bytes!('expand, room(&mut self.boards, 1));
            self.nodes[id as usize].link = self.boards.len() as u32;
            // The board is built in its place in `boards` (it is copied once, not moved
            // there after); `again` names the moves skipped (see `moved_card`).
            let (derived, again) = if node.parent == ROOT {
                let blocking = Blocking::of(start);
                let digging = Digging::of(start, &blocking);
                self.boards.push(start.clone());
                ((blocking, digging), None)
            } else {
                let at = self.nodes[node.parent as usize].link as usize;
                self.boards.extend_from_within(at..=at);
                let last = self.boards.len() - 1;
                let (parents, child) = self.boards.split_at_mut(last);
                let (parent, board) = (&parents[at], &mut child[0]);
                board.apply_unchecked(node.mv);
                automoves_after(board, node.mv, config.automove, node.parent != 0);
                let (blocking, digging) = &self.derived[at];
                let blocking = blocking.child(parent, node.mv, board);
                let digging = digging.child(parent, node.mv, board, &blocking);
                ((blocking, digging), moved_card(parent, node.mv, board))
            };
            or_bytes!('expand, push(&mut self.derived, derived));
            let board = &self.boards[self.boards.len() - 1];
            let (blocking, digging) = &self.derived[self.derived.len() - 1];
            // Saturating: a path of 65,535 moves is far beyond any budget, but must not panic.
            let depth = node.depth.saturating_add(1);
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            // Checked before anything grows: every move could give a new node.
            let priorities = w.priorities(depth);
            let peak = self.peak_checked(moves.len(), priorities);
            if peak > max_bytes {
                break End::Bytes;
            }
            or_bytes!('expand, self.open.reserve(priorities));
            self.stats.bytes = self.stats.bytes.max(others + peak);
            let mut solved = None;
            let counts = Counts::of(board, blocking.blocked, digging.dig);
            let tally = digging.tally();
            let settled = id != 0;
            let mut sparing = Sparing::default();
            for &mv in &moves {
                if moves_again(again, mv) || (config.spares && sparing.skips(board, mv)) {
                    continue;
                }
                // A move that puts no card home and uncovers none that goes home by itself
                // has no automove after it: its child is scored and checked for a duplicate
                // without building its board.
                if settled && !mv.is_to_foundation() {
                    let preview = board.preview(mv);
                    if !preview.uncovered.is_some_and(|card| goes_home(board, card, config.automove)) {
                        self.stats.generated += 1;
                        if !or_bytes!('expand, self.seen.insert(preview.hash)) {
                            self.stats.duplicates += 1;
                            continue;
                        }
                        let child_id = self.nodes.len() as u32;
                        or_bytes!('expand, push(&mut self.nodes, Node { parent: id, link: NONE, mv, depth }));
                        let h = counts.after(board, mv, &preview, blocking, (digging, &tally)).score(w)
                            + w.depth * u32::from(depth);
                        self.stats.evaluated += 1;
                        self.open.push(&mut self.nodes, child_id, h);
                        continue;
                    }
                }
                let mut child = board.clone();
                child.apply_unchecked(mv);
                automoves_after(&mut child, mv, config.automove, settled);
                self.stats.generated += 1;
                if !or_bytes!('expand, self.seen.insert(child.hash64())) {
                    self.stats.duplicates += 1;
                    continue;
                }
                let child_id = self.nodes.len() as u32;
                or_bytes!('expand, push(&mut self.nodes, Node { parent: id, link: NONE, mv, depth }));
                if child.is_won() {
                    solved = Some(child_id);
                    break;
                }
                let h = Counts::of(&child, blocking.after(board, mv), digging.after(&tally, mv, &child)).score(w)
                    + w.depth * u32::from(depth);
                self.stats.evaluated += 1;
                self.open.push(&mut self.nodes, child_id, h);
            }
            if let Some(goal) = solved {
                break End::Solved(self.path_to(goal));
            }
        };
        self.moves = moves;
        self.stats.peak_stored = self.stats.peak_stored.max(self.nodes.len() as u64);
        end
    }

    /// The moves from the start to node `goal`.
    fn path_to(&self, goal: u32) -> Vec<Move> {
        let mut path = Vec::with_capacity(usize::from(self.nodes[goal as usize].depth));
        let mut at = goal;
        while at != ROOT {
            let node = &self.nodes[at as usize];
            if node.parent == ROOT {
                break;
            }
            path.push(node.mv);
            at = node.parent;
        }
        path.reverse();
        path
    }
}

/// Scratch of the fast stage, kept between solves: one search per evaluation of
/// [`Weights::TURNS`].
#[derive(Default)]
pub(crate) struct Cache {
    searches: Vec<Search>,
}

impl Cache {
    /// Bytes held by the searches' capacities.
    pub(crate) fn held(&self) -> usize {
        self.searches.iter().map(Search::capacity_bytes).sum()
    }
}

/// How a greedy search's turn ended.
enum End {
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
struct Config {
    weights: Weights,
    automove: Automove,
    /// Whether the moves a player would not make are skipped (see [`Sparing`]).
    spares: bool,
}

/// Expansions the first evaluation gets alone, before the others join: most deals are
/// solved within them.
const FIRST_TURN: u64 = 1_000;

/// Expansions of each evaluation's turn in the first round of turns; each later round
/// doubles it.
const FIRST_QUANTUM: u64 = 2_000;

/// The `fast` preset: two stages, each under what is left of the solver's limits.
///
/// 1. Greedy best-first searches, one per evaluation of [`Weights::TURNS`], taking turns
///    ([`FIRST_TURN`] expansions for the first, then a quantum each, doubling every round)
///    and each resuming where it stopped, bounded only by the limits and [`FAST_BYTES`]
///    for all of them together. A search that runs long under one evaluation often ends
///    fast under another, and no turn's work is thrown away. All but the last skip the
///    moves a player would not make ([`Sparing`]); the last, the patient one, keeps every
///    move. They solve every solvable deal we have tried, and run out of states on
///    the impossible ones, whose reachable space is small. A search that would pass the
///    byte limit, or that runs out of states while skipping moves, gives its memory back
///    and drops out; the others go on. When all have dropped out, the patient evaluation
///    starts again alone, with all the memory.
/// 2. When the patient search runs out of states (which proves nothing: it compares
///    64-bit hashes), or runs out of memory alone, the `bfs` preset's exhaustive search
///    over single-card moves (exact keys, Raymond's safe automoves, as in stage 1) decides
///    with all the memory, and is the only source of `Unsolvable`.
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
    if start.is_won() {
        return Report { outcome: Outcome::Solved(Solution { moves: Vec::new(), cost: 0 }), stats: Stats::default() };
    }
    let searches = &mut greedy.get_or_insert_with(Cache::default).searches;
    let turns = Weights::TURNS;
    searches.resize_with(turns.len(), Search::default);
    for s in searches.iter_mut() {
        // Counts of the last solve, until the search begins this one.
        s.stats = Stats::default();
    }

    // 1. Greedy, in turns.
    let mut begun = [false; Weights::TURNS.len()];
    let mut dropped = [false; Weights::TURNS.len()];
    // Counts of the searches that dropped out (their caches are emptied).
    let mut gone = Stats::default();
    let total = |searches: &[Search], gone: Stats, except: Option<usize>| {
        let mut sum = gone;
        for (k, s) in searches.iter().enumerate() {
            if Some(k) != except {
                sum = combine(sum, s.stats);
            }
        }
        sum
    };
    let schedule =
        std::iter::once((0, FIRST_TURN)).chain((0..).flat_map(|round: u32| {
            (0..turns.len()).map(move |k| (k, FIRST_QUANTUM.saturating_mul(1 << round.min(40))))
        }));
    // The patient evaluation: the last, the one that keeps every move.
    let patient = turns.len() - 1;
    // Whether it has started again alone.
    let mut last_stand = false;
    for (k, quantum) in schedule {
        if dropped.iter().all(|&d| d) {
            if last_stand {
                // The patient evaluation ran out of memory alone too. The exhaustive search
                // stores a position in less room and may still decide: a lost mid-game
                // position whose 300,000 states outgrow the greedy searches is proved lost
                // in a quarter of a second.
                break;
            }
            // Every search dropped out (out of the memory they shared, or out of positions
            // while skipping moves): the patient evaluation starts again with all the memory
            // (MS 687716 needs that).
            last_stand = true;
            dropped[patient] = false;
            begun[patient] = false;
        }
        if dropped[k] {
            continue;
        }
        let config = Config { weights: turns[k], automove: Automove::Raymond, spares: k != patient };
        let mut refused = false;
        if !begun[k] {
            refused = searches[k].begin(start, &config.weights, max_bytes).is_err();
            begun[k] = true;
        }
        let base = total(searches, gone, Some(k));
        let others: usize = searches.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, s)| s.peak(0, 0)).sum();
        let used = base.expanded + searches[k].stats.expanded;
        let limits = (searches[k].stats.expanded + quantum.min(left(used)), max_bytes.saturating_sub(others));
        let end = if refused {
            End::Bytes
        } else {
            searches[k].resume(start, &config, limits, others, &mut Offset { inner: &mut *observer, base })
        };
        let stats = total(searches, gone, None);
        let outcome = match end {
            End::Solved(moves) => {
                let cost = moves.len() as u32;
                Outcome::Solved(Solution { moves, cost })
            }
            End::Stopped => Outcome::Undecided(Reason::Stopped),
            End::Nodes if left(stats.expanded) == 0 => Outcome::Undecided(Reason::Budget(Limit::Expanded)),
            // This turn's quantum: the next turn.
            End::Nodes => continue,
            // The patient search keeps every move: out of positions, it saw every reachable
            // one (as far as 64-bit hashes tell), so on to the proof (the schedule never
            // ends: this and the failed last stand are the loop's only ways out).
            End::Exhausted if !config.spares => break,
            // Out of memory, or out of positions while skipping moves (which proves
            // nothing): the search gives its memory back and drops out; the others go on.
            End::Bytes | End::Exhausted => {
                gone = combine(gone, searches[k].stats);
                searches[k] = Search::default();
                dropped[k] = true;
                continue;
            }
        };
        return Report { outcome, stats };
    }
    let stats = total(searches, gone, None);
    // The greedy searches' memory goes back before the exhaustive search starts.
    for s in searches.iter_mut() {
        if s.capacity_bytes() > max_bytes / 4 {
            *s = Search::default();
        }
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

    /// Whether card index `card` builds on card index `onto` in FreeCell (one rank lower, the
    /// other colour; suits in deck order C D H S, so red is suit 1 or 2).
    fn builds_on(card: u8, onto: u8) -> bool {
        let red = |c: u8| ((c ^ (c >> 1)) & 1) == 1;
        onto / 4 == card / 4 + 1 && red(card % 4) != red(onto % 4)
    }

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

    /// A xorshift generator from `seed` (not 0).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Positions along random games (sequence moves) from shuffled decks under `rules`,
    /// each with every move legal in it; `settle` plays Raymond's automoves after each move.
    fn random_positions(rules: Rules, settle: bool, mut visit: impl FnMut(&Board, &[Move])) {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut moves = Vec::new();
        for _ in 0..50 {
            let mut deck: Vec<Card> = Card::deck().collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut board = Board::try_from(Layout::deal(rules, &deck, 0)).expect("a full deck deals");
            if settle {
                board.play_automoves(Automove::Raymond);
            }
            for _ in 0..100 {
                moves.clear();
                board.generate_moves(MoveModel::Sequence, &mut moves);
                visit(&board, &moves);
                let Some(&mv) = moves.get((next() % 64) as usize % moves.len().max(1)) else { break };
                board.apply_unchecked(mv);
                if settle {
                    board.play_automoves(Automove::Raymond);
                }
            }
        }
    }

    /// The evaluation agrees with the two-pass reference on positions along random games
    /// from shuffled decks.
    #[test]
    fn evaluation_matches_the_reference() {
        let w = Weights { out: 1, blocked: 3, unsorted: 5, dig: 7, cell: 11, column: 13, depth: 0 };
        random_positions(Rules::freecell(), false, |board, _| {
            assert_eq!(evaluate(board, &w), reference(board, &w), "{board}");
        });
    }

    /// Each child's blocked count, from its parent's and the move, equals a count from
    /// scratch, under FreeCell's and Baker's Game's build rules.
    #[test]
    fn blocked_after_a_move_matches_a_recount() {
        for rules in [Rules::freecell(), Rules::bakers_game()] {
            random_positions(rules, false, |board, moves| {
                let blocking = Blocking::of(board);
                for &mv in moves {
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    assert_eq!(blocking.after(board, mv), Blocking::of(&child).blocked, "{mv:?} in {board}");
                    child.play_automoves(Automove::Raymond);
                    assert_eq!(blocking.after(board, mv), Blocking::of(&child).blocked, "{mv:?} then automoves");
                }
            });
        }
    }

    /// Each child's count of cards above the next home cards, from its parent's and the
    /// move, equals a count from scratch, with and without automoves.
    #[test]
    fn dig_after_a_move_matches_a_recount() {
        for settle in [false, true] {
            random_positions(Rules::freecell(), settle, |board, moves| {
                let blocking = Blocking::of(board);
                let digging = Digging::of(board, &blocking);
                assert_eq!(digging.dig, dig(board));
                for &mv in moves {
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    if settle {
                        child.play_automoves(Automove::Raymond);
                    }
                    assert_eq!(digging.after(&digging.tally(), mv, &child), dig(&child), "{mv:?} in {board}");
                }
            });
        }
    }

    /// A child's digging derived from its parent's equals a recount, automoves played or
    /// not.
    #[test]
    fn digging_of_a_child_matches_a_recount() {
        for settle in [false, true] {
            random_positions(Rules::freecell(), settle, |board, moves| {
                let digging = Digging::of(board, &Blocking::of(board));
                for &mv in moves {
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    if settle {
                        child.play_automoves(Automove::Raymond);
                    }
                    let blocking = Blocking::of(&child);
                    let expected = Digging::of(&child, &blocking);
                    assert_eq!(digging.child(board, mv, &child, &blocking), expected, "{mv:?} in {board}");
                }
            });
        }
    }

    /// A child's blocking derived from its parent's equals a recount, automoves played or
    /// not.
    #[test]
    fn blocking_of_a_child_matches_a_recount() {
        for settle in [false, true] {
            random_positions(Rules::freecell(), settle, |board, moves| {
                let blocking = Blocking::of(board);
                for &mv in moves {
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    if settle {
                        child.play_automoves(Automove::Raymond);
                    }
                    assert_eq!(blocking.child(board, mv, &child), Blocking::of(&child), "{mv:?} in {board}");
                }
            });
        }
    }

    /// From a settled position, every move the search scores without building its child
    /// (no card home, none uncovered that goes home) has no automove after it, and its
    /// hash and counts equal the built child's.
    #[test]
    fn children_scored_unbuilt_match_built_ones() {
        let mut unbuilt = 0;
        for rules in [Rules::freecell(), Rules::bakers_game()] {
            random_positions(rules, true, |board, moves| {
                let blocking = Blocking::of(board);
                let digging = Digging::of(board, &blocking);
                let counts = Counts::of(board, blocking.blocked, digging.dig);
                let tally = digging.tally();
                for &mv in moves {
                    let preview = board.preview(mv);
                    if mv.is_to_foundation()
                        || preview.uncovered.is_some_and(|c| goes_home(board, c, Automove::Raymond))
                    {
                        continue;
                    }
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    assert_eq!(child.play_automoves(Automove::Raymond), 0, "{mv:?} in {board}");
                    assert_eq!(preview.hash, child.hash64());
                    let recount = Counts::of(&child, Blocking::of(&child).blocked, dig(&child));
                    assert_eq!(
                        counts.after(board, mv, &preview, &blocking, (&digging, &tally)),
                        recount,
                        "{mv:?} in {board}"
                    );
                    unbuilt += 1;
                }
            });
        }
        assert!(unbuilt > 10_000, "{unbuilt}");
    }

    /// From a settled position, every move the search skips after a move (see
    /// [`moved_card`]) reaches the position itself or one of its children, which the search
    /// has seen.
    #[test]
    fn moving_a_card_again_reaches_a_position_seen() {
        let mut skipped = 0;
        for rules in [Rules::freecell(), Rules::bakers_game()] {
            random_positions(rules, true, |board, moves| {
                let after = |from: &Board, mv: Move| {
                    let mut child = from.clone();
                    child.apply_unchecked(mv);
                    child.play_automoves(Automove::Raymond);
                    child
                };
                let seen: Vec<_> =
                    std::iter::once(board.key()).chain(moves.iter().map(|&mv| after(board, mv).key())).collect();
                let mut next = Vec::new();
                for &first in moves {
                    let child = after(board, first);
                    let again = moved_card(board, first, &child);
                    next.clear();
                    child.generate_moves(MoveModel::Sequence, &mut next);
                    for &second in next.iter().filter(|&&mv| moves_again(again, mv)) {
                        let key = after(&child, second).key();
                        assert!(seen.contains(&key), "{first:?} then {second:?} in {board}");
                        skipped += 1;
                    }
                }
            });
        }
        assert!(skipped > 10_000, "{skipped}");
    }

    /// The seen set answers as a set of 64-bit hashes: through growth and clearing, and for
    /// hashes that differ only in the half its slots do not hold.
    #[test]
    fn seen_set_holds_what_was_inserted() {
        let mut next = xorshift(0x51_7cc1_b727_220a);
        let mut set = HashSet64::default();
        for round in 0..3 {
            let hashes: Vec<u64> = (0..6_000).map(|_| next()).collect();
            for &h in &hashes {
                assert_eq!(set.insert(h), Ok(true), "round {round}: {h:#x} is new");
                // The same low half under another home slot.
                assert_eq!(set.insert(h ^ 1 << 40), Ok(true), "round {round}: {h:#x} with another high half");
            }
            assert_eq!(set.hashes.len(), 12_000);
            assert_eq!(set.slots.len(), HashSet64::KEPT_SLOTS, "a table kept between searches");
            for &h in &hashes {
                assert_eq!(set.insert(h), Ok(false), "round {round}: {h:#x} was inserted");
                assert_eq!(set.insert(h ^ 1 << 40), Ok(false));
            }
            set.clear();
            assert!(set.slots.iter().all(|&slot| slot == 0), "round {round}: cleared");
        }
    }

    /// The open list pops in the order of a binary heap on (priority, newest node).
    #[test]
    fn open_list_pops_best_then_newest() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut nodes = Vec::new();
        let mut open = Open::default();
        open.reserve(40).unwrap();
        let mut heap = std::collections::BinaryHeap::new();
        for _ in 0..2_000 {
            if next().is_multiple_of(3) {
                let expected = heap.pop().map(|std::cmp::Reverse((_, std::cmp::Reverse(id)))| id);
                assert_eq!(open.pop(&nodes), expected);
            } else {
                let id = nodes.len() as u32;
                let priority = (next() % 40) as u32;
                nodes.push(Node { parent: ROOT, link: NONE, mv: Move::single(Pile::cell(0), Pile::cell(1)), depth: 0 });
                open.push(&mut nodes, id, priority);
                heap.push(std::cmp::Reverse((priority, std::cmp::Reverse(id))));
            }
        }
        while let Some(std::cmp::Reverse((_, std::cmp::Reverse(id)))) = heap.pop() {
            assert_eq!(open.pop(&nodes), Some(id));
        }
        assert_eq!(open.pop(&nodes), None);
    }

    /// The moves skipped are those the rules' reading calls run-breaking or needless, given
    /// in the order move generation lists them.
    #[test]
    fn sparing_skips_what_a_player_would_not_play() {
        let mut skipped = [0u32; 3];
        random_positions(Rules::freecell(), true, |board, moves| {
            let tops: Vec<Vec<u8>> =
                (0..board.cascade_count()).map(|i| board.cascade(i).map(|c| c.index() as u8).collect()).collect();
            // Whether the top `count` cards of cascade `a` lie on a card the deepest builds on.
            let splits = |a: usize, count: usize| {
                let cards = &tops[a];
                count < cards.len() && builds_on(cards[count - 1], cards[count])
            };
            let mut sparing = Sparing::default();
            for &mv in moves {
                let expected = match (mv.from().kind(), mv.to().kind()) {
                    (PileKind::Cascade(a), PileKind::Cell(_)) => {
                        let top = tops[a][0];
                        let placed = tops.iter().any(|cards| cards.first().is_some_and(|&onto| builds_on(top, onto)));
                        if placed {
                            skipped[0] += 1;
                        }
                        if splits(a, 1) {
                            skipped[1] += 1;
                        }
                        placed || splits(a, 1)
                    }
                    (PileKind::Cascade(a), PileKind::Cascade(b)) if tops[b].is_empty() => {
                        let split = splits(a, usize::from(mv.count()));
                        skipped[2] += u32::from(split);
                        split
                    }
                    _ => false,
                };
                assert_eq!(sparing.skips(board, mv), expected, "{mv:?} in {board}");
            }
        });
        // Every kind is met.
        assert!(skipped.iter().all(|&n| n > 20), "{skipped:?}");
    }

    /// From a position with no automove left, the shortcut plays exactly what the full
    /// scan plays.
    #[test]
    fn automoves_after_a_move_match_the_full_scan() {
        let mut played = 0;
        random_positions(Rules::freecell(), true, |board, moves| {
            for &mv in moves {
                let mut full = board.clone();
                full.apply_unchecked(mv);
                let mut short = full.clone();
                played += full.play_automoves(Automove::Raymond);
                automoves_after(&mut short, mv, Automove::Raymond, true);
                assert_eq!(short, full, "{mv:?} in {board}");
            }
        });
        // The positions exercise the automoves, not only the early return.
        assert!(played > 100, "{played}");
    }
}
