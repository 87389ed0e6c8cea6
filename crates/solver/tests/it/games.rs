//! Every game of the FreeCell family against an independent program: the `fast` preset's
//! verdicts on the first deals of each game (at least 200) against fc-solve's
//! (`docs/results/data/fc-solve-games`, made by `scripts/fc-solve-verdicts.py` from
//! PySolFC's layouts, nothing of this workspace's), and every solution replayed under the
//! game's rules.
//!
//! Where fc-solve decides (it solved the deal, or proved it unsolvable with every
//! single-card move), ours must agree: solved ⇔ solved, unsolvable ⇔ unsolvable, and an
//! undecided of ours fails. Where it does not, our verdict is counted, not checked (beyond
//! the replay). Simple Simon's rows also take the verdicts of
//! `scripts/simple-simon-search.py` (`simple-simon-independent.csv`), an independent search
//! over every legal move, on the deals fc-solve leaves undecided.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use freecell_core::{Game, Rules};
use freecell_deals::DealNumber;
use freecell_solver::{GameBoard, Outcome, Preset, SolveError, Solver};

/// Deals fc-solve decides that `fast` leaves undecided within the budgets here (2,000,000
/// expansions, and 20,000 in the debug-build subset): the work left, named so that it is
/// seen. Each is still run and replayed; it must not contradict fc-solve (solved where
/// fc-solve proved unsolvable, or the reverse), and it is counted apart.
const KNOWN_GAPS: &[(&str, u64)] = &[];

/// Expansions for a deal fc-solve leaves undecided, or one of [`KNOWN_GAPS`], in the
/// debug-build subset (their verdicts are not checked, so they need not be decided).
const SUBSET_OPEN_NODES: u64 = 20_000;

/// Expansions for any deal in the full run: what `fast` decides, it decides within this.
const FULL_NODES: u64 = 2_000_000;

/// A verdict of fc-solve (or of the independent Simple Simon search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Solved,
    Unsolvable,
    Undecided,
}

/// One CSV of verdicts: the file's name, the game dealt, and its free cells when the CSV is
/// FreeCell with fewer cells (fc-solve's `--freecells-num`).
struct Set {
    file: &'static str,
    game: Game,
    free_cells: Option<u8>,
}

const fn set(file: &'static str, game: Game) -> Set {
    Set { file, game, free_cells: None }
}

/// Every CSV of the directory.
const SETS: [Set; 20] = [
    set("freecell", Game::FreeCell),
    set("relaxed-freecell", Game::RelaxedFreeCell),
    set("bakers-game", Game::BakersGame),
    set("kings-only-bakers-game", Game::KingsOnlyBakersGame),
    set("forecell", Game::ForeCell),
    set("eight-off", Game::EightOff),
    set("seahaven-towers", Game::SeahavenTowers),
    set("relaxed-seahaven-towers", Game::RelaxedSeahavenTowers),
    set("beleaguered-castle", Game::BeleagueredCastle),
    set("streets-and-alleys", Game::StreetsAndAlleys),
    set("citadel", Game::Citadel),
    set("fan", Game::Fan),
    set("bakers-dozen", Game::BakersDozen),
    set("good-measure", Game::GoodMeasure),
    set("cruel", Game::Cruel),
    set("simple-simon", Game::SimpleSimon),
    Set { file: "freecell-0-cells", game: Game::FreeCell, free_cells: Some(0) },
    Set { file: "freecell-1-cells", game: Game::FreeCell, free_cells: Some(1) },
    Set { file: "freecell-2-cells", game: Game::FreeCell, free_cells: Some(2) },
    Set { file: "freecell-3-cells", game: Game::FreeCell, free_cells: Some(3) },
];

fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/results/data/fc-solve-games").join(format!("{file}.csv"))
}

/// The verdicts of a CSV whose first two columns are `deal,verdict`, by deal.
fn verdicts(file: &str) -> BTreeMap<u64, Verdict> {
    let path = data(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    assert!(header.starts_with("deal,verdict,"), "{}: header {header:?}", path.display());
    lines
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split(',');
            let at = || format!("{}:{}", path.display(), i + 2);
            let deal = fields.next().and_then(|d| d.parse().ok()).unwrap_or_else(|| panic!("{}: deal", at()));
            let verdict = match fields.next() {
                Some("solved") => Verdict::Solved,
                Some("unsolvable") => Verdict::Unsolvable,
                Some("undecided") => Verdict::Undecided,
                other => panic!("{}: verdict {other:?}", at()),
            };
            (deal, verdict)
        })
        .collect()
}

/// The verdicts a set is checked against: fc-solve's, and for Simple Simon the independent
/// search's where fc-solve is undecided.
fn truth(set: &Set) -> BTreeMap<u64, Verdict> {
    let mut truth = verdicts(set.file);
    let deals = truth.len() as u64;
    assert!(deals >= 200, "{}: {deals} deals", set.file);
    assert_eq!(truth.keys().copied().collect::<Vec<_>>(), (1..=deals).collect::<Vec<_>>(), "{}", set.file);
    if set.game == Game::SimpleSimon {
        for (deal, verdict) in verdicts("simple-simon-independent") {
            let theirs = truth.get_mut(&deal).expect("a deal of the range");
            assert_ne!(*theirs, Verdict::Solved, "simple simon {deal}: searched again only where undecided");
            *theirs = verdict;
        }
    }
    truth
}

/// The board of `deal` in `set`.
fn board(set: &Set, deal: u64) -> GameBoard {
    let mut layout = DealNumber::try_from(deal).expect("in range").layout(set.game);
    if let Some(n) = set.free_cells {
        layout.rules = Rules { free_cells: n, ..layout.rules };
        layout.cells.truncate(usize::from(n));
    }
    GameBoard::try_from(layout).expect("a dealt layout is legal")
}

/// What a run over one set found.
#[derive(Default)]
struct Tally {
    agreed: u32,
    /// Deals of [`KNOWN_GAPS`] still undecided.
    gaps: Vec<u64>,
    /// Verdicts that contradict fc-solve's, or undecided where it decides.
    failures: Vec<String>,
    /// fc-solve undecided: ours solved, proved unsolvable, undecided.
    theirs_undecided: [u32; 3],
    seconds: f64,
}

/// Solves `deals` of `set` with `fast` under `limit` expansions and checks each verdict;
/// deals fc-solve leaves undecided, and the known gaps, get `open_limit`.
fn run(set: &Set, deals: std::ops::RangeInclusive<u64>, limit: u64, open_limit: u64) -> Tally {
    let truth = truth(set);
    let solver = Solver::new(Preset::Fast).max_nodes(limit);
    let open = Solver::new(Preset::Fast).max_nodes(open_limit);
    let mut tally = Tally::default();
    let started = Instant::now();
    for deal in deals {
        let board = board(set, deal);
        let theirs = truth[&deal];
        let gap = KNOWN_GAPS.contains(&(set.file, deal));
        let report = if theirs == Verdict::Undecided || gap { open.solve(&board) } else { solver.solve(&board) }
            .unwrap_or_else(|e| panic!("{} {deal}: {e}", set.file));
        let ours = match &report.outcome {
            Outcome::Solved(solution) => {
                assert!(board.wins(&solution.moves), "{} {deal}: the solution does not win", set.file);
                Verdict::Solved
            }
            Outcome::Unsolvable => Verdict::Unsolvable,
            Outcome::Undecided(_) => Verdict::Undecided,
        };
        if theirs == Verdict::Undecided {
            tally.theirs_undecided[ours as usize] += 1;
        } else if gap && ours == Verdict::Undecided {
            tally.gaps.push(deal);
        } else if ours == theirs {
            tally.agreed += 1;
        } else {
            tally.failures.push(format!("{} {deal}: ours {:?}, fc-solve's {theirs:?}", set.file, report.outcome));
        }
    }
    tally.seconds = started.elapsed().as_secs_f64();
    tally
}

/// The first 20 deals of every game, in a debug build's time: deals fc-solve leaves
/// undecided get 20,000 expansions (their verdict is not checked).
#[test]
fn fast_agrees_with_fc_solve_on_the_first_deals_of_every_game() {
    for set in &SETS {
        let tally = run(set, 1..=20, u64::MAX, SUBSET_OPEN_NODES);
        assert!(tally.failures.is_empty(), "{:#?}", tally.failures);
        assert!(tally.agreed > 0, "{}: nothing checked", set.file);
    }
}

/// Every deal of every CSV (deals 1–200 at least, up to 1–1000 for Good Measure, so that
/// fc-solve decides at least 200 of each game's), printing per game the deals agreed on, fc-solve's undecided
/// ones (ours solved / proved unsolvable / undecided) and the time. Slow in a debug build:
/// `cargo test --release -p freecell-solver --test it games -- --ignored --nocapture`.
#[test]
#[ignore = "slow in debug builds"]
#[allow(clippy::print_stdout)] // The table is what the run is for.
fn fast_agrees_with_fc_solve_on_every_deal_of_every_game() {
    let mut total = Duration::ZERO;
    let mut failures = Vec::new();
    println!("| game | agreed | fc-solve undecided (ours solved / unsolvable / undecided) | known gaps | seconds |");
    println!("|---|---|---|---|---|");
    for set in &SETS {
        let last = truth(set).len() as u64;
        let tally = run(set, 1..=last, FULL_NODES, FULL_NODES);
        let [s, u, d] = tally.theirs_undecided;
        let gaps = format!("{:?}", tally.gaps);
        println!(
            "| {} | {} | {} ({s} / {u} / {d}) | {gaps} | {:.2} |",
            set.file,
            tally.agreed,
            s + u + d,
            tally.seconds
        );
        total += Duration::from_secs_f64(tally.seconds);
        failures.extend(tally.failures);
    }
    println!("total {:.1} s", total.as_secs_f64());
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Every preset on deal 1 of every game, within 2,000 expansions: an answer (not an error)
/// but for `optimal` under Simple Simon, which names itself and the game; every solution
/// replays, and no verdict contradicts fc-solve's.
#[test]
fn every_preset_answers_on_every_game() {
    for set in SETS.iter().filter(|set| set.free_cells.is_none()) {
        let board = board(set, 1);
        let theirs = truth(set)[&1];
        for preset in Preset::ALL {
            let result = Solver::new(preset).max_nodes(2_000).solve(&board);
            if preset == Preset::Optimal && set.game == Game::SimpleSimon {
                let Err(error @ SolveError::Unsupported { .. }) = result else { panic!("{result:?}") };
                let message = error.to_string();
                assert!(message.contains("optimal") && message.contains("simple-simon"), "{message}");
                continue;
            }
            let report = result.unwrap_or_else(|e| panic!("{preset} on {}: {e}", set.file));
            match &report.outcome {
                Outcome::Solved(solution) => {
                    assert!(board.wins(&solution.moves), "{preset} on {}", set.file);
                    assert_ne!(theirs, Verdict::Unsolvable, "{preset} on {}", set.file);
                }
                Outcome::Unsolvable => assert_ne!(theirs, Verdict::Solved, "{preset} on {}", set.file),
                Outcome::Undecided(_) => {}
            }
        }
    }
}

/// A `GameBoard` holds each game in the narrowest board, and a wide one is solved, hinted
/// and spawned like a `Board`: Cruel's deal 1 (12 cascades), which fc-solve proves lost.
#[test]
fn a_game_board_is_solved_hinted_and_spawned_at_its_width() {
    let cruel = board(&SETS[14], 1);
    assert_eq!(SETS[14].game, Game::Cruel);
    let GameBoard::Wide(wide) = &cruel else { panic!("Cruel has 12 cascades: {cruel}") };
    let parsed = GameBoard::parse_with_rules(&cruel.to_string(), Game::Cruel.rules()).expect("its own text");
    assert_eq!(parsed, cruel);
    assert!(matches!(board(&SETS[0], 1), GameBoard::Narrow(_)));
    let solver = Solver::new(Preset::Fast);
    assert_eq!(solver.solve(&cruel).unwrap().outcome, Outcome::Unsolvable);
    assert_eq!(solver.hint(wide).unwrap().next, None);
    let report = solver.spawn(wide.clone()).unwrap().join().unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable);
    let report = solver.spawn(board(&SETS[0], 1)).unwrap().join().unwrap();
    assert!(report.outcome.solution().is_some(), "FreeCell deal 1 is won");
}
