//! The resumable CSV file of `freecell bench --csv FILE`.
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

use super::row::Row;
use crate::Failure;

/// Longest time rows wait in memory before they are written.
pub(super) const WRITE_EVERY: Duration = Duration::from_millis(250);

/// The longest line read back, line break included: a row is under 200 bytes.
pub(super) const MAX_LINE: usize = 4096;

/// The message for a first line that is not the header.
const NOT_A_BENCH_CSV: &str = "not a freecell bench CSV of this kind (the first line is not its header)";

/// The CSV being appended to.
#[derive(Debug)]
pub(super) struct CsvFile {
    file: File,
    path: PathBuf,
    /// Rows of whole deals not written yet.
    pending: String,
    written: Instant,
}

impl CsvFile {
    /// Opens or creates `path` for rows of type `R`, `per_deal` rows per deal, written by
    /// `solver`, locks it, and hands the rows it already holds to `each`, in file order.
    ///
    /// # Errors
    /// [`Failure::Output`] when the file cannot be created, locked (another run holds it) or
    /// written; [`Failure::Input`] when it is not a regular file, cannot be read, is not a
    /// bench CSV of this kind, was written by another solver, or holds a deal with the
    /// wrong number of rows.
    pub(super) fn open<R: Row>(
        path: &Path,
        per_deal: usize,
        solver: &str,
        each: impl FnMut(R),
    ) -> Result<CsvFile, Failure> {
        let shown = path.display();
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|error| Failure::output(&shown, error))?;
        let metadata = file.metadata().map_err(|error| Failure::output(&shown, error))?;
        if !metadata.is_file() {
            return Err(Failure::Input(format!(
                "the CSV file `{shown}` is not a regular file (a run appends to it and resumes from it)"
            )));
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let busy = "another `freecell bench` is writing it (the file is locked); wait for that run to end, \
                            or choose another --csv";
                return Err(Failure::output(shown, io::Error::new(io::ErrorKind::WouldBlock, busy)));
            }
            Err(TryLockError::Error(error)) => return Err(Failure::output(&shown, error)),
        }
        let keep = read_rows(BufReader::new(&file), per_deal, solver, each).map_err(|error| match error {
            ReadError::Io(error) => Failure::Input(format!("cannot read the CSV file `{shown}`: {error}")),
            ReadError::Line(line, message) => Failure::Input(format!("the CSV file `{shown}`, line {line}: {message}")),
        })?;
        let mut csv = CsvFile { file, path: path.to_owned(), pending: String::new(), written: Instant::now() };
        if keep < metadata.len() {
            // A torn last deal from a run that was stopped: cut it, it is run again.
            csv.file.set_len(keep).map_err(|error| Failure::output(&shown, error))?;
        }
        if keep == 0 {
            csv.pending = format!("{}\n", R::HEADER);
            csv.flush()?;
        }
        Ok(csv)
    }

    /// Appends the rows of one deal; they reach the file within [`WRITE_EVERY`], or at
    /// [`flush`](Self::flush).
    ///
    /// # Errors
    /// [`Failure::Output`] naming the file.
    pub(super) fn append<R: Row>(&mut self, rows: &[R]) -> Result<(), Failure> {
        for row in rows {
            row.write_csv(&mut self.pending);
            self.pending.push('\n');
        }
        if self.written.elapsed() >= WRITE_EVERY { self.flush() } else { Ok(()) }
    }

    /// Writes the rows appended so far (one `write` call).
    ///
    /// # Errors
    /// [`Failure::Output`] naming the file.
    pub(super) fn flush(&mut self) -> Result<(), Failure> {
        self.written = Instant::now();
        if self.pending.is_empty() {
            return Ok(());
        }
        let result = self.file.write_all(self.pending.as_bytes());
        self.pending.clear();
        result.map_err(|error| Failure::output(self.path.display(), error))
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

/// Why a bench CSV could not be read back.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The file could not be read.
    Io(io::Error),
    /// Line `.0` (counting from 1) is wrong: `.1` says how.
    Line(u64, String),
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
                text.map(Line::Text).map_err(|_| self.error("not UTF-8 text"))
            }
            Some(_) if self.buf.len() as u64 == limit => {
                Err(self.error(&format!("longer than {MAX_LINE} bytes, which no bench row is")))
            }
            Some(_) => Ok(Line::Torn),
        }
    }

    /// An error at the line last read; on the first line, the file is not a bench CSV.
    fn error(&self, message: &str) -> ReadError {
        if self.number == 1 {
            ReadError::Line(1, NOT_A_BENCH_CSV.to_owned())
        } else {
            ReadError::Line(self.number, message.to_owned())
        }
    }
}

/// Reads a bench CSV of rows `R`, `per_deal` rows per deal, written by `solver`, handing
/// each row of every complete deal to `each` in file order; returns the length of the
/// text to keep: everything but a torn last deal, or 0 when the header itself is missing
/// or torn (the file is then started afresh).
///
/// # Errors
/// [`ReadError`]: the reader failed, or a line is not what this file should hold.
pub(crate) fn read_rows<R: Row>(
    reader: impl BufRead,
    per_deal: usize,
    solver: &str,
    mut each: impl FnMut(R),
) -> Result<u64, ReadError> {
    let mut lines = Lines { reader, number: 0, buf: Vec::new() };
    let header = match lines.next()? {
        Line::End => return Ok(0),
        Line::Torn if R::HEADER.as_bytes().starts_with(&lines.buf) => return Ok(0),
        Line::Torn => return Err(ReadError::Line(1, NOT_A_BENCH_CSV.to_owned())),
        Line::Text(header) => header,
    };
    if header != R::HEADER {
        let message = format!("not a freecell bench CSV of this kind: the header should be `{}`", R::HEADER);
        return Err(ReadError::Line(1, message));
    }
    // Bytes read so far, and where the rows of the current deal (`group`) start.
    let mut at = header.len() as u64 + 1;
    let (mut group, mut group_at): (Vec<R>, u64) = (Vec::with_capacity(per_deal), at);
    while let Line::Text(text) = lines.next()? {
        let row = R::parse_csv(&text).map_err(|message| lines.error(&message))?;
        if row.solver() != solver {
            let theirs = freecell_core::quote(row.solver());
            return Err(lines.error(&format!(
                "a result of solver {theirs}; continue it with --solver {theirs:#}, or use another file"
            )));
        }
        if group.last().is_some_and(|last: &R| last.deal() != row.deal()) {
            check_group(&group, per_deal).map_err(|message| ReadError::Line(lines.number - 1, message))?;
            group.drain(..).for_each(&mut each);
            group_at = at;
        }
        at += text.len() as u64 + 1;
        group.push(row);
        if group.len() > per_deal {
            return Err(lines.error(&check_group(&group, per_deal).err().unwrap_or_default()));
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

fn check_group<R: Row>(group: &[R], per_deal: usize) -> Result<(), String> {
    if group.len() == per_deal {
        Ok(())
    } else {
        Err(format!(
            "deal {} has {} rows where this run writes {per_deal} (a different --hints?)",
            group.first().map_or(0, Row::deal),
            group.len()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::super::row::DealRow;
    use super::*;

    const ROW_1: &str = "1,hsd,solved,,10,100,0.010000,90,100,50,4096\n";
    const ROW_2: &str = "2,hsd,undecided,node-limit,10,100,0.010000,,,50,4096\n";

    fn file(parts: &[&str]) -> String {
        format!("{}\n{}", DealRow::HEADER, parts.concat())
    }

    /// The rows read and the length kept, or the error's line and message.
    fn parse(text: &str, per_deal: usize, solver: &str) -> Result<(Vec<DealRow>, usize), (u64, String)> {
        let mut rows = Vec::new();
        match read_rows(text.as_bytes(), per_deal, solver, |row| rows.push(row)) {
            Ok(keep) => Ok((rows, keep as usize)),
            Err(ReadError::Line(line, message)) => Err((line, message)),
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
        assert_eq!(error.0, 2, "{error:?}");
        let error = parse(&file(&[ROW_1, ROW_1, ROW_1]), 2, "hsd").unwrap_err();
        assert_eq!(error.0, 4, "{error:?}");
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
        assert_eq!(parse("name,age\nbob,3\n", 1, "hsd").unwrap_err().0, 1);
        assert_eq!(parse("name", 1, "hsd").unwrap_err().0, 1);
        let (line, message) = parse(&file(&[ROW_1]), 1, "ga").unwrap_err();
        assert_eq!(line, 2);
        assert!(message.contains("--solver hsd"), "{message}");
        // Found by fuzzing: a long solver name was echoed whole, twice.
        let long = format!("2,{},solved,,10,100,0.010000,90,100,50,4096\n", "h".repeat(3_000));
        let (line, message) = parse(&file(&[ROW_1, &long]), 1, "hsd").unwrap_err();
        assert_eq!(line, 3);
        assert!(message.len() < 300, "{message}");
        let (line, message) = parse(&file(&[ROW_1, "2,hsd,won\n"]), 1, "hsd").unwrap_err();
        assert_eq!(line, 3);
        assert!(message.contains("fields"), "{message}");
    }

    #[test]
    fn endless_or_binary_files_are_refused_at_once() {
        // `/dev/zero` or `/dev/full`: zeros with no line break, ever.
        let zeros = std::io::repeat(0).take(1 << 30);
        let result = read_rows::<DealRow>(BufReader::new(zeros), 1, "hsd", |_| {});
        assert!(matches!(result, Err(ReadError::Line(1, ref m)) if m == NOT_A_BENCH_CSV), "{result:?}");
        let long = file(&[&"1".repeat(10_000), "\n"]);
        let (line, message) = parse(&long, 1, "hsd").unwrap_err();
        assert_eq!(line, 2);
        assert!(message.contains("longer than 4096 bytes"), "{message}");
        let (line, message) = parse(&format!("{}\n\u{feff}\u{0}\n", DealRow::HEADER), 1, "hsd").unwrap_err();
        assert_eq!(line, 2, "{message}");
        let mut bytes = file(&[ROW_1]).into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\n");
        let result = read_rows::<DealRow>(bytes.as_slice(), 1, "hsd", |_| {});
        assert!(matches!(result, Err(ReadError::Line(3, ref m)) if m.contains("UTF-8")), "{result:?}");
    }
}
