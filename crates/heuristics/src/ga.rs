//! The nine heuristics of the GA-FreeCell paper (Table 1), their normalisation, and the
//! 9-weight genome.
//!
//! Each [`Feature`] has three readings:
//! - [`Feature::raw`]: the value as the paper defines it, with the paper's sign (some
//!   grow towards the goal, `DifferenceFromTop` may be negative);
//! - [`Feature::distance`]: the same information oriented so that **smaller is closer to the
//!   goal** and never negative (weights are non-negative: GA-FreeCell, Elyasaf, Hauptman &
//!   Sipper, GECCO 2011, §3.3.1);
//! - [`Feature::normalised`]: `distance / maximum`, clamped to `[0, 1]`, where the maximum
//!   is documented per feature below (the paper divides by "a maximal possible value").
//!
//! | feature | raw (paper) | distance | maximum |
//! |---|---|---|---|
//! | `HSDH` | [`hsdh`] (paper reading) | raw | 104 = 52·2, clamped (true worst case is 396) |
//! | `NumberWellPlaced` | well-placed cascade cards | cascade cards − raw | 52 |
//! | `NumCardsNotAtFoundations` | 52 − cards home | raw | 52 |
//! | `FreeCells` | empty cells + empty cascades | cells + cascades − raw | cells + cascades |
//! | `DifferenceFromTop` | mean cascade-top rank − mean foundation rank | raw + 13 | 26 |
//! | `LowestHomeCard` | 13 − lowest foundation rank | raw | 13 |
//! | `HighestHomeCard` | highest foundation rank | 13 − raw | 13 |
//! | `DifferenceHome` | highest − lowest foundation rank | raw | 13 |
//! | `SumOfBottomCards` | best bottom sum − actual bottom sum | see below | best bottom sum |
//!
//! Interpretations (the paper is terse; each choice is named):
//! - A cascade card is *well placed* when it and every card beneath it form a built
//!   sequence under the rules (descending by one, alternating colours in FreeCell): the
//!   sorted base of a pile.
//! - `DifferenceFromTop`: the mean over non-empty cascades of the top card's rank (0 when
//!   every cascade is empty) minus the mean of the four foundation ranks (0 for an empty
//!   foundation). It lies in `[−13, 13]` and already falls towards the goal; the distance
//!   shifts it by 13.
//! - `SumOfBottomCards`: "bottom" is the deepest card of a cascade. The best sum takes the
//!   highest card values, four per rank (100 for 8 cascades). The raw value counts an empty
//!   cascade as 0 (the literal reading); the distance counts an empty cascade as holding a
//!   king, so an empty table scores 0, and saturates at 0.
//! - `HSDH` here is always [`HsdhReading::Paper`]; Heineman's reading is in [`hsdh`].
//!
//! None of the nine is admissible, and neither is any weighted sum of them.

use std::fmt;

use freecell_core::{BoardN, Suit};

use crate::hsdh::{HsdhReading, blocking_sum, hsdh};

/// One of the nine heuristics of GA-FreeCell's Table 1, in the table's order (which is the
/// genome's order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// Heineman's staged-deepening heuristic, paper reading.
    Hsdh = 0,
    /// Number of well-placed cards in cascades.
    NumberWellPlaced = 1,
    /// Number of cards not on the foundations.
    NumCardsNotAtFoundations = 2,
    /// Number of empty free cells and empty cascades.
    FreeCells = 3,
    /// Mean cascade-top rank minus mean foundation rank.
    DifferenceFromTop = 4,
    /// 13 minus the lowest foundation rank.
    LowestHomeCard = 5,
    /// The highest foundation rank.
    HighestHomeCard = 6,
    /// Highest minus lowest foundation rank.
    DifferenceHome = 7,
    /// Best possible sum of the cascades' deepest cards minus the actual sum.
    SumOfBottomCards = 8,
}

/// Normalising maximum of the `HSDH` feature (52·2; larger values clamp to 1).
pub const HSDH_MAX: f64 = 104.0;

impl Feature {
    /// The nine, in Table 1 (genome) order.
    pub const ALL: [Feature; 9] = [
        Feature::Hsdh,
        Feature::NumberWellPlaced,
        Feature::NumCardsNotAtFoundations,
        Feature::FreeCells,
        Feature::DifferenceFromTop,
        Feature::LowestHomeCard,
        Feature::HighestHomeCard,
        Feature::DifferenceHome,
        Feature::SumOfBottomCards,
    ];

    /// Position in the genome, 0 … 8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Table 1 name, as used by the text forms: `HSDH`, `NumberWellPlaced`, …
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Hsdh => "HSDH",
            Feature::NumberWellPlaced => "NumberWellPlaced",
            Feature::NumCardsNotAtFoundations => "NumCardsNotAtFoundations",
            Feature::FreeCells => "FreeCells",
            Feature::DifferenceFromTop => "DifferenceFromTop",
            Feature::LowestHomeCard => "LowestHomeCard",
            Feature::HighestHomeCard => "HighestHomeCard",
            Feature::DifferenceHome => "DifferenceHome",
            Feature::SumOfBottomCards => "SumOfBottomCards",
        }
    }

    /// The feature for a Table 1 name, or for one of the other names the papers use (the GPTP
    /// chapter's `NumWellPlaced`, `LowestFoundationCard`, `HighestFoundationCard`,
    /// `DifferenceFoundation`; the names of the printed best individual (§4 of the paper),
    /// mapped as [`Weights::GA_FREECELL_BEST`] says — an interpretation).
    ///
    /// # Examples
    /// ```
    /// use freecell_heuristics::Feature;
    /// assert_eq!(Feature::from_name("DifferenceToGoal"), Some(Feature::NumCardsNotAtFoundations));
    /// assert_eq!(Feature::from_name("HSDH"), Some(Feature::Hsdh));
    /// assert_eq!(Feature::from_name("Nonsense"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Feature> {
        Some(match name {
            "HSDH" | "DifferenceToNextStepHome" => Feature::Hsdh,
            "NumberWellPlaced" | "NumWellPlaced" | "NumOfArranged" => Feature::NumberWellPlaced,
            "NumCardsNotAtFoundations" | "DifferenceToGoal" => Feature::NumCardsNotAtFoundations,
            "FreeCells" => Feature::FreeCells,
            "DifferenceFromTop" => Feature::DifferenceFromTop,
            "LowestHomeCard" | "LowestFoundationCard" => Feature::LowestHomeCard,
            "HighestHomeCard" | "HighestFoundationCard" | "UppestHomeCard" => Feature::HighestHomeCard,
            "DifferenceHome" | "DifferenceFoundation" => Feature::DifferenceHome,
            "SumOfBottomCards" | "BottomCardsSum" => Feature::SumOfBottomCards,
            _ => return None,
        })
    }

    /// The value as the paper defines it (see the [module table](self)).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_heuristics::Feature;
    /// let board: Board = "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse().unwrap();
    /// assert_eq!(Feature::HighestHomeCard.raw(&board), 13.0);
    /// assert_eq!(Feature::DifferenceHome.raw(&board), 8.0);
    /// ```
    pub fn raw<const C: usize, const F: usize>(self, board: &BoardN<C, F>) -> f64 {
        match self {
            Feature::Hsdh => f64::from(hsdh(board, HsdhReading::Paper)),
            Feature::NumberWellPlaced => f64::from(well_placed(board)),
            Feature::NumCardsNotAtFoundations => (52 - board.cards_home()) as f64,
            Feature::FreeCells => (board.empty_cells() + board.empty_cascades()) as f64,
            Feature::DifferenceFromTop => difference_from_top(board),
            Feature::LowestHomeCard => f64::from(13 - home_min_max(board).0),
            Feature::HighestHomeCard => f64::from(home_min_max(board).1),
            Feature::DifferenceHome => {
                let (lo, hi) = home_min_max(board);
                f64::from(hi - lo)
            }
            Feature::SumOfBottomCards => {
                let (sum, _) = bottom_sum(board);
                f64::from(best_bottom_sum(board.cascade_count())) - f64::from(sum)
            }
        }
    }

    /// The value oriented so that smaller is closer to the goal, never negative.
    pub fn distance<const C: usize, const F: usize>(self, board: &BoardN<C, F>) -> f64 {
        match self {
            Feature::NumberWellPlaced => f64::from(cascade_cards(board) - well_placed(board)),
            Feature::FreeCells => {
                let places = board.cell_count() + board.cascade_count();
                (places - board.empty_cells() - board.empty_cascades()) as f64
            }
            Feature::DifferenceFromTop => difference_from_top(board) + 13.0,
            Feature::HighestHomeCard => f64::from(13 - home_min_max(board).1),
            Feature::SumOfBottomCards => f64::from(bottom_distance(board)),
            Feature::Hsdh | Feature::NumCardsNotAtFoundations | Feature::LowestHomeCard | Feature::DifferenceHome => {
                self.raw(board)
            }
        }
    }

    /// The normalising maximum of [`distance`](Feature::distance) for a position under
    /// these rules' cell and cascade counts.
    pub fn maximum(self, cells: usize, cascades: usize) -> f64 {
        match self {
            Feature::Hsdh => HSDH_MAX,
            Feature::NumberWellPlaced | Feature::NumCardsNotAtFoundations => 52.0,
            Feature::FreeCells => (cells + cascades).max(1) as f64,
            Feature::DifferenceFromTop => 26.0,
            Feature::LowestHomeCard | Feature::HighestHomeCard | Feature::DifferenceHome => 13.0,
            Feature::SumOfBottomCards => f64::from(best_bottom_sum(cascades).max(1)),
        }
    }

    /// `distance / maximum`, clamped to `[0, 1]`: 0 at the goal for every feature but
    /// `DifferenceHome`'s and `DifferenceFromTop`'s balanced mid-game states.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_heuristics::Feature;
    /// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
    /// for feature in Feature::ALL {
    ///     assert_eq!(feature.normalised(&won), 0.0, "{feature}");
    /// }
    /// ```
    pub fn normalised<const C: usize, const F: usize>(self, board: &BoardN<C, F>) -> f64 {
        let max = self.maximum(board.cell_count(), board.cascade_count());
        (self.distance(board) / max).clamp(0.0, 1.0)
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Cards in cascades.
fn cascade_cards<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    (0..board.cascade_count()).map(|i| board.cascade_len(i) as u32).sum()
}

/// Well-placed cascade cards: those whose every card beneath continues a built sequence,
/// that is, the cards of each cascade's built base.
fn well_placed<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    board.built_base_cards() as u32
}

/// Lowest and highest foundation rank.
fn home_min_max<const C: usize, const F: usize>(board: &BoardN<C, F>) -> (u8, u8) {
    let ranks = Suit::ALL.map(|s| board.foundation(s));
    let lo = ranks.iter().copied().min().unwrap_or(0);
    let hi = ranks.iter().copied().max().unwrap_or(0);
    (lo, hi)
}

fn difference_from_top<const C: usize, const F: usize>(board: &BoardN<C, F>) -> f64 {
    let (mut sum, mut n) = (0u32, 0u32);
    for i in 0..board.cascade_count() {
        if let Some(top) = board.cascade_top(i) {
            sum += u32::from(top.rank().get());
            n += 1;
        }
    }
    let tops = if n == 0 { 0.0 } else { f64::from(sum) / f64::from(n) };
    let home: u32 = Suit::ALL.iter().map(|&s| u32::from(board.foundation(s))).sum();
    tops - f64::from(home) / 4.0
}

/// The highest possible sum of `cascades` deepest cards: four cards per rank, from kings
/// down (100 for 8 cascades).
pub(crate) fn best_bottom_sum(cascades: usize) -> u32 {
    // Σ_{i<c} (13 − ⌊i/4⌋) in closed form, c = 4q + r: no loop and no vector constants to
    // load in [`features`], which calls it at every leaf.
    let c = cascades.min(52) as u32;
    let (q, r) = (c / 4, c % 4);
    13 * c - 2 * q * q.saturating_sub(1) - r * q
}

/// Sum of the deepest cards' ranks, and the number of empty cascades.
fn bottom_sum<const C: usize, const F: usize>(board: &BoardN<C, F>) -> (u32, u32) {
    let (mut sum, mut empty) = (0, 0);
    for i in 0..board.cascade_count() {
        match board.cascade_bottom(i) {
            Some(card) => sum += u32::from(card.rank().get()),
            None => empty += 1,
        }
    }
    (sum, empty)
}

fn bottom_distance<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    let (sum, empty) = bottom_sum(board);
    best_bottom_sum(board.cascade_count()).saturating_sub(sum + 13 * empty)
}

/// All nine normalised features of a position at once, in genome order, from one pass
/// over the cascades' summaries (top, deepest card, length, built base; no cascade is
/// walked). Equal to `Feature::ALL.map(|f| f.normalised(board))`.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::{Feature, features};
/// let board: Board = "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse().unwrap();
/// assert_eq!(features(&board), Feature::ALL.map(|f| f.normalised(&board)));
/// ```
pub fn features<const C: usize, const F: usize>(board: &BoardN<C, F>) -> [f64; 9] {
    let cells = board.cell_count();
    let cascades = board.cascade_count();
    let mut home_sum = 0u32;
    let (mut lo, mut hi) = (13u8, 0u8);
    for suit in Suit::ALL {
        let h = board.foundation(suit);
        home_sum += u32::from(h);
        lo = lo.min(h);
        hi = hi.max(h);
    }
    let blocking = blocking_sum(board);
    let well = well_placed(board);
    let (mut in_cascades, mut top_sum, mut tops, mut bottom, mut empty_cascades) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for i in 0..cascades {
        in_cascades += board.cascade_len(i) as u32;
        match (board.cascade_top(i), board.cascade_bottom(i)) {
            (Some(top), Some(deepest)) => {
                top_sum += u32::from(top.rank().get());
                tops += 1;
                bottom += u32::from(deepest.rank().get());
            }
            _ => empty_cascades += 1,
        }
    }
    let empty_cells = board.empty_cells() as u32;
    let vacancy = empty_cells + empty_cascades;
    let hsdh = if vacancy == 0 { 2 * blocking } else { blocking };
    let top_mean = if tops == 0 { 0.0 } else { f64::from(top_sum) / f64::from(tops) };
    let places = (cells + cascades) as u32;
    let best_bottom = best_bottom_sum(cascades);
    // Eight of the nine distances are integers: their quotients come from tables where the
    // maximum does not depend on the rules or the rules are the standard ones: the divisions
    // were the costliest part of a leaf's evaluation in profiles. A distance out of a table's
    // range, or other rules, divide as `normalised` does.
    let top = top_mean - f64::from(home_sum) / 4.0 + 13.0;
    let standard = places == 12 && cascades == 8;
    let max = |f: Feature| f.maximum(cells, cascades);
    [
        ratio(&BY_HSDH_MAX, hsdh, HSDH_MAX),
        ratio(&BY_52, in_cascades - well, 52.0),
        ratio(&BY_52, 52 - home_sum, 52.0),
        if standard {
            ratio(&BY_12, places - vacancy, 12.0)
        } else {
            ratio(&[], places - vacancy, max(Feature::FreeCells))
        },
        (top / 26.0).clamp(0.0, 1.0),
        ratio(&BY_13, u32::from(13 - lo), 13.0),
        ratio(&BY_13, u32::from(13 - hi), 13.0),
        ratio(&BY_13, u32::from(hi - lo), 13.0),
        if standard {
            ratio(&BY_100, best_bottom.saturating_sub(bottom + 13 * empty_cascades), 100.0)
        } else {
            ratio(&[], best_bottom.saturating_sub(bottom + 13 * empty_cascades), max(Feature::SumOfBottomCards))
        },
    ]
}

/// `(d / max).clamp(0, 1)` for `d` in `0..N`, computed at compile time (correctly rounded,
/// like the division at run time, so the entries are bit-identical to it).
const fn ratios<const N: usize>(max: f64) -> [f64; N] {
    let mut out = [0.0; N];
    let mut d = 0;
    while d < N {
        out[d] = (d as f64 / max).clamp(0.0, 1.0);
        d += 1;
    }
    out
}

/// Quotients by the HSDH maximum (104), by 52, 13, and the standard rules' 12 places
/// (cells + cascades) and best bottom sum (100).
static BY_HSDH_MAX: [f64; 105] = ratios(HSDH_MAX);
static BY_52: [f64; 53] = ratios(52.0);
static BY_13: [f64; 14] = ratios(13.0);
static BY_12: [f64; 13] = ratios(12.0);
static BY_100: [f64; 101] = ratios(100.0);

/// `(d / max).clamp(0, 1)`, from `table` when it covers `d` (`table` must be
/// [`ratios`]`(max)`).
#[inline]
fn ratio(table: &[f64], d: u32, max: f64) -> f64 {
    match table.get(d as usize) {
        Some(&r) => r,
        None => (f64::from(d) / max).clamp(0.0, 1.0),
    }
}

/// A genome: one non-negative weight per [`Feature`], in Table 1 order. The evaluation is
/// `Σ wᵢ · normalisedᵢ`; smaller is better. Weights are data: evolve them, print them and
/// parse them back (the policy text form of [`policy`](crate::policy)).
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::{Feature, Weights};
/// let board: Board = "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse().unwrap();
/// let h = Weights::GA_FREECELL_BEST.evaluate(&board);
/// assert!(h > 0.0 && h < 1.0);
/// assert_eq!(Weights::HSDH.evaluate(&board), Feature::Hsdh.normalised(&board));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights(pub [f64; 9]);

impl Weights {
    /// GA-FreeCell's best individual as printed in §4 of the paper (Elyasaf, Hauptman & Sipper,
    /// GECCO 2011), mapped to its Table 1 by name. **An interpretation**: the paper prints
    /// other names than its Table 1 — `DifferenceToGoal` → `NumCardsNotAtFoundations` 0.09,
    /// `DifferenceToNextStepHome` → HSDH 0.01, `FreeCells` 0.0, `DifferenceFromTop` 0.77,
    /// `LowestHomeCard` 0.01, `UppestHomeCard` → `HighestHomeCard` 0.08, `NumOfArranged` →
    /// `NumberWellPlaced` 0.01, `DifferenceHome` 0.01, `BottomCardsSum` → `SumOfBottomCards`
    /// 0.02. HSDH is the paper reading.
    pub const GA_FREECELL_BEST: Weights = Weights([0.01, 0.01, 0.09, 0.0, 0.77, 0.01, 0.08, 0.01, 0.02]);

    /// HSDH alone (paper reading, normalised): the baseline the papers compare against.
    pub const HSDH: Weights = Weights([1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);

    /// The weight of one feature.
    #[inline]
    pub fn get(&self, feature: Feature) -> f64 {
        self.0[feature.index()]
    }

    /// Sets the weight of one feature.
    #[inline]
    pub fn set(&mut self, feature: Feature, weight: f64) {
        self.0[feature.index()] = weight;
    }

    /// `Σ wᵢ · normalisedᵢ` over precomputed [`features`].
    #[inline]
    pub fn combine(&self, features: &[f64; 9]) -> f64 {
        self.0.iter().zip(features).map(|(w, h)| w * h).sum()
    }

    /// The weighted sum for a position; smaller is better. Not admissible.
    #[inline]
    pub fn evaluate<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> f64 {
        self.combine(&features(board))
    }

    /// Whether every weight is finite and in `[0, 1]`, as the paper's genome requires.
    pub fn is_valid(&self) -> bool {
        self.0.iter().all(|w| (0.0..=1.0).contains(w))
    }
}

impl Default for Weights {
    /// All zeros.
    fn default() -> Self {
        Weights([0.0; 9])
    }
}

#[cfg(test)]
// Exact comparisons: the expected values are small integers and exact binary fractions.
#[allow(clippy::float_cmp)]
mod tests {
    use freecell_core::{Board, Card};

    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("test boards are valid")
    }

    /// A mid-game position worked by hand for every feature.
    ///
    /// Foundations C-K D-K H-5 S-9 (13+13+5+9 = 40 home; 12 left: 6H…KH, TS…KS).
    /// Cells: QS (1 of 4 used). Cascades (8), deepest first:
    ///   1: 6H 7H        2: TS 8H 9H JS      3: KH            4: KS QH JH   5: TH
    ///   6–8 empty.
    /// Hearts need 6H: 1 card above (7H). Spades need TS: 3 above. Blocking sum 4; there
    /// are empty cells: HSDH = 4.
    fn mid() -> Board {
        board("Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n")
    }

    #[test]
    fn hand_worked_raw_values() {
        let b = mid();
        assert_eq!(Feature::Hsdh.raw(&b), 4.0);
        // Well placed: c1: 7H on 6H does not build (same colour) → only 6H (1).
        // c2: JS on 9H no; the base run is TS alone? 8H on TS no (not rank−1) → 1.
        // c3: KH → 1. c4: QH on KS builds, JH on QH does not (same colour) → 2. c5: 1.
        // Total 1 + 1 + 1 + 2 + 1 = 6.
        assert_eq!(Feature::NumberWellPlaced.raw(&b), 6.0);
        assert_eq!(Feature::NumCardsNotAtFoundations.raw(&b), 12.0);
        // 3 empty cells + 3 empty cascades.
        assert_eq!(Feature::FreeCells.raw(&b), 6.0);
        // Tops: 7H, JS, KH, JH, TH = 7+11+13+11+10 = 52, mean 10.4; foundations mean 40/4 = 10.
        assert!((Feature::DifferenceFromTop.raw(&b) - 0.4).abs() < 1e-12);
        // Lowest foundation 5 → 13 − 5 = 8; highest 13; difference 8.
        assert_eq!(Feature::LowestHomeCard.raw(&b), 8.0);
        assert_eq!(Feature::HighestHomeCard.raw(&b), 13.0);
        assert_eq!(Feature::DifferenceHome.raw(&b), 8.0);
        // Best bottom sum for 8 cascades 100; bottoms 6H, TS, KH, KS, TH = 6+10+13+13+10 = 52;
        // raw 100 − 52 = 48.
        assert_eq!(Feature::SumOfBottomCards.raw(&b), 48.0);
    }

    #[test]
    fn hand_worked_distances_and_normalisation() {
        let b = mid();
        // 11 cascade cards, 6 well placed → 5.
        assert_eq!(Feature::NumberWellPlaced.distance(&b), 5.0);
        // 12 places, 6 empty → 6 occupied; 6 / 12 = 0.5.
        assert_eq!(Feature::FreeCells.distance(&b), 6.0);
        assert_eq!(Feature::FreeCells.normalised(&b), 0.5);
        // 0.4 + 13 = 13.4; / 26.
        assert!((Feature::DifferenceFromTop.normalised(&b) - 13.4 / 26.0).abs() < 1e-12);
        // Highest home 13 → distance 0.
        assert_eq!(Feature::HighestHomeCard.distance(&b), 0.0);
        // 3 empty cascades count as kings: 100 − 52 − 39 = 9; / 100.
        assert_eq!(Feature::SumOfBottomCards.distance(&b), 9.0);
        assert_eq!(Feature::SumOfBottomCards.normalised(&b), 0.09);
        // HSDH 4 / 104.
        assert_eq!(Feature::Hsdh.normalised(&b), 4.0 / 104.0);
        assert_eq!(Feature::NumCardsNotAtFoundations.normalised(&b), 12.0 / 52.0);
    }

    #[test]
    fn one_pass_matches_per_feature() {
        let b = mid();
        assert_eq!(features(&b), Feature::ALL.map(|f| f.normalised(&b)));
        let deck: Vec<Card> = Card::deck().collect();
        let start = freecell_core::Layout::deal(freecell_core::Rules::freecell(), &deck, 0).into_board().unwrap();
        assert_eq!(features(&start), Feature::ALL.map(|f| f.normalised(&start)));
    }

    /// The nine features as `distance / maximum` by division, as `features` computed them
    /// before its tables.
    fn features_by_division(board: &Board) -> [f64; 9] {
        let (cells, cascades) = (board.cell_count(), board.cascade_count());
        let blocking = blocking_sum(board);
        let vacancy = (board.empty_cells() + board.empty_cascades()) as u32;
        let hsdh = if vacancy == 0 { 2 * blocking } else { blocking };
        let (lo, hi) = home_min_max(board);
        let home_sum: u32 = Suit::ALL.iter().map(|&s| u32::from(board.foundation(s))).sum();
        let (mut top_sum, mut tops) = (0u32, 0u32);
        for i in 0..cascades {
            if let Some(top) = board.cascade_top(i) {
                top_sum += u32::from(top.rank().get());
                tops += 1;
            }
        }
        let top_mean = if tops == 0 { 0.0 } else { f64::from(top_sum) / f64::from(tops) };
        let distances = [
            f64::from(hsdh),
            f64::from(cascade_cards(board) - well_placed(board)),
            f64::from(52 - home_sum),
            f64::from((cells + cascades) as u32 - vacancy),
            top_mean - f64::from(home_sum) / 4.0 + 13.0,
            f64::from(13 - lo),
            f64::from(13 - hi),
            f64::from(hi - lo),
            f64::from(bottom_distance(board)),
        ];
        let mut out = [0.0; 9];
        for (i, feature) in Feature::ALL.into_iter().enumerate() {
            out[i] = (distances[i] / feature.maximum(cells, cascades)).clamp(0.0, 1.0);
        }
        out
    }

    #[test]
    fn tables_are_bit_identical_to_division_along_playouts() {
        use freecell_core::{Automove, Layout, MoveModel, Rules};
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            seed >> 33
        };
        let rule_sets = [
            Rules::freecell(),
            Rules { free_cells: 2, ..Rules::freecell() },
            Rules { free_cells: 0, ..Rules::freecell() },
            Rules { cascades: 7, ..Rules::freecell() },
            Rules::seahaven_towers(),
            Rules::eight_off(),
            Rules::bakers_game(),
        ];
        let mut positions = 0;
        for game in 0..280 {
            let mut deck: Vec<Card> = Card::deck().collect();
            for i in (1..deck.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                deck.swap(i, j);
            }
            let rules = rule_sets[game % rule_sets.len()];
            let mut b = Layout::deal(rules, &deck, 0).into_board().unwrap();
            let mut moves = Vec::new();
            for _ in 0..400 {
                let (fast, slow) = (features(&b), features_by_division(&b));
                assert_eq!(fast.map(f64::to_bits), slow.map(f64::to_bits), "{b}");
                positions += 1;
                moves.clear();
                b.generate_moves(if game % 2 == 0 { MoveModel::Sequence } else { MoveModel::Atomic }, &mut moves);
                if moves.is_empty() {
                    break;
                }
                b.apply_unchecked(moves[(next() % moves.len() as u64) as usize]);
                b.play_automoves(if game % 4 < 2 { Automove::Horne } else { Automove::None });
            }
        }
        assert!(positions > 10_000, "{positions}");
    }

    #[test]
    fn tables_cover_every_distance_by_division() {
        for (table, max) in [
            (&BY_HSDH_MAX[..], HSDH_MAX),
            (&BY_52[..], 52.0),
            (&BY_13[..], 13.0),
            (&BY_12[..], 12.0),
            (&BY_100[..], 100.0),
        ] {
            for d in 0..400u32 {
                let by_division = (f64::from(d) / max).clamp(0.0, 1.0);
                assert_eq!(ratio(table, d, max).to_bits(), by_division.to_bits(), "{d} / {max}");
            }
        }
    }

    #[test]
    fn best_individual_weighted_sum() {
        let b = mid();
        let f = Feature::ALL.map(|x| x.normalised(&b));
        let expected = 0.01 * f[0]
            + 0.01 * f[1]
            + 0.09 * f[2]
            + 0.77 * f[4]
            + 0.01 * f[5]
            + 0.08 * f[6]
            + 0.01 * f[7]
            + 0.02 * f[8];
        assert!((Weights::GA_FREECELL_BEST.evaluate(&b) - expected).abs() < 1e-12);
        assert!(Weights::GA_FREECELL_BEST.is_valid());
        assert!(!Weights([2.0; 9]).is_valid());
        assert!(!Weights([f64::NAN; 9]).is_valid());
    }

    #[test]
    fn names_round_trip() {
        for f in Feature::ALL {
            assert_eq!(Feature::from_name(f.name()), Some(f));
        }
    }

    #[test]
    fn best_bottom_sums() {
        // 4·13 + 4·12 = 100 for eight cascades; 4·13 + 3·12 = 88 for seven.
        assert_eq!(best_bottom_sum(8), 100);
        assert_eq!(best_bottom_sum(7), 88);
        assert_eq!(best_bottom_sum(10), 100 + 2 * 11);
        for c in 0..60 {
            assert_eq!(best_bottom_sum(c), (0..c.min(52) as u32).map(|i| 13 - i / 4).sum::<u32>(), "{c}");
        }
    }
}
