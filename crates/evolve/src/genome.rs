//! The two GA genomes: GA-FreeCell's nine weights and the coevolving deal sets.

// Parents a and b, children x and y, slots i and j: the textbook names read best here.
#![allow(clippy::many_single_char_names)]

use freecell_heuristics::Weights;
use serde::{Deserialize, Serialize};

use crate::Rng;
use crate::operators::{Genome, Rates, crossover_point, mutate_genes, single_point};

/// Nine weights uniform in `[0, 1]`: a random GA-FreeCell individual.
pub fn random_weights(rng: &mut Rng) -> Weights {
    Weights(std::array::from_fn(|_| rng.unit()))
}

impl Genome for Weights {
    type Context = ();

    /// Single-point crossover over the nine weights, the point uniform in `1 .. 9`.
    fn crossover(&self, other: &Self, (): &(), _: [Option<usize>; 2], _: &Rates, rng: &mut Rng) -> (Self, Self) {
        let (a, b) = single_point(&self.0, &other.0, crossover_point(9, rng));
        (Weights(to_array(&a)), Weights(to_array(&b)))
    }

    /// Each weight replaced with probability `rates.gene_mutation` by a new uniform value in
    /// `[0, 1]` (the paper's "bitwise" mutation).
    fn mutate(&self, (): &(), _: Option<usize>, rates: &Rates, rng: &mut Rng) -> Self {
        let mut genes = self.0;
        mutate_genes(&mut genes, rates.gene_mutation, rng, Rng::unit);
        Weights(genes)
    }
}

fn to_array(genes: &[f64]) -> [f64; 9] {
    std::array::from_fn(|i| genes[i])
}

/// A deal individual of Hillis-style coevolution: Microsoft deal numbers drawn from the
/// training set (six in GA-FreeCell §3.4; one for Rosin-style coevolution).
///
/// # Examples
/// ```
/// use freecell_evolve::{DealSet, Genome, Rates, Rng};
/// let training: Vec<u32> = (1..=1000).collect();
/// let mut rng = Rng::new(4);
/// let set = DealSet::random(&training, 6, &mut rng);
/// let mutant = set.mutate(&training, None, &Rates::PAPER, &mut rng);
/// assert_eq!(mutant.0.len(), 6);
/// assert!(mutant.0.iter().all(|d| training.contains(d)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSet(pub Vec<u32>);

impl DealSet {
    /// `size` deals drawn uniformly (with replacement) from `training`; none when
    /// `training` is empty.
    pub fn random(training: &[u32], size: usize, rng: &mut Rng) -> DealSet {
        DealSet((0..size).filter_map(|_| training.get(rng.below(training.len())).copied()).collect())
    }
}

impl Genome for DealSet {
    /// The training set mutation draws from.
    type Context = [u32];

    /// Single-point crossover over the deal lists (Figure 2 of the paper).
    fn crossover(&self, other: &Self, _: &[u32], _: [Option<usize>; 2], _: &Rates, rng: &mut Rng) -> (Self, Self) {
        let (a, b) = single_point(&self.0, &other.0, crossover_point(self.0.len().min(other.0.len()), rng));
        (DealSet(a), DealSet(b))
    }

    /// Each deal replaced with probability `rates.gene_mutation` by a training deal.
    fn mutate(&self, training: &[u32], _: Option<usize>, rates: &Rates, rng: &mut Rng) -> Self {
        let mut deals = self.0.clone();
        if !training.is_empty() {
            mutate_genes(&mut deals, rates.gene_mutation, rng, |rng| training[rng.below(training.len())]);
        }
        DealSet(deals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_sets_drawn_from_no_deals_are_empty() {
        assert!(DealSet::random(&[], 6, &mut Rng::new(1)).0.is_empty());
        assert_eq!(DealSet::random(&[7], 6, &mut Rng::new(1)).0, vec![7; 6]);
    }

    #[test]
    fn weights_stay_in_range_and_cross_at_one_point() {
        let mut rng = Rng::new(21);
        for _ in 0..500 {
            let a = random_weights(&mut rng);
            let b = random_weights(&mut rng);
            assert!(a.is_valid() && b.is_valid());
            let (x, y) = a.crossover(&b, &(), [None, None], &Rates::PAPER, &mut rng);
            assert!(x.is_valid() && y.is_valid());
            // One cut: x is a prefix of a then a suffix of b, y the converse.
            let cut = (1..9).find(|&p| x.0[..p] == a.0[..p] && x.0[p..] == b.0[p..]).expect("a single cut");
            assert_eq!(y.0[..cut], b.0[..cut]);
            assert_eq!(y.0[cut..], a.0[cut..]);
            let m = a.mutate(&(), None, &Rates::PAPER, &mut rng);
            assert!(m.is_valid());
        }
    }

    #[test]
    fn weight_mutation_changes_a_tenth_of_the_genes() {
        let mut rng = Rng::new(8);
        let parent = Weights([0.5; 9]);
        let trials = 20_000;
        let mut changed = 0u32;
        for _ in 0..trials {
            let m = parent.mutate(&(), None, &Rates::PAPER, &mut rng);
            changed += m.0.iter().filter(|&&w| w.to_bits() != 0.5f64.to_bits()).count() as u32;
        }
        let rate = f64::from(changed) / f64::from(trials * 9);
        // 180,000 genes: the standard deviation of the rate is about 0.0007.
        assert!((rate - 0.1).abs() < 0.003, "{rate}");
    }

    #[test]
    fn deal_sets_draw_from_the_training_set() {
        let training: Vec<u32> = (100..200).collect();
        let mut rng = Rng::new(6);
        let a = DealSet::random(&training, 6, &mut rng);
        let b = DealSet::random(&training, 6, &mut rng);
        for _ in 0..200 {
            let (x, y) = a.crossover(&b, &training, [None, None], &Rates::PAPER, &mut rng);
            assert_eq!((x.0.len(), y.0.len()), (6, 6));
            let mut all: Vec<u32> = x.0.iter().chain(&y.0).copied().collect();
            let mut parents: Vec<u32> = a.0.iter().chain(&b.0).copied().collect();
            all.sort_unstable();
            parents.sort_unstable();
            assert_eq!(all, parents, "crossover exchanges deals, it invents none");
            let m = x.mutate(&training, None, &Rates::PAPER, &mut rng);
            assert!(m.0.iter().all(|d| training.contains(d)));
        }
    }
}
