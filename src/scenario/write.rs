//! A scenario written back as its file, in the documented format (`docs/scenarios.md`): the
//! header's fields in their order, one map row, hexside, region or side a line, then the ruleset's
//! part as it stands (`Setup`'s text). What the battle editor saves; a scenario read and written
//! back without edits reads as the same scenario.

use super::Scenario;
use ron::ser::PrettyConfig;
use serde::Serialize;
use std::fmt::Write;

/// One value on one line: `(at: (3, 4), side: NE, feature: Hedge)`.
pub fn line<T: Serialize>(value: &T) -> String {
    let config = PrettyConfig::new().compact_structs(true).compact_arrays(true).separator(" ");
    ron::ser::to_string_pretty(value, config).expect("a scenario's part writes as RON")
}

/// A list written one item a line, at `indent`, or `[]` when empty.
fn lines<T: Serialize>(out: &mut String, indent: &str, name: &str, items: &[T]) {
    if items.is_empty() {
        let _ = writeln!(out, "{indent}{name}: [],");
        return;
    }
    let _ = writeln!(out, "{indent}{name}: [");
    for item in items {
        let _ = writeln!(out, "{indent}    {},", line(item));
    }
    let _ = writeln!(out, "{indent}],");
}

/// The scenario's file text.
pub fn to_ron(s: &Scenario) -> String {
    let mut out = String::from("Scenario(\n");
    let _ = writeln!(out, "    id: {},", line(&s.id));
    let _ = writeln!(out, "    name: {},", line(&s.name));
    let _ = writeln!(out, "    ruleset: {},", line(&s.ruleset));
    let _ = writeln!(out, "    briefing: {},", line(&s.briefing));
    let _ = writeln!(out, "    turns: {},", s.turns);
    let _ = writeln!(out, "    first_side: {},", s.first_side);
    out.push_str("    map: (\n");
    lines(&mut out, "        ", "rows", &s.map.rows);
    lines(&mut out, "        ", "hexsides", &s.map.hexsides);
    lines(&mut out, "        ", "regions", &s.map.regions);
    out.push_str("    ),\n");
    lines(&mut out, "    ", "sides", &s.sides);
    let _ = writeln!(out, "    armies: {},", line(&s.armies));
    let _ = writeln!(out, "    setup: {},", s.setup.text().trim_end());
    out.push_str(")\n");
    out
}
