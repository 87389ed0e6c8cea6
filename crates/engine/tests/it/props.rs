//! Random legal play: undo all the way returns the start, redo all the way the end, and the
//! history always replays from the start to the position on the table.

use freecell_engine::{Automove, GameState, Move, SavedGame, replay};
use proptest::prelude::*;

/// What the random player does at each step.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Action {
    /// Plays the legal move with this index, modulo their number.
    Play(usize),
    /// Sends every safe card home.
    Autoplay,
}

pub(crate) fn action() -> impl Strategy<Value = Action> {
    prop_oneof![9 => any::<usize>().prop_map(Action::Play), 1 => Just(Action::Autoplay)]
}

pub(crate) fn rule() -> impl Strategy<Value = Automove> {
    prop_oneof![Just(Automove::None), Just(Automove::Horne), Just(Automove::Raymond)]
}

/// Plays `actions` on deal `deal` under `rule`; returns the game.
pub(crate) fn play(deal: u64, rule: Automove, actions: &[Action]) -> GameState {
    let mut game = GameState::deal(deal).unwrap().with_automove(rule);
    for &action in actions {
        match action {
            Action::Play(i) => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let turn = game.play(moves[i % moves.len()]).unwrap();
                assert!(turn.automoves().iter().all(|mv| mv.to().is_foundation()));
            }
            Action::Autoplay => _ = game.autoplay(),
        }
        assert_history_replays(&game);
    }
    game
}

/// The history's moves, replayed with no automoves from the start, reach the board.
fn assert_history_replays(game: &GameState) {
    let moves: Vec<Move> = game.moves().collect();
    assert_eq!(&replay(game.start(), &moves).unwrap(), game.board());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_all_then_redo_all(deal in 1..=32_000u64, rule in rule(), actions in prop::collection::vec(action(), 0..80)) {
        let mut game = play(deal, rule, &actions);
        let end = game.clone();
        let turns = game.history().len();
        let mut undone = 0;
        while game.undo().is_some() {
            undone += 1;
            assert_history_replays(&game);
        }
        prop_assert_eq!(undone, turns);
        prop_assert_eq!(game.board(), game.start());
        prop_assert!(!game.can_undo());
        prop_assert_eq!(game.undone().len(), turns);
        while game.redo().is_some() {}
        prop_assert_eq!(&game, &end);
        prop_assert!(!game.can_redo());
    }

    /// A game half undone writes down as a `SavedGame` and reads back the same, redo list
    /// included.
    #[test]
    fn saved_games_read_back(deal in 1..=32_000u64, rule in rule(), actions in prop::collection::vec(action(), 0..60), back in 0..20usize) {
        let mut game = play(deal, rule, &actions);
        for _ in 0..back {
            game.undo();
        }
        let saved = SavedGame::from(&game);
        prop_assert_eq!(saved.turns.len(), game.history().len());
        prop_assert_eq!(saved.redo.len(), game.undone().len());
        prop_assert_eq!(GameState::try_from(saved).unwrap(), game);
    }
}
