//! `freecell evolve`: a tiny run, its files, resuming, and solving with its champion.

use std::path::Path;

use crate::{TINY_EVOLVE, data, freecell};

fn run_in(dir: &Path, extra: &[&str]) -> crate::Run {
    let mut args = vec!["evolve", "--out", dir.to_str().expect("UTF-8 temporary path")];
    args.extend(TINY_EVOLVE);
    args.extend(extra);
    freecell(&args)
}

#[test]
fn a_tiny_run_writes_its_files_and_resumes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("evolve-cli-test");
    let _ = std::fs::remove_dir_all(&dir);
    let first = run_in(&dir, &["--mode", "ga", "--generations", "1", "--jobs", "2"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(first.stderr.contains("generation 1/1: best"), "{}", first.stderr);
    for file in ["checkpoint.json", "baselines.json", "log.csv", "best.weights", "fitness.svg"] {
        assert!(dir.join(file).is_file(), "{file} is written");
    }
    // A second run into the same directory must say how to continue.
    let again = run_in(&dir, &["--mode", "ga", "--generations", "1"]);
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("--resume"), "{}", again.stderr);
    // Resume to two generations: the log gains a line.
    let resumed = run_in(&dir, &["--resume", "--generations", "2"]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let log = std::fs::read_to_string(dir.join("log.csv")).unwrap();
    assert_eq!(log.lines().count(), 3, "{log}");
    // The champion is a solver input.
    let best = format!("weights:{}", dir.join("best.weights").display());
    let solved = freecell(&["solve", &data("endgame.board"), "--solver", &best]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
}

#[test]
fn a_policy_run_writes_a_policy() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("evolve-cli-policy");
    let _ = std::fs::remove_dir_all(&dir);
    let run = run_in(&dir, &["--mode", "policy", "--setting", "rosin", "--generations", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let best = format!("policy:{}", dir.join("best.policy").display());
    let solved = freecell(&["solve", &data("endgame.board"), "--solver", &best]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
}

#[test]
fn validation_picks_the_best_file_and_bad_ranges_are_refused() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("evolve-cli-validate");
    let _ = std::fs::remove_dir_all(&dir);
    let args = ["--mode", "ga", "--generations", "2", "--validate", "32001..32002", "--validate-nodes", "200"];
    let run = run_in(&dir, &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("selected on the validation deals: the best of generation"), "{}", run.stderr);
    let checkpoint = std::fs::read_to_string(dir.join("checkpoint.json")).unwrap();
    let selected = freecell_evolve::Checkpoint::from_json(&checkpoint).unwrap().selected().unwrap().genome.clone();
    assert_eq!(std::fs::read_to_string(dir.join("best.weights")).unwrap().trim(), selected);

    // Deals the training set (and a test on MS 1–32,000) may hold; beyond u32.
    for (range, says) in [
        ("100..200", "above MS 32000 (the deals training draws from"),
        ("5000000000..5000000001", "the largest a run takes"),
    ] {
        let bad = run_in(&dir.join("bad"), &["--validate", range]);
        assert_eq!(bad.code, 2, "{}", bad.stderr);
        assert!(bad.stderr.contains(says), "{range}: {}", bad.stderr);
    }
}
