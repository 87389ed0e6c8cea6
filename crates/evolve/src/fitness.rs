//! GA-FreeCell's fitness (§3.3.4) and the HSDH baselines it compares against.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::EvolveError;
use crate::evolution::json_error;

/// The weight of the partial score: a solve without node reduction scores
/// `(1 − FractionExcessNodes) / C` (the paper's C = 1000).
pub const PARTIAL_SCORE_DIVISOR: f64 = 1000.0;

/// The fitness of one solve against HSDH (GA-FreeCell §3.3.4):
/// - unsolved (`nodes` is `None`): 0;
/// - solved with fewer nodes than HSDH: the node-reduction ratio `1 − nodes / hsdh`;
/// - solved with as many or more: `max((1 − FractionExcessNodes) / 1000, 0)`, the fraction
///   of excess nodes `(nodes − hsdh) / hsdh` truncated to 1 (so an excess of 100 % or
///   more scores 0, as the formula says; the paper's prose says "over 200 %").
///
/// `hsdh` is HSDH's node count, or `None` when HSDH did not solve the deal within its
/// budget: it then counts as `penalty` nodes (the paper's 1000 M, twice the hardest deal
/// HSDH solved).
///
/// # Examples
/// ```
/// use freecell_evolve::deal_fitness;
/// assert_eq!(deal_fitness(Some(30), Some(100), 1_000), 0.7); // 70 % fewer nodes
/// assert_eq!(deal_fitness(Some(130), Some(100), 1_000), 0.7 / 1000.0); // 30 % excess
/// assert_eq!(deal_fitness(Some(400), Some(100), 1_000), 0.0);
/// assert_eq!(deal_fitness(None, Some(100), 1_000), 0.0);
/// assert_eq!(deal_fitness(Some(500), None, 1_000), 0.5); // HSDH failed: 1,000 nodes
/// ```
pub fn deal_fitness(nodes: Option<u64>, hsdh: Option<u64>, penalty: u64) -> f64 {
    let Some(n) = nodes else { return 0.0 };
    let h = hsdh.unwrap_or(penalty).max(1) as f64;
    let n = n as f64;
    if n < h {
        1.0 - n / h
    } else {
        let excess = ((n - h) / h).min(1.0);
        ((1.0 - excess) / PARTIAL_SCORE_DIVISOR).max(0.0)
    }
}

/// HSDH's node counts per deal (the `hsd` preset: staged deepening, paper reading, under a
/// node budget), computed once per deal and kept: evolution asks for the same deals again
/// and again, and a run resumed from a checkpoint reloads them instead of solving again.
///
/// `None` records a deal HSDH did not solve within `budget` expanded nodes.
///
/// # Examples
/// ```
/// use freecell_evolve::Baselines;
/// let mut b = Baselines::new(100_000);
/// b.insert(17, Some(4_321));
/// let text = b.to_json();
/// assert_eq!(Baselines::from_json(&text).unwrap(), b);
/// assert_eq!(b.get(17), Some(Some(4_321)));
/// assert_eq!(b.get(18), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Baselines {
    /// The node budget the counts were measured under.
    pub budget: u64,
    nodes: BTreeMap<u32, Option<u64>>,
}

impl Baselines {
    /// No counts yet, for `budget`.
    pub fn new(budget: u64) -> Baselines {
        Baselines { budget, nodes: BTreeMap::new() }
    }

    /// The count for `deal`: `None` if not measured yet, `Some(None)` if HSDH failed.
    pub fn get(&self, deal: u32) -> Option<Option<u64>> {
        self.nodes.get(&deal).copied()
    }

    /// Records a count.
    pub fn insert(&mut self, deal: u32, nodes: Option<u64>) {
        self.nodes.insert(deal, nodes);
    }

    /// How many deals are measured.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// JSON text.
    pub fn to_json(&self) -> String {
        // Infallible: a map of integers serialises.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads [`to_json`](Self::to_json)'s text.
    ///
    /// # Errors
    /// [`EvolveError::Baselines`] when the text is not a baseline file, with the line and
    /// column.
    pub fn from_json(text: &str) -> Result<Baselines, EvolveError> {
        serde_json::from_str(text).map_err(|e| EvolveError::Baselines(json_error(&e)))
    }
}
