//! Line of sight and cover for the rulesets that shoot across an open table measured in inches
//! (design.md "Line of sight"; each ruleset's document cites the house rule it reads): units, woods, buildings
//! and higher hills in between mask; a target in a wood, behind a hedge or a fence has light cover,
//! one in buildings, a fortification or behind a wall heavy cover. Generic over the ruleset: it
//! reads only the map and where units stand.

use super::model::Battle;
use super::ruleset::Ruleset;
use crate::hex::{Ground, Hex, Hexside, los};

/// The cover a target has from a shooter, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cover {
    None,
    Light,
    Heavy,
}

/// Whether one trace of the line (shooter first, target last) is masked: a unit, a Forest
/// or Buildings hex, or a hill higher than both ends, strictly between the two ends. The ends
/// themselves never mask, so a unit in a wood sees out and is seen.
fn masked<R: Ruleset>(b: &Battle<R>, trace: &[Hex], over_units: bool) -> bool {
    let Some((last, middle)) = trace.split_last() else { return false };
    let Some((first, middle)) = middle.split_first() else { return false };
    let top = b.map.level(*first).max(b.map.level(*last));
    let ground = middle.iter().any(|h| {
        let t = b.map.at(*h);
        matches!(t.ground, Ground::Forest | Ground::Buildings) || t.level > top
    });
    // The ground first, as it is the commoner mask; then the units.
    ground || (!over_units && unit_among(b, middle))
}

/// Whether a unit stands in any of `hexes`: one pass over the units.
fn unit_among<R: Ruleset>(b: &Battle<R>, hexes: &[Hex]) -> bool {
    b.units.iter().any(|u| u.hex.is_some_and(|h| hexes.contains(&h)))
}

/// Whether the line from `from` to `to` is clear: units (other than at the ends),
/// Forest and Buildings hexes and higher hills in between mask. Where the line runs along hex
/// edges it is masked only when both of its traces are (design.md). Adjacent hexes always see each
/// other.
pub fn line_clear<R: Ruleset>(b: &Battle<R>, from: Hex, to: Hex) -> bool {
    if from.unsigned_distance_to(to) <= 1 {
        return true;
    }
    los::clear(from, to, |trace| masked(b, trace, false))
}

/// The cover of the hexside a trace crosses into its last hex: light behind a hedge or a
/// fence, heavy behind a wall or a fortification's wall.
fn hexside_cover<R: Ruleset>(b: &Battle<R>, trace: &[Hex]) -> Cover {
    let [.., entry, target] = trace else { return Cover::None };
    match b.map.hexsides.between(*entry, *target) {
        Some(Hexside::Hedge | Hexside::Fence) => Cover::Light,
        Some(Hexside::Wall | Hexside::Fortification) => Cover::Heavy,
        Some(Hexside::Ditch | Hexside::Stream) | None => Cover::None,
    }
}

/// The target's cover seen from `from`: light for a target in a Forest hex,
/// or when the line enters the target's hex across a Hedge or Fence hexside; heavy for a target in
/// Buildings or a Fortification, or across a Wall or Fortification hexside. The better of the two
/// counts. A line along hex edges enters the target's hex at a corner, between two hexsides: the
/// shooter takes the less covered of the traces that are clear (the gap beside a hedge).
pub fn cover<R: Ruleset>(b: &Battle<R>, from: Hex, to: Hex) -> Cover {
    let ground = match b.map.at(to).ground {
        Ground::Forest => Cover::Light,
        Ground::Buildings | Ground::Fortification => Cover::Heavy,
        _ => Cover::None,
    };
    let edge = los::with_traces(from, to, |first, second| {
        let traces = [first, second];
        let clear = traces.map(|t| !masked(b, t, false));
        // The traces that are clear, or both when neither is.
        let seen = traces.iter().zip(clear).filter(|(_, c)| *c || clear == [false, false]);
        seen.map(|(t, _)| hexside_cover(b, t)).min().unwrap_or(Cover::None)
    });
    ground.max(edge)
}

/// How much of `to` a shooter at `from` sees, each of the line's two traces judged apart: `None`
/// masked, both clear; `Partial`, one trace masked (partly visible); `Full`, no line of sight. With `over_units`, units in between do not mask (guns on a hill above them).
pub fn masking<R: Ruleset>(b: &Battle<R>, from: Hex, to: Hex, over_units: bool) -> los::Cover {
    if from.unsigned_distance_to(to) <= 1 {
        return los::Cover::None;
    }
    los::cover(from, to, |trace| masked(b, trace, over_units))
}

/// Whether a unit between `from` and `to` stands on either trace (a shot over it).
pub fn units_between<R: Ruleset>(b: &Battle<R>, from: Hex, to: Hex) -> bool {
    los::with_traces(from, to, |first, second| [first, second].iter().any(|t| t.len() > 2 && unit_among(b, &t[1..t.len() - 1])))
}
