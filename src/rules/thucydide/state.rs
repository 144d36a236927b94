//! Thucydide's part of the battle state: per unit (profile, activation, what it did this turn) and
//! for the whole battle (phase, order tokens, leaders, the agenda of pending consequences).

use super::data::{Profile, Rank};
use crate::battle::{AppState, Outcome, Side, UnitId};
use crate::hex::Hex;
use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How a unit moved this turn; two of them forbid combat (seed, "Rappel des interdictions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveMode {
    Normal,
    /// "Marche le long d'une route (+1 hex)".
    RoadMarch,
    /// "Mouvement monté (+1 hex)" of mounted infantry.
    Mounted,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Index into the battle's table of profiles (`Global::profiles`).
    pub profile: u16,
    /// That profile, at hand: the state's hash holds its index only, as the map it holds none of.
    #[serde(skip, default = "stand_in")]
    pub kind: Arc<Profile>,
    /// Elements left.
    pub strength: u8,
    /// Elements the unit started with (its profile's full strength).
    pub full_strength: u8,
    pub activated: bool,
    pub moved: Option<MoveMode>,
    /// Has attacked this turn (a unit attacks once, pursuit excepted).
    pub fought: bool,
    /// A panicking elephant: flees every turn, obeys no one.
    pub panicked: bool,
    /// Part of the army the scenario set up (counts toward the army's break point).
    pub original: bool,
}

impl UnitState {
    pub fn profile(&self) -> &Profile {
        &self.kind
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    pub id: u32,
    pub side: Side,
    pub name: String,
    pub rank: Rank,
    /// The unit the leader stands with; `None` once removed from play.
    pub unit: Option<UnitId>,
}

/// The sequence of a player-turn; also the Bevy sub-state of `AppState::Battle` while a Thucydide
/// battle is on, so the window's systems can be gated on the phase.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    /// The player whose commander-in-chief was lost only puts him back (seed, "Perte du Général en chef").
    Redeploy,
    #[default]
    Movement,
    Combat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatKind {
    Fire,
    Melee,
}

/// Why a combat is fought, which decides what may follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Attack,
    Pursuit,
    Riposte,
    /// A panicking elephant barred from its flight.
    Panic,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub kind: CombatKind,
    pub role: Role,
    pub attack_order: bool,
    pub defence_order: bool,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub attacker_hex: Hex,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub defender_hex: Hex,
}

/// Something the rules must still do; the top of the agenda goes first. Steps marked "decision"
/// wait for a command from one player when there is a real choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Decision of the defender's side: use a defence order or not (step 5).
    Defence(Combat),
    /// Roll the dice and apply hits, tactical advantages and retreats (step 6).
    Roll(Combat),
    /// Decision of the owner: the path of a retreat of `hexes` hexes.
    Retreat { unit: UnitId, hexes: u8 },
    /// Follow-up, pursuit or riposte after a combat (step 7).
    Aftermath(Combat),
    /// Decision of the attacker's side: take an optional follow-up.
    FollowUp(Combat),
    /// Decision of the pursuer's side: one more hex and a new combat, or not.
    Pursuit { unit: UnitId },
    /// Decision of the defender's side: riposte or not.
    Riposte(Combat),
    /// Decision of the leader's side: where a leader whose unit was destroyed takes refuge.
    LeaderFlight { leader: u32, #[serde(with = "crate::hex::coords::as_offset")] from: Hex },
    /// A panicking elephant rolls its flight dice.
    PanicRoll { unit: UnitId },
    /// The elephant flees `hexes` hexes; its owner picks the path, or the unit it must charge.
    PanicFlight { unit: UnitId, hexes: u8, charged: bool },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Global {
    /// The profiles of the army lists the scenario names, then the rules' own
    /// (`army::profiles`); not part of the hashed state, as the map is not.
    #[serde(skip)]
    pub profiles: Arc<Vec<Arc<Profile>>>,
    pub phase: Phase,
    pub order_tokens: [u8; 2],
    pub leaders: Vec<Leader>,
    pub agenda: Vec<Step>,
    /// The side lost its commander-in-chief and passes its next turn.
    pub skip_turn: [bool; 2],
    pub first_side: Side,
    pub start_units: [u32; 2],
    pub start_elements: [u32; 2],
    pub outcome: Option<Outcome>,
}

/// What a state read back from its written form holds for the profile it does not write, until
/// the battle it is read into carries the real one over (`Ruleset::carry_unwritten`).
fn stand_in() -> Arc<Profile> {
    super::data::tables().profiles[0].clone()
}
