//! Movement over the board: the hexes a unit can reach within a budget, and the path to each.
//!
//! Costs come from the ruleset (terrain, hills, roads, who may enter what); this module only runs a
//! deterministic Dijkstra over them.

use super::coords::hex_key;
use super::map::HexMap;
use hexx::Hex;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One hex a move can end in and the cheapest cost to get there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub hex: Hex,
    pub cost: u32,
}

/// The result of a search: the hexes a move can end in, and how to get to each.
pub struct Reachable {
    /// In a stable order: by cost, then position.
    pub reach: Vec<Reach>,
    /// Best cost and previous hex, per hex of the board (row-major).
    best: Vec<Option<(u32, Option<Hex>)>>,
}

impl Reachable {
    /// The cheapest cost to `to`, if it was reached.
    pub fn cost(&self, map: &HexMap, to: Hex) -> Option<u32> {
        map.index(to).and_then(|i| self.best[i]).map(|(cost, _)| cost)
    }

    /// The hex a cheapest path to `to` comes from: `None` for the start and a hex not reached.
    pub fn previous(&self, map: &HexMap, to: Hex) -> Option<Hex> {
        map.index(to).and_then(|i| self.best[i]).and_then(|(_, previous)| previous)
    }

    /// The cheapest path to `to` (start excluded), if it was reached.
    pub fn path(&self, map: &HexMap, to: Hex) -> Option<Vec<Hex>> {
        let entry = |h: Hex| map.index(h).and_then(|i| self.best[i]);
        entry(to)?;
        let mut path = vec![to];
        let mut at = to;
        while let Some((_, Some(prev))) = entry(at) {
            if entry(prev).is_some_and(|(_, p)| p.is_none()) {
                break;
            }
            path.push(prev);
            at = prev;
        }
        path.reverse();
        Some(path)
    }
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

/// Every hex reachable from `start` for at most `budget`.
pub fn reachable(map: &HexMap, start: Hex, budget: u32, rules: &impl StepRules) -> Reachable {
    let (best, touched, _) = explore(map, start, budget, rules, |_| false);
    let mut reach: Vec<Reach> = touched
        .into_iter()
        .filter(|hex| *hex != start && rules.may_end_in(*hex))
        .filter_map(|hex| map.index(hex).and_then(|i| best[i]).map(|(cost, _)| Reach { hex, cost }))
        .collect();
    reach.sort_by_key(|r| (r.cost, hex_key(r.hex)));
    Reachable { reach, best }
}

/// The first hex of `reachable`'s list that `wanted` accepts (the cheapest, then by position),
/// with the search so far, whose `path` leads to it: the search stops there, as Dijkstra settles
/// hexes in that same order.
pub fn nearest(map: &HexMap, start: Hex, budget: u32, rules: &impl StepRules, wanted: impl Fn(Hex) -> bool) -> Option<(Hex, Reachable)> {
    let (best, _, found) = explore(map, start, budget, rules, |h| h != start && rules.may_end_in(h) && wanted(h));
    Some((found?, Reachable { reach: Vec::new(), best }))
}

type Best = Vec<Option<(u32, Option<Hex>)>>;

/// Dijkstra from `start`, settling hexes by cost, then position, until `stop` accepts one: the
/// best cost and previous hex of each hex, the hexes reached, and the one it stopped at.
fn explore(map: &HexMap, start: Hex, budget: u32, rules: &impl StepRules, stop: impl Fn(Hex) -> bool) -> (Best, Vec<Hex>, Option<Hex>) {
    let mut best: Best = vec![None; map.len()];
    let Some(start_index) = map.index(start) else { return (best, Vec::new(), None) };
    best[start_index] = Some((0, None));
    // The hexes reached, so `reachable`'s list need not go over the whole map.
    let mut touched = vec![start];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u32, hex_key(start))));
    while let Some(Reverse((cost, key))) = queue.pop() {
        let here = Hex::new(key.0, key.1);
        let Some(i) = map.index(here) else { continue };
        if best[i].is_some_and(|(c, _)| c < cost) {
            continue;
        }
        if stop(here) {
            return (best, touched, Some(here));
        }
        if here != start && !rules.may_continue_from(here) {
            continue;
        }
        for next in map.neighbours(here) {
            let Some(step) = rules.step_cost(here, next) else { continue };
            let total = cost + step;
            let Some(j) = map.index(next).filter(|_| total <= budget) else { continue };
            if best[j].is_none_or(|(c, _)| total < c) {
                if best[j].is_none() {
                    touched.push(next);
                }
                best[j] = Some((total, Some(here)));
                queue.push(Reverse((total, hex_key(next))));
            }
        }
    }
    (best, touched, None)
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
        let reach = reachable(&map, start, 2, &Costs(&map)).reach;
        let forest = reach.iter().find(|r| r.hex == Offset(2, 1).to_hex()).unwrap();
        assert_eq!(forest.cost, 2);
        assert!(reach.iter().all(|r| r.hex != Offset(2, 3).to_hex()));
        assert!(reach.iter().all(|r| r.hex != Offset(2, 0).to_hex()), "beyond the forest: 3 points");
        let found = reachable(&map, start, 3, &Costs(&map));
        let beyond = found.reach.iter().find(|r| r.hex == Offset(2, 0).to_hex()).unwrap();
        assert_eq!(beyond.cost, 3);
        let path = found.path(&map, beyond.hex).unwrap();
        assert_eq!(*path.last().unwrap(), Offset(2, 0).to_hex());
        for w in path.windows(2) {
            assert_eq!(w[0].unsigned_distance_to(w[1]), 1);
        }
    }

    #[test]
    fn the_nearest_wanted_hex_is_the_first_reachable_one_with_the_same_path() {
        let mut map = HexMap::new(7, 7);
        for (col, row, t) in [(2, 1, "f"), (2, 3, "w"), (3, 3, "f"), (4, 2, "w"), (1, 4, "f")] {
            map.set(Offset(col, row).to_hex(), Terrain::parse(t).unwrap());
        }
        let start = Offset(3, 4).to_hex();
        let all = reachable(&map, start, 20, &Costs(&map));
        for end in map.hexes() {
            let next_to = |h: Hex| h.unsigned_distance_to(end) == 1;
            let expected = all.reach.iter().find(|r| next_to(r.hex)).map(|r| (r.hex, all.path(&map, r.hex)));
            let found = nearest(&map, start, 20, &Costs(&map), next_to).map(|(h, r)| (h, r.path(&map, h)));
            assert_eq!(found, expected, "next to {end:?}");
        }
    }
}
