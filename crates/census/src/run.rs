//! Running one shard: [`Census::run`], resumable and never redone.

use std::fs::{self, File, TryLockError};
use std::io;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use freecell_bench::pool::{self, Stopped};
use freecell_bench::{Fault, Solves, Workload};

use crate::cpu::process_cpu;
use crate::file::{ReadError, ShardFile};
use crate::selection::Shard;
use crate::settings::Settings;

/// How often a running shard saves its progress, unless told otherwise.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// A census: its [`Settings`], run a shard at a time into a directory of shard files.
///
/// Each shard writes one file, `shard-I-of-N.census` ([`ShardFile`]), replaced atomically
/// every few seconds while it runs and when it ends. A shard started again resumes from its
/// file (the deals after its last checkpoint are run again, and give the same findings);
/// a shard whose file is complete is not run again. The file is locked while a run writes
/// it, so two runs of one shard (a requeued task and its stale first run) never both write.
///
/// # Examples
/// ```
/// use freecell_census::{Census, Selection, Settings, Shard};
/// use freecell_core::Game;
/// use freecell_solver::Preset;
///
/// let dir = std::env::temp_dir().join(format!("census-doc-{}", std::process::id()));
/// let settings = Settings::new(Selection::range("1..=6".parse()?), Game::FreeCell, Preset::Fast, "doc");
/// let census = Census::new(settings);
/// for index in 0..2 {
///     let run = census.run(&dir, Shard::new(index, 2)?, |_| {})?;
///     assert_eq!((run.ran, run.file.done), (3, 3));
/// }
/// // Done shards are not run again.
/// assert_eq!(census.run(&dir, Shard::new(1, 2)?, |_| {})?.ran, 0);
/// let report = freecell_census::merge(&dir)?;
/// assert_eq!((report.findings.deals, report.findings.solved), (6, 6));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Census {
    settings: Settings,
    jobs: NonZeroUsize,
    checkpoint_every: Duration,
}

/// What happened during a shard's run, for the caller's progress display.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// The shard's file was saved with this progress.
    Checkpoint(&'a ShardFile),
    /// A solution failed verification (the deal counts as an error).
    Fault(&'a Fault),
}

/// A shard's run.
#[derive(Debug)]
#[non_exhaustive]
pub struct ShardRun {
    /// The shard's file as the run left it (complete).
    pub file: ShardFile,
    /// Deals done by earlier runs.
    pub resumed: u64,
    /// Deals run now.
    pub ran: u64,
    /// The file written.
    pub path: PathBuf,
}

/// Why a shard could not run to its end. Its file keeps the progress of the last
/// checkpoint.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The directory or the shard's file could not be created, locked or written.
    #[error("cannot write `{}`: {source}", path.display())]
    Write {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
    /// Another run of the shard holds its lock.
    #[error("another run is writing `{}` (its lock is held): a shard runs once at a time", path.display())]
    Busy {
        /// The shard file.
        path: PathBuf,
    },
    /// The shard's file cannot be read.
    #[error("{0}; remove it to run the shard from its start")]
    Read(#[from] ReadError),
    /// The shard's file belongs to another census.
    #[error("`{}` is a shard of another census ({found}), not of this one ({expected}); use another directory", path.display())]
    OtherCensus {
        /// The file.
        path: PathBuf,
        /// Its settings.
        found: Box<Settings>,
        /// This census's.
        expected: Box<Settings>,
    },
    /// The system refused a worker thread.
    #[error("the system refused to start thread {} of {of} ({error}); try fewer jobs", .index + 1)]
    Spawn {
        /// The thread refused, from 0.
        index: usize,
        /// The threads asked for.
        of: usize,
        /// The system's error.
        error: String,
    },
}

impl Census {
    /// A census with these settings, run on one thread, saving progress every
    /// [`CHECKPOINT_EVERY`].
    pub fn new(settings: Settings) -> Census {
        Census { settings, jobs: NonZeroUsize::MIN, checkpoint_every: CHECKPOINT_EVERY }
    }

    /// Runs deals on `jobs` threads, each keeping one solver. Findings do not depend on it.
    pub fn jobs(mut self, jobs: NonZeroUsize) -> Census {
        self.jobs = jobs;
        self
    }

    /// Saves progress at most `every` apart (and at the end).
    pub fn checkpoint_every(mut self, every: Duration) -> Census {
        self.checkpoint_every = every;
        self
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Runs `shard` into `dir` (created if needed): from its start, from its file's last
    /// checkpoint, or not at all when its file is complete. `on_event` is called on the
    /// calling thread after each checkpoint and for each fault.
    ///
    /// # Errors
    /// [`RunError`]: the directory or file cannot be written or locked, the file is corrupt
    /// or of another census, or the system refused a thread.
    pub fn run(&self, dir: &Path, shard: Shard, mut on_event: impl FnMut(Event<'_>)) -> Result<ShardRun, RunError> {
        let write_error = |path: &Path| {
            let path = path.to_owned();
            move |source| RunError::Write { path, source }
        };
        fs::create_dir_all(dir).map_err(write_error(dir))?;
        let path = dir.join(ShardFile::name(shard));
        let _lock = lock(&path)?;
        let mut file = match ShardFile::read(&path) {
            Ok(file) if file.settings == self.settings && file.shard == shard => file,
            Ok(file) => {
                return Err(RunError::OtherCensus {
                    path,
                    found: Box::new(file.settings),
                    expected: Box::new(self.settings.clone()),
                });
            }
            Err(ReadError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                ShardFile::new(self.settings.clone(), shard)
            }
            Err(error) => return Err(error.into()),
        };
        let resumed = file.done;
        if file.is_complete() {
            return Ok(ShardRun { file, resumed, ran: 0, path });
        }
        let block = file.positions();
        let deals = self.settings.deals.deals(block.start + resumed..block.end);
        let remaining = block.end - block.start - resumed;
        let threads = usize::try_from(remaining).map_or(self.jobs.get(), |n| n.min(self.jobs.get())).max(1);
        let solvers = (0..threads).map(|_| self.settings.build_solver()).collect();
        let name = self.settings.solver.name();
        let workload = Solves::new().game(self.settings.game.variant());
        // CPU time adds up over the runs of a shard; a shard started afresh has used none.
        let before = if resumed == 0 { Some(0) } else { file.timing.cpu_micros };
        let cpu_base = (before, process_cpu());
        let cpu_now = |file: &mut ShardFile| {
            file.timing.cpu_micros = match cpu_base {
                (Some(before), Some(start)) => {
                    process_cpu().map(|now| before + now.saturating_sub(start).as_micros() as u64)
                }
                _ => None,
            };
        };
        let mut saved = Instant::now();
        let result = pool::run_in_order(
            deals,
            solvers,
            |solver, &deal| workload.run(solver, deal, name),
            |result| {
                for fault in &result.faults {
                    on_event(Event::Fault(fault));
                }
                for row in &result.rows {
                    file.findings.add(row);
                    file.timing.add(row);
                }
                file.done += 1;
                if saved.elapsed() >= self.checkpoint_every {
                    cpu_now(&mut file);
                    file.write(&path)?;
                    on_event(Event::Checkpoint(&file));
                    saved = Instant::now();
                }
                Ok(())
            },
        );
        result.map_err(|stopped| match stopped {
            Stopped::Sink(source) => RunError::Write { path: path.clone(), source },
            Stopped::Spawn { index, of, error } => RunError::Spawn { index, of, error },
        })?;
        cpu_now(&mut file);
        file.write(&path).map_err(write_error(&path))?;
        on_event(Event::Checkpoint(&file));
        Ok(ShardRun { ran: file.done - resumed, file, resumed, path })
    }
}

/// Locks the shard file's lock file, `<file>.lock`, for as long as the returned file is
/// open. The shard file itself is replaced by renames, so it cannot hold the lock.
fn lock(path: &Path) -> Result<File, RunError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = File::create(&lock_path).map_err(|source| RunError::Write { path: lock_path.clone(), source })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(RunError::Busy { path: path.to_owned() }),
        Err(TryLockError::Error(source)) => Err(RunError::Write { path: lock_path, source }),
    }
}
