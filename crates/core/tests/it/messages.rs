//! What error messages show of the input: a bounded prefix of any token, hidden characters
//! made visible, and a reason that says what is wrong with the token.

use freecell_core::{Card, Game, Rules, Written, verify};

use crate::common::Board;

/// Microsoft deal 1.
const DEAL_1: &str = "JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n9H 9S 9D TS 4S 8D 2H\nJC 5S QD QH TH QS 6H\n\
    5D AD JS 4H 8H 6C\n7H QC AS AC 2C 3D\n7C KH AH 4D JH 8C\n5H 3H 3C 7S 7D TC\n";

/// The longest message any error of this crate may give, in bytes.
const BOUND: usize = 300;

fn deal_1() -> Board {
    DEAL_1.parse().expect("deal 1 parses")
}

fn board_error(text: &str) -> String {
    Board::parse_with_rules(text, Rules::freecell()).expect_err("a bad board").to_string()
}

/// Deal 1 with line `line` (1-based) replaced.
fn edited(line: usize, replacement: &str) -> String {
    let mut lines: Vec<&str> = DEAL_1.lines().collect();
    lines[line - 1] = replacement;
    lines.join("\n") + "\n"
}

#[test]
fn long_input_is_quoted_as_a_short_prefix() {
    let long = "K".repeat(1 << 20);
    let board = deal_1();
    let messages = [
        ("a card", long.parse::<Card>().unwrap_err().to_string()),
        ("a card in a board", board_error(&edited(1, &format!("JD KD 2S 4C 3S 6D {long}")))),
        ("a foundation", board_error(&format!("Foundations: {long}\n{DEAL_1}"))),
        ("a header twice", board_error(&format!("FC: -\nFC: - {long}\n{DEAL_1}"))),
        ("a header after the cascades", board_error(&format!("{DEAL_1}Freecells: {long}\n"))),
        ("a ninth cascade", board_error(&format!("{DEAL_1}{long}\n"))),
        ("a game", long.parse::<Game>().unwrap_err().to_string()),
        ("a written move", Written::parse(&long).unwrap_err().to_string()),
        ("a move", board.parse_move(&long).unwrap_err().to_string()),
        ("a long illegal move", board.parse_move(&format!("1av{}", "0".repeat(1 << 20))).unwrap_err().to_string()),
        ("a solution", verify(&board, &format!("1a 2b {long}")).unwrap_err().to_string()),
    ];
    for (what, message) in messages {
        assert!(message.len() <= BOUND, "{what}: {} bytes: {}…", message.len(), &message[..BOUND.min(message.len())]);
        // The quote ends in `…` right after the last character it shows.
        assert!(message.contains("KKKK…`") || message.contains("0000…`"), "{what}: {message}");
    }
}

#[test]
fn hidden_characters_are_shown_escaped_and_named() {
    let board = deal_1();
    // A byte-order mark that is not at the start of the text.
    let message = board_error(&edited(3, "\u{feff}9H 9S 9D TS 4S 8D 2H"));
    assert_eq!(
        message,
        "line 3, column 1 (`\\u{feff}9H`): not a card: it contains a byte-order mark (U+FEFF), an invisible \
         character allowed only at the very start of a file"
    );
    let message = board_error(&edited(2, "2D KC KS\0 5C TD 8S 9C"));
    assert_eq!(message, "line 2, column 7 (`KS\\0`): not a card: it contains a NUL character (U+0000)");
    let message = board_error(&edited(2, "2D KC KS\u{200b} 5C TD 8S 9C"));
    assert!(message.starts_with("line 2, column 7 (`KS\\u{200b}`): not a card: it contains an invisible"), "{message}");
    let message = "K\u{7}H".parse::<Card>().unwrap_err().to_string();
    assert!(message.starts_with("`K\\u{7}H` is not a card: it contains"), "{message}");

    let message = verify(&board, "1a\n2b\u{feff} 3c").unwrap_err().to_string();
    assert_eq!(
        message,
        "move 2 (`2b\\u{feff}`, line 2, column 1): not a move: it contains a byte-order mark (U+FEFF), an \
         invisible character allowed only at the very start of a file"
    );
    let message = verify(&board, "1a\0").unwrap_err().to_string();
    assert_eq!(message, "move 1 (`1a\\0`, line 1, column 1): not a move: it contains a NUL character (U+0000)");
    let message = "klondike\t".parse::<Game>().unwrap_err().to_string();
    assert!(message.starts_with("unknown game `klondike\\t`"), "{message}");
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let board = deal_1();
    assert_eq!(format!("\u{feff}{DEAL_1}").parse::<Board>(), Ok(board.clone()));
    let headed = format!("\u{feff}Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n{DEAL_1}");
    assert_eq!(headed.parse::<Board>(), Ok(board.clone()));
    // Columns on the first line count from after the mark, as an editor shows them.
    let message = board_error(&format!("\u{feff}{}", edited(1, "JD KD 2S 4C 3S 6D 6X")));
    assert!(message.starts_with("line 1, column 19 (`6X`): "), "{message}");
    // A second mark is an error, named as such.
    let message = board_error(&format!("\u{feff}\u{feff}{DEAL_1}"));
    assert!(
        message.starts_with("line 1, column 1 (`\\u{feff}JD`): not a card: it contains a byte-order mark"),
        "{message}"
    );

    let replayed = verify(&board, "\u{feff}1a 2b\n").expect("the mark is skipped");
    assert_eq!(replayed.moves.len(), 2);
    let message = verify(&board, "\u{feff}1a 5x").unwrap_err().to_string();
    assert!(message.starts_with("move 2 (`5x`, line 1, column 4): "), "{message}");
}

#[test]
fn crlf_line_endings_work() {
    let board = deal_1();
    let crlf = DEAL_1.replace('\n', "\r\n");
    assert_eq!(crlf.parse::<Board>(), Ok(board.clone()));
    let headed = format!("\u{feff}Foundations: H-0 C-0 D-0 S-0\r\nFreecells: - - - -\r\n# deal 1\r\n{crlf}\r\n\r\n");
    assert_eq!(headed.parse::<Board>(), Ok(board.clone()));
    // Written out, read back with CRLF: the same board.
    assert_eq!(board.to_string().replace('\n', "\r\n").parse::<Board>(), Ok(board.clone()));
    // An error on a CRLF line names the token without the carriage return.
    let message = board_error(&edited(2, "2D KC KS 5C TD 8S 9X").replace('\n', "\r\n"));
    assert!(message.starts_with("line 2, column 19 (`9X`): "), "{message}");
    // A lone carriage return (old Mac files) separates tokens like any white space.
    let message = board_error(&edited(2, "2D KC KS 5C TD 8S 9X\r"));
    assert!(message.starts_with("line 2, column 19 (`9X`): "), "{message}");

    let replayed = verify(&board, "\u{feff}1a\r\n2b # two cells\r\n").expect("CRLF solutions replay");
    assert_eq!(replayed.moves.len(), 2);
    let message = verify(&board, "1a\r\n2b\r\n5x\r\n").unwrap_err().to_string();
    assert!(message.starts_with("move 3 (`5x`, line 3, column 1): "), "{message}");
}

#[test]
fn card_errors_say_what_is_wrong_with_the_token() {
    let shape = "a card is a rank and a suit, like `JD` or `10H`";
    let cases = [
        ("JDX", shape.to_owned()),
        ("KCC", shape.to_owned()),
        ("10HX", shape.to_owned()),
        ("4STH", shape.to_owned()),
        ("Zebra", shape.to_owned()),
        ("", format!("it is empty; {shape}")),
        ("K", format!("the suit is missing ({shape})")),
        ("10", format!("the suit is missing ({shape})")),
        ("1H", "unknown rank: an ace is written `A`".to_owned()),
        ("1", "unknown rank: an ace is written `A`".to_owned()),
        ("11H", "unknown rank: a jack, a queen and a king are written `J`, `Q` and `K`".to_owned()),
        ("13S", "unknown rank: a jack, a queen and a king are written `J`, `Q` and `K`".to_owned()),
        ("0H", "unknown rank: a ten is written `T` or `10`".to_owned()),
        ("??", "unknown rank (expected A, 2-9, T, J, Q or K)".to_owned()),
        ("é", "unknown rank (expected A, 2-9, T, J, Q or K)".to_owned()),
        ("AX", "unknown suit (expected C, D, H or S)".to_owned()),
        ("10X", "unknown suit (expected C, D, H or S)".to_owned()),
        ("K♥", "unknown suit: suits are written as the letters C, D, H and S".to_owned()),
        ("HK", "the rank comes first, then the suit, like `KH`".to_owned()),
        ("♥A", "the rank comes first, then the suit, like `KH`".to_owned()),
    ];
    for (token, reason) in cases {
        let message = token.parse::<Card>().expect_err(token).to_string();
        assert_eq!(message, format!("`{token}` is not a card: {reason}"));
    }
    // Either case, as in fc-solve (which upper-cases what it reads) and PySolFC.
    for (token, card) in [("jd", "JD"), ("jD", "JD"), ("10h", "TH"), ("tc", "TC")] {
        assert_eq!(token.parse::<Card>().map(|c| c.to_string()).as_deref(), Ok(card));
    }
    // In a board: a misspelt header, and a cell written `--`.
    let message = board_error(&format!("Foundation: H-0\n{DEAL_1}"));
    assert_eq!(
        message,
        "line 1, column 1 (`Foundation:`): not a card: unknown header (the headers are `Foundations:` or \
         `Founds:`, and `Freecells:` or `FC:`)"
    );
    let message = board_error(&format!("Freecells: - --\n{DEAL_1}"));
    assert_eq!(message, "line 1, column 14 (`--`): not a card: an empty free cell is a single `-`");
}

#[test]
fn move_errors_say_what_is_wrong_with_the_token() {
    let piles = "piles are cascades 1-9, 0 and l-u, free cells a-g and i-k, foundations h";
    let count = "`v` needs a card count in hexadecimal from 1 to ff, like `v2` or `vA`";
    let after = "only `v` and a hexadecimal count may follow the two piles (separate moves with spaces or commas)";
    let cases = [
        ("3", "a move is two symbols: source then destination (like `3a` or `38`)".to_owned()),
        ("x1", format!("the source is not a pile ({piles})")),
        ("1x", format!("the destination is not a pile ({piles})")),
        ("h1", "`h` (the foundations) cannot be a source: cards never leave a foundation".to_owned()),
        ("13v", count.to_owned()),
        ("13v0", count.to_owned()),
        ("13v100", count.to_owned()),
        ("13v+2", count.to_owned()),
        ("13vZ", count.to_owned()),
        ("1a2b", after.to_owned()),
        ("1a;2b", after.to_owned()),
    ];
    for (token, reason) in cases {
        let message = Written::parse(token).expect_err(token).to_string();
        assert_eq!(message, format!("`{token}` is not a move: {reason}"));
    }
    assert_eq!(Written::parse("13VA").map(|w| w.count), Ok(Some(10)));
}
