//! What stands on the edge between two hexes: a hedge, a fence, a wall, a ditch, a stream's bank,
//! a fortification's wall. A feature belongs to the edge, not to either hex, so it is the same seen from both sides;
//! what it does (to movement, cover, combat) is each ruleset's.

use super::coords::hex_key;
use super::facing::Direction;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hexside {
    Hedge,
    Fence,
    Wall,
    Ditch,
    /// A stream too narrow for a hex of its own: its banks along one edge.
    Stream,
    /// The wall of a fortification (a siege's sections).
    Fortification,
}

/// The features of a board's edges, each stored once under the edge's canonical side. Written as
/// a list of entries (JSON, which the state hash uses, has no tuple keys).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "Vec<Entry>", into = "Vec<Entry>")]
pub struct Hexsides(BTreeMap<((i32, i32), Direction), Hexside>);

type Entry = ((i32, i32), Direction, Hexside);

impl From<Vec<Entry>> for Hexsides {
    fn from(entries: Vec<Entry>) -> Hexsides {
        Hexsides(entries.into_iter().map(|(at, side, feature)| ((at, side), feature)).collect())
    }
}

impl From<Hexsides> for Vec<Entry> {
    fn from(sides: Hexsides) -> Vec<Entry> {
        sides.0.into_iter().map(|((at, side), feature)| (at, side, feature)).collect()
    }
}

/// One edge named from one side: the northern, north-eastern or south-eastern edge of a hex, or the
/// same edge from its neighbour.
fn canonical(hex: Hex, side: Direction) -> ((i32, i32), Direction) {
    match side {
        Direction::N | Direction::NE | Direction::SE => (hex_key(hex), side),
        _ => (hex_key(side.step(hex)), side.opposite()),
    }
}

/// Whether two hexes' sides name the same edge (the edge named from either of its hexes).
pub fn same_edge(a: (Hex, Direction), b: (Hex, Direction)) -> bool {
    canonical(a.0, a.1) == canonical(b.0, b.1)
}

impl Hexsides {
    pub fn get(&self, hex: Hex, side: Direction) -> Option<Hexside> {
        self.0.get(&canonical(hex, side)).copied()
    }

    pub fn set(&mut self, hex: Hex, side: Direction, feature: Option<Hexside>) {
        let key = canonical(hex, side);
        match feature {
            Some(f) => self.0.insert(key, f),
            None => self.0.remove(&key),
        };
    }

    /// The feature on the edge a step from `from` to its neighbour `to` crosses.
    pub fn between(&self, from: Hex, to: Hex) -> Option<Hexside> {
        Direction::between(from, to).and_then(|d| self.get(from, d))
    }

    /// Every feature with one hex and side naming its edge, in a stable order.
    pub fn iter(&self) -> impl Iterator<Item = (Hex, Direction, Hexside)> + '_ {
        self.0.iter().map(|(((x, y), d), f)| (Hex::new(*x, *y), *d, *f))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Offset;

    #[test]
    fn an_edge_is_the_same_from_both_sides() {
        let mut sides = Hexsides::default();
        let here = Offset(2, 2).to_hex();
        for d in Direction::ALL {
            let there = d.step(here);
            sides.set(here, d, Some(Hexside::Hedge));
            assert_eq!(sides.get(there, d.opposite()), Some(Hexside::Hedge), "{d:?}");
            assert_eq!(sides.between(there, here), Some(Hexside::Hedge));
            sides.set(there, d.opposite(), None);
            assert!(sides.is_empty());
        }
    }

    #[test]
    fn hexsides_serialise_as_json_and_back() {
        let mut sides = Hexsides::default();
        sides.set(Offset(1, 1).to_hex(), Direction::SW, Some(Hexside::Wall));
        let json = serde_json::to_string(&sides).expect("JSON has no tuple keys here");
        assert_eq!(serde_json::from_str::<Hexsides>(&json).unwrap(), sides);
    }
}
