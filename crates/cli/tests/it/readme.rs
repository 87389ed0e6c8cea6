//! The forms the workspace README shows, checked on the binary: deal 1 as `freecell deal 1`
//! prints it (`deal.rs`), the endgame board without its comment line, and the endgame's
//! solution on one line. The README lies outside this crate's package, so the workspace's
//! `examples` tests check that it shows exactly these files (`tests/data/deal-1.board`,
//! `tests/data/endgame.board` and `tests/data/endgame-one-line.solution`).

use crate::{data, freecell_with_stdin};

/// The endgame board as the README shows it: without its first line, a comment.
fn endgame_without_comment() -> String {
    let file = std::fs::read_to_string(data("endgame.board")).expect("the test board is readable");
    let (comment, rest) = file.split_once('\n').expect("the test board has more than one line");
    assert!(comment.starts_with('#'), "the test board's first line is a comment: {comment:?}");
    rest.to_owned()
}

#[test]
fn the_readme_board_and_solution_verify() {
    let run = freecell_with_stdin(&["verify", "-", &data("endgame.solution")], &endgame_without_comment());
    assert_eq!(run.stdout, "valid: 7 moves\n");
    let solution = std::fs::read_to_string(data("endgame-one-line.solution")).expect("the solution is readable");
    assert_eq!(solution.lines().count(), 1, "the README's solution is one line");
    let run = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], solution.trim_end());
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 7 moves\n"));
}
