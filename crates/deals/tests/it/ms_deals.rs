//! Golden tests: Microsoft / FreeCell Pro deals against layouts published elsewhere.
//!
//! Every expected layout below was copied from an independent source, never produced by
//! this crate. Each constant names its source.

use freecell_core::{Board, Game};
use freecell_deals::DealNumber;

/// The cascade lines of deal `n`, as `freecell deal` and fc-solve print them.
fn cascades(n: u64) -> String {
    DealNumber::try_from(n).expect("test deal numbers are in range").board().cascades_text()
}

/// Turns a layout printed in rows (the first row holds each cascade's deepest card) into
/// cascade lines.
pub(crate) fn rows_to_cascades(rows: &str) -> String {
    let rows: Vec<Vec<&str>> = rows.lines().map(|row| row.split_whitespace().collect()).collect();
    let mut text = String::new();
    for column in 0..8 {
        let cards: Vec<&str> = rows.iter().filter_map(|row| row.get(column).copied()).collect();
        text.push_str(&cards.join(" "));
        text.push('\n');
    }
    text
}

/// Deal 1, printed in rows by Rosetta Code, "Deal cards for FreeCell"
/// (<https://rosettacode.org/wiki/Deal_cards_for_FreeCell>, "Game #1"). The test below also
/// checks its first two cascades and its exposed cards, read off the same page.
pub(crate) const DEAL_1_ROWS: &str = "\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
";

/// Deal 617, printed in rows by the same Rosetta Code page ("Game #617").
pub(crate) const DEAL_617_ROWS: &str = "\
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
";

/// Deal 24 from fc-solve's test of its deal generator library
/// (shlomif/fc-solve, `fc-solve/source/t/t/board-gen-lib.py`, `fc_solve_get_board_l(24)`);
/// the `pysol-cards` tests (`code/tests/test_pysol_cards.py`, "MS deal #24") agree.
pub(crate) const DEAL_24: &str = "\
4C 2C 9C 8C QS 4S 2H
5H QH 3C AC 3H 4H QD
QC 9S 6H 9H 3S KS 3D
5D 2S JC 5C JH 6D AS
2D KD TH TC TD 8D
7H JS KH TS KC 7C
AH 5S 6S AD 8H JD
7S 6C 7D 4D 8S 9D
";

/// Deal 11982, the one impossible deal of 1 … 32,000; fc-solve's `board-gen-lib.py` as
/// above.
pub(crate) const DEAL_11982: &str = "\
AH 3D KD JC 6C JD KC
AS 3H 6H 5D 2C 7D 8D
4H QS 5S 5C TH 8H 2S
AC QC 4D 8C QH 9C 3S
2D 8S 9H 9D 6D 2H
6S 7H JH TD TC QD
TS AD 9S KH 4S 4C
JS KS 3C 7C 7S 5H
";

/// Deal 1,234,567 (beyond Windows' million); fc-solve's `board-gen-lib.py` as above.
pub(crate) const DEAL_1234567: &str = "\
2H 7S 4S 4D 8C KD QD
9C KH 5D 6C TC 5H 7D
JC TH JD 2S KS TS 9H
4H 8H 5C 9D 5S JS 3D
AD 3H 6D JH 3S KC
QC 9S 8D AS 7C 8S
AC 3C QH TD 6S 6H
2C 2D 4C 7H AH QS
";

/// Deal 2,255,988,055 (2^31 … 2^32 − 1: the draw has bit 15 set), from the list of
/// intractable FreeCell Pro deals (shlomif/freecell-pro-intractable-deals,
/// `deals/2255988055.board`, made by `pi-make-microsoft-freecell-board -t`).
pub(crate) const DEAL_2255988055: &str = "\
TS JS 7H 5C 4C 4D JD
AS 6H 6D 2C TH TD JH
AH QS JC 9S 7C KC 7S
QC QD 8S 6S QH 9H 4S
AD 5D TC 8C 5H 9D
3H 6C 3D KH 5S 2H
8H 2D 9C KS 7D KD
2S 4H AC 8D 3C 3S
";

/// Deal 3,000,000,000 (2^31 … 2^32 − 1); fc-solve's `board-gen-lib.py`,
/// `fc_solve_get_board_l(3000000000)`.
pub(crate) const DEAL_3000000000: &str = "\
8D TS JS TD JH JD JC
4D QS TH AD 4S TC 3C
9H KH QH 4C 5C KD AS
9D 5D 8S 4H KS 6S 9S
6H 2S 7H 3D KC 2C
9C 7C QC 7S QD 7D
6C 3H 8H AC 6D 3S
8C AH 2H 5H 2D 5S
";

/// Deal 4,260,084,873 (2^31 … 2^32 − 1); `deals/4260084873.board` of the intractable-deals
/// list as above.
pub(crate) const DEAL_4260084873: &str = "\
8H 2H 8D KD AS 9D TH
9S JS AC 9H JD 3S 2S
8S 6S AD AH 6C 4D QD
TS 7C 7H QS 7D 2C 3H
4C 3C KC QC KH 9C
5S 6H 5C 7S 2D 6D
TC 4H JC 3D 5H QH
KS 5D 4S 8C JH TD
";

/// Deal 6,000,000,000 (2^32 and above: seeded with n − 2^32, 16-bit draw plus one);
/// fc-solve's `board-gen-lib.py`, `fc_solve_get_board_l(6000000000)`.
pub(crate) const DEAL_6000000000: &str = "\
2D 2C QS 8D KD 8C 4C
3D AH 2H 4H TS 6H QD
4D JS AD 6S JH JC JD
KH 3H KS AS TC 5D AC
TD 7C 9C 7H 3C 3S
QH 9H 9D 5S 7S 6C
5C 5H 2S KC 9S 4S
6D QC 8S TH 7D 8H
";

/// Deal 6,825,625,742 (above 2^32); `deals/6825625742.board` of the intractable-deals list.
pub(crate) const DEAL_6825625742: &str = "\
5H 5D 2H AS QD QS 2C
AH JS QC AD 7C 7S KH
JC 4D 6S 6C 3C 9H TC
KD 3D QH 3S 9S 5C 4S
TH 7D 8D 3H 8H TD
JH 8C JD AC KS KC
4C 9C 9D 7H 4H 6H
2S 5S 8S 6D TS 2D
";

/// Deal 7,489,392,343 (above 2^32); `deals/7489392343.board` of the intractable-deals list.
pub(crate) const DEAL_7489392343: &str = "\
JC 3H JH 5C 8H 4C 6H
5H JD 2H 5D 8D 3D KC
TD 7C 7S AC KH 9C 4H
QD 2D 9S AH 2C QH TS
8S 4S 8C JS TC 9D
6S QS 5S TH 6C 6D
9H 3C AS QC 7D KD
4D 7H 3S 2S KS AD
";

#[test]
fn deal_1_matches_rosetta_code_and_the_facts() {
    let text = cascades(1);
    assert_eq!(text, rows_to_cascades(DEAL_1_ROWS));
    // Independently, from the same Rosetta Code page: the first two cascades and the exposed cards.
    assert!(text.starts_with("JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n"));
    let exposed: Vec<&str> = text.lines().filter_map(|line| line.split(' ').next_back()).collect();
    assert_eq!(exposed.join(" "), "6S 9C 2H 6H 6C 3D 8C TC");
}

#[test]
fn deal_617_matches_rosetta_code() {
    assert_eq!(cascades(617), rows_to_cascades(DEAL_617_ROWS));
}

#[test]
fn classic_range_matches_fc_solve() {
    assert_eq!(cascades(24), DEAL_24);
    assert_eq!(cascades(11982), DEAL_11982);
    assert_eq!(cascades(1_234_567), DEAL_1234567);
}

#[test]
fn range_above_2_31_matches_fc_solve_and_freecell_pro() {
    assert_eq!(cascades(2_255_988_055), DEAL_2255988055);
    assert_eq!(cascades(3_000_000_000), DEAL_3000000000);
    assert_eq!(cascades(4_260_084_873), DEAL_4260084873);
}

#[test]
fn range_above_2_32_matches_fc_solve_and_freecell_pro() {
    assert_eq!(cascades(6_000_000_000), DEAL_6000000000);
    assert_eq!(cascades(6_825_625_742), DEAL_6825625742);
    assert_eq!(cascades(7_489_392_343), DEAL_7489392343);
}

#[test]
fn bakers_game_deals_like_freecell() {
    let deal = DealNumber::try_from(617).unwrap();
    assert_eq!(deal.board_for(Game::BakersGame).unwrap().cascades_text(), rows_to_cascades(DEAL_617_ROWS));
}

#[test]
fn other_games_use_the_same_shuffle() {
    // Our numbering for Eight Off and Seahaven Towers: the same 52 cards in dealing order,
    // the last 4 (2) in the free cells, the rest round-robin into 8 (10) cascades.
    let deal = DealNumber::try_from(1).unwrap();
    let cards = deal.cards();
    let eight_off = Board::try_from(deal.layout(Game::EightOff)).unwrap();
    let in_cells: Vec<_> = eight_off.cells().flatten().collect();
    assert_eq!(in_cells, cards[48..]);
    assert_eq!(eight_off.cascade_cards(0), [cards[0], cards[8], cards[16], cards[24], cards[32], cards[40]]);
    let seahaven = Board::try_from(deal.layout(Game::SeahavenTowers)).unwrap();
    assert_eq!(seahaven.cells().flatten().collect::<Vec<_>>(), cards[50..]);
    assert_eq!(seahaven.cascade_cards(9), [cards[9], cards[19], cards[29], cards[39], cards[49]]);
}
