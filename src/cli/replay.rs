//! `strategos replay FILE [--events] [--verify]`.

use crate::battle::Ruleset;
use crate::replay::{self, Replay, ReplayHeader, command_line, first_divergence};
use crate::rules::thucydide::Thucydide;
use crate::scenario::FileError;
use std::path::Path;

pub fn run(path: &Path, events: bool, verify: bool) -> Result<(), String> {
    let (text, header) = read_header(path).map_err(|e| e.to_string())?;
    match header.ruleset.as_str() {
        Thucydide::NAME => run_with::<Thucydide>(path, &text, &header, events, verify),
        other => Err(FileError::plain(format!("unknown ruleset '{other}'; known: {}", crate::rules::RULESETS.join(", ")))
            .in_file(path)
            .at_line(text.lines().position(|l| l.contains("ruleset")).map(|l| l + 1), "ruleset")
            .to_string()),
    }
}

pub fn read_header(path: &Path) -> Result<(String, ReplayHeader), FileError> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError::io(path, &e))?;
    let header = parse_header(path, &text)?;
    Ok((text, header))
}

/// The header of replay text that came from `path` (named in the error).
pub fn parse_header(path: &Path, text: &str) -> Result<ReplayHeader, FileError> {
    ron::from_str(text).map_err(|e| FileError::from_ron(&e).in_file(path))
}

/// Parses, plays and optionally verifies a replay; the error names file, line and field.
pub fn check<R: Ruleset>(path: &Path, text: &str, header: &ReplayHeader) -> Result<(Replay<R::Command>, replay::Played<R>), String> {
    let replay: Replay<R::Command> = ron::from_str(text).map_err(|e| FileError::from_ron(&e).in_file(path).to_string())?;
    let scenario = super::load_scenario(&header.scenario).map_err(|e| {
        FileError::plain(e)
            .in_file(path)
            .at_line(text.lines().position(|l| l.contains("scenario")).map(|l| l + 1), "scenario")
            .to_string()
    })?;
    let played = replay::play::<R>(&scenario, &replay).map_err(|(i, message)| {
        FileError::plain(message).in_file(path).at_line(command_line(text, i), format!("commands[{i}]")).to_string()
    })?;
    Ok((replay, played))
}

fn run_with<R: Ruleset>(path: &Path, text: &str, header: &ReplayHeader, events: bool, verify: bool) -> Result<(), String> {
    let (replay, played) = check::<R>(path, text, header)?;
    if events {
        for e in played.app.events() {
            println!("{}", serde_json::to_string(e).map_err(|e| e.to_string())?);
        }
    }
    if verify {
        if let Some(diff) = first_divergence(&replay.turn_hashes, &played.turn_hashes) {
            let line = text.lines().position(|l| l.trim_start().starts_with("turn_hashes")).map(|l| l + 1);
            return Err(FileError::plain(diff).in_file(path).at_line(line, "turn_hashes").to_string());
        }
        eprintln!("{}: verified {} turn hashes over {} commands", path.display(), played.turn_hashes.len(), replay.commands.len());
        eprintln!("{}: final state hash {}", path.display(), replay::turn_hash(&played.app).hash);
    }
    Ok(())
}
