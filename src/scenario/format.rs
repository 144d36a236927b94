//! The scenario file format, shared by every ruleset (see `docs/scenarios.md`).

use super::error::{Item, SetupError};
use crate::hex::{BoardEdge, Direction, HexMap, Offset, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    #[serde(default)]
    pub briefing: String,
    /// Game turns before the battle is judged.
    pub turns: u32,
    /// The side that plays first in each game turn.
    #[serde(default)]
    pub first_side: u8,
    pub map: MapSpec,
    pub sides: Vec<SideSpec>,
    pub units: Vec<UnitSpec>,
    #[serde(default)]
    pub leaders: Vec<LeaderSpec>,
}

/// The board, one string per row from north to south, one terrain token per hex separated by
/// spaces (see `hex::terrain` for the tokens).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapSpec {
    pub rows: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideSpec {
    pub name: String,
    pub edge: BoardEdge,
    /// Order tokens (or the ruleset's equivalent) held at the start.
    #[serde(default)]
    pub order_tokens: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitSpec {
    pub id: u32,
    pub side: u8,
    /// A profile name from the ruleset's unit table.
    pub profile: String,
    pub at: Offset,
    /// Defaults to the profile's full strength.
    #[serde(default)]
    pub strength: Option<u8>,
    /// Defaults to facing away from the side's own edge.
    #[serde(default)]
    pub facing: Option<Direction>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderSpec {
    pub id: u32,
    pub side: u8,
    pub name: String,
    /// A rank the ruleset knows, e.g. `"commander-in-chief"`.
    pub rank: String,
    /// The unit the leader stands with.
    pub unit: u32,
}

impl Scenario {
    /// The board this scenario describes.
    pub fn build_map(&self) -> Result<HexMap, SetupError> {
        let height = self.map.rows.len();
        let width = self.map.rows.first().map_or(0, |r| r.split_whitespace().count());
        if height == 0 || width == 0 {
            return Err(SetupError::new(Item::Scenario, "map.rows", "the map has no hexes"));
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
        Ok(map)
    }

    /// Checks every rule that does not depend on the ruleset.
    pub fn check_shared(&self) -> Result<(), SetupError> {
        let map = self.build_map()?;
        if self.sides.len() != 2 {
            return Err(SetupError::new(
                Item::Scenario,
                "sides",
                format!("a battle needs exactly 2 sides, found {}", self.sides.len()),
            ));
        }
        if self.turns == 0 {
            return Err(SetupError::new(Item::Scenario, "turns", "a battle lasts at least 1 turn"));
        }
        if self.first_side > 1 {
            return Err(SetupError::new(Item::Scenario, "first_side", "first_side must be 0 or 1"));
        }
        let mut ids = HashSet::new();
        let mut places = HashSet::new();
        for (i, u) in self.units.iter().enumerate() {
            if u.side > 1 {
                return Err(SetupError::new(Item::Unit(i), "side", format!("side {} does not exist (0 or 1)", u.side)));
            }
            if u.id == 0 || !ids.insert(u.id) {
                return Err(SetupError::new(Item::Unit(i), "id", format!("unit id {} is zero or used twice", u.id)));
            }
            if !map.contains(u.at.to_hex()) {
                return Err(SetupError::new(Item::Unit(i), "at", format!("{} is off the {}x{} map", u.at, map.width(), map.height())));
            }
            if !places.insert(u.at) {
                return Err(SetupError::new(Item::Unit(i), "at", format!("{} already holds a unit", u.at)));
            }
        }
        let mut leader_ids = HashSet::new();
        for (i, l) in self.leaders.iter().enumerate() {
            if !leader_ids.insert(l.id) {
                return Err(SetupError::new(Item::Leader(i), "id", format!("leader id {} used twice", l.id)));
            }
            match self.units.iter().find(|u| u.id == l.unit) {
                None => return Err(SetupError::new(Item::Leader(i), "unit", format!("no unit {}", l.unit))),
                Some(u) if u.side != l.side => {
                    return Err(SetupError::new(Item::Leader(i), "unit", format!("unit {} is not on side {}", l.unit, l.side)));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
