//! The six hexside directions of a flat-top board and the front, flank and rear arcs of a facing.
//!
//! A unit faces one hexside. Its front arc is that hexside and its two neighbours, its flanks the next
//! two, its rear the opposite hexside. Rulesets that care about facing use only these definitions.

use hexx::{EdgeDirection, Hex};
use serde::{Deserialize, Serialize};

/// A hexside of a flat-top hex, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

/// Where a neighbouring hexside lies relative to a unit's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arc {
    Front,
    Flank,
    Rear,
}

impl Direction {
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::NE,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::NW,
    ];

    fn index(self) -> i32 {
        self as i32
    }

    fn from_index(i: i32) -> Direction {
        Self::ALL[i.rem_euclid(6) as usize]
    }

    /// The direction `steps` hexsides clockwise from this one (negative: anticlockwise).
    pub fn turned(self, steps: i32) -> Direction {
        Self::from_index(self.index() + steps)
    }

    pub fn opposite(self) -> Direction {
        self.turned(3)
    }

    fn edge(self) -> EdgeDirection {
        match self {
            Direction::N => EdgeDirection::FLAT_NORTH,
            Direction::NE => EdgeDirection::FLAT_NORTH_EAST,
            Direction::SE => EdgeDirection::FLAT_SOUTH_EAST,
            Direction::S => EdgeDirection::FLAT_SOUTH,
            Direction::SW => EdgeDirection::FLAT_SOUTH_WEST,
            Direction::NW => EdgeDirection::FLAT_NORTH_WEST,
        }
    }

    /// The neighbour of `hex` across this hexside.
    pub fn step(self, hex: Hex) -> Hex {
        hex.neighbor(self.edge())
    }

    /// The hexside of `from` that `to` lies across, if they are neighbours.
    pub fn between(from: Hex, to: Hex) -> Option<Direction> {
        Self::ALL.into_iter().find(|d| d.step(from) == to)
    }

    /// Which arc of a unit facing `self` the hexside `side` belongs to.
    pub fn arc_of(self, side: Direction) -> Arc {
        match (side.index() - self.index()).rem_euclid(6) {
            0 | 1 | 5 => Arc::Front,
            2 | 4 => Arc::Flank,
            _ => Arc::Rear,
        }
    }

    /// The arc of a unit at `at`, facing `self`, that a neighbouring hex `other` lies in.
    pub fn arc_towards(self, at: Hex, other: Hex) -> Option<Arc> {
        Direction::between(at, other).map(|side| self.arc_of(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Offset;

    #[test]
    fn arcs_of_a_north_facing_unit() {
        let f = Direction::N;
        assert_eq!(f.arc_of(Direction::N), Arc::Front);
        assert_eq!(f.arc_of(Direction::NE), Arc::Front);
        assert_eq!(f.arc_of(Direction::NW), Arc::Front);
        assert_eq!(f.arc_of(Direction::SE), Arc::Flank);
        assert_eq!(f.arc_of(Direction::SW), Arc::Flank);
        assert_eq!(f.arc_of(Direction::S), Arc::Rear);
    }

    #[test]
    fn steps_match_offset_rows() {
        let h = Offset(2, 2).to_hex();
        assert_eq!(Offset::from_hex(Direction::N.step(h)), Offset(2, 1));
        assert_eq!(Offset::from_hex(Direction::S.step(h)), Offset(2, 3));
        // Even column 2: its north-east neighbour is column 3 one row up (odd columns sit lower).
        assert_eq!(Offset::from_hex(Direction::NE.step(h)), Offset(3, 1));
        assert_eq!(Offset::from_hex(Direction::SE.step(h)), Offset(3, 2));
        for d in Direction::ALL {
            assert_eq!(Direction::between(h, d.step(h)), Some(d));
            assert_eq!(d.opposite().step(d.step(h)), h);
        }
    }
}
