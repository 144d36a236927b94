//! What a Black Powder player can ask for: orders and the moves they grant, a commander's own move,
//! shots, the answer to a charge, the end of a retire, an evade or a blunder's move, Valiant's
//! re-roll, and the end of a phase.

use super::data::Formation;
use super::state::Response;
use crate::battle::UnitId;
use crate::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// A commander orders a unit, or a chain of his brigade's units (HB-3, HB-4): the roll grants
    /// each 0 to 3 moves, or blunders.
    Order { commander: u32, units: Vec<UnitId> },
    /// One move (HB-6), ending in `to` facing `facing`.
    Move {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        facing: Direction,
    },
    /// One move that ends in contact with `target` (HB-7), in `to`.
    Charge {
        unit: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    /// One move spent changing formation, limbering or unlimbering (HB-6).
    Form { unit: UnitId, formation: Formation },
    /// One move spent turning to face another hexside (HB-6).
    Face { unit: UnitId, facing: Direction },
    /// One move spent removing a casualty (HB-16).
    Rally { unit: UnitId },
    /// The unit makes no more of its moves this phase.
    Halt { unit: UnitId },
    /// A commander's own move (HB-2), once a turn, before or between his orders.
    Ride {
        commander: u32,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    Shoot { unit: UnitId, target: UnitId },
    /// The charged unit's answer (HB-8).
    Respond { response: Response },
    /// The end a unit's constrained move takes: a retire, an evade or a blunder's move (B.4).
    Path {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    /// A Valiant unit takes its break test again, or keeps the result (BP18.23).
    Valiant { reroll: bool },
    /// Ends the initiative moves, the orders or the shooting.
    EndPhase,
}
