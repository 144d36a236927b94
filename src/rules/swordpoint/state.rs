//! Swordpoint's part of the battle state: per unit (profile, figures, ranks, the markers of the
//! seed) and for the whole battle (phase, initiative, momentum pools, commanders, combats, the
//! sealed sheets of the simultaneous decisions, declared charges and the agenda).

use super::data::{CommanderRank, Profile};
use crate::battle::{AppState, Outcome, Side, UnitId};
use crate::hex::Hex;
use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Index into the battle's table of profiles (the army lists its scenario names).
    pub profile: u16,
    /// That profile, at hand: the state's hash holds its index only, as it holds none of the map.
    #[serde(skip, default = "stand_in")]
    pub kind: Arc<Profile>,
    /// Figures left (H-1): each unsaved hit removes one.
    pub figures: u8,
    pub start_figures: u8,
    pub start_bases: u8,
    /// Bases per rank (A.3.2), set at deployment and by a reform.
    pub frontage: u8,
    /// Demoralised marker (SP:L16, L28).
    pub demoralised: bool,
    /// Broken and fleeing (H-6, H-12).
    pub fleeing: bool,
    /// Off the table since the hex it left by (H-18); `Unit.hex` is then `None`.
    #[serde(with = "crate::hex::coords::opt_offset")]
    pub off_table: Option<Hex>,
    /// Destroyed (ridden down, or fleeing with nowhere to go); `Unit.hex` is then `None`.
    pub destroyed: bool,
    /// Disorganised after a pursuit, until the end of the next combat phase (SP5.22, H-13).
    pub disorganised: bool,
    /// Charged or counter-charged this turn (strike priority 3, charge bonuses).
    pub charged: bool,
    /// Failed the terror test this turn (H-16).
    pub terrified: bool,
    /// Must declare a charge this turn (an impetuous unit that failed or chose, H-19).
    pub must_charge: bool,
    /// Recoiled in this turn's combat phase (SP4.15 reads it next turn as `recoiled_last_turn`).
    pub recoiled: bool,
    pub recoiled_last_turn: bool,
    /// Contacted by a pursuing enemy this turn: may not disengage next turn (SP4.13).
    pub pursued_into: bool,
    pub pursued_into_last_turn: bool,
    /// Figures lost to shooting this turn (SP2.5, SP3.38–3.39).
    pub shot_losses: u8,
    /// A shock cavalry unit has had the first victim of SP5.74.
    pub shock_spent: bool,
    /// A stubborn unit has used SP5.75.
    pub stubborn_spent: bool,
    /// Has made its move in the remaining moves (or was moved by a charge, flight or return).
    pub moved: bool,
    /// Won or held its own combat in this combat phase (not a supporting unit, SP5.73; two
    /// attempts at a 12" test, SP2.2).
    pub won_combat: bool,
}

impl UnitState {
    /// A unit as it deploys: `bases` bases of `kind`, the profile at `index` of the battle's
    /// table, `frontage` a rank, its figures whole (H-1) and no marker.
    pub fn deployed(index: u16, kind: Arc<Profile>, bases: u8, frontage: u8) -> UnitState {
        let figures = bases.saturating_mul(kind.figures_per_base);
        UnitState {
            profile: index,
            kind,
            figures,
            start_figures: figures,
            start_bases: bases,
            frontage,
            demoralised: false,
            fleeing: false,
            off_table: None,
            destroyed: false,
            disorganised: false,
            charged: false,
            terrified: false,
            must_charge: false,
            recoiled: false,
            recoiled_last_turn: false,
            pursued_into: false,
            pursued_into_last_turn: false,
            shot_losses: 0,
            shock_spent: false,
            stubborn_spent: false,
            moved: false,
            won_combat: false,
        }
    }

    pub fn profile(&self) -> &Profile {
        &self.kind
    }
}

/// The army general or a commander: a marker riding with a unit of his side (H-22, as this
/// implementation reads it: always attached; he changes unit in the remaining moves).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Commander {
    pub id: u32,
    pub side: Side,
    pub name: String,
    pub rank: CommanderRank,
    /// The unit he is with; `None` once killed.
    pub unit: Option<UnitId>,
    /// He changed unit this turn (his one move of H-22, or his escape from a unit that left).
    pub rode: bool,
}

/// A melee in progress: the units locked in it, both sides (A.3.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub id: u32,
    /// Ascending ids.
    pub units: Vec<UnitId>,
    /// Contact was made this turn: the first round (H-20).
    pub first_round: bool,
}

/// A response to a charge (H-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Response {
    Hold,
    Flee,
    Evade,
    CounterCharge,
}

/// A charge declared in the movement phase (SP4.2), moved in the charge moves (SP4.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Charge {
    pub charger: UnitId,
    pub target: UnitId,
    /// The hex the charge ends in, adjacent to the target across the charger's facing (H-10).
    #[serde(with = "crate::hex::coords::as_offset")]
    pub to: Hex,
    /// The target's answer, once given.
    pub response: Option<Response>,
}

/// One side's sealed decisions of the current simultaneous step (A.4): made one entry at a
/// time, hidden from the other side until both are sealed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    /// Shooting declarations: each shooter and the target it fires at (`None`: holds its fire).
    /// With split fire, the target named takes the odd die.
    pub shots: Vec<(UnitId, Option<UnitId>)>,
    /// The initiative bid (H-9).
    pub bid: u8,
    /// Momentum put into each combat (SP5.2), by combat id.
    pub momentum: Vec<(u32, u8)>,
    pub sealed: bool,
}

/// Swordpoint's sequence of play (A.4); also the Bevy sub-state of `AppState::Battle` while a
/// Swordpoint battle is on.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    #[default]
    Initial,
    ShootingDeclare,
    Initiative,
    /// Declarations of the mounted (SP4.2): cavalry, camels and chariots.
    DeclareMounted,
    /// Declarations of infantry and elephants.
    DeclareFoot,
    ChargeMoves,
    RemainingMoves,
    CombatMomentum,
    CombatResolve,
}

/// Something the rules must still do; the top of the agenda goes first. The decisions wait for
/// their owner when there is a real choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Decision of the owner (H-19): charge, or test.
    Impetuous { unit: UnitId },
    /// Decision of the target's owner: its response to a declared charge (H-11).
    Respond { unit: UnitId },
    /// Decision of the winner's owner: move into the hex the loser recoiled from (H-14).
    FollowUp {
        unit: UnitId,
        #[serde(with = "crate::hex::coords::as_offset")]
        into: Hex,
    },
    /// Decision of the winner's owner: pursue a broken unit (H-13).
    Pursue { pursuer: UnitId, fleeing: UnitId },
}

/// The scenario's house-rule switches (`docs/rules/swordpoint.md`, "Switches"), set at the start
/// and never changed: in the state's hash only where one is not its default, so that a replay of a
/// battle played under another switch fails at its first hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// R-3 read the other way: an enemy within 8" (+1) and a larger one (+2) add up on a rally.
    pub rally_enemies_add_up: bool,
    /// H-28: a flight begun in this turn's declarations runs before the unit may rally.
    pub flight_before_rally: bool,
}

impl Default for Switches {
    fn default() -> Switches {
        Switches { rally_enemies_add_up: false, flight_before_rally: true }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Global {
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub switches: Switches,
    pub phase: Phase,
    /// The side that won the initiative this turn (H-9): declares, charges and moves first.
    pub initiative: Side,
    /// Momentum pools (H-8).
    pub momentum: [u8; 2],
    pub commanders: Vec<Commander>,
    pub combats: Vec<Combat>,
    pub next_combat: u32,
    pub sheets: [Sheet; 2],
    pub charges: Vec<Charge>,
    /// Units that declared a disengagement this turn and passed (or needed no test).
    pub disengaging: Vec<UnitId>,
    /// Units whose flight began in this turn's declarations (a charge answered Flee, a failed
    /// disengagement): they run before they may rally (H-28). Left out of the state's hash while
    /// empty, so that replays made before it in which no unit fled this way still verify.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fled_in_declarations: Vec<UnitId>,
    pub agenda: Vec<Step>,
    /// Where each side's army general fell (`hex_key`) this turn, and in the turn before: the
    /// Initial phase tests the units beyond 12" of it (SP1.4), those within having tested at once.
    pub general_fell: [Option<(i32, i32)>; 2],
    pub general_fell_last_turn: [Option<(i32, i32)>; 2],
    /// The sub-step of the phase: which side declares or moves, or how far the Initial phase got.
    pub stage: u8,
    /// Off-table units that passed their test and may come back in the remaining moves (H-18).
    pub returning: Vec<UnitId>,
    /// Pursuits owed in the compulsory moves after failed disengagements (SP4.16–4.17): (pursuer,
    /// fleeing).
    pub pursuits: Vec<(UnitId, UnitId)>,
    /// Each side's strength points at the start (H-25).
    pub start_strength: [u32; 2],
    pub outcome: Option<Outcome>,
}

impl Global {
    pub fn combat_of(&self, unit: UnitId) -> Option<&Combat> {
        self.combats.iter().find(|c| c.units.contains(&unit))
    }

    pub fn commanders_with(&self, unit: UnitId) -> impl Iterator<Item = &Commander> {
        self.commanders.iter().filter(move |c| c.unit == Some(unit))
    }

    pub fn general(&self, side: Side) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.side == side && c.rank == CommanderRank::ArmyGeneral && c.unit.is_some())
    }
}

/// What a state read back from its written form holds for the profile it does not write, until
/// the battle it is read into carries the real one over (`Ruleset::carry_unwritten`).
fn stand_in() -> Arc<Profile> {
    super::data::tables().units.profiles[0].clone()
}
