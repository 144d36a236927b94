//! What a Swidenth player can ask for: the leader whose phase comes next, a figure's first action
//! (move, concentrate, reload, nothing) and second (run, shoot, fight, cast, a special action,
//! nothing), the end of a phase, and the answers to a push back and a split into subgroups.

use crate::battle::UnitId;
use crate::hex::Hex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Opens this leader's phase (l. 38, 48).
    ChooseLeader { leader: UnitId },
    /// First action: a move of up to its Mouvement (l. 66).
    Move {
        figure: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    /// First action: concentrate on the second (l. 67, 122, 168).
    Concentrate { figure: UnitId },
    /// First action: reload its weapon (l. 68, H-S10).
    Reload { figure: UnitId },
    /// First action: nothing (l. 69).
    Wait { figure: UnitId },
    /// Second action after a move: half its Mouvement more (l. 73).
    Run {
        figure: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    Shoot { figure: UnitId, target: UnitId },
    /// A combat phase against an enemy it is engaged with (l. 75, 87).
    Fight { figure: UnitId, target: UnitId },
    /// A spell of its own (l. 77, H-S3); `restore` picks Soin's Vitalité over its stun tokens.
    Cast { figure: UnitId, spell: String, target: UnitId, restore: bool },
    /// Special actions (l. 78): camouflage itself (H-S9), pick up what it dropped (l. 120),
    /// unlock a door or pull a lever next to it (H-S15).
    Camouflage { figure: UnitId },
    PickUp { figure: UnitId },
    Unlock { figure: UnitId, door: u8 },
    Pull { figure: UnitId, lever: u8 },
    /// Second action: nothing; the figure's activation ends.
    Rest { figure: UnitId },
    /// Ends the leader phase or the rest phase.
    EndPhase,
    /// The winner's answer to a push back: the hex the loser steps to, or `None` to leave it.
    Push {
        #[serde(with = "crate::hex::coords::opt_offset")]
        to: Option<Hex>,
    },
    /// The outnumbering side's subgroups: each of its figures with the enemy it fights (l. 128).
    Split { pairs: Vec<(UnitId, UnitId)> },
}

impl Command {
    /// The figure that acts, for the commands of one figure.
    pub fn figure(&self) -> Option<UnitId> {
        match self {
            Command::ChooseLeader { leader } => Some(*leader),
            Command::Move { figure, .. }
            | Command::Concentrate { figure }
            | Command::Reload { figure }
            | Command::Wait { figure }
            | Command::Run { figure, .. }
            | Command::Shoot { figure, .. }
            | Command::Fight { figure, .. }
            | Command::Cast { figure, .. }
            | Command::Camouflage { figure }
            | Command::PickUp { figure }
            | Command::Unlock { figure, .. }
            | Command::Pull { figure, .. }
            | Command::Rest { figure } => Some(*figure),
            Command::EndPhase | Command::Push { .. } | Command::Split { .. } => None,
        }
    }

    /// Whether it is a figure's first action.
    pub fn is_first(&self) -> bool {
        matches!(self, Command::Move { .. } | Command::Concentrate { .. } | Command::Reload { .. } | Command::Wait { .. })
    }
}
