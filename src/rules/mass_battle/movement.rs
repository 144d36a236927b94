//! The movement phase's moves (H-M1, H-M4): what a step costs, where a unit can go, and the
//! deterministic order in which simultaneous moves resolve, so the outcome never depends on who
//! typed first. The phase itself (departures, pursuits, damage) is in `sequence.rs`.

use super::data::{Trait, tables};
use super::setup::impassable;
use super::state::{Order, UnitState};
use crate::battle::{Battle, UnitId};
use crate::hex::path::{Reachable, StepRules, nearest, reachable};
use crate::hex::{BoardEdge, Ground, Hex, Offset, hex_key};

type B = Battle<super::MassBattle>;

/// A unit's hexes a sequence (H-M1).
pub fn allowance(s: &UnitState) -> u8 {
    tables().movement.allowance(&s.row().moves_as)
}

/// How one unit steps (H-M1): fliers ignore ground and units; others pay for rough ground, streams
/// and climbs, cross rivers only by a road (a ford or bridge), pass through friends but not
/// enemies, and never end on another unit.
pub struct Steps<'a> {
    b: &'a B,
    mounted: bool,
    flies: bool,
    /// `Cell` bits for each hex of the map, read once from the units and the siege rather than
    /// looked up in their lists at every step of a search.
    cells: Vec<u8>,
    /// Whether this unit's side holds the fortification.
    besieged: bool,
}

/// What stands on a hex, for `Steps::cells`.
struct Cell;

impl Cell {
    const UNIT: u8 = 1;
    const ENEMY: u8 = 2;
    const WALL: u8 = 4;
    const GATE: u8 = 8;
    const INSIDE: u8 = 16;
    const BREACH: u8 = 32;
}

impl<'a> Steps<'a> {
    pub fn of(b: &'a B, id: UnitId) -> Option<Steps<'a>> {
        let u = b.unit(id)?;
        let mut cells = vec![0u8; b.map.len()];
        let mut mark = |hexes: &mut dyn Iterator<Item = Hex>, bit: u8| {
            for i in hexes.filter_map(|h| b.map.index(h)) {
                cells[i] |= bit;
            }
        };
        mark(&mut b.units.iter().filter_map(|o| o.hex), Cell::UNIT);
        mark(&mut b.units.iter().filter(|o| o.side != u.side).filter_map(|o| o.hex), Cell::ENEMY);
        if let Some(s) = super::siege::siege(b) {
            mark(&mut s.sections.iter().flat_map(|x| x.walls.iter().copied()), Cell::WALL);
            mark(&mut s.gates.iter().copied(), Cell::GATE);
            mark(&mut s.inside.iter().copied(), Cell::INSIDE);
            mark(&mut s.breaches.iter().copied(), Cell::BREACH);
        }
        Some(Steps {
            b,
            mounted: u.state.has(&Trait::Mounted),
            flies: u.state.flies(),
            cells,
            besieged: super::siege::besieged(b) == Some(u.side),
        })
    }

    fn cell(&self, hex: Hex) -> u8 {
        self.b.map.index(hex).map_or(0, |i| self.cells[i])
    }

    /// `siege::standing_wall`: a wall or gate hex not breached.
    fn standing_wall(&self, hex: Hex) -> bool {
        let c = self.cell(hex);
        c & (Cell::WALL | Cell::GATE) != 0 && c & Cell::BREACH == 0
    }

    /// Whether a besieged unit may step between `from` and `to` (B4): across its walls only at a
    /// gate or a breach, never over a standing wall into the field or back.
    fn crossing_allowed(&self, from: Hex, to: Hex) -> bool {
        let closed = |h: Hex| self.standing_wall(h) && self.cell(h) & Cell::GATE == 0;
        let within = |h: Hex| self.cell(h) & (Cell::WALL | Cell::GATE | Cell::INSIDE) != 0;
        !((closed(from) && !within(to)) || (closed(to) && !within(from)))
    }
}

impl StepRules for Steps<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let m = &tables().movement;
        if self.flies {
            return Some(1);
        }
        if self.cell(to) & Cell::ENEMY != 0 {
            return None;
        }
        let t = self.b.map.at(to);
        // A fortification's walls: rubble where breached, else only for its defenders (H-M13).
        if self.cell(to) & Cell::BREACH != 0 {
            return Some(u32::from(m.rubble));
        }
        if self.besieged {
            if !self.crossing_allowed(from, to) {
                return None;
            }
            if self.standing_wall(to) {
                return Some(u32::from(m.open));
            }
        }
        let ground = match t.ground {
            Ground::River if t.road => m.open,
            g if impassable(g) => return None,
            _ if t.road => m.open,
            Ground::Open | Ground::Stream => m.open,
            Ground::Forest | Ground::Marsh | Ground::Rocky | Ground::Buildings if self.mounted => {
                m.rough_mounted
            }
            _ => m.rough,
        };
        let stream = if t.ground == Ground::Stream && !t.road {
            m.stream
        } else {
            0
        };
        let climb = if t.level > self.b.map.level(from) {
            m.climb
        } else {
            0
        };
        Some(u32::from(ground + stream + climb))
    }

    fn may_continue_from(&self, _hex: Hex) -> bool {
        true
    }

    /// Never on another unit, nor (for a flier) on the walls of a fortification it besieges.
    fn may_end_in(&self, hex: Hex) -> bool {
        let enemy_wall = self.standing_wall(hex) && !self.besieged;
        self.cell(hex) & Cell::UNIT == 0 && !enemy_wall
    }
}

/// Where `id` can go this sequence, with the path to each hex.
pub fn reach(b: &B, id: UnitId) -> Option<Reachable> {
    reach_by(b, id, &Steps::of(b, id)?)
}

/// `reach`, with the unit's `Steps` already read.
fn reach_by(b: &B, id: UnitId, steps: &Steps) -> Option<Reachable> {
    let u = b.unit(id)?;
    Some(reachable(&b.map, u.hex?, u32::from(allowance(&u.state)), steps))
}

/// Whether `hex` lies within a unit's reach: its allowance and one hex, as a hero seeks his peer
/// (l. 125, H-M6) and a huge creature its prey (H-M16).
pub fn within_reach(u: &crate::battle::Unit<UnitState>, hex: Hex) -> bool {
    u.hex.is_some_and(|at| at.unsigned_distance_to(hex) <= u32::from(allowance(&u.state)) + 1)
}

/// Rows between a hex and a side's own edge.
pub fn from_edge(b: &B, edge: BoardEdge, hex: Hex) -> i32 {
    let Offset(col, row) = Offset::from_hex(hex);
    match edge {
        BoardEdge::North => row,
        BoardEdge::South => b.map.height() - 1 - row,
        BoardEdge::West => col,
        BoardEdge::East => b.map.width() - 1 - col,
    }
}

/// The hexes of a March (H-M3): reachable, not next to an enemy, but for a ram's post at a gate
/// (l. 194, `engines::ram_post`).
pub fn marches(b: &B, id: UnitId) -> Vec<Hex> {
    let (Some(u), Some(r)) = (b.unit(id), reach(b, id)) else {
        return Vec::new();
    };
    r.reach
        .iter()
        .map(|x| x.hex)
        .filter(|h| may_halt(b, u, *h))
        .collect()
}

/// Whether a march may end in `hex`: next to no enemy, or a ram's post (l. 194).
fn may_halt(b: &B, u: &crate::battle::Unit<UnitState>, hex: Hex) -> bool {
    !b.enemy_next_to(u.side, hex) || super::engines::ram_post(b, u, hex)
}

/// A March's way to `to` (H-M3), as far as it can go now: moves resolve one by one, so a hex
/// taken meanwhile stops it on the last hex of its path it may end in, away from enemies.
pub fn march_path(b: &B, id: UnitId, to: Hex) -> Option<Vec<Hex>> {
    let u = b.unit(id)?;
    let steps = Steps::of(b, id)?;
    let path = reach_by(b, id, &steps)?.path(&b.map, to)?;
    let stop = path
        .iter()
        .rposition(|h| steps.may_end_in(*h) && may_halt(b, u, *h))?;
    Some(path[..=stop].to_vec())
}

/// A besieger's way through the breaches (l. 200, H-M13): each breach hex lets `breach_throughput`
/// besieger units through a movement phase, counted in `through` in the order the moves resolve.
/// A way that meets a breach already used up stops before it, on the last hex where the unit may
/// stand (away from enemies for a March); the second part says whether it was cut. Fliers go over
/// the walls and the besieged through their own breaches freely.
pub fn through_breaches(b: &B, id: UnitId, path: Vec<Hex>, through: &mut Vec<Hex>, march: bool) -> (Vec<Hex>, bool) {
    let Some(u) = b.unit(id) else { return (path, false) };
    let Some(steps) = Steps::of(b, id) else { return (path, false) };
    if steps.flies || super::siege::siege(b).is_none_or(|s| s.besieger != u.side) {
        return (path, false);
    }
    let limit = usize::from(tables().siege.breach_throughput);
    let used = |h: &Hex| through.iter().filter(|x| *x == h).count() >= limit;
    let full = path.iter().position(|h| super::siege::breach(b, *h) && used(h));
    let (path, cut) = match full {
        None => (path, false),
        Some(i) => {
            let stop = path[..i].iter().rposition(|h| steps.may_end_in(*h) && !(march && b.enemy_next_to(u.side, *h)));
            (stop.map_or_else(Vec::new, |j| path[..=j].to_vec()), true)
        }
    };
    through.extend(path.iter().copied().filter(|h| super::siege::breach(b, *h)));
    (path, cut)
}

/// A disengaging unit's move (H-M4 step 3): the reachable hex not next to an enemy, then (for the
/// besieged) within their walls (l. 206), then closest to its own edge, then first by position;
/// `None` to stay put.
pub fn disengage_to(b: &B, id: UnitId) -> Option<(Hex, Vec<Hex>)> {
    let u = b.unit(id)?;
    let r = reach(b, id)?;
    let edge = b.edge(u.side);
    let home = super::siege::besieged(b) == Some(u.side);
    let best = r
        .reach
        .iter()
        .map(|x| x.hex)
        .filter(|h| !b.enemy_next_to(u.side, *h))
        .min_by_key(|h| (home && !super::siege::within(b, *h), from_edge(b, edge, *h), hex_key(*h)))?;
    Some((best, r.path(&b.map, best)?))
}

/// The goal of an Engage: the free hex next to the target nearest to the mover by path cost (ties
/// by position), with the path; or, out of reach, as far as it gets along the way to it. The
/// second part says whether it arrives.
pub fn engage_path(b: &B, id: UnitId, target: UnitId) -> Option<(Vec<Hex>, bool)> {
    let u = b.unit(id)?;
    let at = u.hex?;
    let foe = b.unit(target)?;
    let t = foe.hex?;
    let strikes = |h: Hex| super::siege::strikes_from(b, u, foe, h);
    if strikes(at) {
        return Some((Vec::new(), true));
    }
    let steps = Steps::of(b, id)?;
    let own = allowance(&u.state);
    let path = way_to(b, &steps, at, t, strikes)?;
    let goal = *path.last()?;
    let near = reachable(&b.map, at, u32::from(own), &steps);
    if near.cost(&b.map, goal).is_some() {
        return Some((path, true));
    }
    // As far as it gets along the path, ending on a hex it may stand in.
    let stop = path
        .iter()
        .rposition(|h| near.cost(&b.map, *h).is_some() && steps.may_end_in(*h));
    Some((stop.map_or_else(Vec::new, |i| path[..=i].to_vec()), false))
}

/// The cheapest way from `start` to a hex next to `end` where the mover may stand and `strikes`
/// (ties by position), over the whole board: the allowance cuts it afterwards.
fn way_to(b: &B, steps: &Steps, start: Hex, end: Hex, strikes: impl Fn(Hex) -> bool) -> Option<Vec<Hex>> {
    let (goal, far) = nearest(&b.map, start, u32::MAX / 4, steps, |h| h.unsigned_distance_to(end) == 1 && strikes(h))?;
    far.path(&b.map, goal)
}

/// Whether units `a` and `c` stand next to each other.
pub fn adjacent(b: &B, a: UnitId, c: UnitId) -> bool {
    let hex = |id: UnitId| b.unit(id).and_then(|u| u.hex);
    hex(a)
        .zip(hex(c))
        .is_some_and(|(x, y)| x.unsigned_distance_to(y) == 1)
}

/// The order of free moves (H-M4 step 4): a unit whose target stands still first, the shorter
/// way first, then the lower id; a target that moves goes before the unit engaging it; a cycle
/// is broken at its lowest id.
pub fn move_order(b: &B, movers: &[(UnitId, Order)]) -> Vec<UnitId> {
    let target_of = |id: UnitId| {
        movers
            .iter()
            .find(|(m, _)| *m == id)
            .and_then(|(_, o)| match o {
                Order::Engage(t) => Some(*t),
                _ => None,
            })
    };
    let moving = |id: UnitId| movers.iter().any(|(m, _)| *m == id);
    // Each engager's way, measured once: nobody moves while the order is worked out.
    let ways: Vec<(UnitId, usize)> = movers
        .iter()
        .map(|(m, _)| {
            (
                *m,
                target_of(*m)
                    .and_then(|t| engage_path(b, *m, t))
                    .map_or(0, |(p, _)| p.len()),
            )
        })
        .collect();
    let way = |m: UnitId| ways.iter().find(|(x, _)| *x == m).map_or(0, |(_, w)| *w);
    let mut left: Vec<UnitId> = movers.iter().map(|(m, _)| *m).collect();
    let mut out = Vec::new();
    let mut stationary = Vec::new();
    while !left.is_empty() {
        // Ready: marching, or engaging a unit that stands still or has already moved.
        let ready: Vec<UnitId> = left
            .iter()
            .copied()
            .filter(|m| target_of(*m).is_none_or(|t| !moving(t) || !left.contains(&t)))
            .collect();
        if ready.is_empty() {
            // A cycle: its lowest id is treated as standing still, and goes last.
            let Some(lowest) = left.iter().copied().min() else {
                break;
            };
            left.retain(|m| *m != lowest);
            stationary.push(lowest);
            continue;
        }
        let pick = ready.iter().copied().min_by_key(|m| (way(*m), *m));
        let Some(pick) = pick else { break };
        left.retain(|m| *m != pick);
        out.push(pick);
    }
    out.extend(stationary);
    out
}

/// Two free units engaging each other within reach of both meet on the way (H-M4): the faster
/// covers ⌈(d−1) × its allowance ÷ both allowances⌉ hexes of its shortest path to the other, which
/// walks the rest of that path (counted in hexes, as H-M4 counts them) where it may go. The path
/// of each, or `None` when they cannot meet this sequence.
pub fn meeting(b: &B, a: UnitId, c: UnitId) -> Option<(Vec<Hex>, Vec<Hex>)> {
    let (ua, uc) = (b.unit(a)?, b.unit(c)?);
    let (fa, fc) = (
        u32::from(allowance(&ua.state)),
        u32::from(allowance(&uc.state)),
    );
    let (fast, slow, ff) = if fa > fc || (fa == fc && a < c) {
        (a, c, fa)
    } else {
        (c, a, fc)
    };
    let steps = Steps::of(b, fast)?;
    let start = b.unit(fast)?.hex?;
    let end = b.unit(slow)?.hex?;
    let path = way_to(b, &steps, start, end, |_| true)?;
    let gap = u32::try_from(path.len()).ok()?;
    if gap > fa + fc {
        return None;
    }
    let k = usize::try_from((gap * ff).div_ceil(fa + fc))
        .ok()?
        .min(path.len());
    // Both must be able to stand where they meet; else each goes its own way.
    let free = |i: usize| steps.may_end_in(path[i]);
    if (k > 0 && !free(k - 1)) || (k < path.len() && !free(k)) {
        return None;
    }
    let fast_path = path[..k].to_vec();
    // The slower one walks the rest of the way, from its end back toward the faster one, if it
    // may go there itself: the faster one's way may cross ground closed to it, such as the walls
    // its enemy defends (H-M13).
    let slow_path: Vec<Hex> = path[k..].iter().rev().copied().collect();
    let slow_steps = Steps::of(b, slow)?;
    let mut from = end;
    for hex in &slow_path {
        slow_steps.step_cost(from, *hex)?;
        from = *hex;
    }
    if slow_path.last().is_some_and(|h| !slow_steps.may_end_in(*h)) {
        return None;
    }
    Some(if fast == a {
        (fast_path, slow_path)
    } else {
        (slow_path, fast_path)
    })
}
