//! What the tests of the game's modules share: driving an [`App`] as the terminal would,
//! waiting for its background work, and checking its moves with the core verifier.

use std::time::{Duration, Instant};

use freecell_engine::{Board, DealNumber, Move, Notation, Pile, Rules, verify};

use crate::app::{App, Deal, Event, Key, STEP_DELAY};
use crate::geometry::Spot;

/// A few keys, typed one after the other.
pub(crate) fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Event::Key(Key::Char(c)), Instant::now());
    }
}

/// One key that is not a character.
pub(crate) fn key(app: &mut App, key: Key) {
    app.update(Event::Key(key), Instant::now());
}

/// A click (press and release) on `pile`, `depth` cards from its top.
pub(crate) fn click(app: &mut App, pile: Pile, depth: usize) {
    let spot = Some(Spot { pile, depth });
    app.update(Event::Press(spot), Instant::now());
    app.update(Event::Release(spot), Instant::now());
}

/// Ticks until the background work is done, on a clock that moves one auto-solve step a
/// tick (so an animation runs at the speed of the solver, not of [`STEP_DELAY`]); fails
/// after a minute of real time.
pub(crate) fn settle(app: &mut App) {
    let started = Instant::now();
    let mut clock = Instant::now();
    while app.is_busy() {
        assert!(started.elapsed() < Duration::from_mins(1), "the game is still busy: {:?}", app.mode());
        std::thread::sleep(Duration::from_millis(1));
        clock = clock.max(Instant::now()) + STEP_DELAY;
        app.update(Event::Tick, clock);
    }
}

/// Every move of the game so far, automoves included, in order.
pub(crate) fn played(app: &App) -> Vec<Move> {
    app.game().moves().collect()
}

/// `moves` replayed from `start` by the core verifier; the position they lead to.
pub(crate) fn verified(start: &Board, moves: &[Move]) -> Board {
    let text = start.write_solution(moves, Notation::Standard).expect("the moves are legal in turn");
    verify(start, &text).expect("the verifier accepts the moves").board
}

/// A game of Microsoft deal `n`.
pub(crate) fn deal(n: u64) -> App {
    App::deal(DealNumber::new(n).expect("a deal number"), 7)
}

/// One free cell, two cascades, six cards out: winnable, and lost after `1a`, which puts
/// KH in the only cell with QH and QS buried. Found, and both facts checked, with the `bfs`
/// preset, which searches every position.
pub(crate) fn trap() -> App {
    let rules = Rules { free_cells: 1, cascades: 2, ..Rules::freecell() };
    let board = Board::parse_with_rules("Foundations: H-T C-K D-K S-T\nJH QH KH\nJS KS QS\n", rules).expect("a board");
    App::new(board, Deal::Position("trap".to_owned()), 7)
}
