//! Counters slide from hex to hex instead of jumping: where each unit is drawn while the board
//! catches up with its move, along the way the move's cue drew when there is one.

use super::camera::to_world;
use crate::battle::UnitId;
use crate::hex::Hex;
use bevy::prelude::*;
use std::collections::HashMap;

/// Seconds a counter takes to cross one hex at the normal pace, and at most for a whole move.
const PER_HEX: f32 = 0.08;
const LONGEST: f32 = 0.6;

/// Each unit's last hex and, while it slides, the points of its way (world coordinates), on the
/// stage they were drawn on.
#[derive(Default)]
pub struct Glides {
    stage: Option<u64>,
    units: HashMap<UnitId, Glide>,
}

struct Glide {
    hex: Hex,
    way: Vec<Vec2>,
    elapsed: f32,
    duration: f32,
}

impl Glide {
    fn at_rest(hex: Hex) -> Glide {
        Glide { hex, way: Vec::new(), elapsed: 0.0, duration: 0.0 }
    }

    fn sliding(&self) -> bool {
        self.elapsed < self.duration
    }

    /// Where the counter is drawn now, eased in and out along its way.
    fn point(&self) -> Vec2 {
        if !self.sliding() || self.way.len() < 2 {
            return to_world(self.hex);
        }
        let t = self.elapsed / self.duration;
        let eased = t * t * (3.0 - 2.0 * t) * (self.way.len() - 1) as f32;
        let i = (eased as usize).min(self.way.len() - 2);
        self.way[i].lerp(self.way[i + 1], eased - i as f32)
    }
}

impl Glides {
    /// Forgets every unit when `stage` (its generation) is a new one: a new battle, undo or film
    /// does not slide from the last one's hexes.
    pub fn follow(&mut self, stage: u64) {
        if self.stage != Some(stage) {
            self.stage = Some(stage);
            self.units.clear();
        }
    }

    /// Moves the clock on by `dt` seconds (already scaled by the pace) and keeps only `present`.
    pub fn advance(&mut self, dt: f32, present: impl Fn(UnitId) -> bool) {
        self.units.retain(|id, _| present(*id));
        for g in self.units.values_mut() {
            g.elapsed += dt;
        }
    }

    /// Where `unit`, now on `hex`, is drawn: a new hex starts a slide from where it was drawn,
    /// along `way` when that way leads from its last hex to the new one; `slide` false puts it there
    /// at once.
    pub fn place(&mut self, unit: UnitId, hex: Hex, way: Option<&[Hex]>, slide: bool) -> Vec2 {
        let g = self.units.entry(unit).or_insert_with(|| Glide::at_rest(hex));
        if g.hex != hex {
            let from = g.point();
            let hexes: Vec<Hex> = match way {
                Some(w) if slide && w.len() >= 2 && w.first() == Some(&g.hex) && w.last() == Some(&hex) => w.to_vec(),
                _ => vec![g.hex, hex],
            };
            let mut points = vec![from];
            points.extend(hexes[1..].iter().map(|h| to_world(*h)));
            let duration = if slide { (PER_HEX * (points.len() - 1) as f32).min(LONGEST) } else { 0.0 };
            *g = Glide { hex, way: points, elapsed: 0.0, duration };
        }
        g.point()
    }

    /// Whether `unit` is on its way now (it is drawn apart from the counters at rest).
    pub fn sliding(&self, unit: UnitId) -> bool {
        self.units.get(&unit).is_some_and(Glide::sliding)
    }

    /// Whether a counter is still on its way (the window must keep drawing).
    pub fn moving(&self) -> bool {
        self.units.values().any(Glide::sliding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Offset;

    #[test]
    fn a_counter_slides_along_its_way_and_rests_on_its_new_hex() {
        let (a, b, c) = (Offset(1, 1).to_hex(), Offset(2, 1).to_hex(), Offset(3, 1).to_hex());
        let mut glides = Glides::default();
        let unit = UnitId(1);
        assert_eq!(glides.place(unit, a, None, true), to_world(a));
        assert!(!glides.moving());
        assert_eq!(glides.place(unit, c, Some(&[a, b, c]), true), to_world(a), "it starts where it stood");
        assert!(glides.moving());
        glides.advance(PER_HEX, |_| true);
        assert_eq!(glides.place(unit, c, Some(&[a, b, c]), true), to_world(b), "halfway in time, the middle hex of its way");
        glides.advance(PER_HEX, |_| true);
        assert_eq!(glides.place(unit, c, None, true), to_world(c));
        assert!(!glides.moving());
    }

    #[test]
    fn without_sliding_or_once_gone_a_counter_jumps() {
        let (a, b) = (Offset(1, 1).to_hex(), Offset(4, 2).to_hex());
        let mut glides = Glides::default();
        glides.place(UnitId(1), a, None, true);
        assert_eq!(glides.place(UnitId(1), b, None, false), to_world(b));
        glides.advance(0.0, |_| false);
        assert_eq!(glides.place(UnitId(1), a, None, true), to_world(a), "a unit back on the board is placed, not slid");
    }
}
