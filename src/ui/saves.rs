//! Saved games: a save is a replay (scenario, seed, command log, turn hashes) kept by name: a file
//! in the saves folder natively, an entry of the browser's local storage on the web. Each game has
//! its own autosave, written after every command.

use super::session::Session;
use crate::battle::Ruleset;
use crate::battle::ecs::EventLog;
use crate::replay::{Replay, to_ron};
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

    /// Writes a temporary file of this process, then renames it over the save: a crash mid-write
    /// or a second instance saving at once never leaves a half-written save.
    pub fn write(name: &str, text: &str) -> Result<String, String> {
        let dir = dir();
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(name);
        let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        std::fs::write(&temporary, text).map_err(|e| format!("{}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, &path).map_err(|e| format!("{}: {e}", path.display()))?;
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

/// The replay of the game so far, with the turn hashes the log collected as it went.
pub fn replay_of<R: Ruleset>(session: &Session, log: &EventLog<R>) -> Replay<R::Command> {
    Replay::new(&session.scenario, session.seed, log.command_list(), log.turn_hashes.clone())
}

/// The game so far as replay text.
pub fn replay_text<R: Ruleset>(session: &Session, log: &EventLog<R>) -> String {
    to_ron(&replay_of(session, log))
}

/// Keeps the game as `name`; says where.
pub fn save<R: Ruleset>(session: &Session, log: &EventLog<R>, name: &str) -> Result<String, String> {
    store::write(name, &replay_text(session, log))
}

/// The autosave of a game: one per scenario and seed, and one per point a replay was taken over
/// at, so a new game never overwrites another's.
pub fn autosave_name(session: &Session) -> String {
    match session.taken_over_at {
        None => format!("autosave-{}-{}.ron", session.scenario.id, session.seed),
        Some(at) => format!("autosave-{}-{}-from-{at}.ron", session.scenario.id, session.seed),
    }
}

/// Saves the game after every frame that resolved a command: closing the window or a crash loses
/// nothing. Cheap, since the log already holds the turn hashes.
pub fn autosave<R: Ruleset>(session: Res<Session>, log: Res<EventLog<R>>) {
    if log.is_changed() && !log.commands.is_empty() {
        if let Err(e) = save(&session, &log, &autosave_name(&session)) {
            warn!("autosave failed: {e}");
        }
    }
}
