//! `strategos play --terminal`: the battle in the terminal: the board as text with its legend, what
//! the player may do in a few lines (every legal command, grouped by unit and coded, on request),
//! the events as they happen, and a few words at the prompt (help, list, undo, save, quit). Hotseat, or against the computer; saved after every
//! command in the saves folder, and `--continue` goes on with the last game left unfinished.

mod board;
mod game;
mod input;
mod listing;

use crate::ai::{Judge, Level};
use crate::battle::{Present, Reseed};
use crate::replay::{ReplayHeader, Table, parse_header, verified};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::saves;
use crate::scenario::{DEFAULT, Scenario};
use std::path::PathBuf;

pub fn run(scenario: Option<&str>, seed: Option<u64>, computer: Option<u8>, level: Level) -> Result<(), String> {
    let scenario = crate::scenario::load_named(scenario.unwrap_or(DEFAULT))?;
    let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()));
    let ruleset = scenario.ruleset.clone();
    let table = Table { computer, level: level.name(), taken_over_at: None };
    with_ruleset(&ruleset, TerminalGame { scenario, seed, table }).map_err(|e| e.to_string())?
}

/// Goes on with the last game left unfinished (in the terminal or the window), as it was played:
/// with fresh dice, so that stopping and going on cannot show the dice to come, unless `same_dice`.
pub fn resume(same_dice: bool) -> Result<(), String> {
    let name = saves::unfinished().ok_or_else(|| format!("no unfinished game to continue in {}", saves::dir().display()))?;
    let path = saves::dir().join(&name);
    let text = saves::read(&name)?;
    let header = parse_header(&path, &text).map_err(|e| e.to_string())?;
    let ruleset = header.ruleset.clone();
    with_ruleset(&ruleset, Resumed { path, text, header, same_dice }).map_err(|e| e.to_string())?
}

/// One battle in the terminal, with the ruleset of its scenario.
struct TerminalGame {
    scenario: Scenario,
    seed: u64,
    table: Table,
}

impl ForRuleset for TerminalGame {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        let TerminalGame { scenario: s, seed, table } = self;
        let app = crate::replay::start::<R>(&s, seed, &[]).map_err(|e| e.to_string())?;
        println!("{} (seed {seed}). {}\n", s.name, s.briefing);
        game::play_on(s, game::TerminalDice { seed, forced: Vec::new(), reseeds: Vec::new() }, app, table)
    }
}

/// A saved game read back, verified, and played on.
struct Resumed {
    path: PathBuf,
    text: String,
    header: ReplayHeader,
    same_dice: bool,
}

impl ForRuleset for Resumed {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        let (replay, mut played) = verified::<R>(&self.path, &self.text, &self.header)?;
        let s = crate::scenario::load_named(&replay.scenario)?;
        let table = replay.table.unwrap_or(Table { computer: None, level: Level::Normal.name(), taken_over_at: None });
        let mut reseeds = replay.reseeds;
        let dice = if self.same_dice {
            "the same dice"
        } else {
            let fresh = Reseed::fresh(replay.commands.len());
            played.app.add_reseed(fresh);
            reseeds.push(fresh);
            "fresh dice"
        };
        println!("{} (seed {}), going on from {} after {} commands, with {dice}.\n", s.name, replay.seed, self.path.display(), replay.commands.len());
        game::play_on(s, game::TerminalDice { seed: replay.seed, forced: replay.forced_dice, reseeds }, played.app, table)
    }
}
