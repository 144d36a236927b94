//! One folder per ruleset; each implements `battle::Ruleset`, and `registry` lists them.

pub mod black_powder;
pub mod mass_battle;
pub mod recent;
pub mod registry;
pub mod swidenth;
pub mod swordpoint;
pub mod tables;
pub mod thucydide;
