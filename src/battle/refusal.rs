//! Why a command is refused, in words a scenario author can act on: the rule that closes it where
//! the ruleset can say (a target out of range, out of sight, a unit engaged: the board's `why_not`),
//! which side the battle waits for, and what that side may give instead (the open commands of the
//! same kind nearest the one sent, or the kinds open now). Read off `legal_commands`, so it holds
//! for every ruleset.

use super::model::Battle;
use super::present::Present;
use serde::Serialize;
use serde_json::{Map, Value};

/// The most values a reason lists for one field.
const SHOWN: usize = 8;

/// The message for `command`, which `legal_commands` does not offer now: the rule's own words
/// first, where the ruleset has them for the unit and the enemy it aims at.
pub fn why_refused<R: Present>(b: &Battle<R>, command: &R::Command) -> String {
    let Some(side) = R::deciding_side(b) else { return "the battle is over".into() };
    let legal = R::legal_commands(b);
    let rule = R::command_unit(command).zip(R::command_target(command).and_then(|t| b.unit(t)?.hex)).and_then(|(unit, at)| R::why_not(b, &legal, unit, at));
    let open = open_instead(b, side, &legal, command);
    match rule {
        Some(rule) => format!("{rule}; {open}"),
        None => open,
    }
}

/// What `side` may give instead of `command`.
fn open_instead<R: Present>(b: &Battle<R>, side: super::ids::Side, legal: &[R::Command], command: &R::Command) -> String {
    let who = format!("{} (side {})", b.sides[side.index()].name, side.0);
    let (kind, fields) = shape(command);
    let same: Vec<Map<String, Value>> = legal.iter().map(shape).filter(|(k, _)| *k == kind).map(|(_, f)| f).collect();
    if same.is_empty() {
        let mut kinds: Vec<String> = Vec::new();
        for (k, _) in legal.iter().map(shape) {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        return format!("it is not among the legal commands now: no {kind} is open; the battle waits for {who}, who may give {}", kinds.join(", "));
    }
    // The open commands of this kind that differ from it in the fewest fields, and in which.
    let differing = |f: &Map<String, Value>| -> Vec<String> { fields.iter().filter(|(k, v)| f.get(*k) != Some(*v)).map(|(k, _)| k.clone()).collect() };
    let differences: Vec<(&Map<String, Value>, Vec<String>)> = same.iter().map(|f| (f, differing(f))).collect();
    let fewest = differences.iter().map(|(_, keys)| keys.len()).min().unwrap_or(0);
    if fewest == 0 {
        return format!("it is not among the legal commands now ({who} decides)");
    }
    let mut instead: Vec<(String, Vec<String>)> = Vec::new();
    for (f, keys) in differences.iter().filter(|(_, keys)| keys.len() == fewest) {
        let label = keys.join(" and ");
        let value = keys.iter().map(|k| f.get(k).map_or_else(String::new, Value::to_string)).collect::<Vec<_>>().join(" and ");
        match instead.iter_mut().find(|(l, _)| *l == label) {
            Some((_, values)) if !values.contains(&value) => values.push(value),
            Some(_) => {}
            None => instead.push((label, vec![value])),
        }
    }
    let options: Vec<String> = instead
        .iter()
        .map(|(label, values)| {
            let was = label.split(" and ").map(|k| fields.get(k).map_or_else(String::new, Value::to_string)).collect::<Vec<_>>().join(" and ");
            let more = if values.len() > SHOWN { format!(" and {} more", values.len() - SHOWN) } else { String::new() };
            format!("{label}: {}{more} (not {was})", values.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", "))
        })
        .collect();
    format!("it is not among the legal commands now: {who} may give {kind} with {}", options.join("; or with "))
}

/// A command's kind (its variant's name) and its fields by name: a variant without fields has
/// none, one with a single value has it as `value`.
fn shape(command: &impl Serialize) -> (String, Map<String, Value>) {
    match serde_json::to_value(command) {
        Ok(Value::String(kind)) => (kind, Map::new()),
        Ok(Value::Object(outer)) if outer.len() == 1 => {
            let (kind, inner) = outer.into_iter().next().unwrap_or_default();
            match inner {
                Value::Object(fields) => (kind, fields),
                value => (kind, Map::from_iter([("value".to_string(), value)])),
            }
        }
        other => (other.map_or_else(|e| e.to_string(), |v| v.to_string()), Map::new()),
    }
}
