//! Running a bench: [`Bench`] drives a [`Workload`] over a range of deals on worker
//! threads, resuming from and appending to a CSV file, and summarises the rows.

use std::convert::Infallible;
use std::fmt;
use std::num::NonZeroUsize;
use std::path::Path;

use freecell_core::quote;
use freecell_deals::{DealNumber, DealRange};
use freecell_solver::Solver;

use crate::csv::{CsvError, CsvFile};
use crate::optimal::OptimalRow;
use crate::pool::{self, Stopped};
use crate::row::{self, Row};
use crate::summary::Summary;

/// What a bench does with each deal: solve it ([`Solves`](crate::Solves)), or time hints
/// on positions of it ([`Hints`](crate::Hints)).
pub trait Workload: Sync {
    /// The rows it writes.
    type Row: Row + Send;
    /// What its rows are summarised into.
    type Summary: Summary<Self::Row>;
    /// The rows it writes for every deal.
    fn rows_per_deal(&self) -> usize;
    /// Runs `deal` with `solver`, a solver named `name` in the rows, that the calling
    /// thread keeps for every deal it takes (so its caches are reused). It returns exactly
    /// [`rows_per_deal`](Self::rows_per_deal) rows.
    fn run(&self, solver: &Solver, deal: DealNumber, name: &str) -> DealResult<Self::Row>;
}

/// What a worker produced for one deal.
#[derive(Clone, Debug, PartialEq)]
pub struct DealResult<R> {
    /// The deal.
    pub deal: DealNumber,
    /// Its rows, [`Workload::rows_per_deal`] of them.
    pub rows: Vec<R>,
    /// Solutions or hints that failed verification (their rows say `error`).
    pub faults: Vec<Fault>,
    /// What the `optimal` preset's bound said, for that preset's solves.
    pub optimal: Option<OptimalRow>,
}

impl<R> DealResult<R> {
    /// No rows yet for `deal`.
    pub fn new(deal: DealNumber) -> DealResult<R> {
        DealResult { deal, rows: Vec::new(), faults: Vec::new(), optimal: None }
    }
}

/// A solution or hint that failed verification: a solver bug, reported rather than
/// returned (its row's outcome is `error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The deal.
    pub deal: DealNumber,
    /// The hint position, for a hint.
    pub position: Option<u32>,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            None => write!(f, "deal {}: {}", self.deal, self.problem),
            Some(position) => write!(f, "deal {}, position {position}: {}", self.deal, self.problem),
        }
    }
}

impl std::error::Error for Fault {}

/// A solver name that cannot be written in a row.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver name {} cannot be written to CSV: it holds a comma, a quote, a backslash or a control character", quote(.name))]
pub struct NameError {
    /// The name.
    pub name: String,
}

/// Why [`Bench::run_with`] stopped before every deal ran. Deals finished before it are in
/// the CSV file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError<E> {
    /// The CSV file could not be written.
    #[error(transparent)]
    Csv(CsvError),
    /// The caller's `on_deal` failed.
    #[error("{0}")]
    Stopped(E),
    /// The system refused a worker thread.
    #[error("the system refused to start thread {} of {of} ({error})", .index + 1)]
    Spawn {
        /// The thread refused, counting from 0.
        index: usize,
        /// The threads asked for.
        of: usize,
        /// The system's error.
        error: String,
    },
}

/// What a bench found, the rows read back from its CSV file included.
#[derive(Debug)]
#[non_exhaustive]
pub struct Report<S> {
    /// The summary of every row of the range: read back, and run now.
    pub summary: S,
    /// Deals of the range read back from the CSV file.
    pub earlier: u64,
    /// Deals run now.
    pub ran: u64,
    /// Verification failures among the deals run now.
    pub faults: u64,
    /// The `optimal` preset's bounds for each deal run now (empty for other solvers).
    pub optimal: Vec<OptimalRow>,
}

/// A benchmark: a [`Workload`] over a range of Microsoft deals, on worker threads each
/// keeping one [`Solver`], results in deal order.
///
/// Rows come out in deal order whatever the number of threads, so the CSV file, the rows
/// and the summary do not depend on it (except times, and with a time limit the outcomes
/// of deals near it). The range is drawn a deal at a time, never collected, so a range of
/// billions of deals starts at once.
///
/// # Examples
/// See the [crate documentation](crate).
#[derive(Debug)]
pub struct Bench<W: Workload> {
    workload: W,
    solver: String,
    deals: DealRange,
    jobs: NonZeroUsize,
    csv: Option<CsvFile>,
    /// The deals of the range read back from the CSV file, sorted: 8 bytes a deal, where
    /// the range itself is never collected.
    earlier: Vec<u64>,
    summary: W::Summary,
}

impl<W: Workload> Bench<W> {
    /// A bench of `workload` over `deals`, by a solver named `solver` in the rows (a preset
    /// name, say), on one thread.
    ///
    /// # Errors
    /// [`NameError`] when the name holds a comma, a quote, a backslash or a control
    /// character, which a row cannot hold.
    pub fn new(workload: W, solver: &str, deals: DealRange) -> Result<Bench<W>, NameError> {
        if !row::is_token(solver) {
            return Err(NameError { name: solver.to_owned() });
        }
        Ok(Bench {
            workload,
            solver: solver.to_owned(),
            deals,
            jobs: NonZeroUsize::MIN,
            csv: None,
            earlier: Vec::new(),
            summary: W::Summary::default(),
        })
    }

    /// Runs deals on `jobs` threads (no more than there are deals to run).
    pub fn jobs(mut self, jobs: NonZeroUsize) -> Bench<W> {
        self.jobs = jobs;
        self
    }

    /// Writes the rows to the CSV file `path`, locked until the run ends. When the file
    /// exists, its rows of deals in the range count in the summary and those deals are not
    /// run again; a torn last deal is cut and run again.
    ///
    /// # Errors
    /// [`CsvError`]: see [`CsvFile::open`].
    pub fn csv(mut self, path: &Path) -> Result<Bench<W>, CsvError> {
        // A file given before is closed (and unlocked), and its rows forgotten.
        self.csv = None;
        let (mut summary, mut earlier) = (W::Summary::default(), Vec::new());
        let deals = self.deals;
        let file = CsvFile::open::<W::Row>(path, self.workload.rows_per_deal(), &self.solver, |row| {
            if DealNumber::new(row.deal()).is_some_and(|d| deals.contains(d)) {
                summary.add(&row);
                if earlier.last() != Some(&row.deal()) {
                    earlier.push(row.deal());
                }
            }
        })?;
        earlier.sort_unstable();
        earlier.dedup();
        self.csv = Some(file);
        self.summary = summary;
        self.earlier = earlier;
        Ok(self)
    }

    /// Deals of the range read back from the CSV file.
    pub fn earlier(&self) -> u64 {
        self.earlier.len() as u64
    }

    /// Deals of the range left to run.
    pub fn remaining(&self) -> u64 {
        self.deals.len() - self.earlier()
    }

    /// The threads a run starts: the jobs asked for, no more than the deals to run, at
    /// least one.
    pub fn threads(&self) -> usize {
        usize::try_from(self.remaining()).map_or(self.jobs.get(), |n| self.jobs.get().min(n)).max(1)
    }

    /// The summary so far: of the rows read back from the CSV file.
    pub fn summary(&self) -> &W::Summary {
        &self.summary
    }

    /// Runs every deal left; `solvers` builds the solver of each thread (called
    /// [`threads`](Self::threads) times, on the calling thread). Give each thread a new
    /// solver rather than a clone of one: a solver's clones share one pool of warm caches
    /// that keeps at most one idle cache set per hardware thread, and `jobs` may ask for
    /// more threads than that.
    ///
    /// # Errors
    /// [`RunError`]: the CSV file could not be written, or the system refused a thread.
    pub fn run(self, solvers: impl FnMut() -> Solver) -> Result<Report<W::Summary>, RunError<Infallible>> {
        self.run_with(solvers, |_, _| Ok(()))
    }

    /// [`run`](Self::run), calling `on_deal` on the calling thread after each deal, in deal
    /// order, with its result and the summary including it (for progress, streamed output,
    /// or a fault reported at once). The deal's rows are already in the CSV file (or its
    /// buffer); an error from `on_deal` stops the run: no deal is started after it, and
    /// the deals running finish.
    ///
    /// # Errors
    /// [`RunError`]: `on_deal` failed, the CSV file could not be written, or the system
    /// refused a thread.
    pub fn run_with<E>(
        self,
        mut solvers: impl FnMut() -> Solver,
        mut on_deal: impl FnMut(&DealResult<W::Row>, &W::Summary) -> Result<(), E>,
    ) -> Result<Report<W::Summary>, RunError<E>> {
        let threads = self.threads();
        let Bench { workload, solver: name, deals, csv: mut file, earlier, mut summary, .. } = self;
        let solvers = (0..threads).map(|_| solvers()).collect();
        let todo = deals.iter().filter(|d| earlier.binary_search(&d.get()).is_err());
        let (mut ran, mut faults, mut optimal) = (0, 0, Vec::new());
        let result = pool::run_in_order(
            todo,
            solvers,
            |solver, &deal| workload.run(solver, deal, &name),
            |result: DealResult<W::Row>| {
                if let Some(file) = &mut file {
                    file.append(&result.rows).map_err(RunError::Csv)?;
                }
                for row in &result.rows {
                    summary.add(row);
                }
                ran += 1;
                faults += result.faults.len() as u64;
                on_deal(&result, &summary).map_err(RunError::Stopped)?;
                optimal.extend(result.optimal);
                Ok(())
            },
        );
        result.map_err(|stopped| match stopped {
            Stopped::Sink(error) => error,
            Stopped::Spawn { index, of, error } => RunError::Spawn { index, of, error },
        })?;
        if let Some(file) = &mut file {
            file.flush().map_err(RunError::Csv)?;
        }
        Ok(Report { summary, earlier: earlier.len() as u64, ran, faults, optimal })
    }
}
