//! Rule sets: FreeCell and its relatives.
//!
//! A [`Rules`] value says how many free cells and cascades a game has, how cards build on
//! one another, which cards may fill an empty cascade and how many cards one sequence move
//! (a "supermove") may carry. [`Game`] names the presets of the FreeCell family, with the
//! rules fc-solve (`shlomif/fc-solve`, `fc-solve/source/scripts/gen-presets.pl`) and PySolFC
//! (`shlomif/PySolFC`, `pysollib/games/*.py`) give them; `docs/games.md` tabulates both.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Colour, Rank};
use crate::quote::quote;

/// The most free cells a rule set may have (fc-solve's `MAX_NUM_FREECELLS` default).
pub const MAX_CELLS: usize = 10;
/// The most cascades a rule set may have: Fan has 18; fc-solve's `MAX_NUM_STACKS` is 20.
pub const MAX_CASCADES: usize = 20;

/// How a card may be placed on a cascade's top card: always one rank lower, and…
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuildRule {
    /// …of the other colour (FreeCell).
    AlternateColour,
    /// …of the same suit (Baker's Game, Eight Off, Seahaven Towers).
    SameSuit,
    /// …of any suit (Beleaguered Castle, Streets and Alleys, Citadel, Baker's Dozen, Good
    /// Measure).
    AnySuit,
    /// Simple Simon's rule (fc-solve `fc-solve/source/simpsim.c`; PySolFC
    /// `SuperMoveSpider_RowStack`): a card goes on any card one rank higher, whatever its
    /// suit, but a run moves as a unit only when it splits into at most as many runs of one
    /// suit as the rules' [`SequenceCapacity`] allows cards (`2^e` with no free cells), and
    /// only a complete suit, king down to ace on top of a cascade, goes to the foundation,
    /// all 13 cards in one move.
    SimpleSimon,
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
            BuildRule::AnySuit | BuildRule::SimpleSimon => true,
        }
    }
}

/// Which cards may be moved into an empty cascade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EmptyCascadeRule {
    /// Any card (FreeCell, Baker's Game).
    AnyCard,
    /// Kings only (King Only Baker's Game, ForeCell, Eight Off, Seahaven Towers, Fan).
    KingsOnly,
    /// Nothing: an emptied cascade stays empty (Baker's Dozen, Good Measure, Cruel).
    Nothing,
}

impl EmptyCascadeRule {
    /// Whether `card` may start an empty cascade.
    #[inline]
    pub const fn accepts(self, card: Card) -> bool {
        match self {
            EmptyCascadeRule::AnyCard => true,
            EmptyCascadeRule::KingsOnly => card.rank().get() == Rank::KING.get(),
            EmptyCascadeRule::Nothing => false,
        }
    }
}

/// How many cards one cascade-to-cascade move may carry, given `f` empty free cells and
/// `e` empty cascades other than the destination.
///
/// Every bounded rule here is at most the standard capacity, so a legal sequence move can
/// always be decomposed into legal single-card moves (see
/// [`Board::decompose`](crate::Board::decompose)). Unless empty cascades take any card, they
/// cannot hold the intermediate runs of a supermove, so `e` counts as 0 there: the capacity
/// is `f + 1`, as both fc-solve (`calc_max_sequence_move` in
/// `fc-solve/source/meta_move_funcs_helpers.h`) and PySolFC
/// (`SuperMoveStack_StackMethods._getMaxMove` in `pysollib/stack.py`) compute it. With no
/// free cell and no usable empty cascade that is one card, which is how Fan, Baker's Dozen,
/// Good Measure and Cruel move single cards. Under [`BuildRule::SimpleSimon`] the capacity
/// counts runs of one suit, not cards.
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
            // e < MAX_CASCADES = 20, so the shift cannot overflow.
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
/// assert!(Rules { cascades: 21, ..Rules::freecell() }.validate().is_err());
/// ```
// `repr(C)`: the fields in their order, so that [`Rules::is_freecell`] reads its first four
// bytes as one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Rules {
    /// Number of free cells, 0 … [`MAX_CELLS`].
    pub free_cells: u8,
    /// Number of cascades, 1 … [`MAX_CASCADES`].
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
    #[error("{0} free cells requested; a game may have 0 to {MAX_CELLS}")]
    FreeCells(u8),
    /// No cascade, or more than [`MAX_CASCADES`].
    #[error("{0} cascades requested; a game may have 1 to {MAX_CASCADES}")]
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

    /// Whether these are [`Rules::freecell`]: `==` as one 32-bit and one byte comparison,
    /// where the derived `==` compares the five fields in turn. The generator, the automove
    /// scan and the move check ask it at every call, to take their copies compiled for
    /// FreeCell's rules.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Rules};
    /// assert!(Rules::freecell().is_freecell());
    /// assert!(Game::ALL.iter().all(|game| game.rules().is_freecell() == (game.rules() == Rules::freecell())));
    /// ```
    #[inline]
    pub const fn is_freecell(self) -> bool {
        const FREECELL: Rules = Rules::freecell();
        Self::first_word(self) == Self::first_word(FREECELL) && self.capacity as u8 == FREECELL.capacity as u8
    }

    /// The first four fields as one word, in their order in memory (see `repr(C)` above).
    #[inline]
    const fn first_word(self) -> u32 {
        u32::from_le_bytes([self.free_cells, self.cascades, self.build as u8, self.empty_cascade as u8])
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

    /// How many cards one cascade-to-cascade move may carry with `free_cells` empty cells
    /// and `empty_cascades` empty cascades other than the destination: the capacity, with
    /// the empty cascades counted only when they take any card (see [`SequenceCapacity`]).
    /// Under [`BuildRule::SimpleSimon`] it counts runs of one suit.
    #[inline]
    pub const fn run_capacity(&self, free_cells: usize, empty_cascades: usize) -> usize {
        self.capacity.capacity(free_cells, self.parking_cascades(empty_cascades))
    }

    /// Whether every move carries one card: no free cell and no empty cascade can hold part
    /// of a run (Fan, Baker's Dozen, Good Measure, Cruel). Not under
    /// [`BuildRule::SimpleSimon`], whose capacity counts runs, not cards.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Game;
    /// assert!(Game::BakersDozen.rules().moves_single_cards());
    /// assert!(!Game::BeleagueredCastle.rules().moves_single_cards());
    /// assert!(!Game::FreeCell.rules().moves_single_cards());
    /// ```
    #[inline]
    pub const fn moves_single_cards(&self) -> bool {
        self.free_cells == 0
            && !matches!(self.build, BuildRule::SimpleSimon)
            && self.run_capacity(0, MAX_CASCADES - 1) == 1
    }

    /// Whether every move carries one card home or onto a cascade's top card: single-card
    /// rules whose emptied cascade takes no card (Baker's Dozen, Good Measure, Cruel). Move
    /// generation ([`generate_moves`](crate::Board::generate_moves)) has a path of its own
    /// for them, which skips the scans for moves into a free cell or an empty cascade.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Game;
    /// assert!(Game::GoodMeasure.rules().moves_onto_cards_only());
    /// assert!(!Game::Fan.rules().moves_onto_cards_only());
    /// assert!(!Game::FreeCell.rules().moves_onto_cards_only());
    /// ```
    #[inline]
    pub const fn moves_onto_cards_only(&self) -> bool {
        self.moves_single_cards() && matches!(self.empty_cascade, EmptyCascadeRule::Nothing)
    }

    /// How many of `empty_cascades` can hold part of a run during a supermove: all of them
    /// when empty cascades take any card, none otherwise (see [`SequenceCapacity`]).
    #[inline]
    pub const fn parking_cascades(&self, empty_cascades: usize) -> usize {
        match self.empty_cascade {
            EmptyCascadeRule::AnyCard => empty_cascades,
            EmptyCascadeRule::KingsOnly | EmptyCascadeRule::Nothing => 0,
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

/// A named game of the FreeCell family: its rules and how a shuffled deck is dealt.
///
/// The names are fc-solve's `--game` names (`fc-solve/source/preset.c`, `fcs_preset_names`)
/// with `-` for `_`; `docs/games.md` gives each game's fc-solve preset and PySolFC class.
/// FreeCell with 0–3 free cells or 4–7 cascades is not a preset: change
/// [`Rules::freecell`]'s counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// FreeCell: 52 cards round-robin into 8 cascades (7, 7, 7, 7, 6, 6, 6, 6).
    #[default]
    FreeCell,
    /// Relaxed FreeCell: FreeCell with runs of any length moving as a unit.
    RelaxedFreeCell,
    /// Baker's Game: dealt as FreeCell, built by suit.
    BakersGame,
    /// King Only Baker's Game: Baker's Game with only kings in empty cascades.
    KingsOnlyBakersGame,
    /// ForeCell: FreeCell's building, kings only in empty cascades, 48 cards in 8 cascades
    /// of 6 and the last 4 in the cells.
    ForeCell,
    /// Eight Off: 48 cards into 8 cascades of 6, the last 4 into 4 of 8 cells.
    EightOff,
    /// Seahaven Towers: 50 cards into 10 cascades of 5, the last 2 into 2 of 4 cells.
    SeahavenTowers,
    /// Relaxed Seahaven Towers: Seahaven Towers with runs of any length moving as a unit.
    RelaxedSeahavenTowers,
    /// Beleaguered Castle: the aces home, 48 cards in 8 cascades of 6, no cells.
    BeleagueredCastle,
    /// Streets and Alleys: Beleaguered Castle's rules, dealt as FreeCell.
    StreetsAndAlleys,
    /// Citadel: Beleaguered Castle's rules; cards that fit a foundation go home while dealing.
    Citadel,
    /// Fan: 18 cascades (17 of 3, 1 of 1), by suit, kings only in empty cascades, single
    /// cards.
    Fan,
    /// Baker's Dozen: 13 cascades of 4, kings beneath, any suit, nothing in empty cascades.
    BakersDozen,
    /// Good Measure: Baker's Dozen on 10 cascades of 5, two aces dealt home.
    GoodMeasure,
    /// Cruel, without PySolFC's redeal (fc-solve's `cruel`): the aces home, 12 cascades
    /// of 4, by suit, nothing in empty cascades.
    Cruel,
    /// Simple Simon: 10 cascades (8, 8, 8, 7, 6, 5, 4, 3, 2, 1), no cells,
    /// [`BuildRule::SimpleSimon`].
    SimpleSimon,
}

impl Game {
    /// Every preset, FreeCell first, in the order of `docs/games.md`.
    pub const ALL: [Game; 16] = [
        Game::FreeCell,
        Game::RelaxedFreeCell,
        Game::BakersGame,
        Game::KingsOnlyBakersGame,
        Game::ForeCell,
        Game::EightOff,
        Game::SeahavenTowers,
        Game::RelaxedSeahavenTowers,
        Game::BeleagueredCastle,
        Game::StreetsAndAlleys,
        Game::Citadel,
        Game::Fan,
        Game::BakersDozen,
        Game::GoodMeasure,
        Game::Cruel,
        Game::SimpleSimon,
    ];

    /// The game's rules: fc-solve's preset of the same name (`gen-presets.pl`).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{EmptyCascadeRule, Game};
    /// assert_eq!(Game::Fan.rules().cascades, 18);
    /// assert_eq!(Game::Cruel.rules().empty_cascade, EmptyCascadeRule::Nothing);
    /// ```
    pub const fn rules(self) -> Rules {
        use BuildRule::{AlternateColour, AnySuit, SameSuit};
        use EmptyCascadeRule::{AnyCard, KingsOnly, Nothing};
        use SequenceCapacity::{Standard, Unlimited};
        let (free_cells, cascades, build, empty_cascade, capacity) = match self {
            Game::FreeCell => (4, 8, AlternateColour, AnyCard, Standard),
            Game::RelaxedFreeCell => (4, 8, AlternateColour, AnyCard, Unlimited),
            Game::BakersGame => (4, 8, SameSuit, AnyCard, Standard),
            Game::KingsOnlyBakersGame => (4, 8, SameSuit, KingsOnly, Standard),
            Game::ForeCell => (4, 8, AlternateColour, KingsOnly, Standard),
            Game::EightOff => (8, 8, SameSuit, KingsOnly, Standard),
            Game::SeahavenTowers => (4, 10, SameSuit, KingsOnly, Standard),
            Game::RelaxedSeahavenTowers => (4, 10, SameSuit, KingsOnly, Unlimited),
            Game::BeleagueredCastle | Game::StreetsAndAlleys | Game::Citadel => (0, 8, AnySuit, AnyCard, Standard),
            Game::Fan => (0, 18, SameSuit, KingsOnly, Standard),
            Game::BakersDozen => (0, 13, AnySuit, Nothing, Standard),
            Game::GoodMeasure => (0, 10, AnySuit, Nothing, Standard),
            Game::Cruel => (0, 12, SameSuit, Nothing, Standard),
            Game::SimpleSimon => (0, 10, BuildRule::SimpleSimon, AnyCard, Standard),
        };
        Rules { free_cells, cascades, build, empty_cascade, capacity }
    }

    /// How many cards of the deck go to the free cells rather than the cascades
    /// ([`Dealing::cells`](crate::Dealing::cells) of [`Game::variant`]).
    pub fn cards_in_cells(self) -> usize {
        usize::from(self.variant().deal.cells)
    }

    /// The name used on the command line: fc-solve's `--game` name with `-` for `_`
    /// (`freecell`, `kings-only-bakers-game`, `simple-simon`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Game::FreeCell => "freecell",
            Game::RelaxedFreeCell => "relaxed-freecell",
            Game::BakersGame => "bakers-game",
            Game::KingsOnlyBakersGame => "kings-only-bakers-game",
            Game::ForeCell => "forecell",
            Game::EightOff => "eight-off",
            Game::SeahavenTowers => "seahaven-towers",
            Game::RelaxedSeahavenTowers => "relaxed-seahaven-towers",
            Game::BeleagueredCastle => "beleaguered-castle",
            Game::StreetsAndAlleys => "streets-and-alleys",
            Game::Citadel => "citadel",
            Game::Fan => "fan",
            Game::BakersDozen => "bakers-dozen",
            Game::GoodMeasure => "good-measure",
            Game::Cruel => "cruel",
            Game::SimpleSimon => "simple-simon",
        }
    }

    /// The game's other names: fc-solve's `--game` names (`fcs_preset_names` in
    /// `fc-solve/source/preset.c`), which are also `pysol-cards`' spellings, all accepted
    /// by [`Game::from_str`](std::str::FromStr) as [`Game::name`] is.
    ///
    /// ```
    /// use freecell_core::Game;
    /// assert_eq!(Game::KingsOnlyBakersGame.aliases(), ["kings_only_bakers_game", "ko_bakers_game"]);
    /// for game in Game::ALL {
    ///     for alias in game.aliases() {
    ///         assert_eq!(alias.parse::<Game>(), Ok(game));
    ///     }
    /// }
    /// ```
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Game::FreeCell => &["freecell"],
            Game::RelaxedFreeCell => &["relaxed_freecell"],
            Game::BakersGame => &["bakers_game"],
            Game::KingsOnlyBakersGame => &["kings_only_bakers_game", "ko_bakers_game"],
            Game::ForeCell => &["forecell"],
            Game::EightOff => &["eight_off"],
            Game::SeahavenTowers => &["seahaven_towers", "seahaven"],
            Game::RelaxedSeahavenTowers => &["relaxed_seahaven_towers", "relaxed_seahaven"],
            Game::BeleagueredCastle => &["beleaguered_castle"],
            Game::StreetsAndAlleys => &["streets_and_alleys"],
            Game::Citadel => &["citadel"],
            Game::Fan => &["fan"],
            Game::BakersDozen => &["bakers_dozen"],
            Game::GoodMeasure => &["good_measure"],
            Game::Cruel => &["cruel"],
            Game::SimpleSimon => &["simple_simon"],
        }
    }

    /// One line on the game's rules, for a list of games.
    pub const fn description(self) -> &'static str {
        match self {
            Game::FreeCell => "4 cells, 8 cascades, alternate colours, any card to an empty cascade",
            Game::RelaxedFreeCell => "FreeCell, and runs of any length move as a unit",
            Game::BakersGame => "FreeCell building by suit",
            Game::KingsOnlyBakersGame => "Baker's Game, only kings to an empty cascade; runs of f+1 cards",
            Game::ForeCell => "FreeCell with 4 cards dealt to the cells, kings only to an empty cascade",
            Game::EightOff => "8 cells (4 dealt full), 8 cascades, by suit, kings only to an empty cascade",
            Game::SeahavenTowers => "4 cells (2 dealt full), 10 cascades, by suit, kings only to an empty cascade",
            Game::RelaxedSeahavenTowers => "Seahaven Towers, and runs of any length move as a unit",
            Game::BeleagueredCastle => "aces dealt home, no cells, 8 cascades, any suit, runs of 2^e cards",
            Game::StreetsAndAlleys => "Beleaguered Castle dealt as FreeCell, aces not home",
            Game::Citadel => "Beleaguered Castle where cards go home while they are dealt",
            Game::Fan => "no cells, 18 cascades, by suit, single cards, kings only to an empty cascade",
            Game::BakersDozen => "no cells, 13 cascades, kings beneath, any suit, single cards, no refilling",
            Game::GoodMeasure => "Baker's Dozen on 10 cascades of 5 with two aces dealt home",
            Game::Cruel => "aces home, no cells, 12 cascades, by suit, single cards, no refilling (no redeal)",
            Game::SimpleSimon => "no cells, 10 cascades, any suit; runs of one suit move; only whole suits go home",
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
#[error("unknown game {}; expected one of {}", quote(.0), game_names())]
pub struct ParseGameError(pub String);

fn game_names() -> String {
    Game::ALL.map(Game::name).join(" ")
}

impl FromStr for Game {
    type Err = ParseGameError;

    /// Accepts the [`Game::name`] and fc-solve's other spellings (`ko_bakers_game`,
    /// `seahaven`, `relaxed_seahaven`), case-insensitively, with `-`, `_`, `'` or spaces
    /// in any combination (`"Baker's Game"`, `bakers_game`, `EightOff`).
    fn from_str(s: &str) -> Result<Game, ParseGameError> {
        let squashed: String = s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
        let game = match squashed.as_str() {
            "freecell" => Game::FreeCell,
            "relaxedfreecell" => Game::RelaxedFreeCell,
            "bakersgame" | "bakers" => Game::BakersGame,
            "kingsonlybakersgame" | "kingonlybakersgame" | "kobakersgame" => Game::KingsOnlyBakersGame,
            "forecell" => Game::ForeCell,
            "eightoff" => Game::EightOff,
            "seahaventowers" | "seahaven" => Game::SeahavenTowers,
            "relaxedseahaventowers" | "relaxedseahaven" => Game::RelaxedSeahavenTowers,
            "beleagueredcastle" => Game::BeleagueredCastle,
            "streetsandalleys" => Game::StreetsAndAlleys,
            "citadel" => Game::Citadel,
            "fan" => Game::Fan,
            "bakersdozen" => Game::BakersDozen,
            "goodmeasure" => Game::GoodMeasure,
            "cruel" | "cruelnoredeal" => Game::Cruel,
            "simplesimon" => Game::SimpleSimon,
            _ => return Err(ParseGameError(s.to_owned())),
        };
        Ok(game)
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

    /// Kings-only and nothing-to-empty games move `f + 1` cards whatever the empty cascades
    /// (fc-solve's `calc_max_sequence_move`, PySolFC's `_getMaxMove`): Eight Off with 3
    /// empty cells and 2 empty cascades moves 4, not 16.
    #[test]
    fn only_any_card_empty_cascades_double_the_capacity() {
        for game in [Game::EightOff, Game::SeahavenTowers, Game::ForeCell, Game::KingsOnlyBakersGame, Game::Cruel] {
            let rules = game.rules();
            assert_eq!(rules.run_capacity(3, 2), 4, "{game}");
            assert_eq!(rules.run_capacity(0, 5), 1, "{game}");
        }
        assert_eq!(Game::FreeCell.rules().run_capacity(3, 2), 16);
        assert_eq!(Game::BeleagueredCastle.rules().run_capacity(0, 2), 4);
        assert_eq!(Game::RelaxedSeahavenTowers.rules().run_capacity(0, 0), usize::MAX);
    }

    #[test]
    fn game_names_round_trip() {
        for game in Game::ALL {
            assert_eq!(game.name().parse::<Game>(), Ok(game));
            assert!(game.rules().validate().is_ok());
        }
        assert_eq!("Baker's Game".parse::<Game>(), Ok(Game::BakersGame));
        for (alias, game) in [
            ("ko_bakers_game", Game::KingsOnlyBakersGame),
            ("kings_only_bakers_game", Game::KingsOnlyBakersGame),
            ("seahaven", Game::SeahavenTowers),
            ("relaxed_seahaven", Game::RelaxedSeahavenTowers),
            ("relaxed_seahaven_towers", Game::RelaxedSeahavenTowers),
            ("simple_simon", Game::SimpleSimon),
        ] {
            assert_eq!(alias.parse::<Game>(), Ok(game), "{alias}");
        }
        assert!("klondike".parse::<Game>().is_err());
    }
}
