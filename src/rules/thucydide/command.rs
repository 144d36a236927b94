//! What a Thucydide player can ask for: moves, activations, attacks, the choices a combat asks of
//! either player, and the end of a phase.

use super::state::MoveMode;
use crate::battle::UnitId;
use crate::hex::Hex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Move an activated unit to a reachable hex.
    Move {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        mode: MoveMode,
    },
    /// Spend an order token to activate a unit out of its leaders' reach.
    Activate { unit: UnitId },
    /// Fire at or charge a target; optionally with an attack order (+1 die beyond the terrain limit).
    Attack { attacker: UnitId, target: UnitId, attack_order: bool },
    /// The defender's answer to an attack: a defence order (one die fewer for the attacker) or not.
    Defend { defence_order: bool },
    /// The path of a pending retreat or panic flight (may be shorter than asked when blocked).
    Retreat {
        #[serde(with = "crate::hex::coords::offsets")]
        path: Vec<Hex>,
    },
    /// Take or refuse an optional follow-up.
    FollowUp { advance: bool },
    /// Pursue: optionally one more hex, then optionally a new combat.
    Pursue {
        #[serde(with = "crate::hex::coords::opt_offset", default)]
        to: Option<Hex>,
        target: Option<UnitId>,
        attack_order: bool,
    },
    /// Riposte or not.
    Riposte { strike: bool },
    /// Where a fleeing leader takes refuge (the unit he joins).
    Refuge { unit: UnitId },
    /// The unit a barred panicking elephant charges.
    Charge { target: UnitId },
    /// Put the commander-in-chief back with this unit.
    Redeploy { unit: UnitId },
    EndPhase,
}
