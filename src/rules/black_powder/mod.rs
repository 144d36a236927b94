//! Black Powder, the horse-and-musket ruleset measured in inches (seed `001_ba684dff9a47d2b5.txt`),
//! played at 6" a hex; rules, readings and house rules in `docs/rules/black-powder.md`.

pub mod command;
pub mod data;
pub mod dice;
pub mod hits;
pub mod morale;
