//! The game driven by events alone, as the terminal would drive it: keys, presses and
//! releases on piles, ticks of a clock the tests control. Every line of play the game
//! ends with, and every solution it shows, is replayed through the core verifier.

use std::time::Instant;

use freecell_engine::Rules;

use super::*;
use crate::testing::{click, deal, key, keys, played, settle, trap, verified};

#[test]
fn typed_moves_play_with_their_automoves() {
    let mut app = deal(1);
    // Deal 1: cascade 6 is 7H QC AS AC 2C 3D; 3D then 2C to the cells uncovers AC, which
    // goes home, then 2C from its cell, then AS.
    keys(&mut app, "6a");
    assert_eq!(app.board().cell(0).map(|card| card.to_string()), Some("3D".to_owned()));
    assert_eq!(app.status(), "played 6a");
    // Upper case is read as lower case.
    keys(&mut app, "6B");
    assert_eq!(app.status(), "played 6b; 3 cards went home");
    assert_eq!(app.board().cards_home(), 3);
    assert_eq!(app.game().history().len(), 2);
    assert_eq!(verified(app.game().start(), &played(&app)), *app.board());
}

#[test]
fn an_illegal_move_says_which_rule_it_breaks_and_changes_nothing() {
    let mut app = deal(1);
    keys(&mut app, "1h");
    assert!(app.status().contains("`1h` is illegal here"), "{}", app.status());
    assert_eq!(app.board(), app.game().start());
    // A second key on the same cascade takes a card fewer; on a single card, drops it.
    keys(&mut app, "1");
    assert_eq!(app.selection(), Some(Selection { pile: Pile::cascade(0), count: 1 }));
    assert!(app.status().starts_with("picked up 1 card from cascade 1"), "{}", app.status());
    keys(&mut app, "1");
    assert_eq!(app.selection(), None);
    assert_eq!(app.status(), "put back");
    keys(&mut app, "h");
    assert_eq!(app.status(), "cards never leave the foundations");
    keys(&mut app, "x");
    assert!(app.status().contains("does nothing"), "{}", app.status());
    assert_eq!(app.board(), app.game().start());
}

#[test]
fn clicks_and_drags_move_cards_like_keys() {
    let mut keyed = deal(1);
    keys(&mut keyed, "6a6b");

    let mut clicked = deal(1);
    click(&mut clicked, Pile::cascade(5), 1);
    assert_eq!(clicked.selection(), Some(Selection { pile: Pile::cascade(5), count: 1 }));
    click(&mut clicked, Pile::cell(0), 1);
    // Dragged: the button goes down on cascade 6 and comes up on cell b.
    clicked.update(Event::Press(Some(Spot { pile: Pile::cascade(5), depth: 1 })), Instant::now());
    clicked.update(Event::Release(Some(Spot { pile: Pile::cell(1), depth: 1 })), Instant::now());
    assert_eq!(clicked.board(), keyed.board());
    assert_eq!(played(&clicked), played(&keyed));

    // A click on the selected cards again, or off the table, puts them down.
    click(&mut clicked, Pile::cascade(0), 1);
    click(&mut clicked, Pile::cascade(0), 1);
    assert_eq!(clicked.selection(), None);
    click(&mut clicked, Pile::cascade(0), 1);
    clicked.update(Event::Press(None), Instant::now());
    assert_eq!(clicked.selection(), None);
}

#[test]
fn a_run_is_picked_up_whole_or_from_the_card_clicked_and_an_empty_cascade_takes_it() {
    // Cascade 1 holds a run of three (JD on QS on KH); cascade 3 is empty.
    let text = "Foundations: H-Q C-K D-T S-J\nKH QS JD\nKD QD KS\n";
    let mut app = App::new(text.parse().expect("a board"), Deal::Position("run".to_owned()), 7);
    // By key, the whole run; the key again, one card fewer each time, then none.
    for count in [3, 2, 1] {
        keys(&mut app, "1");
        assert_eq!(app.selection(), Some(Selection { pile: Pile::cascade(0), count }));
    }
    keys(&mut app, "1");
    assert_eq!(app.selection(), None);
    click(&mut app, Pile::cascade(0), 2);
    assert_eq!(app.selection(), Some(Selection { pile: Pile::cascade(0), count: 2 }));
    click(&mut app, Pile::cascade(2), 1);
    // One move of two cards; then JD, QS and KH are safe to send home, and go.
    assert_eq!(app.status(), "played 13v2; 3 cards went home");
    assert_eq!(played(&app)[0], Move::new(Pile::cascade(0), Pile::cascade(2), 2));
    assert_eq!(verified(app.game().start(), &played(&app)), *app.board());
    // A click deeper than the run picks up only the run: KS, on QD.
    click(&mut app, Pile::cascade(1), 3);
    assert_eq!(app.selection(), Some(Selection { pile: Pile::cascade(1), count: 1 }));
}

#[test]
fn undo_and_redo_take_a_move_back_and_forward_with_its_automoves() {
    let mut app = deal(1);
    keys(&mut app, "6a6b");
    let after = app.board().clone();
    keys(&mut app, "u");
    assert_eq!(app.status(), "took back 6b; 3 cards went home");
    assert_eq!(app.board().cards_home(), 0);
    assert_eq!(app.board().cell(0).map(|card| card.to_string()), Some("3D".to_owned()));
    keys(&mut app, "u");
    assert_eq!(app.board(), app.game().start());
    keys(&mut app, "u");
    assert_eq!(app.status(), "nothing to undo");
    keys(&mut app, "rr");
    assert_eq!(*app.board(), after);
    keys(&mut app, "r");
    assert_eq!(app.status(), "nothing to redo");
    // A new move after an undo clears what could be redone.
    keys(&mut app, "u1b");
    assert_eq!(app.status(), "played 1b");
    keys(&mut app, "r");
    assert_eq!(app.status(), "nothing to redo");
    assert_eq!(verified(app.game().start(), &played(&app)), *app.board());
}

#[test]
fn the_hint_is_the_first_move_of_a_verified_solution_and_space_plays_it() {
    let mut app = deal(1);
    keys(&mut app, "?");
    settle(&mut app);
    let hint = app.hint().expect("deal 1 is winnable");
    assert!(app.status().starts_with("hint: "), "{}", app.status());
    let Outlook::Known(Verdict::Winnable(solution)) = app.outlook() else { panic!("{:?}", app.outlook()) };
    assert_eq!(solution.moves[0], hint);
    assert!(verified(app.board(), &solution.moves).is_won());
    let before = app.board().clone();
    keys(&mut app, " ");
    assert_eq!(app.hint(), None, "a move clears the hint");
    assert_eq!(played(&app)[0], hint);
    assert_eq!(verified(&before, &played(&app)), *app.board());
}

#[test]
fn a_move_that_loses_the_game_brings_the_warning_and_undo_takes_it_away() {
    let mut app = trap();
    settle(&mut app);
    assert!(matches!(app.outlook(), Outlook::Known(Verdict::Winnable(_))), "{:?}", app.outlook());
    keys(&mut app, "1a");
    assert_eq!(*app.outlook(), Outlook::Checking, "every move is analysed again");
    settle(&mut app);
    assert_eq!(*app.outlook(), Outlook::Known(Verdict::Lost));
    keys(&mut app, "?");
    assert_eq!(app.hint(), None);
    assert_eq!(app.status(), "no hint: the game cannot be won from here");
    keys(&mut app, "s");
    assert_eq!(app.status(), "nothing to solve: the game cannot be won from here");
    assert!(matches!(app.mode(), Mode::Play));
    keys(&mut app, "u");
    settle(&mut app);
    assert!(matches!(app.outlook(), Outlook::Known(Verdict::Winnable(_))), "{:?}", app.outlook());
}

#[test]
fn the_auto_solve_plays_a_step_per_delay_and_wins() {
    let mut app = deal(1);
    keys(&mut app, "6a");
    settle(&mut app);
    let start = Instant::now();
    app.update(Event::Key(Key::Char('s')), start);
    let Mode::Solving(Some((replay, _))) = app.mode() else { panic!("{:?}", app.mode()) };
    let steps = replay.remaining().len();
    // The first step at once, the next only a delay later.
    app.update(Event::Tick, start);
    assert_eq!(app.game().history().len(), 2);
    assert!(app.status().contains(&format!(" (1 of {steps}); any key stops")), "{}", app.status());
    app.update(Event::Tick, start + STEP_DELAY / 2);
    assert_eq!(app.game().history().len(), 2);
    app.update(Event::Tick, start + STEP_DELAY);
    assert!(app.game().history().iter().map(|turn| turn.moves().count()).sum::<usize>() >= 2);
    settle(&mut app);
    assert!(app.game().is_won());
    assert!(app.status().starts_with("you won in "), "{}", app.status());
    assert_eq!(played(&app).len(), 1 + steps);
    assert!(verified(app.game().start(), &played(&app)).is_won());
    // The auto-solve's moves are the game's: undo takes the last back.
    keys(&mut app, "u");
    assert!(!app.game().is_won());
}

#[test]
fn any_key_stops_the_auto_solve_where_it_is() {
    let mut app = deal(1);
    settle(&mut app);
    let start = Instant::now();
    app.update(Event::Key(Key::Char('s')), start);
    app.update(Event::Tick, start);
    app.update(Event::Tick, start + STEP_DELAY);
    key(&mut app, Key::Esc);
    assert!(matches!(app.mode(), Mode::Play));
    assert_eq!(app.status(), "the auto-solve stopped");
    let moves = played(&app).len();
    assert!(moves >= 2, "{moves}");
    settle(&mut app);
    assert_eq!(played(&app).len(), moves);
    assert!(matches!(app.outlook(), Outlook::Known(Verdict::Winnable(_))), "{:?}", app.outlook());
}

#[test]
fn autoplay_sends_home_what_is_safe_as_one_undoable_step() {
    let rules = Rules { free_cells: 0, cascades: 1, ..Rules::freecell() };
    let board = Board::parse_with_rules("Foundations: H-Q C-K D-K S-Q\nKH KS\n", rules).expect("a board");
    let mut app = App::new(board, Deal::Position("end".to_owned()), 7);
    keys(&mut app, "p");
    assert_eq!(app.status(), "you won in 1 move! n: a new deal, q: quit");
    assert!(app.game().is_won());
    keys(&mut app, "u");
    assert_eq!(app.board(), app.game().start());
    keys(&mut app, "1");
    assert_eq!(app.selection(), Some(Selection { pile: Pile::cascade(0), count: 1 }));
    let mut app = deal(1);
    keys(&mut app, "p");
    assert_eq!(app.status(), "no card can safely go home now");
}

#[test]
fn a_new_deal_is_typed_at_the_prompt() {
    let mut app = deal(1);
    keys(&mut app, "n6170");
    key(&mut app, Key::Backspace);
    assert!(matches!(app.mode(), Mode::Prompt(typed) if typed == "617"));
    key(&mut app, Key::Enter);
    assert_eq!(*app.deal_name(), Deal::Chosen(DealNumber::new(617).expect("a deal")));
    assert_eq!(*app.board(), DealNumber::new(617).expect("a deal").board());
    keys(&mut app, "n");
    key(&mut app, Key::Esc);
    assert!(matches!(app.mode(), Mode::Play));
    assert_eq!(*app.deal_name(), Deal::Chosen(DealNumber::new(617).expect("a deal")));
}

#[test]
fn a_random_deal_is_one_the_solver_proved_winnable() {
    let mut app = deal(1);
    keys(&mut app, "n");
    key(&mut app, Key::Enter);
    assert!(matches!(app.mode(), Mode::Finding(_)));
    settle(&mut app);
    let Deal::Random(number) = *app.deal_name() else { panic!("{:?}", app.deal_name()) };
    assert!((1..=32_000).contains(&number.get()));
    assert_eq!(*app.game().start(), number.board());
    let Outlook::Known(Verdict::Winnable(solution)) = app.outlook() else { panic!("{:?}", app.outlook()) };
    assert!(verified(app.board(), &solution.moves).is_won());
}

#[test]
fn q_and_interrupt_quit_from_anywhere() {
    let mut app = deal(1);
    keys(&mut app, "q");
    assert!(app.should_quit());
    let mut app = App::random(7);
    keys(&mut app, "q");
    assert!(app.should_quit(), "q also stops a search and leaves");
    let mut app = deal(1);
    keys(&mut app, "n");
    key(&mut app, Key::Interrupt);
    assert!(app.should_quit());
}
