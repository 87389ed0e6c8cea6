//! The resumable CSV file of a bench.
//!
//! A new file gets the header line. An existing file is read back: its rows count in the
//! summary and their deals are not run again, and new rows are appended. Rows are gathered
//! and written whole deals at a time, at most [`WRITE_EVERY`] apart (a write per deal cost a
//! system call per deal: 1,000,000 of them on a million-deal census), so a run stopped at any
//! moment (Ctrl-C) loses at most that much work and leaves at most one torn deal at the end;
//! reopening cuts the file back to the last complete deal.
//!
//! The file is locked (an exclusive advisory lock, `flock` on Unix) for as long as a run
//! writes it: a second run on the same file would write every deal again and the resumed
//! summary would count them twice, so it is refused. The file is read back a line at a
//! time, each line at most [`MAX_LINE`] bytes, so the CSV of a census of any length resumes
//! in little memory, and a file that is not a bench CSV (`/dev/zero`, a binary) is refused
//! at its first line.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use freecell_core::quote;

use crate::row::Row;

/// Longest time rows wait in memory before they are written.
pub const WRITE_EVERY: Duration = Duration::from_millis(250);

/// The longest line read back, line break included: a row is under 200 bytes.
pub const MAX_LINE: usize = 4096;

/// Why a bench CSV file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CsvError {
    /// The file could not be opened or created (or its metadata read).
    #[error("cannot open `{}`: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
    /// The path names a directory, a device or a pipe: a run appends to its CSV file and
    /// resumes from it.
    #[error("`{}` is not a regular file (a run appends to it and resumes from it)", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// Another run holds the file's lock: it is writing the file.
    #[error("`{}` is locked: another run is writing it", path.display())]
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// The file could not be read.
    #[error("cannot read `{}`: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
    /// A line of the file is not what a bench CSV of this kind holds.
    #[error("`{}`, line {line}: {error}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// The line, counting from 1.
        line: u64,
        /// What is wrong with it.
        error: LineError,
    },
    /// The file could not be written (or cut back to its last complete deal).
    #[error("cannot write `{}`: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: io::Error,
    },
}

/// What is wrong with one line of a bench CSV.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// The first line is not the header, nor any text (a binary, `/dev/zero`).
    #[error("not a freecell bench CSV of this kind (the first line is not its header)")]
    NotABenchCsv,
    /// The first line is text, but another header.
    #[error("not a freecell bench CSV of this kind: the header should be `{expected}`")]
    Header {
        /// The header of the rows read.
        expected: &'static str,
    },
    /// The line is not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// The line is longer than [`MAX_LINE`].
    #[error("longer than {MAX_LINE} bytes, which no bench row is")]
    TooLong,
    /// The line has the wrong number of comma-separated fields.
    #[error("expected {expected} fields, found {found}")]
    FieldCount {
        /// The number of columns.
        expected: usize,
        /// The number of fields on the line.
        found: usize,
    },
    /// A field does not hold what its column does.
    #[error("bad {column} {}: expected {expected}", quote(text))]
    Field {
        /// The column, as the header names it.
        column: &'static str,
        /// The field.
        text: String,
        /// What the column holds.
        expected: &'static str,
    },
    /// The row is another solver's: a bench CSV holds one solver's results.
    #[error("a result of solver {}, not of {}", quote(found), quote(expected))]
    OtherSolver {
        /// The row's solver.
        found: String,
        /// The run's solver.
        expected: String,
    },
    /// A deal has more or fewer rows than the run writes per deal (hint runs write one
    /// per position).
    #[error("deal {deal} has {found} rows where this run writes {expected}")]
    RowsPerDeal {
        /// The deal.
        deal: u64,
        /// Its rows.
        found: usize,
        /// The rows per deal of this run.
        expected: usize,
    },
}

impl LineError {
    /// A [`LineError::Field`].
    pub(crate) fn field(column: &'static str, text: &str, expected: &'static str) -> LineError {
        LineError::Field { column, text: text.to_owned(), expected }
    }
}

/// Why [`read_rows`] stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed.
    #[error(transparent)]
    Io(io::Error),
    /// A line is wrong.
    #[error("line {line}: {error}")]
    Line {
        /// The line, counting from 1.
        line: u64,
        /// What is wrong with it.
        error: LineError,
    },
}

/// A bench CSV file being appended to, locked while it is open.
#[derive(Debug)]
pub struct CsvFile {
    file: File,
    path: PathBuf,
    /// Rows of whole deals not written yet.
    pending: String,
    written: Instant,
}

impl CsvFile {
    /// Opens or creates `path` for rows of type `R`, `per_deal` rows per deal, written by
    /// the solver named `solver`, locks it, and hands the rows it already holds to `each`,
    /// in file order. A torn last deal (a run stopped while writing it) is cut off; a new
    /// or empty file gets the header.
    ///
    /// # Errors
    /// [`CsvError`]: the file cannot be created, locked (another run holds it), read or
    /// written, is not a regular file, or holds a line that is not a row of this run (see
    /// [`read_rows`]).
    pub fn open<R: Row>(path: &Path, per_deal: usize, solver: &str, each: impl FnMut(R)) -> Result<CsvFile, CsvError> {
        let opened = OpenOptions::new().read(true).append(true).create(true).open(path);
        let file = opened.map_err(|source| CsvError::Open { path: path.to_owned(), source })?;
        let metadata = file.metadata().map_err(|source| CsvError::Open { path: path.to_owned(), source })?;
        if !metadata.is_file() {
            return Err(CsvError::NotAFile { path: path.to_owned() });
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(CsvError::Locked { path: path.to_owned() }),
            Err(TryLockError::Error(source)) => return Err(CsvError::Open { path: path.to_owned(), source }),
        }
        let keep = read_rows(BufReader::new(&file), per_deal, solver, each).map_err(|error| match error {
            ReadError::Io(source) => CsvError::Read { path: path.to_owned(), source },
            ReadError::Line { line, error } => CsvError::Line { path: path.to_owned(), line, error },
        })?;
        let mut csv = CsvFile { file, path: path.to_owned(), pending: String::new(), written: Instant::now() };
        if keep < metadata.len() {
            // A torn last deal from a run that was stopped: cut it, it is run again.
            csv.file.set_len(keep).map_err(|source| csv.write_error(source))?;
        }
        if keep == 0 {
            csv.pending = format!("{}\n", R::HEADER);
            csv.flush()?;
        }
        Ok(csv)
    }

    /// The file's path, as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends the rows of one deal; they reach the file within [`WRITE_EVERY`], or at
    /// [`flush`](Self::flush), or when the file is dropped.
    ///
    /// # Errors
    /// [`CsvError::Write`].
    pub fn append<R: Row>(&mut self, rows: &[R]) -> Result<(), CsvError> {
        for row in rows {
            row.write_csv(&mut self.pending);
            self.pending.push('\n');
        }
        if self.written.elapsed() >= WRITE_EVERY { self.flush() } else { Ok(()) }
    }

    /// Writes the rows appended so far (one `write` call).
    ///
    /// # Errors
    /// [`CsvError::Write`].
    pub fn flush(&mut self) -> Result<(), CsvError> {
        self.written = Instant::now();
        if self.pending.is_empty() {
            return Ok(());
        }
        let result = self.file.write_all(self.pending.as_bytes());
        self.pending.clear();
        result.map_err(|source| self.write_error(source))
    }

    fn write_error(&self, source: io::Error) -> CsvError {
        CsvError::Write { path: self.path.clone(), source }
    }
}

impl Drop for CsvFile {
    /// Rows not written yet are written (a run ending on an error keeps its finished deals);
    /// an error here has nowhere to go, and the deals are simply run again on resuming.
    /// The lock goes with the file.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// One line of a bench CSV.
enum Line {
    /// A whole line, without its line break.
    Text(String),
    /// A last line with no line break (a run stopped while writing it); its bytes are left
    /// in the reader's buffer.
    Torn,
    /// The end of the text.
    End,
}

/// The lines of a bench CSV, each read with a length limit.
struct Lines<B> {
    reader: B,
    /// The number of the line last read, counting from 1.
    number: u64,
    buf: Vec<u8>,
}

impl<B: BufRead> Lines<B> {
    fn next(&mut self) -> Result<Line, ReadError> {
        self.buf.clear();
        self.number += 1;
        let limit = MAX_LINE as u64;
        self.reader.by_ref().take(limit).read_until(b'\n', &mut self.buf).map_err(ReadError::Io)?;
        match self.buf.last() {
            None => Ok(Line::End),
            Some(b'\n') => {
                self.buf.pop();
                let text = String::from_utf8(std::mem::take(&mut self.buf));
                text.map(Line::Text).map_err(|_| self.error(LineError::NotUtf8))
            }
            Some(_) if self.buf.len() as u64 == limit => Err(self.error(LineError::TooLong)),
            Some(_) => Ok(Line::Torn),
        }
    }

    /// An error at the line last read; on the first line, the file is not a bench CSV.
    fn error(&self, error: LineError) -> ReadError {
        let error = if self.number == 1 { LineError::NotABenchCsv } else { error };
        ReadError::Line { line: self.number, error }
    }
}

/// Reads a bench CSV of rows `R`, `per_deal` rows per deal, written by the solver named
/// `solver`, handing each row of every complete deal to `each` in file order; returns the
/// length of the text to keep: everything but a torn last deal, or 0 when the header itself
/// is missing or torn (the file is then started afresh).
///
/// Lines are read one at a time, at most [`MAX_LINE`] bytes each, so any file is read in
/// little memory and a binary is refused at its first line.
///
/// # Errors
/// [`ReadError`]: the reader failed, or a line is not what this file should hold (the line
/// and, for a bad field, the column are named).
///
/// # Examples
/// ```
/// use freecell_bench::{DealRow, ReadError, Row, read_rows};
/// let text = format!("{}\n1,hsd,solved,,10,100,0.01,90,100,50,4096\n2,hsd,undec", DealRow::HEADER);
/// let mut deals = Vec::new();
/// let keep = read_rows::<DealRow>(text.as_bytes(), 1, "hsd", |row| deals.push(row.deal))?;
/// assert_eq!(deals, [1]);
/// assert!(text[..keep as usize].ends_with("4096\n"), "deal 2 is torn: it is cut and run again");
///
/// let other = read_rows::<DealRow>(text.as_bytes(), 1, "fast", |_| {}).unwrap_err();
/// assert_eq!(other.to_string(), "line 2: a result of solver `hsd`, not of `fast`");
/// # Ok::<(), ReadError>(())
/// ```
pub fn read_rows<R: Row>(
    reader: impl BufRead,
    per_deal: usize,
    solver: &str,
    mut each: impl FnMut(R),
) -> Result<u64, ReadError> {
    let mut lines = Lines { reader, number: 0, buf: Vec::new() };
    let header = match lines.next()? {
        Line::End => return Ok(0),
        Line::Torn if R::HEADER.as_bytes().starts_with(&lines.buf) => return Ok(0),
        Line::Torn => return Err(ReadError::Line { line: 1, error: LineError::NotABenchCsv }),
        Line::Text(header) => header,
    };
    if header != R::HEADER {
        return Err(ReadError::Line { line: 1, error: LineError::Header { expected: R::HEADER } });
    }
    // Bytes read so far, and where the rows of the current deal (`group`) start.
    let mut at = header.len() as u64 + 1;
    let (mut group, mut group_at): (Vec<R>, u64) = (Vec::with_capacity(per_deal), at);
    while let Line::Text(text) = lines.next()? {
        let row = R::parse_csv(&text).map_err(|error| lines.error(error))?;
        if row.solver() != solver {
            let error = LineError::OtherSolver { found: row.solver().to_owned(), expected: solver.to_owned() };
            return Err(lines.error(error));
        }
        if group.last().is_some_and(|last: &R| last.deal() != row.deal()) {
            check_group(&group, per_deal).map_err(|error| ReadError::Line { line: lines.number - 1, error })?;
            group.drain(..).for_each(&mut each);
            group_at = at;
        }
        at += text.len() as u64 + 1;
        group.push(row);
        if group.len() > per_deal {
            let deal = group[0].deal();
            return Err(lines.error(LineError::RowsPerDeal { deal, found: group.len(), expected: per_deal }));
        }
    }
    // The last deal: complete, or torn by a stop (then cut, and run again).
    if group.len() == per_deal {
        group.drain(..).for_each(&mut each);
        Ok(at)
    } else {
        Ok(group_at)
    }
}

fn check_group<R: Row>(group: &[R], per_deal: usize) -> Result<(), LineError> {
    match group.first() {
        Some(first) if group.len() != per_deal => {
            Err(LineError::RowsPerDeal { deal: first.deal(), found: group.len(), expected: per_deal })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::DealRow;

    const ROW_1: &str = "1,hsd,solved,,10,100,0.010000,90,100,50,4096\n";
    const ROW_2: &str = "2,hsd,undecided,node-limit,10,100,0.010000,,,50,4096\n";

    fn file(parts: &[&str]) -> String {
        format!("{}\n{}", DealRow::HEADER, parts.concat())
    }

    /// The rows read and the length kept, or the error's line and message.
    fn parse(text: &str, per_deal: usize, solver: &str) -> Result<(Vec<DealRow>, usize), (u64, LineError)> {
        let mut rows = Vec::new();
        match read_rows(text.as_bytes(), per_deal, solver, |row| rows.push(row)) {
            Ok(keep) => Ok((rows, keep as usize)),
            Err(ReadError::Line { line, error }) => Err((line, error)),
            Err(ReadError::Io(error)) => panic!("{error}"),
        }
    }

    #[test]
    fn complete_rows_are_kept() {
        let text = file(&[ROW_1, ROW_2]);
        let (rows, keep) = parse(&text, 1, "hsd").unwrap();
        assert_eq!(rows.iter().map(|r| r.deal).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(keep, text.len());
    }

    #[test]
    fn a_torn_last_line_is_cut() {
        let text = file(&[ROW_1, &ROW_2[..20]]);
        let (rows, keep) = parse(&text, 1, "hsd").unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(&text[..keep], file(&[ROW_1]));
    }

    #[test]
    fn an_incomplete_last_deal_is_cut() {
        let text = file(&[ROW_1, ROW_1, ROW_2]);
        let (rows, keep) = parse(&text, 2, "hsd").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(&text[..keep], file(&[ROW_1, ROW_1]));
        let error = parse(&file(&[ROW_1, ROW_2, ROW_2]), 2, "hsd").unwrap_err();
        assert_eq!(error, (2, LineError::RowsPerDeal { deal: 1, found: 1, expected: 2 }));
        let error = parse(&file(&[ROW_1, ROW_1, ROW_1]), 2, "hsd").unwrap_err();
        assert_eq!(error, (4, LineError::RowsPerDeal { deal: 1, found: 3, expected: 2 }));
    }

    #[test]
    fn empty_or_header_only_files_start_afresh() {
        assert_eq!(parse("", 1, "hsd").unwrap().1, 0);
        assert_eq!(parse("deal,sol", 1, "hsd").unwrap().1, 0);
        let header = file(&[]);
        assert_eq!(parse(&header, 1, "hsd").unwrap(), (Vec::new(), header.len()));
    }

    #[test]
    fn other_files_and_other_solvers_are_refused() {
        assert_eq!(
            parse("name,age\nbob,3\n", 1, "hsd").unwrap_err(),
            (1, LineError::Header { expected: DealRow::HEADER })
        );
        assert_eq!(parse("name", 1, "hsd").unwrap_err(), (1, LineError::NotABenchCsv));
        let (line, error) = parse(&file(&[ROW_1]), 1, "ga").unwrap_err();
        assert_eq!((line, error.to_string().as_str()), (2, "a result of solver `hsd`, not of `ga`"));
        // Found by fuzzing: a long solver name was echoed whole, twice.
        let long = format!("2,{},solved,,10,100,0.010000,90,100,50,4096\n", "h".repeat(3_000));
        let (line, error) = parse(&file(&[ROW_1, &long]), 1, "hsd").unwrap_err();
        assert_eq!(line, 3);
        assert!(error.to_string().len() < 300, "{error}");
        let (line, error) = parse(&file(&[ROW_1, "2,hsd,won\n"]), 1, "hsd").unwrap_err();
        assert_eq!((line, error), (3, LineError::FieldCount { expected: 11, found: 3 }));
    }

    #[test]
    fn endless_or_binary_files_are_refused_at_once() {
        // `/dev/zero` or `/dev/full`: zeros with no line break, ever.
        let zeros = std::io::repeat(0).take(1 << 30);
        let result = read_rows::<DealRow>(BufReader::new(zeros), 1, "hsd", |_| {});
        assert!(matches!(result, Err(ReadError::Line { line: 1, error: LineError::NotABenchCsv })), "{result:?}");
        let long = file(&[&"1".repeat(10_000), "\n"]);
        assert_eq!(parse(&long, 1, "hsd").unwrap_err(), (2, LineError::TooLong));
        let (line, error) = parse(&format!("{}\n\u{feff}\u{0}\n", DealRow::HEADER), 1, "hsd").unwrap_err();
        assert_eq!(line, 2, "{error}");
        let mut bytes = file(&[ROW_1]).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\n");
        let result = read_rows::<DealRow>(bytes.as_slice(), 1, "hsd", |_| {});
        assert!(matches!(result, Err(ReadError::Line { line: 3, error: LineError::NotUtf8 })), "{result:?}");
    }

    #[test]
    fn a_file_resumes_and_is_locked_while_open() {
        let dir = std::env::temp_dir().join(format!("freecell-bench-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("resume.csv");
        std::fs::write(&path, file(&[ROW_1, &ROW_2[..20]])).unwrap();
        let mut deals = Vec::new();
        let mut csv = CsvFile::open::<DealRow>(&path, 1, "hsd", |row| deals.push(row.deal)).unwrap();
        assert_eq!(deals, [1]);
        let second = CsvFile::open::<DealRow>(&path, 1, "hsd", |_| {});
        assert!(matches!(second, Err(CsvError::Locked { .. })), "{second:?}");
        csv.append(&[DealRow::parse_csv(ROW_2.trim_end()).unwrap()]).unwrap();
        drop(csv);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), file(&[ROW_1, ROW_2]), "the torn row is replaced");
        let error = CsvFile::open::<DealRow>(&dir, 1, "hsd", |_| {}).unwrap_err();
        assert!(matches!(error, CsvError::Open { .. } | CsvError::NotAFile { .. }), "{error:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
