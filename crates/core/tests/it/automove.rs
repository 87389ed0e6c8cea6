//! Safe automoves against Horne's and Raymond's rules (fc-solve's prunes of those names,
//! `shlomif/fc-solve` `fc-solve/source/fc_pro_iface_pos.h`), on hand-built positions.

use std::collections::HashMap;

use freecell_core::{
    Automove, BuildRule, Card, EmptyCascadeRule, Game, Layout, MoveModel, NextHome, Rules, SequenceCapacity,
    SplitMix64, Suit,
};

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
/// ranks, both rules, building by alternate colour and by any suit.
#[test]
fn safety_matches_the_rules_for_every_foundation_state() {
    let mut checked = 0;
    for code in 0..14u32.pow(4) {
        let foundations = [0, 1, 2, 3].map(|k| (code / 14u32.pow(k) % 14) as u8);
        let mut cascades = vec![Vec::new(); 8];
        let out = freecell_core::Card::deck().filter(|c| c.rank().get() > foundations[c.suit().index()]);
        for (i, c) in out.enumerate() {
            cascades[i % 8].push(c);
        }
        for rules in [Rules::freecell(), Game::BeleagueredCastle.rules()] {
            let layout = Layout { rules, foundations, cells: Vec::new(), cascades: cascades.clone() };
            let board = Board::try_from(layout.clone()).expect("a legal layout");
            for suit in Suit::ALL {
                let NextHome::Card(next) = board.next_home(suit) else { continue };
                for rule in [Automove::Horne, Automove::Raymond] {
                    assert_eq!(
                        board.is_safe_home(next, rule),
                        crate::common::safe_home(&layout, next, rule),
                        "{next} under {rule:?} and {:?}, foundations {foundations:?}",
                        rules.build
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 400_000, "{checked}");
}

/// Every position reachable from `start` by single-card moves without automoves, each
/// with whether it can still be won: a plain graph search and its backward closure
/// (`None` past `limit` positions).
fn winnable(start: &Board, limit: usize) -> Option<Vec<(Board, bool)>> {
    let mut index = HashMap::from([(start.key(), 0)]);
    let mut boards = vec![start.clone()];
    let mut edges: Vec<Vec<usize>> = Vec::new();
    let mut moves = Vec::new();
    while edges.len() < boards.len() {
        let board = boards[edges.len()].clone();
        moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut moves);
        let mut out = Vec::new();
        for &mv in &moves {
            let mut child = board.clone();
            child.apply(mv).expect("a generated move is legal");
            let id = *index.entry(child.key()).or_insert_with(|| {
                boards.push(child);
                boards.len() - 1
            });
            out.push(id);
        }
        edges.push(out);
        if boards.len() > limit {
            return None;
        }
    }
    let mut won: Vec<bool> = boards.iter().map(Board::is_won).collect();
    let mut grew = true;
    while grew {
        grew = false;
        for (id, out) in edges.iter().enumerate() {
            if !won[id] && out.iter().any(|&to| won[to]) {
                won[id] = true;
                grew = true;
            }
        }
    }
    Some(boards.into_iter().zip(won).collect())
}

/// Checks, in every won position of `all` ([`winnable`]'s), that each next card Raymond's
/// rule calls safe on a cascade's top keeps the position won when it goes home; returns how
/// many were checked and how many of those Horne's rule holds back.
fn raymond_keeps_wins(all: &[(Board, bool)]) -> (usize, usize) {
    let won: HashMap<_, bool> = all.iter().map(|(b, w)| (b.key(), *w)).collect();
    let (mut checked, mut beyond_horne) = (0, 0);
    for (board, _) in all.iter().filter(|(_, w)| *w) {
        for suit in Suit::ALL {
            let NextHome::Card(next) = board.next_home(suit) else { continue };
            let Some(i) = (0..board.cascade_count()).find(|&i| board.cascade_top(i) == Some(next)) else { continue };
            if !board.is_safe_home(next, Automove::Raymond) {
                continue;
            }
            let mut home = board.clone();
            home.apply(freecell_core::Move::single(
                freecell_core::Pile::cascade(i),
                freecell_core::Pile::foundation(suit),
            ))
            .expect("the next card goes home");
            assert!(won[&home.key()], "{:?}: {next} home loses a won position:\n{board}", board.rules());
            checked += 1;
            beyond_horne += usize::from(!board.is_safe_home(next, Automove::Horne));
        }
    }
    (checked, beyond_horne)
}

/// Raymond's rule building regardless of suit (a card home once every other N−2 is) never
/// loses a won position: in every position reachable in reduced deals (ranks T–K) of
/// three any-suit rule sets, a card it calls safe leaves a won position won when it goes
/// home, by an exhaustive search. Not vacuous: most of the cards checked are ones Horne's
/// rule holds back.
#[test]
fn raymond_building_by_any_suit_never_loses_a_won_position() {
    let rules = |empty_cascade, capacity| Rules {
        free_cells: 0,
        cascades: 4,
        build: BuildRule::AnySuit,
        empty_cascade,
        capacity,
    };
    // With the deals each needs to meet won starts (fewer where an empty cascade takes any
    // card: those spaces are the largest).
    let games = [
        (rules(EmptyCascadeRule::AnyCard, SequenceCapacity::Standard), 12),
        (rules(EmptyCascadeRule::Nothing, SequenceCapacity::SingleCard), 40),
        (rules(EmptyCascadeRule::KingsOnly, SequenceCapacity::Standard), 40),
    ];
    let mut rng = SplitMix64::new(0x5eed);
    for (game, deals) in games {
        let (mut checked, mut beyond_horne, mut won_starts) = (0, 0, 0);
        for _ in 0..deals {
            let mut deck: Vec<Card> = Card::deck().filter(|c| c.rank().get() > 9).collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut layout = Layout::empty(game);
            layout.foundations = [9; 4];
            layout.cascades = vec![Vec::new(); 4];
            for (i, card) in deck.into_iter().enumerate() {
                layout.cascades[i % 4].push(card);
            }
            let start = Board::try_from(layout).expect("a reduced deal is a legal position");
            let Some(all) = winnable(&start, 100_000) else { continue };
            won_starts += usize::from(all[0].1);
            let (safe, beyond) = raymond_keeps_wins(&all);
            checked += safe;
            beyond_horne += beyond;
        }
        assert!(won_starts > 0 && beyond_horne > 50, "{game:?}: {checked} checked, {beyond_horne} beyond Horne's");
    }
}

/// The same for Baker's Dozen's own rules on deeper reduced deals (cards above ranks 7–9
/// dealt on 4 cascades, kings beneath as Baker's Dozen deals them), where every move
/// carries one card: moving home a card Raymond's rule calls safe never leaves a won
/// position for a lost one, and the rule fires where Horne's would not.
#[test]
fn raymond_on_bakers_dozen_deals_never_costs_a_win() {
    use freecell_core::Game;

    use crate::common::Rng;

    let rules = Rules { cascades: 4, ..Game::BakersDozen.rules() };
    let mut rng = Rng::new(0x0005_afe2);
    let (mut beyond_horne, mut positions, mut lost, mut won_starts) = (0, 0, 0, 0);
    for _ in 0..12 {
        let foundations = [0; 4].map(|_| 7 + rng.below(3) as u8);
        let mut out: Vec<_> = Card::deck().filter(|c| c.rank().get() > foundations[c.suit().index()]).collect();
        rng.shuffle(&mut out);
        let mut cascades = vec![Vec::new(); 4];
        for (i, c) in out.into_iter().enumerate() {
            cascades[i % 4].push(c);
        }
        for cascade in &mut cascades {
            cascade.sort_by_key(|c| c.rank().get() != 13);
        }
        let start = Board::try_from(Layout { rules, foundations, cells: Vec::new(), cascades })
            .expect("a reduced deal is a legal position");
        let all = winnable(&start, usize::MAX).expect("no limit");
        positions += all.len();
        lost += all.iter().filter(|(_, w)| !w).count();
        won_starts += usize::from(all[0].1);
        beyond_horne += raymond_keeps_wins(&all).1;
    }
    // Won and lost positions both, and the rule firing beyond Horne's: a rule sending N
    // home with N−3 (one step further) fails here.
    assert!(
        beyond_horne > 1_000 && lost > 1_000 && won_starts > 0,
        "{beyond_horne} beyond Horne's of {positions} positions, {lost} lost, {won_starts} starts won"
    );
}
