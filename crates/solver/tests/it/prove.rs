//! The component-by-component proof engine ([`freecell_solver::prove`]) against an
//! independent exhaustive search, on known impossible deals, and at its limits.

use std::path::{Path, PathBuf};
use std::time::Duration;

use freecell_core::{Automove, Board, Card, Layout, MoveModel, Rules, SplitMix64, replay};
use freecell_deals::DealNumber;
use freecell_search::{Budget, SearchOutcome, bfs};
use freecell_solver::prove::{Limit, ProofReport, Prover, Verdict};
use freecell_solver::{CostModel, FreeCell};

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
}

/// A fresh directory for one test's temporary files (the prover makes its own inside it and
/// must remove it), removed with what is in it when dropped, also when the test fails.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("freecell-prove-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        Self(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Checks that the prover left nothing behind.
    fn assert_empty(&self) {
        let left: Vec<_> = std::fs::read_dir(&self.0).expect("the directory").collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A random small deal: each suit home up to a random rank, the other cards dealt at random
/// to three to six cascades, with zero to two free cells (so that both verdicts occur).
fn small_deal(random: &mut SplitMix64) -> Board {
    let cascades = 3 + random.below(4) as u8;
    let free_cells = random.below(3) as u8;
    let rules = Rules { free_cells, cascades, ..Rules::freecell() };
    let foundations = [0; 4].map(|_| 6 + random.below(4) as u8);
    let mut cards: Vec<Card> =
        Card::deck().filter(|card| card.rank().get() > foundations[card.suit().index()]).collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, random.below(i as u64 + 1) as usize);
    }
    let mut piles = vec![Vec::new(); usize::from(cascades)];
    for (i, card) in cards.into_iter().enumerate() {
        piles[i % usize::from(cascades)].push(card);
    }
    Board::try_from(Layout { rules, foundations, cells: Vec::new(), cascades: piles }).expect("a legal board")
}

/// The verdict of a breadth-first search over every single-card move, exact keys and no
/// automoves (the generic engine, independent of the prover): `Some(true)` when won,
/// `Some(false)` when exhausted, `None` past its budget.
fn exhaustive(board: &Board) -> Option<bool> {
    let problem = FreeCell::new(MoveModel::Atomic, Automove::None, CostModel::SingleCard);
    let engine = bfs::Bfs::new(bfs::Config::new().budget(Budget::default().max_expanded(100_000)));
    match engine.search(&mut bfs::Cache::new(), &problem, board, &mut ()).outcome {
        SearchOutcome::Solved(_) => Some(true),
        SearchOutcome::Exhausted => Some(false),
        SearchOutcome::Undecided(_) => None,
    }
}

/// Checks a verdict: a solution replays to a win.
fn checked(board: &Board, report: &ProofReport) -> bool {
    match &report.verdict {
        Verdict::Solvable(moves) => {
            assert!(replay(board, moves).expect("legal moves").is_won(), "{board}");
            true
        }
        Verdict::Unsolvable => false,
        Verdict::Undecided(limit) => panic!("undecided ({limit}) on\n{board}"),
    }
}

/// Each small deal decided twice: in memory, and with 64 KiB, where no component fits
/// and each is searched breadth-first on disk (a win traced back through its layers).
#[test]
fn prover_agrees_with_an_exhaustive_search_on_small_deals() {
    let dir = Scratch::new("small");
    let mut random = SplitMix64::new(20_261_126);
    let (mut won, mut lost) = (0, 0);
    for _ in 0..60 {
        let board = small_deal(&mut random);
        let Some(expected) = exhaustive(&board) else { continue };
        let prover = Prover::new().tmp_dir(dir.path());
        let report = prover.prove(&board).expect("temporary files work");
        assert_eq!(checked(&board, &report), expected, "{board}");
        let on_disk = prover.max_bytes(64 << 10).prove(&board).expect("temporary files work");
        assert_eq!(checked(&board, &on_disk), expected, "on disk: {board}");
        if !expected {
            assert_eq!((on_disk.positions, &on_disk.layers), (report.positions, &report.layers), "{board}");
        }
        if expected { won += 1 } else { lost += 1 }
    }
    assert!(won >= 10 && lost >= 10, "{won} won, {lost} lost: both verdicts must be tested");
    dir.assert_empty();
}

/// The eight impossible deals of MS 1–1,000,000 (FreeCell Pro's census; `fast` proves them
/// too).
#[test]
fn prover_proves_the_impossible_deals_of_the_first_million() {
    let dir = Scratch::new("million");
    for n in [11_982, 146_692, 186_216, 455_889, 495_505, 512_118, 517_776, 781_948] {
        let report = Prover::new().tmp_dir(dir.path()).prove(&deal(n)).expect("temporary files work");
        assert_eq!(report.verdict, Verdict::Unsolvable, "deal {n}");
        assert!(report.positions > 1_000, "deal {n}: {report:?}");
        assert_eq!(report.runs, 0, "deal {n}: a gigabyte holds its seeds");
        assert_eq!(report.layers.iter().map(|layer| layer.positions).sum::<u64>(), report.positions);
        if n == 11_982 {
            // The number of positions `fast`'s proof stores (the same moves, another engine).
            assert_eq!(report.positions, 61_643);
        }
    }
    dir.assert_empty();
}

#[test]
fn prover_limits_end_undecided() {
    let dir = Scratch::new("limits");
    let board = deal(11_982);
    // In 256 KiB the larger components are searched on disk, within the memory given.
    let small = Prover::new().tmp_dir(dir.path()).max_bytes(256 << 10);
    let memory = small.prove(&board).expect("temporary files work");
    assert_eq!((&memory.verdict, memory.positions), (&Verdict::Unsolvable, 61_643));
    assert!(memory.peak_bytes <= 256 << 10, "{memory:?}");
    // Their layers take more than 64 KiB of disk.
    let disk = small.max_disk_bytes(64 << 10).prove(&board).expect("temporary files work");
    assert_eq!(disk.verdict, Verdict::Undecided(Limit::Disk));
    assert!(disk.peak_disk_bytes <= 64 << 10, "{disk:?}");
    let time = Prover::new().tmp_dir(dir.path()).max_time(Duration::ZERO);
    assert_eq!(time.prove(&board).expect("temporary files work").verdict, Verdict::Undecided(Limit::Time));
    dir.assert_empty();
}

#[test]
fn prover_reports_a_directory_it_cannot_make() {
    let file = std::env::temp_dir().join(format!("freecell-prove-test-{}-file", std::process::id()));
    std::fs::write(&file, "not a directory").expect("a temporary file");
    let error = Prover::new().tmp_dir(&file).prove(&deal(1)).expect_err("a file is no directory");
    assert!(error.to_string().contains(&file.display().to_string()), "{error}");
    std::fs::remove_file(&file).expect("the file");
}

/// Deals drawn at random from the published list of impossible deals
/// (`tests/data/impossible-40.txt` says how), each proved unsolvable. A minute or so in a
/// release build: `cargo test --release -p freecell-solver -- --ignored`.
#[test]
#[ignore = "a minute or so even in a release build"]
fn prover_proves_forty_random_impossible_deals() {
    let path = format!("{}/tests/data/impossible-40.txt", env!("CARGO_MANIFEST_DIR"));
    let list = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let deals: Vec<u64> =
        list.lines().filter(|l| !l.starts_with('#')).map(|l| l.trim().parse().expect("a deal number")).collect();
    assert_eq!(deals.len(), 40);
    let dir = Scratch::new("forty");
    for n in deals {
        let report = Prover::new().tmp_dir(dir.path()).prove(&deal(n)).expect("temporary files work");
        assert_eq!(report.verdict, Verdict::Unsolvable, "deal {n}: {report:?}");
    }
    dir.assert_empty();
}
