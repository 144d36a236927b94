//! `strategos validate FILE...`: scenarios, army lists and replays (saves and autosaves are
//! replays), each error naming file, line and field.

use crate::ai::Judge;
use crate::battle::Present;
use crate::replay::{ReplayHeader, parse_header, verified};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::{self, FileError, Scenario};
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

/// A file is a replay when it names the `Replay` struct or lists `commands:` (the game writes its
/// replays without the struct's name).
fn is_replay(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("//"));
    lines.clone().next().is_some_and(|l| l.starts_with("Replay")) || lines.any(|l| l.starts_with("commands:"))
}

/// A file is an army list when it names the `ArmyList` struct, as every one does.
fn is_army_list(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with("//")).is_some_and(|l| l.starts_with("ArmyList"))
}

pub fn validate(path: &Path) -> Result<&'static str, String> {
    let text = crate::limits::read_file(path).map_err(|e| e.to_string())?;
    let (ruleset, check) = if is_replay(&text) {
        let header = parse_header(path, &text).map_err(|e| e.to_string())?;
        (header.ruleset.clone(), Check::Replay(header))
    } else if is_army_list(&text) {
        let list = crate::army::parse(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
        (list.ruleset.clone(), Check::ArmyList(std::sync::Arc::new(list)))
    } else {
        let s = scenario::parse_at(&text, path).map_err(|e| e.to_string())?;
        (s.ruleset.clone(), Check::Scenario(s))
    };
    let checked = Checked { path, text: &text, check };
    with_ruleset(&ruleset, checked).map_err(|e| FileError::plain(e.to_string()).in_file(path).at_key(&text, "ruleset").to_string())?
}

enum Check {
    Replay(ReplayHeader),
    ArmyList(std::sync::Arc<crate::army::ArmyList>),
    Scenario(Scenario),
}

/// One file checked by the ruleset it names: a replay played through, a scenario set up.
struct Checked<'a> {
    path: &'a Path,
    text: &'a str,
    check: Check,
}

impl ForRuleset for Checked<'_> {
    type Output = Result<&'static str, String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Result<&'static str, String> {
        match self.check {
            Check::Replay(header) => verified::<R>(self.path, self.text, &header).map(|_| "replay"),
            Check::ArmyList(list) => R::check_army_list(&list).map(|_| "army list").map_err(|e| FileError::from_setup(self.text, &e).to_string()),
            Check::Scenario(s) => R::setup(&s).map(|_| "scenario").map_err(|e| FileError::from_setup(self.text, &e).in_file(self.path).to_string()),
        }
    }
}
