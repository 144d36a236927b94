//! The window's and the page's shelf of one's own battles (`crate::battles`): natively the battles
//! folder, in a browser the page's storage, which its file picker fills; the menu lists them beside
//! the bundled battles, and a battle or saved game is opened by the id it names.

use crate::battles::{Kind, Listed, Shelf};
use crate::scenario::Scenario;

#[cfg(not(target_arch = "wasm32"))]
fn shelf() -> impl Shelf {
    crate::battles::Folder(crate::battles::dir())
}

/// The page's storage, its keys under `strategos/battles/`.
#[cfg(target_arch = "wasm32")]
struct Storage;

#[cfg(target_arch = "wasm32")]
const PREFIX: &str = "strategos/battles/";

#[cfg(target_arch = "wasm32")]
impl Shelf for Storage {
    fn place(&self) -> String {
        "this browser's storage".to_string()
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = super::web::storage_keys().lines().filter_map(|k| k.strip_prefix(PREFIX)).map(str::to_string).collect();
        names.sort();
        names
    }

    fn read(&self, name: &str) -> Result<String, String> {
        // Its size is checked as it is parsed (`limits::from_ron`).
        super::web::storage_get(&format!("{PREFIX}{name}")).ok_or_else(|| format!("{name}: not in {}", self.place()))
    }
}

#[cfg(target_arch = "wasm32")]
fn shelf() -> impl Shelf {
    Storage
}

/// Where one's own battles are kept, in words.
pub fn place() -> String {
    shelf().place()
}

/// Every file of the shelf, as the menu lists it.
pub fn list() -> Vec<Listed> {
    crate::battles::list(&shelf())
}

/// A battle by bundled id, by path, or by one's own battle's file name or id.
#[cfg(not(target_arch = "wasm32"))]
pub fn load_named(name: &str) -> Result<Scenario, String> {
    crate::scenario::load_named(name)
}

/// A battle by bundled id, or by one's own battle's file name or id.
#[cfg(target_arch = "wasm32")]
pub fn load_named(name: &str) -> Result<Scenario, String> {
    match crate::scenario::find_bundled(name) {
        Some(s) => Ok(s),
        None => crate::battles::find(&shelf(), name).unwrap_or_else(|| Err(crate::scenario::unknown(name, &place()))),
    }
}

/// One's own battle `id` as an online game sends it to the server.
pub fn upload(id: &str) -> Result<crate::online::protocol::Upload, String> {
    crate::battles::upload(&shelf(), id)
}

/// Keeps an online game's uploaded battle `id` on the shelf, with the army lists sent with it,
/// so that the game's replay opens here; what was kept, in words, if anything was.
pub fn keep(upload: &crate::online::protocol::Upload, id: &str) -> Result<Option<String>, String> {
    let files = crate::battles::to_keep(&shelf(), upload, id)?;
    for (name, text) in &files {
        write(name, text)?;
    }
    Ok(files.last().map(|(name, _)| format!("the battle '{id}' is kept as {name} in {}, so its replay opens here", place())))
}

/// Writes a file of one's battles.
#[cfg(not(target_arch = "wasm32"))]
pub fn write(name: &str, text: &str) -> Result<(), String> {
    let dir = crate::battles::dir();
    std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(dir.join(name), text)).map_err(|e| format!("{}: {e}", dir.join(name).display()))
}

#[cfg(target_arch = "wasm32")]
pub fn write(name: &str, text: &str) -> Result<(), String> {
    if super::web::storage_set(&format!("{PREFIX}{name}"), text) { Ok(()) } else { Err(format!("{name}: the browser's storage is full or refused it")) }
}

/// Whether a game of `scenario_id` can be reopened by that id alone: the menu's "Continue".
pub fn reopens(scenario_id: &str) -> bool {
    crate::battles::reopens(&shelf(), scenario_id)
}

/// The shelf as the menu lists it, on one line of the log (which the web test reads).
pub fn log_listing(listed: &[Listed]) {
    let said: Vec<String> = listed
        .iter()
        .map(|l| match &l.kind {
            Kind::Battle(Ok(s)) => format!("{}: battle '{}' ({})", l.file, s.id, s.ruleset),
            Kind::ArmyList(Ok(name)) => format!("{}: army list '{name}'", l.file),
            Kind::Battle(Err(e)) | Kind::ArmyList(Err(e)) => format!("{}: refused: {e}", l.file),
        })
        .collect();
    bevy::log::info!("strategos: your battles in {}: {}", place(), said.join(" | "));
}
