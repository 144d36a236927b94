//! Strategos: a hex battle engine playing several tabletop rulesets.
//!
//! `hex` is pure geometry, `ai` the computer opponents, `battle` the generic model and its ECS shell, `rules` one folder per
//! ruleset, `scenario` and `replay` the files, `limits` the sizes they may have, `saves` the saves folder, `battles`
//! one's own battle files, `editor` the battle editor's model (edits, undo), `sim` the headless players and the
//! simulator, `ui` the window (with the `gui` feature).

pub mod ai;
pub mod army;
pub mod battle;
pub mod battles;
pub mod cli;
pub mod editor;
pub mod hex;
pub mod limits;
pub mod online;
pub mod replay;
pub mod rules;
pub mod saves;
pub mod scenario;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod server;
pub mod sim;
#[cfg(feature = "gui")]
pub mod ui;
