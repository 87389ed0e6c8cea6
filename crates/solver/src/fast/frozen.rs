//! A proof that a position is lost without searching it, for the games that move single
//! cards and have no free cells (Fan, Baker's Dozen, Good Measure, Cruel): some card can
//! never move ([`Frozen::dead`]).
//!
//! **Why it holds.** Take any winning line from a position and order the cards by the time
//! each first leaves the place it has now. When a card first moves it is on top of its
//! cascade, so every card above it has moved before; and it goes
//!
//! - home: every lower card of its suit is home, so each has moved before (or was home);
//! - onto a card it builds on, which is then on top of its cascade: every card now above
//!   that one has moved before (in a single-card game nothing lands on a card but a card
//!   that builds on it, and the moving card is not there yet);
//! - into an empty cascade (only where the rules let it): every card now in some other
//!   cascade has moved before.
//!
//! The cards that can be ordered so, each meeting one of these conditions with the cards
//! before it, are the least fixed point [`Frozen::dead`] computes; every card must go home,
//! so a position where some card is left out of it has no winning line. The conditions are
//! necessary, not sufficient, so a position that passes may still be lost; nothing here
//! claims a win. This is the static counterpart of the searches' exhaustion: a card of Fan
//! above a lower card of its suit and above its own successor (the only card it builds on)
//! never moves, and the searches would otherwise visit every position reachable around it.
//!
//! Runs moving as units (free cells, empty cascades taking any card) break the first
//! condition (a card then moves with the cards above it), so the test applies only to
//! [`Frozen::applies`] rules, and to a search over single-card moves where only the empty
//! cascades move runs ([`Frozen::for_single_cards`]: the proof of Beleaguered Castle,
//! Streets and Alleys and Citadel).
//!
//! **The test after a move** ([`Frozen::dead_after`]) is skipped where the move cannot
//! have made a live position dead: a card moved onto another that could move on at once,
//! home or onto another top card it builds on. The searches ask it
//! of positions whose parent passed, so each asks the full test far less often (about
//! half of Good Measure's instructions were the full test).

use freecell_core::{BoardN, BuildRule, Card, EmptyCascadeRule, Move, NextHome, PileKind, Rules, Suit};

/// The test for one rule set (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub(super) struct Frozen {
    /// Per card, the cards it builds on under the rules, as a bit set over card indices.
    targets: &'static [u64; 52],
    /// Per card, the cards that build on it: `targets` the other way round.
    builders: &'static [u64; 52],
    /// The cards an empty cascade takes.
    starts: u64,
}

/// Per card, the cards it builds on under `rule`, as bit sets over card indices.
const fn targets(rule: BuildRule) -> [u64; 52] {
    let mut table = [0u64; 52];
    let mut card = 0;
    while card < 48 {
        let first = (card / 4 + 1) * 4;
        let mut onto = first;
        while onto < first + 4 {
            if let (Some(c), Some(o)) = (Card::from_index(card as u8), Card::from_index(onto as u8))
                && rule.stacks(c, o)
            {
                table[card] |= 1 << onto;
            }
            onto += 1;
        }
        card += 1;
    }
    table
}

/// Per card, the cards of `targets` that build on it.
const fn builders(targets: &[u64; 52]) -> [u64; 52] {
    let mut table = [0u64; 52];
    let mut card = 0;
    while card < 52 {
        let mut onto = 0;
        while onto < 52 {
            if targets[card] >> onto & 1 == 1 {
                table[onto] |= 1 << card;
            }
            onto += 1;
        }
        card += 1;
    }
    table
}

/// Every card.
const DECK: u64 = (1 << 52) - 1;

/// The kings: the last four indices.
const KINGS: u64 = 0b1111 << 48;

static SAME_SUIT: [u64; 52] = targets(BuildRule::SameSuit);
static ANY_SUIT: [u64; 52] = targets(BuildRule::AnySuit);
static ALTERNATE_COLOUR: [u64; 52] = targets(BuildRule::AlternateColour);
static ON_SAME_SUIT: [u64; 52] = builders(&SAME_SUIT);
static ON_ANY_SUIT: [u64; 52] = builders(&ANY_SUIT);
static ON_ALTERNATE_COLOUR: [u64; 52] = builders(&ALTERNATE_COLOUR);

impl Frozen {
    /// The test under `rules`, when they move one card at a time and have no free cells
    /// (not under Simple Simon's rule, whose runs move whole).
    pub(super) fn applies(rules: Rules) -> Option<Frozen> {
        Frozen::for_single_cards(rules).filter(|_| rules.moves_single_cards())
    }

    /// The test for a search whose moves each carry one card ([`MoveModel::Atomic`]), under
    /// `rules` with no free cells: [`applies`](Self::applies)' rules, and those whose runs
    /// move through empty cascades (Beleaguered Castle, Streets and Alleys, Citadel).
    ///
    /// **Why it holds there too.** Without free cells a run moves only through empty
    /// cascades, and such a move is a sequence of single-card moves, each legal (an empty
    /// cascade takes any card): a position won by moving runs is won by single cards, and
    /// the module's ordering argument, over single-card lines, holds as it stands, an
    /// empty cascade taking every card once some cascade could be empty. In their proof it
    /// stores 9–59 % fewer positions on the twelve Beleaguered Castle deals fc-solve proves
    /// lost that `fast` left undecided, and deals 1–10,000 at the default limit leave 68 of
    /// Beleaguered Castle's undecided instead of 78, 208 of Streets and Alleys' instead of
    /// 221 (`docs/results/games.md`).
    ///
    /// [`MoveModel::Atomic`]: freecell_core::MoveModel::Atomic
    pub(super) fn for_single_cards(rules: Rules) -> Option<Frozen> {
        let (targets, builders) = match rules.build {
            BuildRule::SameSuit => (&SAME_SUIT, &ON_SAME_SUIT),
            BuildRule::AnySuit => (&ANY_SUIT, &ON_ANY_SUIT),
            BuildRule::AlternateColour => (&ALTERNATE_COLOUR, &ON_ALTERNATE_COLOUR),
            BuildRule::SimpleSimon => return None,
        };
        let starts = match rules.empty_cascade {
            EmptyCascadeRule::KingsOnly => KINGS,
            EmptyCascadeRule::Nothing => 0,
            EmptyCascadeRule::AnyCard => DECK,
        };
        (rules.free_cells == 0).then_some(Frozen { targets, builders, starts })
    }

    /// Whether `child`, the position after `mv` (a legal move of `parent`) and its
    /// automoves, is lost because some card can never move, where `parent` is not: the
    /// same answer as [`dead`](Self::dead) on `child`, without its work after most moves.
    ///
    /// **Why the skip is exact.** Let `mv` carry one card `x` from cascade `a` onto cascade
    /// `b` (onto its top card `y`, if any), `x` still there after the automoves, and let `x`
    /// be able to move at once in `child`: its suit's lower cards are home, or a top card
    /// of another cascade is one it builds on. The fixed point of `child` then takes `x`
    /// first, which exposes what `x` covers. From there every card is where it was in
    /// `parent` but `x`, which has moved, and the cards the automoves took home, so each
    /// card's condition holds whenever it held in `parent`'s fixed point (at least the same
    /// cards home, exposed, moved and emptied), except going onto a card now home: that
    /// card was safe to go home, which under every build rule's safe automoves (Horne's and
    /// Raymond's, any card of rank 2) means that each card one rank lower building on it is
    /// home or its suit's next, so it can go home instead. `child`'s fixed point holds all
    /// of `parent`'s, which is every card. Any other move is tested in full.
    #[inline]
    pub(super) fn dead_after<const C: usize, const F: usize>(
        &self,
        parent: &BoardN<C, F>,
        mv: Move,
        child: &BoardN<C, F>,
    ) -> bool {
        !self.moves_on(parent, mv, child) && self.dead(child)
    }

    /// Whether `mv` (see [`dead_after`](Self::dead_after)) carried one card onto a cascade,
    /// where it stayed, and left it able to move at once in `child`.
    #[inline]
    fn moves_on<const C: usize, const F: usize>(&self, parent: &BoardN<C, F>, mv: Move, child: &BoardN<C, F>) -> bool {
        let (PileKind::Cascade(a), PileKind::Cascade(b)) =
            (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()))
        else {
            return false;
        };
        let Some(card) = parent.cascade_top(a).filter(|_| mv.count() == 1) else { return false };
        // Gone home by an automove, it is tested in full.
        if child.cascade_top(b) != Some(card) {
            return false;
        }
        if child.next_home(card.suit()) == NextHome::Card(card) {
            return true;
        }
        // `b`'s top is the card itself, which it does not build on.
        let targets = self.targets[card.index()];
        (0..child.cascade_count()).any(|i| child.cascade_top(i).is_some_and(|top| targets >> top.index() & 1 == 1))
    }

    /// Whether some card of `board` can never move, so that `board` is lost (see the
    /// module's documentation). `board` has these rules (no free cells).
    ///
    /// The fixed point grows by whole sets: of the cascades' unmoved top cards (each
    /// cascade's first card not yet in it), those that can move, each suit's lowest card
    /// not in it (home), a card building on a card ever exposed, or any card the empty
    /// cascade takes once a cascade could be empty, join together. Each card joins once,
    /// with what it exposes, so the work is a few bit operations a card, not a pass over
    /// every cascade each time the set grows.
    pub(super) fn dead<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> bool {
        // The fixed point so far: the cards home,
        let mut moved = 0u64;
        for suit in Suit::ALL {
            let home = u32::from(board.foundation(suit));
            moved |= suit.card_bits() & ((1u64 << (4 * home)) - 1);
        }
        // each cascade's first card not in it, the cards building on a card every card
        // above which is in it, and whether a cascade could be empty.
        let (mut fronts, mut placed, mut emptied) = (0u64, 0u64, false);
        for i in 0..board.cascade_count() {
            match board.cascade_top(i) {
                Some(top) => {
                    fronts |= 1 << top.index();
                    placed |= self.builders[top.index()];
                }
                None => emptied = true,
            }
        }
        loop {
            if emptied && self.starts == DECK {
                // An empty cascade takes every card: the rest joins a cascade at a time.
                return false;
            }
            let left = !moved & DECK;
            let home = Suit::ALL.iter().fold(0, |set, suit| {
                let suit = left & suit.card_bits();
                set | suit & suit.wrapping_neg()
            });
            let mut join = fronts & (home | placed | if emptied { self.starts } else { 0 });
            if join == 0 {
                // A cascade card left out can never move.
                return fronts != 0;
            }
            moved |= join;
            fronts &= !join;
            while join != 0 {
                let card = join.trailing_zeros() as u8;
                join &= join - 1;
                match Card::from_index(card).and_then(|card| board.beneath(card)) {
                    Some(next) => {
                        fronts |= 1 << next.index();
                        placed |= self.builders[next.index()];
                    }
                    None => emptied = true,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use freecell_core::{Board, Card, EmptyCascadeRule, Layout, MoveModel, Rules, SequenceCapacity};

    use super::*;

    /// A xorshift generator from `seed` (not 0).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Every position reachable from `start` by single-card moves (no automoves), and
    /// which of them can still be won: a plain graph search and its backward closure,
    /// sharing nothing with the solver's searches.
    fn solve_all(start: &Board) -> Vec<(Board, bool)> {
        let mut index = HashMap::new();
        let mut boards = vec![start.clone()];
        let mut edges: Vec<Vec<usize>> = Vec::new();
        index.insert(start.key(), 0);
        let mut moves = Vec::new();
        let mut next = 0;
        while next < boards.len() {
            let board = boards[next].clone();
            moves.clear();
            board.generate_moves(MoveModel::Atomic, &mut moves);
            let mut out = Vec::new();
            for &mv in &moves {
                let mut child = board.clone();
                child.apply(mv).expect("a generated move is legal");
                let id = *index.entry(child.key()).or_insert_with(|| {
                    boards.push(child);
                    boards.len() - 1
                });
                out.push(id);
            }
            edges.push(out);
            next += 1;
        }
        let mut won: Vec<bool> = boards.iter().map(Board::is_won).collect();
        loop {
            let mut grew = false;
            for (id, out) in edges.iter().enumerate() {
                if !won[id] && out.iter().any(|&to| won[to]) {
                    won[id] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        boards.into_iter().zip(won).collect()
    }

    /// Random deals of the cards above rank `home` (the lower ones on their foundations)
    /// into `cascades` cascades under `rules`, some cascades left empty.
    fn reduced_deals(rules: Rules, home: u8, deals: usize, mut visit: impl FnMut(&Board)) {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..deals {
            let mut deck: Vec<Card> = Card::deck().filter(|c| c.rank().get() > home).collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let n = usize::from(rules.cascades);
            let used = n - (next() % 2) as usize;
            let mut layout = Layout::empty(rules);
            layout.foundations = [home; 4];
            layout.cascades = vec![Vec::new(); n];
            for (i, card) in deck.into_iter().enumerate() {
                layout.cascades[i % used].push(card);
            }
            visit(&Board::try_from(layout).expect("a reduced deal is a legal position"));
        }
    }

    /// The rules of a single-card game with no free cells: the reduced games of the tests.
    fn single_card_rules(build: BuildRule, empty_cascade: EmptyCascadeRule, cascades: u8) -> Rules {
        Rules { free_cells: 0, cascades, build, empty_cascade, capacity: SequenceCapacity::Standard }
    }

    /// Every position reachable in reduced deals of the single-card games' rules, and of
    /// Beleaguered Castle's moving a card at a time, that the test calls dead cannot be
    /// won, by an exhaustive search; and the test is not vacuous: it finds lost positions,
    /// among them starts (but in Beleaguered Castle's, where a dead start is rare: 211 dead
    /// of the 680,436 positions reached, none a start).
    #[test]
    fn a_dead_position_is_never_won() {
        let games = [
            (single_card_rules(BuildRule::SameSuit, EmptyCascadeRule::KingsOnly, 6), 8, true),
            (single_card_rules(BuildRule::AnySuit, EmptyCascadeRule::Nothing, 5), 8, true),
            (single_card_rules(BuildRule::SameSuit, EmptyCascadeRule::Nothing, 5), 8, true),
            (single_card_rules(BuildRule::AlternateColour, EmptyCascadeRule::KingsOnly, 5), 8, true),
            (single_card_rules(BuildRule::AnySuit, EmptyCascadeRule::AnyCard, 4), 9, false),
        ];
        for (game, home, starts) in games {
            let frozen = Frozen::for_single_cards(game).expect("no cells");
            let (mut dead, mut dead_starts, mut positions) = (0, 0, 0);
            reduced_deals(game, home, 25, |start| {
                for (k, (board, won)) in solve_all(start).into_iter().enumerate() {
                    positions += 1;
                    if frozen.dead(&board) {
                        assert!(!won, "{game:?}: called dead but won:\n{board}");
                        dead += 1;
                        dead_starts += usize::from(k == 0);
                    }
                }
            });
            assert!(
                dead > 0 && (dead_starts > 0 || !starts),
                "{game:?}: {dead} dead of {positions}, {dead_starts} starts"
            );
        }
    }

    /// The fixed point as the module's documentation states it, plainly: pass over the
    /// cascades, each from its top, adding every card that meets a condition, until a pass
    /// adds none. The test's reference.
    fn dead_by_passes(frozen: &Frozen, board: &Board) -> bool {
        let lower = |card: usize| (card % 4..card).step_by(4).fold(0u64, |set, c| set | 1 << c);
        let cascades: Vec<Vec<usize>> =
            (0..board.cascade_count()).map(|i| board.cascade(i).map(Card::index).collect()).collect();
        let in_cascades = cascades.iter().flatten().fold(0u64, |set, &c| set | 1 << c);
        let mut moved = !in_cascades & DECK;
        let mut exposed = cascades.iter().filter_map(|c| c.first()).fold(0u64, |set, &c| set | 1 << c);
        let mut done = vec![0; cascades.len()];
        loop {
            let emptied = cascades.iter().zip(&done).any(|(c, &d)| d == c.len());
            let mut grew = false;
            for (cascade, done) in cascades.iter().zip(done.iter_mut()) {
                while let Some(&card) = cascade.get(*done) {
                    let home = lower(card) & !moved == 0;
                    let placed = frozen.targets[card] & exposed != 0;
                    if !(home || placed || emptied && frozen.starts >> card & 1 == 1) {
                        break;
                    }
                    moved |= 1 << card;
                    *done += 1;
                    if let Some(&next) = cascade.get(*done) {
                        exposed |= 1 << next;
                    }
                    grew = true;
                }
            }
            if !grew {
                return moved & in_cascades != in_cascades;
            }
        }
    }

    /// The fixed point grown by sets is the plain one on every position reachable in
    /// reduced deals of every build rule and empty-cascade rule that the test applies to
    /// (a card at a time, where an empty cascade takes any card).
    #[test]
    fn the_test_is_the_plain_fixed_point() {
        let mut dead = 0;
        for build in [BuildRule::SameSuit, BuildRule::AnySuit, BuildRule::AlternateColour] {
            for (empty, cascades) in
                [(EmptyCascadeRule::KingsOnly, 5), (EmptyCascadeRule::Nothing, 5), (EmptyCascadeRule::AnyCard, 3)]
            {
                let game = single_card_rules(build, empty, cascades);
                let frozen = Frozen::for_single_cards(game).expect("no cells");
                reduced_deals(game, 10, 8, |start| {
                    for (board, _) in solve_all(start) {
                        let expected = dead_by_passes(&frozen, &board);
                        assert_eq!(frozen.dead(&board), expected, "{game:?}:\n{board}");
                        dead += usize::from(expected);
                    }
                });
            }
        }
        assert!(dead > 0, "no dead position met");
    }

    /// The test after a move gives the full test's answer on every move of every live
    /// position reachable in reduced deals, with each rule's automoves after it or none,
    /// and skips the full test after some of them.
    #[test]
    fn the_test_after_a_move_is_the_full_test() {
        use freecell_core::Automove;
        let games = [
            single_card_rules(BuildRule::AnySuit, EmptyCascadeRule::Nothing, 5),
            single_card_rules(BuildRule::SameSuit, EmptyCascadeRule::KingsOnly, 6),
            single_card_rules(BuildRule::AlternateColour, EmptyCascadeRule::KingsOnly, 5),
            single_card_rules(BuildRule::AnySuit, EmptyCascadeRule::AnyCard, 3),
        ];
        for game in games {
            let frozen = Frozen::for_single_cards(game).expect("no cells");
            let (mut moves, mut skipped, mut dead, mut checked) = (Vec::new(), 0, 0, 0);
            reduced_deals(game, 9, 12, |start| {
                for (parent, _) in solve_all(start) {
                    if frozen.dead(&parent) {
                        continue;
                    }
                    moves.clear();
                    parent.generate_moves(MoveModel::Atomic, &mut moves);
                    for &mv in &moves {
                        for automove in [Automove::None, Automove::Horne, Automove::Raymond] {
                            let mut child = parent.clone();
                            child.apply(mv).expect("a generated move is legal");
                            child.play_automoves(automove);
                            let full = frozen.dead(&child);
                            assert_eq!(frozen.dead_after(&parent, mv, &child), full, "{game:?} {mv:?}:\n{parent}");
                            skipped += usize::from(frozen.moves_on(&parent, mv, &child));
                            dead += usize::from(full);
                            checked += 1;
                        }
                    }
                }
            });
            assert!(skipped > 0 && dead > 0, "{game:?}: {skipped} skipped, {dead} dead of {checked}");
        }
    }

    /// Rules whose runs move as units, or with free cells, are not tested, but for a search
    /// over single-card moves where only free cells are.
    #[test]
    fn applies_to_single_card_games_only() {
        use freecell_core::Game;
        for game in Game::ALL {
            let single = matches!(game, Game::Fan | Game::BakersDozen | Game::GoodMeasure | Game::Cruel);
            assert_eq!(Frozen::applies(game.rules()).is_some(), single, "{game:?}");
            let without_cells =
                single || matches!(game, Game::BeleagueredCastle | Game::StreetsAndAlleys | Game::Citadel);
            assert_eq!(Frozen::for_single_cards(game.rules()).is_some(), without_cells, "{game:?}");
        }
    }
}
