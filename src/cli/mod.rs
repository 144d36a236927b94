//! The headless subcommands behind `strategos`.

pub mod play;
pub mod replay;
pub mod simulate;
pub mod validate;

use crate::scenario::{self, Scenario};
use std::path::Path;

/// The computer's level named on the command line.
pub fn level(name: &str) -> Result<crate::ai::Level, String> {
    match name {
        "easy" | "ai-easy" => Ok(crate::ai::Level::Easy),
        "normal" | "ai-normal" => Ok(crate::ai::Level::Normal),
        other => Err(format!("unknown level '{other}': easy or normal")),
    }
}

/// A scenario named by bundled id or by file path.
pub fn load_scenario(name: &str) -> Result<Scenario, String> {
    if let Some(s) = scenario::find_bundled(name) {
        return Ok(s);
    }
    let path = Path::new(name);
    if path.exists() {
        return scenario::load(path).map(|(s, _)| s).map_err(|e| e.to_string());
    }
    let known: Vec<String> = scenario::BUNDLED.iter().filter_map(|(_, t)| scenario::parse(t).ok()).map(|s| s.id).collect();
    Err(format!("no scenario '{name}': not a file, and the bundled ones are {}", known.join(", ")))
}
