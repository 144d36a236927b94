//! Retreats and flights toward a side's own board edge, which every ruleset with recoils, routs or
//! panics shares: at each step the unit takes one of the hexsides leading toward its edge; the
//! ruleset says which hexes bar it and which occupants it may pass through without stopping.

use super::map::{BoardEdge, HexMap};
use hexx::Hex;

/// What a retreating unit meets in a hex, as its ruleset judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody: the unit may stop here.
    Free,
    /// A unit it may cross wholly but not stop on.
    Crossable,
    /// A unit that bars the way.
    Blocking,
}

/// What a ruleset answers about a retreat on its board.
pub trait RetreatRules {
    /// Whether the ground of `hex` bars the retreating unit.
    fn barred(&self, hex: Hex) -> bool;
    /// Who stands in `hex` (never the retreating unit itself).
    fn occupant(&self, hex: Hex) -> Occupant;
}

struct Search<'a, R: RetreatRules> {
    map: &'a HexMap,
    edge: BoardEdge,
    rules: &'a R,
    hexes: u8,
    may_leave_board: bool,
    best_score: usize,
    best: Vec<Vec<Hex>>,
}

/// The retreat paths of the greatest length a unit at `start` can make toward `edge`, up to
/// `hexes`, one per end hex (the first found, trying the edge-ward hexsides in order). A path
/// whose last hex is off the map is a flight off the board edge (only when `may_leave_board`) and
/// counts as complete. Returns `[[]]` when the unit cannot move at all.
pub fn retreat_paths(map: &HexMap, start: Hex, edge: BoardEdge, hexes: u8, may_leave_board: bool, rules: &impl RetreatRules) -> Vec<Vec<Hex>> {
    let mut s = Search { map, edge, rules, hexes, may_leave_board, best_score: 0, best: vec![Vec::new()] };
    let mut path = Vec::new();
    s.explore(start, &mut path);
    s.best
}

/// Whether a path ends off the board (a unit leaving the battle).
pub fn leaves_board(map: &HexMap, path: &[Hex]) -> bool {
    path.last().is_some_and(|h| !map.contains(*h))
}

impl<R: RetreatRules> Search<'_, R> {
    fn explore(&mut self, at: Hex, path: &mut Vec<Hex>) {
        if path.len() >= usize::from(self.hexes) {
            return;
        }
        for d in self.edge.directions() {
            let next = d.step(at);
            if !self.map.contains(next) {
                if self.may_leave_board {
                    path.push(next);
                    self.offer(path, usize::from(self.hexes));
                    path.pop();
                }
                continue;
            }
            if self.rules.barred(next) || path.contains(&next) {
                continue;
            }
            let occupant = self.rules.occupant(next);
            if occupant == Occupant::Blocking {
                continue;
            }
            path.push(next);
            if occupant == Occupant::Free {
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
