//! The scenario file format (see `docs/scenarios.md`): a header every ruleset shares (id, name,
//! ruleset, briefing, turns, first side, map, sides), read and checked first, then the ruleset's own
//! typed part under `setup:` (its armies, leaders, tokens...), kept as written until the ruleset
//! named reads it.

use super::error::{Item, SetupError};
use crate::hex::{BoardEdge, Direction, HexMap, Hexside, Offset, Region, RegionKind, Terrain};
use ron::value::RawValue;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    pub briefing: String,
    /// Game turns before the battle is judged.
    pub turns: u32,
    /// The side that plays first in each game turn.
    pub first_side: u8,
    pub map: MapSpec,
    pub sides: Vec<SideSpec>,
    /// The army lists the battle's units come from, by bundled id or by a file's path beside the
    /// scenario's; none names every bundled list of the ruleset.
    pub armies: Vec<String>,
    /// The army lists read from files when the scenario was loaded from one, by the name the
    /// scenario gives them (see `army::read_beside`); bundled ones are found by id when the
    /// ruleset asks.
    pub army_files: Vec<(String, std::sync::Arc<crate::army::ArmyList>)>,
    /// The ruleset's own part.
    pub setup: Setup,
}

/// The scenario as written: the header's fields, and the ruleset's part left unread.
#[derive(Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct Written<'a> {
    id: String,
    name: String,
    ruleset: String,
    #[serde(default)]
    briefing: String,
    turns: u32,
    #[serde(default)]
    first_side: u8,
    map: MapSpec,
    sides: Vec<SideSpec>,
    #[serde(default)]
    armies: Vec<String>,
    /// Borrowed from the file's text, so where it starts is known exactly.
    #[serde(borrow)]
    setup: &'a RawValue,
}

/// The board, one string per row from north to south, one terrain token per hex separated by
/// spaces (see `hex::terrain` for the tokens).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    pub rows: Vec<String>,
    /// Features on the edges between hexes.
    #[serde(default)]
    pub hexsides: Vec<HexsideSpec>,
    /// Named groups of hexes: buildings, fortification sections, gates, deployment zones, objectives.
    #[serde(default)]
    pub regions: Vec<Region>,
}

/// A hedge, wall, stream bank or fortification wall on one edge: a hex and which of its sides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideSpec {
    pub at: Offset,
    pub side: Direction,
    pub feature: Hexside,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    /// The board edge the side comes from, and retreats and flees toward.
    pub edge: BoardEdge,
    /// Its counters' colour, `(red, green, blue)`: the French in their blue whichever side they
    /// are; by default blue for the first side and red for the second.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "bare_colour", serialize_with = "bare_colour_out")]
    pub colour: Option<(u8, u8, u8)>,
}

/// A colour written bare, `colour: (52, 86, 150)`, rather than as `Some((52, 86, 150))`.
fn bare_colour<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<(u8, u8, u8)>, D::Error> {
    <(u8, u8, u8) as Deserialize>::deserialize(d).map(Some)
}

/// Writes a colour as `bare_colour` reads it (only a present one is written).
fn bare_colour_out<S: serde::Serializer>(colour: &Option<(u8, u8, u8)>, s: S) -> Result<S::Ok, S::Error> {
    colour.unwrap_or_default().serialize(s)
}

/// A ruleset's part of a scenario, as RON text, and where it starts in its file (so an error in
/// it names the file's own line).
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    text: String,
    line: usize,
    column: usize,
}

impl Setup {
    /// The part of a scenario built in code (tests, tools).
    pub fn of<T: Serialize>(part: &T) -> Setup {
        Setup { text: ron::to_string(part).unwrap_or_default(), line: 1, column: 1 }
    }

    /// The part as the battle editor writes it: one field a line, and one item of a list (a unit,
    /// a leader) a line.
    pub fn written<T: Serialize>(part: &T) -> Setup {
        let config = ron::ser::PrettyConfig::new().depth_limit(2).separator(" ").indentor("    ");
        // Indented as the scenario file holds it, under `setup:`, so a file read back and written
        // again is the same text.
        let text = ron::ser::to_string_pretty(part, config).unwrap_or_default().replace('\n', "\n    ");
        Setup { text, line: 1, column: 1 }
    }

    /// A part of `text` as its parser borrowed it: where it starts is its offset in `text` (in
    /// characters, as ron counts them).
    pub fn within(text: &str, raw: &RawValue) -> Setup {
        let raw = raw.get_ron();
        let start = (raw.as_ptr() as usize).saturating_sub(text.as_ptr() as usize).min(text.len());
        let before = &text[..start];
        let line = before.matches('\n').count() + 1;
        let column = before[before.rfind('\n').map_or(0, |i| i + 1)..].chars().count() + 1;
        Setup { text: raw.to_string(), line, column }
    }

    /// The part as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Reads the part as the ruleset's type; an error names the line and column in the file.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, SetupError> {
        crate::limits::from_ron(&self.text).map_err(|e| {
            let (line, column) = (e.span.start.line, e.span.start.col);
            let column = if line == 1 { self.column + column - 1 } else { column };
            SetupError::new(Item::Text { line: self.line + line - 1, column }, "setup", crate::limits::ron_message(&e.code))
        })
    }
}

/// Parses the header of scenario text, keeping the ruleset's part for later.
pub fn parse_header(text: &str) -> Result<Scenario, ron::error::SpannedError> {
    let w: Written = crate::limits::from_ron(text)?;
    let setup = Setup::within(text, w.setup);
    Ok(Scenario { id: w.id, name: w.name, ruleset: w.ruleset, briefing: w.briefing, turns: w.turns, first_side: w.first_side, map: w.map, sides: w.sides, armies: w.armies, army_files: Vec::new(), setup })
}

impl Scenario {
    /// How much the ruleset's part holds, in characters: a measure of the scenario's size that
    /// needs no ruleset.
    pub fn setup_size(&self) -> usize {
        self.setup.text.len()
    }

    /// The board this scenario describes.
    pub fn build_map(&self) -> Result<HexMap, SetupError> {
        let height = self.map.rows.len();
        let width = self.map.rows.first().map_or(0, |r| r.split_whitespace().count());
        if height == 0 || width == 0 {
            return Err(SetupError::new(Item::Scenario, "map.rows", "the map has no hexes"));
        }
        if width.max(height) > crate::limits::MAP_SIDE {
            return Err(SetupError::new(Item::Scenario, "map.rows", format!("the map is {width}x{height} hexes: at most {} a side", crate::limits::MAP_SIDE)));
        }
        let mut map = HexMap::new(width as i32, height as i32);
        for (row, line) in self.map.rows.iter().enumerate() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.len() != width {
                return Err(SetupError::new(
                    Item::MapRow(row),
                    "rows",
                    format!("row {row} has {} hexes, the first row has {width}", tokens.len()),
                ));
            }
            for (col, token) in tokens.into_iter().enumerate() {
                let terrain = Terrain::parse(token)
                    .map_err(|m| SetupError::new(Item::MapRow(row), "rows", format!("column {col}: {m}")))?;
                map.set(Offset(col as i32, row as i32).to_hex(), terrain);
            }
        }
        for (i, h) in self.map.hexsides.iter().enumerate() {
            let hex = h.at.to_hex();
            if !map.contains(hex) || !map.contains(h.side.step(hex)) {
                return Err(SetupError::new(Item::Hexside(i), "at", format!("the {:?} side of {} is not between two hexes of the map", h.side, h.at)));
            }
            if map.hexsides.get(hex, h.side).is_some() {
                return Err(SetupError::new(Item::Hexside(i), "side", format!("the {:?} side of {} already has a feature", h.side, h.at)));
            }
            map.hexsides.set(hex, h.side, Some(h.feature));
        }
        let mut names = HashSet::new();
        for (i, r) in self.map.regions.iter().enumerate() {
            if r.name.trim().is_empty() || !names.insert(r.name.as_str()) {
                return Err(SetupError::new(Item::Region(i), "name", format!("region name '{}' is empty or used twice", r.name)));
            }
            if r.hexes.is_empty() {
                return Err(SetupError::new(Item::Region(i), "hexes", "a region needs at least one hex"));
            }
            if let Some(h) = r.hexes.iter().find(|h| !map.contains(**h)) {
                return Err(SetupError::new(Item::Region(i), "hexes", format!("{} is off the {}x{} map", Offset::from_hex(*h), map.width(), map.height())));
            }
            if let RegionKind::Deployment { side } = r.kind {
                if side > 1 {
                    return Err(SetupError::new(Item::Region(i), "kind", format!("side {side} does not exist (0 or 1)")));
                }
            }
            map.regions.push(r.clone());
        }
        Ok(map)
    }

    /// Checks the header: every rule that does not depend on the ruleset.
    pub fn check_shared(&self) -> Result<(), SetupError> {
        self.build_map()?;
        if self.sides.len() != 2 {
            return Err(SetupError::new(
                Item::Scenario,
                "sides",
                format!("a battle needs exactly 2 sides, found {}", self.sides.len()),
            ));
        }
        if self.turns == 0 || self.turns > crate::limits::TURNS {
            return Err(SetupError::new(Item::Scenario, "turns", format!("a battle lasts from 1 to {} turns", crate::limits::TURNS)));
        }
        if self.first_side > 1 {
            return Err(SetupError::new(Item::Scenario, "first_side", "first_side must be 0 or 1"));
        }
        Ok(())
    }
}

/// Where a ruleset's scenario places a unit, for the checks every ruleset makes.
pub struct Placed {
    pub id: u32,
    pub side: u8,
    pub at: Offset,
}

/// At most `limits::UNITS` units, ids positive and unique, sides 0 or 1, every unit on the map, and at most one unit a hex
/// unless the ruleset lets them share (`stacking`).
pub fn check_placements(map: &HexMap, units: impl IntoIterator<Item = Placed>, stacking: bool) -> Result<(), SetupError> {
    let units: Vec<Placed> = units.into_iter().collect();
    if units.len() > crate::limits::UNITS {
        return Err(SetupError::new(Item::Unit(crate::limits::UNITS), "id", format!("{} units, more than the {} a scenario may place", units.len(), crate::limits::UNITS)));
    }
    let mut ids = HashSet::new();
    let mut places = HashSet::new();
    for (i, u) in units.into_iter().enumerate() {
        if u.side > 1 {
            return Err(SetupError::new(Item::Unit(i), "side", format!("side {} does not exist (0 or 1)", u.side)));
        }
        if u.id == 0 || !ids.insert(u.id) {
            return Err(SetupError::new(Item::Unit(i), "id", format!("unit id {} is zero or used twice", u.id)));
        }
        if !map.contains(u.at.to_hex()) {
            return Err(SetupError::new(Item::Unit(i), "at", format!("{} is off the {}x{} map", u.at, map.width(), map.height())));
        }
        if !places.insert(u.at) && !stacking {
            return Err(SetupError::new(Item::Unit(i), "at", format!("{} already holds a unit", u.at)));
        }
    }
    Ok(())
}

