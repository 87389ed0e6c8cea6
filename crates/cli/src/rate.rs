//! `freecell rate`: the fewest free cells, the narrowness and the tier of a deal or a
//! position, or the census of a range of deals (through `freecell-bench`'s [`Ratings`]);
//! and the winnable deals of `freecell deal --winnable`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;
use freecell_bench::Ratings;
use freecell_core::{Board, BoardN, Notation};
use freecell_deals::{DealNumber, DealRange};
use freecell_solver::difficulty::{RUNG_NODES, Rater, Rating, SAMPLE_NODES, SAMPLES, Tier, WinnableDeals};
use freecell_solver::{GameBoard, Outcome, Preset, Solver};
use serde::Serialize;

use crate::bench::{self, BenchArgs};
use crate::game::{Chosen, GameArgs};
use crate::input::{self, Checked, parse_jobs};
use crate::{Failure, SearchArgs, parse_deal, position_of};

/// Exit codes of `freecell rate`, shown by its `--help`.
pub(crate) const RATE_EXIT_CODES: &str = "\
Exit codes:
  0  rated (whatever the answer: a lost or undecided position is a result); with --deals,
     every deal ran
  1  an output could not be written, the system refused a thread, or a solution failed
     verification (a solver bug)
  2  bad usage or bad input: unknown option, deal number or range out of range,
     unreadable or malformed file, a CSV file that is not this command's";

/// Arguments of `freecell rate`.
#[derive(Debug, Args)]
pub(crate) struct RateArgs {
    /// Rate this Microsoft deal instead of a board file.
    #[arg(long, value_name = "N", value_parser = Checked(parse_deal), allow_negative_numbers = true, conflicts_with_all = ["board", "deals"])]
    deal: Option<DealNumber>,
    /// Rate every Microsoft deal of RANGE (`A..B`, B included): a census, one CSV row per
    /// deal with --csv, histograms of the fewest free cells and of the tiers.
    #[arg(long, value_name = "RANGE", value_parser = Checked(bench::parse_range), allow_negative_numbers = true, conflicts_with = "board")]
    deals: Option<DealRange>,
    /// The game whose rules apply (and, with --deal or --deals, how its deals are laid
    /// out), any game, wide ones included; the rungs vary only its free cells.
    #[command(flatten)]
    game: GameArgs,
    /// The board file, in the fc-solve format; `-` reads standard input.
    #[arg(value_name = "BOARD_FILE", required_unless_present_any = ["deal", "deals"])]
    board: Option<PathBuf>,
    /// The solver and the limits of each rung's solve.
    #[command(flatten)]
    search: SearchArgs,
    /// Positions sampled along the solution for the narrowness (0: none, and no tier).
    #[arg(long, value_name = "K", default_value_t = SAMPLES, value_parser = Checked(input::number::<usize>), allow_negative_numbers = true)]
    samples: usize,
    /// The expansions each sampled move's solve may take.
    #[arg(long, value_name = "N", default_value_t = SAMPLE_NODES, value_parser = Checked(input::number::<u64>), allow_negative_numbers = true)]
    sample_nodes: u64,
    /// With --deals: rate deals on N threads (0: one per core).
    #[arg(long, value_name = "N", default_value = "1", value_parser = Checked(parse_jobs), allow_negative_numbers = true)]
    jobs: std::num::NonZeroUsize,
    /// With --deals: one row per deal to FILE (CSV), resumed if it exists.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `freecell rate`.
pub(crate) fn rate(args: RateArgs) -> Result<(), Failure> {
    args.search.check()?;
    if let Some(deals) = args.deals {
        let game = args.game.chosen()?;
        let name = bench::run_name(&game, &args.search);
        let variant = game.variant.clone();
        let workload = Ratings::new()
            .samples(args.samples)
            .sample_nodes(args.sample_nodes)
            .rung_nodes(rung_nodes(&args.search))
            .game(game.variant);
        let bench = BenchArgs::census(deals, args.game, args.search, args.jobs, args.csv, args.json);
        return bench::drive(&bench, workload, &name, &variant);
    }
    if args.csv.is_some() || args.jobs.get() != 1 {
        return Err(Failure::Input("--csv and --jobs go with --deals RANGE, a census".to_owned()));
    }
    let (_, position) = position_of(&args.game, args.deal, args.board.as_deref())?;
    let rater = Rater::new(args.search.solver()?)
        .samples(args.samples)
        .sample_nodes(args.sample_nodes)
        .rung_nodes(rung_nodes(&args.search));
    let deal = args.deal.map(DealNumber::get);
    let text = match &position {
        GameBoard::Narrow(board) => rated(&rater, board, deal, args.json),
        GameBoard::Wide(board) => rated(&rater, board, deal, args.json),
    }?;
    crate::write_stdout(&text)
}

/// The cap of each rung: `--max-nodes N`, none with `--max-nodes none`, else
/// [`RUNG_NODES`].
fn rung_nodes(search: &SearchArgs) -> Option<u64> {
    match search.max_nodes {
        Some(input::NodeLimit::At(n)) => Some(n),
        Some(input::NodeLimit::Unlimited) => None,
        None => Some(RUNG_NODES),
    }
}

/// The rating of `board` (Microsoft deal `deal`, if it is one), as text or JSON.
fn rated<const C: usize, const F: usize>(
    rater: &Rater,
    board: &BoardN<C, F>,
    deal: Option<u64>,
    json: bool,
) -> Result<String, Failure> {
    let rating = rater.rate(board).map_err(|error| Failure::Internal(error.to_string()))?;
    if !json {
        return Ok(report(board, &rating));
    }
    let json = Json::of(deal, board, &rating)?;
    let mut text = serde_json::to_string_pretty(&json).map_err(|error| Failure::Internal(error.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The text report of one rating.
fn report<const C: usize, const F: usize>(board: &BoardN<C, F>, rating: &Rating) -> String {
    let ladder = &rating.ladder;
    let mut out = String::new();
    match (ladder.min_free_cells(), ladder.is_lost()) {
        (Some(cells), _) => {
            let _ = write!(out, "fewest free cells: {cells}");
            match ladder.lost_with() {
                Some(lost) => {
                    let _ = writeln!(out, " (won with {cells}, proved lost with {lost})");
                }
                None => {
                    let _ = writeln!(out, " (won with {cells}; the position holds {} cards in cells)", ladder.floor());
                }
            }
        }
        (None, true) => {
            let _ =
                writeln!(out, "fewest free cells: none (proved lost with {})", ladder.lost_with().unwrap_or_default());
        }
        (None, false) => {
            let rungs: Vec<String> = ladder.undecided().iter().map(u8::to_string).collect();
            let _ = writeln!(out, "fewest free cells: undecided (rungs {} undecided)", rungs.join(", "));
        }
    }
    let rungs: Vec<String> = ladder
        .rungs()
        .iter()
        .map(|rung| {
            format!("{} {} ({:.3} s)", rung.free_cells, verdict(&rung.outcome), rung.stats.elapsed.as_secs_f64())
        })
        .collect();
    let _ = writeln!(out, "rungs tried: {}", rungs.join(", "));
    if let Some(solution) = rating.solution(board) {
        let _ = writeln!(out, "solution with {} cells: {} moves", board.rules().free_cells, solution.len());
    }
    if let Some(n) = &rating.narrowness {
        let share = n.losing_share().map_or_else(|| "–".to_owned(), |s| format!("{:.1}%", 100.0 * s));
        let samples: Vec<String> = n.samples.iter().map(|s| format!("{}/{}", s.winnable, s.moves)).collect();
        let _ = writeln!(
            out,
            "narrowness: {} samples (moves keeping it winnable / available: {}); forced {}, narrow {}; \
             moves not shown winnable {share} on average ({} undecided)",
            n.samples.len(),
            samples.join(" "),
            n.forced(),
            n.narrow(),
            n.undecided_moves()
        );
    }
    let _ = writeln!(out, "tier: {}", rating.tier.map_or("undecided", Tier::name));
    out
}

fn verdict(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Solved(_) => "won".to_owned(),
        Outcome::Unsolvable => "lost".to_owned(),
        Outcome::Undecided(reason) => format!("undecided: {reason}"),
    }
}

/// `freecell rate --json`.
#[derive(Serialize)]
struct Json {
    deal: Option<u64>,
    free_cells: u8,
    min_free_cells: Option<u8>,
    lost_with: Option<u8>,
    undecided_rungs: Vec<u8>,
    rungs: Vec<JsonRung>,
    /// The solution with the fewest cells, standard notation.
    solution: Option<JsonSolution>,
    /// The length of the solution with the position's own cells.
    length: Option<usize>,
    narrowness: Option<JsonNarrowness>,
    tier: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonRung {
    free_cells: u8,
    outcome: String,
    expanded: u64,
    #[serde(serialize_with = "freecell_bench::json::decimals::<6, _>")]
    seconds: f64,
}

#[derive(Serialize)]
struct JsonSolution {
    free_cells: u8,
    length: usize,
    moves: Vec<String>,
}

#[derive(Serialize)]
struct JsonNarrowness {
    samples: Vec<JsonSample>,
    forced: usize,
    narrow: usize,
    #[serde(serialize_with = "freecell_bench::json::optional_decimals::<4, _>")]
    losing_share: Option<f64>,
    undecided_moves: u32,
}

#[derive(Serialize)]
struct JsonSample {
    after: usize,
    moves: u32,
    winnable: u32,
    lost: u32,
    undecided: u32,
}

impl Json {
    fn of<const C: usize, const F: usize>(
        deal: Option<u64>,
        board: &BoardN<C, F>,
        rating: &Rating,
    ) -> Result<Json, Failure> {
        let ladder = &rating.ladder;
        let solution = match ladder.solution() {
            Some((cells, solution)) => {
                let rung_board = freecell_solver::difficulty::with_free_cells(board, cells)
                    .ok_or_else(|| Failure::Internal("internal error: a rung below the floor".to_owned()))?;
                let moves = rung_board.write_solution(&solution.moves, Notation::Standard).map_err(|error| {
                    Failure::Internal(format!("internal error: the solution does not replay: {error}"))
                })?;
                Some(JsonSolution {
                    free_cells: cells,
                    length: solution.len(),
                    moves: moves.lines().map(str::to_owned).collect(),
                })
            }
            None => None,
        };
        Ok(Json {
            deal,
            free_cells: board.rules().free_cells,
            min_free_cells: ladder.min_free_cells(),
            lost_with: ladder.lost_with(),
            undecided_rungs: if ladder.is_lost() { Vec::new() } else { ladder.undecided() },
            rungs: ladder
                .rungs()
                .iter()
                .map(|rung| JsonRung {
                    free_cells: rung.free_cells,
                    outcome: verdict(&rung.outcome),
                    expanded: rung.stats.search.expanded,
                    seconds: rung.stats.elapsed.as_secs_f64(),
                })
                .collect(),
            solution,
            length: rating.solution(board).map(freecell_solver::Solution::len),
            narrowness: rating.narrowness.as_ref().map(|n| JsonNarrowness {
                samples: n
                    .samples
                    .iter()
                    .map(|s| JsonSample {
                        after: s.after,
                        moves: s.moves,
                        winnable: s.winnable,
                        lost: s.lost,
                        undecided: s.undecided(),
                    })
                    .collect(),
                forced: n.forced(),
                narrow: n.narrow(),
                losing_share: n.losing_share(),
                undecided_moves: n.undecided_moves(),
            }),
            tier: rating.tier.map(Tier::name),
        })
    }
}

/// The expansions each rung of a `--winnable` deal may take: a tenth of a second or so.
/// 37 of MS 1–970 expand more over their rungs (proofs with one or two cells), up to 12.4
/// million (MS 891, 70 s).
const WINNABLE_NODES: u64 = 200_000;

/// `freecell deal --winnable`: a seeded random Microsoft deal of the tier asked, rated by
/// the default solver; the board on standard output, its number, tier and seed on standard
/// error.
pub(crate) fn winnable(game: &Chosen, tier: Option<Tier>, seed: Option<u64>) -> Result<String, Failure> {
    let seed = seed.unwrap_or_else(|| {
        // No seed given: a new deal each time, the seed printed so it can be had again.
        SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO).as_nanos() as u64
    });
    // A deal whose rungs take longer is skipped (its tier stays undecided): there are
    // plenty of others, and the wait for one stays short.
    let rater = Rater::new(Solver::new(Preset::Fast).max_nodes(WINNABLE_NODES));
    game.check_narrow()?;
    let variant = game.variant.clone();
    // Whether a game's deals fit a `Board` depends on its rules alone, checked above, so
    // every deal does; the fallback is never taken.
    let first = Board::try_from(variant.deal(&DealNumber::MAX.cards()))
        .map_err(|error| Failure::Internal(format!("internal error: {}: {error}", game.label)))?;
    let ms = move |n| {
        let deal = DealNumber::new(n).unwrap_or(DealNumber::MAX);
        Board::try_from(variant.deal(&deal.cards())).unwrap_or_else(|_| first.clone())
    };
    let mut deals = WinnableDeals::new(rater, seed, DealNumber::MAX.get(), ms);
    if let Some(tier) = tier {
        deals = deals.tier(tier).map_err(|error| Failure::Input(format!("--tier lost: {error}")))?;
    }
    let found = deals
        .next()
        .ok_or_else(|| Failure::Internal("internal error: the winnable deals ended".to_owned()))?
        .map_err(|error| Failure::Internal(error.to_string()))?;
    let rating = &found.rating;
    eprintln!(
        "freecell: deal {} ({}; fewest free cells {}; solution {} moves; --seed {seed})",
        found.number,
        rating.tier.map_or("undecided", Tier::name),
        rating.ladder.min_free_cells().map_or_else(|| "undecided".to_owned(), |c| c.to_string()),
        found.solution().len(),
    );
    Ok(crate::deal_text(&found.board, game))
}

/// `--tier T`.
pub(crate) fn parse_tier(text: &str) -> Result<Tier, freecell_solver::difficulty::ParseTierError> {
    text.parse()
}
