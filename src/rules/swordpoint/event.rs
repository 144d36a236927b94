//! What happens in a Swordpoint battle, with the dice faces, the numbers needed and the rule behind
//! every outcome, so the log can explain each result. Serialized one JSON object per event.

use super::data::{LoserAction, RangeBand};
use super::state::{Phase, Response, Sheet, Step};
pub use crate::battle::Factor;
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::{Direction, Hex};
use serde::Serialize;


/// Which test a 2d6 cohesion roll was (H-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Test {
    /// A friend fleeing within 4" (SP1.2).
    FleeingFriend,
    /// A mounted unit within 8" of an enemy elephant (SP1.3, H-16).
    Terror,
    /// The army general was killed (SP1.4, SP2.4).
    GeneralKilled,
    /// An impetuous unit that chose the test (SP1.5, H-19).
    Impetuous,
    /// Off the table, to come back (SP1.6, H-18).
    Return,
    /// 25% losses to shooting (SP2.5, SP3.39).
    ShootingLosses,
    /// An elephant hit by shooting (H-17).
    ElephantControl,
    /// Charged in the flank or rear (SP2.3).
    FlankOrRearCharge,
    /// Disengaging from combat (SP4.14).
    Disengage,
    /// Rallying a fleeing unit (SP4.3, SP4.7–4.11).
    Rally,
    /// The combat result's break test (SP5.8–5.9).
    Break,
    /// A friend broke or was destroyed within 12" (SP2.2, SP5.10).
    FriendBroken,
}

/// A marker the seed puts on a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Marker {
    Demoralised,
    Fleeing,
    Disorganised,
    Terrified,
    MustCharge,
    Charged,
    /// Caught by a pursuer: may not disengage next turn (SP4.13).
    CaughtByPursuer,
    /// A stubborn unit has used its one reprieve (SP5.75).
    StubbornUsed,
    /// A shock cavalry unit has met its first victim (SP5.74).
    ShockUsed,
}

/// Why a unit moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MoveKind {
    Move,
    Charge,
    Flight,
    Evade,
    Recoil,
    FollowUp,
    Pursuit,
    Disengage,
    Return,
}

/// One batch of dice against one target: shooting (SP:L31–98) or a strike in melee (SP:L225–263).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Volley {
    pub by: UnitId,
    pub target: UnitId,
    pub dice: u8,
    /// How the dice were counted, step by step.
    pub dice_factors: Vec<Factor>,
    /// Score needed on each die (7 or more: no hit possible).
    pub to_hit: u8,
    pub to_hit_factors: Vec<Factor>,
    pub faces: Vec<u8>,
    pub hits: u8,
    /// Score the target needs on each save (7 or more: no save).
    pub save: u8,
    pub save_factors: Vec<Factor>,
    pub save_faces: Vec<u8>,
    /// Hits not saved: figures the target loses.
    pub lost: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event")]
pub enum Event {
    TurnStarted { turn: u32 },
    PhaseStarted { phase: Phase },
    /// The battle now waits for `side` (alternating declarations and moves): `Battle.active`.
    MoverChanged { side: Side },
    /// Bookkeeping: the phase's sub-step (`Global.stage`).
    Stage { stage: u8 },
    /// A pool changed by `change` (earned, spent, discarded over the cap) to `pool`.
    MomentumChanged { side: Side, change: i8, pool: u8, rule: &'static str },
    /// A sheet entry; sealed from the other side until the reveal.
    SheetChanged { side: Side, sheet: Sheet },
    SheetSealed { side: Side },
    /// Both sheets in: what each side decided.
    SheetsRevealed { sheets: [Sheet; 2] },
    /// A cohesion, rally, break or other 2d6 test (H-5): passes iff the total ≥ `needed`.
    Tested {
        unit: UnitId,
        test: Test,
        faces: [u8; 2],
        /// The Cohesion used (the unit's, or a commander's or the army general's).
        cohesion: u8,
        factors: Vec<Factor>,
        needed: u8,
        passed: bool,
    },
    /// 2d6 for a commander with a unit that lost figures (SP3.4, SP5.6–5.7, SP5.28).
    CommanderTested { commander: u32, faces: [u8; 2], killed_on: u8, killed: bool, rule: &'static str },
    /// A commander rides to another unit (H-22), by choice or because his was lost.
    CommanderAttached { commander: u32, unit: UnitId },
    MarkerChanged { unit: UnitId, marker: Marker, on: bool, rule: &'static str },
    Volley { volley: Volley, rule: &'static str },
    FiguresLost { unit: UnitId, lost: u8, figures: u8 },
    /// Initiative (H-9): bids, dice; `winner` `None` on a tie, rolled again.
    InitiativeRolled { bids: [u8; 2], faces: [u8; 2], winner: Option<Side> },
    ChargeDeclared {
        charger: UnitId,
        target: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        to: Hex,
    },
    Responded { unit: UnitId, response: Response },
    /// A declared disengagement and its test's outcome; a failure breaks the unit and `pursuer`
    /// may ride after it in the compulsory moves (SP4.16–4.17).
    DisengageDeclared { unit: UnitId, allowed: bool, pursuer: Option<UnitId> },
    /// An impetuous unit's owner chose to charge rather than test (H-19).
    ImpetuousChose { unit: UnitId, charge: bool },
    DeclarationsEnded { side: Side },
    UnitMoved {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::offsets")]
        path: Vec<Hex>,
        facing: Direction,
        kind: MoveKind,
    },
    Reformed { unit: UnitId, frontage: u8 },
    UnitLeftTable { unit: UnitId },
    UnitReturned {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        at: Hex,
        facing: Direction,
    },
    UnitDestroyed { unit: UnitId, rule: &'static str },
    CombatStarted { combat: u32, units: Vec<UnitId> },
    CombatJoined { combat: u32, unit: UnitId },
    UnitLeftCombat { combat: u32, unit: UnitId },
    CombatEnded { combat: u32 },
    /// A combat's result (SP5.4): each side's hits scored plus its modifiers.
    CombatScored { combat: u32, hits: [u8; 2], factors: [Vec<Factor>; 2], totals: [i16; 2], winner: Option<Side> },
    /// What the loser does (SP5.66–5.77): the differential, moderated by the battle line, shifted.
    LoserResult {
        unit: UnitId,
        differential: u8,
        line: u8,
        moderated: u8,
        shifts: Vec<Factor>,
        action: LoserAction,
    },
    /// A beaten unit that had to recoil found no hex to recoil into (H-27): it stays in contact.
    RecoilBlocked { unit: UnitId },
    PursuitRolled { pursuer: UnitId, fleeing: UnitId, faces: [u8; 2], caught: bool },
    MovesEnded { side: Side },
    AgendaChanged { agenda: Vec<Step> },
    BattleEnded { outcome: Outcome },
}

/// The range band of a shot, for its line in the log.
pub fn band_name(band: RangeBand) -> &'static str {
    match band {
        RangeBand::Short => "short range",
        RangeBand::Long => "long range",
    }
}
