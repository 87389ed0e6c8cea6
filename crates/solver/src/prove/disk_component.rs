//! [`DiskComponent`]: one component too large for memory, searched breadth-first with its
//! layers on disk and delayed duplicate detection (external-memory breadth-first search:
//! Munagala and Ranade, "I/O-complexity of graph algorithms", SODA 1999; Korf, "Best-First
//! Frontier Search with Delayed Duplicate Detection", AAAI 2004).
//!
//! The positions found by expanding a layer go to a [`Sorter`]; when the layer is expanded
//! they are merged, sorted and distinct, with the sorted run of every position visited so
//! far: those not in it are the next layer, and join it. Moves inside a component are not
//! all reversible (a card put on a cascade may have come from one it cannot go back to), so
//! a position can reach one of any earlier depth, and the new layer is checked against all
//! of them, not only the last two as in undirected graphs. Every visited position keeps its
//! depth as the run's tag: a win is traced back by finding, one depth lower each time, a
//! position with a move to the last one found (the component's seeds are depth 0).
//! fc-solve's `depth_dbm_solver.c` (`shlomif/fc-solve`) also splits a search by depth, but
//! keeps its positions in a key-value store.

use std::path::{Path, PathBuf};

use super::runs::{RunFile, RunReader, RunWriter, Sorter};
use super::{Limit, ProveError};

/// Records merged between two checks of the disk limit.
const CHECK_EVERY: u64 = 1 << 12;

/// A component's layers on disk: the positions visited, the layer being expanded, and the
/// positions its expansion found.
pub(super) struct DiskComponent {
    dir: PathBuf,
    /// Every position visited, sorted, tagged with its depth.
    visited: Option<RunFile>,
    /// The last layer closed (depth `depth`): the positions to expand.
    frontier: Option<RunFile>,
    depth: u32,
    /// Bytes of each run's read or write buffer.
    io: usize,
    /// The positions found by expanding the frontier, and at first the seeds.
    pub(super) next: Sorter,
    /// Layers closed.
    closed: u32,
}

impl DiskComponent {
    /// An empty component whose runs go to `dir`, sorting `capacity` positions at a time
    /// in memory, reading and writing through `io` bytes of buffer a run.
    pub(super) fn new(dir: &Path, capacity: usize, io: usize) -> Self {
        Self {
            dir: dir.to_path_buf(),
            visited: None,
            frontier: None,
            depth: 0,
            io,
            next: Sorter::new(dir, "next", capacity, io),
            closed: 0,
        }
    }

    /// Bytes of memory held at most: the sorter's, and the buffers of the runs read and
    /// written beside it (visited, old and new; the frontier).
    pub(super) fn memory_bytes(&self) -> usize {
        self.next.memory_bytes() + 3 * self.io
    }

    /// Bytes on disk now.
    pub(super) fn disk_bytes(&self) -> u64 {
        let size = |run: &Option<RunFile>| run.as_ref().map_or(0, |run| run.bytes);
        size(&self.visited) + size(&self.frontier) + self.next.disk_bytes()
    }

    /// Depth of the last layer closed (the seeds are depth 0).
    pub(super) fn depth(&self) -> u32 {
        self.depth
    }

    /// Layers closed so far.
    pub(super) fn layers(&self) -> u32 {
        self.closed
    }

    /// Closes a layer: the positions pushed to [`next`](Self::next) that were not visited
    /// become the frontier, one depth deeper (depth 0 for the first layer, the seeds), and
    /// are visited. Its size, or `Err` when `over(bytes on disk)` says the disk limit is
    /// passed (checked every few thousand records).
    pub(super) fn close_layer(&mut self, over: impl Fn(u64) -> bool) -> Result<Result<u64, Limit>, ProveError> {
        if let Some(frontier) = self.frontier.take() {
            frontier.remove()?;
        }
        let depth = if self.closed == 0 { 0 } else { self.depth + 1 };
        let pending = self.next.disk_bytes();
        let old_bytes = self.visited.as_ref().map_or(0, |run| run.bytes);
        let mut found = self.next.drain()?;
        let mut old = self.visited.as_ref().map(|run| run.reader(self.io)).transpose()?;
        let path = |name| self.dir.join(format!("{name}-{:05}.run", self.closed));
        let mut visited = RunWriter::create(path("visited"), true, self.io)?;
        let mut frontier = RunWriter::create(path("frontier"), false, self.io)?;
        let mut a = match &mut old {
            Some(old) => old.next()?,
            None => None,
        };
        let mut b = found.next()?;
        let mut records = 0u64;
        loop {
            match (a, b) {
                (None, None) => break,
                (Some((seen, tag)), Some(key)) if seen <= key => {
                    visited.push(&seen, tag)?;
                    if seen == key {
                        b = found.next()?;
                    }
                    a = old.as_mut().map(RunReader::next).transpose()?.flatten();
                }
                (Some((seen, tag)), None) => {
                    visited.push(&seen, tag)?;
                    a = old.as_mut().map(RunReader::next).transpose()?.flatten();
                }
                (_, Some(key)) => {
                    visited.push(&key, depth)?;
                    frontier.push(&key, 0)?;
                    b = found.next()?;
                }
            }
            records += 1;
            if records.is_multiple_of(CHECK_EVERY) && over(old_bytes + pending + visited.bytes() + frontier.bytes()) {
                return Ok(Err(Limit::Disk));
            }
        }
        self.next.recycle(found);
        let visited = visited.finish()?;
        let frontier = frontier.finish()?;
        if let Some(old) = self.visited.replace(visited) {
            old.remove()?;
        }
        let size = frontier.records;
        self.frontier = Some(frontier);
        self.depth = depth;
        self.closed += 1;
        Ok(Ok(size))
    }

    /// The frontier (the last layer closed), read from the front.
    pub(super) fn frontier(&self) -> Result<Option<RunReader>, ProveError> {
        self.frontier.as_ref().map(|run| run.reader(self.io)).transpose()
    }

    /// Every visited position with its depth, read from the front.
    pub(super) fn visited_reader(&self) -> Result<Option<RunReader>, ProveError> {
        self.visited.as_ref().map(|run| run.reader(self.io)).transpose()
    }
}
