//! `Solver`, what it answers (`SolveResult`, `Stats`, `Hint`) and how a solve runs from
//! Python: without the GIL, and stopped by Ctrl-C.
//!
//! A signal reaches Python code only on the main thread, between bytecodes: a solve that
//! runs on the calling thread cannot see Ctrl-C until it returns. So a solve first runs on
//! the calling thread for at most [`SLICE`] (most hints and many solves end there, with no
//! thread to start: a thread's start and wake-up would cost more than a hint), and one
//! that needs longer is run again from the start on a worker thread with a cancel flag,
//! while the calling thread waits for it [`POLL`] at a time, checking for signals between
//! waits. On `KeyboardInterrupt` (or any exception a signal handler raises) it sets the
//! flag, which the solver reads about once a millisecond, waits for the worker to stop,
//! and lets the exception propagate.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use freecell_engine::{GameBoard, Hint, Outcome, Preset, Reason, SolveError, SolveReport, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::errors::{OrPyErr, SolverError};

/// How long a solve runs on the calling thread before it is moved to a worker thread,
/// where Ctrl-C can stop it: the longest a signal waits, and the most work a long solve
/// does twice.
pub(crate) const SLICE: Duration = Duration::from_millis(20);

/// How long the calling thread waits for the worker between two checks for signals.
const POLL: Duration = Duration::from_millis(10);

/// Runs `work` on a worker thread and waits for it with the GIL released; a signal
/// handler's exception (Ctrl-C's `KeyboardInterrupt`) sets `cancel`, which `work`'s
/// solver reads, and once the worker has stopped it is raised here.
pub(crate) fn in_background<R: Send + 'static>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, receiver) = mpsc::sync_channel(1);
    let worker = std::thread::Builder::new()
        .name("freecell-rs solve".to_owned())
        .spawn(move || {
            // The receiver is gone only when the caller stopped waiting, which it never
            // does before the worker ends.
            let _ = sender.send(work());
        })
        .map_err(|error| SolverError::new_err(format!("could not start a solver thread: {error}")))?;
    let mut receiver = receiver;
    loop {
        // A receiver is not `Sync`: it goes to the wait and comes back.
        let (back, answer) = py.detach(move || {
            let answer = receiver.recv_timeout(POLL);
            (receiver, answer)
        });
        receiver = back;
        match answer {
            Ok(answer) => {
                // The worker has sent its answer and is ending.
                let _ = py.detach(|| worker.join());
                return Ok(answer);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(error) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = py.detach(|| worker.join());
                    return Err(error);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(SolverError::new_err("internal error: the solver thread stopped unexpectedly"));
            }
        }
    }
}

/// A solver: a preset and limits. Reusable and thread-safe: keep one, and its memory stays
/// warm from one solve to the next.
///
/// `timeout` is in seconds of wall-clock time, `max_nodes` counts expanded positions
/// (exact and reproducible), `max_bytes` bounds the search's memory (by default it fits
/// the machine); each limit ends a solve `"undecided"`, never `"unsolvable"`. `shorten`
/// removes loops and detours from solutions (on for `fast`, off for the others).
#[pyclass(module = "freecell_rs", name = "Solver", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct PySolver {
    /// The preset and every limit but the time, which each call applies itself.
    solver: Solver,
    timeout: Option<Duration>,
    max_nodes: Option<u64>,
    max_bytes: Option<usize>,
}

/// Seconds as Python gives them: a number of seconds, infinite for no limit.
fn seconds(value: f64) -> PyResult<Option<Duration>> {
    if value == f64::INFINITY {
        return Ok(None);
    }
    Duration::try_from_secs_f64(value)
        .map(Some)
        .map_err(|_| PyValueError::new_err(format!("timeout must be a number of seconds, 0 or more; got {value}")))
}

impl PySolver {
    /// The solver with its time limit, for work that runs many solves (ratings): each
    /// solve gets the whole time.
    pub(crate) fn configured(&self) -> Solver {
        match self.timeout {
            Some(limit) => self.solver.clone().timeout(limit),
            None => self.solver.clone(),
        }
    }

    /// Runs `work` (a solve or a hint of `board`) as the module's docs say: on the calling
    /// thread for at most [`SLICE`], then again on a worker thread that Ctrl-C stops.
    /// `timed_out` says whether the time limit ended an answer.
    fn run<R: Send + 'static>(
        &self,
        py: Python<'_>,
        board: &GameBoard,
        work: fn(&Solver, &GameBoard) -> Result<R, SolveError>,
        timed_out: fn(&R) -> bool,
    ) -> PyResult<R> {
        let started = Instant::now();
        let slice = self.timeout.map_or(SLICE, |limit| limit.min(SLICE));
        let quick = self.solver.clone().timeout(slice);
        let answer = py.detach(|| work(&quick, board)).py()?;
        if self.timeout.is_some_and(|limit| limit <= SLICE) || !timed_out(&answer) {
            return Ok(answer);
        }
        py.check_signals()?;
        let mut solver = self.solver.clone();
        if let Some(limit) = self.timeout {
            solver = solver.timeout(limit.saturating_sub(started.elapsed()));
        }
        let (board, cancel) = (board.clone(), Arc::new(AtomicBool::new(false)));
        let solver = solver.cancel(Arc::clone(&cancel));
        in_background(py, &cancel, move || work(&solver, &board))?.py()
    }

    /// Solves `board`, from Python.
    pub(crate) fn solve_board(&self, py: Python<'_>, board: &PyBoard) -> PyResult<SolveResult> {
        let report = self.run(py, &board.board, Solver::solve, |report: &SolveReport| is_timeout(&report.outcome))?;
        Ok(SolveResult::new(&report, board))
    }

    /// The next move from `board`, from Python.
    pub(crate) fn hint_board(&self, py: Python<'_>, board: &PyBoard) -> PyResult<PyHint> {
        let hint = self.run(py, &board.board, Solver::hint, |hint: &Hint| is_timeout(&hint.report.outcome))?;
        let result = SolveResult::new(&hint.report, board);
        let next = result.moves.first().cloned();
        Ok(PyHint { next, result })
    }
}

fn is_timeout(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Undecided(Reason::Timeout))
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (preset = "fast", *, timeout = None, max_nodes = None, max_bytes = None, shorten = None))]
    fn py_new(
        preset: &str,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        max_bytes: Option<usize>,
        shorten: Option<bool>,
    ) -> PyResult<PySolver> {
        let mut solver = Solver::new(preset.parse::<Preset>().py()?);
        if let Some(n) = max_nodes {
            solver = solver.max_nodes(n);
        }
        if let Some(n) = max_bytes {
            solver = solver.max_bytes(n);
        }
        if let Some(yes) = shorten {
            solver = solver.shorten(yes);
        }
        let timeout = match timeout {
            Some(value) => seconds(value)?,
            None => None,
        };
        Ok(PySolver { solver, timeout, max_nodes, max_bytes })
    }

    /// The preset's name (`fast`, `optimal`, …).
    #[getter]
    fn preset(&self) -> &'static str {
        self.solver.preset().name()
    }

    /// The time limit in seconds, or `None`.
    #[getter]
    fn timeout(&self) -> Option<f64> {
        self.timeout.map(|limit| limit.as_secs_f64())
    }

    /// The limit on expanded positions, or `None`.
    #[getter]
    fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The memory limit in bytes, or `None` (the default fits the machine).
    #[getter]
    fn max_bytes(&self) -> Option<usize> {
        self.max_bytes
    }

    fn __repr__(&self) -> String {
        let mut text = format!("Solver('{}'", self.preset());
        // Writing to a String cannot fail.
        if let Some(limit) = self.timeout {
            let _ = write!(text, ", timeout={}", limit.as_secs_f64());
        }
        if let Some(n) = self.max_nodes {
            let _ = write!(text, ", max_nodes={n}");
        }
        if let Some(n) = self.max_bytes {
            let _ = write!(text, ", max_bytes={n}");
        }
        text + ")"
    }

    /// Solves `board`. The GIL is released while the solver works, and Ctrl-C stops it
    /// (`KeyboardInterrupt` is raised within a few tens of milliseconds).
    fn solve(&self, py: Python<'_>, board: &Bound<'_, PyBoard>) -> PyResult<SolveResult> {
        self.solve_board(py, board.get())
    }

    /// The next move of a solution from `board` (`Hint.move`), with the solve it comes from.
    fn hint(&self, py: Python<'_>, board: &Bound<'_, PyBoard>) -> PyResult<PyHint> {
        self.hint_board(py, board.get())
    }

    /// Frees the memory kept warm for the next solves.
    fn free_caches(&self) {
        self.solver.free_caches();
    }
}

/// What a solve cost.
#[pyclass(module = "freecell_rs", name = "Stats", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct Stats {
    /// Positions expanded (their moves generated).
    expanded: u64,
    /// Positions generated.
    generated: u64,
    /// Wall-clock seconds of the search and the verification of its solution.
    seconds: f64,
    /// The most positions the search held at once.
    peak_stored: u64,
    /// The search's memory at its peak, in bytes, by its own accounting.
    peak_bytes: usize,
    /// Bytes of memory kept from earlier solves that this one reused.
    reused_bytes: usize,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(expanded={}, generated={}, seconds={:.6}, peak_stored={}, peak_bytes={}, reused_bytes={})",
            self.expanded, self.generated, self.seconds, self.peak_stored, self.peak_bytes, self.reused_bytes
        )
    }
}

/// How a solve ended: `outcome` is `"solved"` (with `moves`, a verified solution in
/// standard notation, every move listed, foundation moves included), `"unsolvable"`
/// (proved: no sequence of moves wins) or `"undecided"` (with the `reason`: `"node-limit"`,
/// `"memory-limit"`, `"timeout"`, `"cancelled"`, `"bound"`, `"pruned"`, `"capacity"` or
/// `"engine"`).
#[pyclass(module = "freecell_rs", name = "SolveResult", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct SolveResult {
    /// `"solved"`, `"unsolvable"` or `"undecided"`.
    outcome: &'static str,
    /// The solution's moves; empty unless solved.
    pub(crate) moves: Vec<String>,
    /// Why the solve is undecided; `None` otherwise.
    reason: Option<&'static str>,
    /// What it cost.
    stats: Stats,
}

impl SolveResult {
    pub(crate) fn new(report: &SolveReport, board: &PyBoard) -> SolveResult {
        let search = report.stats.search;
        let stats = Stats {
            expanded: search.expanded,
            generated: search.generated,
            seconds: report.stats.elapsed.as_secs_f64(),
            peak_stored: search.peak_stored,
            peak_bytes: search.bytes,
            reused_bytes: report.stats.reused_bytes,
        };
        let (outcome, moves, reason) = match &report.outcome {
            Outcome::Solved(solution) => ("solved", board.notation(&solution.moves), None),
            Outcome::Unsolvable => ("unsolvable", Vec::new(), None),
            Outcome::Undecided(reason) => ("undecided", Vec::new(), Some(reason.name())),
        };
        SolveResult { outcome, moves, reason, stats }
    }
}

#[pymethods]
impl SolveResult {
    /// Whether the board was solved.
    #[getter]
    fn solved(&self) -> bool {
        self.outcome == "solved"
    }

    fn __repr__(&self) -> String {
        match (self.outcome, self.reason) {
            (_, Some(reason)) => format!("SolveResult(outcome='undecided', reason='{reason}')"),
            ("solved", _) => format!("SolveResult(outcome='solved', moves=<{} moves>)", self.moves.len()),
            (outcome, _) => format!("SolveResult(outcome='{outcome}')"),
        }
    }
}

/// A hint: `move`, the first move of a verified solution (`None` when the board is won or
/// no solution was found), and `result`, the solve it comes from.
#[pyclass(module = "freecell_rs", name = "Hint", frozen)]
#[derive(Clone, Debug)]
pub(crate) struct PyHint {
    next: Option<String>,
    result: SolveResult,
}

#[pymethods]
impl PyHint {
    /// The move, in standard notation.
    #[getter(r#move)]
    fn next(&self) -> Option<String> {
        self.next.clone()
    }

    /// The solve the hint comes from.
    #[getter]
    fn result(&self) -> SolveResult {
        self.result.clone()
    }

    /// The solve's outcome (`"solved"`, `"unsolvable"`, `"undecided"`).
    #[getter]
    fn outcome(&self) -> &'static str {
        self.result.outcome
    }

    fn __repr__(&self) -> String {
        match &self.next {
            Some(token) => format!("Hint(move='{token}')"),
            None => format!("Hint(move=None, outcome='{}')", self.result.outcome),
        }
    }
}
