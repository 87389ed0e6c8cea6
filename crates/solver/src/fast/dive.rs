//! A depth-first search for Baker's Dozen and Good Measure (single cards, no cells, building
//! regardless of suit, emptied cascades staying empty) and ForeCell: [`Dive`], resumable,
//! taking turns with the greedy searches.
//!
//! **Why depth first.** In these games a card moves only onto a card one rank higher and an
//! emptied cascade stays empty, so most lines of play are short and irreversible: a search
//! that commits to a line and backs up only when it is stuck wins where the greedy
//! searches' evaluations, written for FreeCell, see no difference between the positions
//! they compare. fc-solve's presets for both games are such a search (a depth-first "soft
//! DFS" over its moves in the order `0123456789`: cards home, then a card that is not on
//! its parent onto one, then a card on its parent onto another; `shlomif/fc-solve`,
//! `source/freecell.c`, `fc_solve_sfs_move_stack_cards_to_different_stacks` and
//! `fc_solve_sfs_move_cards_to_a_different_parent`): it solves Baker's Dozen 2071 after
//! 129 states, where the greedy searches needed 1,674,791 expansions. This search tries the
//! moves in that order, plays the safe automoves after each, skips the dominated moves
//! ([`Dominance`]) and drops every position a card of which can never move ([`Frozen`]).
//! Every move is kept, so running out of positions means every position reachable was seen
//! (as far as 64-bit hashes tell); it proves nothing, and only the proof does.
//!
//! **ForeCell** (FreeCell's rules, but four cards dealt to the cells and kings alone on an
//! emptied cascade) is the other game where fc-solve's depth-first scan wins deals the greedy
//! searches do not: 4265, 4191 and 6153 after 5,508, 428,558 and 774,678 states of its
//! `forecell` preset (FreeCell's, `-to [01][23456789]`, `source/scripts/gen-presets.pl`),
//! where the greedy searches left them undecided at 2,000,000 expansions. There one dive
//! tries fc-solve's moves in that order with its compound moves ([`compound`]: the cards
//! above a run or its parent, or above a card that can go home, put into free cells first):
//! it wins the three after 253,960, 131,385 and 2,511 expansions. Two dives of single run
//! moves in fc-solve's classes, ordered by [`Keys`], won 4191 and 6153 but not 4265 within
//! 3,000,000.
//!
//! **FreeCell**: its deals that the greedy searches' first evaluation has not solved within
//! 812 expansions (4 % of MS 32,001–64,000) hold half their expansions, and fc-solve's first
//! scan of its `lg` preset, a depth-first one, wins most of them within a few hundred
//! states (`docs/results/fast.md`, thirty-first session). One dive is that scan
//! ([`Classes::Scan`]: its moves `01j234`, with move `j`, a free cell's card into an empty
//! cascade with a run built on it at once, and from depth 33 on `016[234j]=asw(1)`), beside
//! the greedy searches from their second round: MS 1–32,000 take 9.2 % fewer expansions
//! (thirty-second session).
//!
//! **Beleaguered Castle's rules** (Citadel's and Streets and Alleys' deals) have a dive
//! over fc-solve's compound moves ([`compound`]: a run onto its parent anywhere, the cards
//! above the parent put into empty cascades first), each played as its ordinary moves, so a
//! win is a list of ordinary moves, in fc-solve's order `-to 048`: cards home, then moves 4
//! and 8. It wins Citadel 3440, 7868 and 9817 after 23,827, 22,064 and 7,558 expansions
//! (fc-solve: 43,639, 19,991 and 18,634 states), which the greedy searches left undecided
//! at 1,000,000, Streets and Alleys 242 and 9363, and Beleaguered Castle 7148 and 4889.
//! fc-solve's preset for these games tries its moves in the order `[01][23456789]`, which
//! adds move 3 (a card under others home) and move 6 (a run into an empty cascade): it wins
//! the ten deals of Beleaguered Castle and Streets and Alleys it solves and `fast` left
//! undecided at 1,200,000 expansions (Beleaguered Castle 1603, 8569, Streets and Alleys
//! 1087, 3132, 3654, 4263, 4672, 5106, 7010, 7333) after 5,070 to 822,513 states, where the
//! order `048` wins six within 1,500,000. A dive in that order, dropping every position a
//! card of which can never move ([`Frozen`]), wins all ten after 1,678 to 483,344
//! expansions; Streets and Alleys has it as a second dive, capped to its quick wins, and
//! Beleaguered Castle as its only one, capped past 1603's and 8569's wins (see
//! [`DiveRules::ordered`]). Streets and Alleys dives again once its greedy searches have
//! ended undecided ([`DiveRules::last_parents`]): first with the same moves in fc-solve's order
//! `08436` (runs on their parents moved before runs not on them), which wins 1087
//! after 73,951 expansions (fc-solve: 165,361 states), then in the preset's.

use freecell_core::{Automove, BoardN, Card, Game, Move, MoveModel, NextHome, Pile, PileKind, Rules, Suit};
use freecell_search::containers::HashSet64;
use freecell_search::containers::bytes::{grown, grown_peak, grown_peak_span, held, push, reserve};
use freecell_search::{Control, Observer, Stats};

use super::castle;
use super::compound::{self, Places};
use super::dominance::Dominance;
use super::frozen::Frozen;
use super::greedy::End;
use super::loan::{Allowance, Lender};
use super::moves::{automoves_after, goes_home, is_home_move, moved_card, moves_again};

/// Room made in the move list before each move generation (see the greedy search's).
const MOVE_ROOM: usize = 256;

/// A position on the current line: its choices are `choices[next..end]` still to try, and
/// `choice` the one that reached it from the position below.
#[derive(Clone, Copy)]
struct Frame {
    next: u32,
    end: u32,
    choice: u32,
    /// Where the move that reached it put a single card (see [`moved_card`]).
    again: Option<Pile>,
}

/// A dive's [`peak`](Dive::peak) as last computed: its parts (the boards', frames',
/// choices', moves' and hashes' bytes), each with the span of lengths within which it
/// holds, and their sum with the scratch lists'; and each part's span before its last
/// (a line's depth that leaves a span across a capacity mostly comes back into it).
#[derive(Clone, Copy)]
struct Peaked {
    parts: [Part; 5],
    before: [Part; 5],
    total: usize,
}

/// One part of [`Peaked`]: its bytes, which hold while its length is within `first ..=
/// first + width`.
#[derive(Clone, Copy)]
struct Part {
    first: usize,
    width: usize,
    bytes: usize,
}

impl Part {
    /// Whether the bytes hold at `len`: `len - first <= width`, wrapping, one comparison.
    #[inline]
    fn holds(self, len: usize) -> bool {
        len.wrapping_sub(self.first) <= self.width
    }
}

/// Nothing computed: no length is within a part's span (`len - usize::MAX` wraps to
/// `len + 1`, above a width of 0).
impl Default for Peaked {
    fn default() -> Peaked {
        let none = Part { first: usize::MAX, width: 0, bytes: 0 };
        Peaked { parts: [none; 5], before: [none; 5], total: 0 }
    }
}

/// The depth-first search, resumable: the current line (a board and the moves left to try
/// at each of its positions) and the hashes of every position it reached. Kept between
/// solves, so nothing is allocated per position once warm.
#[derive(Default)]
pub(super) struct Dive<const C: usize, const F: usize> {
    boards: Vec<BoardN<C, F>>,
    frames: Vec<Frame>,
    /// The choices of the line's positions, each the range of its moves in `moves`: one
    /// move, or a compound move's ordinary moves (see [`compound`]).
    choices: Vec<[u32; 2]>,
    moves: Vec<Move>,
    /// One position's moves, before they are put in order, and with their keys.
    scratch: Vec<Move>,
    keyed: Vec<(u32, Move)>,
    /// One position's compound moves: their moves, and their classes and ranges.
    steps: Vec<Move>,
    spans: Vec<(u8, u32, u32)>,
    /// Boxed: some 600 bytes of arrays, which every solve's portfolio (seven dives) would
    /// otherwise copy by value as it is built and moved, 3 % of FreeCell's instructions on
    /// MS 1–1,500, whose solves then never dove.
    places: Box<Places>,
    seen: HashSet64,
    /// The last [`peak`](Dive::peak) computed in a turn, by its parts: the byte limit is
    /// checked with comparisons of lengths, not eight sums of capacities (which were 4 % of
    /// Good Measure's instructions, and 3 % when counted again at each length that changed).
    peaked: Peaked,
    pub(super) stats: Stats,
    /// Whether the search has begun (its start is on the line, or it has ended).
    begun: bool,
    /// Whether it marks a position's children seen as it enters the position
    /// ([`Order::Marked`]): a step may then store up to [`MOVE_ROOM`] hashes, not one.
    ahead: bool,
    /// The last position's keys computed ([`Keys`]), with its place on the line: a child
    /// entered from it walks again only the cascades its move changed.
    keyed_last: Option<(usize, [u32; C])>,
}

/// The rules the search runs under, where it applies.
#[derive(Clone, Copy, Debug)]
pub(super) struct DiveRules {
    /// The frozen-card test, under the single-card rules that have it.
    frozen: Option<Frozen>,
    dominance: Dominance,
    /// Single-card moves (Baker's Dozen), or runs moved whole.
    model: MoveModel,
    classes: Classes,
    order: Order,
    /// Expansions after which the search stops for good (it then only reports
    /// [`End::Nodes`]).
    cap: u64,
    /// Whether a third dive tries the moves in [`Order::Stacks`] (Good Measure's).
    stacks: bool,
    /// Under Beleaguered Castle's rules, the cap of the dive in fc-solve's preset order
    /// ([`Classes::CompoundPreset`]), where the deal has one.
    preset: Option<u64>,
    /// The caps of the last dives, where the deal has them (Streets and Alleys'):
    /// [`STREETS_PARENTS_LAST_CAP`] and [`STREETS_LAST_CAP`] (see [`DiveRules::last_parents`]).
    last: Option<(u64, u64)>,
    /// Expansions of the solve before the search's first turn.
    pub(super) after: u64,
}

/// Expansions Citadel's dive gets in all. fc-solve's depth-first scan in the same order wins
/// its three deals after 18,634 to 43,639 states and the dive after 7,558 to 23,827 (52,189
/// for 7868 when the cap was chosen, before its moves were fc-solve's in every detail); a
/// dive left running takes its share from the greedy searches, whose running out of
/// positions starts the proof of a lost deal. Uncapped, at Citadel's limit of 1,000,000
/// expansions, deals 229 and 9976 (proved lost after 935,215 and 904,949 without the dive)
/// were left undecided.
const CITADEL_CAP: u64 = 60_000;

/// Expansions Streets and Alleys' dive gets in all: it wins 242, 5082 and 9363 (fc-solve:
/// 2,953, 16,110 and 139 states in the same order) after 20,825, 21,864 and 881, which the
/// greedy searches left undecided at 1,000,000. Its other wins need far more (7010 283,361,
/// fc-solve 118,278), and a dive given them (its turn doubled, after 100,000 expansions of
/// the solve, up to 300,000) left deals undecided that `fast` decides after 800,000 to
/// 930,000 expansions (68, 316, 1076 of deals 1–1,234): every expansion the dive takes is
/// the greedy searches' and the proof's (`docs/results/games.md`).
const STREETS_CAP: u64 = 25_000;

/// Expansions Streets and Alleys' dive in fc-solve's preset order ([`Classes::CompoundPreset`])
/// gets in all, beside the dive in the order `048` ([`STREETS_CAP`]): it wins 3132, 4263 and
/// 7010 (fc-solve's preset: 5,070, 95,425 and 45,147 states) after 1,678, 10,383 and 31,453,
/// which the other searches leave undecided at 1,200,000. Its other wins of fc-solve's need
/// more (87,303 to 483,344), and every expansion it takes in a deal left undecided is dearer
/// than a greedy search's (about 6,400 instructions alone since the twenty-sixth session, 8,600
/// before, against about 3,000); 32,000 was
/// 12,000 until its compound moves' generation cost a fifth less, the rule set's limit raised
/// by the 20,000 so that the greedy searches and the proof keep theirs.
/// The order `048` wins deals this order does not (1996 within 25,000; fc-solve: 33,892
/// states in the order `048`, not within 1,500,000 in the preset's), so it is a second
/// dive, not a replacement (`docs/results/games.md`).
const STREETS_PRESET_CAP: u64 = 32_000;

/// Expansions Streets and Alleys' first last dive ([`DiveRules::last_parents`], in fc-solve's order
/// `08436`: [`Classes::CompoundParentsFirst`]) gets at most, once the greedy searches have
/// ended and the proof cannot prove the loss within the expansions left. It wins 1087, 5106,
/// 7333, 3209 and 9814 (fc-solve's `08436`: 165,361, 27,770, 5,313 states, the last two not
/// within 1,500,000) after 73,951, 24,687, 64,712, 79,367 and 46,304, which the other
/// searches leave undecided with 521,981 to 216,265 expansions left; in the preset's order
/// ([`STREETS_LAST_CAP`]) 1087 needs 483,344 (fc-solve's preset: 822,513 states). Every deal
/// so left undecided pays both last dives' caps (`docs/results/games.md`, twenty-eighth
/// session).
const STREETS_PARENTS_LAST_CAP: u64 = 80_000;

/// Expansions Streets and Alleys' second last dive ([`DiveRules::last_preset`]), in fc-solve's
/// preset order, gets at most in all, its turns' [`STREETS_PRESET_CAP`] included, after the
/// first's [`STREETS_PARENTS_LAST_CAP`]; it resumes the turns' dive where it stopped, unless
/// the greedy searches took back its room ([`Lender`]). It wins 3654
/// (fc-solve's preset: 210,025 states) after 87,715, which the first does not within 300,000
/// (nor does fc-solve's `08436` within 1,500,000). Alone, capped at 150,000 until the
/// twenty-eighth session, it won 3654, 5106, 7333 (102,218 and 140,866), 3209 and 9814
/// (`docs/results/games.md`, twenty-seventh and twenty-eighth sessions).
const STREETS_LAST_CAP: u64 = 88_000;

/// Expansions Beleaguered Castle's one dive, in fc-solve's preset order
/// ([`Classes::CompoundPreset`], the frozen-card test on), gets in all: it wins 1603 and 8569
/// (fc-solve's preset: 363,606 and 569,121 states) after 239,044 and 166,543, which the other
/// searches leave undecided at 1,220,000, and 7148, 4889, 2197 and 751 after 36,345, 19,496,
/// 7,326 and 46,710. Until the twenty-fifth session the game dived in the order `048`,
/// capped at 50,000 (it wins 7148, 4889 and 2197 after 202, 27,037 and 45,066), the cap
/// what the rule set's limit left above its latest lost deal; this dive replaces it, and
/// Beleaguered Castle's deals get the 200,000 more it may take on top of the rule set's
/// limit ([`more_nodes`]), so that the greedy searches and the proof keep theirs: its lost
/// deals' dives run out of positions after up to 216,614 (653), where those deals are
/// proved lost after up to 1,214,804 expansions without it (`docs/results/games.md`).
const CASTLE_PRESET_CAP: u64 = 250_000;

/// Expansions Beleaguered Castle's dive may take beyond the 50,000 its dive had when the rule
/// set's node limit was set ([`CASTLE_PRESET_CAP`]).
const CASTLE_MORE_NODES: u64 = CASTLE_PRESET_CAP - 50_000;

/// Expansions a solve from `start` gets on top of its rule set's node limit
/// ([`Preset::default_max_nodes`](crate::Preset::default_max_nodes)): a Beleaguered Castle
/// deal's (the castle games' rules, one to four cards home: [`castle::Deal`]) dive may take
/// [`CASTLE_MORE_NODES`] more than the limit was set for; none elsewhere.
pub(crate) fn more_nodes<const C: usize, const F: usize>(start: &BoardN<C, F>) -> u64 {
    let beleaguered = castle::applies(*start.rules()) && castle::Deal::of(start) == castle::Deal::BeleagueredCastle;
    if beleaguered { CASTLE_MORE_NODES } else { 0 }
}

/// Expansions of a Beleaguered Castle or Streets and Alleys solve before its dive's first
/// turn: the deals decided sooner (most) never pay for it, and a deal decided later pays the
/// same capped share. Diving from the start, the dive's expansions (dearer than the greedy
/// searches': each compound move is several moves played) cost Beleaguered Castle's deals
/// 1–600 about 15 % more CPU for 1.3 % more expansions; from 100,000 on, about 1 %. Streets
/// and Alleys dived from the start until the twentieth session (`docs/results/games.md`).
const CASTLE_AFTER: u64 = 100_000;

/// Expansions each of Good Measure's dives gets in all (three since [`Order::Stacks`]: a
/// third dive capped as the others, its wins quick as theirs). Uncapped, the dives took the greedy
/// searches' and the proof's expansions: at 100,000 a deal they solved 69 deals of 1–6,284
/// left undecided without them but left 57 solved and 10 proved lost undecided. Capped, they
/// keep only the quick wins: on deals 1–2,000 at Good Measure's limit of 150,000, 5,000 each
/// solved 13 deals left undecided (1241, which fc-solve solves, after 75 expansions) and left
/// 3 solved ones undecided (1087, 1359, 1413, solved after 140,818 to 147,911 without the
/// dives; fc-solve reaches its limit of 1,000,000 states on them); on deals 1–1,000, 20,000
/// each solved 8 and left 5 undecided, among them 45, which fc-solve solves. The
/// first two dives' until the twenty-sixth session, when the nearest-card one got
/// [`GOOD_MEASURE_NEAREST_CAP`]; the uncovering one has [`GOOD_MEASURE_UNCOVERED_CAP`] since
/// the twenty-seventh.
const GOOD_MEASURE_CAP: u64 = 5_000;

/// Expansions Good Measure's dive in [`Order::Uncovered`] gets in all: [`GOOD_MEASURE_CAP`]
/// and 9,500 more, for 782, which fc-solve solves and the other searches leave undecided at
/// the game's limit: this dive wins it after 14,433 of its own, the others not within 34,800
/// (`docs/results/games.md`, twenty-sixth and twenty-seventh sessions).
const GOOD_MEASURE_UNCOVERED_CAP: u64 = 14_500;

/// Expansions Good Measure's dive in [`Order::Nearest`] gets in all: it wins 9990, which
/// fc-solve solves and the other searches leave undecided at the game's limit, after 7,450 of
/// its own, the others not within 28,000 (7,500 from the twenty-sixth session to the
/// thirtieth), and 9020 (fc-solve's default build: 749,515 states) after 24,614, where no
/// other dive wins it within 26,000; on the way, 14 more of the deals the other searches leave
/// undecided (400 after 7,794 to 5443 after 24,445). Above what two of the dives' turns give:
/// see [`DiveRules::turn`] (`docs/results/games.md`, twenty-ninth to thirty-first sessions).
const GOOD_MEASURE_NEAREST_CAP: u64 = 24_700;

/// Expansions Good Measure's dive in fc-solve's order ([`Order::Stacks`]) gets in all: it
/// wins 3206, 5748, 7168, 8492, 9196 and 9223, which fc-solve solves and the searches leave
/// undecided, between 5,000 and 10,000 (`docs/results/games.md`, twenty-first session), and
/// 8522 and 5389 after 10,972 and 11,856 (the cap 10,000 until the twenty-sixth session; no
/// other dive wins 5389 within 150,000, nor 8522 within 73,000).
const GOOD_MEASURE_STACKS_CAP: u64 = 12_000;

/// Expansions Good Measure's dive in [`Order::Marked`] gets in all: it wins 1251, 5477,
/// 4935 and 3100, which fc-solve solves and the other searches leave undecided, within
/// 7,725 (`docs/results/games.md`, twenty-fourth session), 7470, 970 and 6975 after
/// 14,130, 15,252 and 15,966, where the other dives need 15,971 to 22,523 (the cap 8,000
/// until the twenty-sixth session), and 3192 (fc-solve's default build: 227,013 states)
/// after 24,760, the other dives not before 53,051 (16,000 until the twenty-eighth
/// session), and 9900 (fc-solve's default build solves it) after 40,001, the other dives
/// not before 42,806 (24,800 until the thirty-second session: of the twelve gaps fc-solve
/// solves, the one a dive alone wins soonest past its cap), and 2258 (fc-solve's default
/// build solves it) after 50,694, the other dives not before 70,284 (40,100 until the
/// thirty-third session: then the gap a dive wins soonest past its cap). Above what two of
/// the dives' turns give: see [`DiveRules::turn`].
const GOOD_MEASURE_MARKED_CAP: u64 = 50_800;

/// Expansions Good Measure's dive in [`Order::Parents`] gets in all: it wins 8233 and 7585,
/// which fc-solve solves and the other searches leave undecided, within 1,628
/// (`docs/results/games.md`, twenty-fourth session), and 8475 (fc-solve: 49,851 states)
/// after 10,151, where the other dives need 55,810 or more (the cap 2,000 until the
/// twenty-seventh session).
const GOOD_MEASURE_PARENTS_CAP: u64 = 10_200;

/// Expansions Good Measure's dive in [`Order::NearestMarked`] gets in all: it wins 8934,
/// 5745 and 9074, which fc-solve solves and the other searches leave undecided, within
/// 11,132 (`docs/results/games.md`, twenty-fourth session).
const GOOD_MEASURE_NEAREST_MARKED_CAP: u64 = 12_000;

/// Expansions of a Good Measure solve before its dives' first turns: most deals are decided
/// by the greedy searches sooner and never pay for them, where diving from the start gave the
/// dives about three expansions in seven of every deal's first turns, each dearer than a
/// greedy search's (about 4,200 instructions against 3,000; on deals 1–300 the dives took
/// 41 % of the instructions, half of them in the deals decided). A deal decided later, or
/// undecided, pays the same capped dives, which win as they did, only later. From 50,000
/// rather than 20,000: every verdict of deals 1–10,000 the same, 1.5 % fewer expansions
/// (`docs/results/games.md`, twenty-fifth session); 150,000 of the limit are left after
/// it for the dives' [`GOOD_MEASURE_DIVES`].
const GOOD_MEASURE_AFTER: u64 = 50_000;

/// Expansions Good Measure's dive in [`Order::UncoveredMarked`] gets in all: it wins 6518,
/// 2720 and 6730, which fc-solve solves and the other searches leave undecided, within
/// 14,624 (`docs/results/games.md`, twenty-fifth session).
const GOOD_MEASURE_UNCOVERED_MARKED_CAP: u64 = 15_000;

/// Expansions Good Measure's seven dives take at most in all: their caps. The game's node limit gives
/// them this on top of what the greedy searches and the proof get
/// ([`Preset::default_max_nodes`](crate::Preset::default_max_nodes)).
pub(crate) const GOOD_MEASURE_DIVES: u64 = GOOD_MEASURE_NEAREST_CAP
    + GOOD_MEASURE_UNCOVERED_CAP
    + GOOD_MEASURE_STACKS_CAP
    + GOOD_MEASURE_MARKED_CAP
    + GOOD_MEASURE_PARENTS_CAP
    + GOOD_MEASURE_NEAREST_MARKED_CAP
    + GOOD_MEASURE_UNCOVERED_MARKED_CAP;

/// The classes of fc-solve's moves order the search tries moves in (see [`class`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Classes {
    /// Baker's Dozen's preset, `-to 0123456789` with no cell and no empty cascade to use.
    SingleCards,
    /// FreeCell's preset, `-to [01][23456789]`, with single run moves: the classes
    /// [`Classes::CompoundCells`] takes its ordinary moves' from.
    FreeCell,
    /// Citadel: fc-solve's `-to 048`, cards home then its compound moves (see [`compound`]).
    Compound,
    /// Beleaguered Castle and Streets and Alleys: fc-solve's preset order under their rules,
    /// `[01][23456789]`, cards home then its compound moves with its moves 3 and 6 (a card
    /// under others home, a run into an empty cascade: [`compound::Set::Preset`]).
    CompoundPreset,
    /// [`Classes::CompoundPreset`]'s moves in fc-solve's order `08436`: cards home, a run on
    /// its parent onto another parent (move 8), a run not on its parent (4), a card under
    /// others home (3), a run into an empty cascade (6). Streets and Alleys' first last dive
    /// ([`DiveRules::last_parents`]): move 8 tried before move 4, it wins 1087 after 73,951
    /// expansions where the preset's order needs 483,344 (fc-solve: 165,361 and 822,513
    /// states), but not 3654, which needs move 4 first.
    CompoundParentsFirst,
    /// ForeCell: fc-solve's `-to [01][23456789]` with its compound moves, the cards set
    /// aside going into the free cells (see [`compound`]). One dive, as Citadel's.
    CompoundCells,
    /// FreeCell: fc-solve's first scan of its `lg` preset ([`compound::scan`]), its
    /// moves in the order `01j234` until depth [`SCAN_DEPTH`], then `016[234j]=asw(1)`
    /// ([`scan_classes`]).
    Scan,
}

/// The depth from which FreeCell's scan ([`Classes::Scan`]) tries runs into an empty
/// cascade and orders its moves anew (fc-solve's `-dto2 "33,..."`), counted in positions
/// on the line. fc-solve counts a position after its automoves as one more; 22 and 27
/// instead changed the expansions of MS 32,001–64,000 by −0.3 % and +0.1 %, 40 by +0.4 %.
const SCAN_DEPTH: usize = 33;

/// Expansions of a FreeCell solve before its scan's first turn ([`Classes::Scan`]): the
/// greedy searches' second round (62 for the first evaluation alone, then a round of
/// 1,641), so that no deal they win sooner pays for it. Its turns then take a share of the
/// first evaluation's, as the other games' dives (`DIVE_SHARES` in `portfolio.rs`): on MS
/// 1–1,500 the instructions fell by 2.6 % with a quarter, 4.3 % with a half, 4.1 % and 3.9 %
/// with one and two (thirty-second session). With a quarter, from 3,000 on instead, it cut
/// 6.2 % of MS 32,001–64,000's expansions, against 10.2 % from here.
const SCAN_AFTER: u64 = 1_703;

/// The classes of FreeCell's scan ([`Classes::Scan`]) in its order: below [`SCAN_DEPTH`]
/// fc-solve's `01j234`, from it on `016[234j]=asw(1)`: the group `[234j]` sorted by the
/// cards home (fewest first, as `dfs_shuffle_states` in `fc-solve/source/lib.c` sorts by
/// `befs_rate_state`'s rating): move 3, the only one of them that puts a card home, last.
fn scan_classes(deep: bool) -> &'static [u8] {
    use compound::{BURIED_HOME, CELL_ON_PARENT, HOME, NOT_ON_PARENT, ONTO_CELL_CARD, TO_EMPTY};
    if deep {
        &[HOME, TO_EMPTY, CELL_ON_PARENT, NOT_ON_PARENT, ONTO_CELL_CARD, BURIED_HOME]
    } else {
        &[HOME, ONTO_CELL_CARD, CELL_ON_PARENT, BURIED_HOME, NOT_ON_PARENT]
    }
}

/// Which moves of a class (see [`class`]) a dive tries first: two dives, one of each, find
/// different wins.
#[derive(Clone, Copy, Debug)]
pub(super) enum Order {
    /// From the cascade holding the card nearest its foundation (see [`Keys`]).
    Nearest,
    /// The move uncovering the lowest card.
    Uncovered,
    /// fc-solve's own: by the cascade left, then by the cascade reached, each cascade
    /// placed by its bottom card as fc-solve sorts a position's cascades before it generates
    /// moves (`shlomif/fc-solve`, `source/state.c`, `fc_solve_canonize_state`; an empty
    /// cascade first). Good Measure's third dive: it wins 9381, 1769 and 304 after 202, 134
    /// and 140 expansions (fc-solve: 1,634, 2,145 and 11,098 states), where the other two
    /// orders win none within 60,000; with the cascades in their own order it won 20 of
    /// Good Measure's 56 gaps within 100,000 expansions instead of 41.
    Stacks,
    /// [`Order::Stacks`], each child of a position marked seen as soon as the position is
    /// entered, where the others (but [`Order::NearestMarked`] and [`Order::UncoveredMarked`])
    /// mark it when they try it (as fc-solve's soft-DFS does, `source/lib.c`, `dfs_solve`,
    /// `is_scan_visited`): a position is then tried only as a child of the first position
    /// that reached it, never deeper in a sibling's line, so the search keeps closer to the
    /// start. Good Measure's fourth dive: on the 928 deals of 1–10,000 the others left
    /// undecided at 170,000 expansions, it wins 11 within 10,000 (1251 after 232, 5477
    /// 3,451, 4935 6,210, 3100 7,725, which fc-solve solves), where [`Order::Stacks`]
    /// marking on entry wins none (`docs/results/games.md`, twenty-fourth session).
    Marked,
    /// [`Order::Stacks`], but a card on its parent tried onto the other parents by their
    /// suits (hearts, clubs, diamonds, spades), as fc-solve's move 8 lists them: by its table
    /// of the positions of each card (`source/freecell.c`,
    /// `fc_solve_sfs_move_cards_to_a_different_parent`, which leaves them in that order;
    /// `source/scans.h`, `fc_solve__calc_positions_by_rank_data`), where its move 4 sorts
    /// its children by the cascade reached. Good Measure's fifth dive: it wins 8233 after
    /// 402 expansions (fc-solve: 1,930 states) and 7585 after 1,628, where
    /// [`Order::Stacks`] wins neither within 100,000; as the third dive's order instead it
    /// lost more deals than it won (`docs/results/games.md`, twenty-fourth session).
    Parents,
    /// [`Order::Nearest`], marking children on entry as [`Order::Marked`] does. Good
    /// Measure's sixth dive: it wins 8934, 5745 and 9074, which fc-solve solves and the
    /// other searches leave undecided at 180,000 expansions, after 7,179, 10,074 and 11,132;
    /// [`Order::Uncovered`] marking so wins 6518 after 4,903, and no other gap within 13,000
    /// (`docs/results/games.md`, twenty-fourth session).
    NearestMarked,
    /// [`Order::Uncovered`], marking children on entry as [`Order::Marked`] does. Good
    /// Measure's seventh dive: it wins 6518, 2720 and 6730, which fc-solve solves and the
    /// other searches leave undecided at 192,000 expansions, after 4,903, 13,545 and 14,624
    /// (`docs/results/games.md`, twenty-fifth session).
    UncoveredMarked,
}

impl Order {
    /// Whether the search marks a position's children seen as it enters the position.
    fn marks(self) -> bool {
        matches!(self, Order::Marked | Order::NearestMarked | Order::UncoveredMarked)
    }
}

impl DiveRules {
    /// The search's settings under `rules`, when they are Baker's Dozen's, ForeCell's or
    /// FreeCell's (its scan, [`Classes::Scan`], from [`SCAN_AFTER`] expansions on).
    ///
    /// Good Measure's rules are the same but for its ten cascades; there each dive stops for
    /// good after [`GOOD_MEASURE_CAP`] expansions (each other order its own cap, as
    /// [`GOOD_MEASURE_STACKS_CAP`] in fc-solve's order: [`ordered`](DiveRules::ordered)), and begins after [`GOOD_MEASURE_AFTER`]
    /// expansions of the solve. Citadel's rules
    /// (Beleaguered Castle's) were tried with ForeCell's classes, in five class orders and
    /// three move orders, and the dives won none of its three deals that fc-solve wins
    /// (`docs/results/games.md`): Citadel's dive has compound moves instead
    /// ([`for_start`](DiveRules::for_start)), as ForeCell's has.
    pub(super) fn applies(rules: Rules) -> Option<DiveRules> {
        let (frozen, model, classes, cap) = if rules == Game::BakersDozen.rules() {
            (Frozen::applies(rules), MoveModel::Atomic, Classes::SingleCards, u64::MAX)
        } else if rules == Game::GoodMeasure.rules() {
            (Frozen::applies(rules), MoveModel::Atomic, Classes::SingleCards, GOOD_MEASURE_CAP)
        } else if rules == Game::ForeCell.rules() {
            (None, MoveModel::Sequence, Classes::CompoundCells, u64::MAX)
        } else if rules == Game::FreeCell.rules() {
            (None, MoveModel::Sequence, Classes::Scan, u64::MAX)
        } else {
            return None;
        };
        let stacks = rules == Game::GoodMeasure.rules();
        let dominance = Dominance::for_rules(rules);
        let after = if stacks {
            GOOD_MEASURE_AFTER
        } else if classes == Classes::Scan {
            SCAN_AFTER
        } else {
            0
        };
        let order = Order::Nearest;
        Some(DiveRules { frozen, dominance, model, classes, order, cap, stacks, preset: None, last: None, after })
    }

    /// The search's settings for a solve from `start`: [`applies`](DiveRules::applies) to its
    /// rules, or fc-solve's compound moves ([`compound`]) under Beleaguered Castle's rules,
    /// in the order `048`, capped as the game the start reads as has it ([`castle::Deal`]);
    /// Streets and Alleys dives in the preset's order too, Beleaguered Castle only in that
    /// order ([`ordered`](DiveRules::ordered)).
    pub(super) fn for_start<const C: usize, const F: usize>(start: &BoardN<C, F>) -> Option<DiveRules> {
        let rules = *start.rules();
        if castle::applies(rules) {
            let deal = castle::Deal::of(start);
            // The cap of the dive in the order `048` (none: no such dive), of the one in the
            // preset's order, and of the last dives.
            let (cap, after, preset, last) = match deal {
                castle::Deal::Citadel => (CITADEL_CAP, 0, None, None),
                castle::Deal::StreetsAndAlleys => (
                    STREETS_CAP,
                    CASTLE_AFTER,
                    Some(STREETS_PRESET_CAP),
                    Some((STREETS_PARENTS_LAST_CAP, STREETS_LAST_CAP)),
                ),
                castle::Deal::BeleagueredCastle => (0, CASTLE_AFTER, Some(CASTLE_PRESET_CAP), None),
            };
            return Some(DiveRules {
                // The preset's dive's test ([`ordered`](DiveRules::ordered)).
                frozen: preset.and(Frozen::for_single_cards(rules)),
                dominance: Dominance::for_rules(rules),
                model: MoveModel::Sequence,
                classes: Classes::Compound,
                order: Order::Nearest,
                cap,
                stacks: false,
                preset,
                last,
                after,
            });
        }
        DiveRules::applies(rules)
    }

    /// Expansions after which the search stops for good.
    pub(super) fn cap(self) -> u64 {
        self.cap
    }

    /// The expansions of one of the search's turns, given its `share` of a greedy turn:
    /// under Good Measure's rules at least half its cap, so that it reaches its cap in its
    /// first two turns, as the others do.
    ///
    /// **Why.** Good Measure's dives begin in the round of greedy turns of 16,000 expansions
    /// (after [`GOOD_MEASURE_AFTER`]) with half of that each, and get 16,000 in the next,
    /// whose greedy turns reach the node limit before the dives' next turn: so no share of
    /// 24,000 or less reaches a cap above it ([`GOOD_MEASURE_MARKED_CAP`]'s). Every share
    /// of a greedy turn for all the dives (a whole quantum instead of half) moved the greedy
    /// searches' late wins later and cost 5.7 % more CPU (`docs/results/games.md`,
    /// twenty-seventh session); half the cap changes only the dive whose cap needs it.
    pub(super) fn turn(self, share: u64) -> u64 {
        if self.stacks { share.max(self.cap.div_ceil(2)) } else { share }
    }

    /// Whether the search gives its memory back once at its [`cap`](DiveRules::cap): Streets
    /// and Alleys' second dive, whose memory held beside the greedy searches left 6125
    /// (solved by them after 586,357 expansions, at 157 MB) undecided. The other dives keep
    /// theirs, as their deals' rows were measured.
    pub(super) fn frees_at_cap(self) -> bool {
        matches!(self.classes, Classes::CompoundPreset | Classes::CompoundParentsFirst)
    }

    /// The settings of the first last dive, with `left` expansions of the node limit left
    /// once the greedy searches have ended and the proof cannot prove the loss within them:
    /// where the deal has last dives ([`for_start`](DiveRules::for_start): Streets and
    /// Alleys'), the dive in fc-solve's order `08436` ([`Classes::CompoundParentsFirst`]),
    /// capped at [`STREETS_PARENTS_LAST_CAP`]. The second is
    /// [`last_preset`](DiveRules::last_preset).
    ///
    /// **Why then.** Their wins need more than the turns' caps, which every deal the greedy
    /// searches leave undecided would pay while they run (the preset's dive's memory beside
    /// theirs moved their drop-outs, and a cap of 88,000 lost 226). Once they have ended
    /// undecided and the proof cannot prove the loss, what is left of the limit would go
    /// unused: no decided deal pays, and no other search's verdict moves. **Why two orders.**
    /// They win different deals: the first 1087, 5106 and 7333, the second 3654, each within
    /// its cap, where either alone needs 483,344 (the preset's, for 1087) or more than 300,000
    /// (the first, for 3654).
    pub(super) fn last_parents(self, left: u64) -> Option<DiveRules> {
        let (cap, _) = self.last?;
        let preset = self.ordered(Order::Stacks)?;
        let cap = left.min(cap);
        (cap > 0).then_some(DiveRules { classes: Classes::CompoundParentsFirst, cap, ..preset })
    }

    /// The settings of the second last dive, in the preset's order, after the first
    /// ([`last_parents`](DiveRules::last_parents)), with `left` expansions left: the dive of
    /// the turns resumed where it stopped at its cap, `done` expansions in (0 where it was
    /// given back: begun again), capped at [`STREETS_LAST_CAP`] in all; none where that
    /// is no more than its turns had ([`STREETS_PRESET_CAP`]).
    pub(super) fn last_preset(self, done: u64, left: u64) -> Option<DiveRules> {
        let (_, cap) = self.last?;
        let preset = self.ordered(Order::Stacks)?;
        let cap = done.saturating_add(left).min(cap);
        (cap > preset.cap).then_some(DiveRules { cap, ..preset })
    }

    /// Whether the dive under these rules, stopped at its cap in the turns, is resumed by a
    /// last dive ([`last_preset`](DiveRules::last_preset)): Streets and Alleys' in the
    /// preset's order. It is then lent its room until the greedy searches need it
    /// ([`Lender`]), not given back at once ([`frees_at_cap`](DiveRules::frees_at_cap)).
    pub(super) fn resumed_last(self) -> bool {
        self.last.is_some() && self.classes == Classes::CompoundPreset
    }

    /// These rules, the moves tried in `order`. With compound moves, [`Order::Nearest`]
    /// stands for fc-solve's order `048` (one dive: a second in the same order would search
    /// the same positions; none in Beleaguered Castle), and [`Order::Stacks`], where the
    /// rules say so (Streets and Alleys, Beleaguered Castle), for its preset's
    /// ([`Classes::CompoundPreset`], capped at [`STREETS_PRESET_CAP`] and
    /// [`CASTLE_PRESET_CAP`], the frozen-card test on): the two orders win different deals.
    pub(super) fn ordered(self, order: Order) -> Option<DiveRules> {
        match (self.classes, order) {
            (Classes::Compound, Order::Nearest) => (self.cap > 0).then_some(DiveRules { frozen: None, ..self }),
            (Classes::Compound, Order::Stacks) => {
                self.preset.map(|cap| DiveRules { order, classes: Classes::CompoundPreset, cap, ..self })
            }
            (
                Classes::Compound
                | Classes::CompoundPreset
                | Classes::CompoundParentsFirst
                | Classes::CompoundCells
                | Classes::Scan,
                Order::Uncovered
                | Order::Stacks
                | Order::Marked
                | Order::Parents
                | Order::NearestMarked
                | Order::UncoveredMarked,
            ) => None,
            (_, Order::Stacks | Order::Marked | Order::Parents | Order::NearestMarked | Order::UncoveredMarked)
                if !self.stacks =>
            {
                None
            }
            (_, Order::Nearest) if self.stacks => Some(DiveRules { order, cap: GOOD_MEASURE_NEAREST_CAP, ..self }),
            (_, Order::Uncovered) if self.stacks => Some(DiveRules { order, cap: GOOD_MEASURE_UNCOVERED_CAP, ..self }),
            (_, Order::Stacks) => Some(DiveRules { order, cap: GOOD_MEASURE_STACKS_CAP, ..self }),
            (_, Order::Marked) => Some(DiveRules { order, cap: GOOD_MEASURE_MARKED_CAP, ..self }),
            (_, Order::Parents) => Some(DiveRules { order, cap: GOOD_MEASURE_PARENTS_CAP, ..self }),
            (_, Order::NearestMarked) => Some(DiveRules { order, cap: GOOD_MEASURE_NEAREST_MARKED_CAP, ..self }),
            (_, Order::UncoveredMarked) => Some(DiveRules { order, cap: GOOD_MEASURE_UNCOVERED_MARKED_CAP, ..self }),
            _ => Some(DiveRules { order, ..self }),
        }
    }
}

impl<const C: usize, const F: usize> Dive<C, F> {
    /// Empties the search, keeping its capacities (a table grown large is dropped, as
    /// [`HashSet64::clear`] does).
    pub(super) fn forget(&mut self) {
        self.boards.clear();
        self.frames.clear();
        self.choices.clear();
        self.moves.clear();
        self.seen.clear();
        self.peaked = Peaked::default();
        self.stats = Stats::default();
        self.begun = false;
        self.ahead = false;
        self.keyed_last = None;
    }

    /// Whether the search has begun and not been emptied since: it resumes where it
    /// stopped.
    pub(super) fn holds(&self) -> bool {
        self.begun
    }

    /// Bytes held by the capacities.
    pub(super) fn capacity_bytes(&self) -> usize {
        held(&self.boards)
            + held(&self.frames)
            + held(&self.choices)
            + held(&self.moves)
            + held(&self.scratch)
            + held(&self.keyed)
            + held(&self.steps)
            + held(&self.spans)
            + self.seen.bytes()
    }

    /// Bytes held, at most, while one more position is stored: computed from lengths, as
    /// the greedy searches' are, so that the byte limit stops the search at the same
    /// position whether or not its vectors were warm.
    pub(super) fn peak(&self) -> usize {
        grown_peak::<BoardN<C, F>>(self.boards.len(), 1)
            + grown_peak::<Frame>(self.frames.len(), 1)
            + grown_peak::<[u32; 2]>(self.choices.len(), MOVE_ROOM)
            + grown_peak::<Move>(self.moves.len(), MOVE_ROOM)
            + grown::<Move>(MOVE_ROOM)
            + grown::<(u32, Move)>(MOVE_ROOM)
            + HashSet64::peak(self.seen.len(), self.seen_room())
    }

    /// Hashes one step may store: one, or a position's children under [`Order::Marked`].
    fn seen_room(&self) -> usize {
        if self.ahead { MOVE_ROOM } else { 1 }
    }

    /// [`peak`](Dive::peak), each of its parts computed again only when the length it is
    /// computed from left the span where it holds. Inlined, each span tested with one
    /// comparison and no branch: the test runs before every move tried, several a position
    /// expanded, and out of line, a match and two comparisons a length, it took 3.4 % of
    /// Good Measure's instructions (deals 1–45).
    #[inline]
    fn peak_now(&mut self) -> usize {
        let lengths = [self.boards.len(), self.frames.len(), self.choices.len(), self.moves.len(), self.seen.len()];
        if self.peaked.parts.iter().zip(lengths).fold(true, |ok, (part, len)| ok & part.holds(len)) {
            debug_assert_eq!(self.peaked.total, self.peak());
            self.peaked.total
        } else {
            self.peak_anew(lengths)
        }
    }

    /// [`peak`](Dive::peak) from `lengths`, the parts whose span a length left computed
    /// again with their spans: a line's depth goes to and fro across one capacity (the
    /// boards' and frames' at once) far more often than its moves' or hashes' cross
    /// theirs, and all five parts computed again each time were 1.2 % of Good Measure's
    /// time (`docs/results/games.md`, thirty-first session). A part back in the span it
    /// left last takes it back, not computed again: to and fro across one capacity, each
    /// crossing computed its span again (two searches of the capacities), 0.6 % of the time.
    #[inline(never)]
    fn peak_anew(&mut self, lengths: [usize; 5]) -> usize {
        let room = self.seen_room();
        let Peaked { parts, before, .. } = &mut self.peaked;
        for (k, ((part, before), len)) in parts.iter_mut().zip(before).zip(lengths).enumerate() {
            if part.holds(len) {
                continue;
            }
            if before.holds(len) {
                std::mem::swap(part, before);
                continue;
            }
            *before = *part;
            let (span, bytes) = match k {
                0 => (grown_peak_span(len, 1), grown_peak::<BoardN<C, F>>(len, 1)),
                1 => (grown_peak_span(len, 1), grown_peak::<Frame>(len, 1)),
                2 => (grown_peak_span(len, MOVE_ROOM), grown_peak::<[u32; 2]>(len, MOVE_ROOM)),
                3 => (grown_peak_span(len, MOVE_ROOM), grown_peak::<Move>(len, MOVE_ROOM)),
                _ => (HashSet64::peak_span(len, room), HashSet64::peak(len, room)),
            };
            *part = Part { first: span.0, width: span.1 - span.0, bytes };
        }
        let scratch = grown::<Move>(MOVE_ROOM) + grown::<(u32, Move)>(MOVE_ROOM);
        self.peaked.total = self.peaked.parts.iter().map(|part| part.bytes).sum::<usize>() + scratch;
        debug_assert_eq!(self.peaked.total, self.peak());
        self.peaked.total
    }

    /// Searches on from where the last turn stopped until `max_expanded` positions are
    /// expanded in all, the search would hold more than `max_bytes`, a position is won, or
    /// no position is left (every one reachable seen). `others`: bytes held beside it,
    /// counted into the peak reported.
    pub(super) fn resume(
        &mut self,
        start: &BoardN<C, F>,
        rules: DiveRules,
        limits: (u64, usize),
        others: usize,
        observer: &mut impl Observer,
    ) -> End {
        self.resume_beside(start, rules, (limits, &mut ()), others, observer)
    }

    /// [`resume`](Dive::resume), `lender` holding some of `max_bytes` until the search
    /// needs them ([`Lender`]).
    pub(super) fn resume_beside(
        &mut self,
        start: &BoardN<C, F>,
        rules: DiveRules,
        ((max_expanded, max_bytes), lender): ((u64, usize), &mut impl Lender),
        others: usize,
        observer: &mut impl Observer,
    ) -> End {
        let mut allowance = Allowance::new(max_bytes, others, lender);
        if !self.begun {
            self.begun = true;
            self.ahead = rules.order.marks();
            self.peaked = Peaked::default();
            self.stats.iterations = 1;
            if self.seen.insert(start.hash64()).is_err() || self.enter(start.clone(), None, rules).is_err() {
                return End::Bytes;
            }
        }
        loop {
            if self.stats.expanded >= max_expanded.min(rules.cap) {
                return End::Nodes;
            }
            // Checked before a move is tried: each may store one more position.
            let peak = self.peak_now();
            if !allowance.fits(peak) {
                return End::Bytes;
            }
            let Some(top) = self.frames.last_mut() else { return End::Exhausted };
            if top.next == top.end {
                // Every move of the line's last position tried: back up, its choices and
                // their moves being the lists' last.
                self.frames.pop();
                self.boards.pop();
                self.choices.truncate(self.frames.last().map_or(0, |f| f.end as usize));
                self.moves.truncate(self.choices.last().map_or(0, |c| c[1] as usize));
                continue;
            }
            let choice = top.next;
            let [first, end] = self.choices[choice as usize];
            top.next += 1;
            let single = end - first == 1;
            let mv = self.moves[end as usize - 1];
            if single && moves_again(top.again, mv) {
                continue;
            }
            let parent = &self.boards[self.boards.len() - 1];
            let settled = self.frames.len() > 1;
            // Under `Order::Marked` a single move's child was marked when its parent was
            // entered (`enter`). Under the single-card rules, a child no automove follows
            // is looked up before it is built: a duplicate is never built.
            let marked = self.ahead && single;
            let quiet = if single && !marked && rules.classes == Classes::SingleCards {
                quiet_hash(parent, mv, settled)
            } else {
                None
            };
            if quiet.is_some() {
                match generated(&mut self.stats, &mut self.seen, quiet) {
                    Err(_) => return End::Bytes,
                    Ok(false) => continue,
                    Ok(true) => {}
                }
            }
            let mut child = parent.clone();
            if single {
                child.apply_unchecked(mv);
                if quiet.is_none() {
                    automoves_after(&mut child, mv, Automove::Raymond, settled);
                }
            } else {
                let played = play_steps(&mut child, &self.moves[first as usize..end as usize], settled);
                if played == 0 {
                    continue;
                }
                // An automove after a step made the next illegal (it took home the card the
                // step would move, or the one it would move onto): the move ends there, at a
                // position legal moves reach all the same. Dropping it instead left Citadel
                // 3440 unwon within 1,000,000 expansions (fc-solve, which makes no automoves,
                // moves such a card home as a move of its own and goes on from there).
                self.choices[choice as usize][1] = first + played as u32;
            }
            if quiet.is_none() {
                match generated(&mut self.stats, &mut self.seen, (!marked).then(|| child.hash64())) {
                    Err(_) => return End::Bytes,
                    Ok(false) => continue,
                    Ok(true) => {}
                }
            }
            if child.is_won() {
                let chosen = self.frames[1..].iter().map(|f| f.choice).chain([choice]);
                let path =
                    chosen.flat_map(|c| self.moves[self.choices[c as usize][0] as usize..][..self.span(c)].iter());
                return End::Solved(path.copied().collect());
            }
            let dead =
                |frozen: Frozen| if single { frozen.dead_after(parent, mv, &child) } else { frozen.dead(&child) };
            if rules.frozen.is_some_and(dead) {
                // Lost: a card can never move (its parent passed the test, the start before
                // any search; a compound move's child is tested in full).
                continue;
            }
            self.stats.expanded += 1;
            self.stats.bytes = self.stats.bytes.max(allowance.beside() + peak);
            if observer.on_expand(&self.stats) == Control::Stop {
                return End::Stopped;
            }
            let again = if single { moved_card(parent, mv, &child) } else { None };
            if self.enter(child, Some((choice, again)), rules).is_err() {
                return End::Bytes;
            }
            self.stats.peak_stored = self.stats.peak_stored.max(self.frames.len() as u64);
        }
    }

    /// How many moves choice `c` holds.
    fn span(&self, c: u32) -> usize {
        let [first, end] = self.choices[c as usize];
        (end - first) as usize
    }

    /// Puts `board`, reached by choice `reached` (none for the start), on the line with its
    /// choices in the order tried.
    fn enter(
        &mut self,
        board: BoardN<C, F>,
        reached: Option<(u32, Option<Pile>)>,
        rules: DiveRules,
    ) -> Result<(), freecell_search::containers::OutOfMemory> {
        reserve(&mut self.scratch, MOVE_ROOM)?;
        reserve(&mut self.keyed, MOVE_ROOM)?;
        self.scratch.clear();
        if matches!(rules.classes, Classes::Compound | Classes::CompoundPreset | Classes::CompoundParentsFirst) {
            // No free cell: of the ordinary moves, only those home are tried.
            home_moves(&board, &mut self.scratch);
        } else if rules.classes == Classes::Scan {
            // Its ordinary moves are its generator's (`compound::scan`).
        } else {
            board.generate_moves(rules.model, &mut self.scratch);
        }
        let next = self.choices.len() as u32;
        if rules.classes == Classes::Scan {
            self.enter_scan(&board)?;
        } else if matches!(
            rules.classes,
            Classes::Compound | Classes::CompoundPreset | Classes::CompoundParentsFirst | Classes::CompoundCells
        ) {
            self.enter_compound(&board, rules.classes)?;
        } else {
            // The parent's keys, where they were the last computed.
            let parent = match self.keyed_last {
                Some((at, ref keys)) if reached.is_some() && at + 1 == self.boards.len() => {
                    Some((&self.boards[at], keys))
                }
                _ => None,
            };
            let keys = Keys::of(&board, rules.order, parent);
            self.keyed_last = Some((self.boards.len(), keys.of));
            rules.dominance.drop_from(&board, &mut self.scratch);
            reserve(&mut self.moves, MOVE_ROOM)?;
            reserve(&mut self.choices, MOVE_ROOM)?;
            self.keyed.clear();
            self.keyed.extend(self.scratch.iter().enumerate().map(|(i, &mv)| {
                // Below 256 moves (`MOVE_ROOM`): the index fits its byte, and breaks ties in
                // generation order.
                let class = class(&board, mv, rules.classes);
                (u32::from(class) << 24 | keys.of_move(&board, mv, class) << 8 | i as u32, mv)
            }));
            self.keyed.sort_unstable_by_key(|&(key, _)| key);
            if rules.order.marks() {
                self.mark_children(&board, reached)?;
            }
            // Extended from slices, not pushed one by one: a single capacity check each.
            let at = self.moves.len() as u32;
            self.moves.extend(self.keyed.iter().map(|&(_, mv)| mv));
            self.choices.extend((at..self.moves.len() as u32).map(|m| [m, m + 1]));
        }
        // The start's frame has no choice: a placeholder, never read.
        let (choice, again) = reached.unwrap_or((u32::MAX, None));
        push(&mut self.frames, Frame { next, end: self.choices.len() as u32, choice, again })?;
        push(&mut self.boards, board)
    }

    /// Under [`Order::Marked`]: marks seen the children of `board`'s moves `keyed`
    /// (reached by choice `reached`, none for the start), each played as [`resume`](Dive::resume)
    /// plays it, and keeps only the moves whose child was not seen before, nor skipped
    /// there as a card moved again ([`moves_again`]).
    fn mark_children(
        &mut self,
        board: &BoardN<C, F>,
        reached: Option<(u32, Option<Pile>)>,
    ) -> Result<(), freecell_search::containers::OutOfMemory> {
        let again = reached.and_then(|(_, again)| again);
        // As `resume`: the start's automoves are played in full, a later position's after
        // the move alone.
        let settled = reached.is_some();
        let mut kept = 0;
        for i in 0..self.keyed.len() {
            let mv = self.keyed[i].1;
            if moves_again(again, mv) {
                continue;
            }
            let hash = quiet_hash(board, mv, settled).unwrap_or_else(|| {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                automoves_after(&mut child, mv, Automove::Raymond, settled);
                child.hash64()
            });
            if self.seen.insert(hash)? {
                self.keyed[kept] = self.keyed[i];
                kept += 1;
            }
        }
        self.keyed.truncate(kept);
        Ok(())
    }

    /// Appends `board`'s choices under [`Classes::Scan`], in the scan's order at its depth
    /// ([`scan_classes`]), generated in that order straight onto the line's lists. Generated
    /// only once the earlier classes' children are spent, as fc-solve does
    /// (`fc-solve/source/lib.c`, `dfs_solve`), they cost more: on MS 1–1,500 the scan comes
    /// back for the later classes of 95 % of the positions it enters (it moves no card into
    /// a free cell, and its lines end soon), and reads each such position again
    /// (`docs/results/fast.md`, thirty-third session).
    fn enter_scan(&mut self, board: &BoardN<C, F>) -> Result<(), freecell_search::containers::OutOfMemory> {
        let classes = scan_classes(self.frames.len() >= SCAN_DEPTH);
        reserve(&mut self.moves, MOVE_ROOM)?;
        self.spans.clear();
        compound::scan(board, &mut self.places, &mut self.moves, &mut self.spans, classes);
        reserve(&mut self.choices, self.spans.len())?;
        self.choices.extend(self.spans.iter().map(|&(_, first, end)| [first, end]));
        Ok(())
    }

    /// Appends `board`'s choices under [`Classes::Compound`], in order: its moves home
    /// (from `scratch`), then its compound moves by class, in fc-solve's order within one
    /// ([`compound::generate`]'s). Ordered by [`Keys`] instead, the dive won none of
    /// Citadel 3440, 7868 and 9817 within 1,000,000 expansions but 9817 after 844,388;
    /// in fc-solve's order it wins all three after 23,827, 22,064 and 7,558.
    fn enter_compound(
        &mut self,
        board: &BoardN<C, F>,
        classes: Classes,
    ) -> Result<(), freecell_search::containers::OutOfMemory> {
        let set = match classes {
            Classes::CompoundCells => compound::Set::BuriedHome,
            Classes::CompoundPreset => compound::Set::Preset,
            Classes::CompoundParentsFirst => compound::Set::PresetParentsFirst,
            _ => compound::Set::Parents,
        };
        self.spans.clear();
        if set != compound::Set::BuriedHome {
            // No free cell: the moves home, then the compound moves, come in their set's
            // order of classes (`Set::rank`), and go straight onto the line's lists.
            reserve(&mut self.moves, MOVE_ROOM)?;
            for &mv in &self.scratch {
                let at = self.moves.len() as u32;
                self.moves.push(mv);
                self.spans.push((0, at, at + 1));
            }
            compound::generate(board, &mut self.places, &mut self.moves, &mut self.spans, set);
            debug_assert!(self.spans.is_sorted_by_key(|&(class, first, _)| (set.rank(class), first)));
            reserve(&mut self.choices, self.spans.len())?;
            self.choices.extend(self.spans.iter().map(|&(_, first, end)| [first, end]));
            return Ok(());
        }
        self.steps.clear();
        for &mv in &self.scratch {
            // Without free cells (`home_moves`), every one is home: class 0.
            let span_class = match class(board, mv, Classes::FreeCell) {
                0 => 0,
                1 => compound::CELL_ON_PARENT,
                3 | 4 => compound::TO_EMPTY,
                _ => continue,
            };
            self.spans.push((span_class, self.steps.len() as u32, self.steps.len() as u32 + 1));
            self.steps.push(mv);
        }
        compound::generate(board, &mut self.places, &mut self.steps, &mut self.spans, set);
        // The classes in their order, generation order within one (the moves from free
        // cells are of several).
        self.spans.sort_unstable_by_key(|&(class, first, _)| (class, first));
        self.append_spans()
    }

    /// Appends the moves of `steps` as choices, one a span, in the order `spans` is sorted
    /// in (the generator writes a position's spans in its own order; the dive's may differ).
    fn append_spans(&mut self) -> Result<(), freecell_search::containers::OutOfMemory> {
        reserve(&mut self.moves, self.steps.len())?;
        reserve(&mut self.choices, self.spans.len())?;
        for &(_, first, end) in &self.spans {
            let at = self.moves.len() as u32;
            self.moves.extend_from_slice(&self.steps[first as usize..end as usize]);
            self.choices.push([at, self.moves.len() as u32]);
        }
        Ok(())
    }
}

/// A dive kept for later ([`DiveRules::resumed_last`]) lends its room to the searches
/// beside it, and is freed when one of them needs it (emptied, its capacities would stay
/// held beside the search that took the room), or when the proof, which borrows nothing,
/// takes the room.
impl<const C: usize, const F: usize> Lender for Dive<C, F> {
    fn lent(&self) -> usize {
        if self.begun { self.peak() } else { 0 }
    }

    /// Out of line: cold (a search past its limit, or a proof about to begin).
    #[inline(never)]
    fn give_back(&mut self) {
        *self = Dive::default();
    }
}

/// Appends the moves home of `board`'s cascades' top cards, in the order
/// [`BoardN::generate_moves`] lists them (by cascade; its moves from cells, which these
/// rules do not have, come first there).
fn home_moves<const C: usize, const F: usize>(board: &BoardN<C, F>, out: &mut Vec<Move>) {
    for a in 0..board.cascade_count() {
        if let Some(top) = board.cascade_top(a)
            && board.next_home(top.suit()) == NextHome::Card(top)
        {
            out.push(Move::single(Pile::cascade(a), Pile::foundation(top.suit())));
        }
    }
}

/// Counts a child generated in `stats` and marks its `hash` in `seen` (none: marked on
/// entry, under [`Order::Marked`]): false for a duplicate, counted.
#[inline]
fn generated(
    stats: &mut Stats,
    seen: &mut HashSet64,
    hash: Option<u64>,
) -> Result<bool, freecell_search::containers::OutOfMemory> {
    stats.generated += 1;
    let Some(hash) = hash else { return Ok(true) };
    let fresh = seen.insert(hash)?;
    if !fresh {
        stats.duplicates += 1;
    }
    Ok(fresh)
}

/// The hash of `board`'s child by `mv`, a single card's move, and its automoves, where it
/// is known without building the child: after a move from a position with no automove left
/// (`settled`) that puts no card home and uncovers none that goes home by itself, no
/// automove follows ([`automoves_after`]), and the move changes only where its card lies
/// ([`BoardN::preview_hash`]). The marking dives mark every child of a position so, and the
/// others look a child up before they build it, as the greedy searches do.
#[inline]
fn quiet_hash<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move, settled: bool) -> Option<u64> {
    if !settled || is_home_move::<C, F>(mv) || mv.count() != 1 || !matches!(mv.from().kind(), PileKind::Cascade(_)) {
        return None;
    }
    let (hash, uncovered) = board.preview_hash(mv);
    (!uncovered.is_some_and(|card| goes_home(board, card, Automove::Raymond))).then_some(hash)
}

/// Plays a compound move's `steps` on `board`, each followed by its safe automoves as a
/// solution's replay plays them (`settled`: whether the position before had none left).
/// Returns how many were played: fewer than all when a step is illegal, an automove after
/// an earlier step having changed the piles.
fn play_steps<const C: usize, const F: usize>(board: &mut BoardN<C, F>, steps: &[Move], settled: bool) -> usize {
    for (k, &step) in steps.iter().enumerate() {
        if board.apply(step).is_err() {
            return k;
        }
        automoves_after(board, step, Automove::Raymond, settled || k > 0);
    }
    steps.len()
}

/// The class of `mv`, a move of `board`, in the order fc-solve's presets try them
/// (`shlomif/fc-solve`, `source/freecell.c`, the `fc_solve_sfs_*` move functions; FreeCell's
/// numbers in brackets).
///
/// [`Classes::SingleCards`]: 0 home, 1 a card not on its parent onto a card, 2 a card on its
/// parent onto another (its `-to 0123456789`: moves 0, 4 and 8 are the ones these rules
/// leave). [`Classes::FreeCell`]: 0 home (0, 1), 1 a cell's card onto a card (2), 2 a run not
/// on its parent onto a card (4), 3 a run into an empty cascade (6), 4 a cell's card into
/// one (7), 5 a run on its parent onto another card (8), 6 a card into a cell (9).
fn class<const C: usize, const F: usize>(board: &BoardN<C, F>, mv: Move, classes: Classes) -> u8 {
    let (from, to) = (BoardN::<C, F>::locate(mv.from()), BoardN::<C, F>::locate(mv.to()));
    if classes == Classes::SingleCards {
        return match (from, to) {
            (_, PileKind::Foundation(_)) => 0,
            (PileKind::Cascade(a), _) if board.splits_run(a, 1) => 2,
            _ => 1,
        };
    }
    match (from, to) {
        (_, PileKind::Foundation(_)) => 0,
        (PileKind::Cell(_), PileKind::Cascade(b)) if board.cascade_len(b) > 0 => 1,
        (PileKind::Cascade(a), PileKind::Cascade(b)) if board.cascade_len(b) > 0 => {
            if board.splits_run(a, usize::from(mv.count())) { 5 } else { 2 }
        }
        (PileKind::Cascade(_), PileKind::Cascade(_)) => 3,
        (PileKind::Cell(_), _) => 4,
        _ => 6,
    }
}

/// The keys of the moves within a class, per cascade they leave, under an [`Order`].
///
/// [`Order::Nearest`]: from the cascade that holds the card nearest its foundation first
/// (fewest ranks between it and its suit's next card home, then fewest cards above it), so
/// the line digs for the cards the foundations wait for. [`Order::Uncovered`]: the move that
/// uncovers the lowest card first. [`Order::Stacks`]: fc-solve's, by the bottom cards of the
/// cascade left and then of the one reached. On the 72 Baker's Dozen deals left undecided at 200,000
/// expansions, a depth-first search alone solves 30 within as many under either order (12
/// and 11 of the 16 of them fc-solve solves, not the same ones), against 27 (6) in the
/// order moves are generated.
struct Keys<const C: usize> {
    /// Per cascade; below 2^16.
    of: [u32; C],
    /// How moves from one cascade are ordered.
    to: To,
}

/// The order of the moves from one cascade (see [`Keys`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum To {
    /// As generated.
    Nothing,
    /// By the cascade reached.
    Cascade,
    /// By the cascade reached, but a card on its parent by the suit of the parent it goes
    /// onto ([`Order::Parents`]).
    Parent,
}

impl<const C: usize> Keys<C> {
    /// The keys of `board`'s cascades under `order`; `parent`, the position a move and its
    /// automoves reached `board` from, with its keys under the same order, where known.
    ///
    /// **Why the parent.** The nearest-card orders walk every card of the position; a move
    /// and its automoves change two or three cascades, and a cascade whose top card and
    /// length are its parent's is its parent's, so its key is too, unless a card went home
    /// (its suit's next rank, which every key reads, changed). Taken from the parent, about
    /// 500 instructions fewer a nearest-card dive's expansion, 1.8 % of an undecided Good
    /// Measure deal's (`docs/results/games.md`, thirty-second session).
    fn of<const F: usize>(board: &BoardN<C, F>, order: Order, parent: Option<(&BoardN<C, F>, &[u32; C])>) -> Keys<C> {
        let mut of = [0xffff; C];
        let cascades = of.iter_mut().take(board.cascade_count()).enumerate();
        // The order matched once a position, not once a cascade, and the suits' next
        // ranks read only where the keys need them.
        match order {
            Order::Nearest | Order::NearestMarked => {
                // Each suit's next rank home (a card of a complete suit is home, on no
                // cascade).
                let next = Suit::ALL.map(|suit| match board.next_home(suit) {
                    NextHome::Card(next) => next.rank().get(),
                    NextHome::Complete => u8::MAX,
                });
                let parent = parent.filter(|(parent, _)| parent.foundations() == board.foundations());
                for (i, key) in cascades {
                    if let Some((parent, keys)) = parent
                        && parent.cascade_top(i) == board.cascade_top(i)
                        && parent.cascade_len(i) == board.cascade_len(i)
                    {
                        *key = keys[i];
                        continue;
                    }
                    let mut nearest = 0xffff;
                    for (depth, card) in (0..).zip(board.cascade(i)) {
                        let ranks = u32::from(card.rank().get().saturating_sub(next[card.suit().index()]));
                        nearest = nearest.min(ranks * 64 + depth);
                    }
                    *key = nearest;
                }
            }
            Order::Stacks | Order::Marked | Order::Parents => {
                for (i, key) in cascades {
                    *key = board.cascade_bottom(i).map_or(0, |card| 1 + fc_solve_card(card));
                }
            }
            Order::Uncovered | Order::UncoveredMarked => {
                for (i, key) in cascades {
                    let under = board.cascade_top(i).and_then(|top| board.beneath(top));
                    *key = under.map_or(0, |card| u32::from(card.rank().get()));
                }
            }
        }
        let to = match order {
            Order::Stacks | Order::Marked => To::Cascade,
            Order::Parents => To::Parent,
            Order::Nearest | Order::Uncovered | Order::NearestMarked | Order::UncoveredMarked => To::Nothing,
        };
        Keys { of, to }
    }

    /// The key of `mv`, a move of `board` in class `class` (0 for moves from no cascade,
    /// which these rules do not have).
    fn of_move<const F: usize>(&self, board: &BoardN<C, F>, mv: Move, class: u8) -> u32 {
        match BoardN::<C, F>::locate(mv.from()) {
            PileKind::Cascade(a) if self.to == To::Parent && class == 2 => {
                let suit = match BoardN::<C, F>::locate(mv.to()) {
                    PileKind::Cascade(b) => board.cascade_top(b).map_or(0, |parent| fc_solve_card(parent) & 3),
                    _ => 0,
                };
                self.of[a] << 6 | suit
            }
            PileKind::Cascade(a) if self.to != To::Nothing => self.of[a] << 6 | self.of_pile::<F>(mv.to()),
            PileKind::Cascade(a) => self.of[a],
            _ => 0,
        }
    }

    /// The key of `pile`'s cascade, 0 for any other pile.
    fn of_pile<const F: usize>(&self, pile: Pile) -> u32 {
        match BoardN::<C, F>::locate(pile) {
            PileKind::Cascade(i) => self.of[i],
            _ => 0,
        }
    }
}

/// A card as fc-solve orders cards (`shlomif/fc-solve`, `source/state.h`, `fcs_make_card`: the
/// rank, then the suit in the order hearts, clubs, diamonds, spades), below 56.
fn fc_solve_card(card: Card) -> u32 {
    let suit = match card.suit() {
        Suit::Hearts => 0,
        Suit::Clubs => 1,
        Suit::Diamonds => 2,
        Suit::Spades => 3,
    };
    u32::from(card.rank().get()) << 2 | suit
}

#[cfg(test)]
mod tests {
    use freecell_core::{Automove, Game, Notation, WideBoard, verify};
    use freecell_deals::DealNumber;

    use super::*;

    /// A dive under `order` from deal `deal` of `game`, at most `nodes` expansions: the moves
    /// of its win with their automoves, written out, or how it ended.
    fn dive_in(game: Game, deal: u64, order: Order, nodes: u64) -> Result<(WideBoard, String), &'static str> {
        let layout = DealNumber::new(deal).expect("a deal number").layout(game);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let rules = DiveRules::for_start(&start).and_then(|r| r.ordered(order)).expect("the game has dives");
        let mut search = Dive::default();
        match search.resume(&start, rules, (nodes, 1 << 30), 0, &mut ()) {
            End::Solved(path) => {
                let mut board = start.clone();
                let mut moves = Vec::new();
                for mv in path {
                    moves.push(mv);
                    board.apply(mv).expect("a chosen move is legal");
                    board.apply_automoves(Automove::Raymond, &mut moves);
                }
                Ok((start.clone(), start.write_solution(&moves, Notation::Standard).expect("legal moves")))
            }
            End::Exhausted => Err("exhausted"),
            End::Nodes => Err("node limit"),
            End::Bytes => Err("byte limit"),
            End::Stopped => Err("stopped"),
        }
    }

    /// FreeCell's scan ([`Classes::Scan`]) alone wins 45420 and 6185 within 200
    /// expansions and 39573 and 61011 within 4,000 (fc-solve's scan `24` alone: 291, 2,424,
    /// 171 and 4,378 states), deals whose first evaluation needs more than 812, and each
    /// win replays through the verifier.
    #[test]
    fn freecell_s_scan_wins_tail_deals_as_fc_solve_s_first_scan_does() {
        for (deal, nodes) in [(45420, 200), (6185, 200), (39573, 4_000), (61011, 4_000)] {
            let (start, solution) =
                dive_in(Game::FreeCell, deal, Order::Nearest, nodes).unwrap_or_else(|end| panic!("{deal}: {end}"));
            let verified = verify(&start, &solution).expect("the win replays");
            assert!(verified.board.is_won(), "{deal}: not won");
        }
    }

    /// [`dive_in`] Baker's Dozen.
    fn dive(deal: u64, order: Order, nodes: u64) -> Result<(WideBoard, String), &'static str> {
        dive_in(Game::BakersDozen, deal, order, nodes)
    }

    /// Baker's Dozen 2071 and 7132, which fc-solve's depth-first preset solves after 129 and
    /// 254 states and the greedy searches alone did not within 1,000,000 expansions, are won
    /// by a dive within a few hundred, and each win replays through the verifier.
    #[test]
    fn dives_win_what_fc_solve_wins_at_once() {
        for (deal, order) in [(2071, Order::Nearest), (7132, Order::Nearest), (7132, Order::Uncovered)] {
            let (start, solution) = dive(deal, order, 1_000).unwrap_or_else(|end| panic!("{deal} {order:?}: {end}"));
            let verified = verify(&start, &solution).expect("the win replays");
            assert!(verified.board.is_won(), "{deal} {order:?}: not won");
        }
    }

    /// A lost deal, Baker's Dozen 64 (fc-solve: unsolvable after 4,320 states), runs out of
    /// positions under either order.
    #[test]
    fn a_dive_never_wins_a_lost_deal() {
        for order in [Order::Nearest, Order::Uncovered] {
            assert_eq!(dive(64, order, 1_000_000).err(), Some("exhausted"), "{order:?}");
        }
    }

    /// Asserts that the dive in [`Order::Nearest`] wins each of `game`'s `deals` within its
    /// expansions, and that each win replays through the verifier.
    fn wins_within(game: Game, deals: &[(u64, u64)]) {
        wins_within_in(game, Order::Nearest, deals);
    }

    /// [`wins_within`], the moves tried in `order`.
    fn wins_within_in(game: Game, order: Order, deals: &[(u64, u64)]) {
        for &(deal, nodes) in deals {
            let (start, solution) = dive_in(game, deal, order, nodes).expect("a win");
            let verified = verify(&start, &solution).expect("the win replays");
            assert!(verified.board.is_won(), "{game:?} {deal}");
        }
    }

    /// ForeCell 4265 and 6153, which fc-solve wins after 5,508 and 774,678 states and the
    /// greedy searches did not within 2,000,000 expansions, are won by the dive with
    /// compound moves (after 253,960 and 2,511; 4191 after 131,385 is left to the games'
    /// test), and each win replays through the verifier under ForeCell's rules.
    #[test]
    fn a_dive_with_compound_moves_wins_forecell_4265_and_6153() {
        wins_within(Game::ForeCell, &[(4265, 260_000), (6153, 5_000)]);
    }

    /// Citadel 3440, 7868 and 9817, which fc-solve wins after 43,639, 19,991 and 18,634
    /// states in the order `048` and `fast` left undecided at 1,000,000 expansions, are won
    /// by a dive with compound moves within 25,000 each, and each win, its compound moves
    /// written out as ordinary moves, replays through the verifier.
    #[test]
    fn a_dive_with_compound_moves_wins_citadel_3440_7868_and_9817() {
        wins_within(Game::Citadel, &[(3440, 25_000), (7868, 25_000), (9817, 10_000)]);
    }

    /// Streets and Alleys 242 and 9363, which fc-solve wins after 2,953 and 139 states in
    /// the order `048` and `fast` left undecided at 1,000,000 expansions, are won by the dive
    /// with compound moves within 25,000 and 1,000, and 3132, 4263 and 7010, which fc-solve's
    /// preset wins after 5,070, 95,425 and 45,147 states (in the order `048` not within
    /// 1,000,000 the first two), by the dive in the preset's order within its cap; each win
    /// replays through the verifier.
    #[test]
    fn a_dive_with_compound_moves_wins_streets_and_alleys_242_3132_4263_7010_and_9363() {
        wins_within(Game::StreetsAndAlleys, &[(242, 25_000), (9363, 1_000)]);
        let preset = [(3132, 2_000), (4263, 11_000), (7010, STREETS_PRESET_CAP)];
        wins_within_in(Game::StreetsAndAlleys, Order::Stacks, &preset);
    }

    /// Streets and Alleys 1087, 3654, 5106 and 7333, which fc-solve's preset wins after
    /// 822,513, 210,025, 161,433 and 203,103 states and the other searches leave undecided at
    /// 1,220,000 expansions, are won by the last dives within their caps: 1087, 5106 and 7333
    /// by the first, in fc-solve's order `08436` (after 73,951, 24,687 and 64,712), 3654 by
    /// the second, in the preset's (after 87,715); each win replays through the verifier.
    #[test]
    fn the_last_dives_win_streets_and_alleys_1087_3654_5106_and_7333_within_their_caps() {
        for (deal, winner) in [(1087, 0), (3654, 1), (5106, 0), (7333, 0)] {
            let layout = DealNumber::new(deal).expect("a deal number").layout(Game::StreetsAndAlleys);
            let start = WideBoard::try_from(layout).expect("a legal deal");
            let rules = DiveRules::for_start(&start).expect("a dive");
            let last = [rules.last_parents(u64::MAX), rules.last_preset(0, u64::MAX)];
            let won = last.into_iter().flatten().enumerate().find_map(|(k, rules)| {
                match Dive::default().resume(&start, rules, (u64::MAX, 1 << 30), 0, &mut ()) {
                    End::Solved(path) => Some((k, path)),
                    _ => None,
                }
            });
            let Some((k, path)) = won else { panic!("{deal}: no win within the caps") };
            assert_eq!(k, winner, "{deal}");
            let (mut board, mut moves) = (start.clone(), Vec::new());
            for mv in path {
                moves.push(mv);
                board.apply(mv).expect("a chosen move is legal");
                board.apply_automoves(Automove::Raymond, &mut moves);
            }
            let solution = start.write_solution(&moves, Notation::Standard).expect("legal moves");
            assert!(verify(&start, &solution).expect("the win replays").board.is_won(), "{deal}");
        }
    }

    /// The second last dive resumed where the turns' dive stopped at its cap, lent beside
    /// another search meanwhile, wins Streets and Alleys 3654 with the same moves after the
    /// same expansions as begun again; a lender emptied by the search beside it begins again.
    #[test]
    fn the_second_last_dive_resumed_wins_3654_as_begun_again() {
        let layout = DealNumber::new(3654).expect("a deal number").layout(Game::StreetsAndAlleys);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let rules = DiveRules::for_start(&start).expect("a dive");
        let turns = rules.ordered(Order::Stacks).expect("the preset's dive");
        assert!(turns.resumed_last());
        let mut kept = Dive::default();
        assert!(matches!(kept.resume(&start, turns, (u64::MAX, 1 << 30), 0, &mut ()), End::Nodes));
        assert_eq!(kept.stats.expanded, STREETS_PRESET_CAP);
        // Beside it, the first last dive, which it lends room to: never needed here.
        let first = rules.last_parents(u64::MAX).expect("a first last dive");
        let lent = kept.lent();
        assert!(lent > 0 && kept.holds());
        let mut other = Dive::default();
        let end = other.resume_beside(&start, first, ((u64::MAX, 1 << 30), &mut kept), 0, &mut ());
        assert!(matches!(end, End::Nodes) && kept.holds());
        assert!(other.stats.bytes >= lent, "the lent bytes are counted in the peak");
        let second = rules.last_preset(kept.stats.expanded, u64::MAX).expect("a second last dive");
        let End::Solved(resumed) = kept.resume(&start, second, (u64::MAX, 1 << 30), 0, &mut ()) else {
            panic!("no win resumed");
        };
        let mut again = Dive::default();
        let afresh = rules.last_preset(0, u64::MAX).expect("a second last dive");
        let End::Solved(begun) = again.resume(&start, afresh, (u64::MAX, 1 << 30), 0, &mut ()) else {
            panic!("no win begun again");
        };
        assert_eq!((resumed, kept.stats.expanded), (begun, again.stats.expanded));
        // A search that needs the room takes it back: the dive kept is emptied.
        let room = again.lent();
        let mut squeezed = Dive::default();
        let end = squeezed.resume_beside(&start, first, ((1_000, room), &mut again), 0, &mut ());
        assert!(matches!(end, End::Nodes) && !again.holds());
        assert!(squeezed.stats.bytes <= room);
    }

    /// Only Streets and Alleys has last dives, capped at [`STREETS_PARENTS_LAST_CAP`] and
    /// [`STREETS_LAST_CAP`] and at the expansions left, the second none where it would get no
    /// more than its turns had, and its cap counting the expansions of the turns' dive it
    /// resumes.
    #[test]
    fn only_streets_and_alleys_has_last_dives_and_the_second_only_with_more_than_its_turns_had() {
        for game in Game::ALL {
            let layout = DealNumber::new(1).expect("a deal number").layout(game);
            let start = WideBoard::try_from(layout).expect("a legal deal");
            let Some(rules) = DiveRules::for_start(&start) else {
                assert_ne!(game, Game::StreetsAndAlleys);
                continue;
            };
            let (first, second) = (rules.last_parents(1_000_000), rules.last_preset(0, 1_000_000));
            assert_eq!(first.is_some(), game == Game::StreetsAndAlleys, "{game:?}");
            assert_eq!(second.is_some(), game == Game::StreetsAndAlleys, "{game:?}");
            let turns = rules.ordered(Order::Stacks);
            assert_eq!(turns.is_some_and(DiveRules::resumed_last), game == Game::StreetsAndAlleys, "{game:?}");
            let (Some(first), Some(second)) = (first, second) else { continue };
            assert_eq!((first.classes, first.cap()), (Classes::CompoundParentsFirst, STREETS_PARENTS_LAST_CAP));
            assert_eq!((second.classes, second.cap()), (Classes::CompoundPreset, STREETS_LAST_CAP));
            assert_eq!(rules.last_parents(50_000).map(DiveRules::cap), Some(50_000));
            assert_eq!(rules.last_parents(0).map(DiveRules::cap), None);
            let preset = |done, left| rules.last_preset(done, left).map(DiveRules::cap);
            assert_eq!(preset(0, STREETS_PRESET_CAP), None);
            assert_eq!(preset(0, STREETS_PRESET_CAP + 1), Some(STREETS_PRESET_CAP + 1));
            assert_eq!(preset(STREETS_PRESET_CAP, 0), None);
            assert_eq!(preset(STREETS_PRESET_CAP, 1), Some(STREETS_PRESET_CAP + 1));
            assert_eq!(preset(STREETS_PRESET_CAP, 1_000_000), Some(STREETS_LAST_CAP));
        }
    }

    /// Beleaguered Castle 1603 and 8569, which fc-solve's preset wins after 363,606 and
    /// 569,121 states and the other searches leave undecided at 1,220,000 expansions, and
    /// 7148 and 4889, which `fast` left undecided at 1,000,000 before it dived, are won by
    /// the dive in the preset's order within its cap (after 239,044, 166,543, 36,345 and
    /// 19,496), and each win replays through the verifier.
    #[test]
    fn the_dive_in_fc_solves_preset_order_wins_beleaguered_castle_1603_8569_7148_and_4889_within_its_cap() {
        let deals = [(1603, CASTLE_PRESET_CAP), (8569, CASTLE_PRESET_CAP), (7148, 37_000), (4889, 20_000)];
        wins_within_in(Game::BeleagueredCastle, Order::Stacks, &deals);
    }

    /// Only Beleaguered Castle's deals get more expansions than their rules' node limit: the
    /// 200,000 its dive may take beyond the 50,000 the limit was set with.
    #[test]
    fn only_beleaguered_castle_gets_more_nodes() {
        for game in Game::ALL {
            let layout = DealNumber::new(1).expect("a deal number").layout(game);
            let start = WideBoard::try_from(layout).expect("a legal deal");
            let more = if game == Game::BeleagueredCastle { 200_000 } else { 0 };
            assert_eq!(more_nodes(&start), more, "{game:?}");
        }
    }

    /// The compound dive's ordinary moves are the moves home [`BoardN::generate_moves`]
    /// lists, in its order, on the positions a dive reaches through six deals of each game
    /// under these rules.
    #[test]
    fn home_moves_are_the_generated_ones_home() {
        let (mut generated, mut home) = (Vec::new(), Vec::new());
        let mut checked = 0;
        for game in [Game::Citadel, Game::StreetsAndAlleys, Game::BeleagueredCastle] {
            for deal in 1..=6 {
                let layout = DealNumber::new(deal).expect("a deal number").layout(game);
                let start = WideBoard::try_from(layout).expect("a legal deal");
                // Uncapped: Beleaguered Castle has no dive in the order `048`.
                let rules = DiveRules { cap: u64::MAX, ..DiveRules::for_start(&start).expect("a dive") };
                let mut search = Dive::default();
                for nodes in (1..=2_000).step_by(7) {
                    if !matches!(search.resume(&start, rules, (nodes, 1 << 30), 0, &mut ()), End::Nodes) {
                        break;
                    }
                    let board = search.boards.last().expect("a line");
                    generated.clear();
                    board.generate_moves(MoveModel::Sequence, &mut generated);
                    generated.retain(|mv| matches!(mv.to().kind(), PileKind::Foundation(_)));
                    home.clear();
                    home_moves(board, &mut home);
                    assert_eq!(home, generated, "{game:?} {deal}");
                    checked += usize::from(!home.is_empty());
                }
            }
        }
        assert!(checked > 10, "{checked} positions with a move home");
    }

    /// Each of the three games' starts dives with compound moves, capped and started as its
    /// game has it.
    #[test]
    fn compound_moves_for_each_castle_game_start() {
        for deal in 1..=50 {
            for (game, cap, after, preset) in [
                (Game::Citadel, CITADEL_CAP, 0, None),
                (Game::StreetsAndAlleys, STREETS_CAP, CASTLE_AFTER, Some(STREETS_PRESET_CAP)),
                (Game::BeleagueredCastle, 0, CASTLE_AFTER, Some(CASTLE_PRESET_CAP)),
            ] {
                let layout = DealNumber::new(deal).expect("a deal number").layout(game);
                let start = WideBoard::try_from(layout).expect("a legal deal");
                let rules = DiveRules::for_start(&start).expect("a dive");
                let first = rules.ordered(Order::Nearest).map(|r| (r.classes, r.cap, r.after, r.frozen.is_some()));
                let expected = (cap > 0).then_some((Classes::Compound, cap, after, false));
                assert_eq!(first, expected, "{game:?} {deal}");
                let second = rules.ordered(Order::Stacks).map(|r| (r.classes, r.cap, r.after, r.frozen.is_some()));
                assert_eq!(second, preset.map(|cap| (Classes::CompoundPreset, cap, after, true)), "{game:?} {deal}");
                assert!(rules.ordered(Order::Uncovered).is_none(), "{game:?} {deal}");
                assert!(rules.ordered(Order::Marked).is_none(), "{game:?} {deal}");
                assert!(rules.ordered(Order::Parents).is_none(), "{game:?} {deal}");
                assert!(rules.ordered(Order::NearestMarked).is_none(), "{game:?} {deal}");
                assert!(rules.ordered(Order::UncoveredMarked).is_none(), "{game:?} {deal}");
            }
        }
    }

    /// Only Baker's Dozen, Good Measure and ForeCell have dives; the first two move single
    /// cards in two dives, Good Measure in a third in fc-solve's order too, only Good
    /// Measure's are capped, and only ForeCell's have compound moves with free cells, in one
    /// dive.
    #[test]
    fn applies_to_bakers_dozen_good_measure_forecell_and_freecell_only() {
        for game in Game::ALL {
            let rules = DiveRules::applies(game.rules());
            let single = matches!(game, Game::BakersDozen | Game::GoodMeasure);
            let freecell = game.rules() == Game::FreeCell.rules();
            assert_eq!(rules.is_some(), single || game == Game::ForeCell || freecell, "{game:?}");
            if let Some(rules) = rules {
                assert_eq!(rules.model == MoveModel::Atomic, single, "{game:?}");
                assert_eq!(rules.cap < u64::MAX, game == Game::GoodMeasure, "{game:?}");
                assert_eq!(rules.after > 0, game == Game::GoodMeasure || freecell, "{game:?}");
                assert_eq!(rules.classes == Classes::CompoundCells, game == Game::ForeCell, "{game:?}");
                assert_eq!(rules.classes == Classes::Scan, freecell, "{game:?}");
                assert!(rules.ordered(Order::Nearest).is_some(), "{game:?}");
                assert_eq!(rules.ordered(Order::Uncovered).is_some(), single, "{game:?}");
                assert_eq!(rules.ordered(Order::Stacks).is_some(), game == Game::GoodMeasure, "{game:?}");
                assert_eq!(rules.ordered(Order::Marked).is_some(), game == Game::GoodMeasure, "{game:?}");
                assert_eq!(rules.ordered(Order::Parents).is_some(), game == Game::GoodMeasure, "{game:?}");
                assert_eq!(rules.ordered(Order::NearestMarked).is_some(), game == Game::GoodMeasure, "{game:?}");
                assert_eq!(rules.ordered(Order::UncoveredMarked).is_some(), game == Game::GoodMeasure, "{game:?}");
            }
        }
    }

    /// Good Measure 2387, which fc-solve wins after 152,605 states and the greedy searches
    /// left undecided at 150,000 expansions, is won by a dive within its cap, and the win
    /// replays through the verifier.
    #[test]
    fn a_dive_wins_good_measure_2387_within_its_cap() {
        let wins: Vec<_> = [Order::Nearest, Order::Uncovered]
            .into_iter()
            .filter_map(|order| dive_in(Game::GoodMeasure, 2387, order, GOOD_MEASURE_CAP).ok())
            .collect();
        assert!(!wins.is_empty(), "no dive wins within {GOOD_MEASURE_CAP}");
        for (start, solution) in wins {
            let verified = verify(&start, &solution).expect("the win replays");
            assert!(verified.board.is_won());
        }
    }

    /// Good Measure 9381, 1769 and 304, which fc-solve wins after 1,634, 2,145 and 11,098
    /// states and `fast` left undecided at 160,000 expansions, are won by the dive in
    /// fc-solve's order within its cap, and each win replays through the verifier.
    #[test]
    fn the_dive_in_fc_solves_order_wins_good_measure_9381_1769_and_304_within_its_cap() {
        for deal in [9381, 1769, 304] {
            wins_within_in(Game::GoodMeasure, Order::Stacks, &[(deal, GOOD_MEASURE_CAP)]);
        }
    }

    /// Good Measure 3206, 5748, 7168, 8492, 9196 and 9223, which fc-solve solves, are won by
    /// the dive in fc-solve's order within its own cap, and not within the other dives'.
    #[test]
    fn the_dive_in_fc_solves_order_wins_six_good_measure_deals_within_its_larger_cap() {
        for deal in [3206, 5748, 7168, 8492, 9196, 9223] {
            assert!(dive_in(Game::GoodMeasure, deal, Order::Stacks, GOOD_MEASURE_CAP).is_err(), "{deal}");
            wins_within_in(Game::GoodMeasure, Order::Stacks, &[(deal, GOOD_MEASURE_STACKS_CAP)]);
        }
    }

    /// Good Measure 1251, 5477, 4935 and 3100, which fc-solve solves and the other searches
    /// leave undecided at the game's limit, are won by the dive in [`Order::Marked`] within
    /// its cap, and not by the dive in [`Order::Stacks`], which marks a position when it
    /// tries it, within that dive's cap; each win replays through the verifier.
    #[test]
    fn the_dive_marking_children_on_entry_wins_four_good_measure_deals_within_its_cap() {
        for deal in [1251, 5477, 4935, 3100] {
            assert!(dive_in(Game::GoodMeasure, deal, Order::Stacks, GOOD_MEASURE_STACKS_CAP).is_err(), "{deal}");
            wins_within_in(Game::GoodMeasure, Order::Marked, &[(deal, GOOD_MEASURE_MARKED_CAP)]);
        }
    }

    /// Under [`Order::Marked`], which marks a position's children without trying them, no
    /// position is entered twice.
    #[test]
    fn the_marking_dive_enters_each_position_once() {
        let layout = DealNumber::new(3100).expect("a deal number").layout(Game::GoodMeasure);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let rules = DiveRules::for_start(&start).and_then(|r| r.ordered(Order::Marked)).expect("a dive");
        let mut search = Dive::default();
        let mut entered = std::collections::HashSet::new();
        for nodes in 1..=2_000 {
            if !matches!(search.resume(&start, rules, (nodes, 1 << 30), 0, &mut ()), End::Nodes) {
                break;
            }
            let board = search.boards.last().expect("a line");
            if search.stats.expanded == nodes {
                assert!(entered.insert(board.hash64()), "entered twice after {nodes}");
            }
        }
        assert!(entered.len() > 1_000);
    }

    /// Good Measure 8233 and 7585, which fc-solve solves and the other searches leave
    /// undecided at the game's limit, are won by the dive in [`Order::Parents`] within its
    /// cap, and not by the dive in [`Order::Stacks`] within that dive's cap; each win replays
    /// through the verifier.
    #[test]
    fn the_dive_with_fc_solves_order_of_parents_wins_good_measure_8233_and_7585_within_its_cap() {
        for deal in [8233, 7585] {
            assert!(dive_in(Game::GoodMeasure, deal, Order::Stacks, GOOD_MEASURE_STACKS_CAP).is_err(), "{deal}");
            wins_within_in(Game::GoodMeasure, Order::Parents, &[(deal, GOOD_MEASURE_PARENTS_CAP)]);
        }
    }

    /// Good Measure 8934, 5745 and 9074, which fc-solve solves and the other searches leave
    /// undecided at the game's limit, are won by the dive in [`Order::NearestMarked`] within
    /// its cap, and not by the dive in [`Order::Nearest`], which marks a position when it
    /// tries it, within the 7,500 it had until the thirty-first session (it wins 9074 after
    /// 11,335 since); each win replays through the verifier.
    #[test]
    fn the_nearest_dive_marking_children_on_entry_wins_good_measure_8934_5745_and_9074_within_its_cap() {
        for deal in [8934, 5745, 9074] {
            assert!(dive_in(Game::GoodMeasure, deal, Order::Nearest, 7_500).is_err(), "{deal}");
            wins_within_in(Game::GoodMeasure, Order::NearestMarked, &[(deal, GOOD_MEASURE_NEAREST_MARKED_CAP)]);
        }
    }

    /// Good Measure 6518, 2720 and 6730, which fc-solve solves and the other searches leave
    /// undecided at 192,000 expansions, are won by the dive in [`Order::UncoveredMarked`]
    /// within its cap, and not by the dive in [`Order::Uncovered`], which marks a position
    /// when it tries it, within the same; each win replays through the verifier.
    #[test]
    fn the_uncovering_dive_marking_children_on_entry_wins_good_measure_6518_2720_and_6730_within_its_cap() {
        for deal in [6518, 2720, 6730] {
            assert!(
                dive_in(Game::GoodMeasure, deal, Order::Uncovered, GOOD_MEASURE_UNCOVERED_MARKED_CAP).is_err(),
                "{deal}"
            );
            wins_within_in(Game::GoodMeasure, Order::UncoveredMarked, &[(deal, GOOD_MEASURE_UNCOVERED_MARKED_CAP)]);
        }
    }

    /// Good Measure 9990, 8522, 5389, 7470, 970 and 6975, which fc-solve solves and the other
    /// searches leave undecided at the game's limit, are won by the dives in
    /// [`Order::Nearest`], [`Order::Stacks`] and [`Order::Marked`] within their caps, and not
    /// within the caps they had before the twenty-sixth session; each win replays through the
    /// verifier.
    #[test]
    fn good_measure_s_larger_caps_win_six_more_gaps() {
        for (order, before, cap, deals) in [
            (Order::Nearest, GOOD_MEASURE_CAP, GOOD_MEASURE_NEAREST_CAP, &[9990][..]),
            (Order::Stacks, 10_000, GOOD_MEASURE_STACKS_CAP, &[8522, 5389]),
            (Order::Marked, 8_000, GOOD_MEASURE_MARKED_CAP, &[7470, 970, 6975]),
        ] {
            for &deal in deals {
                assert!(dive_in(Game::GoodMeasure, deal, order, before).is_err(), "{deal} {order:?}");
                wins_within_in(Game::GoodMeasure, order, &[(deal, cap)]);
            }
        }
    }

    /// Good Measure 8475 and 782, which fc-solve solves and the other searches leave
    /// undecided at the game's limit, are won by the dives in [`Order::Parents`] and
    /// [`Order::Uncovered`] within their caps, and not within the caps they had before the
    /// twenty-seventh session; each win replays through the verifier.
    #[test]
    fn good_measure_s_larger_caps_win_8475_and_782() {
        for (order, before, cap, deal) in [
            (Order::Parents, 2_000, GOOD_MEASURE_PARENTS_CAP, 8475),
            (Order::Uncovered, GOOD_MEASURE_CAP, GOOD_MEASURE_UNCOVERED_CAP, 782),
        ] {
            assert!(dive_in(Game::GoodMeasure, deal, order, before).is_err(), "{deal} {order:?}");
            assert!(dive_in(Game::GoodMeasure, deal, order, cap - 100).is_err(), "{deal} {order:?}");
            wins_within_in(Game::GoodMeasure, order, &[(deal, cap)]);
        }
    }

    /// Good Measure 3192, 9900 and 2258, which fc-solve solves (3192 after 227,013 states)
    /// and the other searches leave undecided at the game's limit, are won by the dive in
    /// [`Order::Marked`] within its cap, and not within the caps it had before (3192 before the
    /// twenty-eighth session, 9900 before the thirty-second, 2258 before the thirty-third) nor
    /// 100 below the hundred each win needs (24,800, 40,100 and 50,700: 2258 is won after
    /// 50,694); each win replays through the verifier.
    #[test]
    fn good_measure_s_marking_dive_wins_3192_9900_and_2258_within_its_larger_caps() {
        let caps = [(3192, [16_000, 24_700]), (9900, [24_800, 40_000]), (2258, [40_100, 50_600])];
        for (deal, caps) in caps {
            for cap in caps {
                assert!(dive_in(Game::GoodMeasure, deal, Order::Marked, cap).is_err(), "{deal} {cap}");
            }
        }
        let wins = [(3192, 24_800), (9900, 40_100), (2258, GOOD_MEASURE_MARKED_CAP)];
        wins_within_in(Game::GoodMeasure, Order::Marked, &wins);
    }

    /// Good Measure 9020, which fc-solve solves after 749,515 states and the other searches
    /// leave undecided at the game's limit, is won by the dive in [`Order::Nearest`] within
    /// its cap, and not within the cap it had before the thirty-first session nor 100 below
    /// the new; the win replays through the verifier.
    #[test]
    fn good_measure_s_nearest_card_dive_wins_9020_within_its_larger_cap() {
        for cap in [7_500, GOOD_MEASURE_NEAREST_CAP - 100] {
            assert!(dive_in(Game::GoodMeasure, 9020, Order::Nearest, cap).is_err(), "{cap}");
        }
        wins_within_in(Game::GoodMeasure, Order::Nearest, &[(9020, GOOD_MEASURE_NEAREST_CAP)]);
    }

    /// Each of Good Measure's dives reaches its cap within its first two turns, half of the
    /// greedy turns' 16,000 and 32,000 expansions of the rounds they get them in (see
    /// [`DiveRules::turn`]); the other games' dives get their share alone.
    #[test]
    fn good_measure_s_dives_reach_their_caps_in_two_turns() {
        let rules = DiveRules::applies(Game::GoodMeasure.rules()).expect("Good Measure dives");
        for &order in &super::super::portfolio::DIVES {
            let dive = rules.ordered(order).expect("every dive under Good Measure's rules");
            assert!(dive.turn(8_000) + dive.turn(16_000) >= dive.cap, "{order:?}");
        }
        for game in [Game::BakersDozen, Game::ForeCell] {
            let rules = DiveRules::applies(game.rules()).expect("a dive");
            assert_eq!(rules.turn(8_000), 8_000, "{game:?}");
        }
    }

    /// Good Measure's node limit is 150,000 and what its dives may take: each dive of
    /// the portfolio's, under its rules, stops at its cap, and the caps sum to
    /// [`GOOD_MEASURE_DIVES`].
    #[test]
    fn good_measure_s_dives_caps_sum_to_what_its_limit_gives_them() {
        let rules = DiveRules::applies(Game::GoodMeasure.rules()).expect("Good Measure dives");
        let caps: u64 = super::super::portfolio::DIVES
            .iter()
            .map(|&order| rules.ordered(order).expect("every dive under Good Measure's rules").cap)
            .sum();
        assert_eq!(caps, GOOD_MEASURE_DIVES);
        assert_eq!(crate::Preset::Fast.default_max_nodes(Game::GoodMeasure.rules()), Some(289_200));
    }
}
