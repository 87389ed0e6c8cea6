//! The draws of the shuffle that a position's trusted cards fix, whatever the deal.

use freecell_core::Card;

use super::trusted::Trusted;

/// A draw the position fixes: at dealing step `step`, the generator's draw modulo the
/// `52 − step` cards left is `index`, the place in the remaining deck of the card dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KnownDraw {
    /// The dealing step, 0 … 50 (the last card is dealt without a choice).
    pub(super) step: u8,
    /// The draw modulo the cards left.
    pub(super) index: u8,
}

impl KnownDraw {
    /// The number of cards left to choose from at this step.
    #[inline]
    pub(super) fn left(self) -> u32 {
        52 - u32::from(self.step)
    }
}

/// Every draw that the trusted cards fix for every deal at once, in dealing order.
///
/// The shuffle deals card `j = draw mod left` of the remaining deck and moves the deck's
/// last card into its place. Following the deck while the trusted cards are dealt gives
/// each one's place, and so its draw — as long as that place is certain. A step whose
/// card is not trusted moves the deck's last card to a place we cannot know, and might
/// deal any card not known to be dealt later: from then on only the places of the cards
/// trusted at later steps stay certain (they cannot have been taken, and only the slot
/// taken changes). A trusted card whose place is no longer certain fixes no draw, but it
/// still decides, with every other trusted card, whether a deal matches.
pub(super) fn known_draws(trusted: &Trusted) -> Vec<KnownDraw> {
    // Whether each card (by deck index) is trusted.
    let mut is_trusted = [false; 52];
    for card in (0..52).filter_map(|step| trusted.at(step)) {
        is_trusted[card.index()] = true;
    }
    // deck[p]: the card at place p when certain, for the places still in the deck.
    let mut deck: [Option<Card>; 52] = std::array::from_fn(|i| Some(crate::ms::card(i as u8)));
    let mut draws = Vec::new();
    for step in 0..51 {
        let last = 51 - step;
        match trusted.at(step) {
            Some(card) => {
                if let Some(place) = deck[..=last].iter().position(|&c| c == Some(card)) {
                    draws.push(KnownDraw { step: step as u8, index: place as u8 });
                    deck[place] = deck[last];
                }
                // Otherwise the card sits in an uncertain place, which the last card
                // takes: every certain place stays as it is.
            }
            None => {
                // Any card not trusted (those trusted earlier are gone, those trusted later
                // are dealt then) may be the one dealt now, and the last card takes its
                // place: only the places of cards trusted later stay certain.
                for slot in &mut deck[..last] {
                    if slot.is_some_and(|card| !is_trusted[card.index()]) {
                        *slot = None;
                    }
                }
            }
        }
    }
    draws
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DealNumber;

    /// The draws of deal `n`, reduced as the shuffle reduces them.
    fn true_draws(n: u64) -> Vec<u32> {
        let cards = DealNumber::new(n).unwrap().cards();
        let mut deck: Vec<Card> = Card::deck().collect();
        cards[..51]
            .iter()
            .map(|card| {
                let place = deck.iter().position(|c| c == card).unwrap();
                let last = deck.len() - 1;
                deck.swap(place, last);
                deck.pop();
                place as u32
            })
            .collect()
    }

    /// In positions of random play, where cascades are emptied and refilled, every draw
    /// found is the deal's.
    #[test]
    fn draws_found_in_played_positions_are_the_deals() {
        let mut rng = freecell_core::SplitMix64::new(11);
        let mut moves = Vec::new();
        let mut found = 0;
        for _ in 0..40 {
            let n = 1 + rng.below(DealNumber::MAX.get());
            let truth = true_draws(n);
            let mut board = DealNumber::new(n).unwrap().board();
            for _ in 0..200 {
                moves.clear();
                board.generate_moves(freecell_core::MoveModel::Sequence, &mut moves);
                let Some(&mv) = moves.get(rng.below(moves.len() as u64) as usize) else { break };
                board.apply(mv).unwrap();
                let draws = known_draws(&Trusted::of(&board).unwrap());
                for draw in &draws {
                    assert_eq!(u32::from(draw.index), truth[usize::from(draw.step)], "deal {n}:{board}");
                }
                found += draws.len();
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn a_whole_deal_fixes_every_draw() {
        for n in [1, 617, 11982, (1 << 31) + 5, DealNumber::MAX.get()] {
            let deal = DealNumber::new(n).unwrap();
            let trusted = Trusted::of(&deal.board()).unwrap();
            let draws = known_draws(&trusted);
            let truth = true_draws(n);
            for draw in &draws {
                assert_eq!(u32::from(draw.index), truth[usize::from(draw.step)], "deal {n}, step {}", draw.step);
            }
            // Every trusted step up to the first doubtful one fixes its draw.
            let first_doubt = (0..51).find(|&s| trusted.at(s).is_none()).unwrap_or(51);
            assert!(draws.len() >= first_doubt, "deal {n}: {} draws, first doubt at {first_doubt}", draws.len());
        }
    }
}
