//! The damage formula (l. 55-59): the weapon's roll × the troops × the battle table's percentage,
//! with the percentage's additions and the total's multipliers, in integers and floored once at
//! the end (R-M4), so a forced roll gives the tabletop's number exactly.

use super::event::Term;

/// The percentage after its additions, never below 0 (R-M4).
pub fn percent(table: u32, terms: &[Term]) -> i64 {
    (i64::from(table) + terms.iter().map(|t| i64::from(t.percent)).sum::<i64>()).max(0)
}

/// ⌊roll × troops × percent × Π multipliers ÷ 100⌋ (R-M4).
pub fn total(roll: i64, troops: u32, table: u32, terms: &[Term]) -> i64 {
    let (num, den) = terms.iter().fold((1i128, 1i128), |(n, d), t| {
        (n * i128::from(t.times.0), d * i128::from(t.times.1))
    });
    let product =
        i128::from(roll.max(0)) * i128::from(troops) * i128::from(percent(table, terms)) * num;
    i64::try_from(product / (100 * den)).unwrap_or(i64::MAX)
}

/// A multiplier of the total.
pub fn times(rule: &'static str, what: &'static str, num: u32, den: u32) -> Term {
    Term {
        rule,
        what,
        percent: 0,
        times: (num, den),
    }
}

/// An addition to the percentage.
pub fn plus(rule: &'static str, what: &'static str, percent: i32) -> Term {
    Term {
        rule,
        what,
        percent,
        times: (1, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_formula_in_integers() {
        // d8 showing 5, 120 troops, 55%: 5 × 120 × 55 ÷ 100 = 330.
        assert_eq!(total(5, 120, 55, &[]), 330);
        // Floored once at the end: 3 × 7 × 45 % = 9.45 → 9, and halved after: 4.725 → 4.
        assert_eq!(total(3, 7, 45, &[]), 9);
        assert_eq!(total(3, 7, 45, &[times("", "", 1, 2)]), 4);
    }

    #[test]
    fn additions_go_to_the_percentage_and_multipliers_to_the_total() {
        let terms = [plus("l. 88", "pursuit", 10), times("l. 149", "lance", 2, 1)];
        // 4 × 20 × (50 + 10) % × 2 = 96.
        assert_eq!(total(4, 20, 50, &terms), 96);
    }

    #[test]
    fn a_percentage_never_falls_below_zero() {
        assert_eq!(total(6, 50, 5, &[plus("l. 104", "SAG", -10)]), 0);
    }
}
