//! The seeds' runs on disk and the components' order.

use freecell_core::{PACKED_BYTES, Packed};

use freecell_deals::DealNumber;

use super::seeds::Seeds;
use super::{Limit, Prover, Verdict, below, foundations};

fn key(byte: u8) -> Packed {
    Packed([byte; PACKED_BYTES])
}

/// Every seed pushed comes back once per run it was spilled in, for its component only,
/// components in increasing order, and the runs are deleted once read.
#[test]
fn seeds_come_back_by_component_through_runs() {
    let dir = std::env::temp_dir().join(format!("freecell-prove-seeds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut seeds = Seeds::new(dir.clone());
    let pushes = [(3, 1), (1, 2), (3, 1), (2, 5), (1, 2), (3, 4)];
    for (order, byte) in pushes {
        seeds.push(order, key(byte));
    }
    seeds.spill().unwrap();
    assert!(seeds.disk_bytes() > 0);
    for (order, byte) in [(3, 9), (2, 5), (5, 7)] {
        seeds.push(order, key(byte));
    }
    seeds.spill().unwrap();
    seeds.push(3, key(1));
    assert_eq!(seeds.runs_made(), 2);
    let mut got = Vec::new();
    while let Some(order) = seeds.next() {
        let mut out = Vec::new();
        // Two at a time, so that a component's seeds come in several batches.
        loop {
            let max = out.len() + 2;
            if !seeds.take(order, &mut out, max).unwrap() {
                break;
            }
        }
        out.sort();
        got.push((order, out.iter().map(|k| k.0[0]).collect::<Vec<_>>()));
    }
    // Deduplicated within a run, not across runs (the component's store does that).
    let expected = [(1, vec![2]), (2, vec![5, 5]), (3, vec![1, 1, 4, 9]), (5, vec![7])];
    assert_eq!(got, expected.map(|(o, k)| (o, k)));
    assert_eq!(seeds.disk_bytes(), 0);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "runs read are deleted");
    std::fs::remove_dir(&dir).unwrap();
}

#[test]
fn components_lead_only_to_larger_foundations() {
    let order = |f: [u32; 4]| (f.iter().sum::<u32>() << 16) | f[0] | f[1] << 4 | f[2] << 8 | f[3] << 12;
    assert_eq!(foundations(order([1, 13, 0, 7])), [1, 13, 0, 7]);
    assert!(below(order([1, 2, 0, 0]), order([1, 3, 0, 0])));
    assert!(!below(order([2, 0, 0, 0]), order([1, 3, 0, 0])));
    // Cards home come first in the order, so a component's sources are expanded before it.
    assert!(order([0, 0, 0, 2]) < order([1, 1, 1, 0]));
}

/// MS 11982's seeds fit in memory many times over; sent to disk at every 256 bytes they go
/// through dozens of runs, and the same 61,643 positions are expanded (the count `fast`'s
/// proof stores). A disk limit smaller than a run ends the proof undecided.
#[test]
fn seeds_through_runs_expand_the_same_positions() {
    let board = DealNumber::new(11_982).expect("in range").board();
    let dir = std::env::temp_dir().join(format!("freecell-prove-runs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut prover = Prover::new().tmp_dir(&dir);
    prover.spill_at = 256;
    let report = prover.prove(&board).unwrap();
    assert_eq!((&report.verdict, report.positions), (&Verdict::Unsolvable, 61_643));
    assert!(report.runs > 2 && report.peak_disk_bytes > 0, "{report:?}");
    let report = prover.max_disk_bytes(1 << 10).prove(&board).unwrap();
    assert_eq!(report.verdict, Verdict::Undecided(Limit::Disk));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the temporary directory is removed");
    std::fs::remove_dir(&dir).unwrap();
}
