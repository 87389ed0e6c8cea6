//! The `freecell` command: print Microsoft FreeCell deals, find a position's deal, solve
//! them, give hints, verify solutions, run benchmarks and evolve solvers.
//!
//! The command is thin on purpose: it parses arguments, reads and writes text, and maps
//! outcomes to exit codes. Dealing lives in `freecell-deals`, rules and the verifier in
//! `freecell-core`, solving in `freecell-solver`, benchmarking in `freecell-bench`. The
//! binary is `src/main.rs`, which calls [`run`]; this library exists so that the fuzz
//! targets (`fuzz/` in the repository) reach the readers of untrusted text the command
//! owns. It is not an API to build on: embed `freecell-solver` or `freecell-bench` instead.

// Printing results and errors is this binary's job; the workspace warns on it elsewhere.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod bench;
mod census;
mod evolve;
mod failure;
mod game;
mod input;
mod prove;
mod rate;

use std::fmt::{self, Write as _};
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand, error::ErrorKind};
use freecell_core::{BoardN, Move, Notation, verify};
use freecell_deals::{DealFinder, DealNumber, FindDealError};
use freecell_solver::{CostModel, GameBoard, Goal, Outcome, Preset, SolveError, SolveReport, Solver};

use failure::Failure;
use game::{Chosen, GameArgs};
use input::{Checked, is_stdin, read_input, shown};

/// Exit codes, shown by `freecell --help` and listed in the README.
const EXIT_CODES: &str = "\
Exit codes:
  0  success (verify: the solution is valid and wins; bench: every deal ran; find-deal:
     a deal was found)
  1  an output could not be written (standard output, the CSV file, the run directory),
     the system refused a thread, or an internal error of the solver (bench: a solution
     that failed verification)
  2  bad usage or bad input: unknown option, deal number out of range, unreadable
     or malformed file, illegal move, or a solution that does not finish the game
  3  proved unsolvable (solve, hint); no deal gives the position (find-deal)
  4  undecided (solve, hint): a node, time or memory limit was reached, or the solver's
     search is incomplete; find-deal: too few of the position's cards are sure to lie
     where they were dealt to tell its deal";

/// The exit codes of `deal` and `verify`, which never search.
const CHECK_EXIT_CODES: &str =
    "Exit codes: 0 success, 1 output not written, 2 bad usage or input (see `freecell --help`)";

/// The exit codes of `find-deal`.
const FIND_EXIT_CODES: &str = "Exit codes: 0 found, 1 output not written, 2 bad usage or input, 3 no deal gives the \
position, 4 too few cards sure to lie where they were dealt to tell the deal (see `freecell --help`)";

/// The exit codes of `solve` and `hint`.
const SEARCH_EXIT_CODES: &str = "Exit codes: 0 solved, 1 output not written or internal error, 2 bad usage or input, \
3 proved unsolvable, 4 undecided (see `freecell --help`)";

/// Print Microsoft FreeCell deals, find a position's deal, solve them, give hints and
/// verify solutions.
#[derive(Debug, Parser)]
#[command(name = "freecell", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a Microsoft deal (1 to 8589934591).
    ///
    /// For FreeCell and Baker's Game: the eight cascades, one line each, deepest card
    /// first, cards joined by one space, `T` for ten — the output of fc-solve's
    /// `pi-make-microsoft-freecell-board -t`. Games that start with cards in free cells
    /// are printed in the full fc-solve board format.
    #[command(after_help = CHECK_EXIT_CODES)]
    Deal(DealArgs),
    /// Find the Microsoft deal (1 to 8589934591) a board was dealt as or played from.
    ///
    /// Prints every deal the position can have come from, one number a line: a deal that
    /// puts each card where it lies, or where play can have put it (a free cell, its
    /// foundation, a built run, an emptied cascade). It relies on the cards at the bottom
    /// of each cascade up to the last one that does not build on the card below it, which
    /// play cannot have put there; a position with too few of them (cascades emptied or
    /// rebuilt to the bottom) cannot be placed (exit 4). Searches the generator's states,
    /// not the 8.6 billion deals: about 0.1 s of CPU on one core.
    #[command(after_help = FIND_EXIT_CODES)]
    FindDeal(FindDealArgs),
    /// Replay a solution with no automatic moves and check that it wins.
    ///
    /// The solution is in standard notation (`3a`, `a3`, `3h`, `38`, fc-solve's `13v2`) or
    /// detailed notation (one single-card move per token); tokens are separated by white
    /// space or commas and `#` starts a comment. Every move, foundation moves included,
    /// must be written. Prints `valid: N moves` when the last move wins the game.
    #[command(
        after_help = CHECK_EXIT_CODES,
        override_usage = "freecell verify [GAME OPTIONS] BOARD_FILE SOLUTION_FILE\n       \
                          freecell verify --deal N [GAME OPTIONS] SOLUTION_FILE\n\n\
                          GAME OPTIONS: [--game NAME | --rules FILE] [--cells N] [--cascades N]"
    )]
    Verify(VerifyArgs),
    /// Solve a deal or a position and print the solution.
    ///
    /// The solution lists every move, each foundation move included, one per line, in
    /// standard notation (with fc-solve's `v` + hex count on a multi-card move into an empty
    /// cascade) or detailed notation: it replays with no automove rule (`freecell verify`).
    /// Statistics go to standard error.
    #[command(after_help = SEARCH_EXIT_CODES)]
    Solve(SolveArgs),
    /// Print the next move of a solution from a position, in standard notation.
    #[command(after_help = SEARCH_EXIT_CODES)]
    Hint(HintArgs),
    /// Decide a deal or a position by exhausting every position reachable from it, for
    /// spaces larger than memory: the proof engine for the hardest impossible deals.
    ///
    /// Cards never leave the foundations, so the positions are expanded one foundation
    /// vector (component) at a time, in order of cards home: memory holds one component's
    /// positions (about 30 bytes each) and the positions waiting for later components,
    /// which go to sorted runs on disk (--tmp-dir) when memory (--max-mb) runs short. A
    /// component that outgrows the memory alone is searched again from its seeds,
    /// breadth-first with its layers on disk (each new layer merged against every position
    /// it has visited, 6 to 11 bytes a position). Every single-card move is tried, with Raymond's safe automoves only, so "unsolvable" is an
    /// exhaustion; a limit reached gives "undecided". A solution found is printed and
    /// verified. Statistics, and the positions per number of cards home, go to standard
    /// error.
    #[command(after_help = prove::PROVE_EXIT_CODES)]
    Prove(prove::ProveArgs),
    /// Evolve solvers: GA-FreeCell's weights or Policy-FreeCell's policies.
    ///
    /// Each generation solves training deals with every individual (staged deepening under
    /// a node budget) and scores the node reduction against HSDH. Writes to DIR:
    /// checkpoint.json (resume with --resume), log.csv (one line per generation),
    /// best.weights or best.policy (for `freecell solve --solver weights:FILE` or
    /// `policy:FILE`), fitness.svg (best and mean fitness) and baselines.json (HSDH's node
    /// counts, reused by later runs). The same seed and settings give the same run,
    /// whatever --jobs.
    #[command(after_help = evolve::EVOLVE_EXIT_CODES)]
    Evolve(evolve::EvolveArgs),
    /// Run a solver on a range of Microsoft deals: per-deal rows (CSV, JSON) and a summary.
    ///
    /// The summary has the form of the GA-FreeCell paper's Table 2: mean nodes expanded,
    /// seconds and solution length per deal, and deals solved — once with each deal not
    /// solved charged 1000 M nodes, 9,000 s and 60,000 moves, once with those deals left
    /// out. Every reported solution is replayed by the verifier. Rows hold the deal, the
    /// outcome (solved, unsolvable, undecided with its reason, or error), nodes expanded and
    /// generated, seconds, the solution length in both move-count models (`length`: a run
    /// move counts 1; `single_card_length`: a run of n cards counts n; foundation moves and
    /// automoves count 1 each in both), and the engine's peak memory: `peak_stored`, the
    /// most positions it held at once, and `peak_bytes`, the most bytes its cache held by
    /// its own accounting (not the process's resident memory). `fast` empties its searches
    /// when a solve starts, so its figure is about a cold solve's; the other presets count
    /// capacity a thread kept from its earlier deals too, so theirs can vary with --jobs.
    #[command(after_help = bench::BENCH_EXIT_CODES)]
    Bench(bench::BenchArgs),
    /// Rate a deal's difficulty: the fewest free cells it is won with, how narrow its path
    /// is, and a tier.
    ///
    /// Solves the position with its own free cells, then with one fewer at a time until a
    /// loss is proved (one more at a time while it is lost), the other rules unchanged: the
    /// fewest free cells come with a verified solution and a proved loss with one fewer
    /// (fewer cells only lose more, so that one proof covers every rung below). A rung left
    /// undecided within the limits (each rung's solve has them) is reported, never guessed;
    /// a rung stops after 30000000 expansions (about 0.9 GB) unless --max-nodes sets its
    /// own cap (`none`: none). Then K positions along the solution with the position's own cells are sampled, and
    /// each of their moves is judged by a solve: how many keep the game winnable. The tier
    /// (easy, medium, hard, expert, or lost) adds up points for the spare cells, the moves
    /// that lose, forced positions and the length (see the freecell-solver docs,
    /// `difficulty::Tier::of`). With --deals, a census of a range of deals.
    #[command(
        after_help = rate::RATE_EXIT_CODES,
        override_usage = "freecell rate [OPTIONS] (--deal N | BOARD_FILE) [--json]\n       \
                          freecell rate [OPTIONS] --deals RANGE [--jobs N] [--csv FILE] [--json]"
    )]
    Rate(rate::RateArgs),
    /// List the games of the FreeCell family: each preset's name, its other names (fc-solve's
    /// and PySolFC's spellings) and its rules in one line.
    ///
    /// Every command that deals or plays takes `--game NAME` (any of these names), or a
    /// game of your own with `--rules FILE`, and `--cells N` / `--cascades N` over either.
    #[command(after_help = CHECK_EXIT_CODES)]
    Games(game::GamesArgs),
    /// A census of many deals, sharded for array-job engines (Slurm job arrays, Kubernetes
    /// indexed jobs): `run` one shard, then `merge` the shards into a report.
    ///
    /// Each task of the array runs `freecell census run` with the same options; the
    /// shard comes from --shard or the engine's environment. See deploy/slurm/ in the
    /// repository for the Slurm scripts.
    #[command(subcommand, after_help = census::CENSUS_EXIT_CODES)]
    Census(census::CensusCommand),
}

/// Where a board comes from: `--deal N` or a board file (`-`: standard input).
#[derive(Debug, Args)]
struct BoardArgs {
    /// Start from this Microsoft deal instead of a board file.
    #[arg(long, value_name = "N", value_parser = Checked(parse_deal), allow_negative_numbers = true, conflicts_with = "board")]
    deal: Option<DealNumber>,
    /// The game whose rules apply (and, with --deal, how the deal is laid out).
    #[command(flatten)]
    game: GameArgs,
    /// The board file, in the fc-solve format; `-` reads standard input.
    #[arg(value_name = "BOARD_FILE", required_unless_present = "deal")]
    board: Option<PathBuf>,
}

/// Search settings shared by `solve`, `hint` and `bench`.
#[derive(Debug, Args)]
struct SearchArgs {
    /// The solver: fast (the default: greedy search, an exhaustive fallback that proves
    /// losses, shortened solutions), hsd, hsd-heineman, ga, bestfirst, goals, bfs, optimal
    /// (provably shortest), or an evolved one: `weights:FILE` (a genome, as `freecell
    /// evolve` writes it) or `policy:FILE` (a policy). `dfs` and `ida-hsdh` are there to
    /// reproduce the papers that found them wanting: they almost never solve a deal in
    /// reasonable time (0 of MS 1-10 with 0.5 s each). See the freecell-solver docs.
    #[arg(long, value_name = "NAME", default_value = "fast", value_parser = Checked(evolve::SolverChoice::parse))]
    solver: evolve::SolverChoice,
    /// Shorten the solution (remove loops and detours) before printing it; `fast` does
    /// unless --goal is verdict.
    #[arg(long)]
    shorten: bool,
    /// What the solve is for: `short` (the default: fast's evaluations tuned under a bound
    /// on solution length, and the solution shortened) or `verdict` (solvable or not at
    /// least cost: fast's evaluations learned for fewest expansions on FreeCell, the
    /// solution verified but not shortened; what `freecell census run` does).
    #[arg(long, value_name = "GOAL", default_value = "short", value_parser = Checked(input::parse_goal))]
    goal: Goal,
    /// Give up after expanding N positions: undecided (exit 4; bench: per deal), never
    /// unsolvable; `none` for no limit. Default: none, but for fast in the games where a
    /// few deals would take longer than all the others, the game's own (expansions a
    /// deal): simple-simon and forecell 3000000, fan 2000000, beleaguered-castle 1420000,
    /// streets-and-alleys and citadel 1220000, bakers-dozen 1000000, good-measure 263200
    /// (docs/games.md).
    #[arg(long, value_name = "N", value_parser = Checked(input::node_limit), allow_negative_numbers = true)]
    max_nodes: Option<input::NodeLimit>,
    /// Give up after SECS seconds, fractions allowed: undecided (exit 4; bench: per deal).
    #[arg(long, value_name = "SECS", value_parser = Checked(input::parse_seconds), allow_negative_numbers = true)]
    timeout: Option<Duration>,
    /// Give up before the solver's storage would exceed N megabytes (2^20 bytes):
    /// undecided (exit 4; bench: per deal). Default: 3/8 of the memory this process may
    /// still allocate (the least of its cgroup's limit, its address-space limit and the
    /// memory available), and at most 4096 for optimal, 2048 for every other solver; fast
    /// starts at 150 per stage and doubles that while a deal outgrows it, up to that share.
    #[arg(long, value_name = "N", value_parser = Checked(input::number::<usize>), allow_negative_numbers = true)]
    max_mb: Option<usize>,
    /// `optimal` only: the move-count model to minimise. `sequence` (the default): a run
    /// move counts 1 (Paul & Helmert's count); `single`: every card relocation counts 1.
    /// Foundation moves count 1 in both.
    #[arg(long, value_name = "MODEL", value_parser = Checked(parse_cost))]
    cost: Option<CostModel>,
    /// `optimal` only: the deadlock bound `h_p`, cycles through at most P suits (0 to 4;
    /// default 2).
    #[arg(long, value_name = "P", value_parser = Checked(parse_deadlock_p), allow_negative_numbers = true)]
    deadlock_p: Option<u8>,
    /// `optimal` only: IDA* (little memory, no automoves) instead of A*.
    #[arg(long)]
    low_memory: bool,
}

impl SearchArgs {
    /// Checks that the options fit the solver: `--cost`, `--deadlock-p` and `--low-memory`
    /// mean something to `optimal` only, and silently ignoring them would mislead.
    fn check(&self) -> Result<(), Failure> {
        if self.solver == evolve::SolverChoice::Preset(Preset::Optimal) {
            return Ok(());
        }
        let given = [
            (self.cost.is_some(), "--cost"),
            (self.deadlock_p.is_some(), "--deadlock-p"),
            (self.low_memory, "--low-memory"),
        ];
        match given.iter().find(|(set, _)| *set) {
            Some((_, option)) => Err(Failure::Input(format!(
                "{option} applies to --solver optimal only, and this run uses --solver {}",
                self.solver
            ))),
            None => Ok(()),
        }
    }

    /// The cost model `optimal` minimises (the solver's default when not given).
    fn cost(&self) -> CostModel {
        self.cost.unwrap_or_default()
    }

    /// The deadlock bound's `p` (the solver's default when not given).
    fn deadlock_p(&self) -> u8 {
        self.deadlock_p.unwrap_or(freecell_solver::DEADLOCK_P)
    }

    /// A solver with these settings, its `weights:` or `policy:` file read once.
    fn solver(&self) -> Result<Solver, Failure> {
        Ok(self.with_limits(self.solver.load()?.build()))
    }

    /// `solver` with this run's limits and `optimal` settings.
    fn with_limits(&self, mut solver: Solver) -> Solver {
        solver = solver.goal(self.goal);
        if self.shorten {
            solver = solver.shorten(true);
        }
        match self.max_nodes {
            Some(input::NodeLimit::At(n)) => solver = solver.max_nodes(n),
            Some(input::NodeLimit::Unlimited) => solver = solver.no_node_limit(),
            None => {}
        }
        if let Some(t) = self.timeout {
            solver = solver.timeout(t);
        }
        if let Some(mb) = self.max_mb {
            solver = solver.max_bytes(mb.saturating_mul(1 << 20));
        }
        solver.cost_model(self.cost()).deadlock_p(self.deadlock_p()).low_memory(self.low_memory)
    }
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    input: BoardArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// `standard`: one token per move, sequence moves included; `detailed`: every sequence
    /// move written as its single-card moves.
    #[arg(long, value_name = "NOTATION", default_value = "standard", value_parser = Checked(parse_notation))]
    notation: Notation,
}

#[derive(Debug, Args)]
struct HintArgs {
    #[command(flatten)]
    input: BoardArgs,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Debug, Args)]
struct DealArgs {
    /// The deal number, 1 to 8589934591.
    #[arg(value_name = "N", value_parser = Checked(parse_deal), allow_negative_numbers = true, required_unless_present = "winnable")]
    deal: Option<DealNumber>,
    /// Instead of N, a random deal proved winnable (and rated, see `freecell rate`):
    /// numbers drawn from 1 to 8589934591 by a generator seeded with --seed; a deal whose
    /// rating would take more than 200,000 expansions at some rung is passed over. Its
    /// number, tier and seed go to standard error.
    #[arg(long, conflicts_with = "deal")]
    winnable: bool,
    /// With --winnable: only a deal of this tier (easy, medium, hard or expert).
    #[arg(long, value_name = "T", value_parser = Checked(rate::parse_tier))]
    tier: Option<freecell_solver::difficulty::Tier>,
    /// With --winnable: the generator's seed (default: from the clock).
    #[arg(long, value_name = "S", value_parser = Checked(input::number::<u64>), allow_negative_numbers = true)]
    seed: Option<u64>,
    /// The game: every game deals the same Microsoft shuffle its own way, as PySolFC lays
    /// out its deal "msN".
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Debug, Args)]
struct FindDealArgs {
    /// The game whose rules say how play can have built the cascades: a game dealt to
    /// eight cascades as FreeCell is (freecell in alternating colours, bakers-game in suit).
    #[command(flatten)]
    game: GameArgs,
    /// Search on N threads (0: one per core).
    #[arg(long, value_name = "N", default_value = "0", value_parser = Checked(input::parse_jobs), allow_negative_numbers = true)]
    jobs: NonZeroUsize,
    /// The board file, in the fc-solve format; `-` reads standard input.
    #[arg(value_name = "BOARD_FILE")]
    board: PathBuf,
}

#[derive(Debug, Args)]
struct VerifyArgs {
    /// Start from this Microsoft deal instead of a board file.
    #[arg(long, value_name = "N", value_parser = Checked(parse_deal), allow_negative_numbers = true)]
    deal: Option<DealNumber>,
    /// The game whose rules apply (and, with --deal, how the deal is laid out).
    #[command(flatten)]
    game: GameArgs,
    /// `BOARD_FILE SOLUTION_FILE`, or with --deal only `SOLUTION_FILE`. The board is in the
    /// fc-solve format, the solution in standard or detailed notation; `-` reads standard
    /// input (for one of the two).
    #[arg(value_name = "FILE", num_args = 0..)]
    files: Vec<PathBuf>,
}

/// One deal number. A range (`1..3`) is named as such: only `bench` takes ranges.
fn parse_deal(text: &str) -> Result<DealNumber, String> {
    if text.contains("..") {
        return Err(format!(
            "{} is a range, and this command takes one deal number (1 to 8589934591); `freecell bench --deals` takes ranges",
            freecell_core::quote(text)
        ));
    }
    text.parse().map_err(|error: freecell_deals::ParseDealError| error.to_string())
}

fn parse_notation(text: &str) -> Result<Notation, String> {
    match text {
        "standard" => Ok(Notation::Standard),
        "detailed" => Ok(Notation::Detailed),
        _ => Err("the notations are `standard` and `detailed`".to_owned()),
    }
}

/// `--deadlock-p P`: 0 to 4 suits.
fn parse_deadlock_p(text: &str) -> Result<u8, String> {
    input::number::<u8>(text).ok().filter(|&p| p <= 4).ok_or_else(|| "P is a number of suits, 0 to 4".to_owned())
}

fn parse_cost(text: &str) -> Result<CostModel, String> {
    match text {
        "sequence" => Ok(CostModel::Sequence),
        "single" => Ok(CostModel::SingleCard),
        _ => Err("the cost models are `sequence` and `single`".to_owned()),
    }
}

/// Runs the command with the process's arguments and returns its exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Deal(args) => deal(&args),
        Command::FindDeal(args) => find_deal(&args),
        Command::Verify(args) => run_verify(&args),
        Command::Solve(args) => solve(&args),
        Command::Hint(args) => hint(&args),
        Command::Prove(args) => prove::prove(&args),
        Command::Evolve(args) => evolve::run(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Rate(args) => rate::rate(args),
        Command::Games(args) => game::games(&args),
        Command::Census(command) => census::census(&command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.is_closed_pipe() => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("freecell: {failure}");
            failure.exit_code()
        }
    }
}

fn deal(args: &DealArgs) -> Result<(), Failure> {
    let game = args.game.chosen()?;
    let Some(deal) = args.deal else { return write_stdout(&rate::winnable(&game, args.tier, args.seed)?) };
    if args.tier.is_some() || args.seed.is_some() {
        return Err(Failure::Input(
            "--tier and --seed choose a --winnable deal; a deal number needs neither".to_owned(),
        ));
    }
    let text = match &game.deal(deal)? {
        GameBoard::Narrow(board) => deal_text(board, &game),
        GameBoard::Wide(board) => deal_text(board, &game),
    };
    write_stdout(&text)
}

/// A dealt board as `freecell deal` prints it: the cascades alone, as fc-solve's deal
/// generator prints them, unless cards start in the cells or on the foundations.
fn deal_text<const C: usize, const F: usize>(board: &BoardN<C, F>, game: &Chosen) -> String {
    if game.variant.deal.cells > 0 || board.cards_home() > 0 { board.to_string() } else { board.cascades_text() }
}

fn find_deal(args: &FindDealArgs) -> Result<(), Failure> {
    let game = args.game.chosen()?;
    let found = match read_board(&game, &args.board)? {
        GameBoard::Narrow(board) => DealFinder::new().threads(args.jobs).find(&board),
        GameBoard::Wide(board) => Err(FindDealError::Cascades { found: board.cascade_count() }),
    };
    let deals = found.map_err(|error| match error {
        FindDealError::TooFewDealtCards { .. } => Failure::Undecided(error.to_string()),
        _ => Failure::Input(format!("cannot place the board in {}: {error}", shown(&args.board))),
    })?;
    if deals.is_empty() {
        return Err(Failure::NoDeal);
    }
    if deals.len() > 1 {
        eprintln!("freecell: {} deals fit this position: it keeps too few dealt cards to tell them apart", deals.len());
    }
    let mut text = String::new();
    for deal in deals {
        // Infallible: writing to a String cannot fail.
        let _ = writeln!(text, "{deal}");
    }
    write_stdout(&text)
}

fn run_verify(args: &VerifyArgs) -> Result<(), Failure> {
    if args.game.rules_from_stdin() && args.files.iter().any(|path| is_stdin(path)) {
        usage_error("--rules - reads standard input, so BOARD_FILE and SOLUTION_FILE cannot be `-` too");
    }
    let game = args.game.chosen()?;
    let (position, solution_path) = match (args.deal, args.files.as_slice()) {
        (Some(deal), [solution]) => (game.deal(deal)?, solution),
        (None, [board_path, solution]) => {
            if is_stdin(board_path) && is_stdin(solution) {
                usage_error("only one of BOARD_FILE and SOLUTION_FILE can be `-` (standard input)");
            }
            (read_board(&game, board_path)?, solution)
        }
        (Some(_), _) => usage_error("with --deal, give only SOLUTION_FILE"),
        (None, _) => usage_error("give BOARD_FILE and SOLUTION_FILE, or --deal N and SOLUTION_FILE"),
    };
    let solution = read_input(solution_path, "solution")?;
    let verdict = match &position {
        GameBoard::Narrow(board) => verified(board, &solution, solution_path),
        GameBoard::Wide(board) => verified(board, &solution, solution_path),
    };
    write_stdout(&verdict?)
}

/// `valid: N moves` when `solution` replays on `board` and wins, else why not.
fn verified<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    solution: &str,
    path: &Path,
) -> Result<String, Failure> {
    let verified = verify(board, solution)
        .map_err(|error| Failure::Input(format!("invalid solution in {}: {error}", shown(path))))?;
    let moves = verified.moves.len();
    if !verified.board.is_won() {
        let left = 52 - verified.board.cards_home();
        return Err(Failure::Input(format!(
            "incomplete: {moves} {} replayed, {left} {} not home",
            plural(moves, "move", "moves"),
            plural(left, "card", "cards")
        )));
    }
    Ok(format!("valid: {moves} {}\n", plural(moves, "move", "moves")))
}

/// The position `input` names: a deal, or a board file, under the game's rules.
fn load_position(input: &BoardArgs) -> Result<(Chosen, GameBoard), Failure> {
    position_of(&input.game, input.deal, input.board.as_deref())
}

/// The game `game` chooses and the position of deal `deal` or of the board file `board`
/// (one of the two) under its rules.
fn position_of(
    game: &GameArgs,
    deal: Option<DealNumber>,
    board: Option<&Path>,
) -> Result<(Chosen, GameBoard), Failure> {
    if game.rules_from_stdin() && board.is_some_and(is_stdin) {
        return Err(Failure::Input("--rules - and BOARD_FILE - both read standard input; give one a file".to_owned()));
    }
    let game = game.chosen()?;
    let position = match (deal, board) {
        (Some(deal), _) => game.deal(deal)?,
        (None, Some(path)) => read_board(&game, path)?,
        // clap requires one of the two.
        (None, None) => return Err(Failure::Input("give --deal N or BOARD_FILE".to_owned())),
    };
    Ok((game, position))
}

/// Reads and parses a board file (`-`: standard input) under `game`'s rules.
fn read_board(game: &Chosen, path: &Path) -> Result<GameBoard, Failure> {
    game.parse(&read_input(path, "board")?, path)
}

/// Runs the configured solver on the input position, a board of the width its game needs
/// (a preset that does not apply to the game is a usage error, exit 2).
fn run_solver(input: &BoardArgs, search: &SearchArgs) -> Result<(GameBoard, SolveReport), Failure> {
    search.check()?;
    let (_, position) = load_position(input)?;
    let solver = search.solver()?;
    let report = solver.solve(&position).map_err(|error| match error {
        SolveError::Unsupported { .. } => Failure::Input(error.to_string()),
        _ => Failure::Internal(error.to_string()),
    })?;
    eprintln!("{}", statistics(&search.solver, &report));
    if let Some(bounds) = report.stats.bounds {
        eprintln!("{}", optimal_statistics(search, bounds, &report));
    }
    Ok((position, report))
}

/// One line of statistics for standard error.
fn statistics(preset: impl fmt::Display, report: &SolveReport) -> String {
    let stats = &report.stats;
    let seconds = stats.elapsed.as_secs_f64();
    let rate = if seconds > 0.0 { stats.search.generated as f64 / seconds / 1e6 } else { 0.0 };
    let mut line = format!(
        "{preset}: {} expanded, {} generated in {seconds:.3} s ({rate:.2} M generated/s)",
        stats.search.expanded, stats.search.generated
    );
    if let Outcome::Solved(solution) = &report.outcome {
        // Infallible: writing to a String cannot fail.
        let _ = write!(
            line,
            "; solution: {} moves (sequence-move count), {} single-card moves",
            solution.len(),
            solution.single_card_len()
        );
    }
    line
}

/// The `optimal` preset's second line: the bound, the states, the memory.
fn optimal_statistics(search: &SearchArgs, bounds: freecell_solver::Bounds, report: &SolveReport) -> String {
    let stats = &report.stats.search;
    let model = match search.cost() {
        CostModel::SingleCard => "single",
        CostModel::Sequence => "sequence",
    };
    let engine = if search.low_memory { "IDA*" } else { "A*" };
    let per_state = if stats.peak_stored > 0 { stats.bytes as f64 / stats.peak_stored as f64 } else { 0.0 };
    let peak = freecell_search::system_memory::peak_resident()
        .map_or_else(|| "unknown".to_owned(), |bytes| format!("{:.1} MB", bytes as f64 / f64::from(1 << 20)));
    let below = bounds
        .below
        .map_or_else(String::new, |b| format!(" (below it: {} expanded, {} evaluated)", b.expanded, b.evaluated));
    format!(
        "optimal ({engine}, h_{}, cost {model}): h(initial) {}, final f-bound {}{below}, {} states evaluated, {} stored, \
         {:.3} s, {:.1} MB held by the search ({per_state:.1} bytes per stored state), peak resident memory {peak}",
        search.deadlock_p(),
        bounds.initial,
        bounds.reached,
        stats.evaluated,
        stats.peak_stored,
        report.stats.elapsed.as_secs_f64(),
        stats.bytes as f64 / f64::from(1 << 20),
    )
}

/// The failure for an outcome without a solution.
fn unsolved(outcome: &Outcome) -> Failure {
    match outcome {
        Outcome::Unsolvable => Failure::Unsolvable,
        Outcome::Undecided(reason) => Failure::Undecided(reason.to_string()),
        // Callers handle `Solved` first.
        Outcome::Solved(_) => Failure::Internal("internal error: a solution was treated as none".to_owned()),
    }
}

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let (position, report) = run_solver(&args.input, &args.search)?;
    let Outcome::Solved(solution) = &report.outcome else { return Err(unsolved(&report.outcome)) };
    let written = match &position {
        GameBoard::Narrow(board) => board.write_solution(&solution.moves, args.notation),
        GameBoard::Wide(board) => board.write_solution(&solution.moves, args.notation),
    };
    let text =
        written.map_err(|error| Failure::Internal(format!("internal error: the solution does not replay: {error}")))?;
    write_stdout(&text)
}

fn hint(args: &HintArgs) -> Result<(), Failure> {
    let (position, report) = run_solver(&args.input, &args.search)?;
    let Outcome::Solved(solution) = &report.outcome else { return Err(unsolved(&report.outcome)) };
    if let Some(&mv) = solution.moves.first() {
        write_stdout(&format!("{}\n", written_move(&position, mv)))
    } else {
        eprintln!("freecell: the game is already won");
        Ok(())
    }
}

/// `mv` in standard notation on `position`.
fn written_move(position: &GameBoard, mv: Move) -> String {
    match position {
        GameBoard::Narrow(board) => board.write_move(mv),
        GameBoard::Wide(board) => board.write_move(mv),
    }
}

/// Reports a usage error of `freecell verify` the way clap does (message, usage line,
/// exit code 2) and exits.
fn usage_error(message: &str) -> ! {
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut("verify") {
        Some(verify) => verify.error(ErrorKind::WrongNumberOfValues, message).exit(),
        None => command.error(ErrorKind::WrongNumberOfValues, message).exit(),
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

fn write_stdout(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(Failure::stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}

/// Entry points for the fuzz targets in `fuzz/`: the command's own readers of untrusted
/// text. Not an API; hidden from the docs.
#[doc(hidden)]
pub mod fuzzing {
    use std::time::Duration;

    /// Parses `text` as `--timeout` does; a parsed value is never negative.
    pub fn seconds(text: &str) -> Result<Duration, String> {
        let result = crate::input::parse_seconds(text);
        if let Err(message) = &result {
            assert!(message.len() <= 400, "a message of {} bytes", message.len());
        }
        result
    }

    /// Parses `text` as `--jobs` does.
    pub fn jobs(text: &str) -> Result<usize, String> {
        let result = crate::input::parse_jobs(text).map(std::num::NonZeroUsize::get);
        if let Err(message) = &result {
            assert!(message.len() <= 400, "a message of {} bytes", message.len());
        }
        result
    }
}
