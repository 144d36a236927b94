//! The saves folder on this machine: saved games and autosaves as replay files, each written
//! atomically, and the record of the game to continue (the last one left unfinished). The window
//! and the terminal game share it; the browser keeps its saves in local storage instead.

use std::path::{Path, PathBuf};

/// The file naming the autosave of the last game left unfinished.
pub const CONTINUE: &str = ".continue";

/// The file a save typed as `typed` is kept in: one plain name among the saves (not empty, no
/// folder, not hidden), `.ron` added when missing; `None` for a name that is not one.
pub fn plain_name(typed: &str) -> Option<String> {
    let name = typed.trim();
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return None;
    }
    Some(if name.ends_with(".ron") { name.to_string() } else { format!("{name}.ron") })
}

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

/// Writes a temporary file of its own (this process's, this write's), then renames it over the
/// save: a crash mid-write, or another instance or thread saving at once, never leaves a
/// half-written save, and a failed write leaves the old save as it was. Says where it went; the
/// error names the file and the folder.
pub fn write(name: &str, text: &str) -> Result<String, String> {
    write_in(&dir(), name, text)
}

/// `write`, in the folder `dir`.
pub fn write_in(dir: &Path, name: &str, text: &str) -> Result<String, String> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let path = dir.join(name);
    let cannot = |e: std::io::Error| format!("{}: cannot be saved in {}: {e}", path.display(), dir.display());
    std::fs::create_dir_all(dir).map_err(cannot)?;
    let write = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = dir.join(format!(".{name}.{}-{write}.tmp", std::process::id()));
    std::fs::write(&temporary, text).and_then(|_| std::fs::rename(&temporary, &path)).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        cannot(e)
    })?;
    Ok(path.display().to_string())
}

/// The text of the save `name`; the error names the file.
pub fn read(name: &str) -> Result<String, String> {
    let path = dir().join(name);
    crate::limits::read_file(&path).map_err(|e| e.to_string())
}

/// Deletes the save `name` (and forgets it as the game to continue); the error names the file.
pub fn remove(name: &str) -> Result<(), String> {
    remove_in(&dir(), name)
}

/// `remove`, in the folder `dir`.
pub fn remove_in(dir: &Path, name: &str) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::remove_file(&path).map_err(|e| format!("{}: cannot be deleted: {e}", path.display()))?;
    finished_in(dir, name);
    Ok(())
}

/// The saves' names (replay files, not the continue record nor temporary files).
pub fn names() -> Vec<String> {
    std::fs::read_dir(dir())
        .map(|d| d.filter_map(|e| e.ok()).filter_map(|e| e.file_name().into_string().ok()).filter(|n| n.ends_with(".ron") && !n.starts_with('.')).collect())
        .unwrap_or_default()
}

/// When the save `name` was last written.
pub fn modified(name: &str) -> Option<std::time::SystemTime> {
    std::fs::metadata(dir().join(name)).and_then(|m| m.modified()).ok()
}

/// Whether a game of `scenario_id` played here can be the game to continue: its scenario reopens
/// by its id alone (a bundled one, or one of one's own battles, not a file from elsewhere). Asked
/// once a game, since it reads the battles folder.
pub fn reopens(scenario_id: &str) -> bool {
    crate::battles::reopens(&crate::battles::Folder(crate::battles::dir()), scenario_id)
}

/// Records `name` as the game to continue.
pub fn set_unfinished(name: &str) -> Result<(), String> {
    write(CONTINUE, name).map(|_| ())
}

/// The autosave of the last game left unfinished, if it is still there.
pub fn unfinished() -> Option<String> {
    read(CONTINUE).ok().map(|n| n.trim().to_string()).filter(|n| dir().join(n).is_file())
}

/// Forgets the game to continue if it is `name` (that game is over).
pub fn finished(name: &str) {
    finished_in(&dir(), name);
}

/// `finished`, in the folder `dir`.
fn finished_in(dir: &Path, name: &str) {
    let record = dir.join(CONTINUE);
    if crate::limits::read_text(&record).is_ok_and(|n| n.trim() == name) {
        let _ = std::fs::remove_file(record);
    }
}
