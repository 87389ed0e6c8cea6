//! [`Board`]: a validated position and the moves that change it.
//!
//! # Representation
//! Each card records what it lies on: another card, the bottom of a cascade, a free cell or
//! its foundation (`below`). Cascades keep only their top card and length. This makes a
//! sequence move of any length change one card's record, so applying it, undoing it and
//! updating the Zobrist hash are O(1) after finding the run's deepest card, and the `below`
//! array read in card order *is* a key that ignores the order of cascades and free cells
//! (see [`Key`](crate::Key)).

use std::fmt;

use crate::card::{Card, Suit};
use crate::layout::{Layout, LayoutError, Location};
use crate::moves::{Move, MoveError, NextHome, Pile, PileKind};
use crate::rules::{BuildRule, EmptyCascadeRule, MAX_CASCADES, MAX_CELLS, Rules};

/// Cascades a [`Board`] has room for: every game of the family but Fan, Baker's Dozen and
/// Cruel.
pub const BOARD_CASCADES: usize = 10;
/// Free cells a [`Board`] has room for: Eight Off's 8.
pub const BOARD_CELLS: usize = 8;

/// The position type of games with at most [`BOARD_CASCADES`] cascades and
/// [`BOARD_CELLS`] free cells: FreeCell and most of its family. Its 128 bytes are what a
/// search copies and stores per position, so it is no wider than those games need.
pub type Board = BoardN<BOARD_CASCADES, BOARD_CELLS>;

/// The position type of every rule set [`Rules::validate`] accepts, up to
/// [`MAX_CASCADES`] cascades and [`MAX_CELLS`] cells (Fan's 18 cascades, Baker's Dozen's
/// 13, Cruel's 12): 176 bytes.
pub type WideBoard = BoardN<MAX_CASCADES, MAX_CELLS>;

/// Cards in one suit: what Simple Simon sends home in one move.
pub(crate) const SUIT_CARDS: u8 = 13;
use crate::zobrist;

/// `below` code: the card is the deepest of its cascade.
pub(crate) const BOTTOM: u8 = 52;
/// `below` code: the card is in a free cell.
pub(crate) const CELL: u8 = 53;
/// `below` code: the card is on its foundation.
pub(crate) const HOME: u8 = 54;
/// No card (an empty cell or cascade). Indexing `below` with it lands on padding.
pub(crate) const NONE: u8 = 63;
/// Where `below` keeps the four foundations' ranks, in suit order: past the 52 cards'
/// records and clear of the codes `BOTTOM`, `CELL`, `HOME` and `NONE`, whose entries stay
/// `NONE`. Kept there rather than in a field of their own, the board is 128 bytes, which a
/// search copies with a few wide moves where 136 took a call to `memcpy` or a field-by-field
/// copy.
pub(crate) const RANKS: usize = 56;
/// Where `below` keeps [`Board::cards_beneath_runs`], in the one entry before [`RANKS`]
/// that no code names, for the same reason.
pub(crate) const BENEATH: usize = 55;

/// Masks a card byte into `below`'s 64 entries, so a malformed move given to
/// [`Board::apply_unchecked`] corrupts the board instead of panicking.
#[inline]
const fn slot(card: u8) -> usize {
    (card & 63) as usize
}

/// A legal position under a rule set, with room for `C` cascades and `F` free cells.
///
/// Use it through [`Board`] (FreeCell and every game of up to 10 cascades and 8 cells) or
/// [`WideBoard`] (any rule set); the width is a type so that the searches of the narrow
/// games copy no unused bytes. Built from a [`Layout`] by [`Board::try_from`], which
/// rejects rules wider than the type; small (128 bytes for a `Board`), `Clone`, and changed
/// in place by [`apply`](Board::apply) / [`undo`](Board::undo).
///
/// # Examples
/// ```
/// use freecell_core::{Board, Card, Layout, Move, MoveModel, Pile, Rules};
/// let deck: Vec<Card> = Card::deck().collect();
/// let mut board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
/// let mut moves = Vec::new();
/// board.generate_moves(MoveModel::Sequence, &mut moves);
/// let first = moves[0];
/// board.apply(first).unwrap();
/// board.undo(first);
/// assert_eq!(board, Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap());
/// ```
#[derive(PartialEq, Eq, Hash)]
pub struct BoardN<const C: usize, const F: usize> {
    pub(crate) rules: Rules,
    /// For each card, what it lies on: a card index, `BOTTOM`, `CELL` or `HOME`; then, at
    /// [`BENEATH`], the cards beneath the cascades' top runs, from [`RANKS`] each suit's
    /// foundation rank (0 = empty); `NONE` elsewhere.
    pub(crate) below: [u8; 64],
    /// Each cascade's top card, or `NONE`.
    pub(crate) tops: [u8; C],
    pub(crate) lens: [u8; C],
    /// Each cascade's deepest card, or `NONE`. Derived from `below`, kept by every move.
    pub(crate) bottoms: [u8; C],
    /// Each cascade's built base: how many cards, from the deepest up, form a built
    /// sequence. Derived from `below`, kept by every move.
    pub(crate) based: [u8; C],
    /// The sum of `based` (a child's score needs it for every move). Kept by every move.
    pub(crate) built: u8,
    /// How many of the rules' cells and cascades are empty (move generation and scores
    /// need them at every position). Kept by every move.
    pub(crate) empty_cell_count: u8,
    pub(crate) empty_cascade_count: u8,
    /// Each free cell's card, or `NONE`.
    pub(crate) cells: [u8; F],
    /// Zobrist hash of `below`, kept up to date by every move.
    pub(crate) hash: u64,
}

impl<const C: usize, const F: usize> Clone for BoardN<C, F> {
    /// Every field is a value: a `Board`'s 128 bytes copy in eight 16-byte moves (a search
    /// copies a board per expanded node and per child with automoves).
    #[inline]
    fn clone(&self) -> Self {
        BoardN { ..*self }
    }
}

impl<const C: usize, const F: usize> TryFrom<Layout> for BoardN<C, F> {
    type Error = LayoutError;

    /// Validates a layout.
    ///
    /// # Errors
    /// [`LayoutError`] when the rules are out of range, there are more cascades or occupied
    /// cells than the rules have, a foundation rank is above 13, or a card is duplicated
    /// (also between a foundation and the table) or missing.
    fn try_from(layout: Layout) -> Result<Self, LayoutError> {
        Self::from_layout(&layout)
    }
}

impl<const C: usize, const F: usize> TryFrom<&Layout> for BoardN<C, F> {
    type Error = LayoutError;

    /// Validates a layout; see `TryFrom<Layout>`.
    fn try_from(layout: &Layout) -> Result<Self, LayoutError> {
        Self::from_layout(layout)
    }
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    fn from_layout(layout: &Layout) -> Result<Self, LayoutError> {
        let rules = layout.rules;
        rules.validate()?;
        if usize::from(rules.cascades) > C || usize::from(rules.free_cells) > F {
            return Err(LayoutError::TooWide { cascades: rules.cascades, cells: rules.free_cells, room: (C, F) });
        }
        if layout.cascades.len() > usize::from(rules.cascades) {
            let found = layout.cascades.len();
            // Trailing empty cascades are harmless padding, not a different game.
            if layout.cascades[usize::from(rules.cascades)..].iter().any(|c| !c.is_empty()) {
                return Err(LayoutError::TooManyCascades { found, allowed: usize::from(rules.cascades) });
            }
        }
        if let Some(last) = layout.cells.iter().rposition(Option::is_some)
            && last >= usize::from(rules.free_cells)
        {
            return Err(LayoutError::TooManyCells { found: last + 1, allowed: usize::from(rules.free_cells) });
        }

        let mut seen: [Option<Location>; 52] = [None; 52];
        let mut claim = |card: Card, at: Location| {
            if let Some(first) = seen[card.index()] {
                return Err(LayoutError::Duplicate { card, first, second: at });
            }
            seen[card.index()] = Some(at);
            Ok(())
        };
        for suit in Suit::ALL {
            let rank = layout.foundations[suit.index()];
            if rank > 13 {
                return Err(LayoutError::FoundationRank { suit, rank });
            }
            for r in 1..=rank {
                claim(card_of(r, suit), Location::Foundation(suit))?;
            }
        }
        for (cell, card) in layout.cells.iter().enumerate() {
            if let Some(card) = card {
                claim(*card, Location::Cell(cell))?;
            }
        }
        for (cascade, cards) in layout.cascades.iter().enumerate() {
            for (depth, &card) in cards.iter().enumerate() {
                claim(card, Location::Cascade { cascade, depth })?;
            }
        }
        let missing: Vec<Card> = Card::deck().filter(|c| seen[c.index()].is_none()).collect();
        if !missing.is_empty() {
            return Err(LayoutError::Missing { cards: missing });
        }

        let mut board = BoardN {
            rules,
            below: [NONE; 64],
            tops: [NONE; C],
            lens: [0; C],
            bottoms: [NONE; C],
            based: [0; C],
            built: 0,
            empty_cell_count: 0,
            empty_cascade_count: 0,
            cells: [NONE; F],
            hash: 0,
        };
        board.below[RANKS..RANKS + 4].copy_from_slice(&layout.foundations);
        for suit in Suit::ALL {
            for r in 1..=layout.foundations[suit.index()] {
                board.below[card_of(r, suit).index()] = HOME;
            }
        }
        for (i, card) in layout.cells.iter().enumerate() {
            if let Some(card) = card {
                board.cells[i] = card.index() as u8;
                board.below[card.index()] = CELL;
            }
        }
        for (i, cards) in layout.cascades.iter().enumerate().take(C) {
            let mut under = BOTTOM;
            for card in cards {
                board.below[card.index()] = under;
                under = card.index() as u8;
            }
            board.tops[i] = if cards.is_empty() { NONE } else { under };
            board.lens[i] = cards.len() as u8;
            if let Some(deepest) = cards.first() {
                board.bottoms[i] = deepest.index() as u8;
            }
            let built = cards.windows(2).take_while(|w| rules.build.stacks(w[1], w[0])).count();
            board.based[i] = if cards.is_empty() { 0 } else { built as u8 + 1 };
        }
        board.sum_up_piles();
        board.hash = zobrist::hash_codes(&board.below);
        Ok(board)
    }

    /// The rules of this position.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position as a [`Layout`].
    pub fn to_layout(&self) -> Layout {
        Layout {
            rules: self.rules,
            foundations: self.foundations(),
            cells: self.cells().collect(),
            cascades: (0..self.cascade_count()).map(|i| self.cascade_cards(i)).collect(),
        }
    }

    /// Number of cascades.
    #[inline]
    pub fn cascade_count(&self) -> usize {
        usize::from(self.rules.cascades)
    }

    /// Number of free cells.
    #[inline]
    pub fn cell_count(&self) -> usize {
        usize::from(self.rules.free_cells)
    }

    /// The top (movable) card of cascade `i`, or `None` when it is empty or does not exist.
    #[inline]
    pub fn cascade_top(&self, i: usize) -> Option<Card> {
        self.tops.get(i).and_then(|&c| Card::from_index(c))
    }

    /// Number of cards in cascade `i` (0 for a cascade that does not exist).
    #[inline]
    pub fn cascade_len(&self, i: usize) -> usize {
        self.lens.get(i).map_or(0, |&n| usize::from(n))
    }

    /// The cards of cascade `i`, **top first** (the reverse of the text formats' order).
    pub fn cascade(&self, i: usize) -> CascadeIter<'_> {
        CascadeIter {
            below: &self.below,
            next: self.tops.get(i).copied().unwrap_or(NONE),
            remaining: self.cascade_len(i),
        }
    }

    /// The cards of cascade `i`, deepest first, as the text formats list them.
    pub fn cascade_cards(&self, i: usize) -> Vec<Card> {
        let mut cards: Vec<Card> = self.cascade(i).collect();
        cards.reverse();
        cards
    }

    /// The card in free cell `i`, if any.
    #[inline]
    pub fn cell(&self, i: usize) -> Option<Card> {
        self.cells.get(i).and_then(|&c| Card::from_index(c))
    }

    /// The free cells in order (`None` for an empty one).
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Option<Card>> + '_ {
        self.cells[..self.cell_count()].iter().map(|&c| Card::from_index(c))
    }

    /// The rank on top of `suit`'s foundation (0 when empty).
    #[inline]
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.below[RANKS + suit.index()]
    }

    /// The four foundations' ranks, in suit order (0 when empty): compared whole, one
    /// comparison tells whether a card went home between two positions.
    #[inline]
    pub fn foundations(&self) -> [u8; 4] {
        let ranks = &self.below;
        [ranks[RANKS], ranks[RANKS + 1], ranks[RANKS + 2], ranks[RANKS + 3]]
    }

    /// The card `suit`'s foundation needs next.
    pub fn next_home(&self, suit: Suit) -> NextHome {
        match self.foundation(suit) {
            13.. => NextHome::Complete,
            rank => NextHome::Card(card_of(rank + 1, suit)),
        }
    }

    /// Cards on the foundations, 0 … 52.
    #[inline]
    pub fn cards_home(&self) -> usize {
        self.foundations().iter().map(|&r| usize::from(r)).sum()
    }

    /// Whether every card is home.
    #[inline]
    pub fn is_won(&self) -> bool {
        self.foundations() == [13; 4]
    }

    /// Whether `card` is on its foundation.
    #[inline]
    pub fn is_home(&self, card: Card) -> bool {
        self.below[card.index()] == HOME
    }

    /// The card directly beneath `card` in its cascade (`None` for the deepest card of a
    /// cascade and for cards in cells or on foundations).
    #[inline]
    pub fn beneath(&self, card: Card) -> Option<Card> {
        Card::from_index(self.below[card.index()])
    }

    /// Number of empty free cells.
    #[inline]
    pub fn empty_cells(&self) -> usize {
        // Clamped: only a board an illegal `apply_unchecked` corrupted can exceed it.
        usize::from(self.empty_cell_count).min(self.cell_count())
    }

    /// Number of empty cascades.
    #[inline]
    pub fn empty_cascades(&self) -> usize {
        usize::from(self.empty_cascade_count).min(self.cascade_count())
    }

    /// Sets the summaries every move keeps (the built bases' total and the counts of empty
    /// cells and cascades) from the piles and `based`, when a board is built.
    pub(crate) fn sum_up_piles(&mut self) {
        let built: usize = self.based[..self.cascade_count()].iter().map(|&n| usize::from(n)).sum();
        let cells = self.cells[..self.cell_count()].iter().filter(|&&c| c == NONE).count();
        let cascades = self.lens[..self.cascade_count()].iter().filter(|&&n| n == 0).count();
        (self.built, self.empty_cell_count, self.empty_cascade_count) = (built as u8, cells as u8, cascades as u8);
        let beneath: usize = (0..self.cascade_count()).map(|i| self.cascade_len(i) - self.run_len(i)).sum();
        self.below[BENEATH] = beneath as u8;
    }

    /// Cascade cards lying beneath their cascade's top run (the cards from the top down each
    /// built on the next), summed over the cascades: cards reached only by moving a run
    /// away (fc-solve's "cards under sequences", `fc-solve/source/scans_impl.h`,
    /// `befs_rate_state`). Kept by every move, so this is O(1).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// // JH does not build on QH: KS QH lie beneath the top run JH; QS builds on KH.
    /// let board: Board = "Foundations: C-K D-K H-T S-J\n: KS QH JH\n: KH QS\n".parse().unwrap();
    /// assert_eq!(board.cards_beneath_runs(), 2);
    /// ```
    #[inline]
    pub fn cards_beneath_runs(&self) -> usize {
        usize::from(self.below[BENEATH])
    }

    /// Length of the run from card byte `card` down: it and the cards beneath it, each
    /// built on the next. Each is a rank higher than the last under every build rule, so
    /// the walk ends within 13 cards on any board, even one an illegal move corrupted.
    #[inline(always)]
    #[allow(clippy::inline_always)] // relocate and preview call it for every move: left a call, FreeCell took 3 % more instructions
    fn run_from(&self, card: u8) -> u8 {
        let (mut card, mut run) = (card, 1u8);
        while let Some(under) = self.built_on(card) {
            (card, run) = (under, run.wrapping_add(1));
        }
        run
    }

    /// The cards beneath the top runs after the `count` cards on top of cascade `a`, whose
    /// deepest is `base` lying on `rest`, leave it: they take the whole top run when `base`
    /// does not build on `rest`, and the run from `rest` becomes the top one.
    #[inline(always)]
    #[allow(clippy::inline_always)] // as `run_from`
    fn beneath_after_leaving(&self, base: u8, rest: u8) -> u8 {
        let beneath = self.below[BENEATH];
        if rest < BOTTOM && !self.stacks(base, rest) { beneath.wrapping_sub(self.run_from(rest)) } else { beneath }
    }

    /// How many cards one cascade-to-cascade move may carry now, under the rules' capacity,
    /// to an empty cascade (`to_empty`) or onto a card.
    pub fn sequence_capacity(&self, to_empty: bool) -> usize {
        let (onto_card, into_empty) = self.sequence_capacities();
        if to_empty { into_empty } else { onto_card }
    }

    /// [`sequence_capacity`](Board::sequence_capacity) onto a card and into an empty
    /// cascade, counting the empty piles once.
    #[inline]
    pub(crate) fn sequence_capacities(&self) -> (usize, usize) {
        self.sequence_capacities_under(self.rules)
    }

    /// [`sequence_capacities`](Self::sequence_capacities) with `rules` for the board's own
    /// (the same rules, as a constant the caller's code is compiled for).
    #[inline]
    pub(crate) fn sequence_capacities_under(&self, rules: Rules) -> (usize, usize) {
        // Clamped as `empty_cells` and `empty_cascades` are.
        let cells = usize::from(self.empty_cell_count).min(usize::from(rules.free_cells));
        let cascades = rules.parking_cascades(usize::from(self.empty_cascade_count).min(usize::from(rules.cascades)));
        let capacity = rules.capacity;
        (capacity.capacity(cells, cascades), capacity.capacity(cells, cascades.saturating_sub(1)))
    }

    /// Length of the built sequence on top of cascade `i` (0 when empty).
    pub fn run_len(&self, i: usize) -> usize {
        let Some(&top) = self.tops.get(i) else { return 0 };
        if top == NONE {
            return 0;
        }
        let mut card = top;
        let mut run = 1;
        while let Some(under) = self.built_on(card) {
            card = under;
            run += 1;
        }
        run
    }

    /// Whether moving the `count` cards on top of cascade `i` would break a built run: the
    /// deepest of them is built on the card beneath it, so the run goes on below them.
    /// False when the cascade holds `count` cards or fewer (or `count` is 0).
    #[inline]
    pub fn splits_run(&self, i: usize, count: usize) -> bool {
        if count == 0 || count >= self.cascade_len(i) {
            return false;
        }
        // `count` is at most 51 here, and the cascade holds more cards than that.
        let (base, rest) = self.run_base(i, count as u8);
        self.stacks(base, rest)
    }

    /// The card byte beneath card byte `card` in its cascade when `card` is built on it
    /// (the next card down a built run), or `None`.
    #[inline]
    pub(crate) fn built_on(&self, card: u8) -> Option<u8> {
        self.built_on_under(self.rules.build, card)
    }

    /// [`built_on`](Self::built_on) under `build`, the board's own rule (see
    /// [`sequence_capacities_under`](Self::sequence_capacities_under)).
    #[inline]
    pub(crate) fn built_on_under(&self, build: BuildRule, card: u8) -> Option<u8> {
        let under = self.below[slot(card)];
        (under < BOTTOM && builders_on(build, under) >> slot(card) & 1 == 1).then_some(under)
    }

    /// The set of cards (bit = card index) that build on card byte `onto`.
    #[inline]
    pub(crate) fn builders_on(&self, onto: u8) -> u64 {
        builders_on(self.rules.build, onto)
    }

    /// Whether card byte `card` builds on card byte `onto` under the rules (false when
    /// either is not a card).
    #[inline]
    pub(crate) fn stacks(&self, card: u8, onto: u8) -> bool {
        BUILDS_ON[self.rules.build as usize][slot(onto)] >> slot(card) & 1 == 1
    }

    /// The current 64-bit Zobrist hash of the position, invariant under permutations of
    /// cascades and free cells; equal to [`Key::hash64`](crate::Key::hash64) of
    /// [`Board::key`]. Maintained incrementally by every move.
    #[inline]
    pub fn hash64(&self) -> u64 {
        self.hash
    }

    /// Checks a move without applying it.
    ///
    /// # Errors
    /// [`MoveError`] names the rule the move breaks.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        // FreeCell's rules as constants, in a copy compiled for them (as move generation
        // has): every solution's verifying replay checks each of its moves.
        if self.rules.is_freecell() {
            return self.check_under(Rules::freecell(), mv);
        }
        self.check_under(self.rules, mv)
    }

    /// [`check`](Self::check) under `rules`, the board's own.
    #[allow(clippy::inline_always)] // two copies, one for FreeCell's rules as constants
    #[inline(always)]
    fn check_under(&self, rules: Rules, mv: Move) -> Result<(), MoveError> {
        let (from, to, count) = (mv.from(), mv.to(), mv.count());
        Self::check_exists(rules, from)?;
        Self::check_exists(rules, to)?;
        if from == to {
            return Err(MoveError::SamePile { pile: from });
        }
        if from.is_foundation() {
            return Err(MoveError::FromFoundation { pile: from });
        }
        if rules.build == BuildRule::SimpleSimon && to.is_foundation() {
            return self.check_whole_suit(from, to, count);
        }
        if count == 0 || (count > 1 && !(from.is_cascade() && to.is_cascade())) {
            return Err(MoveError::BadCount { from, to, count });
        }
        let card = match Self::locate(from) {
            PileKind::Cascade(a) => {
                if self.lens[a] == 0 {
                    return Err(MoveError::EmptySource { pile: from });
                }
                // Down the moved cards only: the rest of the run matters only to the error.
                let mut card = self.tops[a];
                for _ in 1..count {
                    let Some(under) = self.built_on_under(rules.build, card) else {
                        let run = self.run_len(a) as u8;
                        return Err(MoveError::NotASequence { pile: from, count, run });
                    };
                    card = under;
                }
                Card::from_index(card).ok_or(MoveError::EmptySource { pile: from })?
            }
            PileKind::Cell(i) => match self.cell(i) {
                Some(card) => card,
                None => return Err(MoveError::EmptySource { pile: from }),
            },
            PileKind::Foundation(_) => unreachable!("rejected above"),
        };
        match Self::locate(to) {
            PileKind::Cell(j) => match self.cell(j) {
                Some(held) => Err(MoveError::CellOccupied { pile: to, card: held }),
                None => Ok(()),
            },
            PileKind::Foundation(suit) => {
                if card.suit() != suit {
                    Err(MoveError::WrongFoundation { card, pile: to })
                } else if self.foundation(suit) + 1 != card.rank().get() {
                    Err(MoveError::NotNextHome { card, needs: self.next_home(suit) })
                } else {
                    Ok(())
                }
            }
            PileKind::Cascade(b) => {
                let to_empty = self.lens[b] == 0;
                match self.cascade_top(b) {
                    None if !rules.empty_cascade.accepts(card) => {
                        return Err(if rules.empty_cascade == EmptyCascadeRule::Nothing {
                            MoveError::EmptyCascadeStaysEmpty { card }
                        } else {
                            MoveError::EmptyCascadeNeedsKing { card }
                        });
                    }
                    Some(onto) if !rules.build.stacks(card, onto) => {
                        return Err(MoveError::DoesNotBuild { card, onto });
                    }
                    _ => {}
                }
                // Every capacity is at least one card (one run of a suit in Simple Simon).
                if count > 1 {
                    let (onto_card, into_empty) = self.sequence_capacities_under(rules);
                    let capacity = if to_empty { into_empty } else { onto_card };
                    let units = match (rules.build, Self::locate(from)) {
                        // Simple Simon's capacity counts the runs of one suit moved.
                        (BuildRule::SimpleSimon, PileKind::Cascade(a)) => self.suit_runs(a, count),
                        _ => usize::from(count),
                    };
                    if units > capacity {
                        return Err(MoveError::OverCapacity { count, capacity });
                    }
                }
                Ok(())
            }
        }
    }

    /// How many runs of one suit the top `count` cards of cascade `a` make.
    #[cold]
    #[inline(never)]
    pub(crate) fn suit_runs(&self, a: usize, count: u8) -> usize {
        let mut card = self.tops[a];
        let mut runs = 1;
        for _ in 1..count {
            let under = self.below[slot(card)];
            runs += usize::from(under & 3 != card & 3);
            card = under;
        }
        runs
    }

    /// Checks a move to a foundation under [`BuildRule::SimpleSimon`]: 13 cards from a
    /// cascade, ace on top, each on the card of its suit one rank higher.
    #[cold]
    #[inline(never)]
    pub(crate) fn check_whole_suit(&self, from: Pile, to: Pile, count: u8) -> Result<(), MoveError> {
        let not_whole = MoveError::NotAWholeSuit { pile: from };
        let PileKind::Cascade(a) = from.kind() else { return Err(not_whole) };
        if count != SUIT_CARDS || self.lens[a] < SUIT_CARDS {
            return Err(not_whole);
        }
        let ace = self.tops[a];
        if let Some(card) = Card::from_index(ace)
            && card.suit() != to.kind_suit()
        {
            return Err(MoveError::WrongFoundation { card, pile: to });
        }
        let mut card = ace;
        for rank in 1..=SUIT_CARDS {
            if card != (rank - 1) * 4 + (ace & 3) {
                return Err(not_whole);
            }
            card = self.below[slot(card)];
        }
        Ok(())
    }

    /// What `pile` names on this board type: [`Pile::kind`], except that a pile past the
    /// type's room (which only an unchecked illegal move names) reads as one of its piles:
    /// on a [`Board`] the spades' foundation, so that it decodes with two comparisons, on a
    /// wider board its last cascade. The index it gives provably fits the board's arrays:
    /// hot paths that index per-cascade arrays by a move's piles use it.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Pile, PileKind, Suit, WideBoard};
    /// assert_eq!(Board::locate(Pile::cascade(3)), PileKind::Cascade(3));
    /// assert_eq!(Board::locate(Pile::foundation(Suit::Hearts)), PileKind::Foundation(Suit::Hearts));
    /// assert_eq!(WideBoard::locate(Pile::cascade(15)), PileKind::Cascade(15));
    /// assert_eq!(Board::locate(Pile::cascade(15)), PileKind::Foundation(Suit::Spades));
    /// ```
    #[inline]
    pub fn locate(pile: Pile) -> PileKind {
        pile.place_in::<C, F>()
    }

    fn check_exists(rules: Rules, pile: Pile) -> Result<(), MoveError> {
        let exists = match pile.kind() {
            PileKind::Cascade(i) => i < usize::from(rules.cascades),
            PileKind::Cell(i) => i < usize::from(rules.free_cells),
            PileKind::Foundation(_) => true,
        };
        if exists { Ok(()) } else { Err(MoveError::NoSuchPile { pile }) }
    }

    /// Applies a move after checking it.
    ///
    /// # Errors
    /// [`MoveError`] when the move is illegal; the board is then unchanged.
    pub fn apply(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv)?;
        self.apply_unchecked(mv);
        Ok(())
    }

    /// Applies a move without checking it: the fast path for search.
    ///
    /// Precondition: [`check`](Board::check) accepts `mv` (for instance because
    /// [`generate_moves`](Board::generate_moves) produced it). An illegal move never
    /// causes undefined behaviour or a panic, but leaves the board meaningless.
    #[inline]
    pub fn apply_unchecked(&mut self, mv: Move) {
        self.relocate::<false>(mv.from(), mv.to(), mv.count());
    }

    /// Takes back `mv`, which must be the move most recently applied to this board.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Layout, Move, Pile, Rules};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let start = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
    /// let mut board = start.clone();
    /// let mv = Move::single(Pile::cascade(0), Pile::cell(0));
    /// board.apply(mv).unwrap();
    /// board.undo(mv);
    /// assert_eq!(board, start);
    /// ```
    #[inline]
    pub fn undo(&mut self, mv: Move) {
        self.relocate::<true>(mv.to(), mv.from(), mv.count());
    }

    /// What the legal move `mv` would do, computed without playing it: the hash of the
    /// position after it, the card it uncovers, the built-base cards and the cards beneath
    /// the top runs after it. A search
    /// can drop a duplicate child, or score one, without copying the board.
    ///
    /// Precondition as for [`apply_unchecked`](Board::apply_unchecked); automoves are not
    /// played.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Move, Pile};
    /// let board: Board = "Foundations: C-K D-K H-T S-J\n: KS QH\n: QS JH\n: KH\n".parse().unwrap();
    /// // JH to a free cell uncovers QS and shortens cascade 1's built base.
    /// let mv = Move::new(Pile::cascade(1), Pile::cell(0), 1);
    /// let preview = board.preview(mv);
    /// let mut after = board.clone();
    /// after.apply(mv).unwrap();
    /// assert_eq!(preview.hash, after.hash64());
    /// assert_eq!(preview.uncovered, Some("QS".parse::<Card>().unwrap()));
    /// assert_eq!(preview.built_base_cards, after.built_base_cards());
    /// ```
    #[inline(always)]
    #[allow(clippy::inline_always)] // the greedy search calls it twice a child: left a call, FreeCell's took 5 % more instructions
    pub fn preview(&self, mv: Move) -> Preview {
        let (from, to, count) = (mv.from(), mv.to(), mv.count());
        let mut built = usize::from(self.built);
        // A legal move puts its cards on a cascade's top card they build on (or into an empty
        // one): only its source's runs change.
        let mut beneath = self.below[BENEATH];
        let (base, uncovered) = match Self::locate(from) {
            PileKind::Cascade(a) => {
                let (base, rest) = self.run_base(a, count);
                let len = self.lens[a].wrapping_sub(count);
                built -= usize::from(self.based[a] - self.based[a].min(len));
                beneath = self.beneath_after_leaving(base, rest);
                (base, Card::from_index(rest))
            }
            PileKind::Cell(i) => (self.cells[i], None),
            PileKind::Foundation(suit) => (self.home_top(suit), None),
        };
        let cards_beneath_runs = usize::from(beneath);
        let code = match Self::locate(to) {
            PileKind::Cascade(b) => {
                if self.extends_built_base(b, base) {
                    built += usize::from(count);
                }
                if self.tops[b] == NONE { BOTTOM } else { self.tops[b] }
            }
            PileKind::Cell(_) => CELL,
            PileKind::Foundation(suit) if count > 1 => {
                // A whole suit (Simple Simon): the other twelve cards go home too.
                let hash = self.hash ^ self.suit_home_hash(suit);
                return Preview { hash, uncovered, built_base_cards: built, cards_beneath_runs };
            }
            PileKind::Foundation(_) => HOME,
        };
        let hash = self.hash ^ zobrist::code(base, self.below[slot(base)]) ^ zobrist::code(base, code);
        Preview { hash, uncovered, built_base_cards: built, cards_beneath_runs }
    }

    /// [`preview`](Self::preview)'s hash and uncovered card alone: what a search needs to
    /// drop a duplicate child, or load its seen-set slot, before it builds the child. The
    /// counts of built and beneath-run cards, which `preview` also gives, walk the runs the
    /// move leaves, a loop LLVM keeps even where only the hash is read: loading Streets and
    /// Alleys' children's slots from this took a fifth fewer instructions than from
    /// `preview`.
    ///
    /// Precondition as for [`preview`](Self::preview).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Move, Pile};
    /// let board: Board = "Foundations: C-K D-K H-T S-J\n: KS QH\n: QS JH\n: KH\n".parse().unwrap();
    /// let mv = Move::new(Pile::cascade(1), Pile::cell(0), 1);
    /// let mut after = board.clone();
    /// after.apply(mv).unwrap();
    /// assert_eq!(board.preview_hash(mv), (after.hash64(), Some("QS".parse::<Card>().unwrap())));
    /// ```
    #[inline]
    pub fn preview_hash(&self, mv: Move) -> (u64, Option<Card>) {
        let count = mv.count();
        let (base, uncovered) = match Self::locate(mv.from()) {
            PileKind::Cascade(a) => {
                let (base, rest) = self.run_base(a, count);
                (base, Card::from_index(rest))
            }
            PileKind::Cell(i) => (self.cells[i], None),
            PileKind::Foundation(suit) => (self.home_top(suit), None),
        };
        let code = match Self::locate(mv.to()) {
            PileKind::Cascade(b) if self.tops[b] == NONE => BOTTOM,
            PileKind::Cascade(b) => self.tops[b],
            PileKind::Cell(_) => CELL,
            PileKind::Foundation(suit) if count > 1 => return (self.hash ^ self.suit_home_hash(suit), uncovered),
            PileKind::Foundation(_) => HOME,
        };
        (self.hash ^ zobrist::code(base, self.below[slot(base)]) ^ zobrist::code(base, code), uncovered)
    }

    /// The card byte on top of `suit`'s foundation (meaningless when it is empty: moving
    /// from an empty foundation is no legal move, and unchecked moves never panic).
    #[inline]
    fn home_top(&self, suit: Suit) -> u8 {
        self.foundation(suit).wrapping_sub(1).wrapping_mul(4).wrapping_add(suit as u8)
    }

    /// The deepest card of the `count` cards on top of cascade `a`, and what it lies on
    /// (a card, or `BOTTOM`).
    #[inline]
    fn run_base(&self, a: usize, count: u8) -> (u8, u8) {
        let mut base = self.tops[a];
        for _ in 1..count {
            base = self.below[slot(base)];
        }
        (base, self.below[slot(base)])
    }

    /// Whether a run whose deepest card is `base`, put on cascade `b`, lengthens its built
    /// base: a legal move carries a built run, so it does when the whole cascade is built
    /// and `base` builds on its top (or the cascade is empty).
    #[inline]
    fn extends_built_base(&self, b: usize, base: u8) -> bool {
        let under = self.tops[b];
        self.based[b] == self.lens[b] && (under == NONE || self.stacks(base, under))
    }

    /// Moves `count` cards from the top of `from` to `to`, unchecked. Foundations may be a
    /// source here, which is what undo needs. A legal move puts its cards on a card they
    /// build on; only an undo (`BACK`) may put them on one they do not.
    fn relocate<const BACK: bool>(&mut self, from: Pile, to: Pile, count: u8) {
        // Detach: `base` is the deepest moving card, `top` the uppermost.
        let (base, top) = match Self::locate(from) {
            PileKind::Cascade(a) => {
                let top = self.tops[a];
                let (base, rest) = self.run_base(a, count);
                self.below[BENEATH] = self.beneath_after_leaving(base, rest);
                self.tops[a] = if rest < BOTTOM { rest } else { NONE };
                if rest >= BOTTOM {
                    self.bottoms[a] = NONE;
                    self.empty_cascade_count = self.empty_cascade_count.wrapping_add(1);
                }
                self.lens[a] = self.lens[a].wrapping_sub(count);
                let based = self.based[a].min(self.lens[a]);
                self.built = self.built.wrapping_sub(self.based[a] - based);
                self.based[a] = based;
                (base, top)
            }
            PileKind::Cell(i) => {
                let card = self.cells[i];
                self.cells[i] = NONE;
                self.empty_cell_count = self.empty_cell_count.wrapping_add(1);
                (card, card)
            }
            PileKind::Foundation(suit) if count > 1 => self.lift_suit(suit),
            PileKind::Foundation(suit) => {
                let card = self.home_top(suit);
                let home = &mut self.below[RANKS + suit.index()];
                *home = home.wrapping_sub(1);
                (card, card)
            }
        };
        // Attach: only `base` changes what it lies on.
        let code = match Self::locate(to) {
            PileKind::Cascade(b) => {
                let under = self.tops[b];
                let len = self.lens[b];
                if self.extends_built_base(b, base) {
                    self.based[b] = len.wrapping_add(count);
                    self.built = self.built.wrapping_add(count);
                }
                if BACK && under != NONE && !self.stacks(base, under) {
                    // The run `under` tops now lies beneath the cards put back.
                    self.below[BENEATH] = self.below[BENEATH].wrapping_add(self.run_from(under));
                }
                self.tops[b] = top;
                self.lens[b] = len.wrapping_add(count);
                if under == NONE {
                    self.bottoms[b] = base;
                    self.empty_cascade_count = self.empty_cascade_count.wrapping_sub(1);
                    BOTTOM
                } else {
                    under
                }
            }
            PileKind::Cell(j) => {
                self.cells[j] = base;
                self.empty_cell_count = self.empty_cell_count.wrapping_sub(1);
                CELL
            }
            // A legal move home carries cards of the foundation's suit: `base`'s, which
            // spares decoding the pile's.
            PileKind::Foundation(_) if count > 1 => {
                self.land_suit(Suit::of_index(base & 3));
                HOME
            }
            PileKind::Foundation(_) => {
                let home = &mut self.below[RANKS + usize::from(base & 3)];
                *home = home.wrapping_add(1);
                HOME
            }
        };
        let old = std::mem::replace(&mut self.below[slot(base)], code);
        self.hash ^= zobrist::code(base, old) ^ zobrist::code(base, code);
    }
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// The Zobrist change of sending `suit`'s thirteen cards from where they lie home.
    #[cold]
    #[inline(never)]
    fn suit_home_hash(&self, suit: Suit) -> u64 {
        (0..SUIT_CARDS)
            .map(|rank| rank * 4 + suit as u8)
            .fold(0, |hash, card| hash ^ zobrist::code(card, self.below[slot(card)]) ^ zobrist::code(card, HOME))
    }

    /// Simple Simon's move home, after `relocate` detached the suit (king deepest) from its
    /// cascade: every card but the king, which `relocate` marks, goes home.
    #[cold]
    #[inline(never)]
    fn land_suit(&mut self, suit: Suit) {
        for rank in 0..SUIT_CARDS - 1 {
            self.mark(rank * 4 + suit as u8, HOME);
        }
        self.below[RANKS + suit.index()] = SUIT_CARDS;
    }

    /// The undo of [`land_suit`](Self::land_suit): the suit leaves its foundation as a run,
    /// each card on the next higher one; returns the king and the ace, for `relocate` to
    /// put the king on its cascade.
    #[cold]
    #[inline(never)]
    fn lift_suit(&mut self, suit: Suit) -> (u8, u8) {
        for rank in 0..SUIT_CARDS - 1 {
            self.mark(rank * 4 + suit as u8, (rank + 1) * 4 + suit as u8);
        }
        self.below[RANKS + suit.index()] = 0;
        ((SUIT_CARDS - 1) * 4 + suit as u8, suit as u8)
    }

    /// Sets what `card` lies on, keeping the hash.
    fn mark(&mut self, card: u8, code: u8) {
        let old = std::mem::replace(&mut self.below[slot(card)], code);
        self.hash ^= zobrist::code(card, old) ^ zobrist::code(card, code);
    }
}

/// What a move would do to a board, from [`Board::preview`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preview {
    /// [`Board::hash64`] after the move.
    pub hash: u64,
    /// The card the move leaves on top of its source cascade (`None` when it moves from a
    /// cell or a foundation, or empties the cascade): the one card a move from a settled
    /// position can make ready to go home.
    pub uncovered: Option<Card>,
    /// [`Board::built_base_cards`] after the move.
    pub built_base_cards: usize,
    /// [`Board::cards_beneath_runs`] after the move.
    pub cards_beneath_runs: usize,
}

/// The set of cards (bit = card index) that build on card byte `onto` under `build`.
#[inline]
pub(crate) fn builders_on(build: BuildRule, onto: u8) -> u64 {
    BUILDS_ON[build as usize][slot(onto)]
}

/// `BUILDS_ON[rule][onto]`: the set of cards (bit = card index) that build on `onto`
/// under each [`BuildRule`], indexed by its discriminant. Entries past 51
/// are empty, so non-cards build on nothing. Move generation asks this in its inner loop.
static BUILDS_ON: [[u64; 64]; 4] = {
    let rules = [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit, BuildRule::SimpleSimon];
    let mut table = [[0; 64]; 4];
    let mut r = 0;
    while r < 4 {
        let mut onto = 0;
        while onto < 52 {
            let mut card = 0;
            while card < 52 {
                if let (Some(c), Some(o)) = (Card::from_index(card), Card::from_index(onto))
                    && rules[r].stacks(c, o)
                {
                    table[rules[r] as usize][onto as usize] |= 1 << card;
                }
                card += 1;
            }
            onto += 1;
        }
        r += 1;
    }
    table
};

/// The card of `rank` (1 … 13) and `suit`.
#[inline]
pub(crate) fn card_of(rank: u8, suit: Suit) -> Card {
    Card::from_index((rank - 1) * 4 + suit as u8).unwrap_or_else(|| unreachable!("rank {rank} out of 1..=13"))
}

/// The cards of one cascade, top first; see [`Board::cascade`].
#[derive(Clone, Debug)]
pub struct CascadeIter<'a> {
    below: &'a [u8; 64],
    next: u8,
    remaining: usize,
}

impl Iterator for CascadeIter<'_> {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let card = Card::from_index(self.next)?;
        self.next = self.below[slot(self.next)];
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for CascadeIter<'_> {}

impl<const C: usize, const F: usize> fmt::Debug for BoardN<C, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{next, shuffled_deck};
    use crate::{Automove, MoveModel};

    /// On FreeCell's positions the check's copy compiled for FreeCell's rules answers as the
    /// copy for any rules, error for error, for every move between any two piles of up to
    /// 13 cards, on positions played out at random.
    #[test]
    fn freecell_s_own_check_follows_the_general_one() {
        let (mut state, mut legal, mut illegal) = (3u64, 0, 0);
        let piles: Vec<Pile> =
            (0..8).map(Pile::cascade).chain((0..4).map(Pile::cell)).chain(Suit::ALL.map(Pile::foundation)).collect();
        for _ in 0..10 {
            let mut board = Board::try_from(Layout::deal(Rules::freecell(), &shuffled_deck(&mut state), 0)).unwrap();
            let mut moves = Vec::new();
            for _ in 0..60 {
                for (&from, &to, count) in
                    piles.iter().flat_map(|f| piles.iter().flat_map(move |t| (1..=13).map(move |n| (f, t, n))))
                {
                    let mv = Move::new(from, to, count);
                    let own = board.check(mv);
                    assert_eq!(own, board.check_under(std::hint::black_box(board.rules), mv), "{mv:?}\n{board}");
                    if own.is_ok() { legal += 1 } else { illegal += 1 }
                }
                moves.clear();
                board.generate_moves(MoveModel::Sequence, &mut moves);
                let Some(&mv) = moves.get(next(&mut state) as usize % moves.len().max(1)) else { break };
                board.apply(mv).unwrap();
            }
        }
        assert!(legal > 3000 && illegal > 100_000, "{legal} {illegal}");
    }

    /// Cards beneath the cascades' top runs, counted from the cards top down.
    fn beneath_recount<const C: usize, const F: usize>(board: &BoardN<C, F>) -> usize {
        let build = board.rules().build;
        (0..board.cascade_count())
            .map(|i| {
                let cards: Vec<Card> = board.cascade(i).collect();
                let run = (1..cards.len()).find(|&k| !build.stacks(cards[k - 1], cards[k])).unwrap_or(cards.len());
                cards.len() - run
            })
            .sum()
    }

    /// The cards beneath the top runs that every move keeps equal a recount after every
    /// move kind (to and from cells, cascades, empty cascades and foundations, sequences,
    /// whole suits), each undo and the automoves, and in every preview, along random games
    /// of every game of the family and both move models.
    #[test]
    fn cards_beneath_runs_kept_match_a_recount() {
        let (mut seed, mut moves, mut checked) = (11u64, Vec::new(), 0);
        for (round, game) in crate::Game::ALL.into_iter().cycle().take(5 * crate::Game::ALL.len()).enumerate() {
            let Ok(mut board) = WideBoard::try_from(game.variant().deal(&shuffled_deck(&mut seed))) else { continue };
            assert_eq!(board.cards_beneath_runs(), beneath_recount(&board), "{game}\n{board}");
            let model = if round % 2 == 0 { MoveModel::Atomic } else { MoveModel::Sequence };
            for _ in 0..200 {
                moves.clear();
                board.generate_moves(model, &mut moves);
                for &mv in &moves {
                    let mut after = board.clone();
                    after.apply_unchecked(mv);
                    assert_eq!(after.cards_beneath_runs(), beneath_recount(&after), "{mv:?} in {board}");
                    assert_eq!(board.preview(mv).cards_beneath_runs, after.cards_beneath_runs(), "{mv:?} in {board}");
                    after.undo(mv);
                    assert_eq!(after, board, "{mv:?} undone in {board}");
                    checked += 1;
                }
                let Some(&mv) = moves.get((next(&mut seed) % 64) as usize % moves.len().max(1)) else { break };
                board.apply_unchecked(mv);
                board.play_automoves(Automove::Horne);
                assert_eq!(board.cards_beneath_runs(), beneath_recount(&board), "automoves after {mv:?}\n{board}");
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// The size the docs give (a search copies boards, so it matters).
    #[test]
    fn a_board_is_128_bytes() {
        assert_eq!(size_of::<Board>(), 128);
        assert_eq!(size_of::<WideBoard>(), 176);
    }

    /// [`Board::preview`] of every legal move agrees with the position the move makes,
    /// along random games under several rule sets and both move models.
    #[test]
    fn preview_agrees_with_the_move_played() {
        let mut seed = 7u64;
        let mut moves = Vec::new();
        let mut previewed = 0;
        for (game, rules) in [Rules::freecell(), Rules::bakers_game(), Rules::eight_off(), Rules::seahaven_towers()]
            .into_iter()
            .cycle()
            .take(120)
            .enumerate()
        {
            let deck = shuffled_deck(&mut seed);
            let mut board = Board::try_from(Layout::deal(rules, &deck, 0)).unwrap();
            let model = if game % 2 == 0 { MoveModel::Atomic } else { MoveModel::Sequence };
            for _ in 0..150 {
                moves.clear();
                board.generate_moves(model, &mut moves);
                for &mv in &moves {
                    let preview = board.preview(mv);
                    let mut after = board.clone();
                    after.apply_unchecked(mv);
                    let uncovered = match mv.from().kind() {
                        PileKind::Cascade(a) => after.cascade_top(a),
                        _ => None,
                    };
                    let expected = Preview {
                        hash: after.hash64(),
                        uncovered,
                        built_base_cards: after.built_base_cards(),
                        cards_beneath_runs: after.cards_beneath_runs(),
                    };
                    assert_eq!(preview, expected, "{mv:?} in {board}");
                    assert_eq!(board.preview_hash(mv), (expected.hash, uncovered), "{mv:?} in {board}");
                    previewed += 1;
                }
                let Some(&mv) = moves.get((next(&mut seed) % 64) as usize % moves.len().max(1)) else { break };
                board.apply_unchecked(mv);
                board.play_automoves(Automove::Horne);
            }
        }
        assert!(previewed > 10_000, "{previewed}");
    }
}
