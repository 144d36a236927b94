//! A mass battle from a scenario: the ruleset's own part of the file (`setup:` — the units, each a
//! unit of an army list with its hex and the state it starts in, the unit carrying the battle
//! standard, and the land each side defends), read and checked against the armies and tables,
//! then the opening state.

use super::MassBattle;
use super::data::{Army, HeroSpell, tables};
use super::state::{Commander, Demoralised, Deployment, Global, Placement, Native, Phase, Ruse, Section, Siege, Tower, TowerSize, UnitState, Work};
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{Ground, Hex, HexMap, Offset, RegionKind};
use crate::scenario::{Item, Placed, Scenario, SetupError, check_placements};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The mass battle's part of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub units: Vec<UnitSpec>,
    /// What each side defends: its native land (+1) or town (+2) on every morale test (l. 79-80).
    #[serde(default)]
    pub native: Vec<Native>,
    /// Each side's commander-in-chief: a hero of one of its armies, whose INT and SAG help the
    /// whole army (l. 104).
    #[serde(default)]
    pub commanders: Vec<Option<String>>,
    /// H-M12's switch (l. 119): a side whose hero strikes the rank and file while an enemy hero or
    /// huge creature was his to fight takes -1 on its morale tests that sequence.
    #[serde(default = "yes")]
    pub coward_penalty: bool,
    /// The option of l. 30: the enemies engaged with a withdrawing unit, but the first, may attack
    /// it at the end of the movement phase.
    #[serde(default)]
    pub withdraw_option: bool,
    /// H-M10's sealed deployment: each side places its units in its zone and gives the standard
    /// before the first sequence; the units' `at` are where they stand until moved.
    #[serde(default)]
    pub deployment: bool,
    /// A siege: the besieging side and the hexes inside the walls; the walls are the map's
    /// `Section` regions, the gates its `Gate` regions (l. 179).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege: Option<SiegeSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiegeSpec {
    pub besieger: u8,
    pub inside: Vec<Offset>,
    /// The sequences each side's food and water last, side 0's first; beyond them its tests
    /// take -1 (l. 177, H-M13). Empty: they last the siege.
    #[serde(default)]
    pub supplies: Vec<u32>,
    /// The towers on the walls (l. 216, H-M13): each on a wall hex of a section, not a gate.
    #[serde(default)]
    pub towers: Vec<TowerSpec>,
    /// A ruse (l. 196): the gate or wall hex a traitor or an infiltrated team opens as the given
    /// sequence starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruse: Option<RuseSpec>,
    /// A siege under way (`docs/armies.md`): wall hexes or gates already breached, as if in the
    /// sequence before the first (R-M14), ...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breaches: Vec<Offset>,
    /// ... and the engines' work points already on standing wall hexes and towers (H-M13).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged: Vec<DamageSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageSpec {
    pub at: Offset,
    pub points: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuseSpec {
    pub sequence: u32,
    pub at: Offset,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TowerSpec {
    pub at: Offset,
    pub size: TowerSize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: u32,
    pub side: u8,
    /// An army list's id: one the scenario names in `armies`, or a bundled one.
    pub army: String,
    /// A unit's or hero's name in that army.
    pub unit: String,
    pub at: Offset,
    /// It carries the commander-in-chief's battle standard (l. 38): one unit a side at most.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub standard: bool,
    /// What it defends, where not its side's `native` (l. 79-80): a town's militia beside an
    /// army from abroad.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native: Option<Native>,
    /// The state it starts in (`docs/armies.md`): troops lost (a hero's hit points), ...
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub lost: u32,
    /// ... demoralised, to flee or rally in the first sequence (l. 33, 91-94), ...
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub demoralised: bool,
    /// ... the shots it has left in a siege (l. 177, H-M13), ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<u8>,
    /// ... and a hero's Blast or Breach already cast (H-M7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blast_cast: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub breach_cast: bool,
}

fn yes() -> bool {
    true
}

/// Rivers and walls cannot be entered from outside (H-M1), so no unit deploys there.
pub fn impassable(ground: Ground) -> bool {
    matches!(ground, Ground::River | Ground::Fortification)
}

fn unit_of(i: usize, spec: &UnitSpec, map: &HexMap, s: &Scenario, armies: &[Army], besieged: Option<u8>) -> Result<Unit<UnitState>, SetupError> {
    let army = armies.iter().find(|a| a.name == spec.army).ok_or_else(|| {
        let known: Vec<&str> = armies.iter().map(|a| a.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "army", format!("no army '{}' among the battle's army lists; they are: {}", spec.army, known.join(", ")))
    })?;
    let row = army.unit(&spec.unit).ok_or_else(|| {
        let known: Vec<&str> = army.units.iter().map(|u| u.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "unit", format!("no unit '{}' in {}; it has: {}", spec.unit, spec.army, known.join(", ")))
    })?;
    let ground = map.at(spec.at.to_hex()).ground;
    // The besieged may stand on their walls (l. 185).
    let on_own_wall = ground == Ground::Fortification && besieged == Some(spec.side);
    if impassable(ground) && !on_own_wall {
        return Err(SetupError::new(Item::Unit(i), "at", format!("{} is {}, where no unit can stand (H-M1)", spec.at, ground.name())));
    }
    let side = usize::from(spec.side.min(1));
    let mut state = UnitState::new(army, row);
    state.standard = spec.standard;
    started(i, spec, &mut state)?;
    Ok(Unit {
        id: UnitId(spec.id),
        side: Side(spec.side),
        hex: Some(spec.at.to_hex()),
        facing: s.sides[side].edge.facing_away(),
        state,
    })
}

/// The state a unit starts in beyond its profile's, only what play can reach: fewer troops lost
/// than it has, a marker the seed gives, shots and spells it has.
fn started(i: usize, spec: &UnitSpec, state: &mut UnitState) -> Result<(), SetupError> {
    let err = |field, message: String| Err(SetupError::new(Item::Unit(i), field, message));
    let row = state.profile.clone();
    if spec.lost > 0 {
        let (whole, lost) = match row.hero {
            Some(_) => (row.pvi, "hit points"),
            None => (row.troops, "troops"),
        };
        if spec.lost >= whole {
            return err("lost", format!("{}: {lost} lost, fewer than its {whole} (a unit with none left is off the board, l. 61)", spec.lost));
        }
        let per = if row.hero.is_some() { 1 } else { i64::from(row.pvi) };
        state.pvt -= i64::from(spec.lost) * per;
        state.troops_at_sequence = state.troops();
    }
    if spec.demoralised {
        if row.hero.is_some() {
            return err("demoralised", format!("{} is a hero: heroes never test morale (H-M6)", row.name));
        }
        state.demoralised = Some(Demoralised { sequence: 0, by_shooting: false });
    }
    let has = |f: fn(&HeroSpell) -> bool| row.hero.as_ref().is_some_and(|h| h.spells.iter().any(f));
    if spec.blast_cast && !has(|s| matches!(s, HeroSpell::Blast { .. })) {
        return err("blast_cast", format!("{} casts no Blast (H-M7)", row.name));
    }
    if spec.breach_cast && !has(|s| matches!(s, HeroSpell::Breach { .. })) {
        return err("breach_cast", format!("{} casts no Breach (H-M7)", row.name));
    }
    state.spent = spec.blast_cast;
    state.sundered = spec.breach_cast;
    Ok(())
}

/// Side `side`'s commander-in-chief, a hero of an army its units come from, with his bonuses.
fn commander(part: &Part, units: &[Unit<UnitState>], armies: &[Army], side: u8) -> Result<Option<Commander>, SetupError> {
    let Some(Some(name)) = part.commanders.get(usize::from(side)) else {
        return Ok(None);
    };
    let hero = units.iter().filter(|u| u.side == Side(side)).filter_map(|u| armies.iter().find(|a| a.name == u.state.army)).find_map(|a| a.hero(name));
    let hero = hero.ok_or_else(|| SetupError::new(Item::Scenario, "setup.commanders", format!("no hero '{name}' in side {side}'s armies")))?;
    if !hero.commander {
        return Err(SetupError::new(Item::Scenario, "setup.commanders", format!("'{name}' is not a commander-in-chief in his army list (`commander: true`, l. 104)")));
    }
    let t = tables();
    Ok(Some(Commander { name: name.clone(), int_bonus: t.multipliers.bonus(hero.int), sag_bonus: t.multipliers.bonus(hero.sag) }))
}

/// The battle's armies: the bundled ones as read once, or those of the lists the scenario names.
pub(super) fn armies_of(s: &Scenario) -> Result<Arc<Vec<Army>>, SetupError> {
    let lists = crate::army::of(s)?;
    let t = tables();
    if crate::army::just_bundled(&lists, <MassBattle as crate::battle::Ruleset>::NAME) {
        return Ok(t.armies.armies.clone());
    }
    super::army::armies(&lists, &t.samples(), &t.gear()).map(Arc::new)
}

/// The siege of a scenario: its sections and gates from the map's regions (l. 179).
fn siege_of(part: &Part, map: &HexMap) -> Result<Option<Siege>, SetupError> {
    let Some(spec) = &part.siege else {
        return Ok(None);
    };
    if spec.besieger > 1 {
        return Err(SetupError::new(
            Item::Scenario,
            "setup.siege.besieger",
            format!("side {} does not exist (0 or 1)", spec.besieger),
        ));
    }
    let sections: Vec<Section> = map
        .regions
        .iter()
        .filter(|r| r.kind == RegionKind::Section)
        .map(|r| Section {
            name: r.name.clone(),
            walls: r.hexes.clone(),
        })
        .collect();
    if sections.is_empty() {
        return Err(SetupError::new(
            Item::Scenario,
            "setup.siege",
            "a siege needs the map's Section regions, the walls the besieger attacks",
        ));
    }
    for r in map.regions.iter().filter(|r| matches!(r.kind, RegionKind::Section | RegionKind::Gate)) {
        if let Some(h) = r.hexes.iter().find(|h| map.at(**h).ground != Ground::Fortification) {
            return Err(SetupError::new(
                Item::Scenario,
                "map.regions",
                format!(
                    "region '{}' has {}, which is {}: walls and gates stand on fortification ground ('x', l. 179)",
                    r.name,
                    Offset::from_hex(*h),
                    map.at(*h).ground.name()
                ),
            ));
        }
    }
    let supplies = match spec.supplies.as_slice() {
        [] => [None, None],
        [a, b] => [Some(*a), Some(*b)],
        other => {
            return Err(SetupError::new(
                Item::Scenario,
                "setup.siege.supplies",
                format!("{} entries; give one for each side, or none", other.len()),
            ));
        }
    };
    let gates: Vec<Hex> = map
        .regions
        .iter()
        .filter(|r| r.kind == RegionKind::Gate)
        .flat_map(|r| r.hexes.clone())
        .collect();
    let inside = spec.inside.iter().map(|o| o.to_hex()).collect();
    let mut towers = Vec::new();
    for (i, t) in spec.towers.iter().enumerate() {
        let hex = t.at.to_hex();
        let on_walls = sections.iter().any(|s| s.walls.contains(&hex));
        if !on_walls || gates.contains(&hex) {
            return Err(SetupError::new(
                Item::Scenario,
                "setup.siege.towers",
                format!("tower {i}: {} is not a wall hex of a Section region (a gate cannot be a tower, l. 216)", t.at),
            ));
        }
        towers.push(Tower { hex, size: t.size });
    }
    let ruse = match &spec.ruse {
        None => None,
        Some(r) => {
            let hex = r.at.to_hex();
            let fortified = sections.iter().any(|s| s.walls.contains(&hex)) || gates.contains(&hex);
            if !fortified || r.sequence == 0 {
                return Err(SetupError::new(
                    Item::Scenario,
                    "setup.siege.ruse",
                    format!("sequence {} at {}: a ruse opens a gate or wall hex of the map's Section and Gate regions, from sequence 1 (l. 196)", r.sequence, r.at),
                ));
            }
            Some(Ruse { sequence: r.sequence, hex })
        }
    };
    let fortified = |h: &Hex| sections.iter().any(|s| s.walls.contains(h)) || gates.contains(h);
    let mut breaches = Vec::new();
    for at in &spec.breaches {
        let hex = at.to_hex();
        if !fortified(&hex) || breaches.contains(&hex) {
            return Err(SetupError::new(Item::Scenario, "setup.siege.breaches", format!("{at}: a breach is a wall hex or gate of the map's Section and Gate regions, each once (l. 179, 187)")));
        }
        breaches.push(hex);
    }
    let mut work = Vec::new();
    for d in &spec.damaged {
        let hex = d.at.to_hex();
        let falls_at = towers.iter().find(|t| t.hex == hex).map_or(tables().siege.wall_points, |t| t.size.points());
        if !fortified(&hex) || gates.contains(&hex) || breaches.contains(&hex) || work.iter().any(|w: &Work| w.hex == hex) {
            return Err(SetupError::new(Item::Scenario, "setup.siege.damaged", format!("{}: damage is on a standing wall hex of a Section region, not a gate (the ram's), each once (H-M13)", d.at)));
        }
        if d.points == 0 || d.points >= falls_at {
            return Err(SetupError::new(Item::Scenario, "setup.siege.damaged", format!("{} points at {}: 1 to {}, fewer than the {falls_at} that bring it down (H-M13)", d.points, d.at, falls_at - 1)));
        }
        work.push(Work { hex, points: d.points });
    }
    Ok(Some(Siege {
        besieger: Side(spec.besieger),
        sections,
        gates,
        inside,
        declared: None,
        assigned: Vec::new(),
        breached_at: (!breaches.is_empty()).then_some(0),
        breaches,
        breach_pending: None,
        towers,
        ruse,
        work,
        rams: Vec::new(),
        supplies,
    }))
}

pub fn setup(s: &Scenario) -> Result<Battle<MassBattle>, SetupError> {
    let part: Part = s.setup.read()?;
    let armies = armies_of(s)?;
    for (field, n) in [
        ("setup.native", part.native.len()),
        ("setup.commanders", part.commanders.len()),
    ] {
        if n > 2 {
            return Err(SetupError::new(
                Item::Scenario,
                field,
                format!("{n} entries for two sides"),
            ));
        }
    }
    let map = Arc::new(s.build_map()?);
    check_placements(
        &map,
        part.units.iter().map(|u| Placed {
            id: u.id,
            side: u.side,
            at: u.at,
        }),
        false,
    )?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        let besieged = part.siege.as_ref().map(|x| 1 - x.besieger.min(1));
        let mut unit = unit_of(i, spec, &map, s, &armies, besieged)?;
        unit.state.native = spec.native.or_else(|| part.native.get(usize::from(spec.side.min(1))).copied()).unwrap_or_default();
        units.push(unit);
    }
    for side in [Side(0), Side(1)] {
        if !units.iter().any(|u| u.side == side) {
            return Err(SetupError::new(
                Item::Scenario,
                "setup.units",
                format!("side {} has no unit", side.0),
            ));
        }
        if units
            .iter()
            .filter(|u| u.side == side && u.state.standard)
            .count()
            > 1
        {
            return Err(SetupError::new(
                Item::Scenario,
                "setup.units",
                format!(
                    "side {} gives its battle standard to two units; it has one (l. 38)",
                    side.0
                ),
            ));
        }
    }
    for (i, u) in units.iter().enumerate() {
        if u.state.hero().is_some()
            && units[..i]
                .iter()
                .any(|o| o.state.army == u.state.army && o.state.row == u.state.row)
        {
            return Err(SetupError::new(
                Item::Unit(i),
                "unit",
                format!(
                    "the hero '{}' stands twice; a hero is one of a kind",
                    u.state.row
                ),
            ));
        }
    }
    // In a siege every missile unit and engine counts its shots (l. 177, H-M13), from the
    // table's or those the scenario says it has left.
    for (i, (u, spec)) in units.iter_mut().zip(&part.units).enumerate() {
        let t = &tables().siege;
        let full = if u.state.row().engine.is_some() { Some(t.engine_ammo) } else { u.state.row().missile.as_ref().map(|_| t.ammo) };
        u.state.ammo = match (part.siege.is_some(), spec.ammo, full) {
            (_, None, _) => part.siege.as_ref().and(full),
            (false, Some(_), _) => return Err(SetupError::new(Item::Unit(i), "ammo", "shots are counted in a siege only (l. 177, H-M13)")),
            (true, Some(_), None) => return Err(SetupError::new(Item::Unit(i), "ammo", format!("{} has no missile nor engine to count shots for (l. 177, H-M13)", u.state.row().name))),
            (true, Some(n), Some(most)) if n <= most => Some(n),
            (true, Some(n), Some(most)) => return Err(SetupError::new(Item::Unit(i), "ammo", format!("{n}: at most the {most} shots it starts a siege with (H-M13)"))),
        };
    }
    units.sort_by_key(|u| u.id);
    // Followers and commanders name their hero: on one side, one hero of a name.
    for side in [Side(0), Side(1)] {
        let mut names: Vec<&str> = Vec::new();
        let fielded: BTreeSet<&str> = units.iter().filter(|u| u.side == side).map(|u| u.state.army.as_str()).collect();
        for army in armies.iter().filter(|a| fielded.contains(a.name.as_str())) {
            if let Some(h) = army.heroes.iter().find(|h| names.contains(&h.name.as_str())) {
                return Err(SetupError::new(Item::Scenario, "setup.units", format!("side {}'s armies both have a hero '{}': followers and commanders could not tell them apart", side.0, h.name)));
            }
            names.extend(army.heroes.iter().map(|h| h.name.as_str()));
        }
    }
    // The share lost (H-M9) counts from the units' whole strength, losses before the battle too.
    let pvt = |side: u8| {
        units
            .iter()
            .filter(|u| u.side == Side(side))
            .map(|u| u.state.pvt_at_start)
            .sum()
    };
    let global = Global {
        phase: Phase::Opening,
        drafts: [Vec::new(), Vec::new()],
        sealed: [false, false],
        engaged: BTreeSet::new(),
        pending: Vec::new(),
        rallies: [Vec::new(), Vec::new()],
        pursuits: Vec::new(),
        choosing: [Vec::new(), Vec::new()],
        turned: Vec::new(),
        deployment: part.deployment.then(|| Deployment {
            from: units.iter().filter_map(|u| Some(Placement { unit: u.id, hex: u.hex? })).collect(),
            standards: [0, 1].map(|s| units.iter().find(|u| u.side == Side(s) && u.state.standard).map(|u| u.id)),
        }),
        standard_lost: [false, false],
        commander_fell: [false, false],
        // Each unit reads its own (`UnitState.native`); the sides' stay in the state as before,
        // so that replays keep their hashes.
        native: [0, 1].map(|i| part.native.get(i).copied().unwrap_or_default()),
        commanders: [commander(&part, &units, &armies, 0)?, commander(&part, &units, &armies, 1)?],
        slices: [Vec::new(), Vec::new()],
        coward_penalty: part.coward_penalty,
        withdraw_option: part.withdraw_option,
        siege: siege_of(&part, &map)?,
        cowardice: [0, 0],
        start_pvt: [pvt(0), pvt(1)],
        outcome: None,
    };
    let battle: Battle<MassBattle> = Battle {
        map,
        sides,
        units,
        turn: 0,
        active: Side(0),
        last_turn: s.turns,
        global,
    };
    if battle.global.deployment.is_some() {
        let zones = [Side(0), Side(1)].map(|s| super::deployment::zone(&battle, s));
        // The zones never meet: a hex one side may take would tell it where the other's units went.
        if let Some(h) = zones[1].iter().find(|h| zones[0].contains(h)) {
            return Err(SetupError::new(
                Item::Scenario,
                "setup.deployment",
                format!("both sides' deployment zones hold {} (H-M10): give each side its own Deployment regions, or a map with room between its rows", Offset::from_hex(*h)),
            ));
        }
        // Each unit starts where it may deploy (H-M10): the scenario's layout is its side's default.
        for u in &battle.units {
            let Some(hex) = u.hex.filter(|h| !super::deployment::fixed(&u.state) && !zones[u.side.index()].contains(h)) else { continue };
            return Err(SetupError::new(
                Item::Unit(part.units.iter().position(|x| x.id == u.id.0).unwrap_or_default()),
                "at",
                format!("{} is outside side {}'s deployment zone (H-M10: its Deployment regions, else the {} rows along its edge; the besieged within their walls)", Offset::from_hex(hex), u.side.0, tables().house.deployment_rows),
            ));
        }
    }
    Ok(battle)
}
