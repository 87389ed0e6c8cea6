//! FreeCell in the terminal, with the mouse or the keyboard, built on
//! [`freecell_engine::GameState`]: undo and redo, cards sent home by themselves, hints, an
//! animated auto-solve, and a warning as soon as the game can no longer be won.
//!
//! ```text
//! cargo run --release -p freecell-examples --example tui_game             deal 1
//! cargo run --release -p freecell-examples --example tui_game -- 617      deal 617
//! cargo run --release -p freecell-examples --example tui_game -- random   a random winnable deal
//! cargo run --release -p freecell-examples --example tui_game -- examples/data/midgame.txt
//! ```
//!
//! Click a card, then where it goes (or drag it there); or type the move in standard
//! notation, source then destination: `3a` (cascade 3 to free cell a), `a3`, `3h` (home),
//! `38`. A cascade picked up by key carries its whole run; its key again takes one card
//! fewer. The other keys are on the bottom line: `u` undo, `r` redo, `?` hint (`space`
//! plays it), `p` sends home every card that safely can, `s` solves and plays the solution
//! move by move, `n` a new deal, `q` quits.
//!
//! The code keeps the game's logic away from the terminal: `app` is the state and its
//! update (events in, state out; unit-tested without a terminal), `view` draws it, and
//! `geometry` is where each card lies, which the view draws at and a click is looked up
//! in. `input` turns the terminal's events into the game's; `terminal` sets the terminal up
//! and always gives it back.

mod analysis;
mod app;
mod finder;
mod geometry;
mod input;
mod terminal;
#[cfg(test)]
mod testing;
mod view;

use std::error::Error;
use std::io;
use std::time::{Duration, Instant, SystemTime};

use crossterm::event;
use freecell_engine::{Board, DealNumber};

use crate::app::{App, Deal, Event};
use crate::terminal::Session;

/// How long the game waits for input before it polls its background work and steps an
/// auto-solve: 20 frames a second.
const FRAME: Duration = Duration::from_millis(50);

/// How long it waits when nothing runs in the background: only the player changes
/// anything then.
const IDLE: Duration = Duration::from_secs(1);

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Bad arguments are reported before the terminal is taken over.
    let mut app = start(args.first().map(String::as_str), seed())?;
    let mut session = Session::start()?;
    let played = play(&mut session, &mut app);
    drop(session);
    Ok(played?)
}

/// The game `arg` asks for: a deal number, `random`, or a board file in fc-solve's format;
/// deal 1 when there is none.
fn start(arg: Option<&str>, seed: u64) -> Result<App, Box<dyn Error>> {
    let Some(arg) = arg else { return Ok(App::deal(DealNumber::MIN, seed)) };
    if arg == "random" {
        return Ok(App::random(seed));
    }
    if let Ok(deal) = arg.parse::<DealNumber>() {
        return Ok(App::deal(deal, seed));
    }
    let text = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: not a deal number, and not a file: {e}"))?;
    let board: Board = text.parse().map_err(|e| format!("{arg}: {e}"))?;
    Ok(App::new(board, Deal::Position(arg.to_owned()), seed))
}

/// A seed for the random deals: the clock, so that each run draws others.
fn seed() -> u64 {
    SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |since| since.as_nanos() as u64)
}

/// The frame loop: draw, then wait up to a frame for input; every event, and every frame
/// without one, goes to the game.
fn play(session: &mut Session, app: &mut App) -> io::Result<()> {
    loop {
        let mut geometry = None;
        session.terminal().draw(|frame| geometry = Some(view::draw(frame, app)))?;
        let geometry = geometry.expect("draw calls its closure once");
        let wait = if app.is_busy() { FRAME } else { IDLE };
        let event = if event::poll(wait)? { input::translate(&event::read()?, &geometry) } else { Some(Event::Tick) };
        if let Some(event) = event {
            app.update(event, Instant::now());
        }
        if app.should_quit() {
            return Ok(());
        }
    }
}
