//! Safe automoves: cards that can go home without ever costing a solution.

use crate::board::BoardN;
use crate::card::{Card, Suit};
use crate::moves::{Move, Pile, PileKind};
use crate::rules::{BuildRule, Rules};

/// Which playable cards are moved home automatically.
///
/// A card is *safe* to move home when no card still out could ever need it as a place to
/// build on. For FreeCell's alternate-colour building (fc-solve's Horne and Raymond
/// prunes, `shlomif/fc-solve` `fc-solve/source/fc_pro_iface_pos.h`):
/// - Horne: aces; twos; rank N when both opposite-colour N−1 are home.
/// - Raymond: Horne, plus rank N when both opposite-colour N−2 and the other same-colour
///   N−3 are home (the one-step case of the thesis's "corollary to the automove theorem").
///
/// The same principle decides the other build rules: building by suit, the only card that
/// fits on N is N−1 of its suit, already home when N may go home, so every playable card is
/// safe (its one possible builder can never come back to the table: foundations are one
/// way); building regardless of suit, every card of another suit is "opposite": Horne's
/// rule makes N safe when all four N−1 are home, Raymond's when every other suit's N−2 is
/// (so each N−1 still out goes home as soon as it is free, and no N−2 is left that could
/// need it as a place; Blake and Gent's Solvitaire plays the same any-suit rule,
/// `thecharlieblake/Solvitaire` `game_state.dominance_moves.cpp`). The rule is held to an
/// exhaustive search of reduced deals in the crate's tests. Under [`BuildRule::SimpleSimon`] nothing is moved
/// automatically: the only move home takes a whole suit, and that the suit's cards are never
/// needed as places to build (a card of another suit could use its queen…two while it
/// waits) is not proved here, so the search decides.
/// Moving *every* playable card home is not offered: it loses solvable deals (MS 1941 and
/// 98714).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Automove {
    /// No automatic moves.
    #[default]
    None,
    /// Horne's rule.
    Horne,
    /// Raymond's rule (includes Horne's).
    Raymond,
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// Whether `card`, the next card of its foundation, is safe to move home under `rule`.
    // Out of line, as LLVM compiled it before `is_safe_home_under` was split off: inlined
    // into the greedy search's loop, it made that loop dearer.
    #[inline(never)]
    pub fn is_safe_home(&self, card: Card, rule: Automove) -> bool {
        self.is_safe_home_under(self.rules.build, card, rule)
    }

    /// [`is_safe_home`](Self::is_safe_home) under `build`, the board's own rule (a constant
    /// where the caller is compiled for one).
    #[allow(clippy::inline_always)] // one copy, the board's rule, out of line; one per constant rule
    #[inline(always)]
    fn is_safe_home_under(&self, build: BuildRule, card: Card, rule: Automove) -> bool {
        let rank = card.rank().get();
        if rule == Automove::None {
            return false;
        }
        if rank <= 2 {
            return build != BuildRule::SimpleSimon;
        }
        let home = |suit: Suit| self.foundation(suit);
        match build {
            BuildRule::SameSuit => true,
            BuildRule::SimpleSimon => false,
            BuildRule::AnySuit => {
                let slack = if rule == Automove::Raymond { 2 } else { 1 };
                Suit::ALL.iter().all(|&s| s == card.suit() || home(s) + slack >= rank)
            }
            BuildRule::AlternateColour => {
                // Spelled out rather than filtered from `Suit::ALL` by colour: a search asks
                // this for nearly every move it plays.
                let (opposite, partner) = match card.suit() {
                    Suit::Clubs => ([Suit::Diamonds, Suit::Hearts], Suit::Spades),
                    Suit::Spades => ([Suit::Diamonds, Suit::Hearts], Suit::Clubs),
                    Suit::Diamonds => ([Suit::Clubs, Suit::Spades], Suit::Hearts),
                    Suit::Hearts => ([Suit::Clubs, Suit::Spades], Suit::Diamonds),
                };
                let lowest_opposite = home(opposite[0]).min(home(opposite[1]));
                if lowest_opposite + 1 >= rank {
                    return true;
                }
                rule == Automove::Raymond && lowest_opposite + 2 >= rank && home(partner) + 3 >= rank
            }
        }
    }

    /// Moves safe cards home from free cells and cascade tops until none is left, appending
    /// the moves made to `out`; returns how many were made. With [`Automove::None`] it does
    /// nothing.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Automove, Board};
    /// // QS is safe: both red jacks are home (both red foundations are complete).
    /// let mut board: Board = "Foundations: H-K C-K D-K S-J\nQS\nKS\n".parse().unwrap();
    /// let mut moves = Vec::new();
    /// assert_eq!(board.apply_automoves(Automove::Horne, &mut moves), 2);
    /// assert!(board.is_won());
    /// ```
    pub fn apply_automoves(&mut self, rule: Automove, out: &mut Vec<Move>) -> usize {
        self.automove_each(rule, |mv| out.push(mv))
    }

    /// Like [`apply_automoves`](crate::Board::apply_automoves), without recording the moves: the
    /// form a search's inner loop wants.
    pub fn play_automoves(&mut self, rule: Automove) -> usize {
        self.automove_each(rule, |_| {})
    }

    /// [`play_automoves`](Self::play_automoves) right after `mv` was applied to a position
    /// with no safe automove under `rule` (a search's positions are, once played to the
    /// end of their automoves): a move that neither takes a card home nor off a
    /// foundation changes no card's safety, and the only card it can make movable is the
    /// new top of its source cascade, so that card alone is tested before the full scan.
    /// The same board as `play_automoves` gives, at a fraction of the cost for most moves;
    /// returns how many automoves were made.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Automove, Board, Move, Pile};
    /// // Nothing can go home; moving the king uncovers the queen of hearts, which goes home,
    /// // and then the king.
    /// let mut board: Board = "Foundations: H-J C-K D-K S-K\n: QH KH\n".parse()?;
    /// let mv = Move::single(Pile::cascade(0), Pile::cell(0));
    /// board.apply(mv)?;
    /// assert_eq!(board.play_automoves_after(mv, Automove::Raymond), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play_automoves_after(&mut self, mv: Move, rule: Automove) -> usize {
        let uncovered = match (mv.from().kind(), mv.to().kind()) {
            (PileKind::Foundation(_), _) | (_, PileKind::Foundation(_)) => return self.play_automoves(rule),
            (PileKind::Cascade(i), _) => self.cascade_top(i),
            (PileKind::Cell(_), _) => None,
        };
        match uncovered {
            Some(card) if self.next_home_cards() >> card.index() & 1 == 1 && self.is_safe_home(card, rule) => {
                self.play_automoves(rule)
            }
            _ => 0,
        }
    }

    fn automove_each(&mut self, rule: Automove, mut made: impl FnMut(Move)) -> usize {
        // No test of Simple Simon's rule here: `is_safe_home` refuses every card under it.
        if rule == Automove::None {
            return 0;
        }
        let mut count = 0;
        while let Some((from, card)) = self.next_safe_home(rule) {
            let mv = Move::single(from, Pile::foundation(card.suit()));
            self.apply_unchecked(mv);
            made(mv);
            count += 1;
        }
        count
    }

    /// The first pile (cells, then cascades) whose movable card is safe to move home.
    fn next_safe_home(&self, rule: Automove) -> Option<(Pile, Card)> {
        // FreeCell's rules and Raymond's automoves (`fast`'s) as constants, in a copy of the
        // scan compiled for them: 4 cells and 8 cascades known in advance, and only the
        // alternate-colour safety test, inlined.
        if self.rules.is_freecell() && rule == Automove::Raymond {
            let safe = |card| self.is_safe_home_under(BuildRule::AlternateColour, card, Automove::Raymond);
            return self.next_safe_home_of(Rules::freecell(), safe);
        }
        self.next_safe_home_of(self.rules, |card| self.is_safe_home(card, rule))
    }

    /// [`next_safe_home`](Self::next_safe_home) under `rules`, the board's own, with `safe`
    /// its safety test.
    #[inline]
    fn next_safe_home_of(&self, rules: Rules, safe: impl Fn(Card) -> bool) -> Option<(Pile, Card)> {
        let next_home = self.next_home_cards();
        let cells = (0..usize::from(rules.free_cells)).map(|i| (Pile::cell_in::<F>(i), self.cells[i]));
        let cascades = (0..usize::from(rules.cascades)).map(|i| (Pile::cascade_in::<C>(i), self.tops[i]));
        cells.chain(cascades).find_map(|(pile, card)| {
            let card = Card::from_index(card).filter(|_| next_home >> (card & 63) & 1 == 1)?;
            safe(card).then_some((pile, card))
        })
    }

    /// The card a single-card move from `pile` would take.
    pub(crate) fn movable_card(&self, pile: Pile) -> Option<Card> {
        match pile.kind() {
            crate::PileKind::Cascade(i) => self.cascade_top(i),
            crate::PileKind::Cell(i) => self.cell(i),
            crate::PileKind::Foundation(suit) => match self.foundation(suit) {
                0 => None,
                rank => Card::from_index((rank - 1) * 4 + suit as u8),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{next, shuffled_deck};
    use crate::{Board, BuildRule, Layout, MoveModel, Rules};

    /// From positions played to the end of their automoves, every move followed by
    /// `play_automoves_after` gives the board `play_automoves` gives, under each build rule
    /// and automove rule; and some of those moves do make automoves (not vacuous).
    /// On FreeCell's positions under Raymond's automoves, the scan's copy compiled for them
    /// finds what the copy for any rules finds (with the out-of-line safety test).
    #[test]
    fn freecell_s_own_scan_follows_the_general_one() {
        let (mut seed, mut found) = (5u64, 0);
        for _ in 0..30 {
            let mut board = Board::try_from(Layout::deal(Rules::freecell(), &shuffled_deck(&mut seed), 0)).unwrap();
            let mut moves = Vec::new();
            for _ in 0..200 {
                let general = board.next_safe_home_of(std::hint::black_box(board.rules), |card| {
                    board.is_safe_home(card, Automove::Raymond)
                });
                assert_eq!(board.next_safe_home(Automove::Raymond), general, "{board}");
                found += usize::from(general.is_some());
                moves.clear();
                board.generate_moves(MoveModel::Atomic, &mut moves);
                let Some(&mv) = moves.get((next(&mut seed) % moves.len().max(1) as u64) as usize) else { break };
                board.apply_unchecked(mv);
            }
        }
        assert!(found > 150, "{found}");
    }

    #[test]
    fn automoves_after_a_move_are_the_full_scan_s() {
        let (mut seed, mut made) = (7u64, 0);
        let builds = [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit];
        for build in builds {
            for rule in [Automove::Horne, Automove::Raymond] {
                for _ in 0..10 {
                    let rules = Rules { build, ..Rules::freecell() };
                    let mut board = Board::try_from(Layout::deal(rules, &shuffled_deck(&mut seed), 0)).unwrap();
                    board.play_automoves(rule);
                    let mut moves = Vec::new();
                    for _ in 0..150 {
                        moves.clear();
                        board.generate_moves(MoveModel::Atomic, &mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        for &mv in &moves {
                            let (mut full, mut after) = (board.clone(), board.clone());
                            full.apply_unchecked(mv);
                            after.apply_unchecked(mv);
                            let count = full.play_automoves(rule);
                            assert_eq!(after.play_automoves_after(mv, rule), count, "{mv:?}\n{board}");
                            assert!(after == full, "{mv:?}\n{board}");
                            made += count;
                        }
                        board.apply_unchecked(moves[(next(&mut seed) % moves.len() as u64) as usize]);
                        board.play_automoves(rule);
                    }
                }
            }
        }
        assert!(made > 100, "{made}");
    }
}
