//! The Swidenth skirmish game (seed `002_995897b66a650e62.txt`), one figure a hex at one pace a hex;
//! rules, readings and house rules in `docs/rules/swidenth.md`. Begun: its tables, the arithmetic
//! of its opposed d20 rolls, where a push back goes, and sight and cover. The battle (turns, leader
//! phases, actions) and the ruleset's registry line come next (issue 14).

pub mod data;
pub mod duel;
pub mod push;
pub mod sight;
