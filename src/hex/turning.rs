//! Movement where turning costs: a search over hex and facing, for rulesets whose units wheel,
//! turn or move only within their front (those measured in inches). Each state is a hex and the
//! hexside faced; the ruleset prices a turn in place and a step to a neighbour (and the facing it
//! arrives with), and this module runs a deterministic Dijkstra over them.

use super::coords::hex_key;
use super::facing::Direction;
use super::map::HexMap;
use hexx::Hex;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// A unit's place: where it stands and which way it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pose {
    pub hex: Hex,
    pub facing: Direction,
}

/// How a ruleset prices manoeuvres.
pub trait TurnRules {
    /// Cost of turning in place from facing `from` to facing `to`, or `None` if not allowed.
    fn turn_cost(&self, at: Hex, from: Direction, to: Direction) -> Option<u32>;
    /// Cost of stepping across side `side` of `pose.hex`, and the facing the unit then has (forward
    /// keeps it; a sidestep or a backward step keeps it too, at the ruleset's price), or `None`.
    fn step(&self, pose: Pose, side: Direction) -> Option<(u32, Direction)>;
    /// Whether a move may end in this pose.
    fn may_end_in(&self, pose: Pose) -> bool;
}

type Key = ((i32, i32), Direction);

fn key(p: Pose) -> Key {
    (hex_key(p.hex), p.facing)
}

fn pose(k: Key) -> Pose {
    Pose { hex: Hex::new(k.0.0, k.0.1), facing: k.1 }
}

/// Every pose reachable from `start` for at most `budget`, with the cheapest way to each.
pub struct Manoeuvres {
    start: Pose,
    best: BTreeMap<Key, (u32, Option<Key>)>,
}

impl Manoeuvres {
    /// The poses a move may end in and their costs, in a stable order (cost, then position, then facing).
    pub fn ends(&self, rules: &impl TurnRules) -> Vec<(Pose, u32)> {
        let mut out: Vec<(Pose, u32)> = self.best.iter().map(|(k, (c, _))| (pose(*k), *c)).filter(|(p, _)| *p != self.start && rules.may_end_in(*p)).collect();
        out.sort_by_key(|(p, c)| (*c, hex_key(p.hex), p.facing));
        out
    }

    /// The poses from the start (excluded) to `to`, if it was reached.
    pub fn path(&self, to: Pose) -> Option<Vec<Pose>> {
        let mut at = key(to);
        self.best.get(&at)?;
        let mut path = Vec::new();
        while let Some((_, Some(previous))) = self.best.get(&at) {
            path.push(pose(at));
            at = *previous;
        }
        path.reverse();
        Some(path)
    }
}

/// Searches hex and facing from `start` within `budget`.
pub fn manoeuvres(map: &HexMap, start: Pose, budget: u32, rules: &impl TurnRules) -> Manoeuvres {
    let mut best: BTreeMap<Key, (u32, Option<Key>)> = BTreeMap::new();
    let mut queue = BinaryHeap::new();
    if map.contains(start.hex) {
        best.insert(key(start), (0, None));
        queue.push(Reverse((0u32, key(start))));
    }
    while let Some(Reverse((cost, here))) = queue.pop() {
        if best.get(&here).is_some_and(|(c, _)| *c < cost) {
            continue;
        }
        let p = pose(here);
        let turns = Direction::ALL.into_iter().filter(|d| *d != p.facing).filter_map(|d| rules.turn_cost(p.hex, p.facing, d).map(|c| (c, Pose { hex: p.hex, facing: d })));
        let steps = Direction::ALL.into_iter().filter(|side| map.contains(side.step(p.hex))).filter_map(|side| rules.step(p, side).map(|(c, facing)| (c, Pose { hex: side.step(p.hex), facing })));
        for (step, next) in turns.chain(steps).collect::<Vec<_>>() {
            let total = cost + step;
            if total > budget {
                continue;
            }
            let k = key(next);
            if best.get(&k).is_none_or(|(c, _)| total < *c) {
                best.insert(k, (total, Some(here)));
                queue.push(Reverse((total, k)));
            }
        }
    }
    Manoeuvres { start, best }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Offset;

    /// Forward only, one point a hex; each hexside turned costs one point.
    struct Wheeling;
    impl TurnRules for Wheeling {
        fn turn_cost(&self, _: Hex, from: Direction, to: Direction) -> Option<u32> {
            let steps = (to as i32 - from as i32).rem_euclid(6);
            Some(steps.min(6 - steps) as u32)
        }
        fn step(&self, pose: Pose, side: Direction) -> Option<(u32, Direction)> {
            (side == pose.facing).then_some((1, pose.facing))
        }
        fn may_end_in(&self, _: Pose) -> bool {
            true
        }
    }

    #[test]
    fn turning_costs_and_a_unit_moves_only_forward() {
        let map = HexMap::new(7, 7);
        let start = Pose { hex: Offset(3, 3).to_hex(), facing: Direction::N };
        let found = manoeuvres(&map, start, 3, &Wheeling);
        let ends = found.ends(&Wheeling);
        let cost = |hex: Hex, facing| ends.iter().find(|(p, _)| *p == Pose { hex, facing }).map(|(_, c)| *c);
        let north = Direction::N.step(start.hex);
        assert_eq!(cost(north, Direction::N), Some(1), "straight ahead");
        assert_eq!(cost(start.hex, Direction::S), Some(3), "an about-turn is three hexsides");
        let behind = Direction::S.step(start.hex);
        assert_eq!(cost(behind, Direction::S), None, "turning about and stepping back costs 4");
        let north_east = Direction::NE.step(start.hex);
        assert_eq!(cost(north_east, Direction::NE), Some(2), "turn one hexside, then step");
        let path = found.path(Pose { hex: north_east, facing: Direction::NE }).unwrap();
        assert_eq!(path, vec![Pose { hex: start.hex, facing: Direction::NE }, Pose { hex: north_east, facing: Direction::NE }]);
        assert_eq!(found.ends(&Wheeling), ends, "stable order");
    }
}
