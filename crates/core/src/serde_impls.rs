//! `serde` support (the `serde` feature); the forms are listed in the crate docs,
//! "Features". They are chosen to be readable and stable, not to mirror the packed
//! internals.
//!
//! ```
//! use freecell_core::{Board, Move, Pile};
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! let json = serde_json::to_string(&board)?;
//! assert_eq!(serde_json::from_str::<Board>(&json)?, board);
//! let mv = Move::single(Pile::cascade(0), Pile::cell(1));
//! assert_eq!(serde_json::to_string(&mv)?, r#"{"from":{"Cascade":0},"to":{"Cell":1},"count":1}"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::{MAX_CASCADES, MAX_CELLS};
use crate::{
    BoardN, BuildRule, Card, Dealing, EmptyCascadeRule, Layout, Move, Pile, PileKind, Round, Rules, SequenceCapacity,
    Suit, Variant,
};

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0; 4];
        serializer.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Suit, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(D::Error::custom(format!("{} is not a suit (expected C, D, H or S)", crate::quote(&text)))),
        }
    }
}

/// [`PileKind`] as written.
#[derive(Serialize, Deserialize)]
enum PileRepr {
    Cascade(usize),
    Cell(usize),
    Foundation(Suit),
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.kind() {
            PileKind::Cascade(i) => PileRepr::Cascade(i),
            PileKind::Cell(i) => PileRepr::Cell(i),
            PileKind::Foundation(suit) => PileRepr::Foundation(suit),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pile, D::Error> {
        // `Pile::cascade` and `Pile::cell` clamp; out-of-range indexes are refused instead,
        // so what is read is what was written.
        match PileRepr::deserialize(deserializer)? {
            PileRepr::Cascade(i) if i < MAX_CASCADES => Ok(Pile::cascade(i)),
            PileRepr::Cell(i) if i < MAX_CELLS => Ok(Pile::cell(i)),
            PileRepr::Foundation(suit) => Ok(Pile::foundation(suit)),
            PileRepr::Cascade(i) => {
                Err(D::Error::custom(format!("cascade {i} is out of range (0 to {})", MAX_CASCADES - 1)))
            }
            PileRepr::Cell(i) => {
                Err(D::Error::custom(format!("free cell {i} is out of range (0 to {})", MAX_CELLS - 1)))
            }
        }
    }
}

/// [`Move`] as written.
#[derive(Serialize, Deserialize)]
struct MoveRepr {
    from: Pile,
    to: Pile,
    count: u8,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MoveRepr { from: self.from(), to: self.to(), count: self.count() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    /// Any move with at least one card; whether it is legal is a board's question.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let MoveRepr { from, to, count } = MoveRepr::deserialize(deserializer)?;
        if count == 0 {
            return Err(D::Error::custom("a move carries at least one card"));
        }
        Ok(Move::new(from, to, count))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "BuildRule")]
enum BuildRuleDef {
    AlternateColour,
    SameSuit,
    AnySuit,
    SimpleSimon,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "EmptyCascadeRule")]
enum EmptyCascadeRuleDef {
    AnyCard,
    KingsOnly,
    Nothing,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "SequenceCapacity")]
enum SequenceCapacityDef {
    Standard,
    Linear,
    DeepSupermove,
    Unlimited,
    SingleCard,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Rules")]
struct RulesDef {
    free_cells: u8,
    cascades: u8,
    #[serde(with = "BuildRuleDef")]
    build: BuildRule,
    #[serde(with = "EmptyCascadeRuleDef")]
    empty_cascade: EmptyCascadeRule,
    #[serde(with = "SequenceCapacityDef")]
    capacity: SequenceCapacity,
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesDef::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Rules {
    /// Reads the fields as written; [`Rules::validate`] (or building a board) checks ranges.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        RulesDef::deserialize(deserializer)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Layout")]
struct LayoutDef {
    rules: Rules,
    foundations: [u8; 4],
    cells: Vec<Option<Card>>,
    cascades: Vec<Vec<Card>>,
}

impl Serialize for Layout {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LayoutDef::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Layout {
    /// Reads any layout, legal or not (that is what a layout is for).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Layout, D::Error> {
        LayoutDef::deserialize(deserializer)
    }
}

impl<const C: usize, const F: usize> Serialize for BoardN<C, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_layout().serialize(serializer)
    }
}

impl<'de, const C: usize, const F: usize> Deserialize<'de> for BoardN<C, F> {
    /// Reads a layout and validates it: the error is the [`LayoutError`](crate::LayoutError)
    /// message (a duplicate, a missing card, rules out of range).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::try_from(Layout::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

/// [`Variant`] as written: the rule-file format of `docs/games.md`. Counts
/// are checked as they are read, so an error points at the value; what concerns two
/// fields ([`Variant::validate`](crate::Variant::validate)) is checked after.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) struct VariantRepr {
    #[serde(deserialize_with = "free_cells")]
    free_cells: u8,
    #[serde(deserialize_with = "cascades")]
    cascades: u8,
    #[serde(with = "BuildFile")]
    build: BuildRule,
    #[serde(with = "EmptyCascadeFile")]
    empty_cascade: EmptyCascadeRule,
    #[serde(with = "RunsFile")]
    runs: SequenceCapacity,
    #[serde(default, skip_serializing_if = "is_default")]
    deal: DealingRepr,
}

#[derive(Serialize, Deserialize, Default, PartialEq)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct DealingRepr {
    #[serde(default, skip_serializing_if = "is_default", deserialize_with = "dealt_to_cells")]
    cells: u8,
    #[serde(default, skip_serializing_if = "is_default", deserialize_with = "aces")]
    aces_home: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    home_while_dealing: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    kings_beneath: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<RoundRepr>,
}

#[derive(Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct RoundRepr {
    #[serde(deserialize_with = "cascade")]
    first: u8,
    #[serde(deserialize_with = "cascade")]
    last: u8,
    #[serde(default = "once", skip_serializing_if = "is_once", deserialize_with = "times")]
    times: u8,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

const fn once() -> u8 {
    1
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_once(times: &u8) -> bool {
    *times == 1
}

/// Reads a count and checks it is in `range`, naming `what` it counts when it is not.
fn count<'de, D: Deserializer<'de>>(
    deserializer: D,
    range: std::ops::RangeInclusive<u64>,
    what: &str,
) -> Result<u8, D::Error> {
    let n = u64::deserialize(deserializer)?;
    match u8::try_from(n) {
        Ok(small) if range.contains(&n) => Ok(small),
        _ => Err(D::Error::custom(format!("{n} {what}; expected {} to {}", range.start(), range.end()))),
    }
}

fn free_cells<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 0..=MAX_CELLS as u64, "free cells")
}

fn cascades<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 1..=MAX_CASCADES as u64, "cascades")
}

fn dealt_to_cells<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 0..=MAX_CELLS as u64, "cards dealt to the free cells")
}

fn aces<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 0..=4, "aces sent home")
}

fn cascade<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 1..=MAX_CASCADES as u64, "is not a cascade number")
}

fn times<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    count(d, 1..=u64::from(u8::MAX), "times")
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "BuildRule", rename_all = "kebab-case")]
enum BuildFile {
    AlternateColour,
    SameSuit,
    AnySuit,
    SimpleSimon,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "EmptyCascadeRule", rename_all = "kebab-case")]
enum EmptyCascadeFile {
    AnyCard,
    KingsOnly,
    Nothing,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "SequenceCapacity", rename_all = "kebab-case")]
enum RunsFile {
    Standard,
    Linear,
    DeepSupermove,
    Unlimited,
    SingleCard,
}

impl From<&Variant> for VariantRepr {
    fn from(variant: &Variant) -> VariantRepr {
        let (rules, deal) = (&variant.rules, &variant.deal);
        VariantRepr {
            free_cells: rules.free_cells,
            cascades: rules.cascades,
            build: rules.build,
            empty_cascade: rules.empty_cascade,
            runs: rules.capacity,
            deal: DealingRepr {
                cells: deal.cells,
                aces_home: deal.aces_home,
                home_while_dealing: deal.home_while_dealing,
                kings_beneath: deal.kings_beneath,
                rounds: deal
                    .rounds
                    .iter()
                    .map(|round| RoundRepr { first: round.first, last: round.last, times: round.times })
                    .collect(),
            },
        }
    }
}

impl From<VariantRepr> for Variant {
    /// The variant as read, not yet validated.
    fn from(repr: VariantRepr) -> Variant {
        let deal = repr.deal;
        Variant {
            rules: Rules {
                free_cells: repr.free_cells,
                cascades: repr.cascades,
                build: repr.build,
                empty_cascade: repr.empty_cascade,
                capacity: repr.runs,
            },
            deal: Dealing {
                cells: deal.cells,
                aces_home: deal.aces_home,
                home_while_dealing: deal.home_while_dealing,
                kings_beneath: deal.kings_beneath,
                rounds: deal.rounds.iter().map(|r| Round::new(r.first, r.last, r.times)).collect(),
            },
        }
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        VariantRepr::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Variant {
    /// Reads the rule-file format and validates it: a deserialised variant always deals.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let variant = Variant::from(VariantRepr::deserialize(deserializer)?);
        match variant.validate() {
            Ok(()) => Ok(variant),
            Err(error) => Err(D::Error::custom(format!("{}: {error}", error.field().join(".")))),
        }
    }
}
