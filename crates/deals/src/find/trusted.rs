//! Which cards of a position still lie where the deal put them.

use freecell_core::{Board, Card};

/// The cascades a Microsoft deal fills; card `i` of the deal goes to cascade `i mod 8`.
pub(super) const CASCADES: usize = 8;

/// The cards of a position that every deal it can have been played from put exactly
/// where they lie, indexed by the dealing step that put them there.
///
/// Play takes cards off the tops of cascades and puts them on tops, a card always on one
/// it builds on (under the position's rules) or into an empty cascade. So in every
/// cascade the cards the deal left in place are a bottom part of it, and every card above
/// them builds on the card below. A card that does not build on the card below it (or a
/// cascade's deepest card, when no card like it may start an empty cascade) was not put
/// there by play: it and every card below it lie where they were dealt. The cards above
/// the highest such card form a built run that play can have made, so none of them is
/// trusted; nor is any card in a free cell or on a foundation.
#[derive(Clone, Debug)]
pub(super) struct Trusted {
    by_step: [Option<Card>; 52],
    count: usize,
}

impl Trusted {
    /// The trusted cards of `board`, which has [`CASCADES`] cascades; `None` when a
    /// cascade holds a trusted card deeper than any deal reaches, so that no deal gives
    /// the position.
    pub(super) fn of(board: &Board) -> Option<Trusted> {
        let rules = board.rules();
        let mut trusted = Trusted { by_step: [None; 52], count: 0 };
        for cascade in 0..CASCADES {
            let cards = board.cascade_cards(cascade);
            let breaks = (1..cards.len()).filter(|&i| !rules.build.stacks(cards[i], cards[i - 1]));
            let dealt_in_place = match breaks.max() {
                Some(highest) => highest + 1,
                None => usize::from(cards.first().is_some_and(|&deepest| !rules.empty_cascade.accepts(deepest))),
            };
            for (depth, &card) in cards[..dealt_in_place].iter().enumerate() {
                let step = CASCADES * depth + cascade;
                *trusted.by_step.get_mut(step)? = Some(card);
                trusted.count += 1;
            }
        }
        Some(trusted)
    }

    /// The card dealt at `step` (0 … 51), when the position shows it.
    #[inline]
    pub(super) fn at(&self, step: usize) -> Option<Card> {
        self.by_step[step]
    }

    /// How many cards are trusted.
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// Whether `dealt`, the cards of a deal in dealing order, puts every trusted card where
    /// it lies: then every card of the position lies where that deal put it or where play
    /// can have put it.
    pub(super) fn matches(&self, dealt: &[Card; 52]) -> bool {
        self.by_step.iter().zip(dealt).all(|(trusted, dealt)| trusted.is_none_or(|card| card == *dealt))
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Board, EmptyCascadeRule, Layout, MoveModel, Rules, SplitMix64, verify};

    use super::*;
    use crate::DealNumber;

    fn deal(n: u64) -> DealNumber {
        DealNumber::new(n).unwrap()
    }

    /// How many bottom cards of each cascade are trusted.
    fn depths(trusted: &Trusted) -> Vec<usize> {
        (0..CASCADES)
            .map(|c| (c..52).step_by(CASCADES).take_while(|&step| trusted.at(step).is_some()).count())
            .collect()
    }

    #[test]
    fn a_whole_deal_is_trusted_up_to_its_top_runs() {
        // No top card of deal 1 builds on the card below it (`freecell deal 1`).
        let trusted = Trusted::of(&deal(1).board()).unwrap();
        assert_eq!(trusted.count(), 52);
        assert!(trusted.matches(&deal(1).cards()));
        assert!(!trusted.matches(&deal(2).cards()));
        // Deal 6's cascade 2 ends `5H 7H 6C` and cascade 5 `KD 8C 7D`: their top cards
        // build on the cards below, so play can have put them there.
        let trusted = Trusted::of(&deal(6).board()).unwrap();
        assert_eq!(depths(&trusted), [7, 6, 7, 7, 5, 6, 6, 6]);
        assert_eq!(trusted.count(), 50);
    }

    #[test]
    fn the_build_rule_decides_what_play_can_have_made() {
        // Under Baker's Game 6C on 7H and 7D on 8C are not builds: deal 6 is trusted whole.
        let bakers = Board::try_from(Layout::deal(Rules::bakers_game(), &deal(6).cards(), 0)).unwrap();
        assert_eq!(depths(&Trusted::of(&bakers).unwrap()), [7, 7, 7, 7, 6, 6, 6, 6]);
    }

    #[test]
    fn a_deepest_card_is_trusted_when_it_cannot_start_a_cascade() {
        // Deal 1's cascade 8 (5H 3H 3C 7S 7D TC) down to its 5H, the rest in free cells.
        let rules = Rules { free_cells: 8, ..Rules::freecell() };
        let mut layout = Layout::deal(rules, &deal(1).cards(), 0);
        let moved: Vec<_> = layout.cascades[7].drain(1..).map(Some).collect();
        layout.cells[..moved.len()].copy_from_slice(&moved);
        let any = Board::try_from(layout.clone()).unwrap();
        assert_eq!(depths(&Trusted::of(&any).unwrap())[7], 0, "the 5H can have been put there");
        layout.rules.empty_cascade = EmptyCascadeRule::KingsOnly;
        let kings = Board::try_from(layout).unwrap();
        assert_eq!(depths(&Trusted::of(&kings).unwrap())[7], 1, "only a king can start a cascade");
    }

    #[test]
    fn played_cards_are_not_trusted() {
        // Deal 1 after the first twenty moves of a solution:
        //   JD KD 2S 4C 3S 6D 6S        untouched
        //   2D KC KS 5C TD 8S 9C 8D 7S 6H   8D 7S 6H built on the dealt 9C
        //   9H 9S 9D TS                 TS dealt, not a build on 9D
        //   JC 5S QD QH TH
        //   5D AD JS 4H 8H 6C           untouched
        //   7H QC JH TC                 JH TC built on the dealt QC
        //   7C KH QS                    QS built on the dealt KH
        //   5H 4S 3D                    a built run to the bottom: nothing trusted
        let played =
            verify(&deal(1).board(), "7a 7b 7c 7h 3h 32 63 63 6h 3h 6h b6 86 8b 82 8h 8h 38 42 47").unwrap().board;
        let trusted = Trusted::of(&played).unwrap();
        assert_eq!(depths(&trusted), [7, 7, 4, 5, 6, 2, 2, 0], "{played}");
        assert!(trusted.matches(&deal(1).cards()));
    }

    #[test]
    fn a_trusted_card_deeper_than_any_deal_reaches_means_no_deal() {
        // Deal 1's 6S (cascade 1's top) on cascade 5's 6C: not a build, and the deal put
        // only 6 cards in cascade 5.
        let mut layout = deal(1).layout(freecell_core::Game::FreeCell);
        let six = layout.cascades[0].pop().unwrap();
        layout.cascades[4].push(six);
        assert!(Trusted::of(&Board::try_from(layout).unwrap()).is_none());
    }

    /// Random legal play from random deals never moves a trusted card: every position on
    /// the way trusts only cards its deal put there.
    #[test]
    fn random_play_keeps_trusted_cards_where_they_were_dealt() {
        let mut rng = SplitMix64::new(2026);
        let mut moves = Vec::new();
        for rules in [Rules::freecell(), Rules::bakers_game()] {
            for _ in 0..40 {
                let n = 1 + rng.below(DealNumber::MAX.get());
                let cards = deal(n).cards();
                let mut board = Board::try_from(Layout::deal(rules, &cards, 0)).unwrap();
                for _ in 0..120 {
                    let trusted = Trusted::of(&board).unwrap();
                    assert!(trusted.matches(&cards), "deal {n}:{board}");
                    moves.clear();
                    board.generate_moves(MoveModel::Sequence, &mut moves);
                    let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else { break };
                    board.apply(mv).unwrap();
                }
            }
        }
    }
}
