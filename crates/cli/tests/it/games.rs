//! `freecell games`, and the game options every command takes: `--game` (names and
//! aliases), `--rules FILE`, `--cells` and `--cascades`.

use crate::{DEAL_1, data, freecell, freecell_with_stdin};

/// The presets' names, as docs/games.md lists them (an independent list: the binary's
/// must match it).
const NAMES: [&str; 16] = [
    "freecell",
    "relaxed-freecell",
    "bakers-game",
    "kings-only-bakers-game",
    "forecell",
    "eight-off",
    "seahaven-towers",
    "relaxed-seahaven-towers",
    "beleaguered-castle",
    "streets-and-alleys",
    "citadel",
    "fan",
    "bakers-dozen",
    "good-measure",
    "cruel",
    "simple-simon",
];

#[test]
fn games_lists_every_preset_with_its_aliases_and_rules() {
    let run = freecell(&["games"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("game"), "{}", lines[0]);
    let names: Vec<&str> = lines[1..].iter().map(|line| line.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(names, NAMES);
    let line = |name: &str| lines.iter().find(|l| l.starts_with(&format!("{name} "))).copied().unwrap_or_default();
    assert!(line("kings-only-bakers-game").contains("kings_only_bakers_game, ko_bakers_game"));
    assert!(line("seahaven-towers").contains("seahaven_towers, seahaven "));
    assert!(line("relaxed-seahaven-towers").contains("relaxed_seahaven_towers, relaxed_seahaven "));
    assert!(line("freecell").ends_with(
        "4 cells, 8 cascades, alternate colours, any card to an empty cascade, runs of (f+1)·2^e cards, dealt round-robin"
    ));
    assert!(line("eight-off").contains("8 cells (4 dealt full), 8 cascades, by suit, kings only to an empty cascade"));
    assert!(line("bakers-dozen").contains("empty cascades stay empty, single cards, kings beneath"));
}

#[test]
fn games_as_json_hold_rule_files_that_deal_as_the_presets() {
    let run = freecell(&["games", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let games: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let games = games.as_array().expect("an array");
    assert_eq!(games.len(), 16);
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    for (game, name) in games.iter().zip(NAMES) {
        assert_eq!(game["name"], name);
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, game["rules"].to_string()).expect("written");
        let from_file = freecell(&["deal", "617", "--rules", path.to_str().expect("UTF-8")]);
        let preset = freecell(&["deal", "617", "--game", name]);
        assert_eq!((from_file.code, &from_file.stdout), (0, &preset.stdout), "{name}: {}", from_file.stderr);
    }
    let kob = games.iter().find(|g| g["name"] == "kings-only-bakers-game").expect("listed");
    assert_eq!(kob["aliases"], serde_json::json!(["kings_only_bakers_game", "ko_bakers_game"]));
}

#[test]
fn every_preset_written_as_toml_deals_as_the_preset() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let dir = dir.path();
    for name in NAMES {
        let toml = freecell(&["games", "--toml", name]);
        assert_eq!(toml.code, 0, "{name}: {}", toml.stderr);
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, &toml.stdout).expect("written");
        let from_file = freecell(&["deal", "1941", "--rules", path.to_str().expect("UTF-8")]);
        let preset = freecell(&["deal", "1941", "--game", name]);
        assert_eq!((from_file.code, &from_file.stdout), (0, &preset.stdout), "{name}: {}", from_file.stderr);
    }
}

#[test]
fn aliases_work_on_every_command() {
    assert_eq!(freecell(&["deal", "1", "--game", "bakers_game"]).stdout, DEAL_1);
    let seahaven = freecell(&["deal", "1", "--game", "seahaven"]);
    assert_eq!(seahaven.stdout, freecell(&["deal", "1", "--game", "seahaven-towers"]).stdout);
    let verify = freecell_with_stdin(&["verify", "--deal", "1", "--game", "ko_bakers_game", "-"], "");
    assert_eq!(verify.stderr, "freecell: incomplete: 0 moves replayed, 52 cards not home\n");
    let hint = freecell(&["hint", "--deal", "1", "--game", "relaxed_seahaven"]);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    let solve = freecell(&["solve", "--deal", "1", "--game", "bakers_game", "--max-nodes", "1"]);
    assert_eq!(solve.code, 4, "{}", solve.stderr);
    let bench = freecell(&["bench", "--deals", "1", "--game", "kings_only_bakers_game", "--max-nodes", "1"]);
    assert_eq!(bench.code, 0, "{}", bench.stderr);
    let unknown = freecell(&["deal", "1", "--game", "klondike"]);
    assert_eq!(unknown.code, 2);
    assert!(unknown.stderr.contains("unknown game `klondike`"), "{}", unknown.stderr);
}

#[test]
fn other_cascade_counts_deal_round_robin() {
    // Deal 1's cards in dealing order are FreeCell's cascades read across.
    let freecell_cascades: Vec<Vec<&str>> = DEAL_1.lines().map(|l| l.split(' ').collect()).collect();
    let order: Vec<&str> = (0..52).map(|i| freecell_cascades[i % 8][i / 8]).collect();
    for cascades in [1usize, 4, 5, 7, 10, 13] {
        let run = freecell(&["deal", "1", "--cascades", &cascades.to_string()]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let dealt: Vec<Vec<&str>> = run.stdout.lines().map(|l| l.split(' ').collect()).collect();
        let expected: Vec<Vec<&str>> =
            (0..cascades).map(|c| order.iter().skip(c).step_by(cascades).copied().collect()).collect();
        assert_eq!(dealt, expected, "{cascades} cascades");
    }
    // Fan's rounds give way to round-robin on another cascade count.
    let fan = freecell(&["deal", "1", "--game", "fan", "--cascades", "8"]);
    assert_eq!(fan.stdout, DEAL_1);
}

#[test]
fn bad_knobs_and_rule_files_are_named() {
    let zero = freecell(&["deal", "1", "--cascades", "0"]);
    assert_eq!(
        (zero.code, zero.stderr.as_str()),
        (2, "freecell: freecell with --cascades 0: 0 cascades requested; a game may have 1 to 20\n")
    );
    let cells = freecell(&["deal", "1", "--game", "forecell", "--cells", "3"]);
    assert_eq!(
        cells.stderr,
        "freecell: forecell with --cells 3: 4 cards are dealt to the free cells, but the game has 3 free cells\n"
    );
    let eleven = freecell(&["deal", "1", "--cells", "11"]);
    assert!(eleven.stderr.contains("11 free cells requested; a game may have 0 to 10"), "{}", eleven.stderr);
    let file = freecell(&["deal", "1", "--rules", &data("deals-too-many-cells.toml")]);
    assert_eq!(file.code, 2);
    assert!(
        file.stderr.ends_with(
            "deals-too-many-cells.toml`: line 9, column 9: deal.cells: 4 cards are dealt to the free cells, but the \
             game has 2 free cells\n"
        ),
        "{}",
        file.stderr
    );
    let both = freecell(&["deal", "1", "--game", "fan", "--rules", &data("deals-too-many-cells.toml")]);
    assert_eq!(both.code, 2);
    assert!(both.stderr.contains("cannot be used with"), "{}", both.stderr);
    for args in [&["verify", "--rules", "-", "-", "x"][..], &["solve", "--rules", "-", "-"]] {
        let run = freecell_with_stdin(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains("standard input"), "{args:?}: {}", run.stderr);
    }
    let json = freecell_with_stdin(&["deal", "1", "--rules", "-"], "{\n  \"free-cells\": 4,\n  \"cascade\": 8\n}\n");
    assert_eq!(json.code, 2);
    assert!(
        json.stderr
            .starts_with("freecell: bad rules in standard input: line 3, column 3: cascade: unknown field `cascade`"),
        "{}",
        json.stderr
    );
}

#[test]
fn wide_games_deal_verify_and_solve() {
    let run = freecell(&[
        "verify",
        "--cells",
        "10",
        "--cascades",
        "12",
        &data("wide-endgame.board"),
        &data("wide-endgame.solution"),
    ]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "valid: 2 moves\n"), "{}", run.stderr);
    // Cascade 11 is `l`, and it is empty.
    let wrong = freecell_with_stdin(
        &["verify", "--cells", "10", "--cascades", "12", &data("wide-endgame.board"), "-"],
        "kh lh",
    );
    assert!(wrong.stderr.contains("move 2 (`lh`, line 1, column 4): cascade 11 is empty"), "{}", wrong.stderr);
    // Fan's deal read back as a board file.
    let fan = freecell(&["deal", "1", "--game", "fan"]);
    assert_eq!(fan.stdout.lines().count(), 18);
    let read =
        freecell_with_stdin(&["verify", "--game", "fan", "-", &data("endgame-incomplete.solution")], &fan.stdout);
    assert_eq!(read.code, 2);
    assert!(read.stderr.contains("invalid solution"), "{}", read.stderr);
    // Wide games solve: fc-solve proves Cruel's deal 1 unsolvable (without redeals) and
    // solves Fan's deal 3 (docs/results/data/fc-solve-games); the solution replays.
    let cruel = freecell(&["solve", "--deal", "1", "--game", "cruel"]);
    assert_eq!(cruel.code, 3, "{}", cruel.stderr);
    let fan = freecell(&["solve", "--deal", "3", "--game", "fan"]);
    assert_eq!(fan.code, 0, "{}", fan.stderr);
    let replayed = freecell_with_stdin(&["verify", "--deal", "3", "--game", "fan", "-"], &fan.stdout);
    assert_eq!(replayed.stdout, format!("valid: {} moves\n", fan.stdout.split_whitespace().count()));
    // A preset that does not apply to the game is a usage error.
    let optimal = freecell(&["solve", "--deal", "1", "--game", "simple-simon", "--solver", "optimal"]);
    assert_eq!(optimal.code, 2);
    assert!(optimal.stderr.contains("the optimal preset cannot solve simple-simon"), "{}", optimal.stderr);
}

#[test]
fn freecell_with_three_cells_solves_and_verifies() {
    let solve = freecell(&["solve", "--deal", "1", "--cells", "3"]);
    assert_eq!(solve.code, 0, "{}", solve.stderr);
    let verify = freecell_with_stdin(&["verify", "--deal", "1", "--cells", "3", "-"], &solve.stdout);
    assert_eq!((verify.code, verify.stdout.lines().count()), (0, 1), "{}", verify.stderr);
    assert!(verify.stdout.starts_with("valid: "));
}

/// `fast` stops a deal of the games that have one at the game's own node limit unless
/// `--max-nodes` says otherwise (`none`: no limit), and the bench says which limit ran.
#[test]
fn a_game_default_node_limit_applies_unless_max_nodes_is_given() {
    let limit = |more: &[&str]| {
        let mut args = vec!["bench", "--deals", "1", "--json"];
        args.extend_from_slice(more);
        let run = freecell(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let options = run.stdout.lines().next().expect("the options first").to_owned();
        (options, run.stderr)
    };
    let (options, summary) = limit(&["--game", "simple-simon"]);
    assert!(options.contains("\"max_nodes\":3000000"), "{options}");
    assert!(summary.contains("limits per deal: 3,000,000 nodes"), "{summary}");
    let (options, summary) = limit(&["--game", "simple-simon", "--max-nodes", "none"]);
    assert!(options.contains("\"max_nodes\":null"), "{options}");
    assert!(summary.contains("limits per deal: none"), "{summary}");
    // Beleaguered Castle's deals get more than the rule set's limit, which Streets and
    // Alleys keeps.
    let (options, summary) = limit(&["--game", "beleaguered-castle"]);
    assert!(options.contains("\"max_nodes\":1420000"), "{options}");
    assert!(summary.contains("limits per deal: 1,420,000 nodes"), "{summary}");
    let (options, _) = limit(&["--game", "streets-and-alleys"]);
    assert!(options.contains("\"max_nodes\":1220000"), "{options}");
    let (options, _) = limit(&["--game", "forecell", "--max-nodes", "500"]);
    assert!(options.contains("\"max_nodes\":500"), "{options}");
    let (options, _) = limit(&["--game", "freecell"]);
    assert!(options.contains("\"max_nodes\":null"), "{options}");
    let bad = freecell(&["solve", "--deal", "1", "--max-nodes", "nothing"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("or `none`"), "{}", bad.stderr);
}
