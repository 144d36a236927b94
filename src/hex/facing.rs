//! The six hexside directions of a flat-top board and the front, flank and rear arcs of a facing.
//!
//! A unit faces one hexside. Its front arc is that hexside and its two neighbours, its flanks the next
//! two, its rear the opposite hexside. A hex farther away lies in a sector: the front is the 120°
//! wedge between the axes of the front arc's outer hexsides (edges included), the rear the open wedge
//! around the rear hexside's axis, the flanks the rest, left or right. For neighbours the sectors are
//! the arcs. Rulesets that care about facing use only these definitions.

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

/// Where a hex at any distance lies relative to a unit's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sector {
    Front,
    LeftFlank,
    RightFlank,
    Rear,
}

impl Sector {
    /// The arc a neighbour in this sector lies in.
    pub fn arc(self) -> Arc {
        match self {
            Sector::Front => Arc::Front,
            Sector::LeftFlank | Sector::RightFlank => Arc::Flank,
            Sector::Rear => Arc::Rear,
        }
    }
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

    /// Its place clockwise from north, 0 to 5.
    pub fn index(self) -> i32 {
        self as i32
    }

    fn from_index(i: i32) -> Direction {
        Self::ALL[i.rem_euclid(6) as usize]
    }

    /// The direction as a player types it at the terminal: "n", "ne", "se", "s", "sw", "nw".
    pub fn code(self) -> &'static str {
        match self {
            Direction::N => "n",
            Direction::NE => "ne",
            Direction::SE => "se",
            Direction::S => "s",
            Direction::SW => "sw",
            Direction::NW => "nw",
        }
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

    /// The sector of a unit at `at`, facing `self`, that `other` lies in; `None` for its own hex.
    /// In cube coordinates, the offset to `other` is turned anticlockwise until the facing points
    /// north; then the front is `r <= 0 and s >= 0`, the rear `r > 0 and s < 0`, and a flank is left
    /// when `q < 0`. Integers only, so no ties to break.
    pub fn sector(self, at: Hex, other: Hex) -> Option<Sector> {
        let d = other - at;
        let (mut q, mut r, mut s) = (d.x, d.y, -d.x - d.y);
        if (q, r) == (0, 0) {
            return None;
        }
        for _ in 0..self.index() {
            (q, r, s) = (-s, -q, -r);
        }
        Some(if r <= 0 && s >= 0 {
            Sector::Front
        } else if r > 0 && s < 0 {
            Sector::Rear
        } else if q < 0 {
            Sector::LeftFlank
        } else {
            Sector::RightFlank
        })
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
    fn the_sectors_of_neighbours_are_their_arcs_for_every_facing() {
        let at = Offset(5, 5).to_hex();
        for facing in Direction::ALL {
            for side in Direction::ALL {
                let sector = facing.sector(at, side.step(at)).unwrap();
                assert_eq!(sector.arc(), facing.arc_of(side), "facing {facing:?}, neighbour {side:?}");
                let left = matches!((side.index() - facing.index()).rem_euclid(6), 4);
                assert_eq!(sector == Sector::LeftFlank, left, "facing {facing:?}, neighbour {side:?}: the left flank is two hexsides anticlockwise");
            }
        }
    }

    #[test]
    fn distant_hexes_fall_in_wedges_turning_with_the_facing() {
        let at = Offset(10, 10).to_hex();
        let go = |dirs: &[Direction]| dirs.iter().fold(at, |h, d| d.step(h));
        use Direction::*;
        // Facing north: two hexes north and the hexes along the front arc's edges are front.
        assert_eq!(N.sector(at, go(&[N, N])), Some(Sector::Front));
        assert_eq!(N.sector(at, go(&[NE, NE, NE])), Some(Sector::Front), "an edge of the wedge is front");
        assert_eq!(N.sector(at, go(&[NE, SE])), Some(Sector::RightFlank));
        assert_eq!(N.sector(at, go(&[NW, SW])), Some(Sector::LeftFlank));
        assert_eq!(N.sector(at, go(&[S, S, SE])), Some(Sector::Rear));
        assert_eq!(N.sector(at, go(&[SE, SE])), Some(Sector::RightFlank), "the rear wedge is open: its edges are flank");
        // The same hexes turned with the facing keep their sector.
        for turn in 0..6 {
            let f = N.turned(turn);
            let turned = |dirs: &[Direction]| dirs.iter().fold(at, |h, d| d.turned(turn).step(h));
            assert_eq!(f.sector(at, turned(&[N, N, NE])), Some(Sector::Front));
            assert_eq!(f.sector(at, turned(&[S, S, SW])), Some(Sector::Rear));
            assert_eq!(f.sector(at, turned(&[SW, NW, NW])), Some(Sector::LeftFlank));
        }
        assert_eq!(N.sector(at, at), None);
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
