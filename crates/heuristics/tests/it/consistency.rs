//! The fast scans agree with direct walks of every cascade, on positions from random
//! playouts of Microsoft deals.

use freecell_core::{Automove, Board, Card, Move, MoveModel};
use freecell_deals::{DealNumber, SplitMix64};
use freecell_heuristics::hsdh::blocking_sum;
use freecell_heuristics::{Feature, features};

fn playout_positions() -> Vec<Board> {
    let mut rng = SplitMix64::new(7);
    let mut out = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    for deal in 1..=100 {
        let mut board = DealNumber::new(deal).expect("deals 1-100 exist").board();
        for step in 0..120 {
            if step % 4 == 0 {
                out.push(board.clone());
            }
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            if moves.is_empty() {
                break;
            }
            board.apply_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            board.apply_automoves(Automove::Horne, &mut moves);
        }
    }
    out
}

/// The blocking sum by walking each cascade top-first.
fn blocking_by_walk(board: &Board) -> u32 {
    let mut sum = 0;
    for suit in freecell_core::Suit::ALL {
        let home = board.foundation(suit);
        if home == 13 {
            continue;
        }
        let next = Card::from_index(home * 4 + suit as u8).unwrap();
        for i in 0..board.cascade_count() {
            if let Some(above) = board.cascade(i).position(|c| c == next) {
                sum += above as u32;
            }
        }
    }
    sum
}

/// Well-placed cards by walking each cascade deepest-first.
fn well_placed_by_walk(board: &Board) -> u32 {
    let build = board.rules().build;
    let mut total = 0;
    for i in 0..board.cascade_count() {
        let cards = board.cascade_cards(i);
        let mut run = 0;
        for (k, card) in cards.iter().enumerate() {
            if k == 0 || build.stacks(*card, cards[k - 1]) {
                run += 1;
            } else {
                break;
            }
        }
        total += run;
    }
    total
}

#[test]
// Exact comparisons: both sides compute the same small integers and the same divisions.
#[allow(clippy::float_cmp)]
fn scans_match_walks() {
    let positions = playout_positions();
    assert!(positions.len() > 300, "{} positions", positions.len());
    for board in &positions {
        assert_eq!(blocking_sum(board), blocking_by_walk(board), "{board}");
        assert_eq!(Feature::NumberWellPlaced.raw(board), f64::from(well_placed_by_walk(board)), "{board}");
        let bottoms: u32 = (0..board.cascade_count())
            .filter_map(|i| board.cascade_cards(i).first().map(|c| u32::from(c.rank().get())))
            .sum();
        assert_eq!(Feature::SumOfBottomCards.raw(board), 100.0 - f64::from(bottoms), "{board}");
        assert_eq!(features(board), Feature::ALL.map(|f| f.normalised(board)), "{board}");
    }
}
