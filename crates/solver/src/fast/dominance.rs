//! Moves no search makes because the position they lead to is never better than the one
//! they leave: where an emptied cascade takes nothing (Baker's Dozen, Good Measure, Cruel),
//! carrying the whole of a cascade anywhere but home ([`Dominance::skips`]).
//!
//! **Why it holds.** Let the move carry a cascade's cards off onto another pile, leaving
//! the cascade empty. From the position before it, every line of play from the position
//! after it can be copied with those cards kept where they were: they are on top there as
//! they are on the pile they went to, so each later move of them, or onto them, is legal
//! from their own cascade; the card they would have covered stays free; and the empty
//! cascade they leave takes nothing, nor counts towards any run's capacity, so no move
//! needs it. The copy is the line with that move left out, one move shorter. So no
//! shortest win ever makes such a move, and a search that never makes one loses no win: a
//! winnable position always has another move one step closer to a win, and the safe
//! automoves played after it keep the position winnable with more cards home (by induction
//! on the cards home, then on the length of a shortest win). So the proof skips them too,
//! and stores fewer positions.
//!
//! Deals 1–10,000 at 200,000 expansions a deal leave 72 of Baker's Dozen's undecided
//! instead of 108, with 26 % fewer expansions, and at 100,000 1,245 of Good Measure's instead
//! of 1,419, with 10 % fewer (`docs/results/games.md`).

use freecell_core::{BoardN, EmptyCascadeRule, GeneratedMoves, Move, PileKind, Rules};

/// The dominated moves skipped under one rule set (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub(super) struct Dominance {
    /// Whether an emptied cascade takes nothing: the one rule where the skip applies.
    empties_idle: bool,
}

impl Dominance {
    /// The skip under `rules`: on where an emptied cascade takes nothing, else off.
    pub(super) fn for_rules(rules: Rules) -> Dominance {
        Dominance { empties_idle: rules.empty_cascade == EmptyCascadeRule::Nothing }
    }

    /// Drops the skipped moves from `moves`, legal moves of `board`: one test per position
    /// where the rules have none (FreeCell's moves are not looked at one by one: a test per
    /// move cost its searches 1.6 % more instructions).
    #[inline]
    pub(super) fn drop_from<const C: usize, const F: usize>(self, board: &BoardN<C, F>, moves: &mut impl Retain) {
        if self.empties_idle {
            self.drop_skipped(board, moves);
        }
    }

    /// [`drop_from`](Self::drop_from)'s work, out of line: under the other rules the
    /// searches pay only the test of the rule.
    #[inline(never)]
    fn drop_skipped<const C: usize, const F: usize>(self, board: &BoardN<C, F>, moves: &mut impl Retain) {
        if board.rules().moves_single_cards() && (0..board.cascade_count()).all(|i| board.cascade_len(i) != 1) {
            // Every move carries one card, and none empties a cascade: a look at each
            // cascade, not at each move.
            return;
        }
        moves.retain_moves(|&mv| !self.skips(board, mv));
    }

    /// Whether `mv`, a legal move of `board`, carries every card of its cascade onto a
    /// pile other than a foundation while an emptied cascade takes nothing.
    #[inline]
    pub(super) fn skips<const C: usize, const F: usize>(self, board: &BoardN<C, F>, mv: Move) -> bool {
        self.empties_idle
            && matches!(BoardN::<C, F>::locate(mv.from()), PileKind::Cascade(a) if board.cascade_len(a) == usize::from(mv.count()))
            && !matches!(BoardN::<C, F>::locate(mv.to()), PileKind::Foundation(_))
    }
}

/// A list of moves that drops moves in place: the greedy searches' [`GeneratedMoves`] and
/// the other searches' vectors.
pub(super) trait Retain {
    /// Keeps the moves for which `keep` holds, in their order.
    fn retain_moves(&mut self, keep: impl FnMut(&Move) -> bool);
}

impl Retain for Vec<Move> {
    fn retain_moves(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.retain(keep);
    }
}

impl Retain for GeneratedMoves {
    fn retain_moves(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.retain(keep);
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Board, BuildRule, Layout, MoveModel, SequenceCapacity, SplitMix64};
    use freecell_deals::reduced::{Truth, fewest_moves};

    use crate::fast::tests::{random_walk, shuffled_above};

    use super::*;

    /// A deal of the cards above rank `home` (the lower ones home) under `rules`, dealt
    /// round-robin into all but `spare` of its cascades, then `walk` random moves.
    fn reduced(rules: Rules, home: u8, spare: usize, walk: usize, rng: &mut SplitMix64) -> Board {
        let deck = shuffled_above(home, |_| true, rng);
        let n = usize::from(rules.cascades);
        let mut layout = Layout::empty(rules);
        layout.foundations = [home; 4];
        layout.cascades = vec![Vec::new(); n];
        for (i, card) in deck.into_iter().enumerate() {
            layout.cascades[i % (n - spare)].push(card);
        }
        random_walk(Board::try_from(layout).expect("a reduced deal is a legal position"), walk, rng)
    }

    /// Against an exact breadth-first search (`freecell_deals::reduced`, which shares no
    /// code with the solver): a skipped move never leads closer to a win than the fewest
    /// moves of the position it leaves, so no shortest win makes one, under every build
    /// rule with cascades that stay empty (with and without a free cell). The test is not
    /// vacuous: under each rule set skipped moves are met that lead to winnable positions,
    /// and some lead to lost ones.
    #[test]
    fn no_shortest_win_makes_a_skipped_move() {
        let rules = |build, free_cells| Rules {
            free_cells,
            cascades: 5,
            build,
            empty_cascade: EmptyCascadeRule::Nothing,
            capacity: SequenceCapacity::Standard,
        };
        let games = [
            rules(BuildRule::AnySuit, 0),
            rules(BuildRule::SameSuit, 0),
            rules(BuildRule::AlternateColour, 1),
            rules(BuildRule::AnySuit, 1),
        ];
        let mut rng = SplitMix64::new(0x5eed);
        let mut to_lost = 0;
        for game in games {
            let dominance = Dominance::for_rules(game);
            let mut to_won = 0;
            let mut moves = Vec::new();
            for k in 0..120 {
                let board = reduced(game, 9, k % 2, k % 9, &mut rng);
                let truth = fewest_moves(&board, MoveModel::Atomic, 200_000);
                moves.clear();
                board.generate_moves(MoveModel::Atomic, &mut moves);
                for &mv in moves.iter().filter(|&&mv| dominance.skips(&board, mv)) {
                    let mut child = board.clone();
                    child.apply_unchecked(mv);
                    match (truth, fewest_moves(&child, MoveModel::Atomic, 200_000)) {
                        (_, Truth::Lost) => to_lost += 1,
                        (Truth::Optimum(from), Truth::Optimum(after)) => {
                            assert!(after >= from, "{game:?}: {mv:?} wins in {} moves from\n{board}", after + 1);
                            to_won += 1;
                        }
                        (from, after) => panic!("{game:?}: {from:?} before {mv:?}, {after:?} after, from\n{board}"),
                    }
                }
            }
            assert!(to_won > 0, "{game:?}: no skipped move to a winnable position");
        }
        assert!(to_lost > 0, "no skipped move to a lost position");
    }

    /// The skip is off wherever an emptied cascade takes a card.
    #[test]
    fn applies_where_emptied_cascades_take_nothing() {
        use freecell_core::Game;
        for game in Game::ALL {
            let on = Dominance::for_rules(game.rules()).empties_idle;
            assert_eq!(on, matches!(game, Game::BakersDozen | Game::GoodMeasure | Game::Cruel), "{game:?}");
        }
    }
}
