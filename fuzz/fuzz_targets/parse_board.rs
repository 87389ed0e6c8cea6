//! The board parser never panics, its error messages are short, and a board it accepts
//! round-trips through `Display`.
#![no_main]

use freecell_core::{Board, Game};
use libfuzzer_sys::fuzz_target;

/// The longest message a board error may give, in bytes: errors quote at most a prefix of
/// a token (`freecell_core::quote`).
const MESSAGE_BYTES: usize = 300;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for game in Game::ALL {
        let rules = game.rules();
        match Board::parse_with_rules(&text, rules) {
            Ok(board) => {
                let written = board.to_string();
                let again = Board::parse_with_rules(&written, rules)
                    .unwrap_or_else(|e| panic!("{game}: Display output does not parse: {e}\n{written}"));
                assert_eq!(again, board, "{game}: round trip changed the board\n{written}");
            }
            Err(error) => {
                // Formatting the error must not panic either, the message is short however
                // long the line, and a reported token is found at the reported line and column.
                let message = error.to_string();
                assert!(message.len() <= MESSAGE_BYTES, "{} bytes: {message}", message.len());
                if let (Some(at), Some(token)) = (error.position, &error.token) {
                    // Columns count from after a leading byte-order mark, which is skipped.
                    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
                    let line = body.lines().nth(at.line - 1).unwrap_or_else(|| panic!("no line: {message}"));
                    let found: String = line.chars().skip(at.column - 1).take(token.chars().count()).collect();
                    assert_eq!(&found, token, "{message}");
                }
            }
        }
    }
});
