//! Swidenth's part of the battle state: per figure (its warband row, Vitalité left, stun tokens
//! with their expiry, its activation this turn, dropped weapons, a crossbow to reload, camouflage,
//! the mystic shield) and for the whole battle (the phase, the initiative, the leader phase open
//! with the figures it may activate, subgroups, doors and levers, the agenda and the outcome).

use super::data::{FigureRow, Rank, Trait};
use crate::battle::{AppState, Outcome, Side, UnitId};
use crate::hex::Hex;
use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a figure stands in its activation this turn (l. 34, 64).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Activation {
    /// Not activated yet this turn.
    #[default]
    Ready,
    /// Its first action taken; its second still to come.
    Started(First),
    /// Activated this turn (the green token of l. 52).
    Done,
}

/// The first action a figure took (l. 65-69).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum First {
    Moved,
    Concentrated,
    Reloaded,
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Index into the battle's warbands (the army lists its scenario names).
    pub band: u8,
    /// Index into the band's figures.
    pub row: u8,
    /// That figure's profile, at hand: the state's hash holds its indices only, as it holds none
    /// of the map.
    #[serde(skip, default = "stand_in")]
    pub kind: Arc<FigureRow>,
    /// The scenario's name for it, or the row's.
    pub name: String,
    /// The row's traits and the scenario's own.
    pub traits: Vec<Trait>,
    /// Vitalité left (l. 26).
    pub vitalite: i8,
    /// One entry a stun token: the turn at whose end it goes (l. 107, R-S11).
    pub stuns: Vec<u32>,
    /// Hors de combat (l. 112); `Unit.hex` is then `None`.
    pub out: bool,
    pub activation: Activation,
    /// The weapon in its main hand was dropped (l. 120, H-S12).
    pub dropped_main: bool,
    /// The shield or second weapon in its off hand was dropped.
    pub dropped_off: bool,
    /// Its missile weapon must be reloaded before it shoots again (H-S10).
    pub unloaded: bool,
    /// Camouflaged (l. 170, H-S9).
    pub camouflaged: bool,
    /// Bouclier mystique's Défense bonus lasts to the end of this turn (H-S3).
    pub shielded_until: Option<u32>,
    /// The enemies its first-action move engaged this activation (the charge of l. 124).
    pub charging: Vec<UnitId>,
    /// Vitalité lost and horrible wounds taken, for the report after the battle (l. 115, H-S11).
    pub wounds: u8,
    pub horrible: u8,
    /// The horrible wounds an enemy inflicted, which score (H-S5).
    pub horrible_by_enemy: u8,
}

impl UnitState {
    /// A figure as it deploys: `kind`, row `row` of the battle's warband `band`, whole and ready,
    /// with the scenario's `extra` special rules.
    pub fn deployed(band: u8, row: u8, kind: Arc<FigureRow>, name: String, extra: &[Trait]) -> UnitState {
        let r = &*kind;
        let mut traits = r.traits.clone();
        traits.extend(extra.iter().filter(|t| !r.traits.contains(t)));
        let vitalite = r.vitalite;
        UnitState {
            band,
            row,
            kind,
            name,
            traits,
            vitalite,
            stuns: Vec::new(),
            out: false,
            activation: Activation::Ready,
            dropped_main: false,
            dropped_off: false,
            unloaded: false,
            camouflaged: false,
            shielded_until: None,
            charging: Vec::new(),
            wounds: 0,
            horrible: 0,
            horrible_by_enemy: 0,
        }
    }

    /// Its row of the warband table (H-S2).
    pub fn row(&self) -> &FigureRow {
        &self.kind
    }

    pub fn rank(&self) -> Rank {
        self.row().rank
    }

    pub fn is_leader(&self) -> bool {
        self.rank() != Rank::Henchman
    }

    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// Stun tokens on it (each -4, l. 109).
    pub fn stunned(&self) -> u8 {
        u8::try_from(self.stuns.len()).unwrap_or(u8::MAX)
    }
}

/// The sequence of a turn (A5); also the Bevy sub-state of `AppState::Battle` while a Swidenth
/// battle is on. The turn's start (rout tests, initiative) and end (stuns wearing off, victory)
/// are automatic and have no phase of their own.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    #[default]
    Opening,
    /// The side to play picks the leader whose phase comes next (l. 40-50).
    ChooseLeader,
    /// A leader's phase: the figures in his bubble at its start may act (l. 38, 58-60).
    Leader,
    /// A side's figures not yet activated act (l. 46).
    Rest,
}

/// The leader phase open: its leader and the figures it may activate, noted at its start (l. 60).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderPhase {
    pub leader: UnitId,
    pub eligible: Vec<UnitId>,
}

/// How the outnumbering side split a group of figures engaged with each other (l. 128-130): each
/// of its figures with the one enemy of its subgroup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Subgroups {
    /// Every figure of the group, in id order, when the split was made: a group that has changed
    /// since is split again.
    pub group: Vec<UnitId>,
    /// (a figure of the outnumbering side, the enemy it fights).
    pub pairs: Vec<(UnitId, UnitId)>,
}

impl Subgroups {
    /// The enemy a figure of the outnumbering side was put with.
    pub fn opponent(&self, figure: UnitId) -> Option<UnitId> {
        self.pairs.iter().find(|(f, _)| *f == figure).map(|(_, e)| *e)
    }

    /// The outnumbering figures put with `enemy`.
    pub fn with(&self, enemy: UnitId) -> impl Iterator<Item = UnitId> + '_ {
        self.pairs.iter().filter(move |(_, e)| *e == enemy).map(|(f, _)| *f)
    }
}

/// A door of the scenario (H-S15): shut, its hex cannot be entered or seen through.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Door {
    pub name: String,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    pub open: bool,
    /// Shut by a lock a figure next to it may undo (l. 78); `false` for a door only a lever moves.
    pub lock: bool,
}

/// A lever of the scenario (H-S15): pulled from a next hex, it opens or shuts its doors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lever {
    pub name: String,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    /// Indexes into `Global::doors`.
    pub doors: Vec<u8>,
    pub pulled: bool,
}

/// Something the rules must still do or a player decide; the top of the agenda goes first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// The winner of a blow or a shot decides whether the loser steps back, and where when a
    /// shot's line leaves its hex by a corner (l. 105, 182, A4).
    Push {
        winner: UnitId,
        loser: UnitId,
        #[serde(with = "crate::hex::coords::offsets")]
        to: Vec<Hex>,
    },
    /// The outnumbering side splits a group into subgroups before a combat in it (l. 128), with
    /// `pair` fighting in the same subgroup.
    Split { side: Side, group: Vec<UnitId>, pair: (UnitId, UnitId) },
    /// A combat phase once the group is split (l. 87-99).
    Fight { figure: UnitId, target: UnitId },
    /// A multiple-shot weapon's next shot, once the last one's push back is decided (l. 168).
    NextShot { shooter: UnitId, target: UnitId, left: u8 },
}

impl Step {
    /// Whether a player decides it; the others the rules carry out by themselves.
    pub fn is_decision(&self) -> bool {
        matches!(self, Step::Push { .. } | Step::Split { .. })
    }
}

/// The scenario's house-rule switches (`docs/rules/swidenth.md`, "Switches"), set at the start
/// and never changed: in the state's hash only where one is not its default, so that a replay of a
/// battle played under another switch fails at its first hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// R-S3a read the other way: a horrible wound costs two points of Vitalité.
    pub horrible_costs_two: bool,
    /// R-S3b: a wound stuns as well.
    pub wound_stuns: bool,
}

impl Default for Switches {
    fn default() -> Switches {
        Switches { horrible_costs_two: false, wound_stuns: true }
    }
}

impl Switches {
    /// The Vitalité a wound costs: one, as l. 111 and l. 114 both write (R-S3a), or two for a
    /// horrible wound under the switch.
    pub fn wound_cost(self, horrible: bool) -> i8 {
        if horrible && self.horrible_costs_two { 2 } else { 1 }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Global {
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub switches: Switches,
    pub phase: Phase,
    /// The side that won this turn's initiative (l. 30).
    pub initiative: Side,
    /// The leader phase open, while `phase` is `Leader`.
    pub leader: Option<LeaderPhase>,
    /// Figures each side started with, for the rout test (H-S4b).
    pub start: [u8; 2],
    pub subgroups: Vec<Subgroups>,
    pub doors: Vec<Door>,
    pub levers: Vec<Lever>,
    pub agenda: Vec<Step>,
    pub outcome: Option<Outcome>,
}

impl Global {
    /// The door in `hex`, if shut.
    pub fn shut_door(&self, hex: Hex) -> bool {
        self.doors.iter().any(|d| d.hex == hex && !d.open)
    }

    pub fn lever_at(&self, hex: Hex) -> bool {
        self.levers.iter().any(|l| l.hex == hex)
    }

    /// The split of exactly this group, if one was made since it last changed.
    pub fn split_of(&self, group: &[UnitId]) -> Option<&Subgroups> {
        self.subgroups.iter().find(|s| s.group == group)
    }
}

/// What a state read back from its written form holds for the figure it does not write, until
/// the battle it is read into carries the real one over (`Ruleset::carry_unwritten`).
fn stand_in() -> Arc<FigureRow> {
    super::data::tables().bands.bands[0].figures[0].clone()
}
