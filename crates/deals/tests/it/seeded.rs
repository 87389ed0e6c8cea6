//! Seeded deals are a stability contract: these outputs must never change.
//!
//! The expected values were recorded from this crate when the generator was written; unlike
//! the Microsoft deals there is no outside source. A failure here means the generator, the
//! shuffle or the placement changed, which the crate's "Stability" section forbids.

use freecell_core::{Game, Layout, Rules, WideBoard};
use freecell_deals::{random_cards, random_layout, random_layout_with_rules};

fn cards_text(seed: u64) -> String {
    random_cards(seed).iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

#[test]
fn pinned_seeded_card_orders() {
    assert_eq!(cards_text(0), SEED_0);
    assert_eq!(cards_text(1), SEED_1);
    assert_eq!(cards_text(u64::MAX), SEED_MAX);
}

/// The cells on one line (`-` for empty), then one line per cascade, deepest card first.
fn layout_text(layout: &Layout) -> String {
    let cells: Vec<String> = layout.cells.iter().map(|c| c.map_or_else(|| "-".to_owned(), |c| c.to_string())).collect();
    let mut text = format!("cells: {}\n", cells.join(" "));
    for cascade in &layout.cascades {
        let cards: Vec<String> = cascade.iter().map(ToString::to_string).collect();
        text.push_str(&cards.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn pinned_seeded_layouts() {
    assert_eq!(layout_text(&random_layout(Game::FreeCell, 42)), FREECELL_42);
    assert_eq!(layout_text(&random_layout(Game::BakersGame, 42)), FREECELL_42);
    assert_eq!(layout_text(&random_layout(Game::EightOff, 42)), EIGHT_OFF_42);
    for game in Game::ALL {
        assert!(WideBoard::try_from(random_layout(game, 42)).is_ok(), "{game}");
    }
}

#[test]
fn any_rule_set_gets_all_52_cards() {
    for cascades in 1..=20 {
        let rules = Rules { cascades, free_cells: 0, ..Rules::freecell() };
        let board = WideBoard::try_from(random_layout_with_rules(rules, u64::from(cascades))).unwrap();
        let total: usize = (0..board.cascade_count()).map(|i| board.cascade_len(i)).sum();
        assert_eq!(total, 52);
    }
}

// Recorded from this crate, and checked once against a separate Python transcription of
// the documented algorithm (SplitMix64, Fisher–Yates from index 51 down, unbiased `below`).
const SEED_0: &str = "QH TC 3C JC 4H 7C QC 3D 4S AC 3H 2H 9H 2S KH TH 8H AD 8C 2C 7H 2D JH 6H 5D 9D 6C 4D TD \
    KC 3S 6S JD 5C 7S 6D AH 7D TS QD QS 5S KD 8S KS AS 9C JS 5H 8D 4C 9S";
const SEED_1: &str = "5S 3C 5C 9D 6C JS 6S 5H QS 3H 5D 7D AH 4H TC 8H 9C 8D AD 4D QC 4C TH 9S KC KD 6H QH 3S \
    JH 2D 2H TS 2C 7H KS 8S KH TD 7C 6D 4S JD AC AS 7S 2S 3D 8C JC 9H QD";
const SEED_MAX: &str = "3H KS QD AS 4D TC 5D 7S 7H 5S 5H QC 5C TS JH 9C 4S 4H 9H TD 6C JD JS QS AC QH 7C 6H 2H \
    KH 3C 8D 6S TH 4C 8S 6D 9D 2S 9S 2D 7D JC 8C 3S KD AH 8H KC AD 3D 2C";
const FREECELL_42: &str = "\
cells: - - - -
2H 6H 4H 5C AS 8H TD
8C 2C JS 9C QC 2D 3C
4C QH 5H KS QD KH 3H
TS TC 4D KC JD 6D 3D
JC 7S 5S 8D 6C 6S
AC JH AD 4S 7C 3S
7H 8S 9D 9S QS AH
7D 5D 2S KD TH 9H
";
const EIGHT_OFF_42: &str = "\
cells: TD 3C 3H 3D - - - -
2H 6H 4H 5C AS 8H
8C 2C JS 9C QC 2D
4C QH 5H KS QD KH
TS TC 4D KC JD 6D
JC 7S 5S 8D 6C 6S
AC JH AD 4S 7C 3S
7H 8S 9D 9S QS AH
7D 5D 2S KD TH 9H
";
