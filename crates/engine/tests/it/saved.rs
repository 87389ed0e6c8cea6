//! Saved games: written in standard notation, read back only when every move replays.

use freecell_engine::{Automove, GameState, LoadError, LoadErrorKind, SavedGame, SavedTurn};

/// Deal 1 after `6a 6b` under Horne's rule (AC, 2C and AS then go home), then `1c`, undone.
fn game() -> GameState {
    let mut game = GameState::deal(1).unwrap().with_automove(Automove::Horne);
    for token in ["6a", "6b", "1c"] {
        game.play_notation(token).unwrap();
    }
    game.undo();
    game
}

fn turn(play: Option<&str>, auto: &str) -> SavedTurn {
    SavedTurn { play: play.map(str::to_owned), auto: auto.to_owned() }
}

#[test]
fn a_game_is_saved_as_its_turns_in_standard_notation() {
    let saved = SavedGame::from(&game());
    assert_eq!(saved.start, *game().start());
    assert_eq!(saved.automove, Automove::Horne);
    assert_eq!(saved.turns, [turn(Some("6a"), ""), turn(Some("6b"), "6h bh 6h")]);
    assert_eq!(saved.redo, [turn(Some("1c"), "")]);
    assert_eq!(GameState::try_from(saved).unwrap(), game());
}

/// Reads `game()`'s saved form with `edit` applied, expecting an error.
fn load_error(edit: impl FnOnce(&mut SavedGame)) -> LoadError {
    let mut saved = SavedGame::from(&game());
    edit(&mut saved);
    GameState::try_from(saved).unwrap_err()
}

#[test]
fn bad_saved_games_name_the_move_and_its_index() {
    // An illegal move: 6b again, with the cell full.
    let error = load_error(|s| s.turns[1] = turn(Some("6a"), ""));
    assert_eq!((error.index, error.turn), (1, 1));
    assert_eq!(error.to_string(), "saved game, move 2 (turn 2): `6a` is illegal here: free cell a already holds 3D");
    // Not a move at all; the index counts the automoves before it.
    let error = load_error(|s| s.redo[0] = turn(Some("1z"), ""));
    assert_eq!((error.index, error.turn), (5, 2));
    assert!(error.to_string().starts_with("saved game, move 6 (turn 3): `1z` is not a move"), "{error}");
    // An automove that is illegal, one that does not go home, two moves in one `play`, a
    // turn with no move.
    let error = load_error(|s| s.turns[1].auto = "6h bh 6h 6h".into());
    assert_eq!(error.index, 5);
    assert!(matches!(error.kind, LoadErrorKind::Move(_)), "{error}");
    let error = load_error(|s| s.turns[1].auto = "6h 1c".into());
    assert_eq!((error.index, &error.kind), (3, &LoadErrorKind::NotHome("1c".into())));
    assert_eq!(
        error.to_string(),
        "saved game, move 4 (turn 2): `1c` is not an automove: automoves only send cards home"
    );
    let error = load_error(|s| s.turns[0] = turn(Some("6a 6b"), ""));
    assert_eq!(
        error.to_string(),
        "saved game, move 1 (turn 1): `6a 6b` is not one move: a turn's `play` holds exactly one move, \
         and its automoves go in `auto`"
    );
    assert_eq!((error.index, error.kind), (0, LoadErrorKind::NotOneMove("6a 6b".into())));
    let error = load_error(|s| s.turns.insert(1, turn(None, "")));
    assert_eq!(
        error.to_string(),
        "saved game, move 2 (turn 2): the turn has no move: give it a `play`, an `auto`, or both"
    );
    assert_eq!((error.index, error.turn, error.kind), (1, 1, LoadErrorKind::EmptyTurn));
    let error = load_error(|s| s.turns[0] = turn(Some(""), ""));
    assert_eq!(error.kind, LoadErrorKind::NotOneMove(String::new()));
}

#[test]
fn a_turn_of_autoplay_has_no_move() {
    let mut game = GameState::deal(1).unwrap();
    game.play_notation("6a").unwrap();
    game.play_notation("6b").unwrap();
    game.autoplay().unwrap();
    let saved = SavedGame::from(&game);
    assert_eq!(saved.turns[2], turn(None, "6h bh 6h"));
    assert_eq!(GameState::try_from(saved).unwrap(), game);
}

#[cfg(feature = "serde")]
mod serde {
    use freecell_engine::GameState;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::game;
    use crate::props::{action, play, rule};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Random games, half undone, read back from JSON the same, redo list included.
        #[test]
        fn json_round_trips(deal in 1..=32_000u64, rule in rule(), actions in prop::collection::vec(action(), 0..60), back in 0..20usize) {
            let mut game = play(deal, rule, &actions);
            for _ in 0..back {
                game.undo();
            }
            let json = serde_json::to_string(&game).unwrap();
            prop_assert_eq!(serde_json::from_str::<GameState>(&json).unwrap(), game);
        }
    }

    #[test]
    fn json_holds_the_moves_as_notation() {
        let json = serde_json::to_value(game()).unwrap();
        assert_eq!(json["automove"], "horne");
        assert_eq!(json["turns"], json!([{"play": "6a"}, {"play": "6b", "auto": "6h bh 6h"}]));
        assert_eq!(json["redo"], json!([{"play": "1c"}]));
        assert_eq!(serde_json::from_value::<GameState>(json).unwrap(), game());
        // Without auto-play and with nothing to redo, both keys may be left out.
        let fresh = GameState::deal(1).unwrap();
        let json = serde_json::to_value(&fresh).unwrap();
        assert_eq!(json["automove"], "none");
        assert_eq!(json.get("redo"), None);
        let start = json["start"].clone();
        assert_eq!(serde_json::from_value::<GameState>(json!({"start": start, "turns": []})).unwrap(), fresh);
    }

    /// `game()`'s JSON with `edit` applied, read back: the error message.
    fn error(edit: impl FnOnce(&mut Value)) -> String {
        let mut json = serde_json::to_value(game()).unwrap();
        edit(&mut json);
        serde_json::from_value::<GameState>(json).unwrap_err().to_string()
    }

    #[test]
    fn bad_json_fails_with_a_clear_error() {
        assert_eq!(
            error(|j| j["turns"][1]["play"] = json!("6a")),
            "saved game, move 2 (turn 2): `6a` is illegal here: free cell a already holds 3D"
        );
        assert_eq!(
            error(|j| j["automove"] = json!("always")),
            "unknown auto-play rule `always`: expected \"none\", \"horne\" or \"raymond\""
        );
        assert!(error(|j| j["moves"] = json!("6a")).starts_with("unknown field `moves`"));
        assert!(error(|j| j["turns"][0]["from"] = json!(5)).starts_with("unknown field `from`"));
        assert!(error(|j| j["turns"][0] = json!({"play": {"from": 5, "to": 0}})).contains("expected a string"));
        // The start position is checked by the core crate: 51 cards is not a board.
        let message = error(|j| {
            let cascade = j["start"]["cascades"][0].as_array_mut().unwrap();
            cascade.pop();
        });
        assert!(message.contains("missing"), "{message}");
    }
}

/// A game of Fan (18 cascades, a `WideBoard`) saves, loads and replays like FreeCell.
#[test]
fn a_wide_game_saves_loads_and_replays() {
    use freecell_engine::{DealNumber, Game};
    let start = DealNumber::new(3).expect("in range").wide_board_for(Game::Fan);
    let mut game = GameState::new(start.clone()).with_automove(Automove::Raymond);
    for _ in 0..4 {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    game.undo();
    let saved = SavedGame::from(&game);
    assert_eq!(saved.start, start);
    assert_eq!(saved.turns.len(), 3);
    assert_eq!(GameState::try_from(saved).unwrap(), game);
    let moves: Vec<_> = game.moves().collect();
    let mut again = GameState::new(start);
    let replay = again.replay(&moves).unwrap();
    assert_eq!(replay.on(&mut again).unwrap().count(), moves.len());
    assert_eq!(again.board(), game.board());
}
