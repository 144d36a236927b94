//! Distances measured in a ruleset's own unit (inches, paces) on hexes. A unit fills its hex, so two
//! units in adjacent hexes are in contact: the gap between hexes `d` apart is `(d - 1)` hexes.
//! Ranges and "within X" are measured across that gap; moves are paid hex by hex.

use serde::{Deserialize, Serialize};

/// How many of the ruleset's units of length one hex stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scale {
    pub per_hex: u32,
}

impl Scale {
    /// The farthest hex distance that is within `length` (the gap rule: `floor(length / per_hex) + 1`).
    pub fn reach(self, length: u32) -> u32 {
        length / self.per_hex + 1
    }

    /// Whether a hex at distance `d` is within `length`; the unit's own hex always is.
    pub fn within(self, d: u32, length: u32) -> bool {
        d <= self.reach(length)
    }

    /// How many hexes a move of `budget` covers at `per_hex` a hex (straight, on open ground).
    pub fn hexes_for(self, budget: u32) -> u32 {
        budget / self.per_hex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The conversions of a ruleset at 4" a hex, row by row as the specifications tabulate them.
    #[test]
    fn four_inches_a_hex_as_the_specification_converts() {
        let s = Scale { per_hex: 4 };
        assert_eq!(s.reach(4), 2, "4\" of a fleeing friend: d <= 2");
        assert_eq!(s.reach(8), 3, "8\": d <= 3");
        assert_eq!(s.reach(12), 4, "12\": d <= 4, beyond is d >= 5");
        assert!(!s.within(5, 12));
        assert_eq!(s.reach(6), 2, "thrown weapons 6\": the hex past contact");
        assert_eq!((s.reach(9), s.reach(18)), (3, 5), "9\" / 18\"");
        assert_eq!((s.reach(12), s.reach(24)), (4, 7), "12\" / 24\"");
        assert_eq!([16, 12, 8, 4].map(|r| s.hexes_for(r)), [4, 3, 2, 1], "rates straight ahead");
        assert_eq!([12, 9, 6, 3].map(|r| s.hexes_for(r)), [3, 2, 1, 0], "the same at 75%");
        assert!(s.within(0, 0), "the same hex");
    }
}
