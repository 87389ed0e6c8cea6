//! fc-solve's compound moves under Beleaguered Castle's rules (no free cell, building down
//! regardless of suit, any card on an empty cascade; Streets and Alleys' and Citadel's too):
//! a run moved onto its parent card anywhere in another cascade, the cards above that parent
//! (and above the run) first put one by one into empty cascades, all one move of the search
//! ([`generate`]).
//!
//! They are fc-solve's moves 4 and 8 (`shlomif/fc-solve`, `fc-solve/source/freecell.c`,
//! `fc_solve_sfs_move_stack_cards_to_different_stacks` and
//! `fc_solve_sfs_move_cards_to_a_different_parent`): with them, in the order `048` (cards
//! home, then move 4, then move 8), its depth-first scan wins Citadel 3440, 7868 and 9817
//! after 43,639, 19,991 and 18,634 states, where with single moves (`-to 0AB`) it does no
//! better than the greedy searches (`docs/results/games.md`).

use freecell_core::{BoardN, Card, Move, Pile};

/// A compound move's class, in fc-solve's order `048`: 1 a run that is not on its parent
/// (fc-solve's move 4), 2 part of the top run, on its parent, onto another parent (move 8).
/// Class 0, a card home, is an ordinary move.
pub(super) const NOT_ON_PARENT: u8 = 1;
/// See [`NOT_ON_PARENT`].
pub(super) const ON_PARENT: u8 = 2;

/// fc-solve's suit order (hearts, clubs, diamonds, spades) by our suit index (clubs,
/// diamonds, hearts, spades).
const FCS_SUIT: [u32; 4] = [1, 2, 0, 3];

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
    /// Per rank (1–13), the (slot, depth) of its cards on cascades.
    by_rank: [Vec<(usize, usize)>; 14],
    /// The empty cascades, in slot order.
    empties: Vec<usize>,
}

impl Places {
    fn read<const C: usize, const F: usize>(&mut self, board: &BoardN<C, F>) {
        self.order.clear();
        self.order.extend(0..board.cascade_count());
        let deepest = |i: usize| {
            board.cascade(i).last().map_or(0, |card| u32::from(card.rank().get()) * 4 + FCS_SUIT[card.suit().index()])
        };
        self.order.sort_by_key(|&i| (board.cascade_len(i) > 0, deepest(i)));
        self.cards.clear();
        self.starts.clear();
        self.by_rank.iter_mut().for_each(Vec::clear);
        self.empties.clear();
        for (k, &i) in self.order.iter().enumerate() {
            if board.cascade_len(i) == 0 {
                self.empties.push(i);
            }
            let start = self.cards.len();
            self.starts.push(start);
            self.cards.extend(board.cascade(i));
            self.cards[start..].reverse();
            for (depth, card) in self.cards[start..].iter().enumerate() {
                self.by_rank[usize::from(card.rank().get())].push((k, depth));
            }
        }
        self.starts.push(self.cards.len());
    }

    /// Slot `k`'s cards, deepest first.
    fn slot(&self, k: usize) -> &[Card] {
        &self.cards[self.starts[k]..self.starts[k + 1]]
    }
}

/// Whether `upper` builds on `lower` regardless of suit.
fn on_parent(upper: Card, lower: Card) -> bool {
    upper.rank().get() + 1 == lower.rank().get()
}

/// Appends `board`'s compound moves (Beleaguered Castle's rules: no cell, any-suit building) to
/// `steps`, each as its ordinary moves, and to `spans` its class and its steps' range, in
/// fc-solve's order within a class (source cascade, depth, destination cascade, depth;
/// cascades in [`Places`]' order).
///
/// Each is fc-solve's: for a run of cascade `a` starting at depth `c` (move 4: a maximal
/// run, anywhere in `a`; move 8: the top part of the top run, from a card on its parent),
/// and each card one rank above the run's base on another cascade `b`, the cards above
/// that card in `b`, then (move 4) the cards above the run in `a`, go one by one into empty
/// cascades, then the run goes onto the card: when the empty cascades suffice, the run
/// fitting the `2^e` cards the `e` left let it carry. A move whose steps are all one
/// ordinary move is generated too (nothing to put aside). Automoves between the steps
/// are the caller's (they may change what follows: the caller replays the steps checked).
pub(super) fn generate<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &mut Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    places.read(board);
    let places = &*places;
    let empties = &places.empties;
    let mut push = |a: usize, c: usize, set_aside: usize, class: u8| {
        let column = places.slot(a);
        let (run, base) = (column.len() - c - set_aside, column[c]);
        if base.rank().get() == 13 {
            return;
        }
        for &(b, dc) in &places.by_rank[usize::from(base.rank().get()) + 1] {
            if b == a {
                continue;
            }
            let above = places.slot(b).len() - dc - 1;
            let aside = above + set_aside;
            if aside > empties.len() || run > 1 << (empties.len() - aside).min(16) {
                continue;
            }
            let first = steps.len() as u32;
            let mut into = empties.iter();
            let (from, to) = (Pile::cascade(places.order[a]), Pile::cascade(places.order[b]));
            for (pile, count) in [(to, above), (from, set_aside)] {
                for _ in 0..count {
                    let Some(&e) = into.next() else { return };
                    steps.push(Move::single(pile, Pile::cascade(e)));
                }
            }
            steps.push(Move::new(from, to, run as u8));
            spans.push((class, first, steps.len() as u32));
        }
    };
    for a in 0..board.cascade_count() {
        let column = places.slot(a);
        let Some(top) = column.len().checked_sub(1) else { continue };
        // Move 4: each maximal run, the cards above it set aside.
        let mut c = 0;
        while c <= top {
            let mut end = c;
            while end < top && on_parent(column[end + 1], column[end]) {
                end += 1;
            }
            push(a, c, top - end, NOT_ON_PARENT);
            c = end + 1;
        }
        // Move 8: the top run from each card of it on its parent.
        let mut base = top;
        while base > 0 && on_parent(column[base], column[base - 1]) {
            base -= 1;
        }
        for c in base + 1..=top {
            push(a, c, 0, ON_PARENT);
        }
    }
}
