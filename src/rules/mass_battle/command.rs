//! What a mass-battle commander can ask for: one unit's order for the sequence, the seal on a
//! side's orders (design.md, "Sealed rounds": orders are given one unit at a time, so the legal
//! commands stay a list), the pursuers' choices of the movement phase and the rally attempts of the
//! morale phase.

use super::state::Order;
use crate::battle::UnitId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Gives a unit its order for the sequence, or changes it before the seal (l. 21-34).
    Give { unit: UnitId, order: Order },
    /// Gives a unit one slice of the commander-in-chief's INT bonus for the sequence: +5% when it
    /// attacks (l. 104, R-M20).
    Slice { unit: UnitId },
    /// The besieger names the section he attacks this sequence (l. 185).
    Besiege { section: usize },
    /// The besieged assign a unit to defend the declared section (l. 185).
    Assign { unit: UnitId },
    /// The besieger picks the wall hex an undefended section is breached at (l. 187).
    Breach {
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: crate::hex::Hex,
    },
    /// Seals the side's orders; a unit given none holds, or takes its only order (l. 21-23).
    Seal,
    /// Places a unit on a hex of its side's deployment zone, before the seal (H-M10).
    Place {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        hex: crate::hex::Hex,
    },
    /// Gives the battle standard to a unit at deployment (l. 38, H-M10).
    Standard { unit: UnitId },
    /// A pursuer engaged with other enemies too picks its one target (l. 90): the fleeing,
    /// retreating or withdrawing unit it may strike now, or another enemy to fight in the melee.
    Pursue { unit: UnitId, target: UnitId },
    /// Tries to rally a demoralised free unit: a morale test (l. 92, 100; R-M22).
    Rally { unit: UnitId },
    /// Ends the side's rally attempts for this morale phase.
    EndRallies,
}
