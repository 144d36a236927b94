//! Saved games: a save is a replay (scenario, seed, command log, turn hashes) kept by name: a file
//! in the saves folder natively, an entry of the browser's local storage on the web. An autosave
//! is written at the start of every player-turn.

use super::session::Session;
use crate::battle::ecs::EventLog;
use crate::replay::{self, Replay, to_ron};
use crate::rules::thucydide::event::Event;
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;

#[cfg(not(target_arch = "wasm32"))]
mod store {
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

    pub fn place() -> String {
        dir().display().to_string()
    }

    pub fn write(name: &str, text: &str) -> Result<String, String> {
        let dir = dir();
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path.display().to_string())
    }

    pub fn read(name: &str) -> Result<String, String> {
        let path = dir().join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn names() -> Vec<String> {
        std::fs::read_dir(dir())
            .map(|d| d.filter_map(|e| e.ok()).filter_map(|e| e.file_name().into_string().ok()).filter(|n| n.ends_with(".ron")).collect())
            .unwrap_or_default()
    }
}

#[cfg(target_arch = "wasm32")]
mod store {
    use crate::ui::web;

    /// Keys of the browser's local storage that hold saves start with this.
    const PREFIX: &str = "strategos/saves/";

    pub fn place() -> String {
        "this browser's storage".to_string()
    }

    pub fn write(name: &str, text: &str) -> Result<String, String> {
        if !web::storage_set(&format!("{PREFIX}{name}"), text) {
            return Err(format!("{name}: the browser's storage is full or refused it"));
        }
        Ok(format!("{name} in {}", place()))
    }

    pub fn read(name: &str) -> Result<String, String> {
        web::storage_get(&format!("{PREFIX}{name}")).ok_or_else(|| format!("{name}: not in {}", place()))
    }

    pub fn names() -> Vec<String> {
        web::storage_keys().lines().filter_map(|k| k.strip_prefix(PREFIX).map(str::to_string)).collect()
    }
}

/// Where saves are kept, in words.
pub use store::place;
/// The text of the save `name`; the error names it.
pub use store::read;

/// Every save's name, in order.
pub fn list() -> Vec<String> {
    let mut names = store::names();
    names.sort();
    names
}

/// The replay of the game so far, with its turn hashes.
pub fn replay_of(session: &Session, commands: Vec<Command>) -> Result<Replay<Command>, String> {
    let mut r = Replay::new(&session.scenario, session.seed, commands, Vec::new());
    let played = replay::play::<Thucydide>(&session.scenario, &r).map_err(|e| e.to_string())?;
    r.turn_hashes = played.turn_hashes;
    Ok(r)
}

/// The game so far as replay text.
pub fn replay_text(session: &Session, log: &EventLog<Thucydide>) -> Result<String, String> {
    let commands = log.commands.iter().map(|(c, _)| c.clone()).collect();
    Ok(to_ron(&replay_of(session, commands)?))
}

/// Keeps the game as `name`; says where.
pub fn save(session: &Session, log: &EventLog<Thucydide>, name: &str) -> Result<String, String> {
    store::write(name, &replay_text(session, log)?)
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
