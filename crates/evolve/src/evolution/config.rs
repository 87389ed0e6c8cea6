//! The configuration of a run: what an individual is ([`Representation`]), which deals it is
//! evaluated on ([`Setting`]), the held-out deals of the validation ([`Validation`]), and
//! everything else that defines a run ([`Config`]), with the presets of the papers and the
//! checks of a configuration read from a file.

use serde::{Deserialize, Serialize};

use super::EvolveError;
use crate::operators::Rates;

/// What an individual is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Representation {
    /// GA-FreeCell's nine weights.
    Weights,
    /// A Policy-FreeCell policy (rules of conditions and weights).
    Policy,
}

/// Which deals solvers are evaluated on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Setting {
    /// GA-FreeCell §3.3.4's first attempt: each generation, [`Config::random_deals`] deals
    /// drawn from the training set, the same for every solver.
    Random,
    /// Hillis-style coevolution (§3.4): a population of deal sets; each solver runs
    /// [`Config::sets_per_solver`] of them; the deal population evolves every
    /// [`Config::deal_interval`] generations, fitter when harder.
    Hillis,
    /// Rosin-style coevolution as the GPTP chapter describes it: single-deal individuals,
    /// evolving every generation; each solver runs 12 of them. (Rosin & Belew's fitness
    /// sharing and hall of fame are not implemented.)
    Rosin,
    /// Gradual difficulty (the GPTP chapter): training deals sorted by HSDH's node count;
    /// generation `t` of `T` draws [`Config::random_deals`] deals from a window a fifth of
    /// the set wide that slides from the easiest deals (`t = 0`) to the hardest (`t = T−1`).
    Gradual,
}

/// Everything that defines a run. Two runs with equal configurations produce equal
/// results, whatever the number of threads, unless [`timeout_ms`](Self::timeout_ms) is set.
///
/// # Examples
/// ```
/// use freecell_evolve::{Config, Representation, Setting};
/// let c = Config::coevolution();
/// assert_eq!((c.representation, c.setting, c.population), (Representation::Weights, Setting::Hillis, 50));
/// assert_eq!(c.sets_per_solver * c.deals_per_set, 12);
/// assert!(c.validate().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// Weights or policies.
    pub representation: Representation,
    /// Which deals solvers meet.
    pub setting: Setting,
    /// Solver population size (the papers: 40–60).
    pub population: usize,
    /// Generations to run.
    pub generations: u32,
    /// The seed of every random choice.
    pub seed: u64,
    /// Node budget (expanded positions) of each solve by an individual.
    pub max_nodes: u64,
    /// Node budget of HSDH's baseline solves.
    pub baseline_nodes: u64,
    /// Nodes counted for a deal a solver did not solve (the paper's 1000 M: twice the
    /// hardest deal HSDH solved). Default: twice `baseline_nodes`.
    pub penalty_nodes: u64,
    /// An optional wall-clock limit per solve, in milliseconds. **Breaks reproducibility**:
    /// off by default.
    pub timeout_ms: Option<u64>,
    /// Training deals, drawn from MS 1 … [`deal_range`](Self::deal_range) (the papers: 1,000).
    pub training_size: usize,
    /// The Microsoft deals training deals are drawn from: 1 … this (32,000).
    pub deal_range: u32,
    /// Deals per deal individual (Hillis: 6; Rosin: 1).
    pub deals_per_set: usize,
    /// Deal individuals each solver runs (Hillis: 2; Rosin: 12).
    pub sets_per_solver: usize,
    /// Deal population size.
    pub deal_population: usize,
    /// The deal population evolves every this many solver generations (Hillis: 5).
    pub deal_interval: u32,
    /// Deals per generation in the `Random` and `Gradual` settings (the paper: 10).
    pub random_deals: usize,
    /// Operator and mutation probabilities.
    pub rates: Rates,
    /// Individuals copied unchanged into the next generation (the papers: 1).
    pub elitism: usize,
    /// Rules per policy (the chapter: 5).
    pub rules: usize,
    /// Held-out deals that choose the run's result (off in the papers' settings).
    #[serde(default)]
    pub validation: Option<Validation>,
}

/// Held-out deals that choose a run's result: each generation's best individual (by its
/// training fitness) is also solved on these deals, and the run's result is the individual
/// that did best on them ([`Checkpoint::selected`]).
///
/// An extension of the papers, which keep the last generation's best. Their coevolutionary
/// fitness comes from 12 deals under a small budget, chosen to be hard: it is noisy, and the
/// last generation's best is not the best solver of the run on ordinary deals under a test
/// budget. The deals must lie above [`Config::deal_range`], so that neither training nor a
/// test on MS 1 … `deal_range` sees them.
///
/// # Examples
/// ```
/// use freecell_evolve::{Config, Validation};
/// let config = Config { validation: Some(Validation::default()), ..Config::coevolution() };
/// assert!(config.validate().is_ok());
/// // Deals the training set may be drawn from are refused.
/// let overlapping = Validation { first: 100, last: 200, ..Validation::default() };
/// assert!(Config { validation: Some(overlapping), ..Config::coevolution() }.validate().is_err());
/// ```
///
/// [`Checkpoint::selected`]: super::Checkpoint::selected
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Validation {
    /// The first Microsoft deal.
    pub first: u32,
    /// The last Microsoft deal (included).
    pub last: u32,
    /// Node budget (expanded positions) of each validation solve.
    pub max_nodes: u64,
}

impl Default for Validation {
    /// MS 32,001–33,000 under 200,000 expanded nodes: a thousand deals next to the papers'
    /// MS 1–32,000, under the budget of the tests in `docs/results/evolution.md`.
    fn default() -> Self {
        Validation { first: 32_001, last: 33_000, max_nodes: 200_000 }
    }
}

impl Validation {
    /// The deals, ascending.
    pub fn deals(&self) -> std::ops::RangeInclusive<u32> {
        self.first..=self.last
    }

    /// What an unsolved deal adds to [`Validated::score`]: twice the budget.
    ///
    /// [`Validated::score`]: super::Validated::score
    pub fn penalty(&self) -> u64 {
        self.max_nodes.saturating_mul(2)
    }
}

impl Config {
    /// The plain GA of GA-FreeCell §3.3: weights, 10 random training deals per generation.
    pub fn ga() -> Config {
        Config {
            representation: Representation::Weights,
            setting: Setting::Random,
            population: 50,
            generations: 60,
            seed: 1,
            max_nodes: 20_000,
            baseline_nodes: 100_000,
            penalty_nodes: 200_000,
            timeout_ms: None,
            training_size: 1_000,
            deal_range: 32_000,
            deals_per_set: 6,
            sets_per_solver: 2,
            deal_population: 40,
            deal_interval: 5,
            random_deals: 10,
            rates: Rates::PAPER,
            elitism: 1,
            rules: crate::gp::RULES,
            validation: None,
        }
    }

    /// GA-FreeCell's Hillis-style coevolution (§3.4): weights against deal sets of 6.
    pub fn coevolution() -> Config {
        Config { setting: Setting::Hillis, ..Config::ga() }
    }

    /// Policy-FreeCell: policies of 5 rules, Hillis-style coevolution.
    pub fn policy() -> Config {
        Config { representation: Representation::Policy, ..Config::coevolution() }
    }

    /// The same run in another learning setting; `Rosin` also switches to single-deal
    /// individuals, 12 per solver, evolving every generation, and `Hillis` back to the
    /// paper's 6 × 2 every 5.
    pub fn with_setting(mut self, setting: Setting) -> Config {
        self.setting = setting;
        match setting {
            Setting::Rosin => (self.deals_per_set, self.sets_per_solver, self.deal_interval) = (1, 12, 1),
            Setting::Hillis => (self.deals_per_set, self.sets_per_solver, self.deal_interval) = (6, 2, 5),
            Setting::Random | Setting::Gradual => {}
        }
        self
    }

    /// Deals each solver runs per generation (saturating: [`validate`](Self::validate)
    /// refuses more than [`MAX_DEALS_PER_SOLVER`](Self::MAX_DEALS_PER_SOLVER)).
    pub fn deals_per_solver(&self) -> usize {
        match self.setting {
            Setting::Random | Setting::Gradual => self.random_deals,
            Setting::Hillis | Setting::Rosin => self.deals_per_set.saturating_mul(self.sets_per_solver),
        }
    }

    /// The most solvers a population may hold (the papers: 40–60).
    pub const MAX_POPULATION: usize = 10_000;
    /// The most deal individuals coevolution may keep (the papers: 40).
    pub const MAX_DEAL_POPULATION: usize = 10_000;
    /// The most training deals (the papers: 1,000).
    pub const MAX_TRAINING: usize = 1_000_000;
    /// The most deals a solver may run per generation (the papers: 10–12).
    pub const MAX_DEALS_PER_SOLVER: usize = 1_000;
    /// The most rules a policy may have (the chapter: 5).
    pub const MAX_RULES: usize = 100;
    /// The most generations a run may have (the papers: 60 or so).
    pub const MAX_GENERATIONS: u32 = 1_000_000;
    /// The most validation deals (the default: 1,000).
    pub const MAX_VALIDATION_DEALS: u32 = 1_000_000;

    /// Checks the settings: each within its range, and the `MAX_*` limits above, far past
    /// the papers' values, so that settings (or a checkpoint) cannot make a run allocate
    /// without bound before it starts: a population of 10^12, a training set of 2^32 deals.
    ///
    /// # Errors
    /// [`EvolveError::Config`] naming the first setting out of range.
    pub fn validate(&self) -> Result<(), EvolveError> {
        let fail = |message: String| Err(EvolveError::Config(message));
        if !(2..=Config::MAX_POPULATION).contains(&self.population) {
            return fail(format!(
                "population: {}; a run takes 2 to {} solvers",
                self.population,
                Config::MAX_POPULATION
            ));
        }
        if self.generations > Config::MAX_GENERATIONS {
            return fail(format!("generations: {}; at most {} are run", self.generations, Config::MAX_GENERATIONS));
        }
        if self.elitism >= self.population {
            return fail(format!(
                "elitism: {}; it must be smaller than the population ({})",
                self.elitism, self.population
            ));
        }
        if self.max_nodes == 0 || self.baseline_nodes == 0 || self.penalty_nodes == 0 {
            return fail(format!(
                "max_nodes, baseline_nodes, penalty_nodes: {}, {}, {}; node budgets and the penalty must be positive",
                self.max_nodes, self.baseline_nodes, self.penalty_nodes
            ));
        }
        if self.deal_range == 0 {
            return fail("deal_range: 0; training deals are drawn from MS 1 to deal_range".to_owned());
        }
        let most = (Config::MAX_TRAINING as u64).min(u64::from(self.deal_range));
        if self.training_size == 0 || self.training_size as u64 > most {
            return fail(format!(
                "training_size: {}; the training set holds 1 to deal_range ({}) deals, and at most {}",
                self.training_size,
                self.deal_range,
                Config::MAX_TRAINING
            ));
        }
        let deals = self.deals_per_solver();
        if deals == 0 || deals > self.training_size.min(Config::MAX_DEALS_PER_SOLVER) {
            let what = match self.setting {
                Setting::Random | Setting::Gradual => "random_deals",
                Setting::Hillis | Setting::Rosin => "deals_per_set × sets_per_solver",
            };
            return fail(format!(
                "{what}: {deals}; each solver needs 1 to training_size ({}) deals per generation, and at most {}",
                self.training_size,
                Config::MAX_DEALS_PER_SOLVER
            ));
        }
        if matches!(self.setting, Setting::Hillis | Setting::Rosin) {
            if !(2..=Config::MAX_DEAL_POPULATION).contains(&self.deal_population) {
                return fail(format!(
                    "deal_population: {}; coevolution needs 2 to {} deal individuals",
                    self.deal_population,
                    Config::MAX_DEAL_POPULATION
                ));
            }
            if self.deal_interval == 0 {
                return fail("deal_interval: 0; the deal population evolves every 1 or more generations".to_owned());
            }
        }
        if self.representation == Representation::Policy && !(1..=Config::MAX_RULES).contains(&self.rules) {
            return fail(format!("rules: {}; policies have 1 to {} rules", self.rules, Config::MAX_RULES));
        }
        if let Some(v) = self.validation
            && (v.first > v.last
                || v.first <= self.deal_range
                || v.max_nodes == 0
                || v.last - v.first >= Config::MAX_VALIDATION_DEALS)
        {
            return fail(format!(
                "validation: MS {}–{} under {} nodes; validation deals must be a non-empty range above MS {} \
                 (the deals training draws from and a test would use) of at most {} deals, with a positive \
                 node budget",
                v.first,
                v.last,
                v.max_nodes,
                self.deal_range,
                Config::MAX_VALIDATION_DEALS
            ));
        }
        let r = self.rates;
        let rates = [r.reproduction, r.crossover, r.mutation, r.gene_mutation];
        if rates.iter().any(|p| !(0.0..=1.0).contains(p)) || r.reproduction + r.crossover + r.mutation <= 0.0 {
            return fail(format!(
                "rates: {:?}, {:?}, {:?}, {:?}; rates must lie in [0, 1] and the operator rates must not all be 0",
                r.reproduction, r.crossover, r.mutation, r.gene_mutation
            ));
        }
        Ok(())
    }
}
