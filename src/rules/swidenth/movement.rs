//! Where a figure may move (l. 66, 73, 80; H-S7, H-S16): hex by hex at the terrain's cost, never
//! through another figure or a shut door, and once next to an enemy only into hexes still next to
//! it, so a figure may slide round an enemy but never leave it (l. 85).

use super::figure::{B, U};
use super::setup::impassable;
use crate::hex::path::{Reachable, StepRules, nearest, reachable};
use crate::hex::{Ground, Hex};

struct FigureSteps<'a> {
    b: &'a B,
    /// Per hex of the map: no step may enter it (not `enterable`, or another figure stands there).
    /// Read once a search from the figures and the doors, not at every step.
    closed: Vec<bool>,
    /// Where the figure's enemies on the board stand.
    enemies: Vec<Hex>,
}

impl<'a> FigureSteps<'a> {
    fn new(b: &'a B, figure: &U) -> FigureSteps<'a> {
        let mut closed: Vec<bool> = b.map.hexes().map(|h| !enterable(b, h)).collect();
        for h in b.on_board().filter(|u| u.id != figure.id).filter_map(|u| u.hex) {
            if let Some(i) = b.map.index(h) {
                closed[i] = true;
            }
        }
        let enemies = b.on_board().filter(|e| e.side != figure.side).filter_map(|e| e.hex).collect();
        FigureSteps { b, closed, enemies }
    }
}

/// What a hex costs to enter (H-S7): 2 for forest, rocky ground, marsh, a stream and ruins; 1 for
/// open ground and any hex a road crosses.
pub fn cost(b: &B, hex: Hex) -> u32 {
    let t = b.map.at(hex);
    match t.ground {
        _ if t.road => 1,
        Ground::Forest | Ground::Rocky | Ground::Marsh | Ground::Stream | Ground::Buildings => 2,
        _ => 1,
    }
}

/// Whether any figure may ever stand in `hex` now: on the map, not a river or a wall, not a shut
/// door or a lever.
pub fn enterable(b: &B, hex: Hex) -> bool {
    b.map.contains(hex) && !impassable(b.map.at(hex).ground) && !b.global.shut_door(hex) && !b.global.lever_at(hex)
}

impl StepRules for FigureSteps<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        if self.b.map.index(to).is_none_or(|i| self.closed[i]) {
            return None;
        }
        // H-S16: every enemy next to the hex it leaves must be next to the hex it enters.
        if self.enemies.iter().any(|e| e.unsigned_distance_to(from) == 1 && e.unsigned_distance_to(to) != 1) {
            return None;
        }
        Some(cost(self.b, to))
    }

    fn may_continue_from(&self, _hex: Hex) -> bool {
        true
    }

    fn may_end_in(&self, _hex: Hex) -> bool {
        true
    }
}

/// Every hex `figure` can reach spending at most `budget`, and the way to each.
pub fn reach(b: &B, figure: &U, budget: u32) -> Option<Reachable> {
    let start = figure.hex?;
    Some(reachable(&b.map, start, budget, &FigureSteps::new(b, figure)))
}

/// The cheapest way for `figure` to `to` within `budget` (the start left out), as `reach` would
/// trace it, searching no farther than `to`.
pub fn way(b: &B, figure: &U, budget: u32, to: Hex) -> Option<Vec<Hex>> {
    let (goal, found) = nearest(&b.map, figure.hex?, budget, &FigureSteps::new(b, figure), |h| h == to)?;
    found.path(&b.map, goal)
}

/// A first-action move's budget: its Mouvement (l. 66).
pub fn move_budget(u: &U) -> u32 {
    u32::try_from(u.state.row().mouv.max(0)).unwrap_or(0)
}

/// A run's: half its Mouvement, rounded down (l. 73, A4).
pub fn run_budget(u: &U) -> u32 {
    move_budget(u) / 2
}
