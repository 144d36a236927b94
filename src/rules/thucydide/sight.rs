//! Line of sight, exactly as the seed's "Ligne de mire" paragraph writes it, on top of the generic
//! two-trace geometry in `hex::los`.
//!
//! Same level: units, woods, buildings and higher hills in between block; units with elephants
//! (war elephants and the troops they carry or draw) see and are seen over troops but not over
//! units with elephants. Different levels: the view is taken from the higher
//! end ("observée comme à l'envers" when the lower one shoots), hexes of its own hill do not block,
//! a same-level or higher hill blocks, a wood or building (or a lower hill) casts a shadow as long
//! as its distance from the viewer; when artillery is at either end the view passes over troops,
//! each unit casting a one-hex shadow, except a unit friendly to the viewer at the foot of the hill.

use super::Thucydide;
use super::data::{Class, blocks_sight};
use crate::battle::{Battle, Side};
use crate::hex::{Hex, los};

#[derive(Clone, Copy, Debug)]
struct Occupant {
    side: Side,
    elephant: bool,
    artillery: bool,
}

/// Who stands where, gathered once so that many sight queries can share it.
pub struct Sight<'a> {
    b: &'a Battle<Thucydide>,
    occupants: Vec<Option<Occupant>>,
}

impl<'a> Sight<'a> {
    pub fn new(b: &'a Battle<Thucydide>) -> Sight<'a> {
        let mut occupants = vec![None; b.map.len()];
        for u in b.on_board() {
            if let Some(i) = u.hex.and_then(|h| b.map.index(h)) {
                let p = u.state.profile();
                occupants[i] = Some(Occupant {
                    side: u.side,
                    elephant: p.has_elephants(),
                    artillery: p.class == Class::Artillery,
                });
            }
        }
        Sight { b, occupants }
    }

    fn occupant(&self, hex: Hex) -> Option<Occupant> {
        self.b.map.index(hex).and_then(|i| self.occupants[i])
    }

    fn level(&self, hex: Hex) -> u8 {
        self.b.map.level(hex)
    }

    /// Whether `from` and `to` see each other (symmetric).
    pub fn clear(&self, from: Hex, to: Hex) -> bool {
        los::clear(from, to, |trace| self.blocks(trace))
    }

    fn blocks(&self, trace: &[Hex]) -> bool {
        let n = trace.len() - 1;
        let (la, lb) = (self.level(trace[0]), self.level(trace[n]));
        let ends = [self.occupant(trace[0]), self.occupant(trace[n])];
        let elephant_end = ends.iter().flatten().any(|o| o.elephant);
        let hidden_by_unit = |o: Occupant| !(elephant_end && !o.elephant);
        if la == lb {
            return trace[1..n].iter().any(|h| {
                let t = self.b.map.at(*h);
                blocks_sight(t.ground) || t.level > la || self.occupant(*h).is_some_and(hidden_by_unit)
            });
        }
        // Seen from the higher end, whichever of the two shoots.
        let from_high = |i: usize| if la > lb { trace[i] } else { trace[n - i] };
        let (high, low) = (la.max(lb), la.min(lb));
        let viewer = if la > lb { ends[0] } else { ends[1] };
        let over_troops = ends.iter().flatten().any(|o| o.artillery);
        let mut lowest_so_far = high;
        for i in 1..n {
            let h = from_high(i);
            let t = self.b.map.at(h);
            let on_viewers_hill = lowest_so_far >= t.level;
            lowest_so_far = lowest_so_far.min(t.level);
            let in_shadow = n - i <= i;
            if t.level > high {
                return true;
            }
            if t.level > low && !on_viewers_hill && (t.level >= high || in_shadow) {
                return true;
            }
            if blocks_sight(t.ground) && (t.level >= high || in_shadow) {
                return true;
            }
            if let Some(o) = self.occupant(h).filter(|o| hidden_by_unit(*o)) {
                if t.level >= high || !over_troops {
                    return true;
                }
                let at_foot = viewer.is_some_and(|v| v.side == o.side) && self.level(from_high(i - 1)) > t.level;
                if !at_foot && n - i <= 1 {
                    return true;
                }
            }
        }
        false
    }
}
