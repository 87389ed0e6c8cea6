//! Which moves a search makes, and what follows them: the moves skipped because they can
//! only reach a position already seen ([`moved_card`]) or because a player would not make
//! them ([`Sparing`]), and the safe automoves played after a move, scanned for in full only
//! when the move may have exposed one.

use freecell_core::{Automove, BoardN, Card, Game, Move, NextHome, Pile, PileKind, Rules};

use super::dominance::Dominance;

/// Whether `card`, just uncovered, goes home by itself: it is the next card of its
/// foundation and safe there. Safety depends on the foundations alone.
#[inline]
pub(super) fn goes_home<const C: usize, const F: usize>(board: &BoardN<C, F>, card: Card, rule: Automove) -> bool {
    board.next_home(card.suit()) == NextHome::Card(card) && board.is_safe_home(card, rule)
}

/// Whether `mv` goes to a foundation: [`Move::is_to_foundation`] as a board of this width
/// decodes piles. For a [`Board`](freecell_core::Board) that is one comparison where the
/// test for boards of any width takes two; asked of every child, it saves 0.7 % of the
/// search's instructions (callgrind, MS 1–1500).
#[inline]
pub(super) fn is_home_move<const C: usize, const F: usize>(mv: Move) -> bool {
    matches!(BoardN::<C, F>::locate(mv.to()), PileKind::Foundation(_))
}

/// Plays the safe automoves after `mv`, just played on `board`.
///
/// When the position before the move had none left to play (`settled`: every position but
/// the start, which the search takes as it is), a move that puts no card home can only
/// have exposed one new candidate: the card it uncovered. Safety depends on the
/// foundations alone, which such a move leaves as they were. So the full scan runs only
/// when that card may go home, or after a move home; and when that card goes home it is
/// the scan's first find, so it is played without a scan, and the scan looks only for the
/// automoves after it (365,735 scans in the search on the census sample of 2,000 deals,
/// where there were 461,356).
///
/// This is [`BoardN::play_automoves_after`]'s test, kept as a copy: calling that method here
/// changed how the greedy search's loop compiled, 1.4 % more instructions on `freecell bench
/// --deals 1..1500 --jobs 1` (callgrind, 1,406.7 M against 1,426.5 M, the same rows).
#[inline]
pub(super) fn automoves_after<const C: usize, const F: usize>(
    board: &mut BoardN<C, F>,
    mv: Move,
    rule: Automove,
    settled: bool,
) {
    if settled && !is_home_move::<C, F>(mv) {
        let PileKind::Cascade(a) = BoardN::<C, F>::locate(mv.from()) else { return };
        let Some(card) = board.cascade_top(a) else { return };
        if !goes_home(board, card, rule) {
            return;
        }
        // The only safe card uncovered, so the scan's first find.
        board.apply_unchecked(Move::single(mv.from(), Pile::foundation(card.suit())));
    }
    board.play_automoves(rule);
}

/// Whether `mv`, just played on `board` from a position with no safe automove left (and
/// not from a foundation, as no move generation makes), may have made one: the reading of
/// [`automoves_after`], for the solver's completion of a path, which spares the full scan
/// after most of its moves.
///
/// `automoves_after` keeps its own copy of the test: calling this one from it changed how
/// the search loop that inlines it compiled, and cost the search 0.3 % more instructions
/// (callgrind, `census run --sample 2000 --seed 20261126`).
pub(crate) fn may_automove<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move, rule: Automove) -> bool {
    if is_home_move::<C, F>(mv) {
        return true;
    }
    let PileKind::Cascade(a) = BoardN::<C, F>::locate(mv.from()) else { return false };
    board.cascade_top(a).is_some_and(|card| goes_home(board, card, rule))
}

/// Where `mv`, a move of `parent` that led to `child` (its automoves played), put a single
/// card, when no card went home after it.
///
/// Moving that card on again from `child` reaches what `parent`'s own move of it there
/// reached (or `parent` itself, when it goes back), a position the search has seen: such
/// moves are skipped, about a tenth of all moves. After an automove a destination may have
/// changed (its top gone home), and a run could need the room its move freed, so neither
/// is skipped.
#[inline]
pub(super) fn moved_card<const C: usize, const F: usize>(
    parent: &BoardN<C, F>,
    mv: Move,
    child: &BoardN<C, F>,
) -> Option<Pile> {
    (mv.count() == 1 && child.cards_home() == parent.cards_home()).then_some(mv.to())
}

/// The moves every evaluation but the patient one skips, which a player would not make:
/// breaking a built run (its top card into a free cell, or part of it into an empty
/// cascade), and putting a card into a free cell when it has a place on another cascade.
///
/// Why they can go: a card built on the one beneath it usually moves with it, as part of
/// the run (a supermove onto another cascade, the whole run into an empty one), and a card
/// with a place on a cascade usually goes there, keeping the cell. Taking either alone to
/// a cell pays only in the rarer lines that move the card beneath next or keep the place
/// for another card. The searches that skip these moves expand 40 % fewer positions over
/// MS 1–32,000, with slightly shorter solutions; the deals that need such a move are
/// finished by the patient evaluation, which keeps every move, and a search that skips
/// moves cannot claim to have seen every position (see [`run_with`]).
///
/// The moves into a free cell are not generated at all
/// ([`BoardN::generate_spared_moves_into`](freecell_core::BoardN::generate_spared_moves_into),
/// which reports them: see [`skipped_cells`]); this judges the others one by one.
///
/// Where every move carries one card ([`Rules::moves_single_cards`]), it also skips a
/// card built on the card beneath moved onto another card of that card's rank when the card
/// it uncovers then has no move (home, or onto a top card one rank higher): the two places
/// are alike for the card, so the move matters only for what it uncovers. On Good Measure
/// deals 1–300 at 100,000 expansions a deal, 41 deals undecided instead of 48, with 9 %
/// fewer expansions; Baker's Dozen 1–1,000 at 200,000, 5 instead of 7, 15 % fewer.
///
/// [`run_with`]: super::run_with
/// [`Rules::moves_single_cards`]: freecell_core::Rules::moves_single_cards
#[derive(Default)]
pub(super) struct Sparing {
    /// Whether the pointless swaps of single-card rules are skipped.
    swaps: bool,
}

impl Sparing {
    /// Sparing for one position, skipping the swaps of single-card rules when `swaps`.
    #[inline]
    pub(super) fn new(swaps: bool) -> Sparing {
        Sparing { swaps }
    }

    /// Whether `mv`, a move of `board` other than into a free cell, is skipped.
    #[inline]
    pub(super) fn skips<const C: usize, const F: usize>(&self, board: &BoardN<C, F>, mv: Move) -> bool {
        let PileKind::Cascade(a) = BoardN::<C, F>::locate(mv.from()) else { return false };
        match BoardN::<C, F>::locate(mv.to()) {
            PileKind::Cascade(b) if board.cascade_len(b) == 0 => board.splits_run(a, usize::from(mv.count())),
            PileKind::Cascade(b) => self.swaps && pointless_swap(board, a, b),
            PileKind::Cell(_) | PileKind::Foundation(_) => false,
        }
    }
}

/// Whether the moves into a free cell that the spared generation left out of `board`'s
/// moves (from the cascades in `left_out`, a bit set) skipped one the search would have
/// made: not a move of the card just placed ([`moves_again`], `again`), nor one
/// [`Dominance`] drops. Only such a skip makes running out of positions prove nothing.
#[cold]
#[inline(never)]
pub(super) fn skipped_cells<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    left_out: u32,
    again: Option<Pile>,
    dominance: Dominance,
) -> bool {
    (0..board.cascade_count()).filter(|&a| left_out >> a & 1 == 1).any(|a| {
        let mv = Move::single(Pile::cascade(a), Pile::cell(0));
        !moves_again(again, mv) && !dominance.skips(board, mv)
    })
}

/// Whether turn `k` of the greedy searches skips the moves [`Sparing`] names, under `rules`,
/// `patient` being the turn that keeps every move.
///
/// Under ForeCell's rules (FreeCell's, but an emptied cascade takes only kings) only the
/// first turn skips them. ForeCell deals all four cells full, and skipping a card's move
/// into a cell where it has a place on a cascade, or a run's split, cuts off lines its hard
/// deals need: there the sparing searches ran out of positions early, all alike (what a
/// search skipping those moves reaches does not depend on its evaluation), and left the
/// deal to the others. fc-solve's `forecell` preset, whose depth-first scan tries every
/// move (`shlomif/fc-solve`, `fc-solve/source/scripts/gen-presets.pl`: FreeCell's moves
/// order `[01][23456789]`), solves those deals in a few thousand states. Which turns skip
/// was chosen with [`FORECELL_TURNS`](super::eval::Weights::FORECELL_TURNS)' depth
/// weights, on deals 1–10,000 at 2,000,000 expansions a deal (`docs/results/games.md`):
/// with no turn skipping, 897 and 1648 (fc-solve solves both) and five more deals solved
/// before were left undecided; with the first turn alone skipping, none.
pub(super) fn turn_spares(rules: Rules, k: usize, patient: usize) -> bool {
    if rules == Game::ForeCell.rules() {
        return k == 0;
    }
    k != patient
}

/// Whether moving the top card of cascade `a` onto the top of cascade `b` is a swap
/// [`Sparing`] skips under single-card rules: the card is built on the one beneath, which
/// then can neither go home nor onto another top card one rank above it.
fn pointless_swap<const C: usize, const F: usize>(board: &BoardN<C, F>, a: usize, b: usize) -> bool {
    if !board.splits_run(a, 1) {
        return false;
    }
    let Some(under) = board.cascade_top(a).and_then(|top| board.beneath(top)) else { return false };
    if board.next_home(under.suit()) == NextHome::Card(under) {
        return false;
    }
    // `b`'s top will be the moved card, one rank below `under`: no place for it.
    let above = under.rank().get() + 1;
    !(0..board.cascade_count())
        .any(|c| c != a && c != b && board.cascade_top(c).is_some_and(|t| t.rank().get() == above))
}

/// Whether `mv` moves on the card [`moved_card`] found on pile `again`.
#[inline]
pub(super) fn moves_again(again: Option<Pile>, mv: Move) -> bool {
    again == Some(mv.from()) && mv.count() == 1
}
