//! Shards run, resumed and merged: the merged findings never depend on how.

use std::fs;
use std::num::NonZeroUsize;
use std::path::Path;
use std::time::Duration;

use freecell_census::{Census, Event, MergeError, Problem, RunError, Selection, Settings, Shard, ShardFile, merge};
use freecell_core::Game;
use freecell_solver::{Goal, Preset};

fn settings(range: &str) -> Settings {
    Settings::new(Selection::range(range.parse().unwrap()), Game::FreeCell, Preset::Fast, "test build")
}

fn run_all(census: &Census, dir: &Path, count: u32) {
    for index in 0..count {
        census.run(dir, Shard::new(index, count).unwrap(), |_| {}).unwrap();
    }
}

#[test]
fn shards_merge_to_the_single_run_and_find_the_published_impossible_deal() {
    // MS 11982 is the one impossible deal of MS 1-32,000 (the FreeCell Pro project's
    // census, also found by fc-solve).
    let (one, many) = (tempfile::tempdir().expect("a scratch folder"), tempfile::tempdir().expect("a scratch folder"));
    let (one, many) = (one.path(), many.path());
    let census = Census::new(settings("11970..=11989"));
    run_all(&census, one, 1);
    run_all(&census.clone().jobs(NonZeroUsize::new(2).unwrap()), many, 7);
    let (a, b) = (merge(one).unwrap(), merge(many).unwrap());
    assert_eq!(a.findings.impossible, [11982]);
    assert_eq!((a.findings.deals, a.findings.solved, a.findings.undecided.len()), (20, 19, 0));
    assert_eq!(a.reproducible_json(), b.reproducible_json());
    assert_eq!((a.shards, b.shards), (1, 7));
    let json = b.json();
    assert!(json.contains(r#""impossible":[11982],"undecided":[]"#), "{json}");
    let written = b.write(many).unwrap();
    assert_eq!(fs::read_to_string(&written[0]).unwrap(), a.reproducible_json());
    // The report's own files are not shard files: merging again gives the same report.
    assert_eq!(merge(many).unwrap(), b);
}

#[test]
fn a_shard_killed_after_any_checkpoint_resumes_to_the_same_findings() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let census = Census::new(settings("1..=12")).checkpoint_every(Duration::ZERO);
    let shard = Shard::WHOLE;
    let mut checkpoints = Vec::new();
    census
        .run(dir, shard, |event| {
            if let Event::Checkpoint(file) = event {
                checkpoints.push(file.encode());
            }
        })
        .unwrap();
    let whole = merge(dir).unwrap().reproducible_json();
    // One checkpoint after each deal, and one at the end; and the start, as a kill before
    // the first checkpoint leaves it: no file.
    assert_eq!(checkpoints.len(), 13);
    let path = dir.join(ShardFile::name(shard));
    for bytes in &checkpoints {
        let done = ShardFile::decode(bytes).unwrap().done as usize;
        // The file as a kill right after this checkpoint leaves it.
        fs::write(&path, bytes).unwrap();
        let before = merge(dir);
        if done < 12 {
            let Err(MergeError::Refused(problems)) = before else { panic!("an unfinished shard merged") };
            assert!(matches!(problems.as_slice(), [Problem::Unfinished { done: d, of: 12, .. }] if *d == done as u64));
        }
        let run = census.run(dir, shard, |_| {}).unwrap();
        assert_eq!((run.resumed, run.ran), (done as u64, 12 - done as u64));
        assert_eq!(merge(dir).unwrap().reproducible_json(), whole, "resumed after {done} deals");
    }
    fs::remove_file(&path).unwrap();
    assert_eq!(census.run(dir, shard, |_| {}).unwrap().ran, 12);
    assert_eq!(merge(dir).unwrap().reproducible_json(), whole, "run again from its start");
}

#[test]
fn merge_names_missing_duplicated_corrupt_and_foreign_shards() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let census = Census::new(settings("1..=8"));
    run_all(&census, dir, 4);
    fs::remove_file(dir.join("shard-2-of-4.census")).unwrap();
    fs::copy(dir.join("shard-1-of-4.census"), dir.join("copy.census")).unwrap();
    let mut bytes = fs::read(dir.join("shard-3-of-4.census")).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 1;
    fs::write(dir.join("shard-3-of-4.census"), bytes).unwrap();
    Census::new(settings("1..=9")).run(&dir.join("other"), Shard::new(0, 4).unwrap(), |_| {}).unwrap();
    fs::rename(dir.join("other/shard-0-of-4.census"), dir.join("foreign.census")).unwrap();
    let error = merge(dir).unwrap_err().to_string();
    for expected in [
        "shard-3-of-4.census` is corrupt: its checksum does not match",
        "foreign.census` is a shard of another census",
        "2 shards of 4 missing: 2-3",
        "shard 1 is in 2 files",
    ] {
        assert!(error.contains(expected), "{expected:?} not in:\n{error}");
    }
}

#[test]
fn a_shard_runs_once_at_a_time_and_never_over_another_census() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let census = Census::new(settings("1..=2"));
    run_all(&census, dir, 1);
    assert_eq!(census.run(dir, Shard::WHOLE, |_| {}).unwrap().ran, 0, "a finished shard is not run again");
    let other = Census::new(settings("1..=3"));
    let error = other.run(dir, Shard::WHOLE, |_| {}).unwrap_err();
    assert!(matches!(error, RunError::OtherCensus { .. }), "{error}");
    assert!(error.to_string().contains("MS 1..=2"), "{error}");
    let lock = fs::File::open(dir.join("shard-0-of-1.census.lock")).unwrap();
    lock.lock().unwrap();
    assert!(matches!(census.run(dir, Shard::WHOLE, |_| {}), Err(RunError::Busy { .. })));
    drop(lock);
}

#[test]
fn shards_solved_for_another_goal_do_not_merge_nor_resume() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    assert_eq!(settings("1..=4").goal, Goal::Verdict, "a census solves for the verdict unless told");
    let short = Census::new(settings("1..=4").goal(Goal::Short));
    short.run(dir, Shard::new(0, 2).unwrap(), |_| {}).unwrap();
    let verdict = Census::new(settings("1..=4"));
    let error = verdict.run(dir, Shard::new(0, 2).unwrap(), |_| {}).unwrap_err();
    assert!(matches!(error, RunError::OtherCensus { .. }) && error.to_string().contains("goal short"), "{error}");
    verdict.run(dir, Shard::new(1, 2).unwrap(), |_| {}).unwrap();
    let error = merge(dir).unwrap_err().to_string();
    assert!(error.contains("is a shard of another census"), "{error}");
    // Each goal's shards merge among themselves, to the same verdicts.
    short.run(&dir.join("short"), Shard::new(1, 2).unwrap(), |_| {}).unwrap();
    fs::rename(dir.join("shard-0-of-2.census"), dir.join("short/shard-0-of-2.census")).unwrap();
    verdict.run(dir, Shard::new(0, 2).unwrap(), |_| {}).unwrap();
    let (a, b) = (merge(&dir.join("short")).unwrap(), merge(dir).unwrap());
    assert_eq!((a.findings.solved, b.findings.solved), (4, 4));
    assert!(a.render().contains("goal short") && b.render().contains("goal verdict"));
}
