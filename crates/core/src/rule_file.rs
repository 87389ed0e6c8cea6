//! Rule files (the `files` feature): a [`Variant`] read from TOML or JSON, with errors
//! that name the field and its line.
//!
//! The parsers report where their own errors are (TOML's spans; `serde_json`'s line and
//! column). To name the field of such an error, and to find the line of a field that
//! [`Variant::validate`] rejects, the text is read a second time as a tree of spans
//! ([`Spans`]), the same for both formats.

use std::ops::Range;

use serde::Deserialize;
use thiserror::Error;

use crate::format::TextPosition;
use crate::serde_impls::VariantRepr;
use crate::variant::Variant;

/// Why a rule file is not a [`Variant`], and where.
///
/// # Examples
/// ```
/// use freecell_core::Variant;
/// let text = "free-cells = 2\ncascades = 8\nbuild = \"same-suit\"\nempty-cascade = \"kings-only\"\n\
///             runs = \"standard\"\n[deal]\ncells = 4\n";
/// let error = Variant::from_toml(text).unwrap_err();
/// assert_eq!(error.to_string(), "line 7, column 9: deal.cells: 4 cards are dealt to the free cells, but the game has 2 free cells");
/// assert_eq!(error.field, "deal.cells");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[error("{}{}{message}", .position.map_or_else(String::new, |p| format!("{p}: ")), field_prefix(.field))]
pub struct RuleFileError {
    /// Where the error is, when the parser or the field says.
    pub position: Option<TextPosition>,
    /// The field, as its keys joined by `.` (`deal.cells`, `deal.rounds.1`: array elements
    /// by index from 0); empty when the error is about the file as a whole.
    pub field: String,
    /// What is wrong: the parser's message, or the [`VariantError`](crate::VariantError)'s.
    pub message: String,
}

fn field_prefix(field: &str) -> String {
    if field.is_empty() { String::new() } else { format!("{field}: ") }
}

impl Variant {
    /// Reads a rule file in TOML (the format of `docs/games.md`) and validates it.
    ///
    /// # Errors
    /// [`RuleFileError`]: bad TOML, an unknown key, a missing or mistyped field, a value out
    /// of range, or a deal that does not fit the piles ([`Variant::validate`]), each with
    /// its line and field.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Variant};
    /// let text = "free-cells = 4\ncascades = 8\nbuild = \"alternate-colour\"\n\
    ///             empty-cascade = \"any-card\"\nruns = \"standard\"\n";
    /// assert_eq!(Variant::from_toml(text)?, Game::FreeCell.variant());
    /// # Ok::<(), freecell_core::RuleFileError>(())
    /// ```
    pub fn from_toml(text: &str) -> Result<Variant, RuleFileError> {
        let repr: VariantRepr = toml::from_str(text).map_err(|error| {
            let offset = error.span().map(|span| span.start);
            let field = offset.and_then(|at| Spans::toml(text)?.locate(at)).map(|(field, _)| field).unwrap_or_default();
            RuleFileError {
                position: offset.map(|at| TextPosition::at(text, at)),
                field: shortened(&field),
                message: shortened(error.message().trim_end()),
            }
        })?;
        checked(Variant::from(repr), text, Spans::toml(text))
    }

    /// Reads a rule file in JSON (the TOML format's keys and values as a JSON object) and
    /// validates it.
    ///
    /// # Errors
    /// As [`Variant::from_toml`].
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Variant};
    /// let text = r#"{"free-cells": 0, "cascades": 8, "build": "any-suit",
    ///     "empty-cascade": "any-card", "runs": "standard", "deal": {"aces-home": 4}}"#;
    /// assert_eq!(Variant::from_json(text)?, Game::BeleagueredCastle.variant());
    /// let error = Variant::from_json(r#"{"free-cells": 11}"#).unwrap_err();
    /// assert_eq!(error.to_string(), "line 1, column 16: free-cells: 11 free cells; expected 0 to 10");
    /// # Ok::<(), freecell_core::RuleFileError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<Variant, RuleFileError> {
        let repr: VariantRepr = serde_json::from_str(text).map_err(|error| {
            let (line, column) = (error.line(), error.column());
            // serde_json places an error after the value it read, past any white space.
            let at = offset_of(text, line, column).map(|at| before(text, at).trim_end().len().saturating_sub(1));
            let found = at.and_then(|at| Spans::json(text)?.locate(at));
            let position = match &found {
                Some((_, start)) => Some(TextPosition::at(text, *start)),
                None => (line > 0).then_some(TextPosition { line, column }),
            };
            let field = found.map(|(field, _)| field).unwrap_or_default();
            // serde_json's message ends with " at line L column C", which `position` says.
            let message = error.to_string();
            let message = shortened(message.rsplit_once(" at line ").map_or(message.as_str(), |(text, _)| text));
            RuleFileError { position, field: shortened(&field), message }
        })?;
        checked(Variant::from(repr), text, Spans::json(text))
    }

    /// The variant as a rule file in TOML, the format of `docs/games.md`;
    /// [`Variant::from_toml`] reads it back.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Variant};
    /// let toml = Game::Citadel.variant().to_toml();
    /// assert!(toml.starts_with("free-cells = 0\ncascades = 8\n"));
    /// assert!(toml.contains("[deal]\naces-home = 4\nhome-while-dealing = true\n"));
    /// assert_eq!(Variant::from_toml(&toml), Ok(Game::Citadel.variant()));
    /// ```
    pub fn to_toml(&self) -> String {
        // Infallible: the form is a table of plain values, tables and arrays of tables.
        toml::to_string(self).unwrap_or_default()
    }

    /// The variant as a rule file in JSON, on one line; [`Variant::from_json`] reads it back.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Variant};
    /// let json = Game::EightOff.variant().to_json();
    /// assert!(json.contains(r#""deal":{"cells":4}"#));
    /// assert_eq!(Variant::from_json(&json), Ok(Game::EightOff.variant()));
    /// ```
    pub fn to_json(&self) -> String {
        // Infallible: the form has string keys and plain values only.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// `variant` if it validates, else the error placed at its field.
fn checked(variant: Variant, text: &str, spans: Option<Spans>) -> Result<Variant, RuleFileError> {
    variant.validate().map(|()| variant).map_err(|error| {
        let path = error.field();
        let span = spans.and_then(|spans| spans.find(&path));
        RuleFileError {
            position: span.map(|span| TextPosition::at(text, span.start)),
            field: path.join("."),
            message: error.to_string(),
        }
    })
}

/// The text before byte `at`, or before the character that holds it.
fn before(text: &str, at: usize) -> &str {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    &text[..at]
}

/// The most characters of a message or field a [`RuleFileError`] keeps: the parsers'
/// messages quote keys and values whole, and a file may hold a key of a megabyte.
const MESSAGE_CHARS: usize = 240;

/// `text`, cut to [`MESSAGE_CHARS`] characters and `…` when it is longer.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(MESSAGE_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// The byte offset of `serde_json`'s 1-based line and column (a column counts bytes).
fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    let start: usize = text.split_inclusive('\n').take(line.checked_sub(1)?).map(str::len).sum();
    Some(start + column.saturating_sub(1))
}

/// A document as a tree of spans: each value's byte range, its key's, and its named (or,
/// in arrays, numbered) children. A TOML table's span is its header, so a child need not
/// lie within its parent.
#[derive(Debug, Default)]
struct Spans {
    key: Option<Range<usize>>,
    span: Range<usize>,
    children: Vec<(String, Spans)>,
}

impl Spans {
    /// The path (keys joined by `.`) of the deepest value whose key or value holds byte
    /// `at`, and where that key or value starts.
    fn locate(&self, at: usize) -> Option<(String, usize)> {
        let within = |range: &Range<usize>| range.start <= at && at <= range.end;
        self.children.iter().find_map(|(name, child)| {
            if let Some((path, start)) = child.locate(at) {
                return Some((format!("{name}.{path}"), start));
            }
            match &child.key {
                Some(key) if within(key) => Some((name.clone(), key.start)),
                _ => within(&child.span).then(|| (name.clone(), child.span.start)),
            }
        })
    }

    /// The span of the value at `path`, or of the deepest value on the way to it.
    fn find(&self, path: &[String]) -> Option<Range<usize>> {
        let mut node = self;
        let mut found = None;
        for key in path {
            let Some((_, child)) = node.children.iter().find(|(k, _)| k == key) else { break };
            found = Some(child.span.clone());
            node = child;
        }
        found
    }

    fn toml(text: &str) -> Option<Spans> {
        use toml::de::{DeTable, DeValue};
        fn walk(value: &toml::Spanned<DeValue<'_>>) -> Spans {
            let children = match value.get_ref() {
                DeValue::Table(table) => entries(table),
                DeValue::Array(array) => array.iter().enumerate().map(|(i, v)| (i.to_string(), walk(v))).collect(),
                _ => Vec::new(),
            };
            Spans { key: None, span: value.span(), children }
        }
        fn entries(table: &DeTable<'_>) -> Vec<(String, Spans)> {
            let entry = |(k, v): (&toml::Spanned<_>, _)| {
                let key: &toml::Spanned<std::borrow::Cow<'_, str>> = k;
                (key.get_ref().to_string(), Spans { key: Some(key.span()), ..walk(v) })
            };
            table.iter().map(entry).collect()
        }
        let root = DeTable::parse(text).ok()?;
        Some(Spans { key: None, span: 0..text.len(), children: entries(root.get_ref()) })
    }

    fn json(text: &str) -> Option<Spans> {
        use serde_json::value::RawValue;
        // Both are slices of `text`, borrowed by serde_json.
        let range = |slice: &str| {
            let start = slice.as_ptr() as usize - text.as_ptr() as usize;
            start..start + slice.len()
        };
        let walk = |raw: &RawValue| -> Spans { json_walk(raw, &range) };
        let root: &RawValue = serde_json::from_str(text).ok()?;
        Some(walk(root))
    }
}

/// [`Spans::json`] of one value; `range` places a slice of the text.
fn json_walk(raw: &serde_json::value::RawValue, range: &dyn Fn(&str) -> Range<usize>) -> Spans {
    use serde_json::value::RawValue;
    let value = raw.get();
    let children = if value.starts_with('{') {
        // A key written with escapes cannot be borrowed: such an object's fields go unnamed.
        let entries = serde_json::from_str::<Entries<'_>>(value).map_or_else(|_| Vec::new(), |e| e.0);
        entries
            .into_iter()
            .map(|(k, v)| {
                // The key with its quotes.
                let key = range(k);
                (k.to_owned(), Spans { key: Some(key.start.saturating_sub(1)..key.end + 1), ..json_walk(v, range) })
            })
            .collect()
    } else if value.starts_with('[') {
        let items: Vec<&RawValue> = serde_json::from_str(value).unwrap_or_default();
        items.into_iter().enumerate().map(|(i, v)| (i.to_string(), json_walk(v, range))).collect()
    } else {
        Vec::new()
    };
    Spans { key: None, span: range(value), children }
}

/// A JSON object's entries in order, each value as its raw text.
struct Entries<'a>(Vec<(&'a str, &'a serde_json::value::RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Entries<'de>, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        deserializer.deserialize_map(Visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    const FREECELL: &str = "free-cells = 4\ncascades = 8\nbuild = \"alternate-colour\"\n\
                            empty-cascade = \"any-card\"\nruns = \"standard\"\n";

    fn toml_error(text: &str) -> RuleFileError {
        Variant::from_toml(text).unwrap_err()
    }

    #[test]
    fn unknown_keys_are_named_with_their_line() {
        let error = toml_error(&format!("{FREECELL}[deal]\ncells = 0\nshuffle = 3\n"));
        assert_eq!(error.position.map(|p| p.line), Some(8));
        assert_eq!(error.field, "deal.shuffle");
        assert!(error.message.contains("unknown field `shuffle`"), "{error}");

        let error = toml_error(&format!("{FREECELL}colour = 2\n"));
        assert_eq!(error.position.map(|p| p.line), Some(6));
        assert!(error.message.contains("unknown field `colour`"), "{error}");
    }

    #[test]
    fn values_out_of_range_name_their_field() {
        let error = toml_error(&FREECELL.replace("cascades = 8", "cascades = 0"));
        assert_eq!(error.to_string(), "line 2, column 12: cascades: 0 cascades; expected 1 to 20");
        let error = toml_error(&FREECELL.replace("alternate-colour", "red-black"));
        assert_eq!(error.field, "build");
        assert_eq!(error.position.map(|p| p.line), Some(3));
        assert!(error.message.contains("unknown variant `red-black`"), "{error}");
        let error =
            toml_error(&format!("{FREECELL}[deal]\nrounds = [{{ first = 1, last = 8 }}, {{ first = 0, last = 2 }}]\n"));
        assert_eq!(error.field, "deal.rounds.1.first");
        assert_eq!(error.position.map(|p| p.line), Some(7));
    }

    #[test]
    fn deals_that_do_not_fit_point_at_the_field() {
        let text = format!(
            "{FREECELL}[deal]\nrounds = [\n  {{ first = 1, last = 8, times = 6 }},\n  {{ first = 1, last = 9 }},\n]\n"
        );
        let error = toml_error(&text);
        assert_eq!(error.field, "deal.rounds.1");
        assert_eq!(error.position, Some(TextPosition { line: 9, column: 3 }));
        assert!(error.message.contains("cascades are 1 to 8"), "{error}");

        let json = r#"{
  "free-cells": 4, "cascades": 8, "build": "alternate-colour",
  "empty-cascade": "any-card", "runs": "standard",
  "deal": {"rounds": [{"first": 1, "last": 8, "times": 6}]}
}"#;
        let error = Variant::from_json(json).unwrap_err();
        assert_eq!(error.field, "deal.rounds");
        assert_eq!(error.position, Some(TextPosition { line: 4, column: 22 }));
        assert_eq!(error.message, "the rounds deal 48 cards, but 52 go to the cascades");
    }

    #[test]
    fn json_errors_name_the_field_and_line() {
        let json = "{\n  \"free-cells\": 4,\n  \"cascades\": 30\n}";
        let error = Variant::from_json(json).unwrap_err();
        assert_eq!(error.to_string(), "line 3, column 15: cascades: 30 cascades; expected 1 to 20");
        let error = Variant::from_json("{\"free-cells\": 4, \"cells\": 2}").unwrap_err();
        assert!(error.message.starts_with("unknown field `cells`"), "{error}");
        let error = Variant::from_json("{\"free-cells\": 4,").unwrap_err();
        assert_eq!(error.position.map(|p| p.line), Some(1));
        let error = Variant::from_json("{\"free-cells\": 4}").unwrap_err();
        assert!(error.message.starts_with("missing field `cascades`"), "{error}");
    }

    #[test]
    fn long_keys_and_values_give_short_errors() {
        let key = "k".repeat(100_000);
        for error in [
            toml_error(&format!("{key} = 1\n")),
            toml_error(&FREECELL.replace("alternate-colour", &key)),
            Variant::from_json(&format!("{{\"{key}\": 1}}")).unwrap_err(),
            Variant::from_json(&format!("{{\"build\": \"{key}é\"}}")).unwrap_err(),
        ] {
            assert!(error.to_string().chars().count() < 600, "{} chars", error.to_string().len());
        }
        // A position inside a character is read as the character's.
        assert_eq!(before("aé", 2), "a");
    }

    #[test]
    fn every_preset_reads_back() {
        for game in Game::ALL {
            let variant = game.variant();
            assert_eq!(Variant::from_json(&variant.to_json()), Ok(variant.clone()), "{game}");
            assert_eq!(Variant::from_toml(&variant.to_toml()), Ok(variant), "{game}");
        }
    }
}
