//! [`Seeds`]: the positions waiting for their component, in memory and in sorted runs on
//! disk (delayed duplicate detection, as in external-memory breadth-first search: Korf,
//! "Best-First Frontier Search with Delayed Duplicate Detection", AAAI 2004).
//!
//! A seed is a position reached by a move that put a card home, so it belongs to a
//! component of a higher foundation vector than the one being expanded. Seeds are kept
//! unsorted in memory, one vector per component, until memory runs short; then all of them
//! are sorted by component (in the order components are expanded) and position, deduplicated,
//! and written as one run: the prefix-coded runs of [`runs`](super::runs), each position
//! tagged with its component's order. Components are taken in that same order, so the runs
//! are merged ([`Merged`]) and every run is read from front to back exactly once, a seed
//! spilled in several runs coming back once; a run read to its end is deleted.

use std::collections::BTreeMap;
use std::path::PathBuf;

use freecell_core::{PACKED_BYTES, Packed};

use super::ProveError;
use super::runs::{MAX_RECORD, Merged, RunWriter};

/// Bytes of a run's read buffer at most.
const MAX_BUFFER: usize = 1 << 14;
/// Runs open at most: past it, all are merged into one (components with many seeds, such
/// as the many small ones a count of cards out of order makes, would otherwise leave a run,
/// an open file and a buffer per spill).
const MAX_RUNS: usize = 16;

/// The seeds of every component not yet expanded, keyed by the component's order.
pub(super) struct Seeds {
    dir: PathBuf,
    /// Bytes of a run's read or write buffer.
    buffer: usize,
    memory: BTreeMap<u32, Vec<Packed>>,
    /// Bytes the vectors in `memory` hold (capacities).
    memory_bytes: usize,
    /// The runs on disk, merged, tagged with the components' orders.
    runs: Merged,
    runs_made: u32,
    /// Bytes of the runs on disk at most so far.
    peak_disk_bytes: u64,
}

impl Seeds {
    /// No seeds; runs go to `dir` (which must exist), read through buffers of at most
    /// 1/64 of `max_bytes`.
    pub(super) fn new(dir: PathBuf, max_bytes: usize) -> Self {
        Self {
            dir,
            buffer: (max_bytes / 64).clamp(1 << 10, MAX_BUFFER),
            memory: BTreeMap::new(),
            memory_bytes: 0,
            runs: Merged::default(),
            runs_made: 0,
            peak_disk_bytes: 0,
        }
    }

    /// Bytes held in memory: the seeds' vectors and the runs' read buffers.
    pub(super) fn memory_bytes(&self) -> usize {
        self.memory_bytes + self.runs.open_runs() * self.buffer
    }

    /// Bytes held in memory after a [`spill`](Self::spill): the runs' read buffers, one
    /// more run's included.
    pub(super) fn buffers_after_spill(&self) -> usize {
        (self.runs.open_runs() + 1).min(MAX_RUNS + 1) * self.buffer
    }

    /// Bytes on disk now.
    pub(super) fn disk_bytes(&self) -> u64 {
        self.runs.disk_bytes()
    }

    /// Bytes on disk at most so far.
    pub(super) fn peak_disk_bytes(&self) -> u64 {
        self.peak_disk_bytes
    }

    /// Runs written so far.
    pub(super) fn runs_made(&self) -> u32 {
        self.runs_made
    }

    /// Adds a seed of component `order` (duplicates are allowed).
    pub(super) fn push(&mut self, order: u32, key: Packed) {
        let seeds = self.memory.entry(order).or_default();
        let before = seeds.capacity();
        seeds.push(key);
        self.memory_bytes += (seeds.capacity() - before) * PACKED_BYTES;
    }

    /// The bytes [`push`](Self::push) of a seed of component `order` would allocate.
    pub(super) fn push_growth(&self, order: u32) -> usize {
        match self.memory.get(&order) {
            Some(seeds) if seeds.len() < seeds.capacity() => 0,
            Some(seeds) => seeds.capacity().max(4) * PACKED_BYTES,
            None => 4 * PACKED_BYTES,
        }
    }

    /// The bytes a run of the seeds in memory would take on disk, at most: a record is
    /// prefix-coded, so at most [`MAX_RECORD`] bytes.
    pub(super) fn spill_bytes(&self) -> u64 {
        self.memory.values().map(|seeds| seeds.len() as u64 * MAX_RECORD).sum()
    }

    /// The path of the next run.
    fn next_run(&mut self) -> PathBuf {
        self.runs_made += 1;
        self.dir.join(format!("run-{:05}.seeds", self.runs_made - 1))
    }

    /// Writes every seed in memory to a new run (sorted, without duplicates) and frees
    /// their memory.
    pub(super) fn spill(&mut self) -> Result<(), ProveError> {
        if self.memory.is_empty() {
            return Ok(());
        }
        let mut writer = RunWriter::create(self.next_run(), true, self.buffer)?;
        for (&order, seeds) in &mut self.memory {
            seeds.sort_unstable();
            seeds.dedup();
            for key in seeds.iter() {
                writer.push(key, order)?;
            }
        }
        let run = writer.finish()?;
        self.memory.clear();
        self.memory_bytes = 0;
        self.runs.add(run, self.buffer)?;
        self.peak_disk_bytes = self.peak_disk_bytes.max(self.runs.disk_bytes());
        if self.runs.open_runs() > MAX_RUNS {
            self.merge_runs()?;
        }
        Ok(())
    }

    /// Merges what is left of every run into one run (sorted, without duplicates).
    fn merge_runs(&mut self) -> Result<(), ProveError> {
        let mut writer = RunWriter::create(self.next_run(), true, self.buffer)?;
        while let Some((key, order)) = self.runs.next_record()? {
            writer.push(&key, order)?;
            self.peak_disk_bytes = self.peak_disk_bytes.max(self.runs.disk_bytes() + writer.bytes());
        }
        // Every old run was read to its end, and so deleted.
        self.runs = Merged::default();
        self.runs.add(writer.finish()?, self.buffer)
    }

    /// The order of the next component with seeds, if any.
    pub(super) fn next(&self) -> Option<u32> {
        let memory = self.memory.keys().next().copied();
        match (memory, self.runs.next_tag()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Moves up to `max` seeds of component `order` into `out` (with duplicates when the
    /// same position waits both in memory and on disk); `false` once none is left.
    pub(super) fn take(&mut self, order: u32, out: &mut Vec<Packed>, max: usize) -> Result<bool, ProveError> {
        if let Some(seeds) = self.memory.get_mut(&order) {
            let n = seeds.len().min(max - out.len().min(max));
            out.extend(seeds.drain(seeds.len() - n..));
            if seeds.is_empty() {
                self.memory_bytes -= seeds.capacity() * PACKED_BYTES;
                self.memory.remove(&order);
            }
        }
        while out.len() < max && self.runs.next_tag() == Some(order) {
            let Some((key, _)) = self.runs.next_record()? else { break };
            out.push(key);
        }
        Ok(self.next() == Some(order))
    }
}
