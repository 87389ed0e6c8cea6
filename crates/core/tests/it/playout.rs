//! Property tests on random playouts from random deals under random rules: card
//! conservation, undo, move generation against checked `apply` and an independent oracle,
//! decomposition, incremental hashing, canonical keys and text round trips.

use std::collections::{BTreeSet, HashMap};

use freecell_core::{
    Automove, BuildRule, Card, EmptyCascadeRule, Game, GeneratedMoves, Key, Layout, Move, MoveError, MoveModel,
    Notation, Pile, PileKind, Rules, SequenceCapacity, Suit, verify,
};
use proptest::prelude::*;

use crate::common::{Board, Naive, Rng, all_cards, all_moves, builds, deal, legal, naive, piles, safe_home, suit_runs};

/// Rules and how many dealt cards go to the cells: a preset, or anything in range.
fn rules_strategy() -> impl Strategy<Value = (Rules, usize)> {
    let preset = (0..Game::ALL.len()).prop_map(|i| (Game::ALL[i].rules(), Game::ALL[i].cards_in_cells()));
    let builds = [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit, BuildRule::SimpleSimon];
    let empties = [EmptyCascadeRule::AnyCard, EmptyCascadeRule::KingsOnly, EmptyCascadeRule::Nothing];
    let capacities = [
        SequenceCapacity::Standard,
        SequenceCapacity::Linear,
        SequenceCapacity::DeepSupermove,
        SequenceCapacity::Unlimited,
        SequenceCapacity::SingleCard,
    ];
    let random = (0..=10u8, 1..=20u8, 0..4usize, 0..3usize, 0..5usize, any::<u8>()).prop_map(
        move |(free_cells, cascades, b, e, c, k)| {
            let rules =
                Rules { free_cells, cascades, build: builds[b], empty_cascade: empties[e], capacity: capacities[c] };
            (rules, usize::from(k) % (usize::from(free_cells) + 1))
        },
    );
    prop_oneof![preset, random]
}

/// Where a checked move lands once equivalent targets are merged the way the generator
/// documents it, or `None` for the documented no-ops.
fn normalise(board: &Board, mv: Move) -> Option<Move> {
    let first_empty_cell = (0..board.cell_count()).find(|&i| board.cell(i).is_none());
    let first_empty_cascade = (0..board.cascade_count()).find(|&i| board.cascade_len(i) == 0);
    let from_len = match mv.from().kind() {
        freecell_core::PileKind::Cascade(a) => board.cascade_len(a),
        _ => 0,
    };
    let to = match mv.to().kind() {
        freecell_core::PileKind::Cell(_) if mv.from().is_cell() => return None,
        freecell_core::PileKind::Cell(_) => Pile::cell(first_empty_cell?),
        freecell_core::PileKind::Cascade(b) if board.cascade_len(b) == 0 => {
            if usize::from(mv.count()) == from_len {
                return None;
            }
            Pile::cascade(first_empty_cascade?)
        }
        _ => mv.to(),
    };
    Some(Move::new(mv.from(), to, mv.count()))
}

fn generated(board: &Board, model: MoveModel) -> Vec<Move> {
    let mut out = Vec::new();
    board.generate_moves(model, &mut out);
    out
}

/// Every check on one position.
fn check_position(board: &Board, rng: &mut Rng) {
    let layout = board.to_layout();

    // 52 distinct cards.
    let cards: BTreeSet<_> = all_cards(&layout).into_iter().collect();
    assert_eq!(all_cards(&layout).len(), 52, "{board:?}");
    assert_eq!(cards.len(), 52, "{board:?}");

    // The incremental hash equals the one computed from scratch, two ways.
    assert_eq!(board.hash64(), board.key().hash64(), "{board:?}");
    check_summaries(board);
    let rebuilt = Board::try_from(layout.clone()).expect("to_layout gives a legal layout");
    assert_eq!(&rebuilt, board, "rebuilding from to_layout changes the board");
    assert_eq!(rebuilt.hash64(), board.hash64());

    // check() against the independent oracle, for every (from, to, count).
    let accepted: Vec<Move> = all_moves(*board.rules()).into_iter().filter(|&mv| board.check(mv).is_ok()).collect();
    for mv in all_moves(*board.rules()) {
        assert_eq!(board.check(mv).is_ok(), legal(&layout, mv), "{mv:?} on {board:?}: {:?}", board.check(mv));
    }

    // Generated = accepted, after merging equivalent targets and dropping no-ops.
    let simple_simon = board.rules().build == BuildRule::SimpleSimon;
    for model in [MoveModel::Atomic, MoveModel::Sequence] {
        let moves = generated(board, model);
        let set: BTreeSet<Move> = moves.iter().copied().collect();
        assert_eq!(set.len(), moves.len(), "{model:?}: duplicates in {moves:?}");
        for &mv in &moves {
            assert_eq!(board.check(mv), Ok(()), "{model:?} generated {mv:?} on {board:?}");
        }
        let expected: BTreeSet<Move> = accepted
            .iter()
            // Atomic: one card, or under Simple Simon one run of a suit (its smallest unit).
            .filter(|&&mv| {
                model == MoveModel::Sequence || mv.count() == 1 || (simple_simon && suit_runs(&layout, mv) == 1)
            })
            .filter_map(|&mv| normalise(board, mv))
            .collect();
        assert_eq!(set, expected, "{model:?} on {board:?}");
    }

    // The spared generation: the same list less each move into a free cell of a top card
    // built on the card beneath it or with a place on another cascade's top card; the
    // cascades of the moves left out reported.
    let rule = board.rules().build;
    let spares_cell = |a: usize| {
        let pile = &layout.cascades[a];
        let Some(&top) = pile.last() else { return false };
        let built = pile.len() > 1 && builds(rule, top, pile[pile.len() - 2]);
        built || layout.cascades.iter().any(|other| other.last().is_some_and(|&onto| builds(rule, top, onto)))
    };
    for model in [MoveModel::Atomic, MoveModel::Sequence] {
        let mut spared = GeneratedMoves::default();
        let left_out = board.generate_spared_moves_into(model, &mut spared);
        let (mut kept, mut expected_out) = (Vec::new(), 0u32);
        for mv in generated(board, model) {
            match (mv.from().kind(), mv.to().kind()) {
                (PileKind::Cascade(a), PileKind::Cell(_)) if spares_cell(a) => expected_out |= 1 << a,
                _ => kept.push(mv),
            }
        }
        assert_eq!(&spared[..], &kept[..], "{model:?} on {board:?}");
        assert_eq!(left_out, expected_out, "{model:?} on {board:?}");
    }

    // undo ∘ apply = identity, hash kept, for every generated move.
    for mv in generated(board, MoveModel::Sequence) {
        let mut after = board.clone();
        after.apply(mv).expect("generated moves are legal");
        assert_eq!(after.hash64(), after.key().hash64(), "{mv:?} on {board:?}");
        assert_ne!(after.key(), board.key(), "{mv:?} changes nothing");
        check_summaries(&after);
        after.undo(mv);
        assert_eq!(&after, board, "undo {mv:?}");
        assert_eq!(after.hash64(), board.hash64());
    }

    // Every accepted multi-card move decomposes into single-card moves legal in turn.
    for &mv in accepted.iter().filter(|mv| mv.count() > 1) {
        check_decomposition(board, mv);
    }

    // Key invariance under permutations of cascades and cells; board identity is not.
    let mut permuted = layout.clone();
    rng.shuffle(&mut permuted.cascades);
    rng.shuffle(&mut permuted.cells);
    let other = Board::try_from(permuted.clone()).expect("a permutation is legal");
    assert_eq!(other.key(), board.key());
    assert_eq!(other.hash64(), board.hash64());
    assert_eq!(other == *board, permuted == layout, "board equality must see the order");

    // Display then parse gives the same board.
    let text = board.to_string();
    assert_eq!(Board::parse_with_rules(&text, *board.rules()).as_ref(), Ok(board), "{text}");

    check_automoves(board);
    check_move_between(board, &layout);
}

/// `move_between` against the oracle: for every two piles it gives the longest legal move
/// between them (any foundation standing for the moving card's own), and an error exactly
/// when there is none.
fn check_move_between(board: &Board, layout: &Layout) {
    for from in piles(*board.rules()) {
        for to in piles(*board.rules()) {
            let longest = (1..=13u8)
                .rev()
                .flat_map(|count| {
                    let homes = if to.is_foundation() { Suit::ALL.map(Pile::foundation).to_vec() } else { vec![to] };
                    homes.into_iter().map(move |to| Move::new(from, to, count))
                })
                .find(|&mv| legal(layout, mv));
            assert_eq!(board.move_between(from, to).ok(), longest, "{from} to {to} on {board:?}");
        }
    }
}

/// The per-cascade summaries every move keeps (deepest card, built base, cards above a
/// card) equal what walking the cascades from scratch gives.
fn check_summaries(board: &Board) {
    let rule = board.rules().build;
    let mut placed = 0;
    for i in 0..board.cascade_count() {
        let cards = board.cascade_cards(i);
        assert_eq!(board.cascade_bottom(i), cards.first().copied(), "cascade {i} of {board:?}");
        let mut built = usize::from(!cards.is_empty());
        while built < cards.len() && rule.stacks(cards[built], cards[built - 1]) {
            built += 1;
        }
        assert_eq!(board.built_base_len(i), built, "cascade {i} of {board:?}");
        // Moving the top `count` cards breaks a run when the deepest of them builds on the
        // card beneath (the rules' reading, not the board's).
        for count in 0..=cards.len() + 1 {
            let len = cards.len();
            let splits = (1..len).contains(&count) && builds(rule, cards[len - count], cards[len - count - 1]);
            assert_eq!(board.splits_run(i, count), splits, "{count} cards of cascade {i} of {board:?}");
        }
        placed += built;
        for (depth, &card) in cards.iter().enumerate() {
            assert_eq!(board.cards_above(card), Some(cards.len() - 1 - depth), "{card} in {board:?}");
        }
    }
    assert_eq!(board.built_base_cards(), placed);
    let layout = board.to_layout();
    let empty_cells = layout.cells.iter().take(board.cell_count()).filter(|c| c.is_none()).count();
    let empty_cascades = (0..board.cascade_count()).filter(|&i| board.cascade_len(i) == 0).count();
    assert_eq!(board.empty_cells(), empty_cells, "{board:?}");
    assert_eq!(board.empty_cascades(), empty_cascades, "{board:?}");
    for card in board.cells().flatten() {
        assert_eq!(board.cards_above(card), None);
    }
    for card in Card::deck().filter(|&c| board.is_home(c)) {
        assert_eq!(board.cards_above(card), None);
    }
    assert_eq!(board.cascade_bottom(board.cascade_count()), None);
}

fn check_decomposition(board: &Board, mv: Move) {
    let mut whole = board.clone();
    whole.apply_unchecked(mv);
    let to_empty = matches!(mv.to().kind(), freecell_core::PileKind::Cascade(b) if board.cascade_len(b) == 0);
    let standard = crate::common::capacity(
        Rules { capacity: SequenceCapacity::Standard, ..*board.rules() },
        board.empty_cells(),
        board.empty_cascades() - usize::from(to_empty),
    );
    match board.decompose(mv) {
        Ok(steps) => {
            assert!(usize::from(mv.count()) <= standard, "{mv:?} decomposed above the standard capacity");
            let mut stepwise = board.clone();
            for &step in &steps {
                assert_eq!(step.count(), 1, "{mv:?} -> {steps:?}");
                stepwise.apply(step).unwrap_or_else(|e| panic!("{mv:?} -> {steps:?}: step {step:?}: {e}"));
            }
            assert_eq!(stepwise.key(), whole.key(), "{mv:?} -> {steps:?} on {board:?}");
        }
        Err(error) if board.rules().build == BuildRule::SimpleSimon => {
            assert_eq!(error, MoveError::NotDecomposable { count: mv.count() });
        }
        Err(error) => {
            assert_eq!(board.rules().capacity, SequenceCapacity::Unlimited, "{mv:?}: {error}");
            assert!(usize::from(mv.count()) > standard, "{mv:?} within capacity {standard} not decomposed");
            assert_eq!(error, MoveError::NotDecomposable { count: mv.count() });
        }
    }
}

/// Automoves move only safe cards (by the oracle), legally, and stop only when no safe
/// card is left.
fn check_automoves(board: &Board) {
    for rule in [Automove::None, Automove::Horne, Automove::Raymond] {
        let mut auto = board.clone();
        let mut made = Vec::new();
        let n = auto.apply_automoves(rule, &mut made);
        assert_eq!(n, made.len());
        let mut silent = board.clone();
        assert_eq!(silent.play_automoves(rule), n);
        assert_eq!(silent, auto, "play_automoves and apply_automoves disagree");
        let mut replay = board.clone();
        for &mv in &made {
            assert!(mv.is_to_foundation(), "{rule:?} made {mv:?}");
            let layout = replay.to_layout();
            let card = match mv.from().kind() {
                freecell_core::PileKind::Cascade(i) => replay.cascade_top(i),
                freecell_core::PileKind::Cell(i) => replay.cell(i),
                freecell_core::PileKind::Foundation(_) => None,
            }
            .expect("automoves come from occupied piles");
            assert!(safe_home(&layout, card, rule), "{rule:?} moved unsafe {card} on {replay:?}");
            replay.apply(mv).unwrap_or_else(|e| panic!("{rule:?} made illegal {mv:?}: {e}"));
        }
        assert_eq!(replay, auto);
        let layout = auto.to_layout();
        let exposed = layout.cells.iter().flatten().chain(layout.cascades.iter().filter_map(|c| c.last()));
        for &card in exposed {
            let next = layout.foundations[card.suit().index()] + 1 == card.rank().get();
            assert!(!(next && safe_home(&layout, card, rule)), "{rule:?} left safe {card} on {auto:?}");
        }
    }
}

/// Plays `choices` from a deal, checking every position; returns the positions and moves.
fn playout(start: Board, seed: u64, choices: &[u8]) -> (Vec<Board>, Vec<Move>) {
    let mut rng = Rng::new(seed ^ 0xA5A5);
    let mut board = start;
    let mut boards = vec![board.clone()];
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for &choice in choices {
        check_position(&board, &mut rng);
        moves.clear();
        board.generate_moves(MoveModel::Sequence, &mut moves);
        if moves.is_empty() {
            break;
        }
        // Moves to foundations come first; favouring them a quarter of the time reaches end
        // games, with their empty cascades and long supermoves.
        let mv = if choice >= 192 { moves[0] } else { moves[usize::from(choice) % moves.len()] };
        board.apply(mv).expect("generated moves are legal");
        played.push(mv);
        boards.push(board.clone());
    }
    check_position(&board, &mut rng);
    (boards, played)
}

/// Keys are equal exactly when the naive canonical forms are.
fn check_keys_match_naive(boards: &[Board]) {
    let mut by_key: HashMap<Key, Naive> = HashMap::new();
    let mut by_naive: HashMap<Naive, Key> = HashMap::new();
    for board in boards {
        let (key, form) = (board.key(), naive(&board.to_layout()));
        assert_eq!(by_key.entry(key).or_insert_with(|| form.clone()), &form, "one key, two positions");
        assert_eq!(by_naive.entry(form).or_insert(key), &key, "one position, two keys");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_playouts_keep_every_invariant(
        (rules, in_cells) in rules_strategy(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..100),
    ) {
        let (boards, played) = playout(deal(rules, in_cells, seed), seed, &choices);
        check_keys_match_naive(&boards);
        check_notation_round_trip(&boards, &played);
    }

    #[test]
    fn random_positions_keep_every_invariant(
        (rules, _) in rules_strategy(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..30),
    ) {
        let (boards, played) = playout(random_position(rules, seed), seed, &choices);
        check_keys_match_naive(&boards);
        check_notation_round_trip(&boards, &played);
    }
}

/// The moves written in standard notation replay to the same moves; written in detailed
/// notation, to the same position.
fn check_notation_round_trip(boards: &[Board], played: &[Move]) {
    {
        let (start, end) = (&boards[0], &boards[boards.len() - 1]);
        let standard = start.write_solution(played, Notation::Standard).expect("played moves are legal");
        let verified = verify(start, &standard).unwrap_or_else(|e| panic!("{e}\n{standard}"));
        assert_eq!(verified.moves, played);
        assert_eq!(&verified.board, end);
        let detailed = start.write_solution(played, Notation::Detailed);
        if let Ok(detailed) = detailed {
            let verified = verify(start, &detailed).unwrap_or_else(|e| panic!("{e}\n{detailed}"));
            assert_eq!(verified.board.key(), end.key());
            assert!(verified.moves.iter().all(|m| m.count() == 1));
        } else {
            let rules = start.rules();
            assert!(
                rules.capacity == SequenceCapacity::Unlimited || rules.build == BuildRule::SimpleSimon,
                "{rules:?}"
            );
        }
    }
}

/// A legal position that need not be reachable: random foundation heights, some cells
/// filled, some cascades left empty, and cascades dealt so that two cards in three build
/// on the card below when some card can (long runs, empty cascades: the end-game shapes
/// random play rarely reaches).
fn random_position(rules: Rules, seed: u64) -> Board {
    let mut rng = Rng::new(seed);
    let mut layout = Layout::empty(rules);
    for suit in Suit::ALL {
        layout.foundations[suit.index()] = if rng.below(3) == 0 { 0 } else { rng.below(14) as u8 };
    }
    let home: BTreeSet<Card> = all_cards(&layout).into_iter().collect();
    let mut pool: Vec<Card> = Card::deck().filter(|c| !home.contains(c)).collect();
    rng.shuffle(&mut pool);
    for cell in &mut layout.cells {
        if rng.below(3) == 0 {
            *cell = pool.pop();
        }
    }
    let open: Vec<usize> = (0..layout.cascades.len()).filter(|_| rng.below(3) != 0).collect();
    let open = if open.is_empty() { vec![0] } else { open };
    let mut next = 0;
    while let Some(fallback) = pool.pop() {
        let cascade = &mut layout.cascades[open[next % open.len()]];
        next += usize::from(rng.below(4) == 0);
        let fits =
            cascade.last().and_then(|&top| pool.iter().position(|&c| crate::common::builds(rules.build, c, top)));
        match fits {
            Some(i) if rng.below(3) != 0 => {
                let card = std::mem::replace(&mut pool[i], fallback);
                cascade.push(card);
            }
            _ => cascade.push(fallback),
        }
    }
    Board::try_from(layout).expect("every card placed once")
}

/// Positions from many deals and playouts: keys agree with the naive forms, and distinct
/// keys have distinct 64-bit hashes in this sample (a collision here would be a 1-in-2^40
/// event, so it would point at a bad table).
#[test]
fn keys_and_hashes_across_deals() {
    let mut boards = Vec::new();
    for seed in 0..80u64 {
        let mut rng = Rng::new(seed);
        let mut board = deal(Rules::freecell(), 0, seed);
        let mut moves = Vec::new();
        for _ in 0..40 {
            boards.push(board.clone());
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            if moves.is_empty() {
                break;
            }
            board.apply(moves[rng.below(moves.len())]).expect("generated moves are legal");
        }
    }
    check_keys_match_naive(&boards);
    let mut hashes: HashMap<u64, Key> = HashMap::new();
    for board in &boards {
        let key = board.key();
        assert_eq!(*hashes.entry(board.hash64()).or_insert(key), key, "64-bit hash collision");
    }
    assert!(hashes.len() > 1000, "sample too small: {}", hashes.len());
}

/// Permuting cascades and cells of every preset's deal keeps the key and hash.
#[test]
fn key_ignores_cascade_and_cell_order() {
    for (i, game) in Game::ALL.into_iter().enumerate() {
        let board = Board::try_from(Layout::deal_game(game, &crate::common::shuffled_deck(i as u64))).unwrap();
        let mut layout = board.to_layout();
        layout.cascades.reverse();
        layout.cells.reverse();
        let reversed = Board::try_from(layout).unwrap();
        assert_ne!(reversed, board);
        assert_eq!(reversed.key(), board.key());
        assert_eq!(reversed.hash64(), board.hash64());
        assert_eq!(Key::from_bytes(*board.key().as_bytes()), board.key());
    }
}

/// The hash kept up to date by `apply` and `undo` equals the hash computed from scratch
/// (rebuilding the board from its layout, and hashing its key), along long playouts and all
/// the way back.
#[test]
fn incremental_hash_equals_hash_from_scratch() {
    for (i, game) in Game::ALL.into_iter().cycle().take(12).enumerate() {
        let mut rng = Rng::new(i as u64);
        let start = Board::try_from(Layout::deal_game(game, &crate::common::shuffled_deck(100 + i as u64))).unwrap();
        let mut board = start.clone();
        let mut played = Vec::new();
        let mut moves = Vec::new();
        let from_scratch = |board: &Board| Board::try_from(board.to_layout()).unwrap().hash64();
        for _ in 0..150 {
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            board.apply_unchecked(mv);
            played.push(mv);
            assert_eq!(board.hash64(), from_scratch(&board), "{game} after {played:?}");
            assert_eq!(board.hash64(), board.key().hash64());
        }
        while let Some(mv) = played.pop() {
            board.undo(mv);
            assert_eq!(board.hash64(), from_scratch(&board));
        }
        assert_eq!(board, start);
    }
}

/// Deal `n` of every game as PySolFC lays it out (`crates/deals/tests/data/games`, made by
/// pysol-cards, never by this workspace), read back under the game's rules: every check of
/// [`check_position`] holds there (moves against the independent oracle, keys, undo, text),
/// and so it does along random playouts from it.
#[test]
fn golden_layouts_of_every_game_follow_the_oracle() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../deals/tests/data/games");
    let mut rng = Rng::new(5);
    for game in Game::ALL {
        for deal in [1, 617, 11982] {
            let path = folder.join(format!("{}/{deal}.txt", game.name()));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let board = Board::parse_with_rules(&text, game.rules()).unwrap_or_else(|e| panic!("{game} {deal}: {e}"));
            check_position(&board, &mut rng);
            let choices: Vec<u8> = (0..40).map(|_| rng.below(256) as u8).collect();
            let (boards, played) = playout(board, deal, &choices);
            check_keys_match_naive(&boards);
            check_notation_round_trip(&boards, &played);
        }
    }
}

/// Simple Simon's whole suit goes home in one move of 13 cards, which the crate generates,
/// writes as `Nh`, reads back, previews and undoes; a single card never goes home, and a
/// run moves as a unit only while its runs of one suit fit `2^e`.
#[test]
fn simple_simon_sends_whole_suits_home_and_counts_suit_runs() {
    let rules = Game::SimpleSimon.rules();
    let suit = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS";
    // Cascade 3: 9H 8C 7C 6D, three runs of one suit; cascade 5 is empty.
    let board =
        crate::common::position(rules, "", &[], &[suit, "*", "9H 8C 7C 6D", "TD", "", "9D", "*", "*", "*", "*"]);
    let mut moves = Vec::new();
    board.generate_moves(MoveModel::Sequence, &mut moves);
    let home = Move::new(Pile::cascade(0), Pile::foundation(Suit::Spades), 13);
    assert_eq!(moves.first(), Some(&home));
    assert_eq!(board.parse_move("1h"), Ok(home));
    assert_eq!(board.write_move(home), "1h");
    let mut after = board.clone();
    after.apply(home).unwrap();
    assert_eq!(after.foundation(Suit::Spades), 13);
    assert_eq!(after.cascade_len(0), 0);
    assert_eq!(board.preview(home).hash, after.hash64());
    assert_eq!(after.hash64(), after.key().hash64());
    after.undo(home);
    assert_eq!(after, board);
    // The ace alone may not go home.
    let ace = Move::new(Pile::cascade(0), Pile::foundation(Suit::Spades), 1);
    assert_eq!(board.check(ace), Err(MoveError::NotAWholeSuit { pile: Pile::cascade(0) }));
    // One empty cascade (not the target): 2 runs of a suit may move onto a card, not 3.
    assert_eq!(board.sequence_capacity(false), 2);
    let run = |to: usize, count| Move::new(Pile::cascade(2), Pile::cascade(to), count);
    assert_eq!(board.check(run(3, 4)), Err(MoveError::OverCapacity { count: 4, capacity: 2 }));
    assert_eq!(board.check(run(5, 3)), Ok(()));
    assert!(moves.contains(&run(5, 3)) && !moves.contains(&run(3, 4)));
    for mv in [run(3, 4), run(5, 3)] {
        assert_eq!(board.check(mv).is_ok(), legal(&board.to_layout(), mv), "{mv:?}");
    }
}
