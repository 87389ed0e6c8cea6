//! Runs every FreeCell example's `run` function (the same code `cargo run --example`
//! runs) and checks its output against the rules: solutions are re-verified by the core
//! verifier, not compared with recorded text.

#[path = "../bakers_game.rs"]
mod bakers_game;
#[path = "../find_deal.rs"]
mod find_deal;
#[path = "../hint_game.rs"]
mod hint_game;
#[path = "../pancakes.rs"]
mod pancakes;
#[path = "../replay.rs"]
mod replay;
#[path = "../solve_deal.rs"]
mod solve_deal;
#[path = "../solve_file.rs"]
mod solve_file;

use freecell_core::{Board, BuildRule, Game, verify};
use freecell_deals::DealNumber;

const MIDGAME: &str = include_str!("../data/midgame.txt");

fn text(out: Vec<u8>) -> String {
    String::from_utf8(out).expect("examples write UTF-8")
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

/// The solution lines of an example's output (everything after the `#` comment lines).
fn solution(out: &str) -> String {
    lines(out.lines().filter(|l| !l.starts_with('#')))
}

/// Lines joined into one text, as a solution file holds them.
fn lines<'a>(list: impl Iterator<Item = &'a str>) -> String {
    list.collect::<Vec<_>>().join("\n")
}

#[test]
fn solve_deal_writes_a_solution_that_verifies() {
    let mut out = Vec::new();
    solve_deal::run(&args(&["12"]), &mut out).unwrap();
    let out = text(out);
    assert!(out.starts_with("# deal 12: "), "{out}");
    let board = DealNumber::new(12).unwrap().board();
    assert!(verify(&board, &solution(&out)).unwrap().board.is_won());
}

#[test]
fn solve_deal_rejects_a_deal_that_does_not_exist() {
    let error = solve_deal::run(&args(&["0"]), &mut Vec::new()).unwrap_err();
    assert!(error.to_string().contains('0'), "{error}");
}

#[test]
fn solve_file_solves_a_board_in_fc_solve_format() {
    let mut out = Vec::new();
    solve_file::solve(MIDGAME, &mut out).unwrap();
    let board: Board = MIDGAME.parse().unwrap();
    assert!(!board.is_won() && board.cards_home() > 0, "the data file is a mid-game position");
    assert!(verify(&board, &solution(&text(out))).unwrap().board.is_won());
}

#[test]
fn solve_file_reports_where_a_board_is_wrong() {
    let bad = MIDGAME.replace("9S 8H", "9S 8X");
    let error = solve_file::solve(&bad, &mut Vec::new()).unwrap_err().to_string();
    assert!(error.contains("line 4") && error.contains("8X"), "{error}");
}

/// The example fails if it finds a wrong deal; here its report has the expected shape.
#[test]
fn find_deal_places_random_deals_and_positions_played_from_them() {
    let mut out = Vec::new();
    find_deal::run(&args(&["2", "7"]), &mut out).unwrap();
    let out = text(out);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for line in &lines[..2] {
        let (deal, rest) = line.strip_prefix("deal ").unwrap().split_once(": found in ").unwrap();
        assert!(DealNumber::new(deal.parse().unwrap()).is_some(), "{line}");
        assert!(rest.contains(" moves, ") && rest.contains(": found in "), "{line}");
    }
    assert!(lines[2].starts_with("2 deals: worst "), "{out}");
    assert!(lines[3].starts_with("2 played positions: worst "), "{out}");
}

#[test]
fn replay_prints_every_position_up_to_the_win() {
    let mut out = Vec::new();
    replay::run(&args(&["12"]), &mut out).unwrap();
    let out = text(out);
    let headers: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    let total = headers.len();
    assert!(total > 50, "{total} moves");
    for (i, header) in headers.iter().enumerate() {
        assert!(header.starts_with(&format!("move {} of {total}: ", i + 1)), "{header}");
    }
    // Each printed position is a board; the last one is won.
    let last = out.rsplit("move ").next().unwrap();
    let last_board: Board = last.split_once('\n').unwrap().1.parse().unwrap();
    assert!(last_board.is_won());
    // The printed moves replay from the deal.
    let moves = lines(headers.iter().map(|h| h.rsplit(' ').next().unwrap()));
    assert!(verify(&DealNumber::new(12).unwrap().board(), &moves).unwrap().board.is_won());
}

#[test]
fn hint_game_plays_from_a_saved_mid_game_position_with_scripted_input() {
    let dir = std::env::temp_dir().join(format!("freecell-hint-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("midgame.txt");
    std::fs::write(&file, MIDGAME).unwrap();
    let script = "play\nhint\nplay\n5a\nzz\nundo\nundo\nredo\nredo\nquit\nhint\n";
    let mut out = Vec::new();
    hint_game::run(&[file.display().to_string()], &mut script.as_bytes(), &mut out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let out = text(out);
    let lines: Vec<&str> = out.lines().filter(|l| !l.starts_with(':') && !l.contains("s:") && !l.is_empty()).collect();
    assert_eq!(lines[0], "no hint yet: type hint first", "{out}");
    let hint = lines[1].strip_prefix("hint: ").expect("a hint line").split(' ').next().unwrap();
    // The hinted move is legal here and a solver's first move: playing it keeps the game
    // winnable (checked independently by solving the position after it).
    let board: Board = MIDGAME.parse().unwrap();
    let mv = board.parse_move(hint).unwrap();
    assert_eq!(lines[2], format!("played {hint}"));
    // Errors are the library's sentences, fit to show a player.
    assert_eq!(lines[3], "`5a` is illegal here: free cell a already holds TD");
    assert!(lines[4].starts_with("`zz` is not a move: "), "{}", lines[4]);
    assert_eq!(lines[5], format!("took back {hint}"));
    assert_eq!(lines[6], "nothing to undo");
    // Redo plays the turn taken back again, once.
    assert_eq!(lines[7], format!("replayed {hint}"));
    assert_eq!(lines[8], "nothing to redo");
    // `quit` ends the loop: the hint after it is never answered.
    assert_eq!(lines.len(), 9, "{out}");
    let mut after = board.clone();
    after.apply(mv).unwrap();
    let report =
        freecell_solver::Solver::new(freecell_solver::Preset::Fast).max_nodes(1_000_000).solve(&after).unwrap();
    assert!(report.outcome.solution().is_some());
}

#[test]
fn pancakes_agree_with_hand_counted_optima() {
    let mut out = Vec::new();
    pancakes::run(&mut out).unwrap();
    let out = text(out);
    // [2, 0, 1]: no single flip sorts it (flip 2 gives [0, 2, 1], flip 3 gives [1, 0, 2]);
    // flip 3 then flip 2 does.
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("[2, 0, 1]: 2 flips [3, 2];"), "{out}");
    // The one-shot A* walks the same flips, stack by stack.
    assert!(first.ends_with("one call: [[2, 0, 1], [1, 0, 2], [0, 1, 2]]"), "{out}");
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn bakers_game_solves_under_bakers_rules() {
    let mut out = Vec::new();
    bakers_game::run(&args(&["3"]), &mut out).unwrap();
    let out = text(out);
    let board = DealNumber::new(3).unwrap().board_for(Game::BakersGame).unwrap();
    assert_eq!(board.rules().build, BuildRule::SameSuit);
    let moves = lines(out.lines().skip_while(|l| !l.starts_with("solved in")).skip(1));
    assert!(!moves.is_empty(), "{out}");
    assert!(verify(&board, &moves).unwrap().board.is_won());
    // The same moves are not all legal under FreeCell's alternating-colour rule, or the
    // variant would not matter: at least one in-suit build is used.
    let freecell = DealNumber::new(3).unwrap().board();
    assert!(verify(&freecell, &moves).is_err(), "every move was also a FreeCell move");
}

/// Every example runs without arguments: `solve_deal` solves deal 1, `replay` deal 12,
/// `bakers_game` deal 3 under Baker's Game rules, `solve_file` the bundled mid-game file,
/// `hint_game` starts deal 1 (here with no commands), and `find_deal` places three random
/// deals. `pancakes` takes none at all.
/// `tui_game` needs a terminal: `tests/tui_smoke.sh` starts it with none under tmux.
#[test]
fn every_example_runs_without_arguments() {
    let deal = |n| DealNumber::new(n).unwrap().board();

    let mut out = Vec::new();
    solve_deal::run(&[], &mut out).unwrap();
    let out = text(out);
    assert!(out.starts_with("# deal 1: "), "{out}");
    assert!(verify(&deal(1), &solution(&out)).unwrap().board.is_won());

    let mut out = Vec::new();
    replay::run(&[], &mut out).unwrap();
    let out = text(out);
    assert!(out.starts_with("deal 12\n"), "{out}");
    let moves = lines(out.lines().filter_map(|l| l.strip_prefix("move ")).map(|l| l.rsplit(' ').next().unwrap()));
    assert!(verify(&deal(12), &moves).unwrap().board.is_won());

    let mut out = Vec::new();
    bakers_game::run(&[], &mut out).unwrap();
    let out = text(out);
    assert!(out.starts_with("Baker's Game, deal 3:"), "{out}");
    let moves = lines(out.lines().skip_while(|l| !l.starts_with("solved in")).skip(1));
    assert!(verify(&DealNumber::new(3).unwrap().board_for(Game::BakersGame).unwrap(), &moves).unwrap().board.is_won());

    let mut out = Vec::new();
    solve_file::run(&[], &mut out).unwrap();
    let board: Board = MIDGAME.parse().unwrap();
    assert!(verify(&board, &solution(&text(out))).unwrap().board.is_won());

    let mut out = Vec::new();
    hint_game::run(&[], &mut "".as_bytes(), &mut out).unwrap();
    assert_eq!(text(out).trim_end(), deal(1).to_string().trim_end());

    let mut out = Vec::new();
    find_deal::run(&[], &mut out).unwrap();
    assert_eq!(text(out).lines().filter(|l| l.starts_with("deal ")).count(), 3);

    let mut out = Vec::new();
    pancakes::run(&mut out).unwrap();
    assert!(!out.is_empty());
}

/// The workspace README lists every example with its `cargo run --example` line.
#[test]
fn the_readme_lists_every_example() {
    let manifest = include_str!("../Cargo.toml");
    let readme = include_str!("../../README.md");
    let names: Vec<&str> = manifest
        .split("[[example]]")
        .skip(1)
        .filter_map(|entry| entry.split("name = \"").nth(1)?.split('"').next())
        .collect();
    assert_eq!(names.len(), 10, "{names:?}");
    for name in names {
        assert!(
            readme.contains(&format!("--example {name}")) || readme.contains(&format!("`{name}`")),
            "README.md does not mention the {name} example"
        );
    }
}

/// The two search-layer examples assert their own results (published optima for Korf's
/// 15-puzzle instances, solved Rush Hour boards); they are too slow for a debug test run,
/// so this runs them in release through cargo, with their own target directory so the
/// outer cargo's lock is never waited on. Run with
/// `cargo test -p freecell-examples -- --ignored` (`CI_SLOW=1` in `.ci/run`).
#[test]
#[ignore = "slow: builds and runs the search examples in release"]
fn the_search_examples_run_and_pass_their_own_checks() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let target = std::env::temp_dir().join("freecell-examples-release");
    for name in ["sliding_tile", "rush_hour", "pancakes"] {
        let output = std::process::Command::new(env!("CARGO"))
            .args(["run", "--quiet", "--release", "-p", "freecell-examples", "--example", name])
            .env("CARGO_TARGET_DIR", &target)
            .current_dir(root)
            .output()
            .expect("cargo runs");
        assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(!output.stdout.is_empty(), "{name} printed nothing");
    }
}
