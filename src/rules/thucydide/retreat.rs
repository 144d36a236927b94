//! Where a retreat or a panicking elephant's flight may go (seed, "Repli" and "Eléphant en panique"):
//! every hex toward the own board edge, terrain ignored but impassable ground barred, friends crossed
//! only when light and crossed wholly, never through enemies.

use super::Thucydide;
use super::movement::impassable;
use super::state::UnitState;
use crate::battle::{Battle, Unit};
use crate::hex::Hex;

type B = Battle<Thucydide>;

struct Search<'a> {
    b: &'a B,
    unit: &'a Unit<UnitState>,
    hexes: u8,
    may_leave_board: bool,
    through_units: bool,
    best_score: usize,
    best: Vec<Vec<Hex>>,
}

/// The retreat paths of the greatest length the unit can make, up to `hexes`, one per end hex
/// (the first found, trying the edge-ward hexsides in order). A path whose last hex is off the map
/// is a flight off the board edge (only when `may_leave_board`) and counts as complete.
/// `through_units` ignores every unit (to tell ground that bars the way from units that do).
/// Returns `[[]]` when the unit cannot move at all.
pub fn retreat_paths(b: &B, unit: &Unit<UnitState>, hexes: u8, may_leave_board: bool, through_units: bool) -> Vec<Vec<Hex>> {
    let Some(start) = unit.hex else { return vec![Vec::new()] };
    let mut s = Search {
        b,
        unit,
        hexes,
        may_leave_board,
        through_units,
        best_score: 0,
        best: vec![Vec::new()],
    };
    let mut path = Vec::new();
    s.explore(start, &mut path);
    s.best
}

impl Search<'_> {
    fn explore(&mut self, at: Hex, path: &mut Vec<Hex>) {
        if path.len() >= usize::from(self.hexes) {
            return;
        }
        let mobility = self.unit.state.profile().mobility();
        for d in self.b.edge(self.unit.side).directions() {
            let next = d.step(at);
            if !self.b.map.contains(next) {
                if self.may_leave_board {
                    path.push(next);
                    self.offer(path, usize::from(self.hexes));
                    path.pop();
                }
                continue;
            }
            if impassable(self.b, mobility, next) || path.contains(&next) {
                continue;
            }
            let occupant = if self.through_units {
                None
            } else {
                self.b.unit_at(next).filter(|o| o.id != self.unit.id)
            };
            let may_cross = occupant.is_none_or(|o| {
                o.side == self.unit.side && !o.state.panicked && o.state.profile().armour.is_light()
            });
            if !may_cross {
                continue;
            }
            path.push(next);
            if occupant.is_none() {
                self.offer(path, path.len());
            }
            self.explore(next, path);
            path.pop();
        }
    }

    fn offer(&mut self, path: &[Hex], score: usize) {
        if score > self.best_score {
            self.best_score = score;
            self.best.clear();
            self.best.push(path.to_vec());
        } else if score == self.best_score && !self.best.iter().any(|p| p.last() == path.last()) {
            self.best.push(path.to_vec());
        }
    }
}

/// Hexes a path achieves: all of them once it leaves the board.
pub fn achieved(b: &B, path: &[Hex], asked: u8) -> u8 {
    if leaves_board(b, path) { asked } else { path.len() as u8 }
}

/// Whether a path ends off the board (a fleeing elephant leaving the battle).
pub fn leaves_board(b: &B, path: &[Hex]) -> bool {
    path.last().is_some_and(|h| !b.map.contains(*h))
}
