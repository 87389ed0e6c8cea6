//! Bad input: the command's contract under malformed boards, solutions, arguments, solver
//! files, bench CSV files and evolve checkpoints.
//!
//! Every case is one row of a table ([`row`]): a name, the arguments, the bytes on standard
//! input, the files to create in a fresh directory (the working directory of the run; a
//! name ending in `/` is a directory), the expected exit code (the README's table: 0
//! success, 1 an output could not be written, 2 bad usage or bad input, 3 unsolvable, 4
//! undecided), and substrings standard error must hold. A substring `a||b` is satisfied by
//! either alternative; one starting with `!` must not occur. A row may add a check of what
//! the run left behind ([`Case::then`]).
//!
//! Besides its own substrings, every case is held to what [`check`] asserts of any run: no
//! death by a signal, no panic (no exit 101 or 134, no `panicked` or `RUST_BACKTRACE`), a
//! standard error of at most [`MAX_STDERR`] bytes of UTF-8 text with no control characters
//! but line breaks and tabs and no invisible byte-order mark, starting with `freecell: ` or
//! clap's `error: ` on exit 1 or 2; and for a run that fails, nothing left behind as if it
//! had succeeded: nothing on standard output, and every file of the directory as it was (no
//! CSV file or run directory file created, an existing one unchanged).
//!
//! Each group of rows is one test, which runs all its rows and then lists every failing row
//! with what it did, so one run shows everything still to fix.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::{DEAL_1, RawRun, TINY_EVOLVE as TINY, freecell_raw};

/// A solution of deal 1 in standard notation, 97 moves (`freecell verify`: `valid: 97 moves`).
const SOLUTION_1: &str = "\
7a 7b 7c 7h 3h 32 63 63 6h 3h 6h b6 86 8b 82 8h 8h 38 42 47 3d a3 b3 13 83 24 68v3 56 36
5a 5h 5b 5h 53 a5 45 63 6h 5h 15 1a 1h 1h ah 1a d1 17 b1 41 2b 2d 2h 6h 6h 51 a6 5h 76 42
25v2 2a 2h 3h ch 3h 3h 1h 42 4h 3h 1h bh 3h 1h 7b 7h 3h 1h 3h dh 3h 3h 1h 6h 1h 6h 6h 8h
2h 4h 6h 8h 5h bh 5h 8h ah
";

/// The README's endgame: six cards left.
const ENDGAME: &str = "\
Foundations: H-T C-K D-Q S-J
Freecells: - - - -
: KH QS JH
: KD
: QH KS
";

/// The README's solution of [`ENDGAME`].
const ENDGAME_SOLUTION: &str = "1h 3a 3h 1h ah 1h 2h\n";

/// The header of a bench CSV of deal rows.
const CSV_HEADER: &str =
    "deal,solver,outcome,reason,expanded,generated,seconds,length,single_card_length,peak_stored,peak_bytes\n";

/// A row of deal 1 solved by `fast`.
const CSV_ROW_1: &str = "1,fast,solved,,107,522,0.001587,97,116,467,81728\n";

/// The byte-order mark.
const BOM: &str = "\u{feff}";

/// The longest standard error accepted, whatever the input's size.
const MAX_STDERR: usize = 1000;

/// A run taking longer than this is killed and fails its case: every case takes well under
/// a second in a debug build, and this leaves room for a loaded machine.
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// A check of what a run left behind, beyond the common ones.
type After = fn(&Path, &RawRun) -> Result<(), String>;

/// One row of the table.
struct Case {
    name: &'static str,
    args: Vec<String>,
    stdin: Vec<u8>,
    /// Files to create in the case's directory, by relative path; a path ending in `/` is a
    /// directory.
    files: Vec<(&'static str, Vec<u8>)>,
    code: i32,
    says: Vec<&'static str>,
    then: Option<After>,
}

impl Case {
    /// Adds a check of what the run left behind.
    fn then(mut self, check: After) -> Case {
        self.then = Some(check);
        self
    }
}

/// A row: name, arguments, standard input, files, exit code, what standard error says.
fn row(
    name: &'static str,
    args: &[&str],
    stdin: impl Into<Vec<u8>>,
    files: Vec<(&'static str, Vec<u8>)>,
    code: i32,
    says: &[&'static str],
) -> Case {
    Case {
        name,
        args: args.iter().map(|&a| a.to_owned()).collect(),
        stdin: stdin.into(),
        files,
        code,
        says: says.to_vec(),
        then: None,
    }
}

// ---------------------------------------------------------------------------------------
// Building inputs.

fn b(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn repeat(byte: u8, n: usize) -> Vec<u8> {
    vec![byte; n]
}

/// `text` with the first `from` replaced by `to`; `from` must occur.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` is in the text");
    text.replacen(from, to, 1)
}

/// Deal 1 with the first `from` replaced by `to`.
fn deal1(from: &str, to: &str) -> Vec<u8> {
    replaced(DEAL_1, from, to).into_bytes()
}

/// `text` with `prefix` put at the start of line `line` (counting from 1).
fn at_line_start(text: &str, line: usize, prefix: &str) -> Vec<u8> {
    let mut out = String::new();
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            out.push_str(prefix);
        }
        out.push_str(l);
    }
    out.into_bytes()
}

/// `text` with CRLF line endings.
fn crlf(text: &str) -> Vec<u8> {
    text.replace('\n', "\r\n").into_bytes()
}

/// Bytes that look like the start of an executable, then pseudo-random bytes.
fn garbage() -> Vec<u8> {
    let mut bytes = b"\x7fELF\x02\x01\x01\x00".to_vec();
    bytes.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    bytes
}

/// Valid UTF-8 made of control characters (no white space among them).
fn control_bytes() -> Vec<u8> {
    let mut bytes: Vec<u8> = (1u8..32).filter(|c| !b"\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f".contains(c)).collect();
    bytes.push(b'\n');
    bytes
}

/// `text` in UTF-16LE with its byte-order mark, as some editors save it.
fn utf16(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    bytes
}

/// A policy whose one condition nests `n` `and`s.
fn nested_policy(n: usize) -> Vec<u8> {
    format!(
        "(policy (if {}IsMoveToCascade{} (+ (* HSDH 1))) (default (+ (* HSDH 1))))\n",
        "(and ".repeat(n),
        " true)".repeat(n)
    )
    .into_bytes()
}

/// `args` then `more`.
fn with<'a>(args: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(more).copied().collect()
}

// ---------------------------------------------------------------------------------------
// Checks of what a successful run left.

fn valid_97(_: &Path, run: &RawRun) -> Result<(), String> {
    expect_stdout(run, "valid: 97 moves\n")
}

fn valid_7(_: &Path, run: &RawRun) -> Result<(), String> {
    expect_stdout(run, "valid: 7 moves\n")
}

fn expect_stdout(run: &RawRun, expected: &str) -> Result<(), String> {
    if run.stdout == expected.as_bytes() {
        Ok(())
    } else {
        Err(format!("standard output is {:?}, expected {expected:?}", String::from_utf8_lossy(&run.stdout)))
    }
}

/// Standard output is a solution: lines of one move each.
fn printed_moves(_: &Path, run: &RawRun) -> Result<(), String> {
    let text = String::from_utf8_lossy(&run.stdout);
    let moves = text.lines().filter(|l| !l.is_empty()).count();
    if moves > 0 && text.lines().all(|l| l.split_whitespace().count() == 1) {
        Ok(())
    } else {
        Err(format!("standard output is not a solution: {:?}", excerpt(&text, 200)))
    }
}

/// `bench` printed its summary.
fn printed_summary(_: &Path, run: &RawRun) -> Result<(), String> {
    let text = String::from_utf8_lossy(&run.stdout);
    if text.contains("unsolved problems penalized") {
        Ok(())
    } else {
        Err(format!("standard output has no summary: {:?}", excerpt(&text, 200)))
    }
}

/// `evolve --out run` wrote its champion.
fn wrote_best_weights(dir: &Path, _: &RawRun) -> Result<(), String> {
    let best = dir.join("run").join("best.weights");
    if best.is_file() { Ok(()) } else { Err(format!("{} was not written", best.display())) }
}

/// `out.csv` holds the header, deal 1's row as it was, and a whole row for deal 2, run now.
fn resumed_with_deal_2(dir: &Path, _: &RawRun) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("out.csv")).map_err(|e| format!("out.csv: {e}"))?;
    let expected_start = format!("{CSV_HEADER}{CSV_ROW_1}2,fast,undecided,node-limit,");
    if text.starts_with(&expected_start) && text.ends_with('\n') && text.lines().count() == 3 {
        Ok(())
    } else {
        Err(format!("out.csv after resuming: {text:?}"))
    }
}

/// `out.csv` holds the header and one whole row for deal 1, run now.
fn started_afresh(dir: &Path, _: &RawRun) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("out.csv")).map_err(|e| format!("out.csv: {e}"))?;
    let expected_start = format!("{CSV_HEADER}1,fast,undecided,node-limit,");
    if text.starts_with(&expected_start) && text.ends_with('\n') && text.lines().count() == 2 {
        Ok(())
    } else {
        Err(format!("out.csv: {text:?}"))
    }
}

/// The directory `nodir` was not created.
fn no_nodir(dir: &Path, _: &RawRun) -> Result<(), String> {
    if dir.join("nodir").exists() { Err("the missing directory `nodir` was created".to_owned()) } else { Ok(()) }
}

// ---------------------------------------------------------------------------------------
// The table.

const SOLVE_X: &[&str] = &["solve", "x.board", "--max-nodes", "1"];
const VERIFY_X: &[&str] = &["verify", "x.board", "s.sol"];
const VERIFY_D1: &[&str] = &["verify", "--deal", "1", "s.sol"];

#[allow(clippy::too_many_lines)] // a table, one row per case
fn board_cases() -> Vec<Case> {
    let x = |bytes: Vec<u8>| vec![("x.board", bytes)];
    let xs = |bytes: Vec<u8>| vec![("x.board", bytes), ("s.sol", b(SOLUTION_1))];
    let endgame = |bytes: Vec<u8>| vec![("x.board", bytes), ("s.sol", b(ENDGAME_SOLUTION))];
    let nine_lines = format!("{DEAL_1}AH\n");
    let five_cells = "Foundations: H-T C-K D-Q S-J\nFreecells: - - - - KD\n: KH QS JH\n: QH KS\n";
    let cells_twice = replaced(ENDGAME, "Freecells: - - - -\n", "Freecells: - - - -\nFreecells: - -\n");
    let foundations_twice = replaced(ENDGAME, "Freecells:", "Foundations: H-T\nFreecells:");
    let header_late = replaced(&replaced(ENDGAME, "Freecells: - - - -\n", ""), ": KD\n", ": KD\nFreecells: - - - -\n");
    let blank_ninth = replaced(DEAL_1, "5D AD", "\n5D AD");
    vec![
        row("board_duplicate_card", SOLVE_X, "", x(deal1("KD", "JD")), 2, &["`x.board`", "JD appears twice", "line 1"]),
        row("board_missing_card", SOLVE_X, "", x(deal1(" KD", "")), 2, &["`x.board`", "missing: KD"]),
        row("board_53_cards", SOLVE_X, "", x(deal1("7D TC", "7D TC AH")), 2, &["AH appears twice", "line 8"]),
        row("board_empty_file", SOLVE_X, "", x(vec![]), 2, &["`x.board`", "52 cards are missing"]),
        row("board_only_a_comment", SOLVE_X, "", x(b("# nothing here\n")), 2, &["52 cards are missing"]),
        row("board_only_blank_lines", SOLVE_X, "", x(b("\n \n\t\n")), 2, &["52 cards are missing"]),
        row("board_dev_null", &["solve", "/dev/null", "--max-nodes", "1"], "", vec![], 2, &["/dev/null", "52 cards"]),
        row("board_rank_1", SOLVE_X, "", x(deal1("KD", "1H")), 2, &["not a card", "`1H`", "line 1, column 4"]),
        row("board_rank_11", SOLVE_X, "", x(deal1("KD", "11H")), 2, &["not a card", "`11H`", "line 1, column 4"]),
        row("board_rank_0", SOLVE_X, "", x(deal1("KD", "0H")), 2, &["not a card", "`0H`", "line 1, column 4"]),
        row("board_rank_100", SOLVE_X, "", x(deal1("TD", "100D")), 2, &["not a card", "`100D`", "line 2"]),
        row(
            "board_jdx_is_not_a_card",
            SOLVE_X,
            "",
            x(deal1("KD", "JDX")),
            2,
            &["not a card", "`JDX`", "line 1, column 4", "!unknown rank"],
        ),
        row("board_zz", SOLVE_X, "", x(deal1("KD", "ZZ")), 2, &["not a card", "`ZZ`", "line 1, column 4"]),
        row("board_bad_suit", SOLVE_X, "", x(deal1("KD", "KX")), 2, &["not a card", "`KX`", "line 1, column 4"]),
        row("board_lowercase_bad_suit", SOLVE_X, "", x(deal1("KD", "kx")), 2, &["not a card", "`kx`"]),
        row("board_rank_alone", SOLVE_X, "", x(deal1("KD", "K")), 2, &["not a card", "`K`", "line 1, column 4"]),
        row("board_unicode_suit", SOLVE_X, "", x(deal1("KD", "K♦")), 2, &["not a card", "K♦", "line 1, column 4"]),
        row("board_lowercase_is_accepted", VERIFY_X, "", xs(DEAL_1.to_lowercase().into_bytes()), 0, &[]).then(valid_97),
        row("board_ten_as_10_is_accepted", VERIFY_X, "", xs(deal1("TD", "10D")), 0, &[]).then(valid_97),
        row("board_bom_at_start_is_accepted", VERIFY_X, "", xs(cat(&[BOM.as_bytes(), DEAL_1.as_bytes()])), 0, &[])
            .then(valid_97),
        row(
            "board_bom_at_start_of_stdin_is_accepted",
            &["verify", "-", "s.sol"],
            cat(&[BOM.as_bytes(), DEAL_1.as_bytes()]),
            vec![("s.sol", b(SOLUTION_1))],
            0,
            &[],
        )
        .then(valid_97),
        row(
            "board_bom_at_start_of_a_later_line",
            SOLVE_X,
            "",
            x(at_line_start(DEAL_1, 3, BOM)),
            2,
            &["`x.board`", "line 3", "U+FEFF||\\u{feff}"],
        ),
        row(
            "board_bom_inside_a_card",
            SOLVE_X,
            "",
            x(deal1("KD", "K\u{feff}D")),
            2,
            &["line 1, column 4", "U+FEFF||\\u{feff}"],
        ),
        row(
            "board_nul_in_a_card",
            SOLVE_X,
            "",
            x(deal1("KD", "KD\0")),
            2,
            &["line 1, column 4", "\\0||U+0000||NUL||0x00"],
        ),
        row(
            "board_nul_between_cards",
            SOLVE_X,
            "",
            x(deal1("2D KC", "2D \0 KC")),
            2,
            &["line 2, column 4", "\\0||U+0000||NUL||0x00"],
        ),
        row("board_terminal_escape", SOLVE_X, "", x(deal1("KD", "\x1b[2J")), 2, &["not a card", "line 1, column 4"]),
        row("board_control_characters", SOLVE_X, "", x(control_bytes()), 2, &["not a card", "line 1, column 1"]),
        row("board_crlf_is_accepted", VERIFY_X, "", xs(crlf(DEAL_1)), 0, &[]).then(valid_97),
        row("board_crlf_with_headers_is_accepted", VERIFY_X, "", endgame(crlf(ENDGAME)), 0, &[]).then(valid_7),
        row("board_tabs_are_accepted", VERIFY_X, "", xs(DEAL_1.replace(' ', "\t").into_bytes()), 0, &[]).then(valid_97),
        row(
            "board_colon_prefix_and_tabs_are_accepted",
            VERIFY_X,
            "",
            xs(b(&(":\t".to_owned() + &DEAL_1.trim_end().replace('\n', "\t\n:\t") + "\t\n"))),
            0,
            &[],
        )
        .then(valid_97),
        row("board_2mb_line", SOLVE_X, "", x(repeat(b'A', 2_000_000)), 2, &["`x.board`", "1 MiB||1048576"]),
        row("board_2mb_on_stdin", &["solve", "-"], repeat(b'A', 2_000_000), vec![], 2, &["standard input", "1 MiB"]),
        row("board_dev_zero", &["solve", "/dev/zero"], "", vec![], 2, &["/dev/zero", "1 MiB||1048576"]),
        row("board_900kb_token", SOLVE_X, "", x(repeat(b'A', 900_000)), 2, &["not a card", "line 1, column 1"]),
        row(
            "board_200000_open_parens",
            SOLVE_X,
            "",
            x(repeat(b'(', 200_000)),
            2,
            &["`x.board`", "not a card", "line 1, column 1"],
        ),
        row(
            "board_200000_open_parens_on_stdin",
            &["solve", "-"],
            repeat(b'(', 200_000),
            vec![],
            2,
            &["standard input"],
        ),
        row("board_binary_garbage", SOLVE_X, "", x(garbage()), 2, &["`x.board`", "not UTF-8"]),
        row("board_latin1_byte", SOLVE_X, "", x(b"JD KD \xe9\n".to_vec()), 2, &["not UTF-8", "line 1, column 7"]),
        row(
            "board_non_utf8_on_line_3",
            SOLVE_X,
            "",
            x(cat(&[b"JD KD\n2D KC\nab\xc3\n"])),
            2,
            &["not UTF-8", "line 3, column 3"],
        ),
        row("board_utf16", SOLVE_X, "", x(utf16(DEAL_1)), 2, &["`x.board`", "not UTF-8"]),
        row("board_nine_cascades", SOLVE_X, "", x(b(&nine_lines)), 2, &["more cascades", "8", "line 9"]),
        row("board_blank_line_makes_nine_cascades", SOLVE_X, "", x(b(&blank_ninth)), 2, &["more cascades", "line 9"]),
        row(
            "board_eleven_cascades_for_seahaven",
            &["solve", "x.board", "--game", "seahaven-towers", "--max-nodes", "1"],
            "",
            x(b(&format!("{DEAL_1}\n\n\nAS\n"))),
            2,
            &["more cascades", "10"],
        ),
        row(
            "board_five_cells",
            SOLVE_X,
            "",
            x(b(five_cells)),
            2,
            &["more cards in the free cells", "line 2, column 20"],
        ),
        row(
            "board_bad_card_in_a_cell",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "Freecells: -", "Freecells: XX").into_bytes()),
            2,
            &["not a card", "`XX`", "line 2"],
        ),
        row("board_freecells_twice", SOLVE_X, "", x(b(&cells_twice)), 2, &["repeats an earlier header", "line 3"]),
        row(
            "board_foundations_twice",
            SOLVE_X,
            "",
            x(b(&foundations_twice)),
            2,
            &["repeats an earlier header", "line 2"],
        ),
        row(
            "board_foundation_bad_suit",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "S-J", "X-J").into_bytes()),
            2,
            &["`X-J`", "line 1, column 26"],
        ),
        row(
            "board_foundation_rank_14",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "S-J", "S-14").into_bytes()),
            2,
            &["`S-14`", "line 1, column 26"],
        ),
        row(
            "board_foundation_without_dash",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "S-J", "SJ").into_bytes()),
            2,
            &["`SJ`", "line 1, column 26"],
        ),
        row(
            "board_foundation_suit_twice",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "S-J", "S-J S-J").into_bytes()),
            2,
            &["already given", "line 1, column 30"],
        ),
        row("board_header_after_cascades", SOLVE_X, "", x(b(&header_late)), 2, &["before the cascades", "line 4"]),
        row(
            "board_foundations_claim_dealt_cards",
            SOLVE_X,
            "",
            x(b(&format!("Foundations: H-5\n{DEAL_1}"))),
            2,
            &["appears twice", "foundation"],
        ),
        row(
            "board_foundations_below_the_cards_left",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "H-T", "H-9").into_bytes()),
            2,
            &["missing: TH"],
        ),
        row(
            "board_foundation_holds_a_cascade_card",
            SOLVE_X,
            "",
            x(replaced(ENDGAME, "H-T", "H-K").into_bytes()),
            2,
            &["KH appears twice", "line 3"],
        ),
        row("board_empty_stdin", &["solve", "-", "--max-nodes", "1"], "", vec![], 2, &["standard input", "52 cards"]),
        row(
            "board_missing_file",
            &["solve", "nope.board"],
            "",
            vec![],
            2,
            &["`nope.board`", "No such file||not found"],
        ),
        row(
            "board_is_a_directory",
            &["solve", "dir.board"],
            "",
            vec![("dir.board/", vec![])],
            2,
            &["`dir.board`", "directory"],
        ),
        row("hint_board_jdx", &["hint", "x.board"], "", x(deal1("KD", "JDX")), 2, &["not a card", "`JDX`", "line 1"]),
        row("verify_board_duplicate", VERIFY_X, "", xs(deal1("KD", "JD")), 2, &["`x.board`", "JD appears twice"]),
        row(
            "verify_board_on_stdin_with_bom_later",
            &["verify", "-", "s.sol"],
            at_line_start(DEAL_1, 2, BOM),
            vec![("s.sol", b(SOLUTION_1))],
            2,
            &["standard input", "line 2", "U+FEFF||\\u{feff}"],
        ),
    ]
}

#[allow(clippy::too_many_lines)] // a table, one row per case
fn solution_cases() -> Vec<Case> {
    let s = |bytes: Vec<u8>| vec![("s.sol", bytes)];
    let first_ten = SOLUTION_1.split_whitespace().take(10).collect::<Vec<_>>().join(" ") + "\n";
    let bom_line_2 = at_line_start(SOLUTION_1, 2, BOM);
    let many_moves = "7a 7b ".repeat(200_000);
    vec![
        row(
            "solution_foundation_too_early",
            VERIFY_D1,
            "",
            s(b("1h\n")),
            2,
            &["`s.sol`", "move 1 (`1h`, line 1, column 1)", "cannot go home"],
        ),
        row(
            "solution_cell_taken",
            VERIFY_D1,
            "",
            s(b("7a 7a\n")),
            2,
            &["move 2 (`7a`, line 1, column 4)", "already holds"],
        ),
        row("solution_fifth_cell", VERIFY_D1, "", s(b("7a 7b 7c 7d 7e\n")), 2, &["move 5", "free cell e"]),
        row("solution_ninth_cascade", VERIFY_D1, "", s(b("9a\n")), 2, &["move 1 (`9a`", "cascade 9"]),
        row("solution_empty_cell_as_source", VERIFY_D1, "", s(b("a1\n")), 2, &["move 1 (`a1`", "free cell a is empty"]),
        row("solution_foundation_as_source", VERIFY_D1, "", s(b("hh\n")), 2, &["move 1 (`hh`", "cannot be a source"]),
        row("solution_same_pile", VERIFY_D1, "", s(b("11\n")), 2, &["move 1 (`11`", "two different piles"]),
        row(
            "solution_unknown_token",
            VERIFY_D1,
            "",
            s(b("zz\n")),
            2,
            &["move 1 (`zz`, line 1, column 1)", "not a move"],
        ),
        row("solution_unknown_destination", VERIFY_D1, "", s(b("7x\n")), 2, &["move 1 (`7x`", "not a move"]),
        row("solution_one_symbol", VERIFY_D1, "", s(b("1\n")), 2, &["move 1 (`1`", "not a move"]),
        row("solution_three_symbols", VERIFY_D1, "", s(b("7aa\n")), 2, &["move 1 (`7aa`", "not a move"]),
        row("solution_v_zero", VERIFY_D1, "", s(b("17v0\n")), 2, &["move 1 (`17v0`", "`v`"]),
        row("solution_v_not_hex", VERIFY_D1, "", s(b("17vZ\n")), 2, &["move 1 (`17vZ`", "`v`"]),
        row("solution_v_without_count", VERIFY_D1, "", s(b("17v\n")), 2, &["move 1 (`17v`", "`v`"]),
        row("solution_v_count_huge", VERIFY_D1, "", s(b("17v100\n")), 2, &["move 1 (`17v100`"]),
        row(
            "solution_v_count_beyond_the_run",
            VERIFY_D1,
            "",
            s(b("12v2\n")),
            2,
            &["move 1 (`12v2`", "not a built sequence"],
        ),
        row("solution_v_onto_a_card", VERIFY_D1, "", s(b("17v1\n")), 2, &["move 1 (`17v1`", "cannot be placed"]),
        row(
            "solution_illegal_move_on_line_2",
            VERIFY_D1,
            "",
            s(b("7a 7b 7c 7h\n3h 3h\n")),
            2,
            &["move 6 (`3h`, line 2, column 4)", "cannot go home"],
        ),
        row("solution_incomplete", VERIFY_D1, "", s(b(&first_ten)), 2, &["incomplete", "10 moves replayed"]),
        row(
            "solution_empty_file",
            VERIFY_D1,
            "",
            s(vec![]),
            2,
            &["incomplete", "0 moves replayed", "52 cards not home"],
        ),
        row("solution_only_a_comment", VERIFY_D1, "", s(b("# nothing yet\n")), 2, &["incomplete", "0 moves replayed"]),
        row(
            "solution_empty_stdin",
            &["verify", "--deal", "1", "-"],
            "",
            vec![],
            2,
            &["incomplete", "0 moves replayed"],
        ),
        row("solution_dev_null", &["verify", "--deal", "1", "/dev/null"], "", vec![], 2, &["incomplete"]),
        row(
            "solution_non_utf8",
            VERIFY_D1,
            "",
            s(b"7a 7b\n7c\xff\n".to_vec()),
            2,
            &["`s.sol`", "not UTF-8", "line 2, column 3"],
        ),
        row(
            "solution_non_utf8_on_stdin",
            &["verify", "--deal", "1", "-"],
            b"7a \xe9\n".to_vec(),
            vec![],
            2,
            &["standard input", "not UTF-8", "line 1, column 4"],
        ),
        row("solution_2mb_token", VERIFY_D1, "", s(repeat(b'1', 2_000_000)), 2, &["`s.sol`", "1 MiB||1048576"]),
        row("solution_2mb_of_moves", VERIFY_D1, "", s(b(&many_moves)), 2, &["`s.sol`", "1 MiB||1048576"]),
        row("solution_600kb_token", VERIFY_D1, "", s(repeat(b'1', 600_000)), 2, &["move 1", "line 1, column 1"]),
        row("solution_200000_open_parens", VERIFY_D1, "", s(repeat(b'(', 200_000)), 2, &["move 1", "line 1, column 1"]),
        row("solution_binary_garbage", VERIFY_D1, "", s(garbage()), 2, &["`s.sol`", "not UTF-8"]),
        row("solution_nul_in_a_token", VERIFY_D1, "", s(b("7a\0 7b\n")), 2, &["move 1", "\\0||U+0000||NUL||0x00"]),
        row("solution_terminal_escape", VERIFY_D1, "", s(b("7a \x1b[2J\n")), 2, &["move 2", "line 1, column 4"]),
        row("solution_fullwidth_digit", VERIFY_D1, "", s(b("７a\n")), 2, &["move 1", "not a move"]),
        row(
            "solution_bom_at_start_is_accepted",
            VERIFY_D1,
            "",
            s(cat(&[BOM.as_bytes(), SOLUTION_1.as_bytes()])),
            0,
            &[],
        )
        .then(valid_97),
        row(
            "solution_bom_at_start_of_stdin_is_accepted",
            &["verify", "--deal", "1", "-"],
            cat(&[BOM.as_bytes(), SOLUTION_1.as_bytes()]),
            vec![],
            0,
            &[],
        )
        .then(valid_97),
        row("solution_bom_on_line_2", VERIFY_D1, "", s(bom_line_2), 2, &["`s.sol`", "line 2", "U+FEFF||\\u{feff}"]),
        row("solution_crlf_is_accepted", VERIFY_D1, "", s(crlf(SOLUTION_1)), 0, &[]).then(valid_97),
        row(
            "solution_commas_and_tabs_are_accepted",
            VERIFY_D1,
            "",
            s(SOLUTION_1.replace(' ', ",\t").into_bytes()),
            0,
            &[],
        )
        .then(valid_97),
        row("solution_move_after_the_win", VERIFY_D1, "", s(b(&format!("{SOLUTION_1}1h\n"))), 2, &["move 98 (`1h`"]),
        row(
            "solution_of_another_board",
            &["verify", "x.board", "s.sol"],
            "",
            vec![("x.board", b(ENDGAME)), ("s.sol", b(SOLUTION_1))],
            2,
            &["move 1 (`7a`", "line 1, column 1"],
        ),
        row(
            "solution_under_bakers_game_rules",
            &["verify", "--deal", "1", "--game", "bakers-game", "s.sol"],
            "",
            s(b(SOLUTION_1)),
            2,
            &["move 6 (`32`", "cannot be placed"],
        ),
        row(
            "solution_is_a_directory",
            &["verify", "--deal", "1", "dir.sol"],
            "",
            vec![("dir.sol/", vec![])],
            2,
            &["`dir.sol`", "directory"],
        ),
        row(
            "solution_missing_file",
            &["verify", "--deal", "1", "nope.sol"],
            "",
            vec![],
            2,
            &["`nope.sol`", "No such file||not found"],
        ),
        row("verify_stdin_twice", &["verify", "-", "-"], DEAL_1, vec![], 2, &["error: ", "only one of", "`-`"]),
        row("verify_one_file", &["verify", "s.sol"], "", s(b(SOLUTION_1)), 2, &["error: ", "SOLUTION_FILE"]),
        row("verify_three_files", &["verify", "a", "b", "c"], "", vec![], 2, &["error: ", "SOLUTION_FILE"]),
        row("verify_deal_and_two_files", &["verify", "--deal", "1", "a", "b"], "", vec![], 2, &["error: ", "--deal"]),
        row("verify_no_files", &["verify"], "", vec![], 2, &["error: ", "SOLUTION_FILE"]),
        row(
            "verify_unknown_game",
            &["verify", "--deal", "1", "--game", "nope", "s.sol"],
            "",
            s(b(SOLUTION_1)),
            2,
            &["--game", "`nope`||'nope'"],
        ),
    ]
}

#[allow(clippy::too_many_lines)] // a table, one row per case
fn argument_cases() -> Vec<Case> {
    let long_number = "9".repeat(100_000) + "x";
    let long_number: &'static str = Box::leak(long_number.into_boxed_str());
    let solve = |more: &[&'static str]| with(&["solve", "--deal", "1"], more);
    vec![
        row("deal_0", &["deal", "0"], "", vec![], 2, &["'0'||`0`", "8589934591"]),
        row("deal_minus_1", &["deal", "-1"], "", vec![], 2, &["'-1'||`-1`", "<N>"]),
        row("deal_8589934592", &["deal", "8589934592"], "", vec![], 2, &["8589934592", "8589934591"]),
        row(
            "deal_2_to_the_64",
            &["deal", "18446744073709551616"],
            "",
            vec![],
            2,
            &[
                "18446744073709551616",
                "8589934591",
                "!18446744073709551615",
                "above||greater than||larger than||too large||exceeds||more than",
            ],
        ),
        row(
            "deal_32_nines",
            &["deal", "99999999999999999999999999999999"],
            "",
            vec![],
            2,
            &["99999999999999999999999999999999", "8589934591", "!18446744073709551615"],
        ),
        row("deal_range", &["deal", "1..3"], "", vec![], 2, &["`1..3`||'1..3'", "range"]),
        row("deal_inclusive_range", &["deal", "1..=3"], "", vec![], 2, &["1..=3", "range"]),
        row("deal_empty", &["deal", ""], "", vec![], 2, &["<N>", "deal number"]),
        row("deal_fraction", &["deal", "1.5"], "", vec![], 2, &["`1.5`||'1.5'", "<N>"]),
        row("deal_plus_sign", &["deal", "+1"], "", vec![], 2, &["`+1`||'+1'", "<N>"]),
        row("deal_hex", &["deal", "0x10"], "", vec![], 2, &["`0x10`||'0x10'", "<N>"]),
        row("deal_100000_characters", &["deal", long_number], "", vec![], 2, &["<N>", "deal number"]),
        row("deal_two_numbers", &["deal", "1", "2"], "", vec![], 2, &["error: ", "'2'"]),
        row("deal_missing_number", &["deal"], "", vec![], 2, &["error: ", "<N>"]),
        row("deal_unknown_game", &["deal", "1", "--game", "nope"], "", vec![], 2, &["--game", "`nope`||'nope'"]),
        row("deal_empty_game", &["deal", "1", "--game", ""], "", vec![], 2, &["--game"]),
        row("solve_deal_0", &["solve", "--deal", "0"], "", vec![], 2, &["--deal", "8589934591"]),
        row("solve_deal_range", &["solve", "--deal", "1..3"], "", vec![], 2, &["--deal", "range"]),
        row("hint_deal_8589934592", &["hint", "--deal", "8589934592"], "", vec![], 2, &["--deal", "8589934591"]),
        row(
            "verify_deal_2_to_the_64",
            &["verify", "--deal", "18446744073709551616", "s.sol"],
            "",
            vec![("s.sol", b(SOLUTION_1))],
            2,
            &["--deal", "18446744073709551616", "!18446744073709551615"],
        ),
        row(
            "solve_deal_and_board_file",
            &["solve", "--deal", "1", "x.board"],
            "",
            vec![("x.board", b(DEAL_1))],
            2,
            &["--deal", "BOARD_FILE", "cannot be used with"],
        ),
        row("solve_without_input", &["solve"], "", vec![], 2, &["error: ", "BOARD_FILE"]),
        row("timeout_minus_1", &solve(&["--timeout", "-1"]), "", vec![], 2, &["--timeout", "-1"]),
        row("timeout_equals_minus_1", &solve(&["--timeout=-1"]), "", vec![], 2, &["--timeout", "`-1`||'-1'"]),
        row("timeout_minus_half", &solve(&["--timeout=-0.5"]), "", vec![], 2, &["--timeout", "-0.5"]),
        row("timeout_nan", &solve(&["--timeout", "NaN"]), "", vec![], 2, &["--timeout", "`NaN`||'NaN'"]),
        row("timeout_abc", &solve(&["--timeout", "abc"]), "", vec![], 2, &["--timeout", "`abc`||'abc'"]),
        row("timeout_empty", &solve(&["--timeout", ""]), "", vec![], 2, &["--timeout"]),
        row("timeout_with_unit", &solve(&["--timeout", "10s"]), "", vec![], 2, &["--timeout", "`10s`||'10s'"]),
        row("timeout_100000_characters", &solve(&["--timeout", long_number]), "", vec![], 2, &["--timeout"]),
        row("timeout_1e19_solves", &solve(&["--timeout", "1e19"]), "", vec![], 0, &[]).then(printed_moves),
        row("timeout_1e400_solves", &solve(&["--timeout", "1e400"]), "", vec![], 0, &[]).then(printed_moves),
        row("timeout_inf_solves", &solve(&["--timeout", "inf"]), "", vec![], 0, &[]).then(printed_moves),
        row("hint_timeout_1e19", &["hint", "--deal", "1", "--timeout", "1e19"], "", vec![], 0, &[]).then(printed_moves),
        row("bench_timeout_1e19", &["bench", "--deals", "1", "--timeout", "1e19"], "", vec![], 0, &[])
            .then(printed_summary),
        row("max_nodes_minus_5", &solve(&["--max-nodes", "-5"]), "", vec![], 2, &["--max-nodes", "-5"]),
        row("max_nodes_equals_minus_5", &solve(&["--max-nodes=-5"]), "", vec![], 2, &["--max-nodes", "-5"]),
        row(
            "max_nodes_beyond_u64",
            &solve(&["--max-nodes", "99999999999999999999999"]),
            "",
            vec![],
            2,
            &["--max-nodes", "99999999999999999999999"],
        ),
        row("max_nodes_abc", &solve(&["--max-nodes", "abc"]), "", vec![], 2, &["--max-nodes", "abc"]),
        row("max_nodes_fraction", &solve(&["--max-nodes", "1.5"]), "", vec![], 2, &["--max-nodes", "1.5"]),
        row("max_nodes_u64_max_solves", &solve(&["--max-nodes", "18446744073709551615"]), "", vec![], 0, &[])
            .then(printed_moves),
        row("max_nodes_0_is_undecided", &solve(&["--max-nodes", "0"]), "", vec![], 4, &["undecided", "node limit"]),
        row("max_mb_0_is_undecided", &solve(&["--max-mb", "0"]), "", vec![], 4, &["undecided", "memory limit"]),
        row("max_mb_minus_1", &solve(&["--max-mb", "-1"]), "", vec![], 2, &["--max-mb", "-1"]),
        row("max_mb_abc", &solve(&["--max-mb", "abc"]), "", vec![], 2, &["--max-mb", "abc"]),
        row("max_mb_u64_max_solves", &solve(&["--max-mb", "18446744073709551615"]), "", vec![], 0, &[])
            .then(printed_moves),
        row("solver_unknown", &solve(&["--solver", "nope"]), "", vec![], 2, &["--solver", "`nope`||'nope'"]),
        row("solver_empty", &solve(&["--solver", ""]), "", vec![], 2, &["--solver"]),
        row("solver_upper_case", &solve(&["--solver", "FAST"]), "", vec![], 2, &["--solver", "FAST"]),
        row("solver_weights_without_file", &solve(&["--solver", "weights:"]), "", vec![], 2, &["weights"]),
        row("cost_single_with_fast", &solve(&["--cost", "single"]), "", vec![], 2, &["--cost", "optimal", "fast"]),
        row(
            "cost_single_with_hsd",
            &solve(&["--cost", "single", "--solver", "hsd"]),
            "",
            vec![],
            2,
            &["--cost", "optimal", "hsd"],
        ),
        row("hint_cost_single", &["hint", "--deal", "1", "--cost", "single"], "", vec![], 2, &["--cost", "optimal"]),
        row("deadlock_p_with_fast", &solve(&["--deadlock-p", "1"]), "", vec![], 2, &["--deadlock-p", "optimal"]),
        row("low_memory_with_fast", &solve(&["--low-memory"]), "", vec![], 2, &["--low-memory", "optimal"]),
        row("cost_unknown", &solve(&["--solver", "optimal", "--cost", "nope"]), "", vec![], 2, &["--cost", "single"]),
        row(
            "deadlock_p_9",
            &solve(&["--solver", "optimal", "--deadlock-p", "9"]),
            "",
            vec![],
            2,
            &["--deadlock-p", "9"],
        ),
        row("notation_unknown", &solve(&["--notation", "fancy"]), "", vec![], 2, &["--notation", "fancy"]),
        row("bench_jobs_100000", &["bench", "--deals", "1", "--jobs", "100000"], "", vec![], 2, &["--jobs", "1024"]),
        row("bench_jobs_1025", &["bench", "--deals", "1", "--jobs", "1025"], "", vec![], 2, &["--jobs", "1024"]),
        row("bench_jobs_minus_1", &["bench", "--deals", "1", "--jobs", "-1"], "", vec![], 2, &["--jobs", "-1"]),
        row("bench_jobs_abc", &["bench", "--deals", "1", "--jobs", "abc"], "", vec![], 2, &["--jobs", "abc"]),
        row("bench_jobs_0_is_one_per_core", &["bench", "--deals", "1..2", "--jobs", "0"], "", vec![], 0, &[])
            .then(printed_summary),
        row("bench_deals_reversed", &["bench", "--deals", "9..5"], "", vec![], 2, &["--deals", "9..5", "empty"]),
        row("bench_deals_from_0", &["bench", "--deals", "0..5"], "", vec![], 2, &["--deals", "deal `0`"]),
        row("bench_deals_beyond", &["bench", "--deals", "1..8589934592"], "", vec![], 2, &["--deals", "8589934591"]),
        row("bench_deals_garbage", &["bench", "--deals", "1..x"], "", vec![], 2, &["--deals", "1..x"]),
        row("bench_deals_empty", &["bench", "--deals", ""], "", vec![], 2, &["--deals"]),
        row("bench_deals_missing", &["bench", "--solver", "hsd"], "", vec![], 2, &["error: ", "--deals"]),
        row("bench_hints_0", &["bench", "--deals", "1", "--hints", "0"], "", vec![], 2, &["--hints", "0"]),
        row("bench_cost_single", &["bench", "--deals", "1", "--cost", "single"], "", vec![], 2, &["--cost", "optimal"]),
        row("unknown_subcommand", &["frobnicate"], "", vec![], 2, &["error: ", "frobnicate"]),
        row("unknown_option", &["solve", "--deal", "1", "--frobnicate"], "", vec![], 2, &["error: ", "--frobnicate"]),
    ]
}

#[allow(clippy::too_many_lines)] // a table, one row per case
fn solver_file_cases() -> Vec<Case> {
    let weights =
        |more: &[&'static str]| with(&["solve", "--deal", "1", "--solver", "weights:w.txt", "--max-nodes", "50"], more);
    let policy =
        |more: &[&'static str]| with(&["solve", "--deal", "1", "--solver", "policy:p.txt", "--max-nodes", "50"], more);
    let w = |text: &str| vec![("w.txt", b(text))];
    let wb = |bytes: Vec<u8>| vec![("w.txt", bytes)];
    let p = |text: &str| vec![("p.txt", b(text))];
    let pb = |bytes: Vec<u8>| vec![("p.txt", bytes)];
    let ok_policy = "(policy (if (<= HSDH 1) (+ (* HSDH 1))) (default (+ (* HSDH 1))))\n";
    let deep_by_6 = "(policy (if (and (and (and (and (and true true) true) true) true) true) (+ (* HSDH 1))) \
                     (default (+ (* HSDH 1))))\n";
    let bench_weights = ["bench", "--deals", "1", "--solver", "weights:w.txt", "--max-nodes", "1", "--csv", "out.csv"];
    vec![
        row("weights_empty", &weights(&[]), "", w(""), 2, &["`w.txt`", "weights"]),
        row("weights_blank", &weights(&[]), "", w("   \n\n"), 2, &["`w.txt`", "weights"]),
        row("weights_above_1", &weights(&[]), "", w("(+ (* HSDH 1.5))"), 2, &["`w.txt`", "[0, 1]"]),
        row("weights_negative", &weights(&[]), "", w("(+ (* HSDH -0.1))"), 2, &["`w.txt`", "[0, 1]"]),
        row("weights_nan", &weights(&[]), "", w("(+ (* HSDH NaN))"), 2, &["`w.txt`", "NaN"]),
        row("weights_inf", &weights(&[]), "", w("(+ (* HSDH inf))"), 2, &["`w.txt`", "inf"]),
        row("weights_1e400", &weights(&[]), "", w("(+ (* HSDH 1e400))"), 2, &["`w.txt`", "1e400"]),
        row(
            "weights_unclosed_paren",
            &weights(&[]),
            "",
            w("(+ (* HSDH 0.5)"),
            2,
            &["`w.txt`", "line 1, column 1: this `(` is never closed"],
        ),
        row(
            "weights_extra_close_paren",
            &weights(&[]),
            "",
            w("(+ (* HSDH 0.5)))"),
            2,
            &["`w.txt`", "line 1, column 17"],
        ),
        row("weights_unknown_feature", &weights(&[]), "", w("(+ (* Nope 0.5))"), 2, &["`w.txt`", "`Nope`"]),
        row("weights_feature_twice", &weights(&[]), "", w("(+ (* HSDH 0.5) (* HSDH 0.5))"), 2, &["`w.txt`", "`HSDH`"]),
        row(
            "weights_trailing_text",
            &weights(&[]),
            "",
            w("(+ (* HSDH 0.5)) trailing"),
            2,
            &["`w.txt`", "line 1, column 18"],
        ),
        row("weights_a_word", &weights(&[]), "", w("hello\n"), 2, &["`w.txt`", "line 1, column 1"]),
        row(
            "weights_200000_open_parens",
            &weights(&[]),
            "",
            wb(repeat(b'(', 200_000)),
            2,
            &["`w.txt`", "deep||nest||depth||level"],
        ),
        row(
            "weights_200000_balanced_parens",
            &weights(&[]),
            "",
            wb(cat(&[&repeat(b'(', 200_000), &repeat(b')', 200_000)])),
            2,
            &["`w.txt`", "deep||nest||depth||level"],
        ),
        row("weights_2mb", &weights(&[]), "", wb(repeat(b' ', 2_000_000)), 2, &["`w.txt`", "1 MiB||1048576"]),
        row("weights_binary", &weights(&[]), "", wb(garbage()), 2, &["`w.txt`", "not UTF-8"]),
        row(
            "weights_missing_file",
            &with(&["solve", "--deal", "1", "--solver", "weights:nope.w"], &[]),
            "",
            vec![],
            2,
            &["`nope.w`", "No such file||not found"],
        ),
        row(
            "weights_directory",
            &["solve", "--deal", "1", "--solver", "weights:dir"],
            "",
            vec![("dir/", vec![])],
            2,
            &["`dir`", "directory"],
        ),
        row("weights_valid_runs", &weights(&[]), "", w("(+ (* HSDH 0.5))\n"), 4, &["undecided"]),
        row(
            "hint_weights_above_1",
            &["hint", "--deal", "1", "--solver", "weights:w.txt"],
            "",
            w("(+ (* HSDH 1.5))"),
            2,
            &["`w.txt`", "[0, 1]"],
        ),
        row("bench_bad_weights_creates_no_csv", &bench_weights, "", w("(+ (* HSDH 1.5))"), 2, &["`w.txt`", "[0, 1]"]),
        row(
            "bench_bad_weights_keeps_the_csv",
            &bench_weights,
            "",
            vec![
                ("w.txt", b("(+ (* HSDH 1.5))")),
                ("out.csv", b(&format!("{CSV_HEADER}1,weights:w.txt,undecided,node-limit,1,8,0.000142,,,9,24800\n"))),
            ],
            2,
            &["`w.txt`", "[0, 1]"],
        ),
        row("policy_empty", &policy(&[]), "", p(""), 2, &["`p.txt`", "policy"]),
        row(
            "policy_unclosed",
            &policy(&[]),
            "",
            p("(policy"),
            2,
            &["`p.txt`", "line 1, column 1: this `(` is never closed"],
        ),
        row(
            "policy_extra_close_paren",
            &policy(&[]),
            "",
            p("(policy (if (<= HSDH 1) (+ (* HSDH 1))) (default (+ (* HSDH 1)))))"),
            2,
            &["`p.txt`", "line 1, column 66"],
        ),
        row(
            "policy_200000_open_parens",
            &policy(&[]),
            "",
            pb(repeat(b'(', 200_000)),
            2,
            &["`p.txt`", "deep||nest||depth||level"],
        ),
        row(
            "policy_5000_nested_ands",
            &policy(&[]),
            "",
            pb(nested_policy(5_000)),
            2,
            &["`p.txt`", "deep||nest||depth||level"],
        ),
        row("policy_too_deep", &policy(&[]), "", p(deep_by_6), 2, &["`p.txt`", "depth 6", "at most 5"]),
        row("policy_2mb", &policy(&[]), "", pb(repeat(b'(', 2_000_000)), 2, &["`p.txt`", "1 MiB||1048576"]),
        row("policy_binary", &policy(&[]), "", pb(garbage()), 2, &["`p.txt`", "not UTF-8"]),
        row("policy_weight_2", &policy(&[]), "", p("(policy (default (+ (* HSDH 2))))"), 2, &["`p.txt`", "[0, 1]"]),
        row(
            "policy_without_default",
            &policy(&[]),
            "",
            p("(policy (if IsMoveToCascade (+ (* HSDH 1))))"),
            2,
            &["`p.txt`", "default"],
        ),
        row(
            "policy_nan_constant",
            &policy(&[]),
            "",
            p("(policy (if (<= HSDH NaN) (+ (* HSDH 1))) (default (+ (* HSDH 1))))"),
            2,
            &["`p.txt`", "NaN"],
        ),
        row("policy_garbage", &policy(&[]), "", p("garbage\n"), 2, &["`p.txt`", "line 1, column 1"]),
        row(
            "policy_missing_file",
            &["solve", "--deal", "1", "--solver", "policy:nope.p"],
            "",
            vec![],
            2,
            &["`nope.p`", "No such file||not found"],
        ),
        row("policy_valid_runs", &policy(&[]), "", p(ok_policy), 4, &["undecided"]),
        row(
            "bench_bad_policy_creates_no_csv",
            &["bench", "--deals", "1", "--solver", "policy:p.txt", "--csv", "out.csv"],
            "",
            p("(policy"),
            2,
            &["`p.txt`"],
        ),
    ]
}

#[allow(clippy::too_many_lines)] // a table, one row per case
fn csv_cases() -> Vec<Case> {
    let bench = |more: &[&'static str]| with(&["bench", "--deals", "1..2", "--max-nodes", "1"], more);
    let to_csv = bench(&["--csv", "out.csv"]);
    let csv = |bytes: Vec<u8>| vec![("out.csv", bytes)];
    let hsd_rows = format!("{CSV_HEADER}1,hsd,undecided,node-limit,1,8,0.000142,,,9,24800\n");
    let long_line = format!("{CSV_HEADER}{}\n", "x".repeat(5000));
    let bad_number = format!("{CSV_HEADER}1,fast,solved,,abc,522,0.001587,97,116,467,81728\n");
    let twice = format!("{CSV_HEADER}{CSV_ROW_1}{CSV_ROW_1}");
    vec![
        row("csv_is_a_directory", &to_csv, "", vec![("out.csv/", vec![])], 1, &["`out.csv`", "directory"]),
        row("csv_in_a_missing_directory", &bench(&["--csv", "nodir/out.csv"]), "", vec![], 1, &["`nodir/out.csv`"])
            .then(no_nodir),
        row(
            "csv_under_a_file",
            &bench(&["--csv", "afile/out.csv"]),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile/out.csv`"],
        ),
        row("csv_dev_full", &bench(&["--csv", "/dev/full"]), "", vec![], 2, &["`/dev/full`", "not a regular file"]),
        row("csv_dev_zero", &bench(&["--csv", "/dev/zero"]), "", vec![], 2, &["`/dev/zero`", "not a regular file"]),
        row("csv_of_another_solver", &to_csv, "", csv(b(&hsd_rows)), 2, &["`out.csv`", "line 2", "hsd"]),
        row(
            "csv_with_another_header",
            &to_csv,
            "",
            csv(b("name,age\nAda,36\n")),
            2,
            &["`out.csv`", "line 1", "header"],
        ),
        row("csv_binary", &to_csv, "", csv(garbage()), 2, &["`out.csv`", "line 1"]),
        row("csv_of_zeros", &to_csv, "", csv(repeat(0, 10_000)), 2, &["`out.csv`", "line 1"]),
        row(
            "csv_non_utf8_row",
            &to_csv,
            "",
            csv(cat(&[CSV_HEADER.as_bytes(), b"1,fast,\xff\n"])),
            2,
            &["`out.csv`", "line 2", "UTF-8"],
        ),
        row("csv_5000_byte_line", &to_csv, "", csv(b(&long_line)), 2, &["`out.csv`", "line 2", "4096"]),
        row("csv_bad_number", &to_csv, "", csv(b(&bad_number)), 2, &["`out.csv`", "line 2"]),
        row("csv_deal_twice", &to_csv, "", csv(b(&twice)), 2, &["`out.csv`", "line 3"]),
        row(
            "csv_of_deals_for_hints",
            &bench(&["--hints", "2", "--csv", "out.csv"]),
            "",
            csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}"))),
            2,
            &["`out.csv`", "line 1"],
        ),
        row("csv_torn_last_line_resumes", &to_csv, "", csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}2,fast,undec"))), 0, &[])
            .then(resumed_with_deal_2),
        row(
            "csv_torn_header_starts_afresh",
            &["bench", "--deals", "1", "--max-nodes", "1", "--csv", "out.csv"],
            "",
            csv(b("deal,solver,out")),
            0,
            &[],
        )
        .then(started_afresh),
        row(
            "csv_empty_starts_afresh",
            &["bench", "--deals", "1", "--max-nodes", "1", "--csv", "out.csv"],
            "",
            csv(vec![]),
            0,
            &[],
        )
        .then(started_afresh),
        row(
            "csv_kept_on_a_bad_range",
            &["bench", "--deals", "0..2", "--csv", "out.csv"],
            "",
            csv(b(&format!("{CSV_HEADER}{CSV_ROW_1}"))),
            2,
            &["--deals", "deal `0`"],
        ),
        row(
            "csv_not_created_on_too_many_jobs",
            &bench(&["--jobs", "100000", "--csv", "out.csv"]),
            "",
            vec![],
            2,
            &["--jobs", "1024"],
        ),
        row(
            "csv_not_created_on_cost_single",
            &bench(&["--cost", "single", "--csv", "out.csv"]),
            "",
            vec![],
            2,
            &["--cost", "optimal"],
        ),
    ]
}

/// A real checkpoint, from a one-generation run made once for all cases.
fn checkpoint() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let dir = base().join("_checkpoint_source");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("the checkpoint directory can be created");
        let args = with(&["evolve", "--out", "run", "--mode", "ga", "--generations", "1"], &TINY);
        let run = freecell_raw(&args, b"", &dir, TIME_LIMIT);
        assert_eq!(run.code, Some(0), "the checkpoint run: {}", run.stderr_lossy());
        fs::read_to_string(dir.join("run").join("checkpoint.json")).expect("the run wrote its checkpoint")
    })
}

/// `text` with the first value of JSON key `key` that starts with `starts` replaced: the
/// value runs to the next `,`, `]`, `}` or line break, or is one string.
fn json_value(text: &str, key: &str, starts: fn(char) -> bool, new: &str) -> String {
    let pattern = format!("\"{key}\":");
    let mut from = 0;
    while let Some(found) = text[from..].find(&pattern) {
        let at = from + found + pattern.len();
        let rest = &text[at..];
        let value_at = at + (rest.len() - rest.trim_start().len());
        let value = &text[value_at..];
        if value.starts_with(starts) {
            let end = if let Some(string) = value.strip_prefix('"') {
                1 + string.find('"').expect("a JSON string ends") + 1
            } else {
                value.find([',', ']', '}', '\n']).unwrap_or(value.len())
            };
            return format!("{}{new}{}", &text[..value_at], &text[value_at + end..]);
        }
        from = at;
    }
    panic!("the checkpoint has no `{key}` of that form: update the bad-input table");
}

/// The checkpoint with its first training deal replaced by `deal`.
fn checkpoint_with_training_deal(deal: &str) -> String {
    let text = checkpoint();
    let key = text.find("\"training\":").expect("the checkpoint lists its training deals");
    let open = key + text[key..].find('[').expect("the training deals are a list") + 1;
    let rest = &text[open..];
    let first = open + rest.find(|c: char| c.is_ascii_digit()).expect("a training deal");
    let end = first + text[first..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
    format!("{}{deal}{}", &text[..first], &text[end..])
}

/// The checkpoint with its first genome replaced by `genome` (no quotes or backslashes).
fn checkpoint_with_genome(genome: &str) -> String {
    let text = checkpoint();
    let key = text.find("\"population\": [").or_else(|| text.find("\"population\":[")).expect("a population list");
    let first = key + text[key..].find('"').expect("the key") + "\"population\"".len();
    let open = first + text[first..].find('"').expect("a genome string");
    let close = open + 1 + text[open + 1..].find('"').expect("the genome string ends");
    format!("{}\"{genome}\"{}", &text[..open], &text[close + 1..])
}

#[allow(clippy::too_many_lines)] // a table, one row per case
fn evolve_cases() -> Vec<Case> {
    let resume = with(&["evolve", "--out", "run", "--resume", "--generations", "2"], &[]);
    let fresh = |more: &[&'static str]| {
        with(&with(&["evolve", "--out", "run", "--mode", "ga", "--generations", "1"], &TINY), more)
    };
    let cp = |text: String| vec![("run/checkpoint.json", text.into_bytes())];
    let cpb = |bytes: Vec<u8>| vec![("run/checkpoint.json", bytes)];
    let text = checkpoint();
    let population_0 = json_value(text, "population", |c| c.is_ascii_digit(), "0");
    let truncated = text[..text.len() / 2].to_owned();
    vec![
        row("evolve_resume_without_checkpoint", &resume, "", vec![], 2, &["checkpoint.json", "resume"]),
        row("evolve_resume_not_json", &resume, "", cp("not json\n".to_owned()), 2, &["checkpoint.json", "line 1"]),
        row("evolve_resume_empty", &resume, "", cp(String::new()), 2, &["checkpoint.json"]),
        row("evolve_resume_truncated", &resume, "", cp(truncated), 2, &["checkpoint.json", "line"]),
        row("evolve_resume_binary", &resume, "", cpb(garbage()), 2, &["checkpoint.json", "UTF-8"]),
        row(
            "evolve_resume_genome_of_200000_parens",
            &resume,
            "",
            cp(checkpoint_with_genome(&"(".repeat(200_000))),
            2,
            &["checkpoint.json", "deep||nest||depth||level"],
        ),
        row(
            "evolve_resume_genome_not_weights",
            &resume,
            "",
            cp(checkpoint_with_genome("garbage")),
            2,
            &["checkpoint.json"],
        ),
        row(
            "evolve_resume_genome_weight_above_1",
            &resume,
            "",
            cp(checkpoint_with_genome("(+ (* HSDH 5))")),
            2,
            &["checkpoint.json", "[0, 1]"],
        ),
        row(
            "evolve_resume_training_deal_0",
            &resume,
            "",
            cp(checkpoint_with_training_deal("0")),
            2,
            &["checkpoint.json", "deal 0"],
        ),
        row("evolve_resume_population_0", &resume, "", cp(population_0), 2, &["checkpoint.json", "population"]),
        row(
            "evolve_existing_run_without_resume",
            &fresh(&[]),
            "",
            cp(text.to_owned()),
            2,
            &["checkpoint.json", "--resume"],
        ),
        row(
            "evolve_out_under_a_file",
            &with(&["evolve", "--out", "afile/run", "--generations", "1"], &TINY),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile/run`"],
        ),
        row(
            "evolve_out_is_a_file",
            &with(&["evolve", "--out", "afile", "--generations", "1"], &TINY),
            "",
            vec![("afile", b("text\n"))],
            1,
            &["`afile`"],
        ),
        row("evolve_population_0", &fresh(&["--population", "0"]), "", vec![], 2, &["population"]),
        row("evolve_population_1", &fresh(&["--population", "1"]), "", vec![], 2, &["population"]),
        row(
            "evolve_training_0",
            &with(&["evolve", "--out", "run", "--training", "0"], &[]),
            "",
            vec![],
            2,
            &["training"],
        ),
        row(
            "evolve_deals_per_generation_0",
            &with(&["evolve", "--out", "run", "--mode", "ga", "--deals", "0"], &[]),
            "",
            vec![],
            2,
            &["deals per generation||--deals"],
        ),
        row(
            "evolve_validate_inside_training",
            &fresh(&["--validate", "100..200"]),
            "",
            vec![],
            2,
            &["--validate||32000"],
        ),
        row("evolve_validate_from_0", &fresh(&["--validate", "0..5"]), "", vec![], 2, &["--validate", "deal `0`"]),
        row("evolve_mode_unknown", &["evolve", "--mode", "nope"], "", vec![], 2, &["--mode", "nope"]),
        row("evolve_setting_unknown", &["evolve", "--setting", "nope"], "", vec![], 2, &["--setting", "nope"]),
        row("evolve_jobs_100000", &fresh(&["--jobs", "100000"]), "", vec![], 2, &["--jobs", "1024"]),
        row("evolve_jobs_0_is_one_per_core", &fresh(&["--jobs", "0"]), "", vec![], 0, &[]).then(wrote_best_weights),
        row("evolve_timeout_ms_u64_max", &fresh(&["--timeout-ms", "18446744073709551615"]), "", vec![], 0, &[])
            .then(wrote_best_weights),
    ]
}

// ---------------------------------------------------------------------------------------
// Running the table.

/// Where the cases' directories go.
fn base() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad-input")
}

/// Every regular file under `dir` with its bytes (directories themselves are not compared:
/// an empty directory is not a result).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => todo.push(path),
                Ok(t) if t.is_file() => {
                    let bytes = fs::read(&path).unwrap_or_default();
                    files.insert(path.strip_prefix(dir).unwrap_or(&path).to_owned(), bytes);
                }
                _ => {}
            }
        }
    }
    files
}

/// What changed between two snapshots, or nothing.
fn changes(before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    let mut out = Vec::new();
    for (path, bytes) in after {
        match before.get(path) {
            None => out.push(format!("{} was created", path.display())),
            Some(old) if old != bytes => out.push(format!("{} was changed", path.display())),
            Some(_) => {}
        }
    }
    for path in before.keys().filter(|p| !after.contains_key(*p)) {
        out.push(format!("{} was removed", path.display()));
    }
    out
}

/// At most `max` characters of `text`, escaped.
fn excerpt(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).flat_map(char::escape_debug).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// Whether `text` satisfies one expected substring (`a||b`: either; `!a`: not).
fn says(text: &str, expected: &str) -> bool {
    match expected.strip_prefix('!') {
        Some(absent) => !text.contains(absent),
        None => expected.split("||").any(|alternative| text.contains(alternative)),
    }
}

/// What is wrong with `run` as the outcome of `case`.
fn check(case: &Case, dir: &Path, run: &RawRun, changed: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    if run.timed_out || run.signal.is_some() || run.code.is_none() {
        problems.push(format!("the process was {}", run.ending()));
    }
    if let Some(code @ (101 | 134)) = run.code {
        problems.push(format!("exit code {code}: a panic or an abort"));
    }
    if run.code != Some(case.code) {
        problems.push(format!("expected exit code {}, got {}", case.code, run.ending()));
    }
    let stderr = match run.stderr_text() {
        Ok(text) => text.to_owned(),
        Err(problem) => {
            problems.push(excerpt(&problem, 300));
            run.stderr_lossy()
        }
    };
    for marker in ["panicked", "RUST_BACKTRACE", "overflowed its stack", "fatal runtime error"] {
        if stderr.contains(marker) {
            problems.push(format!("standard error says `{marker}`"));
        }
    }
    if run.stderr.len() > MAX_STDERR {
        problems.push(format!("standard error is {} bytes (at most {MAX_STDERR})", run.stderr.len()));
    }
    if let Some(c) = stderr.chars().find(|&c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{feff}') {
        problems.push(format!("standard error holds the raw character {c:?}, not shown visibly"));
    }
    match case.code {
        1 | 2 if !(stderr.starts_with("freecell: ") || stderr.starts_with("error: ")) => {
            problems.push("standard error does not start with `freecell: ` or `error: `".to_owned());
        }
        3 | 4 if !stderr.lines().any(|l| l.starts_with("freecell: ")) => {
            problems.push("standard error has no line starting with `freecell: `".to_owned());
        }
        _ => {}
    }
    for expected in &case.says {
        if !says(&stderr, expected) {
            problems.push(match expected.strip_prefix('!') {
                Some(absent) => format!("standard error says {absent:?}, and should not"),
                None => format!("standard error does not say {expected:?}"),
            });
        }
    }
    if case.code != 0 {
        if !run.stdout.is_empty() {
            problems.push(format!(
                "a failed run printed on standard output: {:?}",
                excerpt(&String::from_utf8_lossy(&run.stdout), 100)
            ));
        }
        for change in changed {
            problems.push(format!("a failed run left something behind: {change}"));
        }
    }
    if let Some(then) = case.then
        && let Err(problem) = then(dir, run)
    {
        problems.push(problem);
    }
    problems
}

/// Runs one case in a fresh directory; `Err` describes how it failed.
fn run_case(case: &Case) -> Result<Duration, String> {
    let dir = base().join(case.name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the case directory can be created");
    for (name, bytes) in &case.files {
        if let Some(sub) = name.strip_suffix('/') {
            fs::create_dir_all(dir.join(sub)).expect("the case's directory can be created");
            continue;
        }
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("the case file's directory can be created");
        }
        fs::write(&path, bytes).expect("the case file can be written");
    }
    let before = snapshot(&dir);
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let run = freecell_raw(&args, &case.stdin, &dir, TIME_LIMIT);
    let changed = changes(&before, &snapshot(&dir));
    let problems = check(case, &dir, &run, &changed);
    if problems.is_empty() {
        return Ok(run.elapsed);
    }
    let shown_args: Vec<String> = args.iter().map(|a| excerpt(a, 40)).collect();
    let head = &run.stderr[..run.stderr.len().min(200)];
    Err(format!(
        "case `{}`: freecell {}\n  expected exit {}, got {}\n{}\n  stderr (first 200 bytes): {:?}",
        case.name,
        shown_args.join(" "),
        case.code,
        run.ending(),
        problems.iter().map(|p| format!("  - {p}")).collect::<Vec<_>>().join("\n"),
        String::from_utf8_lossy(head),
    ))
}

/// Runs every case, then fails listing every case that failed. Cases over a second are
/// listed on standard error (`--nocapture`): each should take well under one.
#[allow(clippy::print_stderr)]
fn run_all(cases: &[Case]) {
    let mut failures = Vec::new();
    let mut slow = Vec::new();
    for case in cases {
        match run_case(case) {
            Ok(elapsed) if elapsed > Duration::from_secs(1) => slow.push(format!("{} ({elapsed:.1?})", case.name)),
            Ok(_) => {}
            Err(failure) => failures.push(failure),
        }
    }
    if !slow.is_empty() {
        eprintln!("slow cases (over a second): {}", slow.join(", "));
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}\n", failures.len(), cases.len(), failures.join("\n\n"));
}

#[test]
fn malformed_boards() {
    run_all(&board_cases());
}

#[test]
fn bad_solutions() {
    run_all(&solution_cases());
}

#[test]
fn bad_arguments() {
    run_all(&argument_cases());
}

#[test]
fn bad_weights_and_policies() {
    run_all(&solver_file_cases());
}

#[test]
fn bad_bench_csv_files() {
    run_all(&csv_cases());
}

#[test]
fn bad_evolve_runs() {
    run_all(&evolve_cases());
}

#[test]
fn the_table_has_150_distinct_cases() {
    let cases: Vec<Case> =
        [board_cases(), solution_cases(), argument_cases(), solver_file_cases(), csv_cases(), evolve_cases()]
            .into_iter()
            .flatten()
            .collect();
    assert!(cases.len() >= 150, "{} cases", cases.len());
    let mut names: Vec<&str> = cases.iter().map(|c| c.name).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(names.len(), before, "case names are distinct: each has its own directory");
    for case in &cases {
        assert!(
            case.code == 0 || !case.says.is_empty(),
            "{}: a failing case says what standard error names",
            case.name
        );
    }
}

/// `bench` over every deal there is must stream the range: started under a 2 GiB address
/// space limit, it writes rows within a second or two (it is then killed).
#[test]
#[cfg(target_os = "linux")]
fn a_huge_range_streams_under_a_memory_limit() {
    let dir = base().join("_huge_range_streams");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the case directory can be created");
    let spawned = Command::new("prlimit")
        .args(["--as=2147483648", "--"])
        .arg(env!("CARGO_BIN_EXE_freecell"))
        .args(["bench", "--deals", "1..8589934591", "--max-nodes", "1", "--csv", "census.csv"])
        .current_dir(&dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = spawned.unwrap_or_else(|error| {
        panic!("`prlimit` could not run ({error}): this test needs it; install util-linux (it provides prlimit)")
    });
    let csv = dir.join("census.csv");
    let rows = || {
        fs::read_to_string(&csv).map_or(0, |t| t.lines().skip(1).filter(|l| l.starts_with(char::is_numeric)).count())
    };
    let started = Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait().expect("the bench process can be waited for") {
            break Some(status);
        }
        let elapsed = started.elapsed();
        if elapsed >= Duration::from_millis(1500) && (rows() > 0 || elapsed >= Duration::from_secs(10)) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if ended.is_none() {
        child.kill().expect("the bench process can be killed");
    }
    let output = child.wait_with_output().expect("the bench process ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(ended.is_none(), "bench over 8,589,934,591 deals ended by itself ({ended:?}): {stderr}");
    let text = fs::read_to_string(&csv).unwrap_or_default();
    assert!(text.starts_with(CSV_HEADER), "the CSV starts with its header: {:?}", excerpt(&text, 300));
    assert!(rows() > 0, "no rows written after {:.1?}: {:?} {stderr}", started.elapsed(), excerpt(&text, 300));
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("1,fast,")), "the first row is deal 1: {text:?}");
}
