//! Terminal input (crossterm's events) turned into the game's own [`Event`]s, so that the
//! game's logic knows nothing of the terminal: a mouse position becomes the pile under it.

use crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Position;

use crate::app::{Event, Key};
use crate::geometry::Geometry;

/// The game's event for a terminal event, or `None` for one the game ignores (a key
/// release, a scroll, a focus change). `geometry` is the last frame's, the one the player
/// clicked on.
pub(crate) fn translate(event: &TermEvent, geometry: &Geometry) -> Option<Event> {
    match event {
        TermEvent::Key(key) => key_of(key).map(Event::Key),
        TermEvent::Mouse(mouse) => {
            let spot = geometry.hit(Position::new(mouse.column, mouse.row));
            match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => Some(Event::Press(spot)),
                MouseEventKind::Up(MouseButton::Left) => Some(Event::Release(spot)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn key_of(key: &KeyEvent) -> Option<Key> {
    // Terminals that report releases (the kitty protocol) would otherwise type twice.
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c' | 'd') if ctrl => Key::Interrupt,
        KeyCode::Char('z') if ctrl => Key::Char('u'),
        KeyCode::Char('y') if ctrl => Key::Char('r'),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyEventState, MouseEvent};
    use freecell_core::Pile;
    use freecell_deals::DealNumber;
    use ratatui::layout::Rect;

    use super::*;
    use crate::geometry::Spot;

    fn geometry() -> Geometry {
        Geometry::new(Rect::new(0, 0, 80, 24), &DealNumber::new(1).expect("deal 1 exists").board())
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> TermEvent {
        TermEvent::Key(KeyEvent::new(code, modifiers))
    }

    fn mouse(kind: MouseEventKind, column: u16, row: u16) -> TermEvent {
        TermEvent::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
    }

    #[test]
    fn keys_become_the_games_keys() {
        let g = geometry();
        let none = KeyModifiers::NONE;
        assert_eq!(translate(&key(KeyCode::Char('3'), none), &g), Some(Event::Key(Key::Char('3'))));
        assert_eq!(translate(&key(KeyCode::Enter, none), &g), Some(Event::Key(Key::Enter)));
        assert_eq!(translate(&key(KeyCode::Esc, none), &g), Some(Event::Key(Key::Esc)));
        assert_eq!(translate(&key(KeyCode::Backspace, none), &g), Some(Event::Key(Key::Backspace)));
        assert_eq!(translate(&key(KeyCode::Char('c'), KeyModifiers::CONTROL), &g), Some(Event::Key(Key::Interrupt)));
        assert_eq!(translate(&key(KeyCode::Char('z'), KeyModifiers::CONTROL), &g), Some(Event::Key(Key::Char('u'))));
        assert_eq!(translate(&key(KeyCode::Char('y'), KeyModifiers::CONTROL), &g), Some(Event::Key(Key::Char('r'))));
        assert_eq!(translate(&key(KeyCode::F(1), none), &g), None);
        let release =
            KeyEvent::new_with_kind_and_state(KeyCode::Char('3'), none, KeyEventKind::Release, KeyEventState::NONE);
        assert_eq!(translate(&TermEvent::Key(release), &g), None);
    }

    #[test]
    fn left_button_presses_and_releases_name_the_pile_under_the_pointer() {
        let g = geometry();
        let column = g.cascades[2];
        let top_row = column.row_of(column.len - 1).expect("deal 1's cascades fit");
        let spot = Some(Spot { pile: Pile::cascade(2), depth: 1 });
        assert_eq!(
            translate(&mouse(MouseEventKind::Down(MouseButton::Left), column.x, top_row), &g),
            Some(Event::Press(spot))
        );
        assert_eq!(
            translate(&mouse(MouseEventKind::Up(MouseButton::Left), column.x + 1, top_row), &g),
            Some(Event::Release(spot))
        );
        // A press on the title names nothing, but is still a press (it clears a selection).
        assert_eq!(translate(&mouse(MouseEventKind::Down(MouseButton::Left), 0, 0), &g), Some(Event::Press(None)));
        assert_eq!(translate(&mouse(MouseEventKind::Down(MouseButton::Right), column.x, top_row), &g), None);
        assert_eq!(translate(&mouse(MouseEventKind::Moved, column.x, top_row), &g), None);
    }
}
