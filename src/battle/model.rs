//! The generic battle state every ruleset shares: the map, the two sides, the units and whose turn
//! it is, plus one ruleset-specific slot per unit and one for the whole battle.

use super::ids::{Side, UnitId};
use super::ruleset::Ruleset;
use crate::hex::{BoardEdge, Direction, Hex, HexMap};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub name: String,
    pub edge: BoardEdge,
    /// The side's colour on the board, where its scenario gives one (`(r, g, b)`); not part of the
    /// state the turn hashes are taken of.
    #[serde(skip)]
    pub colour: Option<(u8, u8, u8)>,
}

impl SideInfo {
    /// A side as its scenario describes it.
    pub fn of(spec: &crate::scenario::SideSpec) -> SideInfo {
        SideInfo { name: spec.name.clone(), edge: spec.edge, colour: spec.colour }
    }
}

/// One unit: what every ruleset knows of it, and its ruleset's own state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit<S> {
    pub id: UnitId,
    pub side: Side,
    /// `None` once the unit has left the board (destroyed, fled, gone off an edge).
    #[serde(with = "crate::hex::coords::opt_offset")]
    pub hex: Option<Hex>,
    pub facing: Direction,
    /// The ruleset's own state of the unit: its strength (elements, bases, wounds, troops) among it.
    pub state: S,
}

/// The whole state of a battle, plain data: what pure rule functions read and `apply` changes.
#[derive(Debug, Serialize)]
#[serde(bound = "")]
pub struct Battle<R: Ruleset> {
    #[serde(skip)]
    pub map: Arc<HexMap>,
    pub sides: [SideInfo; 2],
    /// Sorted by id, always.
    pub units: Vec<Unit<R::UnitState>>,
    /// Game turn, from 1; each holds one player-turn per side.
    pub turn: u32,
    pub active: Side,
    pub last_turn: u32,
    pub global: R::Global,
}

/// How a battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: String,
}

impl<R: Ruleset> Clone for Battle<R> {
    fn clone(&self) -> Self {
        Battle {
            map: self.map.clone(),
            sides: self.sides.clone(),
            units: self.units.clone(),
            turn: self.turn,
            active: self.active,
            last_turn: self.last_turn,
            global: self.global.clone(),
        }
    }
}

impl<R: Ruleset> Battle<R> {
    pub fn unit(&self, id: UnitId) -> Option<&Unit<R::UnitState>> {
        self.units.binary_search_by_key(&id, |u| u.id).ok().map(|i| &self.units[i])
    }

    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit<R::UnitState>> {
        self.units.binary_search_by_key(&id, |u| u.id).ok().map(|i| &mut self.units[i])
    }

    /// The unit standing in `hex` with the lowest id, if any: the only one, in a ruleset that
    /// allows one unit a hex.
    pub fn unit_at(&self, hex: Hex) -> Option<&Unit<R::UnitState>> {
        self.units.iter().find(|u| u.hex == Some(hex))
    }

    /// Every unit standing in `hex`, in id order: a unit with its commander, heroes with a regiment,
    /// the defenders of a fortification section, in rulesets that allow several.
    pub fn units_at(&self, hex: Hex) -> impl Iterator<Item = &Unit<R::UnitState>> {
        self.units.iter().filter(move |u| u.hex == Some(hex))
    }

    /// Units still on the board, in id order.
    pub fn on_board(&self) -> impl Iterator<Item = &Unit<R::UnitState>> {
        self.units.iter().filter(|u| u.hex.is_some())
    }

    /// Whether an enemy of `side` on the board stands next to `hex`.
    pub fn enemy_next_to(&self, side: Side, hex: Hex) -> bool {
        self.on_board().any(|e| e.side != side && e.hex.is_some_and(|h| h.unsigned_distance_to(hex) == 1))
    }

    pub fn edge(&self, side: Side) -> BoardEdge {
        self.sides[side.index()].edge
    }

    /// A fresh id for a unit born in play.
    pub fn next_unit_id(&self) -> UnitId {
        UnitId(self.units.last().map_or(1, |u| u.id.0 + 1))
    }

    /// The battle as `viewer` may know it: what the ruleset keeps sealed from that side removed.
    pub fn seen_by(&self, viewer: Side) -> Battle<R> {
        let mut seen = self.clone();
        R::redact(&mut seen, viewer);
        seen
    }

    /// Gives each unit's state what `carry` takes from the same unit in `known`; false where a unit
    /// is not in `known` (`Ruleset::carry_unwritten`).
    pub fn carry_units_from(&mut self, known: &Battle<R>, carry: impl Fn(&mut R::UnitState, &R::UnitState)) -> bool {
        for u in &mut self.units {
            let Some(k) = known.unit(u.id) else { return false };
            carry(&mut u.state, &k.state);
        }
        true
    }

    /// Adds a unit, keeping the list sorted by id.
    pub fn insert_unit(&mut self, unit: Unit<R::UnitState>) {
        let at = self.units.partition_point(|u| u.id < unit.id);
        self.units.insert(at, unit);
    }
}
