//! `freecell deal`.

use crate::{DEAL_1, DEAL_6000000000, freecell};

/// Deal 11982 exactly as fc-solve's deal generator prints it (its test suite,
/// shlomif/fc-solve `fc-solve/source/t/t/board-gen-lib.py`).
const DEAL_11982: &str = "\
AH 3D KD JC 6C JD KC
AS 3H 6H 5D 2C 7D 8D
4H QS 5S 5C TH 8H 2S
AC QC 4D 8C QH 9C 3S
2D 8S 9H 9D 6D 2H
6S 7H JH TD TC QD
TS AD 9S KH 4S 4C
JS KS 3C 7C 7S 5H
";

#[test]
fn deal_1_is_byte_identical_to_fc_solve() {
    let run = freecell(&["deal", "1"]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, DEAL_1, ""));
}

#[test]
fn deals_from_each_range() {
    assert_eq!(freecell(&["deal", "11982"]).stdout, DEAL_11982);
    assert_eq!(freecell(&["deal", "6000000000"]).stdout, DEAL_6000000000);
    let last = freecell(&["deal", "8589934591"]);
    assert_eq!((run_lines(&last.stdout), last.code), (8, 0));
}

fn run_lines(text: &str) -> usize {
    text.lines().count()
}

#[test]
fn bakers_game_prints_the_same_cascades() {
    assert_eq!(freecell(&["deal", "1", "--game", "bakers-game"]).stdout, DEAL_1);
}

#[test]
fn games_with_cards_in_cells_print_the_full_board() {
    let run = freecell(&["deal", "1", "--game", "eight-off"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "Foundations: H-0 C-0 D-0 S-0");
    // Deal 1's last four cards in dealing order (the seventh cards of FreeCell's cascades
    // 1-4) fill cells a-d.
    assert_eq!(lines[1], "Freecells: 6S 9C 2H 6H - - - -");
    assert_eq!(lines.len(), 2 + 8);
    let seahaven = freecell(&["deal", "1", "--game", "Seahaven Towers"]);
    assert_eq!((seahaven.code, seahaven.stdout.lines().count()), (0, 2 + 10));
}

#[test]
fn bad_deal_numbers_are_usage_errors() {
    for bad in ["0", "8589934592", "18446744073709551616", "-3", "twelve", ""] {
        let run = freecell(&["deal", bad]);
        assert_eq!(run.code, 2, "deal {bad:?}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.starts_with("error:"), "{bad:?}: {}", run.stderr);
    }
    let run = freecell(&["deal", "0"]);
    assert!(
        run.stderr.contains("deal `0` does not exist: Microsoft deals are numbered 1 to 8589934591"),
        "{}",
        run.stderr
    );
    let run = freecell(&["deal", "18446744073709551616"]);
    assert!(run.stderr.contains("deal `18446744073709551616` is above 8589934591"), "{}", run.stderr);
}

#[test]
fn bad_usage_exits_2() {
    assert_eq!(freecell(&[]).code, 2);
    assert_eq!(freecell(&["deal"]).code, 2);
    assert_eq!(freecell(&["deal", "1", "--game", "klondike"]).code, 2);
    assert_eq!(freecell(&["shuffle"]).code, 2);
    assert_eq!(freecell(&["deal", "1", "2"]).code, 2);
}

#[test]
fn help_documents_the_exit_codes() {
    let run = freecell(&["--help"]);
    assert_eq!(run.code, 0);
    for code in ["  0  success", "  2  bad usage or bad input", "  3  proved unsolvable", "  4  undecided"] {
        assert!(run.stdout.contains(code), "{code:?} missing from:\n{}", run.stdout);
    }
}
