//! Where a unit can go in one move and the paths there (HB-6): steps forward and lateral keeping
//! facing, backward at double cost, terrain from the movement table (BP3.7–3.10, HB-17), no hex
//! next to an enemy but a charge's last; and the constrained moves the rules make for a unit:
//! charges (HB-7), retiring (BP8.8–8.9), evading (BP12) and blunders (BP9).

use super::data::{MoveEffect, MoveTerrain, tables};
use super::unit::{self, B, U, groups, rate};
use crate::hex::path::{Reachable, StepRules, reachable};
use crate::hex::{Direction, Ground, Hex, hex_key};

/// Which steps a search allows, by the hexside of the unit's facing they cross (0 = its front,
/// 3 = its rear, clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// An ordinary move: forward, lateral (not while disordered, BP10.6) and backward (HB-6).
    Free { lateral: bool },
    /// Only through these relative hexsides, each at the forward cost (retire, blunders).
    Only(&'static [i32]),
    /// Each step strictly farther from `from` (evading, retreating from the nearest enemy).
    AwayFrom(Hex),
}

/// Where a search may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// In an empty hex out of contact with any enemy.
    OutOfContact,
    /// In an empty hex next to this enemy (a charge's last hex).
    NextTo(Hex),
}

struct Rules<'a> {
    b: &'a B,
    unit: &'a U,
    steps: Steps,
    ends: Ends,
    /// Friends may be passed through (skirmishers; units retiring or evading).
    through_friends: bool,
}

impl Rules<'_> {
    fn enemy_next_to(&self, hex: Hex) -> bool {
        self.b.enemy_next_to(self.unit.side, hex)
    }

    /// The inches a step costs by its direction, before terrain; `None` when not allowed.
    fn direction_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let side = Direction::between(from, to)?;
        let rel = (side.index() - self.unit.facing.index()).rem_euclid(6);
        let s = &tables().movement.steps;
        match self.steps {
            Steps::Free { lateral } => match rel {
                0 | 1 | 5 => Some(u32::from(s.forward)),
                2 | 4 if lateral => Some(u32::from(s.lateral)),
                3 => Some(u32::from(s.backward)),
                _ => None,
            },
            Steps::Only(allowed) => allowed.contains(&rel).then_some(u32::from(s.forward)),
            Steps::AwayFrom(hex) => (to.unsigned_distance_to(hex) > from.unsigned_distance_to(hex)).then_some(u32::from(s.forward)),
        }
    }
}

/// What terrain does to a step into `to` across the edge from `from` (BP3.7–3.10, HB-17).
pub fn terrain_cost(b: &B, u: &U, from: Hex, to: Hex, base: u32) -> Option<u32> {
    let t = &tables().movement;
    let g = groups(&u.state);
    let ground = b.map.at(to);
    let mut cost = base;
    let mut apply = |terrain: MoveTerrain| -> Option<()> {
        match t.terrain_effect(terrain, g) {
            Some(MoveEffect::Impassable) => return None,
            Some(MoveEffect::Half) => cost += base,
            Some(MoveEffect::Penalty(n)) => cost += u32::from(n),
            Some(MoveEffect::Normal) | None => {}
        }
        Some(())
    };
    match ground.ground {
        Ground::River if !ground.road => return None,
        Ground::Forest => apply(MoveTerrain::Woods)?,
        Ground::Marsh | Ground::Rocky | Ground::Stream => apply(MoveTerrain::DifficultTerrain)?,
        Ground::Buildings => apply(MoveTerrain::EnterBuilding)?,
        Ground::Fortification => apply(MoveTerrain::Obstacle)?,
        Ground::Open | Ground::River => {}
    }
    if b.map.hexsides.between(from, to).is_some() {
        apply(MoveTerrain::Obstacle)?;
    }
    if u.state.is_artillery() && ground.ground != Ground::Open && !ground.road {
        // HB-17: guns keep to open ground and roads.
        return None;
    }
    Some(cost)
}

impl StepRules for Rules<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let base = self.direction_cost(from, to)?;
        let occupied = self.b.units_at(to).any(|o| o.id != self.unit.id && (o.side != self.unit.side || !self.through_friends));
        if occupied {
            return None;
        }
        if self.enemy_next_to(to) && self.ends != Ends::NextTo(self.target_hex()?) {
            return None;
        }
        terrain_cost(self.b, self.unit, from, to, base)
    }

    fn may_continue_from(&self, hex: Hex) -> bool {
        !self.enemy_next_to(hex)
    }

    fn may_end_in(&self, hex: Hex) -> bool {
        let empty = self.b.units_at(hex).all(|o| o.id == self.unit.id);
        let building_free = !unit::in_building(self.b, hex) || empty;
        empty
            && building_free
            && match self.ends {
                Ends::OutOfContact => !self.enemy_next_to(hex),
                Ends::NextTo(target) => hex.unsigned_distance_to(target) == 1,
            }
    }
}

impl Rules<'_> {
    fn target_hex(&self) -> Option<Hex> {
        match self.ends {
            Ends::NextTo(h) => Some(h),
            Ends::OutOfContact => None,
        }
    }
}

/// A search's result: every end hex, with its path and cost, in a stable order.
pub struct Search {
    pub ends: Vec<(Hex, Vec<Hex>, u32)>,
}

/// Every hex the unit can end in within `budget` inches. A first step dearer than the whole budget
/// is still allowed when it is the whole move (HB-6's minimum move).
pub fn search(b: &B, u: &U, budget: u32, steps: Steps, ends: Ends, through_friends: bool) -> Search {
    let Some((found, ends)) = end_hexes(b, u, budget, steps, ends, through_friends, None) else { return Search { ends: Vec::new() } };
    Search { ends: ends.into_iter().map(|(hex, _, cost)| (hex, found.path(&b.map, hex).unwrap_or_else(|| vec![hex]), cost)).collect() }
}

/// A search's end hexes, each with the hex its path comes from and its cost, and the search itself,
/// whose `path` traces the way to each.
type EndHexes = (Reachable, Vec<(Hex, Hex, u32)>);

/// `search`'s ends without their paths; with `only`, that hex alone if it is one.
fn end_hexes(b: &B, u: &U, budget: u32, steps: Steps, ends: Ends, through_friends: bool, only: Option<Hex>) -> Option<EndHexes> {
    let start = u.hex?;
    let rules = Rules { b, unit: u, steps, ends, through_friends };
    let wanted = |h: Hex| only.is_none_or(|o| o == h);
    let found: Reachable = reachable(&b.map, start, budget, &rules);
    let mut out: Vec<(Hex, Hex, u32)> = found.reach.iter().filter(|r| wanted(r.hex)).map(|r| (r.hex, found.previous(&b.map, r.hex).unwrap_or(start), r.cost)).collect();
    for next in b.map.neighbours(start).filter(|h| wanted(*h)) {
        if out.iter().any(|(h, _, _)| *h == next) || !rules.may_end_in(next) {
            continue;
        }
        if let Some(cost) = rules.step_cost(start, next).filter(|c| *c > budget) {
            out.push((next, start, cost.min(budget)));
        }
    }
    out.sort_by_key(|(h, _, cost)| (*cost, hex_key(*h)));
    Some((found, out))
}

/// The moves an ordinary move of `u` may end in: the hex and the facings allowed there (its own,
/// or a 60° wheel toward its last step, HB-6).
pub fn moves(b: &B, u: &U) -> Vec<(Hex, Vec<Direction>)> {
    let Some((_, ends)) = ordinary_move(b, u, None) else { return Vec::new() };
    ends.into_iter()
        .map(|(hex, before, _)| {
            let mut facings = vec![u.facing];
            if let Some(last) = Direction::between(before, hex).filter(|d| *d == u.facing.turned(1) || *d == u.facing.turned(-1)) {
                facings.push(last);
            }
            (hex, facings)
        })
        .collect()
}

fn ordinary_move(b: &B, u: &U, only: Option<Hex>) -> Option<EndHexes> {
    let steps = Steps::Free { lateral: !u.state.disordered };
    end_hexes(b, u, u32::from(rate(&u.state)), steps, Ends::OutOfContact, u.state.skirmishing(), only)
}

/// The path of a move to `to`, if one exists.
pub fn move_path(b: &B, u: &U, to: Hex) -> Option<Vec<Hex>> {
    let (found, ends) = ordinary_move(b, u, Some(to))?;
    ends.first().map(|(hex, _, _)| found.path(&b.map, *hex).unwrap_or_else(|| vec![*hex]))
}

/// The hexes from which `u` can charge `target` in one move of `budget` inches, with their paths
/// (HB-7): the target in its front sector at the start, the path out of contact until its last
/// hex, which touches the target. The charger ends facing the target.
pub fn charges(b: &B, u: &U, target: &U, budget: u32) -> Vec<(Hex, Vec<Hex>)> {
    let steps = Steps::Free { lateral: !u.state.disordered && !(u.state.shaken() && u.state.troop() == super::data::Troop::Cavalry) };
    charges_by(b, u, target, budget, steps)
}

/// The charges of `u` at `target` going `way` (a blunder's move where a charge is possible,
/// BP9.3–9.5): as `charges`, with every step in the blunder's direction.
pub fn charges_going(b: &B, u: &U, target: &U, way: Way, budget: u32) -> Vec<(Hex, Vec<Hex>)> {
    charges_by(b, u, target, budget, way.steps())
}

fn charges_by(b: &B, u: &U, target: &U, budget: u32, steps: Steps) -> Vec<(Hex, Vec<Hex>)> {
    let (Some(at), Some(goal)) = (u.hex, target.hex) else { return Vec::new() };
    if u.facing.sector(at, goal) != Some(crate::hex::Sector::Front) {
        return Vec::new();
    }
    search(b, u, budget, steps, Ends::NextTo(goal), u.state.skirmishing()).ends.into_iter().map(|(h, p, _)| (h, p)).collect()
}

/// The relative hexsides of a retire (B.3.3: F+2, F+3, F+4, facing kept).
const BACKWARD: &[i32] = &[2, 3, 4];
const LEFT: &[i32] = &[5, 4];
const RIGHT: &[i32] = &[1, 2];
const FORWARD: &[i32] = &[0, 1, 5];

/// Which way a blunder sends a unit (BP9, B.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Backward,
    Left,
    Right,
    Forward,
    AwayFrom(Hex),
}

impl Way {
    fn steps(self) -> Steps {
        match self {
            Way::Backward => Steps::Only(BACKWARD),
            Way::Left => Steps::Only(LEFT),
            Way::Right => Steps::Only(RIGHT),
            Way::Forward => Steps::Only(FORWARD),
            Way::AwayFrom(h) => Steps::AwayFrom(h),
        }
    }
}

/// The ends a unit reaches going `way` for `budget` inches, out of contact, passing through
/// friends when `through_friends`, at the greatest cost any reaches, with their cost: the ends its
/// owner picks among (B.4). The rules' own preference comes first: the end farthest from the
/// nearest enemy, then the board's order. Empty when it cannot move at all.
pub fn farthest_ends(b: &B, u: &U, way: Way, budget: u32, through_friends: bool) -> (u32, Vec<(Hex, Vec<Hex>)>) {
    let found = search(b, u, budget, way.steps(), Ends::OutOfContact, through_friends);
    let Some(best) = found.ends.iter().map(|(_, _, cost)| *cost).max() else { return (0, Vec::new()) };
    let far = |h: Hex| unit::nearest_enemy(b, u.side, h).unwrap_or(0);
    let mut ends: Vec<(Hex, Vec<Hex>)> = found.ends.into_iter().filter(|(_, _, cost)| *cost == best).map(|(h, p, _)| (h, p)).collect();
    ends.sort_by_key(|(h, _)| (std::cmp::Reverse(far(*h)), hex_key(*h)));
    (best, ends)
}

/// The ends of a retire of `moves` moves (BP8.8–8.9): backward through friends, out of contact, as
/// far as it goes. It succeeds when it covers what a full move covers in the open, less one step
/// (B.3.3); else there is none.
pub fn retire_ends(b: &B, u: &U, moves: u8) -> Vec<(Hex, Vec<Hex>)> {
    let one = u32::from(rate(&u.state));
    let step = u32::from(tables().movement.steps.forward);
    let (cost, ends) = farthest_ends(b, u, Way::Backward, one * u32::from(moves), true);
    if cost + step > one { ends } else { Vec::new() }
}
