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
use crate::{BoardN, BuildRule, Card, EmptyCascadeRule, Layout, Move, Pile, PileKind, Rules, SequenceCapacity, Suit};

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
