//! Evolved solvers on the command line: `freecell evolve`, and `--solver weights:FILE` /
//! `policy:FILE` to solve with what it writes.

use std::fmt;
use std::path::{Path, PathBuf};

use freecell_deals::DealRange;
use freecell_evolve::{
    Baselines, Checkpoint, Config, Evolution, EvolveError, GenerationObserver, Phase, Representation, Setting,
    Validation, csv, fitness_svg,
};
use freecell_heuristics::Weights;
use freecell_heuristics::policy::Policy;
use freecell_solver::{Preset, Solver};
use indicatif::{ProgressBar, ProgressStyle};

use crate::Failure;
use crate::input::{self, read_input, read_text, shown};

/// Exit codes of `freecell evolve`, shown by its `--help`.
pub(crate) const EVOLVE_EXIT_CODES: &str = "Exit codes: 0 the run finished, 1 the run directory could not be \
written or the system refused a thread, 2 bad usage or input (a bad checkpoint, a --resume without one, a \
directory holding another run)";

/// The largest checkpoint or baselines file read: 256 MiB. A checkpoint holds the
/// population, the deal sets and one line of history per generation: a few hundred KB
/// for the runs in the docs, growing slowly with generations and population.
const MAX_RUN_FILE: u64 = 256 << 20;

/// What `--solver` names: a preset, or a file holding an evolved genome or policy.
///
/// `weights:FILE` holds one genome as the GA-FreeCell paper prints individuals,
/// `(+ (* HSDH 0.01) (* NumberWellPlaced 0.01) …)`; `policy:FILE` one Policy-FreeCell policy,
/// `(policy (if CONDITION WEIGHTS) … (default WEIGHTS))`. Both are what `freecell evolve`
/// writes; both run the `ga` engine ([`Solver::with_weights`], [`Solver::with_policy`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SolverChoice {
    /// A named preset.
    Preset(Preset),
    /// `weights:FILE`.
    Weights(PathBuf),
    /// `policy:FILE`.
    Policy(PathBuf),
}

impl SolverChoice {
    /// Parses `NAME`, `weights:FILE` or `policy:FILE`.
    pub(crate) fn parse(text: &str) -> Result<SolverChoice, String> {
        if let Some(path) = text.strip_prefix("weights:") {
            return Ok(SolverChoice::Weights(PathBuf::from(path)));
        }
        if let Some(path) = text.strip_prefix("policy:") {
            return Ok(SolverChoice::Policy(PathBuf::from(path)));
        }
        text.parse().map(SolverChoice::Preset).map_err(|e| format!("{e}, or weights:FILE or policy:FILE"))
    }

    /// Reads and checks the genome or policy file, once: `bench` builds a solver per
    /// thread from what it holds.
    pub(crate) fn load(&self) -> Result<Loaded, Failure> {
        match self {
            SolverChoice::Preset(preset) => Ok(Loaded::Preset(*preset)),
            SolverChoice::Weights(path) => Ok(Loaded::Weights(read_weights(path)?)),
            SolverChoice::Policy(path) => Ok(Loaded::Policy(read_policy(path)?)),
        }
    }
}

/// A [`SolverChoice`] with its file read: what builds solvers.
#[derive(Clone, Debug)]
pub(crate) enum Loaded {
    Preset(Preset),
    Weights(Weights),
    Policy(Policy),
}

impl Loaded {
    /// A new solver, with no limits set.
    pub(crate) fn build(&self) -> Solver {
        match self {
            Loaded::Preset(preset) => Solver::new(*preset),
            Loaded::Weights(weights) => Solver::with_weights(*weights),
            Loaded::Policy(policy) => Solver::with_policy(policy.clone()),
        }
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverChoice::Preset(preset) => write!(f, "{preset}"),
            SolverChoice::Weights(path) => write!(f, "weights:{}", path.display()),
            SolverChoice::Policy(path) => write!(f, "policy:{}", path.display()),
        }
    }
}

/// Reads a genome file and checks every weight is in `[0, 1]`. The text is not trimmed:
/// the reader skips white space, and an error's line is then the file's.
fn read_weights(path: &Path) -> Result<Weights, Failure> {
    let text = read_input(path, "weights")?;
    let weights: Weights = text.parse().map_err(|e| Failure::Input(format!("bad weights in {}: {e}", shown(path))))?;
    if !weights.is_valid() {
        return Err(Failure::Input(format!("bad weights in {}: every weight must be in [0, 1]", shown(path))));
    }
    Ok(weights)
}

/// Reads a policy file and validates it (depths, weights, constants).
fn read_policy(path: &Path) -> Result<Policy, Failure> {
    let text = read_input(path, "policy")?;
    let policy: Policy = text.parse().map_err(|e| Failure::Input(format!("bad policy in {}: {e}", shown(path))))?;
    policy.validate().map_err(|e| Failure::Input(format!("bad policy in {}: {e}", shown(path))))?;
    Ok(policy)
}

// ---------------------------------------------------------------------------------------
// `freecell evolve`.

/// `--mode`: what evolves and against which deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Mode {
    /// GA-FreeCell's plain GA: nine weights, random training deals each generation.
    Ga,
    /// GA-FreeCell's Hillis-style coevolution of weights and deal sets.
    Coevolution,
    /// Policy-FreeCell: policies of 5 rules, Hillis-style coevolution.
    Policy,
}

/// `--setting`: the learning setting, overriding the mode's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SettingArg {
    /// Random training deals each generation.
    Random,
    /// Hillis-style coevolution: deal sets of 6, two per solver, evolving every 5 generations.
    Hillis,
    /// Rosin-style coevolution: single deals, 12 per solver, evolving every generation.
    Rosin,
    /// Gradual difficulty: deals ranked by HSDH, from easy to hard over the run.
    Gradual,
}

#[derive(Debug, clap::Args)]
pub(crate) struct EvolveArgs {
    /// What evolves: `ga` (weights, random deals), `coevolution` (weights against deal
    /// sets) or `policy` (policies against deal sets).
    #[arg(long, value_enum, default_value = "coevolution")]
    mode: Mode,
    /// The learning setting, instead of the mode's.
    #[arg(long, value_enum)]
    setting: Option<SettingArg>,
    /// Solvers per generation.
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = input::Checked(input::number::<usize>), allow_negative_numbers = true)]
    population: usize,
    /// Generations in all (with --resume: the new total).
    #[arg(long, value_name = "N", default_value_t = 60, value_parser = input::Checked(input::number::<u32>), allow_negative_numbers = true)]
    generations: u32,
    /// The seed of every random choice.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = input::Checked(input::number::<u64>), allow_negative_numbers = true)]
    seed: u64,
    /// Worker threads (0: one per core).
    #[arg(long, value_name = "N", default_value = "1", value_parser = input::Checked(input::parse_jobs), allow_negative_numbers = true)]
    jobs: std::num::NonZeroUsize,
    /// Where the checkpoint, the log, the best individual and the chart go.
    #[arg(long, value_name = "DIR", default_value = "evolve-out")]
    out: PathBuf,
    /// Continue the run saved in DIR/checkpoint.json (its settings apply, but
    /// --generations and --jobs).
    #[arg(long)]
    resume: bool,
    /// Node budget of each solve by an individual (expanded positions).
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = input::Checked(input::number::<u64>), allow_negative_numbers = true)]
    max_nodes: u64,
    /// Node budget of HSDH's baseline solves; unsolved deals count twice this.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = input::Checked(input::number::<u64>), allow_negative_numbers = true)]
    baseline_nodes: u64,
    /// Training deals drawn from MS 1–32,000.
    #[arg(long, value_name = "N", default_value_t = 1_000, value_parser = input::Checked(input::number::<usize>), allow_negative_numbers = true)]
    training: usize,
    /// Training deals every solver plays each generation in the random and gradual
    /// settings. (`--deals`, its old name, still works: published commands use it.)
    #[arg(long, value_name = "N", default_value_t = 10, alias = "deals", value_parser = input::Checked(input::number::<usize>), allow_negative_numbers = true)]
    deals_per_generation: usize,
    /// Also stop each solve after MS milliseconds (runs are then not reproducible).
    #[arg(long, value_name = "MS", value_parser = input::Checked(input::number::<u64>), allow_negative_numbers = true)]
    timeout_ms: Option<u64>,
    /// Held-out deals that choose the result: each generation's best also solves these,
    /// and `best.*` holds the one that did best on them (fewest nodes, an unsolved deal
    /// counting twice --validate-nodes). Must lie above MS 32,000, e.g. `32001..33000`.
    #[arg(long, value_name = "RANGE", value_parser = input::Checked(parse_validation_range))]
    validate: Option<(u32, u32)>,
    /// Node budget of each validation solve.
    #[arg(long, value_name = "N", default_value_t = Validation::default().max_nodes, requires = "validate", value_parser = input::Checked(input::number::<u64>), allow_negative_numbers = true)]
    validate_nodes: u64,
}

/// `--validate`'s range, as the `u32` deal numbers training uses.
fn parse_validation_range(text: &str) -> Result<(u32, u32), String> {
    let range: DealRange = text.parse().map_err(|e| format!("{e}"))?;
    let narrow =
        |n: u64| u32::try_from(n).map_err(|_| format!("deal {n} is above {}, the largest a run takes", u32::MAX));
    Ok((narrow(range.first().get())?, narrow(range.last().get())?))
}

impl EvolveArgs {
    fn config(&self) -> Config {
        let base = match self.mode {
            Mode::Ga => Config::ga(),
            Mode::Coevolution => Config::coevolution(),
            Mode::Policy => Config::policy(),
        };
        let mut config = Config {
            population: self.population,
            generations: self.generations,
            seed: self.seed,
            max_nodes: self.max_nodes,
            baseline_nodes: self.baseline_nodes,
            penalty_nodes: self.baseline_nodes.saturating_mul(2),
            timeout_ms: self.timeout_ms,
            training_size: self.training,
            random_deals: self.deals_per_generation,
            validation: self.validate.map(|(first, last)| Validation { first, last, max_nodes: self.validate_nodes }),
            ..base
        };
        if let Some(setting) = self.setting {
            config = config.with_setting(match setting {
                SettingArg::Random => Setting::Random,
                SettingArg::Hillis => Setting::Hillis,
                SettingArg::Rosin => Setting::Rosin,
                SettingArg::Gradual => Setting::Gradual,
            });
        }
        config
    }
}

/// A progress bar for the current generation (hidden when standard error is not a terminal).
struct Bar(ProgressBar);

impl GenerationObserver for Bar {
    fn phase(&self, phase: Phase, total: u64) {
        self.0.set_length(total);
        self.0.set_position(0);
        self.0.set_message(match phase {
            Phase::Baselines => "HSDH baselines",
            Phase::Solves => "solving",
            Phase::Validation => "validating the best",
        });
    }

    fn advance(&self) {
        self.0.inc(1);
    }
}

/// Runs `freecell evolve`.
pub(crate) fn run(args: &EvolveArgs) -> Result<(), Failure> {
    let files = Files::new(&args.out);
    // Baselines are a cache: one that cannot be read or parsed is computed again.
    let baselines =
        read_text(&files.baselines, "baselines", MAX_RUN_FILE).ok().and_then(|t| Baselines::from_json(&t).ok());
    let failed = |e: EvolveError| match e {
        EvolveError::Threads { .. } => Failure::Internal(e.to_string()),
        _ => Failure::Input(e.to_string()),
    };
    let jobs = args.jobs.get();
    let mut evolution = if args.resume {
        let text = read_text(&files.checkpoint, "checkpoint", MAX_RUN_FILE)
            .map_err(|e| Failure::Input(format!("cannot resume: {e}")))?;
        let mut checkpoint = Checkpoint::from_json(&text)
            .map_err(|e| Failure::Input(format!("cannot resume from `{}`: {e}", files.checkpoint.display())))?;
        checkpoint.config.generations = args.generations;
        Evolution::resume(checkpoint, jobs, baselines).map_err(|e| match failed(e) {
            Failure::Input(message) => {
                Failure::Input(format!("cannot resume from `{}`: {message}", files.checkpoint.display()))
            }
            other => other,
        })?
    } else {
        if files.checkpoint.exists() {
            return Err(Failure::Input(format!(
                "`{}` holds a run already: pass --resume to continue it, or choose another --out",
                files.checkpoint.display()
            )));
        }
        Evolution::new(args.config(), jobs, baselines).map_err(failed)?
    };
    // Created once the settings are known to be good, so a refused run leaves nothing.
    std::fs::create_dir_all(&args.out).map_err(|e| Failure::output(args.out.display(), e))?;
    let config = evolution.checkpoint().config.clone();
    eprintln!(
        "freecell evolve: {:?} / {:?}, population {}, seed {}, {} deals per solver, budget {} nodes (HSDH {}), {jobs} {}",
        config.representation,
        config.setting,
        config.population,
        config.seed,
        config.deals_per_solver(),
        config.max_nodes,
        config.baseline_nodes,
        if jobs == 1 { "thread" } else { "threads" }
    );
    let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
        .map_err(|e| Failure::Internal(format!("internal error: progress template: {e}")))?
        .progress_chars("=> ");
    while !evolution.is_finished() {
        let generation = evolution.checkpoint().generation;
        let bar = ProgressBar::new(0).with_style(style.clone());
        bar.set_prefix(format!("generation {}/{}", generation + 1, config.generations));
        let record = evolution.step(&Bar(bar.clone())).map_err(|e| Failure::Internal(e.to_string()))?.clone();
        bar.finish_and_clear();
        let validated = record
            .validation
            .as_ref()
            .map_or_else(String::new, |v| format!("; validation {}/{} solved, {} nodes", v.solved, v.deals, v.nodes));
        eprintln!(
            "generation {}/{}: best {:.4} ({}/{} solved), mean {:.4}, {:.1} % of solves solved{validated}, {:.1} s",
            record.generation + 1,
            config.generations,
            record.best_fitness,
            record.best_solved,
            record.deals,
            record.mean_fitness,
            100.0 * record.solved_fraction,
            record.seconds
        );
        files.save(&evolution)?;
    }
    if let Some(selected) = evolution.checkpoint().selected() {
        eprintln!(
            "selected on the validation deals: the best of generation {}, {}/{} solved, {} nodes, written to {}",
            selected.generation + 1,
            selected.solved,
            selected.deals,
            selected.nodes,
            files.best(config.representation).display()
        );
    } else if let Some(champion) = evolution.checkpoint().champion() {
        eprintln!(
            "best of generation {}: fitness {:.4}, written to {}",
            champion.generation + 1,
            champion.fitness,
            files.best(config.representation).display()
        );
    }
    Ok(())
}

/// The files of a run directory.
struct Files {
    checkpoint: PathBuf,
    baselines: PathBuf,
    log: PathBuf,
    chart: PathBuf,
    dir: PathBuf,
}

impl Files {
    fn new(dir: &Path) -> Files {
        Files {
            checkpoint: dir.join("checkpoint.json"),
            baselines: dir.join("baselines.json"),
            log: dir.join("log.csv"),
            chart: dir.join("fitness.svg"),
            dir: dir.to_owned(),
        }
    }

    /// `best.weights` or `best.policy`: what `--solver weights:FILE` / `policy:FILE` reads.
    fn best(&self, representation: Representation) -> PathBuf {
        self.dir.join(match representation {
            Representation::Weights => "best.weights",
            Representation::Policy => "best.policy",
        })
    }

    /// Writes everything after a generation; the checkpoint last, so that a run stopped
    /// in between resumes from the generation before and rewrites the others.
    fn save(&self, evolution: &Evolution) -> Result<(), Failure> {
        let checkpoint = evolution.checkpoint();
        write_atomic(&self.baselines, &evolution.baselines().to_json())?;
        write_atomic(&self.log, &csv(checkpoint.history()))?;
        // The validated choice when the run has validation deals, else the paper's.
        let best = checkpoint.selected().map(|v| &v.genome).or(checkpoint.champion().map(|c| &c.genome));
        if let Some(genome) = best {
            write_atomic(&self.best(checkpoint.config.representation), &format!("{genome}\n"))?;
        }
        let title = format!(
            "{:?} / {:?}, population {}, seed {}",
            checkpoint.config.representation,
            checkpoint.config.setting,
            checkpoint.config.population,
            checkpoint.config.seed
        );
        let svg = fitness_svg(checkpoint.history(), &title)
            .map_err(|e| Failure::Internal(format!("internal error: the fitness chart: {e}")))?;
        write_atomic(&self.chart, &svg)?;
        write_atomic(&self.checkpoint, &checkpoint.to_json())
    }
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`: a reader
/// (or a resumed run) never sees half a file.
fn write_atomic(path: &Path, text: &str) -> Result<(), Failure> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Failure::output(path.display(), e))
}
