//! fc-solve's compound moves: a run moved onto its parent card anywhere in another
//! cascade, the cards above that parent (and above the run) first put one by one into the
//! free cells, then into empty cascades where they take any card, all one move of the
//! search ([`generate`]). Under Beleaguered Castle's rules (Citadel's and Streets and
//! Alleys' deals: no free cell, building down regardless of suit) the cards go into empty
//! cascades; under ForeCell's (FreeCell's building, kings
//! alone on an empty cascade) into free cells, and a card under others goes home after
//! those above it go into free cells.
//!
//! They are fc-solve's moves 3, 4, 6 and 8 (`shlomif/fc-solve`, `fc-solve/source/freecell.c`,
//! `fc_solve_sfs_move_non_top_stack_cards_to_founds`,
//! `fc_solve_sfs_move_stack_cards_to_different_stacks`,
//! `fc_solve_sfs_move_sequences_to_free_stacks` and
//! `fc_solve_sfs_move_cards_to_a_different_parent`, the cards set aside by
//! `empty_two_cols_from_new_state`; which of them, [`Set`]): with them, in the order `048` (cards home, then move
//! 4, then move 8), its depth-first scan wins Citadel 3440, 7868 and 9817 after 43,639,
//! 19,991 and 18,634 states, where with single moves (`-to 0AB`) it does no better than the
//! greedy searches (`docs/results/games.md`); in FreeCell's order `[01][23456789]` it wins
//! ForeCell 4265 after 5,508.

use freecell_core::{BoardN, Card, EmptyCascadeRule, MAX_CASCADES, MAX_CELLS, Move, NextHome, Pile, Rank, Suit};

/// A compound move's class, in fc-solve's order (`048` under Citadel's rules,
/// `[01][23456789]` under ForeCell's): a run that is not on its parent (fc-solve's move 4),
/// and (below) part of the top run, on its parent, onto another parent (move 8). Class 0,
/// a card home, is an ordinary move.
pub(super) const NOT_ON_PARENT: u8 = 3;
/// See [`NOT_ON_PARENT`].
pub(super) const ON_PARENT: u8 = 5;
/// A card under others home, the cards above it set aside (fc-solve's move 3); its
/// classes 2, a free cell's card onto its parent, and 6 and 7, a run or a free cell's
/// card into an empty cascade, are ordinary moves, with classes 1 and 4 here (with free
/// cells; without, move 6 is a compound move of class 4, [`Set::Preset`]).
pub(super) const BURIED_HOME: u8 = 2;
/// See [`BURIED_HOME`].
pub(super) const CELL_ON_PARENT: u8 = 1;
/// See [`BURIED_HOME`].
pub(super) const TO_EMPTY: u8 = 4;
/// A free cell's card into an empty cascade, and onto it at once another cell's card or a
/// run, the cards above the run set aside first (fc-solve's move `j`,
/// `fc_solve_sfs_move_fc_to_empty_and_put_on_top`): FreeCell's scan ([`scan`]).
pub(super) const ONTO_CELL_CARD: u8 = 6;
/// A card home (fc-solve's moves 0 and 1), an ordinary move: FreeCell's scan generates its
/// own ([`scan`]).
pub(super) const HOME: u8 = 0;

/// Which of fc-solve's compound moves [`generate`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Set {
    /// Moves 4 and 8: fc-solve's order `048` (Citadel's dive).
    Parents,
    /// Move 3 too (ForeCell's dive, whose runs into an empty cascade are ordinary moves).
    BuriedHome,
    /// Moves 3 and 6 too ([`to_empty`]): fc-solve's preset order under Beleaguered
    /// Castle's rules (`[01][23456789]`, of which moves 1, 2, 7 and 9 need free cells and
    /// move 5 rarely applies).
    Preset,
    /// [`Set::Preset`]'s moves in fc-solve's order `08436` (move 8, then 4, 3 and 6),
    /// generated in that order: no sort after.
    PresetParentsFirst,
}

impl Set {
    /// The place of a move of `class` in this set's order of classes; 0 for a card home.
    /// [`generate`] appends its moves in that order, by class.
    pub(super) fn rank(self, class: u8) -> u8 {
        match (self, class) {
            (Set::PresetParentsFirst, ON_PARENT) => 1,
            (Set::PresetParentsFirst, NOT_ON_PARENT) => 2,
            (Set::PresetParentsFirst, BURIED_HOME) => 3,
            (Set::PresetParentsFirst, TO_EMPTY) => 4,
            (Set::PresetParentsFirst, _) => 0,
            _ => class,
        }
    }
}

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

/// Where the cards of a position a compound move may reach lie: its cascades in fc-solve's
/// order, each slot's top cards, and per rank the slots and depths of the cards a run may go
/// onto. In arrays of the largest sizes, rewritten at each position: nothing allocated.
///
/// Only the top of each cascade is read, from its top card down: the cards under no more
/// others than there is [`room`](Places::room) to set aside (the only ones a move reaches:
/// a destination, a card home, the top of a run moved), and below them the cards of the
/// deepest one's run, as far as tells whether one move may carry it. Reading every card of
/// every cascade and comparing each with its neighbour cost about a fifth of a dive's
/// expansion, where most positions have no empty cascade and moves reach the top cards only.
pub(super) struct Places {
    /// The cascade in each slot: fc-solve keeps a position with its cascades sorted, the
    /// empty ones first, the others by their deepest card (rank, then hearts, clubs,
    /// diamonds, spades), and generates its moves in that order (`fc-solve/source/state.c`,
    /// `fc_solve_canonize_state`; `state.h`, `fc_solve_stack_compare_for_canonize`).
    order: [u8; MAX_CASCADES],
    /// Slot `k`'s top cards, top first, are `cards[starts[k]..starts[k + 1]]` (the card at
    /// height `h` lies at depth `lens[k] - 1 - h`).
    cards: [Card; Card::COUNT],
    starts: [u8; MAX_CASCADES + 1],
    /// Each slot's cascade's length, every card counted.
    lens: [u8; MAX_CASCADES],
    /// Per slot, bit `h` set when the card at height `h` builds on the one below it (the two
    /// lie in one run): read once a position, it gives every run ([`Places::runs`]) and
    /// every destination without comparing cards again.
    joined: [u64; MAX_CASCADES],
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
    /// The longest run a move may carry, nothing set aside: the capacity only shrinks as
    /// cells and cascades fill, so no destination takes a longer one.
    longest: usize,
    /// The empty cascades, in slot order: `empties[..empty_count]`.
    empties: [usize; MAX_CASCADES],
    empty_count: usize,
    /// The empty free cells, in order: `cells[..cell_count]`.
    cells: [usize; MAX_CELLS],
    cell_count: usize,
}

impl Default for Places {
    fn default() -> Places {
        Places {
            order: [0; MAX_CASCADES],
            cards: [Card::new(Rank::ACE, Suit::Clubs); Card::COUNT],
            starts: [0; MAX_CASCADES + 1],
            lens: [0; MAX_CASCADES],
            joined: [0; MAX_CASCADES],
            by_rank: [[NO_PLACE; 4]; 14],
            room: 0,
            longest: 0,
            empties: [0; MAX_CASCADES],
            empty_count: 0,
            cells: [0; MAX_CELLS],
            cell_count: 0,
        }
    }
}

impl Places {
    /// Reads `board`'s cascades as far as a move reaches. Returns `false` where only top
    /// cards move, one at a time (nothing can be set aside and one move carries one card),
    /// or only a cascade's top two cards matter (one card may be set aside, into the one
    /// empty cascade, and one move carries two): then only the slots' order is read
    /// ([`top_cards`] and [`one_empty`] need no more).
    fn read<const C: usize, const F: usize>(&mut self, board: &BoardN<C, F>) -> bool {
        self.read_order(board);
        let one_empty =
            self.room == 1 && self.cell_count == 0 && self.longest == 2 && board.rules().run_capacity(0, 0) == 1;
        if self.room == 0 && self.longest == 1 || one_empty {
            return false;
        }
        self.read_cards(board);
        true
    }

    /// Reads `board`'s empty free cells, the room to set cards aside, the longest run a move
    /// may carry and the slots' order: all the moves of a top card need
    /// ([`top_cards`], [`one_empty`], [`scan_home`], [`cells_onto_tops`]).
    fn read_order<const C: usize, const F: usize>(&mut self, board: &BoardN<C, F>) {
        let rules = board.rules();
        self.cell_count = 0;
        for i in (0..board.cell_count()).filter(|&i| board.cell(i).is_none()) {
            self.cells[self.cell_count] = i;
            self.cell_count += 1;
        }
        let parking = if rules.empty_cascade == EmptyCascadeRule::AnyCard { board.empty_cascades() } else { 0 };
        self.room = self.cell_count + parking;
        // A run known to be longer than `longest` is read no further.
        self.longest = rules.run_capacity(self.cell_count, board.empty_cascades());
        // The slots' order by a key read once per cascade, not per comparison: the deepest
        // card's rank and suit (0 for an empty cascade), then the cascade (a stable sort's
        // order among the empty ones; the others' keys differ).
        let slots = board.cascade_count();
        let mut keys = [u16::MAX; MAX_CASCADES];
        for (i, key) in keys.iter_mut().enumerate().take(slots) {
            let deepest = board.cascade_bottom(i).map_or(0, |card| card.rank().get() * 4 + fcs_suit(card) as u8 + 1);
            *key = u16::from(deepest) << 8 | i as u16;
        }
        keys[..slots].sort_unstable();
        for (k, &key) in keys[..slots].iter().enumerate() {
            self.order[k] = key as u8;
        }
    }

    /// Reads the cards of `board`'s cascades a move reaches, the slots taken in the order
    /// [`read_order`](Places::read_order) read.
    fn read_cards<const C: usize, const F: usize>(&mut self, board: &BoardN<C, F>) {
        let build = board.rules().build;
        let longest = self.longest;
        let slots = board.cascade_count();
        self.by_rank = [[NO_PLACE; 4]; 14];
        self.empty_count = 0;
        let mut n = 0;
        for k in 0..slots {
            let i = usize::from(self.order[k]);
            let len = board.cascade_len(i);
            self.starts[k] = n as u8;
            self.lens[k] = len as u8;
            self.joined[k] = 0;
            if len == 0 {
                self.empties[self.empty_count] = i;
                self.empty_count += 1;
                continue;
            }
            // The cards a move reaches, then those of the deepest one's run while it may
            // still be short enough to move: `run` counts its cards read.
            let window = len.min(self.room + 1);
            let (mut joined, mut run, mut read) = (0, 0, 0);
            let mut above: Option<Card> = None;
            for (h, card) in board.cascade(i).enumerate() {
                let on = above.is_some_and(|above| build.stacks(above, card));
                if h >= window && (!on || run > longest) {
                    break;
                }
                joined |= u64::from(on) << h >> 1;
                run = if on { run + 1 } else { 1 };
                self.cards[n + h] = card;
                (above, read) = (Some(card), h + 1);
            }
            // The cards no card one rank below covers, under few enough others: the
            // destinations.
            for (h, &card) in self.cards[n..n + window].iter().enumerate() {
                if h == 0 || joined >> (h - 1) & 1 == 0 {
                    self.by_rank[usize::from(card.rank().get())][fcs_suit(card)] = place(k, len - 1 - h);
                }
            }
            self.joined[k] = joined;
            n += read;
        }
        self.starts[slots] = n as u8;
    }

    /// The places a run of base `base` may go onto, as [`place`]s, [`NO_PLACE`] for none: by
    /// fc-solve's suit index with `by_suit` (move 8), by slot and depth otherwise (move 4;
    /// sorted by a network of five exchanges, cheaper than a call to a sort).
    fn parents(&self, base: Card, by_suit: bool) -> [u16; 4] {
        let mut parents = self.by_rank[usize::from(base.rank().get()) + 1];
        if !by_suit {
            for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
                (parents[i], parents[j]) = (parents[i].min(parents[j]), parents[i].max(parents[j]));
            }
        }
        parents
    }

    /// Whether a run of base `base` has a place to go onto ([`parents`](Places::parents)
    /// yields one): most runs have none, and a test costs less than a call.
    fn has_parents(&self, base: Card) -> bool {
        let rank = usize::from(base.rank().get());
        rank < 13 && self.by_rank[rank + 1] != [NO_PLACE; 4]
    }

    /// Slot `k`'s cards read, top first.
    fn slot(&self, k: usize) -> &[Card] {
        &self.cards[usize::from(self.starts[k])..usize::from(self.starts[k + 1])]
    }

    /// The runs of slot `k`'s cards read, from the deepest, each as the heights of its
    /// deepest and its top card (the deepest run read may go on below: it is then longer
    /// than one move carries).
    fn runs(&self, k: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let joined = self.joined[k];
        let mut next = usize::from(self.starts[k + 1] - self.starts[k]);
        std::iter::from_fn(move || {
            let base = next.checked_sub(1)?;
            let top = if base == 0 { 0 } else { base - (joined << (64 - base)).leading_ones() as usize };
            next = top;
            Some((base, top))
        })
    }

    /// How many cards of slot `k`'s top run lie on another of it (its cards read but one).
    fn top_run_on(&self, k: usize) -> usize {
        self.joined[k].trailing_ones() as usize
    }

    /// The empty cascades cards are set aside into, after the free cells: all of them where
    /// they take any card (fc-solve's `empty_two_cols_from_new_state`), none otherwise.
    fn parking<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> &[usize] {
        if board.rules().empty_cascade == EmptyCascadeRule::AnyCard { &self.empties[..self.empty_count] } else { &[] }
    }

    /// Where the `n`th card set aside goes: the empty free cells in order, then the
    /// cascades of `parking` (fc-solve's `empty_two_cols_from_new_state`).
    fn aside(&self, parking: &[usize], n: usize) -> Pile {
        match self.cells[..self.cell_count].get(n) {
            Some(&cell) => Pile::cell(cell),
            None => Pile::cascade(parking[n - self.cell_count]),
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
    let parents_first = set == Set::PresetParentsFirst;
    if !places.read(board) {
        let order = &places.order[..board.cascade_count()];
        if places.room == 0 {
            top_cards(board, order, steps, spans, parents_first);
        } else {
            one_empty(board, order, steps, spans, set);
        }
        return;
    }
    let places = &*places;
    let parking = places.parking(board);
    let longest = places.longest;
    let slots = board.cascade_count();
    let buried_home = |steps: &mut Vec<Move>, spans: &mut Vec<(u8, u32, u32)>| {
        if set != Set::Parents && places.room > 0 {
            to_foundations(board, places, parking, steps, spans);
        }
    };
    // Move 8: the top run from each card of it on its parent, that one move may carry,
    // from the deepest.
    let on_parent = |steps: &mut Vec<Move>, spans: &mut Vec<(u8, u32, u32)>| {
        for a in 0..slots {
            let column = places.slot(a);
            let on = places.top_run_on(a).min(longest);
            for h in (0..on).rev() {
                if places.has_parents(column[h]) {
                    onto_parents(board, places, steps, spans, (a, h, 0), ON_PARENT);
                }
            }
        }
    };
    // One class after the other, in the set's order ([`Set::rank`]): the caller's list is
    // then in order where no free cell adds moves of other classes.
    if parents_first {
        on_parent(steps, spans);
    } else {
        buried_home(steps, spans);
    }
    not_on_parent(board, places, steps, spans);
    if parents_first {
        buried_home(steps, spans);
    }
    if matches!(set, Set::Preset | Set::PresetParentsFirst) && !parking.is_empty() {
        // Move 6: a run into an empty cascade.
        to_empty(board, places, parking, steps, spans);
    }
    if !parents_first {
        on_parent(steps, spans);
    }
}

/// The run of slot `a` from height `h` up, the `set_aside` cards above it set aside first
/// (`(a, h, set_aside)`), onto each parent it may reach, as [`generate`]'s move 4
/// ([`NOT_ON_PARENT`], destinations by slot and depth) or move 8 ([`ON_PARENT`], by suit).
#[inline]
fn onto_parents<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
    (a, h, set_aside): (usize, usize, usize),
    class: u8,
) {
    let rules = board.rules();
    let (run, base) = (h + 1 - set_aside, places.slot(a)[h]);
    if base.rank().get() == 13 {
        return;
    }
    let parking = places.parking(board);
    // Move 4's destinations by slot (fc-solve sorts them by source, depth, destination
    // slot, depth), move 8's by suit, in fc-solve's order (it generates them by suit and
    // does not sort them: `freecell.c`, `BUTTER`).
    for at in places.parents(base, class == ON_PARENT) {
        if at == NO_PLACE {
            continue;
        }
        let (b, dc) = (usize::from(at >> 8), usize::from(at & 0xff));
        let above = usize::from(places.lens[b]) - dc - 1;
        if b == a || !rules.build.stacks(base, places.slot(b)[above]) {
            continue;
        }
        let aside = above + set_aside;
        if aside > places.room {
            continue;
        }
        let cells_left = places.cell_count.saturating_sub(aside);
        let empties_left = places.empty_count - aside.saturating_sub(places.cell_count);
        // One card fits any capacity.
        if run > 1 && run > rules.run_capacity(cells_left, empties_left) {
            continue;
        }
        let first = steps.len() as u32;
        let (from, to) = (Pile::cascade(places.order[a].into()), Pile::cascade(places.order[b].into()));
        let aside_into = |steps: &mut Vec<Move>, from: Pile, count: usize, used: usize| {
            steps.extend((used..used + count).map(|n| Move::single(from, places.aside(parking, n))));
        };
        aside_into(steps, to, above, 0);
        aside_into(steps, from, set_aside, above);
        steps.push(Move::new(from, to, run as u8));
        spans.push((class, first, steps.len() as u32));
    }
}

/// Appends fc-solve's move 4 as [`generate`] does: each maximal run of each slot, from the
/// deepest, the cards above it set aside, onto each parent.
fn not_on_parent<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    for a in 0..board.cascade_count() {
        for (base, top) in places.runs(a) {
            // The cards above the run alone may leave no room (most runs, with few empty
            // cascades), or the run be too long: then no destination can take it.
            if top <= places.room && base - top < places.longest && places.has_parents(places.slot(a)[base]) {
                onto_parents(board, places, steps, spans, (a, base, top), NOT_ON_PARENT);
            }
        }
    }
}

/// [`generate`] where nothing can be set aside and one move carries one card (no empty
/// free cell, no empty cascade that takes any card: half the positions Streets and Alleys'
/// dives enter), the slots in `order`: a top card moves onto another cascade's top card it
/// builds on, move 4 where it does not lie on its parent (the destinations by slot), then
/// move 8 where it does (by suit in fc-solve's order; before move 4 with `parents_first`);
/// no move 3 or 6. The same moves in the same order as the general path, which read two or
/// three cards of each cascade, filled its table of destinations and called its closure
/// for each top card with a parent: with this path the dives' generation takes a fifth
/// fewer instructions (`docs/results/games.md`, the thirty-second session).
fn top_cards<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    order: &[u8],
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
    parents_first: bool,
) {
    let build = board.rules().build;
    // Per rank (1–13; a king's parents' row 14 stays empty), the slots whose top card it
    // is, as a bit set (move 4's order) and by fc-solve's suit index (move 8's).
    let mut by_slot = [0u16; 15];
    let mut by_suit = [[u8::MAX; 4]; 15];
    // Per slot, its top card and whether it lies on its parent (`None`: an empty cascade).
    let mut tops = [None; MAX_CASCADES];
    for (k, &i) in order.iter().enumerate() {
        let Some(top) = board.cascade_top(usize::from(i)) else { continue };
        let rank = usize::from(top.rank().get());
        by_slot[rank] |= 1 << k;
        by_suit[rank][fcs_suit(top)] = k as u8;
        tops[k] = Some((top, board.beneath(top).is_some_and(|under| build.stacks(top, under))));
    }
    let mut push = |a: usize, b: usize, class: u8| {
        let first = steps.len() as u32;
        steps.push(Move::new(Pile::cascade(order[a].into()), Pile::cascade(order[b].into()), 1));
        spans.push((class, first, first + 1));
    };
    let passes = if parents_first { [true, false] } else { [false, true] };
    for on_parent in passes {
        for (a, &top) in tops.iter().enumerate() {
            let Some((card, on)) = top else { continue };
            if on != on_parent {
                continue;
            }
            let row = usize::from(card.rank().get()) + 1;
            if on {
                // Move 8.
                for b in by_suit[row] {
                    if b != u8::MAX && tops[usize::from(b)].is_some_and(|(parent, _)| build.stacks(card, parent)) {
                        push(a, usize::from(b), ON_PARENT);
                    }
                }
            } else {
                // Move 4.
                let mut parents = by_slot[row];
                while parents != 0 {
                    let b = parents.trailing_zeros() as usize;
                    parents &= parents - 1;
                    if tops[b].is_some_and(|(parent, _)| build.stacks(card, parent)) {
                        push(a, b, NOT_ON_PARENT);
                    }
                }
            }
        }
    }
}

/// [`generate`] where one card may be set aside, into the one empty cascade, and one move
/// carries two cards (no free cell; the castle games with one cascade empty: nearly all the
/// positions of Streets and Alleys' dives that [`top_cards`] does not take), the slots in
/// `order`. A move then reaches a cascade's top two cards only, and the classes'
/// definitions leave these (`a` the run's cascade, `b` the parent's, the card set aside
/// going into the empty cascade):
/// - move 3: the card under `a`'s top card home, the top card set aside;
/// - move 4, where `a`'s top card is not on its parent: the card under it, where that one
///   is not on its parent either, onto a top card, the top card set aside; then the top
///   card onto a top card, or onto the card under a top card not on it, that top card set
///   aside (destinations by slot, the card under before the top card of one slot: it lies
///   deeper). Where the top card is on its parent and that one is not on its own, the two
///   onto a top card;
/// - move 6: the top card, not on its parent, into the empty cascade (not the whole cascade);
/// - move 8, where the top card is on its parent: the top two, where the one under is on
///   its parent too, onto a top card; then the top card onto a top card, or onto the card
///   under a top card not on it, that top card set aside (destinations by fc-solve's suit).
///
/// The same moves in the same order as the general path, which read up to four cards of
/// each cascade, filled its table of destinations and called its closure for each run with
/// a parent.
fn one_empty<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    order: &[u8],
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
    set: Set,
) {
    let reach = Reach::read(board, order);
    let tops = &reach.tops[..order.len()];
    let pile = |k: usize| Pile::cascade(order[k].into());
    // The set's classes in its order ([`Set::rank`]).
    let mut classes = [BURIED_HOME, NOT_ON_PARENT, TO_EMPTY, ON_PARENT];
    classes.sort_unstable_by_key(|&class| set.rank(class));
    for class in classes {
        match class {
            BURIED_HOME if set != Set::Parents => {
                for (a, top) in tops.iter().enumerate() {
                    if let Some(Top { under: Some(under), .. }) = *top
                        && board.next_home(under.suit()) == NextHome::Card(under)
                    {
                        let mv = Move::single(pile(a), Pile::foundation(under.suit()));
                        reach.push(steps, spans, class, Some(pile(a)), mv);
                    }
                }
            }
            NOT_ON_PARENT => {
                for (a, top) in tops.iter().enumerate() {
                    let Some(Top { card, under, on, under_on }) = *top else { continue };
                    match under {
                        // The card under the top one, then the top card (runs from the deepest).
                        Some(under) if !on && !under_on && reach.has(a, under) => {
                            reach.by_slots(order, steps, spans, (a, under, 1), true);
                        }
                        // The top two.
                        Some(under) if on && !under_on && reach.has(a, under) => {
                            reach.by_slots(order, steps, spans, (a, under, 2), false);
                        }
                        _ => {}
                    }
                    if !on && reach.has(a, card) {
                        reach.by_slots(order, steps, spans, (a, card, 1), false);
                    }
                }
            }
            TO_EMPTY if matches!(set, Set::Preset | Set::PresetParentsFirst) => {
                for (a, top) in tops.iter().enumerate() {
                    if let Some(Top { under: Some(_), on: false, .. }) = *top {
                        reach.push(steps, spans, class, None, Move::single(pile(a), reach.empty));
                    }
                }
            }
            ON_PARENT => {
                for (a, top) in tops.iter().enumerate() {
                    let Some(Top { card, under, on: true, under_on }) = *top else { continue };
                    // The top two first, then the top card.
                    if let Some(under) = under
                        && under_on
                        && reach.has(a, under)
                    {
                        reach.by_suits(order, steps, spans, (a, under, 2));
                    }
                    if reach.has(a, card) {
                        reach.by_suits(order, steps, spans, (a, card, 1));
                    }
                }
            }
            _ => {}
        }
    }
}

/// A slot's top card, the card under it, whether the top card lies on that one, and
/// whether that one lies on the card under it: all [`one_empty`] reads of a cascade.
#[derive(Clone, Copy)]
struct Top {
    card: Card,
    under: Option<Card>,
    on: bool,
    under_on: bool,
}

/// What [`one_empty`] reads of a position: each slot's [`Top`], the destinations, and the
/// empty cascade.
struct Reach {
    build: freecell_core::BuildRule,
    tops: [Option<Top>; MAX_CASCADES],
    /// Per rank (1–13; a king's parents' row 14 stays empty), the slots holding a
    /// destination of that rank (a top card, or the card under a top card not on it), as a
    /// bit set (move 4), and by fc-solve's suit index its slot and height, `slot << 1 |
    /// height` (move 8).
    by_slot: [u32; 15],
    by_suit: [[u8; 4]; 15],
    empty: Pile,
}

impl Reach {
    /// Reads `board`'s slots in `order`.
    fn read<const C: usize, const F: usize>(board: &BoardN<C, F>, order: &[u8]) -> Reach {
        let build = board.rules().build;
        let mut reach = Reach {
            build,
            tops: [None; MAX_CASCADES],
            by_slot: [0; 15],
            by_suit: [[u8::MAX; 4]; 15],
            empty: Pile::cascade(0),
        };
        for (k, &i) in order.iter().enumerate() {
            let Some(card) = board.cascade_top(usize::from(i)) else {
                reach.empty = Pile::cascade(usize::from(i));
                continue;
            };
            let under = board.beneath(card);
            let on = under.is_some_and(|under| build.stacks(card, under));
            let under_on =
                under.is_some_and(|under| board.beneath(under).is_some_and(|next| build.stacks(under, next)));
            reach.tops[k] = Some(Top { card, under, on, under_on });
            let rank = usize::from(card.rank().get());
            reach.by_slot[rank] |= 1 << k;
            reach.by_suit[rank][fcs_suit(card)] = (k as u8) << 1;
            if let Some(under) = under
                && !on
            {
                let rank = usize::from(under.rank().get());
                reach.by_slot[rank] |= 1 << k;
                reach.by_suit[rank][fcs_suit(under)] = (k as u8) << 1 | 1;
            }
        }
        reach
    }

    /// Whether `base`, of slot `a`, has a destination elsewhere: most cards have none, and
    /// a test costs less than a call.
    fn has(&self, a: usize, base: Card) -> bool {
        self.by_slot[usize::from(base.rank().get()) + 1] & !(1 << a) != 0
    }

    /// Appends `mv` as a move of `class`, after the top card of `aside` (if any) into the
    /// empty cascade.
    fn push(&self, steps: &mut Vec<Move>, spans: &mut Vec<(u8, u32, u32)>, class: u8, aside: Option<Pile>, mv: Move) {
        let first = steps.len() as u32;
        if let Some(from) = aside {
            steps.push(Move::single(from, self.empty));
        }
        steps.push(mv);
        spans.push((class, first, steps.len() as u32));
    }

    /// Move 4 from slot `a`: `count` cards from `base` onto each destination, by slot, the
    /// top card of `a` set aside first with `aside`.
    fn by_slots(
        &self,
        order: &[u8],
        steps: &mut Vec<Move>,
        spans: &mut Vec<(u8, u32, u32)>,
        (a, base, count): (usize, Card, u8),
        aside: bool,
    ) {
        let from = Pile::cascade(order[a].into());
        let mut slots = self.by_slot[usize::from(base.rank().get()) + 1] & !(1 << a);
        while slots != 0 {
            let b = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let Some(parent) = self.tops[b] else { continue };
            let to = Pile::cascade(order[b].into());
            if count == 1 && !aside && !parent.on && parent.under.is_some_and(|under| self.build.stacks(base, under)) {
                self.push(steps, spans, NOT_ON_PARENT, Some(to), Move::single(from, to));
            }
            if self.build.stacks(base, parent.card) {
                self.push(steps, spans, NOT_ON_PARENT, aside.then_some(from), Move::new(from, to, count));
            }
        }
    }

    /// Move 8 from slot `a`: `count` cards from `base` onto each destination, by suit.
    fn by_suits(
        &self,
        order: &[u8],
        steps: &mut Vec<Move>,
        spans: &mut Vec<(u8, u32, u32)>,
        (a, base, count): (usize, Card, u8),
    ) {
        let from = Pile::cascade(order[a].into());
        for at in self.by_suit[usize::from(base.rank().get()) + 1] {
            let (b, height) = (usize::from(at >> 1), at & 1);
            if at == u8::MAX || b == a {
                continue;
            }
            let Some(parent) = self.tops[b] else { continue };
            let to = Pile::cascade(order[b].into());
            if height == 0 && self.build.stacks(base, parent.card) {
                self.push(steps, spans, ON_PARENT, None, Move::new(from, to, count));
            } else if height == 1 && count == 1 && parent.under.is_some_and(|under| self.build.stacks(base, under)) {
                self.push(steps, spans, ON_PARENT, Some(to), Move::single(from, to));
            }
        }
    }
}

/// Appends fc-solve's move 3 (`fc_solve_sfs_move_non_top_stack_cards_to_founds`) as
/// [`generate`] does its other moves: each card under others, from the shallowest, that
/// can go home once the cards above it are set aside (`parking` after the free cells).
fn to_foundations<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    parking: &[usize],
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    for a in 0..board.cascade_count() {
        let from = Pile::cascade(places.order[a].into());
        for (h, &card) in places.slot(a).iter().enumerate().take(places.room + 1).skip(1) {
            if board.next_home(card.suit()) != NextHome::Card(card) {
                continue;
            }
            let first = steps.len() as u32;
            steps.extend((0..h).map(|n| Move::single(from, places.aside(parking, n))));
            steps.push(Move::single(from, Pile::foundation(card.suit())));
            spans.push((BURIED_HOME, first, steps.len() as u32));
        }
    }
}

/// Appends `board`'s moves of FreeCell's scan (fc-solve's first scan of its `lg` preset,
/// `--method random-dfs -to 01j234 -dto2 "33,016[234j]=asw(1)"`,
/// `fc-solve/source/Presets/presets/looking-glass.sh`) as [`generate`] appends its others,
/// one class after the other in the order of `classes` ([`HOME`], [`ONTO_CELL_CARD`],
/// [`CELL_ON_PARENT`], [`BURIED_HOME`], [`NOT_ON_PARENT`], [`TO_EMPTY`]), fc-solve's order
/// within each: so generated, they need no sort. The cascades' cards below the top ones are
/// read only once a class may reach them.
pub(super) fn scan<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &mut Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
    classes: &[u8],
) {
    places.read_order(board);
    let mut read = false;
    let any_card = board.rules().empty_cascade == EmptyCascadeRule::AnyCard;
    for &class in classes {
        // Whether the class may have a move at all, told without the cards below the top.
        let cards = match class {
            HOME | CELL_ON_PARENT => false,
            ONTO_CELL_CARD => any_card && board.empty_cascades() > 0 && places.cell_count < board.cell_count(),
            BURIED_HOME => places.room > 0,
            TO_EMPTY => any_card && board.empty_cascades() > 0,
            _ => true,
        };
        if cards && !read {
            places.read_cards(board);
            read = true;
        }
        let places = &*places;
        match class {
            HOME => scan_home(board, places, steps, spans),
            CELL_ON_PARENT => cells_onto_tops(board, places, steps, spans),
            _ if !cards => {}
            ONTO_CELL_CARD => onto_cell_cards(board, places, steps, spans),
            BURIED_HOME => to_foundations(board, places, places.parking(board), steps, spans),
            TO_EMPTY => to_empty(board, places, places.parking(board), steps, spans),
            _ => not_on_parent(board, places, steps, spans),
        }
    }
}

/// Appends fc-solve's moves 0 and 1 as [`generate`] does its others (class [`HOME`]): the
/// cascades' top cards home, in [`Places`]' order, then the free cells'.
fn scan_home<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    let tops =
        places.order[..board.cascade_count()].iter().map(|&i| (Pile::cascade(i.into()), board.cascade_top(i.into())));
    let cells = (0..board.cell_count()).map(|f| (Pile::cell(f), board.cell(f)));
    for (from, card) in tops.chain(cells) {
        if let Some(card) = card
            && board.next_home(card.suit()) == NextHome::Card(card)
        {
            single(steps, spans, Move::single(from, Pile::foundation(card.suit())), HOME);
        }
    }
}

/// Appends fc-solve's move 2 as [`generate`] does its others (class [`CELL_ON_PARENT`]):
/// each free cell's card onto each cascade's top card it builds on, cascades in [`Places`]'
/// order.
fn cells_onto_tops<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    let build = board.rules().build;
    let order = &places.order[..board.cascade_count()];
    // The top cards as a set of deck indices (`4 · (rank − 1) + suit`): a cell's card
    // with none of the four cards a rank above it on top has no parent there, told
    // without walking the cascades (most cells' cards, on most positions).
    let tops = order.iter().filter_map(|&i| board.cascade_top(i.into())).fold(0u64, |set, top| set | 1 << top.index());
    for f in 0..board.cell_count() {
        let Some(card) = board.cell(f) else { continue };
        let next_rank = 0xf << (4 * usize::from(card.rank().get()));
        if tops & next_rank == 0 {
            continue;
        }
        for &i in order {
            if board.cascade_top(i.into()).is_some_and(|top| build.stacks(card, top)) {
                single(steps, spans, Move::single(Pile::cell(f), Pile::cascade(i.into())), CELL_ON_PARENT);
            }
        }
    }
}

/// Appends `mv` as a move of one step, of `class`.
fn single(steps: &mut Vec<Move>, spans: &mut Vec<(u8, u32, u32)>, mv: Move, class: u8) {
    let first = steps.len() as u32;
    steps.push(mv);
    spans.push((class, first, first + 1));
}

/// Appends fc-solve's move `j` ([`ONTO_CELL_CARD`]) as [`generate`] does its others: each
/// free cell's card (in cell order) into the first empty cascade, then onto it each other
/// cell's card that builds on it, then each maximal run (cascades in [`Places`]' order, runs
/// from the deepest) whose deepest card builds on it, the cards above the run put one by
/// one into the free cells (the one just emptied among them) and the other empty cascades
/// first, when they fit there and the run fits what one move may carry after them
/// (`fc-solve/source/freecell.c`, `fc_solve_sfs_move_fc_to_empty_and_put_on_top`,
/// `check_if_can_relocate`, `empty_two_cols_from_new_state`).
fn onto_cell_cards<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    places: &Places,
    steps: &mut Vec<Move>,
    spans: &mut Vec<(u8, u32, u32)>,
) {
    let rules = board.rules();
    if rules.empty_cascade != EmptyCascadeRule::AnyCard {
        return;
    }
    let Some((&empty, parking)) = places.empties[..places.empty_count].split_first() else { return };
    let to = Pile::cascade(empty);
    let (cells, stacks) = (places.cell_count + 1, parking.len());
    for f in 0..board.cell_count() {
        let Some(card) = board.cell(f) else { continue };
        for g in 0..board.cell_count() {
            if g != f && board.cell(g).is_some_and(|other| rules.build.stacks(other, card)) {
                let first = steps.len() as u32;
                steps.extend([Move::single(Pile::cell(f), to), Move::single(Pile::cell(g), to)]);
                spans.push((ONTO_CELL_CARD, first, first + 2));
            }
        }
        // The free cells once the card has left its own, in order.
        let mut free = [0; MAX_CELLS];
        free[..places.cell_count].copy_from_slice(&places.cells[..places.cell_count]);
        free[places.cell_count] = f;
        free[..cells].sort_unstable();
        for a in 0..board.cascade_count() {
            let from = Pile::cascade(places.order[a].into());
            for (base, above) in places.runs(a) {
                if !rules.build.stacks(places.slot(a)[base], card) || above > cells + stacks {
                    continue;
                }
                let (in_cells, in_cascades) = (above.min(cells), above.saturating_sub(cells));
                let run = base + 1 - above;
                if run > 1 && run > rules.run_capacity(cells - in_cells, stacks - in_cascades) {
                    continue;
                }
                let first = steps.len() as u32;
                steps.push(Move::single(Pile::cell(f), to));
                steps.extend((0..above).map(|n| {
                    Move::single(from, if n < cells { Pile::cell(free[n]) } else { Pile::cascade(parking[n - cells]) })
                }));
                steps.push(Move::new(from, to, run as u8));
                spans.push((ONTO_CELL_CARD, first, steps.len() as u32));
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
    let (cells, empties) = (places.cell_count, parking.len());
    for a in 0..board.cascade_count() {
        let from = Pile::cascade(places.order[a].into());
        for (base, above) in places.runs(a) {
            let first = steps.len() as u32;
            let run = base + 1 - above;
            if above == 0 {
                if base + 1 < usize::from(places.lens[a]) && run <= rules.run_capacity(cells, empties - 1) {
                    steps.push(Move::new(from, Pile::cascade(parking[0]), run as u8));
                    spans.push((TO_EMPTY, first, steps.len() as u32));
                }
            } else if above < cells + empties {
                let (in_cells, in_cascades) = (above.min(cells), above.saturating_sub(cells));
                let capacity = rules.run_capacity(cells - in_cells, empties - in_cascades - 1);
                steps.extend((0..above).map(|n| Move::single(from, places.aside(parking, n))));
                steps.push(Move::new(from, Pile::cascade(parking[in_cascades]), run.min(capacity) as u8));
                spans.push((TO_EMPTY, first, steps.len() as u32));
            }
        }
    }
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use freecell_core::{Board, Card, EmptyCascadeRule, Game, Move, MoveModel, Pile, PileKind, SplitMix64};
    use freecell_deals::DealNumber;

    use super::{
        BURIED_HOME, CELL_ON_PARENT, HOME, NOT_ON_PARENT, ON_PARENT, ONTO_CELL_CARD, Places, Set, TO_EMPTY, generate,
        scan,
    };

    /// The steps of each compound move of `class` in `spans`, in the order generated.
    fn of_class<'a>(steps: &'a [Move], spans: &[(u8, u32, u32)], class: u8) -> Vec<&'a [Move]> {
        let ours = spans.iter().filter(|span| span.0 == class);
        ours.map(|&(_, first, end)| &steps[first as usize..end as usize]).collect()
    }

    /// The destinations, in the order generated, of `board`'s compound moves of `class`
    /// whose last step moves `count` cards from cascade `from`.
    fn destinations(board: &Board, class: u8, from: usize, count: u8) -> Vec<Pile> {
        let (mut steps, mut spans) = (Vec::new(), Vec::new());
        generate(board, &mut Places::default(), &mut steps, &mut spans, Set::Parents);
        let last = |&(_, _, end): &(u8, u32, u32)| -> Move { steps[end as usize - 1] };
        let ours = spans.iter().filter(|span| span.0 == class).map(last);
        ours.filter(|mv| mv.from() == Pile::cascade(from) && mv.count() == count).map(Move::to).collect()
    }

    /// fc-solve's choices, worked out by hand from its sources (`source/freecell.c`,
    /// `source/scans.h`): a card with its child on it is no destination (ten of hearts
    /// under the nine), move 4's destinations come in the order of the sorted cascades
    /// (empty, then by deepest card: jack of spades, queen of diamonds, ...), move 8's in
    /// fc-solve's suit order (hearts, clubs, diamonds).
    #[test]
    fn destinations_as_fc_solve_chooses_them() {
        let text = "Foundations: H-7 C-8 D-8 S-8\n: KS 9S 8H\n: KD 9D\n: QS 9C\n: KC QC JC TC\n: QD JD TD\n\
                    : JS TS\n: KH QH JH TH 9H\n:\n";
        let board = Board::parse_with_rules(text, Game::Citadel.rules()).expect("a board");
        // The nine of spades and the eight of hearts, a run, onto a ten: not the ten of
        // hearts, under the nine of hearts.
        let run = destinations(&board, NOT_ON_PARENT, 0, 2);
        assert_eq!(run, [Pile::cascade(5), Pile::cascade(4), Pile::cascade(3)]);
        // The eight of hearts off its parent onto a nine: hearts, clubs, diamonds.
        let off = destinations(&board, ON_PARENT, 0, 1);
        assert_eq!(off, [Pile::cascade(6), Pile::cascade(2), Pile::cascade(1)]);
    }

    /// Under ForeCell's rules the cards set aside go into the free cells, never into the
    /// empty cascades (which take kings only), and move 3 sends a card under others home
    /// after them; worked out by hand from fc-solve's sources as above: the jack of hearts
    /// onto the queen of clubs, then of spades (cascades by deepest card: queen of hearts,
    /// clubs, spades), the king above each into the first free cell.
    #[test]
    fn cards_set_aside_go_into_free_cells_under_forecell() {
        let text = "Foundations: H-T C-J D-K S-J\nFreecells: - - - -\n: KH JH\n: QS KS\n: QC KC\n: QH\n:\n:\n:\n:\n";
        let board = Board::parse_with_rules(text, Game::ForeCell.rules()).expect("a board");
        let (mut steps, mut spans) = (Vec::new(), Vec::new());
        generate(&board, &mut Places::default(), &mut steps, &mut spans, Set::BuriedHome);
        let of = |class: u8| of_class(&steps, &spans, class);
        let (c, cell) = (Pile::cascade, Pile::cell(0));
        let onto = |parent: usize| [Move::single(c(parent), cell), Move::new(c(0), c(parent), 1)];
        let jack: Vec<_> = of(NOT_ON_PARENT).into_iter().filter(|m| m[m.len() - 1].from() == c(0)).collect();
        assert_eq!(jack, [onto(2), onto(1)]);
        // The queen of spades onto the king of hearts: the jack above the king, then the
        // king above the queen, into the first two cells.
        let queen = [Move::single(c(0), cell), Move::single(c(1), Pile::cell(1)), Move::new(c(1), c(0), 1)];
        assert!(of(NOT_ON_PARENT).contains(&&queen[..]));
        // The queens of clubs and spades home (in slot order), the king above each set aside.
        let home = |from: usize, queen: &str| {
            let suit = queen.parse::<freecell_core::Card>().expect("a card").suit();
            [Move::single(c(from), cell), Move::single(c(from), Pile::foundation(suit))]
        };
        assert_eq!(of(BURIED_HOME), [home(2, "QC"), home(1, "QS")]);
        // Without move 3 (Citadel's order), none.
        spans.clear();
        generate(&board, &mut Places::default(), &mut steps, &mut spans, Set::Parents);
        assert!(!spans.iter().any(|span| span.0 == BURIED_HOME));
    }

    /// fc-solve's move `j` under FreeCell's rules, worked out by hand from its sources
    /// (`source/freecell.c`, `fc_solve_sfs_move_fc_to_empty_and_put_on_top`): the nine of
    /// hearts from the first cell into the first empty cascade, then onto it the eight of
    /// spades from the second cell, or the run from the eight of clubs (a whole cascade);
    /// the eight of spades takes no seven of hearts that is not the deepest of its run.
    #[test]
    fn move_j_as_fc_solve_makes_it() {
        let text = "Foundations: H-6 C-7 D-K S-5\nFreecells: 9H 8S - -\n: 8C 7H 6S\n: KH QS JH TS\n\
                    : KC 9S 8H 7S\n: KS QH JC TH 9C\n: QC JS\n: TC\n:\n:\n";
        let board = Board::parse_with_rules(text, Game::FreeCell.rules()).expect("a board");
        let (mut steps, mut spans) = (Vec::new(), Vec::new());
        let classes = [HOME, ONTO_CELL_CARD, CELL_ON_PARENT, BURIED_HOME, NOT_ON_PARENT];
        scan(&board, &mut Places::default(), &mut steps, &mut spans, &classes);
        let (c, cell) = (Pile::cascade, Pile::cell);
        let first = Move::single(cell(0), c(6));
        let expected: [&[Move]; 2] = [&[first, Move::single(cell(1), c(6))], &[first, Move::new(c(0), c(6), 3)]];
        assert_eq!(of_class(&steps, &spans, ONTO_CELL_CARD), expected);
        // Neither move 8 nor move 6 in the scan's first moves.
        assert!(!spans.iter().any(|span| span.0 == ON_PARENT || span.0 == TO_EMPTY));
    }

    /// Move 6 under Beleaguered Castle's rules, worked out by hand from fc-solve's sources
    /// (`source/freecell.c`, `fc_solve_sfs_move_sequences_to_free_stacks`): cascades in
    /// fc-solve's order (the two empty ones, then by deepest card: queen of hearts, queen of
    /// clubs, king of hearts, ..., king of spades), runs from the deepest; the top run whole
    /// into the first empty cascade when it fits (two cards, with one empty cascade left to
    /// help) and is not the whole cascade; a run under one card, that card into the first
    /// empty cascade and the run's top card into the second; a run under two cards, none
    /// (no empty cascade would be left for it). Only with [`Set::Preset`].
    #[test]
    fn runs_into_empty_cascades_as_fc_solve_moves_them() {
        let text = "Foundations: H-8 C-8 D-8 S-8\n: KS TH 9H\n: QH JS TD 9D\n: KC QD JH TS 9C\n: KH 9S TC\n\
                    : KD QS JC\n: QC JD\n:\n:\n";
        let board = Board::parse_with_rules(text, Game::BeleagueredCastle.rules()).expect("a board");
        let (mut steps, mut spans) = (Vec::new(), Vec::new());
        generate(&board, &mut Places::default(), &mut steps, &mut spans, Set::Preset);
        let ours = of_class(&steps, &spans, TO_EMPTY);
        let c = Pile::cascade;
        let single = |from: usize, to: usize| Move::single(c(from), c(to));
        let expected: [&[Move]; 3] = [&[single(3, 6), single(3, 7)], &[single(3, 6)], &[Move::new(c(0), c(6), 2)]];
        assert_eq!(ours, expected);
        // Without move 6 (Citadel's order), none.
        spans.clear();
        generate(&board, &mut Places::default(), &mut steps, &mut spans, Set::Parents);
        assert!(!spans.iter().any(|span| span.0 == TO_EMPTY));
    }

    /// The moves of every set generated on `board` and by the reference generation, which
    /// read every card ([`reference`](super::reference)), the same in the same order; the
    /// moves generated, of the last set.
    struct Differential {
        places: Places,
        old_places: super::reference::Places,
        steps: Vec<Move>,
        spans: Vec<(u8, u32, u32)>,
        old_steps: Vec<Move>,
        old_spans: Vec<(u8, u32, u32)>,
        /// Positions compared, those with room to set cards aside, those with compound moves,
        /// those where one card may be set aside, into the one empty cascade ([`one_empty`]).
        counts: [usize; 4],
    }

    impl Differential {
        fn new() -> Differential {
            Differential {
                places: Places::default(),
                old_places: super::reference::Places::default(),
                steps: Vec::new(),
                spans: Vec::new(),
                old_steps: Vec::new(),
                old_spans: Vec::new(),
                counts: [0; 4],
            }
        }

        fn compare(&mut self, board: &Board) {
            let mut any = false;
            for set in [Set::Parents, Set::BuriedHome, Set::Preset] {
                self.steps.clear();
                self.spans.clear();
                self.old_steps.clear();
                self.old_spans.clear();
                generate(board, &mut self.places, &mut self.steps, &mut self.spans, set);
                super::reference::generate(board, &mut self.old_places, &mut self.old_steps, &mut self.old_spans, set);
                assert_eq!((&self.steps, &self.spans), (&self.old_steps, &self.old_spans), "{set:?}\n{board}");
                any |= !self.spans.is_empty();
            }
            // In the order `08436`: the reference's moves of `Set::Preset`, sorted by class
            // as the dive sorted them before the generation kept that order itself.
            let set = Set::PresetParentsFirst;
            self.steps.clear();
            self.spans.clear();
            generate(board, &mut self.places, &mut self.steps, &mut self.spans, set);
            let ours = self.spans.iter().map(|&(class, first, end)| (class, &self.steps[first as usize..end as usize]));
            let mut old: Vec<_> = self
                .old_spans
                .iter()
                .map(|&(class, first, end)| (class, &self.old_steps[first as usize..end as usize]))
                .collect();
            old.sort_by_key(|&(class, _)| set.rank(class));
            assert_eq!(ours.collect::<Vec<_>>(), old, "{set:?}\n{board}");
            self.counts[0] += 1;
            self.counts[1] += usize::from(board.empty_cells() + board.empty_cascades() > 0);
            self.counts[2] += usize::from(any);
            let one_empty = board.empty_cells() == 0
                && board.empty_cascades() == 1
                && board.rules().empty_cascade == EmptyCascadeRule::AnyCard;
            self.counts[3] += usize::from(one_empty);
        }
    }

    /// The generation reading only the cards a move may reach gives exactly the moves of the
    /// one that read every card, in the same order, under each set of moves, on the positions
    /// of random walks through 40 deals of each game with compound moves (single moves and
    /// compound ones, taken at random, the cards home as often as not when one may go, and as
    /// often one off the shortest cascade).
    #[test]
    fn the_moves_are_the_reference_generation_s_along_random_walks() {
        let mut rng = SplitMix64::new(26);
        let mut check = Differential::new();
        let mut ordinary = Vec::new();
        for game in [Game::StreetsAndAlleys, Game::BeleagueredCastle, Game::Citadel, Game::ForeCell] {
            for deal in 1..=40 {
                let layout = DealNumber::new(deal).expect("a deal number").layout(game);
                let mut board = Board::try_from(layout).expect("a legal deal");
                for _ in 0..200 {
                    check.compare(&board);
                    ordinary.clear();
                    board.generate_moves(MoveModel::Sequence, &mut ordinary);
                    let home: Vec<Move> = ordinary
                        .iter()
                        .copied()
                        .filter(|mv| matches!(mv.to().kind(), PileKind::Foundation(_)))
                        .collect();
                    let choices = ordinary.len() + check.spans.len();
                    if choices == 0 {
                        break;
                    }
                    if !home.is_empty() && rng.below(2) == 0 {
                        board.apply(home[rng.below(home.len() as u64) as usize]).expect("a legal move");
                        continue;
                    }
                    let shortest = |mv: &&Move| match mv.from().kind() {
                        PileKind::Cascade(a) => board.cascade_len(a),
                        _ => usize::MAX,
                    };
                    if rng.below(2) == 0
                        && let Some(&mv) = ordinary.iter().min_by_key(shortest)
                    {
                        board.apply(mv).expect("a legal move");
                        continue;
                    }
                    let pick = rng.below(choices as u64) as usize;
                    if let Some(&mv) = ordinary.get(pick) {
                        board.apply(mv).expect("a legal move");
                    } else {
                        let (_, first, end) = check.spans[pick - ordinary.len()];
                        for &step in &check.steps[first as usize..end as usize] {
                            board.apply(step).expect("a compound move's steps are legal");
                        }
                    }
                }
            }
        }
        let [positions, with_room, with_moves, one_empty] = check.counts;
        assert!(
            positions > 20_000 && with_moves > 10_000 && one_empty > 500,
            "{positions} {with_room} {with_moves} {one_empty}"
        );
    }

    /// The same on the positions depth-first dives enter in 50 Streets and Alleys deals, in
    /// the order of the game's first last dive (`08436`: the moves home, then the compound
    /// moves of [`Set::PresetParentsFirst`], the first whose position is not yet seen
    /// tried first; no automoves), up to 1,000 positions a deal: 35,940, of which 4,629 with
    /// one cascade empty, where a move reaches the top two cards of a cascade only
    /// ([`one_empty`]).
    #[test]
    fn the_moves_are_the_reference_generation_s_along_dives() {
        let mut check = Differential::new();
        for deal in 1..=50 {
            let layout = DealNumber::new(deal).expect("a deal number").layout(Game::StreetsAndAlleys);
            let start = Board::try_from(layout).expect("a legal deal");
            let mut seen = std::collections::HashSet::from([start.hash64()]);
            // Each position on the line, its choices (each a compound move's steps), the next.
            let mut line: Vec<(Board, Vec<Vec<Move>>, usize)> = Vec::new();
            let (mut entered, mut count) = (Some(start), 0);
            while count < 1_000 {
                if let Some(board) = entered.take() {
                    check.compare(&board);
                    count += 1;
                    let mut choices: Vec<Vec<Move>> = Vec::new();
                    let mut ordinary = Vec::new();
                    board.generate_moves(MoveModel::Sequence, &mut ordinary);
                    let home = ordinary.into_iter().filter(|mv| matches!(mv.to().kind(), PileKind::Foundation(_)));
                    choices.extend(home.map(|mv| vec![mv]));
                    let spans = check.spans.iter().map(|&(_, first, end)| &check.steps[first as usize..end as usize]);
                    choices.extend(spans.map(<[Move]>::to_vec));
                    line.push((board, choices, 0));
                }
                let Some((board, choices, next)) = line.last_mut() else { break };
                let Some(steps) = choices.get(*next) else {
                    line.pop();
                    continue;
                };
                *next += 1;
                let mut child = board.clone();
                for &step in steps {
                    child.apply(step).expect("a compound move's steps are legal");
                }
                if seen.insert(child.hash64()) {
                    entered = Some(child);
                }
            }
        }
        let [positions, _, _, one_empty] = check.counts;
        assert!(positions > 30_000 && one_empty > 4_000, "{positions} {one_empty}");
    }

    /// The same on random positions of each game's rules: cards home up to a random rank of
    /// each suit, each free cell (ForeCell's) filled one time in two and each cascade left
    /// empty one time in three, the other cards dealt one by one at random, each onto a card
    /// it builds on two times in three where there is one (so that runs form): most with
    /// room to set cards aside, where the moves reach below the top cards.
    #[test]
    fn the_moves_are_the_reference_generation_s_on_random_positions() {
        let mut rng = SplitMix64::new(2611);
        let mut check = Differential::new();
        for game in [Game::StreetsAndAlleys, Game::Citadel, Game::ForeCell] {
            let rules = game.rules();
            for _ in 0..5_000 {
                let mut layout = freecell_core::Layout::empty(rules);
                for home in &mut layout.foundations {
                    *home = if rng.below(3) == 0 { 0 } else { rng.below(14) as u8 };
                }
                let mut pool: Vec<Card> =
                    Card::deck().filter(|card| card.rank().get() > layout.foundations[card.suit().index()]).collect();
                for i in (1..pool.len()).rev() {
                    pool.swap(i, rng.below(i as u64 + 1) as usize);
                }
                for cell in &mut layout.cells {
                    if rng.below(2) == 0 {
                        *cell = pool.pop();
                    }
                }
                let cascades = usize::from(rules.cascades);
                layout.cascades = vec![Vec::new(); cascades];
                let filled: Vec<usize> = (0..cascades).filter(|_| rng.below(3) != 0).collect();
                if filled.is_empty() {
                    continue;
                }
                for card in pool {
                    let onto = filled
                        .iter()
                        .copied()
                        .find(|&a| layout.cascades[a].last().is_some_and(|&top| rules.build.stacks(card, top)));
                    let a = match onto {
                        Some(a) if rng.below(3) != 0 => a,
                        _ => filled[rng.below(filled.len() as u64) as usize],
                    };
                    layout.cascades[a].push(card);
                }
                let board = Board::try_from(layout).expect("a legal position");
                check.compare(&board);
            }
        }
        let [positions, with_room, with_moves, one_empty] = check.counts;
        assert!(
            positions > 14_000 && with_room > 10_000 && with_moves > 10_000 && one_empty > 1_000,
            "{positions} {with_room} {with_moves} {one_empty}"
        );
    }
}
