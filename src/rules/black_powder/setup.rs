//! A Black Powder battle from a scenario: the ruleset's own part of the file (`setup:` — brigades,
//! commanders with their staff ratings and hexes, units with profile, brigade, formation, facing
//! and the state they start in), read and checked against the army lists it names, then the
//! opening state.

use super::BlackPowder;
use super::data::{Formation, Profile, Trait, tables};
use super::state::{Brigade, Commander, Global, Phase, Switches, UnitState};
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{Direction, Ground, HexMap, Offset};
use crate::scenario::{Item, Placed, Scenario, SetupError, check_placements};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// Black Powder's part of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub brigades: Vec<BrigadeSpec>,
    pub commanders: Vec<CommanderSpec>,
    pub units: Vec<UnitSpec>,
    /// HB-10's switch (`docs/rules/black-powder.md`, "Switches"): only the closest enemy may be
    /// shot at; by default `shooting.ron`'s `nearest_target_only` (any enemy in arc, range and sight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nearest_target_only: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrigadeSpec {
    pub id: u32,
    pub side: u8,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderSpec {
    pub id: u32,
    pub side: u8,
    pub name: String,
    /// Staff rating, 7 to 9 (HB-2).
    pub staff: u8,
    /// The brigade he commands, or `None` for the commander-in-chief.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brigade: Option<u32>,
    pub at: Offset,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: u32,
    pub side: u8,
    /// A profile of the army lists the scenario names (`armies/black-powder-napoleonic.ron` when
    /// it names none).
    pub profile: String,
    pub brigade: u32,
    pub at: Offset,
    /// Defaults to the profile's label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Defaults to facing away from the side's own edge, toward the enemy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Defaults to the profile's first formation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
    /// Casualties already taken, at most its stamina (Shaken at it, HB-11).
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub casualties: u8,
    /// Starts disordered (BP10), as after a natural 6 shot at it (HB-10).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disordered: bool,
    /// An Untested unit's stamina once rolled (BP:L328, 1 to 4); one with casualties has rolled it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamina: Option<u8>,
    /// It has shot already in this battle: First fire is spent (BP:L330).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub has_shot: bool,
    /// It has fought a round of melee already: Bloodthirsty is spent (BP:L331).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fought: bool,
    /// It has taken a break test already: Steady is spent (BP:L332).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tested: bool,
    /// A Freshly raised unit whose d6 is rolled (HB-19): what it became, `Some(Wavering)`,
    /// `Some(Steady)` or `None` (nothing), as traits.ron's rows give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freshly_raised: Option<Fresh>,
}

/// What a Freshly raised unit's d6 made it (HB-19), for a battle under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fresh {
    Unchanged,
    Wavering,
    Steady,
}

/// A river is impassable except where a road bridges it (HB-17), so no unit can stand there.
fn impassable(map: &HexMap, at: Offset) -> bool {
    let t = map.at(at.to_hex());
    t.ground == Ground::River && !t.road
}

fn brigades_of(part: &Part) -> Result<Vec<Brigade>, SetupError> {
    let mut ids = HashSet::new();
    let mut out = Vec::new();
    for (i, b) in part.brigades.iter().enumerate() {
        if !ids.insert(b.id) {
            return Err(SetupError::new(Item::Listed("brigades", i), "id", format!("brigade id {} used twice", b.id)));
        }
        if b.side > 1 {
            return Err(SetupError::new(Item::Listed("brigades", i), "side", format!("side {} does not exist (0 or 1)", b.side)));
        }
        let start_units = part.units.iter().filter(|u| u.brigade == b.id).count();
        if start_units == 0 {
            return Err(SetupError::new(Item::Listed("brigades", i), "id", format!("brigade {} has no unit", b.id)));
        }
        out.push(Brigade { id: b.id, side: Side(b.side), name: b.name.as_str().into(), start_units: u8::try_from(start_units).unwrap_or(u8::MAX), broken: false });
    }
    Ok(out)
}

fn commanders_of(part: &Part, brigades: &[Brigade], map: &HexMap) -> Result<Vec<Commander>, SetupError> {
    let mut ids = HashSet::new();
    let mut chiefs = [false; 2];
    let mut commanded = HashSet::new();
    let mut out = Vec::new();
    for (i, c) in part.commanders.iter().enumerate() {
        let item = || Item::Listed("commanders", i);
        if !ids.insert(c.id) {
            return Err(SetupError::new(item(), "id", format!("commander id {} used twice", c.id)));
        }
        if c.side > 1 {
            return Err(SetupError::new(item(), "side", format!("side {} does not exist (0 or 1)", c.side)));
        }
        if !(2..=12).contains(&c.staff) {
            return Err(SetupError::new(item(), "staff", format!("a staff rating of {}; it must be 2 to 12 (HB-2: 7 poor, 8 average, 9 good)", c.staff)));
        }
        if !map.contains(c.at.to_hex()) || impassable(map, c.at) {
            return Err(SetupError::new(item(), "at", format!("{} is off the map or impassable", c.at)));
        }
        let brigade = match c.brigade {
            None => {
                if chiefs[usize::from(c.side)] {
                    return Err(SetupError::new(item(), "brigade", format!("side {} already has a commander-in-chief (brigade: None)", c.side)));
                }
                chiefs[usize::from(c.side)] = true;
                None
            }
            Some(id) => {
                let index = brigades.iter().position(|b| b.id == id).ok_or_else(|| SetupError::new(item(), "brigade", format!("no brigade {id}")))?;
                if brigades[index].side != Side(c.side) {
                    return Err(SetupError::new(item(), "brigade", format!("brigade {id} is not on side {}", c.side)));
                }
                if !commanded.insert(id) {
                    return Err(SetupError::new(item(), "brigade", format!("brigade {id} has two commanders")));
                }
                Some(u8::try_from(index).unwrap_or(u8::MAX))
            }
        };
        out.push(Commander { id: c.id, side: Side(c.side), name: c.name.as_str().into(), staff: c.staff, brigade, hex: c.at.to_hex(), done: false, moved: false });
    }
    if let Some(b) = brigades.iter().find(|b| !commanded.contains(&b.id)) {
        return Err(SetupError::new(Item::Scenario, "setup.commanders", format!("brigade {} ({}) has no commander", b.id, b.name)));
    }
    out.sort_by_key(|c| c.id);
    Ok(out)
}

/// The profile's index in the battle's table, or an error listing the known names.
fn profile_index(i: usize, name: &str, profiles: &[Arc<Profile>]) -> Result<u16, SetupError> {
    profiles.iter().position(|p| p.name == name).and_then(|index| u16::try_from(index).ok()).ok_or_else(|| {
        let known: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "profile", format!("unknown profile '{name}'; known: {}", known.join(", ")))
    })
}

fn unit_of(i: usize, spec: &UnitSpec, map: &HexMap, sides: &[SideInfo; 2], brigades: &[Brigade], profiles: &[Arc<Profile>]) -> Result<Unit<UnitState>, SetupError> {
    let profile = profile_index(i, &spec.profile, profiles)?;
    let p = &profiles[usize::from(profile)];
    let formation = spec.formation.unwrap_or(p.formations[0]);
    if !p.may_form(formation) {
        return Err(SetupError::new(Item::Unit(i), "formation", format!("{} cannot stand in {formation:?}; it takes {:?}", p.name, p.formations)));
    }
    let brigade = brigades.iter().position(|b| b.id == spec.brigade).ok_or_else(|| SetupError::new(Item::Unit(i), "brigade", format!("no brigade {}", spec.brigade)))?;
    if brigades[brigade].side != Side(spec.side) {
        return Err(SetupError::new(Item::Unit(i), "brigade", format!("brigade {} is not on side {}", spec.brigade, spec.side)));
    }
    if impassable(map, spec.at) {
        return Err(SetupError::new(Item::Unit(i), "at", format!("{} is {}, impassable without a bridge (HB-17)", spec.at, map.at(spec.at.to_hex()).describe())));
    }
    let side = Side(spec.side);
    let name = spec.name.clone().unwrap_or_else(|| p.label.clone());
    let mut state = UnitState::deployed(profile, p.clone(), name.into(), u8::try_from(brigade).unwrap_or(u8::MAX), formation);
    started(i, spec, &mut state)?;
    Ok(Unit { id: UnitId(spec.id), side, hex: Some(spec.at.to_hex()), facing: spec.facing.unwrap_or(sides[side.index()].edge.facing_away()), state })
}

/// The state a unit starts in beyond its profile's: casualties, disorder, an Untested unit's
/// rolled stamina. Only what play can reach: no more casualties than the stamina (those above it
/// last until the break test, HB-11), a stamina rolled only by an Untested unit.
fn started(i: usize, spec: &UnitSpec, state: &mut UnitState) -> Result<(), SetupError> {
    let untested = state.profile().has(Trait::Untested);
    // What the d6 of BP:L328 can give (traits.ron's rows).
    let rolls: Vec<u8> = (1..=6).map(|face| tables().traits.untested_stamina(face)).collect();
    let (least, most) = (rolls.iter().min().copied().unwrap_or(1), rolls.iter().max().copied().unwrap_or(1));
    match spec.stamina {
        Some(n) if !untested => return Err(SetupError::new(Item::Unit(i), "stamina", format!("{n}: only an Untested unit rolls its stamina (BP:L328); this one's is its profile's {}", state.profile().stamina))),
        Some(n) if !rolls.contains(&n) => return Err(SetupError::new(Item::Unit(i), "stamina", format!("{n}: an Untested unit's roll gives {least} to {most} (BP:L328)"))),
        None if untested && spec.casualties > 0 => {
            return Err(SetupError::new(Item::Unit(i), "stamina", format!("an Untested unit rolls its stamina at its first casualty (HB-18): give the `stamina` it rolled, {least} to {most}")));
        }
        Some(n) => state.stamina = Some(n),
        None => {}
    }
    let stamina = state.stamina.unwrap_or(state.profile().stamina);
    if spec.casualties > stamina {
        return Err(SetupError::new(Item::Unit(i), "casualties", format!("{}: at most its stamina, {stamina} (HB-11: more last only until its break test)", spec.casualties)));
    }
    state.casualties = spec.casualties;
    state.disordered = spec.disordered;
    if spec.has_shot && state.profile().weapon.is_none() {
        return Err(SetupError::new(Item::Unit(i), "has_shot", format!("{} has no weapon: it has never shot", state.profile().label)));
    }
    state.has_shot = spec.has_shot;
    state.fought = spec.fought;
    state.tested = spec.tested;
    if state.profile().has(Trait::FreshlyRaised) && (spec.has_shot || spec.fought) && spec.freshly_raised.is_none() {
        return Err(SetupError::new(Item::Unit(i), "freshly_raised", "a Freshly raised unit rolls its d6 before its first dice (HB-19): one that has shot or fought gives what it became, Unchanged, Wavering or Steady".to_string()));
    }
    if let Some(fresh) = spec.freshly_raised {
        if !state.profile().has(Trait::FreshlyRaised) {
            return Err(SetupError::new(Item::Unit(i), "freshly_raised", format!("{} is not Freshly raised (BP:L325)", state.profile().label)));
        }
        let becomes = match fresh {
            Fresh::Unchanged => None,
            Fresh::Wavering => Some(Trait::Wavering),
            Fresh::Steady => Some(Trait::Steady),
        };
        if !(1..=6).any(|face| tables().traits.freshly_raised(face) == becomes) {
            return Err(SetupError::new(Item::Unit(i), "freshly_raised", format!("{fresh:?}: not a result of traits.ron's d6 for Freshly raised (HB-19)")));
        }
        state.fresh_tested = true;
        state.gained = becomes;
    }
    Ok(())
}

/// The profiles of the army lists the scenario names: the bundled lists' table, read once, when
/// it names just them.
pub(super) fn profiles_of(s: &Scenario) -> Result<Vec<Arc<Profile>>, SetupError> {
    let t = tables();
    let lists = crate::army::of(s)?;
    if crate::army::just_bundled(&lists, <BlackPowder as crate::battle::Ruleset>::NAME) {
        return Ok(t.units.profiles.clone());
    }
    super::army::profiles(&lists, &t.units.profiles)
}

pub fn setup(s: &Scenario) -> Result<Battle<BlackPowder>, SetupError> {
    let part: Part = s.setup.read()?;
    let map = Arc::new(s.build_map()?);
    check_placements(&map, part.units.iter().map(|u| Placed { id: u.id, side: u.side, at: u.at }), false)?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let brigades = brigades_of(&part)?;
    let profiles = profiles_of(s)?;
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        units.push(unit_of(i, spec, &map, &sides, &brigades, &profiles)?);
    }
    units.sort_by_key(|u| u.id);
    let commanders = commanders_of(&part, &brigades, &map)?;
    let switches = Switches { nearest_target_only: part.nearest_target_only.unwrap_or(tables().shooting.nearest_target_only) };
    let global = Global { switches, phase: Phase::Opening, first: Side(s.first_side), brigades, commanders, agenda: Vec::new(), outcome: None };
    Ok(Battle { map, sides, units, turn: 0, active: Side(s.first_side), last_turn: s.turns, global })
}
