//! `freecell census`: shards from flags and from array-job environments, killed at random
//! moments and rerun, merged into the report a single run gives, byte for byte.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use freecell_core::SplitMix64;

use crate::freecell;

fn census(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> crate::Run {
    let output = Command::new(env!("CARGO_BIN_EXE_freecell"))
        .arg("census")
        .args(args)
        .args(["--out", dir.to_str().unwrap()])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    crate::Run {
        code: output.status.code().expect("no signal"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn merged(dir: &Path) -> String {
    let run = freecell(&["census", "merge", dir.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    fs::read_to_string(dir.join("census.json")).unwrap()
}

#[test]
fn shards_from_flags_and_environments_merge_to_the_single_run() {
    let (one, many) = (tempfile::tempdir().expect("a scratch folder"), tempfile::tempdir().expect("a scratch folder"));
    let (one, many) = (one.path(), many.path());
    let run = census(&["run", "--deals", "1..=24", "--jobs", "2"], one, &[]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("shard 0/1 of MS 1..=24: finished, 24 deals: 24 solved"), "{}", run.stdout);
    // Slurm numbering from 1 (SLURM_ARRAY_TASK_MIN), Kubernetes with its count, a flag.
    let slurm = [("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_COUNT", "3")];
    assert_eq!(census(&["run", "--deals", "1..=24"], many, &slurm).code, 0);
    let kubernetes = [("JOB_COMPLETION_INDEX", "1"), ("FREECELL_SHARD_COUNT", "3")];
    assert_eq!(census(&["run", "--deals", "1..=24"], many, &kubernetes).code, 0);
    let again = census(&["run", "--deals", "1..=24", "--shard-count", "3"], many, &[("JOB_COMPLETION_INDEX", "1")]);
    assert!(again.stdout.contains("shard 1/3 of MS 1..=24: already finished"), "{}", again.stdout);
    let refused = freecell(&["census", "merge", many.to_str().unwrap()]);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("1 shard of 3 missing: 2"), "{}", refused.stderr);
    assert_eq!(census(&["run", "--deals", "1..=24", "--shard", "2/3"], many, &[]).code, 0);
    assert_eq!(merged(one), merged(many));
    let json = freecell(&["census", "merge", "--json", many.to_str().unwrap()]);
    assert!(json.stdout.contains(r#""impossible":[],"undecided":[]"#), "{}", json.stdout);
    assert!(json.stdout.contains(r#""timing":{"shards":3,"deals":24,"#), "{}", json.stdout);
}

#[test]
fn a_shard_killed_at_random_moments_gives_the_same_report() {
    let (whole, killed) =
        (tempfile::tempdir().expect("a scratch folder"), tempfile::tempdir().expect("a scratch folder"));
    let (whole, killed) = (whole.path(), killed.path());
    let args = ["run", "--deals", "1..=150", "--shard", "0/1", "--jobs", "2", "--checkpoint", "0.02"];
    let started = Instant::now();
    assert_eq!(census(&args, whole, &[]).code, 0);
    // The kills land within what a whole run took here (at least 2 ms), so that they fall
    // mid-run however fast the machine is.
    let mut whole_run = (started.elapsed().as_millis() as u64).max(2);
    let expected = merged(whole);
    let mut rng = SplitMix64::new(7);
    // Up to eight runs killed (SIGKILL) at random moments within a whole run's time, each
    // resuming from the last one's file; then a run to the end. A run that finishes before
    // any was killed proves nothing (the measured run was slower than the later ones, as on a
    // loaded or a warm machine): it starts over from an empty folder with half the time.
    let mut kills = 0;
    let mut last_done = 0;
    loop {
        let mut child = Command::new(env!("CARGO_BIN_EXE_freecell"))
            .arg("census")
            .args(args)
            .args(["--out", killed.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let at = if kills < 8 { Duration::from_millis(rng.below(whole_run)) } else { Duration::MAX };
        let spawned = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if spawned.elapsed() >= at {
                child.kill().unwrap();
                child.wait().unwrap();
                break None;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        match status {
            Some(status) if kills == 0 && whole_run > 1 => {
                assert!(status.success(), "{status}");
                fs::remove_dir_all(killed).unwrap();
                fs::create_dir(killed).unwrap();
                whole_run /= 2;
                last_done = 0;
                continue;
            }
            Some(status) => {
                assert!(status.success(), "{status}");
                break;
            }
            None => kills += 1,
        }
        let file = fs::read(killed.join("shard-0-of-1.census")).unwrap_or_default();
        let done = freecell_census::ShardFile::decode(&file).map_or(0, |f| f.done);
        assert!(done >= last_done, "progress went back from {last_done} to {done}");
        last_done = done;
    }
    assert!(kills >= 1, "no run was killed: the range is too short to test anything");
    assert_eq!(merged(killed), expected, "after {kills} kills");
}

/// Arguments, environment variables, and what standard error must say.
type Case = (&'static [&'static str], &'static [(&'static str, &'static str)], &'static str);

#[test]
fn bad_shards_and_directories_are_named() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    let cases: [Case; 6] = [
        (&["run", "--deals", "1..=4", "--shard", "3/3"], &[], "shard 3 of 3 does not exist"),
        (&["run", "--deals", "1..=4"], &[("JOB_COMPLETION_INDEX", "0")], "FREECELL_SHARD_COUNT"),
        (&["run", "--deals", "1..=4"], &[("SLURM_ARRAY_TASK_ID", "x")], "SLURM_ARRAY_TASK_ID is `x`"),
        (&["run", "--sample", "5"], &[], "--seed"),
        (&["run", "--deals", "1..=4", "--shard", "1"], &[], "is not a shard: write I/N"),
        (&["run", "--deals", "1..=4", "--goal", "fastest"], &[], "the goals are short and verdict"),
    ];
    for (args, env, expected) in cases {
        let run = census(args, dir, env);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    fs::create_dir_all(dir).unwrap();
    let empty = freecell(&["census", "merge", dir.to_str().unwrap()]);
    assert_eq!(empty.code, 2);
    assert!(empty.stderr.contains("holds no shard files"), "{}", empty.stderr);
    assert_eq!(census(&["run", "--deals", "1..=2"], dir, &[]).code, 0);
    let other = census(&["run", "--deals", "1..=3"], dir, &[]);
    assert_eq!(other.code, 2);
    assert!(other.stderr.contains("is a shard of another census (MS 1..=2"), "{}", other.stderr);
    // Solved for another goal than the file's (the verdict, by default): refused too.
    let short = census(&["run", "--deals", "1..=2", "--goal", "short"], dir, &[]);
    assert_eq!(short.code, 2);
    assert!(short.stderr.contains("solver fast, goal verdict"), "{}", short.stderr);
}
