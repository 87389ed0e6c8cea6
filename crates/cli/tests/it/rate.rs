//! `freecell rate` and `freecell deal --winnable`.

use freecell_core::{Board, verify};
use freecell_solver::difficulty::with_free_cells;

use crate::{freecell, freecell_with_stdin};

#[test]
fn a_deal_is_rated_with_its_fewest_free_cells_and_tier() {
    // MS 3 is won with two free cells and proved lost with one.
    let run = freecell(&["rate", "--deal", "3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "fewest free cells: 2 (won with 2, proved lost with 1)");
    assert!(lines[1].starts_with("rungs tried: 4 won ("), "{}", run.stdout);
    assert!(lines[1].contains(", 1 lost ("), "{}", run.stdout);
    assert!(lines.iter().any(|l| l.starts_with("narrowness: 8 samples")), "{}", run.stdout);
    assert!(lines.last().is_some_and(|l| l.starts_with("tier: ")), "{}", run.stdout);
}

#[test]
fn json_gives_the_rungs_the_solution_and_the_tier() {
    // MS 11982, lost with four cells, is won with five: its tier is `lost`.
    let run = freecell(&["rate", "--deal", "11982", "--json", "--samples", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(json["min_free_cells"], 5);
    assert_eq!(json["lost_with"], 4);
    assert_eq!(json["undecided_rungs"], serde_json::json!([]));
    assert_eq!(json["tier"], "lost");
    assert_eq!(json["length"], serde_json::Value::Null, "no solution with four cells");
    assert_eq!(json["narrowness"], serde_json::Value::Null);
    // The solution with five cells replays on the deal with five cells.
    assert_eq!(json["solution"]["free_cells"], 5);
    let moves: Vec<&str> =
        json["solution"]["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("text")).collect();
    let board: Board = freecell(&["deal", "11982"]).stdout.parse().expect("a board");
    let five = with_free_cells(&board, 5).expect("no card in a cell");
    assert!(verify(&five, &moves.join("\n")).expect("replays").board.is_won());
    assert_eq!(json["rungs"][0]["outcome"], "lost");
    assert_eq!(json["rungs"][1]["outcome"], "won");
}

#[test]
fn an_undecided_rung_is_null_never_guessed() {
    let run = freecell(&["rate", "--deal", "1", "--json", "--max-nodes", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(json["min_free_cells"], serde_json::Value::Null);
    assert_eq!(json["undecided_rungs"], serde_json::json!([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(json["tier"], serde_json::Value::Null);
}

#[test]
fn max_nodes_none_lifts_the_rung_cap() {
    // The default cap (30 million expansions a rung) is lifted, and MS 3 rated as with it.
    let run = freecell(&["rate", "--deal", "3", "--json", "--samples", "0", "--max-nodes", "none"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!((&json["min_free_cells"], &json["lost_with"]), (&serde_json::json!(2), &serde_json::json!(1)));
}

#[test]
fn a_board_with_cards_in_cells_starts_at_its_floor() {
    let board = "Freecells: KH - QS\nFoundations: H-Q C-K D-K S-J\n: KS\n";
    let run = freecell_with_stdin(&["rate", "-", "--samples", "1"], board);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("fewest free cells: 2 (won with 2; the position holds 2 cards in cells)"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_census_writes_rows_and_histograms_and_resumes() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let csv = dir.join("census.csv");
    let csv = csv.to_str().expect("UTF-8");
    let run = freecell(&["rate", "--deals", "2..4", "--jobs", "2", "--csv", csv, "--samples", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(csv).expect("the CSV");
    let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3);
    // MS 2 needs one free cell, MS 3 two, MS 4 two (each proved lost with one fewer).
    let cells: Vec<(&str, &str, &str)> = rows.iter().map(|r| (r[0], r[4], r[5])).collect();
    assert_eq!(cells, [("2", "1", "0"), ("3", "2", "1"), ("4", "2", "1")]);
    assert!(run.stdout.contains("| 1 | 1 (33.33%) |"), "{}", run.stdout);
    assert!(run.stdout.contains("| 2 | 2 (66.67%) |"), "{}", run.stdout);
    assert!(run.stdout.contains("3 deals with their own cells: 3 won"), "{}", run.stdout);
    let again = freecell(&["rate", "--deals", "2..5", "--csv", csv, "--samples", "2"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(again.stdout.contains("3 from the CSV file, 1 run now"), "{}", again.stdout);
}

#[test]
fn every_game_is_rated_wide_ones_included() {
    // fc-solve solves Fan's deals 3 and 4 (18 cascades, no free cell: a wide board) and
    // proves deal 1 lost with no cell (docs/results/data/fc-solve-games/fan.csv).
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let csv = dir.join("fan.csv");
    let csv = csv.to_str().expect("UTF-8");
    let run = freecell(&["rate", "--deals", "3..4", "--game", "fan", "--csv", csv, "--samples", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(csv).expect("the CSV");
    let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split(',').collect()).collect();
    // Won with the game's own (no) cells: the fewest, with no rung below.
    let cells: Vec<(&str, &str, &str, &str)> = rows.iter().map(|r| (r[0], r[1], r[2], r[4])).collect();
    assert_eq!(cells, [("3", "fast --game fan", "solved", "0"), ("4", "fast --game fan", "solved", "0")]);
    let one = freecell(&["rate", "--deal", "1", "--game", "fan", "--json", "--samples", "1", "--max-nodes", "2000000"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    let json: serde_json::Value = serde_json::from_str(&one.stdout).expect("JSON");
    assert_eq!((json["free_cells"].clone(), json["rungs"][0]["outcome"].clone()), (0.into(), "lost".into()));
    assert_eq!(json["tier"], "lost");
    // Won with some cells: the solution replays on Fan's deal 1 with that many.
    let cells = json["min_free_cells"].as_u64().expect("decided") as u8;
    let moves: Vec<&str> =
        json["solution"]["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("text")).collect();
    let board = freecell_core::Game::Fan.variant().deal(&freecell_deals::DealNumber::MIN.cards());
    let board = freecell_core::WideBoard::try_from(board).expect("Fan's deal");
    let with = with_free_cells(&board, cells).expect("no card in a cell");
    assert!(verify(&with, &moves.join("\n")).expect("replays").board.is_won());
}

#[test]
fn winnable_deals_are_seeded_and_of_the_tier_asked() {
    let run = freecell(&["deal", "--winnable", "--tier", "medium", "--seed", "7"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // "freecell: deal N (medium; fewest free cells K; solution L moves; --seed 7)"
    let number = run.stderr.strip_prefix("freecell: deal ").and_then(|rest| rest.split(' ').next()).expect("a number");
    assert!(run.stderr.contains("(medium; "), "{}", run.stderr);
    assert_eq!(run.stdout, freecell(&["deal", number]).stdout, "the board is the deal's");
    assert_eq!(freecell(&["deal", "--winnable", "--tier", "medium", "--seed", "7"]).stdout, run.stdout);
    let rated = freecell(&["rate", "--deal", number]);
    assert!(rated.stdout.ends_with("tier: medium\n"), "{}", rated.stdout);
}

#[test]
fn bad_rate_and_winnable_arguments_are_named() {
    let lost = freecell(&["deal", "--winnable", "--tier", "lost"]);
    assert_eq!(
        (lost.code, lost.stderr.as_str()),
        (2, "freecell: --tier lost: a winnable deal is never of the tier lost\n")
    );
    let tier = freecell(&["deal", "5", "--tier", "easy"]);
    assert_eq!(tier.code, 2);
    assert!(tier.stderr.contains("--tier and --seed choose a --winnable deal"), "{}", tier.stderr);
    let unknown = freecell(&["deal", "--winnable", "--tier", "brutal"]);
    assert_eq!(unknown.code, 2);
    assert!(unknown.stderr.contains("unknown tier `brutal`"), "{}", unknown.stderr);
    let nothing = freecell(&["rate"]);
    assert_eq!(nothing.code, 2);
    let csv = freecell(&["rate", "--deal", "1", "--csv", "x.csv"]);
    assert_eq!(csv.code, 2);
    assert!(csv.stderr.contains("--deals"), "{}", csv.stderr);
}
