//! The `fast` preset and solution shortening.

use freecell_core::{Board, Move, MoveModel, Pile, Rules, replay};
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Reason, Solver, shorten};

use crate::presets::check;

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
}

#[test]
fn fast_solves_a_fixed_set_of_deals() {
    // Deals 1941 and 98714 are lost by unsafe automoves (moving every playable card home).
    let solver = Solver::new(Preset::Fast);
    for n in (1..=12).chain([617, 1941, 98_714]) {
        let len = check(Preset::Fast, &deal(n), u64::MAX);
        let again = solver.solve(&deal(n)).unwrap();
        // Reproducible, also with a solver that has solved other deals before.
        assert_eq!(again.outcome.solution().map(freecell_solver::Solution::len), Some(len), "deal {n}");
        // 52 foundation moves and the rest: fc-solve's fastest preset averages 117.
        assert!(len < 200, "deal {n}: {len} moves");
    }
}

/// A small dead end (no free cell, three cascades) that the `bfs` preset, an independent
/// engine, also proves unsolvable.
fn dead_end() -> Board {
    let rules = Rules { free_cells: 0, cascades: 3, ..Rules::freecell() };
    Board::parse_with_rules("Foundations: C-K D-K H-9 S-9\nTH KS\nTS KH\nJH QS JS QH\n", rules).expect("a legal board")
}

/// Checks `Unsolvable` for `board`, and `Undecided` under node limits short of the proof.
fn check_proof(board: &Board) {
    let report = Solver::new(Preset::Fast).solve(board).unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable, "{:?}", report.stats);
    let full = report.stats.search.expanded;
    for limit in [1, full / 2, full - 1] {
        let report = Solver::new(Preset::Fast).max_nodes(limit).solve(board).unwrap();
        assert_eq!(report.outcome, Outcome::Undecided(Reason::NodeLimit), "limit {limit}");
        assert!(report.stats.search.expanded <= limit);
    }
}

#[test]
fn fast_proves_a_dead_end_unsolvable() {
    let board = dead_end();
    assert_eq!(Solver::new(Preset::Bfs).solve(&board).unwrap().outcome, Outcome::Unsolvable);
    check_proof(&board);
}

/// Slow in a debug build (about 20 s): `cargo test --release -p freecell-solver -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn fast_proves_deal_11982_unsolvable() {
    check_proof(&deal(11_982));
}

/// A lost mid-game position (a detour of `freecell bench --hints` from MS 421) whose
/// reachable space, about 285,000 positions, outgrows the greedy searches' memory, the
/// patient one's alone too: the exhaustive search then proves it lost. Slow in a debug
/// build.
#[test]
#[ignore = "slow in debug builds"]
fn fast_proves_a_lost_position_the_greedy_searches_outgrow() {
    let board: Board = "Foundations: H-0 C-4 D-2 S-T
Freecells: - JD KH KD
: 3D 3H 6C JC QD TC 2H
: AH 8H 9D
: 6D 5C 4H
: TH 5H 7D QC TD
: JS 5D 7C 7H KS 6H
: JH
: 8D QS 4D 9C KC QH
: 9H 8C
"
    .parse()
    .expect("a valid position");
    check_proof(&board);
}

/// The hardest deals met in MS 1–1,000,000: on MS 687716 every search runs out of the
/// shared memory limit until the patient evaluation starts again alone; MS 783858, 497419
/// and 563004 take the most expansions after it, and MS 871612 was the hardest before the
/// quicker evaluations skipped moves. Slow in a debug build.
#[test]
#[ignore = "slow in debug builds"]
fn fast_solves_the_hardest_deals_met() {
    for n in [687_716, 783_858, 497_419, 563_004, 871_612] {
        let board = deal(n);
        let report = Solver::new(Preset::Fast).solve(&board).unwrap();
        let solution = report.outcome.solution().unwrap_or_else(|| panic!("MS {n}: {:?}", report.outcome));
        assert!(replay(&board, &solution.moves).expect("the solution replays").is_won());
    }
}

/// MS 179384 and 270961 need a move that the quicker evaluations skip as one a player
/// would not make (a run broken, or a card put in a free cell while it has a place on a
/// cascade): they do not solve these deals (on MS 270961 they run out of positions first),
/// and the patient evaluation, which keeps every move, solves them in about 8,000 and
/// 24,000 expansions. Were running out of positions while skipping moves taken for the end
/// of the greedy stage, or did the patient search skip them too, the exhaustive search
/// would take over and need far more than 100,000.
#[test]
fn fast_solves_deals_that_need_a_skipped_move() {
    for n in [179_384, 270_961] {
        check(Preset::Fast, &deal(n), 100_000);
    }
}

/// Checks that `short` is a solution of `board` no longer than `long`.
fn assert_shorter(board: &Board, long: &[Move], short: &[Move]) {
    assert!(short.len() <= long.len(), "{} > {}", short.len(), long.len());
    assert!(replay(board, short).expect("the shortened solution replays").is_won());
}

#[test]
fn shortening_never_lengthens_and_keeps_solutions_valid() {
    let raw = Solver::new(Preset::Fast).shorten(false);
    let mut total = (0, 0);
    for n in 1..=30 {
        let board = deal(n);
        let report = raw.solve(&board).unwrap();
        let solution = report.outcome.solution().expect("fast solves MS 1-30");
        let short = shorten(&board, &solution.moves);
        assert_shorter(&board, &solution.moves, &short);
        // Shortening a shortened solution changes nothing more than shortening again would.
        assert_shorter(&board, &short, &shorten(&board, &short));
        total = (total.0 + solution.len(), total.1 + short.len());
    }
    assert!(total.1 < total.0, "greedy solutions have detours to remove: {total:?}");
}

#[test]
fn shortening_removes_inserted_detours_and_loops() {
    let board = deal(5);
    let solution = Solver::new(Preset::Fast).solve(&board).unwrap();
    let moves = solution.outcome.solution().expect("fast solves deal 5").moves.clone();
    // Before every move that is not to a foundation, park a top card that lies on a card it
    // builds on in a free cell and bring it back: loops of two moves.
    let mut long = Vec::new();
    let mut b = board.clone();
    for &mv in &moves {
        let built = (0..8).find(|&c| b.run_len(c) >= 2);
        if let Some(c) = built
            && !mv.is_to_foundation()
            && b.empty_cells() > 0
        {
            let cell = (0..4).find(|&k| b.cell(k).is_none()).unwrap();
            let out = Move::single(Pile::cascade(c), Pile::cell(cell));
            long.extend([out, out.reversed()]);
        }
        long.push(mv);
        b.apply(mv).unwrap();
    }
    assert!(long.len() > moves.len());
    let short = shorten(&board, &long);
    assert_shorter(&board, &moves, &short);
}

#[test]
fn shortening_leaves_a_non_solution_alone() {
    let board = deal(5);
    let mut moves = Vec::new();
    board.generate_moves(MoveModel::Sequence, &mut moves);
    let one = vec![moves[0]];
    assert_eq!(shorten(&board, &one), one);
}

#[test]
fn every_preset_can_shorten() {
    let board = deal(8);
    let raw = Solver::new(Preset::Dfs).max_nodes(200_000).solve(&board).unwrap();
    let short = Solver::new(Preset::Dfs).max_nodes(200_000).shorten(true).solve(&board).unwrap();
    let (raw, short) = (raw.outcome.solution().unwrap(), short.outcome.solution().unwrap());
    assert_shorter(&board, &raw.moves, &short.moves);
    assert!(short.searched <= short.len());
}

/// A board of the test data (`tests/data`).
fn data_board(name: &str) -> Board {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Two boards of fc-solve's test suite that outgrow the first round's memory (150 MB per
/// stage): with the defaults, later rounds get more and decide both. About 6 s in a release
/// build: `cargo test --release -p freecell-solver -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn fast_decides_fc_solve_boards_that_outgrow_the_first_round() {
    // Solvable: fc-solve solves it in 10,611 states.
    check(Preset::Fast, &data_board("solvable-781948-swapped.board"), u64::MAX);
    // Unsolvable: fc-solve checks about 1.16 M states to prove it.
    let report = Solver::new(Preset::Fast).solve(&data_board("ms-freecell-game-minus-2.board")).unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable, "{:?}", report.stats);
}

/// The caller's byte limit is a hard cap: a deal that needs more is undecided (out of
/// memory), never unsolvable, and its solve stays within the limit.
#[test]
fn an_explicit_byte_limit_is_not_escalated() {
    // Impossible; its proof stores tens of thousands of positions, more than 512 KiB hold.
    let limit = 512 << 10;
    let report = Solver::new(Preset::Fast).max_bytes(limit).solve(&deal(11_982)).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit), "{:?}", report.stats);
    assert!(report.stats.search.bytes <= limit, "{:?}", report.stats);
}

/// CPU time (user and system) of the calling thread so far, from `/proc/thread-self/stat`
/// (in clock ticks of 10 ms); `None` where that file is missing (not Linux).
fn thread_cpu() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name (field 2) may hold spaces; fields 14 and 15 (utime, stime) follow it.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(ticks * 10))
}

/// Deals drawn at random from the published list of impossible deals (`tests/data/impossible-40.txt`
/// says how): each proved unsolvable with the defaults within 30 s of CPU. The thread's CPU
/// time is the measure, not the wall clock, so that the test does not fail because other
/// processes share the cores (wall time where the thread's CPU time cannot be read). A few
/// minutes in a release build: `cargo test --release -p freecell-solver -- --ignored`.
#[test]
#[ignore = "minutes even in a release build"]
fn fast_proves_forty_random_impossible_deals_with_the_defaults() {
    let path = format!("{}/tests/data/impossible-40.txt", env!("CARGO_MANIFEST_DIR"));
    let list = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let deals: Vec<u64> =
        list.lines().filter(|l| !l.starts_with('#')).map(|l| l.trim().parse().expect("a deal number")).collect();
    assert_eq!(deals.len(), 40);
    let solver = Solver::new(Preset::Fast);
    for n in deals {
        let before = thread_cpu();
        let report = solver.solve(&deal(n)).unwrap();
        let took =
            before.zip(thread_cpu()).map_or(report.stats.elapsed, |(before, after)| after.saturating_sub(before));
        assert_eq!(report.outcome, Outcome::Unsolvable, "deal {n}: {:?}", report.stats);
        assert!(took.as_secs() < 30, "deal {n}: {took:?} of CPU ({:?} of wall time)", report.stats.elapsed);
    }
}
