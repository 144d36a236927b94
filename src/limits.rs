//! The sizes the game accepts from a file (a scenario, a replay, a save), checked before the work
//! that grows with them: a broken or hostile file gets a clear error, never a hang or a machine's
//! memory. Documented in `docs/scenarios.md` and `docs/replay.md` ("Limits").

use crate::scenario::FileError;
use serde::Deserialize;
use std::io::Read;
use std::path::Path;

/// The most bytes a scenario, replay or save may hold (a long game's save is about 100 kB).
pub const FILE_BYTES: usize = 4 << 20;
/// How deep brackets may nest in a file (a scenario nests about 8 deep).
pub const NESTING: usize = 32;
/// The most hexes a map may have along each side.
pub const MAP_SIDE: usize = 100;
/// The most units a scenario may place, both sides together.
pub const UNITS: usize = 500;
/// The most army lists a scenario may name.
pub const ARMY_LISTS: usize = 16;
/// The most profiles the army lists of one battle may hold together.
pub const PROFILES: usize = 1000;
/// The most game turns a scenario may last.
pub const TURNS: u32 = 200;
/// The most commands a replay or save may hold.
pub const COMMANDS: usize = 100_000;
/// The most forced dice faces a replay may hold.
pub const FORCED_DICE: usize = 10_000;
/// The most reseeds a replay may hold (one each time the game was loaded with fresh dice).
pub const RESEEDS: usize = 10_000;

/// Reads a text file, refusing what is not a plain file (a device, a pipe, a folder: a replay may
/// name its scenario by path), one larger than `FILE_BYTES` without reading more than that, and one
/// that is not UTF-8. The error says what is wrong, not where: the caller names the file.
pub fn read_text(path: &Path) -> Result<String, String> {
    // Asked before opening: opening a named pipe waits for a writer.
    if !std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?.is_file() {
        return Err("cannot read: not a plain file".into());
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() > FILE_BYTES {
        return Err(format!("the file is larger than the {FILE_BYTES} bytes a scenario, replay or save may hold"));
    }
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text: byte {} is not part of a character", e.utf8_error().valid_up_to()))
}

/// `read_text`, its error naming the file.
pub fn read_file(path: &Path) -> Result<String, FileError> {
    read_text(path).map_err(|e| FileError::plain(e).in_file(path))
}

/// Parses RON text within the limits on size and nesting; a text too large is refused at its
/// first line before it is read.
pub fn from_ron<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, ron::error::SpannedError> {
    if text.len() > FILE_BYTES {
        let start = ron::error::Position { line: 1, col: 1 };
        let message = format!("the text holds {} bytes, more than the {FILE_BYTES} a scenario, replay or save may hold", text.len());
        return Err(ron::error::SpannedError { code: ron::Error::Message(message), span: ron::error::Span { start, end: start } });
    }
    // `Some` may go unwritten (`strength: 2`), as players write an optional value.
    ron::Options::default().with_recursion_limit(NESTING).with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME).from_str(text)
}

/// What a RON error says to a player: the nesting limit in its own words, not ron's advice to
/// the programmer.
pub fn ron_message(code: &ron::Error) -> String {
    match code {
        ron::Error::ExceededRecursionLimit => format!("brackets nest deeper than the {NESTING} levels a file may have"),
        code => code.to_string(),
    }
}
