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
//! every deal they miss (see [`run_with`](super::run_with)).

use freecell_core::{BoardN, Card, GeneratedMoves, Move, PileKind};

use super::moves::is_home_move;

/// Narrows `moves`, the moves of `board` (under Simple Simon's rule) in generation order,
/// for a sparing search: a whole suit home or the first join alone when there is one, else
/// every move but those that take a run off the next card of its suit onto another card.
///
/// Kept out of line (and cold): the greedy loop of every other game then carries only the
/// test of [`Config::joins`](super::greedy::Config), not this code.
#[cold]
#[inline(never)]
pub(super) fn spare<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &mut GeneratedMoves) {
    if let Some(&first) = moves.iter().find(|&&mv| is_home_move::<C, F>(mv) || joins(board, mv)) {
        // A position's moves are distinct: this keeps `first` alone.
        moves.retain(|&mv| mv == first);
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

#[cfg(test)]
mod tests {
    use freecell_core::{Board, Card, Game, GeneratedMoves, Layout, Move, MoveModel, Pile};

    use super::spare;

    /// A Simple Simon board: clubs and diamonds home, the cascades as written (deepest
    /// card first).
    fn board(cascades: &[&str]) -> Board {
        let mut layout = Layout::empty(Game::SimpleSimon.rules());
        layout.foundations = [13, 13, 0, 0];
        for (pile, cards) in layout.cascades.iter_mut().zip(cascades) {
            *pile = cards.split_whitespace().map(|card| card.parse::<Card>().expect("a card")).collect();
        }
        Board::try_from(layout).expect("a full deck")
    }

    fn spared(board: &Board) -> (Vec<Move>, Vec<Move>) {
        let mut moves = GeneratedMoves::default();
        board.generate_moves_into(MoveModel::Sequence, &mut moves);
        let all = moves.to_vec();
        spare(board, &mut moves);
        (all, moves.to_vec())
    }

    #[test]
    fn a_join_is_played_alone() {
        // 4S on 3H joins 5S, the top of cascade 2; 3S could go on 4H, which joins nothing.
        let board =
            board(&["KH QH JH TH 9H 8H 7H 6H 5H 4H", "KS QS JS TS 9S 8S 7S 6S 5S", "3H 4S", "2H 3S", "AH 2S AS"]);
        let (all, moves) = spared(&board);
        assert!(all.len() > 1 && all.contains(&Move::single(Pile::cascade(3), Pile::cascade(0))));
        assert_eq!(moves, [Move::single(Pile::cascade(2), Pile::cascade(1))]);
    }

    #[test]
    fn a_whole_suit_home_comes_first() {
        let board = board(&["AH 2H", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "KH QH JH TH 9H 8H 7H 6H 5H 4H", "3H"]);
        let (all, moves) = spared(&board);
        let home = Move::new(Pile::cascade(1), Pile::foundation(freecell_core::Suit::Spades), 13);
        assert!(all.contains(&home));
        assert_eq!(moves, [home]);
    }

    #[test]
    fn a_run_on_its_suits_card_stays_there() {
        // 4S lies on 5S: moving it onto 5H is the only move left out. No top card joins
        // another.
        let board =
            board(&["KH QH JH TH 9H 8H 7H 6H 5H", "KS QS JS TS 9S 8S 7S 6S 5S 4S", "4H 2S", "3S AS AH", "2H 3H"]);
        let (all, moves) = spared(&board);
        let off = Move::single(Pile::cascade(1), Pile::cascade(0));
        let expected: Vec<Move> = all.iter().copied().filter(|&mv| mv != off).collect();
        assert_eq!(all.len(), expected.len() + 1);
        assert_eq!(moves, expected);
    }
}
