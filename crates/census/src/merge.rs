//! Merging a census's shard files into one [`Report`], after checking that every shard is
//! there exactly once, complete and intact.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::file::{ReadError, ShardFile};
use crate::report::Report;

/// Reads every shard file (`*.census`) in `dir` and merges them into the census's report.
///
/// # Panics
/// Never: shard 0 is there once no shard is missing.
///
/// # Errors
/// [`MergeError`]: the directory cannot be read, or the shards are not one whole census:
/// every problem found is listed (corrupt files, shards of other censuses, missing,
/// duplicated and unfinished shards).
pub fn merge(dir: &Path) -> Result<Report, MergeError> {
    let read_dir = |source| MergeError::Directory { dir: dir.to_owned(), source };
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(read_dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(read_dir)?;
    paths.retain(|p| p.extension().is_some_and(|e| e == "census") && p.is_file());
    paths.sort();
    if paths.is_empty() {
        return Err(MergeError::Empty { dir: dir.to_owned() });
    }
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for path in paths {
        match ShardFile::read(&path) {
            Ok(file) => files.push((path, file)),
            Err(error) => problems.push(Problem::Unreadable(error)),
        }
    }
    let Some((first_path, first)) = files.first().cloned() else { return Err(MergeError::Refused(problems)) };
    let count = first.shard.count();
    let mut by_index: BTreeMap<u32, Vec<(PathBuf, ShardFile)>> = BTreeMap::new();
    for (path, file) in files {
        if file.settings != first.settings || file.shard.count() != count {
            problems.push(Problem::OtherCensus { path, first: first_path.clone() });
        } else {
            by_index.entry(file.shard.index()).or_default().push((path, file));
        }
    }
    let missing: Vec<u32> = (0..count).filter(|i| !by_index.contains_key(i)).collect();
    if !missing.is_empty() {
        problems.push(Problem::Missing { shards: missing, count });
    }
    for (index, copies) in &by_index {
        if copies.len() > 1 {
            problems
                .push(Problem::Duplicated { index: *index, paths: copies.iter().map(|(p, _)| p.clone()).collect() });
        } else if !copies[0].1.is_complete() {
            let (path, file) = &copies[0];
            problems.push(Problem::Unfinished { path: path.clone(), done: file.done, of: file.size() });
        }
    }
    if !problems.is_empty() {
        return Err(MergeError::Refused(problems));
    }
    let mut shards = by_index.into_values().map(|mut copies| copies.remove(0).1);
    let mut whole = shards.next().expect("shard 0 is there: none is missing");
    for shard in shards {
        whole.findings.merge(&shard.findings);
        whole.timing.merge(&shard.timing);
    }
    Ok(Report::new(whole.settings, count, whole.findings, whole.timing))
}

/// Why shard files do not make a census.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The directory cannot be read.
    #[error("cannot read the directory `{}`: {source}", dir.display())]
    Directory {
        /// The directory.
        dir: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// No shard files.
    #[error("`{}` holds no shard files (shard-I-of-N.census)", dir.display())]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// The shards are not one whole census.
    #[error("the shards are not one whole census:{}", Listed(.0))]
    Refused(Vec<Problem>),
}

struct Listed<'a>(&'a [Problem]);

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|problem| write!(f, "\n  - {problem}"))
    }
}

/// One reason shard files do not make a census.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    /// A file that cannot be read or is corrupt.
    #[error("{0}; run its shard again after removing it")]
    Unreadable(ReadError),
    /// A file of another census.
    #[error("`{}` is a shard of another census than `{}` (other settings, shard count or build)", path.display(), first.display())]
    OtherCensus {
        /// The file.
        path: PathBuf,
        /// The first file, whose census the others are compared with.
        first: PathBuf,
    },
    /// Shards with no file.
    #[error("{} of {count} missing: {}", plural(shards.len()), Ranges(shards))]
    Missing {
        /// Their indices.
        shards: Vec<u32>,
        /// The shards of the census.
        count: u32,
    },
    /// A shard in more than one file.
    #[error("shard {index} is in {} files: {}", paths.len(), Paths(paths))]
    Duplicated {
        /// The shard.
        index: u32,
        /// Its files.
        paths: Vec<PathBuf>,
    },
    /// A shard that has not finished (killed, or still running).
    #[error("`{}` is unfinished ({done} of {of} deals): run its shard again", path.display())]
    Unfinished {
        /// The file.
        path: PathBuf,
        /// Its deals done.
        done: u64,
        /// Its deals.
        of: u64,
    },
}

fn plural(n: usize) -> String {
    if n == 1 { "1 shard".to_owned() } else { format!("{n} shards") }
}

/// Indices as ranges: `0-3, 7, 9-10`.
struct Ranges<'a>(&'a [u32]);

impl fmt::Display for Ranges<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut i = 0;
        while i < self.0.len() {
            let start = self.0[i];
            while i + 1 < self.0.len() && self.0[i + 1] == self.0[i] + 1 {
                i += 1;
            }
            let sep = if start == self.0[0] { "" } else { ", " };
            match self.0[i] {
                end if end == start => write!(f, "{sep}{start}")?,
                end => write!(f, "{sep}{start}-{end}")?,
            }
            i += 1;
        }
        Ok(())
    }
}

struct Paths<'a>(&'a [PathBuf]);

impl fmt::Display for Paths<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, path) in self.0.iter().enumerate() {
            write!(f, "{}`{}`", if i == 0 { "" } else { ", " }, path.display())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_shards_read_as_ranges() {
        assert_eq!(Ranges(&[0, 1, 2, 3, 7, 9, 10]).to_string(), "0-3, 7, 9-10");
        assert_eq!(Ranges(&[5]).to_string(), "5");
    }
}
