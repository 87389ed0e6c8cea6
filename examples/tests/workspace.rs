//! Checks across the workspace's crates, kept here because this crate is not published:
//! a published crate tests on its own, from its package, and cannot read the workspace
//! README or another crate's files.
//!
//! - The workspace README shows what the `freecell` binary's tests check: its deal 1 and
//!   its endgame board and solution are exactly the CLI crate's test files (whose tests run
//!   the binary on them), and the endgame solution also verifies with the core verifier.

use std::fs;
use std::path::PathBuf;

use freecell_core::{Board, verify};

/// A file of the repository, by its path from the repository's root.
fn repository_file(path: &str) -> String {
    let full: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", path].iter().collect();
    fs::read_to_string(&full).unwrap_or_else(|e| panic!("{} is readable: {e}", full.display()))
}

/// The contents of the README's fenced blocks marked `text`.
fn text_blocks(readme: &str) -> Vec<String> {
    readme.split("```text\n").skip(1).filter_map(|rest| rest.split("```").next()).map(str::to_owned).collect()
}

#[test]
fn the_readme_shows_deal_1_as_the_binary_prints_it() {
    let blocks = text_blocks(&repository_file("README.md"));
    assert_eq!(blocks[0], repository_file("crates/cli/tests/data/deal-1.board"));
}

#[test]
fn the_readme_board_and_solution_are_the_cli_tests_and_verify() {
    let readme = repository_file("README.md");
    let board = &text_blocks(&readme)[1];
    // The README shows the test board without its first line, a comment.
    let file = repository_file("crates/cli/tests/data/endgame.board");
    assert_eq!(Some(board.as_str()), file.split_once('\n').map(|(_, rest)| rest));
    let solution = repository_file("crates/cli/tests/data/endgame-one-line.solution");
    let solution = solution.trim_end();
    assert!(readme.contains(&format!("`{solution}`")), "the README shows `{solution}`");
    let parsed: Board = board.parse().expect("the README's board parses");
    let verified = verify(&parsed, solution).expect("the README's solution replays");
    assert!(verified.board.is_won());
    assert_eq!(verified.moves.len(), 7);
}
