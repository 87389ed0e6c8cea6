//! `freecell solve` and `freecell hint`.

use crate::{data, freecell, freecell_with_stdin};

#[test]
fn deal_1_is_solved_and_the_solution_verifies() {
    let run = freecell(&["solve", "--deal", "1", "--solver", "hsd"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("expanded"), "statistics go to stderr: {}", run.stderr);
    // Every move is listed, foundation moves included: it replays with no automoves.
    assert!(run.stdout.lines().any(|m| m.ends_with('h')), "{}", run.stdout);
    let verified = freecell_with_stdin(&["verify", "--deal", "1", "-"], &run.stdout);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
    assert!(verified.stdout.starts_with("valid: "), "{}", verified.stdout);
}

#[test]
fn detailed_notation_verifies_too() {
    let run = freecell(&["solve", "--deal", "1", "--notation", "detailed"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let verified = freecell_with_stdin(&["verify", "--deal", "1", "-"], &run.stdout);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
}

#[test]
fn a_board_file_or_standard_input_can_be_solved() {
    let run = freecell(&["solve", &data("endgame.board"), "--solver", "bfs"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let verified = freecell(&["verify", &data("endgame.board"), "-"]);
    assert_eq!(verified.code, 2, "an empty solution does not win");
    let board = std::fs::read_to_string(data("endgame.board")).unwrap();
    let piped = freecell_with_stdin(&["solve", "-", "--solver", "bfs"], &board);
    assert_eq!((piped.code, piped.stdout.as_str()), (0, run.stdout.as_str()));
    let verified = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], &run.stdout);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
}

#[test]
fn the_default_solver_is_fast_and_proves_11982_unsolvable() {
    let run = freecell(&["solve", "--deal", "11982"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("fast"), "{}", run.stderr);
    assert!(run.stderr.contains("unsolvable"), "{}", run.stderr);
}

#[test]
fn shorten_gives_a_solution_that_verifies_and_is_no_longer() {
    let raw = freecell(&["solve", "--deal", "1", "--solver", "hsd"]);
    let short = freecell(&["solve", "--deal", "1", "--solver", "hsd", "--shorten"]);
    assert_eq!((raw.code, short.code), (0, 0), "{}", short.stderr);
    assert!(short.stdout.lines().count() <= raw.stdout.lines().count());
    let verified = freecell_with_stdin(&["verify", "--deal", "1", "-"], &short.stdout);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
}

#[test]
fn the_verdict_goal_verifies_its_solution_and_still_proves_11982() {
    let verdict = freecell(&["solve", "--deal", "1", "--goal", "verdict"]);
    assert_eq!(verdict.code, 0, "{}", verdict.stderr);
    let verified = freecell_with_stdin(&["verify", "--deal", "1", "-"], &verdict.stdout);
    assert_eq!(verified.code, 0, "{}", verified.stderr);
    let lost = freecell(&["solve", "--deal", "11982", "--goal", "verdict"]);
    assert_eq!(lost.code, 3, "{}", lost.stderr);
    assert!(lost.stderr.contains("unsolvable"), "{}", lost.stderr);
}

#[test]
fn deal_11982_is_proved_unsolvable_by_bfs() {
    let run = freecell(&["solve", "--deal", "11982", "--solver", "bfs"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("unsolvable"), "{}", run.stderr);
}

#[test]
fn a_tiny_node_limit_is_undecided() {
    for solver in ["fast", "hsd", "bfs", "dfs"] {
        let run = freecell(&["solve", "--deal", "5", "--solver", solver, "--max-nodes", "10"]);
        assert_eq!(run.code, 4, "{solver}: {}", run.stderr);
        assert!(run.stderr.contains("undecided: the node limit was reached"), "{}", run.stderr);
    }
}

#[test]
fn hint_prints_one_move() {
    let run = freecell(&["hint", "--deal", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    let verified = freecell_with_stdin(&["verify", "--deal", "1", "-"], &run.stdout);
    // One move replays; the game is not won yet.
    assert!(verified.stderr.contains("incomplete: 1 move replayed"), "{}", verified.stderr);
    let unsolvable = freecell(&["hint", "--deal", "11982", "--solver", "bfs"]);
    assert_eq!(unsolvable.code, 3);
}

#[test]
fn bad_input_exits_2() {
    for args in [
        vec!["solve"],
        vec!["solve", "--deal", "1", "--solver", "nope"],
        vec!["solve", "--deal", "1", "--notation", "fancy"],
        vec!["solve", "--deal", "0"],
        vec!["solve", "--deal", "1", "--timeout", "-1"],
        vec!["hint", "--deal", "1", "board.txt"],
    ] {
        let run = freecell(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    }
    let malformed = freecell(&["solve", &data("bad.board")]);
    assert_eq!(malformed.code, 2);
    assert!(malformed.stderr.starts_with("freecell: bad board in"), "{}", malformed.stderr);
}

#[test]
fn evolved_weights_and_policies_load_from_files() {
    for solver in [format!("weights:{}", data("ga-best.weights")), format!("policy:{}", data("small.policy"))] {
        let run = freecell(&["solve", &data("endgame.board"), "--solver", &solver]);
        assert_eq!(run.code, 0, "{solver}: {}", run.stderr);
        assert!(run.stderr.starts_with(&solver), "statistics name the solver: {}", run.stderr);
        let verified = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], &run.stdout);
        assert_eq!(verified.code, 0, "{}", verified.stderr);
    }
}

#[test]
fn bad_genome_and_policy_files_are_input_errors() {
    for (solver, message) in [
        (format!("weights:{}", data("out-of-range.weights")), "every weight must be in [0, 1]"),
        (format!("weights:{}", data("endgame.board")), "bad weights in"),
        (format!("policy:{}", data("ga-best.weights")), "bad policy in"),
        ("weights:no-such-file".to_owned(), "cannot read the weights file"),
    ] {
        let run = freecell(&["solve", &data("endgame.board"), "--solver", &solver]);
        assert_eq!(run.code, 2, "{solver}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{solver}: {}", run.stderr);
    }
    let run = freecell(&["solve", "--deal", "1", "--solver", "nonsense"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("weights:FILE"), "{}", run.stderr);
}

#[test]
fn a_bad_policy_file_is_placed_by_its_own_lines() {
    // Blank lines first: the place counts them.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("placed.policy");
    std::fs::write(&path, "\n\n(policy\n  (default (+ (* HSDH x))))\n").unwrap();
    let run = freecell(&["solve", &data("endgame.board"), "--solver", &format!("policy:{}", path.display())]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 4, column 23: `x` is not a finite number"), "{}", run.stderr);
}
