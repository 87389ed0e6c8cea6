//! Drawing the game: the table at the places [`Geometry`] gives, the title, the status and
//! help lines, the win screen. Drawing reads the [`App`] and changes nothing.

use freecell_engine::{Board, Card, Colour, Pile, Suit, Verdict};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::analysis::Outlook;
use crate::app::{App, Deal, Mode, plural};
use crate::geometry::{CARD_WIDTH, Geometry};

/// The keys, on the bottom line.
pub(crate) const HELP: &str = "u undo  r redo  ? hint  space play hint  p home  s solve  n new  q quit";

/// What a pile's cards are drawn with, besides their colours.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Plain,
    /// Picked up by the player.
    Selected,
    /// The hint's cards, and where they go.
    Hint,
}

/// Draws `app` on the whole frame and returns where everything went, for hit-testing the
/// next click.
pub(crate) fn draw(frame: &mut Frame<'_>, app: &App) -> Geometry {
    let geometry = Geometry::new(frame.area(), app.board());
    let buffer = frame.buffer_mut();
    if geometry.too_small() {
        let (columns, rows) = geometry.min_size();
        let text = format!("The terminal is too small: this table needs {columns}×{rows}. q quits.");
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), geometry.area);
        return geometry;
    }
    draw_table(buffer, &geometry, app);
    let line = |row| Rect::new(geometry.area.x, row, geometry.area.width, 1);
    frame.render_widget(Paragraph::new(title(app)), line(geometry.area.y));
    if let Some(alert) = alert(app) {
        frame.render_widget(Paragraph::new(alert).alignment(Alignment::Center), line(geometry.alert_row()));
    }
    frame.render_widget(Paragraph::new(status(app)), line(geometry.status_row()));
    frame.render_widget(Paragraph::new(HELP).style(Style::new().fg(Color::DarkGray)), line(geometry.help_row()));
    if app.game().is_won() {
        draw_win(frame, app, geometry.area);
    }
    geometry
}

/// The title line: the deal, the moves played, and what the analysis knows.
fn title(app: &App) -> Line<'static> {
    let deal = match app.deal_name() {
        Deal::Chosen(n) => format!("deal {}", n.get()),
        Deal::Random(n) => format!("random winnable deal {}", n.get()),
        Deal::Position(name) => name.clone(),
    };
    let moves = app.game().history().len();
    let outlook = match app.outlook() {
        _ if app.game().is_won() => Span::styled("won", Style::new().fg(Color::Green)),
        Outlook::Checking => Span::styled("checking…", Style::new().fg(Color::DarkGray)),
        Outlook::Known(Verdict::Winnable(_)) => Span::styled("winnable", Style::new().fg(Color::Green)),
        Outlook::Known(Verdict::Lost) => Span::styled("LOST", Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)),
        Outlook::Known(Verdict::Undecided(_)) | Outlook::Failed(_) => {
            Span::styled("undecided", Style::new().fg(Color::Yellow))
        }
    };
    Line::from(vec![
        Span::styled(" FreeCell ", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("· {deal} · {} · ", plural(moves, "move"))),
        outlook,
    ])
}

/// The warning that the game is lost, while it is.
fn alert(app: &App) -> Option<Line<'static>> {
    if *app.outlook() != Outlook::Known(Verdict::Lost) {
        return None;
    }
    let text = if app.game().can_undo() {
        " This game can no longer be won: undo (u) to go back. "
    } else {
        " This deal cannot be won: n for another. "
    };
    Some(Line::styled(text, Style::new().fg(Color::White).bg(Color::Red).add_modifier(Modifier::BOLD)))
}

/// The status line: the prompt when typing a deal number, the search for a random deal,
/// or the last message.
fn status(app: &App) -> Line<'static> {
    match app.mode() {
        Mode::Prompt(typed) => {
            return Line::from(vec![
                Span::styled(" New game: ", Style::new().add_modifier(Modifier::BOLD)),
                Span::raw(format!("deal number, or just Enter for a random winnable deal: {typed}_ (Esc: back)")),
            ]);
        }
        Mode::Finding(finder) => {
            return Line::raw(format!(
                " Looking for a winnable deal: trying deal {} ({} tried). Any key stops.",
                finder.candidate().get(),
                finder.tried()
            ));
        }
        Mode::Play | Mode::Solving(_) => {}
    }
    Line::raw(format!(" {}", app.status()))
}

fn draw_table(buffer: &mut Buffer, geometry: &Geometry, app: &App) {
    let board = app.board();
    let selection = app.selection();
    let hint = app.hint();
    // The mark of the card `from_top` cards down `pile` (1: its top card, or the pile
    // itself when it is empty).
    let mark = |pile: Pile, from_top: usize| match (selection, hint) {
        (Some(s), _) if s.pile == pile && from_top <= s.count => Mark::Selected,
        (_, Some(mv)) if mv.from() == pile && from_top <= usize::from(mv.count()) => Mark::Hint,
        (_, Some(mv)) if mv.to() == pile && from_top == 1 => Mark::Hint,
        _ => Mark::Plain,
    };
    let slot_row = geometry.slot_row();
    let label = Style::new().fg(Color::DarkGray);

    for (i, &x) in geometry.cells.iter().enumerate() {
        let pile = Pile::cell(i);
        draw_slot(buffer, x, slot_row, board.cell(i), mark(pile, 1), "");
        buffer.set_string(x + 1, slot_row + 1, pile.symbol().to_string(), label);
    }
    for (&suit, &x) in Suit::ALL.iter().zip(&geometry.foundations) {
        let pile = Pile::foundation(suit);
        draw_slot(buffer, x, slot_row, top_home(board, suit), mark(pile, 1), suit_symbol(suit));
        buffer.set_string(x + 1, slot_row + 1, "h", label);
    }
    for (i, column) in geometry.cascades.iter().enumerate() {
        let pile = Pile::cascade(i);
        buffer.set_string(column.x + 1, geometry.cascade_key_row(), pile.symbol().to_string(), label);
        if column.len == 0 {
            draw_slot(buffer, column.x, column.top, None, mark(pile, 1), "");
        }
        if let Some(row) = column.marker_row() {
            buffer.set_string(column.x, row, format!("+{:<3}", column.hidden), label);
        }
        for (index, card) in board.cascade_cards(i).into_iter().enumerate() {
            if let Some(row) = column.row_of(index) {
                draw_card(buffer, column.x, row, card, mark(pile, column.len - index));
            }
        }
    }
}

/// A cell or foundation: its card, or an empty frame holding `empty` (a suit's symbol).
fn draw_slot(buffer: &mut Buffer, x: u16, y: u16, card: Option<Card>, mark: Mark, empty: &str) {
    if let Some(card) = card {
        return draw_card(buffer, x, y, card, mark);
    }
    let style = match mark {
        Mark::Hint => Style::new().fg(Color::Black).bg(Color::LightGreen),
        _ => Style::new().fg(Color::DarkGray),
    };
    buffer.set_string(x, y, format!("[{empty:^2}]"), style);
}

fn draw_card(buffer: &mut Buffer, x: u16, y: u16, card: Card, mark: Mark) {
    let fg = match card.colour() {
        Colour::Red => Color::Red,
        Colour::Black => Color::Black,
    };
    let bg = match mark {
        Mark::Plain => Color::White,
        Mark::Selected => Color::Yellow,
        Mark::Hint => Color::LightGreen,
    };
    buffer.set_string(x, y, face(card), Style::new().fg(fg).bg(bg));
}

/// A card as drawn, [`CARD_WIDTH`] columns: ` 9♥ `, `10♥ `, ` K♠ `.
pub(crate) fn face(card: Card) -> String {
    let rank = match card.rank().get() {
        10 => "10".to_owned(),
        _ => card.rank().symbol().to_string(),
    };
    let text = format!("{rank:>2}{} ", suit_symbol(card.suit()));
    debug_assert_eq!(text.chars().count(), usize::from(CARD_WIDTH));
    text
}

fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "♣",
        Suit::Diamonds => "♦",
        Suit::Hearts => "♥",
        Suit::Spades => "♠",
    }
}

/// The top card of `suit`'s foundation.
fn top_home(board: &Board, suit: Suit) -> Option<Card> {
    let rank = freecell_engine::Rank::new(board.foundation(suit))?;
    Some(Card::new(rank, suit))
}

/// The win screen, over the middle of the table.
fn draw_win(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let width = 44.min(area.width);
    let height = 5.min(area.height);
    let popup = Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height);
    let text = vec![
        Line::styled(
            format!("You won in {}!", plural(app.game().history().len(), "move")),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Line::raw(""),
        Line::raw("n: a new deal · u: undo · q: quit"),
    ];
    frame.render_widget(Clear, popup);
    let block = Block::bordered().border_style(Style::new().fg(Color::Green));
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).block(block), popup);
}

#[cfg(test)]
mod tests {
    use freecell_engine::PileKind;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::app::Key;
    use crate::testing::{deal, key, keys, settle, trap};

    /// `app` drawn on a `width`×`height` test terminal, and where its piles went.
    fn drawn(app: &App, width: u16, height: u16) -> (Buffer, Geometry) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        let mut geometry = None;
        terminal.draw(|frame| geometry = Some(draw(frame, app))).expect("drawing on a test terminal");
        (terminal.backend().buffer().clone(), geometry.expect("drawn"))
    }

    /// `width` cells of row `y` from column `x`, as text.
    fn text(buffer: &Buffer, x: u16, y: u16, width: u16) -> String {
        (x..x + width).map(|x| buffer[(x, y)].symbol()).collect()
    }

    fn row(buffer: &Buffer, y: u16) -> String {
        text(buffer, 0, y, buffer.area.width)
    }

    #[test]
    fn deal_1_is_drawn_as_published() {
        // The CLI's test file, which its tests compare byte for byte with fc-solve's deal 1.
        let published = include_str!("../../crates/cli/tests/data/deal-1.board");
        let app = deal(1);
        let (buffer, geometry) = drawn(&app, 80, 24);
        for (line, column) in published.lines().zip(&geometry.cascades) {
            for (index, token) in line.split(' ').enumerate() {
                let (rank, suit) = token.split_at(1);
                let rank = if rank == "T" { "10" } else { rank };
                let suit = ["♣", "♦", "♥", "♠"]["CDHS".find(suit).expect("a suit letter")];
                let row = column.row_of(index).expect("deal 1 fits 24 rows");
                assert_eq!(text(&buffer, column.x, row, CARD_WIDTH), format!("{rank:>2}{suit} "), "{token}");
            }
        }
        assert!(row(&buffer, 0).starts_with(" FreeCell · deal 1 · 0 moves · checking…"), "{}", row(&buffer, 0));
        let cells = text(&buffer, geometry.cells[0], geometry.slot_row(), 4 * 6);
        assert_eq!(cells.trim_end(), "[  ]  [  ]  [  ]  [  ]");
        let homes = text(&buffer, geometry.foundations[0], geometry.slot_row(), 4 * 6);
        assert_eq!(homes.trim_end(), "[♣ ]  [♦ ]  [♥ ]  [♠ ]");
        assert_eq!(row(&buffer, 23).trim_end(), HELP);
    }

    #[test]
    fn picked_up_cards_and_the_hint_are_marked() {
        let mut app = deal(1);
        keys(&mut app, "6");
        let (buffer, geometry) = drawn(&app, 80, 24);
        let column = geometry.cascades[5];
        let top = column.row_of(column.len - 1).expect("shown");
        assert_eq!(buffer[(column.x, top)].bg, Color::Yellow);
        assert_eq!(buffer[(column.x, top - 1)].bg, Color::White, "only the run of one is picked up");

        key(&mut app, Key::Esc);
        keys(&mut app, "?");
        settle(&mut app);
        let hint = app.hint().expect("deal 1 is winnable");
        let (buffer, geometry) = drawn(&app, 80, 24);
        let PileKind::Cascade(from) = hint.from().kind() else { panic!("{hint:?} starts from a cascade") };
        let column = geometry.cascades[from];
        let top = column.row_of(column.len - 1).expect("shown");
        assert_eq!(buffer[(column.x, top)].bg, Color::LightGreen);
        // Where the hint's cards go: a cell or a foundation, or a cascade's top card.
        let (x, y) = match hint.to().kind() {
            PileKind::Cell(i) => (geometry.cells[i], geometry.slot_row()),
            PileKind::Foundation(suit) => (geometry.foundations[suit.index()], geometry.slot_row()),
            PileKind::Cascade(i) => {
                let column = geometry.cascades[i];
                (column.x, column.len.checked_sub(1).map_or(Some(column.top), |top| column.row_of(top)).expect("shown"))
            }
        };
        assert_eq!(buffer[(x, y)].bg, Color::LightGreen, "the destination of {hint:?}");
        assert!(row(&buffer, geometry.status_row()).contains("hint: "), "{}", row(&buffer, geometry.status_row()));
    }

    #[test]
    fn a_lost_game_is_announced_until_the_move_is_taken_back() {
        let mut app = trap();
        keys(&mut app, "1a");
        settle(&mut app);
        let (buffer, geometry) = drawn(&app, 60, 16);
        assert!(row(&buffer, 0).contains("LOST"), "{}", row(&buffer, 0));
        let alert = row(&buffer, geometry.alert_row());
        assert!(alert.contains("This game can no longer be won: undo (u) to go back."), "{alert}");
        keys(&mut app, "u");
        settle(&mut app);
        let (buffer, geometry) = drawn(&app, 60, 16);
        assert!(row(&buffer, geometry.alert_row()).trim().is_empty());
        assert!(row(&buffer, 0).contains("winnable"), "{}", row(&buffer, 0));

        // Lost from the start (no free cell; each cascade's top card has nowhere to go),
        // there is nothing to undo.
        let rules = freecell_engine::Rules { free_cells: 0, cascades: 3, ..freecell_engine::Rules::freecell() };
        let text = "Foundations: C-K D-K H-9 S-9\nTH KS\nTS KH\nJH QS JS QH\n";
        let board = Board::parse_with_rules(text, rules).expect("a board");
        let mut app = App::new(board, Deal::Position("lost".to_owned()), 7);
        settle(&mut app);
        let (buffer, geometry) = drawn(&app, 60, 16);
        let alert = row(&buffer, geometry.alert_row());
        assert!(alert.contains("This deal cannot be won: n for another."), "{alert}");
    }

    #[test]
    fn the_win_screen_shows_over_the_table() {
        let mut app = deal(1);
        keys(&mut app, "s");
        settle(&mut app);
        let (buffer, _) = drawn(&app, 80, 24);
        let screen: Vec<String> = (0..24).map(|y| row(&buffer, y)).collect();
        let moves = app.game().history().len();
        assert!(screen.iter().any(|line| line.contains(&format!("You won in {moves} moves!"))), "{screen:#?}");
        assert!(screen.iter().any(|line| line.contains("n: a new deal · u: undo · q: quit")), "{screen:#?}");
        assert!(screen[0].contains("won"), "{}", screen[0]);
    }

    #[test]
    fn the_prompt_shows_what_is_typed() {
        let mut app = deal(1);
        keys(&mut app, "n61");
        let (buffer, geometry) = drawn(&app, 80, 24);
        let status = row(&buffer, geometry.status_row());
        assert!(status.contains("deal number, or just Enter for a random winnable deal: 61_"), "{status}");
    }

    #[test]
    fn a_terminal_too_small_says_so() {
        let (buffer, _) = drawn(&deal(1), 40, 10);
        let screen: String = (0..10).map(|y| row(&buffer, y)).collect();
        assert!(screen.contains("The terminal is too small"), "{screen}");
    }
}
