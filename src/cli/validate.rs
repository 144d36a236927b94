//! `strategos validate FILE...`: scenarios and replays, each error naming file, line and field.

use super::replay::{check, read_header};
use crate::battle::Ruleset;
use crate::rules::thucydide::Thucydide;
use crate::scenario::{self, FileError};
use std::path::{Path, PathBuf};

pub fn run(files: &[PathBuf]) -> Result<(), String> {
    if files.is_empty() {
        return Err("give at least one scenario or replay file".into());
    }
    let mut failures = 0;
    for path in files {
        match validate(path) {
            Ok(what) => println!("{}: ok ({what})", path.display()),
            Err(e) => {
                eprintln!("{e}");
                failures += 1;
            }
        }
    }
    if failures > 0 { Err(format!("{failures} of {} files are invalid", files.len())) } else { Ok(()) }
}

/// A file is a replay when it starts with `Replay(` (after comments), else a scenario.
pub fn validate(path: &Path) -> Result<&'static str, String> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError::io(path, &e).to_string())?;
    let is_replay = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .is_some_and(|l| l.starts_with("Replay"));
    if is_replay {
        let (text, header) = read_header(path).map_err(|e| e.to_string())?;
        match header.ruleset.as_str() {
            Thucydide::NAME => check::<Thucydide>(path, &text, &header).map(|_| "replay"),
            other => Err(FileError::plain(format!("unknown ruleset '{other}'")).in_file(path).to_string()),
        }
    } else {
        let (s, text) = scenario::load(path).map_err(|e| e.to_string())?;
        match s.ruleset.as_str() {
            Thucydide::NAME => Thucydide::setup(&s)
                .map(|_| "scenario")
                .map_err(|e| FileError::from_setup(&text, &e).in_file(path).to_string()),
            other => Err(FileError::plain(format!("unknown ruleset '{other}'; known: {}", crate::rules::RULESETS.join(", ")))
                .in_file(path)
                .at_line(text.lines().position(|l| l.contains("ruleset")).map(|l| l + 1), "ruleset")
                .to_string()),
        }
    }
}
