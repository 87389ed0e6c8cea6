//! Moves the proof never makes under Good Measure's rules: a queen alone on a king at the
//! bottom of its cascade carried onto a king alone in another ([`KingSwaps`]). The two
//! positions differ only in which king is covered, and kings never move but home, so the
//! position before the move is as good as the one after: the search keeps the first.
//!
//! **Why no win is lost.** Under rules with no free cells, one card a move and emptied
//! cascades that take nothing, a king never moves but home (nothing ranks above it, and
//! no cell or empty cascade takes it). Let a line of play from position `P` win and begin
//! with the move `m` carrying queen `Q` from cascade `a = [K1, Q]` onto cascade `b = [K2]`
//! (kings `K1`, `K2`). Copy the rest of the line from `P` itself, with whatever the line
//! piles on one king piled on the other instead: `Q` starts on `K1` where the line has it
//! on `K2`, and `K1` is bare where `K2` is. Each move of the line is legal in the copy
//! while both kings are out: a card leaves or lands on the same top card, or on the other
//! king, which ranks the same. When the line sends one king home, that king is bare in the
//! line, so in the copy it carries the pile the line has on the other king, and the other
//! king is bare: the copy leaves the first king where it is, under that pile. Nothing needs
//! it home (it is the last card of its suit) and its going home uncovers only an empty
//! cascade, which takes nothing, so every later move of the line stays legal in the copy;
//! the line clears that pile to win, and then the copy sends the king home and the two
//! positions are the same. The copy is the line without `m`, one move shorter, so no
//! shortest win makes such a move. As for [`Dominance`](super::dominance::Dominance), a
//! search that never makes one, with safe automoves after each move, still reaches a win
//! from every winnable position (by induction on the cards home, then on the length of a
//! shortest win), and a shortest win makes neither kind of move (each copy is shorter).
//!
//! On the twelve Good Measure deals fc-solve proves lost that `fast` left undecided, the
//! proof alone stores 2377's space in 119,333 positions instead of 207,813, 2906's in
//! 27,709 instead of 135,325 and 5018's in 186,745 instead of 370,897
//! (`docs/results/games.md`, twenty-sixth session).

use freecell_core::{BoardN, Game, Move, PileKind, Rank, Rules};

/// The skip, under the rules where it applies (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub(super) struct KingSwaps {
    /// Whether the rules are Good Measure's, the one rule set where the skip applies.
    on: bool,
}

impl KingSwaps {
    /// The skip under `rules`: Good Measure's alone. Its argument holds wherever there
    /// are no free cells, one card moves at a time and an emptied cascade takes nothing
    /// (Baker's Dozen too), but the proofs of the other games were not measured with it.
    pub(super) fn for_rules(rules: Rules) -> KingSwaps {
        KingSwaps { on: rules == Game::GoodMeasure.rules() }
    }

    /// Drops the skipped moves from `moves`, legal moves of `board`, where the skip is on:
    /// a look at the cascades' lengths first, the moves one by one only where some cascade
    /// holds a lone king and another a queen on a king.
    #[inline]
    pub(super) fn drop_from<const C: usize, const F: usize>(self, board: &BoardN<C, F>, moves: &mut Vec<Move>) {
        if !self.on {
            return;
        }
        let lone = |n: usize| (0..board.cascade_count()).any(|i| board.cascade_len(i) == n && king_at_bottom(board, i));
        if lone(1) && lone(2) {
            moves.retain(|&mv| !Self::skips(board, mv));
        }
    }

    /// Whether `mv`, a legal move of `board`, carries the top card of a cascade of two
    /// cards, a king at the bottom, onto a cascade holding one king alone.
    pub(super) fn skips<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move) -> bool {
        let (PileKind::Cascade(a), PileKind::Cascade(b)) =
            (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()))
        else {
            return false;
        };
        board.cascade_len(a) == 2 && board.cascade_len(b) == 1 && king_at_bottom(board, a) && king_at_bottom(board, b)
    }
}

/// Whether cascade `i`'s bottom card is a king.
fn king_at_bottom<const C: usize, const F: usize>(board: &BoardN<C, F>, i: usize) -> bool {
    board.cascade_bottom(i).is_some_and(|card| card.rank() == Rank::KING)
}

#[cfg(test)]
mod tests {
    use freecell_core::{Board, BuildRule, Card, EmptyCascadeRule, Layout, MoveModel, SequenceCapacity, SplitMix64};
    use freecell_deals::reduced::{Truth, fewest_moves};

    use crate::fast::tests::{random_walk, shuffled_above};

    use super::*;

    /// Good Measure's rules on `cascades` cascades.
    fn rules(cascades: u8) -> Rules {
        if cascades == 10 {
            return Game::GoodMeasure.rules();
        }
        Rules {
            free_cells: 0,
            cascades,
            build: BuildRule::AnySuit,
            empty_cascade: EmptyCascadeRule::Nothing,
            capacity: SequenceCapacity::Standard,
        }
    }

    /// A deal of the cards above rank `home` (the lower ones home) into `cascades`
    /// cascades, each king at the bottom of a cascade as Good Measure deals them, then
    /// `walk` random moves.
    fn reduced(cascades: u8, home: u8, walk: usize, rng: &mut SplitMix64) -> Board {
        let deck = shuffled_above(home, |c| c.rank() != Rank::KING, rng);
        let game = rules(cascades);
        let mut layout = Layout::empty(game);
        layout.foundations = [home; 4];
        layout.cascades = vec![Vec::new(); usize::from(cascades)];
        let kings = Card::deck().filter(|c| c.rank() == Rank::KING);
        for (i, king) in kings.enumerate() {
            layout.cascades[i % usize::from(cascades)].push(king);
        }
        for (i, card) in deck.into_iter().enumerate() {
            layout.cascades[(i + 4) % usize::from(cascades)].push(card);
        }
        random_walk(Board::try_from(layout).expect("a reduced deal is a legal position"), walk, rng)
    }

    /// Against an exact breadth-first search (`freecell_deals::reduced`, which shares no
    /// code with the solver): a skipped move never leads closer to a win than the fewest
    /// moves of the position it leaves, so no shortest win makes one. Not vacuous: skipped
    /// moves are met that lead to winnable positions and to lost ones.
    #[test]
    fn no_shortest_win_makes_a_skipped_move() {
        let mut rng = SplitMix64::new(0x6b15);
        let (mut to_won, mut to_lost, mut moves) = (0, 0, Vec::new());
        for k in 0..300 {
            let board = reduced(5, if k % 3 == 0 { 8 } else { 10 }, k % 40, &mut rng);
            moves.clear();
            board.generate_moves(MoveModel::Atomic, &mut moves);
            let skipped: Vec<Move> = moves.iter().copied().filter(|&mv| KingSwaps::skips(&board, mv)).collect();
            if skipped.is_empty() {
                continue;
            }
            let truth = fewest_moves(&board, MoveModel::Atomic, 300_000);
            for mv in skipped {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                match (truth, fewest_moves(&child, MoveModel::Atomic, 300_000)) {
                    (_, Truth::Lost) => to_lost += 1,
                    (Truth::Optimum(from), Truth::Optimum(after)) => {
                        assert!(after >= from, "{mv:?} wins in {} moves from\n{board}", after + 1);
                        to_won += 1;
                    }
                    (_, Truth::TooBig) | (Truth::TooBig, _) => {}
                    (from, after) => panic!("{from:?} before {mv:?}, {after:?} after, from\n{board}"),
                }
            }
        }
        assert!(to_won >= 100 && to_lost > 0, "{to_won} skipped moves to winnable positions, {to_lost} to lost");
    }

    /// The proof skips these moves: it exhausts Good Measure 2906, which fc-solve proves
    /// lost too (`docs/results/data/fc-solve-games`), in 27,709 expansions, where keeping
    /// them took 135,325.
    #[test]
    fn the_proof_skips_them() {
        use freecell_deals::DealNumber;
        use freecell_search::{Budget, SearchOutcome};

        use super::super::proof::{Ends, prove};
        let board = DealNumber::new(2906).expect("in range").board_for(Game::GoodMeasure).expect("deals");
        let report = prove(&mut None, &board, Budget::default(), Ends::AtLimit, &mut ());
        assert_eq!((report.outcome, report.stats.expanded), (SearchOutcome::Exhausted, 27_709));
    }

    /// The skip is Good Measure's alone.
    #[test]
    fn applies_to_good_measure_only() {
        for game in Game::ALL {
            assert_eq!(KingSwaps::for_rules(game.rules()).on, game == Game::GoodMeasure, "{game:?}");
        }
    }
}
