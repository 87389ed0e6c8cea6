//! `freecell verify`.

use crate::{data, freecell, freecell_with_stdin};

#[test]
fn a_winning_solution_is_valid() {
    let run = freecell(&["verify", &data("endgame.board"), &data("endgame.solution")]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "valid: 7 moves\n", ""));
}

#[test]
fn an_illegal_move_is_reported_with_its_place() {
    let run = freecell(&["verify", &data("endgame.board"), &data("endgame-illegal.solution")]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    // After `1h 3a 3h` (JH home, KS to cell a, QH home) cascade 3 is empty, so the fourth
    // move, the second `3h` on line 2, has nothing to move.
    assert!(run.stderr.starts_with("freecell: invalid solution in "), "{}", run.stderr);
    assert!(run.stderr.contains("move 4 (`3h`, line 2, column 4)"), "{}", run.stderr);
}

#[test]
fn an_unfinished_solution_is_incomplete() {
    let run = freecell(&["verify", &data("endgame.board"), &data("endgame-incomplete.solution")]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "freecell: incomplete: 3 moves replayed, 4 cards not home\n");
}

#[test]
fn a_deal_with_an_empty_solution_is_incomplete() {
    let run = freecell_with_stdin(&["verify", "--deal", "1", "-"], "# nothing yet\n");
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "freecell: incomplete: 0 moves replayed, 52 cards not home\n");
}

#[test]
fn the_first_moves_of_a_deal_replay() {
    // Deal 1 (see deal.rs): cascade 6's top card is 3D and cascade 7's is 8C. `6a` puts 3D
    // in a free cell; `7a` then finds cell a taken.
    let run = freecell_with_stdin(&["verify", "--deal", "1", "-"], "6a 7a\n");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("move 2 (`7a`, line 1, column 4)"), "{}", run.stderr);
}

#[test]
fn the_board_can_come_from_standard_input() {
    let board = std::fs::read_to_string(data("endgame.board")).unwrap();
    let run = freecell_with_stdin(&["verify", "-", &data("endgame.solution")], &board);
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 7 moves\n"));
}

#[test]
fn bad_input_exits_2() {
    let missing = freecell(&["verify", &data("no-such.board"), &data("endgame.solution")]);
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.starts_with("freecell: cannot read the board file"), "{}", missing.stderr);

    let malformed = freecell(&["verify", &data("bad.board"), &data("endgame.solution")]);
    assert_eq!(malformed.code, 2);
    assert!(malformed.stderr.starts_with("freecell: bad board in"), "{}", malformed.stderr);
    assert!(malformed.stderr.contains("line 4"), "{}", malformed.stderr);

    let garbage = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], "1h zz\n");
    assert_eq!(garbage.code, 2);
    assert!(garbage.stderr.contains("move 2 (`zz`, line 1, column 4)"), "{}", garbage.stderr);
}

#[test]
fn wrong_file_counts_are_usage_errors() {
    for args in [
        vec!["verify"],
        vec!["verify", "only-one-file"],
        vec!["verify", "--deal", "1", "a", "b"],
        vec!["verify", "-", "-"],
        vec!["verify", "a", "b", "c"],
    ] {
        let run = freecell(&args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.starts_with("error:"), "{args:?}: {}", run.stderr);
    }
}
