//! Cards, suits, ranks and colours.
//!
//! A [`Card`] is one byte: `4 · (rank − 1) + suit`, with suits ordered Clubs, Diamonds,
//! Hearts, Spades. That is the deck order of the Microsoft shuffle, so a card's index is
//! also its position in the unshuffled deck.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::quote::{hidden_reason, quote};

/// One of the four suits, in the order of the Microsoft deck: Clubs, Diamonds, Hearts, Spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣, black.
    Clubs = 0,
    /// ♦, red.
    Diamonds = 1,
    /// ♥, red.
    Hearts = 2,
    /// ♠, black.
    Spades = 3,
}

impl Suit {
    /// All suits in deck order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with the given index (0 = clubs … 3 = spades), or `None`.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Suit;
    /// assert_eq!(Suit::from_index(2), Some(Suit::Hearts));
    /// assert_eq!(Suit::from_index(4), None);
    /// ```
    #[inline]
    pub const fn from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit with the given index, spades for any index above 3:
    /// [`from_index`](Self::from_index) for the callers that know the index is in range and
    /// want no branch (this compiles to one `min`).
    #[inline]
    pub(crate) const fn of_index(index: u8) -> Suit {
        match if index < 3 { index } else { 3 } {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// This suit's index, 0 … 3.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This suit's thirteen cards as a set of deck indices (bit `i` for the card of
    /// [`Card::index`] `i`): one bit in four, from the ace's.
    #[inline]
    pub const fn card_bits(self) -> u64 {
        const CLUBS: u64 = {
            let mut set = 0;
            let mut rank = 0;
            while rank < 13 {
                set |= 1 << (4 * rank);
                rank += 1;
            }
            set
        };
        CLUBS << self as u64
    }

    /// Red for diamonds and hearts, black for clubs and spades.
    #[inline]
    pub const fn colour(self) -> Colour {
        match self {
            Suit::Diamonds | Suit::Hearts => Colour::Red,
            Suit::Clubs | Suit::Spades => Colour::Black,
        }
    }

    /// The letter used by the text formats: `C`, `D`, `H` or `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit for a letter (either case), or `None`.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A card's colour; FreeCell's cascades alternate colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Clubs and spades.
    Black,
    /// Diamonds and hearts.
    Red,
}

/// A rank from ace (1) to king (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The ace, 1.
    pub const ACE: Rank = Rank(1);
    /// The king, 13.
    pub const KING: Rank = Rank(13);

    /// The rank with the given value 1 … 13, or `None`.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Rank;
    /// assert_eq!(Rank::new(13), Some(Rank::KING));
    /// assert_eq!(Rank::new(0), None);
    /// ```
    #[inline]
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 { Some(Rank(value)) } else { None }
    }

    /// The value 1 … 13.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The symbol used by the text formats: `A 2 … 9 T J Q K`.
    pub const fn symbol(self) -> char {
        b"A23456789TJQK"[(self.0 - 1) as usize] as char
    }

    /// The rank for a symbol (`A 2-9 T J Q K`, either case), or `None`. Ten as `10` is
    /// handled by the card parser.
    pub const fn from_symbol(symbol: char) -> Option<Rank> {
        let value = match symbol.to_ascii_uppercase() {
            'A' => 1,
            c @ '2'..='9' => c as u8 - b'0',
            'T' => 10,
            'J' => 11,
            'Q' => 12,
            'K' => 13,
            _ => return None,
        };
        Some(Rank(value))
    }
}

/// A playing card, one byte: `4 · (rank − 1) + suit`.
///
/// # Examples
/// ```
/// use freecell_core::{Card, Rank, Suit};
/// let card: Card = "TD".parse().unwrap();
/// assert_eq!(card.rank().get(), 10);
/// assert_eq!(card.suit(), Suit::Diamonds);
/// assert_eq!(card.to_string(), "TD");
/// assert_eq!("10d".parse::<Card>(), Ok(card));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of cards in the deck.
    pub const COUNT: usize = 52;

    /// The card of the given rank and suit.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank.0 - 1) * 4 + suit as u8)
    }

    /// The card with deck index 0 … 51 (`4 · (rank − 1) + suit`), or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// This card's deck index, 0 … 51.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 4 + 1)
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        match Suit::from_index(self.0 % 4) {
            Some(suit) => suit,
            None => unreachable!(),
        }
    }

    /// The colour.
    #[inline]
    pub const fn colour(self) -> Colour {
        self.suit().colour()
    }

    /// All 52 cards in deck order (A♣ A♦ A♥ A♠ 2♣ …).
    pub fn deck() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + Clone {
        (0..52u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a token is not a card.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} is not a card: {reason}", quote(.token))]
#[non_exhaustive]
pub struct ParseCardError {
    /// The token that failed to parse.
    pub token: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Why a token is not a card: the reasons of [`ParseCardError`].
mod reason {
    pub(super) const SHAPE: &str = "a card is a rank and a suit, like `JD` or `10H`";
    pub(super) const EMPTY: &str = "it is empty; a card is a rank and a suit, like `JD` or `10H`";
    pub(super) const NO_SUIT: &str = "the suit is missing (a card is a rank and a suit, like `JD` or `10H`)";
    pub(super) const RANK: &str = "unknown rank (expected A, 2-9, T, J, Q or K)";
    pub(super) const ONE: &str = "unknown rank: an ace is written `A`";
    pub(super) const FACE: &str = "unknown rank: a jack, a queen and a king are written `J`, `Q` and `K`";
    pub(super) const ZERO: &str = "unknown rank: a ten is written `T` or `10`";
    pub(super) const SUIT_FIRST: &str = "the rank comes first, then the suit, like `KH`";
    pub(super) const SUIT: &str = "unknown suit (expected C, D, H or S)";
    pub(super) const SUIT_SYMBOL: &str = "unknown suit: suits are written as the letters C, D, H and S";
}

/// The suit symbols, filled and outlined, which some texts write for the letters.
fn is_suit_symbol(c: char) -> bool {
    matches!(c, '♣' | '♦' | '♥' | '♠' | '♧' | '♢' | '♡' | '♤')
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses rank then suit: `A 2-9 T J Q K` (or `10`) followed by `C D H S`, either case
    /// (fc-solve reads either case too).
    ///
    /// # Errors
    /// [`ParseCardError`], whose reason says what is wrong: a rank written `1` or `11`,
    /// the suit first, a suit symbol such as `♥`, something after the suit, a hidden
    /// character such as a byte-order mark.
    fn from_str(token: &str) -> Result<Card, ParseCardError> {
        let error = |reason| ParseCardError { token: token.to_owned(), reason };
        if token.is_empty() {
            return Err(error(reason::EMPTY));
        }
        if let Some(reason) = hidden_reason(token) {
            return Err(error(reason));
        }
        let mut chars = token.chars();
        let (first, second) = (chars.next(), chars.next());
        let (rank, rest) = match token.strip_prefix("10") {
            Some(rest) => (Some(Rank(10)), rest),
            None => (first.and_then(Rank::from_symbol), first.map_or("", |c| &token[c.len_utf8()..])),
        };
        let Some(rank) = rank else {
            return Err(error(match (first, second) {
                (Some('1'), Some('1'..='3')) => reason::FACE,
                (Some('1'), _) => reason::ONE,
                (Some('0'), _) => reason::ZERO,
                (Some(suit), Some(rank))
                    if (Suit::from_letter(suit).is_some() || is_suit_symbol(suit))
                        && Rank::from_symbol(rank).is_some() =>
                {
                    reason::SUIT_FIRST
                }
                _ if token.chars().count() > 3 => reason::SHAPE,
                _ => reason::RANK,
            }));
        };
        let mut rest = rest.chars();
        match (rest.next(), rest.next()) {
            (None, _) => Err(error(reason::NO_SUIT)),
            (Some(letter), None) => match Suit::from_letter(letter) {
                Some(suit) => Ok(Card::new(rank, suit)),
                None if is_suit_symbol(letter) => Err(error(reason::SUIT_SYMBOL)),
                None => Err(error(reason::SUIT)),
            },
            (Some(_), Some(_)) => Err(error(reason::SHAPE)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_order_is_rank_major_clubs_diamonds_hearts_spades() {
        let first: Vec<String> = Card::deck().take(5).map(|c| c.to_string()).collect();
        assert_eq!(first, ["AC", "AD", "AH", "AS", "2C"]);
        assert_eq!(Card::deck().last().map(|c| c.to_string()), Some("KS".to_owned()));
    }

    #[test]
    fn every_card_round_trips_through_text() {
        for card in Card::deck() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn a_suits_card_bits_are_its_thirteen_cards() {
        for suit in [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades] {
            assert_eq!(suit.card_bits().count_ones(), 13);
            for card in Card::deck() {
                assert_eq!(suit.card_bits() >> card.index() & 1 == 1, card.suit() == suit, "{card} in {suit:?}");
            }
        }
    }

    #[test]
    fn colours() {
        assert_eq!("QH".parse::<Card>().unwrap().colour(), Colour::Red);
        assert_eq!("QD".parse::<Card>().unwrap().colour(), Colour::Red);
        assert_eq!("QS".parse::<Card>().unwrap().colour(), Colour::Black);
        assert_eq!("QC".parse::<Card>().unwrap().colour(), Colour::Black);
    }

    #[test]
    fn bad_cards_are_rejected() {
        for bad in ["", "A", "1H", "AX", "11H", "TDX", "ZZ", "♥A"] {
            assert!(bad.parse::<Card>().is_err(), "{bad} parsed");
        }
    }
}
