//! The game a command plays: `--game NAME` or `--rules FILE`, with `--cells` and
//! `--cascades` over its rules; `freecell games`, the list of presets; and the game's
//! positions as [`GameBoard`]s, a `Board` or a `WideBoard` as its rules need.

// Writing to a String cannot fail: `let _ = write!(…)` ignores an error that never comes.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;
use freecell_core::{BOARD_CASCADES, BOARD_CELLS, Game, Rules, Variant};
use freecell_deals::DealNumber;
use freecell_solver::GameBoard;
use serde::Serialize;

use crate::input::{Checked, is_stdin, number, read_input, shown};
use crate::{Failure, write_stdout};

/// `--game`, `--rules`, `--cells` and `--cascades`: what every command that deals, reads
/// or solves a position takes.
#[derive(Debug, Args)]
pub(crate) struct GameArgs {
    /// The game: a preset's name or alias, case and `-`/`_`/spaces ignored (freecell,
    /// bakers-game, `ko_bakers_game`, eight-off, seahaven, beleaguered-castle, fan,
    /// simple-simon, …): `freecell games` lists them all with their rules.
    #[arg(long, value_name = "NAME", default_value = "freecell", value_parser = Checked(parse_game))]
    game: Game,
    /// A game from a rule file instead of a preset: TOML, or JSON when the text starts
    /// with `{` (the format and an example of every preset: docs/games.md; `freecell games
    /// --toml NAME` writes a preset as one).
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    rules: Option<PathBuf>,
    /// Play with N free cells (0 to 10) instead of the game's.
    #[arg(long, value_name = "N", value_parser = Checked(number::<u8>), allow_negative_numbers = true)]
    cells: Option<u8>,
    /// Play with N cascades (1 to 20) instead of the game's. A deal of another cascade
    /// count is dealt round-robin, card i to cascade i mod N (as Solvitaire and PySolFC's
    /// Seven by Four deal), whatever rounds the game deals in.
    #[arg(long, value_name = "N", value_parser = Checked(number::<u8>), allow_negative_numbers = true)]
    cascades: Option<u8>,
}

fn parse_game(text: &str) -> Result<Game, freecell_core::ParseGameError> {
    text.parse()
}

/// A game as the options give it: its rules, its deal and a name for messages.
#[derive(Debug)]
pub(crate) struct Chosen {
    /// The rules and the deal.
    pub(crate) variant: Variant,
    /// The preset's name or the rule file, with the knobs given: for messages.
    pub(crate) label: String,
    /// The options that name the game, as typed (`--game eight-off --cells 2`); empty for
    /// FreeCell.
    options: String,
}

impl GameArgs {
    /// Whether the rule file is standard input (`--rules -`), which then cannot also give
    /// the board or the solution.
    pub(crate) fn rules_from_stdin(&self) -> bool {
        self.rules.as_deref().is_some_and(is_stdin)
    }

    /// The game, read from its rule file if there is one, with the knobs applied and
    /// validated.
    pub(crate) fn chosen(&self) -> Result<Chosen, Failure> {
        let (mut variant, mut label, mut options) = match &self.rules {
            Some(path) => {
                (read_rules(path)?, format!("the rules of {}", shown(path)), format!("--rules {}", path.display()))
            }
            None => (self.game.variant(), self.game.name().to_owned(), format!("--game {}", self.game.name())),
        };
        if let Some(cells) = self.cells {
            variant.rules.free_cells = cells;
            let _ = write!(label, " with --cells {cells}");
            let _ = write!(options, " --cells {cells}");
        }
        if let Some(cascades) = self.cascades
            && cascades != variant.rules.cascades
        {
            variant.rules.cascades = cascades;
            variant.deal.rounds.clear();
            let _ = write!(label, " with --cascades {cascades}");
            let _ = write!(options, " --cascades {cascades}");
        }
        variant.validate().map_err(|error| Failure::Input(format!("{label}: {error}")))?;
        if variant == Game::FreeCell.variant() && self.rules.is_none() {
            options.clear();
        }
        Ok(Chosen { variant, label, options })
    }
}

/// Reads a rule file (`-`: standard input): JSON when it starts with `{`, else TOML.
fn read_rules(path: &Path) -> Result<Variant, Failure> {
    let text = read_input(path, "rules")?;
    let read = if text.trim_start().starts_with('{') { Variant::from_json(&text) } else { Variant::from_toml(&text) };
    read.map_err(|error| Failure::Input(format!("bad rules in {}: {error}", shown(path))))
}

impl Chosen {
    /// The options that name the game (`--game eight-off --cells 2`), `None` for FreeCell.
    pub(crate) fn tag(&self) -> Option<&str> {
        (!self.options.is_empty()).then_some(self.options.as_str())
    }

    /// Whether this game's positions fit a [`Board`](freecell_core::Board), which
    /// `deal --winnable` needs (`WinnableDeals` deals `Board`s); the solver and `rate` take
    /// every width.
    pub(crate) fn check_narrow(&self) -> Result<(), Failure> {
        if fits_board(self.variant.rules) { Ok(()) } else { Err(needs_narrow(self)) }
    }

    /// Deal `deal` of this game.
    pub(crate) fn deal(&self, deal: DealNumber) -> Result<GameBoard, Failure> {
        GameBoard::try_from(self.variant.deal(&deal.cards()))
            .map_err(|error| Failure::Internal(format!("internal error: {} deal {deal}: {error}", self.label)))
    }

    /// Parses a board file's text under this game's rules.
    pub(crate) fn parse(&self, text: &str, path: &Path) -> Result<GameBoard, Failure> {
        GameBoard::parse_with_rules(text, self.variant.rules)
            .map_err(|error| Failure::Input(format!("bad board in {}: {error}", shown(path))))
    }
}

/// Whether `rules` fit a [`Board`](freecell_core::Board); the others need a
/// [`WideBoard`](freecell_core::WideBoard).
fn fits_board(rules: Rules) -> bool {
    usize::from(rules.cascades) <= BOARD_CASCADES && usize::from(rules.free_cells) <= BOARD_CELLS
}

/// Why `deal --winnable` refuses a game that needs a [`WideBoard`](freecell_core::WideBoard).
pub(crate) fn needs_narrow(game: &Chosen) -> Failure {
    let rules = game.variant.rules;
    Failure::Input(format!(
        "{}: {} cascades and {} free cells need the wide board, and deal --winnable takes at \
         most {BOARD_CASCADES} cascades and {BOARD_CELLS} free cells (solve, hint, bench and rate take every game)",
        game.label, rules.cascades, rules.free_cells
    ))
}

/// Arguments of `freecell games`.
#[derive(Debug, Args)]
pub(crate) struct GamesArgs {
    /// Print JSON: one object per game with its name, aliases, rules line, and rules as a
    /// rule file reads them.
    #[arg(long, conflicts_with = "toml")]
    json: bool,
    /// Print this game as a rule file in TOML instead (to start a `--rules FILE` from).
    #[arg(long, value_name = "NAME", value_parser = Checked(parse_game))]
    toml: Option<Game>,
}

/// One game in `freecell games --json`.
#[derive(Serialize)]
struct GameEntry {
    name: &'static str,
    aliases: Vec<&'static str>,
    summary: String,
    rules: Variant,
}

/// Runs `freecell games`.
pub(crate) fn games(args: &GamesArgs) -> Result<(), Failure> {
    if let Some(game) = args.toml {
        return write_stdout(&format!("# {} ({})\n{}", game.name(), game.description(), game.variant().to_toml()));
    }
    let entries: Vec<GameEntry> = Game::ALL
        .iter()
        .map(|&game| GameEntry {
            name: game.name(),
            aliases: game.aliases().iter().copied().filter(|&alias| alias != game.name()).collect(),
            summary: game.variant().to_string(),
            rules: game.variant(),
        })
        .collect();
    if args.json {
        let json = serde_json::to_string_pretty(&entries)
            .map_err(|error| Failure::Internal(format!("internal error: the games as JSON: {error}")))?;
        return write_stdout(&format!("{json}\n"));
    }
    let aliases = |e: &GameEntry| if e.aliases.is_empty() { "-".to_owned() } else { e.aliases.join(", ") };
    let name_width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let alias_width = entries.iter().map(|e| aliases(e).len()).max().unwrap_or(0);
    let mut text = format!("{:name_width$}  {:alias_width$}  rules\n", "game", "aliases");
    for entry in &entries {
        let _ = writeln!(text, "{:name_width$}  {:alias_width$}  {}", entry.name, aliases(entry), entry.summary);
    }
    write_stdout(&text)
}
