//! One folder per ruleset; each implements `battle::Ruleset`.

pub mod recent;
pub mod thucydide;

use crate::battle::Ruleset;

/// The rulesets this build plays, by the name scenarios use.
pub const RULESETS: &[&str] = &[thucydide::Thucydide::NAME];
