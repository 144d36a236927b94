//! A Swordpoint battle from a scenario: the ruleset's own part of the file (`setup:` — units with
//! their profiles, bases and frontage, commanders with their ranks, the momentum pools), read and
//! checked against the unit table, then the opening state.

use super::Swordpoint;
use super::data::{CommanderRank, Profile, tables};
use super::state::{Commander, Global, Phase, Sheet, Switches, UnitState};
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{Direction, Ground, HexMap, Offset};
use crate::scenario::{Item, Placed, Scenario, SetupError, check_placements};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// Swordpoint's part of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    pub units: Vec<UnitSpec>,
    #[serde(default)]
    pub commanders: Vec<CommanderSpec>,
    /// Each side's momentum pool at the start, `(side 0, side 1)`; defaults to the table's
    /// starting pool for both (H-8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub momentum: Option<(u8, u8)>,
    /// House-rule switches (`docs/rules/swordpoint.md`, "Switches"): R-3's other reading, an
    /// enemy within 8" and a larger one add up on a rally test (+1 and +2) ...
    #[serde(default)]
    pub rally_enemies_add_up: bool,
    /// ... and H-28 off: a flight begun in the declarations may rally before it runs.
    #[serde(default = "yes")]
    pub flight_before_rally: bool,
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: u32,
    pub side: u8,
    /// A profile of the army lists the scenario names (`armies/swordpoint-ancient-medieval.ron`
    /// when it names none).
    pub profile: String,
    pub at: Offset,
    /// Defaults to facing away from the side's own edge, toward the enemy (H-24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Defaults to the profile's default number of bases (H-1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bases: Option<u8>,
    /// Bases in the first rank; defaults to the profile's frontage (no wider than the unit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frontage: Option<u8>,
    /// The state it starts in (`docs/armies.md`): figures already lost, ...
    #[serde(default, skip_serializing_if = "crate::scenario::is_default")]
    pub lost: u8,
    /// ... its markers: demoralised (SP:L16, L28), broken and fleeing (H-6: demoralised too),
    /// disorganised after a pursuit (SP5.22, H-13).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub demoralised: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fleeing: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disorganised: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderSpec {
    pub id: u32,
    pub side: u8,
    pub name: String,
    /// `army-general` (at most one a side) or `commander`.
    pub rank: String,
    /// The unit of his side he is attached to (H-22).
    pub unit: u32,
}

const RANKS: &str = "army-general, commander";

fn parse_rank(rank: &str) -> Option<CommanderRank> {
    match rank {
        "army-general" => Some(CommanderRank::ArmyGeneral),
        "commander" => Some(CommanderRank::Commander),
        _ => None,
    }
}

/// A river is impassable except where a road bridges it (H-23), so no unit can stand there.
fn impassable(map: &HexMap, at: Offset) -> bool {
    let t = map.at(at.to_hex());
    t.ground == Ground::River && !t.road
}

/// The profile's index in the battle's table, or an error listing the known names.
fn profile_index(i: usize, name: &str, profiles: &[Arc<Profile>]) -> Result<u16, SetupError> {
    profiles.iter().position(|p| p.name == name).and_then(|index| u16::try_from(index).ok()).ok_or_else(|| {
        let known: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
        SetupError::new(Item::Unit(i), "profile", format!("unknown profile '{name}'; known: {}", known.join(", ")))
    })
}

/// Bases within the profile's range (H-1), and a frontage of 1 to the unit's bases that leaves it
/// at most `max_ranks` deep (H-1, A.3.2).
fn bases_and_frontage(i: usize, spec: &UnitSpec, p: &Profile) -> Result<(u8, u8), SetupError> {
    let bases = spec.bases.unwrap_or(p.bases.default);
    if !(p.bases.min..=p.bases.max).contains(&bases) {
        return Err(SetupError::new(Item::Unit(i), "bases", format!("{bases} bases; {} takes {} to {}", p.name, p.bases.min, p.bases.max)));
    }
    let frontage = spec.frontage.unwrap_or(p.frontage.min(bases));
    if frontage == 0 || frontage > bases {
        return Err(SetupError::new(Item::Unit(i), "frontage", format!("{frontage} bases a rank; it must be 1 to the unit's {bases} bases")));
    }
    let max_ranks = tables().units.max_ranks;
    let ranks = bases.div_ceil(frontage);
    if ranks > max_ranks {
        return Err(SetupError::new(
            Item::Unit(i),
            "frontage",
            format!("{bases} bases {frontage} a rank make {ranks} ranks; at most {max_ranks} (H-1): take a frontage of at least {}", bases.div_ceil(max_ranks.max(1))),
        ));
    }
    Ok((bases, frontage))
}

fn unit_of(i: usize, spec: &UnitSpec, map: &HexMap, sides: &[SideInfo; 2], profiles: &[Arc<Profile>]) -> Result<Unit<UnitState>, SetupError> {
    let profile = profile_index(i, &spec.profile, profiles)?;
    let p = &profiles[usize::from(profile)];
    let (bases, frontage) = bases_and_frontage(i, spec, p)?;
    if impassable(map, spec.at) {
        return Err(SetupError::new(Item::Unit(i), "at", format!("{} is {}, impassable without a bridge (H-23)", spec.at, map.at(spec.at.to_hex()).describe())));
    }
    let side = Side(spec.side);
    let mut state = UnitState::deployed(profile, p.clone(), bases, frontage);
    started(i, spec, &mut state)?;
    Ok(Unit {
        id: UnitId(spec.id),
        side,
        hex: Some(spec.at.to_hex()),
        facing: spec.facing.unwrap_or(sides[side.index()].edge.facing_away()),
        state,
    })
}

/// The state a unit starts in beyond its deployment, as play could leave it: figures lost off its
/// rear (fewer than it has), and its markers, a fleeing unit demoralised too (H-6).
fn started(i: usize, spec: &UnitSpec, state: &mut UnitState) -> Result<(), SetupError> {
    if spec.lost >= state.figures {
        return Err(SetupError::new(Item::Unit(i), "lost", format!("{}: figures lost, fewer than its {} (with none left it is off the table, H-1)", spec.lost, state.figures)));
    }
    if spec.fleeing && !spec.demoralised {
        return Err(SetupError::new(Item::Unit(i), "fleeing", "a broken unit flees demoralised (H-6): write `demoralised: true` too".to_string()));
    }
    state.figures -= spec.lost;
    state.demoralised = spec.demoralised;
    state.fleeing = spec.fleeing;
    state.disorganised = spec.disorganised;
    Ok(())
}

/// Commander ids unique, a known rank, attached to a unit of his own side (H-22), and at most one
/// army general a side.
fn commanders_of(part: &Part) -> Result<Vec<Commander>, SetupError> {
    let mut ids = HashSet::new();
    let mut generals = [false; 2];
    let mut out = Vec::new();
    for (i, c) in part.commanders.iter().enumerate() {
        if !ids.insert(c.id) {
            return Err(SetupError::new(Item::Listed("commanders", i), "id", format!("commander id {} used twice", c.id)));
        }
        let rank = parse_rank(&c.rank).ok_or_else(|| SetupError::new(Item::Listed("commanders", i), "rank", format!("unknown rank '{}'; known: {RANKS}", c.rank)))?;
        match part.units.iter().find(|u| u.id == c.unit) {
            None => return Err(SetupError::new(Item::Listed("commanders", i), "unit", format!("no unit {}", c.unit))),
            Some(u) if u.side != c.side => {
                return Err(SetupError::new(Item::Listed("commanders", i), "unit", format!("unit {} is not on side {}", c.unit, c.side)));
            }
            Some(_) => {}
        }
        let side = Side(c.side);
        if rank == CommanderRank::ArmyGeneral {
            if generals[side.index()] {
                return Err(SetupError::new(Item::Listed("commanders", i), "rank", format!("side {} already has an army general", c.side)));
            }
            generals[side.index()] = true;
        }
        out.push(Commander { id: c.id, side, name: c.name.clone(), rank, unit: Some(UnitId(c.unit)), rode: false });
    }
    out.sort_by_key(|c| c.id);
    Ok(out)
}

/// The starting pools (H-8), no larger than the cap.
fn momentum_of(part: &Part) -> Result<[u8; 2], SetupError> {
    let t = &tables().momentum;
    let pools = part.momentum.map_or([t.start, t.start], |(a, b)| [a, b]);
    if let Some(side) = pools.iter().position(|p| *p > t.cap) {
        return Err(SetupError::new(Item::Scenario, "setup.momentum", format!("side {side} starts with {} points; the pool holds at most {} (H-8)", pools[side], t.cap)));
    }
    Ok(pools)
}

/// The profiles of the army lists the scenario names: the bundled lists' table, read once, when
/// it names just them.
pub(super) fn profiles_of(s: &Scenario) -> Result<Vec<Arc<Profile>>, SetupError> {
    let t = tables();
    let lists = crate::army::of(s)?;
    if crate::army::just_bundled(&lists, <Swordpoint as crate::battle::Ruleset>::NAME) {
        return Ok(t.units.profiles.clone());
    }
    super::army::profiles(&lists, &t.units.profiles, &super::army::Rules { defence: &t.defence, max_ranks: t.units.max_ranks })
}

pub fn setup(s: &Scenario) -> Result<Battle<Swordpoint>, SetupError> {
    let part: Part = s.setup.read()?;
    let map = Arc::new(s.build_map()?);
    check_placements(&map, part.units.iter().map(|u| Placed { id: u.id, side: u.side, at: u.at }), false)?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let profiles = profiles_of(s)?;
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        units.push(unit_of(i, spec, &map, &sides, &profiles)?);
    }
    units.sort_by_key(|u| u.id);
    let commanders = commanders_of(&part)?;
    let momentum = momentum_of(&part)?;
    let strength = |side: Side| units.iter().filter(|u| u.side == side).map(|u| u.state.start_strength()).sum::<u32>();
    let global = Global {
        phase: Phase::Initial,
        initiative: Side(s.first_side),
        momentum,
        commanders,
        combats: Vec::new(),
        next_combat: 1,
        sheets: [Sheet::default(), Sheet::default()],
        charges: Vec::new(),
        disengaging: Vec::new(),
        fled_in_declarations: Vec::new(),
        switches: Switches { rally_enemies_add_up: part.rally_enemies_add_up, flight_before_rally: part.flight_before_rally },
        agenda: Vec::new(),
        general_fell: [None, None],
        general_fell_last_turn: [None, None],
        stage: 0,
        returning: Vec::new(),
        pursuits: Vec::new(),
        start_strength: [strength(Side(0)), strength(Side(1))],
        outcome: None,
    };
    let battle = Battle { map, sides, units, turn: 0, active: Side(s.first_side), last_turn: s.turns, global };
    // A side that has lost half its strength has lost the battle (H-25): play never starts a turn so.
    if let Some(side) = Side::BOTH.into_iter().find(|s| super::turn::lost_percent(&battle, *s) >= 50) {
        return Err(SetupError::new(Item::Scenario, "setup.units", format!("side {} starts with {}% of its strength lost (figures lost, fleeing): at half, the battle is over (H-25)", side.0, super::turn::lost_percent(&battle, side))));
    }
    Ok(battle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Setup, find_bundled};

    fn hastings() -> Scenario {
        find_bundled("swordpoint-hastings-skirmish").expect("the bundled skirmish")
    }

    fn with_part(mut s: Scenario, change: impl FnOnce(&mut Part)) -> Scenario {
        let mut part: Part = s.setup.read().expect("the bundled part reads");
        change(&mut part);
        s.setup = Setup::of(&part);
        s
    }

    fn refused(s: Scenario) -> (Item, &'static str, String) {
        let e = setup(&s).err().expect("a setup error");
        (e.item, e.field, e.message)
    }

    /// `s` with the ground of `(column, row)` replaced by `token`.
    fn with_ground(mut s: Scenario, column: usize, row: usize, token: &str) -> Scenario {
        let tokens: Vec<String> = s.map.rows[row].split_whitespace().enumerate().map(|(c, t)| if c == column { token.to_string() } else { t.to_string() }).collect();
        s.map.rows[row] = tokens.join(" ");
        s
    }

    #[test]
    fn the_bundled_scenarios_set_up_with_the_profiles_defaults() {
        let b = setup(&hastings()).expect("the skirmish sets up");
        assert_eq!(b.units.len(), 9);
        assert_eq!(b.global.start_strength, [96, 144], "H-2: 2 knights of 4 bases 16, warriors 32, archers 32; 2 huscarls 24, 2 warriors 32, archers 32");
        assert_eq!(b.global.momentum, [5, 5], "H-8: the table's starting pool");
        assert_eq!((b.global.phase, b.turn, b.last_turn), (Phase::Initial, 0, 8));
        let knights = b.unit(UnitId(1)).expect("the Breton knights");
        assert_eq!((knights.state.figures, knights.state.start_bases, knights.state.frontage, knights.state.ranks()), (8, 4, 3, 2), "H-1: 4 bases of 2 figures, the profile's 3 a rank");
        assert_eq!(knights.facing, Direction::N, "away from the south edge");
        assert_eq!(b.global.general(Side(1)).and_then(|g| g.unit), Some(UnitId(11)), "Harold with his huscarls");
        let b = setup(&find_bundled("swordpoint-heraclea").expect("the bundled Heraclea")).expect("Heraclea sets up");
        let elephant = b.unit(UnitId(27)).expect("an elephant");
        assert_eq!((elephant.state.figures, elephant.state.strength()), (8, 16), "H-3: 2 bases of 4 casualty points, 8 SP a base");
        assert_eq!(b.global.start_strength, [264, 260]);
        assert_eq!(b.global.commanders.len(), 6);
    }

    #[test]
    fn every_refusal_names_its_item_and_field() {
        let (item, field, message) = refused(with_part(hastings(), |p| p.units[0].profile = "archerz".into()));
        assert_eq!((item, field), (Item::Unit(0), "profile"));
        assert!(message.contains("known: hearthguard, legionaries"), "{message}");
        let (item, field, _) = refused(with_part(hastings(), |p| p.units[0].bases = Some(7)));
        assert_eq!((item, field), (Item::Unit(0), "bases"), "knights take 4 to 6 bases");
        let (item, field, message) = refused(with_part(hastings(), |p| {
            p.units[3].bases = Some(12);
            p.units[3].frontage = Some(3);
        }));
        assert_eq!((item, field), (Item::Unit(3), "frontage"), "12 archers 3 a rank would stand 4 deep: {message}");
        let (item, field, _) = refused(with_part(hastings(), |p| p.units[0].frontage = Some(0)));
        assert_eq!((item, field), (Item::Unit(0), "frontage"));
        let (item, field, _) = refused(with_part(hastings(), |p| p.commanders[3].rank = "army-general".into()));
        assert_eq!((item, field), (Item::Listed("commanders", 3), "rank"), "a second army general for the English");
        let (item, field, _) = refused(with_part(hastings(), |p| p.commanders[0].unit = 11));
        assert_eq!((item, field), (Item::Listed("commanders", 0), "unit"), "William with an English unit");
        let (item, field, _) = refused(with_part(hastings(), |p| p.momentum = Some((5, 13))));
        assert_eq!((item, field), (Item::Scenario, "setup.momentum"), "over the cap of 12");
    }

    #[test]
    fn a_river_is_no_place_to_stand_but_a_bridge_is() {
        let (item, field, _) = refused(with_ground(hastings(), 3, 8, "w"));
        assert_eq!((item, field), (Item::Unit(0), "at"), "H-23: the knights at (3, 8)");
        assert!(setup(&with_ground(hastings(), 3, 8, "w=")).is_ok());
    }
}
