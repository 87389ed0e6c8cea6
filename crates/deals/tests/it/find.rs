//! `DealFinder`: published layouts and positions played from deals, back to their numbers.

use freecell_core::{Board, Game, Layout, MoveModel, SplitMix64};
use freecell_deals::{DealFinder, DealNumber, FindDealError};

use crate::ms_deals::{DEAL_1_ROWS, DEAL_617_ROWS, DEAL_11982, DEAL_2255988055, DEAL_6825625742, rows_to_cascades};

fn found(board: &Board) -> Vec<u64> {
    DealFinder::new().find(board).expect("the position is placed").into_iter().map(DealNumber::get).collect()
}

fn parsed(text: &str) -> Board {
    text.parse().expect("published layouts parse")
}

#[test]
fn published_layouts_from_every_range_are_found() {
    // The layouts of Rosetta Code, fc-solve and the FreeCell Pro intractable-deals list
    // (see `ms_deals`), not this crate's dealing.
    assert_eq!(found(&parsed(&rows_to_cascades(DEAL_1_ROWS))), [1]);
    assert_eq!(found(&parsed(&rows_to_cascades(DEAL_617_ROWS))), [617]);
    assert_eq!(found(&parsed(DEAL_11982)), [11982]);
    assert_eq!(found(&parsed(DEAL_2255988055)), [2_255_988_055]);
    assert_eq!(found(&parsed(DEAL_6825625742)), [6_825_625_742]);
}

#[test]
fn the_ends_of_the_ranges_are_found() {
    // 2^31 + 5 and the last deal: high seeds, where the range's seeding rule decides.
    for n in [(1 << 31) + 5, DealNumber::MAX.get()] {
        assert_eq!(found(&DealNumber::new(n).unwrap().board()), [n]);
    }
}

#[test]
fn a_layout_no_deal_gives_is_none() {
    // Deal 617 with two cards swapped: the 5C deepest in cascade 3 and the QD above it.
    let mut layout = parsed(&rows_to_cascades(DEAL_617_ROWS)).to_layout();
    layout.cascades[2].swap(0, 1);
    assert_eq!(found(&Board::try_from(layout).unwrap()), Vec::<u64>::new());
}

#[test]
fn positions_played_from_random_deals_are_found() {
    // Random legal play, 10 to 30 moves, from deals drawn over the whole range.
    let mut rng = SplitMix64::new(617);
    let mut moves = Vec::new();
    let mut placed = 0;
    for _ in 0..6 {
        let n = 1 + rng.below(DealNumber::MAX.get());
        let mut board = DealNumber::new(n).unwrap().board();
        for _ in 0..10 + rng.below(21) {
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            // Random play can fill the cells and get stuck: the position so far will do.
            let Some(&mv) = moves.get(rng.below(moves.len() as u64) as usize) else { break };
            board.apply(mv).unwrap();
        }
        match DealFinder::new().find(&board) {
            Ok(deals) => {
                assert!(deals.iter().any(|deal| deal.get() == n), "deal {n} not among {deals:?}:{board}");
                placed += usize::from(deals.len() == 1);
            }
            // Random play may rebuild cascades to the bottom; the count below bounds how often.
            Err(FindDealError::TooFewDealtCards { .. }) => {}
            Err(error) => panic!("deal {n}: {error}"),
        }
    }
    assert!(placed >= 5, "only {placed} of 6 placed exactly");
}

#[test]
fn too_few_dealt_cards_is_an_error() {
    // Every card home but the JD, QD and KD: the KD on the JD in cascade 1 are dealt there
    // (it does not build on it), the first draw's card, but the KD's place in the deck is
    // lost after the next steps, whose cards are unknown.
    let mut layout = Layout::empty(Game::FreeCell.rules());
    layout.foundations = [13, 10, 13, 13];
    layout.cascades[0] = vec!["JD".parse().unwrap(), "KD".parse().unwrap()];
    layout.cells[0] = Some("QD".parse().unwrap());
    let error = DealFinder::new().find(&Board::try_from(layout).unwrap()).unwrap_err();
    assert_eq!(error, FindDealError::TooFewDealtCards { trusted: 2, candidates: (1 << 33) / 52 });
    assert!(error.to_string().starts_with("only 2 of the position's cards are sure to lie where they were dealt"));
    let won = Board::try_from(Layout { foundations: [13; 4], ..Layout::empty(Game::FreeCell.rules()) }).unwrap();
    let error = DealFinder::new().find(&won).unwrap_err();
    assert_eq!(error, FindDealError::TooFewDealtCards { trusted: 0, candidates: 1 << 33 });
}

#[test]
fn other_rules_build_their_own_way() {
    // Baker's Game deals like FreeCell; Eight Off deals the same first 48 cards into the
    // eight cascades and the last 4 into cells (as PySolFC does), where play could have
    // put them.
    for game in [Game::BakersGame, Game::EightOff] {
        assert_eq!(found(&DealNumber::new(617).unwrap().board_for(game).unwrap()), [617], "{game:?}");
    }
}

#[test]
fn other_layouts_are_errors() {
    let board = DealNumber::MIN.board_for(Game::SeahavenTowers).unwrap();
    assert_eq!(DealFinder::new().find(&board), Err(FindDealError::Cascades { found: 10 }));
}
