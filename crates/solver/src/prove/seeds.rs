//! [`Seeds`]: the positions waiting for their component, in memory and in sorted runs on
//! disk (delayed duplicate detection, as in external-memory breadth-first search: Korf,
//! "Best-First Frontier Search with Delayed Duplicate Detection", AAAI 2004).
//!
//! A seed is a position reached by a move that put a card home, so it belongs to a
//! component of a higher foundation vector than the one being expanded. Seeds are kept
//! unsorted in memory, one vector per component, until memory runs short; then all of them
//! are sorted by component (in the order components are expanded) and position, deduplicated,
//! and written as one run. Components are taken in that same order, so every run is read
//! from front to back exactly once, and a run read to its end is deleted. Duplicates between
//! runs are left to the component's store, which finds them when the seeds are loaded.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use freecell_core::{PACKED_BYTES, Packed};

/// Bytes of one seed in a run: the component's order (4 bytes) and the position.
const RECORD: usize = 4 + PACKED_BYTES;
/// Bytes of a run's read buffer at most.
const MAX_BUFFER: usize = 1 << 14;
/// Runs open at most: past it, all are merged into one (components with many seeds, such
/// as the many small ones a count of cards out of order makes, would otherwise leave a run,
/// an open file and a buffer per spill).
const MAX_RUNS: usize = 16;

/// One run on disk, read from the front.
struct Run {
    path: PathBuf,
    reader: BufReader<File>,
    /// The next seed, `None` once the run is read to its end (and deleted).
    head: Option<(u32, Packed)>,
    bytes: u64,
}

impl Run {
    /// Reads the next seed into `head`; deletes the file at the end.
    fn advance(&mut self) -> io::Result<()> {
        let mut record = [0u8; RECORD];
        match self.reader.read_exact(&mut record) {
            Ok(()) => {
                let order = u32::from_le_bytes([record[0], record[1], record[2], record[3]]);
                let mut key = [0u8; PACKED_BYTES];
                key.copy_from_slice(&record[4..]);
                self.head = Some((order, Packed(key)));
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                self.head = None;
                fs::remove_file(&self.path)
            }
            Err(e) => Err(e),
        }
    }
}

/// An I/O failure on a file of the seeds' directory.
#[derive(Debug)]
pub(super) struct SeedIoError {
    pub(super) path: PathBuf,
    pub(super) source: io::Error,
}

fn at(path: &Path) -> impl FnOnce(io::Error) -> SeedIoError + '_ {
    move |source| SeedIoError { path: path.to_path_buf(), source }
}

/// The seeds of every component not yet expanded, keyed by the component's order.
pub(super) struct Seeds {
    dir: PathBuf,
    /// Bytes of a run's read or write buffer.
    buffer: usize,
    memory: BTreeMap<u32, Vec<Packed>>,
    /// Bytes the vectors in `memory` hold (capacities).
    memory_bytes: usize,
    runs: Vec<Run>,
    runs_made: u32,
    /// Bytes of the runs on disk now, and at most.
    disk_bytes: u64,
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
            runs: Vec::new(),
            runs_made: 0,
            disk_bytes: 0,
            peak_disk_bytes: 0,
        }
    }

    /// Bytes held in memory: the seeds' vectors and the runs' read buffers.
    pub(super) fn memory_bytes(&self) -> usize {
        self.memory_bytes + self.runs.len() * self.buffer
    }

    /// Bytes held in memory after a [`spill`](Self::spill): the runs' read buffers, one
    /// more run's included.
    pub(super) fn buffers_after_spill(&self) -> usize {
        (self.runs.len() + 1).min(MAX_RUNS + 1) * self.buffer
    }

    /// Bytes on disk now.
    pub(super) fn disk_bytes(&self) -> u64 {
        self.disk_bytes
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

    /// The bytes a run of the seeds in memory would take on disk, at most.
    pub(super) fn spill_bytes(&self) -> u64 {
        self.memory.values().map(|seeds| (seeds.len() * RECORD) as u64).sum()
    }

    /// Writes every seed in memory to a new run (sorted, without duplicates) and frees
    /// their memory.
    pub(super) fn spill(&mut self) -> Result<(), SeedIoError> {
        if self.memory.is_empty() {
            return Ok(());
        }
        let path = self.dir.join(format!("run-{:05}.seeds", self.runs_made));
        let mut bytes = 0u64;
        {
            let file = File::create(&path).map_err(at(&path))?;
            let mut writer = BufWriter::with_capacity(self.buffer, file);
            for (&order, seeds) in &mut self.memory {
                seeds.sort_unstable();
                seeds.dedup();
                for key in seeds.iter() {
                    writer.write_all(&order.to_le_bytes()).map_err(at(&path))?;
                    writer.write_all(&key.0).map_err(at(&path))?;
                    bytes += RECORD as u64;
                }
            }
            writer.flush().map_err(at(&path))?;
        }
        self.memory.clear();
        self.memory_bytes = 0;
        self.runs_made += 1;
        self.disk_bytes += bytes;
        self.peak_disk_bytes = self.peak_disk_bytes.max(self.disk_bytes);
        let file = File::open(&path).map_err(at(&path))?;
        let mut run = Run { reader: BufReader::with_capacity(self.buffer, file), path, head: None, bytes };
        run.advance().map_err(at(&run.path))?;
        if run.head.is_some() {
            self.runs.push(run);
        }
        if self.runs.len() > MAX_RUNS {
            self.merge_runs()?;
        }
        Ok(())
    }

    /// Merges what is left of every run into one run (sorted, without duplicates).
    fn merge_runs(&mut self) -> Result<(), SeedIoError> {
        let path = self.dir.join(format!("run-{:05}.seeds", self.runs_made));
        let mut bytes = 0u64;
        {
            let file = File::create(&path).map_err(at(&path))?;
            let mut writer = BufWriter::with_capacity(self.buffer, file);
            let mut last = None;
            let smallest = |runs: &[Run]| {
                runs.iter()
                    .enumerate()
                    .filter_map(|(i, run)| run.head.map(|head| (i, head)))
                    .min_by_key(|&(_, head)| head)
            };
            while let Some((i, head)) = smallest(&self.runs) {
                if last != Some(head) {
                    let (order, key) = head;
                    writer.write_all(&order.to_le_bytes()).map_err(at(&path))?;
                    writer.write_all(&key.0).map_err(at(&path))?;
                    bytes += RECORD as u64;
                    self.peak_disk_bytes = self.peak_disk_bytes.max(self.disk_bytes + bytes);
                    last = Some(head);
                }
                let run = &mut self.runs[i];
                run.advance().map_err(at(&run.path))?;
            }
            writer.flush().map_err(at(&path))?;
        }
        // Every old run was read to its end, and so deleted.
        self.runs.clear();
        self.runs_made += 1;
        self.disk_bytes = bytes;
        let file = File::open(&path).map_err(at(&path))?;
        let mut run = Run { reader: BufReader::with_capacity(self.buffer, file), path, head: None, bytes };
        run.advance().map_err(at(&run.path))?;
        if run.head.is_some() {
            self.runs.push(run);
        }
        Ok(())
    }

    /// The order of the next component with seeds, if any.
    pub(super) fn next(&self) -> Option<u32> {
        let memory = self.memory.keys().next().copied();
        let runs = self.runs.iter().filter_map(|run| run.head.map(|(order, _)| order)).min();
        match (memory, runs) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Moves up to `max` seeds of component `order` into `out` (with duplicates when the
    /// same position was spilled in more than one run); `false` once none is left.
    pub(super) fn take(&mut self, order: u32, out: &mut Vec<Packed>, max: usize) -> Result<bool, SeedIoError> {
        if let Some(seeds) = self.memory.get_mut(&order) {
            let n = seeds.len().min(max - out.len().min(max));
            out.extend(seeds.drain(seeds.len() - n..));
            if seeds.is_empty() {
                self.memory_bytes -= seeds.capacity() * PACKED_BYTES;
                self.memory.remove(&order);
            }
        }
        for run in &mut self.runs {
            while out.len() < max {
                match run.head {
                    Some((o, key)) if o == order => {
                        out.push(key);
                        run.advance().map_err(at(&run.path))?;
                    }
                    _ => break,
                }
            }
        }
        let ended: u64 = self.runs.iter().filter(|run| run.head.is_none()).map(|run| run.bytes).sum();
        self.disk_bytes -= ended;
        self.runs.retain(|run| run.head.is_some());
        Ok(self.next() == Some(order))
    }
}
