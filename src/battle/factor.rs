//! A modifier that applied to a roll, with the rule that gave it (a seed line such as "SP:L28" or
//! "BP:L61", or a house rule), so an event can say why a number is what it is.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Factor {
    pub rule: &'static str,
    pub what: &'static str,
    pub value: i8,
}

impl Factor {
    /// The modifiers that apply: each row's condition, its key, rule and words, with `value` giving
    /// the key's modifier from the ruleset's tables.
    pub fn applying<K, const N: usize>(rows: [(bool, K, &'static str, &'static str); N], value: impl Fn(K) -> i8) -> Vec<Factor> {
        rows.into_iter().filter(|r| r.0).map(|(_, key, rule, what)| Factor { rule, what, value: value(key) }).collect()
    }

    /// The sum of the modifiers.
    pub fn total(factors: &[Factor]) -> i32 {
        factors.iter().map(|f| i32::from(f.value)).sum()
    }
}
