//! The fc-solve / PySolFC board format.
//!
//! ```text
//! Foundations: H-5 C-A D-0 S-K      optional: each suit's top rank, 0 for none
//! Freecells: 8H - QC -              optional: `-` is an empty cell
//! : 4C 2C 9C 8C QS 4S 2H            one line per cascade, deepest card first
//! ```
//! Cards are a rank (`A 2-9 T J Q K`, or `10`) and a suit (`C D H S`), in either case. A
//! cascade line may start with `:`; a blank line or a lone `:` among the cascades is an
//! empty cascade, blank lines after the last cascade are ignored, and cascades not listed
//! are empty. Lines starting with `#` are comments. The header words are matched without
//! regard to case, and fc-solve's short forms `Founds:` and `FC:` are accepted.
//!
//! Lines end in `\n` or `\r\n`. A byte-order mark (U+FEFF) at the very start of the text,
//! which Windows editors write, is skipped, and columns on the first line count from after
//! it; anywhere else a byte-order mark is an error that names it.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::BoardN;
use crate::card::{Card, Rank, Suit};
use crate::layout::{Layout, LayoutError, Location};
use crate::quote::quote;
use crate::rules::Rules;

/// A place in a text: line and column, both 1-based (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextPosition {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

impl TextPosition {
    /// The position of byte `offset` of `text` (the end of the text when `offset` is past
    /// it or inside a character).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::TextPosition;
    /// assert_eq!(TextPosition::at("ab\ncé d", 6), TextPosition { line: 2, column: 3 });
    /// ```
    pub fn at(text: &str, offset: usize) -> TextPosition {
        let before = text.get(..offset).unwrap_or(text);
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        TextPosition {
            line: 1 + before.bytes().filter(|&b| b == b'\n').count(),
            column: 1 + before[line_start..].chars().count(),
        }
    }
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// U+FEFF: skipped at the start of a board or solution text.
pub(crate) const BYTE_ORDER_MARK: char = '\u{feff}';

/// Why a text is not a board, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub struct ParseBoardError {
    /// What is wrong.
    pub kind: ParseBoardErrorKind,
    /// Where, when it is one place (a missing card has no place).
    pub position: Option<TextPosition>,
    /// The offending token, when there is one.
    pub token: Option<String>,
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.position, &self.token) {
            (Some(at), Some(token)) => write!(f, "{at} ({}): {}", quote(token), self.kind),
            (Some(at), None) => write!(f, "{at}: {}", self.kind),
            _ => write!(f, "{}", self.kind),
        }
    }
}

/// The kinds of [`ParseBoardError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseBoardErrorKind {
    /// A token that should be a card is not one.
    #[error("not a card: {reason}")]
    BadCard {
        /// Why.
        reason: &'static str,
    },
    /// A foundation entry is not `<suit>-<rank>` (e.g. `H-5`, `C-0`).
    #[error("a foundation is written as suit, dash, top rank or 0 (like `H-5` or `C-0`)")]
    BadFoundation,
    /// The same suit appears twice on the foundations line.
    #[error("this suit's foundation is already given")]
    FoundationTwice,
    /// A second `Foundations:` or `Freecells:` line.
    #[error("this line repeats an earlier header line")]
    HeaderTwice,
    /// A header line after the first cascade line.
    #[error("header lines must come before the cascades")]
    HeaderAfterCascades,
    /// More free-cell entries than the rules have cells.
    #[error("more cards in the free cells than the game's {allowed} cells")]
    TooManyCells {
        /// Cells the rules have.
        allowed: usize,
    },
    /// More cascade lines than the rules have cascades.
    #[error("more cascades than the game's {allowed}")]
    TooManyCascades {
        /// Cascades the rules have.
        allowed: usize,
    },
    /// The cards do not form a legal position.
    #[error(transparent)]
    Layout(LayoutError),
}

impl ParseBoardError {
    fn at(kind: ParseBoardErrorKind, position: TextPosition, token: &str) -> ParseBoardError {
        ParseBoardError { kind, position: Some(position), token: Some(token.to_owned()) }
    }
}

/// Where each card of a parsed layout was written, to place validation errors.
#[derive(Default)]
struct Positions {
    foundations: [Option<(TextPosition, String)>; 4],
    cells: Vec<(TextPosition, String)>,
    cascades: Vec<Vec<(TextPosition, String)>>,
}

impl Positions {
    fn of(&self, location: Location) -> Option<&(TextPosition, String)> {
        match location {
            Location::Cascade { cascade, depth } => self.cascades.get(cascade)?.get(depth),
            Location::Cell(i) => self.cells.get(i),
            Location::Foundation(suit) => self.foundations[suit.index()].as_ref(),
        }
    }
}

/// Splits a line into tokens with their 1-based columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let at = column + 1;
        column += token.chars().count();
        rest = tail;
        Some((at, token))
    })
}

/// Strips a header word (`Foundations:`) from the start of a line, ignoring case; returns
/// the rest and the number of characters (not bytes) stripped, for column numbers.
fn header<'a>(line: &'a str, names: &[&str]) -> Option<(usize, &'a str)> {
    let trimmed = line.trim_start();
    // Leading white space may be non-ASCII (a no-break space); header words are ASCII.
    let lead = line[..line.len() - trimmed.len()].chars().count();
    names.iter().find_map(|name| {
        let head = trimmed.get(..name.len())?;
        head.eq_ignore_ascii_case(name).then(|| (lead + name.len(), &trimmed[name.len()..]))
    })
}

/// The reason for a first token that ends in `:` but is no header word.
const UNKNOWN_HEADER: &str = "unknown header (the headers are `Foundations:` or `Founds:`, and `Freecells:` or `FC:`)";
/// The reason for a free-cell entry such as `--`.
const EMPTY_CELL: &str = "an empty free cell is a single `-`";

fn bad_card(reason: &'static str) -> ParseBoardErrorKind {
    ParseBoardErrorKind::BadCard { reason }
}

fn parse_card(token: &str, at: TextPosition) -> Result<Card, ParseBoardError> {
    token.parse::<Card>().map_err(|e| ParseBoardError::at(bad_card(e.reason), at, token))
}

/// A free-cell entry: a card, or `-` for an empty cell.
fn parse_cell(token: &str, at: TextPosition) -> Result<Option<Card>, ParseBoardError> {
    match token {
        "-" => Ok(None),
        _ if token.starts_with('-') => Err(ParseBoardError::at(bad_card(EMPTY_CELL), at, token)),
        _ => parse_card(token, at).map(Some),
    }
}

/// The first card of a cascade line not opened by `:`, which may be a misspelt header.
fn parse_first_card(token: &str, at: TextPosition) -> Result<Card, ParseBoardError> {
    if token.len() > 1 && token.ends_with(':') {
        return Err(ParseBoardError::at(bad_card(UNKNOWN_HEADER), at, token));
    }
    parse_card(token, at)
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// Parses the fc-solve board format under `rules`. Lines end in `\n` or `\r\n`, and a
    /// byte-order mark (U+FEFF) at the very start of the text is skipped.
    ///
    /// # Errors
    /// [`ParseBoardError`] with the line, column and token at fault.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Rules};
    /// let text = "Freecells: - - - - 4S 5S 6S 7S\n8S 9S TS JS QS KS\n\n\nAH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n\
    ///     AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\nAD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\nAS 2S 3S\n";
    /// let board = Board::parse_with_rules(text, Rules::eight_off()).unwrap();
    /// assert_eq!(board.empty_cells(), 4);
    /// ```
    pub fn parse_with_rules(text: &str, rules: Rules) -> Result<Self, ParseBoardError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let mut layout = Layout::empty(rules);
        layout.cascades.clear();
        let mut positions = Positions::default();
        let mut seen_foundations = false;
        let mut seen_cells = false;
        // Blank lines count as empty cascades only when a cascade follows them.
        let mut pending_blank: Vec<TextPosition> = Vec::new();

        for (index, line) in text.lines().enumerate() {
            let line_no = index + 1;
            let pos = |column| TextPosition { line: line_no, column };
            // Where `line.trim()` starts: the place of errors about a whole line.
            let start = pos(line.chars().take_while(|c| c.is_whitespace()).count() + 1);
            if line.trim_start().starts_with('#') {
                continue;
            }
            if let Some((offset, rest)) = header(line, &["Foundations:", "Founds:"]) {
                if seen_foundations {
                    return Err(ParseBoardError::at(ParseBoardErrorKind::HeaderTwice, start, line.trim()));
                }
                if !layout.cascades.is_empty() {
                    return Err(ParseBoardError::at(ParseBoardErrorKind::HeaderAfterCascades, start, line.trim()));
                }
                seen_foundations = true;
                for (column, token) in tokens(rest) {
                    let at = pos(offset + column);
                    let (suit, rank) = parse_foundation(token)
                        .ok_or_else(|| ParseBoardError::at(ParseBoardErrorKind::BadFoundation, at, token))?;
                    if positions.foundations[suit.index()].is_some() {
                        return Err(ParseBoardError::at(ParseBoardErrorKind::FoundationTwice, at, token));
                    }
                    positions.foundations[suit.index()] = Some((at, token.to_owned()));
                    layout.foundations[suit.index()] = rank;
                }
                continue;
            }
            if let Some((offset, rest)) = header(line, &["Freecells:", "FC:"]) {
                if seen_cells {
                    return Err(ParseBoardError::at(ParseBoardErrorKind::HeaderTwice, start, line.trim()));
                }
                if !layout.cascades.is_empty() {
                    return Err(ParseBoardError::at(ParseBoardErrorKind::HeaderAfterCascades, start, line.trim()));
                }
                seen_cells = true;
                layout.cells.clear();
                for (column, token) in tokens(rest) {
                    let at = pos(offset + column);
                    let card = parse_cell(token, at)?;
                    if layout.cells.len() >= usize::from(rules.free_cells) && card.is_some() {
                        let allowed = usize::from(rules.free_cells);
                        return Err(ParseBoardError::at(ParseBoardErrorKind::TooManyCells { allowed }, at, token));
                    }
                    layout.cells.push(card);
                    positions.cells.push((at, token.to_owned()));
                }
                continue;
            }
            let body = line.trim_start();
            let (offset, body) = match body.strip_prefix(':') {
                Some(rest) => (line.len() - body.len() + 1, rest),
                None => (line.len() - body.len(), body),
            };
            let body_is_blank = body.trim().is_empty();
            if body_is_blank && !line.trim_start().starts_with(':') {
                pending_blank.push(pos(1));
                continue;
            }
            let mut cascade_lines = pending_blank.drain(..).map(|p| (p, true)).collect::<Vec<_>>();
            cascade_lines.push((start, false));
            for (at, blank) in cascade_lines {
                if layout.cascades.len() >= usize::from(rules.cascades) {
                    let allowed = usize::from(rules.cascades);
                    let token = if blank { String::new() } else { line.trim().to_owned() };
                    return Err(ParseBoardError::at(ParseBoardErrorKind::TooManyCascades { allowed }, at, &token));
                }
                layout.cascades.push(Vec::new());
                positions.cascades.push(Vec::new());
            }
            let prefix_chars = line[..offset].chars().count();
            let colon = line.trim_start().starts_with(':');
            for (index, (column, token)) in tokens(body).enumerate() {
                let at = pos(prefix_chars + column);
                let card = if index == 0 && !colon { parse_first_card(token, at)? } else { parse_card(token, at)? };
                if let (Some(cards), Some(places)) = (layout.cascades.last_mut(), positions.cascades.last_mut()) {
                    cards.push(card);
                    places.push((at, token.to_owned()));
                }
            }
        }
        layout.cascades.resize(usize::from(rules.cascades), Vec::new());
        layout.cells.resize(usize::from(rules.free_cells).max(layout.cells.len()), None);

        Self::try_from(layout).map_err(|error| {
            let place = error.location().and_then(|location| positions.of(location));
            ParseBoardError {
                position: place.map(|(at, _)| *at),
                token: place.map(|(_, token)| token.clone()),
                kind: ParseBoardErrorKind::Layout(error),
            }
        })
    }

    /// The cascades alone, one line each, deepest card first, cards joined by one space:
    /// the output of `freecell deal` and of fc-solve's deal generator.
    pub fn cascades_text(&self) -> String {
        let mut text = String::new();
        for i in 0..self.cascade_count() {
            let cards: Vec<String> = self.cascade_cards(i).iter().map(ToString::to_string).collect();
            text.push_str(&cards.join(" "));
            text.push('\n');
        }
        text
    }
}

fn parse_foundation(token: &str) -> Option<(Suit, u8)> {
    let (suit, rank) = token.split_once('-')?;
    let mut suit_chars = suit.chars();
    let suit = Suit::from_letter(suit_chars.next()?)?;
    if suit_chars.next().is_some() {
        return None;
    }
    let rank = match rank {
        "0" => 0,
        "10" => 10,
        _ => {
            let mut chars = rank.chars();
            let symbol = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            Rank::from_symbol(symbol)?.get()
        }
    };
    Some((suit, rank))
}

impl<const C: usize, const F: usize> FromStr for BoardN<C, F> {
    type Err = ParseBoardError;

    /// Parses the fc-solve board format under FreeCell's rules; see
    /// [`Board::parse_with_rules`](crate::Board::parse_with_rules) for other games.
    fn from_str(text: &str) -> Result<Self, ParseBoardError> {
        Self::parse_with_rules(text, Rules::freecell())
    }
}

impl<const C: usize, const F: usize> fmt::Display for BoardN<C, F> {
    /// The fc-solve format: a `Foundations:` line (suits in fc-solve's order H C D S), a
    /// `Freecells:` line when the game has cells, and one `: `-prefixed line per cascade.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Foundations:")?;
        for suit in [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades] {
            match Rank::new(self.foundation(suit)) {
                Some(rank) => write!(f, " {}-{}", suit.letter(), rank.symbol())?,
                None => write!(f, " {}-0", suit.letter())?,
            }
        }
        writeln!(f)?;
        if self.cell_count() > 0 {
            write!(f, "Freecells:")?;
            for cell in self.cells() {
                match cell {
                    Some(card) => write!(f, " {card}")?,
                    None => write!(f, " -")?,
                }
            }
            writeln!(f)?;
        }
        for i in 0..self.cascade_count() {
            write!(f, ":")?;
            for card in self.cascade_cards(i) {
                write!(f, " {card}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
