//! The `serde` feature: boards, layouts, rules, moves and cards round-trip through JSON,
//! and what is read is validated (a board from JSON is always a legal position).

use freecell_core::{Card, Game, Layout, LayoutError, Move, MoveModel, Pile, Rules, Suit};

use crate::common::Board;

use crate::common::card;

/// A shuffled deal of every game (a fixed permutation of the deck), and a position a few
/// moves into each, so cells and foundations hold cards.
fn boards() -> Vec<Board> {
    let mut deck: Vec<Card> = Card::deck().collect();
    for i in 0..deck.len() {
        deck.swap(i, (i * 37 + 11) % 52);
    }
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for game in Game::ALL {
        let mut board = Board::try_from(Layout::deal_game(game, &deck)).unwrap();
        out.push(board.clone());
        for step in 0..12 {
            moves.clear();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            let Some(&mv) = moves.get(step % moves.len().max(1)) else { break };
            board.apply(mv).unwrap();
        }
        out.push(board);
    }
    out
}

#[test]
fn boards_round_trip() {
    for board in boards() {
        let json = serde_json::to_string(&board).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board, "{json}");
        let layout: Layout = serde_json::from_str(&json).unwrap();
        assert_eq!(layout, board.to_layout());
        let rules: Rules = serde_json::from_value(serde_json::to_value(board.rules()).unwrap()).unwrap();
        assert_eq!(&rules, board.rules());
    }
}

#[test]
fn every_generated_move_round_trips() {
    let mut moves = Vec::new();
    for board in boards() {
        for model in [MoveModel::Atomic, MoveModel::Sequence] {
            moves.clear();
            board.generate_moves(model, &mut moves);
            for &mv in &moves {
                let json = serde_json::to_string(&mv).unwrap();
                assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
            }
        }
    }
}

#[test]
fn the_written_forms_are_readable() {
    assert_eq!(serde_json::to_string(&card("TH")).unwrap(), r#""TH""#);
    assert_eq!(serde_json::from_str::<Card>(r#""th""#).unwrap(), card("TH"));
    assert_eq!(serde_json::to_string(&Suit::Spades).unwrap(), r#""S""#);
    let mv = Move::new(Pile::cascade(2), Pile::foundation(Suit::Hearts), 1);
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#"{"from":{"Cascade":2},"to":{"Foundation":"H"},"count":1}"#);
    assert_eq!(
        serde_json::to_string(&Rules::bakers_game()).unwrap(),
        r#"{"free_cells":4,"cascades":8,"build":"SameSuit","empty_cascade":"AnyCard","capacity":"Standard"}"#
    );
}

#[test]
fn bad_json_is_refused_with_the_reason() {
    let error = |json: &str| serde_json::from_str::<Move>(json).unwrap_err().to_string();
    assert!(error(r#"{"from":{"Cascade":20},"to":{"Cell":0},"count":1}"#).starts_with("cascade 20 is out of range"));
    assert!(error(r#"{"from":{"Cascade":0},"to":{"Cell":10},"count":1}"#).starts_with("free cell 10 is out of range"));
    // Fan's eighteenth cascade and a tenth cell are piles (of a `WideBoard`).
    let wide = serde_json::from_str::<Move>(r#"{"from":{"Cascade":17},"to":{"Cell":9},"count":1}"#).unwrap();
    assert_eq!(wide, Move::single(Pile::cascade(17), Pile::cell(9)));
    assert!(error(r#"{"from":{"Cascade":0},"to":{"Cell":1},"count":0}"#).starts_with("a move carries at least one"));
    assert!(error(r#"{"from":{"Cascade":0},"to":{"Foundation":"X"},"count":1}"#).starts_with("`X` is not a suit"));
    let card_error = serde_json::from_str::<Card>(r#""1X""#).unwrap_err().to_string();
    assert!(card_error.starts_with("`1X` is not a card"), "{card_error}");

    // A board is validated: the same card twice is refused with the layout's message.
    let mut layout = boards()[0].to_layout();
    layout.cascades[0][0] = layout.cascades[1][0];
    let json = serde_json::to_string(&layout).unwrap();
    let message = serde_json::from_str::<Board>(&json).unwrap_err().to_string();
    let expected = Board::try_from(layout).unwrap_err();
    assert!(matches!(expected, LayoutError::Duplicate { .. }));
    assert!(message.starts_with(&expected.to_string()), "{message}");
}

#[test]
fn variants_round_trip_and_are_validated_when_read() {
    use freecell_core::Variant;
    for game in Game::ALL {
        let variant = game.variant();
        let json = serde_json::to_string(&variant).unwrap();
        assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), variant, "{json}");
    }
    // The rule-file form: kebab-case keys, the deal's defaults left out.
    let json = serde_json::to_string(&Game::EightOff.variant()).unwrap();
    assert_eq!(
        json,
        r#"{"free-cells":8,"cascades":8,"build":"same-suit","empty-cascade":"kings-only","runs":"standard","deal":{"cells":4}}"#
    );
    // Eight Off's four dealt cells on two cells: read, then refused, naming the field.
    let bad = json.replace(r#""free-cells":8"#, r#""free-cells":2"#);
    let error = serde_json::from_str::<Variant>(&bad).unwrap_err().to_string();
    assert!(error.starts_with("deal.cells: 4 cards are dealt to the free cells, but the game has 2"), "{error}");
}
