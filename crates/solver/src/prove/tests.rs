//! The seeds' runs on disk and the components' order.

use freecell_core::{PACKED_BYTES, Packed};

use freecell_deals::DealNumber;

use super::seeds::Seeds;
use super::{Limit, Prover, TempDir, Verdict, below, cards_home, foundations, out_of_order};

fn key(byte: u8) -> Packed {
    Packed([byte; PACKED_BYTES])
}

/// Every seed pushed comes back once from disk (and once more if it also waits in memory),
/// for its component only, components in increasing order, and the runs are deleted once
/// read.
#[test]
fn seeds_come_back_by_component_through_runs() {
    // Removed with what is in it when dropped, also when the test fails.
    let dir = TempDir::new(&std::env::temp_dir()).unwrap();
    let mut seeds = Seeds::new(dir.path().to_path_buf(), 1 << 20);
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
    // Deduplicated on disk, within and across runs, not against the seeds still in memory
    // (the component's store does that).
    let expected = [(1, vec![2]), (2, vec![5]), (3, vec![1, 1, 4, 9]), (5, vec![7])];
    assert_eq!(got, expected.map(|(o, k)| (o, k)));
    assert_eq!(seeds.disk_bytes(), 0);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "runs read are deleted");
}

#[test]
fn components_lead_only_to_later_ones() {
    // Cards home, foundations, cards out of order, as `order` lays them out.
    let order = |f: [u32; 4], out: u32| {
        (f.iter().sum::<u32>() << 22) | (f[0] | f[1] << 4 | f[2] << 8 | f[3] << 12) << 6 | (63 - out)
    };
    assert_eq!(foundations(order([1, 13, 0, 7], 40)), [1, 13, 0, 7]);
    assert_eq!(out_of_order(order([1, 13, 0, 7], 40)), 40);
    assert!(below(order([1, 2, 0, 0], 9), order([1, 3, 0, 0], 9)));
    assert!(below(order([1, 2, 0, 0], 9), order([1, 2, 0, 0], 3)));
    assert!(!below(order([1, 2, 0, 0], 3), order([1, 2, 0, 0], 9)), "no card goes out of order");
    assert!(!below(order([2, 0, 0, 0], 9), order([1, 3, 0, 0], 9)));
    // A component's sources are expanded before it.
    assert!(order([0, 0, 0, 2], 0) < order([1, 1, 1, 0], 30));
    assert!(order([0, 0, 0, 2], 30) < order([0, 0, 0, 2], 29));
    // `order` itself: the start of MS 1 has no card home and many out of order.
    let board = DealNumber::new(1).expect("in range").board();
    let key = freecell_core::Packer::new(&board).pack(&board).expect("the start packs");
    let start = super::order(&board, &key);
    assert_eq!((foundations(start), cards_home(start)), ([0; 4], 0));
    assert_eq!(out_of_order(start), key.out_of_order());
    assert!(key.out_of_order() > 20, "{}", key.out_of_order());
}

/// MS 11982's seeds fit in memory many times over; sent to disk at every 16 KiB they go
/// through dozens of runs (more than the runs kept open, so they are merged too), and the
/// proof is the one made in memory: the same 61,643 positions expanded (the count `fast`'s
/// proof stores), the same positions generated, component by component. A disk limit
/// smaller than a run ends the proof undecided.
#[test]
fn seeds_through_runs_expand_the_same_positions() {
    let board = DealNumber::new(11_982).expect("in range").board();
    // Removed with what is in it when dropped, also when the test fails.
    let dir = TempDir::new(&std::env::temp_dir()).unwrap();
    let in_memory = Prover::new().tmp_dir(dir.path()).prove(&board).unwrap();
    assert_eq!((in_memory.runs, in_memory.peak_disk_bytes), (0, 0));
    let mut prover = Prover::new().tmp_dir(dir.path());
    prover.spill_at = 16 << 10;
    let report = prover.prove(&board).unwrap();
    assert_eq!((&report.verdict, report.positions), (&Verdict::Unsolvable, 61_643));
    assert_eq!(
        (report.generated, report.discarded, report.largest_component, &report.layers),
        (in_memory.generated, in_memory.discarded, in_memory.largest_component, &in_memory.layers)
    );
    assert_eq!((&in_memory.verdict, in_memory.positions), (&report.verdict, report.positions));
    assert!(report.runs > 17 && report.peak_disk_bytes > 0, "{report:?}");
    let report = prover.max_disk_bytes(1 << 10).prove(&board).unwrap();
    assert_eq!(report.verdict, Verdict::Undecided(Limit::Disk));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the temporary directory is removed");
}

/// A prefix-coded run gives back every record, tags included, in any order written; a
/// prefix longer than a position is an error naming the file.
#[test]
fn runs_give_back_what_was_written() {
    use super::runs::RunWriter;
    // Removed with what is in it when dropped, also when the test fails.
    let dir = TempDir::new(&std::env::temp_dir()).unwrap();
    let mut keys: Vec<Packed> = (0..300u32)
        .map(|i| {
            let mut key = [0u8; PACKED_BYTES];
            key[(i % 20) as usize] = (i * 7) as u8;
            key[19] = (i >> 3) as u8;
            Packed(key)
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys.push(Packed([0xff; PACKED_BYTES]));
    keys.push(Packed::default());
    let tags = |i: usize| (i as u32).wrapping_mul(0x9E37_79B9) >> (i % 32);
    let mut writer = RunWriter::create(dir.path().join("tagged.run"), true, 0).unwrap();
    for (i, key) in keys.iter().enumerate() {
        writer.push(key, tags(i)).unwrap();
    }
    let run = writer.finish().unwrap();
    assert_eq!(run.records, keys.len() as u64);
    let mut reader = run.reader(0).unwrap();
    for (i, key) in keys.iter().enumerate() {
        assert_eq!(reader.next().unwrap(), Some((*key, tags(i))), "record {i}");
    }
    assert_eq!(reader.next().unwrap(), None);
    let path = run.path.clone();
    std::fs::write(&path, [21u8, 0, 0]).unwrap();
    let error = run.reader(0).unwrap().next().expect_err("a prefix of 21 bytes");
    assert!(error.to_string().contains("tagged.run"), "{error}");
    std::fs::remove_file(&path).unwrap();
}

/// The sorter gives back each position pushed once, in order, whether it stayed in memory
/// or went through runs (duplicates within and across runs), and deletes its runs.
#[test]
fn the_sorter_sorts_and_deduplicates_through_runs() {
    use super::runs::Sorter;
    // Removed with what is in it when dropped, also when the test fails.
    let dir = TempDir::new(&std::env::temp_dir()).unwrap();
    let mut random = freecell_core::SplitMix64::new(7);
    // 5,000 positions of about 1,500 distinct ones.
    let pushed: Vec<Packed> = (0..5_000)
        .map(|_| {
            let mut k = key(random.below(250) as u8);
            k.0[3] = random.below(6) as u8;
            k
        })
        .collect();
    let mut expected = pushed.clone();
    expected.sort();
    expected.dedup();
    for capacity in [1, 64, 100_000] {
        let mut sorter = Sorter::new(dir.path(), "test", capacity, 0);
        for &k in &pushed {
            sorter.push(k).unwrap().unwrap();
        }
        let mut merged = sorter.drain().unwrap();
        let mut got = Vec::new();
        while let Some(k) = merged.next().unwrap() {
            got.push(k);
        }
        assert_eq!(got, expected, "capacity {capacity}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "runs read are deleted");
    }
}

/// MS 11982's largest component (5,923 positions) sent to disk after 3,000 of them: it is
/// searched again from its seeds with its layers on disk, and the same 61,643 positions are
/// expanded in all (the number `fast`'s proof stores).
#[test]
fn a_component_too_large_for_memory_is_searched_on_disk() {
    // Removed with what is in it when dropped, also when the test fails.
    let dir = TempDir::new(&std::env::temp_dir()).unwrap();
    let mut prover = Prover::new().tmp_dir(dir.path());
    prover.disk_at = 3_000;
    let mut layers = 0;
    let report = prover
        .prove_with(&DealNumber::new(11_982).expect("in range").board(), |c| layers = layers.max(c.layers))
        .unwrap();
    assert_eq!((&report.verdict, report.positions, report.largest_component), (&Verdict::Unsolvable, 61_643, 5_923));
    assert!(report.discarded > 0 && layers > 2 && report.peak_disk_bytes > 0, "{report:?}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the temporary directory is removed");
}
