//! Heuristic benchmarks: HSDH (both readings), each of GA-FreeCell's nine features, the
//! full weighted sum, the thesis's sortedness, and the deadlock bound `h_p` in both cost
//! models, on positions reached by random playouts of Microsoft deals 1–100.
//!
//! Targets: ≤ 50 ns per evaluation for HSDH and for each of the nine, ≤ 300 ns
//! for the full weighted sum, ≤ 3 µs for `h_2`. Each iteration evaluates every sample
//! position once; criterion's throughput line gives evaluations per second.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use freecell_core::Board;
use freecell_heuristics::{CostModel, Feature, HsdhReading, Weights, deadlock_bound, features, hsdh, thesis};

mod positions;

/// A named evaluation to time.
type Case = (String, Box<dyn Fn(&Board) -> f64>);

fn per_position(c: &mut Criterion, group: &str, positions: &[Board], cases: &[Case]) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(positions.len() as u64));
    for (name, eval) in cases {
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| positions.iter().map(|p| eval(black_box(p))).sum::<f64>());
        });
    }
    group.finish();
}

fn guides(c: &mut Criterion) {
    let positions = positions::sample();
    let mut cases: Vec<Case> = vec![
        ("hsdh_paper".into(), Box::new(|b: &Board| f64::from(hsdh(b, HsdhReading::Paper)))),
        ("hsdh_heineman".into(), Box::new(|b: &Board| f64::from(hsdh(b, HsdhReading::Heineman)))),
    ];
    for feature in Feature::ALL {
        cases.push((feature.name().into(), Box::new(move |b: &Board| feature.normalised(b))));
    }
    cases.push(("features_all_nine".into(), Box::new(|b: &Board| features(b).iter().sum())));
    cases.push(("weighted_sum_ga_best".into(), Box::new(|b: &Board| Weights::GA_FREECELL_BEST.evaluate(b))));
    cases.push(("thesis_sortedness".into(), Box::new(|b: &Board| f64::from(thesis::cascade_sortedness(b)))));
    per_position(c, "guides", &positions, &cases);
}

fn deadlock(c: &mut Criterion) {
    let positions = positions::sample();
    let mut cases: Vec<Case> = Vec::new();
    for model in [CostModel::SingleCard, CostModel::Sequence] {
        for p in 0..=2 {
            cases.push((format!("h{p}_{model:?}"), Box::new(move |b: &Board| f64::from(deadlock_bound(b, p, model)))));
        }
    }
    per_position(c, "deadlock", &positions, &cases);
    // h_3 and h_4 enumerate cycles and are far slower on opening deals: a tenth of the sample.
    let few: Vec<Board> = positions.iter().step_by(10).cloned().collect();
    let mut cases: Vec<Case> = Vec::new();
    for model in [CostModel::SingleCard, CostModel::Sequence] {
        for p in 3..=4 {
            cases.push((format!("h{p}_{model:?}"), Box::new(move |b: &Board| f64::from(deadlock_bound(b, p, model)))));
        }
    }
    per_position(c, "deadlock_deep", &few, &cases);
}

criterion_group!(benches, guides, deadlock);
criterion_main!(benches);
