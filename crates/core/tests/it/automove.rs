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

/// Where every move carries one card and building ignores suits (Baker's Dozen, Good
/// Measure), Raymond's rule also sends N home when the other suits have N−2 home
/// (Solvitaire's auto-foundation rule). Every position reachable by single-card moves in
/// reduced deals of those rules (cards above ranks 7–9 dealt on 4 cascades, kings beneath)
/// is searched,
/// with no automoves, and each is marked won or not by a backward closure: moving home a
/// card the rule calls safe never leaves a won position for a lost one. The rule is not
/// vacuous: it fires where Horne's would not.
#[test]
fn raymond_under_single_card_any_suit_building_never_costs_a_win() {
    use std::collections::HashMap;

    use freecell_core::{Game, Layout, MoveModel, NextHome, Suit};

    use crate::common::Rng;

    let rules = Rules { cascades: 4, ..Game::BakersDozen.rules() };
    assert!(rules.moves_single_cards());
    let mut rng = Rng::new(0x0005_afe2);
    let (mut beyond_horne, mut positions, mut lost, mut won_starts) = (0, 0, 0, 0);
    for _ in 0..12 {
        let foundations = [0; 4].map(|_| 7 + rng.below(3) as u8);
        let mut out: Vec<_> =
            freecell_core::Card::deck().filter(|c| c.rank().get() > foundations[c.suit().index()]).collect();
        rng.shuffle(&mut out);
        let mut cascades = vec![Vec::new(); 4];
        for (i, c) in out.into_iter().enumerate() {
            cascades[i % 4].push(c);
        }
        // Kings beneath the other cards of their cascade, as Baker's Dozen deals them.
        for cascade in &mut cascades {
            cascade.sort_by_key(|c| c.rank().get() != 13);
        }
        let start = Board::try_from(Layout { rules, foundations, cells: Vec::new(), cascades })
            .expect("a reduced deal is a legal position");
        // Every reachable position, its moves and their children.
        let mut index = HashMap::from([(start.key(), 0)]);
        let mut boards = vec![start];
        let mut edges: Vec<Vec<(freecell_core::Move, usize)>> = Vec::new();
        let mut moves = Vec::new();
        while edges.len() < boards.len() {
            let board = boards[edges.len()].clone();
            moves.clear();
            board.generate_moves(MoveModel::Atomic, &mut moves);
            let mut out = Vec::new();
            for &mv in &moves {
                let mut child = board.clone();
                child.apply(mv).expect("a generated move is legal");
                let next = index.len();
                let id = *index.entry(child.key()).or_insert(next);
                if id == next {
                    boards.push(child);
                }
                out.push((mv, id));
            }
            edges.push(out);
        }
        // Won: the won position, and every position with a move to a won one.
        let mut parents = vec![Vec::new(); boards.len()];
        for (id, out) in edges.iter().enumerate() {
            for &(_, to) in out {
                parents[to].push(id);
            }
        }
        let mut won: Vec<bool> = boards.iter().map(Board::is_won).collect();
        let mut queue: Vec<usize> = (0..boards.len()).filter(|&id| won[id]).collect();
        while let Some(id) = queue.pop() {
            for &parent in &parents[id] {
                if !won[parent] {
                    won[parent] = true;
                    queue.push(parent);
                }
            }
        }
        positions += boards.len();
        lost += won.iter().filter(|&&w| !w).count();
        won_starts += usize::from(won[0]);
        for (id, board) in boards.iter().enumerate() {
            for suit in Suit::ALL {
                let NextHome::Card(next) = board.next_home(suit) else { continue };
                if !board.is_safe_home(next, Automove::Raymond) {
                    continue;
                }
                let Some(&(_, to)) =
                    edges[id].iter().find(|(mv, _)| mv.to().kind() == freecell_core::PileKind::Foundation(suit))
                else {
                    continue;
                };
                assert!(!won[id] || won[to], "{next} home loses a won position:\n{board}");
                beyond_horne += usize::from(!board.is_safe_home(next, Automove::Horne));
            }
        }
    }
    // Won and lost positions both, and the rule firing beyond Horne's: a rule sending N
    // home with N−3 (one step further) fails here.
    assert!(
        beyond_horne > 1_000 && lost > 1_000 && won_starts > 0,
        "{beyond_horne} beyond Horne's of {positions} positions, {lost} lost, {won_starts} starts won"
    );
}
