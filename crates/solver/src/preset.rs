//! The presets: published FreeCell solvers, each as a choice of problem, engine and heuristic.

use std::fmt;
use std::str::FromStr;

use freecell_core::{Automove, BoardN, BuildRule, MoveModel, Rules, SequenceCapacity};
use thiserror::Error;

use crate::CostModel;
pub use crate::bestfirst::LOOKAHEAD;

/// A solver configuration reproducing a published system (or a baseline), named as on the
/// command line.
///
/// | name | engine | moves | automoves | heuristic | source |
/// |---|---|---|---|---|---|
/// | `hsd` | staged deepening, [`Config::paper`](freecell_search::staged::Config::paper) | sequence (standard capacity) | Horne | HSDH, paper reading | GA-FreeCell (GECCO 2011) §3.1.3, Algorithm 1 |
/// | `hsd-heineman` | staged deepening, [`Config::heineman`](freecell_search::staged::Config::heineman) | sequence, **linear** capacity | none | HSDH, Heineman's code | Heineman's 2009 Java code (his January 2009 O'Reilly column) |
/// | `ida-hsdh` | iterative deepening, children ordered by HSDH, transposition table | sequence | Horne | HSDH (ordering only) | GA-FreeCell §3.1.2 ("phase 2") |
/// | `bfs` | breadth-first, duplicates on the canonical key | single-card | none | — | baseline; exhaustive |
/// | `dfs` | depth-first, depth ≤ [`DFS_DEPTH`], unbounded transposition table | single-card | none | — | baseline |
/// | `ga` | staged deepening, [`Config::paper`](freecell_search::staged::Config::paper) | sequence | Horne | [`Weights::GA_FREECELL_BEST`](freecell_heuristics::Weights::GA_FREECELL_BEST) | GA-FreeCell §3.3–4 |
/// | `bestfirst` | best-first search, each taken position looked ahead [`LOOKAHEAD`] moves depth-first, duplicates on the canonical key | single-card | none | score `n − d/4` ([`thesis_score`](freecell_heuristics::thesis::thesis_score)) | Castiaux's thesis (2021), "Tree Search Solver" |
/// | `goals` | goal generation: the thesis's strategies in order, depth-first with backtracking, visited positions on the canonical key | sequence, **deep-supermove** capacity | Raymond, after every goal | none (strategies rank cascades by [`sortedness_of`](freecell_heuristics::thesis::sortedness_of)) | Castiaux's thesis (2021), "Goal Generation Solver" |
/// | `fast` | greedy best-first searches weighted by depth, four evaluations taking turns, then exhaustive breadth-first search | sequence, then single-card | Raymond | this workspace's evaluation (cards out, blocked and unsorted cards, cards above the next home cards, cells, columns) | designed for speed |
/// | `optimal` | A*, bucket queue by `f` then larger `g`, duplicates on the canonical position packed into 20 bytes ([`Packer`](freecell_core::Packer)), re-opening; IDA* with a transposition table as the low-memory alternative ([`Solver::low_memory`](crate::Solver::low_memory)) | sequence or single-card, by the cost model ([`Solver::cost_model`](crate::Solver::cost_model)) | Horne, each automove counted (A*); none (IDA*) | deadlock bound `h_p`, p = 2 unless set ([`Solver::deadlock_p`](crate::Solver::deadlock_p)) | Paul & Helmert 2016 (optimal solitaire solutions by deadlock analysis) |
///
/// Choices the sources leave open, named:
/// - `hsd`: the paper does not say whether cards go home automatically. This preset uses
///   Horne's safe automoves (Heineman's February 2009 run moved cards home automatically);
///   `hsd-heineman` keeps his January 2009 setting, no automoves.
/// - `ida-hsdh`: the paper calls it IDA*, but describes iterative deepening on depth whose
///   only use of HSDH is to order each node's children ("the open list structure is still
///   sorted according to depth alone"); that is what this preset runs. Its transposition
///   table holds at most [`IDA_TABLE`] keys per pass (the paper's ran out of memory).
/// - `bestfirst`: positions of equal score leave the queue most recent first; a won
///   position ends the search when it is discovered; duplicates are detected on the
///   canonical key (the thesis hashed exact layouts). The thesis's solver used no automoves
///   and no sequence moves ("we did not implement anything related to the supermove, the
///   automove or the subgoal"), and only the score `n − d/4` of its evaluation functions;
///   so does this preset. Its search is exhaustive (see the engine's docs), so it can prove
///   a deal unsolvable, given the memory (MS 11982: 134,024 expansions, a quarter of a second).
/// - `goals`: the strategies are listed in the engine's docs with every reading chosen
///   where the thesis is silent: how a cascade is "spread" (greedy: onto cascade cards,
///   then runs into empty cascades, then free cells), ties in index order, the visited
///   check on the position a goal ends in, automoves by Raymond's rule (the thesis's
///   automove theorem and corollary) played after every goal, sequence moves within the
///   thesis's deep-supermove capacity. Its solutions list the automoves as chosen moves.
///   The strategies skip some moves, so running out of goals is
///   [`Reason::Pruned`](crate::Reason::Pruned), never a proof.
/// - `fast`: greedy best-first searches over sequence moves (Raymond's safe automoves),
///   four evaluations taking turns and each resuming where it stopped, find a solution for
///   ordinary deals in well under a millisecond. Three of them skip the moves a player
///   would not make (breaking a built run, or using a free cell for a card that has a place
///   on a cascade); the fourth keeps every move. They detect duplicates on
///   64-bit hashes, so when that fourth one runs out of states an exhaustive
///   breadth-first search over single-card moves with exact positions, stored packed in
///   about 30 bytes each (Raymond's safe automoves too), decides, and only it may answer `Unsolvable`. When the solver sets no memory limit,
///   both stages first stop at [`FAST_BYTES`] (or 3/8 of the memory available, if less);
///   a deal they cannot decide within it is tried again with twice the bytes, and again,
///   up to 3/8 of what the process may then still allocate, before it is left undecided
///   (a limit the solver sets is a hard cap). Solutions are then shortened
///   ([`Solver::shorten`](crate::Solver::shorten)).
/// - `optimal`: returns a provably shortest solution in the chosen move-count model
///   ([`CostModel::Sequence`]: a run move counts 1, Paul & Helmert's count;
///   [`CostModel::SingleCard`]: every card relocation counts 1), foundation moves always
///   counted. The bound is admissible in both models (the heuristics crate tests it
///   against exhaustive search), but not necessarily consistent, so positions reached
///   again more cheaply are re-opened. Automoves: Horne's rule only, each automove counted
///   as a move. It keeps optimality in both models: take any solution of the position
///   before Horne's safe card `c` goes home, drop `c`'s moves (in the sequence model, `c`
///   leaves each run move that carries it, always at the run's top), and let the only
///   cards that could ever be put on `c` (opposite-colour aces, when `c` is a 2) go home
///   at the moment they would have been put on it, dropping their later moves. What
///   remains is legal (cells and cascades are only emptier) and no longer, less `c`'s home
///   move, which the automove costs; so the optimum is unchanged (the reduced-deck tests
///   compare with breadth-first search without automoves). The single-card model searches
///   single-card moves only (a run of n cards costs n either way). The paper does
///   not say whether its search used automoves. Solutions are never shortened (they are
///   already shortest). Without a memory limit A* stops at [`OPTIMAL_BYTES`] (or 3/8 of the
///   memory available, if less).
/// - `ga`: the weighted sum lies in `[0, 1]`; staged deepening's open list is keyed by
///   integers, so the value is scaled by [`GA_SCALE`] and rounded. The scale sets which
///   leaves count as "of equal heuristic value" and replace each other.
///
/// # Examples
/// ```
/// use freecell_solver::Preset;
/// let preset: Preset = "hsd-heineman".parse()?;
/// assert_eq!(preset, Preset::HsdHeineman);
/// assert_eq!(preset.to_string(), "hsd-heineman");
/// assert!("quick".parse::<Preset>().is_err());
/// # Ok::<(), freecell_solver::ParsePresetError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Preset {
    /// Heineman's staged deepening as the GA-FreeCell paper describes it (Algorithm 1).
    Hsd,
    /// Heineman's staged deepening as his published code runs it.
    HsdHeineman,
    /// Iterative deepening with HSDH move ordering and a transposition table.
    IdaHsdh,
    /// Breadth-first search over single-card moves: exhaustive, fewest single-card moves.
    Bfs,
    /// Depth-bounded depth-first search over single-card moves.
    Dfs,
    /// Staged deepening guided by GA-FreeCell's best evolved weights.
    Ga,
    /// Castiaux's tree-search solver: best-first on `n − d/4` with a 5-move look-ahead.
    BestFirst,
    /// Castiaux's goal-generation solver: hand-written strategies with backtracking.
    Goals,
    /// Built for speed: greedy best-first search, an exhaustive fallback for proofs, and
    /// solution shortening. The default, as on the command line.
    #[default]
    Fast,
    /// Provably shortest solutions: A* (or IDA*) with Paul & Helmert's deadlock bound.
    Optimal,
}

/// Memory limit of each of the `fast` preset's stages, at first, when the solver sets none
/// (the preset's target is 200 MB per deal; every deal of MS 1–1,000,000 is decided within
/// it); the greedy searches that take turns share it. Lowered to 3/8 of the memory the
/// process may still allocate when that is less (see
/// [`Solver::max_bytes`](crate::Solver::max_bytes)). A deal the two stages cannot decide
/// within it is tried again with twice the bytes, and so on up to 3/8 of the memory the
/// process may then still allocate: without a limit of its own, `fast` leaves a deal
/// undecided for memory only when the machine has no more to give.
pub const FAST_BYTES: usize = 150 << 20;

/// The `optimal` preset's deadlock bound when the solver sets none: `h_2`, cycles through at
/// most two suits, Paul & Helmert's choice ([`Solver::deadlock_p`](crate::Solver::deadlock_p)
/// sets another).
pub const DEADLOCK_P: u8 = 2;

/// Memory limit of the `optimal` preset's A* when the solver sets none: 4 GiB, about 100
/// million stored positions at about 40 bytes each. Beyond it the solve ends
/// [`Undecided`](crate::Outcome::Undecided) with [`Reason::MemoryLimit`](crate::Reason::MemoryLimit)
/// instead of exhausting the machine; [`Solver::max_bytes`](crate::Solver::max_bytes) sets
/// another. Lowered to 3/8 of the memory the process may still allocate when that is less.
pub const OPTIMAL_BYTES: usize = 4 << 30;

/// Memory limit of every other preset's engine when the solver sets none: 2 GiB. Staged
/// deepening on a lost position, for one, keeps searching (its table is emptied every
/// 200,000 keys, so positions come back) and its stage roots pile up; a game asking for a
/// hint must not lose the machine to that. No preset needs it on Microsoft deals: the most
/// any `hsd-heineman` solve of MS 1–32,000 used under a 1,000,000-node limit was 91 MB.
/// Lowered to 3/8 of the memory the process may still allocate when that is less (see
/// [`Solver::max_bytes`](crate::Solver::max_bytes)).
pub const DEFAULT_BYTES: usize = 2 << 30;

/// Depth bound of the `dfs` preset, in single-card moves: fc-solve's single-card (atomic-move)
/// presets give solutions of about 300 moves on average (fc-solve 6.16, `shlomif/fc-solve`, run
/// here; not a published figure), and a bound well above that lets the transposition table, not
/// the bound, end most searches.
pub const DFS_DEPTH: u32 = 1_000;

/// Transposition-table entries of the `ida-hsdh` preset per pass (about 2.5 GB of keys and
/// table at most would be more than the paper's 2 GB machine; 2²² keys stay near 200 MB).
pub const IDA_TABLE: usize = 1 << 22;

/// Scale of the `ga` preset's weighted sum: the open list's score is `round(sum · GA_SCALE)`.
///
/// A thousand steps keep the staged engine's bucket array small: its byte accounting walks
/// every bucket (at 10,000 the `ga` preset ran about 7 times slower on MS 1–100).
pub const GA_SCALE: f64 = 1_000.0;

impl Preset {
    /// Every preset, in the table's order.
    pub const ALL: [Preset; 10] = [
        Preset::Hsd,
        Preset::HsdHeineman,
        Preset::IdaHsdh,
        Preset::Bfs,
        Preset::Dfs,
        Preset::Ga,
        Preset::BestFirst,
        Preset::Goals,
        Preset::Fast,
        Preset::Optimal,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Hsd => "hsd",
            Preset::HsdHeineman => "hsd-heineman",
            Preset::IdaHsdh => "ida-hsdh",
            Preset::Bfs => "bfs",
            Preset::Dfs => "dfs",
            Preset::Ga => "ga",
            Preset::BestFirst => "bestfirst",
            Preset::Goals => "goals",
            Preset::Fast => "fast",
            Preset::Optimal => "optimal",
        }
    }

    /// Which moves one search step takes.
    pub const fn move_model(self) -> MoveModel {
        match self {
            Preset::Bfs | Preset::Dfs | Preset::BestFirst => MoveModel::Atomic,
            Preset::Hsd
            | Preset::HsdHeineman
            | Preset::IdaHsdh
            | Preset::Ga
            | Preset::Goals
            | Preset::Fast
            | Preset::Optimal => MoveModel::Sequence,
        }
    }

    /// The automove rule applied after every move of the search (for `fast`, of its first
    /// stage; for `optimal`, of its A*: its IDA* plays none).
    pub const fn automove(self) -> Automove {
        match self {
            Preset::Hsd | Preset::IdaHsdh | Preset::Ga | Preset::Optimal => Automove::Horne,
            Preset::Goals | Preset::Fast => Automove::Raymond,
            Preset::HsdHeineman | Preset::Bfs | Preset::Dfs | Preset::BestFirst => Automove::None,
        }
    }

    /// The sequence-move capacity the search is run under, when it differs from the
    /// board's rules (`hsd-heineman`: [`SequenceCapacity::Linear`]; `goals`:
    /// [`SequenceCapacity::DeepSupermove`]).
    pub const fn capacity(self) -> Option<SequenceCapacity> {
        match self {
            Preset::HsdHeineman => Some(SequenceCapacity::Linear),
            Preset::Goals => Some(SequenceCapacity::DeepSupermove),
            _ => None,
        }
    }

    /// Whether this preset applies to positions under `rules`: `Err` with the reason when
    /// it does not. Every preset applies to every game of the family but `optimal` under
    /// Simple Simon's rule: its deadlock bound (Paul & Helmert's `h_0` and above) counts one
    /// move per card sent home, and Simple Simon sends a suit of 13 cards home in one move,
    /// so the bound would overestimate and the solutions found would not be proved shortest.
    /// The other presets are sound under every rule: they search the core crate's moves and
    /// automoves for the rules, and their evaluations (written for FreeCell) only order the
    /// search.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Game;
    /// use freecell_solver::Preset;
    /// assert!(Preset::Optimal.supports(Game::SimpleSimon.rules()).is_err());
    /// assert!(Preset::ALL.iter().all(|p| p.supports(Game::Fan.rules()).is_ok()));
    /// ```
    ///
    /// # Errors
    /// Why the preset does not apply.
    pub const fn supports(self, rules: Rules) -> Result<(), &'static str> {
        match (self, rules.build) {
            (Preset::Optimal, BuildRule::SimpleSimon) => {
                Err("its lower bound counts a move per card sent home, and Simple Simon sends 13 at once")
            }
            _ => Ok(()),
        }
    }

    /// The node limit (positions expanded) of a solve under `rules` when the solver sets
    /// none ([`Solver::max_nodes`](crate::Solver::max_nodes); lifted by
    /// [`Solver::no_node_limit`](crate::Solver::no_node_limit)): `None` for every preset
    /// and game but `fast` under the rules of the games where some deals take it far longer
    /// than the rest.
    ///
    /// Why a limit there: in those games a few deals of ten thousand run `fast`'s searches
    /// until memory stops them, each costing more CPU than all the others together
    /// (ForeCell 527: proved lost after 127 million expansions and 200 s), so a default that
    /// waits for memory puts no game of them inside two minutes a ten-thousand deals. Why
    /// in expansions, not seconds: a node limit stops every deal at the same node on any
    /// machine, so the verdicts do not depend on the load. Each figure is the one the
    /// game's ten thousand deals were measured with (`docs/results/games.md`): Simple
    /// Simon's 3,000,000 is the least that solves every deal of 1–10,000 that fc-solve
    /// solves (8122 needs 2,603,343), Baker's Dozen's 1,000,000 the least that solves the
    /// sixteen deals fc-solve solves (its depth-first dives take a share of every cycle),
    /// ForeCell's 3,000,000 the least that keeps every deal of 1–10,000 decided once its
    /// depth-first dives take a share of the searches (lost deals 136 and 4418 are proved
    /// after 2.93 and 2.86 million expansions; 2,000,000 was enough before the dives);
    /// Good Measure's 289,200 is 150,000, the most that kept its ten thousand deals at the
    /// CPU they took at 100,000 before the frozen-card test after a move was skipped where it
    /// cannot fail (212 more deals decided), and the 139,200 its seven depth-first dives take at
    /// most (the sum of their caps, `fast`'s `GOOD_MEASURE_DIVES`: 24,700 the nearest-card one,
    /// 14,500 the uncovering one, 12,000 the one in fc-solve's order, 50,800 the one marking a
    /// position's children on entry, 10,200 the one in fc-solve's order of parents, 12,000 the
    /// nearest-card one marking on entry, 15,000 the uncovering one marking on entry): the greedy searches
    /// and the proof do the same work with the dives
    /// beside them, so every deal they decided within 150,000 is still decided;
    /// the others are their own engineers' measured budgets. Beleaguered Castle, Streets and
    /// Alleys and Citadel share one rule set and so one limit: 1,220,000, the least round
    /// figure past the latest lost deal of Beleaguered Castle's 1–10,000 that fc-solve proves
    /// lost too (653, proved after 1,159,123 expansions now that the greedy searches and the
    /// proof drop positions with a card that can never move; 1788 after 1,123,188, 8276 after
    /// 1,125,975), 1,200,000, and 20,000 on top for the larger cap of Streets and Alleys'
    /// second depth-first dive; it was 1,045,000 before that prune, 1,000,000 and 45,000 on
    /// top for the dives (Streets and Alleys' takes 25,000, Beleaguered Castle's 50,000);
    /// a Beleaguered Castle deal gets 200,000 more since its dive's cap was raised
    /// ([`default_max_nodes_for`](Self::default_max_nodes_for)).
    /// Every deal decided within a lower limit is decided the same way within this one: the
    /// limit only stops a solve. FreeCell and the other games
    /// decide every deal of 1–10,000 within memory alone, and get none: a limit there could
    /// only leave a deal undecided. A deal stopped by the limit is
    /// [`Undecided`](crate::Outcome::Undecided) with [`Reason::NodeLimit`](crate::Reason::NodeLimit),
    /// never unsolvable. Rules that are no game's (other cells, a rule file's) get none.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Rules};
    /// use freecell_solver::Preset;
    /// assert_eq!(Preset::Fast.default_max_nodes(Game::SimpleSimon.rules()), Some(3_000_000));
    /// assert_eq!(Preset::Fast.default_max_nodes(Rules::freecell()), None);
    /// assert_eq!(Preset::Bfs.default_max_nodes(Game::SimpleSimon.rules()), None);
    /// ```
    pub fn default_max_nodes(self, rules: Rules) -> Option<u64> {
        use freecell_core::Game;
        if self != Preset::Fast {
            return None;
        }
        let game = Game::ALL.into_iter().find(|game| game.rules() == rules)?;
        match game {
            Game::SimpleSimon | Game::ForeCell => Some(3_000_000),
            Game::Fan => Some(2_000_000),
            Game::BeleagueredCastle | Game::StreetsAndAlleys | Game::Citadel => Some(1_220_000),
            Game::BakersDozen => Some(1_000_000),
            Game::GoodMeasure => Some(150_000 + crate::fast::GOOD_MEASURE_DIVES),
            Game::FreeCell
            | Game::RelaxedFreeCell
            | Game::BakersGame
            | Game::KingsOnlyBakersGame
            | Game::EightOff
            | Game::SeahavenTowers
            | Game::RelaxedSeahavenTowers
            | Game::Cruel => None,
        }
    }

    /// The node limit of a solve from `start` when the solver sets none: the one of its rules
    /// ([`default_max_nodes`](Self::default_max_nodes)), but a Beleaguered Castle deal's (its
    /// rules, one to four cards home) under `fast` is 200,000 more, what the game's
    /// depth-first dive in fc-solve's preset order may take beyond the dive the rule set's
    /// limit was set with (it wins deals 1603 and 8569 after 239,044 and 166,543 expansions
    /// of its own; `docs/results/games.md`, twenty-fifth session). Streets and Alleys and
    /// Citadel, dealt under the same rules, keep the rule set's.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, WideBoard};
    /// use freecell_deals::DealNumber;
    /// use freecell_solver::Preset;
    /// let start = |game| WideBoard::try_from(DealNumber::new(1).unwrap().layout(game)).unwrap();
    /// let castle = start(Game::BeleagueredCastle);
    /// assert_eq!(Preset::Fast.default_max_nodes_for(&castle), Some(1_420_000));
    /// assert_eq!(Preset::Fast.default_max_nodes_for(&start(Game::StreetsAndAlleys)), Some(1_220_000));
    /// assert_eq!(Preset::Bfs.default_max_nodes_for(&castle), None);
    /// ```
    pub fn default_max_nodes_for<const C: usize, const F: usize>(self, start: &BoardN<C, F>) -> Option<u64> {
        self.default_max_nodes(*start.rules()).map(|n| n + crate::fast::more_nodes(start))
    }

    /// The game as this preset searches it (for `optimal`, with the default sequence-move
    /// cost model; [`Solver::cost_model`](crate::Solver::cost_model) changes it).
    pub const fn problem<const C: usize, const F: usize>(self) -> crate::FreeCell<C, F> {
        let cost = match self.move_model() {
            MoveModel::Atomic => CostModel::SingleCard,
            MoveModel::Sequence => CostModel::Sequence,
        };
        crate::FreeCell::new(self.move_model(), self.automove(), cost)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Preset`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown solver {}; the solvers are fast, hsd, hsd-heineman, ida-hsdh, bfs, dfs, ga, bestfirst, goals and optimal",
    freecell_core::quote(name)
)]
#[non_exhaustive]
pub struct ParsePresetError {
    /// The name given.
    pub name: String,
}

impl FromStr for Preset {
    type Err = ParsePresetError;

    fn from_str(name: &str) -> Result<Preset, ParsePresetError> {
        Preset::ALL.into_iter().find(|p| p.name() == name).ok_or_else(|| ParsePresetError { name: name.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for preset in Preset::ALL {
            assert_eq!(preset.name().parse::<Preset>(), Ok(preset));
            // `Display` writes the command-line name, which parses back to the preset.
            assert_eq!(preset.to_string(), preset.name());
            assert_eq!(preset.to_string().parse::<Preset>(), Ok(preset), "{preset}");
        }
    }

    #[test]
    fn the_default_is_the_command_line_default() {
        assert_eq!(Preset::default(), Preset::Fast);
        assert_eq!(Preset::default().to_string(), "fast");
    }
}
