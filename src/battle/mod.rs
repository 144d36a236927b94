//! The generic battle model every ruleset shares: ids, sides, units, dice, the ruleset contract,
//! state hashes and the ECS shell that drives the pure rules.

pub mod agenda;
pub mod dice;
pub mod ecs;
pub mod factor;
pub mod handoff;
pub mod hash;
pub mod ids;
pub mod look;
pub mod model;
pub mod present;
pub mod refusal;
pub mod ruleset;
pub mod sight;
pub mod undo;

pub use dice::{Dice, Reseed};
pub use ecs::AppState;
pub use factor::Factor;
pub use ids::{Side, UnitId};
pub use model::{Battle, Outcome, SideInfo, Unit};
pub use present::Present;
pub use ruleset::{RuleError, Ruleset};
