//! Checkpoints and settings from outside: whatever they hold, resuming or starting a run
//! is an error naming the field, never a panic, a stack overflow or an unbounded
//! allocation. No test here solves a deal: checks come before any work.

use freecell_evolve::{Checkpoint, Config, Evolution, EvolveError, Setting, Validation};
use serde_json::{Value, json};

/// A small run's first checkpoint (no generation run, so nothing solved).
fn fresh(config: &Config) -> Value {
    let config = Config { population: 4, training_size: 24, random_deals: 2, deal_population: 3, ..config.clone() };
    let run = Evolution::new(config, 1, None).expect("valid settings");
    serde_json::from_str(&run.checkpoint().to_json()).unwrap()
}

/// A checkpoint after one generation, with its history, champion and validated list,
/// made up so that nothing is solved: what matters is that it is consistent.
fn after_one(config: &Config) -> Value {
    let mut json = fresh(&Config {
        validation: Some(Validation { first: 32_001, last: 32_003, max_nodes: 10 }),
        ..config.clone()
    });
    let genome = json["population"][0].clone();
    let validated = json!({"genome": genome, "generation": 0, "solved": 1, "deals": 3, "nodes": 5, "score": 45});
    json["generation"] = json!(1);
    json["history"] = json!([{
        "generation": 0, "best_fitness": 0.5, "mean_fitness": 0.25, "best_solved": 1, "deals": 2,
        "solved_fraction": 0.5, "mean_nodes": 10.0, "solves": 8, "seconds": 0.1, "validation": validated,
    }]);
    json["champion"] = json!({"genome": genome, "fitness": 0.5, "generation": 0, "solved": 1, "deals": 2});
    json["validated"] = json!([validated]);
    json
}

fn resume(json: &Value) -> Result<Evolution, EvolveError> {
    Evolution::resume(Checkpoint::from_json(&json.to_string())?, 1, None)
}

type Edit = Box<dyn FnOnce(&mut Value)>;

/// `edit` applied to `base`, resumed: an error whose message contains `says`.
fn refused(base: &Value, edit: impl FnOnce(&mut Value), says: &str) {
    let mut json = base.clone();
    edit(&mut json);
    match resume(&json) {
        Ok(_) => panic!("resumed a checkpoint that should say {says:?}"),
        Err(e) => {
            let message = e.to_string();
            assert!(message.contains(says), "{message:?} should contain {says:?}");
            assert!(message.chars().count() < 400, "a short message: {message}");
        }
    }
}

#[test]
fn consistent_checkpoints_resume() {
    for config in [Config::ga(), Config::coevolution(), Config::policy(), Config::ga().with_setting(Setting::Gradual)] {
        resume(&fresh(&config)).expect("a fresh checkpoint resumes");
        resume(&after_one(&config)).expect("a consistent checkpoint resumes");
    }
}

#[test]
fn a_training_deal_0_is_refused_on_resume() {
    refused(&fresh(&Config::ga()), |j| j["training"][0] = json!(0), "training");
}

#[test]
fn a_genome_nested_200000_deep_is_an_error_not_a_stack_overflow() {
    let deep = format!("{}{}", "(".repeat(200_000), ")".repeat(200_000));
    for config in [Config::ga(), Config::policy()] {
        refused(&fresh(&config), |j| j["population"][1] = json!(deep), "population[1]: not ");
        refused(&after_one(&config), |j| j["champion"]["genome"] = json!(deep), "champion.genome");
        refused(&after_one(&config), |j| j["validated"][0]["genome"] = json!(deep), "validated[0].genome");
    }
    let err = resume(&{
        let mut j = fresh(&Config::policy());
        j["population"][0] = json!(deep);
        j
    })
    .err()
    .unwrap();
    assert!(err.to_string().contains("lists nested 65 deep"), "{err}");
}

#[test]
fn every_field_is_checked_on_resume() {
    let ga = fresh(&Config::ga());
    let coevolution = fresh(&Config::coevolution());
    let policy = fresh(&Config::policy());
    let one = after_one(&Config::coevolution());
    let champion = one["champion"].clone();
    let cases: Vec<(&Value, Edit, &str)> = vec![
        // Training deals: MS 1 … deal_range, distinct, ascending, as many as configured.
        (&ga, Box::new(|j| j["training"][3] = json!(32_001)), "training[3]: deal 32001 is not in MS 1–32000"),
        (&ga, Box::new(|j| j["training"][3] = j["training"][2].clone()), "training[3]"),
        (&ga, Box::new(|j| j["training"].as_array_mut().unwrap().reverse()), "distinct and ascending"),
        (&ga, Box::new(|j| _ = j["training"].as_array_mut().unwrap().pop()), "training: 23 deals; training_size is 24"),
        // Genomes.
        (&ga, Box::new(|j| j["population"][0] = json!("(+ (* HSDH 1.5))")), "population[0]: a weight is not in [0, 1]"),
        (&ga, Box::new(|j| j["population"][0] = json!("(+ (* HSDH -0.5))")), "population[0]"),
        (&ga, Box::new(|j| j["population"][2] = json!("")), "population[2]: not weights"),
        (
            &ga,
            Box::new(|j| j["population"][2] = j["population"][2].as_str().unwrap().replace(')', " x)").into()),
            "population[2]",
        ),
        (&policy, Box::new(|j| j["population"][0] = json!("(+ (* HSDH 1))")), "population[0]: not a policy"),
        (
            &policy,
            Box::new(|j| {
                j["population"][0] =
                    json!("(policy (if (and (and (and (and (<= HSDH 0.5) true) true) true) true) (+)) (default (+)))");
            }),
            "population[0]: the condition of rule 0 has depth 6",
        ),
        (
            &policy,
            Box::new(|j| j["population"][0] = json!("(policy (default (+)))")),
            "a policy of 0 rules in a run of 5",
        ),
        (
            &policy,
            Box::new(|j| j["population"][0] = json!("(policy (if (<= HSDH 1) (+ (* HSDH 2))) (default (+)))")),
            "population[0]",
        ),
        (
            &ga,
            Box::new(|j| _ = j["population"].as_array_mut().unwrap().pop()),
            "population: 3 genomes; the population is 4",
        ),
        // Deal individuals: as many as configured, of deals_per_set training deals.
        (
            &coevolution,
            Box::new(|j| j["deal_population"][1][0] = json!(0)),
            "deal_population[1][0]: deal 0 is not a training deal",
        ),
        (&coevolution, Box::new(|j| j["deal_population"][1][2] = json!(40_000)), "deal_population[1][2]"),
        (
            &coevolution,
            Box::new(|j| _ = j["deal_population"][0].as_array_mut().unwrap().pop()),
            "deal_population[0]: 5 deals; deals_per_set is 6",
        ),
        (
            &coevolution,
            Box::new(|j| _ = j["deal_population"].as_array_mut().unwrap().pop()),
            "deal_population: 2 deal sets",
        ),
        (
            &coevolution,
            Box::new(|j| _ = j["deal_scores"].as_array_mut().unwrap().pop()),
            "deal_scores: 2 entries for 3 deal sets",
        ),
        (&coevolution, Box::new(|j| j["deal_scores"][0] = json!([-1.0, 0])), "deal_scores[0]: -1.0"),
        (&ga, Box::new(|j| j["deal_population"] = json!([[1]])), "deal_population: 1 deal sets in the Random setting"),
        // The log, the champion and the validated individuals.
        (&ga, Box::new(|j| j["generation"] = json!(3)), "history: 0 records at generation 3"),
        (&ga, Box::new(move |j| j["champion"] = champion), "champion: present before any generation ran"),
        (&one, Box::new(|j| j["champion"] = Value::Null), "champion: missing after 1 generations"),
        (&one, Box::new(|j| j["champion"]["generation"] = json!(7)), "champion.generation: 7"),
        (&one, Box::new(|j| j["champion"]["fitness"] = json!(1.5)), "champion.fitness: 1.5"),
        (&one, Box::new(|j| j["champion"]["solved"] = json!(3)), "champion.solved: 3 of 2 deals"),
        (&one, Box::new(|j| j["history"][0]["generation"] = json!(1)), "history[0].generation: 1"),
        (&one, Box::new(|j| j["history"][0]["best_fitness"] = json!(-0.5)), "history[0].best_fitness: -0.5"),
        (&one, Box::new(|j| j["history"][0]["solved_fraction"] = json!(2)), "history[0].solved_fraction"),
        (&one, Box::new(|j| j["history"][0]["seconds"] = json!(-1)), "history[0].seconds"),
        (&one, Box::new(|j| j["history"][0]["best_solved"] = json!(9)), "history[0].best_solved: 9 of 2"),
        (&one, Box::new(|j| j["history"][0]["validation"] = Value::Null), "history[0].validation: missing"),
        (
            &one,
            Box::new(|j| j["history"][0]["validation"]["generation"] = json!(1)),
            "history[0].validation.generation: 1",
        ),
        (&one, Box::new(|j| j["validated"][0]["solved"] = json!(4)), "validated[0].solved: 4 of 3"),
        (
            &one,
            Box::new(|j| j["validated"][0]["generation"] = json!(1)),
            "validated[0].generation: 1; only 1 generations ran",
        ),
        (
            &one,
            Box::new(|j| j["config"]["validation"] = Value::Null),
            "history[0].validation: present in a run without",
        ),
    ];
    for (base, edit, says) in cases {
        refused(base, edit, says);
    }
}

#[test]
fn absurd_settings_are_errors_before_anything_is_allocated() {
    let huge = Config { population: 1_000_000_000_000, ..Config::ga() };
    let fields = [
        (huge, "population: 1000000000000"),
        (Config { population: 0, ..Config::ga() }, "population: 0"),
        (Config { training_size: 0, ..Config::ga() }, "training_size: 0"),
        (Config { training_size: usize::MAX, deal_range: u32::MAX, ..Config::ga() }, "training_size"),
        (Config { random_deals: 0, ..Config::ga() }, "random_deals: 0"),
        (Config { random_deals: 5_000, training_size: 10_000, ..Config::ga() }, "random_deals: 5000"),
        (Config { deal_range: 0, ..Config::ga() }, "deal_range: 0"),
        (
            Config { deals_per_set: usize::MAX, sets_per_solver: 3, ..Config::coevolution() },
            "deals_per_set × sets_per_solver",
        ),
        (Config { deal_population: 1 << 40, ..Config::coevolution() }, "deal_population: 1099511627776"),
        (Config { rules: 1 << 40, ..Config::policy() }, "rules: 1099511627776"),
        (Config { generations: u32::MAX, ..Config::ga() }, "generations: 4294967295"),
        (
            Config { validation: Some(Validation { first: 40_000, last: u32::MAX, max_nodes: 1 }), ..Config::ga() },
            "validation: MS 40000–4294967295",
        ),
        (
            Config {
                rates: freecell_evolve::Rates { crossover: f64::NAN, ..freecell_evolve::Rates::PAPER },
                ..Config::ga()
            },
            "rates: 0.2, NaN",
        ),
    ];
    for (config, says) in fields {
        let err = Evolution::new(config.clone(), 1, None).expect_err("refused");
        assert!(err.to_string().contains(says), "{err} should contain {says:?}");
        assert!(config.validate().is_err());
        // The same settings in a checkpoint.
        let mut json = fresh(&Config::ga());
        json["config"] = serde_json::to_value(&config).unwrap();
        if let Ok(checkpoint) = Checkpoint::from_json(&json.to_string()) {
            assert!(Evolution::resume(checkpoint, 1, None).is_err());
        }
    }
}

#[test]
fn long_lists_are_refused_while_reading() {
    let mut json = fresh(&Config::ga());
    json["population"] = json!(vec![""; Config::MAX_POPULATION + 1]);
    let err = Checkpoint::from_json(&json.to_string()).expect_err("refused");
    assert!(err.to_string().contains("invalid length 10001, expected a list of at most 10000 items"), "{err}");
    let mut json = fresh(&Config::coevolution());
    json["deal_scores"] = json!(vec![[0, 0]; Config::MAX_DEAL_POPULATION + 1]);
    assert!(Checkpoint::from_json(&json.to_string()).is_err());
}

#[test]
fn reading_errors_are_placed_and_short() {
    let mut json = fresh(&Config::ga());
    let long = "W".repeat(1_000_000);
    json["config"]["representation"] = json!(format!("\u{feff}{long}"));
    let err = Checkpoint::from_json(&serde_json::to_string_pretty(&json).unwrap()).err().unwrap().to_string();
    assert!(err.starts_with("the checkpoint is not usable: line 21, column 1000027: "), "{err}");
    assert!(err.contains("unknown variant `\\u{feff}WWW"), "{err}");
    assert!(err.contains("…`, expected `Weights` or `Policy`"), "{err}");
    assert!(err.chars().count() < 200, "{err}");
    json["config"]["representation"] = json!("Weights");
    json["generation"] = json!(long);
    let err = Checkpoint::from_json(&json.to_string()).err().unwrap().to_string();
    assert!(err.contains("invalid type: string \"WWW") && err.chars().count() < 200, "{err}");
    // Not JSON at all, nested past serde_json's limit, empty.
    for text in ["", "\u{feff}{}", &"[".repeat(100_000), "{\"config\": 1e400}"] {
        let err = Checkpoint::from_json(text).err().unwrap().to_string();
        assert!(err.contains("line 1, column"), "{err}");
    }
    let err = freecell_evolve::Baselines::from_json(&format!("{{\"budget\": \"{long}\"}}")).err().unwrap().to_string();
    assert!(err.starts_with("the baselines are not usable: line 1, column") && err.chars().count() < 200, "{err}");
}
