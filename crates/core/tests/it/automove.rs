//! Safe automoves against Horne's and Raymond's rules (fc-solve's prunes of those names,
//! `shlomif/fc-solve` `fc-solve/source/fc_pro_iface_pos.h`), on hand-built positions.

use freecell_core::{Automove, Rules};

use crate::common::Board;

use crate::common::{card, position};

fn automoves(board: &Board, rule: Automove) -> Vec<String> {
    let mut board = board.clone();
    let before = board.clone();
    let mut moves = Vec::new();
    board.apply_automoves(rule, &mut moves);
    let mut replay = before;
    moves
        .iter()
        .map(|&mv| {
            let text = replay.write_move(mv);
            replay.apply(mv).expect("automoves are legal");
            text
        })
        .collect()
}

/// 5H on KS; every other card left over sits under a king or queen (no other card can go
/// home), with hearts to 4 and diamonds to 2 home.
fn five_of_hearts(clubs: u8, spades: u8) -> Board {
    let home = format!("H4 D2 C{clubs} S{spades}");
    position(Rules::freecell(), &home, &[], &["KS 5H", "*", "*", "*", "*", "*", "*", "*"])
}

#[test]
fn horne_needs_both_opposite_colour_predecessors_home() {
    // Black 4s both home: nothing red-5-shaped can be needed by a black 4 any more.
    let board = five_of_hearts(4, 4);
    assert!(board.is_safe_home(card("5H"), Automove::Horne));
    assert_eq!(automoves(&board, Automove::Horne), ["1h"]);
}

#[test]
fn raymond_accepts_what_horne_refuses() {
    // Clubs at 3, spades at 4: 4C is not home, so Horne refuses 5H. Raymond: both black
    // N−2 = 3 are home and the other red N−3 = 2D is home, so 4C (which could go home
    // itself) never needs 5H to hold a red 3: accept.
    let board = five_of_hearts(3, 4);
    assert!(!board.is_safe_home(card("5H"), Automove::Horne));
    assert!(board.is_safe_home(card("5H"), Automove::Raymond));
    assert!(automoves(&board, Automove::Horne).is_empty());
    assert_eq!(automoves(&board, Automove::Raymond), ["1h"]);
    assert!(automoves(&board, Automove::None).is_empty());
}

#[test]
fn both_refuse_when_a_black_three_is_out() {
    // Clubs at 2: 4C is not home and 3C is not either (Raymond needs both black N−2 = 3
    // home); neither rule allows it.
    let board = five_of_hearts(2, 4);
    assert!(!board.is_safe_home(card("5H"), Automove::Raymond));
    assert!(automoves(&board, Automove::Horne).is_empty());
    assert!(automoves(&board, Automove::Raymond).is_empty());
    // Raymond's second condition fails: the black 3s are home, but not the other red
    // N−3 = 2D.
    let board = position(Rules::freecell(), "H4 D1 C3 S3", &[], &["KS 5H", "*", "*", "*", "*", "*", "*", "*"]);
    assert!(!board.is_safe_home(card("5H"), Automove::Raymond));
}

#[test]
fn aces_and_twos_always_go_home() {
    // 3H 2H AH on a cascade, nothing home: AH and then 2H go; 3H waits for the black 2s.
    let board = position(Rules::freecell(), "", &["AD"], &["3H 2H AH", "*", "*", "*", "*", "*", "*", "*"]);
    assert_eq!(automoves(&board, Automove::Horne), ["ah", "1h", "1h"]);
    assert_eq!(automoves(&board, Automove::Raymond), ["ah", "1h", "1h"]);
}

#[test]
fn building_by_suit_makes_every_next_card_safe() {
    // Baker's Game: only 8H could lie on 9H, and it is home, so 9H and then TH are safe
    // even with no black card home. Under FreeCell's rules the same 9H must wait.
    let cascades = ["TH 9H", "*", "*", "*", "*", "*", "*", "*"];
    let bakers = position(Rules::bakers_game(), "H8", &[], &cascades);
    assert_eq!(automoves(&bakers, Automove::Horne), ["1h", "1h"]);
    let freecell = position(Rules::freecell(), "H8", &[], &cascades);
    assert!(automoves(&freecell, Automove::Raymond).is_empty());
}

/// `is_safe_home` against an independent reading of Horne's and Raymond's rules
/// (`common::safe_home`) for the next card of every suit, under every combination of foundation
/// ranks, both rules.
#[test]
fn safety_matches_the_rules_for_every_foundation_state() {
    use freecell_core::{Layout, NextHome, Suit};
    let mut checked = 0;
    for code in 0..14u32.pow(4) {
        let foundations = [0, 1, 2, 3].map(|k| (code / 14u32.pow(k) % 14) as u8);
        let mut cascades = vec![Vec::new(); 8];
        let out = freecell_core::Card::deck().filter(|c| c.rank().get() > foundations[c.suit().index()]);
        for (i, c) in out.enumerate() {
            cascades[i % 8].push(c);
        }
        let layout = Layout { rules: Rules::freecell(), foundations, cells: Vec::new(), cascades };
        let board = Board::try_from(layout.clone()).expect("a legal layout");
        for suit in Suit::ALL {
            let NextHome::Card(next) = board.next_home(suit) else { continue };
            for rule in [Automove::Horne, Automove::Raymond] {
                assert_eq!(
                    board.is_safe_home(next, rule),
                    crate::common::safe_home(&layout, next, rule),
                    "{next} under {rule:?}, foundations {foundations:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 200_000, "{checked}");
}
