//! Solutions replayed into a game one move at a time, under each auto-play rule.

use std::time::Duration;

use freecell_engine::{
    Automove, Board, GameState, Move, Notation, Pile, Preset, ReplayError, Solver, Turn, Verdict, verify,
};

fn solution(game: &GameState) -> Vec<Move> {
    let solver = Solver::new(Preset::Fast).timeout(Duration::from_mins(2));
    let Verdict::Winnable(solution) = game.winnable(&solver).unwrap() else { panic!("winnable") };
    solution.moves
}

/// Every move the game made, written in standard notation from the start and replayed by the
/// core verifier, wins.
fn assert_history_wins(game: &GameState) {
    let moves: Vec<Move> = game.moves().collect();
    let text = game.start().write_solution(&moves, Notation::Standard).unwrap();
    assert!(verify(game.start(), &text).unwrap().board.is_won());
}

#[test]
fn solutions_replay_under_every_auto_play_rule() {
    for deal in [1, 2, 617, 1941, 98_714] {
        for rule in [Automove::None, Automove::Horne, Automove::Raymond] {
            let mut game = GameState::deal(deal).unwrap().with_automove(rule);
            let moves = solution(&game);
            let mut replay = game.replay(&moves).unwrap();
            let planned = replay.remaining().len();
            let mut numbers = Vec::new();
            while let Some(step) = replay.step(&mut game).unwrap() {
                numbers.push(step.number);
                // An automatic step joins the turn of the move before it.
                let last = game.history().last().unwrap();
                if step.automatic {
                    assert_eq!(last.automoves().last(), Some(&step.mv));
                    assert!(step.mv.to().is_foundation());
                } else {
                    assert_eq!((last.played(), last.automoves()), (Some(step.mv), &[][..]));
                }
            }
            assert!(replay.is_finished());
            assert_eq!(replay.step(&mut game).unwrap(), None);
            assert_eq!(numbers, (1..=planned).collect::<Vec<_>>());
            assert!(game.is_won(), "deal {deal} under {rule:?}");
            assert_history_wins(&game);
            // The line's moves are all played, each once: automoves replace some of them.
            let played: usize = game.history().iter().map(|turn| turn.moves().count()).sum();
            assert_eq!(played, moves.len(), "deal {deal} under {rule:?}");
            if rule == Automove::None {
                let turns: Vec<Move> = game.history().iter().filter_map(Turn::played).collect();
                assert_eq!(turns, moves);
            }
            // Undo takes the replay back turn by turn, automoves with their move.
            while game.undo().is_some() {}
            assert_eq!(game.board(), game.start());
        }
    }
}

#[test]
fn the_iterator_plays_the_whole_line() {
    let mut game = GameState::deal(617).unwrap().with_automove(Automove::Horne);
    let moves = solution(&game);
    let replay = game.replay(&moves).unwrap();
    let planned = replay.remaining().to_vec();
    let steps: Vec<_> = replay.on(&mut game).unwrap().collect();
    assert_eq!(steps, planned);
    assert!(game.is_won());
}

#[test]
fn a_replay_refuses_a_game_that_moved_on() {
    let mut game = GameState::deal(1).unwrap();
    let moves = solution(&game);
    let mut replay = game.replay(&moves).unwrap();
    replay.step(&mut game).unwrap().unwrap();
    game.undo();
    assert_eq!(replay.step(&mut game), Err(ReplayError::Diverged { step: 1 }));
    assert!(matches!(replay.clone().on(&mut game), Err(ReplayError::Diverged { step: 1 })));
    game.redo();
    assert_eq!(replay.step(&mut game).unwrap().unwrap().number, 2);
}

#[test]
fn a_line_that_does_not_replay_is_refused() {
    let game = GameState::deal(1).unwrap();
    let bad = [Move::single(Pile::cell(0), Pile::cascade(0))];
    let error = game.replay(&bad).unwrap_err();
    assert_eq!(error.to_string(), "the moves do not replay on this position: move 1: free cell a is empty");
    // An empty line is an empty replay.
    let mut game = game;
    let mut replay = game.replay(&[]).unwrap();
    assert!(replay.is_finished());
    assert_eq!(replay.step(&mut game), Ok(None));
}

#[test]
fn cards_sent_home_early_are_left_out_of_the_line() {
    // KS QH | QS KH: the line 1h 2h 2h 1h; under Horne's rule QS and KS go home by themselves.
    let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse().unwrap();
    let mut game = GameState::new(board).with_automove(Automove::Horne);
    let line: Vec<Move> = ["1h", "2h", "2h", "1h"]
        .iter()
        .scan(game.board().clone(), |board, token| {
            let mv = board.parse_move(token).unwrap();
            board.apply(mv).unwrap();
            Some(mv)
        })
        .collect();
    let steps: Vec<_> = game.replay(&line).unwrap().on(&mut game).unwrap().map(|s| (s.notation, s.automatic)).collect();
    assert_eq!(steps, [("1h".into(), false), ("2h".into(), false), ("2h".into(), true), ("1h".into(), true)]);
    assert_eq!(game.history().len(), 2);
    assert!(game.is_won());
}
