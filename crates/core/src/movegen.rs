//! Legal-move generation.

use crate::board::{BoardN, NONE, SUIT_CARDS, builders_on};
use crate::card::Card;
use crate::generated_moves::{GeneratedMoves, Writer};
use crate::moves::{Move, Pile};
use crate::rules::{BuildRule, EmptyCascadeRule, Rules};

/// Which moves a search takes as one step, and so how a solution's length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveModel {
    /// Single-card moves only: each card relocation is one move.
    Atomic,
    /// Cascade-to-cascade moves carry whole runs within the rules' capacity; a run move is
    /// one move (the count of Paul & Helmert and of FreeCell Pro's standard notation).
    #[default]
    Sequence,
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// Appends the legal moves of this position to `out` (never clears it), allocating
    /// nothing once `out` has room.
    ///
    /// Moves that only permute cascades or cells are left out: moves into a free cell go to
    /// the first empty one, moves into an empty cascade go to the first empty one, moves
    /// between free cells and moves of a whole cascade into an empty one are not generated.
    /// Every other move [`check`](crate::Board::check) accepts is generated exactly once, and every
    /// generated move is accepted.
    ///
    /// Order: moves to foundations first (from cells, then cascades), then moves into an
    /// empty cascade, then moves onto cascade cards, then moves into a free cell. The order
    /// is fixed for a given position, so searches are reproducible.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, Layout, MoveModel, Rules};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
    /// let mut moves = Vec::new();
    /// board.generate_moves(MoveModel::Atomic, &mut moves);
    /// assert!(moves.iter().all(|&mv| board.check(mv).is_ok()));
    /// ```
    pub fn generate_moves(&self, model: MoveModel, out: &mut Vec<Move>) {
        self.generate::<false>(model, out);
    }

    /// Replaces `moves` with the legal moves of this position, as
    /// [`generate_moves`](crate::Board::generate_moves) lists them: the form a search that
    /// generates at every position wants (see [`GeneratedMoves`]).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, GeneratedMoves, Layout, MoveModel, Rules};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
    /// let mut moves = GeneratedMoves::default();
    /// board.generate_moves_into(MoveModel::Atomic, &mut moves);
    /// assert!(!moves.is_empty() && moves.iter().all(|&mv| board.check(mv).is_ok()));
    /// ```
    // Out of line, as `generate_moves` is: a search's loop that inlined the generator would
    // be compiled anew around it.
    #[inline(never)]
    pub fn generate_moves_into(&self, model: MoveModel, moves: &mut GeneratedMoves) {
        self.generate::<false>(model, &mut moves.writer());
    }

    /// Replaces `moves` with the moves [`generate_moves_into`](crate::Board::generate_moves_into)
    /// lists, less the moves of a cascade's top card into a free cell that a player would
    /// keep the cell from: those of a card built on the card beneath it (the move breaks a
    /// run), and of a card with a place on another cascade's top card. Returns the cascades
    /// whose move into a cell was left out, as a bit set (bit `i` for cascade `i`): a search
    /// that skipped a move cannot claim to have seen every position.
    ///
    /// Leaving them out here costs less than generating them and testing each (a search
    /// that spares cells drops about a quarter of FreeCell's moves so).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card, GeneratedMoves, Layout, Move, MoveModel, PileKind, Rules};
    /// // The unshuffled deck: kings on cascades 1-4 and queens on 5-8, none built on the
    /// // card beneath it; each queen has a place on a king of the other colour.
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let board = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
    /// let (mut all, mut spared) = (GeneratedMoves::default(), GeneratedMoves::default());
    /// board.generate_moves_into(MoveModel::Sequence, &mut all);
    /// let left_out = board.generate_spared_moves_into(MoveModel::Sequence, &mut spared);
    /// assert_eq!(left_out, 0b1111_0000);
    /// // Whether `moves` holds a move of cascade `a`'s top card into a free cell.
    /// let into_cell = |moves: &[Move], a: usize| {
    ///     moves.iter().any(|mv| matches!((mv.from().kind(), mv.to().kind()),
    ///         (PileKind::Cascade(i), PileKind::Cell(_)) if i == a))
    /// };
    /// assert!((4..8).all(|a| into_cell(&all, a) && !into_cell(&spared, a)));
    /// assert!((0..4).all(|a| into_cell(&spared, a)));
    /// assert_eq!(spared.len(), all.len() - 4);
    /// ```
    #[inline(never)]
    pub fn generate_spared_moves_into(&self, model: MoveModel, moves: &mut GeneratedMoves) -> u32 {
        self.generate::<true>(model, &mut moves.writer())
    }

    /// [`generate`](Self::generate) where every move carries one card (rules without cells,
    /// in a position where no empty cascade can hold part of a run), in its order: the top
    /// cards' moves home in cascade order, then into the first empty cascade in cascade
    /// order, then onto each cascade's top card in turn, the moved cards by card byte. The
    /// top cards as a bit set: no run walks, no cell to scan or spare.
    #[inline]
    fn generate_single_cards(&self, out: &mut impl Sink) {
        let cascades = self.cascade_count();
        let next_home = self.next_home_cards();
        // The top cards as a bit set, with the cascade of each. No test for an empty
        // cascade's `NONE` here or below: its bit is past every card's, so it is never
        // next home, and no card builds on it nor it on any.
        let mut tops = 0u64;
        let mut origin = [0u8; 64];
        for (a, &top) in self.tops[..cascades].iter().enumerate() {
            if next_home >> (top & 63) & 1 == 1 {
                out.push(Move::single(Pile::cascade_in::<C>(a), home_pile(top)));
            }
            tops |= 1 << (top & 63);
            origin[usize::from(top & 63)] = a as u8;
        }
        // Into the first empty cascade, no scan where an emptied cascade takes nothing
        // (Baker's Dozen, Good Measure, Cruel); never a whole cascade: that changes nothing.
        if self.empty_cascade_count != 0
            && self.rules.empty_cascade != EmptyCascadeRule::Nothing
            && let Some(b) = self.lens[..cascades].iter().position(|&n| n == 0)
        {
            for a in 0..cascades {
                if self.lens[a] > 1 && self.accepts_in_empty(self.tops[a]) {
                    out.push(Move::single(Pile::cascade_in::<C>(a), Pile::cascade_in::<C>(b)));
                }
            }
        }
        for (b, &onto) in self.tops[..cascades].iter().enumerate() {
            // A card never builds on itself: no move of `b`'s own top.
            let mut fits = self.builders_on(onto) & tops;
            while fits != 0 {
                let card = fits.trailing_zeros() as usize;
                fits &= fits - 1;
                out.push(Move::single(Pile::cascade_in::<C>(usize::from(origin[card])), Pile::cascade_in::<C>(b)));
            }
        }
    }

    /// The generator behind every form: with `SPARE_CELLS`, less the moves into a cell
    /// that [`generate_spared_moves_into`](crate::Board::generate_spared_moves_into) leaves
    /// out, whose cascades it returns (none without).
    #[inline]
    fn generate<const SPARE_CELLS: bool>(&self, model: MoveModel, out: &mut impl Sink) -> u32 {
        // FreeCell's own rules as constants, in a copy of the generator compiled for them:
        // its loops run over 8 cascades and 4 cells known in advance, its build rule's
        // table row and its capacity's formula are fixed. Asked first: FreeCell's searches
        // call the generator most.
        if self.rules.is_freecell() {
            return self.generate_general::<SPARE_CELLS>(Rules::freecell(), model, out);
        }
        // The rules without cells behind the test for Simple Simon's build, out of line: a
        // test for them in the general generator cost FreeCell's search 1.3 % more
        // instructions. One branch, not two: with `||`, 0.7 % more on FreeCell 1–1,500.
        #[allow(clippy::needless_bitwise_bool)]
        if (self.rules.free_cells == 0) | (self.rules.build == BuildRule::SimpleSimon) {
            return self.generate_without_cells::<SPARE_CELLS>(model, out);
        }
        self.generate_general::<SPARE_CELLS>(self.rules, model, out)
    }

    /// [`generate`](Self::generate) under Simple Simon's build (with or without cells) and
    /// under rules without free cells. Without cells a run moves only through empty
    /// cascades that can hold part of it: elsewhere every move carries one card
    /// ([`generate_single_cards`](Self::generate_single_cards): Baker's Dozen, Good Measure,
    /// Cruel and Fan always, the castle games until a cascade empties), which skips the
    /// general generator's run walks and cell scans (about a third of its instructions).
    #[cold]
    #[inline(never)]
    fn generate_without_cells<const SPARE_CELLS: bool>(&self, model: MoveModel, out: &mut impl Sink) -> u32 {
        if self.rules.build == BuildRule::SimpleSimon {
            return self.generate_simple_simon::<SPARE_CELLS>(model, out);
        }
        if model == MoveModel::Atomic || self.rules.run_capacity(0, self.empty_cascades()) == 1 {
            self.generate_single_cards(out);
            return 0;
        }
        self.generate_general::<SPARE_CELLS>(self.rules, model, out)
    }

    /// [`generate`](Self::generate) under any rules but Simple Simon's. Always inlined: with
    /// two callers it was called out of line, 0.5 % more instructions in FreeCell's search.
    #[allow(clippy::inline_always)]
    #[allow(clippy::needless_range_loop)] // indexed on purpose: see the passes over the piles
    #[inline(always)]
    fn generate_general<const SPARE_CELLS: bool>(&self, rules: Rules, model: MoveModel, out: &mut impl Sink) -> u32 {
        let cascades = usize::from(rules.cascades);
        let cells = usize::from(rules.free_cells);
        // The kept counts spare the scans when nothing is empty (cascades, mostly).
        let first_empty_cell =
            if self.empty_cell_count == 0 { None } else { self.cells[..cells].iter().position(|&c| c == NONE) };
        let first_empty_cascade =
            if self.empty_cascade_count == 0 { None } else { self.lens[..cascades].iter().position(|&n| n == 0) };
        let (onto_card_capacity, to_empty_capacity) = match model {
            MoveModel::Atomic => (1, 1),
            MoveModel::Sequence => self.sequence_capacities_under(rules),
        };
        let next_home = self.next_home_cards();

        // One pass over the cells, then one over the cascades: their moves to the
        // foundations, and the cards that can lead a move (the deepest card moved) as a
        // bit set, with the pile and run depth each would move from. Walking each
        // cascade's top run once, instead of testing every pair of cascades, keeps
        // generation linear in the runs' length.
        let mut in_cells = 0u64;
        let mut origin = [(Pile::cascade_in::<C>(0), 0u8); 64];
        // Indexed loops over the piles, not `enumerate`: under FreeCell's rules the bound is
        // a constant, and the compiler then knows each index fits the board's room, so the
        // piles' names need no clamp (`Pile::cascade_in`).
        let (cell_cards, tops) = (&self.cells[..cells], &self.tops[..cascades]);
        for i in 0..cell_cards.len() {
            let card = cell_cards[i];
            if card == NONE {
                continue;
            }
            if next_home >> (card & 63) & 1 == 1 {
                out.push(Move::single(Pile::cell_in::<F>(i), home_pile(card)));
            }
            in_cells |= 1 << (card & 63);
            origin[usize::from(card & 63)] = (Pile::cell_in::<F>(i), 1);
        }
        let mut leaders = 0u64;
        for a in 0..tops.len() {
            let top = tops[a];
            if top == NONE {
                continue;
            }
            if next_home >> (top & 63) & 1 == 1 {
                out.push(Move::single(Pile::cascade_in::<C>(a), home_pile(top)));
            }
            let mut card = top;
            let mut depth = 1;
            loop {
                leaders |= 1 << (card & 63);
                origin[usize::from(card & 63)] = (Pile::cascade_in::<C>(a), depth as u8);
                if depth >= onto_card_capacity {
                    break;
                }
                let Some(under) = self.built_on_under(rules.build, card) else { break };
                card = under;
                depth += 1;
            }
        }

        // Into the first empty cascade: each run of each cascade within the capacity (not
        // a whole cascade: that changes nothing), then each cell card.
        if let Some(b) = first_empty_cascade {
            for a in 0..cascades {
                let (mut card, len) = (self.tops[a], usize::from(self.lens[a]));
                let mut depth = 1;
                while card != NONE && depth <= to_empty_capacity && depth < len {
                    if accepts_in_empty(rules, card) {
                        out.push(Move::new(Pile::cascade_in::<C>(a), Pile::cascade_in::<C>(b), depth as u8));
                    }
                    let Some(under) = self.built_on_under(rules.build, card) else { break };
                    card = under;
                    depth += 1;
                }
            }
            for (i, &card) in self.cells[..cells].iter().enumerate() {
                if card != NONE && accepts_in_empty(rules, card) {
                    out.push(Move::single(Pile::cell_in::<F>(i), Pile::cascade_in::<C>(b)));
                }
            }
        }

        // Onto each cascade's top card: the leaders and cell cards that build on it.
        // `placed`: the cards with a place on a top card (none builds on a card beneath
        // it in its own cascade).
        let mut placed = 0u64;
        for b in 0..cascades {
            let onto = self.tops[b];
            if onto == NONE {
                continue;
            }
            let mut fits = builders_on(rules.build, onto) & (leaders | in_cells);
            placed |= fits;
            while fits != 0 {
                let card = fits.trailing_zeros() as usize;
                fits &= fits - 1;
                let (from, depth) = origin[card];
                if from != Pile::cascade_in::<C>(b) {
                    out.push(Move::new(from, Pile::cascade_in::<C>(b), depth));
                }
            }
        }

        // Cascades to a free cell.
        let mut left_out = 0;
        if let Some(cell) = first_empty_cell {
            for a in 0..cascades {
                let top = self.tops[a];
                if top == NONE {
                    continue;
                }
                if SPARE_CELLS && self.spares_cell(rules.build, top, placed) {
                    left_out |= 1 << a;
                    continue;
                }
                out.push(Move::single(Pile::cascade_in::<C>(a), Pile::cell_in::<F>(cell)));
            }
        }
        left_out
    }

    /// Whether a player keeps a free cell from top card byte `top`: it is built on the card
    /// beneath it, or it is in `placed`, the cards with a place on a top card.
    #[inline]
    fn spares_cell(&self, build: BuildRule, top: u8, placed: u64) -> bool {
        placed >> (top & 63) & 1 == 1 || self.built_on_under(build, top).is_some()
    }

    /// [`generate_moves`](crate::Board::generate_moves) under [`BuildRule::SimpleSimon`], in the
    /// same order and with the same omissions. A run's capacity counts its runs of one
    /// suit; [`MoveModel::Atomic`] moves runs of one suit only, the game's smallest unit.
    #[cold]
    #[inline(never)]
    fn generate_simple_simon<const SPARE_CELLS: bool>(&self, model: MoveModel, out: &mut impl Sink) -> u32 {
        let cascades = self.cascade_count();
        let cells = self.cell_count();
        let first_empty_cell = self.cells[..cells].iter().position(|&c| c == NONE);
        let first_empty_cascade = self.lens[..cascades].iter().position(|&n| n == 0);
        let (onto_card_capacity, to_empty_capacity) = match model {
            MoveModel::Atomic => (1, 1),
            MoveModel::Sequence => self.sequence_capacities(),
        };
        // Whole suits home.
        for a in 0..cascades {
            let top = self.tops[a];
            if top < 4 && self.check_whole_suit(Pile::cascade_in::<C>(a), home_pile(top), SUIT_CARDS).is_ok() {
                out.push(Move::new(Pile::cascade_in::<C>(a), home_pile(top), SUIT_CARDS));
            }
        }
        // Each cascade's movable runs, top first: (card, depth) while the run's suit runs fit.
        let runs = |a: usize, capacity: usize, each: &mut dyn FnMut(u8, usize)| {
            let (mut card, mut depth, mut suit_runs) = (self.tops[a], 1, 1);
            while card != NONE {
                each(card, depth);
                let Some(under) = self.built_on(card) else { break };
                suit_runs += usize::from(under & 3 != card & 3);
                if suit_runs > capacity {
                    break;
                }
                (card, depth) = (under, depth + 1);
            }
        };
        if let Some(b) = first_empty_cascade {
            for a in 0..cascades {
                let len = usize::from(self.lens[a]);
                runs(a, to_empty_capacity, &mut |card, depth| {
                    if depth < len && self.accepts_in_empty(card) {
                        out.push(Move::new(Pile::cascade_in::<C>(a), Pile::cascade_in::<C>(b), depth as u8));
                    }
                });
            }
            for (i, &card) in self.cells[..cells].iter().enumerate() {
                if card != NONE && self.accepts_in_empty(card) {
                    out.push(Move::single(Pile::cell_in::<F>(i), Pile::cascade_in::<C>(b)));
                }
            }
        }
        // A movable run descends one rank a card from its top, so the run card that builds
        // on a top card of rank r is the one of rank r − 1, at depth r − 1 − (the top's
        // rank) + 1: each cascade's run is walked once, not once per destination.
        let mut movable = [0u8; C];
        for (a, depth) in movable.iter_mut().enumerate().take(cascades) {
            runs(a, onto_card_capacity, &mut |_, d| *depth = d as u8);
        }
        // The top cards with a place on another top card (see `spares_cell`).
        let mut placed = 0u64;
        for b in 0..cascades {
            let onto = self.tops[b];
            if onto == NONE {
                continue;
            }
            for a in (0..cascades).filter(|&a| a != b && self.tops[a] != NONE) {
                // Rank indices (card byte / 4): the depth of the card one rank below `onto`.
                let depth = usize::from(onto / 4).wrapping_sub(usize::from(self.tops[a] / 4));
                if (1..=usize::from(movable[a])).contains(&depth) {
                    out.push(Move::new(Pile::cascade_in::<C>(a), Pile::cascade_in::<C>(b), depth as u8));
                }
                if depth == 1 {
                    placed |= 1 << (self.tops[a] & 63);
                }
            }
            for (i, &card) in self.cells[..cells].iter().enumerate() {
                if self.stacks(card, onto) {
                    out.push(Move::single(Pile::cell_in::<F>(i), Pile::cascade_in::<C>(b)));
                }
            }
        }
        let mut left_out = 0;
        if let Some(cell) = first_empty_cell {
            for a in (0..cascades).filter(|&a| self.tops[a] != NONE) {
                if SPARE_CELLS && self.spares_cell(self.rules.build, self.tops[a], placed) {
                    left_out |= 1 << a;
                    continue;
                }
                out.push(Move::single(Pile::cascade_in::<C>(a), Pile::cell_in::<F>(cell)));
            }
        }
        left_out
    }

    /// The next card of each foundation, as a bit set over card bytes: one shift then tests
    /// a pile's card, `NONE` included (its bit is never set).
    #[inline]
    pub(crate) fn next_home_cards(&self) -> u64 {
        // Card byte = (rank − 1) · 4 + suit, and `home` holds the rank already home; a
        // complete foundation's 13 · 4 + suit is past the last card, so masked out.
        let home = self.foundations();
        let next = |suit: usize| 1u64 << (usize::from(home[suit]) * 4 + suit);
        (next(0) | next(1) | next(2) | next(3)) & ((1 << 52) - 1)
    }

    /// Whether card byte `card` may start an empty cascade; see [`EmptyCascadeRule::accepts`](crate::EmptyCascadeRule::accepts).
    #[inline]
    fn accepts_in_empty(&self, card: u8) -> bool {
        accepts_in_empty(self.rules, card)
    }
}

/// Whether card byte `card` may start an empty cascade under `rules`.
#[inline]
fn accepts_in_empty(rules: Rules, card: u8) -> bool {
    Card::from_index(card).is_some_and(|card| rules.empty_cascade.accepts(card))
}

/// Where a generator puts its moves.
trait Sink {
    fn push(&mut self, mv: Move);
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

impl Sink for Writer<'_> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Writer::push(self, mv);
    }
}

/// The foundation pile of card byte `card`.
#[inline]
fn home_pile(card: u8) -> Pile {
    match Card::from_index(card) {
        Some(card) => Pile::foundation(card.suit()),
        None => unreachable!("only called on cards"),
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::BuildRule;
    use crate::testing::{next, shuffled_deck};
    use crate::{Board, Game, Layout, MoveModel, Rules, WideBoard};

    /// On FreeCell's positions the generator's copy compiled for FreeCell's rules lists what
    /// the copy for any rules lists, spared or not, under both move models, on positions
    /// played out at random from shuffled deals.
    #[test]
    fn freecell_s_own_generator_follows_the_general_one() {
        let (mut state, mut positions, mut left_out) = (11u64, 0, 0);
        for model in [MoveModel::Sequence, MoveModel::Atomic] {
            for _ in 0..20 {
                let mut board =
                    Board::try_from(Layout::deal(Rules::freecell(), &shuffled_deck(&mut state), 0)).unwrap();
                let (mut own, mut general, mut spared) = (Vec::new(), Vec::new(), Vec::new());
                for _ in 0..150 {
                    own.clear();
                    general.clear();
                    spared.clear();
                    board.generate::<false>(model, &mut own);
                    // The rules passed as a value the compiler cannot see: the general copy.
                    let rules = std::hint::black_box(board.rules);
                    assert_eq!(board.generate_general::<false>(rules, model, &mut general), 0);
                    assert_eq!(own, general, "{model:?} {board:?}");
                    own.clear();
                    let bits = board.generate::<true>(model, &mut own);
                    assert_eq!(board.generate_general::<true>(rules, model, &mut spared), bits);
                    assert_eq!(own, spared, "{model:?} {board:?}");
                    left_out += usize::from(bits != 0);
                    let Some(&mv) = general.get(next(&mut state) as usize % general.len().max(1)) else { break };
                    positions += 1;
                    board.apply(mv).unwrap();
                }
            }
        }
        assert!(positions > 2000 && left_out > 400, "{positions} {left_out}");
    }

    /// Under rules without cells (but Simple Simon's), the generator's own paths list what
    /// the general one lists, in its order (a search's rows depend on it), under both move
    /// models, on positions played out at random from deals of each such game; the moves
    /// into an empty cascade are counted where the single-card path made them.
    #[test]
    fn moves_without_cells_follow_the_general_generator() {
        let (mut positions, mut home, mut onto, mut into_empty) = (0, 0, 0, 0);
        let games = Game::ALL.into_iter().filter(|game| {
            let rules = game.rules();
            rules.free_cells == 0 && rules.build != BuildRule::SimpleSimon
        });
        for game in games {
            for (seed, model) in (0..40u64).zip([MoveModel::Sequence, MoveModel::Atomic].into_iter().cycle()) {
                let mut state = seed;
                let mut board = WideBoard::try_from(Layout::deal_game(game, &shuffled_deck(&mut state))).unwrap();
                let (mut general, mut own) = (Vec::new(), Vec::new());
                for _ in 0..120 {
                    general.clear();
                    own.clear();
                    board.generate_general::<true>(board.rules, model, &mut general);
                    assert_eq!(board.generate_without_cells::<true>(model, &mut own), 0);
                    assert_eq!(own, general, "{game:?} {model:?} {board:?}");
                    let Some(&mv) = own.get(next(&mut state) as usize % own.len().max(1)) else { break };
                    positions += 1;
                    home += own.iter().filter(|mv| mv.to().is_foundation()).count();
                    onto += own.iter().filter(|mv| !mv.to().is_foundation()).count();
                    if model == MoveModel::Atomic || board.rules.run_capacity(0, board.empty_cascades()) == 1 {
                        into_empty += own
                            .iter()
                            .filter(|mv| mv.to().cascade_index().is_some_and(|b| board.cascade_len(b) == 0))
                            .count();
                    }
                    board.apply(mv).unwrap();
                }
            }
        }
        assert!(
            positions > 3000 && home > 300 && onto > 3000 && into_empty > 100,
            "{positions} {home} {onto} {into_empty}"
        );
    }
}
