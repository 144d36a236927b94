//! A Swidenth battle from a scenario: the ruleset's own part of the file (`setup:` — the figures,
//! each a row of a warband in `bands.ron` with its hex; the doors and levers of H-S15), read and
//! checked against the tables, then the opening state.

use super::Swidenth;
use super::data::{Rank, Trait, tables};
use super::state::{Door, Global, Lever, Phase, UnitState};
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{Direction, Ground, HexMap, Offset};
use crate::scenario::{Item, Placed, Scenario, SetupError, check_placements};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Swidenth's part of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub units: Vec<FigureSpec>,
    #[serde(default)]
    pub doors: Vec<DoorSpec>,
    #[serde(default)]
    pub levers: Vec<LeverSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureSpec {
    pub id: u32,
    pub side: u8,
    /// A warband's name from `assets/rules/swidenth/bands.ron`.
    pub band: String,
    /// A figure's name in that warband.
    pub figure: String,
    pub at: Offset,
    /// Defaults to the warband's name for the figure.
    #[serde(default)]
    pub name: Option<String>,
    /// Special rules the scenario adds to the warband's.
    #[serde(default)]
    pub traits: Vec<Trait>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoorSpec {
    pub name: String,
    pub at: Offset,
    #[serde(default)]
    pub open: bool,
    /// A figure next to it may unlock it; without a lock only a lever opens it.
    #[serde(default = "yes")]
    pub lock: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeverSpec {
    pub name: String,
    pub at: Offset,
    /// The doors it opens and shuts, by name.
    pub doors: Vec<String>,
}

fn yes() -> bool {
    true
}

/// Rivers and walls cannot be entered (H-S7), so no figure can stand there.
pub fn impassable(ground: Ground) -> bool {
    matches!(ground, Ground::River | Ground::Fortification)
}

fn figure_of(i: usize, spec: &FigureSpec, map: &HexMap) -> Result<Unit<UnitState>, SetupError> {
    let bands = &tables().bands.bands;
    let band = bands.iter().position(|b| b.name == spec.band).ok_or_else(|| {
        let known: Vec<&str> = bands.iter().map(|b| b.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "band", format!("unknown warband '{}'; known: {}", spec.band, known.join(", ")))
    })?;
    let figures = &bands[band].figures;
    let row = figures.iter().position(|f| f.name == spec.figure).ok_or_else(|| {
        let known: Vec<&str> = figures.iter().map(|f| f.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "figure", format!("no figure '{}' in {}; it has: {}", spec.figure, spec.band, known.join(", ")))
    })?;
    let ground = map.at(spec.at.to_hex()).ground;
    if impassable(ground) {
        return Err(SetupError::new(Item::Unit(i), "at", format!("{} is {}, where no figure can stand (H-S7)", spec.at, ground.name())));
    }
    let name = spec.name.clone().unwrap_or_else(|| figures[row].name.clone());
    let small = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    Ok(Unit {
        id: UnitId(spec.id),
        side: Side(spec.side),
        hex: Some(spec.at.to_hex()),
        facing: Direction::N,
        state: UnitState::deployed(small(band), small(row), name, &spec.traits),
    })
}

fn doors_of(part: &Part, map: &HexMap, units: &[Unit<UnitState>]) -> Result<Vec<Door>, SetupError> {
    let mut out: Vec<Door> = Vec::new();
    for (i, d) in part.doors.iter().enumerate() {
        let hex = d.at.to_hex();
        let item = || Item::Listed("doors", i);
        if !map.contains(hex) || impassable(map.at(hex).ground) {
            return Err(SetupError::new(item(), "at", format!("{} is off the map or impassable", d.at)));
        }
        if out.iter().any(|o| o.name == d.name) {
            return Err(SetupError::new(item(), "name", format!("two doors are called '{}'", d.name)));
        }
        if !d.open && units.iter().any(|u| u.hex == Some(hex)) {
            return Err(SetupError::new(item(), "open", format!("a figure stands in the shut door at {}", d.at)));
        }
        out.push(Door { name: d.name.clone(), hex, open: d.open, lock: d.lock });
    }
    Ok(out)
}

fn levers_of(part: &Part, map: &HexMap, doors: &[Door], units: &[Unit<UnitState>]) -> Result<Vec<Lever>, SetupError> {
    let mut out = Vec::new();
    for (i, l) in part.levers.iter().enumerate() {
        let hex = l.at.to_hex();
        let item = || Item::Listed("levers", i);
        if !map.contains(hex) || units.iter().any(|u| u.hex == Some(hex)) || doors.iter().any(|d| d.hex == hex) {
            return Err(SetupError::new(item(), "at", format!("{} is off the map, or a figure or a door stands there", l.at)));
        }
        let mut moves = Vec::new();
        for name in &l.doors {
            let d = doors.iter().position(|d| d.name == *name).ok_or_else(|| SetupError::new(item(), "doors", format!("no door '{name}'")))?;
            moves.push(u8::try_from(d).unwrap_or(u8::MAX));
        }
        out.push(Lever { name: l.name.clone(), hex, doors: moves, pulled: false });
    }
    Ok(out)
}

pub fn setup(s: &Scenario) -> Result<Battle<Swidenth>, SetupError> {
    crate::army::refuse_unread(s, <Swidenth as crate::battle::Ruleset>::TITLE)?;
    let part: Part = s.setup.read()?;
    let map = Arc::new(s.build_map()?);
    check_placements(&map, part.units.iter().map(|u| Placed { id: u.id, side: u.side, at: u.at }), false)?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        units.push(figure_of(i, spec, &map)?);
    }
    for side in [Side(0), Side(1)] {
        let chiefs = units.iter().filter(|u| u.side == side && u.state.rank() == Rank::Chief).count();
        if chiefs > 1 {
            return Err(SetupError::new(Item::Scenario, "setup.units", format!("side {} has {chiefs} Chiefs; a warband has one (l. 36)", side.0)));
        }
        if !units.iter().any(|u| u.side == side) {
            return Err(SetupError::new(Item::Scenario, "setup.units", format!("side {} has no figure", side.0)));
        }
    }
    units.sort_by_key(|u| u.id);
    let doors = doors_of(&part, &map, &units)?;
    let levers = levers_of(&part, &map, &doors, &units)?;
    let count = |side: u8| u8::try_from(units.iter().filter(|u| u.side == Side(side)).count()).unwrap_or(u8::MAX);
    let global = Global {
        phase: Phase::Opening,
        initiative: Side(s.first_side),
        leader: None,
        start: [count(0), count(1)],
        subgroups: Vec::new(),
        doors,
        levers,
        agenda: Vec::new(),
        outcome: None,
    };
    Ok(Battle { map, sides, units, turn: 0, active: Side(s.first_side), last_turn: s.turns, global })
}
