//! [`Variant`]: a whole game as data, its [`Rules`] and how a shuffled deck is dealt
//! ([`Dealing`]), so that a file can describe any game of the family and every
//! [`Game`] preset is one such value.

use thiserror::Error;

use crate::card::Card;
use crate::layout::Layout;
use crate::rules::{Game, MAX_CASCADES, Rules, RulesError};

/// A game of the FreeCell family: its rules and its deal.
///
/// Every preset is one ([`Game::variant`]); with the `serde` feature a variant reads and
/// writes as the rule-file format of `docs/games.md`, and with the `files` feature
// The links only resolve where the feature compiles the functions in.
#[cfg_attr(feature = "files", doc = "[`Variant::from_toml`] and [`Variant::from_json`] read")]
#[cfg_attr(not(feature = "files"), doc = "`Variant::from_toml` and `Variant::from_json` read")]
/// such files with errors that name the field and its line.
///
/// # Examples
/// ```
/// use freecell_core::{Card, Game, Variant};
/// // FreeCell with 2 cells and 10 cascades, dealt round-robin.
/// let mut variant = Game::FreeCell.variant();
/// variant.rules.free_cells = 2;
/// variant.rules.cascades = 10;
/// variant.validate()?;
/// let deck: Vec<Card> = Card::deck().collect();
/// let layout = variant.deal(&deck);
/// assert_eq!(layout.cascades.iter().map(Vec::len).collect::<Vec<_>>(), [6, 6, 5, 5, 5, 5, 5, 5, 5, 5]);
/// // Eight Off deals 4 cards to its cells, which 2 cells cannot hold.
/// let mut eight_off = Game::EightOff.variant();
/// eight_off.rules.free_cells = 2;
/// assert!(eight_off.validate().is_err());
/// # Ok::<(), freecell_core::VariantError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Variant {
    /// The rules of play.
    pub rules: Rules,
    /// How a shuffled deck is laid out.
    pub deal: Dealing,
}

/// How a game lays out a shuffled deck, in the steps PySolFC's game classes take
/// (`shlomif/PySolFC`, `pysollib/games/`): kings beneath, aces home, cards to the cells,
/// then the rest to the cascades in rounds.
///
/// The default deals every card round-robin into the cascades, card `i` to cascade
/// `i mod n`, the first card dealt to a cascade its deepest: the Microsoft deal, and how
/// Solvitaire and PySolFC's `SevenByFour` deal FreeCell with other cascade counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dealing {
    /// How many of the last cards dealt go to the free cells, first cells first (ForeCell
    /// and Eight Off 4, Seahaven Towers 2). At most the rules' free cells.
    pub cells: u8,
    /// How many aces go to the foundations before the deal: the last `aces_home` aces in
    /// dealing order, 0 to 4 (Beleaguered Castle, Citadel and Cruel 4, Good Measure 2).
    /// The other cards keep their order.
    pub aces_home: u8,
    /// Citadel: a card dealt onto nothing but its foundation's next card goes home instead,
    /// and its cascade is a card short that round.
    pub home_while_dealing: bool,
    /// Baker's Dozen and Good Measure (PySolFC's `BakersDozen._shuffleHook`): the deck is
    /// dealt in reverse order, and each king trades places with the first non-king dealt
    /// earlier into its cascade, so kings lie beneath the other cards of their cascade.
    /// Done before the aces go home.
    pub kings_beneath: bool,
    /// The rounds the cascade cards are dealt in, one card per cascade of each round; empty
    /// means round-robin over all cascades. The rounds must have room for every card
    /// that is not dealt to a cell or a foundation; the last round may be short.
    pub rounds: Vec<Round>,
}

/// One or more dealing rounds over a run of cascades: a card to each of cascades `first`
/// to `last` (numbered from 1, as players count them), in order, `times` times.
///
/// Fan deals 17 cascades three times and the last card to the 18th
/// (`[Round::new(1, 17, 3), Round::new(18, 18, 1)]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    /// The first cascade of the round, from 1.
    pub first: u8,
    /// The last cascade of the round, from `first` to the rules' cascades.
    pub last: u8,
    /// How many times the round is dealt, at least 1.
    pub times: u8,
}

impl Round {
    /// Cascades `first` to `last` (from 1), `times` times.
    pub const fn new(first: u8, last: u8, times: u8) -> Round {
        Round { first, last, times }
    }

    /// How many cards the round deals.
    pub const fn cards(self) -> usize {
        (self.last as usize + 1).saturating_sub(self.first as usize) * self.times as usize
    }
}

/// Why a [`Variant`] is not a game that can be dealt. Each names the field of the
/// rule-file format that is wrong ([`VariantError::field`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The rules' counts are out of range.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// More cards dealt to the cells than the game has cells.
    #[error("{cells} cards are dealt to the free cells, but the game has {free_cells} free cells")]
    CellsOverflow {
        /// Cards dealt to the cells.
        cells: u8,
        /// The rules' free cells.
        free_cells: u8,
    },
    /// More than four aces sent home.
    #[error("{0} aces sent home; a deck has 4")]
    Aces(u8),
    /// A round names cascades the game does not have, or none, or is dealt no time.
    #[error(
        "round {} (first {}, last {}, times {}) does not fit: cascades are 1 to {cascades}, first at most last, times at least 1",
        .index + 1, .round.first, .round.last, .round.times
    )]
    Round {
        /// The round's index in [`Dealing::rounds`], from 0.
        index: usize,
        /// The round.
        round: Round,
        /// The rules' cascades.
        cascades: u8,
    },
    /// The rounds have room for fewer cards than go to the cascades.
    #[error("the rounds deal {slots} cards, but {cards} go to the cascades")]
    RoundsTooShort {
        /// Cards the rounds deal.
        slots: usize,
        /// Cards left for the cascades after the cells and foundations.
        cards: usize,
    },
}

impl VariantError {
    /// The field of the rule-file format the error is about, as a path of keys
    /// (`["deal", "cells"]`, `["deal", "rounds", "2"]`: array elements by their index
    /// from 0).
    pub fn field(&self) -> Vec<String> {
        let path: &[&str] = match self {
            VariantError::Rules(RulesError::FreeCells(_)) => &["free-cells"],
            VariantError::Rules(_) => &["cascades"],
            VariantError::CellsOverflow { .. } => &["deal", "cells"],
            VariantError::Aces(_) => &["deal", "aces-home"],
            VariantError::Round { index, .. } => {
                return vec!["deal".to_owned(), "rounds".to_owned(), index.to_string()];
            }
            VariantError::RoundsTooShort { .. } => &["deal", "rounds"],
        };
        path.iter().map(|&key| key.to_owned()).collect()
    }
}

impl Variant {
    /// Checks that the variant can deal a deck: the rules in range, the cards dealt to
    /// cells and foundations within their piles, the rounds within the cascades and with
    /// room for the rest of the deck.
    ///
    /// # Errors
    /// The first [`VariantError`] found, in the order of the fields.
    pub fn validate(&self) -> Result<(), VariantError> {
        self.rules.validate()?;
        let deal = &self.deal;
        if deal.cells > self.rules.free_cells {
            return Err(VariantError::CellsOverflow { cells: deal.cells, free_cells: self.rules.free_cells });
        }
        if deal.aces_home > 4 {
            return Err(VariantError::Aces(deal.aces_home));
        }
        let cascades = self.rules.cascades;
        for (index, &round) in deal.rounds.iter().enumerate() {
            if round.first == 0 || round.first > round.last || round.last > cascades || round.times == 0 {
                return Err(VariantError::Round { index, round, cascades });
            }
        }
        let cards = 52 - usize::from(deal.cells) - usize::from(deal.aces_home);
        let slots: usize = deal.rounds.iter().map(|round| round.cards()).sum();
        if !deal.rounds.is_empty() && slots < cards {
            return Err(VariantError::RoundsTooShort { slots, cards });
        }
        Ok(())
    }

    /// Deals `cards`, in dealing order (the first card dealt first), as [`Dealing`] says.
    ///
    /// A validated variant places all 52 cards of a deck; cards beyond what the rounds or
    /// the piles hold are left out, so the layout then fails to become a board.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Card, Game};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let castle = Game::BeleagueredCastle.variant().deal(&deck);
    /// assert_eq!(castle.foundations, [1; 4]);
    /// assert!(castle.cascades.iter().all(|c| c.len() == 6));
    /// ```
    pub fn deal(&self, cards: &[Card]) -> Layout {
        let deal = &self.deal;
        let mut layout = Layout::empty(self.rules);
        let targets = self.targets(cards.len());
        let mut order = cards.to_vec();
        if deal.kings_beneath {
            order.reverse();
            kings_beneath(&mut order, &targets);
        }
        for _ in 0..deal.aces_home {
            if let Some(i) = order.iter().rposition(|card| card.rank().get() == 1) {
                let ace = order.remove(i);
                layout.foundations[ace.suit().index()] = 1;
            }
        }
        let to_cells = order.split_off(order.len().saturating_sub(usize::from(deal.cells)));
        for (cell, card) in layout.cells.iter_mut().zip(to_cells) {
            *cell = Some(card);
        }
        for (&cascade, card) in targets.iter().zip(order) {
            let home = &mut layout.foundations[card.suit().index()];
            if deal.home_while_dealing && *home + 1 == card.rank().get() {
                *home += 1;
            } else if let Some(pile) = layout.cascades.get_mut(cascade) {
                pile.push(card);
            }
        }
        layout
    }

    /// The cascade (from 0) each of the first `count` cards dealt to the cascades goes to.
    fn targets(&self, count: usize) -> Vec<usize> {
        if self.deal.rounds.is_empty() {
            let columns = usize::from(self.rules.cascades).clamp(1, MAX_CASCADES);
            return (0..columns).cycle().take(count).collect();
        }
        let rounds = self.deal.rounds.iter().flat_map(|round| {
            let cascades = usize::from(round.first).saturating_sub(1)..usize::from(round.last);
            std::iter::repeat_n(cascades, usize::from(round.times)).flatten()
        });
        rounds.take(count).collect()
    }
}

impl std::fmt::Display for Variant {
    /// The rules and the deal in one line: cells (and how many are dealt full), cascades,
    /// building, empty cascades, run moves, dealing.
    ///
    /// ```
    /// use freecell_core::Game;
    /// assert_eq!(
    ///     Game::EightOff.variant().to_string(),
    ///     "8 cells (4 dealt full), 8 cascades, by suit, kings only to an empty cascade, runs of f+1 cards, dealt round-robin"
    /// );
    /// assert_eq!(
    ///     Game::Fan.variant().to_string(),
    ///     "no cells, 18 cascades, by suit, kings only to an empty cascade, single cards, \
    ///      dealt in rounds over cascades 1-17 3 times, 18"
    /// );
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::rules::{BuildRule, EmptyCascadeRule, SequenceCapacity};
        let (rules, deal) = (&self.rules, &self.deal);
        match (rules.free_cells, deal.cells) {
            (0, _) => f.write_str("no cells")?,
            (1, 0) => f.write_str("1 cell")?,
            (n, 0) => write!(f, "{n} cells")?,
            (n, full) => write!(f, "{n} cells ({full} dealt full)")?,
        }
        let cascades = rules.cascades;
        write!(f, ", {cascades} cascade{}, ", if cascades == 1 { "" } else { "s" })?;
        f.write_str(match rules.build {
            BuildRule::AlternateColour => "alternate colours",
            BuildRule::SameSuit => "by suit",
            BuildRule::AnySuit => "any suit",
            BuildRule::SimpleSimon => "any suit (Simple Simon's)",
        })?;
        f.write_str(match rules.empty_cascade {
            EmptyCascadeRule::AnyCard => ", any card to an empty cascade",
            EmptyCascadeRule::KingsOnly => ", kings only to an empty cascade",
            EmptyCascadeRule::Nothing => ", empty cascades stay empty",
        })?;
        // The capacity with empty cascades counted only where they take any card: without
        // them every bounded rule is f+1.
        let parks = rules.parking_cascades(1) == 1;
        let runs = match (rules.capacity, parks, rules.free_cells) {
            (SequenceCapacity::Unlimited, ..) => "runs of any length",
            (SequenceCapacity::SingleCard, ..) | (_, false, 0) => "single cards",
            (_, false, _) => "runs of f+1 cards",
            (SequenceCapacity::Standard, true, 0) => "runs of 2^e cards",
            (SequenceCapacity::Standard, true, _) => "runs of (f+1)·2^e cards",
            (SequenceCapacity::Linear, true, _) => "runs of f+e+1 cards",
            (SequenceCapacity::DeepSupermove, true, _) => "runs of 1+f(e+1)+e(e+1)/2 cards",
        };
        let suit_runs =
            if rules.build == BuildRule::SimpleSimon { " (counted in suit runs), whole suits home" } else { "" };
        write!(f, ", {runs}{suit_runs}")?;
        if deal.kings_beneath {
            f.write_str(", kings beneath (the deck dealt in reverse)")?;
        }
        match deal.aces_home {
            0 => {}
            4 => f.write_str(", the aces home")?,
            n => write!(f, ", the last {n} aces dealt home")?,
        }
        if deal.home_while_dealing {
            f.write_str(", cards home while dealing")?;
        }
        if deal.rounds.is_empty() {
            f.write_str(", dealt round-robin")
        } else {
            f.write_str(", dealt in rounds over cascades ")?;
            for (i, round) in deal.rounds.iter().enumerate() {
                let separator = if i == 0 { "" } else { ", " };
                match (round.first == round.last, round.times) {
                    (true, 1) => write!(f, "{separator}{}", round.first)?,
                    (true, times) => write!(f, "{separator}{} {times} times", round.first)?,
                    (false, 1) => write!(f, "{separator}{}-{}", round.first, round.last)?,
                    (false, times) => write!(f, "{separator}{}-{} {times} times", round.first, round.last)?,
                }
            }
            Ok(())
        }
    }
}

/// Moves each king, in dealing order, beneath the other cards of its cascade: it trades
/// places with the first non-king dealt earlier into the same cascade.
fn kings_beneath(order: &mut [Card], targets: &[usize]) {
    let is_king = |card: Card| card.rank().get() == 13;
    for i in 0..order.len().min(targets.len()) {
        if is_king(order[i])
            && let Some(j) = (0..i).find(|&j| targets[j] == targets[i] && !is_king(order[j]))
        {
            order.swap(i, j);
        }
    }
}

impl Game {
    /// The game as data: its [`Rules`] and its [`Dealing`], PySolFC's placement
    /// (`crates/deals/tests/data/games/README.md` spells it out per game).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Round};
    /// let fan = Game::Fan.variant();
    /// assert_eq!(fan.deal.rounds, [Round::new(1, 17, 3), Round::new(18, 18, 1)]);
    /// assert_eq!(Game::EightOff.variant().deal.cells, 4);
    /// ```
    pub fn variant(self) -> Variant {
        let mut deal = Dealing::default();
        match self {
            Game::ForeCell | Game::EightOff => deal.cells = 4,
            Game::SeahavenTowers | Game::RelaxedSeahavenTowers => deal.cells = 2,
            Game::BeleagueredCastle | Game::Cruel => deal.aces_home = 4,
            Game::Citadel => {
                deal.aces_home = 4;
                deal.home_while_dealing = true;
            }
            Game::Fan => deal.rounds = vec![Round::new(1, 17, 3), Round::new(18, 18, 1)],
            Game::BakersDozen => deal.kings_beneath = true,
            Game::GoodMeasure => {
                deal.kings_beneath = true;
                deal.aces_home = 2;
            }
            Game::SimpleSimon => {
                // Rounds over the first 9, 8, …, 3 cascades, then one over all 10.
                deal.rounds = (3..=9).rev().map(|last| Round::new(1, last, 1)).collect();
                deal.rounds.push(Round::new(1, 10, 1));
            }
            _ => {}
        }
        Variant { rules: self.rules(), deal }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn deck() -> Vec<Card> {
        Card::deck().collect()
    }

    #[test]
    fn every_preset_is_valid_and_deals_a_whole_deck() {
        for game in Game::ALL {
            let variant = game.variant();
            assert_eq!(variant.validate(), Ok(()), "{game}");
            let layout = variant.deal(&deck());
            assert!(crate::WideBoard::try_from(layout).is_ok(), "{game}");
        }
    }

    #[test]
    fn other_cascade_counts_deal_round_robin() {
        for cascades in 1..=20 {
            let variant = Variant { rules: Rules { cascades, ..Rules::freecell() }, deal: Dealing::default() };
            let layout = variant.deal(&deck());
            let lengths: Vec<usize> = layout.cascades.iter().map(Vec::len).collect();
            let n = usize::from(cascades);
            let expected: Vec<usize> = (0..n).map(|i| 52 / n + usize::from(i < 52 % n)).collect();
            assert_eq!(lengths, expected, "{cascades} cascades");
            // Card i goes to cascade i mod n.
            assert_eq!(layout.cascades[n - 1][0], deck()[n - 1]);
        }
    }

    #[test]
    fn bad_deals_are_named() {
        let mut variant = Game::FreeCell.variant();
        variant.rules.cascades = 0;
        assert_eq!(variant.validate(), Err(VariantError::Rules(RulesError::Cascades(0))));
        assert_eq!(variant.validate().unwrap_err().field(), ["cascades"]);

        let mut forecell = Game::ForeCell.variant();
        forecell.rules.free_cells = 3;
        let error = forecell.validate().unwrap_err();
        assert_eq!(error, VariantError::CellsOverflow { cells: 4, free_cells: 3 });
        assert_eq!(error.to_string(), "4 cards are dealt to the free cells, but the game has 3 free cells");

        let mut fan = Game::Fan.variant();
        fan.rules.cascades = 17;
        let error = fan.validate().unwrap_err();
        assert_eq!(error.field(), ["deal", "rounds", "1"]);
        assert!(error.to_string().starts_with("round 2 (first 18, last 18, times 1) does not fit"), "{error}");

        let mut short = Game::FreeCell.variant();
        short.deal.rounds = vec![Round::new(1, 8, 6)];
        assert_eq!(short.validate(), Err(VariantError::RoundsTooShort { slots: 48, cards: 52 }));

        let mut aces = Game::Cruel.variant();
        aces.deal.aces_home = 5;
        assert_eq!(aces.validate(), Err(VariantError::Aces(5)));
    }

    #[test]
    fn the_summary_states_each_run_capacity() {
        use crate::rules::{EmptyCascadeRule, SequenceCapacity};
        let with = |capacity, empty_cascade, free_cells| {
            let rules = Rules { free_cells, empty_cascade, capacity, ..Rules::freecell() };
            Variant { rules, deal: Dealing::default() }.to_string()
        };
        let (any, kings) = (EmptyCascadeRule::AnyCard, EmptyCascadeRule::KingsOnly);
        for (capacity, empty, cells, runs) in [
            (SequenceCapacity::Standard, any, 4, "runs of (f+1)·2^e cards"),
            (SequenceCapacity::Standard, any, 0, "runs of 2^e cards"),
            (SequenceCapacity::Linear, any, 4, "runs of f+e+1 cards"),
            (SequenceCapacity::DeepSupermove, any, 4, "runs of 1+f(e+1)+e(e+1)/2 cards"),
            (SequenceCapacity::DeepSupermove, kings, 4, "runs of f+1 cards"),
            (SequenceCapacity::Linear, kings, 0, "single cards"),
            (SequenceCapacity::Unlimited, kings, 0, "runs of any length"),
            (SequenceCapacity::SingleCard, any, 4, "single cards"),
        ] {
            let summary = with(capacity, empty, cells);
            assert!(summary.contains(&format!(", {runs}, ")), "{capacity:?} {empty:?} {cells}: {summary}");
        }
    }

    #[test]
    fn a_board_holds_the_narrow_presets() {
        for game in Game::ALL {
            let fits = Board::try_from(game.variant().deal(&deck())).is_ok();
            assert_eq!(fits, !matches!(game, Game::Fan | Game::BakersDozen | Game::Cruel), "{game}");
        }
    }
}
