//! The rules of Beleaguered Castle, Streets and Alleys and Citadel as the `fast` preset
//! reads them: no free cell, building down by any suit, any card on an empty cascade
//! ([`applies`]), and the evaluations its greedy searches take turns with there
//! ([`TURNS`]).

use freecell_core::{BuildRule, EmptyCascadeRule, Rules};

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

#[cfg(test)]
mod tests {
    use freecell_core::{Game, Rules};

    use super::applies;

    /// Exactly the three games of the family with these rules.
    #[test]
    fn applies_to_the_three_castle_games() {
        let with: Vec<Game> = Game::ALL.into_iter().filter(|g| applies(g.rules())).collect();
        assert_eq!(with, [Game::BeleagueredCastle, Game::StreetsAndAlleys, Game::Citadel]);
        assert!(!applies(Rules::freecell()));
    }
}
