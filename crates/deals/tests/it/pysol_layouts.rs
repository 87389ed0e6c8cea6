//! Golden tests: the layouts of `tests/data/games`, made by PySolFC's dealing code
//! (`pysol-cards` 0.24.0 and that folder's `generate.py`, never by this workspace), read
//! back and checked two ways: each is a whole deck laid out in its game's shape, and the
//! games this workspace deals match its own deals card for card.

use std::collections::BTreeSet;
use std::path::PathBuf;

use freecell_core::{Card, Game, Variant, WideBoard};
use freecell_deals::DealNumber;

/// The deal numbers every game folder holds (the folder's README says why these).
const DEALS: [u64; 10] = [1, 2, 3, 617, 1941, 11982, 1_000_000, 2_147_483_647, 2_147_483_648, 8_589_934_591];

/// One golden layout's text.
fn golden(game: &str, deal: u64) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/games/{game}/{deal}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// A golden layout split into its parts, as pysol-cards prints them.
#[derive(Default)]
struct Golden {
    /// The cards on the foundations: `H-3` stands for AH, 2H and 3H.
    foundations: Vec<Card>,
    /// The free-cell line's tokens, `None` for `-`; empty when there is no such line.
    cells: Vec<Option<Card>>,
    /// The cascades, deepest card first.
    cascades: Vec<Vec<Card>>,
}

fn card(token: &str) -> Card {
    token.parse().unwrap_or_else(|e| panic!("{token:?}: {e}"))
}

fn parse(text: &str) -> Golden {
    let mut golden = Golden::default();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Foundations:") {
            for pile in rest.split_whitespace() {
                let (suit, top) = pile.split_once('-').unwrap_or_else(|| panic!("foundation {pile:?}"));
                let ranks = "A23456789TJQK";
                let top = ranks.find(top).unwrap_or_else(|| panic!("foundation {pile:?}"));
                golden.foundations.extend(ranks[..=top].chars().map(|rank| card(&format!("{rank}{suit}"))));
            }
        } else if let Some(rest) = line.strip_prefix("Freecells:") {
            golden.cells = rest.split_whitespace().map(|t| (t != "-").then(|| card(t))).collect();
        } else {
            golden.cascades.push(line.split_whitespace().map(card).collect());
        }
    }
    golden
}

/// What each game's deal looks like: cascade lengths, how many cards lie in cells and on
/// foundations. Citadel's shape depends on the shuffle, so it has none.
fn shape(game: &str) -> Option<(Vec<usize>, usize, usize)> {
    let freecell = vec![7, 7, 7, 7, 6, 6, 6, 6];
    Some(match game {
        "freecell" | "relaxed-freecell" | "bakers-game" | "kings-only-bakers-game" | "streets-and-alleys" => {
            (freecell, 0, 0)
        }
        "forecell" | "eight-off" => (vec![6; 8], 4, 0),
        "seahaven-towers" | "relaxed-seahaven-towers" => (vec![5; 10], 2, 0),
        "beleaguered-castle" => (vec![6; 8], 0, 4),
        "fan" => ([vec![3; 17], vec![1]].concat(), 0, 0),
        "bakers-dozen" => (vec![4; 13], 0, 0),
        "good-measure" => (vec![5; 10], 0, 2),
        "cruel" => (vec![4; 12], 0, 4),
        "simple-simon" => (vec![8, 8, 8, 7, 6, 5, 4, 3, 2, 1], 0, 0),
        "citadel" => return None,
        _ => panic!("no shape for {game}"),
    })
}

const GAMES: [&str; 16] = [
    "freecell",
    "relaxed-freecell",
    "bakers-game",
    "kings-only-bakers-game",
    "forecell",
    "eight-off",
    "seahaven-towers",
    "relaxed-seahaven-towers",
    "beleaguered-castle",
    "streets-and-alleys",
    "citadel",
    "fan",
    "bakers-dozen",
    "good-measure",
    "cruel",
    "simple-simon",
];

#[test]
fn every_golden_layout_is_a_whole_deck_in_its_games_shape() {
    for game in GAMES {
        for deal in DEALS {
            let golden = parse(&golden(game, deal));
            let cells: Vec<Card> = golden.cells.iter().flatten().copied().collect();
            let all: Vec<Card> =
                golden.foundations.iter().chain(&cells).chain(golden.cascades.iter().flatten()).copied().collect();
            let distinct: BTreeSet<Card> = all.iter().copied().collect();
            assert_eq!((all.len(), distinct.len()), (52, 52), "{game} {deal}: not one whole deck");
            let lengths: Vec<usize> = golden.cascades.iter().map(Vec::len).collect();
            match shape(game) {
                Some(expected) => {
                    assert_eq!((lengths, cells.len(), golden.foundations.len()), expected, "{game} {deal}");
                }
                None => assert_eq!(lengths.len(), 8, "{game} {deal}"),
            }
            // Whatever starts on a foundation in these games is there from the ace up, and
            // only Beleaguered Castle, Citadel, Good Measure and Cruel start with any.
            assert!(golden.foundations.iter().all(|c| c.rank().get() == 1) || game == "citadel", "{game} {deal}");
        }
    }
}

#[test]
fn bakers_dozen_deals_every_king_beneath_the_other_cards_of_its_cascade() {
    for deal in DEALS {
        for cascade in parse(&golden("bakers-dozen", deal)).cascades {
            let kings = cascade.iter().take_while(|c| c.rank().get() == 13).count();
            let rest = cascade[kings..].iter().filter(|c| c.rank().get() == 13).count();
            assert_eq!(rest, 0, "deal {deal}: a king above another card in {cascade:?}");
        }
    }
}

#[test]
fn the_freecell_family_is_pysolfcs_microsoft_deal() {
    // Deal n of FreeCell, Relaxed FreeCell, Baker's Game and King Only Baker's Game is the
    // same Microsoft deal; ForeCell deals the same first 48 cards and puts the last 4 in
    // its cells, in dealing order.
    for deal in DEALS {
        let freecell = parse(&golden("freecell", deal)).cascades;
        for game in ["relaxed-freecell", "bakers-game", "kings-only-bakers-game", "streets-and-alleys"] {
            assert_eq!(parse(&golden(game, deal)).cascades, freecell, "{game} {deal}");
        }
        let forecell = parse(&golden("forecell", deal));
        let order: Vec<Card> = (0..52).map(|i| freecell[i % 8][i / 8]).collect();
        let cells: Vec<Card> = forecell.cells.iter().flatten().copied().collect();
        assert_eq!(cells, order[48..], "forecell {deal}: cells");
        let cascades: Vec<Vec<Card>> = freecell.iter().map(|c| c[..6].to_vec()).collect();
        assert_eq!(forecell.cascades, cascades, "forecell {deal}: cascades");
    }
}

#[test]
fn the_games_this_crate_deals_match_pysolfcs_layouts() {
    // Cascades card for card; free cells as a set, because PySolFC puts Eight Off's four
    // dealt cells in cells 1, 3, 5, 7 and Seahaven Towers' two in cells 2 and 3, where
    // `Layout::deal_game` fills the first ones (cell order does not matter to play).
    for game in Game::ALL {
        for deal in DEALS {
            let text = golden(game.name(), deal);
            let pysol = WideBoard::parse_with_rules(&text, game.rules())
                .unwrap_or_else(|e| panic!("{} {deal}: {e}", game.name()));
            let ours = DealNumber::try_from(deal).expect("in range").wide_board_for(game);
            assert_eq!(pysol.cascades_text(), ours.cascades_text(), "{} {deal}", game.name());
            assert_eq!(pysol.key(), ours.key(), "{} {deal}", game.name());
        }
    }
}

#[test]
fn every_preset_written_as_a_rule_file_deals_the_golden_layouts() {
    // The rule-file form of each preset, in both formats, read back and dealt: what a
    // `--rules FILE` describing the game deals. Compared as the test above compares.
    for game in Game::ALL {
        let variant = game.variant();
        for (format, read) in
            [("toml", Variant::from_toml(&variant.to_toml())), ("json", Variant::from_json(&variant.to_json()))]
        {
            let read = read.unwrap_or_else(|e| panic!("{} as {format}: {e}", game.name()));
            for deal in DEALS {
                let text = golden(game.name(), deal);
                let pysol = WideBoard::parse_with_rules(&text, read.rules).expect("a golden layout");
                let cards = DealNumber::try_from(deal).expect("in range").cards();
                let ours = WideBoard::try_from(read.deal(&cards)).expect("a whole deck");
                assert_eq!(pysol.cascades_text(), ours.cascades_text(), "{} {deal} {format}", game.name());
                assert_eq!(pysol.key(), ours.key(), "{} {deal} {format}", game.name());
            }
        }
    }
}
