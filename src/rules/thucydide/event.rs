//! What happens in a Thucydide battle, with the dice faces and the rule behind every outcome, so a
//! log can explain each result. Serialized one JSON object per event (see docs/replay.md).

use super::die::Face;
use super::state::{CombatKind, MoveMode, Phase, Role, Step};
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::Hex;
use serde::Serialize;

/// One step of the dice count (step 3 to 5), with the rule that made it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiceStep {
    pub rule: &'static str,
    /// Dice after this step.
    pub dice: u8,
}

/// One die's result and the rule that gave it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DieResult {
    pub face: Face,
    /// The confirmation roll against very heavy (black) troops, if one was made.
    pub confirmation: Option<Face>,
    pub effect: Effect,
    pub rule: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    Miss,
    Hit,
    MoraleHit,
    OrderToken,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event")]
pub enum Event {
    TurnStarted { turn: u32, side: Side },
    PhaseStarted { phase: Phase },
    UnitActivated { unit: UnitId, by: Activation },
    OrderTokensChanged { side: Side, tokens: u8, rule: &'static str },
    UnitMoved {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::offsets")]
        path: Vec<Hex>,
        mode: MoveMode,
    },
    CombatStarted {
        attacker: UnitId,
        defender: UnitId,
        kind: CombatKind,
        role: Role,
        attack_order: bool,
    },
    DefenceChosen { defender: UnitId, defence_order: bool },
    DiceCounted { attacker: UnitId, steps: Vec<DiceStep>, dice: u8 },
    DiceRolled { attacker: UnitId, defender: UnitId, results: Vec<DieResult>, hits: u8, morale_hits: u8 },
    ElementsLost { unit: UnitId, lost: u8, strength: u8, rule: &'static str },
    UnitDestroyed { unit: UnitId },
    MoraleHitIgnored { unit: UnitId, rule: &'static str },
    Retreated {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::offsets")]
        path: Vec<Hex>,
        asked: u8,
    },
    FollowedUp {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
        rule: &'static str,
    },
    FollowUpDeclined { unit: UnitId },
    Pursued {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    PursuitDeclined { unit: UnitId },
    RiposteDeclined { unit: UnitId },
    ElephantPanicked {
        elephant: UnitId,
        from: UnitId,
        side: Side,
        #[serde(with = "crate::hex::coords::as_offset")]
        at: Hex,
        rule: &'static str,
    },
    ProfileChanged { unit: UnitId, profile: String, rule: &'static str },
    PanicRolled { unit: UnitId, faces: Vec<Face>, hexes: u8 },
    UnitLeftBoard { unit: UnitId, rule: &'static str },
    LeaderFled { leader: u32, to: UnitId },
    LeaderRemoved { leader: u32, rule: &'static str },
    CommanderLost { side: Side },
    CommanderRedeployed { leader: u32, unit: UnitId, replaces: Option<u32> },
    TurnPassed { side: Side, rule: &'static str },
    BattleEnded { outcome: Outcome },
    /// The rules' pending steps after a command (what the battle waits for next).
    AgendaChanged { agenda: Vec<Step> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Activation {
    Leader(u32),
    OrderToken,
}
