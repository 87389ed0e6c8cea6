//! The terminal while the game runs: raw mode, the alternate screen, mouse reports, all
//! undone when the game ends, by any path (a return, an error, a panic).

use std::io::{self, Stdout, stdout};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// The game's terminal. Dropping it gives the terminal back as it was.
pub(crate) struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Session")
    }
}

impl Session {
    /// Takes over the terminal. A panic from here on restores it before the panic message
    /// is printed (the release profile aborts on panic, so no destructor would run).
    pub(crate) fn start() -> io::Result<Session> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode()?;
        // From here on a failure must give the terminal back before returning.
        let started = execute!(stdout(), EnterAlternateScreen, EnableMouseCapture).and_then(|()| {
            let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
            terminal.hide_cursor()?;
            Ok(terminal)
        });
        started.map(|terminal| Session { terminal }).inspect_err(|_| restore())
    }

    /// The terminal to draw on.
    pub(crate) fn terminal(&mut self) -> &mut Terminal<CrosstermBackend<Stdout>> {
        &mut self.terminal
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Undoes everything [`Session::start`] did, in reverse order; safe to call twice. Errors are
/// ignored: this runs while leaving, when there is nobody left to tell.
fn restore() {
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, crossterm::cursor::Show);
    let _ = disable_raw_mode();
}
