//! Movement (house rules, the seed's movement chapter is not included): movement points per
//! profile, terrain costs per mobility, roads, climbing, zones of control, road march and mounted
//! moves (seed, "Rappel des interdictions liées aux mouvements").

use super::Thucydide;
use super::data::{Mobility, tables};
use super::state::MoveMode;
use crate::battle::{Battle, Side, UnitId};
use crate::hex::path::{Reachable, StepRules, reachable};
use crate::hex::{Hex, HexMap};
use crate::rules::recent::Recent;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

type B = Battle<Thucydide>;

struct Steps<'a> {
    b: &'a B,
    side: Side,
    mobility: Mobility,
    road_only: bool,
    /// Per hex of the board: the side of the unit there.
    occupant: Vec<Option<Side>>,
    /// Per hex of the board: next to an enemy (a move ends on entering it).
    enemy_zone: Vec<bool>,
}

impl Steps<'_> {
    fn occupant(&self, hex: Hex) -> Option<Side> {
        self.b.map.index(hex).and_then(|i| self.occupant[i])
    }
}

/// Who stands where and which hexes are next to an enemy of `side`, gathered once per search.
fn occupancy(b: &B, side: Side) -> (Vec<Option<Side>>, Vec<bool>) {
    let mut occupant = vec![None; b.map.len()];
    let mut enemy_zone = vec![false; b.map.len()];
    for u in b.on_board() {
        let Some(hex) = u.hex else { continue };
        if let Some(i) = b.map.index(hex) {
            occupant[i] = Some(u.side);
        }
        if u.side != side {
            for n in b.map.neighbours(hex) {
                if let Some(i) = b.map.index(n) {
                    enemy_zone[i] = true;
                }
            }
        }
    }
    (occupant, enemy_zone)
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

impl StepRules for Steps<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        if self.occupant(to).is_some_and(|s| s != self.side) {
            return None;
        }
        if self.road_only && !(self.b.map.at(from).road && self.b.map.at(to).road) {
            return None;
        }
        terrain_cost(self.b, self.mobility, from, to)
    }

    fn may_continue_from(&self, hex: Hex) -> bool {
        !self.b.map.index(hex).is_some_and(|i| self.enemy_zone[i])
    }

    fn may_end_in(&self, hex: Hex) -> bool {
        self.occupant(hex).is_none()
    }
}

/// Every move a unit may make this phase, normal moves first: one search per mode.
pub fn all_destinations(b: &B, unit: UnitId) -> Vec<(MoveMode, Hex)> {
    let near = hexes(&search(b, unit, MoveMode::Normal));
    let mut out: Vec<(MoveMode, Hex)> = near.iter().map(|h| (MoveMode::Normal, *h)).collect();
    for mode in [MoveMode::RoadMarch, MoveMode::Mounted] {
        out.extend(hexes(&search(b, unit, mode)).into_iter().filter(|h| !near.contains(h)).map(|h| (mode, h)));
    }
    out
}

/// The path of a move already known legal (start excluded).
pub fn move_path(b: &B, unit: UnitId, mode: MoveMode, to: Hex) -> Option<Vec<Hex>> {
    search(b, unit, mode)?.path(&b.map, to)
}

/// The way of a move already known legal (start excluded), what it costs and what the unit had.
pub fn move_way(b: &B, unit: UnitId, mode: MoveMode, to: Hex) -> Option<(Vec<Hex>, u32, u32)> {
    let found = search(b, unit, mode)?;
    let had = budget(b, unit, mode)?;
    Some((found.path(&b.map, to)?, found.cost(&b.map, to)?, had))
}

fn hexes(found: &Option<Rc<Reachable>>) -> Vec<Hex> {
    found.as_ref().map_or(Vec::new(), |f| f.reach.iter().map(|r| r.hex).collect())
}

/// What a search depends on besides the map's terrain: the unit, its profile and mode, and where
/// every unit stands. Listing a unit's moves and resolving each of them (as the computer opponent
/// does for every move it weighs) then searches once.
struct SearchKey {
    map: Arc<HexMap>,
    unit: UnitId,
    profile: u16,
    mode: MoveMode,
    places: Vec<Option<Hex>>,
}

thread_local! {
    static SEARCHED: RefCell<Recent<SearchKey, Option<Rc<Reachable>>>> = const { RefCell::new(Recent::new(4)) };
}

fn search(b: &B, unit: UnitId, mode: MoveMode) -> Option<Rc<Reachable>> {
    let profile = b.unit(unit)?.state.profile;
    let same = |k: &SearchKey| {
        k.unit == unit
            && k.mode == mode
            && k.profile == profile
            && Arc::ptr_eq(&k.map, &b.map)
            && k.places.len() == b.units.len()
            && k.places.iter().zip(&b.units).all(|(p, u)| *p == u.hex)
    };
    SEARCHED.with_borrow_mut(|kept| {
        kept.get_or_make(same, || {
            let key = SearchKey {
                map: b.map.clone(),
                unit,
                profile,
                mode,
                places: b.units.iter().map(|u| u.hex).collect(),
            };
            (key, search_uncached(b, unit, mode).map(Rc::new))
        })
    })
}

/// What a unit may spend on a move of this mode from where it stands; `None` when it may not.
fn budget(b: &B, unit: UnitId, mode: MoveMode) -> Option<u32> {
    let u = b.unit(unit)?;
    let start = u.hex?;
    let p = u.state.profile();
    let t = &tables().terrain;
    let budget = match mode {
        MoveMode::Normal => p.movement,
        MoveMode::RoadMarch if b.map.at(start).road && p.movement > 0 => p.movement + t.road_march_bonus,
        MoveMode::Mounted if p.mounted_move => p.movement + t.mounted_move_bonus,
        _ => return None,
    };
    (budget > 0).then_some(u32::from(budget))
}

fn search_uncached(b: &B, unit: UnitId, mode: MoveMode) -> Option<Reachable> {
    let u = b.unit(unit)?;
    let start = u.hex?;
    let p = u.state.profile();
    let budget = budget(b, unit, mode)?;
    let (occupant, enemy_zone) = occupancy(b, u.side);
    let steps = Steps {
        b,
        side: u.side,
        mobility: p.mobility(),
        road_only: mode == MoveMode::RoadMarch,
        occupant,
        enemy_zone,
    };
    Some(reachable(&b.map, start, budget, &steps))
}
/// `impassable` on a bare map, for checking a scenario before any battle exists.
pub fn impassable_for(map: &crate::hex::HexMap, mobility: Mobility, hex: Hex) -> bool {
    match map.terrain(hex) {
        None => true,
        Some(t) => !t.road && tables().terrain.ground(t.ground).cost(mobility).is_none(),
    }
}
