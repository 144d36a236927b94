//! `strategos replay FILE [--events] [--verify]`.

use crate::ai::Judge;
use crate::battle::Present;
use crate::replay::{self, ReplayHeader, check, first_divergence, read_header};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::FileError;
use std::path::Path;

pub fn run(path: &Path, events: bool, verify: bool) -> Result<(), String> {
    let (text, header) = read_header(path).map_err(|e| e.to_string())?;
    let playback = Playback { path, text: &text, header: &header, events, verify };
    with_ruleset(&header.ruleset, playback).map_err(|e| FileError::plain(e.to_string()).in_file(path).at_key(&text, "ruleset").to_string())?
}

/// Plays one replay back, printing its events and checking its hashes as asked.
struct Playback<'a> {
    path: &'a Path,
    text: &'a str,
    header: &'a ReplayHeader,
    events: bool,
    verify: bool,
}

impl ForRuleset for Playback<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<(), String> {
        let Playback { path, text, header, events, verify } = self;
        let (replay, played) = check::<R>(path, text, header)?;
        if events {
            for e in played.app.events() {
                println!("{}", serde_json::to_string(e).map_err(|e| e.to_string())?);
            }
        }
        if verify && !replay::hashes_comparable(replay.format) {
            eprintln!(
                "{}: format {} played through {} commands; its turn hashes are not compared (formats before {} hashed another layout of the state)",
                path.display(),
                replay.format,
                replay.commands.len(),
                replay::HASHED_SINCE
            );
        } else if verify {
            if let Some(diff) = first_divergence(&replay.turn_hashes, played.app.turn_hashes()) {
                return Err(FileError::plain(diff).in_file(path).at_key(text, "turn_hashes").to_string());
            }
            eprintln!("{}: verified {} turn hashes over {} commands", path.display(), played.app.turn_hashes().len(), replay.commands.len());
        }
        if verify {
            eprintln!("{}: final state hash {}", path.display(), replay::turn_hash(&played.app).hash);
        }
        Ok(())
    }
}
