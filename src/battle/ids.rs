//! Stable identities used in every command, event and log: units and sides (never ECS entities).

use bevy::prelude::Component;
use serde::{Deserialize, Serialize};

/// A unit's identity for the whole battle, as the scenario numbers it; units born in play
/// (a panicking elephant, say) take the next free number.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u32);

/// One of the two armies: 0 is the first side of the scenario, 1 the second.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Side(pub u8);

impl Side {
    pub const BOTH: [Side; 2] = [Side(0), Side(1)];

    pub fn other(self) -> Side {
        Side(1 - self.0)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}
