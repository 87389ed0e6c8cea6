//! The compound moves' generation as it was before [`generate`](super::generate) read only
//! the cards a move may reach (the twenty-sixth session), kept for the test that the two
//! give the same moves in the same order on many positions.

use freecell_core::{BoardN, Card, EmptyCascadeRule, Move, NextHome, Pile};

use super::{BURIED_HOME, NOT_ON_PARENT, ON_PARENT, Set, TO_EMPTY};

/// fc-solve's suit order (hearts, clubs, diamonds, spades) by our suit index (clubs,
/// diamonds, hearts, spades).
const FCS_SUIT: [usize; 4] = [1, 2, 0, 3];

/// `card`'s suit in fc-solve's order.
fn fcs_suit(card: Card) -> usize {
    FCS_SUIT[card.suit().index()]
}

/// A card's place in [`Places::by_rank`]: its slot, then its depth (both below 256).
fn place(slot: usize, depth: usize) -> u16 {
    (slot as u16) << 8 | depth as u16
}

/// No place: above every [`place`], so that one sorts last.
const NO_PLACE: u16 = u16::MAX;

/// Where the cards of a position lie: its cascades in fc-solve's order, each slot's cards
/// deepest first, and per rank the slots and depths of its cards. Kept between positions,
/// so nothing is allocated once warm.
#[derive(Default)]
pub(super) struct Places {
    /// The cascade in each slot: fc-solve keeps a position with its cascades sorted, the
    /// empty ones first, the others by their deepest card (rank, then hearts, clubs,
    /// diamonds, spades), and generates its moves in that order (`fc-solve/source/state.c`,
    /// `fc_solve_canonize_state`; `state.h`, `fc_solve_stack_compare_for_canonize`).
    order: Vec<usize>,
    /// Slot `k`'s cards, deepest first, are `cards[starts[k]..starts[k + 1]]`.
    cards: Vec<Card>,
    starts: Vec<usize>,
    /// Per slot, bit `d` set when the card at depth `d + 1` builds on the one at depth `d`
    /// (the two lie in one run): read once a position, it gives every run ([`Places::runs`]) and
    /// every destination without comparing cards again.
    joined: Vec<u64>,
    /// Per rank (1–13) and fc-solve's suit index, where the card lies if a run may go onto
    /// it ([`place`], or [`NO_PLACE`]): the cards no card one rank below covers (the top
    /// cards, and those under a card that does not build on them), as fc-solve records them
    /// (`source/scans.h`, `fc_solve__calc_positions_by_rank_data`). A table, not a list:
    /// move 8 takes them by suit, and one deck has one card of a rank and suit. Only those
    /// under no more cards than there is [`room`](Places::room) to set aside: no move
    /// reaches the others.
    by_rank: [[u16; 4]; 14],
    /// How many cards may be set aside: the empty free cells, and the empty cascades where
    /// they take any card (fc-solve's `empty_two_cols_from_new_state`).
    room: usize,
    /// The empty cascades, in slot order.
    empties: Vec<usize>,
    /// The empty free cells, in order.
    cells: Vec<usize>,
}

impl Places {
    fn read<const C: usize, const F: usize>(&mut self, board: &BoardN<C, F>) {
        let build = board.rules().build;
        self.cells.clear();
        self.cells.extend((0..board.cell_count()).filter(|&i| board.cell(i).is_none()));
        let parking = if board.rules().empty_cascade == EmptyCascadeRule::AnyCard { board.empty_cascades() } else { 0 };
        self.room = self.cells.len() + parking;
        // The slots' order by a key read once per cascade, not per comparison: the deepest
        // card's rank and suit (0 for an empty cascade), then the cascade (a stable sort's
        // order among the empty ones; the others' keys differ).
        self.order.clear();
        self.order.extend((0..board.cascade_count()).map(|i| {
            let deepest =
                board.cascade_bottom(i).map_or(0, |card| usize::from(card.rank().get()) * 4 + fcs_suit(card) + 1);
            deepest << 8 | i
        }));
        self.order.sort_unstable();
        self.order.iter_mut().for_each(|key| *key &= 0xff);
        self.cards.clear();
        self.starts.clear();
        self.joined.clear();
        self.by_rank = [[NO_PLACE; 4]; 14];
        self.empties.clear();
        for (k, &i) in self.order.iter().enumerate() {
            let start = self.cards.len();
            self.starts.push(start);
            self.cards.extend(board.cascade(i));
            if self.cards.len() == start {
                self.empties.push(i);
                self.joined.push(0);
                continue;
            }
            self.cards[start..].reverse();
            let column = &self.cards[start..];
            let mut joined = 0;
            for (depth, pair) in column.windows(2).enumerate() {
                joined |= u64::from(build.stacks(pair[1], pair[0])) << depth;
            }
            // The cards no card one rank below covers, under few enough others: the
            // destinations.
            let reach = column.len().saturating_sub(self.room + 1);
            for (depth, &card) in column.iter().enumerate().skip(reach) {
                if joined >> depth & 1 == 0 {
                    self.by_rank[usize::from(card.rank().get())][fcs_suit(card)] = place(k, depth);
                }
            }
            self.joined.push(joined);
        }
        self.starts.push(self.cards.len());
    }

    /// The places a run of base `base` may go onto, as [`place`]s: by fc-solve's suit
    /// index with `by_suit` (move 8), by slot and depth otherwise (move 4).
    fn parents(&self, base: Card, by_suit: bool) -> impl Iterator<Item = (usize, usize)> {
        let mut parents = self.by_rank[usize::from(base.rank().get()) + 1];
        if !by_suit && parents != [NO_PLACE; 4] {
            parents.sort_unstable();
        }
        parents.into_iter().filter(|&at| at != NO_PLACE).map(|at| (usize::from(at >> 8), usize::from(at & 0xff)))
    }

    /// Whether a run of base `base` has a place to go onto ([`parents`](Places::parents)
    /// yields one): most runs have none, and a test costs less than a call.
    fn has_parents(&self, base: Card) -> bool {
        let rank = usize::from(base.rank().get());
        rank < 13 && self.by_rank[rank + 1] != [NO_PLACE; 4]
    }

    /// Slot `k`'s cards, deepest first.
    fn slot(&self, k: usize) -> &[Card] {
        &self.cards[self.starts[k]..self.starts[k + 1]]
    }

    /// The maximal runs of slot `k`, from the deepest, each as the depths of its deepest
    /// and its top card.
    fn runs(&self, k: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (joined, len) = (self.joined[k], self.starts[k + 1] - self.starts[k]);
        let mut next = 0;
        std::iter::from_fn(move || {
            let first = next;
            if first >= len {
                return None;
            }
            let end = first + (joined >> first).trailing_ones() as usize;
            next = end + 1;
            Some((first, end))
        })
    }

    /// The depth of the deepest card of slot `k`'s top run (its top card at depth `top`).
    fn top_run_base(&self, k: usize, top: usize) -> usize {
        if top == 0 { 0 } else { top - (self.joined[k] << (64 - top)).leading_ones() as usize }
    }

    /// Where the `n`th card set aside goes: the empty free cells in order, then the
    /// cascades of `parking` (fc-solve's `empty_two_cols_from_new_state`).
    fn aside(&self, parking: &[usize], n: usize) -> Pile {
        match self.cells.get(n) {
            Some(&cell) => Pile::cell(cell),
            None => Pile::cascade(parking[n - self.cells.len()]),
        }
    }
}

/// Appends `board`'s compound moves (moves 4 and 8, and those `set` adds) to
/// `steps`, each as its ordinary moves, and to `spans` its class and its steps' range, in
/// fc-solve's order within a class (source cascade, depth, then the destination: move 4's
/// by cascade and depth, move 8's by suit; cascades in [`Places`]' order).
///
/// Each is fc-solve's: for a run of cascade `a` starting at depth `c` (move 4: a maximal
/// run, anywhere in `a`; move 8: the top part of the top run, from a card on its parent),
/// and each card on another cascade `b` the run's base builds on under the rules, that no
/// card building on it covers (fc-solve's destinations), the cards above that card in `b`,
/// then (move 4) the cards above the run in `a`, go one by one into the free cells, then
/// the empty cascades if they take any card, then the run goes onto the card: when those
/// places suffice, and the run fits what the cells and cascades left let one move carry
/// ([`Rules::run_capacity`](freecell_core::Rules::run_capacity)). Move 3: each card under
/// fewer others than there are such places that can go home does, those above it set
/// aside first. A move whose steps are all one ordinary move is generated too (nothing to
/// put aside). Automoves between the steps are the caller's (they may change what
/// follows: the caller replays the steps checked).
pub(super) fn generate<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &mut Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
    set: Set,
) {
    places.read(board);
    let places = &*places;
    let rules = board.rules();
    let build = rules.build;
    // Where cards are put aside: the free cells, then the empty cascades when they take
    // any card (fc-solve's `empty_two_cols_from_new_state`).
    let parking = if rules.empty_cascade == EmptyCascadeRule::AnyCard { places.empties.as_slice() } else { &[] };
    let room = places.room;
    // The longest run a move may carry, nothing set aside: the capacity only shrinks as
    // cells and cascades fill, so no destination takes a longer one.
    let longest = rules.run_capacity(places.cells.len(), places.empties.len());
    let aside_into = |steps: &mut Vec<Move>, from: Pile, count: usize, used: &mut usize| {
        for _ in 0..count {
            steps.push(Move::single(from, places.aside(parking, *used)));
            *used += 1;
        }
    };
    let push =
        |steps: &mut Vec<Move>, spans: &mut Vec<(u8, u32, u32)>, a: usize, c: usize, set_aside: usize, class: u8| {
            let column = places.slot(a);
            let (run, base) = (column.len() - c - set_aside, column[c]);
            if base.rank().get() == 13 {
                return;
            }
            // Move 4's destinations by slot (fc-solve sorts them by source, depth, destination
            // slot, depth), move 8's by suit, in fc-solve's order (it generates them by suit and
            // does not sort them: `freecell.c`, `BUTTER`).
            for (b, dc) in places.parents(base, class == ON_PARENT) {
                if b == a || !build.stacks(base, places.slot(b)[dc]) {
                    continue;
                }
                let above = places.slot(b).len() - dc - 1;
                let aside = above + set_aside;
                if aside > room {
                    continue;
                }
                let cells_left = places.cells.len().saturating_sub(aside);
                let empties_left = places.empties.len() - aside.saturating_sub(places.cells.len());
                if run > rules.run_capacity(cells_left, empties_left) {
                    continue;
                }
                let first = steps.len() as u32;
                let (from, to) = (Pile::cascade(places.order[a]), Pile::cascade(places.order[b]));
                let mut used = 0;
                aside_into(steps, to, above, &mut used);
                aside_into(steps, from, set_aside, &mut used);
                steps.push(Move::new(from, to, run as u8));
                spans.push((class, first, steps.len() as u32));
            }
        };
    // One class after the other, in their order: the caller's sort by class then passes
    // over a sorted list where no free cell adds moves of other classes.
    if set != Set::Parents && room > 0 {
        // Move 3: a card under others home, those above it set aside.
        for a in 0..board.cascade_count() {
            let column = places.slot(a);
            let from = Pile::cascade(places.order[a]);
            for c in (column.len().saturating_sub(room + 1)..column.len().saturating_sub(1)).rev() {
                let card = column[c];
                if board.next_home(card.suit()) != NextHome::Card(card) {
                    continue;
                }
                let first = steps.len() as u32;
                aside_into(steps, from, column.len() - c - 1, &mut 0);
                steps.push(Move::single(from, Pile::foundation(card.suit())));
                spans.push((BURIED_HOME, first, steps.len() as u32));
            }
        }
    }
    for a in 0..board.cascade_count() {
        let column = places.slot(a);
        let Some(top) = column.len().checked_sub(1) else { continue };
        // Move 4: each maximal run, the cards above it set aside.
        for (c, end) in places.runs(a) {
            // The cards above the run alone may leave no room (most runs, with few empty
            // cascades), or the run be too long: then no destination can take it.
            if top - end <= room && end - c < longest && places.has_parents(column[c]) {
                push(steps, spans, a, c, top - end, NOT_ON_PARENT);
            }
        }
    }
    if set == Set::Preset && !parking.is_empty() {
        // Move 6: a run into an empty cascade.
        to_empty(board, places, parking, steps, spans);
    }
    for a in 0..board.cascade_count() {
        let column = places.slot(a);
        let Some(top) = column.len().checked_sub(1) else { continue };
        // Move 8: the top run from each card of it on its parent, that one move may carry.
        let base = places.top_run_base(a, top);
        let first = (base + 1).max((top + 1).saturating_sub(longest));
        for (c, &card) in column.iter().enumerate().skip(first) {
            if places.has_parents(card) {
                push(steps, spans, a, c, 0, ON_PARENT);
            }
        }
    }
}

/// Appends fc-solve's move 6 (`fc_solve_sfs_move_sequences_to_free_stacks`) as
/// [`generate`] does its other moves: for each maximal run of each cascade (slots in
/// [`Places`]' order, runs from the deepest), the top run whole into the first empty
/// cascade when one move may carry it there and it is not the whole cascade; a run under
/// others, when the cards above it fit one by one into the free cells and then the empty
/// cascades but the last (`parking`, which they take in order), its top part that one move
/// may carry into the next empty cascade after them.
fn to_empty<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    parking: &[usize],
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    let rules = board.rules();
    let (cells, empties) = (places.cells.len(), parking.len());
    for a in 0..board.cascade_count() {
        let column = places.slot(a);
        let Some(top) = column.len().checked_sub(1) else { continue };
        let from = Pile::cascade(places.order[a]);
        for (c, end) in places.runs(a) {
            let first = steps.len() as u32;
            let above = top - end;
            if above == 0 {
                let run = top + 1 - c;
                if c > 0 && run <= rules.run_capacity(cells, empties - 1) {
                    steps.push(Move::new(from, Pile::cascade(parking[0]), run as u8));
                    spans.push((TO_EMPTY, first, steps.len() as u32));
                }
            } else if above < cells + empties {
                let (in_cells, in_cascades) = (above.min(cells), above.saturating_sub(cells));
                let capacity = rules.run_capacity(cells - in_cells, empties - in_cascades - 1);
                let start = (end + 1).saturating_sub(capacity).max(c);
                steps.extend((0..above).map(|n| Move::single(from, places.aside(parking, n))));
                steps.push(Move::new(from, Pile::cascade(parking[in_cascades]), (end + 1 - start) as u8));
                spans.push((TO_EMPTY, first, steps.len() as u32));
            }
        }
    }
}
