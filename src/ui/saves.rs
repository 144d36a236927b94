//! Saved games: a save is a replay (scenario, seed, command log, turn hashes) in the saves folder;
//! an autosave is written at the start of every player-turn.

use super::session::Session;
use crate::battle::Ruleset;
use crate::battle::ecs::EventLog;
use crate::replay::{self, Replay, to_ron};
use crate::rules::thucydide::event::Event;
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;
use std::path::PathBuf;

/// `$STRATEGOS_SAVES`, else `~/.local/share/strategos/saves`, else `saves` here.
pub fn dir() -> PathBuf {
    if let Some(d) = std::env::var_os("STRATEGOS_SAVES") {
        return PathBuf::from(d);
    }
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(".local/share/strategos/saves"),
        None => PathBuf::from("saves"),
    }
}

/// The replay of the game so far, with its turn hashes.
pub fn replay_of(session: &Session, commands: Vec<Command>) -> Result<Replay<Command>, String> {
    let mut r = Replay {
        scenario: session.scenario.id.clone(),
        ruleset: Thucydide::NAME.into(),
        seed: session.seed,
        forced_dice: Vec::new(),
        commands,
        turn_hashes: Vec::new(),
    };
    let played = replay::play::<Thucydide>(&session.scenario, &r).map_err(|(_, e)| e)?;
    r.turn_hashes = played.turn_hashes;
    Ok(r)
}

/// Writes the game to `name` in the saves folder; returns where.
pub fn save(session: &Session, log: &EventLog<Thucydide>, name: &str) -> Result<PathBuf, String> {
    let commands = log.commands.iter().map(|(c, _)| c.clone()).collect();
    let replay = replay_of(session, commands)?;
    let dir = dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(name);
    std::fs::write(&path, to_ron(&replay)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Every save, newest name last.
pub fn list() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "ron")).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Saves `autosave.ron` whenever a player-turn has started since the last look.
pub fn autosave(session: Res<Session>, log: Res<EventLog<Thucydide>>, mut seen: Local<usize>) {
    if log.events.len() < *seen {
        *seen = 0;
    }
    let new_turn = log.events[*seen..].iter().any(|e| matches!(e, Event::TurnStarted { .. }));
    *seen = log.events.len();
    if new_turn && !log.commands.is_empty() {
        if let Err(e) = save(&session, &log, "autosave.ron") {
            warn!("autosave failed: {e}");
        }
    }
}
