//! Checks across the workspace's crates, kept here because this crate is not published:
//! a published crate tests on its own, from its package, and cannot read the workspace
//! README or another crate's files.
//!
//! - The workspace README shows what the `freecell` binary's tests check: its deal 1 and
//!   its endgame board and solution are exactly the CLI crate's test files (whose tests run
//!   the binary on them), and the endgame solution also verifies with the core verifier.
//! - docs/games.md's rule files are the presets they name.
//! - A game imports the solver's results and the search crate's by name, side by side: the
//!   two crates give no root name to two different things.

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

#[test]
fn a_game_imports_the_solver_and_the_search_crate_by_name() {
    use freecell_search::{MovePath, NoPath, SearchOutcome, StatePath, UndecidedReason};
    use freecell_solver::{Outcome, Preset, Progress, Reason, Solution, Solver};

    let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse().expect("an endgame");
    let report = Solver::new(Preset::Fast).solve(&board).expect("no solver error");
    let solution: Option<&Solution> = report.outcome.solution();
    assert!(matches!(report.outcome, Outcome::Solved(_)));
    let moves = &solution.expect("an endgame is solvable").moves;
    assert!(freecell_core::replay(&board, moves).expect("it replays").is_won());
    assert_eq!(Progress::default().expanded, 0);
    assert_ne!(Reason::Engine(UndecidedReason::Pruned), Reason::Pruned);

    let path: Result<StatePath<u8>, NoPath> = freecell_search::bfs(&0, |&n: &u8| [n + 1], |&n| n == 3);
    assert_eq!(path.map(|p| p.states), Ok(vec![0, 1, 2, 3]));
    let solved = SearchOutcome::Solved(MovePath { moves: vec![1u8], cost: 1 });
    assert_eq!(solved.cost(), Some(1));
}

#[test]
fn the_rule_files_of_docs_games_md_are_the_presets() {
    use freecell_core::{Game, Variant};

    let docs = repository_file("docs/games.md");
    let blocks: Vec<&str> = docs.split("```toml\n").skip(1).filter_map(|rest| rest.split("```").next()).collect();
    let mut named = Vec::new();
    for block in blocks {
        // Each block starts with a comment naming its preset.
        let name = block.lines().next().and_then(|line| line.strip_prefix("# ")).expect("a `# name` first line");
        let game: Game = name.parse().unwrap_or_else(|e| panic!("{e}"));
        let variant = Variant::from_toml(block).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(variant, game.variant(), "{name}");
        named.push(game);
    }
    assert_eq!(named, Game::ALL, "one block per preset, in the order of Game::ALL");
}
