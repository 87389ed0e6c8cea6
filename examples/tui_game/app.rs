//! The game's state and logic, with no terminal in sight: [`App::update`] takes an
//! [`Event`] (a key, a mouse press or release on a pile, a tick of the clock) and changes
//! the state; `view` draws it; the tests drive it directly.
//!
//! The game itself, its moves, undo and redo, is a [`GameState`]; this module adds what a
//! player sees around it: picking cards up, the hint, the warning that the game is lost,
//! the animated auto-solve, the new-deal prompt.

use std::time::{Duration, Instant};

use freecell_engine::SplitMix64;
use freecell_engine::{
    Automove, Board, DealNumber, GameState, Move, Pile, PileKind, Replay, Solver, Suit, Turn, Verdict,
};

use crate::analysis::{self, Analysis, Outlook};
use crate::finder::{Finder, Found};
use crate::geometry::Spot;

/// The pause between two moves of the auto-solve.
pub(crate) const STEP_DELAY: Duration = Duration::from_millis(150);

/// A key, as the game reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// A character: a pile's symbol in standard notation, a command, a digit at the prompt.
    Char(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Ctrl-C: leave now.
    Interrupt,
}

/// Something that happened, for [`App::update`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// A key was pressed.
    Key(Key),
    /// The mouse button went down, on a pile or (`None`) elsewhere.
    Press(Option<Spot>),
    /// The mouse button came up, on a pile or elsewhere: a drag ends here.
    Release(Option<Spot>),
    /// Time passed: background work is polled and the auto-solve steps.
    Tick,
}

/// Which deal is on the table, for the title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Deal {
    /// A deal the player named.
    Chosen(DealNumber),
    /// A deal drawn at random and proved winnable first.
    Random(DealNumber),
    /// A position read from a file, by its name.
    Position(String),
}

/// Cards picked up: the top `count` cards of `pile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selection {
    /// Where they lie.
    pub(crate) pile: Pile,
    /// How many, from the top.
    pub(crate) count: usize,
}

/// What the game is doing besides waiting for a move.
#[derive(Debug)]
pub(crate) enum Mode {
    /// Waiting for a move.
    Play,
    /// Reading a deal number for a new game (empty: a random winnable deal).
    Prompt(String),
    /// Looking for a random winnable deal; the table shows the current game meanwhile.
    Finding(Finder),
    /// The auto-solve: waiting for the analysis (`None`), then playing its solution one
    /// step every [`STEP_DELAY`], the next at the instant given.
    Solving(Option<(Replay, Instant)>),
}

/// The whole state of the game on the screen.
#[derive(Debug)]
pub(crate) struct App {
    game: GameState,
    deal: Deal,
    analysis: Analysis,
    mode: Mode,
    selection: Option<Selection>,
    /// The pile the mouse button went down on, while it is down: a release on another
    /// pile is a drag from it.
    pressed: Option<Pile>,
    /// The hint on show.
    hint: Option<Move>,
    /// A hint was asked for before the analysis had an answer.
    hint_wanted: bool,
    /// The last thing the game has to say.
    status: String,
    /// The one solver of every background solve, so that each reuses the memory the
    /// ones before it grew.
    solver: Solver,
    /// Draws the random deals.
    rng: SplitMix64,
    quit: bool,
}

impl App {
    /// A game from `board`, named `deal` in the title; `seed` seeds the random deals
    /// asked for later.
    pub(crate) fn new(board: Board, deal: Deal, seed: u64) -> App {
        let game = new_game(board);
        let solver = analysis::solver();
        let analysis = Analysis::start(&game, &solver);
        App {
            solver,
            game,
            deal,
            analysis,
            mode: Mode::Play,
            selection: None,
            pressed: None,
            hint: None,
            hint_wanted: false,
            status: WELCOME.to_owned(),
            rng: SplitMix64::new(seed),
            quit: false,
        }
    }

    /// A game of Microsoft deal `deal`.
    pub(crate) fn deal(deal: DealNumber, seed: u64) -> App {
        App::new(deal.board(), Deal::Chosen(deal), seed)
    }

    /// A game that starts by looking for a random winnable deal (deal 1 stays on the table
    /// until one is found).
    pub(crate) fn random(seed: u64) -> App {
        let mut app = App::deal(DealNumber::MIN, seed);
        app.find_random_deal();
        app
    }

    /// The position on the table.
    pub(crate) fn board(&self) -> &Board {
        self.game.board()
    }

    /// The game: its history, undo and redo.
    pub(crate) fn game(&self) -> &GameState {
        &self.game
    }

    /// The deal on the table.
    pub(crate) fn deal_name(&self) -> &Deal {
        &self.deal
    }

    /// What the game is doing.
    pub(crate) fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The cards picked up.
    pub(crate) fn selection(&self) -> Option<Selection> {
        self.selection
    }

    /// The hint on show.
    pub(crate) fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// What the background analysis knows of the position.
    pub(crate) fn outlook(&self) -> &Outlook {
        self.analysis.outlook()
    }

    /// The last message for the player.
    pub(crate) fn status(&self) -> &str {
        &self.status
    }

    /// Whether the player asked to leave.
    pub(crate) fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether background work runs (a solve, a search, an auto-solve), so that the
    /// frame loop ticks often; tests wait on it.
    pub(crate) fn is_busy(&self) -> bool {
        matches!(self.analysis.outlook(), Outlook::Checking) || !matches!(self.mode, Mode::Play | Mode::Prompt(_))
    }

    /// Handles one event at the instant `now`.
    pub(crate) fn update(&mut self, event: Event, now: Instant) {
        self.poll(now);
        match event {
            Event::Tick => {}
            Event::Key(Key::Interrupt) => self.quit = true,
            Event::Key(key) => self.key(key, now),
            Event::Press(spot) => self.press(spot),
            Event::Release(spot) => self.release(spot),
        }
    }

    /// Collects background answers and steps the auto-solve.
    fn poll(&mut self, now: Instant) {
        if self.analysis.poll() {
            self.analysed(now);
        }
        match &mut self.mode {
            Mode::Finding(finder) => match finder.poll(&mut self.rng) {
                Found::Searching => {}
                Found::Winnable(deal, solution) => {
                    self.mode = Mode::Play;
                    self.game = new_game(deal.board());
                    self.deal = Deal::Random(deal);
                    self.analysis = Analysis::solved(solution);
                    self.forget_hint();
                    self.selection = None;
                    self.say(WELCOME);
                }
                Found::Failed(error) => {
                    self.mode = Mode::Play;
                    self.status = format!("no random deal: {error}");
                }
            },
            Mode::Solving(Some((replay, next))) if now >= *next => match replay.step(&mut self.game) {
                Ok(Some(step)) => {
                    *next = now + STEP_DELAY;
                    let total = step.number + replay.remaining().len();
                    self.status = format!("auto-solve: {} ({} of {total}); any key stops", step.notation, step.number);
                }
                // Finished: the check below ends the auto-solve.
                Ok(None) => {}
                Err(error) => {
                    self.mode = Mode::Play;
                    self.status = format!("auto-solve stopped: {error}");
                }
            },
            _ => {}
        }
        if matches!(self.mode, Mode::Solving(Some((ref replay, _))) if replay.is_finished()) {
            self.mode = Mode::Play;
            self.moved();
        }
    }

    /// The analysis has answered: show a hint asked for meanwhile, start a waiting
    /// auto-solve, or say why neither can be had.
    fn analysed(&mut self, now: Instant) {
        let solving = matches!(self.mode, Mode::Solving(None));
        if !self.hint_wanted && !solving {
            return;
        }
        self.hint_wanted = false;
        match self.analysis.outlook() {
            Outlook::Known(Verdict::Winnable(solution)) if solving => match self.game.replay(&solution.moves) {
                Ok(replay) => self.mode = Mode::Solving(Some((replay, now))),
                Err(error) => {
                    self.mode = Mode::Play;
                    self.status = format!("cannot replay the solution: {error}");
                }
            },
            Outlook::Known(Verdict::Winnable(solution)) => {
                self.hint = solution.moves.first().copied();
                self.status = match self.hint {
                    Some(mv) => format!(
                        "hint: {} ({} moves to win from here); space plays it",
                        self.game.board().write_move(mv),
                        solution.len()
                    ),
                    None => "the game is won".to_owned(),
                };
            }
            Outlook::Known(Verdict::Lost) => {
                self.mode = Mode::Play;
                let what = if solving { "nothing to solve" } else { "no hint" };
                self.status = format!("{what}: the game cannot be won from here");
            }
            Outlook::Known(Verdict::Undecided(reason)) => {
                self.mode = Mode::Play;
                self.status = format!("the solver found no solution from here: {reason}");
            }
            Outlook::Failed(error) => {
                self.mode = Mode::Play;
                self.status = format!("the solver failed: {error}");
            }
            Outlook::Checking => {}
        }
    }

    fn key(&mut self, key: Key, now: Instant) {
        match &mut self.mode {
            Mode::Prompt(typed) => match key {
                Key::Char(c) if c.is_ascii_digit() && typed.len() < 10 => typed.push(c),
                Key::Backspace => {
                    typed.pop();
                }
                Key::Enter => {
                    let typed = std::mem::take(typed);
                    self.mode = Mode::Play;
                    self.start_typed_deal(&typed);
                }
                Key::Esc => {
                    self.mode = Mode::Play;
                    self.say("no new deal");
                }
                _ => {}
            },
            Mode::Finding(_) | Mode::Solving(_) => {
                // Any key stops the background work; `q` also leaves.
                self.stop();
                self.quit = key == Key::Char('q');
            }
            Mode::Play => self.command(key, now),
        }
    }

    /// Stops the search for a random deal or the auto-solve, leaving the game where it is.
    fn stop(&mut self) {
        match std::mem::replace(&mut self.mode, Mode::Play) {
            Mode::Finding(_) => self.say("the search for a deal stopped"),
            Mode::Solving(replay) => {
                self.say("the auto-solve stopped");
                // Steps were played: the analysis was of the position it started from.
                if replay.is_some() {
                    self.moved();
                }
            }
            other => self.mode = other,
        }
    }

    /// A key while waiting for a move.
    fn command(&mut self, key: Key, now: Instant) {
        let Key::Char(c) = key else {
            match key {
                Key::Enter => self.play_hint(),
                Key::Esc => {
                    self.selection = None;
                    self.forget_hint();
                    self.status.clear();
                }
                _ => {}
            }
            return;
        };
        // Caps Lock or Shift changes nothing: notation and commands are lower case.
        let c = c.to_ascii_lowercase();
        if let Some(pile) = self.pile_named(c) {
            return self.pile_key(pile);
        }
        match c {
            'u' => self.undo(),
            'r' => self.redo(),
            '?' => self.ask_hint(),
            ' ' => self.play_hint(),
            'p' => self.autoplay(),
            's' => self.solve(now),
            'n' => {
                self.selection = None;
                self.mode = Mode::Prompt(String::new());
            }
            'q' => self.quit = true,
            _ => self.status = format!("{c:?} does nothing here; the keys are on the bottom line"),
        }
    }

    /// The pile whose standard-notation symbol is `c` (`1`–`9`, `0`, `a`–`g`, `i`, `h`),
    /// if this game has it. The symbols are [`Pile::symbol`]'s, so they cannot disagree.
    fn pile_named(&self, c: char) -> Option<Pile> {
        let board = self.board();
        let cascades = (0..board.cascade_count()).map(Pile::cascade);
        let cells = (0..board.cell_count()).map(Pile::cell);
        let home = std::iter::once(Pile::foundation(Suit::Clubs));
        cascades.chain(cells).chain(home).find(|pile| pile.symbol() == c)
    }

    /// A pile's key: picks its cards up, or puts the cards picked up there. Picked up by
    /// key, a cascade's whole movable run is taken; its key again takes one card fewer.
    fn pile_key(&mut self, pile: Pile) {
        match self.selection {
            Some(selection) if selection.pile == pile && selection.count > 1 => {
                self.hold(Selection { count: selection.count - 1, ..selection });
            }
            Some(selection) if selection.pile == pile => self.put_back(),
            Some(selection) => self.move_selection(selection, pile),
            None => self.pick_up(Spot { pile, depth: usize::MAX }),
        }
    }

    fn press(&mut self, spot: Option<Spot>) {
        match self.mode {
            Mode::Play => {}
            Mode::Solving(_) | Mode::Finding(_) => return self.stop(),
            Mode::Prompt(_) => return,
        }
        let Some(spot) = spot else {
            self.selection = None;
            return;
        };
        self.pressed = None;
        match self.selection {
            Some(selection) if selection.pile != spot.pile => self.move_selection(selection, spot.pile),
            Some(selection) if selection.count == spot.depth.min(self.movable(spot.pile)) => self.put_back(),
            _ => {
                self.pick_up(spot);
                self.pressed = self.selection.map(|selection| selection.pile);
            }
        }
    }

    fn release(&mut self, spot: Option<Spot>) {
        let from = self.pressed.take();
        if let (Some(from), Some(spot), Some(selection)) = (from, spot, self.selection)
            && spot.pile != from
            && selection.pile == from
        {
            self.move_selection(selection, spot.pile);
        }
    }

    /// How many cards can be picked up from `pile`: a cascade's run in sequence, a cell's
    /// card.
    fn movable(&self, pile: Pile) -> usize {
        let board = self.board();
        match pile.kind() {
            PileKind::Cascade(i) => board.run_len(i),
            PileKind::Cell(i) => usize::from(board.cell(i).is_some()),
            PileKind::Foundation(_) => 0,
        }
    }

    /// Picks up the cards from `spot`'s down to the top, as many of them as move together.
    fn pick_up(&mut self, spot: Spot) {
        if spot.pile.is_foundation() {
            self.say("cards never leave the foundations");
            return;
        }
        let count = spot.depth.min(self.movable(spot.pile));
        if count == 0 {
            self.status = format!("{} is empty", spot.pile);
            return;
        }
        self.hold(Selection { pile: spot.pile, count });
    }

    fn hold(&mut self, selection: Selection) {
        self.selection = Some(selection);
        let cards = plural(selection.count, "card");
        self.status = format!("picked up {cards} from {}: now where they go (key or click)", selection.pile);
    }

    fn put_back(&mut self) {
        self.selection = None;
        self.say("put back");
    }

    /// Moves the cards picked up to `to`, written as the move a player would type (`3a`,
    /// `38`, `3h`; `36v3` for three cards into an empty cascade) and played as typed.
    fn move_selection(&mut self, selection: Selection, to: Pile) {
        self.selection = None;
        let board = self.board();
        let mut token: String = [selection.pile.symbol(), to.symbol()].into_iter().collect();
        if let PileKind::Cascade(i) = to.kind()
            && board.cascade_len(i) == 0
        {
            // Into an empty cascade the player says how many: the cards picked up, as many
            // as may move there.
            let count = selection.count.min(board.sequence_capacity(true));
            if count > 1 {
                token = format!("{token}v{count:x}");
            }
        }
        self.play(&token);
    }

    /// Plays a move in standard notation, with its automoves.
    fn play(&mut self, token: &str) {
        let before = self.game.board().clone();
        match self.game.play_notation(token) {
            Ok(turn) => {
                self.status = format!("played {}", told(turn, &before));
                self.moved();
            }
            // The error quotes the move and names the rule it breaks.
            Err(error) => self.status = error.to_string(),
        }
    }

    /// The position changed: what was picked up, hinted or analysed belonged to the old
    /// one.
    fn moved(&mut self) {
        self.selection = None;
        self.forget_hint();
        if self.game.is_won() {
            self.status = format!("you won in {}! n: a new deal, q: quit", plural(self.game.history().len(), "move"));
        }
        if !matches!(self.mode, Mode::Solving(Some(_))) {
            self.analysis = Analysis::start(&self.game, &self.solver);
        }
    }

    /// Sets the status line.
    fn say(&mut self, message: &str) {
        message.clone_into(&mut self.status);
    }

    fn forget_hint(&mut self) {
        self.hint = None;
        self.hint_wanted = false;
    }

    fn undo(&mut self) {
        match self.game.undo().cloned() {
            Some(turn) => {
                // Undone, the game stands where the turn started.
                self.status = format!("took back {}", told(&turn, self.game.board()));
                self.moved();
            }
            None => self.say("nothing to undo"),
        }
    }

    fn redo(&mut self) {
        let before = self.game.board().clone();
        match self.game.redo() {
            Some(turn) => {
                self.status = format!("played again {}", told(turn, &before));
                self.moved();
            }
            None => self.say("nothing to redo"),
        }
    }

    fn autoplay(&mut self) {
        let before = self.game.board().clone();
        match self.game.autoplay() {
            Some(turn) => {
                self.status = told(turn, &before);
                self.moved();
            }
            None => self.say("no card can safely go home now"),
        }
    }

    /// Shows the next move of the analysis' solution, at once or when it comes.
    fn ask_hint(&mut self) {
        self.selection = None;
        self.hint_wanted = true;
        if matches!(self.analysis.outlook(), Outlook::Checking) {
            self.say("thinking…");
        } else {
            self.analysed(Instant::now());
        }
    }

    fn play_hint(&mut self) {
        match self.hint {
            Some(mv) => {
                let token = self.board().write_move(mv);
                self.play(&token);
            }
            None => self.say("no hint on show: ? asks for one"),
        }
    }

    /// Solves from here and plays the solution, one move every [`STEP_DELAY`].
    fn solve(&mut self, now: Instant) {
        if self.game.is_won() {
            self.say("the game is won");
            return;
        }
        self.selection = None;
        self.forget_hint();
        self.mode = Mode::Solving(None);
        self.say("solving…");
        if !matches!(self.analysis.outlook(), Outlook::Checking) {
            self.analysed(now);
        }
    }

    /// A deal number typed at the prompt; nothing typed asks for a random winnable deal.
    fn start_typed_deal(&mut self, typed: &str) {
        if typed.is_empty() {
            return self.find_random_deal();
        }
        match typed.parse::<DealNumber>() {
            Ok(deal) => {
                self.game = new_game(deal.board());
                self.deal = Deal::Chosen(deal);
                self.say(WELCOME);
                self.moved();
            }
            Err(error) => self.status = error.to_string(),
        }
    }

    fn find_random_deal(&mut self) {
        self.selection = None;
        self.forget_hint();
        self.mode = Mode::Finding(Finder::start(&mut self.rng, &self.solver));
        self.say("looking for a winnable deal…");
    }
}

/// A turn in words, its move written on `before`, the position it started from: `6b`,
/// `6b; 3 cards went home`, `2 cards went home`.
fn told(turn: &Turn, before: &Board) -> String {
    let played = turn.played().map(|mv| before.write_move(mv));
    let home = turn.automoves().len();
    let home = (home > 0).then(|| format!("{} went home", plural(home, "card")));
    played.into_iter().chain(home).collect::<Vec<_>>().join("; ")
}

/// `n` and a noun, in the plural unless `n` is 1: `1 move`, `3 moves`.
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// What a new game says first.
const WELCOME: &str = "click a card, then where it goes; or type the move: 3a, a3, 3h, 38";

/// A new game of `board`, with Horne's safe automoves: cards no other card could still
/// need go home by themselves, as in most FreeCell programs.
fn new_game(board: Board) -> GameState {
    GameState::new(board).with_automove(Automove::Horne)
}

#[cfg(test)]
mod tests;
