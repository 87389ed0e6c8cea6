//! Playing, auto-play, undo and redo on known positions.

use freecell_engine::{
    Automove, Board, GameState, Move, MoveError, Notation, Pile, PileKind, PlayError, Preset, Solver, Suit, verify,
};

/// Deal 1, cascade 6 deepest first: 7H QC AS AC 2C 3D (the CLI's `freecell deal 1`).
fn deal_1() -> GameState {
    GameState::deal(1).expect("deal 1 exists")
}

#[test]
fn a_move_with_its_automoves_is_one_turn() {
    let mut game = deal_1().with_automove(Automove::Horne);
    let first = game.play_notation("6a").unwrap().clone();
    assert_eq!(first.played(), Some(Move::single(Pile::cascade(5), Pile::cell(0))));
    assert!(first.automoves().is_empty());
    // 2C to cell b uncovers AC; once it is home 2C is playable, and AS lies under AC.
    let turn = game.play_notation("6b").unwrap().clone();
    let home = |from, suit| Move::single(from, Pile::foundation(suit));
    assert_eq!(
        turn.automoves(),
        [home(Pile::cascade(5), Suit::Clubs), home(Pile::cell(1), Suit::Clubs), home(Pile::cascade(5), Suit::Spades)]
    );
    assert_eq!(game.board().foundation(Suit::Clubs), 2);
    assert_eq!(game.board().foundation(Suit::Spades), 1);
    assert_eq!(game.history(), [first.clone(), turn.clone()]);

    // Undo takes all four moves back; redo plays them again.
    let after = game.board().clone();
    assert_eq!(game.undo(), Some(&turn));
    assert_eq!(game.board().cards_home(), 0);
    assert_eq!(game.board().cell(0).map(|c| c.to_string()), Some("3D".into()));
    assert_eq!(game.board().cascade_top(5).map(|c| c.to_string()), Some("2C".into()));
    assert!(game.can_redo());
    assert_eq!(game.redo(), Some(&turn));
    assert_eq!(game.board(), &after);
    assert!(!game.can_redo());
}

#[test]
fn without_auto_play_only_the_move_is_made() {
    let mut game = deal_1();
    assert_eq!(game.automove(), Automove::None);
    game.play_notation("6a").unwrap();
    let turn = game.play_notation("6b").unwrap();
    assert!(turn.automoves().is_empty());
    assert_eq!(game.board().cards_home(), 0);
    // `autoplay` sends every safe card home now, as one turn with no move of the player's.
    let turn = game.autoplay().unwrap().clone();
    assert_eq!(turn.played(), None);
    assert_eq!(turn.automoves().len(), 3);
    assert_eq!(game.board().cards_home(), 3);
    assert_eq!(game.autoplay(), None, "nothing more is safe");
    assert_eq!(game.history().len(), 3);
    game.undo();
    assert_eq!(game.board().cards_home(), 0);
}

#[test]
fn a_new_move_clears_redo() {
    let mut game = deal_1();
    game.play_notation("6a").unwrap();
    game.play_notation("6b").unwrap();
    game.undo();
    assert!(game.can_redo());
    game.play_notation("1b").unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
    assert_eq!(game.undone(), []);
}

#[test]
fn undo_and_redo_stop_at_the_ends() {
    let mut game = deal_1();
    assert!(!game.can_undo());
    assert_eq!(game.undo(), None);
    assert_eq!(game.redo(), None);
    game.play_notation("6a").unwrap();
    assert!(game.can_undo());
    game.undo();
    assert_eq!(game.board(), game.start());
    assert_eq!(game.undo(), None);
}

#[test]
fn illegal_moves_are_errors_and_change_nothing() {
    let mut game = deal_1();
    game.play_notation("6a").unwrap();
    let before = game.clone();
    let error = game.play_notation("1a").unwrap_err();
    assert_eq!(error.to_string(), "`1a` is illegal here: free cell a already holds 3D");
    assert!(matches!(error, PlayError::Notation(_)));
    assert_eq!(
        game.play_notation("9a").unwrap_err().to_string(),
        "`9a` is illegal here: cascade 9 does not exist in this game"
    );
    let error = game.play_notation("3x").unwrap_err();
    assert!(error.to_string().starts_with("`3x` is not a move: the destination is not a pile"), "{error}");
    let error = game.play(Move::single(Pile::cascade(1), Pile::cell(0))).unwrap_err();
    assert!(matches!(error, PlayError::Illegal(MoveError::CellOccupied { .. })), "{error:?}");
    assert_eq!(game, before);
}

#[test]
fn deal_numbers_out_of_range_are_errors() {
    assert!(GameState::deal(0).is_err());
    assert!(GameState::deal(8_589_934_592).is_err());
    assert_eq!(GameState::deal(8_589_934_591).unwrap().board().cards_home(), 0);
}

#[test]
fn legal_moves_are_the_positions_moves() {
    let game = deal_1();
    let moves = game.legal_moves();
    assert!(!moves.is_empty());
    for mv in moves {
        let mut copy = game.clone();
        copy.play(mv).unwrap();
    }
    let won: Board = "Foundations: H-K C-K D-K S-K\n".parse().unwrap();
    let game = GameState::new(won);
    assert!(game.is_won());
    assert!(game.legal_moves().is_empty());
}

#[test]
fn two_piles_play_the_move_a_player_means() {
    // KS QH JS on cascade 3, three empty cascades after it, four empty cells.
    let board: Board = "Foundations: H-J C-K D-K S-T\nKH\nQS\nKS QH JS\n".parse().unwrap();
    let mut game = GameState::new(board);
    // Into an empty cascade: the whole run.
    let turn = game.play_between(Pile::cascade(2), Pile::cascade(3)).unwrap();
    assert_eq!(turn.played(), Some(Move::new(Pile::cascade(2), Pile::cascade(3), 3)));
    game.undo();
    // Onto a card: the run that builds there; none of KS QH JS builds on QS, and the
    // error names the top card.
    let error = game.play_between(Pile::cascade(2), Pile::cascade(1)).unwrap_err();
    assert_eq!(
        error,
        PlayError::Illegal(MoveError::DoesNotBuild { card: "JS".parse().unwrap(), onto: "QS".parse().unwrap() })
    );
    // QS onto KH: one card.
    let turn = game.play_between(Pile::cascade(1), Pile::cascade(0)).unwrap();
    assert_eq!(turn.played(), Some(Move::single(Pile::cascade(1), Pile::cascade(0))));
    game.undo();
    // Any foundation stands for the card's own: JS goes to the spades'.
    let turn = game.play_between(Pile::cascade(2), Pile::foundation(Suit::Hearts)).unwrap();
    assert_eq!(turn.played(), Some(Move::single(Pile::cascade(2), Pile::foundation(Suit::Spades))));
    game.undo();
    // Errors change nothing.
    let before = game.clone();
    let ten = Pile::cascade(9); // the rules have eight
    for (from, to, message) in [
        (Pile::cascade(5), Pile::cell(0), "cascade 6 is empty"),
        (Pile::foundation(Suit::Clubs), Pile::cell(0), "cards cannot be taken back from the C foundation"),
        (Pile::cascade(0), Pile::cascade(0), "a move needs two different piles, but both are cascade 1"),
        (ten, Pile::cascade(3), "cascade 10 does not exist in this game"),
        (Pile::cascade(2), ten, "cascade 10 does not exist in this game"),
    ] {
        let error = game.play_between(from, to).unwrap_err();
        assert!(matches!(error, PlayError::Illegal(_)), "{error:?}");
        assert_eq!(error.to_string(), message);
    }
    assert_eq!(game, before);
}

#[test]
fn a_game_won_by_clicks_replays_through_verify() {
    let solver = Solver::new(Preset::Fast);
    let mut game = deal_1().with_automove(Automove::Horne);
    let mut clicks = 0;
    while !game.is_won() {
        assert!(game.history().len() < 300, "following hints should win deal 1");
        let hint = game.hint(&solver).unwrap().next.expect("deal 1 stays winnable along its hints");
        let meant = game.board().move_between(hint.from(), hint.to()).unwrap();
        if meant == hint {
            assert_eq!(game.play_between(hint.from(), hint.to()).unwrap().played(), Some(hint));
            clicks += 1;
        } else {
            // Only into an empty cascade may two piles mean more cards than the hint moves.
            let PileKind::Cascade(to) = hint.to().kind() else { panic!("{meant:?} for {hint:?}") };
            assert_eq!(game.board().cascade_len(to), 0, "{hint:?}");
            assert!(meant.count() > hint.count(), "{meant:?} for {hint:?}");
            game.play(hint).unwrap();
        }
    }
    assert!(clicks * 10 > game.history().len() * 9, "{clicks} clicks of {} turns", game.history().len());
    let moves: Vec<Move> = game.moves().collect();
    let text = game.start().write_solution(&moves, Notation::Standard).unwrap();
    let verified = verify(game.start(), &text).unwrap();
    assert!(verified.board.is_won());
    assert_eq!(verified.moves, moves);
}
