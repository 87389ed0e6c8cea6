//! The `goals` engine: the goal-generation solver of Castiaux's thesis (2021), chapter
//! "Goal Generation Solver".
//!
//! A position is not scored; its *goals* are listed, strategy by strategy in the thesis's
//! order, and the first goal whose moves can be played is played. A goal is one move or a
//! short plan of several (spreading the cards of a cascade). After every goal the safe
//! automoves are played (the thesis's first strategy; Raymond's rule, which is its automove
//! theorem and corollary). When a position has no goal left, the search backtracks: it
//! undoes the last goal and resumes the previous position's list after it. A goal leading
//! to a position already visited is skipped; visited positions are kept in a set of
//! canonical [`Key`]s, so boards differing only in the order of cells or cascades count as
//! one (the improvement the thesis's conclusion asks for).
//!
//! The strategies, in order ([`Strategy`]); "sortedness" is
//! [`sortedness_of`] and "fully sorted" is [`is_fully_sorted`]:
//! 1. **Build down**: a free-cell card onto a cascade card, or a run from one cascade onto
//!    a better-sorted one. Destinations best-sorted first; for each, free cells first, then
//!    source cascades worst-sorted first.
//! 2. **Build empty**: into an empty cascade, the whole top run of a cascade that is not
//!    fully sorted (never part of it), or a free-cell card; the highest-ranking first.
//! 3. **Empty cascade**: a cascade that is not fully sorted is emptied entirely onto other
//!    cascades' cards and into free cells (no empty cascade used).
//! 4. **Access low card**: each foundation's next card, lowest rank first: the cards above
//!    it are spread (empty cascades allowed), then it goes home, safe or not.
//! 5. **Access build card**: for each fully sorted cascade, each card that could be built
//!    on it lying in a cascade that is not fully sorted: the cards above it are spread (not
//!    onto that cascade), then it is built on it.
//! 6. **Any move between cascades**: any run from a cascade that is not fully sorted onto
//!    another cascade's card.
//! 7. **Any move to a free cell**: the top card of a cascade that is not fully sorted.
//!
//! Choices the thesis leaves open, named:
//! - **Spreading** (its `superaccess()`) is greedy, one plan per goal: while cards remain to
//!   move, the top run (or the part of it above the card sought) goes onto the first
//!   cascade card it builds on; otherwise, when empty cascades are allowed and two or more
//!   cards are to move, as many as fit into an empty cascade; otherwise one card into a free
//!   cell; otherwise, when allowed, one card into an empty cascade; otherwise the goal fails.
//! - **Ties** keep the cascades', cells' and suits' index order.
//! - **Visited check** is made on the position a goal ends in (after its automoves), not on
//!   the positions inside a plan.
//! - **Sequence moves** are made within the thesis's deep-supermove capacity
//!   ([`SequenceCapacity::DeepSupermove`](freecell_core::SequenceCapacity::DeepSupermove)),
//!   set by the preset.
//! - **Counters.** `expanded` counts positions entered (each new position whose goals are
//!   listed), `generated` the goals played, `duplicates` those ending on a visited position,
//!   `evaluated` the goals listed.
//!
//! The strategies do not generate every move (a fully sorted cascade never feeds a free
//! cell, for one), so running out of goals proves nothing: the engine then reports
//! [`UndecidedReason::Pruned`].

use freecell_core::{Automove, BoardN, Card, Key, Move, MoveModel, NextHome, Pile, PileKind, Suit};
use freecell_heuristics::thesis::{is_fully_sorted, sortedness_of};
use freecell_search::containers::KeySet;
use freecell_search::containers::bytes::{growth, held, reserve, room};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

/// The automove rule played after every goal: Raymond's, the thesis's automove theorem and
/// its corollary.
pub(crate) const AUTOMOVE: Automove = Automove::Raymond;

/// The thesis's strategies after the automove, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Strategy {
    BuildDown,
    BuildEmpty,
    EmptyCascade,
    AccessLowCard,
    AccessBuildCard,
    AnyCascadeMove,
    AnyToFreecell,
}

impl Strategy {
    pub(crate) const ALL: [Strategy; 7] = [
        Strategy::BuildDown,
        Strategy::BuildEmpty,
        Strategy::EmptyCascade,
        Strategy::AccessLowCard,
        Strategy::AccessBuildCard,
        Strategy::AnyCascadeMove,
        Strategy::AnyToFreecell,
    ];
}

/// The goals of one strategy at one position, each a plan of moves, appended to `plans`
/// (moves) and `ends` (the end of each plan in `plans`).
pub(crate) fn goals<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    strategy: Strategy,
    plans: &mut Vec<Move>,
    ends: &mut Vec<usize>,
) {
    let mut out = Plans { plans, ends };
    match strategy {
        Strategy::BuildDown => build_down(board, &mut out),
        Strategy::BuildEmpty => build_empty(board, &mut out),
        Strategy::EmptyCascade => empty_cascade(board, &mut out),
        Strategy::AccessLowCard => access_low_card(board, &mut out),
        Strategy::AccessBuildCard => access_build_card(board, &mut out),
        Strategy::AnyCascadeMove | Strategy::AnyToFreecell => any_move(board, strategy, &mut out),
    }
}

/// Where goals are written: the moves of every plan, and where each plan ends.
struct Plans<'a> {
    plans: &'a mut Vec<Move>,
    ends: &'a mut Vec<usize>,
}

impl Plans<'_> {
    /// A one-move goal.
    fn one(&mut self, mv: Move) {
        self.plans.push(mv);
        self.ends.push(self.plans.len());
    }

    /// A goal planned by `plan`, which appends its moves or returns `None` (its moves are
    /// then dropped).
    fn planned(&mut self, plan: impl FnOnce(&mut Vec<Move>) -> Option<()>) {
        let start = self.plans.len();
        if plan(self.plans).is_some() {
            self.ends.push(self.plans.len());
        } else {
            self.plans.truncate(start);
        }
    }
}

/// Non-empty cascades, in index order.
fn occupied<const C: usize, const F: usize>(board: &BoardN<C, F>) -> impl Iterator<Item = usize> + '_ {
    (0..board.cascade_count()).filter(|&i| board.cascade_len(i) > 0)
}

/// Non-empty cascades that are not fully sorted, in index order.
fn unsorted<const C: usize, const F: usize>(board: &BoardN<C, F>) -> impl Iterator<Item = usize> + '_ {
    occupied(board).filter(|&i| !is_fully_sorted(board, i))
}

fn build_down<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Plans<'_>) {
    let sortedness: Vec<i32> = (0..board.cascade_count()).map(|i| sortedness_of(board, i)).collect();
    let mut destinations: Vec<usize> = occupied(board).collect();
    destinations.sort_by_key(|&i| std::cmp::Reverse(sortedness[i]));
    let mut sources: Vec<usize> = occupied(board).collect();
    sources.sort_by_key(|&i| sortedness[i]);
    for &to in &destinations {
        for cell in 0..board.cell_count() {
            let mv = Move::single(Pile::cell(cell), Pile::cascade(to));
            if board.check(mv).is_ok() {
                out.one(mv);
            }
        }
        for &from in sources.iter().filter(|&&from| sortedness[from] < sortedness[to]) {
            if let Some(mv) = onto_card(board, from, to, board.run_len(from)) {
                out.one(mv);
            }
        }
    }
}

fn build_empty<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Plans<'_>) {
    let Some(empty) = (0..board.cascade_count()).find(|&i| board.cascade_len(i) == 0) else { return };
    // (rank of the card that would lie deepest, move), highest rank first.
    let mut candidates: Vec<(u8, Move)> = Vec::new();
    for from in unsorted(board) {
        let run = board.run_len(from);
        let mv = Move::new(Pile::cascade(from), Pile::cascade(empty), run as u8);
        if let Some(deepest) = board.cascade(from).nth(run - 1)
            && board.check(mv).is_ok()
        {
            candidates.push((deepest.rank().get(), mv));
        }
    }
    for (cell, card) in board.cells().enumerate() {
        if let Some(card) = card {
            candidates.push((card.rank().get(), Move::single(Pile::cell(cell), Pile::cascade(empty))));
        }
    }
    candidates.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
    for (_, mv) in candidates {
        out.one(mv);
    }
}

fn empty_cascade<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Plans<'_>) {
    for from in unsorted(board) {
        out.planned(|plan| spread(board, from, board.cascade_len(from), Spread { empty: false, keep: None }, plan));
    }
}

fn access_low_card<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Plans<'_>) {
    let mut needed: Vec<Card> = Suit::ALL
        .into_iter()
        .filter_map(|suit| match board.next_home(suit) {
            NextHome::Card(card) => Some(card),
            NextHome::Complete => None,
        })
        .collect();
    needed.sort_by_key(|card| card.rank());
    for card in needed {
        let home = Pile::foundation(card.suit());
        out.planned(|plan| {
            match locate(board, card)? {
                Place::Cell(cell) => plan.push(Move::single(Pile::cell(cell), home)),
                Place::Cascade(from, depth) => {
                    spread(board, from, depth - 1, Spread { empty: true, keep: None }, plan)?;
                    plan.push(Move::single(Pile::cascade(from), home));
                }
            }
            Some(())
        });
    }
}

fn access_build_card<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Plans<'_>) {
    for to in occupied(board).filter(|&i| is_fully_sorted(board, i)) {
        let Some(top) = board.cascade_top(to) else { continue };
        for card in builders(top) {
            let Some(Place::Cascade(from, depth)) = locate(board, card) else { continue };
            if from == to || is_fully_sorted(board, from) {
                continue;
            }
            out.planned(|plan| {
                spread(board, from, depth - 1, Spread { empty: true, keep: Some(to) }, plan)?;
                plan.push(Move::single(Pile::cascade(from), Pile::cascade(to)));
                Some(())
            });
        }
    }
}

/// Any move between cascades (onto a card) or any move to a free cell, from a cascade
/// that is not fully sorted, in the generator's order.
fn any_move<const C: usize, const F: usize>(board: &BoardN<C, F>, strategy: Strategy, out: &mut Plans<'_>) {
    let mut moves = Vec::new();
    board.generate_moves(MoveModel::Sequence, &mut moves);
    for mv in moves {
        let PileKind::Cascade(from) = mv.from().kind() else { continue };
        let wanted = match (strategy, mv.to().kind()) {
            (Strategy::AnyCascadeMove, PileKind::Cascade(to)) => board.cascade_len(to) > 0,
            (Strategy::AnyToFreecell, PileKind::Cell(_)) => true,
            _ => false,
        };
        if wanted && !is_fully_sorted(board, from) {
            out.one(mv);
        }
    }
}

/// The two cards that build on `card` (opposite colour, one rank lower); none on an ace.
fn builders(card: Card) -> impl Iterator<Item = Card> {
    let rank = freecell_core::Rank::new(card.rank().get().wrapping_sub(1));
    Suit::ALL
        .into_iter()
        .filter(move |s| s.colour() != card.suit().colour())
        .filter_map(move |s| Some(Card::new(rank?, s)))
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Cell(usize),
    /// Cascade and depth (1 = the top card).
    Cascade(usize, usize),
}

fn locate<const C: usize, const F: usize>(board: &BoardN<C, F>, card: Card) -> Option<Place> {
    if let Some(cell) = board.cells().position(|c| c == Some(card)) {
        return Some(Place::Cell(cell));
    }
    (0..board.cascade_count())
        .find_map(|i| board.cascade(i).position(|c| c == card).map(|depth| Place::Cascade(i, depth + 1)))
}

/// The move of part of cascade `from`'s top `limit` cards onto cascade `to`'s top card, if
/// some part builds on it and the move is legal.
fn onto_card<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    from: usize,
    to: usize,
    limit: usize,
) -> Option<Move> {
    if from == to || board.cascade_len(to) == 0 {
        return None;
    }
    (1..=limit.min(board.run_len(from)))
        .map(|count| Move::new(Pile::cascade(from), Pile::cascade(to), count as u8))
        .find(|&mv| board.check(mv).is_ok())
}

/// Where a spread may put cards.
#[derive(Clone, Copy, Debug)]
struct Spread {
    /// Whether empty cascades may be used.
    empty: bool,
    /// A cascade that must not receive cards.
    keep: Option<usize>,
}

/// Plans moving the top `count` cards of cascade `from` elsewhere (see the module docs),
/// appending the moves to `plan`. `None` when some card has nowhere to go.
fn spread<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    from: usize,
    count: usize,
    rules: Spread,
    plan: &mut Vec<Move>,
) -> Option<()> {
    let mut board = board.clone();
    let mut left = count;
    let cascades = board.cascade_count();
    while left > 0 {
        let run = board.run_len(from).min(left);
        let onto = (0..cascades).filter(|&to| Some(to) != rules.keep).find_map(|to| onto_card(&board, from, to, run));
        let empty = (0..cascades).find(|&i| board.cascade_len(i) == 0).filter(|_| rules.empty);
        let into_empty = |n: usize| empty.map(|to| Move::new(Pile::cascade(from), Pile::cascade(to), n as u8));
        let into_cell =
            board.cells().position(|c| c.is_none()).map(|cell| Move::single(Pile::cascade(from), Pile::cell(cell)));
        let chunk = if run >= 2 { into_empty(run.min(board.sequence_capacity(true))) } else { None };
        let mv = onto.or(chunk).or(into_cell).or_else(|| into_empty(1))?;
        board.apply(mv).ok()?;
        plan.push(mv);
        left -= usize::from(mv.count());
    }
    Some(())
}

/// The most automoves after one goal: each card goes home once.
const AUTOMOVES: usize = 52;

/// Room made for one strategy's goals before they are listed (the listing cannot fail, so it
/// must not grow the stacks). A strategy lists at most 94 goals (its one-move goals are
/// legal moves, and a position has at most 94; planned goals are at most 20) and at most
/// 1,060 moves (access build card: 20 plans of at most 52 spreading moves and the move).
const GOAL_ROOM: usize = 256;
const PLAN_ROOM: usize = 2048;

/// One position on the search path: where its goals stand.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Length of the move path when the position was reached.
    at: usize,
    /// The strategy whose goals are listed, and the next one to try.
    strategy: usize,
    next: usize,
    /// This position's goals for `strategy`: `ends[ends_from..]` on the goal stack, whose
    /// moves start at `plans_from`.
    plans_from: usize,
    ends_from: usize,
}

/// The engine's memory, kept between searches so that a warm cache allocates little.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// Every position entered, found by its Zobrist hash.
    seen: KeySet<Key>,
    path: Vec<Move>,
    frames: Vec<Frame>,
    plans: Vec<Move>,
    ends: Vec<usize>,
}

impl Cache {
    fn clear(&mut self) {
        self.seen.clear();
        self.path.clear();
        self.frames.clear();
        self.plans.clear();
        self.ends.clear();
    }

    /// Bytes held (kept between searches): the seen set, the path, frames and goal stacks.
    pub(crate) fn held(&self) -> usize {
        self.seen.bytes() + held(&self.path) + held(&self.frames) + held(&self.plans) + held(&self.ends)
    }

    /// Bytes held once one more position is entered.
    fn bytes_to_enter(&self) -> usize {
        self.held() + self.seen.growth() + growth(&self.frames)
    }

    /// Takes the board back to the position of the top frame.
    fn unwind<const C: usize, const F: usize>(&mut self, board: &mut BoardN<C, F>, to: usize) {
        while self.path.len() > to {
            let mv = self.path.pop().expect("the path is longer than `to`");
            board.undo(mv);
        }
    }
}

/// Searches `start` as the thesis's goal-generation solver does, within `budget`, asking
/// `observer` after every new position whether to go on. The solution lists every move,
/// automoves included.
pub(crate) fn search<const C: usize, const F: usize>(
    cache: &mut Cache,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
) -> Report<Move> {
    cache.clear();
    let mut stats = Stats::default();
    let outcome = run(cache, start, budget, observer, &mut stats);
    stats.bytes = stats.bytes.max(cache.held());
    Report { outcome, stats }
}

fn run<const C: usize, const F: usize>(
    cache: &mut Cache,
    start: &BoardN<C, F>,
    budget: Budget,
    observer: &mut impl Observer,
    stats: &mut Stats,
) -> SearchOutcome<Move> {
    let max_bytes = budget.get_max_bytes().unwrap_or(usize::MAX);
    let max_generated = budget.get_max_generated().unwrap_or(u64::MAX);
    // The allocator refusing memory ends the search as the byte limit does.
    macro_rules! or_end {
        ($e:expr) => {
            if let Err(reason) = $e {
                return SearchOutcome::Undecided(reason.into());
            }
        };
    }
    let mut board = start.clone();
    or_end!(reserve(&mut cache.path, AUTOMOVES));
    board.apply_automoves(AUTOMOVE, &mut cache.path);
    loop {
        // `board` is a new position, reached by `cache.path`.
        if board.is_won() {
            let moves = cache.path.clone();
            let cost = moves.iter().map(|m| u32::from(m.count())).sum();
            return SearchOutcome::Solved(MovePath { moves, cost });
        }
        if let Err(reason) = budget.expand(stats) {
            return SearchOutcome::Undecided(reason);
        }
        if cache.bytes_to_enter() > max_bytes {
            return SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes));
        }
        or_end!(room(&mut cache.frames));
        or_end!(cache.seen.insert(board.hash64(), board.key(), Key::hash64, &mut *observer));
        let (plans_from, ends_from) = (cache.plans.len(), cache.ends.len());
        cache.frames.push(Frame { at: cache.path.len(), strategy: 0, next: 0, plans_from, ends_from });
        stats.expanded += 1;
        stats.peak_stored = stats.peak_stored.max(cache.seen.len() as u64);
        stats.bytes = stats.bytes.max(cache.held());
        if observer.on_expand(stats) == Control::Stop {
            return SearchOutcome::Undecided(UndecidedReason::Stopped);
        }
        // Find the next goal that leads somewhere new, backtracking as needed.
        loop {
            let Some(frame) = cache.frames.last_mut() else { return SearchOutcome::Undecided(UndecidedReason::Pruned) };
            let listed = cache.ends.len() - frame.ends_from;
            if frame.next < listed {
                let begin =
                    if frame.next == 0 { frame.plans_from } else { cache.ends[frame.ends_from + frame.next - 1] };
                let end = cache.ends[frame.ends_from + frame.next];
                frame.next += 1;
                let at = frame.at;
                if stats.generated >= max_generated {
                    return SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Generated));
                }
                stats.generated += 1;
                // Plans were made on this very position, so their moves are legal; they are
                // checked anyway, and a failing plan is simply skipped.
                or_end!(reserve(&mut cache.path, end - begin + AUTOMOVES));
                let mut played = true;
                for i in begin..end {
                    let mv = cache.plans[i];
                    if board.apply(mv).is_err() {
                        played = false;
                        break;
                    }
                    cache.path.push(mv);
                }
                if played {
                    board.apply_automoves(AUTOMOVE, &mut cache.path);
                    if !cache.seen.contains(board.hash64(), &board.key()) {
                        break;
                    }
                    stats.duplicates += 1;
                }
                cache.unwind(&mut board, at);
            } else if frame.strategy < Strategy::ALL.len() {
                // List the next strategy's goals in place of this one's.
                cache.plans.truncate(frame.plans_from);
                cache.ends.truncate(frame.ends_from);
                let strategy = Strategy::ALL[frame.strategy];
                frame.strategy += 1;
                frame.next = 0;
                or_end!(reserve(&mut cache.plans, PLAN_ROOM));
                or_end!(reserve(&mut cache.ends, GOAL_ROOM));
                goals(&board, strategy, &mut cache.plans, &mut cache.ends);
                stats.evaluated += (cache.ends.len() - frame.ends_from) as u64;
            } else {
                // No goal left: back to the previous position.
                let done = cache.frames.pop().expect("a frame is on top");
                cache.plans.truncate(done.plans_from);
                cache.ends.truncate(done.ends_from);
                if let Some(parent) = cache.frames.last() {
                    let at = parent.at;
                    cache.unwind(&mut board, at);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::Board;

    use super::*;

    /// Sixteen cards out (every foundation at 9); cells JD JS; two empty cascades.
    ///
    /// | cascade | cards, deepest first | sortedness |
    /// |---|---|---|
    /// | 1 | KH QC | fully sorted: 13 + 2 = 15 |
    /// | 2 | QS | fully sorted: 12 + 1 = 13 |
    /// | 3 | TC JH | TC under JH breaks after 1 step: −(1 + 1) = −2 |
    /// | 4 | TD TS KD | TS under KD breaks after 1 step: −(1 + 3) = −4 |
    /// | 5 | TH QH JC | TH under QH breaks after 2 steps: −(2 + 2) = −4 |
    /// | 6 | QD KC KS | QD under KC breaks after 2 steps: −(2 + 1) = −3 |
    const POSITION: &str = "Foundations: C-9 D-9 H-9 S-9\nFreecells: JD JS - -\n\
        : KH QC\n: QS\n: TC JH\n: TD TS KD\n: TH QH JC\n: QD KC KS\n";

    fn listed(board: &Board, strategy: Strategy) -> Vec<Vec<Move>> {
        let (mut plans, mut ends) = (Vec::new(), Vec::new());
        goals(board, strategy, &mut plans, &mut ends);
        let mut begin = 0;
        ends.iter()
            .map(|&end| {
                let plan = plans[begin..end].to_vec();
                begin = end;
                plan
            })
            .collect()
    }

    fn mv(from: Pile, to: Pile, count: u8) -> Move {
        Move::new(from, to, count)
    }

    const fn c(i: usize) -> Pile {
        Pile::cascade(i - 1)
    }

    #[test]
    fn build_down_goes_to_the_best_sorted_cascades_cells_first() {
        let board: Board = POSITION.parse().unwrap();
        // Destinations best-sorted first: 1 (QC, 15), 2 (QS, 13), 3 (−2), 6 (−3), 4 and 5
        // (−4). Onto QC and onto QS: the cell card JD first, then cascade 3's JH (the only
        // worse-sorted source that builds). 3's JH wants a black ten: none. 6's KS takes a
        // red queen from a cascade sorted worse than −3: the run QH JC of cascade 5 (−4),
        // both cards. 4's KD would take a black queen, but QC and QS lie in better-sorted
        // cascades; 5's JC wants a red ten: none.
        let a = Pile::cell(0);
        assert_eq!(
            listed(&board, Strategy::BuildDown),
            [
                vec![mv(a, c(1), 1)],
                vec![mv(c(3), c(1), 1)],
                vec![mv(a, c(2), 1)],
                vec![mv(c(3), c(2), 1)],
                vec![mv(c(5), c(6), 2)]
            ]
        );
    }

    #[test]
    fn build_empty_moves_whole_runs_highest_rank_first() {
        let board: Board = POSITION.parse().unwrap();
        // Into cascade 7 (the first empty one). Runs of cascades not fully sorted: 4's KD
        // (13), 6's KS (13), 5's JC on QH (two cards, led by 12), 3's JH (11); cells JD, JS
        // (11). Highest rank first, ties cascades before cells in index order. Cascades 1
        // and 2 are fully sorted and stay.
        let e = c(7);
        assert_eq!(
            listed(&board, Strategy::BuildEmpty),
            [
                vec![mv(c(4), e, 1)],
                vec![mv(c(6), e, 1)],
                vec![mv(c(5), e, 2)],
                vec![mv(c(3), e, 1)],
                vec![mv(Pile::cell(0), e, 1)],
                vec![mv(Pile::cell(1), e, 1)],
            ]
        );
    }

    #[test]
    fn access_low_card_spreads_the_cards_above_each_ten() {
        let board: Board = POSITION.parse().unwrap();
        let home = |s: Suit| Pile::foundation(s);
        let cell = Pile::cell(2); // the first empty cell
        // The needed cards are the four tens, equal rank, so in suit order C, D, H, S.
        // TC (cascade 3, under JH): JH goes onto QC (cascade 1, the first card it builds
        // on), then TC home.
        // TD (deepest of 4, under TS and KD): KD builds nowhere and is one card, so it goes
        // to a free cell; then TS onto JH (cascade 3); then TD home.
        // TH (deepest of 5, under QH and JC): the run QH JC goes onto KS (cascade 6); home.
        // TS (middle of 4, under KD): KD to a free cell; TS home.
        assert_eq!(
            listed(&board, Strategy::AccessLowCard),
            [
                vec![mv(c(3), c(1), 1), mv(c(3), home(Suit::Clubs), 1)],
                vec![mv(c(4), cell, 1), mv(c(4), c(3), 1), mv(c(4), home(Suit::Diamonds), 1)],
                vec![mv(c(5), c(6), 2), mv(c(5), home(Suit::Hearts), 1)],
                vec![mv(c(4), cell, 1), mv(c(4), home(Suit::Spades), 1)],
            ]
        );
    }

    #[test]
    fn fully_sorted_cascades_feed_no_free_cell() {
        let board: Board = POSITION.parse().unwrap();
        // Any move to a free cell: the tops of cascades 3–6 (not fully sorted), in the
        // generator's order; never QC or QS.
        let cell = Pile::cell(2);
        assert_eq!(listed(&board, Strategy::AnyToFreecell), [3, 4, 5, 6].map(|i| vec![mv(c(i), cell, 1)]));
    }
}
