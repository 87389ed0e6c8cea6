//! The cases of bad bench CSV files and evolve runs (checkpoints).

use super::*;

#[allow(clippy::too_many_lines)] // a table, one row per case
pub(super) fn csv_cases() -> Vec<Case> {
    let bench = |more: &[&'static str]| with(&["bench", "--deals", "1..2", "--max-nodes", "1"], more);
    let to_csv = bench(&["--csv", "out.csv"]);
    let csv = |bytes: Vec<u8>| vec![("out.csv", bytes)];
    let hsd_rows = format!("{CSV_HEADER}1,hsd,undecided,node-limit,1,8,0.000142,,,9,24800\n");
    let long_line = format!("{CSV_HEADER}{}\n", "x".repeat(5000));
    let bad_number = format!("{CSV_HEADER}1,fast,solved,,abc,522,0.001587,97,116,467,81728\n");
    let twice = format!("{CSV_HEADER}{CSV_ROW_1}{CSV_ROW_1}");
    vec![
        row("csv_is_a_directory", &to_csv, "", vec![("out.csv/", vec![])], 1, &["`out.csv`", "directory"]),
        row("csv_in_a_missing_directory", &bench(&["--csv", "nodir/out.csv"]), "", vec![], 1, &["`nodir/out.csv`"])
            .then(no_nodir),
        row(
            "csv_under_a_file",
            &bench(&["--csv", "afile/out.csv"]),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile/out.csv`"],
        ),
        row("csv_dev_full", &bench(&["--csv", "/dev/full"]), "", vec![], 2, &["`/dev/full`", "not a regular file"]),
        row("csv_dev_zero", &bench(&["--csv", "/dev/zero"]), "", vec![], 2, &["`/dev/zero`", "not a regular file"]),
        row("csv_of_another_solver", &to_csv, "", csv(b(&hsd_rows)), 2, &["`out.csv`", "line 2", "hsd"]),
        row(
            "csv_with_another_header",
            &to_csv,
            "",
            csv(b("name,age\nAda,36\n")),
            2,
            &["`out.csv`", "line 1", "header"],
        ),
        row("csv_binary", &to_csv, "", csv(garbage()), 2, &["`out.csv`", "line 1"]),
        row("csv_of_zeros", &to_csv, "", csv(repeat(0, 10_000)), 2, &["`out.csv`", "line 1"]),
        row(
            "csv_non_utf8_row",
            &to_csv,
            "",
            csv(cat(&[CSV_HEADER.as_bytes(), b"1,fast,\xff\n"])),
            2,
            &["`out.csv`", "line 2", "UTF-8"],
        ),
        row("csv_5000_byte_line", &to_csv, "", csv(b(&long_line)), 2, &["`out.csv`", "line 2", "4096"]),
        row("csv_bad_number", &to_csv, "", csv(b(&bad_number)), 2, &["`out.csv`", "line 2"]),
        row("csv_deal_twice", &to_csv, "", csv(b(&twice)), 2, &["`out.csv`", "line 3"]),
        row(
            "csv_of_deals_for_hints",
            &bench(&["--hints", "2", "--csv", "out.csv"]),
            "",
            csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}"))),
            2,
            &["`out.csv`", "line 1"],
        ),
        row("csv_torn_last_line_resumes", &to_csv, "", csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}2,fast,undec"))), 0, &[])
            .then(resumed_with_deal_2),
        row(
            "csv_torn_header_starts_afresh",
            &["bench", "--deals", "1", "--max-nodes", "1", "--csv", "out.csv"],
            "",
            csv(b("deal,solver,out")),
            0,
            &[],
        )
        .then(started_afresh),
        row(
            "csv_empty_starts_afresh",
            &["bench", "--deals", "1", "--max-nodes", "1", "--csv", "out.csv"],
            "",
            csv(vec![]),
            0,
            &[],
        )
        .then(started_afresh),
        row(
            "csv_kept_on_a_bad_range",
            &["bench", "--deals", "0..2", "--csv", "out.csv"],
            "",
            csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}"))),
            2,
            &["--deals", "deal `0`"],
        ),
        row(
            "csv_not_created_on_too_many_jobs",
            &bench(&["--jobs", "100000", "--csv", "out.csv"]),
            "",
            vec![],
            2,
            &["--jobs", "1024"],
        ),
        row(
            "csv_not_created_on_cost_single",
            &bench(&["--cost", "single", "--csv", "out.csv"]),
            "",
            vec![],
            2,
            &["--cost", "optimal"],
        ),
    ]
}

/// A real checkpoint, from a one-generation run made once for all cases.
fn checkpoint() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let dir = base().join("_checkpoint_source");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("the checkpoint directory can be created");
        let args = with(&["evolve", "--out", "run", "--mode", "ga", "--generations", "1"], &TINY);
        let run = freecell_raw(&args, b"", &dir, TIME_LIMIT);
        assert_eq!(run.code, Some(0), "the checkpoint run: {}", run.stderr_lossy());
        fs::read_to_string(dir.join("run").join("checkpoint.json")).expect("the run wrote its checkpoint")
    })
}

/// `text` with the first value of JSON key `key` that starts with `starts` replaced: the
/// value runs to the next `,`, `]`, `}` or line break, or is one string.
fn json_value(text: &str, key: &str, starts: fn(char) -> bool, new: &str) -> String {
    let pattern = format!("\"{key}\":");
    let mut from = 0;
    while let Some(found) = text[from..].find(&pattern) {
        let at = from + found + pattern.len();
        let rest = &text[at..];
        let value_at = at + (rest.len() - rest.trim_start().len());
        let value = &text[value_at..];
        if value.starts_with(starts) {
            let end = if let Some(string) = value.strip_prefix('"') {
                1 + string.find('"').expect("a JSON string ends") + 1
            } else {
                value.find([',', ']', '}', '\n']).unwrap_or(value.len())
            };
            return format!("{}{new}{}", &text[..value_at], &text[value_at + end..]);
        }
        from = at;
    }
    panic!("the checkpoint has no `{key}` of that form: update the bad-input table");
}

/// The checkpoint with its first training deal replaced by `deal`.
fn checkpoint_with_training_deal(deal: &str) -> String {
    let text = checkpoint();
    let key = text.find("\"training\":").expect("the checkpoint lists its training deals");
    let open = key + text[key..].find('[').expect("the training deals are a list") + 1;
    let rest = &text[open..];
    let first = open + rest.find(|c: char| c.is_ascii_digit()).expect("a training deal");
    let end = first + text[first..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    format!("{}{deal}{}", &text[..first], &text[end..])
}

/// The checkpoint with its first genome replaced by `genome` (no quotes or backslashes).
fn checkpoint_with_genome(genome: &str) -> String {
    let text = checkpoint();
    let key = text.find("\"population\": [").or_else(|| text.find("\"population\":[")).expect("a population list");
    let first = key + text[key..].find('"').expect("the key") + "\"population\"".len();
    let open = first + text[first..].find('"').expect("a genome string");
    let close = open + 1 + text[open + 1..].find('"').expect("the genome string ends");
    format!("{}\"{genome}\"{}", &text[..open], &text[close + 1..])
}

#[allow(clippy::too_many_lines)] // a table, one row per case
pub(super) fn evolve_cases() -> Vec<Case> {
    let resume = with(&["evolve", "--out", "run", "--resume", "--generations", "2"], &[]);
    let fresh = |more: &[&'static str]| {
        with(&with(&["evolve", "--out", "run", "--mode", "ga", "--generations", "1"], &TINY), more)
    };
    let cp = |text: String| vec![("run/checkpoint.json", text.into_bytes())];
    let cpb = |bytes: Vec<u8>| vec![("run/checkpoint.json", bytes)];
    let text = checkpoint();
    let population_0 = json_value(text, "population", |c| c.is_ascii_digit(), "0");
    let truncated = text[..text.len() / 2].to_owned();
    vec![
        row("evolve_resume_without_checkpoint", &resume, "", vec![], 2, &["checkpoint.json", "resume"]),
        row("evolve_resume_not_json", &resume, "", cp("not json\n".to_owned()), 2, &["checkpoint.json", "line 1"]),
        row("evolve_resume_empty", &resume, "", cp(String::new()), 2, &["checkpoint.json"]),
        row("evolve_resume_truncated", &resume, "", cp(truncated), 2, &["checkpoint.json", "line"]),
        row("evolve_resume_binary", &resume, "", cpb(garbage()), 2, &["checkpoint.json", "UTF-8"]),
        row(
            "evolve_resume_genome_of_200000_parens",
            &resume,
            "",
            cp(checkpoint_with_genome(&"(".repeat(200_000))),
            2,
            &["checkpoint.json", "deep||nest||depth||level"],
        ),
        row(
            "evolve_resume_genome_not_weights",
            &resume,
            "",
            cp(checkpoint_with_genome("garbage")),
            2,
            &["checkpoint.json"],
        ),
        row(
            "evolve_resume_genome_weight_above_1",
            &resume,
            "",
            cp(checkpoint_with_genome("(+ (* HSDH 5))")),
            2,
            &["checkpoint.json", "[0, 1]"],
        ),
        row(
            "evolve_resume_training_deal_0",
            &resume,
            "",
            cp(checkpoint_with_training_deal("0")),
            2,
            &["checkpoint.json", "deal 0"],
        ),
        row("evolve_resume_population_0", &resume, "", cp(population_0), 2, &["checkpoint.json", "population"]),
        row(
            "evolve_existing_run_without_resume",
            &fresh(&[]),
            "",
            cp(text.to_owned()),
            2,
            &["checkpoint.json", "--resume"],
        ),
        row(
            "evolve_out_under_a_file",
            &with(&["evolve", "--out", "afile/run", "--generations", "1"], &TINY),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile/run`"],
        ),
        row(
            "evolve_out_is_a_file",
            &with(&["evolve", "--out", "afile", "--generations", "1"], &TINY),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile`"],
        ),
        row("evolve_population_0", &fresh(&["--population", "0"]), "", vec![], 2, &["population"]),
        row("evolve_population_1", &fresh(&["--population", "1"]), "", vec![], 2, &["population"]),
        row(
            "evolve_training_0",
            &with(&["evolve", "--out", "run", "--training", "0"], &[]),
            "",
            vec![],
            2,
            &["training"],
        ),
        row(
            "evolve_deals_per_generation_0",
            &with(&["evolve", "--out", "run", "--mode", "ga", "--deals", "0"], &[]),
            "",
            vec![],
            2,
            &["deals per generation||--deals"],
        ),
        row(
            "evolve_validate_inside_training",
            &fresh(&["--validate", "100..200"]),
            "",
            vec![],
            2,
            &["--validate||32000"],
        ),
        row("evolve_validate_from_0", &fresh(&["--validate", "0..5"]), "", vec![], 2, &["--validate", "deal `0`"]),
        row("evolve_mode_unknown", &["evolve", "--mode", "nope"], "", vec![], 2, &["--mode", "nope"]),
        row("evolve_setting_unknown", &["evolve", "--setting", "nope"], "", vec![], 2, &["--setting", "nope"]),
        row("evolve_jobs_100000", &fresh(&["--jobs", "100000"]), "", vec![], 2, &["--jobs", "1024"]),
        row("evolve_jobs_0_is_one_per_core", &fresh(&["--jobs", "0"]), "", vec![], 0, &[]).then(wrote_best_weights),
        row("evolve_timeout_ms_u64_max", &fresh(&["--timeout-ms", "18446744073709551615"]), "", vec![], 0, &[])
            .then(wrote_best_weights),
    ]
}
