//! A modifier that applied to a roll, with the rule that gave it (a seed line such as "SP:L28" or
//! "BP:L61", or a house rule), so an event can say why a number is what it is.

use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Factor {
    pub rule: &'static str,
    pub what: &'static str,
    pub value: i8,
}
