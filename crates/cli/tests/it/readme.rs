//! The workspace README's examples stay true: its printed deal and its solved board.

use crate::{data, freecell, freecell_with_stdin};

fn readme() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    std::fs::read_to_string(path).expect("the workspace README is readable")
}

/// The contents of the README's fenced blocks marked `text`.
fn text_blocks(readme: &str) -> Vec<String> {
    readme.split("```text\n").skip(1).filter_map(|rest| rest.split("```").next()).map(str::to_owned).collect()
}

#[test]
fn the_readme_shows_deal_1() {
    let blocks = text_blocks(&readme());
    assert_eq!(blocks[0], freecell(&["deal", "1"]).stdout);
}

#[test]
fn the_readme_board_and_solution_verify() {
    let readme = readme();
    let board = &text_blocks(&readme)[1];
    // The README shows the test board without its first line, a comment.
    let file = std::fs::read_to_string(data("endgame.board")).expect("the test board is readable");
    assert_eq!(Some(board.as_str()), file.split_once('\n').map(|(_, rest)| rest));
    let solution = "1h 3a 3h 1h ah 1h 2h";
    assert!(readme.contains(&format!("`{solution}`")));
    let run = freecell_with_stdin(&["verify", "-", &data("endgame.solution")], board);
    assert_eq!(run.stdout, "valid: 7 moves\n");
    let run = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], solution);
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 7 moves\n"));
}
