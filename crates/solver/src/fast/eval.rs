//! The evaluation: its [`Weights`], the [`Counts`] a position is scored on, and the
//! [`Blocking`] and [`Digging`] kept per expanded position, so that a child's counts follow
//! from its parent's and the move, most without building the child's board.

use freecell_core::{BoardN, BuildRule, Card, EmptyCascadeRule, Move, NextHome, Pile, PileKind, Preview, Suit};

use super::castle;

/// Weights of the evaluation (smaller is closer to the goal); see [`evaluate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weights {
    /// Per card not on its foundation.
    pub(crate) out: u32,
    /// Per cascade card lying above a lower card of its own suit: it must move again before
    /// that card can go home (Paul & Helmert's `h_1` term).
    pub(crate) blocked: u32,
    /// Per card above the cascade's bottom run (its deepest cards, each built on the one
    /// beneath): cards that must move before the cascade is in order.
    pub(crate) unsorted: u32,
    /// Per card above the next card each foundation needs (HSDH's blocking sum).
    pub(crate) dig: u32,
    /// Per occupied free cell.
    pub(crate) cell: u32,
    /// Per non-empty cascade: an empty cascade is worth this much.
    pub(crate) column: u32,
    /// Per move already made (the `g` of weighted A*): keeps solutions short.
    pub(crate) depth: u32,
    /// Per cascade card lying on a card that is not the next higher card of its suit:
    /// Simple Simon's measure of disorder (its runs move, and its suits go home, only as
    /// runs of one suit). 0 under the other rules, where it is not counted.
    pub(crate) breaks: u32,
    /// Per free cell and empty cascade short of two ([`Counts::tight`]): the last room to
    /// move in dearer than the rest.
    pub(crate) tight: u32,
    /// Per cascade card beneath its cascade's top run
    /// ([`BoardN::cards_beneath_runs`]): cards reached only by moving that run away, as a
    /// whole or through the cells (fc-solve's "cards under sequences",
    /// `fc-solve/source/scans_impl.h`, `befs_rate_state`, there to the power 1.3).
    pub(crate) under: u32,
}

impl Weights {
    /// The first evaluation: every term, free cells dear.
    const FIRST: Weights = Weights {
        out: 4,
        blocked: 2,
        unsorted: 1,
        dig: 1,
        cell: 4,
        column: 3,
        depth: 1,
        breaks: 0,
        tight: 0,
        under: 0,
    };

    /// A second evaluation: fewer points for cards home, more for digging out the next
    /// home cards and for empty cascades. It finishes many deals the first one wanders on.
    const DIGGER: Weights = Weights {
        out: 3,
        blocked: 2,
        unsorted: 1,
        dig: 2,
        cell: 2,
        column: 4,
        depth: 1,
        breaks: 0,
        tight: 0,
        under: 0,
    };

    /// Pure greedy (no depth term): long solutions, shortened afterwards, but quick where
    /// the others compare too many equal paths.
    const GREEDY: Weights = Weights {
        out: 4,
        blocked: 2,
        unsorted: 1,
        dig: 1,
        cell: 2,
        column: 3,
        depth: 0,
        breaks: 0,
        tight: 0,
        under: 0,
    };

    /// A patient evaluation: cheaper free cells, dearer depth, so a broader search. It
    /// finishes the hardest deals met (MS 512539 runs out of 150 MB under the others).
    const PATIENT: Weights = Weights {
        out: 4,
        blocked: 2,
        unsorted: 1,
        dig: 1,
        cell: 1,
        column: 3,
        depth: 2,
        breaks: 0,
        tight: 0,
        under: 0,
    };

    /// Priorities of the nodes at `depth` lie below this: the largest score, every count
    /// at its most (52 cards, 51 above each next home card, every cell and cascade of a
    /// `BoardN<C, F>`), plus the depth term.
    pub(super) fn priorities<const C: usize, const F: usize>(&self, depth: u16) -> usize {
        let most = (self.out + self.blocked + self.unsorted + self.breaks + self.under) * 52
            + self.dig * 4 * 51
            + self.cell * F as u32
            + self.column * C as u32
            + self.tight * 2;
        (most + self.depth * u32::from(depth)) as usize + 1
    }

    /// These weights as they apply under `rules`: themselves, except under Simple Simon's
    /// rule, where every evaluation counts [suit breaks](Self::breaks) instead of the
    /// cards above the next home cards and above the built bases (suits go home whole,
    /// king on top, so digging out the aces leads nowhere, and any-suit runs are what
    /// must be undone); the turns then differ only in their depth term (0, 1 or 2) and in
    /// skipping moves. Chosen first on Simple Simon deals 1–50 from eight candidates, by the
    /// deals solved within 5 s each: 46, and the 3 proved lost, where the plain weights
    /// solve none. Then halved against the depth term (out 4, breaks 8, cascades 6 before,
    /// and depth at most 1): a move weighs as much as half a suit break, so the searches
    /// prefer short lines of joins to long ones that shuffle runs of mixed suits. Chosen
    /// from twelve candidates (the weights scaled, the depth capped at 0–2) at 300,000
    /// expansions a deal, on the 31 of deals 1–10,000 that were undecided at 2,000,000 and
    /// that fc-solve solves: 30 solved in 0.68 million expansions in all, against none
    /// before, and deals 1–300 all decided in 0.74 million expansions, against 3 undecided
    /// in 1.72 million. Where an emptied cascade takes nothing (Baker's Dozen, Good Measure, Cruel),
    /// it is worth nothing: no term for it. At 300,000 to 500,000 expansions a deal, Baker's
    /// Dozen deals 1–600 leave 7 undecided with it and 4 without, Good Measure 1–250 32 and
    /// 27, with 8 % to 30 % fewer expansions.
    pub(crate) fn for_rules(self, rules: freecell_core::Rules) -> Weights {
        if rules.build == BuildRule::SimpleSimon {
            Weights {
                out: 2,
                blocked: 1,
                unsorted: 0,
                dig: 0,
                cell: 0,
                column: 3,
                depth: self.depth,
                breaks: 4,
                tight: 0,
                under: 0,
            }
        } else if rules.empty_cascade == EmptyCascadeRule::Nothing {
            Weights { column: 0, ..self }
        } else {
            self
        }
    }

    /// The evaluations that take turns, first first. The first three were chosen on
    /// MS 1–3,000 from fourteen candidates, by the expansions each needed alone on every
    /// deal and a simulation of the turns; the patient one costs about 3 % there and
    /// finishes MS 512539 (docs/results/fast.md).
    pub(crate) const TURNS: [Weights; 4] = [Weights::FIRST, Weights::DIGGER, Weights::GREEDY, Weights::PATIENT];

    /// The evaluations for FreeCell's own rules (four cells, eight cascades). The first three
    /// are on a scale four times [`TURNS`](Self::TURNS)' (a greedy search's order does not
    /// change when its weights are multiplied, so a step of one is a quarter of the old unit).
    ///
    /// The first weighs cards not home, blocked and unsorted cards and free cells apart more
    /// finely than [`FIRST`](Self::FIRST): changed one step at a time while that cut the
    /// positions expanded and generated on MS 100,001–104,000 without lengthening the
    /// solutions (fourteenth session). It alone weighs the last room to move in
    /// ([`tight`](Self::tight), 3 at first): chosen by a simulation of the turns on MS
    /// 100,001–120,000 and 20,000 deals of the whole range, it cut the expansions on MS
    /// 1–32,000 by 5.1 % and on MS 200,001–216,000 by 5.4 %, solutions 0.18 and 0.08 moves
    /// longer (twenty-second session). The same simulation then found the front of
    /// expansions against length moved by the next home cards' diggings: dearer (6), they
    /// shorten the solutions enough to pay for a lighter depth term (3) and a dearer last
    /// room (12), and cards home and free cells were weighed again (19, 16): 9.2 % fewer
    /// expansions on MS 1–32,000 and 12.2 % on MS 200,001–216,000, solutions 0.03 and 0.06
    /// moves longer (twenty-third session). Then blocked cards cheaper (5), unsorted cards,
    /// free cells and the last room dearer (8, 17, 13), chosen by the same simulation under
    /// the shorter turns: 2.8 % fewer expansions on MS 1–32,000 (1.2 % on a census sample)
    /// and 1.6 % fewer instructions, solutions 0.03 moves shorter (twenty-fifth session).
    /// Then the cards beneath the top runs ([`under`](Self::under), 3), which took weight
    /// from cards home, blocked and unsorted cards and the diggings (18, 4, 7, 5): learned by
    /// the same simulation (twenty-sixth session), kept once the board kept the count
    /// (twenty-seventh session): 6.3 % fewer expansions on MS 1–32,000 and 4.0 % on MS
    /// 200,001–216,000, 3.4 % fewer instructions, solutions 0.57 and 0.66 moves longer. It
    /// solves about 96 % of the deals within its first turn, so the second and third matter
    /// only for the rest: they were learned for those deals alone, as a set with the others
    /// (a coevolution of one evaluation at a time, its fitness the turns' expansions
    /// simulated from each evaluation's count alone, on the 847 deals of MS 100,001–120,000
    /// the first leaves unsolved after its turn, solutions at most 0.05 moves longer there):
    /// 4.1 % fewer expansions on MS 1–32,000 and 5.1 % on MS 200,001–216,000, solutions 0.07
    /// and 0.06 moves longer. Both came out without a depth term: the quickest finish of a
    /// deal the first has wandered on is a greedy one, the second weighing unsorted cards,
    /// the next home cards' diggings and empty cascades more, the third ignoring the
    /// diggings. The third was learned again, the same way, when the turns after the first's
    /// became shorter (cards out cheaper, unsorted cards, free cells and empty cascades
    /// dearer: 0.3 % fewer expansions on MS 1–32,000, twenty-fourth session). The patient
    /// one stays [`PATIENT`](Self::PATIENT), which the hardest deals need
    /// (`docs/results/fast.md`, sixteenth session).
    pub(crate) const FREECELL_TURNS: [Weights; 4] = [
        Weights {
            out: 18,
            blocked: 4,
            unsorted: 7,
            dig: 5,
            cell: 17,
            column: 12,
            depth: 3,
            breaks: 0,
            tight: 13,
            under: 3,
        },
        Weights::FREECELL_SECOND,
        Weights {
            out: 6,
            blocked: 7,
            unsorted: 5,
            dig: 0,
            cell: 11,
            column: 15,
            depth: 0,
            breaks: 0,
            tight: 0,
            under: 0,
        },
        Weights::PATIENT,
    ];

    /// The second of FreeCell's evaluations, for the shortest solutions and for the verdict
    /// alike (see [`FREECELL_TURNS`](Self::FREECELL_TURNS)).
    const FREECELL_SECOND: Weights = Weights {
        out: 11,
        blocked: 9,
        unsorted: 9,
        dig: 10,
        cell: 10,
        column: 17,
        depth: 0,
        breaks: 0,
        tight: 0,
        under: 0,
    };

    /// The evaluations for FreeCell's own rules when the goal is the verdict
    /// ([`Goal::Verdict`](crate::Goal::Verdict)), however long the solution. The first was
    /// learned as [`FREECELL_TURNS`](Self::FREECELL_TURNS)' was (its turn run alone on MS
    /// 100,001–120,000 and 20,000 deals of the whole range, the turns simulated from the
    /// counts), but for the fewest expansions and positions generated with no bound on
    /// length: half the depth term, three times the last room's, cards out and empty
    /// cascades dearer, 8.8 % off the objective and 8.3 % off the expansions on those deals,
    /// solutions two moves longer. The others are `FREECELL_TURNS`' of the twenty-second
    /// session (`docs/results/fast.md`, twenty-third session).
    pub(crate) const VERDICT_TURNS: [Weights; 4] = [
        Weights {
            out: 19,
            blocked: 6,
            unsorted: 6,
            dig: 4,
            cell: 18,
            column: 16,
            depth: 2,
            breaks: 0,
            tight: 9,
            under: 0,
        },
        Weights::FREECELL_SECOND,
        Weights {
            out: 7,
            blocked: 7,
            unsorted: 4,
            dig: 0,
            cell: 10,
            column: 14,
            depth: 0,
            breaks: 0,
            tight: 0,
            under: 0,
        },
        Weights::PATIENT,
    ];

    /// The evaluations for ForeCell's rules: the turns' own, but the digger's depth term 2
    /// and the patient one's 4, twice theirs, so that both search broader (under ForeCell
    /// only the first turn skips moves, [`turn_spares`](super::moves::turn_spares)).
    /// ForeCell's hard deals are hard for the greedy searches, not for the proof: deal 517
    /// (fc-solve: 43,602 states) needed 7.4 million expansions, and is solved in 221,714
    /// with these. Chosen at 2,000,000 expansions a deal on the deals fc-solve solves and
    /// `fast` did not (517, 4265, 7291) or solved late (500, 897, 1239, 1648, 4046, 5482,
    /// 8964), among variants of the depth and digging weights, dearer cells, cheaper empty
    /// cascades and which turns skip moves, then on deals 1–10,000
    /// (`docs/results/games.md`): the patient depth 4 alone lost 500; the digger's depth 2
    /// wins it back.
    pub(crate) const FORECELL_TURNS: [Weights; 4] = [
        Weights::FIRST,
        Weights { depth: 2, ..Weights::DIGGER },
        Weights::GREEDY,
        Weights { depth: 4, ..Weights::PATIENT },
    ];

    /// The evaluations that take turns under `rules`: [`FREECELL_TURNS`](Self::FREECELL_TURNS)
    /// for FreeCell's own rules ([`VERDICT_TURNS`](Self::VERDICT_TURNS) when `evaluations`
    /// are [`Evaluations::Verdict`]), [`FORECELL_TURNS`](Self::FORECELL_TURNS) for ForeCell's
    /// and `castle`'s for Beleaguered Castle's, unless `evaluations` pins
    /// [`TURNS`](Self::TURNS), which every other game takes (each then [read for the
    /// rules](Self::for_rules)).
    pub(crate) fn turns(rules: freecell_core::Rules, evaluations: Evaluations) -> [Weights; 4] {
        #[cfg(test)]
        if let Evaluations::Alone(k, w) = evaluations {
            let mut turns = Weights::turns(rules, Evaluations::Tuned);
            turns[k] = w;
            return turns;
        }
        if evaluations == Evaluations::Pinned {
            Weights::TURNS
        } else if rules == freecell_core::Rules::freecell() {
            if evaluations == Evaluations::Verdict { Weights::VERDICT_TURNS } else { Weights::FREECELL_TURNS }
        } else if rules == freecell_core::Game::ForeCell.rules() {
            Weights::FORECELL_TURNS
        } else if castle::applies(rules) {
            castle::TURNS
        } else {
            Weights::TURNS
        }
    }
}

/// Which evaluations the `fast` preset's greedy searches take turns with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Evaluations {
    /// The best measured for the rules (FreeCell's own have theirs).
    #[default]
    Tuned,
    /// [`Weights::TURNS`] under every rule: for the difficulty rater, whose ratings sample
    /// along `fast`'s solutions and so must not change when `fast` is tuned.
    Pinned,
    /// The best measured for a verdict with no bound on the solutions' length: FreeCell's
    /// own rules have theirs ([`Weights::VERDICT_TURNS`]), every other rule its
    /// [`Tuned`](Self::Tuned) ones.
    Verdict,
    /// The tuned turn `k` alone, its weights `w` (the others dropped from the start): for
    /// the learning harness (`learn`), which simulates the turns from each one's counts.
    #[cfg(test)]
    Alone(usize, Weights),
}

impl Evaluations {
    /// These evaluations for a solve whose goal is `goal`: the tuned ones become the
    /// verdict's when the goal is the verdict; pinned ones (and the harness's) stay.
    pub(crate) fn for_goal(self, goal: crate::Goal) -> Evaluations {
        match (self, goal) {
            (Evaluations::Tuned, crate::Goal::Verdict) => Evaluations::Verdict,
            _ => self,
        }
    }

    /// The turn that runs alone, if one does.
    #[cfg(test)]
    pub(crate) fn alone(self) -> Option<usize> {
        match self {
            Evaluations::Alone(k, _) => Some(k),
            _ => None,
        }
    }
}

/// The same-suit cards of lower rank than each card, as bit sets over card indices.
pub(super) static LOWER_SAME_SUIT: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut card = 4;
    while card < 52 {
        table[card] = table[card - 4] | 1 << (card - 4);
        card += 1;
    }
    table
};

/// Which cascade cards are *blocked* (lie above a lower card of their suit) in a position,
/// kept so that each child's count costs a look at the cards its move carries.
///
/// A move changes only the moved cards' status: a card's status depends on the cards
/// beneath it, and the cards of a built run lie on higher ranks. Automoves change nothing:
/// a card goes home only after every lower card of its suit, so it was not blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Blocking<const C: usize> {
    /// Each cascade's cards, as a bit set over card indices.
    cascades: [u64; C],
    /// Blocked cards in the position.
    pub(super) blocked: u32,
    /// Four bytes for the keeper of a stored blocking, 0 as made here: they fill what would
    /// be padding after `blocked`, so a greedy search stores its expanded position's node
    /// there at no cost in bytes (`greedy::Expanded`).
    pub(super) spare: u32,
}

impl<const C: usize> Blocking<C> {
    /// One walk down each cascade.
    pub(crate) fn of<const F: usize>(board: &BoardN<C, F>) -> Self {
        let mut cascades = [0u64; C];
        let mut blocked = 0;
        for (i, set) in cascades.iter_mut().enumerate().take(board.cascade_count()) {
            // Bottom up would need the cards beneath; top down, a card is blocked when a
            // lower card of its suit is still to come.
            let mut below: u64 = 0;
            for card in board.cascade(i) {
                below |= 1 << card.index();
            }
            *set = below;
            for card in board.cascade(i) {
                below &= !(1 << card.index());
                blocked += u32::from(below & LOWER_SAME_SUIT[card.index()] != 0);
            }
        }
        Blocking { cascades, blocked, spare: 0 }
    }

    /// The cards `mv`, a legal move of `board`, carries, as a bit set over card indices.
    #[inline]
    fn moved<const F: usize>(board: &BoardN<C, F>, mv: Move) -> u64 {
        match BoardN::<C, F>::locate(mv.from()) {
            // One card (most moves) without the cascade iterator.
            PileKind::Cascade(a) if mv.count() == 1 => board.cascade_top(a).map_or(0, |c| 1u64 << c.index()),
            PileKind::Cascade(a) => {
                board.cascade(a).take(usize::from(mv.count())).fold(0u64, |m, c| m | 1 << c.index())
            }
            PileKind::Cell(k) => board.cell(k).map_or(0, |c| 1u64 << c.index()),
            PileKind::Foundation(_) => 0,
        }
    }

    /// The blocking of `child`, the position after `mv` (a legal move of `board`, the
    /// position this describes) and its automoves: the move's cards change cascade, and
    /// cards gone home leave theirs. No cascade is walked.
    #[inline]
    pub(super) fn child<const F: usize>(&self, board: &BoardN<C, F>, mv: Move, child: &BoardN<C, F>) -> Self {
        let moved = Self::moved(board, mv);
        let mut cascades = self.cascades;
        if let PileKind::Cascade(a) = BoardN::<C, F>::locate(mv.from()) {
            cascades[a] &= !moved;
        }
        if let PileKind::Cascade(b) = BoardN::<C, F>::locate(mv.to()) {
            cascades[b] |= moved;
        }
        // Cards gone home (by the move or its automoves) leave their cascades; most moves
        // put none home.
        if child.foundations() != board.foundations() {
            let mut home = 0;
            for suit in Suit::ALL {
                if let NextHome::Card(card) = child.next_home(suit) {
                    home |= LOWER_SAME_SUIT[card.index()];
                } else {
                    home |= LOWER_SAME_SUIT[suit as usize + 48] | 1 << (suit as usize + 48);
                }
            }
            for set in &mut cascades {
                *set &= !home;
            }
        }
        Blocking { cascades, blocked: self.after_moving::<F>(mv, moved), spare: 0 }
    }

    /// Blocked cards after `mv`, a legal move of `board` (the position this describes).
    #[inline]
    pub(crate) fn after<const F: usize>(&self, board: &BoardN<C, F>, mv: Move) -> u32 {
        self.after_moving::<F>(mv, Self::moved(board, mv))
    }

    /// [`after`](Self::after), given the cards `mv` carries.
    #[inline]
    fn after_moving<const F: usize>(&self, mv: Move, moved: u64) -> u32 {
        let mut blocked = self.blocked;
        let rest = match BoardN::<C, F>::locate(mv.from()) {
            PileKind::Cascade(a) => self.cascades[a] & !moved,
            PileKind::Cell(_) => 0,
            PileKind::Foundation(_) => return blocked,
        };
        let onto = match BoardN::<C, F>::locate(mv.to()) {
            PileKind::Cascade(b) => self.cascades[b],
            _ => 0,
        };
        let mut cards = moved;
        while cards != 0 {
            let lower = LOWER_SAME_SUIT[cards.trailing_zeros() as usize];
            blocked = blocked + u32::from(onto & lower != 0) - u32::from(rest & lower != 0);
            cards &= cards - 1;
        }
        blocked
    }
}

/// Cards lying above the next card each foundation needs, summed over the suits (HSDH's
/// blocking sum).
pub(super) fn dig<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    let mut dig = 0;
    for suit in Suit::ALL {
        if let NextHome::Card(card) = board.next_home(suit) {
            dig += board.cards_above(card).unwrap_or(0) as u32;
        }
    }
    dig
}

/// Where the next card of each foundation lies in a position, kept so that a child's
/// [`dig`] costs a look at its move unless a card went home.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Digging {
    /// The foundations' ranks.
    home: [u8; 4],
    /// Per suit: the cascade holding its next card (`u8::MAX` when it is in a cell or the
    /// foundation is complete) and the cards above it.
    next: [(u8, u8); 4],
    /// The sum of `next`'s counts ([`dig`]), kept: every child's score starts from it.
    pub(super) dig: u32,
}

impl Digging {
    /// `blocking` describes the same position.
    pub(crate) fn of<const C: usize, const F: usize>(board: &BoardN<C, F>, blocking: &Blocking<C>) -> Digging {
        let mut home = [0; 4];
        let mut next = [(u8::MAX, 0); 4];
        let mut dig = 0;
        for (k, suit) in Suit::ALL.into_iter().enumerate() {
            home[k] = board.foundation(suit);
            if let NextHome::Card(card) = board.next_home(suit)
                && let Some(above) = board.cards_above(card)
                && let Some(i) = blocking.cascades.iter().position(|&set| set & 1 << card.index() != 0)
            {
                next[k] = (i as u8, above as u8);
                dig += above as u32;
            }
        }
        Digging { home, next, dig }
    }

    /// The digging of `child`, the position after `mv` (a legal move of `board`, the
    /// position this describes) and its automoves. Unless a card went home, only the move's
    /// piles change (as in [`after`](Self::after)), and a next home card leaving a cell lies
    /// on top of its cascade.
    #[inline]
    pub(super) fn child<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        mv: Move,
        child: &BoardN<C, F>,
    ) -> Digging {
        if !self.same_home(child) {
            return self.child_after_home(board, mv, child);
        }
        let count = mv.count();
        let (from, to) = (cascade_of::<C, F>(mv.from()), cascade_of::<C, F>(mv.to()));
        let mut next = self.next;
        for entry in &mut next {
            let (cascade, above) = *entry;
            if Some(cascade) == from {
                // Beneath the run, or inside it (and carried with it).
                *entry =
                    if above >= count { (cascade, above - count) } else { to.map_or((u8::MAX, 0), |b| (b, above)) };
            } else if Some(cascade) == to {
                entry.1 = above + count;
            }
        }
        if let PileKind::Cell(k) = BoardN::<C, F>::locate(mv.from())
            && let Some(card) = board.cell(k)
            && board.next_home(card.suit()) == NextHome::Card(card)
        {
            next[card.suit() as usize] = (to.unwrap_or(u8::MAX), 0);
        }
        // Each next card's count of cards above it is in `next` (0 for one in a cell).
        let dig = next.iter().map(|&(_, above)| u32::from(above)).sum();
        Digging { home: self.home, next, dig }
    }

    /// [`child`](Self::child) where cards went home. A suit whose foundation stayed keeps
    /// its next card, and cards join or leave a cascade only at its top: the count above
    /// that card follows its cascade's length (the cascade it is carried to, when the move
    /// carries it). Only a new next card is looked for on the board.
    #[inline(never)]
    fn child_after_home<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        mv: Move,
        child: &BoardN<C, F>,
    ) -> Digging {
        let (from, to) = (cascade_of::<C, F>(mv.from()), cascade_of::<C, F>(mv.to()));
        // Counts of cards, at most 52: wrapping `u8` arithmetic ends in range.
        let len = |board: &BoardN<C, F>, i: u8| board.cascade_len(usize::from(i)) as u8;
        // A cell's card the move puts on a cascade (moves between cells are not made).
        let from_cell = match BoardN::<C, F>::locate(mv.from()) {
            PileKind::Cell(k) => board.cell(k),
            _ => None,
        };
        let mut home = [0; 4];
        let mut next = [(u8::MAX, 0); 4];
        for (k, suit) in Suit::ALL.into_iter().enumerate() {
            home[k] = child.foundation(suit);
            let (cascade, above) = self.next[k];
            next[k] = if home[k] != self.home[k] {
                match child.next_home(suit) {
                    NextHome::Card(card) => child.cascade_place(card).map_or((u8::MAX, 0), |(i, n)| (i as u8, n as u8)),
                    NextHome::Complete => (u8::MAX, 0),
                }
            } else if cascade == u8::MAX {
                match from_cell {
                    Some(card) if board.next_home(suit) == NextHome::Card(card) => (to.unwrap_or(u8::MAX), 0),
                    _ => (u8::MAX, 0),
                }
            } else if Some(cascade) == from && above < mv.count() {
                // Carried on top of `to`'s cards, which automoves may then have taken.
                to.map_or((u8::MAX, 0), |b| {
                    (b, above.wrapping_add(len(child, b)).wrapping_sub(len(board, b)).wrapping_sub(mv.count()))
                })
            } else {
                (cascade, above.wrapping_add(len(child, cascade)).wrapping_sub(len(board, cascade)))
            };
        }
        let dig = next.iter().map(|&(_, above)| u32::from(above)).sum();
        Digging { home, next, dig }
    }

    /// Whether `child` has this position's foundations.
    #[inline]
    fn same_home<const C: usize, const F: usize>(&self, child: &BoardN<C, F>) -> bool {
        child.foundations() == self.home
    }

    /// Per cascade, the next home cards it holds and the fewest cards above one of them.
    #[inline]
    pub(super) fn tally<const C: usize>(&self) -> Tally<C> {
        let mut tally = Tally { held: [0; C], fewest_above: [u8::MAX; C] };
        for &(cascade, above) in &self.next {
            if let Some(i) = tally.held.get_mut(usize::from(cascade)) {
                *i += 1;
                let fewest = &mut tally.fewest_above[usize::from(cascade)];
                *fewest = (*fewest).min(above);
            }
        }
        tally
    }

    /// [`dig`] of `child`, the position after `mv` (and its automoves) from `board`, the
    /// position this describes, whose [`tally`](Self::tally) is `tally`.
    ///
    /// While the foundations stay as they were, only the move's two piles change: a next
    /// card beneath the moved cards loses them, one on the destination cascade gains them,
    /// and one inside the moved run keeps the cards above it (runs move whole, a card to a
    /// cell has none).
    #[inline]
    pub(crate) fn after<const C: usize, const F: usize>(
        &self,
        tally: &Tally<C>,
        board: &BoardN<C, F>,
        mv: Move,
        child: &BoardN<C, F>,
    ) -> u32 {
        if !self.same_home(child) {
            return self.child_after_home(board, mv, child).dig;
        }
        self.after_same_home::<C, F>(tally, mv)
    }

    /// [`after_same_home`](Self::after_same_home) for one card leaving cascade `a` for a
    /// free cell.
    #[inline]
    fn after_one_off<const C: usize>(&self, tally: &Tally<C>, a: usize) -> u32 {
        self.dig - self.beneath(tally, a, 1)
    }

    /// The next home cards beneath the top `count` cards of cascade `a` (one among them is
    /// carried along with them).
    #[inline]
    fn beneath<const C: usize>(&self, tally: &Tally<C>, a: usize, count: u8) -> u32 {
        if count <= tally.fewest_above[a] {
            u32::from(tally.held[a])
        } else {
            self.next.iter().filter(|&&(cascade, above)| usize::from(cascade) == a && above >= count).count() as u32
        }
    }

    /// [`dig`] after `mv`, a move that leaves the foundations as they were.
    #[inline]
    fn after_same_home<const C: usize, const F: usize>(&self, tally: &Tally<C>, mv: Move) -> u32 {
        let count = mv.count();
        let mut dig = self.dig;
        if let Some(a) = cascade_of::<C, F>(mv.from()) {
            dig -= u32::from(count) * self.beneath(tally, usize::from(a), count);
        }
        if let Some(b) = cascade_of::<C, F>(mv.to()) {
            dig += u32::from(count) * u32::from(tally.held[usize::from(b)]);
        }
        dig
    }
}

/// A [`Digging`] summed per cascade, computed once per expanded position so that each
/// child's digging costs a look at its move's two cascades (the loop over the four suits
/// it replaces was 5 % of `fast`'s instructions).
pub(crate) struct Tally<const C: usize> {
    /// The next home cards each cascade holds.
    held: [u8; C],
    /// The fewest cards above one of them (`u8::MAX` when none).
    fewest_above: [u8; C],
}

/// The index of `pile` when it is a cascade, as [`Digging`] names cascades.
#[inline]
fn cascade_of<const C: usize, const F: usize>(pile: Pile) -> Option<u8> {
    match BoardN::<C, F>::locate(pile) {
        PileKind::Cascade(i) => Some(i as u8),
        _ => None,
    }
}

/// The terms of the evaluation in a position (see [`Weights`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counts {
    out: u32,
    pub(super) blocked: u32,
    unsorted: u32,
    pub(super) dig: u32,
    cells: u32,
    columns: u32,
    breaks: u32,
    /// Free cells and empty cascades short of two: 2 when there are none, 1 when one.
    tight: u32,
    /// Cards beneath the cascades' top runs ([`Weights::under`]).
    under: u32,
}

impl Counts {
    /// The counts of `board`, given its numbers of blocked cards and of cards above the
    /// next home cards.
    ///
    /// "Unsorted" cards are those above each cascade's built base, which the board keeps
    /// ([`BoardN::built_base_len`](freecell_core::BoardN::built_base_len)), so under other build rules it follows those rules. Nothing
    /// here walks a cascade.
    #[inline]
    pub(crate) fn of<const C: usize, const F: usize>(board: &BoardN<C, F>, blocked: u32, dig: u32) -> Counts {
        let out = 52 - board.cards_home() as u32;
        let cells = (board.cell_count() - board.empty_cells()) as u32;
        let columns = (board.cascade_count() - board.empty_cascades()) as u32;
        // Every card not home lies in a cascade or a cell.
        let unsorted = out - cells - board.built_base_cards() as u32;
        let breaks = if board.rules().build == BuildRule::SimpleSimon { suit_breaks(board) } else { 0 };
        let tight = tight(board, cells, columns);
        let under = board.cards_beneath_runs() as u32;
        Counts { out, blocked, unsorted, dig, cells, columns, breaks, tight, under }
    }

    /// The counts after `mv`, a legal move of `board` (the position these describe) that
    /// puts no card home and is followed by no automove, from its [`BoardN::preview`](freecell_core::BoardN::preview) and
    /// the position's [`Blocking`] and [`Digging`]: no board is built.
    #[inline]
    pub(super) fn after<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        mv: Move,
        preview: &Preview,
        blocking: &Blocking<C>,
        (digging, tally): (&Digging, &Tally<C>),
    ) -> Counts {
        if let (PileKind::Cascade(a), PileKind::Cell(_)) =
            (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()))
        {
            // About half of all children: a path without the general one's matching.
            return self.after_to_cell(board, a, preview, blocking, (digging, tally));
        }
        let (mut cells, mut columns) = (self.cells, self.columns);
        match BoardN::<C, F>::locate(mv.from()) {
            PileKind::Cascade(a) => columns -= u32::from(board.cascade_len(a) == usize::from(mv.count())),
            _ => cells -= 1,
        }
        match BoardN::<C, F>::locate(mv.to()) {
            PileKind::Cascade(b) => columns += u32::from(board.cascade_len(b) == 0),
            _ => cells += 1,
        }
        Counts {
            out: self.out,
            blocked: blocking.after(board, mv),
            unsorted: self.out - cells - preview.built_base_cards as u32,
            dig: digging.after_same_home::<C, F>(tally, mv),
            cells,
            columns,
            breaks: 0,
            tight: tight(board, cells, columns),
            under: preview.cards_beneath_runs as u32,
        }
    }

    /// [`after`](Self::after) for the top card of cascade `a` moved into a free cell: one
    /// card leaves the cascade and enters no other. Its blocked count is
    /// [`Blocking::after`]'s for that one card, spelled out: the general call here costs
    /// 1.6 % more of `fast`'s instructions.
    #[inline]
    fn after_to_cell<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        a: usize,
        preview: &Preview,
        blocking: &Blocking<C>,
        (digging, tally): (&Digging, &Tally<C>),
    ) -> Counts {
        let card = board.cascade_top(a).map_or(0, Card::index);
        let moved = 1u64 << card;
        let cells = self.cells + 1;
        let columns = self.columns - u32::from(board.cascade_len(a) == 1);
        Counts {
            out: self.out,
            blocked: blocking.blocked - u32::from(blocking.cascades[a] & !moved & LOWER_SAME_SUIT[card] != 0),
            unsorted: self.out - cells - preview.built_base_cards as u32,
            dig: digging.after_one_off(tally, a),
            cells,
            columns,
            breaks: 0,
            tight: tight(board, cells, columns),
            under: preview.cards_beneath_runs as u32,
        }
    }

    /// The score under `w`, without the depth term: smaller is closer to the goal.
    #[inline]
    pub(crate) fn score(&self, w: &Weights) -> u32 {
        w.out * self.out
            + w.blocked * self.blocked
            + w.unsorted * self.unsorted
            + w.dig * self.dig
            + w.cell * self.cells
            + w.column * self.columns
            + w.breaks * self.breaks
            + w.tight * self.tight
            + w.under * self.under
    }
}

/// [`Counts::tight`] with `cells` free cells taken and `columns` cascades not empty on a
/// board of `board`'s piles.
#[inline]
fn tight<const C: usize, const F: usize>(board: &BoardN<C, F>, cells: u32, columns: u32) -> u32 {
    let room = (board.cell_count() + board.cascade_count()) as u32 - cells - columns;
    2u32.saturating_sub(room)
}

/// Cascade cards lying on a card other than the next higher card of their own suit (see
/// [`Weights::breaks`]): one pass over the card records.
fn suit_breaks<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    Card::deck().filter(|&card| board.beneath(card).is_some_and(|under| under.index() != card.index() + 4)).count()
        as u32
}

/// Scores `board` under `w` (without the depth term) from scratch.
pub(crate) fn evaluate<const C: usize, const F: usize>(board: &BoardN<C, F>, w: &Weights) -> u32 {
    Counts::of(board, Blocking::of(board).blocked, dig(board)).score(w)
}

#[cfg(test)]
mod tests {
    use freecell_core::{Game, Rules};

    use super::{Evaluations, Weights};

    /// FreeCell's, ForeCell's and Beleaguered Castle's own rules alone take their tuned
    /// evaluations, and only unpinned: every other game, FreeCell with other cells
    /// included, and the rater keep the turns as they were.
    #[test]
    fn only_freecell_forecell_and_castle_unpinned_take_their_tuned_evaluations() {
        assert_ne!(Weights::FREECELL_TURNS, Weights::TURNS);
        assert_ne!(Weights::FORECELL_TURNS, Weights::TURNS);
        assert_eq!(Weights::turns(Rules::freecell(), Evaluations::Tuned), Weights::FREECELL_TURNS);
        assert_eq!(Weights::turns(Rules::freecell(), Evaluations::Pinned), Weights::TURNS);
        assert_eq!(Weights::turns(Rules::freecell(), Evaluations::Verdict), Weights::VERDICT_TURNS);
        assert_ne!(Weights::VERDICT_TURNS, Weights::FREECELL_TURNS);
        assert_eq!(Evaluations::Tuned.for_goal(crate::Goal::Verdict), Evaluations::Verdict);
        assert_eq!(Evaluations::Pinned.for_goal(crate::Goal::Verdict), Evaluations::Pinned);
        assert_eq!(Evaluations::Tuned.for_goal(crate::Goal::Short), Evaluations::Tuned);
        let forecell = Game::ForeCell.rules();
        assert_eq!(Weights::turns(forecell, Evaluations::Tuned), Weights::FORECELL_TURNS);
        assert_eq!(Weights::turns(forecell, Evaluations::Verdict), Weights::FORECELL_TURNS);
        assert_eq!(Weights::turns(forecell, Evaluations::Pinned), Weights::TURNS);
        let three_cells = Rules { free_cells: 3, ..Rules::freecell() };
        assert_eq!(Weights::turns(three_cells, Evaluations::Tuned), Weights::TURNS);
        for game in Game::ALL.into_iter().filter(|&game| ![Rules::freecell(), forecell].contains(&game.rules())) {
            let castle = matches!(game, Game::BeleagueredCastle | Game::StreetsAndAlleys | Game::Citadel);
            let tuned = if castle { super::castle::TURNS } else { Weights::TURNS };
            assert_eq!(Weights::turns(game.rules(), Evaluations::Tuned), tuned, "{game:?}");
            assert_eq!(Weights::turns(game.rules(), Evaluations::Verdict), tuned, "{game:?}");
            assert_eq!(Weights::turns(game.rules(), Evaluations::Pinned), Weights::TURNS, "{game:?}");
        }
        assert_ne!(super::castle::TURNS, Weights::TURNS);
    }
}
