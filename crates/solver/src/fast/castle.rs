//! The rules of Beleaguered Castle, Streets and Alleys and Citadel as the `fast` preset
//! reads them: no free cell, building down by any suit, any card on an empty cascade
//! ([`applies`]), the evaluations its greedy searches take turns with there ([`TURNS`]),
//! and which of the three games a start was dealt as ([`Deal`]).

use freecell_core::{BoardN, BuildRule, EmptyCascadeRule, Rules};

use super::eval::Weights;

/// Whether `rules` are these games': no free cell, any-suit building, any card on an
/// empty cascade.
pub(super) fn applies(rules: Rules) -> bool {
    rules.free_cells == 0 && rules.build == BuildRule::AnySuit && rules.empty_cascade == EmptyCascadeRule::AnyCard
}

/// Worth of an empty cascade to the first evaluation under these rules, against 3 in
/// [`Weights::TURNS`]: more than four cards home.
const COLUMN: u32 = 16;

/// The evaluations under these rules: [`Weights::TURNS`], but the first values an empty
/// cascade at [`COLUMN`].
///
/// **Why:** with no free cell, empty cascades are the only room to move a run in: with
/// `e` of them a run of `2^e` cards moves (half that into one of them), and a card
/// covering a lower one of its suit can go nowhere but onto a card one rank higher. The
/// first evaluation now clears cascades before it plays cards home; the other three keep
/// the family's weights, so the turns still differ. Chosen on the deals fc-solve solves
/// that `fast` left undecided at 1,000,000 expansions (Beleaguered Castle 1603, 4279,
/// 4889, 7148, 8569, 9577 and 751, Citadel 3440, 7868 and 9817, Streets and Alleys 242),
/// from eleven candidates (the empty cascade worth 6 to 24 in every evaluation or in one,
/// with more weight on cards home, unsorted or blocked cards, or none on depth): this one
/// solves Beleaguered Castle 4279 and 9577 within 30,000 expansions each and, on
/// Beleaguered Castle deals 1–1,000, leaves the same 11 deals undecided with 3 % fewer
/// expansions for the solved ones. On deals 1–10,000 at 1,000,000 expansions it leaves
/// 80 of Beleaguered Castle's undecided instead of 83 and 230 of Streets and Alleys'
/// instead of 237, with 3.7 % and 4.5 % fewer expansions, and Citadel's verdicts as they
/// were with 4.8 % more (`docs/results/games.md`). Those giving every
/// evaluation a dearer empty cascade solved 4889 or 8569 too, but lost won deals of 1–1,000
/// (192, 557) to the budget.
pub(super) const TURNS: [Weights; 4] =
    [Weights { column: COLUMN, ..Weights::TURNS[0] }, Weights::TURNS[1], Weights::TURNS[2], Weights::TURNS[3]];

/// Which of the three games a start under these rules was dealt as: they share one
/// [`Rules`], and differ in what is home when the deal starts (Streets and Alleys nothing,
/// Beleaguered Castle the four aces, Citadel whatever went home while it was dealt; PySolFC's
/// `StreetsAndAlleys`, `BeleagueredCastle` and `Citadel` in `pysollib/games/beleagueredcastle.py`).
/// A position later in play is read the same way, by its cards home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Deal {
    /// No card home.
    StreetsAndAlleys,
    /// One to four cards home (Beleaguered Castle's deal: the four aces).
    BeleagueredCastle,
    /// More than four cards home.
    Citadel,
}

impl Deal {
    /// The game `start` reads as.
    pub(super) fn of<const C: usize, const F: usize>(start: &BoardN<C, F>) -> Deal {
        match start.cards_home() {
            0 => Deal::StreetsAndAlleys,
            1..=4 => Deal::BeleagueredCastle,
            _ => Deal::Citadel,
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Game, Rules, WideBoard};
    use freecell_deals::DealNumber;

    use super::{Deal, applies};

    /// Every deal of 1–100 of each game reads as that game.
    #[test]
    fn each_deal_reads_as_its_game() {
        for (game, deal) in [
            (Game::StreetsAndAlleys, Deal::StreetsAndAlleys),
            (Game::BeleagueredCastle, Deal::BeleagueredCastle),
            (Game::Citadel, Deal::Citadel),
        ] {
            for n in 1..=100 {
                let layout = DealNumber::new(n).expect("a deal number").layout(game);
                let start = WideBoard::try_from(layout).expect("a legal deal");
                assert_eq!(Deal::of(&start), deal, "{game:?} {n}");
            }
        }
    }

    /// Exactly the three games of the family with these rules.
    #[test]
    fn applies_to_the_three_castle_games() {
        let with: Vec<Game> = Game::ALL.into_iter().filter(|g| applies(g.rules())).collect();
        assert_eq!(with, [Game::BeleagueredCastle, Game::StreetsAndAlleys, Game::Citadel]);
        assert!(!applies(Rules::freecell()));
    }
}
