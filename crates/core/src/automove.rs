//! Safe automoves: cards that can go home without ever costing a solution.

use crate::board::BoardN;
use crate::card::{Card, Suit};
use crate::moves::{Move, Pile};
use crate::rules::BuildRule;

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
/// way); building regardless of suit, N is safe under Horne's rule when all four N−1 are
/// home (the argument of fc-solve's prune, `fc_pro_iface_pos.h`, with "opposite colour" read
/// as "any suit"), and under Raymond's, where every move carries one card
/// ([`Rules::moves_single_cards`](crate::Rules::moves_single_cards): Baker's Dozen, Good
/// Measure), also when the other suits have N−2 home: Solvitaire's auto-foundation rule for
/// any-suit games (Blake and Gent, arXiv 1906.12314; `thecharlieblake/Solvitaire`,
/// `src/main/game/search-state/game_state.dominance_moves.cpp`). Why it is safe there: only
/// an N−1 of another suit could use N, and each is then next to go home or home; a line
/// that puts one on N can send it home instead (no card is left to need it as a place:
/// every N−2 is home), and the other cards' moves stay legal without N and it. Where runs
/// move as units, which this argument does not cover, the rule stays Horne's. Under [`BuildRule::SimpleSimon`] nothing is moved
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
    pub fn is_safe_home(&self, card: Card, rule: Automove) -> bool {
        let rank = card.rank().get();
        if rule == Automove::None {
            return false;
        }
        if rank <= 2 {
            return self.rules.build != BuildRule::SimpleSimon;
        }
        let home = |suit: Suit| self.home[suit.index()];
        match self.rules.build {
            BuildRule::SameSuit => true,
            BuildRule::SimpleSimon => false,
            BuildRule::AnySuit => {
                // Raymond's step, where cards move one at a time (see the type's docs).
                let reach = if rule == Automove::Raymond && self.rules.moves_single_cards() { 2 } else { 1 };
                Suit::ALL.iter().all(|&s| s == card.suit() || home(s) + reach >= rank)
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
        let next_home = self.next_home_cards();
        let cells = (0..self.cell_count()).map(|i| (Pile::cell_in::<F>(i), self.cells[i]));
        let cascades = (0..self.cascade_count()).map(|i| (Pile::cascade_in::<C>(i), self.tops[i]));
        cells.chain(cascades).find_map(|(pile, card)| {
            let card = Card::from_index(card).filter(|_| next_home >> (card & 63) & 1 == 1)?;
            self.is_safe_home(card, rule).then_some((pile, card))
        })
    }

    /// The card a single-card move from `pile` would take.
    pub(crate) fn movable_card(&self, pile: Pile) -> Option<Card> {
        match pile.kind() {
            crate::PileKind::Cascade(i) => self.cascade_top(i),
            crate::PileKind::Cell(i) => self.cell(i),
            crate::PileKind::Foundation(suit) => match self.home[suit.index()] {
                0 => None,
                rank => Card::from_index((rank - 1) * 4 + suit as u8),
            },
        }
    }
}
