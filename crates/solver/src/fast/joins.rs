//! Simple Simon's *joins*: a run moved onto the next higher card of its own suit, the only
//! place where it is ever in order. The searches that skip the moves a player would not
//! make ([`Sparing`](super::moves::Sparing)) play such moves first and never undo one.
//!
//! Under Simple Simon's rule a card goes on any card one rank higher, but a suit goes home
//! only whole, king to ace in one run of its suit, and a run moves as a unit only as a few
//! runs of one suit: every card must in the end lie on the next card of its suit. A join
//! puts a card there for good and uncovers the card it left; playing it at once, alone,
//! costs nothing a player would miss. Taking a joined card off its suit's card again, onto
//! another card of that rank, only trades one place for an equivalent one: the run from
//! the suit's card up moves as well with it, as one suit run, and leaves the other card
//! free. Both choices prune the branching of Simple Simon's searches (any-suit building
//! gives a top card several places), which the evaluation alone ranks too weakly.
//!
//! Neither is a proof: a position may need the joined cards elsewhere first. Only the
//! sparing searches use them; the patient search keeps every move and the proof decides
//! every deal they miss (see [`run`](super::run)).

use freecell_core::{BoardN, BuildRule, Card, Move, PileKind};

use super::moves::is_home_move;

/// Narrows `moves`, the moves of `board` in generation order, for a sparing search under
/// Simple Simon's rule (no change under any other): a whole suit home or the first join
/// alone when there is one, else every move but those that take a run off the next card
/// of its suit onto another card.
pub(super) fn spare<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &mut Vec<Move>) {
    if board.rules().build != BuildRule::SimpleSimon {
        return;
    }
    if let Some(&first) = moves.iter().find(|&&mv| is_home_move::<C, F>(mv) || joins(board, mv)) {
        moves.clear();
        moves.push(first);
        return;
    }
    moves.retain(|&mv| !leaves_join(board, mv));
}

/// The deepest card `mv` carries off cascade `a`, and the card beneath it.
fn base<const C: usize, const F: usize>(board: &BoardN<C, F>, a: usize, mv: Move) -> Option<(Card, Option<Card>)> {
    let mut run = board.cascade(a).skip(usize::from(mv.count()) - 1);
    Some((run.next()?, run.next()))
}

/// Whether card `card` lies on `under`, the next card of its suit.
fn on_own_suit(card: Card, under: Card) -> bool {
    under.index() == card.index() + 4
}

/// Whether `mv` takes a run from a cascade onto the next card of the run's deepest card's
/// suit, from anywhere else.
fn joins<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move) -> bool {
    let (PileKind::Cascade(a), PileKind::Cascade(b)) =
        (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()))
    else {
        return false;
    };
    match (base(board, a, mv), board.cascade_top(b)) {
        (Some((card, _)), Some(onto)) => on_own_suit(card, onto),
        _ => false,
    }
}

/// Whether `mv` takes a run lying on the next card of its deepest card's suit onto another
/// card.
fn leaves_join<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move) -> bool {
    let (PileKind::Cascade(a), PileKind::Cascade(b)) =
        (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()))
    else {
        return false;
    };
    board.cascade_len(b) > 0
        && base(board, a, mv).is_some_and(|(card, under)| under.is_some_and(|u| on_own_suit(card, u)))
}
