//! Swordpoint, the ancient and medieval ruleset measured in inches (seed `000_dd1bca2cefe3b4db.txt`),
//! being built; for now its data (tables, readings and house rules in `docs/rules/swordpoint.md`).

pub mod data;
