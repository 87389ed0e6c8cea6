//! The rules against independent facts: building by colour or by suit, kings-only empty
//! cascades, and an exhaustive comparison with a brute-force move generator written here
//! from the rules on small end games.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use freecell_core::{BuildRule, Layout, Move, MoveError, MoveModel, Pile, PileKind, Rules};

use crate::common::Board;

use crate::common::{Naive, builds, card, layout, may_fill_empty, naive, position};

#[test]
fn freecell_builds_by_alternate_colour_and_bakers_game_by_suit() {
    // Tops: 9H, TS, TH, 9S.
    let cascades = ["9H", "TS", "TH", "9S", "*", "*", "*", "*"];
    let onto = |from: usize, to: usize| Move::single(Pile::cascade(from), Pile::cascade(to));
    let freecell = position(Rules::freecell(), "", &[], &cascades);
    assert_eq!(freecell.check(onto(0, 1)), Ok(()));
    assert_eq!(freecell.check(onto(0, 2)), Err(MoveError::DoesNotBuild { card: card("9H"), onto: card("TH") }));
    assert_eq!(freecell.check(onto(3, 2)), Ok(()));
    let bakers = position(Rules::bakers_game(), "", &[], &cascades);
    assert_eq!(bakers.check(onto(0, 1)), Err(MoveError::DoesNotBuild { card: card("9H"), onto: card("TS") }));
    assert_eq!(bakers.check(onto(0, 2)), Ok(()));
    assert_eq!(bakers.check(onto(3, 1)), Ok(()));
    let any = position(Rules { build: BuildRule::AnySuit, ..Rules::freecell() }, "", &[], &cascades);
    assert!((0..4).all(|to| to == 0 || any.check(onto(0, to)).is_ok() || to == 3));

    // Runs follow the build rule: TS 9H is a run in FreeCell only, TD 9D in Baker's Game only.
    let runs = ["KC TS 9H", "KH TD 9D", "*", "*", "*", "*", "*", "*"];
    let runs = |rules| position(rules, "", &[], &runs);
    assert_eq!(runs(Rules::freecell()).run_len(0), 2);
    assert_eq!(runs(Rules::freecell()).run_len(1), 1);
    assert_eq!(runs(Rules::bakers_game()).run_len(0), 1);
    assert_eq!(runs(Rules::bakers_game()).run_len(1), 2);
}

#[test]
fn kings_only_fill_empty_cascades_in_eight_off_and_seahaven() {
    for rules in [Rules::eight_off(), Rules::seahaven_towers()] {
        let mut cascades = vec!["", "2C KD", "QD", "2D KS QS JS"];
        cascades.resize(usize::from(rules.cascades), "*");
        let board = position(rules, "", &[], &cascades);
        let to_empty = |from: usize, count| Move::new(Pile::cascade(from), Pile::cascade(0), count);
        assert_eq!(board.check(to_empty(1, 1)), Ok(()), "{rules:?}");
        assert_eq!(board.check(to_empty(2, 1)), Err(MoveError::EmptyCascadeNeedsKing { card: card("QD") }));
        assert_eq!(board.check(to_empty(3, 2)), Err(MoveError::EmptyCascadeNeedsKing { card: card("QS") }));
        // The whole run KS QS JS may go (3 ≤ cells + 1); generated moves never break the rule.
        assert_eq!(board.check(to_empty(3, 3)), Ok(()));
        let mut moves = Vec::new();
        board.generate_moves(MoveModel::Sequence, &mut moves);
        assert!(moves.contains(&to_empty(1, 1)) && moves.contains(&to_empty(3, 3)));
        for mv in moves.iter().filter(|m| m.to() == Pile::cascade(0)) {
            let PileKind::Cascade(from) = mv.from().kind() else { panic!("{mv:?} from a cell") };
            let deepest = board.cascade(from).nth(usize::from(mv.count()) - 1).expect("the run exists");
            assert_eq!(deepest.rank().get(), 13, "{mv:?} fills an empty cascade with {deepest}");
        }
        // A card in a cell may not fill it either.
        let board = position(rules, "", &["QH"], &cascades);
        assert_eq!(
            board.check(Move::single(Pile::cell(0), Pile::cascade(0))),
            Err(MoveError::EmptyCascadeNeedsKing { card: card("QH") })
        );
    }
    // In FreeCell any card may.
    let board = position(Rules::freecell(), "", &[], &["", "KD", "QD", "*", "*", "*", "*", "*"]);
    assert_eq!(board.check(Move::single(Pile::cascade(2), Pile::cascade(0))), Ok(()));
}

/// Every position one single-card move away, by rules written here: a top card or a cell
/// card goes home when it is next, into any empty cell, onto any cascade top it builds
/// on, or into any empty cascade that accepts it.
fn successors(layout: &Layout) -> BTreeMap<Naive, Layout> {
    let rules = layout.rules;
    let mut out = BTreeMap::new();
    let mut sources: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    sources.extend((0..layout.cascades.len()).filter(|&i| !layout.cascades[i].is_empty()).map(|i| (Some(i), None)));
    sources.extend((0..layout.cells.len()).filter(|&i| layout.cells[i].is_some()).map(|i| (None, Some(i))));
    for (cascade, cell) in sources {
        let mut lifted = layout.clone();
        let moving = match (cascade, cell) {
            (Some(i), _) => lifted.cascades[i].pop(),
            (_, Some(i)) => lifted.cells[i].take(),
            _ => None,
        }
        .expect("sources hold a card");
        let mut add = |next: Layout| {
            out.insert(naive(&next), next);
        };
        let suit = moving.suit().index();
        if lifted.foundations[suit] + 1 == moving.rank().get() {
            let mut next = lifted.clone();
            next.foundations[suit] += 1;
            add(next);
        }
        for i in 0..lifted.cells.len() {
            if lifted.cells[i].is_none() {
                let mut next = lifted.clone();
                next.cells[i] = Some(moving);
                add(next);
            }
        }
        for j in 0..lifted.cascades.len() {
            if Some(j) == cascade {
                continue;
            }
            let fits = match lifted.cascades[j].last() {
                None => may_fill_empty(rules.empty_cascade, moving),
                Some(&onto) => builds(rules.build, moving, onto),
            };
            if fits {
                let mut next = lifted.clone();
                next.cascades[j].push(moving);
                add(next);
            }
        }
    }
    out.remove(&naive(layout));
    out
}

/// The crate's view: atomic moves generated and applied.
fn crate_successors(layout: &Layout) -> BTreeSet<Naive> {
    let board = Board::try_from(layout.clone()).expect("reachable positions are legal");
    let mut moves = Vec::new();
    board.generate_moves(MoveModel::Atomic, &mut moves);
    let mut out = BTreeSet::new();
    for mv in moves {
        let mut next = board.clone();
        next.apply(mv).expect("generated moves are legal");
        assert!(out.insert(naive(&next.to_layout())), "two generated moves reach the same position: {mv:?}");
    }
    out
}

/// Breadth-first over the positions reachable from `start` (up to `limit`), comparing the
/// one-move successors of each with the crate's; returns the number of positions visited
/// and whether a won position was reached.
fn compare_exhaustively(start: &Layout, limit: usize) -> (usize, bool) {
    let mut seen = BTreeSet::from([naive(start)]);
    let mut queue = VecDeque::from([start.clone()]);
    let mut visited = 0;
    let mut won = false;
    while let Some(layout) = queue.pop_front() {
        visited += 1;
        won |= layout.foundations == [13; 4];
        let mine = successors(&layout);
        let theirs = crate_successors(&layout);
        let mine_keys: BTreeSet<Naive> = mine.keys().cloned().collect();
        assert_eq!(mine_keys, theirs, "successors differ at {layout:?}");
        if visited >= limit {
            continue;
        }
        for (form, next) in mine {
            if seen.insert(form) {
                queue.push_back(next);
            }
        }
    }
    (visited, won)
}

#[test]
fn single_card_moves_match_a_brute_force_generator_on_small_end_games() {
    // FreeCell, 10 cards out: hearts to 9, clubs to J, diamonds to Q, spades to T.
    let freecell = layout(Rules::freecell(), "H9 C11 D12 S10", &[], &["QH KS TH", "KC JS", "KD QS JH", "QC", "KH"]);
    // Baker's Game with two cells taken and 9 cards out.
    let bakers = layout(Rules::bakers_game(), "H10 C10 D11 S12", &["JH", "QD"], &["KH JC QH", "KC QC", "KD", "KS"]);
    // Eight Off, kings only, 8 cards out, one empty cascade.
    let eight_off =
        layout(Rules::eight_off(), "H10 C11 D11 S12", &["JH"], &["QD KH", "KC QH", "QC KD KS", "", "", "", "", ""]);
    // Three cascades, one cell, any-suit building.
    let odd = Rules { free_cells: 1, cascades: 3, build: BuildRule::AnySuit, ..Rules::freecell() };
    let odd = layout(odd, "H11 C11 D11 S10", &[], &["QH KS", "JS QC KD QD", "KH KC QS"]);
    // Cruel's rules (12 cascades, by suit, nothing fills an empty cascade), 12 cards out.
    let mut cruel = vec!["KH QH", "JH TH", "KC", "JC QC", "KD QD", "JD", "KS QS"];
    cruel.resize(12, "");
    let cruel = layout(freecell_core::Game::Cruel.rules(), "H9 C10 D10 S11", &[], &cruel);
    // Beleaguered Castle's rules (no cells, any suit, any card to an empty cascade).
    let mut castle = vec!["KH QS", "QH KS JD", "KC QC", "KD QD JC"];
    castle.resize(8, "");
    let castle = layout(freecell_core::Game::BeleagueredCastle.rules(), "H11 C10 D10 S11", &[], &castle);
    for (name, start) in [
        ("freecell", freecell),
        ("bakers", bakers),
        ("eight off", eight_off),
        ("odd", odd),
        ("cruel", cruel),
        ("castle", castle),
    ] {
        let (visited, won) = compare_exhaustively(&start, 1500);
        assert!(visited > 20, "{name}: only {visited} positions");
        assert!(won || visited >= 1500, "{name}: the goal is not reachable");
    }
}
