//! What error messages show of the input: a bounded prefix of any token, hidden characters
//! made visible, and a reason that says what is wrong with the token.

use freecell_core::{Board, Card, Game, Rules, Written, verify};

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
