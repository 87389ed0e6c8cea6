//! A run: the configuration, the generation loop, checkpoints and the per-generation log.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use freecell_core::{Board, Move};
use freecell_deals::DealNumber;
use freecell_heuristics::advisors::EvalContext;
use freecell_heuristics::policy::{ParsePolicyError, Policy};
use freecell_heuristics::{Weights, features};
use freecell_solver::{Outcome, Preset, Solver};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Rng;
use crate::fitness::{Baselines, deal_fitness};
use crate::genome::{DealSet, random_weights};
use crate::gp::Gp;
use crate::operators::{Genome, breed};

mod checks;
mod config;

pub(crate) use checks::json_error;
pub use config::{Config, Representation, Setting, Validation};

/// Why a run cannot go on.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum EvolveError {
    /// A setting is out of range.
    #[error("invalid evolution settings: {0}")]
    Config(String),
    /// A baseline file that cannot be read.
    #[error("the baselines are not usable: {0}")]
    Baselines(String),
    /// The solver failed its own verification (a bug in the solver).
    #[error(transparent)]
    Solve(#[from] freecell_solver::SolveError),
    /// The worker threads could not be started.
    #[error("cannot start {jobs} worker threads: {message}")]
    Threads {
        /// Threads asked for.
        jobs: usize,
        /// The thread pool's error.
        message: String,
    },
    /// A checkpoint that does not describe a run.
    #[error("the checkpoint is not usable: {0}")]
    Checkpoint(String),
}

/// One generation's line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationRecord {
    /// 0-based generation.
    pub generation: u32,
    /// The best solver's fitness.
    pub best_fitness: f64,
    /// The population's mean fitness.
    pub mean_fitness: f64,
    /// Deals the best solver solved.
    pub best_solved: usize,
    /// Deals each solver ran.
    pub deals: usize,
    /// Fraction of all solves that succeeded.
    pub solved_fraction: f64,
    /// Mean expanded nodes per solve (failed solves count what they expanded).
    pub mean_nodes: f64,
    /// Solves by individuals this generation (HSDH baseline solves are not counted: how
    /// many a generation needs depends on the baselines kept from earlier runs).
    pub solves: u64,
    /// Wall-clock seconds (the only field that differs between equal runs).
    pub seconds: f64,
    /// The best individual's result on the validation deals, when the run has them.
    #[serde(default)]
    pub validation: Option<Validated>,
}

/// The best individual of the latest generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Champion {
    /// Its text: weights `(+ (* HSDH w) …)` or a policy `(policy …)`, what
    /// `freecell solve --solver weights:FILE` / `policy:FILE` reads.
    pub genome: String,
    /// Its fitness.
    pub fitness: f64,
    /// The generation it was evaluated in.
    pub generation: u32,
    /// Deals it solved, of `deals`.
    pub solved: usize,
    /// Deals it ran.
    pub deals: usize,
}

/// An individual's result on the [`Validation`] deals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validated {
    /// Its text, as [`Champion::genome`].
    pub genome: String,
    /// The first generation it was the best of.
    pub generation: u32,
    /// Deals it solved, of `deals`.
    pub solved: usize,
    /// Validation deals.
    pub deals: usize,
    /// Expanded nodes summed over the deals it solved.
    pub nodes: u64,
    /// `nodes` plus [`Validation::penalty`] per unsolved deal: Table 2's penalised node
    /// count with a finite penalty, so that both solving more and expanding less count.
    /// Smaller is better.
    pub score: u64,
}

/// A run between two generations: everything needed to continue it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's configuration.
    pub config: Config,
    /// The next generation to evaluate.
    pub generation: u32,
    rng: u64,
    // Lists are read up to their limits only (`checks::at_most`): a checkpoint is a file,
    // and `validate` sees it only once it is read.
    #[serde(deserialize_with = "checks::at_most::<_, _, { Config::MAX_TRAINING }>")]
    training: Vec<u32>,
    /// Genome texts of the population to evaluate next.
    #[serde(deserialize_with = "checks::at_most::<_, _, { Config::MAX_POPULATION }>")]
    population: Vec<String>,
    #[serde(deserialize_with = "checks::at_most::<_, _, { Config::MAX_DEAL_POPULATION }>")]
    deal_population: Vec<DealSet>,
    /// Per deal individual: summed node ratios and the number of solvers that ran it since
    /// the deal population last evolved.
    #[serde(deserialize_with = "checks::at_most::<_, _, { Config::MAX_DEAL_POPULATION }>")]
    deal_scores: Vec<(f64, u32)>,
    #[serde(deserialize_with = "checks::at_most::<_, _, { Config::MAX_GENERATIONS as usize }>")]
    history: Vec<GenerationRecord>,
    champion: Option<Champion>,
    /// Every individual validated so far, in generation order.
    #[serde(default, deserialize_with = "checks::at_most::<_, _, { Config::MAX_GENERATIONS as usize }>")]
    validated: Vec<Validated>,
}

impl Checkpoint {
    /// JSON text.
    pub fn to_json(&self) -> String {
        // Infallible: plain data with string keys.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads [`to_json`](Self::to_json)'s text. Lists longer than their `Config::MAX_*`
    /// limits are refused while reading; whether the rest fits together is
    /// [`validate`](Self::validate)'s to say (resuming calls it).
    ///
    /// # Errors
    /// [`EvolveError::Checkpoint`] when the text is not a checkpoint, with the line and
    /// column.
    pub fn from_json(text: &str) -> Result<Checkpoint, EvolveError> {
        serde_json::from_str(text).map_err(|e| EvolveError::Checkpoint(checks::json_error(&e)))
    }

    /// The training deals, ascending.
    pub fn training(&self) -> &[u32] {
        &self.training
    }

    /// The log so far.
    pub fn history(&self) -> &[GenerationRecord] {
        &self.history
    }

    /// The latest generation's best individual.
    pub fn champion(&self) -> Option<&Champion> {
        self.champion.as_ref()
    }

    /// Every individual validated so far (the best of each generation, each once), in
    /// the order they were first the best.
    pub fn validated(&self) -> &[Validated] {
        &self.validated
    }

    /// The run's result when it has [`Validation`] deals: the validated individual with the
    /// smallest [`score`](Validated::score), the earliest among equals.
    pub fn selected(&self) -> Option<&Validated> {
        self.validated.iter().min_by_key(|v| (v.score, v.generation))
    }
}

/// Progress reports from a generation, for a progress bar. Called from worker threads.
pub trait Progress: Sync {
    /// A phase starts with `total` solves.
    fn phase(&self, phase: Phase, total: u64) {
        let _ = (phase, total);
    }

    /// One solve of the phase finished.
    fn advance(&self) {}
}

impl Progress for () {}

/// What a generation is busy with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Solving new deals with HSDH for the baselines.
    Baselines,
    /// Solving the generation's deals with every individual.
    Solves,
    /// Solving the validation deals with the generation's best.
    Validation,
}

/// A running evolution.
///
/// # Examples
/// ```
/// use freecell_evolve::{Config, Evolution};
/// // A tiny run: 4 solvers, 2 generations, 3 deals each, small budgets.
/// let config = Config {
///     population: 4, generations: 2, training_size: 20, random_deals: 3,
///     max_nodes: 300, baseline_nodes: 300, penalty_nodes: 600, ..Config::ga()
/// };
/// let mut run = Evolution::new(config, 1, None)?;
/// while !run.is_finished() {
///     run.step(&())?;
/// }
/// assert_eq!(run.checkpoint().history().len(), 2);
/// assert!(run.checkpoint().champion().is_some());
/// # Ok::<(), freecell_evolve::EvolveError>(())
/// ```
#[derive(Debug)]
pub struct Evolution {
    state: Checkpoint,
    baselines: Baselines,
    pool: rayon::ThreadPool,
}

impl Evolution {
    /// A new run of `config` on `jobs` threads (0: one per core). `baselines` are HSDH
    /// counts kept from earlier runs; ignored unless measured under `config.baseline_nodes`.
    ///
    /// # Errors
    /// [`EvolveError::Config`] for bad settings, [`EvolveError::Threads`].
    pub fn new(config: Config, jobs: usize, baselines: Option<Baselines>) -> Result<Evolution, EvolveError> {
        config.validate()?;
        let mut rng = Rng::new(config.seed);
        let mut training = BTreeSet::new();
        while training.len() < config.training_size {
            training.insert(1 + rng.below(config.deal_range as usize) as u32);
        }
        let training: Vec<u32> = training.into_iter().collect();
        let population: Vec<String> = match config.representation {
            Representation::Weights => (0..config.population).map(|_| random_weights(&mut rng).to_string()).collect(),
            Representation::Policy => {
                let gp = Gp { rules: config.rules, ..Gp::default() };
                (0..config.population).map(|_| gp.random_policy(&mut rng).to_string()).collect()
            }
        };
        let deal_population: Vec<DealSet> = match config.setting {
            Setting::Hillis | Setting::Rosin => (0..config.deal_population)
                .map(|_| DealSet::random(&training, config.deals_per_set, &mut rng))
                .collect(),
            Setting::Random | Setting::Gradual => Vec::new(),
        };
        let state = Checkpoint {
            generation: 0,
            rng: rng.state(),
            training,
            population,
            deal_scores: vec![(0.0, 0); deal_population.len()],
            deal_population,
            history: Vec::new(),
            champion: None,
            validated: Vec::new(),
            config,
        };
        Evolution::resume(state, jobs, baselines)
    }

    /// Continues the run saved in `checkpoint`, once [`Checkpoint::validate`] has found
    /// everything in it consistent.
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`EvolveError::Checkpoint`] for an inconsistent one.
    pub fn resume(checkpoint: Checkpoint, jobs: usize, baselines: Option<Baselines>) -> Result<Evolution, EvolveError> {
        checkpoint.validate()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| EvolveError::Threads { jobs, message: e.to_string() })?;
        let budget = checkpoint.config.baseline_nodes;
        let baselines = baselines.filter(|b| b.budget == budget).unwrap_or_else(|| Baselines::new(budget));
        Ok(Evolution { state: checkpoint, baselines, pool })
    }

    /// The state to save: resuming from it continues exactly.
    pub fn checkpoint(&self) -> &Checkpoint {
        &self.state
    }

    /// The HSDH counts measured so far (save them to skip the solves next time).
    pub fn baselines(&self) -> &Baselines {
        &self.baselines
    }

    /// Whether every configured generation ran.
    pub fn is_finished(&self) -> bool {
        self.state.generation >= self.state.config.generations
    }

    /// Runs one generation: evaluates the population (in parallel), logs it, evolves the
    /// deal population when due and breeds the next solver population.
    ///
    /// # Errors
    /// [`EvolveError::Solve`] (a solver bug) or [`EvolveError::Checkpoint`] when a genome
    /// text does not parse.
    pub fn step(&mut self, progress: &dyn Progress) -> Result<&GenerationRecord, EvolveError> {
        match self.state.config.representation {
            Representation::Weights => self.step_with::<Weights>(&(), progress),
            Representation::Policy => {
                let gp = Gp { rules: self.state.config.rules, ..Gp::default() };
                self.step_with::<Policy>(&gp, progress)
            }
        }
    }

    /// One generation; returns its record, the last of the history.
    fn step_with<G: Individual>(
        &mut self,
        ctx: &G::Context,
        progress: &dyn Progress,
    ) -> Result<&GenerationRecord, EvolveError> {
        let started = Instant::now();
        let population: Vec<G> = self
            .state
            .population
            .iter()
            .enumerate()
            .map(|(i, text)| G::parse(text).map_err(|e| EvolveError::Checkpoint(format!("population[{i}]: {e}"))))
            .collect::<Result<_, _>>()?;
        let config = self.state.config.clone();
        let mut rng = Rng::from_state(self.state.rng);

        // Which deals each solver runs (and, coevolving, which deal individuals).
        let needed_for_gradual = if config.setting == Setting::Gradual { self.state.training.clone() } else { vec![] };
        self.measure(&needed_for_gradual, progress)?;
        let (assignments, picks) = self.assign(&config, &mut rng);
        let all: Vec<u32> = assignments.iter().flatten().copied().collect();
        self.measure(&all, progress)?;

        // Evaluate.
        let total: u64 = assignments.iter().map(|a| a.len() as u64).sum();
        progress.phase(Phase::Solves, total);
        let baselines = &self.baselines;
        let timeout = config.timeout_ms.map(Duration::from_millis);
        let evaluations: Vec<Evaluation> = self.pool.install(|| {
            population
                .par_iter()
                .zip(&assignments)
                .map(|(g, deals)| evaluate(g, deals, baselines, &config, timeout, progress))
                .collect::<Result<_, _>>()
        })?;

        // Log.
        let fitness: Vec<f64> = evaluations.iter().map(|e| e.fitness).collect();
        let best = (0..fitness.len()).fold(0, |b, i| if fitness[i] > fitness[b] { i } else { b });
        let solves = evaluations.iter().map(|e| e.nodes.len()).sum::<usize>().max(1);
        let successes: usize = evaluations.iter().map(|e| e.solved).sum();
        let expanded: u64 = evaluations.iter().map(|e| e.expanded).sum();
        let generation = self.state.generation;
        let validation = match config.validation {
            Some(v) => {
                let text = self.state.population[best].clone();
                Some(self.validate_best(&population[best], text, generation, v, progress)?)
            }
            None => None,
        };
        let record = GenerationRecord {
            generation,
            best_fitness: fitness[best],
            mean_fitness: fitness.iter().sum::<f64>() / fitness.len() as f64,
            best_solved: evaluations[best].solved,
            deals: config.deals_per_solver(),
            solved_fraction: successes as f64 / solves as f64,
            mean_nodes: expanded as f64 / solves as f64,
            solves: total,
            seconds: started.elapsed().as_secs_f64(),
            validation,
        };
        self.state.champion = Some(Champion {
            genome: self.state.population[best].clone(),
            fitness: fitness[best],
            generation,
            solved: evaluations[best].solved,
            deals: assignments[best].len(),
        });

        // Coevolution: credit the deal individuals, evolve them when due.
        if matches!(config.setting, Setting::Hillis | Setting::Rosin) {
            self.credit_deals(&config, &evaluations, &assignments, &picks);
            if (generation + 1).is_multiple_of(config.deal_interval) {
                let scores: Vec<f64> = self
                    .state
                    .deal_scores
                    .iter()
                    .map(|&(sum, n)| if n == 0 { 0.0 } else { sum / f64::from(n) })
                    .collect();
                let none = vec![None; scores.len()];
                let deals = &self.state.deal_population;
                let next = breed(
                    deals,
                    &scores,
                    &none,
                    config.elitism,
                    self.state.training.as_slice(),
                    &config.rates,
                    &mut rng,
                );
                self.state.deal_population = next;
                self.state.deal_scores = vec![(0.0, 0); self.state.deal_population.len()];
            }
        }

        // Breed the next solvers.
        let favoured: Vec<Option<usize>> = evaluations.iter().map(Evaluation::most_used).collect();
        let next = breed(&population, &fitness, &favoured, config.elitism, ctx, &config.rates, &mut rng);
        self.state.population = next.iter().map(G::text).collect();
        self.state.rng = rng.state();
        self.state.generation += 1;
        Ok(self.state.history.push_mut(record))
    }

    /// The deals each solver runs this generation, and for coevolution the deal
    /// individuals behind them.
    fn assign(&self, config: &Config, rng: &mut Rng) -> (Vec<Vec<u32>>, Vec<Vec<usize>>) {
        let training = &self.state.training;
        let n = config.population;
        match config.setting {
            Setting::Random => {
                let deals = distinct(training, config.random_deals, rng);
                (vec![deals; n], vec![Vec::new(); n])
            }
            Setting::Gradual => {
                let mut ranked = training.clone();
                let penalty = config.penalty_nodes;
                ranked.sort_by_key(|&d| (self.baselines.get(d).flatten().unwrap_or(penalty), d));
                let width = (ranked.len() / 5).max(config.random_deals).min(ranked.len());
                let last = config.generations.saturating_sub(1).max(1);
                let t = f64::from(self.state.generation.min(last)) / f64::from(last);
                // t in [0, 1]: the product is a non-negative index within the set.
                #[allow(clippy::cast_sign_loss)]
                let start = (t * (ranked.len() - width) as f64).round() as usize;
                let deals = distinct(&ranked[start..start + width], config.random_deals, rng);
                (vec![deals; n], vec![Vec::new(); n])
            }
            Setting::Hillis | Setting::Rosin => {
                let sets = &self.state.deal_population;
                let picks: Vec<Vec<usize>> =
                    (0..n).map(|_| (0..config.sets_per_solver).map(|_| rng.below(sets.len())).collect()).collect();
                let deals = picks.iter().map(|p| p.iter().flat_map(|&s| sets[s].0.iter().copied()).collect()).collect();
                (deals, picks)
            }
        }
    }

    /// `genome`'s result on the validation deals: solved there once (in parallel over the
    /// deals), then remembered, as an elite individual is often the best again.
    fn validate_best<G: Individual>(
        &mut self,
        genome: &G,
        text: String,
        generation: u32,
        v: Validation,
        progress: &dyn Progress,
    ) -> Result<Validated, EvolveError> {
        if let Some(known) = self.state.validated.iter().find(|k| k.genome == text) {
            return Ok(known.clone());
        }
        let deals: Vec<u32> = v.deals().collect();
        progress.phase(Phase::Validation, deals.len() as u64);
        let counts = self.solve_each(&deals, &genome.solver().max_nodes(v.max_nodes), progress)?;
        let solved = counts.iter().flatten().count();
        let nodes: u64 = counts.iter().flatten().sum();
        let unsolved = (deals.len() - solved) as u64;
        let validated = Validated {
            genome: text,
            generation,
            solved,
            deals: deals.len(),
            nodes,
            score: nodes.saturating_add(unsolved.saturating_mul(v.penalty())),
        };
        self.state.validated.push(validated.clone());
        Ok(validated)
    }

    /// Solves each deal in parallel with one shared solver (each worker's solve takes a
    /// warm cache set from its pool): the expanded nodes of each solved deal, in the
    /// deals' order.
    fn solve_each(
        &self,
        deals: &[u32],
        solver: &Solver,
        progress: &dyn Progress,
    ) -> Result<Vec<Option<u64>>, EvolveError> {
        self.pool.install(|| {
            deals
                .par_iter()
                .map(|&deal| {
                    let report = solver.solve(&board(deal)?)?;
                    progress.advance();
                    Ok(matches!(report.outcome, Outcome::Solved(_)).then_some(report.stats.search.expanded))
                })
                .collect()
        })
    }

    /// Solves with HSDH the deals of `deals` not measured yet.
    fn measure(&mut self, deals: &[u32], progress: &dyn Progress) -> Result<(), EvolveError> {
        let missing: Vec<u32> = deals
            .iter()
            .copied()
            .collect::<BTreeSet<u32>>()
            .into_iter()
            .filter(|&d| self.baselines.get(d).is_none())
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        progress.phase(Phase::Baselines, missing.len() as u64);
        let budget = self.baselines.budget;
        let counts = self.solve_each(&missing, &Solver::new(Preset::Hsd).max_nodes(budget), progress)?;
        for (deal, nodes) in missing.iter().zip(counts) {
            self.baselines.insert(*deal, nodes);
        }
        Ok(())
    }

    /// Adds each solver's node ratio to the deal individuals it ran: the mean nodes over the
    /// set's deals (failures count the penalty) over HSDH's mean (failures likewise).
    fn credit_deals(
        &mut self,
        config: &Config,
        evaluations: &[Evaluation],
        assignments: &[Vec<u32>],
        picks: &[Vec<usize>],
    ) {
        let penalty = config.penalty_nodes;
        for ((evaluation, deals), sets) in evaluations.iter().zip(assignments).zip(picks) {
            for (k, &set) in sets.iter().enumerate() {
                let range = k * config.deals_per_set..(k + 1) * config.deals_per_set;
                let solver: u64 = evaluation.nodes[range.clone()].iter().map(|n| n.unwrap_or(penalty)).sum();
                let hsdh: u64 = deals[range].iter().map(|&d| self.baselines.get(d).flatten().unwrap_or(penalty)).sum();
                let score = &mut self.state.deal_scores[set];
                score.0 += solver as f64 / hsdh.max(1) as f64;
                score.1 += 1;
            }
        }
    }
}

/// Draws `k` distinct deals from `from` (all of them when `k` is larger), in draw order.
fn distinct(from: &[u32], k: usize, rng: &mut Rng) -> Vec<u32> {
    let mut pool = from.to_vec();
    let k = k.min(pool.len());
    for i in 0..k {
        let j = i + rng.below(pool.len() - i);
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}

fn board(deal: u32) -> Result<Board, EvolveError> {
    // `Checkpoint::validate` keeps training and validation deals in MS 1 … u32::MAX, so
    // this error is for a bug, not for a file.
    DealNumber::new(u64::from(deal))
        .map(DealNumber::board)
        .ok_or_else(|| EvolveError::Checkpoint(format!("deal {deal} is not a Microsoft deal number")))
}

/// One individual's results on its deals.
struct Evaluation {
    fitness: f64,
    solved: usize,
    expanded: u64,
    /// Per deal: expanded nodes when solved.
    nodes: Vec<Option<u64>>,
    /// Per policy slot (rules, then the default): how often it fired along the solutions.
    usage: Vec<u64>,
}

impl Evaluation {
    fn most_used(&self) -> Option<usize> {
        let max = *self.usage.iter().max()?;
        (max > 0).then(|| self.usage.iter().position(|&u| u == max)).flatten()
    }
}

fn evaluate<G: Individual>(
    genome: &G,
    deals: &[u32],
    baselines: &Baselines,
    config: &Config,
    timeout: Option<Duration>,
    progress: &dyn Progress,
) -> Result<Evaluation, EvolveError> {
    let mut solver = genome.solver().max_nodes(config.max_nodes);
    if let Some(t) = timeout {
        solver = solver.timeout(t);
    }
    let mut e =
        Evaluation { fitness: 0.0, solved: 0, expanded: 0, nodes: Vec::with_capacity(deals.len()), usage: Vec::new() };
    let mut sum = 0.0;
    for &deal in deals {
        let start = board(deal)?;
        let report = solver.solve(&start)?;
        e.expanded += report.stats.search.expanded;
        let nodes = match &report.outcome {
            Outcome::Solved(solution) => {
                e.solved += 1;
                genome.usage(&start, &solution.moves, &mut e.usage);
                Some(report.stats.search.expanded)
            }
            Outcome::Unsolvable | Outcome::Undecided(_) => None,
        };
        // Baselines were measured before evaluation; a missing one counts as a failure.
        sum += deal_fitness(nodes, baselines.get(deal).flatten(), config.penalty_nodes);
        e.nodes.push(nodes);
        progress.advance();
    }
    e.fitness = if deals.is_empty() { 0.0 } else { sum / deals.len() as f64 };
    Ok(e)
}

/// What the generation loop needs of a solver genome.
trait Individual: Genome<Context: Sync> + Sync + Send + Sized {
    fn parse(text: &str) -> Result<Self, ParsePolicyError>;
    fn text(&self) -> String;
    fn solver(&self) -> Solver;
    /// Adds to `counts` which slot fired at each position of a solution (policies only).
    fn usage(&self, start: &Board, moves: &[Move], counts: &mut Vec<u64>) {
        let _ = (start, moves, counts);
    }
}

impl Individual for Weights {
    fn parse(text: &str) -> Result<Self, ParsePolicyError> {
        text.parse()
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn solver(&self) -> Solver {
        Solver::with_weights(*self)
    }
}

impl Individual for Policy {
    fn parse(text: &str) -> Result<Self, ParsePolicyError> {
        text.parse()
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn solver(&self) -> Solver {
        Solver::with_policy(self.clone())
    }

    /// The slot that fires at each position of the verified solution, `g` counting every
    /// listed move: a proxy for how often each rule fired during the search, which the
    /// solver does not report.
    fn usage(&self, start: &Board, moves: &[Move], counts: &mut Vec<u64>) {
        let slots = self.rules.len() + 1;
        if counts.len() < slots {
            counts.resize(slots, 0);
        }
        let mut board = start.clone();
        for (k, &mv) in moves.iter().enumerate() {
            if board.apply(mv).is_err() {
                break;
            }
            let f = features(&board);
            let ctx = EvalContext { g: k as u32 + 1, last_move: Some(mv), difficulty: None };
            let slot = self.rules.iter().position(|r| r.condition.holds(&board, &ctx, &f)).unwrap_or(self.rules.len());
            counts[slot] += 1;
        }
    }
}

/// The log as CSV, one line per generation after a header.
///
/// # Examples
/// ```
/// assert!(freecell_evolve::csv(&[]).starts_with("generation,best_fitness,mean_fitness"));
/// ```
pub fn csv(history: &[GenerationRecord]) -> String {
    let mut out = String::from(
        "generation,best_fitness,mean_fitness,best_solved,deals,solved_fraction,mean_nodes,solves,seconds,\
         validation_solved,validation_deals,validation_nodes\n",
    );
    for r in history {
        // Infallible: writing to a String.
        let _ = writeln!(
            out,
            "{},{:.6},{:.6},{},{},{:.4},{:.1},{},{:.2},{}",
            r.generation,
            r.best_fitness,
            r.mean_fitness,
            r.best_solved,
            r.deals,
            r.solved_fraction,
            r.mean_nodes,
            r.solves,
            r.seconds,
            r.validation.as_ref().map_or_else(|| ",,".to_owned(), |v| format!("{},{},{}", v.solved, v.deals, v.nodes))
        );
    }
    out
}
