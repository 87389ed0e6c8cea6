//! The resumable CSV file of `freecell bench --csv FILE`.
//!
//! A new file gets the header line. An existing file is read back: its rows count in the
//! summary and their deals are not run again, and new rows are appended. Rows are gathered
//! and written whole deals at a time, at most [`WRITE_EVERY`] apart (a write per deal cost a
//! system call per deal: 1,000,000 of them on a million-deal census), so a run stopped at any
//! moment (Ctrl-C) loses at most that much work and leaves at most one torn deal at the end;
//! reopening cuts the file back to the last complete deal.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::row::Row;
use crate::Failure;

/// Longest time rows wait in memory before they are written.
pub(super) const WRITE_EVERY: Duration = Duration::from_millis(250);

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
    /// `solver`, and returns the rows it already holds.
    ///
    /// # Errors
    /// [`Failure::Input`] when the file cannot be read or written, is not a bench CSV of
    /// this kind, was written by another solver, or holds a deal with the wrong number of
    /// rows.
    pub(super) fn open<R: Row>(path: &Path, per_deal: usize, solver: &str) -> Result<(CsvFile, Vec<R>), Failure> {
        let shown = path.display();
        let io_error = |error: io::Error| Failure::Input(format!("cannot use the CSV file `{shown}`: {error}"));
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes)
                .map_err(|_| Failure::Input(format!("the CSV file `{shown}` is not UTF-8 text")))?,
            Err(error) if error.kind() == io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(io_error(error)),
        };
        let (rows, keep) = parse::<R>(&text, per_deal, solver)
            .map_err(|(line, message)| Failure::Input(format!("the CSV file `{shown}`, line {line}: {message}")))?;
        let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(io_error)?;
        if keep < text.len() {
            // A torn last deal from a run that was stopped: cut it, it is run again.
            file.set_len(keep as u64).map_err(io_error)?;
        }
        if keep == 0 {
            file.write_all(format!("{}\n", R::HEADER).as_bytes()).map_err(io_error)?;
        }
        Ok((CsvFile { file, path: path.to_owned(), pending: String::new(), written: Instant::now() }, rows))
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
        result
            .map_err(|error| Failure::Output(io::Error::new(error.kind(), format!("{}: {error}", self.path.display()))))
    }
}

impl Drop for CsvFile {
    /// Rows not written yet are written (a run ending on an error keeps its finished deals);
    /// an error here has nowhere to go, and the deals are simply run again on resuming.
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The rows of a bench CSV and the length of its text to keep (everything but a torn last
/// deal; 0 when the header itself is missing or torn, so the file is started afresh).
/// Errors are `(line number, message)`.
fn parse<R: Row>(text: &str, per_deal: usize, solver: &str) -> Result<(Vec<R>, usize), (usize, String)> {
    let Some(header_end) = text.find('\n') else {
        // Empty, or a header cut short: nothing of value yet.
        return if R::HEADER.starts_with(text) {
            Ok((Vec::new(), 0))
        } else {
            Err((1, "not a freecell bench CSV of this kind (the first line is not its header)".to_owned()))
        };
    };
    if &text[..header_end] != R::HEADER {
        return Err((1, format!("not a freecell bench CSV of this kind: the header should be `{}`", R::HEADER)));
    }
    let mut rows: Vec<R> = Vec::new();
    // Where the current deal's rows start: in `text` and in `rows`.
    let (mut group_at, mut group_rows) = (header_end + 1, 0);
    let mut at = header_end + 1;
    let mut line_number = 1;
    while let Some(length) = text[at..].find('\n') {
        line_number += 1;
        let row = R::parse_csv(&text[at..at + length]).map_err(|message| (line_number, message))?;
        if row.solver() != solver {
            return Err((
                line_number,
                format!(
                    "a result of solver `{}`; continue it with --solver {}, or use another file",
                    row.solver(),
                    row.solver()
                ),
            ));
        }
        if rows.last().is_some_and(|last: &R| last.deal() != row.deal()) {
            check_group(&rows[group_rows..], per_deal).map_err(|message| (line_number - 1, message))?;
            (group_at, group_rows) = (at, rows.len());
        }
        rows.push(row);
        at += length + 1;
    }
    // The last deal: complete, or torn by a stop.
    match (rows.len() - group_rows).cmp(&per_deal) {
        std::cmp::Ordering::Equal => Ok((rows, at)),
        std::cmp::Ordering::Less => {
            rows.truncate(group_rows);
            Ok((rows, group_at))
        }
        std::cmp::Ordering::Greater => {
            let message = check_group(&rows[group_rows..], per_deal).err().unwrap_or_default();
            Err((line_number, message))
        }
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

    #[test]
    fn complete_rows_are_kept() {
        let text = file(&[ROW_1, ROW_2]);
        let (rows, keep) = parse::<DealRow>(&text, 1, "hsd").unwrap();
        assert_eq!(rows.iter().map(|r| r.deal).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(keep, text.len());
    }

    #[test]
    fn a_torn_last_line_is_cut() {
        let text = file(&[ROW_1, &ROW_2[..20]]);
        let (rows, keep) = parse::<DealRow>(&text, 1, "hsd").unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(&text[..keep], file(&[ROW_1]));
    }

    #[test]
    fn an_incomplete_last_deal_is_cut() {
        let text = file(&[ROW_1, ROW_1, ROW_2]);
        let (rows, keep) = parse::<DealRow>(&text, 2, "hsd").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(&text[..keep], file(&[ROW_1, ROW_1]));
        let error = parse::<DealRow>(&file(&[ROW_1, ROW_2, ROW_2]), 2, "hsd").unwrap_err();
        assert_eq!(error.0, 2, "{error:?}");
    }

    #[test]
    fn empty_or_header_only_files_start_afresh() {
        assert_eq!(parse::<DealRow>("", 1, "hsd").unwrap().1, 0);
        assert_eq!(parse::<DealRow>("deal,sol", 1, "hsd").unwrap().1, 0);
        let header = file(&[]);
        assert_eq!(parse::<DealRow>(&header, 1, "hsd").unwrap(), (Vec::new(), header.len()));
    }

    #[test]
    fn other_files_and_other_solvers_are_refused() {
        assert_eq!(parse::<DealRow>("name,age\nbob,3\n", 1, "hsd").unwrap_err().0, 1);
        let (line, message) = parse::<DealRow>(&file(&[ROW_1]), 1, "ga").unwrap_err();
        assert_eq!(line, 2);
        assert!(message.contains("--solver hsd"), "{message}");
        let (line, message) = parse::<DealRow>(&file(&[ROW_1, "2,hsd,won\n"]), 1, "hsd").unwrap_err();
        assert_eq!(line, 3);
        assert!(message.contains("fields"), "{message}");
    }
}
