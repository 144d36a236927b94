//! The mass battle's state: each unit's hit points and standing (demoralised, leaving, carrying the
//! standard, its order for the sequence), and the battle's sealed orders, engagements, damage
//! waiting for its phase's end and the lasting morale marks of each side.

use super::data::{Army, Kind, Trait, UnitRow, tables};
use crate::battle::AppState;
use crate::battle::{Outcome, Side, UnitId};
use crate::hex::Hex;
use bevy::prelude::SubStates;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;

/// What a unit is ordered to do for a sequence (l. 25-34; H-M3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    /// Shoot one free enemy unit (l. 27).
    Shoot(UnitId),
    /// Come into contact with an enemy unit and attack it, or attack one it is engaged with (l. 28).
    Engage(UnitId),
    /// Repli: elite, mounted and flying units (l. 29, 108).
    Withdraw,
    /// Retraite: an engaged unit not demoralised (l. 31).
    Retreat,
    /// Fuite: an engaged demoralised unit (l. 32), or a free one moving away (H-M3).
    Flee,
    /// Aucune action: a free unit demoralised by shooting (l. 33).
    NoAction,
    /// Rallier: a demoralised free unit tests in the morale phase (l. 34).
    Rally,
    /// Move without engaging, not ending next to an enemy (H-M3).
    March(#[serde(with = "crate::hex::coords::as_offset")] Hex),
    /// Stay put (H-M3).
    Hold,
    /// A siege engine's stones on a wall hex: work points toward a breach (l. 191, H-M13).
    Bombard(#[serde(with = "crate::hex::coords::as_offset")] Hex),
    /// The ram works at the gate next to it (l. 194, H-M13).
    Ram,
    /// A huge creature tears at a wall hex or gate next to it, as a ram does (H-M16).
    Demolish(#[serde(with = "crate::hex::coords::as_offset")] Hex),
    /// A hero's Breach spell on a wall hex, once a battle (l. 195, H-M7).
    Passwall(#[serde(with = "crate::hex::coords::as_offset")] Hex),
    /// A hero seeks out an enemy hero or huge creature for a duel of ten rounds (l. 121-127, H-M6).
    Duel(UnitId),
    /// A hero's blast on an enemy unit in range, once a battle (H-M7).
    Cast(UnitId),
    /// A hero joins a friendly unit next to him as its officer (l. 129-133).
    Officer(UnitId),
    /// A huge creature's own choice (l. 106, H-M16): the nearest enemy huge creature within its
    /// reach, else the nearest standard unit still able to fight.
    Auto,
}

impl Order {
    /// Orders under which a unit leaves its enemies at the end of the sequence (l. 29, 31, 32).
    pub fn disengages(&self) -> bool {
        matches!(self, Order::Withdraw | Order::Retreat | Order::Flee)
    }

    /// Orders under which a unit neither moves nor engages, for the SAG bonus (R-M20).
    pub fn stands(&self) -> bool {
        matches!(
            self,
            Order::Shoot(_)
                | Order::Hold
                | Order::NoAction
                | Order::Rally
                | Order::Cast(_)
                | Order::Bombard(_)
                | Order::Ram
                | Order::Demolish(_)
                | Order::Passwall(_)
        )
    }
}

/// How a unit came to be demoralised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Demoralised {
    /// The sequence whose morale phase demoralised it.
    pub sequence: u32,
    /// Free, and every troop it lost that sequence lost to shooting (R-M24): it does nothing the
    /// next sequence (l. 33, 100).
    pub by_shooting: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    /// Its army (the army list's id) and its unit's name there.
    pub army: String,
    pub row: String,
    /// That unit's profile, at hand: the state's hash holds its names only.
    #[serde(skip, default = "stand_in")]
    pub profile: Arc<UnitRow>,
    /// What it defends on its own ground (l. 79-80): its side's, unless the scenario says
    /// otherwise for it. In the hash only where it is not `Abroad`, so states without it keep
    /// their hashes.
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub native: Native,
    /// Hit points left (PVT, l. 59).
    pub pvt: i64,
    /// PVT and troops at the battle's start (l. 109's cap, losses' shares) and at this sequence's.
    pub pvt_at_start: i64,
    pub troops_at_start: u32,
    pub troops_at_sequence: u32,
    pub demoralised: Option<Demoralised>,
    /// Failed a rally test: leaves in the next movement phase (l. 34, 94).
    pub leaving: bool,
    /// Surrenders at the end of the sequence (l. 137).
    pub surrendering: bool,
    /// Carries the commander-in-chief's battle standard (l. 38).
    pub standard: bool,
    /// Its order this sequence, once revealed.
    pub order: Option<Order>,
    /// It moved this sequence (the polearm's "has not moved", l. 153).
    pub moved: bool,
    /// The enemies it engaged this sequence (R-M11: they charged it, or it charged them).
    pub charged: Vec<UnitId>,
    /// A hero's blast spent, and his Breach spell (H-M7).
    pub spent: bool,
    pub sundered: bool,
    /// Volleys or engine shots left in a siege (H-M13, l. 177); `None`: no count.
    pub ammo: Option<u8>,
    /// A unit's officer, a hero of its side serving in it, and his hit points, lost last (R-M12).
    pub officer: Option<(UnitId, i64)>,
    /// A hero serving as an officer in this unit (he is off the board meanwhile).
    pub serving: Option<UnitId>,
    /// Slices of its commander's INT bonus this sequence, each +5% when it attacks (l. 104).
    pub slices: u8,
    /// It fought a duel this sequence (H-M6).
    pub duelled: bool,
    /// It made its one attack this sequence (R-M7).
    pub attacked: bool,
    /// What each enemy inflicted on it this sequence, and in the sequence it was demoralised,
    /// whose worst gets to pursue it (l. 86).
    pub hurt_by: Vec<(UnitId, i64)>,
    pub hurt_when_demoralised: Vec<(UnitId, i64)>,
    /// PVT it lost this sequence outside the shooting phase (R-M24).
    pub lost_in_melee: i64,
}

impl UnitState {
    pub fn new(army: &Army, row: &Arc<UnitRow>) -> UnitState {
        let pvt = i64::from(row.troops) * i64::from(row.pvi);
        UnitState {
            army: army.name.clone(),
            row: row.name.clone(),
            profile: row.clone(),
            native: Native::Abroad,
            pvt,
            pvt_at_start: pvt,
            troops_at_start: row.troops,
            troops_at_sequence: row.troops,
            demoralised: None,
            leaving: false,
            surrendering: false,
            standard: false,
            order: None,
            moved: false,
            charged: Vec::new(),
            slices: 0,
            spent: false,
            sundered: false,
            ammo: None,
            officer: None,
            serving: None,
            duelled: false,
            attacked: false,
            hurt_by: Vec::new(),
            hurt_when_demoralised: Vec::new(),
            lost_in_melee: 0,
        }
    }

    /// Its unit's profile in its army list.
    pub fn row(&self) -> &UnitRow {
        &self.profile
    }

    pub fn has(&self, t: &Trait) -> bool {
        self.row().has(t)
    }

    pub fn kind(&self) -> Kind {
        self.row().kind
    }

    /// Troops standing: ⌈PVT ÷ PVI⌉ (l. 61, R-M3).
    /// With an officer, his hit points are lost last and count no troops (R-M12).
    pub fn troops(&self) -> u32 {
        let pvi = i64::from(self.row().pvi.max(1));
        let own = (self.pvt - self.officer.map_or(0, |(_, hp)| hp)).max(0);
        u32::try_from(own.div_euclid(pvi) + i64::from(own % pvi != 0)).unwrap_or(u32::MAX)
    }

    /// The hero this counter is, if one (H-M6).
    pub fn hero(&self) -> Option<&super::data::HeroRow> {
        self.profile.hero.as_ref()
    }

    /// Elite, mounted and flying units may withdraw (l. 29, 84, 108).
    pub fn may_withdraw(&self) -> bool {
        [Trait::Elite, Trait::Mounted, Trait::Flying]
            .iter()
            .any(|t| self.has(t))
    }

    pub fn flies(&self) -> bool {
        self.has(&Trait::Flying)
    }
}

/// The sequence's five phases (l. 11-17); also the Bevy sub-state of `AppState::Battle` while a
/// mass battle is on. Shooting, movement and melee resolve by themselves; the battle waits in
/// `Orders` for both sides' sealed orders and in `Morale` for each side's rally attempts.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(AppState = AppState::Battle)]
pub enum Phase {
    #[default]
    Opening,
    /// Both sides place their units in their zones and give the standard, then seal (H-M10).
    Deployment,
    /// Both commanders give every unit its order, then seal (l. 19-34).
    Orders,
    Shooting,
    Movement,
    Melee,
    /// Loss tests, then each side's rally attempts (l. 63-100).
    Morale,
}

/// A section of the fortification: its wall hexes, a `Section` region of the map (l. 179).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub name: String,
    #[serde(with = "crate::hex::coords::offsets")]
    pub walls: Vec<Hex>,
}

/// A siege under way (l. 173-206).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Siege {
    pub besieger: Side,
    pub sections: Vec<Section>,
    #[serde(with = "crate::hex::coords::offsets")]
    pub gates: Vec<Hex>,
    #[serde(with = "crate::hex::coords::offsets")]
    pub inside: Vec<Hex>,
    /// The section the besieger attacks this sequence, once declared (l. 185).
    pub declared: Option<usize>,
    /// The besieged units assigned to defend it, sealed with their orders (l. 185).
    pub assigned: Vec<UnitId>,
    #[serde(with = "crate::hex::coords::offsets")]
    pub breaches: Vec<Hex>,
    /// The sequence of the first breach (R-M14).
    pub breached_at: Option<u32>,
    /// An undefended section waits for the besieger to pick the wall hex breached (l. 187).
    pub breach_pending: Option<usize>,
    /// The towers on the walls, with the work points that bring each down (l. 216, H-M13).
    pub towers: Vec<Tower>,
    /// The engines' work points on each wall hex (H-M13).
    pub work: Vec<Work>,
    /// Each gate a ram, or wall hex a huge creature, has started on: the sequences it needs and
    /// those done (l. 194, H-M13, H-M16).
    pub rams: Vec<RamWork>,
    /// The scenario's ruse (l. 196): the gate or wall hex a traitor opens, and when.
    pub ruse: Option<Ruse>,
    /// The sequences each side's supplies last (H-M13, l. 177); `None`: they do not run out.
    pub supplies: [Option<u32>; 2],
}

/// Where the scenario put each unit and the standards, so that a side's placements stay hidden from
/// the other until both are sealed (H-M10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deployment {
    pub from: Vec<Placement>,
    pub standards: [Option<UnitId>; 2],
}

/// A unit and its hex at deployment (H-M10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    pub unit: UnitId,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
}

/// A ruse (l. 196): a traitor opens the gate, or an infiltrated team a wall hex, as the sequence
/// starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ruse {
    pub sequence: u32,
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
}

/// A tower on the walls: a wall hex that needs more work to fall (l. 216, H-M13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tower {
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    pub size: TowerSize,
}

/// A tower's size: a light catapult brings down a medium one in 8 sequences, a large one in 10
/// (l. 216).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TowerSize {
    Medium,
    Large,
}

impl TowerSize {
    /// Its word on the card and in the marker's name.
    pub fn name(self) -> &'static str {
        match self {
            TowerSize::Medium => "medium",
            TowerSize::Large => "large",
        }
    }

    /// The work points it takes (H-M13).
    pub fn points(self) -> u32 {
        let t = &tables().siege;
        match self {
            TowerSize::Medium => t.medium_tower_points,
            TowerSize::Large => t.large_tower_points,
        }
    }
}

/// The engines' work on one wall hex (H-M13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Work {
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    pub points: u32,
}

/// A ram's work on a gate, or a huge creature's on a wall hex (l. 194, H-M13, H-M16): it falls
/// when `done` reaches `needs`, and the work done stays if the worker dies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RamWork {
    #[serde(with = "crate::hex::coords::as_offset")]
    pub hex: Hex,
    pub needs: u8,
    pub done: u8,
}

/// A commander-in-chief's bonuses (l. 104, R-M20).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Commander {
    pub name: String,
    /// Slices of 5% he may give units each sequence.
    pub int_bonus: u8,
    /// 5% off the enemies' percentage against each unit that neither moves nor engages.
    pub sag_bonus: u8,
}

/// What a side fights for on its own ground (l. 79-80; a scenario's choice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Native {
    #[default]
    Abroad,
    Land,
    Town,
}

/// Damage dealt in a phase, subtracted at its end (l. 53, 59).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    pub attacker: Option<UnitId>,
    pub target: UnitId,
    pub damage: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Global {
    pub phase: Phase,
    /// Each side's orders given this sequence, sealed or not: the other side never sees them
    /// before they are revealed (`Ruleset::redact`).
    pub drafts: [Vec<(UnitId, Order)>; 2],
    pub sealed: [bool; 2],
    /// The units each side has given a slice of its commander's INT bonus, sealed with its orders.
    pub slices: [Vec<UnitId>; 2],
    /// H-M12's switch, and the sequence in which each side's hero last shunned his peers for the
    /// rank and file (0: never).
    pub coward_penalty: bool,
    pub cowardice: [u32; 2],
    /// The option of l. 30 (a scenario's switch).
    pub withdraw_option: bool,
    /// The siege, in a siege scenario.
    pub siege: Option<Siege>,
    /// Each side's commander-in-chief, whose INT and SAG help the army (l. 104).
    pub commanders: [Option<Commander>; 2],
    /// Pairs of engaged units, the lower id first (B4): adjacency alone is not engagement.
    pub engaged: BTreeSet<(UnitId, UnitId)>,
    /// Damage dealt in the phase under way.
    pub pending: Vec<Hit>,
    /// Units whose owner may still try to rally them in this morale phase (l. 92, 100; R-M22).
    pub rallies: [Vec<UnitId>; 2],
    /// The movement phase's pursuits, (pursuer, quarry), kept while the pursuers engaged with other
    /// enemies too choose their one target (l. 90).
    pub pursuits: Vec<(UnitId, UnitId)>,
    /// The pursuers each side must still choose for (l. 90).
    pub choosing: [Vec<UnitId>; 2],
    /// The pursuers that let their quarry go to fight another enemy in the melee, with it (l. 90);
    /// their pursuits stay in `pursuits` and are not struck.
    pub turned: Vec<(UnitId, UnitId)>,
    /// The sealed deployment under way (H-M10), until both are revealed.
    pub deployment: Option<Deployment>,
    /// The standard's unit was destroyed or left: -1 to every morale test (l. 42).
    pub standard_lost: [bool; 2],
    /// The commander-in-chief fell: -2 to every morale test for the rest of the battle (l. 139).
    pub commander_fell: [bool; 2],
    /// What each side defends (l. 79-80).
    pub native: [Native; 2],
    /// Each side's PVT at the start, for victory at the limit (H-M9).
    pub start_pvt: [i64; 2],
    pub outcome: Option<Outcome>,
}

impl Global {
    /// Whether `u` is its side's commander-in-chief (l. 104, 135).
    pub fn commands(&self, u: &crate::battle::Unit<UnitState>) -> bool {
        self.commanders[u.side.index()].as_ref().is_some_and(|c| c.name == u.state.row)
    }

    pub fn is_engaged(&self, a: UnitId, b: UnitId) -> bool {
        self.engaged.contains(&pair(a, b))
    }

    /// The units engaged with `u`, in id order.
    pub fn engaged_with(&self, u: UnitId) -> Vec<UnitId> {
        let mut out: Vec<UnitId> = self
            .engaged
            .iter()
            .filter_map(|&(a, b)| {
                if a == u {
                    Some(b)
                } else if b == u {
                    Some(a)
                } else {
                    None
                }
            })
            .collect();
        out.sort();
        out
    }

    /// Free ("libre"): engaged with no one (B4).
    pub fn is_free(&self, u: UnitId) -> bool {
        !self.engaged.iter().any(|&(a, b)| a == u || b == u)
    }
}

/// An engagement's key: the lower id first.
pub fn pair(a: UnitId, b: UnitId) -> (UnitId, UnitId) {
    if a < b { (a, b) } else { (b, a) }
}

/// What a state read back from its written form holds for the profile it does not write, until
/// the battle it is read into carries the real one over (`Ruleset::carry_unwritten`).
fn stand_in() -> Arc<UnitRow> {
    super::data::tables().armies.armies[0].units[0].clone()
}
