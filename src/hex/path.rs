//! Movement over the board: the hexes a unit can reach within a budget, with the path to each.
//!
//! Costs come from the ruleset (terrain, hills, roads, who may enter what); this module only runs a
//! deterministic Dijkstra over them.

use super::coords::hex_key;
use super::map::HexMap;
use hexx::Hex;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// One hex a move can end in, the cheapest cost to get there and the path (start excluded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: Hex,
    pub cost: u32,
    pub path: Vec<Hex>,
}

/// How a ruleset prices a step and where a move must stop.
pub trait StepRules {
    /// Cost of stepping from `from` into its neighbour `to`, or `None` if the step is forbidden.
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32>;
    /// Whether a move may continue out of `hex` after entering it (zones of control end moves).
    fn may_continue_from(&self, hex: Hex) -> bool;
    /// Whether a move may end in `hex` (a hex may be crossed but not occupied, for instance).
    fn may_end_in(&self, hex: Hex) -> bool;
}

/// Every hex reachable from `start` for at most `budget`, in a stable order (by cost, then position).
pub fn reachable(map: &HexMap, start: Hex, budget: u32, rules: &impl StepRules) -> Vec<Reach> {
    let mut best: HashMap<Hex, (u32, Option<Hex>)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert(start, (0, None));
    queue.push(Reverse((0u32, hex_key(start))));
    while let Some(Reverse((cost, key))) = queue.pop() {
        let here = Hex::new(key.0, key.1);
        if best.get(&here).is_some_and(|(c, _)| *c < cost) {
            continue;
        }
        if here != start && !rules.may_continue_from(here) {
            continue;
        }
        for next in map.neighbours(here) {
            let Some(step) = rules.step_cost(here, next) else { continue };
            let total = cost + step;
            if total > budget {
                continue;
            }
            let better = best.get(&next).is_none_or(|(c, _)| total < *c);
            if better {
                best.insert(next, (total, Some(here)));
                queue.push(Reverse((total, hex_key(next))));
            }
        }
    }
    let mut out: Vec<Reach> = best
        .iter()
        .filter(|(h, _)| **h != start && rules.may_end_in(**h))
        .map(|(h, (cost, _))| Reach {
            hex: *h,
            cost: *cost,
            path: path_to(&best, *h),
        })
        .collect();
    out.sort_by_key(|r| (r.cost, hex_key(r.hex)));
    out
}

fn path_to(best: &HashMap<Hex, (u32, Option<Hex>)>, to: Hex) -> Vec<Hex> {
    let mut path = vec![to];
    let mut at = to;
    while let Some((_, Some(prev))) = best.get(&at) {
        if best.get(prev).is_some_and(|(_, p)| p.is_none()) {
            break;
        }
        path.push(*prev);
        at = *prev;
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{Offset, Terrain};

    struct Costs<'a>(&'a HexMap);
    impl StepRules for Costs<'_> {
        fn step_cost(&self, _from: Hex, to: Hex) -> Option<u32> {
            match self.0.at(to).ground {
                crate::hex::Ground::River => None,
                crate::hex::Ground::Forest => Some(2),
                _ => Some(1),
            }
        }
        fn may_continue_from(&self, _hex: Hex) -> bool {
            true
        }
        fn may_end_in(&self, _hex: Hex) -> bool {
            true
        }
    }

    #[test]
    fn costs_and_paths() {
        let mut map = HexMap::new(5, 5);
        map.set(Offset(2, 1).to_hex(), Terrain::parse("f").unwrap());
        map.set(Offset(2, 3).to_hex(), Terrain::parse("w").unwrap());
        let start = Offset(2, 2).to_hex();
        let reach = reachable(&map, start, 2, &Costs(&map));
        let forest = reach.iter().find(|r| r.hex == Offset(2, 1).to_hex()).unwrap();
        assert_eq!(forest.cost, 2);
        assert!(reach.iter().all(|r| r.hex != Offset(2, 3).to_hex()));
        assert!(reach.iter().all(|r| r.hex != Offset(2, 0).to_hex()), "beyond the forest: 3 points");
        let reach = reachable(&map, start, 3, &Costs(&map));
        let beyond = reach.iter().find(|r| r.hex == Offset(2, 0).to_hex()).unwrap();
        assert_eq!(beyond.cost, 3);
        assert_eq!(*beyond.path.last().unwrap(), Offset(2, 0).to_hex());
        for w in beyond.path.windows(2) {
            assert_eq!(w[0].unsigned_distance_to(w[1]), 1);
        }
    }
}
