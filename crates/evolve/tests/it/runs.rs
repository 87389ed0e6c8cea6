//! Whole runs with tiny budgets: determinism across thread counts, checkpoints and resume.

use freecell_evolve::{Checkpoint, Config, Evolution, GenerationRecord, Setting, Validation, csv, fitness_svg};
use freecell_heuristics::Weights;
use freecell_heuristics::policy::Policy;
use freecell_solver::{Outcome, Solver};

/// A run small enough for debug builds: few individuals, few deals, budgets of a few
/// hundred nodes. Deals evolve every generation so that coevolution is exercised.
fn tiny(config: &Config) -> Config {
    Config {
        population: 4,
        generations: 3,
        training_size: 24,
        random_deals: 2,
        deals_per_set: 1,
        sets_per_solver: 2,
        deal_population: 3,
        deal_interval: 1,
        max_nodes: 40,
        baseline_nodes: 60,
        penalty_nodes: 120,
        seed: 42,
        ..config.clone()
    }
}

/// The records without their wall-clock times.
fn timeless(history: &[GenerationRecord]) -> Vec<GenerationRecord> {
    history.iter().map(|r| GenerationRecord { seconds: 0.0, ..r.clone() }).collect()
}

fn run(config: &Config, jobs: usize) -> Checkpoint {
    let mut evolution = Evolution::new(config.clone(), jobs, None).expect("valid settings");
    while !evolution.is_finished() {
        evolution.step(&()).expect("no solver bug");
    }
    evolution.checkpoint().clone()
}

/// Equal runs: same population, deals, champion and log (times aside).
fn assert_same(a: &Checkpoint, b: &Checkpoint) {
    assert_eq!(timeless(a.history()), timeless(b.history()));
    let strip = |c: &Checkpoint| {
        let mut json: serde_json::Value = serde_json::from_str(&c.to_json()).unwrap();
        json["history"] = serde_json::Value::Null;
        json
    };
    assert_eq!(strip(a), strip(b));
}

#[test]
fn the_same_seed_gives_the_same_run_on_one_or_two_threads() {
    for config in [tiny(&Config::coevolution()), tiny(&Config::policy())] {
        let one = run(&config, 1);
        let two = run(&config, 2);
        assert_same(&one, &two);
        assert_eq!(one.history().len(), 3);
        // Another seed gives another run.
        let other = run(&Config { seed: 43, ..config.clone() }, 2);
        assert_ne!(one.training(), other.training());
    }
}

/// Three validation deals above MS 32,000 under a tiny budget.
const TINY_VALIDATION: Validation = Validation { first: 32_001, last: 32_003, max_nodes: 300 };

#[test]
fn a_resumed_run_equals_an_uninterrupted_one() {
    let validated = Config { validation: Some(TINY_VALIDATION), ..tiny(&Config::coevolution()) };
    for config in [tiny(&Config::coevolution()), tiny(&Config::policy()), validated] {
        let whole = run(&config, 1);
        let mut first = Evolution::new(config.clone(), 1, None).unwrap();
        first.step(&()).unwrap();
        // Through text, as the command line saves it; baselines dropped on purpose.
        let saved = first.checkpoint().to_json();
        let restored = Checkpoint::from_json(&saved).unwrap();
        assert_eq!(&restored, first.checkpoint(), "the checkpoint round-trips");
        let mut second = Evolution::resume(restored, 2, None).unwrap();
        while !second.is_finished() {
            second.step(&()).unwrap();
        }
        assert_same(&whole, second.checkpoint());
    }
}

#[test]
fn champions_load_as_solver_inputs_and_the_outputs_render() {
    let ga = run(&tiny(&Config::ga()), 2);
    let champion = ga.champion().unwrap();
    let weights: Weights = champion.genome.parse().unwrap();
    assert!(weights.is_valid());
    assert!((0.0..=1.0).contains(&champion.fitness));
    let policy = run(&tiny(&Config::policy()).with_setting(Setting::Rosin), 1);
    let parsed: Policy = policy.champion().unwrap().genome.parse().unwrap();
    parsed.validate().unwrap();
    assert_eq!(parsed.rules.len(), 5);

    let log = csv(ga.history());
    assert_eq!(log.lines().count(), 1 + 3);
    let svg = fitness_svg(ga.history(), "test").unwrap();
    assert!(svg.contains("<svg") && svg.contains("best") && svg.contains("mean"));
}

#[test]
fn validation_chooses_the_result_without_changing_the_run() {
    let plain = tiny(&Config::coevolution());
    let validated = run(&Config { validation: Some(TINY_VALIDATION), ..plain.clone() }, 2);
    let without = run(&plain, 2);
    // The same populations, deals and log: validation draws no random number.
    let strip = |r: &GenerationRecord| GenerationRecord { seconds: 0.0, validation: None, ..r.clone() };
    let records = |c: &Checkpoint| c.history().iter().map(strip).collect::<Vec<_>>();
    assert_eq!(records(&validated), records(&without));
    assert_eq!(validated.champion(), without.champion());
    assert!(without.selected().is_none() && without.validated().is_empty());

    // Each generation's best was validated, each genome once.
    assert!(validated.history().iter().all(|r| r.validation.is_some()));
    let texts: std::collections::BTreeSet<&str> = validated.validated().iter().map(|v| v.genome.as_str()).collect();
    assert_eq!(texts.len(), validated.validated().len());
    // The selection is the smallest score, and each score is what the public solver gives.
    let selected = validated.selected().unwrap();
    assert!(validated.validated().iter().all(|v| v.score >= selected.score));
    for v in validated.validated() {
        let weights: Weights = v.genome.parse().unwrap();
        let weighted = Solver::with_weights(weights).max_nodes(TINY_VALIDATION.max_nodes);
        let (mut solved, mut nodes) = (0, 0);
        for deal in TINY_VALIDATION.deals() {
            let board = freecell_deals::DealNumber::new(u64::from(deal)).unwrap().board();
            let report = weighted.solve(&board).unwrap();
            if matches!(report.outcome, Outcome::Solved(_)) {
                solved += 1;
                nodes += report.stats.search.expanded;
            }
        }
        assert_eq!((v.solved, v.deals, v.nodes), (solved, 3, nodes));
        assert_eq!(v.score, nodes + (3 - solved as u64) * 2 * TINY_VALIDATION.max_nodes);
    }
    // The log gains the validation columns.
    let log = csv(validated.history());
    assert!(log.lines().next().unwrap().ends_with("validation_solved,validation_deals,validation_nodes"));
    assert!(log.lines().nth(1).unwrap().split(',').nth(10) == Some("3"));
}

#[test]
fn checkpoints_from_before_validation_still_resume() {
    let config = tiny(&Config::coevolution());
    let mut evolution = Evolution::new(config, 1, None).unwrap();
    evolution.step(&()).unwrap();
    // The fields validation added, removed as an older build wrote them.
    let mut json: serde_json::Value = serde_json::from_str(&evolution.checkpoint().to_json()).unwrap();
    json["config"].as_object_mut().unwrap().remove("validation").unwrap();
    json.as_object_mut().unwrap().remove("validated").unwrap();
    json["history"][0].as_object_mut().unwrap().remove("validation").unwrap();
    let old = Checkpoint::from_json(&json.to_string()).unwrap();
    assert_eq!(&old, evolution.checkpoint());
}

#[test]
fn gradual_difficulty_runs_on_the_whole_training_set() {
    let config = Config { training_size: 10, ..tiny(&Config::ga()).with_setting(Setting::Gradual) };
    let mut evolution = Evolution::new(config, 2, None).unwrap();
    evolution.step(&()).unwrap();
    // Gradual difficulty ranks the whole training set by HSDH first.
    assert_eq!(evolution.baselines().len(), 10);
}

#[test]
fn bad_settings_are_errors() {
    for bad in [
        Config { population: 1, ..Config::ga() },
        Config { elitism: 50, ..Config::ga() },
        Config { max_nodes: 0, ..Config::ga() },
        Config { training_size: 40_000, ..Config::ga() },
        Config { deal_interval: 0, ..Config::coevolution() },
        // Validation deals the training set (or a test on MS 1–32,000) may hold.
        Config { validation: Some(Validation { first: 31_990, ..Validation::default() }), ..Config::coevolution() },
        Config { validation: Some(Validation { first: 33_001, last: 33_000, max_nodes: 10 }), ..Config::coevolution() },
        Config { validation: Some(Validation { max_nodes: 0, ..Validation::default() }), ..Config::coevolution() },
    ] {
        assert!(Evolution::new(bad, 1, None).is_err());
    }
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn real_budgets_give_the_same_run_on_one_or_two_threads() {
    let config = Config {
        population: 6,
        generations: 2,
        training_size: 60,
        max_nodes: 5_000,
        baseline_nodes: 20_000,
        penalty_nodes: 40_000,
        seed: 7,
        ..Config::coevolution()
    };
    let one = run(&config, 1);
    let two = run(&config, 2);
    assert_same(&one, &two);
    assert!(one.history().iter().any(|r| r.best_fitness > 0.0), "real budgets solve deals: {:?}", one.history());
}
