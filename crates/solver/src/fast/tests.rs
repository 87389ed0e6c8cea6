//! Tests of the fast stage: the incremental counts against counts from scratch, the
//! containers, the moves skipped and the automoves played.

use freecell_core::{Automove, Board, Card, Layout, Move, MoveModel, PileKind, Rules, SplitMix64, Suit};

use super::eval::*;
use super::moves::*;

/// The cards above rank `home` that `keep` accepts, shuffled: a reduced deck for the tests
/// that check a prune against an exact search of small deals.
pub(super) fn shuffled_above(home: u8, keep: impl Fn(Card) -> bool, rng: &mut SplitMix64) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::deck().filter(|&c| c.rank().get() > home && keep(c)).collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i as u64 + 1) as usize);
    }
    deck
}

/// `board` after up to `walk` random single-card moves (fewer where it has none left).
pub(super) fn random_walk(mut board: Board, walk: usize, rng: &mut SplitMix64) -> Board {
    let mut moves = Vec::new();
    for _ in 0..walk {
        moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut moves);
        let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else { break };
        board.apply_unchecked(mv);
    }
    board
}

/// Whether card index `card` builds on card index `onto` in FreeCell (one rank lower, the
/// other colour; suits in deck order C D H S, so red is suit 1 or 2).
fn builds_on(card: u8, onto: u8) -> bool {
    let red = |c: u8| ((c ^ (c >> 1)) & 1) == 1;
    onto / 4 == card / 4 + 1 && red(card % 4) != red(onto % 4)
}

/// The evaluation as first written: a walk down each cascade, then one back up.
fn reference(board: &Board, w: &Weights) -> u32 {
    let mut next = [0u8; 4];
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        // Index of the next card each foundation needs (past the deck when complete).
        next[i] = board.foundation(suit) * 4 + i as u8;
    }
    let (mut blocked, mut unsorted, mut dig, mut columns) = (0u32, 0u32, 0u32, 0u32);
    let mut under = 0u32;
    let mut cards = [0u8; 52];
    for i in 0..board.cascade_count() {
        let len = board.cascade_len(i);
        if len == 0 {
            continue;
        }
        columns += 1;
        for (depth, card) in board.cascade(i).enumerate() {
            let index = card.index() as u8;
            cards[depth] = index;
            if next[usize::from(index % 4)] == index {
                dig += depth as u32;
            }
        }
        // The top run, top down.
        let run = (1..len).find(|&k| !builds_on(cards[k - 1], cards[k])).unwrap_or(len);
        under += (len - run) as u32;
        // Bottom to top: the lowest rank beneath, per suit; whether the run from the bottom
        // is still built.
        let mut low = [u8::MAX; 4];
        let mut in_order = true;
        let mut under = cards[len - 1];
        for &card in cards[..len].iter().rev() {
            let (rank, suit) = (card / 4, usize::from(card % 4));
            if low[suit] < rank {
                blocked += 1;
            }
            low[suit] = low[suit].min(rank);
            if card != under && !builds_on(card, under) {
                in_order = false;
            }
            unsorted += u32::from(!in_order);
            under = card;
        }
    }
    let out = 52 - board.cards_home() as u32;
    let cells = (board.cell_count() - board.empty_cells()) as u32;
    // Free cells and empty cascades: the room to move in.
    let room = board.empty_cells() as u32 + (board.cascade_count() as u32 - columns);
    let tight = 2u32.saturating_sub(room);
    w.out * out
        + w.blocked * blocked
        + w.unsorted * unsorted
        + w.dig * dig
        + w.cell * cells
        + w.column * columns
        + w.tight * tight
        + w.under * under
}

/// A xorshift generator from `seed` (not 0).
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Positions along random games (sequence moves) from shuffled decks under `rules`,
/// each with every move legal in it; `settle` plays Raymond's automoves after each move.
fn random_positions(rules: Rules, settle: bool, mut visit: impl FnMut(&Board, &[Move])) {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let mut moves = Vec::new();
    for _ in 0..50 {
        let mut deck: Vec<Card> = Card::deck().collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        let mut board = Board::try_from(Layout::deal(rules, &deck, 0)).expect("a full deck deals");
        if settle {
            board.play_automoves(Automove::Raymond);
        }
        for _ in 0..100 {
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            visit(&board, &moves);
            let Some(&mv) = moves.get((next() % 64) as usize % moves.len().max(1)) else { break };
            board.apply_unchecked(mv);
            if settle {
                board.play_automoves(Automove::Raymond);
            }
        }
    }
}

/// The evaluation agrees with the two-pass reference on positions along random games
/// from shuffled decks.
#[test]
fn evaluation_matches_the_reference() {
    let w = Weights {
        out: 1,
        blocked: 3,
        unsorted: 5,
        dig: 7,
        cell: 11,
        column: 13,
        depth: 0,
        breaks: 17,
        tight: 19,
        under: 23,
    };
    random_positions(Rules::freecell(), false, |board, _| {
        assert_eq!(evaluate(board, &w), reference(board, &w), "{board}");
    });
}

/// Each child's blocked count, from its parent's and the move, equals a count from
/// scratch, under FreeCell's and Baker's Game's build rules.
#[test]
fn blocked_after_a_move_matches_a_recount() {
    for rules in [Rules::freecell(), Rules::bakers_game()] {
        random_positions(rules, false, |board, moves| {
            let blocking = Blocking::of(board);
            for &mv in moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                assert_eq!(blocking.after(board, mv), Blocking::of(&child).blocked, "{mv:?} in {board}");
                child.play_automoves(Automove::Raymond);
                assert_eq!(blocking.after(board, mv), Blocking::of(&child).blocked, "{mv:?} then automoves");
            }
        });
    }
}

/// Each child's count of cards above the next home cards, from its parent's and the
/// move, equals a count from scratch, with and without automoves.
#[test]
fn dig_after_a_move_matches_a_recount() {
    for settle in [false, true] {
        random_positions(Rules::freecell(), settle, |board, moves| {
            let blocking = Blocking::of(board);
            let digging = Digging::of(board, &blocking);
            assert_eq!(digging.dig, dig(board));
            for &mv in moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                if settle {
                    child.play_automoves(Automove::Raymond);
                }
                assert_eq!(digging.after(&digging.tally(), board, mv, &child), dig(&child), "{mv:?} in {board}");
            }
        });
    }
}

/// A child's digging derived from its parent's equals a recount, automoves played or
/// not.
#[test]
fn digging_of_a_child_matches_a_recount() {
    for settle in [false, true] {
        random_positions(Rules::freecell(), settle, |board, moves| {
            let digging = Digging::of(board, &Blocking::of(board));
            for &mv in moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                if settle {
                    child.play_automoves(Automove::Raymond);
                }
                let expected = Digging::of(&child, &Blocking::of(&child));
                assert_eq!(digging.child(board, mv, &child), expected, "{mv:?} in {board}");
            }
        });
    }
}

/// A child's blocking derived from its parent's equals a recount, automoves played or
/// not.
#[test]
fn blocking_of_a_child_matches_a_recount() {
    for settle in [false, true] {
        random_positions(Rules::freecell(), settle, |board, moves| {
            let blocking = Blocking::of(board);
            for &mv in moves {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                if settle {
                    child.play_automoves(Automove::Raymond);
                }
                assert_eq!(blocking.child(board, mv, &child), Blocking::of(&child), "{mv:?} in {board}");
            }
        });
    }
}

/// From a settled position, every move the search scores without building its child
/// (no card home, none uncovered that goes home) has no automove after it, and its
/// hash and counts equal the built child's.
#[test]
fn children_scored_unbuilt_match_built_ones() {
    let mut unbuilt = 0;
    for rules in [Rules::freecell(), Rules::bakers_game()] {
        random_positions(rules, true, |board, moves| {
            let blocking = Blocking::of(board);
            let digging = Digging::of(board, &blocking);
            let counts = Counts::of(board, blocking.blocked, digging.dig);
            let tally = digging.tally();
            for &mv in moves {
                let preview = board.preview(mv);
                if mv.is_to_foundation() || preview.uncovered.is_some_and(|c| goes_home(board, c, Automove::Raymond)) {
                    continue;
                }
                let mut child = board.clone();
                child.apply_unchecked(mv);
                assert_eq!(child.play_automoves(Automove::Raymond), 0, "{mv:?} in {board}");
                assert_eq!(preview.hash, child.hash64());
                let recount = Counts::of(&child, Blocking::of(&child).blocked, dig(&child));
                assert_eq!(
                    counts.after(board, mv, &preview, &blocking, (&digging, &tally)),
                    recount,
                    "{mv:?} in {board}"
                );
                unbuilt += 1;
            }
        });
    }
    assert!(unbuilt > 10_000, "{unbuilt}");
}

/// From a settled position, every move the search skips after a move (see
/// [`moved_card`]) reaches the position itself or one of its children, which the search
/// has seen.
#[test]
fn moving_a_card_again_reaches_a_position_seen() {
    let mut skipped = 0;
    for rules in [Rules::freecell(), Rules::bakers_game()] {
        random_positions(rules, true, |board, moves| {
            let after = |from: &Board, mv: Move| {
                let mut child = from.clone();
                child.apply_unchecked(mv);
                child.play_automoves(Automove::Raymond);
                child
            };
            let seen: Vec<_> =
                std::iter::once(board.key()).chain(moves.iter().map(|&mv| after(board, mv).key())).collect();
            let mut next = Vec::new();
            for &first in moves {
                let child = after(board, first);
                let again = moved_card(board, first, &child);
                next.clear();
                child.generate_moves(MoveModel::Sequence, &mut next);
                for &second in next.iter().filter(|&&mv| moves_again(again, mv)) {
                    let key = after(&child, second).key();
                    assert!(seen.contains(&key), "{first:?} then {second:?} in {board}");
                    skipped += 1;
                }
            }
        });
    }
    assert!(skipped > 10_000, "{skipped}");
}

/// The moves skipped are those the rules' reading calls run-breaking or needless: the
/// moves into a free cell left out of the spared generation (and reported), the others
/// skipped by [`Sparing`] in the order move generation lists them.
#[test]
fn sparing_skips_what_a_player_would_not_play() {
    let mut skipped = [0u32; 3];
    let mut spared = freecell_core::GeneratedMoves::default();
    random_positions(Rules::freecell(), true, |board, moves| {
        let tops: Vec<Vec<u8>> =
            (0..board.cascade_count()).map(|i| board.cascade(i).map(|c| c.index() as u8).collect()).collect();
        // Whether the top `count` cards of cascade `a` lie on a card the deepest builds on.
        let splits = |a: usize, count: usize| {
            let cards = &tops[a];
            count < cards.len() && builds_on(cards[count - 1], cards[count])
        };
        let left_out = board.generate_spared_moves_into(MoveModel::Sequence, &mut spared);
        let mut expected_out = 0u32;
        let sparing = Sparing::default();
        let mut kept = spared.iter();
        for &mv in moves {
            let skip = match (mv.from().kind(), mv.to().kind()) {
                (PileKind::Cascade(a), PileKind::Cell(_)) => {
                    let top = tops[a][0];
                    let placed = tops.iter().any(|cards| cards.first().is_some_and(|&onto| builds_on(top, onto)));
                    skipped[0] += u32::from(placed);
                    skipped[1] += u32::from(splits(a, 1));
                    let out = placed || splits(a, 1);
                    expected_out |= u32::from(out) << a;
                    if out {
                        continue;
                    }
                    false
                }
                (PileKind::Cascade(a), PileKind::Cascade(b)) if tops[b].is_empty() => {
                    let split = splits(a, usize::from(mv.count()));
                    skipped[2] += u32::from(split);
                    split
                }
                _ => false,
            };
            assert_eq!(kept.next(), Some(&mv), "the spared generation of {board}");
            assert_eq!(sparing.skips(board, mv), skip, "{mv:?} in {board}");
        }
        assert_eq!(kept.next(), None, "the spared generation of {board}");
        assert_eq!(left_out, expected_out, "{board}");
    });
    // Every kind is met.
    assert!(skipped.iter().all(|&n| n > 20), "{skipped:?}");
}

/// Under single-card rules (Good Measure's), sparing also skips a card built on the one
/// beneath moved onto another card of that one's rank, exactly when the card uncovered
/// could then move nowhere: not home, onto no other top card one rank above it. Written
/// from the cascades' cards, not from the board's summaries.
#[test]
fn sparing_skips_swaps_that_uncover_nothing_under_single_card_rules() {
    let rules = freecell_core::Game::GoodMeasure.rules();
    let (mut swaps, mut skipped) = (0, 0);
    random_positions(rules, true, |board, moves| {
        let piles: Vec<Vec<Card>> = (0..board.cascade_count()).map(|i| board.cascade(i).collect()).collect();
        let sparing = Sparing::new(true);
        let plain = Sparing::new(false);
        for &mv in moves {
            let expected = match (mv.from().kind(), mv.to().kind()) {
                (PileKind::Cascade(a), PileKind::Cascade(b)) if piles[a].len() > 1 => {
                    let (top, under) = (piles[a][0], piles[a][1]);
                    let built = under.rank().get() == top.rank().get() + 1;
                    swaps += usize::from(built);
                    let home = board.foundation(under.suit()) + 1 == under.rank().get();
                    let placed = piles.iter().enumerate().any(|(c, pile)| {
                        c != a && c != b && pile.first().is_some_and(|t| t.rank().get() == under.rank().get() + 1)
                    });
                    built && !home && !placed
                }
                _ => false,
            };
            skipped += usize::from(expected);
            assert_eq!(sparing.skips(board, mv), expected, "{mv:?} in {board}");
            assert!(!plain.skips(board, mv), "{mv:?} in {board}");
        }
    });
    // Both kinds of swap are met.
    assert!(skipped > 20 && swaps > skipped + 20, "{skipped} of {swaps}");
}

/// From a position with no automove left, the shortcut plays exactly what the full
/// scan plays.
#[test]
fn automoves_after_a_move_match_the_full_scan() {
    let mut played = 0;
    random_positions(Rules::freecell(), true, |board, moves| {
        for &mv in moves {
            let mut full = board.clone();
            full.apply_unchecked(mv);
            let mut short = full.clone();
            played += full.play_automoves(Automove::Raymond);
            automoves_after(&mut short, mv, Automove::Raymond, true);
            assert_eq!(short, full, "{mv:?} in {board}");
        }
    });
    // The positions exercise the automoves, not only the early return.
    assert!(played > 100, "{played}");
}

/// A solve out of memory runs again with twice the bytes while the ceiling allows, the last
/// round with exactly the ceiling; then it is undecided, out of memory. Without a ceiling
/// (the caller's limit), one round.
#[test]
fn rounds_double_the_bytes_up_to_the_ceiling() {
    use std::cell::RefCell;

    use freecell_search::{Budget, Limit, SearchOutcome, UndecidedReason};

    use super::portfolio::run;

    const UNIT: usize = 256 << 10;
    // Impossible: its proof stores tens of thousands of positions, more than 768 KiB hold.
    let board = freecell_deals::DealNumber::new(11_982).expect("in range").board();
    let budget = Budget::default().max_bytes(UNIT);
    let out_of_memory = SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes));

    let once = run(&mut None, &board, budget, None, None, &mut ());
    assert_eq!(once.outcome, out_of_memory);
    assert!(once.stats.bytes <= UNIT);

    let asked = RefCell::new(0);
    let ceiling = |_held: usize| {
        *asked.borrow_mut() += 1;
        3 * UNIT
    };
    let escalated = run(&mut None, &board, budget, Some(&ceiling), None, &mut ());
    assert_eq!(escalated.outcome, out_of_memory);
    // Rounds of 256, 512 and 768 KiB: asked after each.
    assert_eq!(*asked.borrow(), 3);
    assert!(escalated.stats.bytes <= 3 * UNIT && escalated.stats.bytes > 2 * UNIT, "{:?}", escalated.stats);
    assert!(escalated.stats.expanded > once.stats.expanded);
}

/// With a cap on the greedy stage, a lost position is proved in one round with the
/// ceiling's bytes (asked once), the greedy stage stopped at the cap; a won one is still
/// solved, by the proof when the greedy stage gets nothing.
#[test]
fn a_capped_greedy_stage_leaves_the_proof_one_round() {
    use std::cell::Cell;

    use freecell_search::{Budget, SearchOutcome};

    use super::portfolio::run;

    // MS 11982 is lost with four cells (fc-solve agrees); its proof stores tens of
    // thousands of positions.
    let lost = freecell_deals::DealNumber::new(11_982).expect("in range").board();
    let asked = Cell::new(0);
    let ceiling = |_held: usize| {
        asked.set(asked.get() + 1);
        64 << 20
    };
    let capped = run(&mut None, &lost, Budget::default(), Some(&ceiling), Some(1_000), &mut ());
    assert_eq!(capped.outcome, SearchOutcome::Exhausted);
    assert_eq!(asked.get(), 1);
    let proof = capped.stats.iterations;
    assert!(proof > 1, "the proof ran: {:?}", capped.stats);
    let whole = run(&mut None, &lost, Budget::default(), None, None, &mut ());
    assert_eq!(whole.outcome, SearchOutcome::Exhausted);
    assert!(capped.stats.expanded < whole.stats.expanded, "{:?} {:?}", capped.stats, whole.stats);

    // The solver's solution is the engine's path with its automoves written out.
    let won: freecell_core::Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse().expect("a board");
    let report = crate::Solver::new(crate::Preset::Fast).greedy_nodes(0).solve(&won).expect("no bug");
    let solution = report.outcome.solution().expect("won by the proof");
    assert!(freecell_core::replay(&won, &solution.moves).is_ok_and(|end| end.is_won()));
}

/// A solve with a capped greedy stage stopped at its node limit, then resumed
/// (`Cache::resume_proof`), proves the loss with the expansions of one solve run at once:
/// its proof goes on where it stopped, the greedy stage not run again. A resume asked of
/// another start begins afresh.
#[test]
fn a_resumed_proof_goes_on_where_the_last_solve_stopped() {
    use freecell_search::{Budget, Limit, SearchOutcome, UndecidedReason};

    use super::portfolio::run;

    // MS 11982 is lost with four cells; its proof stores tens of thousands of positions.
    let lost = freecell_deals::DealNumber::new(11_982).expect("in range").board();
    let whole = run(&mut None, &lost, Budget::default(), None, Some(1_000), &mut ());
    assert_eq!(whole.outcome, SearchOutcome::Exhausted);
    let n = whole.stats.expanded;
    let mut cache = None;
    let first = run(&mut cache, &lost, Budget::default().max_expanded(n / 2), None, Some(1_000), &mut ());
    assert_eq!(first.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)));
    cache.as_mut().expect("a cache").resume_proof();
    let rest = run(&mut cache, &lost, Budget::default(), None, Some(1_000), &mut ());
    assert_eq!(rest.outcome, SearchOutcome::Exhausted);
    assert_eq!(first.stats.expanded + rest.stats.expanded, n, "{:?} {:?}", first.stats, rest.stats);

    // Stopped again, then asked to resume on another deal: that solve is a fresh one.
    let first = run(&mut cache, &lost, Budget::default().max_expanded(n / 2), None, Some(1_000), &mut ());
    assert_eq!(first.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)));
    cache.as_mut().expect("a cache").resume_proof();
    let other = freecell_deals::DealNumber::new(1).expect("in range").board();
    let resumed = run(&mut cache, &other, Budget::default(), None, Some(1_000), &mut ());
    let fresh = run(&mut None, &other, Budget::default(), None, Some(1_000), &mut ());
    assert_eq!((resumed.outcome, resumed.stats.expanded), (fresh.outcome, fresh.stats.expanded));
}

/// A greedy-only solve (the difficulty ladder's schedule attempt) wins a won deal, but
/// never proves a loss: on a lost deal its patient search runs out of positions, which
/// its hashes cannot prove, and the solve ends undecided for that, with no proof run.
#[test]
fn a_greedy_only_solve_never_proves_a_loss() {
    use crate::{Outcome, Preset, Reason, Solver};

    let solver = Solver::new(Preset::Fast).greedy_only();
    // MS 11982 is lost with four cells (fc-solve agrees).
    let lost = freecell_deals::DealNumber::new(11_982).expect("in range").board();
    let report = solver.solve(&lost).expect("no bug");
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Pruned));
    let proved = Solver::new(Preset::Fast).solve(&lost).expect("no bug");
    assert_eq!(proved.outcome, Outcome::Unsolvable);
    assert!(report.stats.search.expanded < proved.stats.search.expanded, "{:?} {:?}", report.stats, proved.stats);
    let won = freecell_deals::DealNumber::new(1).expect("in range").board();
    assert!(solver.solve(&won).expect("no bug").outcome.solution().is_some());
}
