//! Replays: format, scenario id, ruleset, seed, optional forced dice and the command log, with a
//! state hash at the start of every player-turn. Playing one back goes through the same ECS path as
//! live play. Saves and autosaves are replays.

use crate::battle::dice::Misfit;
use crate::battle::ecs::{BattleApp, BattleDice};
use crate::battle::{Dice, Outcome, Reseed, Ruleset};
use crate::scenario::{FileError, Scenario, key_line};
use serde::{Deserialize, Serialize};
use std::path::Path;

pub use crate::battle::hash::TurnHash;

/// The replay format this build writes and reads (see `docs/replay.md`, "Formats"). A file without
/// `format` was written before the field existed, in format 1.
pub const FORMAT: u32 = 7;

/// The first format whose turn hashes this build can compare: format 2 moved a unit's strength into
/// its ruleset's state, which changed the state the hashes are taken of. An older file plays the
/// same commands to the same game, but its hashes are not compared.
pub const HASHED_SINCE: u32 = 2;

/// Whether the turn hashes of a file of `format` can be compared with this build's.
pub fn hashes_comparable(format: u32) -> bool {
    format >= HASHED_SINCE
}

fn first_format() -> u32 {
    1
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "C: serde::de::DeserializeOwned"))]
pub struct Replay<C> {
    #[serde(default = "first_format")]
    pub format: u32,
    /// The scenario's `id`.
    pub scenario: String,
    pub ruleset: String,
    pub seed: u64,
    /// Faces the first rolls take, in order, before the seeded generator (1-based face numbers).
    #[serde(default)]
    pub forced_dice: Vec<u8>,
    /// Where the game was loaded, continued or taken over with fresh dice: from each of these
    /// commands on, the dice come from a new seed (format 7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reseeds: Vec<Reseed>,
    pub commands: Vec<C>,
    #[serde(default)]
    pub turn_hashes: Vec<TurnHash>,
    /// How the game was being played, so a save goes on the same way; absent from replays the
    /// simulator writes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Table>,
    /// How the battle ended, for a finished game: what the saves list says of it (checked against
    /// the game played back when the file is opened).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Who played a saved game and how: the side the computer plays (hotseat when none) and how
/// well, and where the game was taken over from a replay, if it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub computer: Option<u8>,
    pub level: String,
    #[serde(default)]
    pub taken_over_at: Option<usize>,
}

impl Table {
    /// The autosave's name of a game at this table: one per scenario and seed, and one per point a
    /// replay was taken over at, so a new game never overwrites another's.
    pub fn autosave_name(&self, scenario: &str, seed: u64) -> String {
        match self.taken_over_at {
            None => format!("autosave-{scenario}-{seed}.ron"),
            Some(at) => format!("autosave-{scenario}-{seed}-from-{at}.ron"),
        }
    }
}

/// Just enough of a replay to know which ruleset reads the rest.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
pub struct ReplayHeader {
    #[serde(default = "first_format")]
    pub format: u32,
    pub scenario: String,
    pub ruleset: String,
}

/// What the saves list shows of a replay without reading its commands: its scenario, how far it
/// went (its last turn hash) and how it was played.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
pub struct Summary {
    pub scenario: String,
    #[serde(default)]
    pub turn_hashes: Vec<TurnHash>,
    #[serde(default)]
    pub table: Option<Table>,
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

impl Summary {
    /// The summary of replay text, or `None` for a file that does not read as a replay.
    pub fn of(text: &str) -> Option<Summary> {
        crate::limits::from_ron(text).ok()
    }

    /// The game turn the game had reached.
    pub fn turn(&self) -> u32 {
        self.turn_hashes.last().map_or(0, |h| h.turn)
    }
}

impl<C> Replay<C> {
    /// A replay in this build's format.
    pub fn new(scenario: &Scenario, seed: u64, commands: Vec<C>, turn_hashes: Vec<TurnHash>) -> Replay<C> {
        Replay {
            format: FORMAT,
            scenario: scenario.id.clone(),
            ruleset: scenario.ruleset.clone(),
            seed,
            forced_dice: Vec::new(),
            reseeds: Vec::new(),
            commands,
            turn_hashes,
            table: None,
            outcome: None,
        }
    }

    /// The same replay, with the dice reseeded where `reseeds` say.
    pub fn reseeded(self, reseeds: Vec<Reseed>) -> Replay<C> {
        Replay { reseeds, ..self }
    }

    /// The same replay, saying how the battle ended, if it has.
    pub fn ended(self, outcome: Option<Outcome>) -> Replay<C> {
        Replay { outcome, ..self }
    }

    /// The same replay, saying how the game was being played.
    pub fn at_table(self, table: Table) -> Replay<C> {
        Replay { table: Some(table), ..self }
    }
}

/// Why a replay cannot be played through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The scenario does not set up.
    Setup(String),
    /// Command `index` is not legal where it stands.
    Command(usize, String),
    /// A forced face does not fit the die it was rolled for.
    ForcedFace(Misfit),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Setup(message) | Refused::Command(_, message) => f.write_str(message),
            Refused::ForcedFace(misfit) => write!(f, "forced_dice[{}]: {misfit}", misfit.index),
        }
    }
}

/// A battle played from a replay: the app at the end (its log holds the turn hashes it went through).
pub struct Played<R: Ruleset> {
    pub app: BattleApp<R>,
}

/// Starts a battle for a scenario through the ECS path.
pub fn start<R: Ruleset>(scenario: &Scenario, seed: u64, forced: &[u8]) -> Result<BattleApp<R>, FileError> {
    start_with(scenario, Dice::with_forced(seed, forced))
}

/// Starts a battle for a scenario with these dice (forced faces, reseeds).
pub fn start_with<R: Ruleset>(scenario: &Scenario, dice: Dice) -> Result<BattleApp<R>, FileError> {
    let battle = R::setup(scenario).map_err(|e| FileError::plain(format!("{}: {}", e.path(), e.message)))?;
    Ok(BattleApp::new(battle, dice))
}

/// The state hash of a running battle, labelled with its turn and active side.
pub fn turn_hash<R: Ruleset>(app: &BattleApp<R>) -> TurnHash {
    TurnHash::of(app.view())
}

/// Plays every command; stops at the first refused one, or at the first forced face that does not
/// fit its die.
pub fn play<R: Ruleset>(scenario: &Scenario, replay: &Replay<R::Command>) -> Result<Played<R>, Refused> {
    let dice = Dice::with_forced(replay.seed, &replay.forced_dice).with_reseeds(&replay.reseeds);
    let mut app = start_with::<R>(scenario, dice).map_err(|e| Refused::Setup(e.to_string()))?;
    let misfit = |app: &BattleApp<R>| app.world().resource::<BattleDice>().0.misfit().map(Refused::ForcedFace);
    misfit(&app).map_or(Ok(()), Err)?;
    for (i, command) in replay.commands.iter().enumerate() {
        // Written as the file writes it: hexes as (column, row), not the engine's cube coordinates.
        let written = ron::to_string(command).unwrap_or_default();
        app.submit(command.clone()).map_err(|e| Refused::Command(i, format!("command #{i} {written} refused: {e}")))?;
        misfit(&app).map_or(Ok(()), Err)?;
    }
    Ok(Played { app })
}

/// Reads a replay file and the header that says which ruleset reads the rest.
pub fn read_header(path: &Path) -> Result<(String, ReplayHeader), FileError> {
    let text = crate::limits::read_file(path)?;
    let header = parse_header(path, &text)?;
    Ok((text, header))
}

/// The header of replay text that came from `path` (named in the error).
pub fn parse_header(path: &Path, text: &str) -> Result<ReplayHeader, FileError> {
    crate::limits::from_ron(text).map_err(|e| FileError::from_ron(&e).in_file(path))
}

/// Parses and plays a replay; the error names file, line and field. A replay from a newer format
/// is refused before its commands are read.
pub fn check<R: Ruleset>(path: &Path, text: &str, header: &ReplayHeader) -> Result<(Replay<R::Command>, Played<R>), String> {
    if header.format > FORMAT {
        let message = format!("replay format {} is newer than this build's ({FORMAT}): open it with a newer Strategos", header.format);
        return Err(FileError::plain(message).in_file(path).at_key(text, "format").to_string());
    }
    let replay: Replay<R::Command> = crate::limits::from_ron(text).map_err(|e| FileError::from_ron(&e).in_file(path).to_string())?;
    let over = |key: &str, held: usize, most: usize| (held > most).then(|| FileError::plain(format!("{held} entries, more than the {most} a replay may hold")).in_file(path).at_key(text, key).to_string());
    let too_many = over("commands", replay.commands.len(), crate::limits::COMMANDS)
        .or_else(|| over("forced_dice", replay.forced_dice.len(), crate::limits::FORCED_DICE))
        .or_else(|| over("reseeds", replay.reseeds.len(), crate::limits::RESEEDS));
    if let Some(e) = too_many {
        return Err(e);
    }
    let scenario = crate::scenario::load_named(&header.scenario).map_err(|e| FileError::plain(e).in_file(path).at_key(text, "scenario").to_string())?;
    let played = play::<R>(&scenario, &replay).map_err(|refused| match refused {
        Refused::Setup(message) => FileError::plain(message).in_file(path).at_key(text, "scenario").to_string(),
        Refused::Command(i, message) => {
            let message = if replay.format < FORMAT {
                format!("{message} (the file is format {}, from before rules readings this build changed: see docs/replay.md, \"Formats\")", replay.format)
            } else {
                message
            };
            FileError::plain(message).in_file(path).at_line(command_line(text, i), format!("commands[{i}]")).to_string()
        }
        Refused::ForcedFace(misfit) => {
            FileError::plain(misfit.to_string()).in_file(path).at_line(key_line(text, "forced_dice"), format!("forced_dice[{}]", misfit.index)).to_string()
        }
    })?;
    Ok((replay, played))
}

/// `check`, then the recorded turn hashes against the played ones: a game that does not play back
/// to the same states is refused, naming the first turn that differs. A file older than
/// `HASHED_SINCE` is played without comparing its hashes.
pub fn verified<R: Ruleset>(path: &Path, text: &str, header: &ReplayHeader) -> Result<(Replay<R::Command>, Played<R>), String> {
    let (replay, played) = check::<R>(path, text, header)?;
    if !hashes_comparable(replay.format) {
        return Ok((replay, played));
    }
    if let Some(diff) = first_divergence(&replay.turn_hashes, played.app.turn_hashes()) {
        return Err(FileError::plain(diff).in_file(path).at_key(text, "turn_hashes").to_string());
    }
    let ended = R::outcome(played.app.view());
    if replay.outcome.is_some() && replay.outcome != ended {
        let message = format!("the file says the battle ended {:?}, playing it gives {ended:?}", replay.outcome);
        return Err(FileError::plain(message).in_file(path).at_key(text, "outcome").to_string());
    }
    Ok((replay, played))
}

/// Compares recorded hashes with those of a fresh play; the first difference, if any.
pub fn first_divergence(recorded: &[TurnHash], played: &[TurnHash]) -> Option<String> {
    for (i, (r, p)) in recorded.iter().zip(played).enumerate() {
        if r != p {
            return Some(format!(
                "turn hash #{i} differs: replay says turn {} side {} hash {}, playing it gives turn {} side {} hash {}",
                r.turn, r.side, r.hash, p.turn, p.side, p.hash
            ));
        }
    }
    (recorded.len() != played.len()).then(|| {
        format!("replay records {} turn hashes, playing it gives {}", recorded.len(), played.len())
    })
}

/// The 1-based line of command `index`, when commands are written one per line after `commands:`.
pub fn command_line(text: &str, index: usize) -> Option<usize> {
    let start = text.lines().position(|l| l.trim_start().starts_with("commands:"))?;
    let mut seen = 0;
    for (i, line) in text.lines().enumerate().skip(start + 1) {
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") || t == "[" {
            continue;
        }
        if seen == index {
            return Some(i + 1);
        }
        seen += 1;
    }
    None
}

pub fn to_ron<C: Serialize>(replay: &Replay<C>) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(2);
    ron::ser::to_string_pretty(replay, config).unwrap_or_default()
}
