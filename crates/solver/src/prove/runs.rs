//! Sorted runs of packed positions on disk, prefix-coded, and [`Sorter`], which sorts and
//! deduplicates more positions than memory holds by merging such runs.
//!
//! **Prefix coding.** Positions in a sorted run share leading bytes with the one before
//! them (most cards of a component lie where the deal put them, so most 3-bit codes are
//! equal), so each record is the count of leading bytes equal to the previous position's,
//! then only the bytes after them, then an optional tag as a LEB128 number (the
//! breadth-first depth of a visited position, under 128 in one byte). Front coding of
//! sorted keys is the classic index compression of Witten, Moffat and Bell, *Managing
//! Gigabytes* (2nd ed., 1999), section 4.1.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use freecell_core::{PACKED_BYTES, Packed};

use super::{Limit, ProveError};

/// Bytes of a run's read or write buffer at least.
const MIN_BUFFER: usize = 1 << 10;

/// The most bytes one record takes: the prefix count, a whole position, a 5-byte tag.
pub(super) const MAX_RECORD: u64 = 1 + PACKED_BYTES as u64 + 5;

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> ProveError + '_ {
    move |source| ProveError::Io { path: path.to_path_buf(), source }
}

/// A run written to its end: its file, records and bytes.
#[derive(Debug)]
pub(super) struct RunFile {
    pub(super) path: PathBuf,
    pub(super) records: u64,
    pub(super) bytes: u64,
    tagged: bool,
}

impl RunFile {
    /// Reads the run from the front, through a buffer of `buffer` bytes.
    pub(super) fn reader(&self, buffer: usize) -> Result<RunReader, ProveError> {
        let file = File::open(&self.path).map_err(io_at(&self.path))?;
        Ok(RunReader {
            path: self.path.clone(),
            reader: BufReader::with_capacity(buffer.max(MIN_BUFFER), file),
            previous: Packed::default(),
            tagged: self.tagged,
        })
    }

    /// Deletes the file.
    pub(super) fn remove(self) -> Result<(), ProveError> {
        fs::remove_file(&self.path).map_err(io_at(&self.path))
    }
}

/// Writes a run, one record at a time (in sorted order for the prefixes to be short, but
/// any order reads back).
pub(super) struct RunWriter {
    path: PathBuf,
    writer: BufWriter<File>,
    previous: Packed,
    tagged: bool,
    records: u64,
    bytes: u64,
}

impl RunWriter {
    /// A new run at `path`, its records tagged or not, written through a buffer of
    /// `buffer` bytes.
    pub(super) fn create(path: PathBuf, tagged: bool, buffer: usize) -> Result<Self, ProveError> {
        let file = File::create(&path).map_err(io_at(&path))?;
        Ok(Self {
            path,
            writer: BufWriter::with_capacity(buffer.max(MIN_BUFFER), file),
            previous: Packed::default(),
            tagged,
            records: 0,
            bytes: 0,
        })
    }

    /// Bytes written so far.
    pub(super) fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Appends `key` (and `tag`, in a tagged run).
    pub(super) fn push(&mut self, key: &Packed, tag: u32) -> Result<(), ProveError> {
        let shared = key.0.iter().zip(&self.previous.0).take_while(|(a, b)| a == b).count();
        let mut record = [0u8; MAX_RECORD as usize];
        record[0] = shared as u8;
        let mut len = 1 + PACKED_BYTES - shared;
        record[1..len].copy_from_slice(&key.0[shared..]);
        if self.tagged {
            let mut rest = tag;
            loop {
                let byte = (rest & 0x7f) as u8;
                rest >>= 7;
                record[len] = byte | if rest > 0 { 0x80 } else { 0 };
                len += 1;
                if rest == 0 {
                    break;
                }
            }
        }
        self.writer.write_all(&record[..len]).map_err(io_at(&self.path))?;
        self.previous = *key;
        self.records += 1;
        self.bytes += len as u64;
        Ok(())
    }

    /// Flushes and closes the run.
    pub(super) fn finish(mut self) -> Result<RunFile, ProveError> {
        self.writer.flush().map_err(io_at(&self.path))?;
        Ok(RunFile { path: self.path, records: self.records, bytes: self.bytes, tagged: self.tagged })
    }
}

/// Reads a run from the front.
pub(super) struct RunReader {
    path: PathBuf,
    reader: BufReader<File>,
    previous: Packed,
    tagged: bool,
}

impl RunReader {
    /// The next record (its tag 0 in an untagged run), `None` at the end.
    pub(super) fn next(&mut self) -> Result<Option<(Packed, u32)>, ProveError> {
        let mut shared = [0u8; 1];
        match self.reader.read_exact(&mut shared) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(ProveError::Io { path: self.path.clone(), source: e }),
        }
        let shared = usize::from(shared[0]);
        if shared > PACKED_BYTES {
            return Err(self.corrupt("a prefix longer than a position"));
        }
        let mut key = self.previous;
        self.reader.read_exact(&mut key.0[shared..]).map_err(io_at(&self.path))?;
        let mut tag = 0u32;
        if self.tagged {
            for shift in (0..35).step_by(7) {
                let mut byte = [0u8; 1];
                self.reader.read_exact(&mut byte).map_err(io_at(&self.path))?;
                tag |= u32::from(byte[0] & 0x7f) << shift;
                if byte[0] & 0x80 == 0 {
                    break;
                }
            }
        }
        self.previous = key;
        Ok(Some((key, tag)))
    }

    fn corrupt(&self, what: &str) -> ProveError {
        ProveError::Io { path: self.path.clone(), source: io::Error::new(io::ErrorKind::InvalidData, what) }
    }
}

/// Positions pushed in any order with duplicates, read back sorted and distinct: a buffer
/// sorted and written as a run whenever it fills, the runs merged at the end.
pub(super) struct Sorter {
    dir: PathBuf,
    name: &'static str,
    buffer: Vec<Packed>,
    capacity: usize,
    /// Bytes of the buffer through which a run is written.
    io: usize,
    runs: Vec<RunFile>,
    made: u32,
}

impl Sorter {
    /// A sorter holding up to `capacity` positions in memory, its runs in `dir` named
    /// after `name`, written through `io` bytes of buffer.
    pub(super) fn new(dir: &Path, name: &'static str, capacity: usize, io: usize) -> Self {
        let capacity = capacity.max(1);
        Self { dir: dir.to_path_buf(), name, buffer: Vec::new(), capacity, io, runs: Vec::new(), made: 0 }
    }

    /// Bytes of memory it holds at most: the positions' buffer and a run's write buffer
    /// (when merging, the runs' read buffers share the positions' bytes).
    pub(super) fn memory_bytes(&self) -> usize {
        self.capacity * PACKED_BYTES + self.io
    }

    /// Bytes of its runs on disk.
    pub(super) fn disk_bytes(&self) -> u64 {
        self.runs.iter().map(|run| run.bytes).sum()
    }

    /// Whether the next [`push`](Self::push) writes a run, and the bytes it may take.
    pub(super) fn spill_due(&self) -> Option<u64> {
        (self.buffer.len() >= self.capacity).then(|| self.buffer.len() as u64 * MAX_RECORD)
    }

    /// Adds `key`, writing the buffer as a run first when it is full; `Err` when the
    /// system refuses the buffer's memory.
    pub(super) fn push(&mut self, key: Packed) -> Result<Result<(), Limit>, ProveError> {
        if self.buffer.len() >= self.capacity {
            self.spill()?;
        }
        if self.buffer.capacity() == 0 && self.buffer.try_reserve_exact(self.capacity).is_err() {
            return Ok(Err(Limit::Memory));
        }
        self.buffer.push(key);
        Ok(Ok(()))
    }

    fn spill(&mut self) -> Result<(), ProveError> {
        self.buffer.sort_unstable();
        self.buffer.dedup();
        let path = self.dir.join(format!("{}-{:05}.run", self.name, self.made));
        self.made += 1;
        let mut writer = RunWriter::create(path, false, self.io)?;
        for key in &self.buffer {
            writer.push(key, 0)?;
        }
        self.runs.push(writer.finish()?);
        self.buffer.clear();
        Ok(())
    }

    /// Everything pushed, sorted and distinct; the sorter is emptied (its runs are deleted
    /// as the merge reads them to their end). With runs on disk, the buffer is written as
    /// one more and freed, and the runs are read through buffers that share its bytes.
    pub(super) fn drain(&mut self) -> Result<Merged, ProveError> {
        if !self.runs.is_empty() {
            if !self.buffer.is_empty() {
                self.spill()?;
            }
            self.buffer = Vec::new();
        }
        self.buffer.sort_unstable();
        self.buffer.dedup();
        let share = (self.capacity * PACKED_BYTES / self.runs.len().max(1)).min(self.io);
        let mut merged = Merged::new(std::mem::take(&mut self.buffer));
        for run in self.runs.drain(..) {
            merged.add(run, share)?;
        }
        Ok(merged)
    }

    /// Takes back the buffer of a merge from memory, so that the next layer does not
    /// allocate it again.
    pub(super) fn recycle(&mut self, merged: Merged) {
        let mut buffer = merged.memory;
        buffer.clear();
        if self.buffer.capacity() == 0 && buffer.capacity() == self.capacity {
            self.buffer = buffer;
        }
    }
}

/// Sorted runs, and sorted distinct positions in memory (tag 0), merged: records ascending
/// by tag, then position, each once. A run is deleted once read to its end.
///
/// A k-way merge through a heap of the runs' heads (Knuth, *The Art of Computer
/// Programming*, vol. 3, 2nd ed., section 5.4.1).
#[derive(Default)]
pub(super) struct Merged {
    memory: Vec<Packed>,
    at: usize,
    /// The runs, each until it is read to its end.
    readers: Vec<Option<(RunReader, RunFile)>>,
    /// Each unfinished run's next record: (tag, position, run).
    heads: BinaryHeap<Reverse<(u32, Packed, usize)>>,
    /// Runs not yet read to their end, and their bytes on disk.
    open: usize,
    disk_bytes: u64,
}

impl Merged {
    /// The positions of `memory` (sorted and distinct), merged with the runs added.
    pub(super) fn new(memory: Vec<Packed>) -> Self {
        Self { memory, ..Self::default() }
    }

    /// Merges `run` in too, read through `buffer` bytes (at least 1 KiB). Its records
    /// must be sorted by tag and position; none may be below a record already read.
    pub(super) fn add(&mut self, run: RunFile, buffer: usize) -> Result<(), ProveError> {
        let mut reader = run.reader(buffer)?;
        match reader.next()? {
            Some((key, tag)) => {
                self.heads.push(Reverse((tag, key, self.readers.len())));
                self.open += 1;
                self.disk_bytes += run.bytes;
                self.readers.push(Some((reader, run)));
            }
            None => run.remove()?,
        }
        Ok(())
    }

    /// Runs not yet read to their end (each holding a read buffer and a file).
    pub(super) fn open_runs(&self) -> usize {
        self.open
    }

    /// Bytes on disk of the runs not yet read to their end.
    pub(super) fn disk_bytes(&self) -> u64 {
        self.disk_bytes
    }

    /// The tag of the next record, without reading it.
    pub(super) fn next_tag(&self) -> Option<u32> {
        self.peek().map(|(tag, _)| tag)
    }

    /// The next position, `None` at the end.
    pub(super) fn next(&mut self) -> Result<Option<Packed>, ProveError> {
        Ok(self.next_record()?.map(|(key, _)| key))
    }

    /// The next record, `None` at the end.
    pub(super) fn next_record(&mut self) -> Result<Option<(Packed, u32)>, ProveError> {
        let Some(record) = self.pop()? else { return Ok(None) };
        // Its copies in other runs go now, so that `next_tag` sees the next distinct record.
        while self.peek() == Some(record) {
            self.pop()?;
        }
        Ok(Some((record.1, record.0)))
    }

    /// The least record, in memory or at a run's head.
    fn peek(&self) -> Option<(u32, Packed)> {
        let from_memory = self.memory.get(self.at).map(|&key| (0, key));
        let from_runs = self.heads.peek().map(|Reverse((tag, key, _))| (*tag, *key));
        match (from_memory, from_runs) {
            (Some(m), Some(r)) => Some(m.min(r)),
            (m, r) => m.or(r),
        }
    }

    /// Takes the least record; a run read to its end is deleted.
    fn pop(&mut self) -> Result<Option<(u32, Packed)>, ProveError> {
        let from_memory = self.memory.get(self.at).map(|&key| (0, key));
        match (from_memory, self.heads.peek()) {
            (Some(m), Some(Reverse((tag, key, _)))) if m <= (*tag, *key) => {
                self.at += 1;
                return Ok(Some(m));
            }
            (Some(m), None) => {
                self.at += 1;
                return Ok(Some(m));
            }
            _ => {}
        }
        let Some(Reverse((tag, key, i))) = self.heads.pop() else { return Ok(None) };
        let Some((reader, _)) = self.readers[i].as_mut() else { return Ok(Some((tag, key))) };
        match reader.next()? {
            Some((next, next_tag)) => self.heads.push(Reverse((next_tag, next, i))),
            None => {
                // Its buffer and file go with it.
                if let Some((_, file)) = self.readers[i].take() {
                    self.open -= 1;
                    self.disk_bytes -= file.bytes;
                    file.remove()?;
                }
            }
        }
        Ok(Some((tag, key)))
    }
}
