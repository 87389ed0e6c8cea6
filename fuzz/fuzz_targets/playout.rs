//! Random playouts: the first 12 bytes choose the rules and the shuffle, each further byte
//! a legal move (index mod the number of moves). At every position: 52 distinct cards,
//! `undo ∘ apply` is the identity for every generated move, the incremental hash equals the
//! key's, `preview` agrees with the move played, every generated move passes `check`, and
//! multi-card moves decompose legally.
#![no_main]

use freecell_core::{Board, BuildRule, Card, EmptyCascadeRule, Game, Layout, MoveModel, Rules, SequenceCapacity};
use libfuzzer_sys::fuzz_target;

fn rules(head: &[u8]) -> (Rules, usize) {
    if head[0] % 2 == 0 {
        let game = Game::ALL[usize::from(head[0] / 2) % Game::ALL.len()];
        return (game.rules(), game.cards_in_cells());
    }
    let bits = head[3];
    let rules = Rules {
        free_cells: head[1] % 9,
        cascades: head[2] % 10 + 1,
        build: [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit][usize::from(bits % 3)],
        empty_cascade: [EmptyCascadeRule::AnyCard, EmptyCascadeRule::KingsOnly][usize::from(bits / 3 % 2)],
        capacity: [
            SequenceCapacity::Standard,
            SequenceCapacity::Linear,
            SequenceCapacity::DeepSupermove,
            SequenceCapacity::Unlimited,
            SequenceCapacity::SingleCard,
        ][usize::from(bits / 6 % 5)],
    };
    (rules, usize::from(head[0] / 2) % (usize::from(rules.free_cells) + 1))
}

/// Fisher–Yates driven by `SplitMix64`.
fn shuffled(seed: u64) -> Vec<Card> {
    let mut rng = freecell_core::SplitMix64::new(seed);
    let mut deck: Vec<Card> = Card::deck().collect();
    for i in (1..deck.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        deck.swap(i, j);
    }
    deck
}

fn check(board: &Board, moves: &mut Vec<freecell_core::Move>) {
    let layout = board.to_layout();
    let mut seen = [false; 52];
    let mut count = 0;
    for suit in freecell_core::Suit::ALL {
        for rank in 1..=layout.foundations[suit.index()] {
            let card = Card::from_index((rank - 1) * 4 + suit as u8).expect("rank 1..=13");
            assert!(!std::mem::replace(&mut seen[card.index()], true), "{card} twice");
            count += 1;
        }
    }
    for &card in layout.cells.iter().flatten().chain(layout.cascades.iter().flatten()) {
        assert!(!std::mem::replace(&mut seen[card.index()], true), "{card} twice");
        count += 1;
    }
    assert_eq!(count, 52);
    assert_eq!(board.hash64(), board.key().hash64());
    assert_eq!(&Board::try_from(layout).expect("to_layout is legal"), board);

    for model in [MoveModel::Atomic, MoveModel::Sequence] {
        moves.clear();
        board.generate_moves(model, moves);
        for &mv in moves.iter() {
            assert_eq!(board.check(mv), Ok(()), "{model:?} generated {mv:?} on {board:?}");
            let preview = board.preview(mv);
            let mut after = board.clone();
            after.apply_unchecked(mv);
            assert_eq!(after.hash64(), after.key().hash64());
            assert_eq!(preview.hash, after.hash64(), "preview of {mv:?}");
            assert_eq!(preview.built_base_cards, after.built_base_cards(), "preview of {mv:?}");
            let uncovered = match mv.from().kind() {
                freecell_core::PileKind::Cascade(a) => after.cascade_top(a),
                _ => None,
            };
            assert_eq!(preview.uncovered, uncovered, "preview of {mv:?}");
            after.undo(mv);
            assert_eq!(&after, board, "undo {mv:?}");
            if mv.count() > 1 {
                match board.decompose(mv) {
                    Ok(steps) => {
                        let mut stepwise = board.clone();
                        for step in steps {
                            stepwise.apply(step).unwrap_or_else(|e| panic!("{mv:?}: step {step:?}: {e}"));
                        }
                        let mut whole = board.clone();
                        whole.apply_unchecked(mv);
                        assert_eq!(stepwise.key(), whole.key());
                    }
                    Err(_) => assert_eq!(board.rules().capacity, SequenceCapacity::Unlimited),
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 12 {
        return;
    }
    let (head, choices) = data.split_at(12);
    let (rules, in_cells) = rules(head);
    let seed = u64::from_le_bytes(head[4..12].try_into().expect("8 bytes"));
    let mut board = Board::try_from(Layout::deal(rules, &shuffled(seed), in_cells)).expect("a shuffled deck is legal");
    let mut moves = Vec::new();
    for &choice in choices {
        check(&board, &mut moves);
        moves.clear();
        board.generate_moves(MoveModel::Sequence, &mut moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        board.apply(mv).expect("generated moves are legal");
    }
    check(&board, &mut moves);
});
