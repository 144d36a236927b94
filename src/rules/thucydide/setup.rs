//! A Thucydide battle from a scenario: the ruleset's own part of the file (`setup:` — order
//! tokens, units with their profiles and starting state, leaders with their ranks), read and
//! checked against the profiles of the army lists it names, then the opening state.

use super::Thucydide;
use super::army::PANICKED_ELEPHANT;
use super::data::{Rank, index_of, tables};
use super::movement;
use super::state::{Global, Leader, Phase, UnitState};
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{Direction, Offset};
use crate::scenario::{Item, Placed, Scenario, SetupError, check_placements};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::sync::Arc;

/// Thucydide's part of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Order tokens each side holds at the start, as a pair `(side 0, side 1)` (capped by the
    /// terrain table's maximum).
    #[serde(default)]
    pub order_tokens: [u8; 2],
    pub units: Vec<UnitSpec>,
    #[serde(default)]
    pub leaders: Vec<LeaderSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: u32,
    pub side: u8,
    /// A profile of the army lists the scenario names (`armies/thucydide-antiquity.ron` when it
    /// names none).
    pub profile: String,
    pub at: Offset,
    /// Elements left, for a battle already under way; defaults to the profile's full strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u8>,
    /// Defaults to facing away from the side's own edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderSpec {
    pub id: u32,
    pub side: u8,
    pub name: String,
    /// `commander-in-chief`, `sub-general`, `historical` or `senior-officer`.
    pub rank: String,
    /// The unit the leader stands with.
    pub unit: u32,
}

/// Leader ids unique, each with a unit of its own side.
fn check_leaders(part: &Part) -> Result<(), SetupError> {
    let mut ids = HashSet::new();
    for (i, l) in part.leaders.iter().enumerate() {
        if !ids.insert(l.id) {
            return Err(SetupError::new(Item::Listed("leaders", i), "id", format!("leader id {} used twice", l.id)));
        }
        match part.units.iter().find(|u| u.id == l.unit) {
            None => return Err(SetupError::new(Item::Listed("leaders", i), "unit", format!("no unit {}", l.unit))),
            Some(u) if u.side != l.side => {
                return Err(SetupError::new(Item::Listed("leaders", i), "unit", format!("unit {} is not on side {}", l.unit, l.side)));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The profiles of the army lists the scenario names: the bundled table, read once, when it names
/// just the bundled lists.
pub(super) fn profiles_of(s: &Scenario) -> Result<Vec<Arc<super::data::Profile>>, SetupError> {
    let t = tables();
    let lists = crate::army::of(s)?;
    if crate::army::just_bundled(&lists, <Thucydide as crate::battle::Ruleset>::NAME) {
        return Ok(t.profiles.clone());
    }
    super::army::profiles(&lists, &t.profiles, &t.rules_own)
}

pub fn setup(s: &Scenario) -> Result<Battle<Thucydide>, SetupError> {
    let part: Part = s.setup.read()?;
    let map = Arc::new(s.build_map()?);
    check_placements(&map, part.units.iter().map(|u| Placed { id: u.id, side: u.side, at: u.at }), false)?;
    check_leaders(&part)?;
    let t = tables();
    let profiles = profiles_of(s)?;
    let sides = [0, 1].map(|i| SideInfo::of(&s.sides[i]));
    let mut units = Vec::new();
    for (i, spec) in part.units.iter().enumerate() {
        let profile = index_of(&profiles, &spec.profile).ok_or_else(|| {
            let known: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
            SetupError::new(Item::Unit(i), "profile", format!("unknown profile '{}'; known: {}", spec.profile, known.join(", ")))
        })?;
        let p = &profiles[usize::from(profile)];
        let strength = spec.strength.unwrap_or(p.strength);
        if strength == 0 || strength > p.strength {
            return Err(SetupError::new(Item::Unit(i), "strength", format!("{} must be 1..={} for {}", strength, p.strength, p.name)));
        }
        let side = Side(spec.side);
        let hex = spec.at.to_hex();
        if movement::impassable_for(&map, p.mobility(), hex) {
            return Err(SetupError::new(Item::Unit(i), "at", format!("{} cannot stand on {} at {}", p.name, map.at(hex).token(), spec.at)));
        }
        units.push(Unit {
            id: UnitId(spec.id),
            side,
            hex: Some(hex),
            facing: spec.facing.unwrap_or(sides[side.index()].edge.facing_away()),
            state: UnitState {
                profile,
                kind: p.clone(),
                strength,
                full_strength: p.strength,
                activated: false,
                moved: None,
                fought: false,
                panicked: p.name == PANICKED_ELEPHANT,
                original: true,
            },
        });
    }
    units.sort_by_key(|u| u.id);
    let mut leaders = Vec::new();
    for (i, l) in part.leaders.iter().enumerate() {
        let rank = Rank::parse(&l.rank).ok_or_else(|| {
            SetupError::new(Item::Listed("leaders", i), "rank", format!("unknown rank '{}'; known: commander-in-chief, sub-general, historical, senior-officer", l.rank))
        })?;
        leaders.push(Leader {
            id: l.id,
            side: Side(l.side),
            name: l.name.clone(),
            rank,
            unit: Some(UnitId(l.unit)),
        });
    }
    for side in Side::BOTH {
        let chiefs = leaders.iter().filter(|l| l.side == side && l.rank == Rank::CommanderInChief).count();
        if chiefs > 1 {
            return Err(SetupError::new(Item::Scenario, "setup.leaders", format!("side {} has {chiefs} commanders-in-chief", side.0)));
        }
    }
    let count = |side: Side| units.iter().filter(|u| u.side == side).count() as u32;
    let elements = |side: Side| units.iter().filter(|u| u.side == side).map(|u| u32::from(u.state.strength)).sum::<u32>();
    let global = Global {
        profiles: std::sync::Arc::new(profiles),
        phase: Phase::Movement,
        order_tokens: part.order_tokens.map(|n| n.min(t.terrain.max_order_tokens)),
        start_units: [count(Side(0)), count(Side(1))],
        start_elements: [elements(Side(0)), elements(Side(1))],
        leaders,
        agenda: Vec::new(),
        skip_turn: [false; 2],
        first_side: Side(s.first_side),
        outcome: None,
    };
    Ok(Battle {
        map,
        sides,
        units,
        turn: 0,
        active: Side(s.first_side),
        last_turn: s.turns,
        global,
    })
}
