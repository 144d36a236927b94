//! What the computer reckons of orders before it gives them (house heuristics, not rules): the
//! moves an order may be expected to give at its rating, the orders still in hand, and an order a
//! free ride first would give at better odds (HB-2, HB-3).

use super::Command;
use super::data::tables;
use super::legal;
use super::resolve::{unit_factors, unit_factors_from};
use super::state::Commander;
use super::unit::{B, U};
use crate::battle::Factor;

/// The moves 2d6 gives on average against `rating` (HB-3): 1 equal, 2 one under, 3 two or more
/// under; none over it, nor on a double 6.
pub fn expected_moves(rating: i32) -> f64 {
    let c = &tables().command;
    let mut total = 0u32;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            if !c.is_blunder(a, b) {
                total += u32::from(c.moves_granted(a + b, rating));
            }
        }
    }
    f64::from(total) / 36.0
}

/// The rating `c` orders `u` at from `at`: his staff and the unit's modifiers (BP:L17–21).
fn rating_from(b: &B, c: &Commander, at: crate::hex::Hex, u: &U) -> i32 {
    rating(c, &unit_factors(b, at, u))
}

/// A command roll's rating: the commander's staff with the unit's factors.
fn rating(c: &Commander, factors: &[Factor]) -> i32 {
    i32::from(c.staff) + Factor::total(factors)
}

/// The moves an order may still bring `u` this turn, from the best of its commanders who still
/// gives orders, where he stands; none once it is ordered or may not be.
pub fn order_in_hand(b: &B, u: &U) -> f64 {
    if !legal::orderable(b, u) {
        return 0.0;
    }
    let giving: Vec<&Commander> = b.global.commanders.iter().filter(|c| !c.done && legal::commands(c, u)).collect();
    let hexes: Vec<crate::hex::Hex> = giving.iter().map(|c| c.hex).collect();
    giving
        .iter()
        .zip(unit_factors_from(b, &hexes, u))
        .map(|(c, factors)| expected_moves(rating(c, &factors)))
        .fold(0.0, f64::max)
}

/// Whether `command` is an order its commander would give at better odds after his own move
/// (HB-2: free, once a turn, before or between his orders): a hex he may ride to from which the
/// order's worst rating is higher and no other unit he may still order is rated lower.
pub fn better_after_riding(b: &B, command: &Command) -> bool {
    let Command::Order { commander, units } = command else { return false };
    let Some(c) = b.global.commander(*commander).filter(|c| !c.moved) else { return false };
    let ordered: Vec<&U> = units.iter().filter_map(|id| b.unit(*id)).collect();
    let others: Vec<&U> = b.on_board().filter(|u| legal::commands(c, u) && !units.contains(&u.id) && legal::orderable(b, u)).collect();
    let worst = |at| ordered.iter().map(|u| rating_from(b, c, at, u)).min().unwrap_or(i32::MIN);
    let now = worst(c.hex);
    legal::ride_hexes(b, c).into_iter().any(|to| worst(to) > now && others.iter().all(|u| rating_from(b, c, to, u) >= rating_from(b, c, c.hex, u)))
}

#[cfg(test)]
mod tests {
    use super::expected_moves;

    #[test]
    fn the_moves_an_order_brings_on_average() {
        assert!((expected_moves(8) - 62.0 / 36.0).abs() < 1e-9, "15 rolls of 6 or less give 3, six 7s 2, five 8s 1");
        assert!((expected_moves(7) - 46.0 / 36.0).abs() < 1e-9);
        assert_eq!(expected_moves(1), 0.0);
        assert!((expected_moves(12) - 103.0 / 36.0).abs() < 1e-9, "two 11s give 2, and the double 6 blunders whatever the rating");
    }
}
