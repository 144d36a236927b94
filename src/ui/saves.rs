//! Saved games: a save is a replay (scenario, seed, command log, turn hashes) kept by name: a file
//! in the saves folder natively, an entry of the browser's local storage on the web. Each game has
//! its own autosave, written after every command; the last game left unfinished is offered to
//! continue.

use super::panels::{Failed, Notice};
use super::session::Session;
use crate::battle::{Battle, Ruleset};
use crate::battle::ecs::{BattleView, EventLog};
use crate::replay::{Replay, Table, to_ron};
use bevy::prelude::*;

#[cfg(not(target_arch = "wasm32"))]
mod store {
    pub use crate::saves::{finished, modified, names, read, remove, set_unfinished, unfinished, write};

    pub fn place() -> String {
        crate::saves::dir().display().to_string()
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

    pub fn remove(name: &str) -> Result<(), String> {
        finished(name);
        if web::storage_remove(&format!("{PREFIX}{name}")) { Ok(()) } else { Err(format!("{name}: the browser's storage refused to delete it")) }
    }

    pub fn names() -> Vec<String> {
        web::storage_keys().lines().filter_map(|k| k.strip_prefix(PREFIX)).filter(|n| !n.starts_with('.')).map(str::to_string).collect()
    }

    /// The browser's storage keeps no dates.
    pub fn modified(_name: &str) -> Option<std::time::SystemTime> {
        None
    }

    /// The key naming the autosave of the last game left unfinished.
    const CONTINUE: &str = "strategos/continue";

    pub fn set_unfinished(name: &str) -> Result<(), String> {
        if web::storage_set(CONTINUE, name) { Ok(()) } else { Err(format!("{CONTINUE}: the browser's storage refused it")) }
    }

    pub fn unfinished() -> Option<String> {
        web::storage_get(CONTINUE).filter(|n| !n.is_empty() && read(n).is_ok())
    }

    pub fn finished(name: &str) {
        if unfinished().as_deref() == Some(name) {
            web::storage_remove(CONTINUE);
        }
    }
}

/// Where saves are kept, in words.
pub use store::place;
/// Writes a save, or another record kept beside them (a name starting with a dot is not listed).
pub use store::write;
/// The text of the save `name`; the error names it.
pub use store::read;
/// The autosave of the last game left unfinished, if any: the menu's "Continue".
pub use store::unfinished;
/// Deletes a save (the menu's "Delete"), and forgets it as the game to continue.
pub use store::remove;

/// Whether a save of this name is kept (read from the folder's or the storage's names alone).
pub fn exists(name: &str) -> bool {
    store::names().iter().any(|n| n == name)
}

/// A save as the menu lists it: its name and what it holds.
#[derive(Clone, Debug)]
pub struct Listed {
    pub name: String,
    /// The scenario, the turn reached, how it was played, and how long ago it was written.
    pub about: String,
    written: Option<std::time::SystemTime>,
}

/// Every save, the newest first (by name where the storage keeps no dates).
pub fn list() -> Vec<Listed> {
    let mut listed: Vec<Listed> = store::names().into_iter().map(|name| describe(&name)).collect();
    listed.sort_by(|a, b| b.written.cmp(&a.written).then_with(|| a.name.cmp(&b.name)));
    listed
}

fn describe(name: &str) -> Listed {
    let written = store::modified(name);
    let Some(summary) = store::read(name).ok().and_then(|text| crate::replay::Summary::of(&text)) else {
        return Listed { name: name.into(), about: "not a game this build reads".into(), written };
    };
    let scenario = super::battles::load_named(&summary.scenario).ok();
    let title = scenario.as_ref().map_or(summary.scenario.clone(), |s| s.name.clone());
    let side_name = |i: u8| scenario.as_ref().and_then(|s| s.sides.get(usize::from(i))).map_or(format!("side {i}"), |s| s.name.clone());
    let mode = match &summary.table {
        None => String::new(),
        Some(t) => match t.computer {
            None => " · hotseat".into(),
            Some(c) => format!(" · {} against the computer", side_name(1 - c.min(1))),
        },
    };
    let ago = written.and_then(|w| w.elapsed().ok()).map_or(String::new(), |d| format!(" · {}", ago(d.as_secs())));
    let reached = match &summary.outcome {
        Some(o) => match o.winner {
            Some(w) => format!("finished, {} won, turn {}", side_name(w.0), summary.turn()),
            None => format!("finished in a draw, turn {}", summary.turn()),
        },
        None => format!("turn {}", summary.turn()),
    };
    Listed { name: name.into(), about: format!("{title} · {reached}{mode}{ago}"), written }
}

/// The saves as the menu lists them, on one line of the log (which the web test reads).
pub fn log_listing(unfinished: Option<&str>, saves: &[Listed]) {
    let listed: Vec<String> = saves.iter().map(|l| format!("{}: {}", l.name, l.about)).collect();
    info!("strategos: to continue: {}; saved games: {}", unfinished.unwrap_or("none"), listed.join(" | "));
}

/// How long ago, in a player's words.
fn ago(secs: u64) -> String {
    match secs {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86_400 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86_400),
    }
}

/// How the session plays, as its saves record it.
pub fn table(session: &Session) -> Table {
    Table { computer: session.mode.computer(), level: session.level.name(), taken_over_at: session.taken_over_at }
}

/// The replay of the game so far, with the turn hashes the log collected as it went, how it was
/// being played and, once the battle `now` is over, how it ended.
pub fn replay_of<R: Ruleset>(session: &Session, log: &EventLog<R>, now: &Battle<R>) -> Replay<R::Command> {
    Replay::new(&session.scenario, session.seed, log.command_list(), log.turn_hashes.clone())
        .reseeded(session.reseeds.clone())
        .at_table(table(session))
        .ended(R::outcome(now))
}

/// The game so far as replay text.
pub fn replay_text<R: Ruleset>(session: &Session, log: &EventLog<R>, now: &Battle<R>) -> String {
    to_ron(&replay_of(session, log, now))
}

/// Keeps the game as `name`; says where.
pub fn save<R: Ruleset>(session: &Session, log: &EventLog<R>, now: &Battle<R>, name: &str) -> Result<String, String> {
    store::write(name, &replay_text(session, log, now))
}

/// The autosave of the session's game.
pub fn autosave_name(session: &Session) -> String {
    table(session).autosave_name(&session.scenario.id, session.seed)
}

/// Saves the game after every frame that resolved a command: closing the window or a crash loses
/// nothing. Cheap, since the log already holds the turn hashes. While the battle goes on, its
/// autosave is the game the menu offers to continue. A save that fails (a folder that cannot be
/// written, a full disk or browser storage) is said under the top bar, and the game goes on.
pub fn autosave<R: Ruleset>(
    session: Res<Session>,
    log: Res<EventLog<R>>,
    view: Res<BattleView<R>>,
    mut notice: ResMut<Notice>,
    mut reopens: Local<Option<(String, bool)>>,
) {
    // An online game is kept by its server; its replay is saved when it ends (`super::online`).
    if !log.is_changed() || session.mode.is_online() {
        return;
    }
    let name = autosave_name(&session);
    if log.commands.is_empty() {
        // Nothing played yet, or the first command undone: nothing to continue.
        store::finished(&name);
        return;
    }
    let saved = save(&session, &log, &view.0, &name).and_then(|_| {
        // Whether the battle reopens by id reads the shelf of one's own battles: once a battle.
        let id = &session.scenario.id;
        if reopens.as_ref().is_none_or(|(known, _)| known != id) {
            *reopens = Some((id.clone(), super::battles::reopens(id)));
        }
        if R::outcome(&view.0).is_none() && reopens.as_ref().is_some_and(|(_, r)| *r) {
            store::set_unfinished(&name)
        } else {
            store::finished(&name);
            Ok(())
        }
    });
    match saved {
        Err(e) => {
            warn!("autosave failed: {e}");
            let text = format!("Autosave failed: {e}. The game goes on; use Save once saves can be written again (old saves can be deleted from the menu).");
            *notice = Notice { text, failed: Some(Failed::Autosave) };
        }
        Ok(()) if notice.failed == Some(Failed::Autosave) => *notice = Notice::default(),
        Ok(()) => {}
    }
}
