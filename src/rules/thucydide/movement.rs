//! Movement (house rules, the seed's movement chapter is not included): movement points per
//! profile, terrain costs per mobility, roads, climbing, zones of control, road march and mounted
//! moves (seed, "Rappel des interdictions liées aux mouvements").

use super::Thucydide;
use super::data::{Mobility, tables};
use super::state::MoveMode;
use crate::battle::{Battle, Side, UnitId};
use crate::hex::path::{Reach, StepRules, reachable};
use crate::hex::Hex;

type B = Battle<Thucydide>;

struct Steps<'a> {
    b: &'a B,
    side: Side,
    mobility: Mobility,
    road_only: bool,
}

/// Cost for a unit of `mobility` to step into `to` from `from`, ignoring other units.
pub fn terrain_cost(b: &B, mobility: Mobility, from: Hex, to: Hex) -> Option<u32> {
    let t = &tables().terrain;
    let (a, z) = (b.map.terrain(from)?, b.map.terrain(to)?);
    let base = if a.road && z.road {
        u32::from(t.road_cost)
    } else {
        u32::from(t.ground(z.ground).cost(mobility)?)
    };
    let climb = u32::from(z.level.saturating_sub(a.level)) * u32::from(t.climb_cost);
    Some(base + climb)
}

/// Ground a unit of this mobility may never enter (retreats and flights stop at it).
pub fn impassable(b: &B, mobility: Mobility, hex: Hex) -> bool {
    impassable_for(&b.map, mobility, hex)
}

pub fn enemy_adjacent(b: &B, side: Side, hex: Hex) -> bool {
    b.map.neighbours(hex).any(|n| b.unit_at(n).is_some_and(|u| u.side != side))
}

impl StepRules for Steps<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        if self.b.unit_at(to).is_some_and(|u| u.side != self.side) {
            return None;
        }
        if self.road_only && !(self.b.map.at(from).road && self.b.map.at(to).road) {
            return None;
        }
        terrain_cost(self.b, self.mobility, from, to)
    }

    fn may_continue_from(&self, hex: Hex) -> bool {
        !enemy_adjacent(self.b, self.side, hex)
    }

    fn may_end_in(&self, hex: Hex) -> bool {
        self.b.unit_at(hex).is_none()
    }
}

/// Where a unit may move this phase in the given mode, with paths.
pub fn destinations(b: &B, unit: UnitId, mode: MoveMode) -> Vec<Reach> {
    let Some(u) = b.unit(unit) else { return Vec::new() };
    let Some(start) = u.hex else { return Vec::new() };
    let p = u.state.profile();
    let t = &tables().terrain;
    let budget = match mode {
        MoveMode::Normal => p.movement,
        MoveMode::RoadMarch if b.map.at(start).road && p.movement > 0 => p.movement + t.road_march_bonus,
        MoveMode::Mounted if p.mounted_move => p.movement + t.mounted_move_bonus,
        _ => return Vec::new(),
    };
    if budget == 0 {
        return Vec::new();
    }
    let steps = Steps {
        b,
        side: u.side,
        mobility: p.mobility(),
        road_only: mode == MoveMode::RoadMarch,
    };
    let mut found = reachable(&b.map, start, u32::from(budget), &steps);
    if mode != MoveMode::Normal {
        // A road march or mounted move is only worth offering where it reaches farther.
        let normal = destinations(b, unit, MoveMode::Normal);
        found.retain(|r| !normal.iter().any(|n| n.hex == r.hex));
    }
    found
}

/// `impassable` on a bare map, for checking a scenario before any battle exists.
pub fn impassable_for(map: &crate::hex::HexMap, mobility: Mobility, hex: Hex) -> bool {
    match map.terrain(hex) {
        None => true,
        Some(t) => !t.road && tables().terrain.ground(t.ground).cost(mobility).is_none(),
    }
}
