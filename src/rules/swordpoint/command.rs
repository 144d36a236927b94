//! What a Swordpoint player can ask for: the entries of a sealed sheet (shots, bid, momentum) and
//! its seal, charge and disengagement declarations, moves, faces, reforms and returns, the answers
//! to pending decisions, and the end of a side's declarations or moves.

use super::state::Response;
use crate::battle::UnitId;
use crate::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Sheet entry (sealed): a shooter's target, or `None` to hold its fire.
    Shoot { shooter: UnitId, target: Option<UnitId> },
    /// Sheet entry (sealed): the momentum bid for the initiative (H-9).
    Bid { points: u8 },
    /// Sheet entry (sealed): momentum put into a combat (SP5.2, at most 3).
    Momentum { combat: u32, points: u8 },
    /// Hand in the sheet: the side's sealed decisions are final.
    Seal,
    /// H-19: an impetuous unit charges (`true`) or takes the test.
    Impetuous { charge: bool },
    /// Declare a charge on `target`, ending in `to` (H-10).
    DeclareCharge {
        charger: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    /// Answer a declared charge (H-11).
    Respond { response: Response },
    /// Declare a disengagement from combat (SP4.12–4.15), tested at once.
    Disengage { unit: UnitId },
    /// The side has declared all it wants in this class.
    EndDeclarations,
    /// A remaining move: faces first, then the steps, ending in `to` facing `facing`.
    Move {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        facing: Direction,
    },
    /// Add or remove ranks (SP4.28–4.30): the new number of bases per rank.
    Reform { unit: UnitId, frontage: u8 },
    /// A unit back from off the table enters at `to` (H-18).
    Return {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    /// A commander rides to another unit of his side within his move (H-22).
    Attach { commander: u32, unit: UnitId },
    /// Take (`true`) or refuse a follow-up (H-14).
    FollowUp { advance: bool },
    /// Pursue (`true`) a broken unit or let it go (H-13).
    Pursue { pursue: bool },
    /// The side has made its remaining moves.
    EndMoves,
}
