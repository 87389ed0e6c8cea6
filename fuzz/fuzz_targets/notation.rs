//! Move notation on fixed boards: parsing arbitrary tokens and verifying arbitrary
//! solutions never panics, error messages are short, and a verified solution written back
//! out verifies the same.
#![no_main]

use std::sync::LazyLock;

use freecell_core::{Board, Notation, verify};
use libfuzzer_sys::fuzz_target;

/// The longest message a move or verifier error may give, in bytes: errors quote at most a
/// prefix of a token (`freecell_core::quote`).
const MESSAGE_BYTES: usize = 300;

/// Microsoft deal 1, and an end game with six empty cascades and empty cells.
static BOARDS: LazyLock<[Board; 2]> = LazyLock::new(|| {
    let deal_1 = "JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n9H 9S 9D TS 4S 8D 2H\n\
        JC 5S QD QH TH QS 6H\n5D AD JS 4H 8H 6C\n7H QC AS AC 2C 3D\n7C KH AH 4D JH 8C\n5H 3H 3C 7S 7D TC\n";
    let end_game = "Foundations: H-8 C-T D-Q S-9\nFreecells: - TS\n: KH QC JH\n: KD\n: 9H KC QH JC TH\n: KS QS JS\n";
    [deal_1.parse().expect("deal 1 parses"), end_game.parse().expect("the end game parses")]
});

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for board in BOARDS.iter() {
        for token in text.split_whitespace().take(64) {
            if let Err(error) = board.parse_move(token) {
                let message = error.to_string();
                assert!(message.len() <= MESSAGE_BYTES, "{} bytes: {message}", message.len());
            }
        }
        match verify(board, &text) {
            Ok(verified) => {
                let written =
                    board.write_solution(&verified.moves, Notation::Standard).expect("verified moves are legal");
                let again = verify(board, &written).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(again.moves, verified.moves, "{written}");
                assert_eq!(again.board, verified.board);
            }
            Err(error) => {
                let message = error.to_string();
                assert!(message.len() <= MESSAGE_BYTES, "{} bytes: {message}", message.len());
                if let Some((token, at)) = &error.token {
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
