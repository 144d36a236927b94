//! Replays: scenario id, ruleset, seed, optional forced dice and the command log, with a state hash
//! at the start of every player-turn. Playing one back goes through the same ECS path as live play.

use crate::battle::ecs::BattleApp;
use crate::battle::hash::{hash_hex, state_hash};
use crate::battle::{Dice, Ruleset};
use crate::scenario::{FileError, Scenario};
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnHash {
    pub turn: u32,
    pub side: u8,
    pub hash: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "C: serde::de::DeserializeOwned"))]
pub struct Replay<C> {
    /// The scenario's `id`.
    pub scenario: String,
    pub ruleset: String,
    pub seed: u64,
    /// Faces the first rolls take, in order, before the seeded generator (1-based face numbers).
    #[serde(default)]
    pub forced_dice: Vec<u8>,
    pub commands: Vec<C>,
    #[serde(default)]
    pub turn_hashes: Vec<TurnHash>,
}

/// Just enough of a replay to know which ruleset reads the rest.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
pub struct ReplayHeader {
    pub scenario: String,
    pub ruleset: String,
}

/// A battle played from a replay: the app at the end and the hashes it went through.
pub struct Played<R: Ruleset> {
    pub app: BattleApp<R>,
    pub turn_hashes: Vec<TurnHash>,
}

/// Starts a battle for a scenario through the ECS path.
pub fn start<R: Ruleset>(scenario: &Scenario, seed: u64, forced: &[u8]) -> Result<BattleApp<R>, FileError> {
    let battle = R::setup(scenario).map_err(|e| FileError::plain(format!("{}: {}", e.path(), e.message)))?;
    Ok(BattleApp::new(battle, Dice::with_forced(seed, forced)))
}

/// The state hash of a running battle, labelled with its turn and active side.
pub fn turn_hash<R: Ruleset>(app: &BattleApp<R>) -> TurnHash {
    let b = app.view();
    TurnHash {
        turn: b.turn,
        side: b.active.0,
        hash: hash_hex(state_hash(b)),
    }
}

/// Plays every command; stops at the first refused one with its index.
pub fn play<R: Ruleset>(scenario: &Scenario, replay: &Replay<R::Command>) -> Result<Played<R>, (usize, String)> {
    let mut app = start::<R>(scenario, replay.seed, &replay.forced_dice).map_err(|e| (0, e.to_string()))?;
    let mut turn_hashes = vec![turn_hash(&app)];
    for (i, command) in replay.commands.iter().enumerate() {
        let events = app.submit(command.clone()).map_err(|e| (i, format!("command #{i} {command:?} refused: {e}")))?;
        if events.iter().any(R::starts_turn) {
            turn_hashes.push(turn_hash(&app));
        }
    }
    Ok(Played { app, turn_hashes })
}

/// Reads a replay file and the header that says which ruleset reads the rest.
pub fn read_header(path: &Path) -> Result<(String, ReplayHeader), FileError> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError::io(path, &e))?;
    let header = parse_header(path, &text)?;
    Ok((text, header))
}

/// The header of replay text that came from `path` (named in the error).
pub fn parse_header(path: &Path, text: &str) -> Result<ReplayHeader, FileError> {
    ron::from_str(text).map_err(|e| FileError::from_ron(&e).in_file(path))
}

/// Parses and plays a replay; the error names file, line and field.
pub fn check<R: Ruleset>(path: &Path, text: &str, header: &ReplayHeader) -> Result<(Replay<R::Command>, Played<R>), String> {
    let replay: Replay<R::Command> = ron::from_str(text).map_err(|e| FileError::from_ron(&e).in_file(path).to_string())?;
    let scenario = crate::scenario::load_named(&header.scenario).map_err(|e| FileError::plain(e).in_file(path).at_key(text, "scenario").to_string())?;
    let played = play::<R>(&scenario, &replay).map_err(|(i, message)| {
        FileError::plain(message).in_file(path).at_line(command_line(text, i), format!("commands[{i}]")).to_string()
    })?;
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
