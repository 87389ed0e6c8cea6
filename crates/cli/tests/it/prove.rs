//! `freecell prove`.

use crate::{data, freecell, freecell_with_stdin};

#[test]
fn an_impossible_deal_is_proved_unsolvable() {
    let dir = std::env::temp_dir();
    let run = freecell(&["prove", "--deal", "11982", "--tmp-dir", &dir.display().to_string()]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    // The positions `fast`'s proof stores too, and the layers by cards home: 19
    // components (by cards out of order) with none home, the largest of 5,923 positions.
    assert!(run.stderr.starts_with("61643 positions, "), "{}", run.stderr);
    assert!(
        run.stderr.contains("home  components  positions  largest\n   0          19      39573     5923"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_won_position_prints_a_solution_that_verifies() {
    let board = std::fs::read_to_string(data("endgame.board")).expect("the test board is readable");
    let run = freecell_with_stdin(&["prove", "-"], &board);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let check = freecell_with_stdin(&["verify", &data("endgame.board"), "-"], &run.stdout);
    assert_eq!(check.code, 0, "{}\n{}", run.stdout, check.stderr);
}

/// MS 6904461726's largest component (321,344 positions) does not fit in 1 MiB: it goes to
/// disk, whose layers and seeds outgrow 2 MiB of disk.
#[test]
fn limits_end_undecided() {
    let dir = std::env::temp_dir().display().to_string();
    let run = freecell(&[
        "prove",
        "--deal",
        "6904461726",
        "--max-mb",
        "1",
        "--max-disk-mb",
        "2",
        "--progress",
        "1",
        "--tmp-dir",
        &dir,
    ]);
    assert_eq!(run.code, 4, "{}", run.stderr);
    assert!(run.stderr.contains(" on disk so far: "), "a layer on disk is reported: {}", run.stderr);
    assert!(run.stderr.contains("outgrew the disk space allowed"), "{}", run.stderr);
}
