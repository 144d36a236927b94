//! Where a retreat or a panicking elephant's flight may go (seed, "Repli" and "Eléphant en panique"):
//! every hex toward the own board edge (the shared search of `hex::retreat`), terrain ignored but
//! impassable ground barred, friends crossed only when light and crossed wholly, never through
//! enemies.

use super::Thucydide;
use super::data::Mobility;
use super::movement::impassable;
use super::state::UnitState;
use crate::battle::{Battle, Unit};
use crate::hex::Hex;
use crate::hex::retreat::{Occupant, RetreatRules, leaves_board};

type B = Battle<Thucydide>;

/// Thucydide's answers for one retreating unit.
struct Rules<'a> {
    b: &'a B,
    unit: &'a Unit<UnitState>,
    mobility: Mobility,
    through_units: bool,
}

impl RetreatRules for Rules<'_> {
    fn barred(&self, hex: Hex) -> bool {
        impassable(self.b, self.mobility, hex)
    }

    fn occupant(&self, hex: Hex) -> Occupant {
        match self.b.unit_at(hex).filter(|o| !self.through_units && o.id != self.unit.id) {
            None => Occupant::Free,
            Some(o) if o.side == self.unit.side && !o.state.panicked && o.state.profile().armour.is_light() => Occupant::Crossable,
            Some(_) => Occupant::Blocking,
        }
    }
}

/// The retreat paths of the greatest length the unit can make, up to `hexes` (see
/// `hex::retreat::retreat_paths`). `through_units` ignores every unit (to tell ground that bars the
/// way from units that do). Returns `[[]]` when the unit cannot move at all.
pub fn retreat_paths(b: &B, unit: &Unit<UnitState>, hexes: u8, may_leave_board: bool, through_units: bool) -> Vec<Vec<Hex>> {
    let Some(start) = unit.hex else { return vec![Vec::new()] };
    let rules = Rules { b, unit, mobility: unit.state.profile().mobility(), through_units };
    crate::hex::retreat::retreat_paths(&b.map, start, b.edge(unit.side), hexes, may_leave_board, &rules)
}

/// Hexes a path achieves: all of them once it leaves the board.
pub fn achieved(b: &B, path: &[Hex], asked: u8) -> u8 {
    if leaves_board(&b.map, path) { asked } else { path.len() as u8 }
}
