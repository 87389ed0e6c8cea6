//! Standard notation (FreeCell Pro's, with fc-solve's extension) and detailed notation.
//!
//! A move is its source then its destination: cascades `1`–`9` (and `0` for a tenth), free
//! cells `a`–`g` (and `i`, `j`, `k` for an eighth to a tenth, since `h` is taken), the
//! foundations `h`. Games with more than ten cascades (Fan's 18, Baker's Dozen's 13) write
//! cascades 11–20 as `l`–`u`, the letters after the cells' and before `v`: FreeCell Pro's
//! notation has no symbol for them, so this is the workspace's own extension
//! ([`CASCADE_SYMBOLS`]). So `3a`
//! puts cascade 3's top card in cell a, `ah` sends cell a's card home, `38` moves onto
//! cascade 8's top card the run from cascade 3 that fits there. fc-solve's extended notation
//! appends `v` and the card count in hexadecimal to a multi-card move into an empty cascade
//! (`13v2`); without it such a move carries one card.
//!
//! *Detailed* notation writes every single-card move of each supermove, so it uses the same
//! tokens, each moving one card.

use std::fmt::{self, Write as _};

use thiserror::Error;

use crate::board::BoardN;
use crate::moves::{CASCADE_SYMBOLS, CELL_SYMBOLS};
use crate::moves::{Move, MoveError, Pile, PileKind};
use crate::quote::{hidden_reason, quote};
use crate::rules::BuildRule;

/// Which notation to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// One token per move, sequence moves included (`38`, `13v2`).
    #[default]
    Standard,
    /// One token per single-card move: sequence moves are decomposed.
    Detailed,
}

/// Why a token is not a move on a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// The token is not `<source><destination>[v<hex count>]`.
    #[error("{} is not a move: {reason}", quote(.token))]
    Syntax {
        /// The token.
        token: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// The token names a move the position does not allow.
    #[error("{} is illegal here: {error}", quote(.token))]
    Illegal {
        /// The token.
        token: String,
        /// The rule the move breaks.
        error: MoveError,
    },
}

/// A move written in standard notation, before the board fills in its card count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Written {
    /// Source: a cascade or a free cell (`h` is rejected as a source).
    pub from: Pile,
    /// Destination; a foundation is resolved to the moving card's suit.
    pub to: Pile,
    /// The `v` count, when given.
    pub count: Option<u8>,
}

fn pile_symbol(symbol: char) -> Option<Pile> {
    let symbol = u8::try_from(symbol.to_ascii_lowercase()).ok()?;
    if symbol == b'h' {
        // The suit is filled in when the token is resolved against a board.
        return Some(Pile::foundation(crate::Suit::Clubs));
    }
    if let Some(i) = CASCADE_SYMBOLS.iter().position(|&s| s == symbol) {
        return Some(Pile::cascade(i));
    }
    CELL_SYMBOLS.iter().position(|&s| s == symbol).map(Pile::cell)
}

impl Written {
    /// Parses a token without a board.
    ///
    /// # Errors
    /// [`NotationError::Syntax`].
    pub fn parse(token: &str) -> Result<Written, NotationError> {
        let syntax = |reason| NotationError::Syntax { token: token.to_owned(), reason };
        if let Some(reason) = hidden_reason(token) {
            return Err(syntax(reason));
        }
        let mut chars = token.chars();
        let (Some(from), Some(to)) = (chars.next(), chars.next()) else {
            return Err(syntax("a move is two symbols: source then destination (like `3a` or `38`)"));
        };
        let from = pile_symbol(from).ok_or_else(|| {
            syntax(
                "the source is not a pile (piles are cascades 1-9, 0 and l-u, free cells a-g and i-k, foundations h)",
            )
        })?;
        if from.is_foundation() {
            return Err(syntax("`h` (the foundations) cannot be a source: cards never leave a foundation"));
        }
        let to = pile_symbol(to).ok_or_else(|| {
            syntax("the destination is not a pile (piles are cascades 1-9, 0 and l-u, free cells a-g and i-k, foundations h)")
        })?;
        let rest = chars.as_str();
        let count = if rest.is_empty() {
            None
        } else {
            let hex = rest.strip_prefix('v').or_else(|| rest.strip_prefix('V')).ok_or_else(|| {
                syntax(
                    "only `v` and a hexadecimal count may follow the two piles (separate moves with spaces or commas)",
                )
            })?;
            // `from_str_radix` alone would also take a sign: `v+2`.
            match u8::from_str_radix(hex, 16) {
                Ok(n) if n > 0 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => Some(n),
                _ => return Err(syntax("`v` needs a card count in hexadecimal from 1 to ff, like `v2` or `vA`")),
            }
        };
        Ok(Written { from, to, count })
    }
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// Reads one standard- or detailed-notation token as a move on this board.
    ///
    /// `38` onto a card carries the run that fits on it; into an empty cascade it carries
    /// one card unless a `v` count says more.
    ///
    /// # Errors
    /// [`NotationError::Syntax`] for a malformed token, [`NotationError::Illegal`] with the
    /// broken rule when the move is not legal here.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Pile};
    /// let board: Board = "Foundations: H-9 C-K D-Q S-T\nKH QS JH\nKD\nTH KS QH JS\n".parse().unwrap();
    /// let mv = board.parse_move("12").unwrap(); // QS JH onto KD
    /// assert_eq!((mv.to(), mv.count()), (Pile::cascade(1), 2));
    /// let error = board.parse_move("1h").unwrap_err();
    /// assert_eq!(error.to_string(), "`1h` is illegal here: JH cannot go home yet: its foundation needs TH");
    /// ```
    pub fn parse_move(&self, token: &str) -> Result<Move, NotationError> {
        let written = Written::parse(token)?;
        let to = self.resolve_destination(written.from, written.to);
        // Standard notation: into an empty cascade one card, unless a `v` count says more.
        let count = written.count.unwrap_or_else(|| self.inferred_count(written.from, to, || 1));
        let mv = Move::new(written.from, to, count);
        self.check(mv).map_err(|error| NotationError::Illegal { token: token.to_owned(), error })?;
        Ok(mv)
    }

    /// The move a player means by taking cards from `from` and dropping them on `to`, as a
    /// game's two clicks or a drag: the count and, for a foundation, its suit inferred the
    /// way [`parse_move`](Self::parse_move) reads a token without a `v` count, except
    /// into an empty cascade, where it carries the longest run that may legally go there
    /// rather than one card.
    ///
    /// - Onto a card: the run on `from` whose deepest card builds on it.
    /// - Into an empty cascade: the longest run on top of `from` that the free cells and
    ///   the other empty cascades let move (and, where only kings fill empty cascades,
    ///   that starts with a king). For fewer cards, play `Move::new(from, to, count)`.
    /// - To a foundation: `to` may be any suit's ([`Pile::foundation`]); the moving card's
    ///   own suit is used.
    /// - To or from a free cell: one card.
    ///
    /// The piles for which it is `Ok` are where the cards on `from` can go: what a game
    /// highlights when the player picks them up.
    ///
    /// # Errors
    /// [`MoveError`] naming the rule the inferred move breaks, exactly as
    /// [`check`](Self::check) would: an empty source, cards that do not build on the
    /// destination, more than the free cells allow, a pile the rules lack.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, MoveError, NextHome, Pile, Suit};
    /// // Three cascades listed; the other five are empty.
    /// let board: Board = "Foundations: H-9 C-K D-Q S-T\nKH QS JH\nKD\nTH KS QH JS\n".parse()?;
    /// // QS JH onto KD: the run that builds there.
    /// let mv = board.move_between(Pile::cascade(0), Pile::cascade(1))?;
    /// assert_eq!((mv.to(), mv.count()), (Pile::cascade(1), 2));
    /// // Into an empty cascade: as many as may move, here the run KS QH JS.
    /// assert_eq!(board.move_between(Pile::cascade(2), Pile::cascade(3))?.count(), 3);
    /// // Home: any foundation stands for the moving card's own.
    /// let home = board.move_between(Pile::cascade(2), Pile::foundation(Suit::Clubs))?;
    /// assert_eq!(home.to(), Pile::foundation(Suit::Spades));
    /// let error = board.move_between(Pile::cascade(0), Pile::foundation(Suit::Hearts)).unwrap_err();
    /// assert_eq!(error, MoveError::NotNextHome { card: "JH".parse()?, needs: NextHome::Card("TH".parse()?) });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_between(&self, from: Pile, to: Pile) -> Result<Move, MoveError> {
        let to = self.resolve_destination(from, to);
        let mv = Move::new(from, to, self.inferred_count(from, to, || self.longest_into_empty(from, to)));
        self.check(mv)?;
        Ok(mv)
    }

    /// `to`, with a foundation resolved to the suit of the card `from` would move (left
    /// as it is when `from` has none, for [`check`](crate::BoardN::check) to name the fault).
    fn resolve_destination(&self, from: Pile, to: Pile) -> Pile {
        if !to.is_foundation() || from.is_foundation() {
            return to;
        }
        self.movable_card(from).map_or(to, |card| Pile::foundation(card.suit()))
    }

    /// How many cards go from `from` to `to` when the mover does not say: the run that
    /// builds on `to`'s top card, `into_empty()` into an empty cascade, otherwise one.
    #[inline]
    fn inferred_count(&self, from: Pile, to: Pile, into_empty: impl FnOnce() -> u8) -> u8 {
        match (from.kind(), to.kind()) {
            (PileKind::Cascade(a), PileKind::Cascade(b)) => self.fitting_run(a, b).unwrap_or_else(|| {
                // No run fits: `b` is empty, or nothing builds on its top card.
                if self.cascade_len(b) == 0 { into_empty() } else { 1 }
            }),
            // Simple Simon sends a whole suit home at once.
            (_, PileKind::Foundation(_)) if self.rules().build == BuildRule::SimpleSimon => 13,
            _ => 1,
        }
    }

    /// The length of the run on cascade `a` whose deepest card builds on cascade `b`'s top.
    fn fitting_run(&self, a: usize, b: usize) -> Option<u8> {
        let top = self.cascade_top(a)?.rank().get();
        let onto = self.cascade_top(b)?.rank().get();
        let depth = onto.checked_sub(top).filter(|&d| d >= 1 && usize::from(d) <= self.run_len(a))?;
        Some(depth)
    }

    /// The longest run on top of `from` that may legally move to `to`, an empty cascade
    /// (1 when none may, for [`check`](crate::BoardN::check) to name the fault).
    fn longest_into_empty(&self, from: Pile, to: Pile) -> u8 {
        let PileKind::Cascade(a) = from.kind() else { return 1 };
        // A run is at most 13 cards, so the cast is lossless. Not capped by the card
        // capacity: Simple Simon counts a run's suit runs, not its cards, and `check` knows.
        let most = self.run_len(a) as u8;
        (2..=most).rev().find(|&n| self.check(Move::new(from, to, n)).is_ok()).unwrap_or(1)
    }

    /// Writes `mv`, a legal move on this board, in standard notation: with a `v` count when
    /// it carries several cards into an empty cascade.
    pub fn write_move(&self, mv: Move) -> String {
        let mut text = String::with_capacity(4);
        text.push(mv.from().symbol());
        text.push(mv.to().symbol());
        if let PileKind::Cascade(b) = mv.to().kind()
            && mv.count() > 1
            && self.cascade_len(b) == 0
        {
            // Infallible: writing to a String cannot fail.
            let _ = write!(text, "v{:x}", mv.count());
        }
        text
    }

    /// Writes a move list starting from this board in `notation`, one token per line.
    ///
    /// # Errors
    /// [`VerifyError`](crate::VerifyError) at the first move that is not legal in turn.
    pub fn write_solution(&self, moves: &[Move], notation: Notation) -> Result<String, crate::VerifyError> {
        let mut board = self.clone();
        let mut text = String::new();
        for (index, &mv) in moves.iter().enumerate() {
            let illegal = |error| crate::VerifyError::illegal(index, None, error);
            match notation {
                Notation::Standard => {
                    board.check(mv).map_err(illegal)?;
                    text.push_str(&board.write_move(mv));
                    text.push('\n');
                    board.apply_unchecked(mv);
                }
                Notation::Detailed => {
                    for step in board.decompose(mv).map_err(illegal)? {
                        text.push_str(&board.write_move(step));
                        text.push('\n');
                        board.apply_unchecked(step);
                    }
                }
            }
        }
        Ok(text)
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from.symbol(), self.to.symbol())?;
        if let Some(n) = self.count {
            write!(f, "v{n:x}")?;
        }
        Ok(())
    }
}
