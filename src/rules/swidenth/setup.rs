//! A Swidenth battle from a scenario: the ruleset's own part of the file (`setup:` — the figures,
//! each a figure of a warband the scenario's army lists give, with its hex and the state it starts
//! in; the doors and levers of H-S15), read and checked against the tables, then the opening state.

use super::Swidenth;
use super::data::{Band, Rank, Trait, tables};
use super::state::{Door, Global, Lever, Phase, Switches, UnitState};
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
    /// House-rule switches (`docs/rules/swidenth.md`, "Switches"): R-S3a's other reading, a
    /// horrible wound costs two points of Vitalité ...
    #[serde(default)]
    pub horrible_costs_two: bool,
    /// ... and R-S3b's: a wound stuns as well (l. 107 read as "above D is above 2D too").
    #[serde(default = "yes")]
    pub wound_stuns: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureSpec {
    pub id: u32,
    pub side: u8,
    /// A warband: the id of an army list the scenario names (the bundled `swidenth-patrol` and
    /// `black-vale-raiders` when it names none).
    pub band: String,
    /// A figure's name in that warband.
    pub figure: String,
    pub at: Offset,
    /// Defaults to the warband's name for the figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Special rules the scenario adds to the warband's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<Trait>,
    /// Vitalité left, when it starts wounded: 1 to its profile's (l. 26, l. 111).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vitalite: Option<i8>,
    /// Stun tokens it starts with, each -4 (l. 107-109); they go at the end of the first turn.
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub stuns: u8,
    /// It starts without the weapon of its main hand, or without its shield or second weapon
    /// (l. 120, H-S12).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dropped_main: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dropped_off: bool,
    /// Its crossbow starts unloaded (H-S10).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unloaded: bool,
    /// It starts camouflaged (H-S9): in or beside hiding ground, with no enemy in contact.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub camouflaged: bool,
}

/// The most stun tokens a figure may start with: a stunned figure is stunned again only by a new
/// blow, and three already cost -12 (l. 107-109).
pub(super) const STUNS: u8 = 3;

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

fn figure_of(i: usize, spec: &FigureSpec, map: &HexMap, bands: &[Band]) -> Result<Unit<UnitState>, SetupError> {
    let band = bands.iter().position(|b| b.name == spec.band).ok_or_else(|| {
        let known: Vec<&str> = bands.iter().map(|b| b.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "band", format!("unknown warband '{}'; the scenario's army lists give: {}", spec.band, known.join(", ")))
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
    let mut state = UnitState::deployed(small(band), small(row), figures[row].clone(), name, &spec.traits);
    started(i, spec, &mut state)?;
    Ok(Unit { id: UnitId(spec.id), side: Side(spec.side), hex: Some(spec.at.to_hex()), facing: Direction::N, state })
}

/// The state a figure starts in beyond its profile's, as play could leave it: wounded, stunned,
/// a hand emptied by a fumble, a crossbow to reload.
fn started(i: usize, spec: &FigureSpec, state: &mut UnitState) -> Result<(), SetupError> {
    let err = |field, message: String| Err(SetupError::new(Item::Unit(i), field, message));
    let whole = state.row().vitalite;
    if let Some(v) = spec.vitalite {
        if !(1..=whole).contains(&v) {
            return err("vitalite", format!("{v}: 1 to its profile's {whole} (l. 26; at 0 it is out of the fight, l. 112)"));
        }
        state.vitalite = v;
        state.wounds = u8::try_from(whole - v).unwrap_or(0);
    }
    if spec.stuns > STUNS {
        return err("stuns", format!("{}: 0 to {STUNS} stun tokens (l. 107-109)", spec.stuns));
    }
    // Tokens placed before the battle last as a blow's struck before turn 1 would.
    state.stuns = vec![u32::from(tables().duel.stun_turns); usize::from(spec.stuns)];
    let (primary, second) = super::figure::in_hand(state);
    if spec.dropped_main && !primary.is_some_and(|p| !p.natural) {
        return err("dropped_main", format!("{} holds no weapon it can drop in its main hand (claws are never dropped, H-S17)", state.row().name));
    }
    if spec.dropped_off && !(super::figure::has_shield(state) || second.is_some() || primary.is_some_and(|p| p.hands == 2 && !p.natural)) {
        return err("dropped_off", format!("{} holds nothing in its off hand: no shield, second weapon nor two-handed weapon (H-S12)", state.row().name));
    }
    if spec.dropped_main && spec.dropped_off && primary.is_some_and(|p| p.hands == 2) {
        return err("dropped_off", "a two-handed weapon is dropped from both hands at once: write `dropped_main` only (H-S12)".into());
    }
    state.dropped_main = spec.dropped_main;
    state.dropped_off = spec.dropped_off;
    if spec.unloaded && !super::figure::missile(state).is_some_and(|w| w.reload) {
        return err("unloaded", format!("{} has no weapon to reload (H-S10)", state.row().name));
    }
    state.unloaded = spec.unloaded;
    Ok(())
}

/// The warbands of the army lists the scenario names: the bundled ones, read once, when it names
/// just them.
pub(super) fn bands_of(s: &Scenario) -> Result<Vec<Band>, SetupError> {
    let t = tables();
    let lists = crate::army::of(s)?;
    if crate::army::just_bundled(&lists, <Swidenth as crate::battle::Ruleset>::NAME) {
        return Ok(t.bands.bands.clone());
    }
    super::army::bands(&lists, &t.samples(), &super::army::Gear { weapons: &t.weapons, spells: &t.spells })
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
    let part: Part = s.setup.read()?;
    let map = Arc::new(s.build_map()?);
    check_placements(&map, part.units.iter().map(|u| Placed { id: u.id, side: u.side, at: u.at }), false)?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let bands = bands_of(s)?;
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        units.push(figure_of(i, spec, &map, &bands)?);
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
    let camouflaged: Vec<UnitId> = part.units.iter().filter(|f| f.camouflaged).map(|f| UnitId(f.id)).collect();
    let count = |side: u8| u8::try_from(units.iter().filter(|u| u.side == Side(side)).count()).unwrap_or(u8::MAX);
    let global = Global {
        switches: Switches { horrible_costs_two: part.horrible_costs_two, wound_stuns: part.wound_stuns },
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
    let mut battle = Battle { map, sides, units, turn: 0, active: Side(s.first_side), last_turn: s.turns, global };
    camouflage(&mut battle, &part, &camouflaged)?;
    Ok(battle)
}

/// The figures that start camouflaged, only where the special action could have hidden them
/// (H-S9): in or beside hiding ground, and not in contact with an enemy, who would spot them.
fn camouflage(b: &mut Battle<Swidenth>, part: &Part, figures: &[UnitId]) -> Result<(), SetupError> {
    for id in figures {
        let i = part.units.iter().position(|f| UnitId(f.id) == *id).unwrap_or_default();
        let Some(u) = b.unit(*id) else { continue };
        let Some(at) = u.hex else { continue };
        if !std::iter::once(at).chain(b.map.neighbours(at)).any(|h| super::legal::hiding_ground(b.map.at(h).ground)) {
            return Err(SetupError::new(Item::Unit(i), "camouflaged", format!("{} has no forest, rocks, buildings or wall in or beside its hex to hide in (H-S9)", Offset::from_hex(at))));
        }
        if super::figure::is_engaged(b, u) {
            return Err(SetupError::new(Item::Unit(i), "camouflaged", "an enemy in contact spots it at once (H-S9)".to_string()));
        }
        if let Some(u) = b.unit_mut(*id) {
            u.state.camouflaged = true;
        }
    }
    Ok(())
}
