//! Scenarios: the RON format shared by every ruleset, loading, and errors that name file, line and
//! field.

mod bundled;
mod error;
mod format;
mod write;

pub use bundled::{BUNDLED, DEFAULT, all as all_bundled, find as find_bundled};
pub use error::{FileError, Item, ListFile, SetupError, key_line, locate_item};
pub use format::{HexsideSpec, MapSpec, Placed, Scenario, Setup, SideSpec, check_placements};
pub use write::{line as one_line, to_ron};

use std::path::Path;

/// Reads and parses a scenario file; checks the parts every ruleset shares, and reads the army
/// lists it names by path.
pub fn load(path: &Path) -> Result<(Scenario, String), FileError> {
    let text = crate::limits::read_file(path)?;
    let scenario = parse_at(&text, path)?;
    Ok((scenario, text))
}

/// Parses the text of the scenario file at `path`, reading the army lists it names beside it.
pub fn parse_at(text: &str, path: &Path) -> Result<Scenario, FileError> {
    let mut scenario = parse(text).map_err(|e| e.in_file(path))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    crate::army::read_beside(&mut scenario, dir).map_err(|e| e.in_file(path))?;
    Ok(scenario)
}

/// A scenario named by bundled id, by file path, or by the file name or id of one of one's own
/// battles in the battles folder (`battles`).
pub fn load_named(name: &str) -> Result<Scenario, String> {
    if let Some(s) = find_bundled(name) {
        return Ok(s);
    }
    let path = Path::new(name);
    if path.exists() {
        return load(path).map(|(s, _)| s).map_err(|e| e.to_string());
    }
    let shelf = crate::battles::Folder(crate::battles::dir());
    crate::battles::find(&shelf, name).unwrap_or_else(|| Err(unknown(name, &crate::battles::Shelf::place(&shelf))))
}

/// What a name that is no scenario gets: where it was looked for.
pub fn unknown(name: &str, own: &str) -> String {
    let known: Vec<String> = all_bundled().map(|s| s.id).collect();
    format!("no scenario '{name}': not a file, nor one of your battles in {own}, and the bundled ones are {}", known.join(", "))
}

/// Parses scenario text and checks its header; the ruleset's part is read when the ruleset sets
/// the battle up (the file name is added by the caller).
pub fn parse(text: &str) -> Result<Scenario, FileError> {
    let scenario = format::parse_header(text).map_err(|e| FileError::from_ron(&e))?;
    scenario.check_shared().map_err(|e| FileError::from_setup(text, &e))?;
    Ok(scenario)
}

/// For `skip_serializing_if` on what a file or a state's hash leaves out while it is its default
/// (a unit's starting casualties or stun tokens, a house-rule switch), so the written text and the
/// hashes stay as they were without it.
pub fn is_default<N: Default + PartialEq>(n: &N) -> bool {
    *n == N::default()
}
