//! Rule sets: FreeCell and its relatives.
//!
//! A [`Rules`] value says how many free cells and cascades a game has, how cards build on
//! one another, which cards may fill an empty cascade and how many cards one sequence move
//! (a "supermove") may carry. [`Game`] names the presets with their real rules and layouts.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Colour, Rank};
use crate::quote::quote;

/// The most free cells a rule set may have.
pub const MAX_CELLS: usize = 8;
/// The most cascades a rule set may have.
pub const MAX_CASCADES: usize = 10;

/// How a card may be placed on a cascade's top card: always one rank lower, and…
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuildRule {
    /// …of the other colour (FreeCell).
    AlternateColour,
    /// …of the same suit (Baker's Game, Eight Off, Seahaven Towers).
    SameSuit,
    /// …of any suit.
    AnySuit,
}

impl BuildRule {
    /// Whether `card` may be placed on `onto` under this rule.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{BuildRule, Card};
    /// let (nine_h, ten_s): (Card, Card) = ("9H".parse().unwrap(), "TS".parse().unwrap());
    /// assert!(BuildRule::AlternateColour.stacks(nine_h, ten_s));
    /// assert!(!BuildRule::SameSuit.stacks(nine_h, ten_s));
    /// ```
    #[inline]
    pub const fn stacks(self, card: Card, onto: Card) -> bool {
        if card.rank().get() + 1 != onto.rank().get() {
            return false;
        }
        match self {
            BuildRule::AlternateColour => {
                !matches!((card.colour(), onto.colour()), (Colour::Red, Colour::Red) | (Colour::Black, Colour::Black))
            }
            BuildRule::SameSuit => card.suit() as u8 == onto.suit() as u8,
            BuildRule::AnySuit => true,
        }
    }
}

/// Which cards may be moved into an empty cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EmptyCascadeRule {
    /// Any card (FreeCell, Baker's Game).
    AnyCard,
    /// Kings only (Eight Off, Seahaven Towers).
    KingsOnly,
}

impl EmptyCascadeRule {
    /// Whether `card` may start an empty cascade.
    #[inline]
    pub const fn accepts(self, card: Card) -> bool {
        match self {
            EmptyCascadeRule::AnyCard => true,
            EmptyCascadeRule::KingsOnly => card.rank().get() == Rank::KING.get(),
        }
    }
}

/// How many cards one cascade-to-cascade move may carry, given `f` empty free cells and
/// `e` empty cascades other than the destination.
///
/// Every bounded rule here is at most the standard capacity, so a legal sequence move can
/// always be decomposed into legal single-card moves (see
/// [`Board::decompose`](crate::Board::decompose)). Under [`EmptyCascadeRule::KingsOnly`] an
/// empty cascade cannot hold the intermediate runs of a supermove, so `e` counts as 0 there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SequenceCapacity {
    /// `(f + 1) · 2^e`, the rule of FreeCell Pro and fc-solve (default).
    Standard,
    /// `f + e + 1`: one card per vacant place. Heineman's staged-deepening code uses it.
    Linear,
    /// `1 + f·(e + 1) + e·(e + 1)/2`, the "deep supermove" mobility of Castiaux's thesis.
    DeepSupermove,
    /// Any number of cards: a relaxation for experiments. Moves above the standard capacity
    /// cannot be decomposed into single-card moves.
    Unlimited,
    /// One card at a time; no sequence moves.
    SingleCard,
}

impl SequenceCapacity {
    /// The number of cards one move may carry with `free_cells` empty cells and
    /// `empty_cascades` empty cascades (destination excluded).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::SequenceCapacity;
    /// assert_eq!(SequenceCapacity::Standard.capacity(4, 1), 10);
    /// assert_eq!(SequenceCapacity::Linear.capacity(4, 1), 6);
    /// assert_eq!(SequenceCapacity::DeepSupermove.capacity(4, 2), 16);
    /// ```
    #[inline]
    pub const fn capacity(self, free_cells: usize, empty_cascades: usize) -> usize {
        let (f, e) = (free_cells, empty_cascades);
        match self {
            // e ≤ 10, so the shift cannot overflow.
            SequenceCapacity::Standard => (f + 1) << e,
            SequenceCapacity::Linear => f + e + 1,
            SequenceCapacity::DeepSupermove => 1 + f * (e + 1) + e * (e + 1) / 2,
            SequenceCapacity::Unlimited => usize::MAX,
            SequenceCapacity::SingleCard => 1,
        }
    }
}

/// A complete rule set.
///
/// Rules are plain data; [`Rules::validate`] checks the ranges, and a
/// [`Board`](crate::Board) can only be built from valid rules.
///
/// # Examples
/// ```
/// use freecell_core::{Rules, BuildRule};
/// let rules = Rules { free_cells: 3, ..Rules::freecell() };
/// assert!(rules.validate().is_ok());
/// assert_eq!(Rules::bakers_game().build, BuildRule::SameSuit);
/// assert!(Rules { cascades: 11, ..Rules::freecell() }.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Number of free cells, 0 … 8.
    pub free_cells: u8,
    /// Number of cascades, 1 … 10.
    pub cascades: u8,
    /// How cards build on cascades.
    pub build: BuildRule,
    /// Which cards may fill an empty cascade.
    pub empty_cascade: EmptyCascadeRule,
    /// How many cards one cascade-to-cascade move may carry.
    pub capacity: SequenceCapacity,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::freecell()
    }
}

/// Why a rule set is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// More than [`MAX_CELLS`] free cells.
    #[error("{0} free cells requested; a game may have 0 to 8")]
    FreeCells(u8),
    /// No cascade, or more than [`MAX_CASCADES`].
    #[error("{0} cascades requested; a game may have 1 to 10")]
    Cascades(u8),
}

impl Rules {
    /// FreeCell: 4 cells, 8 cascades, alternate colours, any card to an empty cascade,
    /// standard supermoves.
    pub const fn freecell() -> Rules {
        Rules {
            free_cells: 4,
            cascades: 8,
            build: BuildRule::AlternateColour,
            empty_cascade: EmptyCascadeRule::AnyCard,
            capacity: SequenceCapacity::Standard,
        }
    }

    /// Baker's Game: FreeCell's layout, building by suit.
    pub const fn bakers_game() -> Rules {
        Rules { build: BuildRule::SameSuit, ..Rules::freecell() }
    }

    /// Eight Off: 8 cells, 8 cascades, building by suit, kings only in empty cascades.
    pub const fn eight_off() -> Rules {
        Rules {
            free_cells: 8,
            cascades: 8,
            build: BuildRule::SameSuit,
            empty_cascade: EmptyCascadeRule::KingsOnly,
            capacity: SequenceCapacity::Standard,
        }
    }

    /// Seahaven Towers: 4 cells, 10 cascades, building by suit, kings only in empty
    /// cascades.
    pub const fn seahaven_towers() -> Rules {
        Rules {
            free_cells: 4,
            cascades: 10,
            build: BuildRule::SameSuit,
            empty_cascade: EmptyCascadeRule::KingsOnly,
            capacity: SequenceCapacity::Standard,
        }
    }

    /// Checks that the counts are in range.
    ///
    /// # Errors
    /// [`RulesError`] names the count that is out of range.
    pub const fn validate(&self) -> Result<(), RulesError> {
        if self.free_cells as usize > MAX_CELLS {
            return Err(RulesError::FreeCells(self.free_cells));
        }
        if self.cascades == 0 || self.cascades as usize > MAX_CASCADES {
            return Err(RulesError::Cascades(self.cascades));
        }
        Ok(())
    }
}

/// A named game: its rules and how a shuffled deck is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// FreeCell: 52 cards round-robin into 8 cascades (7, 7, 7, 7, 6, 6, 6, 6).
    #[default]
    FreeCell,
    /// Baker's Game: dealt as FreeCell, built by suit.
    BakersGame,
    /// Eight Off: 48 cards into 8 cascades of 6, the last 4 into the first 4 of 8 cells.
    EightOff,
    /// Seahaven Towers: 50 cards into 10 cascades of 5, the last 2 into the first 2 of 4
    /// cells. (Traditional tables show them in the middle two cells; cell order does not
    /// matter to play.)
    SeahavenTowers,
}

impl Game {
    /// Every preset, FreeCell first.
    pub const ALL: [Game; 4] = [Game::FreeCell, Game::BakersGame, Game::EightOff, Game::SeahavenTowers];

    /// The game's rules.
    pub const fn rules(self) -> Rules {
        match self {
            Game::FreeCell => Rules::freecell(),
            Game::BakersGame => Rules::bakers_game(),
            Game::EightOff => Rules::eight_off(),
            Game::SeahavenTowers => Rules::seahaven_towers(),
        }
    }

    /// How many cards of the deck go to the free cells rather than the cascades.
    pub const fn cards_in_cells(self) -> usize {
        match self {
            Game::FreeCell | Game::BakersGame => 0,
            Game::EightOff => 4,
            Game::SeahavenTowers => 2,
        }
    }

    /// The name used on the command line: `freecell`, `bakers-game`, `eight-off`,
    /// `seahaven-towers`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::FreeCell => "freecell",
            Game::BakersGame => "bakers-game",
            Game::EightOff => "eight-off",
            Game::SeahavenTowers => "seahaven-towers",
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is not one of [`Game::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game {}; expected one of: freecell, bakers-game, eight-off, seahaven-towers", quote(.0))]
pub struct ParseGameError(pub String);

impl FromStr for Game {
    type Err = ParseGameError;

    /// Accepts the [`Game::name`], case-insensitively, with `-`, `_`, `'` or spaces in any
    /// combination (`"Baker's Game"`, `bakers_game`, `EightOff`).
    fn from_str(s: &str) -> Result<Game, ParseGameError> {
        let squashed: String = s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
        match squashed.as_str() {
            "freecell" => Ok(Game::FreeCell),
            "bakersgame" | "bakers" => Ok(Game::BakersGame),
            "eightoff" => Ok(Game::EightOff),
            "seahaventowers" | "seahaven" => Ok(Game::SeahavenTowers),
            _ => Err(ParseGameError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_capacity_matches_the_freecell_pro_table() {
        // (f + 1) · 2^e: 4 cells and no empty cascade move 5; each empty cascade doubles.
        let table = [(4, 0, 5), (4, 1, 10), (4, 2, 20), (0, 0, 1), (0, 1, 2), (2, 3, 24)];
        for (f, e, n) in table {
            assert_eq!(SequenceCapacity::Standard.capacity(f, e), n, "f={f} e={e}");
        }
    }

    #[test]
    fn bounded_capacities_never_exceed_standard() {
        for f in 0..=MAX_CELLS {
            for e in 0..MAX_CASCADES {
                let standard = SequenceCapacity::Standard.capacity(f, e);
                for rule in [SequenceCapacity::Linear, SequenceCapacity::DeepSupermove, SequenceCapacity::SingleCard] {
                    assert!(rule.capacity(f, e) <= standard, "{rule:?} f={f} e={e}");
                }
            }
        }
    }

    #[test]
    fn game_names_round_trip() {
        for game in Game::ALL {
            assert_eq!(game.name().parse::<Game>(), Ok(game));
            assert!(game.rules().validate().is_ok());
        }
        assert_eq!("Baker's Game".parse::<Game>(), Ok(Game::BakersGame));
        assert!("klondike".parse::<Game>().is_err());
    }
}
